"""A comparison that its own numbers contradict.

"Class A shares have the lower expense ratio: 0.85%, against 0.55% for Class I"; "Eco uses more
energy than Quick 45', 0.85 kWh against 1.1 kWh per cycle". The passage states both numbers,
and the claim copies them, so every word but the comparative is supported; but whichever way
the passage words it, a claim whose comparative goes against its own numbers cannot be what it
says: read the numbers, and the comparison is false.

Read only in one strict form, because a comparative is easily about something else than the
two numbers beside it: a comparative ("higher", "more", "cheaper", ...), then a colon, comma
or bracket, then at once the first number (after at most "about", "only" and such), its unit,
and "against", "vs", "versus" or "compared with" the second: "the lower expense ratio: 0.85%,
against 0.55% for Class I". The comparative says which way the first goes against the second.
Not read:

- a first number with words of its own before the second ("8% in the treatment group versus
  15% with placebo": the comparative may be about the second), or words between the mark and
  the first number ("more efficient, using 0.85 kWh against 1.1 kWh");
- "more" or "less" before an adjective or adverb ("more affordable", "more slowly": smaller
  may be better), a comparative far from the numbers or with another number between, a bound
  ("more than 10"), a name ("higher education", "Greater London"), a sentence with a negation;
- numbers of different kinds (percentages, one currency, the same unit word; a number with a
  scale word, "1.2 million", only against one with the same scale), a negative number, a
  decimal comma, the end of a range ("15-69%").
"""

from __future__ import annotations

import re
from decimal import Decimal, InvalidOperation

from ....text.segments import memo_short, negated, split_sentences

_UP = r"more\s+expensive|more|higher|greater|larger|bigger|longer|heavier|taller|costlier|pricier"
_DOWN = r"less\s+expensive|less|lower|fewer|smaller|shorter|lighter|cheaper"
# not a comparison of the two numbers: a bound ("more than 10"), a name ("Greater London",
# "higher education"), "more"/"less" before an adjective or adverb ("more affordable", "more slowly")
_NOT_COMPARED = (r"(?!\s+than\s+(?:about\s+|half\b|[$€£]?\d)"
                 r"|\s+(?:education|court|house|chamber|london|manchester|or\s+less|and\s+less)\b)")
_COMPARATIVE = re.compile(rf"\b(?:(?P<down>{_DOWN})|(?P<up>{_UP}))\b{_NOT_COMPARED}", re.I)
_DESCRIBING = re.compile(r"\s+(?:\w+(?:ly|able|ible|ive|ent|ant|ous|ful|ic|al|ure|ate|ile)|common|often|likely)\b",
                         re.I)
_NUMBER = (r"(?P<cur{k}>[$€£])?(?P<num{k}>\d+(?:,\d{{3}})*(?:\.\d+)?)(?![,.]?\d)"
           r"(?:\s?(?P<unit{k}>%|°\s?[CF]\b|(?:square\s+|cubic\s+)?(?!(?:a|an|per)\b)[A-Za-z]+\b))?")
_HEDGE = r"(?:(?:about|around|roughly|approximately|only|just|nearly|almost|some)\s+)?"
# the mark, the first number with its unit (and "a month", "per year"), the word that sets it against the second
# a scale's unit ("2.17 million square kilometres"); the second side's owner ("against Australia's 7.7 million")
_SCALED_UNIT = r"(?:(?:(?<=million)|(?<=billion)|(?<=thousand))\s+(?:square\s+|cubic\s+)?[a-z]+)?"
_OWNER = r"(?:(?:(?-i:[A-Z])[\w-]*\s+){0,2}(?-i:[A-Z])[\w-]*['’]s\s+)?"
_SET_AGAINST = re.compile(r"[:,(]\s*" + _HEDGE + _NUMBER.format(k=1) + _SCALED_UNIT + r"(?:\s+(?:a|an|per)\s+\w+)?"
                          r"\s*,?\s+(?:against|vs\.?|versus|compared\s+(?:with|to))\s+" + _OWNER + _HEDGE
                          + _NUMBER.format(k=2), re.I)
_SCALES = frozenset("thousand million billion trillion bn m k".split())
_NOT_UNITS = frozenset("a an the and or of for in on at to per from with by as is was are were than against vs "
                       "versus compared".split())
NEAR = 60  # characters: a comparative further before the mark is about something else


def _kind(match: re.Match, k: int) -> tuple[str, str]:
    """(currency, unit) of the k-th number of the match, lower-cased; '' where absent."""
    unit = (match.group(f"unit{k}") or "").lower().replace(" ", "")
    return (match.group(f"cur{k}") or "", "" if unit in _NOT_UNITS else unit)


def _same_kind(a: tuple[str, str], b: tuple[str, str]) -> bool:
    if a[0] != b[0] or (a[1] in _SCALES or b[1] in _SCALES) and a[1] != b[1]:
        return False
    return (a[1] == b[1] or not a[1] or not b[1]) and bool(a[0] or a[1] or b[1])


def _value(match: re.Match, k: int) -> Decimal | None:
    try:
        return Decimal(match.group(f"num{k}").replace(",", ""))
    except InvalidOperation:
        return None


def _plain_number(sentence: str, match: re.Match, k: int) -> bool:
    """Not a negative number, a decimal comma ("3,5%") or the end of a range ("15-69%")."""
    if k == 1 and match.start() and sentence[match.start() - 1].isdigit():
        return False  # the mark is a decimal comma: "3,5%"
    start = match.start(f"cur{k}") if match.group(f"cur{k}") else match.start(f"num{k}")
    before = sentence[max(0, start - 3):start]
    return not re.search(r"[-−–]\s?$|\d\s?(?:-|–|--|to)\s?$", before) and not re.fullmatch(
        r"\d+,\d{1,2}", match.group(f"num{k}"))


def _set_against(sentence: str) -> bool:
    """A comparative just before 'N1 against N2' going against the two numbers."""
    for pair in _SET_AGAINST.finditer(sentence):
        first, second = _value(pair, 1), _value(pair, 2)
        if first is None or second is None or first == second:
            continue
        if not (_same_kind(_kind(pair, 1), _kind(pair, 2)) and _plain_number(sentence, pair, 1)
                and _plain_number(sentence, pair, 2)):
            continue
        found = [m for m in _COMPARATIVE.finditer(sentence) if pair.start() - NEAR <= m.start() < pair.start()]
        if not found:
            continue
        nearest = found[-1]
        between = sentence[nearest.end():pair.start()]
        if re.search(r"\d\s?(?:%|[A-Za-z])", between) or (nearest.group().lower() in ("more", "less")
                                                           and _DESCRIBING.match(sentence, nearest.end())):
            continue  # another quantity between, or "more affordable"
        way = 1 if nearest.group("up") else -1
        if way * (first - second) < 0:
            return True
    return False


@memo_short
def contradicts_itself(claim: str) -> bool:
    """Whether a sentence of the claim sets a comparative against its own numbers."""
    if not _COMPARATIVE.search(claim) or not re.search(r"\d", claim):
        return False
    return any(not negated(s) and _set_against(s) for s in split_sentences(claim) or [claim])


def comparison_flip(claim: str) -> float:
    """1.0 when the claim's comparative goes against its own numbers (see the module's docstring)."""
    return float(contradicts_itself(claim))
