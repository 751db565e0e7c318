"""Words as the copy-reading checks align them (substitution.py, exchange.py, deed.py and the
readings beside them): lower case, lightly stemmed, contractions opened, a number one word.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal
from difflib import SequenceMatcher
from functools import lru_cache

from ....text.segments import NUMBER_WORDS, STOPWORDS, stem, tokens
from ....text.spelled import spelled_as_digits
from .quantities import SCALE

_CONTRACTION = re.compile(r"\b(can|won|ca|is|are|was|were|do|does|did|has|have|had|should|would|could|must)n['’]t\b",
                          re.IGNORECASE)
_IRREGULAR = {"won": "will", "ca": "can"}
# a number is one word: "20,000" and "3.0" are not "20 000" and "3 0" ("000" would round to any
# 4), and "2.7 million" is 2700000
_NUMBER = re.compile(r"(?<![\w.,])(?:\d{1,3}(?:,\d{3})+(?:\.\d+)?(?![\w,]*\d)|\d+(?:\.\d+)?(?![\w.]*\d))(?![^\W\d_])"
                     r"(?:\s+(?P<scale>thousand|million|billion|trillion)\b)?", re.IGNORECASE)


@lru_cache(maxsize=65536)
def word_form(token: str) -> str:
    """One token as words() reads it: lower case, a possessive's "'s" dropped, a number word as
    its digits, lightly stemmed."""
    token = re.sub(r"['’]s?$", "", token.lower())
    return NUMBER_WORDS.get(token, stem(token))


@lru_cache(maxsize=65536)
def word_tuple(text: str) -> tuple[str, ...]:
    """words(), read once per text: the checks read each premise sentence, clause and piece
    between commas many times."""
    return tuple(words(text))


def _number(found: re.Match) -> str:
    """A number as one word: "20,000" -> "20000", "2.7 million" -> "2700000"."""
    value = Decimal(found.group().split()[0].replace(",", ""))
    if found.group("scale"):
        value *= SCALE[found.group("scale").lower()]
    return format(value.normalize(), "f") if found.group("scale") else found.group().replace(",", "")


def words(text: str) -> list[str]:
    """Lower-cased words for alignment: contractions and "cannot" opened ("can not"), a
    possessive's "'s" dropped, number words as digits ("six hundred" one word, "600"), each word
    lightly stemmed."""
    text = _CONTRACTION.sub(lambda m: f"{_IRREGULAR.get(m.group(1).lower(), m.group(1))} not", text)
    text = spelled_as_digits(re.sub(r"\bcannot\b", "can not", text, flags=re.IGNORECASE))
    out: list[str] = []
    start = 0
    for m in _NUMBER.finditer(text):
        out += _forms(tokens(text[start:m.start()])) + [_number(m)]
        start = m.end()
    return out + _forms(tokens(text[start:]))


# "one" after these is a pronoun, no number: "which one", "each one", "the louder one" (a comparative
# or superlative after "the"); not "a one-year warranty", "received one dose", "under one"
_ONE_AFTER = frozenset("the this that which each every any no another other same".split())


def _forms(found: list[str]) -> list[str]:
    return [t if t == "one" and k and (found[k - 1] in _ONE_AFTER or (
        k > 1 and found[k - 2] == "the" and found[k - 1].endswith(("er", "est")))) else word_form(t)
        for k, t in enumerate(found)]


# a title before a name: the deed check reads past it to the name, and a title said for a first
# name is no other person (outside_names.py)
TITLES = frozenset(word_form(w) for w in "dr mr mrs ms prof professor sir dame judge".split())


@dataclass(frozen=True)
class Alignment:
    """A claim's words aligned with a text's (difflib): its opcodes, how many words it copies in
    order, and the length of each copied run by where it ends and where it starts in the claim."""

    opcodes: Sequence[tuple[str, int, int, int, int]]
    copied: int
    ends: dict[int, int]
    starts: dict[int, int]


def align(said: Sequence[str], text: Sequence[str]) -> Alignment:
    """The claim's words (said) aligned with a text's."""
    match = SequenceMatcher(None, said, text, autojunk=False)
    runs = [b for b in match.get_matching_blocks() if b.size]
    return Alignment(match.get_opcodes(), sum(b.size for b in runs), {b.a + b.size: b.size for b in runs},
                     {b.a: b.size for b in runs})


_STOP_FORMS = STOPWORDS | {word_form(w) for w in STOPWORDS}


def _in_order(letters: str, text: str) -> bool:
    rest = iter(text)
    return all(ch in rest for ch in letters)


def abbreviates(short: str, span: Sequence[str]) -> bool:
    """Whether a word is an acronym of the span: every content word's initial in it, in order, and
    its letters in order in the words ("eu" European Union, "cvd" cardiovascular disease)."""
    long = [w for w in span if w not in _STOP_FORMS]
    return (bool(long) and 2 <= len(short) <= 8 and short[0] == long[0][0]
            and _in_order("".join(w[0] for w in long), short) and _in_order(short, "".join(long)))


def initials(said: Sequence[str], given: Sequence[str]) -> bool:
    """One side abbreviates the other ("EU" for "European Union")."""
    return (len(said) == 1 and abbreviates(said[0], given)) or (len(given) == 1 and abbreviates(given[0], said))


# a closing phrase of place, source or purpose: "... seated in Harlow under the arbitration clause"
_TAIL = re.compile(r"^(?P<head>.+?\S)\s+(?:under|in|at|by|for|from|per|according\s+to)\s+(?:the|a|an|its|their|this)"
                   r"\s+(?P<tail>[^,;]{1,40}?)[.!]?$", re.IGNORECASE)


def without_moved_tail(text: str) -> tuple[str, frozenset[str]] | None:
    """The clause without its closing phrase of place, source or purpose, and that phrase's
    content words (the caller asks that the premise sentence the rest copies has them all);
    None where the clause has no such phrase or too little before it."""
    found = _TAIL.match(text)
    if not found or sum(w not in STOPWORDS for w in words(found["head"])) < 2:
        return None
    tail = frozenset(w for w in words(found["tail"]) if w not in STOPWORDS and not w[:1].isdigit())
    return (found["head"], tail) if tail else None
