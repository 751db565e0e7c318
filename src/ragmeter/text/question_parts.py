"""The parts of a question that asks two things, and whether an answer leaves one out.

"What is the minimum opening deposit for the Youth Saver account, and does it have monthly
fees?" asks two things; "The minimum opening deposit for the Youth Saver is $25." answers the
first and says nothing of fees. Every word of it is on the topic, so a reader of relevance that
sees the whole question at once calls it relevant (0.98, against 0.46 for the answer that says
both). A question is split where a second question opens after "and" (", and what ...", "and
does ...") or where it is written as two questions; "What are the causes and symptoms of
scurvy?" is one question ("and" joins two nouns).

A later part is left out when the answer has none of the words that part adds to the ones
before it, nor a word close to one of them (``close``, the judge's word vectors: "charges" for
"fees"), nor, for a part that asks how many, how much, how high ..., any number. The words a
part opens with that name the kind of thing asked ("what format", "which file") do not count:
"Settings are written in TOML." says the format without the word. A part with no words of its
own ("and why?") asks nothing to check. A part-by-part reading of relevance was measured and
not kept (docs/judges.md): complete answers that answer a part with a pronoun read as half
answers. This reads only whether the answer says anything the later part asks about.
"""

from __future__ import annotations

import re
from typing import Callable

from .segments import STOPWORDS, content_set, split_sentences, stem, tokens
from .spelled import counts_as_digits

_ASKS = ("what|who|whom|whose|when|where|why|how|which|is|are|was|were|do|does|did|can|could|will|would|should"
         "|has|have")
# "..., and what ...", "... and does ...": a second question opening after "and"
_SECOND_QUESTION = re.compile(rf",?\s+and\s+(?=(?:{_ASKS})\b)", re.IGNORECASE)
_OPENS_A_QUESTION = re.compile(rf"^\W*(?:{_ASKS})\b", re.IGNORECASE)
MIN_PART_WORDS = 3  # "and why?" is no question of its own: it asks why of the first part
_BETWEEN = re.compile(r"\bbetween\b(?!.*\band\b)", re.IGNORECASE)  # "the difference between A and how B ..."
# the kind of thing asked, named after the question word: not a word the answer needs to say
_KIND_ASKED = re.compile(r"^\W*(?:what|which|whose|how)\s+(?:kind\s+of\s+|type\s+of\s+|sort\s+of\s+)?\w+",
                         re.IGNORECASE)
_ASKS_AMOUNT = re.compile(r"^\W*how\s+(?:many|much|long|high|tall|deep|far|old|big|large|often|wide|heavy|fast"
                          r"|soon|early|late)\b", re.IGNORECASE)


# what a "what is the ..." part asks for when it names one of these: a number
_MEASURES = frozenset(stem(w) for w in """area population size price cost fee fees charge rate height length width
depth weight age distance speed temperature deposit salary limit capacity amount percentage duration volume
budget revenue dose dosage""".split())
_WHAT_IS_THE = re.compile(r"^\W*(?:what|how\s+much)\s+(?:is|are|was|were)\s+(?:the|its|their|a|an)\s+"
                          r"((?:\w+\s+){0,3}?\w+)(?=\s+(?:of|for|in|on|at|per|to)\b|\W*$)", re.IGNORECASE)


# amounts said without digits: "an hour", "a couple of days", "half a day", "twice", "no limit"
_AMOUNT_WORDS = re.compile(r"\b(?:an?\s+(?:second|minute|hour|day|week|fortnight|month|year|decade|century|dozen|"
                           r"couple|few|handful)|half|twice|thrice|once|immediately|instantly|no\s+limit|unlimited|"
                           r"none)\b", re.IGNORECASE)
_DIGITS = re.compile(r"\d+(?:[.,]\d+)*")


def _amounts(answer: str) -> int:
    """How many amounts the answer gives: each number (two 4s are two), in digits or words, and
    each amount said without one."""
    return len(_DIGITS.findall(counts_as_digits(answer))) + len(_AMOUNT_WORDS.findall(answer))


def _asks_amount(part: str) -> bool:
    """Whether a question part asks for a number: "how many ...", "how long ...", or "what is
    the area / population / minimum opening deposit ... of ..."."""
    if _ASKS_AMOUNT.match(part):
        return True
    m = _WHAT_IS_THE.match(part)
    return m is not None and bool({stem(w) for w in m.group(1).lower().split()} & _MEASURES)


def question_parts(question: str) -> list[str]:
    """The questions a question asks, each ending with "?"; [question] when it asks one thing.
    Only questions are split: each part opens with a question word or an auxiliary and has
    content words of its own."""
    asked = [s for s in split_sentences(question.strip()) if s.rstrip().endswith("?")]
    pieces = [p.strip().rstrip("?").strip() for s in asked for p in _SECOND_QUESTION.split(s)]
    if len(pieces) < 2 or any(_BETWEEN.search(p) for p in pieces) or not all(
            _OPENS_A_QUESTION.match(p) and len(p.split()) >= MIN_PART_WORDS and content_set(p) for p in pieces):
        return [question]
    return [f"{p[:1].upper()}{p[1:]}?" for p in pieces]


def part_left_out(question: str, answer: str, close: Callable[[list[str], list[str]], bool]) -> bool:
    """True when the answer says nothing that a later part of a two-part question asks about
    (module docstring); ``close(part_words, answer_words)`` tells whether a word of the first
    list is near in meaning to one of the second."""
    parts = question_parts(question)
    if len(parts) < 2:
        return False
    said = content_set(answer)
    answer_words = [w for w in tokens(answer) if w not in STOPWORDS]
    before = content_set(parts[0])
    amounts_before = int(_asks_amount(parts[0]))
    for part in parts[1:]:
        asked = _KIND_ASKED.sub(" ", part, count=1)
        own = [w for w in tokens(asked) if w not in STOPWORDS and stem(w) not in before]
        before |= content_set(part)
        earlier, amounts_before = amounts_before, amounts_before + _asks_amount(part)
        if not own or {stem(w) for w in own} & said:
            continue
        # any number answers how many or how much, unless an earlier part asks for one too and
        # the answer gives no more numbers than those parts ("What is the area of the delta, and
        # how many people live there?" - "The delta spans roughly 4,200 km².")
        if _ASKS_AMOUNT.match(part) and _amounts(answer) > earlier:
            continue
        if close(own, answer_words):
            continue
        return True
    return False
