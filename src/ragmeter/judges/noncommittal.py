"""Detect evasive answers ("I don't know", "the context does not say") without a model."""

from __future__ import annotations

import re

_PATTERNS = [
    r"\bi (?:do not|don't|dont) know\b",
    r"\bi(?: am|'m) (?:not sure|unsure|unable|sorry)\b",
    r"\b(?:cannot|can't|can not|unable to) (?:answer|determine|find|say|tell|provide|help)\b",
    r"\b(?:could not|couldn't|did not|didn't|was unable to) (?:find|locate|determine|identify)\b",
    r"\bno (?:relevant |specific |such )?(?:information|answer|mention|data|details?)\b",
    r"\b(?:not|isn't|is not) (?:mentioned|specified|stated|provided|available|given|known)\b",
    r"\b(?:does|do|did) not (?:say|mention|specify|state|provide|contain|include|indicate)\b",
    r"\b(?:doesn't|don't|didn't) (?:say|mention|specify|state|provide|contain|include|indicate)\b",
    r"\b(?:insufficient|not enough) (?:information|context|data)\b",
    r"\bthere is no (?:way|record|evidence) to\b",
    r"\bas an ai\b",
]
_REGEX = re.compile("|".join(_PATTERNS), re.IGNORECASE)
# a whole answer that is only an evasion ("No idea.", "N/A"); "None" and "No" are real answers
_BARE_EVASIONS = re.compile(r"^\W*(?:i have )?(?:no idea|not sure|unsure|unknown|n/a|no clue|not known|unclear|"
                            r"hard to say|can't say|cannot say|dunno|no comment)\W*$", re.IGNORECASE)


def noncommittal_spans(answer: str) -> list[str]:
    bare = _BARE_EVASIONS.match(answer)
    return [bare.group(0).strip()] if bare else [m.group(0) for m in _REGEX.finditer(answer)]


def is_noncommittal(answer: str, max_words: int = 40) -> bool:
    """True when the answer evades: a hedge phrase in a short answer, or an empty answer.

    A long answer that says "the context does not mention X" once but answers the rest is
    not evasive, hence the length cap on the phrase test.
    """
    words = answer.split()
    if not words:
        return True
    if not noncommittal_spans(answer):
        return False
    return len(words) <= max_words
