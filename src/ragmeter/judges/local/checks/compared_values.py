"""A comparison that the passage's numbers contradict.

"Lake Sennar is about twice as large as Lake Pallow." where the passage says "Lake Pallow (2,300
km²) is about twice the size of Lake Sennar (1,150 km²)"; "Plan B is cheaper than Plan A" where
it gives Plan A at $45 a month and Plan B at $60. The claim's words are all in the passage, and
comparison.py reads only a comparison set against the claim's own numbers.

Read in two forms: "<A> ... <comparative> ... than <B>" and "<A> ... (twice | N times | half) as
<adjective> as <B>", one clause, no negation. A's words are those of the clause before the
comparative, B's those after "than" / "as" up to the clause's end, each only its capitalised
words and numbers where both have some of their own (else all their content words); those one
side has and the other lacks name it ("500" of "Home 500" against "200" of "Home 200"). Each number of a
premise sentence belongs to the side named nearest before it, when no other number stands
between; a number that is itself a name word is none, nor a bound or the end of a range ("as
small as 28 inches", "up to $60"). Flagged when both sides have exactly one
number of one kind (the same currency or unit word; for "cheaper" or "more expensive" an amount
of money, for "longer" a length or a time, ...) and the comparative goes the other way. "Faster"
and "slower" are read only of speeds in knots, mph, km/h or m/s (version 44; a faster program
takes less time).

Version 46: "<A> is the lower of the two" (or higher, taller, larger, ...) too. Its other side
is whatever else the passage names (its capitalised words but A's; a word of A said beside
another name, "Mount" of "Mount Kenya" and "Mount Kilimanjaro", names neither), and its values
are read past numbers of other units and after "rises to" (no other bound: "more than $40" is
no value), as in "Mount Kenya is the higher of the two" where Kilimanjaro "rises to 5,895 metres"
and Mount Kenya reaches 5,199.
"""

from __future__ import annotations

import re
from decimal import Decimal, InvalidOperation
from typing import Iterable

from ....text.segments import STOPWORDS, content_set, memo_short, negated, split_sentences, stem

_UP = "more expensive|costlier|pricier|larger|bigger|longer|taller|higher|deeper|heavier|older|greater|wider|faster|quicker|more"
_DOWN = "less expensive|cheaper|smaller|shorter|lower|shallower|lighter|younger|narrower|slower|less|fewer"
_MONEY_WORDS = frozenset("more expensive|less expensive|cheaper|costlier|pricier".split("|"))
_LENGTH = frozenset("mm cm m km inch inches ft feet foot yard yards mile miles metre metres meter meters "
                    "kilometre kilometres kilometer kilometers".split())
_TIME = frozenset("second seconds s minute minutes min mins hour hours h hr hrs day days week weeks month months "
                  "year years".split())
# a speed ("cruises at 450 knots"): "faster" and "slower" are read only of these, never of a time
# (a faster program takes less time)
_SPEED = frozenset("knot knots mph kph km/h m/s".split())
_WEIGHT = frozenset("mg g kg lb lbs pound pounds ounce ounces oz ton tons tonne tonnes gram grams kilogram "
                    "kilograms".split())
# the units a comparative can be about ("takes longer" is about time or length, not litres); others any
_DIMENSION = {"longer": _LENGTH | _TIME, "shorter": _LENGTH | _TIME, "taller": _LENGTH, "deeper": _LENGTH,
              "shallower": _LENGTH, "wider": _LENGTH, "narrower": _LENGTH, "heavier": _WEIGHT, "lighter": _WEIGHT,
              "older": _TIME, "younger": _TIME, "faster": _SPEED, "quicker": _SPEED, "slower": _SPEED}
_THAN = re.compile(rf"\b(?:(?P<down>{_DOWN})|(?P<up>{_UP}))\b[^,;.]{{0,40}}?\bthan\s+(?P<b>[^,;]+)", re.I)
_AS = re.compile(r"\b(?:(?P<up>twice|double|(?:two|three|four|five|\d+)\s+times)|(?P<down>half))\s+as\s+"
                 r"(?P<adj>\w+)\s+as\s+(?P<b>[^,;]+)", re.I)
