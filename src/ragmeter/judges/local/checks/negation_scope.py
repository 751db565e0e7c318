"""A negation moved to another word of a copied sentence: "Migrations ... are not compatible
and need to be regenerated" where the evidence says they "remain compatible and do not need to
be regenerated"; "customers can still cancel the order" where it says "customers cannot cancel
the order but may return the items".

The negation check (checks/negation.py) reads whether a whole clause is negated; both
sentences above are negated somewhere, or split into clauses that the claim does not copy, so it
does not fire. This check reads which word a negation governs: the first content word after
"not", "never", "cannot" or a word ending in "n't" (passing over "still", "yet", "longer", ...),
with the content words joined to it ("not tax-deductible": both). In the premise sentence that best covers the claim (at least MIN_COVERAGE of its
content words), a word negated on one side and said plainly on the other is a contradiction:

- both ways at once (the claim negates a word the sentence says plainly, and says plainly a word
  the sentence negates): the negation moved;
- the sentence negates a word that the claim says plainly, and the claim negates nothing, has no
  word that negates or restricts in other terms ("fails to", "lacks", "unless", "only", "until",
  "before", ...) and, where the negation denies an auxiliary ("cannot", "is not"), says that
  auxiliary ("can still cancel"): the negation dropped. "Employees must complete probation
  before taking leave" for "Employees who have not completed probation cannot take leave"
  restates a condition.

Not the negation dropped (version 49): a claim that denies in other words ("declined to", "denied
that", "a myth", "yet to"; not with the very word the sentence denies: "Members are exempt" for
"not exempt"), an order not to do something restated about the doing in the passage's words
("Mixing bleach with vinegar produces chlorine gas."), a denial of a subject the claim does not
name, and words another clause says plainly ("Firmware 4.2 supports ..." after "The old firmware
did not support ...").

The third case, a negation added to a sentence with none, is the clause-level negation check's.
"Not only ... but also" negates nothing. A word the sentence says both ways decides nothing.
"""

from __future__ import annotations

import re
from typing import Iterable, Sequence

from ....text.segments import STOPWORDS, best_covering, content_set, coverage, memo_short, split_clauses, stem, tokens

MIN_COVERAGE = 0.7  # of the claim's content words, in the premise sentence (as the negation check)
ELSEWHERE_COVERAGE = 0.6  # in another clause that says the negated words plainly
# negations of a verb or an adjective; "no" and "without" negate a noun ("no vegetarians"), which a
# true claim often says plainly in another frame ("predators, not vegetarians")
_NEGATORS = frozenset({"not", "never", "cannot"})
# a negation followed by one of these negates a noun phrase ("not a chemical reaction"), before one
# of these it is no negation of a word ("if not most", "whether or not")
_NOUN_PHRASE = frozenset("a an the any all every each this that these those its their his her our your my".split())
_NOT_AFTER = frozenset("if or whether".split())
# words between a negation and the word it governs ("no longer supports", "not yet approved")
_PASSED_OVER = frozenset("still yet longer necessarily even just really actually ever always entirely fully "
                         "quite currently usually generally".split())
_NOT_YET = re.compile(r"\bnot\s+yet\b", re.I)
# a negation or a restriction in other words: a claim with one of these may say what the premise
# negates, plainly
_IMPLICIT = frozenset("fail fails failed failing lack lacks lacked lacking unless absent absence missing refuse "
                      "refuses refused instead rather except neither nobody nothing none no without unlikely "
                      "unable impossible rarely hardly seldom barely avoid avoids avoided prevent prevents "
                      "prevented only until before poorly insufficient insufficiently inadequate inadequately".split())
# a denial reported (version 49): "declined to ratify", "denied that passwords were exposed", "are
# exempt from paying", "has yet to be tested": read only before the word the premise denies, close
# to it ("... was effective; researchers declined to comment" denies nothing of it)
_DENYING = frozenset(stem(w) for w in "decline declined declining deny denied denying reject rejected rejecting "
                     "dismiss dismissed dismissing disagree disagreed refute refuted exempt neglect neglected "
                     "neglecting struggle struggled struggling waiting yet".split())
DENYING_WINDOW = 8  # words before the denied word ("disagreed with the claim that police had probable cause")
# a denial judged, anywhere in the claim: "The idea that the Great Wall is visible from space is a myth."
_JUDGED_FALSE = frozenset("myth misconception untrue".split())
# "not just", "not merely": the words after them are said, and more besides
_NOT_ONLY = frozenset("only just merely simply".split())
# an order not to do something ("Do not mix bleach with vinegar"), and a claim about the doing
# ("Mixing bleach with vinegar produces chlorine gas") that does not say it is done
_PROHIBITION = re.compile(r"^\W*(?:do\s+not|don't|never)\b", re.I)
_GERUND_SUBJECT = re.compile(r"^\W*\w+ing\b", re.I)
_HARM = content_set("unsafe dangerous hazard hazardous risky harmful inadvisable forbidden prohibited banned")
# the auxiliary a negation denies ("cannot" -> "can", "isn't" -> "is"): a claim that drops the
# negation says it plainly ("customers can still cancel"); one that says the verb under another
# modal ("must complete probation") restates a condition. None: the verb itself is said
_DENIED = {"cannot": "can", "can't": "can", "won't": "will", "shan't": "shall"}
_AUXILIARIES = frozenset("can could may might must shall should will would is are was were has have had".split())
MAX_GOVERNED = 4  # words after a negation that it can govern, those it passes over included
MIN_WORDS = 4  # content words of the claim: a fragment ("monophyletic.") is covered by any sentence


