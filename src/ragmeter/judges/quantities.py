"""A number or a month stated where the evidence states another for the same fact.

"Apollo 11 landed on the Moon on July 21, 1969." against "Apollo 11 landed on the Moon on July
20, 1969." differs in one token of ten; coverage and vectors called it supported (0.97), and
the share of the claim's numbers the evidence lacks (one in three) did not weigh enough. The
check reads the premise sentence that best covers the claim's words, numbers and months
aside: if it holds nearly all of them, states a number or month the claim does not, and the
claim states one (in digits, or a month) that no premise has, even rounded ("about 50%" for
49.6% is the same number), the claim puts another value in the same place. On the support
dev sets it fires on 46 Factcheck-GPT claim-evidence pairs, 4 of them labelled supported (21%
of all pairs are), and on one WiCE claim, supported by an inference ("this year" under a
date of 2019, where the sentence names 2018).
"""

from __future__ import annotations

import re
from decimal import ROUND_HALF_UP, Decimal, InvalidOperation
from functools import lru_cache
from typing import Iterable

from .text import best_covering, content_set, digit_numbers, numbers

# "may" is a month only before a day or year ("May 5", "May 1998"); otherwise a verb
_MONTH = re.compile(r"\b(?:january|february|march|april|june|july|august|september|october|november|december"
                    r"|may(?=\s+\d))\b", re.I)
MIN_COVERAGE = 0.7  # of the claim's words other than numbers and months, in the premise sentence


def rounds_to(stated: str, given: str) -> bool:
    """Whether the number ``given`` rounds to ``stated`` at the precision ``stated`` is written
    with: "50" for 49.6, "8000000" (8 million) for 8100000, "3.1" for 3.14; a year is exact."""
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
        unit = Decimal(1).scaleb(x.as_tuple().exponent)
    return (y / unit).quantize(Decimal(1), rounding=ROUND_HALF_UP) * unit == x


@lru_cache(maxsize=65536)
def _months(text: str) -> frozenset[str]:
    return frozenset(m.lower() for m in _MONTH.findall(text))


@lru_cache(maxsize=65536)
def _values(text: str) -> frozenset[str]:
    """The numbers and months the text states (a premise sentence is read for many claims)."""
    return numbers(text) | _months(text)


@lru_cache(maxsize=65536)
def _words(text: str) -> frozenset[str]:
    return frozenset(t for t in content_set(_MONTH.sub(" ", text)) if not t[:1].isdigit())


def number_swap(claim: str, sentences: Iterable[str], premise_numbers: frozenset[str],
                min_coverage: float = MIN_COVERAGE) -> float:
    """1.0 when the claim states a number in digits, or a month, that no premise states, and the
    premise sentence that best covers its other words (at least ``min_coverage``) states a
    number or month the claim lacks."""
    sentences = list(sentences)
    months = _months(claim)
    new_months = months - frozenset().union(*(_months(s) for s in sentences)) if months else frozenset()
    new_numbers = [x for x in digit_numbers(claim) - premise_numbers
                   if not any(rounds_to(x, y) for y in premise_numbers)]
    if not (new_numbers or new_months):
        return 0.0
    best, best_cov = best_covering(_words(claim), sentences, _words)
    return float(best is not None and best_cov >= min_coverage and bool(_values(best) - _values(claim)))
