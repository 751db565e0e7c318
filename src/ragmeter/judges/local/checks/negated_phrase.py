"""A phrase the passage says after "not", said in the claim with no "not".

"Take a double dose at the usual time to make up for the missed one." where the passage says
"Skip the missed dose and take the next one at the usual time; do not take a double dose.": the
claim's words are all the passage's, and the negation check reads the claim against a whole
clause (its "usual time" and "missed" are in the other one), so the claim reads as supported.

A premise clause with "not" after a verb ("do not", "must not", "is not", "cannot", "never",
"doesn't") is read from the word after it to the clause's end: the phrase the passage denies
("take a double dose"). The claim is flagged where it holds that phrase word for word
(word_forms.words: "taking" is "take") and says no "not", "no", "never", nor a word that denies
in other words ("avoid", "without", "unsafe", "exempt", "refused", "myth", "yet": _NOT_DENYING).
The phrase must have at least MIN_WORDS words, two of them content words that are not empty
words ("take", "have": text.restatement), and no condition ("unless", "only", "except", "until",
"if", "when", "or") in it or before it: "do not repay if dismissed" and "If you do not take it with
food, you may feel sick" deny only a case. Not read, each found by a
review of 227 faithful probes (100 flagged as first written, 3 as kept): a phrase the premises
also say with no denial before it ("Light can travel through a vacuum." beside "Sound cannot
travel through a vacuum."); a claim whose words before the phrase name none of the denial's
("Adults may take aspirin" where "Children under 12 must not take aspirin"); the phrase as the
subject of what the claim says ("Mixing bleach with ammonia releases toxic gas"); a denial in a
relative clause ("Tenants who cannot pay the rent on time ..."); "not just", "not only". A
question in the premises denies nothing.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache

from ....text.restatement import is_empty_word
from ....text.words import STOPWORDS, tokens
from .word_forms import word_tuple

MIN_WORDS = 3
_DENIED = re.compile(r"\b(?:(?:do|does|did|must|should|may|can|could|will|would|need|is|are|was|were|has|have|had)"
                     r"\s+not|(?:do|does|did|must|should|ca|can|could|wo|would|is|are|was|were|has|have|had)n['’]t"
                     r"|cannot|never)\s+(?P<phrase>[^.;:,!?()]+)", re.IGNORECASE)
_NOT_DENYING = re.compile(r"\b(?:not|no|never|none|nobody|nothing|nor|neither|unless|only|except|until|but|however"
                          r"|instead|rather|yet|just|avoid\w*|refrain\w*|prohibit\w*|forbid\w*|ban|bann\w+|bar|barred"
                          r"|against|warn\w*|skip\w*|without|stop|stops|prevent\w*|fail\w*|lack\w*|impossible"
                          r"|unable|unlikely|rarely|seldom|hardly|unsafe|insecure|inadvisable|ineligible|off-limits|myth"
                          r"|misconception|false|incorrect|untrue|wrong|refus\w*|den(?:y|ies|ied|ying)|reject\w*"
                          r"|dismiss\w*|exempt\w*|optional|discourag\w*|outlaw\w*|breach\w*|struggl\w*|keep\s+from)"
                          r"\b|n['’]t\b|\bcannot\b", re.IGNORECASE)
_CASE = re.compile(r"\b(?:unless|only|except|until|if|when|or)\b", re.IGNORECASE)
_OPENS_WITH_CASE = re.compile(r"^\W*(?:if|when|whenever|unless|until|only|except|once)\b", re.IGNORECASE)
# "not just", "not only": no denial; "who cannot", "that is not": a denial inside a relative
# clause says which ones, not that the phrase is false
_NOT_A_DENIAL = re.compile(r"^(?:just|only|merely|simply|necessarily)\b", re.IGNORECASE)
_RELATIVE = re.compile(r"\b(?:who|that|which|whose|whom)\s+(?:\w+\s+)?$", re.IGNORECASE)


@lru_cache(maxsize=16384)  # a premise sentence is read for each claim beside it
def _denied_phrases(sentence: str) -> tuple[tuple[tuple[str, ...], frozenset[str]], ...]:
    """Each phrase the sentence denies, with the content words said before the denial in its
    clause (who or what it is denied of)."""
    if sentence.rstrip().endswith("?"):
        return ()
    out = []
    for found in _DENIED.finditer(sentence):
        phrase, before = found["phrase"], sentence[:found.start()]
        clause_before = re.split(r"[,;:]", before)[-1]
        if (_NOT_A_DENIAL.match(phrase) or _RELATIVE.search(before) or _CASE.search(phrase)
                or _CASE.search(clause_before) or _OPENS_WITH_CASE.match(before)):
            continue
        content = [w for w in tokens(phrase) if w.isalpha() and len(w) > 2 and w not in STOPWORDS
                   and not is_empty_word(w)]
        if len(content) >= 2 and len(word_tuple(phrase)) >= MIN_WORDS:
            out.append((word_tuple(phrase), frozenset(w for w in word_tuple(clause_before) if w not in STOPWORDS)))
    return tuple(out)


def _stated(phrase: tuple[str, ...], sentences: Sequence[str]) -> bool:
    """Do the premises also say the phrase with no denial before it ("Light can travel through a
    vacuum." beside "Sound cannot travel through a vacuum.")?"""
    n = len(phrase)
    for s in sentences:
        words = word_tuple(s)
        for k in range(len(words) - n + 1):
            if words[k:k + n] == phrase and not set(words[max(0, k - 3):k]) & {"not", "never", "no"}:
                return True
    return False


def negated_phrase(claim: str, sentences: Sequence[str]) -> bool:
    """Does the claim say, with no word that denies it, a phrase the premises deny of what it is
    said of, and nowhere say (the module's docstring)?"""
    if _NOT_DENYING.search(claim):
        return False
    said = word_tuple(claim)
    for s in sentences:
        for phrase, subject in _denied_phrases(s):
            at = _at(said, phrase)
            if at is None or _stated(phrase, sentences):
                continue
            said_of = frozenset(w for w in said[:at] if w not in STOPWORDS)
            # a subject of the claim's own the denial does not name ("Adults may take aspirin"
            # where "Children must not"), or the phrase as the subject of what the claim says
            # ("Mixing bleach with ammonia releases toxic gas")
            if said_of and subject and not said_of & subject:
                continue
            if at == 0 and claim.split()[0].lower().endswith("ing") and len(said) > len(phrase) + 1:
                continue
            return True
    return False


def _at(words: tuple[str, ...], phrase: tuple[str, ...]) -> int | None:
    n = len(phrase)
    return next((k for k in range(len(words) - n + 1) if words[k:k + n] == phrase), None)