def _is_negator(word: str) -> bool:
    return word in _NEGATORS or word.endswith("n't")


@memo_short
def polarity(text: str) -> tuple[frozenset[str], frozenset[str]]:
    """(stems of the words a negation governs, stems of the content words said plainly), read
    clause by clause (segments.split_clauses: a negation governs nothing past a comma, a
    semicolon, a bracket or "but")."""
    negated: set[str] = set()
    plain: set[str] = set()
    for clause in split_clauses(_NOT_YET.sub("not", text)):  # "yet" there is no clause break
        words = tokens(clause)
        negated_at = _governed(words, clause.lower())
        for k, w in enumerate(words):
            if w not in STOPWORDS and not _is_negator(w) and w not in _PASSED_OVER and len(w) > 1:
                (negated if k in negated_at else plain).add(stem(w))
    return frozenset(negated), frozenset(plain)


def _governed(words: list[str], clause: str) -> set[int]:
    """Positions of the words that a negation of this clause governs: the first content word
    after it, and the words joined to that one by hyphens or after an adverb ("not
    tax-deductible", "not legally binding"), not the next words of the clause ("has not stopped
    Klopp")."""
    negated_at: set[int] = set()
    k = 0
    while k < len(words):
        if (_is_negator(words[k]) and not (k + 1 < len(words) and words[k + 1] in _NOT_ONLY)
                and not (k > 0 and words[k - 1] in _NOT_AFTER)):
            j = k + 1
            while j < len(words) and (words[j] in STOPWORDS or words[j] in _PASSED_OVER) and not _is_negator(words[j]):
                j += 1
            if (j < len(words) and not _is_negator(words[j])
                    and not any(w in _NOUN_PHRASE for w in words[k + 1:j])):
                negated_at.add(j)
                while (j + 1 < len(words) and j + 1 - k <= MAX_GOVERNED and words[j + 1] not in STOPWORDS
                       and (words[j].endswith("ly") or f"{words[j]}-{words[j + 1]}" in clause)):
                    j += 1
                    negated_at.add(j)
            k = j
        else:
            k += 1
    return negated_at


def _implicit(text: str, dropped: frozenset[str]) -> bool:
    """Does the text negate or restrict in other words, with a word that is not itself what the
    premise denies ("The patient failed to take it" where "did not fail to take it")?"""
    return any((w in _IMPLICIT or w in _JUDGED_FALSE) and stem(w) not in dropped for w in tokens(text))


def _reported_denial(claim: str, dropped: frozenset[str]) -> bool:
    """Does the claim deny a word the premise denies with a word of denial before it ("declined to
    ratify"), that word not itself the one denied ("Members are exempt" where "not exempt")?"""
    words = [stem(w) for w in tokens(claim)]
    at = [k for k, w in enumerate(words) if w in dropped]
    return any(w in _DENYING and w not in dropped and any(0 < j - k <= DENYING_WINDOW for j in at)
               for k, w in enumerate(words))


def negation_moved(claim: str, sentences: Sequence[str], min_coverage: float = MIN_COVERAGE) -> float:
    """1.0 when the premise sentence that best covers the claim negates a word that the claim
    says plainly and the claim negates one that the sentence says plainly, or negates a word
    that a claim without any negation says plainly (module docstring); else 0.0."""
    claim_negated, claim_plain = polarity(claim)
    if claim.rstrip().endswith("?") or len(claim_plain | claim_negated) < MIN_WORDS:
        return 0.0
    best, cov = best_covering(content_set(claim), sentences, content_set)
    if best is None or cov < min_coverage:
        return 0.0
    their_negated, their_plain = polarity(best)
    dropped = (their_negated - their_plain) & (claim_plain - claim_negated)  # negated there, plain here
    if not dropped:
        return 0.0
    added = (claim_negated - claim_plain) & (their_plain - their_negated)  # negated here, plain there
    if added:
        return 1.0
    claim_words = tokens(claim)
    if (any(_is_negator(w) for w in claim_words) or _implicit(claim, dropped) or _reported_denial(claim, dropped)
            or prohibition_restated(claim, best, sentences)
            or _of_another(claim, best, sentences) or _said_plainly(claim, dropped, best, sentences)):
        return 0.0
    denied = _denied(best)
    return float(not denied or bool(denied & set(claim_words)))


