"""Two fillers of one slot that cannot both be true, whatever else the sentence says.

The changed-slot check (substitution.py) aligns a claim clause to the premise clause it copies
and looks at each slot the claim fills otherwise. Most changed slots are rewordings, so it
flags only what a rewording cannot be: another number, a name of the passage moved, a "not".
These are more such fillers, each one word or a short bound before a number that agrees:

- another unit of the same kind after the same number ("8 to 10 days" for "8 to 10 hours");
- another ordinal ("a third withdrawal" for "a fourth");
- "on" for "off" and back ("while the router is switched off");
- a bound turned round before the same number ("at least $10,000" for "up to $10,000").

A unit conversion ("24 hours" for "a day") changes the number too and is the number rule's to
judge; a bound said otherwise but the same way ("no more than" for "up to") is not flagged.
"""

from __future__ import annotations

from collections.abc import Sequence

from ....text.words import stem

# units of one kind per line; spellings of one unit joined by "/"
_UNITS = """
second/sec minute/min hour/hr day week month year decade century
millimetre/millimeter/mm centimetre/centimeter/cm metre/meter/m kilometre/kilometer/km inch foot/feet yard mile
milligram/mg gram/g kilogram/kg tonne/ton ounce/oz pound/lb
millilitre/milliliter/ml litre/liter/l gallon pint
"""
UNIT = {stem(spelling): (kind, unit) for kind, line in enumerate(_UNITS.split("\n")[1:-1])
        for unit, spellings in enumerate(line.split()) for spelling in spellings.split("/")}
ORDINALS = {stem(w): k for k, w in enumerate(
    "first second third fourth fifth sixth seventh eighth ninth tenth eleventh twelfth".split(), start=1)}
ORDINALS.update({f"{k}{s}": k for k, s in [(1, "st"), (2, "nd"), (3, "rd")] + [(k, "th") for k in range(4, 32)]})


def _stems(phrases: str) -> tuple[str, ...]:
    return tuple(" ".join(stem(w) for w in phrase.split()) for phrase in phrases.split(","))


# a lower bound and an upper one, as substitution.words() has them
_AT_LEAST = _stems("at least,more than,over,above,minimum of,exceeding,no less than,or more")
_AT_MOST = _stems("up to,at most,less than,under,below,maximum of,no more than,fewer than,within,or less,or fewer")
_PARTICLES = [frozenset({"on", "off"})]


def _bound(span: Sequence[str]) -> int:
    """+1 for a lower bound ("at least"), -1 for an upper one ("up to"), 0 for none or both."""
    text = f" {' '.join(span)} "
    low = any(f" {b} " in text for b in _AT_LEAST)
    high = any(f" {b} " in text for b in _AT_MOST)
    return int(low) - int(high)


def _is_number(word: str) -> bool:
    return word.replace(",", "").replace(".", "", 1).isdigit()


def incompatible(said: Sequence[str], given: Sequence[str], before: str | None, after: str | None) -> bool:
    """Whether the claim's filler (said) and the premise's (given) of one slot cannot both be
    true; before / after: the agreeing words either side of the slot (None at an end)."""
    if len(said) == 1 and len(given) == 1:
        a, b = said[0], given[0]
        if (before is not None and _is_number(before) and a in UNIT and b in UNIT
                and UNIT[a][0] == UNIT[b][0] and UNIT[a] != UNIT[b]):
            return True
        if a in ORDINALS and b in ORDINALS and ORDINALS[a] != ORDINALS[b]:
            return True
        if before is not None and any({a, b} == pair for pair in _PARTICLES):
            return True
    if after is not None and _is_number(after) and len(said) <= 4 and len(given) <= 4:
        ours, theirs = _bound(said), _bound(given)
        return ours != 0 and theirs == -ours
    return False
