"""Durations and shares said in other units: "two weeks" for "14 days", "a tenth of" for "10%".

A reader takes "The default retention is two weeks." as stated by "The default retention is 14
days."; a model that reads words does not (0.04 before this), and the number checks saw a 2
where the passage has 14. So before a claim is read against its premises, each duration or
share of the claim that the premises state with the same value in other words is written as
they write it (in_premise_units). Nothing else is rewritten: a value the premises do not state
stays as the claim has it, for the checks to read.

Durations are read in days (a month 30.44 days, a year 365.25: "one month" is "30 days" within
the tolerance, "24 months" is "two years"); shares as fractions ("half of", "a third of", "25%",
"one in four"). Two values are one when they differ by at most TOLERANCE of the larger.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from .segments import content_set, coverage, memo_short, split_sentences
from .spelled import spelled_as_digits
from .words import NUMBER_WORDS

TOLERANCE = 0.02
SHARED_WORDS = 0.34  # of the claim's words but its numbers and units, in the premise sentence

_DAYS = {"second": 1 / 86400, "sec": 1 / 86400, "minute": 1 / 1440, "min": 1 / 1440, "hour": 1 / 24, "hr": 1 / 24,
         "day": 1.0, "week": 7.0, "fortnight": 14.0, "month": 30.4375, "year": 365.25, "decade": 3652.5}
_COUNT_WORDS = {w: float(v) for w, v in NUMBER_WORDS.items() if w not in ("once", "twice")} | {"a": 1.0, "an": 1.0}
_COUNT = r"(?P<count>\d+(?:\.\d+)?|" + "|".join(sorted(_COUNT_WORDS, key=len, reverse=True)) + r")"
_DURATION = re.compile(r"\b" + _COUNT + r"[\s-]+(?P<unit>" + "|".join(_DAYS) + r")s?\b(?!-)", re.I)

_FRACTIONS = {"half": 1 / 2, "third": 1 / 3, "quarter": 1 / 4, "fourth": 1 / 4, "fifth": 1 / 5, "tenth": 1 / 10}
_NUMERATOR = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4}
_SHARE = re.compile(
    r"\b(?:(?P<num>a|an|one|two|three|four)[\s-]+(?P<part>" + "|".join(_FRACTIONS) + r")s?|(?P<half>half))"
    r"(?=\s+of\b)"
    r"|(?P<pct>\d+(?:\.\d+)?)\s?(?:%|per\s?cent\b)"
    r"|\bone\s+in\s+(?P<every>\d+|" + "|".join(w for w in NUMBER_WORDS if w not in ("once", "twice")) + r")\b",
    re.I)


@dataclass(frozen=True)
class Measure:
    start: int
    end: int
    kind: str  # "days" or "share"
    value: float
    text: str
    form: str  # how it is said: the unit of a duration; "%", "fraction" or "one in" for a share


def _count(word: str) -> float:
    word = word.lower()
    return _COUNT_WORDS[word] if word in _COUNT_WORDS else float(word)


_NUMBER_WORD = r"(?:\d+(?:\.\d+)?|" + "|".join(w for w in NUMBER_WORDS if w not in ("once", "twice")) + ")"
# what makes a duration no duration of its own: the end of a range ("2-3 weeks", "two or three
# days"), a part of a rate ("twice a day", "600 calls a minute") or of a half ("half an hour",
# "an hour and a half")
_RANGE_BEFORE = re.compile(_NUMBER_WORD + r"\s*(?:-|–|to|or)\s*$", re.I)
_RATE_BEFORE = re.compile(r"(?:\d|\b(?:once|twice|thrice|times|per|each|every))\W*"
                          r"(?:(?!(?:and|or|to|then|in|for|after|within)\b)[A-Za-z]+\W+){0,2}$", re.I)
_NOT_WORDS = re.compile(r"\b(?:\d+(?:\.\d+)?|(?:" + "|".join(list(_DAYS) + list(_FRACTIONS)) + r")s?|percent|"
                        + "|".join(NUMBER_WORDS) + r")\b", re.I)
_HALF = re.compile(r"\bhalf\s*(?:an?\s*)?$", re.I)
_AND_A_HALF = re.compile(r"^\s*and\s+a\s+half\b", re.I)


def _own_duration(text: str, m: re.Match) -> bool:
    before, after = text[max(0, m.start() - 40):m.start()], text[m.end():m.end() + 16]
    if _RANGE_BEFORE.search(before) or _HALF.search(before) or _AND_A_HALF.match(after):
        return False
    return not (m["count"].lower() in ("a", "an") and _RATE_BEFORE.search(before))


@memo_short
def measures(text: str) -> tuple[Measure, ...]:
    """The durations (in days) and shares (as fractions) the text states, with where they stand.
    The text is read as segments.spelled_as_digits gives it ("six hundred" as "600")."""
    found = []
    for m in _DURATION.finditer(text):
        if not _own_duration(text, m):
            continue
        unit = m["unit"].lower()
        found.append(Measure(m.start(), m.end(), "days", _count(m["count"]) * _DAYS[unit], m.group(), unit))
    for m in _SHARE.finditer(text):
        if m["pct"]:
            value, form = float(m["pct"]) / 100, "%"
        elif m["every"]:
            every = _count(m["every"])
            if not every:
                continue
            value, form = 1 / every, "one in"
        elif m["half"]:
            value, form = 0.5, "fraction"
        else:
            value, form = _NUMERATOR[m["num"].lower()] * _FRACTIONS[m["part"].lower()], "fraction"
        found.append(Measure(m.start(), m.end(), "share", value, m.group(), form))
    return tuple(sorted(found, key=lambda x: x.start))


def _as_said(measure: Measure, hyphened: bool) -> str:
    """A premise's measure as the claim's place needs it: a duration as a count and a unit, joined
    by a hyphen where the claim's was ("a 30-day trial") and in the plural where it is no
    adjective and not one ("12-month" of "a 12-month warranty" said as "12 months"); "a" as "one"."""
    if measure.kind != "days":
        return measure.text
    count = re.split(r"[\s-]+", measure.text)[0]
    count = "one" if count.lower() in ("a", "an") else count
    if hyphened:
        return f"{count}-{measure.form}"
    return f"{count} {measure.form}{'' if _count(count) == 1 else 's'}"


def _same(a: float, b: float) -> bool:
    return abs(a - b) <= TOLERANCE * max(abs(a), abs(b))


@lru_cache(maxsize=256)
def _premise_sentences(premises: str) -> tuple[tuple[frozenset[str], tuple[Measure, ...]], ...]:
    """Each sentence of the premises: its words but numbers and units, and its measures."""
    return tuple((content_set(_NOT_WORDS.sub(" ", s)), measures(s)) for s in split_sentences(spelled_as_digits(premises)))


def in_premise_units(claim: str, premises: str) -> str:
    """The claim with each duration or share that the premises state in other units written as
    they write it ("two weeks" -> "14 days" where they say "14 days"); the claim as it is where
    there is none, or where the premises also state the value in the claim's unit ("ten
    minutes" and "10 minutes" are left to the number reading)."""
    text = spelled_as_digits(claim)
    stated = measures(text)
    if not stated:
        return claim
    sentences = _premise_sentences(premises)
    if not any(found for _, found in sentences):
        return claim
    # only a premise sentence about what the claim is about says its value ("the first 24 months"
    # is not "Points expire 24 months after ..."): of those that state one, the one with most of
    # the claim's other words, or any with a good share of them
    words = content_set(_NOT_WORDS.sub(" ", text))
    shares = [coverage(words, own) if found else 0.0 for own, found in sentences]
    said = [m for (_, found), share in zip(sentences, shares) if share >= SHARED_WORDS or share == max(shares) > 0
            for m in found]
    out, last, changed = [], 0, False
    for m in stated:
        same = [p for p in said if p.kind == m.kind and _same(p.value, m.value)]
        if not same or any(p.form == m.form for p in same):
            continue
        said_as = _as_said(same[0], hyphened="-" in m.text)
        said_as = (said_as[:1].upper() if m.text[:1].isupper() else said_as[:1].lower()) + said_as[1:]
        # "one in four adults" said as "25% of adults"
        of = " of" if m.form == "one in" else ""
        out += [text[last:m.start], said_as + of]
        last, changed = m.end, True
    return "".join(out) + text[last:] if changed else claim
