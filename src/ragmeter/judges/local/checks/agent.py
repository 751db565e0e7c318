"""A deed done "by" one party that the passage says was done by another.

"Revenue growth of 8% was driven mainly by the parcel division." where the passage says "revenue
grew 8% year over year, driven mainly by its cold-chain logistics unit. The parcel division's
revenue was flat."; "Such disputes are heard by the district court" where "Disputes over deposits
are heard by the Regional Housing Tribunal rather than the district court". Every word is in the
passage, and the deed-by-name check (deed.py) reads only claims that open with their doer.

Both sides say the deed with "by": the claim in the passive ("<thing> was <verb> by <doer>", up
to five words between the verb and "by"), the premise with "by" right after the verb or an
adverb, in the passive or after a participle ("driven mainly by ..."; five words between let in
a supported dev claim and no contrast answer), the same verb by its word form. The claim is flagged where a premise
sentence gives the verb to a doer that shares no content word with the claim's, the claim's doer
is named in the passage (a doer made up is the claim model's to find), at least half the other
words of the claim's clause are in that sentence (none needed where the clause names the thing
with a pronoun, "It was written by ..."), and no premise sentence gives the verb to the claim's
doer. "by X rather than Y" gives the deed to X only. Not read: verbs whose deed many may do at
once or that tell no deed ("used by", "known by", "caused by", "tried by"), a possibility ("could
be tried by"), a question. Only the "by" forms are read: the active ("Lucía Ferrandis designed
the hall") has no marked doer, and reading the words before a verb as its doer flagged 28 of 55
supported dev and train claims (version 59's first form).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache

from ....text.segments import split_clauses
from ....text.words import STOPWORDS, TOKEN
from .substitution import PRONOUNS
from .word_forms import word_form

# "<be> [adverb] <verb> [up to five words] by <doer>", not after "could", "might" or "may"
_PASSIVE = re.compile(r"(?<!could )(?<!might )(?<!may )\b(?:is|are|was|were|be|been|being|get|gets|got)\s+"
                      r"(?:(?:\w+ly|later|then|also|first|often|still|now|never|already|soon|once)\s+)?"
                      r"(?P<verb>[a-z]{3,})\s+(?:[\w'’-]+\s+){0,5}?by\s+(?P<doer>[^,;:.()]+)", re.I)
# the doer's phrase ends where another phrase or clause begins
_DOER_END = re.compile(r"\s+(?:rather\s+than|instead\s+of|not|who|which|that|and|or|via|through|with|using|by|in|on|"
                       r"at|for|within|after|before|during|since|from|to|as|because|under|\w+ing|\w+ly)\b.*$", re.I)
_MANY = frozenset(word_form(w) for w in """used made done given taken held seen known called followed accompanied
surrounded covered affected influenced inspired caused supported replaced characterized characterised dominated
shared visited read watched played tried attended loved liked hated enjoyed described mentioned cited""".split())
_SHAPE = re.compile(r"(?:ed|en|wn|ne|lt|ght|nt|ld|id|de|rd|un|ok|ot|ung)$")  # a past participle's ending
_MANNER = frozenset(word_form(w) for w in "mainly largely mostly partly chiefly primarily jointly later first".split())
THING_SHARE = 0.5  # of the claim's words about the thing done, in the premise statement


def _content(text: str) -> list[str]:
    return [word_form(w) for w in (t.lower() for t in TOKEN.findall(text))
            if w not in STOPWORDS and w not in PRONOUNS and len(w) > 1]


def _doer(phrase: str) -> frozenset[str]:
    return frozenset(_content(_DOER_END.sub("", phrase)))


@lru_cache(maxsize=4096)
def _deeds(text: str) -> tuple[tuple[str, frozenset[str], frozenset[str]], ...]:
    """(verb's word form, doer words, the clause's other words) for each "by" passive of the text."""
    found = []
    for clause in split_clauses(text):
        for m in _PASSIVE.finditer(clause):
            if _SHAPE.search(m.group("verb").lower()) and word_form(m.group("verb")) not in _MANY:
                doer = _doer(m.group("doer"))
                verb = word_form(m.group("verb").lower())
                found.append((verb, doer, frozenset(_content(clause)) - doer - {verb} - _MANNER))
    return tuple(found)


def _doer_of(verb: str, text: str) -> tuple[frozenset[str], frozenset[str]] | None:
    """(doer words, the text's other words) of the verb where the text says it "by" someone (in
    the passive, or after it as a participle: "driven mainly by its cold-chain unit"); None where
    it does not."""
    for clause in split_clauses(text):
        words = TOKEN.findall(clause)
        stems = [word_form(w) for w in words]
        if verb not in stems:
            continue
        at = stems.index(verb)
        by = re.match(r"(?:\w+ly\s+)?by\s+(.*)", " ".join(words[at + 1:]), re.I)
        if by:
            doer = _doer(by.group(1))
            return doer, frozenset(_content(text)) - doer - {verb}
    return None


def agent_swapped(claim: str, sentences: Sequence[str]) -> float:
    """1.0 when a premise sentence gives the claim's "by" deed to another doer (module docstring),
    else 0.0."""
    if "?" in claim:
        return 0.0
    passage = frozenset(w for s in sentences for w in _content(s))
    for verb, doer, thing in _deeds(claim):
        if not doer or not doer <= passage:
            continue
        others, own = False, False
        for sentence in sentences:
            theirs = _doer_of(verb, sentence)
            if theirs is None or not theirs[0]:
                continue
            if theirs[0] & doer:
                own = True
                break
            words = theirs[0] | theirs[1]
            others = others or not thing or len(thing & words) >= THING_SHARE * len(thing)
        if others and not own:
            return 1.0
    return 0.0
