"""A number or a month stated where the evidence states another for the same fact.

"Apollo 11 landed on the Moon on July 21, 1969." against "Apollo 11 landed on the Moon on July
20, 1969." differs in one token of ten; coverage and vectors called it supported (0.97), and
the share of the claim's numbers the evidence lacks (one in three) did not weigh enough. The
check reads the premise sentence that best covers the claim's words, numbers and months
aside: if it holds nearly all of them, states a number or month the claim does not, and the
claim states one (in digits, a count in words, or a month) that no premise has, even rounded
("about 50%" for 49.6% is the same number), the claim puts another value in the same place,
if the sentence's value is of the same kind (a year for a year). On the support dev sets it
fires on 48 Factcheck-GPT claim-evidence pairs, 3 of them labelled supported (21% of all pairs
are), and on the three evidence sets of one WiCE claim, supported by an inference ("this year"
under a date of 2019, where the sentence names 2018). Counts in words ("six FA Cups" where the
evidence says "five", "three times daily" for "twice daily") and the same-kind rule came in
judge version 10: 46 pairs and 4 supported before.
"""

from __future__ import annotations

import re
from decimal import ROUND_HALF_UP, Decimal, InvalidOperation
from functools import lru_cache
from typing import Iterable, Sequence, cast

from ....text.segments import NUMBER_WORD, best_covering, content_set, memo_short, numbers

# "may" is a month only before a day or year ("May 5", "May 1998"); otherwise a verb
_MONTH = re.compile(r"\b(?:january|february|march|april|june|july|august|september|october|november|december"
                    r"|may(?=\s+\d))\b", re.I)
MIN_COVERAGE = 0.7  # of the claim's words other than numbers and months, in the premise sentence


def rounds_to(stated: str, given: str) -> bool:
    """Whether the number ``given`` rounds to ``stated`` at the precision ``stated`` is written
    with: "50" for 49.6, "8000000" (8 million) for 8100000, "3.1" for 3.14; a year is exact. A
    rounding says a number less precisely than given and near it: "10" is not 5 (as precise, and
    twice as much) nor 14 (MAX_ROUNDING), "up to ten days" where the passage says five."""
    try:
        x, y = Decimal(stated), Decimal(given)
    except InvalidOperation:
        return stated == given
    if x == y:
        return True
    if x == x.to_integral_value():
        if 1000 <= x <= 2100:  # a year
            return False
        digits = str(abs(int(x)))
        unit = Decimal(10) ** (len(digits) - len(digits.rstrip("0")))
    else:
        unit = Decimal(1).scaleb(cast(int, x.as_tuple().exponent))  # finite: a whole number
    return (_significant(y) > _significant(x) and abs(x - y) <= MAX_ROUNDING * abs(y)
            and (y / unit).quantize(Decimal(1), rounding=ROUND_HALF_UP) * unit == x)


MAX_ROUNDING = Decimal("0.15")  # of the given number: "2 million" for 1.8 million, not "20" for 15


def _significant(value: Decimal) -> int:
    """Significant digits as written, trailing zeros of a whole number not counted (5 and 10: 1)."""
    digits = str(abs(value)).replace(".", "").lstrip("0")
    return len(digits.rstrip("0")) if "." not in str(value) else len(digits)


def value_kind(value: str) -> str:
    """"month", "year" (a whole number from 1000 to 2100) or "number"."""
    if value.isalpha():
        return "month"
    return "year" if value.isdigit() and 1000 <= int(value) <= 2100 else "number"


@memo_short
def _months(text: str) -> frozenset[str]:
    return frozenset(m.lower() for m in _MONTH.findall(text))


@memo_short
def _values(text: str) -> frozenset[str]:
    """The numbers and months the text states (a premise sentence is read for many claims)."""
    return numbers(text) | _months(text)


@memo_short
def _words(text: str) -> frozenset[str]:
    return frozenset(t for t in content_set(NUMBER_WORD.sub(" ", _MONTH.sub(" ", text))) if not t[:1].isdigit())


# words that state a number rarely: "one of the largest", "once a colony", "zero-emission"
_LOOSE_NUMBER_WORD = re.compile(r"\b(?:zero|one|once)\b", re.I)


@memo_short
def counted_numbers(text: str) -> frozenset[str]:
    """The numbers the text states in digits or as a count in words ("six FA Cups", "three
    times daily"); "one" and "once" are left out, being more often words than counts."""
    return numbers(_LOOSE_NUMBER_WORD.sub(" ", text))


def number_swap(claim: str, sentences: Iterable[str], premise_numbers: frozenset[str],
                min_coverage: float = MIN_COVERAGE) -> float:
    """1.0 when the claim states a number (counted_numbers), or a month, that no premise states,
    and the premise sentence that best covers its other words (at least ``min_coverage``)
    states another value of the same kind (a year for a year, a month for a month, any other
    number for any other number: "won two Nobel Prizes" is not contradicted by "in 1903")."""
    sentences = list(sentences)
    months = _months(claim)
    new_months = months - frozenset().union(*(_months(s) for s in sentences)) if months else frozenset()
    new_numbers = [x for x in counted_numbers(claim) - premise_numbers
                   if not any(rounds_to(x, y) for y in premise_numbers)]
    if not (new_numbers or new_months):
        return 0.0
    best, best_cov = best_covering(_words(claim), sentences, _words)
    if best is None or best_cov < min_coverage:
        return 0.0
    stated = {value_kind(x) for x in (*new_numbers, *new_months)}
    return float(any(value_kind(x) in stated for x in _values(best) - _values(claim)))


# numbers written in pieces: "40 , 000" (tokenised text), a decimal comma "99,9"
SCALE = {"thousand": 10**3, "million": 10**6, "billion": 10**9, "trillion": 10**12}
_DECIMAL_COMMA = re.compile(r"(?<![\w.,])\d+,\d{1,2}(?![\w,]*\d)")
_SPACED = re.compile(r"(?<![\w.,])\d{1,3}(?: ?, ?\d{3})*(?: , |, | ,)\d{3}(?![\w,]*\d)")


def split_numbers(sentences: Sequence[str]) -> set[str]:
    """Numbers that the premises write in pieces or otherwise, as words() writes them whole:
    tokenised text's "40 , 000" or "40, 000" (40000) and a decimal whose sentence was cut at its
    point, "102 . 5" (102.5: a sentence ending in a number, the next opening with digits); a
    decimal comma, "99,9" (99.9)."""
    out = {m.group().replace(" ", "").replace(",", "") for s in sentences for m in _SPACED.finditer(s)}
    out |= {m.group().replace(",", ".") for s in sentences for m in _DECIMAL_COMMA.finditer(s)}  # "99,9%"
    for first, second in zip(sentences, sentences[1:]):
        whole = re.search(r"(\d+)\s*\.?\s*$", first)
        part = re.match(r"\s*(\d+)\b(?:\s+(thousand|million|billion|trillion)\b)?", second, re.IGNORECASE)
        if whole and part:
            value = f"{whole.group(1)}.{part.group(1)}"
            out.add(value)
            if part.group(2):  # "1 . 1 million": 1100000
                out.add(format((Decimal(value) * SCALE[part.group(2).lower()]).normalize(), "f"))
    return out


@lru_cache(maxsize=1024)  # the premises of a sample are read for each of its claims
def split_numbers_of(sentences: tuple[str, ...]) -> frozenset[str]:
    """split_numbers of these sentences, remembered."""
    return frozenset(split_numbers(sentences))
