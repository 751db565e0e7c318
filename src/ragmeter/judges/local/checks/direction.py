"""Which way a statement says something moved: up ("rose", "increased", "higher") or down
("fell", "declined", "lower").

"Revenue fell 15% in 2023" against "revenue ... in 2023, up 15% from 2022" shares every word
but the one that matters, so word overlap and sentence vectors call it supported (0.87 before
this check; on the support dev sets the check finds one such claim, in Factcheck-GPT, not
supported, and flags no supported one). Like a negation, a change of direction is read in the
premise sentence that best covers the claim, and only where that sentence goes one way and the
claim the other; a sentence that says both ("sales rose while profits fell") decides nothing.
"""

from __future__ import annotations

import re
from typing import Iterable

from ....text.segments import best_covering, content_set, memo_short, negated

_UP = (r"increas\w*|ris(?:e|es|en|ing)|rose|gr[eo]w(?:s|n|ing)?|growth|gain(?:s|ed)?|climb\w*|jump(?:s|ed)?"
       r"|surg(?:e|es|ed|ing)|soar\w*|boost(?:s|ed)?|rais(?:e|es|ed|ing)|higher|greater|more|expand\w*"
       r"|up(?=\s+(?:by\s+)?[$€£]?\d)")
_DOWN = (r"decreas\w*|declin\w*|fall(?:s|en|ing)?|fell|drop(?:s|ped|ping)?|reduc\w*|shr[iau]nk\w*|dipped"
         r"|plung\w*|slump\w*|lower(?:ed|s)?|less|fewer|smaller|cut(?:s)?|down(?=\s+(?:by\s+)?[$€£]?\d)")
_WORD_UP = re.compile(rf"\b(?:{_UP})\b", re.I)
_WORD_DOWN = re.compile(rf"\b(?:{_DOWN})\b", re.I)
# the words that carry a direction leave the coverage that finds the claim's sentence
_EITHER = re.compile(rf"\b(?:{_UP}|{_DOWN})\b", re.I)
MIN_COVERAGE = 0.6  # of the claim's other content words, in the premise sentence


@memo_short
def direction(text: str) -> int:
    """+1 if the text only says up, -1 if only down, 0 if neither or both."""
    up, down = bool(_WORD_UP.search(text)), bool(_WORD_DOWN.search(text))
    return int(up) - int(down)


@memo_short
def _other_words(text: str) -> frozenset[str]:
    """The text's content words but those that carry a direction."""
    return content_set(_EITHER.sub(" ", text))


def direction_flip(claim: str, sentences: Iterable[str], min_coverage: float = MIN_COVERAGE) -> float:
    """1.0 when the premise sentence that best covers the claim's words (its direction words
    aside; at least ``min_coverage`` of them) says the other way than the claim. A negation on
    either side is left to the negation check ("did not rise" may well be "fell")."""
    way = direction(claim)
    if not way or negated(claim):
        return 0.0
    best, best_cov = best_covering(_other_words(claim), sentences, _other_words)
    return float(best is not None and best_cov >= min_coverage and direction(best) == -way and not negated(best))
