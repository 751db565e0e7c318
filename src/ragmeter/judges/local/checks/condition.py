"""A clause joined by a condition, said the other way: negated where the passage's is not, or
not negated where the passage's is.

"We will ship a replacement at no cost once you return the damaged unit." where the passage says
"You do not need to return the damaged unit."; "Shipping charges are refunded unless the item
arrived damaged." where "Shipping charges are not refunded unless the item arrived damaged."
The clause-level negation check (negation.py) reads the claim's clause whole, and the words a
condition adds keep the premise clause from covering 70% of it. Here the claim's clauses and
the premise sentences' are also cut where a conditional or temporal word joins two clauses
(once, until, unless, if, when, whenever, provided that, as long as; not "after", "before",
"because", "since", which join phrases as often: "before and during filming", "because of").

Flagged where one such part of the claim, of three content words or more, has all its words (by
stem) in one part of a premise sentence, which has few more (the claim's part holds at least 60%
of its words: in a longer part the "not" may be another clause's), and one of the two is negated
and the other is not (negation.negation_flip). Not read: "not ... until" and "not ... before"
("was not widened until 1904" says it was widened in 1904), a clause with "only" before its
condition ("apply only if ...", "you only need to return it if asked": "not unless asked") or
an "even if", the same in a premise sentence, a premise part with "or not" ("whether or not"),
and questions. A joining word may also open the clause ("Once you return it, ...").

On the dev and train claims (`python benchmarks/slot_check.py --check condition`) 9 of 15,721
flagged, none supported; on the contrast files 3 worse answers and no better one.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache

from ....text.segments import content_and_negation, split_clauses
from .negation import Clause, negation_flip

MIN_WORDS = 3  # content words of the claim's part
MIN_SHARE = 0.6  # of the premise part's content words, in the claim's part
_JOINS = r"(?:once|until|unless|if|when|whenever|provided\s+that|as\s+long\s+as)"
_JOIN = re.compile(rf"(?:^|\s+){_JOINS}\s+", re.IGNORECASE)  # mid-clause, or opening it ("Once you ...,")
# "apply only if", "you only need to return it if asked" (= "not unless asked"), "even if"
_HELD = re.compile(rf"\bonly\b.*\b{_JOINS}\b|\beven\s+{_JOINS}\b", re.IGNORECASE)
_OR_NOT = re.compile(r"\bor\s+not\b", re.IGNORECASE)
_NOT_UNTIL = re.compile(r"(?:\bnot\b|\bnever\b|n['’]t\b).*\b(?:until|before)\b", re.IGNORECASE)


def _parts(text: str) -> list[str]:
    return [p for clause in split_clauses(text) for p in _JOIN.split(clause) if p and p.strip()]


@lru_cache(maxsize=256)  # the premise sentences of the last answers read, as deed.py's
def _premise_parts(sentences: tuple[str, ...]) -> list[Clause]:
    """The parts of the premise sentences, read for their negation; "whether or not" denies nothing,
    and a sentence with "not ... until" is left out as the claim's is."""
    return [content_and_negation(p) for s in sentences if not _NOT_UNTIL.search(s) for p in _parts(s)
            if not _OR_NOT.search(p)]


def condition_flip(claim: str, sentences: Sequence[str]) -> float:
    """1.0 when a part of the claim that a subordinating word sets apart is said the other way
    (negated or not) by a part of a premise sentence that holds all its content words."""
    if claim.rstrip().endswith("?"):
        return 0.0
    clauses = [c for c in split_clauses(claim) if _JOIN.search(c) and not _HELD.search(c) and not _NOT_UNTIL.search(c)]
    if not clauses:
        return 0.0
    premise = _premise_parts(tuple(sentences))
    for clause in clauses:
        for part in _JOIN.split(clause):
            read = content_and_negation(part)
            if len(read[0]) < MIN_WORDS:
                continue
            # a premise part about as long as the claim's: in a longer one the negation may be another's
            close = [p for p in premise if read[0] <= p[0] and len(read[0]) >= MIN_SHARE * len(p[0])]
            if close and negation_flip(read, close, min_coverage=1.0):
                return 1.0
    return 0.0
