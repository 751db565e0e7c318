"""What a premise sets aside with "but not" said as if it held.

"Ferrule keeps messages in order both within and across partitions." where the passage says
"Message ordering is preserved within a partition but not across partitions."; "The policy covers
earthquake damage" where it "covers flood damage but not earthquake damage". The denial has no
verb of its own, so the negation check, which reads whole clauses, finds the claim's words in the
clause before it, which is not negated.

A premise sentence is read as "<statement> but not <phrase>" (also ", and not" and "though not"),
the phrase up to PHRASE_WORDS words with no verb of being, having or doing and no clause after it.
The claim is flagged where it says the phrase word for word (its opening article aside), has no
negation of its own, at least MIN_SHARED of its other content words are in the statement, and
MIN_COVERAGE of them in the statement or elsewhere in the passage ("On 3.x Ferrule keeps messages
in order": "Ferrule" is named in another sentence).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ....text.segments import content_set, coverage, negated, tokens

_BUT_NOT = re.compile(r"(?P<head>[^;:.!?]+?)\s*,?\s+(?:but|and|though|although|yet)\s+not\s+(?P<phrase>[^,;:.!?()]+)",
                      re.I)
_VERBISH = frozenset("is are was were be been being has have had do does did can could will would shall should may "
                     "might must".split())
_ARTICLES = frozenset("a an the".split())
PHRASE_WORDS = 4
MIN_SHARED = 2
MIN_COVERAGE = 0.75


def _set_aside(sentence: str) -> list[tuple[frozenset[str], list[str]]]:
    """(the statement's content words, the words of the phrase it sets aside) for each "but not"."""
    found = []
    for m in _BUT_NOT.finditer(sentence):
        phrase = tokens(m.group("phrase"))
        if phrase and phrase[0] in _ARTICLES:
            phrase = phrase[1:]
        if 0 < len(phrase) <= PHRASE_WORDS and not _VERBISH & set(phrase) and content_set(" ".join(phrase)):
            found.append((content_set(m.group("head")), phrase))
    return found


def _says(words: list[str], phrase: list[str]) -> bool:
    n = len(phrase)
    return any(words[k:k + n] == phrase for k in range(len(words) - n + 1))


def set_aside_said(claim: str, sentences: Sequence[str]) -> float:
    """1.0 when the claim says, without a negation, what a premise sentence sets aside with "but
    not" (module docstring), else 0.0."""
    if negated(claim):
        return 0.0
    words = tokens(claim)
    passage = frozenset().union(*(content_set(sentence) for sentence in sentences))
    for sentence in sentences:
        if " not " not in f" {sentence.lower()} ":
            continue
        for head, phrase in _set_aside(sentence):
            if not _says(words, phrase):
                continue
            rest = content_set(claim) - content_set(" ".join(phrase))
            if len(rest & head) >= MIN_SHARED and coverage(rest, passage) >= MIN_COVERAGE:
                return 1.0
    return 0.0
