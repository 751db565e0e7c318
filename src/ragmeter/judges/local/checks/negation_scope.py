"""A negation moved to another word of a copied sentence: "Migrations ... are not compatible
and need to be regenerated" where the evidence says they "remain compatible and do not need to
be regenerated"; "customers can still cancel the order" where it says "customers cannot cancel
the order but may return the items".

The negation check (features.negation_flip) reads whether a whole clause is negated; both
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
                      "prevented only until before poorly insufficient insufficiently inadequate inadequately "
                      # a denial reported or judged (version 49): "declined to ratify", "denied that
                      # passwords were exposed", "is a myth", "are exempt from paying", "have yet to live"
                      "decline declines declined deny denies denied reject rejects rejected dismiss dismisses "
                      "dismissed disagree disagrees disagreed refute refutes refuted myth misconception untrue "
                      "exempt neglect neglects neglected struggle struggles waiting".split())
_YET_TO = re.compile(r"\byet\s+to\b", re.I)  # "has yet to reopen"; not "finished, yet over budget"
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


def _implicit(text: str, dropped: frozenset[str] = frozenset()) -> bool:
    """Does the text negate or restrict in other words, with a word that is not itself what the
    premise negates ("Members are exempt" for "Members are not exempt" says the opposite)?"""
    return bool(_YET_TO.search(text)) or any(w in _IMPLICIT and stem(w) not in dropped for w in tokens(text))


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
    if (any(_is_negator(w) for w in claim_words) or _implicit(claim, dropped)
            or prohibition_restated(claim, best, " ".join(sentences))
            or _of_another(claim, best) or _said_plainly(claim, dropped, sentences)):
        return 0.0
    denied = _denied(best)
    return float(not denied or bool(denied & set(claim_words)))


def prohibition_restated(claim: str, sentence: str, passage: str) -> bool:
    """Is the sentence an order not to do something and the claim about the doing, not saying it
    is done, in the passage's words or calling it harmful ("Mixing bleach with vinegar produces
    chlorine gas." for "Do not mix bleach with vinegar; ...", "Operating heavy machinery ... is
    unsafe")? passage: the premise sentences, joined."""
    return bool(_PROHIBITION.match(sentence) and _GERUND_SUBJECT.match(claim)
                and content_set(claim) <= content_set(passage) | _HARM)  # "Pouring water on it puts the fire out" is another claim


def _of_another(claim: str, sentence: str) -> bool:
    """Does the sentence deny it of a subject the claim does not name ("A visa is not required
    ..., but a valid passport is" for "A valid passport is required ...")? The subject: the
    content words before the first negation of the clause that has one."""
    said = content_set(claim)
    for clause in split_clauses(sentence):
        words = tokens(clause)
        at = next((k for k, w in enumerate(words) if _is_negator(w)), None)
        if at is not None:
            subject = content_set(" ".join(words[:at]))
            return bool(subject) and not subject & said
    return False


def _said_plainly(claim: str, dropped: frozenset[str], sentences: Iterable[str]) -> bool:
    """Does another clause of the premises, covering the claim as well, say the words plainly
    ("Firmware 4.2 supports two-factor authentication." after "The old firmware did not support
    two-factor authentication.")?"""
    said = content_set(claim)
    for sentence in sentences:
        for clause in split_clauses(_NOT_YET.sub("not", sentence)):  # as polarity() reads them
            negated, plain = polarity(clause)
            if dropped <= plain - negated and coverage(said, content_set(clause)) >= ELSEWHERE_COVERAGE:
                return True
    return False


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
