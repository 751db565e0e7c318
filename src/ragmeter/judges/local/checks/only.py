"""A claim about all, where the passage says only some.

"All three models in the series support Bluetooth audio streaming." where the passage says "Only
the Pro model supports Bluetooth audio streaming"; "Most of the 23 islands are permanently
inhabited." where "Only four of them are permanently inhabited". The claim repeats what the
passage says of a few and says it of all or most; every word but the quantifier is in the
passage, and the small verifier reads the two as one.

The claim says "all", "every", "each", "both", "most" or "always" and no "only" or negation; the
premise statement that best covers its other content words (at least MIN_COVERAGE of them)
restricts its subject with "only" (not "if only", "only if", "the only"; a negated statement,
"not only" among them, is the negation check's) and says none of the claim's quantifiers.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from ....text.segments import best_covering, content_set, memo_short, negated, tokens
from .substitution import statements

MIN_COVERAGE = 0.6  # of the claim's content words but its quantifier, in the premise statement
UNIVERSAL = frozenset("all every each both most always".split())
_ONLY = re.compile(r"\bonly\b", re.I)
# ("not only" is a negation, which the check leaves to the negation check)
_NOT_RESTRICTING = re.compile(r"\bif\s+only\b|\bonly\s+if\b|\bthe\s+only\b|\bonly\s+just\b", re.I)


@memo_short
def _content(text: str) -> frozenset[str]:
    return content_set(text) - UNIVERSAL - {"only"}


def _restricts(statement: str) -> bool:
    return bool(_ONLY.search(statement)) and not _NOT_RESTRICTING.search(statement)


def only_some(claim: str, sentences: Iterable[str]) -> float:
    """1.0 when the claim says of all or most what the premise statement it copies says of
    "only" some (module docstring), else 0.0."""
    said = set(tokens(claim))
    if not said & UNIVERSAL or "only" in said or negated(claim):
        return 0.0
    parts = [part for sentence in sentences for part in statements(sentence)]
    best, cover = best_covering(_content(claim), parts, _content)
    if best is None or cover < MIN_COVERAGE or negated(best):
        return 0.0
    return float(_restricts(best) and not set(tokens(best)) & said & UNIVERSAL)
