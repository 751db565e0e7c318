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

from ....text.segments import best_covering, content_set, negated, split_clauses
from ....text.words import STOPWORDS, tokens

MIN_COVERAGE = 0.75  # of the clause's content words, in the premise sentence read against it
_NONE_OF = re.compile(r"\bno\s+(?!longer\b|more\b|later\b|earlier\b|less\b|fewer\b|sooner\b)((?:[\w-]+\s+){0,2}[\w-]+)",
                      re.I)
_SAID_BEFORE = frozenset("a an some any the one has have had charges requires includes".split())


def _says_some(clause: list[str], words: list[str]) -> bool:
    """Whether the clause says every one of the words, the first after an article or a verb of having."""
    if not words or not all(w in clause for w in words):
        return False
    at = clause.index(words[0])
    return at > 0 and clause[at - 1] in _SAID_BEFORE


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
        if best is None or share < MIN_COVERAGE:
            continue
        for found in _NONE_OF.finditer(best):
            if _says_some(clause, [w for w in tokens(found.group(1)) if w not in STOPWORDS]):
                return 1.0
    return 0.0
