"""Two fillers of one slot that cannot both be true, whatever else the sentence says.

The changed-slot check (substitution.py) aligns a claim clause to the premise clause it copies
and looks at each slot the claim fills otherwise. Most changed slots are rewordings, so it
flags only what a rewording cannot be: another number, a name of the passage moved, a "not".
These are more such fillers, each one word or a short bound before a number that agrees:

- another unit of the same kind after the same number ("8 to 10 days" for "8 to 10 hours") or
  in the same rate ("600 requests per hour" for "per minute", "once a month" for "once a week";
  version 47);
- another ordinal ("a third withdrawal" for "a fourth");
- "on" for "off" and back ("while the router is switched off");
- a bound turned round before the same number ("at least $10,000" for "up to $10,000");
- another member of a closed set of values, where one thing has one value: a compass point
  ("18 kilometres to the east" for "to the west"), a multiple ("nearly triple the estimate"
  for "nearly double", "three times as long" for "double"), a side or position, a colour, a
  season or time of day, one side of a pair such as local / remote or before / after, one end
  of a scale ("the least recently used entries" for "the most recently used", "the lowest
  rate" for "the highest");
- a quantifier that claims more than the premise's: "all" or "most" where it says "most" or
  "some" ("works with all third-party hubs" for "most third-party hubs"), or "no" against any
  other. One way only: "some" where the premise says "all" is not flagged.

These two only where the claim's other changes move none of the premise clause's words: some
values are converse ("version 1 ... before version 2" is "version 2 ... after version 1") and
a list may be told in another order ("in the evening and in the morning"). Values that overlap
are one value or left out: "evening" and "night", "northeast" (which is north, and east).

A unit conversion ("24 hours" for "a day") changes the number too and is the number rule's to
judge; a bound said otherwise but the same way ("no more than" for "up to") is not flagged.
"""

from __future__ import annotations

from collections.abc import Sequence

from ....text.words import stem

# units of one kind per line; spellings of one unit joined by "/"
_UNITS = """
second/sec/secs minute/min/mins hour/hr/hrs day week/wk/wks month year/yr/yrs decade century
millimetre/millimeter/mm centimetre/centimeter/cm metre/meter/m kilometre/kilometer/km/kms inch foot/feet yard mile
milligram/mg gram/g kilogram/kg/kgs tonne/ton ounce/oz pound/lb/lbs
millilitre/milliliter/ml litre/liter/l gallon pint
"""
UNIT = {stem(spelling): (kind, unit) for kind, line in enumerate(_UNITS.split("\n")[1:-1])
        for unit, spellings in enumerate(line.split()) for spelling in spellings.split("/")}
# a unit after these is a rate or a count of one: "600 requests per minute", "once a week"
RATE = frozenset({"per", "every", "each", "a", "an"})
ORDINALS = {stem(w): k for k, w in enumerate(
    "first second third fourth fifth sixth seventh eighth ninth tenth eleventh twelfth".split(), start=1)}
ORDINALS.update({f"{k}{'th' if 10 <= k % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(k % 10, 'th')}": k
                 for k in range(1, 101)})


# one set per line, values of one set separated by "/", spellings of one value by spaces
_CLOSED_SETS = """
north northern / south southern / east eastern / west western
left / right
clockwise / anticlockwise counterclockwise
top / bottom / side / front / rear back
upper / lower
red / green / blue / yellow / orange / white / black / amber / purple / pink / grey gray / brown
spring / summer / autumn / winter
morning / afternoon / evening night overnight
before / after
earlier / later
local / remote
internal / external
inbound / outbound
upstream / downstream
most / least
highest / lowest
maximum / minimum
largest biggest / smallest
"""
CLOSED = {stem(spelling): (str(kind), value)
          for kind, line in enumerate(_CLOSED_SETS.strip().splitlines())
          for value, spellings in enumerate(line.split("/")) for spelling in spellings.split()}
# multiples, by how many times ("once" and "twice" are 1 and 2 in words(), as numbers)
MULTIPLES = {stem(w): float(m) for m, ws in ((2, "double doubled"), (3, "thrice triple tripled treble"),
                                             (4, "quadruple quadrupled"), (0.5, "half halved")) for w in ws.split()}
TIMES = stem("times")
_ARTICLES = frozenset(("the", "a", "an"))


def closed_value(span: Sequence[str]) -> tuple[str, object] | None:
    """(set, value) of a slot's filler from a closed set of values: one word of _CLOSED_SETS or a
    multiple ("triple", "3 times" as words() has "three times"); None for any other filler, a
    lone number too ("twice" is "2" in words(), as "two" and "2" are: it could be a count).
    Articles are not read ("the side" is "side")."""
    words = [w for w in span if w not in _ARTICLES]
    if len(words) == 2 and words[1] == TIMES and is_number(words[0]):
        return ("times", float(words[0]))
    if len(words) != 1:
        return None
    if words[0] in MULTIPLES:
        return ("times", MULTIPLES[words[0]])
    return CLOSED.get(words[0])


