"""A claim that denies what the passage says plainly: the mirror of negated_phrase.py.

"The treaty, signed in 1612, did not end the border warfare between Arsland and Touvain, though
it did set the Lessa River as their shared frontier." where the passage says "It ended a decade
of border warfare and established the Lessa River as the shared frontier.": the claim tells the
rest in words of its own, so no premise sentence holds most of its words and neither the
clause-level negation check nor negation_moved (both need 70% of the claim's content words in
one premise sentence) reads it.

This check reads only the denial and the words after it. In each clause of the claim ("but",
"though", "whereas", "while" also end one), "not" after an auxiliary, or "never" (contractions
and "cannot" opened: "didn't end" is "did not end"), governs the first content word after it,
passing over "be", "still", "actually", ... and, as a denial of need, "need to" / "have to" /
"required to": the denied word ("end"). Its object is the clause's next content words (up to
OBJECT_WORDS: "border warfare"). The claim is flagged where a premise clause says the denied word
plainly, with at least min(2, len(object)) of those words in the WINDOW words after it, one of
them within NEAR words, and no premise clause says it denied.

A claim's denial is not read where it stands in a condition, a purpose or a report ("if",
"unless", "so that", "as long as", "to ensure", "critics said"), is hedged ("might not"), denies a
name, is "not only / just / all / every / necessarily", follows a relative word ("tenants who
cannot pay"), is limited by a scope word after "not" ("not fully", "not usually",
"not automatically") or by a bound or scope anywhere after it ("until", "after", "more than",
"all", "by default", "anymore"), or denies twice ("should not be taken without food").

A premise clause does not count where it says the word in a condition, denies or restricts it in
other words before it ("failed to end", "avoid", "only") or after it ("... is excluded",
"without", "instead", "until"), says what will or should be done ("will integrate", "is expected
to approve"), says it may be done (against a denial of need), or says it of another subject:
its first content word and a number among its first two before the word must be the claim's,
and a content word before it must be one of the claim's before its denial ("Adults may take aspirin" is no premise
for "Children should not take aspirin"; "Version 4 of the CLI reads ..." none for "version 5").
A premise clause with no subject (an instruction, or a clause after a comma: "The employer, not
the employee, pays ...") counts only for a claim about no one in particular ("you", "customers").
A claim word the clause lacks that another premise clause says with a denial or a restriction
("Take the supplement daily. Pregnant women are advised to avoid it.") leaves the claim alone, as
does a preposition before an object word other than the claim's ("completed behind schedule"
for "not completed on schedule").
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache
from typing import NamedTuple

from ....text.segments import STOPWORDS
from .word_forms import word_form, words

OBJECT_WORDS = 3  # content words after the denied one that the premise must say near it
WINDOW = 6  # words after the premise's plain word in which they must stand
NEAR = 4  # and one of them within this many


def _forms(text: str) -> frozenset[str]:
    return frozenset(word_form(w) for w in text.split())


_CLAUSES = re.compile(r"[,;:()\u2014\u2013]|\s-\s")
_CONTRAST = re.compile(r"\s(?:but|although|though|whereas|while)\s", re.I)
_CAPITALISED = re.compile(r"(?<=[a-z,;:]\s)[A-Z][\w'-]*")
_STOP = STOPWORDS | _forms(" ".join(STOPWORDS))
_NEVER = word_form("never")
_DENIALS = _forms("not never")
# "not" denies a deed where an auxiliary says it ("did not end", "cannot be changed"); "but not
# gradual leaks" excludes a thing, which the premise may say plainly as excluded
_AUXILIARIES = _forms("do does did is are was were be been has have had can could will would shall should must may "
                      "might need")
_NOT_A_DENIAL = _forms("only just merely simply necessarily always all every even so too very")
_PASSED_OVER = _forms("be been being get got to still yet ever even really actually quite")
_SCOPED = _forms("always entirely fully currently usually generally originally initially previously formerly "
                 "automatically directly immediately officially completely explicitly specifically typically "
                 "normally routinely necessarily")
_NEED = frozenset((word_form(a), word_form(b)) for a, b in (("need", "to"), ("have", "to"), ("required", "to"),
                                                              ("necessary", "to")))
_RELATIVE = _forms("who that which whose whom")
_HEDGES = _forms("might may could")
_CASE = _forms("if unless until whether when whenever")
_CLAIM_CASE = _CASE | _forms("ensure sure lest provided providing assuming said say says reported argued claimed "
                             "complained found insisted according")
_CASE_PAIRS = frozenset((word_form(a), word_form(b)) for a, b in (("so", "that"), ("as", "long"), ("in", "order")))
_RESTRICTED = _forms("until before unless except after beyond past outside more over longer than every all any alone "
                     "solely default anymore now today since")
_DOUBLE = _forms("without no nothing none unless except")
# a premise clause with one of these before the word denies or restricts it in other terms
_DENYING = _forms("not never no nor without fail fails failed refuse refused decline declined avoid prevent prevents "
                  "stop stops unable longer neither exempt lack lacks only")
# ... or with one of these after it ("Damage caused by gradual leaks ... is excluded")
_DENIED_AFTER = _forms("not never excluded prohibited forbidden banned barred denied rejected void invalid without "
                       "only except instead rather until till since unless excluding")
_RESTRICTING = _DENYING | _DENIED_AFTER | _forms("unlike unsuitable advised")
_MAY = _forms("may can could might optional optionally")
_PLANNED = _forms("will should ought expected plans planned intends intended aims proposed hopes scheduled going "
                  "would")
_WILL = word_form("will")
# a claim about no one in particular, which an instruction of the passage speaks of
_ANYONE = _forms("you your yours one anyone everyone people person users user customers customer patients patient "
                 "staff employees employee visitors visitor members member passengers passenger guests guest")
_PREPOSITIONS = _forms("on in at into onto from to by for with behind ahead before after within under over above below "
                       "through across toward towards")


class Denial(NamedTuple):
    """One denial of a claim, as this check reads it."""

    word: str                   # the denied word ("end")
    obj: tuple[str, ...]        # the next content words ("border", "warfar", "arsland")
    led_by: dict[str, str]      # the preposition right before an object word, where there is one
    need: bool                  # a denial of need ("does not have to relate")
    said_of: frozenset[str]     # the claim's content words (and numbers) before the denial
    will: bool                  # "will" just before the denial


def _content(word: str) -> bool:
    return word.isalpha() and len(word) > 2 and word not in _STOP


def _subject_word(word: str) -> bool:
    return _content(word) or word.isdigit()


@lru_cache(maxsize=16384)  # each premise sentence is read for every claim beside it
def _clauses(text: str) -> tuple[tuple[tuple[str, ...], bool], ...]:
    """The text's clauses as words, each with whether an earlier clause of it opens a condition
    ("When failure to reimburse employees - including mileage - causes ...")."""
    out: list[tuple[tuple[str, ...], bool]] = []
    conditional = False
    for part in _CLAUSES.split(text):
        clause = tuple(words(part))
        if clause:
            out.append((clause, conditional))
            conditional = conditional or bool(set(clause) & _CASE)
    return tuple(out)


def _claim_case(before: tuple[str, ...]) -> bool:
    """A condition, a purpose or a report before the denial ("if", "so that", "as long as", "said")."""
    return bool(set(before) & _CLAIM_CASE or set(zip(before, before[1:])) & _CASE_PAIRS)


def _denied_word(clause: tuple[str, ...], k: int) -> tuple[int, bool] | None:
    """Where the word the denial at k governs stands, and whether it denies a need; None where
    the denial is not read (the module's docstring)."""
    if k + 1 >= len(clause) or clause[k + 1] in _NOT_A_DENIAL:
        return None
    if clause[k] != _NEVER and not (k and clause[k - 1] in _AUXILIARIES):
        return None
    if (_claim_case(clause[:k]) or set(clause[max(0, k - 3):k]) & _RELATIVE or (k and clause[k - 1] in _HEDGES)
            or set(clause[k + 1:]) & (_DOUBLE | _RESTRICTED)):
        return None
    at, need = k + 1, False
    while at < len(clause) and clause[at] in _PASSED_OVER:
        at += 1
    if at < len(clause) and clause[at] in _SCOPED:
        return None
    if tuple(clause[at:at + 2]) in _NEED:
        at, need = at + 2, True
        while at < len(clause) and clause[at] in _PASSED_OVER:
            at += 1
    return (at, need) if at < len(clause) and _content(clause[at]) else None


def _denials(claim: str) -> list[Denial]:
    """Each denial of the claim this check reads."""
    out = []
    earlier: list[str] = []
    names = frozenset(word_form(m.group()) for m in _CAPITALISED.finditer(claim))
    for clause, _ in _clauses(_CONTRAST.sub(", ", claim)):
        before_clause = list(earlier)
        earlier += [w for w in clause if _subject_word(w)]
        for k, word in enumerate(clause):
            found = _denied_word(clause, k) if word in _DENIALS else None
            if found is None or clause[found[0]] in names:
                continue
            at, need = found
            after = [(j, w) for j, w in enumerate(clause[at + 1:], start=at + 1) if _subject_word(w)][:OBJECT_WORDS]
            if not after:
                continue
            led_by = {w: clause[j - 1] for j, w in after if clause[j - 1] in _PREPOSITIONS}
            said_of = frozenset(before_clause + [w for w in clause[:k] if _subject_word(w)])
            out.append(Denial(clause[at], tuple(w for _, w in after), led_by, need, said_of,
                              _WILL in clause[max(0, k - 3):k]))
    return out


def _said(denial: Denial, clause: tuple[str, ...]) -> list[int]:
    """Where the clause says the denied word with enough of its object after it (each object
    word the claim puts after a preposition after the same one here)."""
    need = min(2, len(denial.obj))
    found = []
    for i, w in enumerate(clause):
        if w != denial.word:
            continue
        window = clause[i + 1:i + 1 + WINDOW]
        matched = [j for j, x in enumerate(window, start=i + 1) if x in denial.obj]
        if (len({clause[j] for j in matched}) >= need and any(j <= i + NEAR for j in matched)
                and all(clause[j - 1] == denial.led_by[clause[j]] for j in matched if clause[j] in denial.led_by)):
            found.append(i)
    return found


def _another_subject(denial: Denial, clause: tuple[str, ...], i: int, claim_words: frozenset[str]) -> bool:
    """Does the premise clause say the word at i of a subject the claim does not name?"""
    if i == 0:  # an instruction, or a clause cut after its subject: about anyone only
        return bool(denial.said_of - _ANYONE)
    before = [w for w in clause[:i] if _subject_word(w)]
    if not before:  # "It ended ...": the subject is the passage's own
        return False
    numbers = {w for w in before[:2] if w.isdigit()}  # "Version 4 of the CLI"
    return before[0] not in claim_words or not numbers <= claim_words or not set(before) & denial.said_of


def _qualified_elsewhere(wanted: set[str], clause: tuple[str, ...], clauses) -> bool:
    """Does another premise clause say a claim word this clause lacks with a denial or a restriction?"""
    missing = wanted - set(clause)
    return any(set(other) & missing and set(other) & _RESTRICTING for other, _ in clauses if other is not clause)


def _premise_for(denial: Denial, clauses, claim_words: frozenset[str]) -> bool:
    """Does a premise clause say plainly what the denial denies, and none say it denied?"""
    plain = False
    for clause, conditional in clauses:
        for i in _said(denial, clause):
            if conditional or set(clause[:i]) & (_DENYING | _CASE) or set(clause[i + 1:]) & _DENIED_AFTER:
                return False  # a premise that says it denied too decides nothing
            plain = plain or not (
                _another_subject(denial, clause, i, claim_words)
                or (denial.need and set(clause[:i]) & _MAY)
                or (not denial.will and set(clause[max(0, i - 3):i]) & _PLANNED)
                or _qualified_elsewhere(set(denial.said_of) | set(denial.obj), clause, clauses))
    return plain


def denied_said(claim: str, sentences: Sequence[str]) -> bool:
    """Does the claim deny a word and its object that a premise clause says plainly, of no other
    subject, and no premise clause denies (the module's docstring)?"""
    denials = _denials(claim)
    if not denials:
        return False
    clauses = [c for s in sentences if not s.rstrip().endswith("?") for c in _clauses(s)]
    claim_words = frozenset(words(claim))
    return any(_premise_for(denial, clauses, claim_words) for denial in denials)