# "Mount Kenya is the lower of the two": the other side is whatever else the passage names
_OF_TWO = re.compile(rf"\bthe\s+(?:(?P<down>{_DOWN})|(?P<up>{_UP}))\s+of\s+the\s+two\b", re.I)
_RISES_TO = re.compile(r"\b(?P<verb>rises|rising|rose|climbs|climbing|climbed|reaches|reaching|reached)\s+to\b(?=\s*[$€£]?\d)",
                       re.I)
_WORD = re.compile(r"[^\W_][\w'’-]*")
_POSSESSIVE = re.compile(r"['’]s?$")
# the side named just after a number: "24% for Drug B", "$1,000 for a misdemeanour"
# (after "those given", "those on", "patients taking" ...: "5 percent for those given standard gauze")
_OWNER_AFTER = re.compile(r"(?:\s?%|\s+(?!for\b)[A-Za-z]+)?\s+for\s+(?:those\s+(?:given|on|taking|using|receiving|in|with)\s+"
                          r"|(?:patients|people|participants|users|customers|subjects)\s+(?:given|taking|using|receiving)\s+)?"
                          r"(?:the\s+|an?\s+)?"
                          r"(?P<who>[\w'’-]+(?:\s+[\w'’-]+)?)")
CLAUSE = re.compile(r"[,;:]\s|\s(?:while|whereas|but)\s", re.I)
_NUMBER = re.compile(r"(?P<cur>[$€£])?\s?(?P<num>\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)(?![\d,.]*\d)"
                     r"(?:\s?(?P<unit>%|°\s?[CF]|km²|m²|km/h|m/s|[A-Za-z]+))?")
# a bound or a range end is no value of its side ("as small as 28 inches", "up to $60", "15-20 kg")
_BOUND = re.compile(r"(?:\bas\s+\w+\s+as|\bup\s+to|\bat\s+(?:least|most)|\b(?:more|less|fewer)\s+than|\bover|\bunder"
                    r"|\bbetween|\bfrom|\bto|\band|\bor|[-\u2013])\s*[$€£]?\s?$", re.I)
# counts of people, whatever the passage calls them ("25,000 inhabitants", "16,000 residents")
_PEOPLE = frozenset("inhabitants residents people persons citizens population".split())
# the period of a rate after an amount ("$144 a year", "$15 per month"): amounts of two periods
# are not compared ("$144 a year comes to $12 a month, compared with $15 a month")
_RATE = re.compile(r"\s*(?:a|an|per|each|every|/)\s*(?P<period>year|month|week|day|hour|minute)s?\b", re.I)
_NOT_UNITS = frozenset("a an the and or of for in on at to per from with by as is was are were than "
                       "each".split())


@memo_short
def _words(text: str) -> frozenset[str]:
    """Stems of the text's words as _named reads them: "KR-9" one word."""
    return frozenset(_stem(w) for w in _WORD.findall(text))


def _stem(word: str) -> str:
    """The word's stem without a possessive: "Silver's" is silver."""
    return stem(_POSSESSIVE.sub("", word.lower()))


def _named(text: str) -> frozenset[str]:
    """Stems of the words of the text that name something: capitalised words and numbers ("Home
    500", "the Eco program"), not the verbs and nouns both sides share ("uses", "water")."""
    found = _WORD.findall(text)
    return frozenset(_stem(w) for k, w in enumerate(found)
                     if (w[0].isupper() or w[0].isdigit())
                     and (w.lower() not in STOPWORDS or _letter_name(w, found[k - 1] if k else "")))


def _letter_name(word: str, before: str) -> bool:
    """A capital letter after a name is a name of its own: "Drug A", "Plan B" (not "A tenant")."""
    return len(word) == 1 and word.isupper() and before[:1].isupper()


