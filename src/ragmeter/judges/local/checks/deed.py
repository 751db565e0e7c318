"""A deed that the passage gives to someone else.

"Dr. Helena Voss designed the dosing protocol for the trial." where the passage says "Dr. Helena
Voss led the trial, while pharmacologist Amir Castell designed its dosing protocol"; "Moreau &
Lindqvist delivered the fairness opinion." where "the deal was advised by Moreau & Lindqvist,
while the board hired Tallis Partners to deliver a fairness opinion". Each name and each deed is
in the passage, so overlap, sentence vectors and the small verifier call the claim supported;
no clause of it is a copy with one slot changed (substitution.py), since the claim joins the
name of one statement to the deed of another.

The claim is read as who (the names it opens with) and what (its other content words, at least
two). It is flagged where one premise statement (a sentence, or one of the statements a sentence
joins at ";", "while", "whereas", "but" or ", and <Name>") says nearly all of the what, with
another name before it and none of the claim's who; the claim's who is named in another
statement of the passage; and no statement says the what with the claim's who. A statement that
says the deed with a pronoun ("she designed it") names no one else and decides nothing.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache

from ....text.words import TOKEN
from .substitution import _PRONOUNS, _STOP, _content, premises_of, statements
from .word_forms import TITLES, abbreviates, word_form

MIN_DEED = 0.75  # of the claim's deed words, in the statement that gives the deed to another
OPENING = 3  # the other name is among the statement's first content words
_ACCORDING = word_form("according")
_QUOTE = re.compile(r'["“”]')


_COMPOUND = re.compile(r"\b([A-Z][\w'’]*)-[a-z]")
# a time or a place set before the claim's subject, up to its comma
_SETTING = re.compile(r"^\W*(?:from|in|on|since|after|before|by|until|till|starting|beginning|as\s+of|during|at|"
                      r"under|for)\s+[^,]{1,40},\s*", re.I)


def _who(claim: str, named: frozenset[str]) -> tuple[frozenset[str], frozenset[str]]:
    """The names the claim opens with (after "the" and titles) and all its names."""
    found = [word_form(t) for t in TOKEN.findall(claim)]
    everyone = frozenset(w for w in found if w in named)
    who: list[str] = []
    opening = _SETTING.match(claim)  # "From July 1, hosts must ...": a time or place, not a doer
    for word in [word_form(t) for t in TOKEN.findall(claim[opening.end():])] if opening else found:
        if word in named and word not in TITLES:
            who.append(word)
        elif who or (word not in _STOP and word not in TITLES):
            break
    return frozenset(who), everyone


@lru_cache(maxsize=256)
def _statements(sentences: tuple[str, ...]) -> tuple[tuple[tuple[str, ...], ...], frozenset[str], frozenset[str]]:
    """The words (word_forms.word_form) of each statement of the premise sentences, in order; the
    names (written with a capital, never in lower case); and those of them that can open a
    statement as its doer: written with a capital inside a sentence, or followed by another
    name ("Quint & Rowe reviewed"), not a sentence's first word alone ("Thus", "Everything")."""
    named = premises_of(sentences).named
    said, doers = [], set()
    for sentence in sentences:
        found = TOKEN.findall(sentence)
        # a name inside a compound adjective does nothing ("the Polish-born physicist won ...")
        compound = {word_form(m.group(1)) for m in _COMPOUND.finditer(sentence)}
        doers |= {word_form(t) for t in found[1:] if t[:1].isupper()} - compound
        if len(found) > 1 and found[1][:1].isupper():
            doers.add(word_form(found[0]))
        said += [tuple(word_form(t) for t in TOKEN.findall(part)) for part in statements(sentence)]
    return tuple(said), frozenset(named), frozenset(doers & named)


def _acronym(who: frozenset[str], order: list[str], theirs: list[str]) -> bool:
    """Whether a name of the claim's who is an acronym of names in a row of the statement, or
    one of the statement's of the who ("EU" and "European Union")."""
    runs = [theirs[i:j] for i in range(len(theirs)) for j in range(i + 2, min(len(theirs), i + 5) + 1)]
    return any(abbreviates(w, run) for w in who for run in runs) or any(abbreviates(w, order) for w in theirs)


def _opened_by_another(words: Sequence[str], first: int, doers: frozenset[str], everyone: frozenset[str]) -> bool:
    """Whether the statement names another before its deed (words[first]), among its first
    content words, with no pronoun that could be the doer ("it pledged", "he dedicated")."""
    before = [w for w in words[:first] if w not in _STOP or w in _PRONOUNS]
    if any(w in _PRONOUNS or w == _ACCORDING for w in before):  # "according to the University of Georgia"
        return False
    return any(w in doers and w not in everyone and w not in TITLES for w in before[:OPENING])


def another_doer(claim: str, sentences: Sequence[str]) -> float:
    """1.0 when a premise statement gives the claim's deed to another name (module docstring)."""
    if claim.rstrip().endswith("?") or _QUOTE.search(claim):  # a question; words quoted from someone
        return 0.0
    said_by, named, doers = _statements(tuple(sentences))
    who, everyone = _who(claim, named)
    # a word the passage capitalises only to open a sentence ("Catalyst is then added.") is a name
    # of the claim's only where the claim writes it so too ("The catalyst goes in after ...")
    written = {word_form(t) for t in TOKEN.findall(claim) if t[:1].isupper()}
    who = frozenset(w for w in who if w in doers or w in written)
    if not who:
        return 0.0
    order = [w for w in (word_form(t) for t in TOKEN.findall(claim)) if w in who]
    deed = _content([word_form(t) for t in TOKEN.findall(claim)]) - everyone - TITLES
    if len(deed) < 2:
        return 0.0
    if not any(len(deed & set(words)) >= MIN_DEED * len(deed) for words in said_by):
        return 0.0  # no statement says the deed: the usual case, read cheaply
    given_to_other = named_elsewhere = verb_to_other = verb_own = False
    verb = _verb(claim, deed)
    for words in said_by:
        if who & set(words) or _acronym(who, order, [w for w in words if w in named]):
            named_elsewhere = True
            verb_own = verb_own or verb in words
            if len(deed & set(words)) >= MIN_DEED * len(deed):
                return 0.0  # the passage gives the deed to the claim's who
            continue
        said = deed & set(words)
        if len(said) >= MIN_DEED * len(deed):
            first = min(words.index(w) for w in said)
            if _opened_by_another(words, first, doers, everyone):
                given_to_other = True
                verb_to_other = verb_to_other or verb in said
    # a claim that joins two statements ("The Wall was opened on 9 November 1989, almost a year
    # before reunification"): its verb is in no statement that gives the rest to another, and in
    # its who's own ("Dr. Voss designed ..." against "Castell designed": flagged)
    return float(given_to_other and named_elsewhere and (verb_to_other or not verb_own))


_APPOSITION = re.compile(r",[^,]*,")


def _verb(claim: str, deed: set[str]) -> str | None:
    """The claim's first deed word, its verb as a rule, after a phrase set off by commas ("Dr.
    Helena Voss, the lead investigator, designed ...": "designed")."""
    plain = _APPOSITION.sub(" ", claim, count=1)
    return next((w for w in (word_form(t) for t in TOKEN.findall(plain)) if w in deed), None)
