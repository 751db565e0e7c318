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
from typing import Iterable, Sequence

from ....text.segments import STOPWORDS, best_covering, content_set, memo_short, negated, split_clauses, stem, tokens

_UP = (r"increas\w*|ris(?:e|es|en|ing)|rose|gr[eo]w(?:s|n|ing)?|growth|gain(?:s|ed)?|climb\w*|jump(?:s|ed)?"
       r"|surg(?:e|es|ed|ing)|soar\w*|boost(?:s|ed)?|rais(?:e|es|ed|ing)|higher|greater|more|expand\w*"
       r"|up(?=\s+(?:by\s+)?[$€£]?\d)|widen\w*|accelerat\w*|sped\s+up|speeds?\s+up|speeding\s+up|(?:speeds?|sped|speeding)\s+(?:it|them)\s+up"
       r"|(?:go|goes|going|gone|went)\s+up")
_DOWN = (r"decreas\w*|declin\w*|fall(?:s|en|ing)?|fell|drop(?:s|ped|ping)?|reduc\w*|shr[iau]nk\w*|dipped"
         r"|plung\w*|slump\w*|lower(?:ed|s)?|less|fewer|smaller|cut(?:s)?|down(?=\s+(?:by\s+)?[$€£]?\d)"
         r"|narrow(?:s|ed|ing)|decelerat\w*|slow(?:s|ed|ing)?(?:\s+(?:it|them))?\s+down|slow(?:s|ed|ing)|(?:go|goes|going|gone|went)\s+down")
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
    either side is left to the negation check ("did not rise" may well be "fell"), and two
    comparisons with "than" to the comparison checks: "B is slower than A" where "A is faster
    than B" turns the sides round, not the direction (version 36)."""
    sentences = list(sentences)
    if _flip(claim, sentences, min_coverage):
        return 1.0
    # a claim that joins clauses, read clause by clause: "It raised the variable rate as of June 1,
    # while fixed rates stayed the same." where "... lowered its variable mortgage rate ...,
    # effective June 1. Fixed-rate mortgages were unchanged." (whole, no sentence covers it)
    # (only where the whole claim goes one way: "It focuses on increasing efficiency, reducing costs")
    parts = split_clauses(claim) if not NOT_ASSERTED.search(claim) else []
    return float(len(parts) > 1 and direction(claim) != 0 and any(len(_part_words(part)) >= PART_WORDS
                                                                  and _flip(part, sentences, 1.0, _part_words) for part in parts))


PART_WORDS = 3  # content words besides the direction word in a clause read alone, all in the premise sentence
# but for adverbs of manner, which tell how it moved, not what: "its level has been climbing
# steadily since the 1970s because of upstream irrigation" where "Its water level has been
# declining since the 1970s because of upstream irrigation withdrawals"
_MANNER = re.compile(r"\b(?:steadily|sharply|slightly|rapidly|quickly|slowly|gradually|significantly|dramatically"
                     r"|considerably|substantially|markedly|modestly|moderately|marginally|noticeably|strongly|greatly"
                     r"|consistently|continuously|swiftly|abruptly|drastically|somewhat|further)\b", re.I)
# a claim whose clauses are not each asserted: a condition, a supposition, "neither ... nor", a
# question (its clauses are not read alone here nor by opposites.py)
NOT_ASSERTED = re.compile(r"\?|\b(?:if|unless|whether|neither|nor|assume[sd]?|suppos\w+|believe[sd]?|think|thinks|"
                           r"would|otherwise)\b", re.I)


@memo_short
def _part_words(text: str) -> frozenset[str]:
    return _other_words(_MANNER.sub(" ", text))


def _flip(claim: str, sentences: list[str], min_coverage: float, read=_other_words) -> bool:
    way = direction(claim)
    if not way or negated(claim):
        return False
    best, best_cov = best_covering(read(claim), sentences, _other_words)
    if best is not None and "than" in tokens(claim) and "than" in tokens(best):
        return False  # "B is slower than A" where "A is faster than B": the comparison checks' to read
    return best is not None and best_cov >= min_coverage and direction(best) == -way and not negated(best)