_RELATIVE = re.compile(r"^\s*(?:which|that|who)\b", re.I)


def clauses(sentence: str) -> list[str]:
    """The sentence's clauses (CLAUSE), a relative clause joined to the one before it: in "the fine
    is 250 crowns, which is higher than ..." the side before "higher" is the fine."""
    out: list[str] = []
    for clause in CLAUSE.split(sentence):
        if out and _RELATIVE.match(clause):
            out[-1] = f"{out[-1]} {clause}"
        else:
            out.append(clause)
    return out


def sides(before: str, after: str) -> tuple[frozenset[str], frozenset[str]] | None:
    """The words that name each side of a comparison and not the other: the capitalised words and
    numbers of the text before the comparative and after "than" / "as" where both have some of
    their own ("Home 500", "Home 200"), else their content words; None where a side has none."""
    a, b = _named(before), _named(after)
    if not (a - b and b - a):  # "Engineering referrals pay less than other roles"
        a, b = content_set(before), content_set(after)
    return (frozenset(a - b), frozenset(b - a)) if a - b and b - a else None


# the verb that follows a comparison's first side: "A head of household can deduct less than ..."
_VERB = re.compile(r"\s(?:can|could|may|might|must|should|will|would|shall|is|are|was|were|has|have|had|does|do|did)"
                   r"\b", re.I)


def _subject(before: str) -> str:
    """The text before a comparative up to its first auxiliary verb, where that leaves words: the
    side, not what is done ("deduct" of "A head of household can deduct less than a single filer"
    would give the side every amount the passage says may be deducted)."""
    cut = _VERB.search(before)
    return before[:cut.start()] if cut and cut.start() and content_set(before[:cut.start()]) else before


@memo_short
def _comparisons(claim: str) -> tuple[tuple[frozenset[str], frozenset[str], int, bool, str], ...]:
    """(A's own words, B's own words, +1 if A is said to be more, money asked, the comparative)
    per comparison."""
    out = []
    for sentence in split_sentences(claim) or [claim]:
        if negated(sentence):
            continue
        for clause in clauses(sentence):
            for pattern in (_THAN, _AS):
                for m in pattern.finditer(clause):
                    found = sides(_subject(clause[:m.start()]), m.group("b"))
                    if found:
                        word = (m.group("up") or m.group("down")).lower() if m.re is _THAN else m.group("adj").lower()
                        out.append((*found, 1 if m.group("up") else -1, word in _MONEY_WORDS, word))
            for m in _OF_TWO.finditer(clause):
                named = _named(_subject(clause[:m.start()]))
                if named:  # B: the passage's other names (compared_otherwise)
                    word = (m.group("up") or m.group("down")).lower()
                    out.append((named, frozenset(), 1 if m.group("up") else -1, word in _MONEY_WORDS, word))
    return tuple(out)


def _two_sides(side: frozenset[str], sentences: list[str]) -> tuple[frozenset[str], frozenset[str]]:
    """The sides of "<A> is the lower of the two": A's capitalised words that name it alone, and
    the other capitalised words of the premise sentences (not a first small word). A word of A
    said beside another name in the passage names neither, where A has others ("Mount" of "Mount
    Kenya" and "Mount Kilimanjaro")."""
    other: set[str] = set()
    shared: set[str] = set()
    for sentence in sentences:
        found = _WORD.findall(sentence)
        caps = [(_stem(w) if w[0].isupper() and not (k == 0 and w.lower() in STOPWORDS) else "")
                for k, w in enumerate(found)]
        other.update(w for w in caps if w and w not in side)
        for x, y in zip(caps, caps[1:]):
            if x and y and (x in side) != (y in side):
                shared.add(x if x in side else y)
    return frozenset(side - shared or side), frozenset(other)


