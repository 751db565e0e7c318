"""What kind of thing a question asks for, and whether an answer contains one.

The classic expected-answer-type check of question answering systems, kept to types that
can be seen in text without a model: a quantity ("how many", "what percentage"), a time
("when", "in what year"), a person or organisation ("who", "which company") and a place
("where", "in which city"). A question asking "when and where" wants both. An answer that
restates the question without the date, number or name asked for ("it was caused by a
number of factors", "the event will be held at a venue") misses its type.

Pure functions, no models.
"""

from __future__ import annotations

import re

from .segments import STOPWORDS, numbers, split_sentences, tokens

_MONTHS = ("january february march april may june july august september october november december "
           "jan feb mar apr jun jul aug sep sept oct nov dec").split()
_TIME_WORDS = frozenset(_MONTHS) | {"century", "centuries", "decade", "decades", "today", "yesterday", "tomorrow",
                                    "ago", "bc", "ad", "bce", "ce", "morning", "evening", "night", "week", "weekend",
                                    "spring", "summer", "autumn", "fall", "winter", "monday", "tuesday", "wednesday",
                                    "thursday", "friday", "saturday", "sunday", "annually", "daily"}
_WANTS = (
    ("quantity", re.compile(r"\bhow (?:many|much|long|old|far|big|large|tall|high|often|fast|deep|heavy|wide)\b"
                            r"|\bwhat (?:percentage|percent|proportion|number|amount|size|age|share)\b", re.I)),
    ("time", re.compile(r"\bwhen\b|\b(?:what|which|in which|in what) (?:year|date|day|month|century|decade|time|"
                        r"period|era|season)\b", re.I)),
    ("name", re.compile(r"\bwho(?:m|se)?\b|\b(?:what|which) (?:person|people|company|companies|organi[sz]ation|team|"
                        r"group|band|author|artist|player|party)\b", re.I)),
    ("place", re.compile(r"\bwhere\b|\b(?:what|which|in which|in what) (?:place|location|country|city|town|state|"
                         r"region|venue|province|continent)\b", re.I)),
)
ANSWER_TYPES = tuple(kind for kind, _ in _WANTS)
_LOCATIVE = re.compile(r"\b(?:at|in|on|near|inside|within|along|across|throughout|beneath|below|under|above|"
                       r"between|around|outside|into|from)\s+(?:the\s+|a\s+|an\s+|its\s+|their\s+)?"
                       r"(?:[\w-]+\s+)?([^\W\d_][\w-]{2,})", re.I)
_GENERIC_PLACES = frozenset("place places location locations area areas site sites region regions venue venues "
                            "spot somewhere point part parts side way time".split())
# capitalised only because they open a sentence: not names
_SENTENCE_OPENERS = frozenset("yes no however although because since while according in on at for".split())


def wanted_types(question: str) -> list[str]:
    """The answer types the question asks for, in a fixed order; [] when it asks for none of them."""
    return [kind for kind, pattern in _WANTS if pattern.search(question)]


def _new_numbers(answer: str, question: str) -> bool:
    return bool(numbers(answer) - numbers(question))


def _new_names(answer: str, question: str) -> bool:
    """A capitalised word the question does not already contain (sentence starts count unless a
    stopword: "Seven people..." is not a name, "Gigi Lee Chang is..." is)."""
    asked = set(tokens(question))
    for sentence in split_sentences(answer):
        for i, word in enumerate(re.findall(r"[^\W\d_][\w'’-]*", sentence)):
            lowered = word.lower()
            if word[:1].isupper() and lowered not in STOPWORDS and lowered not in asked:
                if i > 0 or lowered not in _SENTENCE_OPENERS:
                    return True
    return False


def _new_words(answer: str, question: str) -> bool:
    asked = set(tokens(question))
    return any(t not in STOPWORDS and t not in asked and not t.isdigit() for t in tokens(answer))


def _new_location(answer: str, question: str) -> bool:
    """A place phrase ("at mid-ocean ridges", "inside the nucleus") whose noun the question
    does not have and that is not a generic place word ("at a venue")."""
    asked = set(tokens(question))
    return any(m.group(1).lower() not in asked and m.group(1).lower() not in _GENERIC_PLACES
               for m in _LOCATIVE.finditer(answer))


def has_type(kind: str, answer: str, question: str) -> bool:
    """Does the answer contain something new of this type (not merely echoed from the question)?

    In an answer written without capitals, names cannot be told from other words: any new
    content word counts for a name or a place there."""
    if kind == "quantity":
        return _new_numbers(answer, question)
    if kind == "time":
        return _new_numbers(answer, question) or any(t in _TIME_WORDS for t in tokens(answer))
    if answer == answer.lower():
        return _new_words(answer, question)
    if kind == "place" and _new_location(answer, question):
        return True
    return _new_names(answer, question)


def type_miss(question: str, answer: str) -> float:
    """Share of the question's wanted answer types that the answer lacks (0 when none is wanted)."""
    kinds = wanted_types(question)
    if not kinds:
        return 0.0
    return sum(not has_type(kind, answer, question) for kind in kinds) / len(kinds)


BARE_WORDS = 4  # an answer of at most this many words, without a verb: "1889", "Guo Shoujing"
# a short answer with one of these is a sentence ("Hamlet is a tragedy"), not a bare answer
_AUXILIARIES = frozenset("is are was were be been being am has have had does do did will would can could may "
                         "might must shall should it's that's he's she's there's what's".split())


def is_bare(answer: str) -> bool:
    """A bare answer ("1889", "Guo Shoujing"): a few words without a verb of being or an
    auxiliary, that only make sense as the completion of the question."""
    words = tokens(answer)
    return 0 < len(words) <= BARE_WORDS and not any(w in _AUXILIARIES for w in words)


# a question opening with one of these asks whether (yes or no), after an optional "so," / "and"
_POLAR_OPENERS = frozenset("is are was were am do does did can could will would should shall may might must has "
                           "have had isn't aren't wasn't weren't don't doesn't didn't can't couldn't won't wouldn't "
                           "shouldn't hasn't haven't".split())


def is_polar(question: str) -> bool:
    """A yes/no question ("Is warfarin safe in pregnancy?", "Does Switzerland use the euro?"):
    it states neither answer, so a claim that repeats its words with either polarity is an
    answer, not a restatement. Only the question's last sentence is read ("I have a Roth IRA.
    Are contributions deductible?")."""
    sentences = split_sentences(question.strip())
    words = tokens(sentences[-1]) if sentences else []
    while words and words[0] in ("so", "and", "but", "then", "also", "ok", "okay"):
        words = words[1:]
    return bool(words) and words[0] in _POLAR_OPENERS


_BARE_VERDICT = frozenset("yes no nope yeah yep correct right true false wrong that's it's indeed absolutely "
                          "definitely certainly sure not".split())


def says_more_than_yes_or_no(answer: str) -> bool:
    """Does the answer state something besides "yes" or "no" ("No." does not; "No, it is
    contraindicated." does)?"""
    return any(t not in STOPWORDS and t not in _BARE_VERDICT for t in tokens(answer))
