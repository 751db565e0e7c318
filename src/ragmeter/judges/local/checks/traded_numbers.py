"""Two numbers of one passage sentence told each with the other's words.

"Shareholders on the register at the close of business on 14 June receive the dividend, payable
on 10 May." where the passage says "payable on 14 June to shareholders on the register at the
close of business on 10 May": every word and number is the passage's, so overlap, vectors and the
small verifier call it supported, and the number checks find no number the passage lacks
(number_slots.py) nor one told with the words of another sentence (number_slots.number_moved).
A reader sees the two dates traded.

Each number written in digits is read with the words just before it (LEFT content words, up to
a mark, a bound such as "over" or "between", or another number). Flagged where a premise
sentence states the claim's number X with words the claim does not give it, and states another
number Y of the same kind (a year for a year, a day of a month for a day of a month) with two
or more of the words that the claim gives X, no premise sentence states X with any of them, and
the claim tells Y too, with words but none of those the sentence gives Y (both numbers moved: "20
mg daily, up from 10 mg daily" is a change told the other way, not a trade). A date is its day,
month and year together.
"""

from __future__ import annotations

from typing import Iterable

from ....text.segments import content_set, memo_short
from .number_slots import BOUNDS, DIGITS, MONTHS, PIECE
from .quantities import value_kind

LEFT = 3  # content words read before a number
SHARED = 2  # of them the other number's words must share
_STOPS = BOUNDS | frozenset(("and", "or", "from", "about", "around", "per", "each", "every", "till", "versus", "vs",
                             "against", "compared", "while", "whereas"))
_LIST = frozenset(("and", "or", ",", "&"))

Told = tuple[str, str, frozenset[str]]  # kind, value, the stems of the words before it


@memo_short
def told_numbers(text: str) -> tuple[Told, ...]:
    """Each number in digits of the text with its kind and the content words just before it. A
    day before a month and year is the year's ("14 July 1789" tells 1789 with the words before
    14); a number after "and", "or" or a comma that follow a number is told with that one's words
    ("for Python 3.7 and 3.8")."""
    pieces = PIECE.findall(text)
    found: list[Told] = []
    told: dict[int, frozenset[str]] = {}
    for k, piece in enumerate(pieces):
        if not DIGITS.fullmatch(piece):
            continue
        after = pieces[k + 1].lower() if k + 1 < len(pieces) else ""
        before = pieces[k - 1].lower() if k else ""
        if "-" in (before, after) or "–" in (before, after):
            continue  # a range's end
        j = k - 1
        if before in MONTHS:
            j -= 2 if k > 1 and DIGITS.fullmatch(pieces[k - 2]) else 1
        if j > 0 and pieces[j].lower() in _LIST and DIGITS.fullmatch(pieces[j - 1]) and j - 1 in told:
            words = told[j - 1]
        else:
            words = _words_before(pieces, j)
        told[k] = words
        if after in MONTHS and k + 2 < len(pieces) and DIGITS.fullmatch(pieces[k + 2]):
            continue  # the day of a date with a year: the year is told
        value = piece.replace(",", "")
        if after in MONTHS or before in MONTHS:  # a date is its day, month and year together
            day = pieces[k - 2] if before in MONTHS and k > 1 and DIGITS.fullmatch(pieces[k - 2]) else ""
            found.append(("date", " ".join(filter(None, (day, before if before in MONTHS else after, value))), words))
        else:
            found.append((value_kind(value), value, words))
    return tuple(found)


def _words_before(pieces: list[str], j: int) -> frozenset[str]:
    words: list[str] = []
    while j >= 0 and len(words) < LEFT:
        word = pieces[j]
        if DIGITS.fullmatch(word) or not word[:1].isalnum() or word.lower() in _STOPS:
            break
        words.extend(content_set(word))
        j -= 1
    return frozenset(words)


def numbers_traded(claim: str, sentences: Iterable[str]) -> float:
    """1.0 when the claim tells a number of a premise sentence with the words that sentence gives
    another number of the same kind, and no premise sentence gives the number any of them."""
    in_claim = told_numbers(claim)
    told = [t for t in in_claim if len(t[2]) >= SHARED]
    if not told:
        return 0.0
    read = [told_numbers(s) for s in sentences]
    claim_words = {v: w for _, v, w in in_claim}
    for kind, value, words in told:
        own = [w for found in read for k, v, w in found if v == value]
        if not own or any(w & words for w in own):
            continue
        for found in read:
            if not any(v == value for _, v, _ in found):
                continue
            for k, other, w in found:
                # the other number is in the claim too, told with words that are not its own
                # ("20 mg daily, up from 10 mg daily" tells 10 with none: a change, not a trade)
                if k == kind and other != value and len(w & words) >= SHARED and claim_words.get(other) \
                        and not claim_words[other] & w:
                    return 1.0
    return 0.0
