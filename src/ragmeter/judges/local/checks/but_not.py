"""What a premise sets aside with "but not", "rather than" or "instead of" said as if it held.

"Ferrule keeps messages in order both within and across partitions." where the passage says
"Message ordering is preserved within a partition but not across partitions."; "The policy covers
earthquake damage" where it "covers flood damage but not earthquake damage". The denial has no
verb of its own, so the negation check, which reads whole clauses, finds the claim's words in the
clause before it, which is not negated.

A premise sentence is read as "<statement> but not <phrase>" (also "and", "though", "although"
or "yet not"; not "last but not least"), or "<statement> rather than | instead of <phrase>"
(version 60: "Agriculture relies on rainfall soaking into the plateau's soils" where "rainfall
runs off into the Tessa gorge rather than soaking in"; not in a sentence that tells what is usual,
preferred or true of most, "Most visitors arrive by train rather than by car"; nor where the claim
names its subject with a word the statement lacks, "Patients with complications recover in
hospital" where "Patients with mild symptoms recover at home rather than in hospital"). The
phrase has up to PHRASE_WORDS words, no verb of being, having or doing and no "if", "when",
"unless", "until" or "because" (a clause, the negation check's to read). A clause of the claim
is flagged where it says the phrase word for word (its opening article aside; by stem, and "into"
for "in") right after a word of the statement (joining words aside: "within and across
partitions"), not inside a case it picks out ("Visitors who arrive by car ..."), has no negation
of its own and sets nothing aside in other words ("excluding", "except", "lost", "closed" ...),
at least MIN_SHARED of its other content words are in the statement, MIN_COVERAGE of them in the
statement or elsewhere in the passage ("On 3.x Ferrule keeps messages in order": "Ferrule" is
named in another sentence), and no other premise clause says the phrase plainly.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache

from ....text.segments import content_set, coverage, negated, split_clauses, stem, tokens

_BUT_NOT = re.compile(r"(?P<head>[^;:.!?]+?)\s*,?\s+(?P<mark>(?:but|and|though|although|yet)\s+not|rather\s+than|instead\s+of)"
                      r"\s+(?P<phrase>[^,;:.!?()]+)", re.I)
_VERBISH = frozenset("is are was were be been being has have had do does did can could will would shall should may "
                     "might must if when unless until because".split())
_ARTICLES = frozenset("a an the".split())
# a claim clause that sets the phrase aside itself, in other words ("covers flood damage, excluding
# earthquake damage", "ordering across partitions is lost", "closed on Sundays")
_ASIDE = re.compile(r"\b(?:except|excepting|excluding|exclude[sd]?|other\s+than|apart\s+from|besides|unlike|without|"
                    r"lost|loses|lose|closed|outside|lacks?|lacking|fails?|failed|no\s+longer|neither|nor|instead)\b", re.I)
# a sentence that tells what is usual or preferred: its "rather than" excludes nothing
_USUALLY = re.compile(r"\b(?:often|usually|generally|typically|tend|tends|prefer|prefers|preferred|commonly|normally"
                      r"|most|mostly|majority|mainly|largely)\b", re.I)
_MARKS = re.compile(r"\bnot\b|\brather\s+than\b|\binstead\s+of\b", re.I)
_IDIOM = re.compile(r"\blast\s+but\s+not\s+least\b", re.I)
PHRASE_WORDS = 4
MIN_SHARED = 2
MIN_COVERAGE = 0.75


@lru_cache(maxsize=4096)
def _set_aside(sentence: str) -> list[tuple[frozenset[str], frozenset[str], list[str], bool]]:
    """(the statement's content words, all its words, the words of the phrase it sets aside,
    whether it is set aside with "rather than" or "instead of") for each such phrase that is no
    clause of its own."""
    found = []
    for m in _BUT_NOT.finditer(_IDIOM.sub(" ", sentence)):
        if m.group("mark").lower().startswith(("rather", "instead")) and _USUALLY.search(sentence):
            continue  # "visitors mostly arrive by train rather than by car": what is usual, no exclusion
        phrase = tokens(m.group("phrase"))
        if phrase and phrase[0] in _ARTICLES:
            phrase = phrase[1:]
        if 0 < len(phrase) <= PHRASE_WORDS and not _VERBISH & set(phrase) and content_set(" ".join(phrase)):
            rather = not m.group("mark").lower().endswith("not")
            found.append((content_set(m.group("head")), frozenset(tokens(m.group("head"))), phrase, rather))
    return found


# a phrase said with another small word of place ("soaking in", "soaking into the soil")
_PLACE_WORDS = {"into": "in", "onto": "on", "upon": "on"}


def _says_at(words: list[str], phrase: list[str]) -> int:
    """Where the words say the phrase word for word (by stem, "into" for "in"), -1 where they do not."""
    def read(ws: list[str]) -> list[str]:
        return [stem(_PLACE_WORDS.get(w, w)) for w in ws]

    n, said = len(phrase), read(phrase)
    return next((k for k in range(len(words) - n + 1) if read(words[k:k + n]) == said), -1)


# words that may stand between what the statement says and the phrase ("within and across partitions")
_JOINING = frozenset("and or both also even as well to for of a an the".split())


# the phrase said of a case the claim picks out ("Visitors who arrive by car can use the garage"),
# not of what holds
_CASE_WORDS = frozenset("who whom whose which that if when whenever where unless".split())


def _said_elsewhere(phrase: list[str], sentences: Sequence[str]) -> bool:
    """Does a premise clause with no negation and no setting aside say the phrase ("Patients with
    complications are treated in hospital." beside "... at home rather than in hospital")?"""
    return any(_says_at(tokens(clause), phrase) >= 0 and not negated(clause) and not _MARKS.search(clause)
               for sentence in sentences for clause in split_clauses(sentence) or [sentence])


def set_aside_said(claim: str, sentences: Sequence[str]) -> float:
    """1.0 when a clause of the claim says, without a negation, what a premise sentence sets aside
    with "but not", "rather than" or "instead of" (module docstring), and no other premise clause
    says it plainly, else 0.0."""
    if "?" in claim:
        return 0.0
    aside = [found for s in sentences if _MARKS.search(s) for found in _set_aside(s)]
    if not aside:
        return 0.0
    passage: frozenset[str] | None = None
    for clause in split_clauses(claim) or [claim]:
        if negated(clause) or _ASIDE.search(clause):
            continue
        words = tokens(clause)
        for head, said, phrase, rather in aside:
            at = _says_at(words, phrase)
            if at >= 0 and not _CASE_WORDS & set(words[max(0, at - 4):at]):
                if rather and content_set(" ".join(words[:at])) - head:
                    continue  # said of a subject the statement does not name ("patients with complications")
                # the phrase said of what the statement says: the word before it (joining words
                # aside) is one of the statement's ("is preserved across partitions")
                before = next((w for w in reversed(words[:at]) if w not in _JOINING), "")
                rest = content_set(clause) - content_set(" ".join(phrase))
                if not ((before in said or content_set(before) & head) and len(rest & head) >= MIN_SHARED):
                    continue
                if passage is None:
                    passage = frozenset().union(*(content_set(sentence) for sentence in sentences))
                if coverage(rest, passage) >= MIN_COVERAGE and not _said_elsewhere(phrase, sentences):
                    return 1.0
    return 0.0
