"""A comparison that its own numbers contradict.

"Class A shares have the lower expense ratio: 0.85%, against 0.55% for Class I"; "Eco uses more
energy than Quick 45', 0.85 kWh against 1.1 kWh per cycle"; "the match is higher in your first
five years, up to 4% of salary, and lower after that, up to 6%". The passage states both numbers,
and the claim copies them, so every word but the comparative is supported; but whichever way
the passage words it, a claim whose comparative goes against its own numbers cannot be what it
says: read the numbers, and the comparison is false.

Read in one sentence of the claim:

- a comparative ("higher", "more", "cheaper", ...) followed by two numbers of one kind set
  against each other ("N1 against N2", "N1 vs N2", "N1 compared with N2"): the comparative says
  which way the first goes against the second; the nearest comparative up to NEAR characters
  before the first number counts, and a first number that ends a range ("15-69%") is not read;
- or two comparatives going opposite ways, each with one number of the same kind after it in its
  clause ("higher ..., up to 4%, and lower ..., up to 6%").

Numbers of one kind: both percentages, both sums in one currency, or with the same unit word
after them (a number without a unit takes the other's). Comparatives whose way depends on the
scale ("faster", "better", "earlier") are not read.
"""

from __future__ import annotations

import re
from decimal import Decimal, InvalidOperation

from ....text.segments import memo_short

_UP = r"more|higher|greater|larger|bigger|longer|heavier|taller|costlier|pricier|more\s+expensive"
_DOWN = r"less|lower|fewer|smaller|shorter|lighter|cheaper|less\s+expensive"
# not a comparison: a bound ("more than 10"), a name ("Greater London", "higher education")
_NOT_COMPARED = (r"(?!\s+than\s+(?:about\s+)?[$€£]?\d"
                 r"|\s+(?:education|court|house|chamber|london|manchester|or\s+less|and\s+less)\b)")
_COMPARATIVE = re.compile(rf"\b(?:(?P<down>{_DOWN})|(?P<up>{_UP}))\b{_NOT_COMPARED}", re.I)
_NUMBER = r"(?P<cur{k}>[$€£])?\s?(?P<num{k}>\d+(?:,\d{{3}})*(?:\.\d+)?)\s?(?P<unit{k}>%|°\s?[CF]\b|[A-Za-z]+\b)?"
_SET_AGAINST = re.compile(_NUMBER.format(k=1) + r"[^\d$€£.;]{0,40}?\b(?:against|vs\.?|versus|compared\s+(?:with|to))"
                          r"\s+(?:about\s+|around\s+|roughly\s+|only\s+|just\s+)?" + _NUMBER.format(k=2), re.I)
_ONE_NUMBER = re.compile(_NUMBER.format(k=1))
_RANGE_END = re.compile(r"(?:\d\s?(?:-|–|--|to)\s?|[-–])$")  # "15--69%": a range, not one number
NEAR = 60  # characters: a comparative further before the first number is about something else
_CLAUSE_END = re.compile(r",\s+(?:and|but|while|whereas)\b|;|\.(?:\s|$)")
# unit words that are no unit: what follows a number in running text
_NOT_UNITS = frozenset("a an the and or of for in on at to per from with by as is was are were than against vs "
                       "versus compared".split())


def _kind(match: re.Match, k: int) -> tuple[str, str]:
    """(currency, unit) of the k-th number of the match, lower-cased; '' where absent."""
    unit = (match.group(f"unit{k}") or "").lower().replace(" ", "")
    return (match.group(f"cur{k}") or "", "" if unit in _NOT_UNITS else unit)


def _same_kind(a: tuple[str, str], b: tuple[str, str]) -> bool:
    return a[0] == b[0] and (a[1] == b[1] or not a[1] or not b[1]) and bool(a[0] or a[1] or b[1])


def _value(match: re.Match, k: int) -> Decimal | None:
    try:
        return Decimal(match.group(f"num{k}").replace(",", ""))
    except InvalidOperation:
        return None


def _way(match: re.Match) -> int:
    return 1 if match.group("up") else -1


def _set_against(sentence: str) -> bool:
    """A comparative before 'N1 against N2' going against the two numbers."""
    for pair in _SET_AGAINST.finditer(sentence):
        before = list(_COMPARATIVE.finditer(sentence, max(0, pair.start() - NEAR), pair.start()))
        first, second = _value(pair, 1), _value(pair, 2)
        if not before or first is None or second is None or first == second or _RANGE_END.search(sentence[:pair.start()]):
            continue
        if _same_kind(_kind(pair, 1), _kind(pair, 2)) and _way(before[-1]) * (first - second) < 0:
            return True
    return False


def _opposite_clauses(sentence: str) -> bool:
    """Two comparatives going opposite ways, each with one number of one kind in its clause,
    the 'up' one's number below the 'down' one's."""
    found: list[tuple[int, Decimal, tuple[str, str]]] = []
    for comparative in _COMPARATIVE.finditer(sentence):
        end = _CLAUSE_END.search(sentence, comparative.end())
        clause = sentence[comparative.end():end.start() if end else len(sentence)]
        numbers = list(_ONE_NUMBER.finditer(clause))
        if len(numbers) == 1 and (value := _value(numbers[0], 1)) is not None:
            found.append((_way(comparative), value, _kind(numbers[0], 1)))
    ups = [(v, k) for way, v, k in found if way > 0]
    downs = [(v, k) for way, v, k in found if way < 0]
    return len(ups) == 1 and len(downs) == 1 and _same_kind(ups[0][1], downs[0][1]) and ups[0][0] < downs[0][0]


@memo_short
def contradicts_itself(claim: str) -> bool:
    """Whether a sentence of the claim sets a comparative against its own numbers."""
    if not _COMPARATIVE.search(claim) or not re.search(r"\d", claim):
        return False
    return any(_set_against(s) or _opposite_clauses(s) for s in re.split(r"(?<=[.!?])\s+", claim))


def comparison_flip(claim: str) -> float:
    """1.0 when the claim's comparative goes against its own numbers (see the module's docstring)."""
    return float(contradicts_itself(claim))