def prohibition_restated(claim: str, sentence: str, sentences: Sequence[str]) -> bool:
    """Is the sentence an order not to do something and the claim about that doing, in words the
    passage says plainly or calling it harmful ("Mixing bleach with vinegar produces chlorine
    gas." for "Do not mix bleach with vinegar; the mixture produces chlorine gas.", "Operating
    heavy machinery ... is unsafe."; not "Mixing them is safe." where "the mixture is not safe")?"""
    order = _PROHIBITION.match(sentence)
    doing = _GERUND_SUBJECT.match(claim)
    if order is None or doing is None:
        return False
    verb = stem(next(iter(tokens(sentence[order.end():])), ""))
    if stem(doing.group(0).strip(" \t\n\"'(").lower()) != verb:  # "Mixing" for "Do not mix"; not "Beijing ..."
        return False
    read = [polarity(s) for s in sentences]
    denied = frozenset().union(*(n for n, _ in read)) - frozenset().union(*(p for _, p in read))
    return content_set(claim) - {verb} <= (content_set(" ".join(sentences)) - denied) | _HARM


def _of_another(claim: str, sentence: str, sentences: Sequence[str]) -> bool:
    """Does the sentence deny it of a subject the claim does not name, the claim naming one the
    passage says elsewhere ("A visa is not required ..., but a valid passport is." for "A valid
    passport is required ...")? Not a pronoun or another word for the subject ("It is approved
    ...", "Staff can work remotely" where "employees cannot"): those name none of the passage's."""
    found = _denying_clause(sentence)
    if found is None:
        return False
    clause, subject = found
    said, denied, claim_words = content_set(claim), polarity(clause)[0], tokens(claim)
    first = next((k for k, w in enumerate(claim_words) if stem(w) in denied), len(claim_words))
    own = content_set(" ".join(claim_words[:first]))  # the claim's words before the denied one
    elsewhere = content_set(" ".join(s for s in sentences if s != sentence)) | content_set(
        " ".join(c for c in split_clauses(sentence) if c != clause))
    return bool(subject) and not subject & said and bool(own & elsewhere)


def _said_plainly(claim: str, dropped: frozenset[str], best: str, sentences: Iterable[str]) -> bool:
    """Does another clause of the premises, covering the claim as well, say the words plainly
    ("Firmware 4.2 supports two-factor authentication." after "The old firmware did not support
    two-factor authentication.")? Not where the words of the claim that clause lacks are the
    denying sentence's ("Aspirin is safe ..." where "Aspirin is not safe ... Paracetamol is safe
    ..."), unless the clause names the denied subject with a pronoun ("It supports the 2.4 GHz
    and 5 GHz bands." after "The router does not support the 6 GHz band.")."""
    said, denying, subject = content_set(claim), content_set(best), denied_subject(best)
    for sentence in sentences:
        for clause in split_clauses(_NOT_YET.sub("not", sentence)):  # as polarity() reads them
            negated, plain = polarity(clause)
            words = content_set(clause)
            named = subject if has_pronoun(clause) else frozenset()
            if (dropped <= plain - negated and coverage(said, words) >= ELSEWHERE_COVERAGE
                    and not (said - words) & denying - named):
                return True
    return False


_PRONOUNS = frozenset("it its they them their".split())


def has_pronoun(text: str) -> bool:
    """Does the text name something with a pronoun ("It supports ...", "allowed it to play")?"""
    return bool(_PRONOUNS & set(tokens(text)))


def _denying_clause(sentence: str) -> tuple[str, frozenset[str]] | None:
    """The sentence's first clause with a denial, and the content words before that denial (its
    subject: "the router" of "The router does not support the 6 GHz band.")."""
    for clause in split_clauses(sentence):
        words = tokens(clause)
        at = next((k for k, w in enumerate(words) if _is_negator(w)), None)
        if at is not None:
            return clause, content_set(" ".join(words[:at]))
    return None


def denied_subject(sentence: str) -> frozenset[str]:
    """What the sentence's first denial is said of (_denying_clause); empty where it denies nothing."""
    found = _denying_clause(sentence)
    return found[1] if found else frozenset()


def _denied(sentence: str) -> frozenset[str]:
    """The auxiliaries the sentence's negations deny ("cannot": "can"; "is not", "isn't": "is");
    empty where a negation denies a plain verb ("do not need", "never expires")."""
    words = tokens(sentence)
    out = set()
    for k, w in enumerate(words):
        if w in _DENIED:
            out.add(_DENIED[w])
        elif w.endswith("n't") and w[:-3] in _AUXILIARIES:
            out.add(w[:-3])
        elif w in ("not", "never") and k and words[k - 1] in _AUXILIARIES:
            out.add(words[k - 1])
    return frozenset(out)
