"""A thing the passage says there is none of, said to be there.

"There's a monthly maintenance fee" where the passage says "The Flex account has no monthly
maintenance fee". The negation check does not read "no" (it negates a noun, which a true claim
often says in another frame: "no fee" and "free"), and the claim is too short a copy of the
sentence for the changed-slot check; word overlap and the verifier call it supported.

Each clause of the claim (of at least 2 content words) is read against the premise sentence
that covers most of its content words (at least 75%). The claim is flagged where that sentence
says "no <X>" (up to three words), the clause says every content word of X, the first of them
after "a", "an", "some", "any", "the", "one" or a verb of having ("has", "charges", "requires",
"includes"), and the clause has no negation of its own (segments.negated: not, no, never,
none, without, "n't", ...). Not read: "no longer", "no more than", "no later than" (bounds and
times, not absence).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ....text.segments import best_covering, content_set, coverage, negated, split_clauses
from ....text.words import STOPWORDS, tokens

MIN_COVERAGE = 0.75  # of the clause's content words, in the premise sentence read against it
_NONE_OF = re.compile(r"\bno\s+(?!longer\b|more\b|later\b|earlier\b|less\b|fewer\b|sooner\b)((?:[\w-]+\s+){0,2}[\w-]+)",
                      re.I)
_SAID_BEFORE = frozenset("a an some any the one has have had charges requires includes several many multiple "
                         "numerous various two three four five few".split())
# "a couple of permanent rivers", "a number of exemptions": a count of X, said through "of"
_COUNT_OF = frozenset("couple handful number pair lot lots dozen dozens".split())


def _says_some(clause: list[str], words: list[str]) -> bool:
    """Whether the clause says every one of the words, the first after an article or a verb of having."""
    if not words or not all(w in clause for w in words):
        return False
    at = clause.index(words[0])
    return at > 0 and (clause[at - 1] in _SAID_BEFORE or (clause[at - 1] == "of" and at > 1 and clause[at - 2] in _COUNT_OF))


def none_said_some(claim: str, sentences: Sequence[str]) -> float:
    """1.0 when a clause of the claim says there is what its premise sentence says there is none
    of (the module's docstring), else 0.0."""
    for part in split_clauses(claim) or [claim]:
        words = content_set(part)
        if len(words) < 2:
            continue
        if negated(part):
            continue
        clause = tokens(part)
        best, share = best_covering(words, sentences, content_set)
        if best is not None and share >= MIN_COVERAGE and _denied_here(best, clause):
            return 1.0
        # a clause that joins the premise's "no X" to what other sentences say ("Corrowen relies on
        # a couple of permanent rivers along with seasonal streams" where "The island of Corrowen
        # has no permanent rivers; freshwater comes mainly from seasonal streams"): read against
        # each premise clause with "no X" of which it says nearly every content word
        if any(_denied_here(part_of, clause, sentence) for sentence in sentences if _NONE_OF.search(sentence)
               for part_of in split_clauses(sentence)
               if len(said := content_set(part_of)) >= CLAUSE_WORDS and coverage(said, words) >= MIN_COVERAGE):
            return 1.0
    return 0.0


CLAUSE_WORDS = 3  # content words of a premise clause with "no X" read against a claim clause that says most of them


def _denied_here(premise: str, clause: list[str], sentence: str | None = None) -> bool:
    """Does the premise text say "no X" of an X the clause says there is, where its sentence does
    not say there is X too ("Two witnesses must sign, except that a holographic will ... needs no
    witnesses")?"""
    said = tokens(sentence or premise)
    return any(_says_some(clause, named) and not _says_some(said, named)
               for named in (_named(found.group(1)) for found in _NONE_OF.finditer(premise)))


def _named(phrase: str) -> list[str]:
    """The content words of X in "no X", up to an "or" ("No bridge or tunnel crosses": neither)."""
    words = tokens(phrase)
    words = words[:words.index("or")] if "or" in words else words
    return [w for w in words if w not in STOPWORDS]