# Which way each thing moved: "the prices of existing bonds rise" against "interest rates rise,
# the prices of existing bonds fall" (the sentence says both ways, so direction() decides
# nothing), "accept lower wages" against "demand higher wages". Read clause by clause: a
# comparative before a content word moves that word ("lower wages"); any other direction word
# moves the content word before it ("bonds fall", "water rises") and the one after it, its object
# ("lowers CPU load"). Comparisons ("higher than") are the comparison checks'.
_COMPARATIVES = frozenset("higher lower greater smaller more less fewer".split())
_TOKEN_UP, _TOKEN_DOWN = re.compile(_UP, re.I), re.compile(_DOWN, re.I)
_LOOK_BACK = 3  # words before a direction word in which to find what moved
# a pronoun before a direction word is what moved ("you reduce the stress"): no word of the text is
_PRONOUNS = frozenset("i you he she it we they which who that this these those".split())


def _way(text: str) -> int:
    """+1 if the text is a word of going up, -1 of going down, else 0."""
    return 1 if _TOKEN_UP.fullmatch(text) else -1 if _TOKEN_DOWN.fullmatch(text) else 0


UNNAMED = ""  # what moved, where a pronoun names it


@memo_short
def moves(text: str) -> frozenset[tuple[str, int]]:
    """(stem of a word that moved, +1 up or -1 down) for each direction word of the text, read
    within its clause (segments.split_clauses); UNNAMED for a pronoun a verb moved ("to lower it")."""
    found = set()
    for part in split_clauses(text):
        words = tokens(part)
        for k, word in enumerate(words):
            way, two = _way(word), False
            if not way:
                way, two = _way(" ".join(words[k:k + 2])), True  # "sped up"
            if not way:
                continue
            following = words[k + 1] if k + 1 < len(words) else ""
            if word in _COMPARATIVES and following and following not in STOPWORDS and not _EITHER.fullmatch(following):
                found.add((stem(following), way))
                continue
            for back in range(k - 1, max(-1, k - 1 - _LOOK_BACK), -1):
                if words[back] in _PRONOUNS:
                    break
                if words[back] not in STOPWORDS and not _EITHER.fullmatch(words[back]):
                    found.add((stem(words[back]), way))
                    break
            # what a verb moves ("lowers CPU load", "increases the risk"): the next content word
            for ahead in range(k + (2 if two else 1), min(len(words), k + 2 + _LOOK_BACK)):
                if words[ahead] in _PRONOUNS:  # "to lower it"
                    found.add((UNNAMED, way))
                    break
                if words[ahead] not in STOPWORDS and not _EITHER.fullmatch(words[ahead]):
                    found.add((stem(words[ahead]), way))
                    break
    return frozenset(found)


def moved_otherwise(claim: str, sentences: Iterable[str], min_coverage: float = MIN_COVERAGE) -> float:
    """1.0 when the premise sentence that best covers the claim's words (direction words aside;
    at least ``min_coverage``) moves a word only the other way than the claim moves it; neither
    negated, neither a comparison with "than". A claim that joins clauses is read clause by clause
    too, as direction_flip reads it: "Metoprolol speeds up the heart rate while reducing how
    forcefully the heart contracts" where "... slows the heart rate and reduces the force ..."."""
    sentences = list(sentences)
    if _moved_otherwise(claim, sentences, min_coverage):
        return 1.0
    parts = split_clauses(claim) if not NOT_ASSERTED.search(claim) else []
    return float(len(parts) > 1 and any(len(_part_words(part)) >= PART_WORDS
                                        and _moved_otherwise(part, sentences, 1.0, _part_words) for part in parts))


def _moved_otherwise(claim: str, sentences: Sequence[str], min_coverage: float, read=_other_words) -> bool:
    claimed = moves(claim)
    if not claimed or negated(claim) or "than" in tokens(claim):
        return False
    best, best_cov = best_covering(read(claim), sentences, _other_words)
    if best is None or best_cov < min_coverage or negated(best) or "than" in tokens(best):
        return False
    theirs = moves(best)
    # where the sentence moves a pronoun the claim's way, it may be the claim's word: "To raise the
    # set temperature, turn the dial clockwise; to lower it, turn it counterclockwise"
    return any(word != UNNAMED and (word, -way) in theirs and (word, way) not in theirs
               and (UNNAMED, way) not in theirs and (word, -way) not in claimed for word, way in claimed)
