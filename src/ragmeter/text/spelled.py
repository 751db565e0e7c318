"""Numbers said in several words, in digits: "six hundred" 600, "twenty-five" 25, "one thousand
two hundred" 1200, "a million" 1000000.

Read word by word, "six hundred" was a 6 and a 100, so "The park covers 600 square kilometres."
looked like a changed number against "six hundred square kilometres", and "one thousand
dollars" like another amount than "$1,000". A run of number words (joined by spaces, hyphens or
"and") is written in digits only where it reads as one number in English; a run that does not
("one two", "five six") and a single number word ("six") stay as they are.
"""

from __future__ import annotations

import re

_SMALL = {w: k for k, w in enumerate("zero one two three four five six seven eight nine ten eleven twelve thirteen "
                                     "fourteen fifteen sixteen seventeen eighteen nineteen".split())}
_TENS = {w: 10 * k for k, w in enumerate("twenty thirty forty fifty sixty seventy eighty ninety".split(), start=2)}
_SCALES = {"thousand": 10**3, "million": 10**6, "billion": 10**9, "trillion": 10**12}
_WORD = "|".join([*_SMALL, *_TENS, "hundred", *_SCALES])
_MORE = r"(?:(?:[\s-]+|\s+and\s+)(?:" + _WORD + r"))"
_RUN = re.compile(r"\b(?:an?\s+(?:hundred|thousand|million|billion)" + _MORE + r"*|(?:" + _WORD + r")" + _MORE + r"+)\b"
                  r"(?!\s+and\s+a\s+half)", re.I)


def _below_thousand(words: list[str]) -> int | None:
    """"six hundred and fifty-five" -> 655; None where the words are no such number."""
    value, k = 0, 0
    if len(words) >= 2 and words[1] == "hundred":
        if words[0] not in _SMALL or _SMALL[words[0]] == 0:
            return None
        value, k = 100 * _SMALL[words[0]], 2
        if k < len(words) and words[k] == "and":
            k += 1
    rest = words[k:]
    if not rest:
        return value if k else None
    if len(rest) == 1 and rest[0] in _SMALL:
        return value + _SMALL[rest[0]]
    if rest[0] in _TENS and (len(rest) == 1 or (len(rest) == 2 and rest[1] in _SMALL and 0 < _SMALL[rest[1]] < 10)):
        return value + _TENS[rest[0]] + (_SMALL[rest[1]] if len(rest) == 2 else 0)
    return None


def spelled_value(run: str) -> int | None:
    """The number a run of number words says, None where it says none (or only one word)."""
    words = [w for w in re.split(r"[\s-]+", run.lower()) if w]
    if words[0] in ("a", "an"):
        words[0] = "one"
    total, last_scale = 0, None
    group: list[str] = []
    for word in words:
        if word in _SCALES:
            value = _below_thousand(group) if group else None
            if value is None or (last_scale is not None and _SCALES[word] >= last_scale):
                return None  # "thousand", "two million three million"
            total, last_scale = total + value * _SCALES[word], _SCALES[word]
            group = []
        else:
            group.append(word)
    if group:
        value = _below_thousand(group)
        if value is None:
            return None
        total += value
    return total if len(words) > 1 else None


def spelled_as_digits(text: str) -> str:
    """The text with each number said in several words in digits ("six hundred" -> "600",
    "twenty-five" -> "25"); single number words and runs that say no one number stay."""
    def digits(m: re.Match) -> str:
        value = spelled_value(m.group())
        return m.group() if value is None else str(value)
    return _RUN.sub(digits, text)


# single count words from two up, in digits where a check reads numbers set against each other
# ("six years, against three"); not "one", most often a pronoun ("a written one")
_COUNT_WORDS = {w: str(k) for w, k in {**_SMALL, **_TENS}.items() if k >= 2}
_COUNT = re.compile(r"(?<!the\s)\b(" + "|".join(_COUNT_WORDS) + r")\b", re.I)  # not "the larger of the two"


def counts_as_digits(text: str) -> str:
    """spelled_as_digits, and each single count word from two up in digits ("six" -> "6")."""
    return _COUNT.sub(lambda m: _COUNT_WORDS[m.group().lower()], spelled_as_digits(text))
