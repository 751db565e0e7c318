"""Two numbers set against each other, each given to the other's side.

"Gold's deductible is larger, $2,000 a year compared with $500 for Silver." where the passage
says "the Gold deductible is lower: $500 per year instead of Silver's $2,000"; "Drug B did,
cutting LDL by 38% against 24% for Drug A" where Drug A lowered it by 38%. The comparative
agrees with the claim's own numbers (comparison.py reads nothing wrong), and the numbers, the
names and the comparative are all in the passage: only which number belongs to which side
tells the claim from the passage.

The claim is read for "<N> ... against | versus | compared with | instead of <M> for <B>" (or
"... against <B>'s <M>"): N belongs to the side before it (A), M to B. The sides are named by
their own words (compared_values.sides); the premise sentences give each side its numbers
(compared_values.side_numbers). Flagged where the passage gives M to A and N to B, and neither
N to A nor M to B.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from decimal import Decimal, InvalidOperation

from ....text.segments import content_set, negated, split_sentences
from ....text.spelled import counts_as_digits
from .compared_values import CLAUSE, side_numbers, sides

_VALUE = r"[$€£]?\s?(?P<{k}>\d{{1,3}}(?:,\d{{3}})+(?:\.\d+)?|\d+(?:\.\d+)?)"
_HEDGE = r"(?:(?:about|around|roughly|approximately|up\s+to|only|just|nearly|almost|some)\s+)?"
_AGAINST = re.compile(
    _VALUE.format(k="n1") + r"(?:\s?%|\s+[a-z]+){0,4}?\s*,?\s+(?:against|vs\.?|versus|compared\s+(?:with|to)|instead\s+of)\s+"
    r"(?:the\s+)?(?P<owner>(?:(?-i:[A-Z])[\w-]*\s+){0,2}(?-i:[A-Z])[\w-]*['’]s\s+|(?:[a-z][\w-]*\s+){0,2}[a-z][\w-]*['’]s\s+)?"
    + _HEDGE + _VALUE.format(k="n2")
    + r"(?:\s?%|\s+(?![Ff]or\b)[a-z]+)?(?:\s+(?:for|at|in|on|with)\s+(?P<other>[^,;.]+))?", re.I)


def _number(text: str) -> Decimal | None:
    try:
        return Decimal(text.replace(",", ""))
    except InvalidOperation:
        return None


def _apart(named: tuple[frozenset[str], frozenset[str]], premises: list[str]) -> tuple[frozenset[str], frozenset[str]]:
    """Each side's words less those a premise clause says beside a word of the other side: in
    "an oral contract: six years, against three for a written one", "contract" names no side
    where the passage says "a written contract is six years" (a side left with none keeps all).
    Clauses, not sentences: "... the Argenta dressing had an infection rate of 2 percent,
    compared with 5 percent for those given standard gauze" names each side in a clause of its own."""
    read = [content_set(c) for p in premises for c in CLAUSE.split(p)]
    a, b = named
    a = frozenset(w for w in a if not any(w in words and words & b for words in read)) or a
    b = frozenset(w for w in b if not any(w in words and words & a for words in read)) or b
    return a, b


def values_exchanged(claim: str, sentences: Iterable[str]) -> float:
    """1.0 when the premises give each of two numbers the claim sets against each other to the
    other side (module docstring), else 0.0. Counts in one word are read as digits ("six years,
    against three"; version 47)."""
    claim = counts_as_digits(claim)
    if not re.search(r"\b(?:against|vs|versus|compared|instead)\b", claim, re.I):
        return 0.0
    premises = [counts_as_digits(s) for s in sentences]
    for sentence in split_sentences(claim) or [claim]:
        if negated(sentence):
            continue
        for m in _AGAINST.finditer(sentence):
            before, other = sentence[:m.start()], m.group("owner") or m.group("other") or ""
            subject = re.split(r"[,:;]", before)[0]  # "Drug B did, cutting LDL by": Drug B's side
            named = sides(subject, other) or sides(before, other)
            first, second = _number(m.group("n1")), _number(m.group("n2"))
            if not named or first is None or second is None or first == second:
                continue
            named = _apart(named, premises)
            given: list[set[Decimal]] = [set(), set()]
            for premise in premises:
                for side, _, value in side_numbers(premise, named, bounds=True):
                    given[side].add(value)
            if second in given[0] and first in given[1] and first not in given[0] and second not in given[1]:
                return 1.0
    return 0.0
