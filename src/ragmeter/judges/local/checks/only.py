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

all_said_of_some (version 43) reads "all X", "every X", "each X" where every mention of X in
the passage has "some", "certain", "a few" or "several" before it ("Some contractors ... may
also be asked to take the training"): the passage says it of some X and no more. A passage
that also names X bare ("Contractors must sign ...") may mean all of them, and is not read.
`python benchmarks/slot_check.py --check all_said_of_some`: 16 of 15,721 dev and train claims
flagged, none supported; no validate-only claim.
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


# "all contractors" where the passage speaks of contractors only as "some contractors" (version 43)
_ALL_OF = re.compile(r"\b(?:all|every|each)\s+(?:of\s+)?(?:the\s+|its\s+|their\s+|our\s+)?(?P<what>[a-z][\w-]*(?:\s+[a-z][\w-]*)?)",
                     re.I)
_SOME = re.compile(r"\b(?:some|certain|a\s+few|several)\s+(?:of\s+)?(?:the\s+|its\s+|their\s+)?(?:[\w-]+\s+)?$", re.I)


def all_said_of_some(claim: str, sentences: Iterable[str]) -> float:
    """1.0 when the claim says "all X" (every, each) and the passage names X only as "some X"
    (certain, a few, several), each time it names it: "All new hires and all contractors are
    required to complete it" where "Some contractors ... may also be asked to take the security
    training" is all the passage says of contractors (version 43)."""
    if negated(claim) or "only" in set(tokens(claim)):
        return 0.0
    sentences = list(sentences)
    for m in _ALL_OF.finditer(claim):
        for word in m["what"].split():
            stems = content_set(word)
            if not stems:
                continue
            mentions = [(sentence, k.start()) for sentence in sentences
                        for k in re.finditer(rf"\b{re.escape(word[:max(4, len(word) - 2)])}\w*", sentence, re.I)
                        if content_set(k.group()) == stems]
            if mentions and all(_SOME.search(sentence[max(0, at - 40):at]) for sentence, at in mentions):
                return 1.0
    return 0.0
