"""A claim that denies what the passage says plainly: the mirror of negated_phrase.py.

"The treaty, signed in 1612, did not end the border warfare between Arsland and Touvain, though
it did set the Lessa River as their shared frontier." where the passage says "It ended a decade
of border warfare and established the Lessa River as the shared frontier.": the claim tells the
rest in words of its own, so no premise sentence holds most of its words and neither the
clause-level negation check nor negation_moved (both need 70% of the claim's content words in
one premise sentence) reads it.

This check reads only the denial and the words after it. In each clause of the claim, "not" or
"never" (contractions and "cannot" opened: "didn't end" is "did not end") governs the first
content word after it, passing over "be", "still", "actually", ... and, as a denial of need,
"need to" / "have to" / "required to": the denied word ("end"). Its object is the next content
words of the clause (up to OBJECT_WORDS: "border warfare"). The claim is flagged where a premise
clause says the denied word plainly with at least min(2, len(object)) of those words in the
WINDOW words after it, and no premise clause says it denied with them.

Not read: a denial in a condition ("if you do not renew", "unless", "until", "whether"), "not
only", "not just", "not necessarily", "not always", "not all", a denial in a relative clause
("tenants who cannot pay"), a double denial ("should not be taken without food"). Not read
against a premise clause that says it in a condition, denies it in other words before it ("failed
to end", "avoid", "no longer"), says it of a subject the claim does not name (its content words
before the denied word, if any, must share one with the claim's before its denial: "Adults may
take aspirin" is no premise for "Children should not take aspirin"), or, for a denial of need ("does not have to relate"), says
it may be done ("may", "can", "optional"): that something may be done does not say it must.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache

from ....text.segments import STOPWORDS
from .word_forms import word_form, words

OBJECT_WORDS = 3  # content words after the denied one that the premise must say near it
WINDOW = 6  # words after the premise's plain word in which they must stand
_CLAUSES = re.compile(r"[,;:()\u2014\u2013]|\s-\s")
_DENIALS = frozenset(word_form(w) for w in ("not", "never"))
_NEVER = word_form("never")
_CASE = frozenset(word_form(w) for w in "if unless until whether when whenever".split())
_NO_DENIAL_AFTER = frozenset(word_form(w) for w in "only just merely simply necessarily always all every even "
                                                   "so too very".split())
_PASSED_OVER = frozenset(word_form(w) for w in "be been being get got to still yet ever even really actually "
                                               "always entirely fully quite currently usually generally originally "
                                               "initially previously formerly automatically directly immediately "
                                               "officially completely explicitly specifically typically normally "
                                               "routinely".split())
_NEED = frozenset((word_form(a), word_form(b)) for a, b in (("need", "to"), ("have", "to"), ("required", "to"),
                                                              ("necessary", "to")))
_RELATIVE = frozenset(word_form(w) for w in ("who", "that", "which", "whose", "whom"))
# a premise clause with one of these before the word says it denied or restricted in other terms
_DENYING = frozenset(word_form(w) for w in "not never no nor without fail fails failed refuse refused decline "
                                           "declined avoid prevent prevents stop stops unable longer neither "
                                           "exempt lack lacks".split())
_MAY = frozenset(word_form(w) for w in "may can could might optional optionally".split())
# a hedged denial ("might not return") claims nothing firm; a denial followed by one of these
# restricts in time or scope ("were not published until 1902")
_HEDGES = frozenset(word_form(w) for w in "might may could".split())
_RESTRICTED = frozenset(word_form(w) for w in "until before unless except".split())
_CLAIM_CASE = _CASE | frozenset(word_form(w) for w in "ensure sure lest provided providing assuming".split())
_CASE_PAIRS = frozenset((word_form(a), word_form(b)) for a, b in (("so", "that"), ("as", "long"), ("in", "order")))
_WILL = word_form("will")
# "not" denies a deed where an auxiliary says it ("did not end", "cannot be changed"); "but not
# gradual leaks" excludes a thing, which the premise may say plainly as excluded
_AUXILIARIES = frozenset(word_form(w) for w in "do does did is are was were be been has have had can could will would "
                                               "shall should must may might need".split())
# words after a phrase that deny it in the premise ("Damage caused by gradual leaks ... is excluded")
_DENIED_AFTER = frozenset(word_form(w) for w in "not never excluded prohibited forbidden banned barred denied rejected "
                                                "void invalid".split())  # a premise that says what will be done does not say it was
_CAPITALISED = re.compile(r"(?<=[a-z,;:]\s)[A-Z][\w'-]*")
_DOUBLE = frozenset(word_form(w) for w in "without no nothing none unless except".split())


_STOP = STOPWORDS | frozenset(word_form(w) for w in STOPWORDS)


def _content(word: str) -> bool:
    return word.isalpha() and len(word) > 2 and word not in _STOP


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


def _names(text: str) -> frozenset[str]:
    """Words written with a capital after a sentence's first word, as words() reads them."""
    return frozenset(word_form(m.group()) for m in _CAPITALISED.finditer(text))


