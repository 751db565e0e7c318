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
doer (every place it says the verb, all the "by" names: "produced by Rick Rubin and Brendan
O'Brien", "founded by John Smith, its current CEO"). "by X rather than Y" gives the deed to X
only. Not read: verbs whose deed many may do at once or that tell no deed ("used by", "known by",
"caused by", "tried by"), a possibility ("could be tried by", "might have been"), a clause with a
denial ("are never heard by"), a "by" of a time, date or amount ("completed by 2020", "reduced
by 10%"), a question. The premise's active voice is read only where a capitalised name stands
right before the verb in a past form ("engineer Lucía Ferrandis designed the hall", version 60;
names joined by "and" or commas all count as its doers): reading any words before a verb as its
doer flagged 28 of 55 supported dev and train claims (version 59's first form); this form flags
no more dev or train claims than the "by" forms alone.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache

from ....text.segments import negated, split_clauses
from ....text.words import STOPWORDS, TOKEN
from .substitution import PRONOUNS
from .word_forms import word_form

# "<be> [adverb] <verb> [up to five words] by <doer>", not after "could", "might" or "may" (the
# doer read past the stop of a title: "by Dr. Dre")
_PASSIVE = re.compile(r"(?<!could )(?<!might )(?<!may )(?<!could have )(?<!might have )(?<!may have )\b(?:is|are|was|were|be|been|being|get|gets|got)\s+"
                      r"(?:(?:\w+ly|later|then|also|first|often|still|now|never|already|soon|once)\s+)?"
                      r"(?P<verb>[a-z]{3,})\s+(?:[\w'’-]+\s+){0,5}?by\s+(?P<doer>(?:[^,;:.()]|"
                      r"(?<=\bDr)\.|(?<=\bMr)\.|(?<=\bMs)\.|(?<=\bMrs)\.|(?<=\bSt)\.|(?<=\bJr)\.|(?<=\bProf)\.)+)", re.I)
# the doer's phrase ends where another phrase or clause begins
_DOER_END = re.compile(r"\s+(?:rather\s+than|instead\s+of|not|who|which|that|and|or|via|through|with|using|by|in|on|"
                       r"at|for|within|after|before|during|since|from|to|as|because|under|(?-i:[a-z]\w*ing|[a-z]\w*ly))\b.*$",
                       re.I)
# all a "by" names, co-doers and what is set beside them included, up to what it sets aside
_NAMED_END = re.compile(r"\brather\s+than\b|\binstead\s+of\b|\bnot\b|[;.]", re.I)
# a "by" of a time, a date or an amount names no doer
_NO_DOER = re.compile(r"\s*(?:the\s+)?(?:\d|[$€£]|(?:about|around|roughly|nearly|almost|up\s+to)\s|(?:mon|tues|wednes|thurs|fri|"
                      r"satur|sun)day\b|(?:january|february|march|april|may|june|july|august|september|october|"
                      r"november|december|noon|midnight|tomorrow|tonight|then|now|end|close|start)\b)", re.I)
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
    """(verb's word form, doer words, the clause's other words) for each "by" passive of the text's
    clauses that deny nothing, with a doer that is no time, date or amount ("completed by 2020",
    "submitted by Friday", "reduced by 10%")."""
    found = []
    for clause in split_clauses(text):
        if negated(clause):
            continue
        for m in _PASSIVE.finditer(clause):
            verb = m.group("verb").lower()
            if verb in STOPWORDS or not _SHAPE.search(verb) or word_form(verb) in _MANY or _NO_DOER.match(m.group("doer")):
                continue
            doer = _doer(m.group("doer"))
            found.append((word_form(verb), doer, frozenset(_content(clause)) - doer - {word_form(verb)} - _MANNER))
    return tuple(found)


def _doers_of(verb: str, text: str) -> list[tuple[frozenset[str], frozenset[str], frozenset[str]]]:
    """(doer words, every word the "by" names up to "rather than" or "not", the text's other
    words) for each place the text says the verb "by" someone (in the passive, or after it as a
    participle: "driven mainly by its cold-chain unit")."""
    words = TOKEN.findall(text)
    stems = [word_form(w) for w in words]
    found = []
    for at in (k for k, w in enumerate(stems) if w == verb):
        by = re.match(r"(?:\w+ly\s+)?by\s+(.*)", " ".join(words[at + 1:]), re.I)
        if by:
            doer = _doer(by.group(1))
            named = frozenset(_content(_NAMED_END.split(by.group(1))[0]))  # "by Rick Rubin and Brendan O'Brien"
            found.append((doer, named, frozenset(_content(text)) - doer - {verb}))
    return found


# words that join the names of one subject: "Smith and Jones", "Smith, Jones & Lee"
_NAME_JOINERS = frozenset(("and", "&", ","))
_NAME_TOKEN = re.compile(r"[^\W\d_][\w'’.-]*|[,&]")
# what may follow an active verb as its object: "designed the hall", "designed Porto Vell's hall"
_OBJECT_START = re.compile(r"\s+(?:the|a|an|its|their|his|her|this|that|these|those|two|three|several|many|"
                           r"(?-i:[A-Z])\w*)\b", re.I)


# co-doers named after "with", "alongside" or "and" later in the clause ("designed the hall in
# collaboration with Marc Duran"): any such name spares the claim's doer
_WITH = re.compile(r"\b(?:together\s+with|in\s+collaboration\s+with|alongside|with|and)\s+((?:[A-Z][\w'’.-]*\s*)+)")


def _names_before(text: str) -> tuple[list[str], list[str]]:
    """The capitalised words right before the end of the text (the doer: "Lucía Ferrandis" of
    "engineer Lucía Ferrandis"), and every capitalised word of the run of names joined by "and",
    "&" or commas that ends there (the subject: "Smith" and "Jones" of "Smith and Jones");
    read from the end, word by word."""
    words = _NAME_TOKEN.findall(text)
    doer: list[str] = []
    k = len(words) - 1
    while k >= 0 and words[k][:1].isupper():
        doer.insert(0, words[k])
        k -= 1
    named = list(doer)
    while k >= 0 and (words[k] in _NAME_JOINERS or words[k][:1].isupper()):
        if words[k][:1].isupper():
            named.append(words[k])
        k -= 1
    return doer, named


@lru_cache(maxsize=4096)
def _active_doers(verb: str, sentence: str) -> tuple[tuple[frozenset[str], frozenset[str], frozenset[str]], ...]:
    """(doer words, every name of the subject, the text's other words) for each place a clause
    says the verb in its active form right after a capitalised name and before its object
    ("Lucía Ferrandis designed the hall"; not "The Civil Rights Act passed in 1964 ..."), not in a
    clause that denies it."""
    found = []
    for clause in split_clauses(sentence):
        if negated(clause):
            continue
        for m in re.finditer(r"[\w'’-]+", clause):
            said = m.group(0)
            if word_form(said) != verb or not said.islower() or not _SHAPE.search(said) or said.endswith("ing"):
                continue
            # an active verb has its object after it ("passed in 1964" is a participle)
            if not _OBJECT_START.match(clause[m.end():]):
                continue
            doer_words, named_words = _names_before(clause[:m.start()])
            doer = frozenset(_content(" ".join(doer_words)))
            if doer:
                # co-doers named after "with": "designed the hall in collaboration with Marc Duran"
                partners = [n for w in _WITH.finditer(clause) for n in re.findall(r"[A-Z][\w'’.-]*", w.group(1))]
                named = frozenset(_content(" ".join(named_words + partners))) | doer
                found.append((doer, named, frozenset(_content(clause)) - doer - {verb}))
    return tuple(found)


def agent_swapped(claim: str, sentences: Sequence[str]) -> float:
    """1.0 when a premise sentence gives the claim's "by" deed to another doer (module docstring),
    else 0.0."""
    deeds = _deeds(claim) if "?" not in claim else ()
    if not deeds:
        return 0.0
    passage = frozenset(w for s in sentences for w in _content(s))
    for verb, doer, thing in deeds:
        if not doer or not doer <= passage:
            continue
        others, own = False, False
        for sentence in sentences:
            for theirs, named, rest in [*_doers_of(verb, sentence), *_active_doers(verb, sentence)]:
                if named & doer:
                    own = True
                elif theirs:
                    others = others or not thing or len(thing & (theirs | rest)) >= THING_SHARE * len(thing)
        if others and not own:
            return 1.0
    return 0.0
