"""How often a statement says something happens, and a claim that says another frequency.

"INR should be checked weekly." against "INR should be checked every 4 weeks once stable."
shares every word but the frequency, which no number check sees ("weekly" states no number),
and was called supported (0.97). A frequency is read as a period in days: "daily" 1, "weekly"
7, "every 4 weeks" 28, "twice daily" 0.5, "once a month" about 30, "every other year" about
730. As with the other contradiction checks, it is read in the premise sentence that best
covers the claim's other words (at least 70% of them), and counts only where that sentence
states a frequency and none of its frequencies is the claim's (within 10%: "monthly" is "every
4 weeks"). On the support dev sets it fires on no claim: 16 of their claim-evidence pairs state
a frequency in the claim, none of them another one in the sentence that matches it. Judge
version 12; its probes are in tests/test_frequency.py and tests/test_contradictions.py.
"""

from __future__ import annotations

import re
from typing import Iterable

from ....text.segments import NUMBER_WORDS, best_covering, content_set, memo_short

_UNIT_DAYS = {"second": 1 / 86400, "minute": 1 / 1440, "hour": 1 / 24, "day": 1.0, "night": 1.0, "week": 7.0, "fortnight": 14.0, "month": 30.4,
              "quarter": 91.3, "year": 365.25}
_ADVERB_DAYS = {"hourly": 1 / 24, "daily": 1.0, "nightly": 1.0, "weekly": 7.0, "fortnightly": 14.0,
                "monthly": 30.4, "quarterly": 91.3, "yearly": 365.25, "annually": 365.25}
_COUNT = r"(?:once|twice|thrice|\d+\s+times|(?:" + "|".join(NUMBER_WORDS) + r")\s+times)"
_UNIT = r"(second|minute|hour|day|night|week|fortnight|month|quarter|year)s?"
_EVERY = re.compile(r"\bevery\s+(other\s+|\d+(?:\.\d+)?\s+|(?:" + "|".join(NUMBER_WORDS) + r")\s+)?" + _UNIT + r"\b",
                    re.I)
_TIMES_PER = re.compile(r"\b(" + _COUNT + r")\s+(?:a|an|per|each|every)\s+" + _UNIT + r"\b", re.I)
_TIMES_ADVERB = re.compile(r"\b(" + _COUNT + r")\s+(" + "|".join(_ADVERB_DAYS) + r")\b", re.I)
_ADVERB = re.compile(r"\b(" + "|".join(_ADVERB_DAYS) + r")\b", re.I)
# a rate: "600 requests per minute", "$45 a month", "20 hours each week" (a unit after "a" or
# "an" only after a number, so that "within a day" is no rate)
_RATE_UNIT = r"(second|minute|hour|day|night|week|fortnight|month|quarter|year)\b"
_RATE = re.compile(r"\b(?:per|each)\s+" + _RATE_UNIT + r"|(?<=\d)(?:\s*%|\s+[A-Za-z]+){0,2}?\s+(?:a|an)\s+" + _RATE_UNIT,
                   re.I)
_FREQUENCY_WORDS = re.compile("|".join(p.pattern for p in (_TIMES_PER, _TIMES_ADVERB, _EVERY, _ADVERB)), re.I)
MIN_COVERAGE = 0.7  # of the claim's other content words, in the premise sentence


def _count(text: str) -> float:
    word = text.lower().split()[0]
    if word in ("once", "twice", "thrice"):
        return {"once": 1.0, "twice": 2.0, "thrice": 3.0}[word]
    return float(NUMBER_WORDS.get(word, word))


@memo_short
def periods(text: str) -> frozenset[float]:
    """The frequencies the text states, each as a period in days (to 4 significant digits)."""
    found = []
    for m in _TIMES_PER.finditer(text):
        found.append(_UNIT_DAYS[m.group(2).lower()] / _count(m.group(1)))
    for m in _TIMES_ADVERB.finditer(text):
        found.append(_ADVERB_DAYS[m.group(2).lower()] / _count(m.group(1)))
    rest = _TIMES_ADVERB.sub(" ", _TIMES_PER.sub(" ", text))
    for m in _EVERY.finditer(rest):
        step = (m.group(1) or "").strip().lower()
        found.append(_UNIT_DAYS[m.group(2).lower()] * (2.0 if step == "other" else _count(step) if step else 1.0))
    for m in _ADVERB.finditer(_EVERY.sub(" ", rest)):
        found.append(_ADVERB_DAYS[m.group(1).lower()])
    for m in _RATE.finditer(_EVERY.sub(" ", rest)):
        found.append(_UNIT_DAYS[(m.group(1) or m.group(2)).lower()])
    return frozenset(float(f"{p:.4g}") for p in found if p > 0)


@memo_short
def _other_words(text: str) -> frozenset[str]:
    """The text's content words but those that state a frequency."""
    return content_set(_FREQUENCY_WORDS.sub(" ", text))


def frequency_swap(claim: str, sentences: Iterable[str], min_coverage: float = MIN_COVERAGE) -> float:
    """1.0 when the claim states a frequency and the premise sentence that best covers its other
    words (at least ``min_coverage`` of them) states frequencies, none of them the claim's
    (within 10%: "monthly" is "every 4 weeks")."""
    stated = periods(claim)
    if not stated:
        return 0.0
    best, best_cov = best_covering(_other_words(claim), sentences, _other_words)
    if best is None or best_cov < min_coverage:
        return 0.0
    theirs = periods(best)
    return float(bool(theirs) and not any(abs(a - b) <= 0.1 * max(a, b) for a in stated for b in theirs))
