"""What a passage says one thing is: "The Hall of Mirrors is the central gallery of the Palace of
Versailles", "The Grand Hotel is located in downtown Chicago", "Vienna is the capital of Austria".

A claim that names the thing by the other name ("The Danube flows through Austria's capital."
where the premise says Vienna) changes no slot of the premise (substitution.py). Only a clause
"X is the Y [of Z]" or "X is located in Y" is read so, with at most IDENTITY_WORDS content words
a side, no number and no "from", "near", "than" or denial: "Skerry is 9 miles from West Bangor"
and "Tamsin Foods is a competitor of Orla Farms" say no such thing (read as any copula, the link
cost 10 catches of SQuAD near misses; version 49).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence

from ....text.segments import split_clauses
from .word_forms import word_tuple

IDENTITY_WORDS = 5  # content words of either side
_IDENTITY = re.compile(r"^(?P<a>.+?)\s+(?:is|was|are|were)\s+(?:(?P<the>the\s+(?P<head>.+?)(?:\s+(?:of|with|in|for)\s+.+)?)"
                       r"|(?P<place>(?:located|situated)\s+(?:in|at)\s+.+|in\s+.+))[.!]?$", re.IGNORECASE)
_NOT_SAME = re.compile(r"\d|\b(?:from|near|than|not|no)\b", re.IGNORECASE)

Identity = tuple[set[str], set[str], set[str]]  # the subject's words, the description's, its head's
Content = Callable[[Sequence[str]], set[str]]


def identities(sentences: Iterable[str], content: Content) -> list[Identity]:
    """Each clause of the sentences that says what or where something is, as (the subject's
    content words, the description's, the words the description must be named by: "capital"
    of "the capital of Austria"; none for a place)."""
    out = []
    for sentence in sentences:
        for clause in split_clauses(sentence):
            m = _IDENTITY.match(clause.strip())
            if m is None or _NOT_SAME.search(clause):
                continue
            a, b = content(word_tuple(m["a"])), content(word_tuple(m["the"] or m["place"]))
            if a and b and len(a) <= IDENTITY_WORDS and len(b) <= IDENTITY_WORDS:
                out.append((a, b, content(word_tuple(m["head"])) if m["the"] else set()))
    return out


def linked(found: Sequence[Identity], put: set[str], taken: set[str]) -> bool:
    """Does one of the identities say that what the claim names (put) is what the premise names
    (taken), the description named by its head?"""
    return bool(put and taken) and any((put <= a and taken <= b and head <= taken) or (taken <= a and put <= b and head <= put)
                                       for a, b, head in found)
