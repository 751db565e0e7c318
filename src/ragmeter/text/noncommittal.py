"""Detect evasive answers ("I don't know", "the context does not say") without a model."""

from __future__ import annotations

import re

from .framing import META_WORDS, SOURCE_WORDS, without_attribution
from .segments import content_set, split_clauses

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
    r"\b(?:do not|don't|does not|doesn't|did not|didn't) have (?:any |enough |the |specific )?(?:information|data|"
    r"details|access|knowledge|records?)\b",
    r"\bthere is no (?:way|record|evidence) to\b",
    r"\bas an ai\b",
]
_REGEX = re.compile("|".join(_PATTERNS), re.IGNORECASE)
# a whole answer that is only an evasion ("No idea.", "N/A"); "None" and "No" are real answers
_BARE_EVASIONS = re.compile(r"^\W*(?:i have )?(?:no idea|not sure|unsure|unknown|n/a|no clue|not known|unclear|"
                            r"hard to say|can't say|cannot say|dunno|no comment|(?:it|that|this) (?:all )?(?:depends|varies))\W*$", re.IGNORECASE)


_CONTRAST = re.compile(r"\b(?:but|however|although|though|yet|while|whereas|nevertheless|nonetheless)\b", re.I)
_SOURCE_STEMS = content_set(" ".join(SOURCE_WORDS))
_SOURCE_WORD = re.compile(r"\b(?:" + "|".join(sorted(SOURCE_WORDS)) + r")\b", re.IGNORECASE)
_META_STEMS = content_set(" ".join(META_WORDS))


def noncommittal_spans(answer: str) -> list[str]:
    bare = _BARE_EVASIONS.match(answer)
    return [bare.group(0).strip()] if bare else [m.group(0) for m in _REGEX.finditer(answer)]


def is_noncommittal(answer: str, max_words: int = 40) -> bool:
    """True when the answer evades: a hedge phrase in a short answer that commits to nothing
    beside it, or an empty answer.

    A long answer that says "the context does not mention X" once but answers the rest is
    not evasive, hence the length cap on the phrase test; nor is a short one that answers
    beside its hedge ("The context does not mention monitoring, but the target INR is 2-3.").
    """
    words = answer.split()
    if not words:
        return True
    if not noncommittal_spans(answer):
        return False
    return len(words) <= max_words and not commits(answer)


_SPEAKER = re.compile(r"\b(?:i|i'm|i've|we|my|our|me|information|info)\b", re.I)


def is_refusal(sentence: str) -> bool:
    """A sentence that only says the answer is not known or not in the sources ("I'm sorry, the
    documents do not say.", "The context does not mention his birth date."): it states nothing
    about the world, so it is no claim to check. A hedge about the world itself ("Warfarin does
    not contain vitamin K.", "It has only been recorded above 1,800 metres, and surveys did not
    find it.") names neither the speaker nor the sources (a source word as a whole word:
    "recorded" is not "record"), and stays a claim."""
    if not noncommittal_spans(sentence) or commits(sentence):
        return False
    return bool(_SPEAKER.search(sentence) or _SOURCE_WORD.search(sentence) or _BARE_EVASIONS.match(sentence))


def commits(answer: str) -> bool:
    """Whether the answer sets something against its hedge ("..., but", "although ...") and
    states it: two or more content words in clauses that neither hedge nor talk about the
    sources ("The document discusses dosing but does not give the target" talks about its
    source; framing.META_WORDS do not count). Without a contrast, the rest of a short hedged
    answer restates the question ("I'm sorry, I do not have information on which TV station
    sponsored the wine tasting."); EVOUNA's answers hold both kinds."""
    if not _CONTRAST.search(answer):
        return False
    found: set[str] = set()
    for clause in split_clauses(answer):
        if _REGEX.search(clause) or _BARE_EVASIONS.match(clause):
            continue
        words = content_set(without_attribution(clause.strip()))
        if not words & _SOURCE_STEMS:
            found |= words - _META_STEMS
    return len(found) >= 2