def _claim_case(before: tuple[str, ...]) -> bool:
    """A condition or a purpose before the denial ("if", "so that", "as long as", "to ensure")."""
    pairs = set(zip(before, before[1:]))
    return bool(set(before) & _CLAIM_CASE or pairs & _CASE_PAIRS)


def _denials(claim: str) -> list[tuple[str, tuple[str, ...], bool, frozenset[str], bool]]:
    """(denied word, its object words, a denial of need, the claim's content words before the
    denial, "will" said just before it) for each denial of the claim read."""
    out = []
    earlier: list[str] = []
    names = _names(claim)
    for clause, _ in _clauses(claim):
        earlier_here = list(earlier)
        earlier += [w for w in clause if _content(w)]
        for k, word in enumerate(clause):
            if word not in _DENIALS or k + 1 >= len(clause) or clause[k + 1] in _NO_DENIAL_AFTER:
                continue
            if word != _NEVER and not (k and clause[k - 1] in _AUXILIARIES):
                continue
            if (_claim_case(clause[:k]) or set(clause[max(0, k - 3):k]) & _RELATIVE or (k and clause[k - 1] in _HEDGES)
                    or set(clause[k + 1:]) & (_DOUBLE | _RESTRICTED)):
                continue
            at, need = k + 1, False
            while at < len(clause) and clause[at] in _PASSED_OVER:
                at += 1
            if tuple(clause[at:at + 2]) in _NEED:
                at, need = at + 2, True
                while at < len(clause) and clause[at] in _PASSED_OVER:
                    at += 1
            if at >= len(clause) or not _content(clause[at]) or clause[at] in names:
                continue
            obj = tuple(w for w in clause[at + 1:] if _content(w) or w.isdigit())[:OBJECT_WORDS]
            if obj:
                out.append((clause[at], obj, need, frozenset(earlier_here + [w for w in clause[:k] if _content(w)]),
                            _WILL in clause[max(0, k - 3):k]))
    return out


def _said(word: str, obj: tuple[str, ...], clause: tuple[str, ...], conditional: bool) -> list[tuple[int, bool]]:
    """Where the clause says the word with enough of its object after it: (position, denied or
    said in a condition there)."""
    need = min(2, len(obj))
    found = []
    for i, w in enumerate(clause):
        if w == word and len(set(obj) & set(clause[i + 1:i + 1 + WINDOW])) >= need:
            denied = set(clause[:i]) & (_DENYING | _CASE) or set(clause[i + 1:]) & _DENIED_AFTER
            found.append((i, conditional or bool(denied)))
    return found


def denied_said(claim: str, sentences: Sequence[str]) -> bool:
    """Does the claim deny a word and its object that a premise clause says plainly, of no other
    subject, and no premise clause denies (the module's docstring)?"""
    denials = _denials(claim)
    if not denials:
        return False
    clauses = [c for s in sentences if not s.rstrip().endswith("?") for c in _clauses(s)]
    for word, obj, need, said_of, will in denials:
        plain = []
        for clause, conditional in clauses:
            for i, denied in _said(word, obj, clause, conditional):
                if denied:
                    break
                before = {w for w in clause[:i] if _content(w)}
                if ((not before or before & said_of) and not (need and set(clause[:i]) & _MAY)
                        and (will or _WILL not in clause[max(0, i - 2):i])):
                    plain.append(clause)
            else:
                continue
            plain = []  # a premise that says it denied too decides nothing
            break
        if plain:
            return True
    return False