# how much of a group a quantifier claims, as words() has the words ("always" "alway", "some"
# "som"); "no" claims nothing. Not "none": words() writes it "non", as it writes "non-members"
_QUANTIFIERS = {"all": 4, "every": 4, "each": 4, "alway": 4, "most": 3, "majority": 3, "usual": 2, "many": 2,
                "often": 2, "som": 1, "several": 1, "few": 1, "sometim": 1, "occasional": 1, "rare": 1, "no": 0}


def _claims_more(said: Sequence[str], given: Sequence[str]) -> bool:
    """A quantifier said where the premise has one that claims less, "all" or "most" for
    "most" or "some" ("a few" is "few"); or "no" where the premise has another, and back."""
    ours, theirs = ([w for w in span if w not in _ARTICLES] for span in (said, given))
    if len(ours) != 1 or len(theirs) != 1 or ours[0] not in _QUANTIFIERS or theirs[0] not in _QUANTIFIERS:
        return False
    a, b = _QUANTIFIERS[ours[0]], _QUANTIFIERS[theirs[0]]
    return (a > b and a >= 3) or (a == 0) != (b == 0)


def _other_value(said: Sequence[str], given: Sequence[str]) -> bool:
    """Two fillers of one closed set with different values."""
    ours, theirs = closed_value(said), closed_value(given)
    return ours is not None and theirs is not None and ours[0] == theirs[0] and ours[1] != theirs[1]


def _stems(phrases: str) -> tuple[str, ...]:
    return tuple(" ".join(stem(w) for w in phrase.split()) for phrase in phrases.split(","))


# a lower bound and an upper one, as substitution.words() has them; the longer phrases first
_AT_LEAST = _stems("no less than,not less than,no fewer than,not fewer than,at least,more than,minimum of,"
                   "exceeding,or more,over,above")
_AT_MOST = _stems("no more than,not more than,up to,at most,less than,fewer than,maximum of,or less,or fewer,"
                  "within,under,below")
# "switched off" for "switched on": after these only, not "based off" for "based on"
_SWITCHED = frozenset(stem(w) for w in "switched turned is are was were stays remains kept left set powered".split())


def _bound(span: Sequence[str]) -> int:
    """+1 for a lower bound ("at least", "no less than"), -1 for an upper one ("up to", "not more
    than"), 0 for none or both."""
    text = f" {' '.join(span)} "
    found = 0
    for phrase, side in sorted([(b, 1) for b in _AT_LEAST] + [(b, -1) for b in _AT_MOST], key=lambda x: -len(x[0])):
        if f" {phrase} " in text:
            text = text.replace(f" {phrase} ", " | ")
            found |= 1 if side > 0 else 2
    return {1: 1, 2: -1}.get(found, 0)


def is_number(word: str) -> bool:
    """A word that is a number, as substitution.words() has it ("20000", "4.5")."""
    return word.replace(",", "").replace(".", "", 1).isdigit()


def rate_unit(said: Sequence[str], given: Sequence[str], before: Sequence[str]) -> bool:
    """Another unit of the same kind in the same rate: "600 requests per hour" for "per minute",
    "once a month" for "once a week" (version 47)."""
    return (len(said) == 1 and len(given) == 1 and bool(before) and before[-1] in RATE and said[0] in UNIT
            and given[0] in UNIT and UNIT[said[0]][0] == UNIT[given[0]][0] and UNIT[said[0]] != UNIT[given[0]])


def incompatible(said: Sequence[str], given: Sequence[str], before: Sequence[str], after: Sequence[str],
                 moved: bool = False, numbers_kept: bool = True) -> bool:
    """Whether the claim's filler (said) and the premise's (given) of one slot cannot both be
    true; before / after: the words either side of the slot that the claim and the premise
    share (up to two; empty at an end); moved: the claim's other changes put words of the premise
    clause in other places, where another value or quantifier may be the converse ("version 1
    ... before version 2") or a list reordered ("in the evening and in the morning"); numbers_kept:
    the claim changes no number, so that another unit in a rate is no conversion ("1,200 pages
    per hour" for "20 pages per minute")."""
    if rate_unit(said, given, before) and numbers_kept:
        return True
    if len(said) == 1 and len(given) == 1:
        a, b = said[0], given[0]
        if before and is_number(before[-1]) and a in UNIT and b in UNIT and UNIT[a][0] == UNIT[b][0] \
                and UNIT[a] != UNIT[b]:
            return True
        if a in ORDINALS and b in ORDINALS and ORDINALS[a] != ORDINALS[b]:
            return True
        if before and before[-1] in _SWITCHED and {a, b} == {"on", "off"}:
            return True
    if not moved and (_other_value(said, given) or _claims_more(said, given)):  # "east" for "west", "all" for "most"
        return True
    # a bound before the same number: "at most 12" for "at least 12", "less than 10" for "more than 10"
    number_at = next((k for k, w in enumerate(after[:2]) if is_number(w)), None)
    if number_at is not None and len(said) <= 4 and len(given) <= 4:
        ours = _bound([*before, *said, *after[:number_at]])
        theirs = _bound([*before, *given, *after[:number_at]])
        return ours != 0 and theirs == -ours
    return False