def side_numbers(sentence: str, sides: tuple[frozenset[str], frozenset[str]],
                 bounds: bool = False, across: bool = False) -> list[tuple[int, tuple, Decimal]]:
    """(side, kind: (currency, unit, a rate's period), value) of each number of the sentence that
    belongs to one side: the side
    named just after it ("24% for Drug B"), else the side named nearest before it with no other
    number between. bounds: read "up to $60" as a value too, and a number of another unit between
    the name and this one as no bar; across: only the latter ("the 300 seated 70 but cruised at
    470 knots": a speed is read past a count)."""
    names = sides[0] | sides[1]
    words = [(m.start(), m.end(), _stem(m.group())) for m in _WORD.finditer(sentence)]
    out = []
    for m in _NUMBER.finditer(sentence):
        if m.group("num") in names or (not bounds and _BOUND.search(sentence[max(0, m.start() - 20):m.start("num")])):
            continue  # "Home 500": a name; "up to $60": a bound
        owner = _OWNER_AFTER.match(sentence, m.end("num"))
        after = [w for start, _, w in words if owner and owner.start("who") <= start < owner.end() and w in names]
        named = [(end, w) for _, end, w in words if end <= m.start() and w in names]
        if after:
            word = after[0]
        elif named:
            end, word = named[-1]
            between = re.sub(r"\d+", lambda d: "" if d.group() in names else d.group(), sentence[end:m.start()])
            if re.search(r"\d", between) and not ((bounds or across) and _other_units(between, m.group("unit"))):
                continue  # another number between the name and this one (loosely: of the same unit)
        else:
            continue
        unit = (m.group("unit") or "").lower().replace(" ", "")
        try:
            value = Decimal(m.group("num").replace(",", ""))
        except InvalidOperation:
            continue
        rate = _RATE.match(sentence, m.end("num") if unit in _NOT_UNITS else m.end())
        kind = (m.group("cur") or "", "" if unit in _NOT_UNITS else "people" if unit in _PEOPLE else unit,
                rate["period"].lower() if rate else "")
        if kind[:2] != ("", ""):
            out.append((0 if word in sides[0] else 1, kind, value))
    return out


def _other_units(text: str, unit: str | None) -> bool:
    """Whether every number in the text has a unit, and none the given one ("2,700 Pa" before
    "150 minutes")."""
    if not unit:
        return False
    units = [(n.group("unit") or "").lower() for n in _NUMBER.finditer(text)]
    return all(u and u != unit.lower() for u in units)


def compared_otherwise(claim: str, sentences: Iterable[str]) -> float:
    """1.0 when a comparison of the claim goes against the numbers the premise sentences give
    its two sides (module docstring), else 0.0."""
    found = _comparisons(claim)
    if not found:
        return 0.0
    sentences = list(sentences)  # each comparison reads them
    for a, b, way, money, word in found:
        units = _DIMENSION.get(word)
        values: dict[tuple, list[list[Decimal]]] = {}
        periods: dict[tuple, set[str]] = {}  # "a year", "a month": two periods are not compared
        across, risen = units is _SPEED, False
        if not b:  # "the lower of the two": read past numbers of other units, and after "rises to"
            (a, b), across, risen = _two_sides(a, sentences), True, True
            if not (a and b):
                continue
        for sentence in sentences:
            if not (content_set(sentence) | _words(sentence)) & (a | b):  # "KR-9" is one word of a side
                continue
            if risen:  # "rises to 5,895 metres" is where it stands, not a range's end
                sentence = _RISES_TO.sub(r"\g<verb> ", sentence)
            for side, kind, value in side_numbers(sentence, (a, b), across=across):
                values.setdefault(kind[:2], [[], []])[side].append(value)
                periods.setdefault(kind[:2], set()).add(kind[2])
        kinds = [k for k, (x, y) in values.items() if len(set(x)) == 1 and len(set(y)) == 1
                 and (k[0] or not money) and (units is None or k[1] in units) and len(periods[k] - {""}) <= 1]
        if len(kinds) == 1:
            (first,), (second,) = (set(v) for v in values[kinds[0]])
            if first != second and way * (first - second) < 0:
                return 1.0
    return 0.0
