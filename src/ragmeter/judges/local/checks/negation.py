"""The negation check: a claim negated where the premise clause that covers it is not, or the
other way round ("Warfarin is safe during pregnancy." where "Warfarin is not safe during
pregnancy."). The oldest of the contradiction checks (features.CONTRADICTION_CHECKS,
``decided_by: check:negation``); the others read negations moved within a sentence
(negation_scope.py), in one part of a claim (part_negation.py) or said in other words
(negated_phrase.py, denied_said.py)."""

from __future__ import annotations

import re

from ....text.segments import content_and_negation, content_set, content_tokens, coverage, split_clauses

# "Those disputes go to the tribunal, not to the district court": a "not" after a comma, before
# what the claim sets aside, says "rather than"; it does not deny the claim (the negation check
# reads the claim without it; the changed-slot and exchange checks read what was set aside)
_SET_ASIDE = re.compile(r",\s+not\s+(?=(?:to|at|in|on|by|for|from|with|via|through|the|a|an|its|their|his|her|this|that"
                        r"|these|those)\b)", re.IGNORECASE)


Clause = tuple[frozenset[str], bool, frozenset[str]]  # segments.content_and_negation of a clause

# a denial in other words: "The Senate refused to ratify the treaty." says "did not ratify",
# "Cats are unable to taste sweetness." says "cannot taste", "Admission is free on Sundays." says
# "does not charge admission"; read so where the other side does not use the word itself
# ("did not fail the audit" against "failed the audit" stays a flip)
_DENIAL_WORDS = ("fail failed fails failing, lack lacks lacked lacking, absent absence, refuse refused refuses refusing, "
                 "unable, impossible, avoid avoided avoids, decline declined declines, deny denied denies, reject "
                 "rejected rejects, dismiss dismissed dismisses, disagree disagreed, refute refuted, exempt, neglect "
                 "neglected, myth, misconception, untrue, free, barred, ban banned bans, forbid forbids forbidden, "
                 "prohibit prohibits prohibited, unnecessary needless, discourage discouraged, exclude excluded "
                 "excludes, violation violates, breach, unsafe, illegal unlawful, unavailable, refrain refrains "
                 "refrained refraining, abstain abstains abstained")
# "Hold off on driving until ..." says "do not drive until ..." (not "held off a late rally": resisted)
_HOLD_OFF = re.compile(r"\bh(?:old|olds|olding|eld)\s+off\s+(?=on\b|until\b|\w+ing\b)", re.IGNORECASE)
# each stem of such a word -> its word family (the stems of "deny" and "denied" differ)
IMPLICIT_DENIALS = {stem: k for k, family in enumerate(_DENIAL_WORDS.split(", ")) for stem in content_set(family)}


def covering(tokens: frozenset[str], clauses: list[Clause]) -> tuple[int, float]:
    """The index of the clause that covers the most of the tokens (the shorter one on a tie) and
    that coverage; (-1, 0.0) where none covers any."""
    best_cov, at = 0.0, -1
    for k, clause in enumerate(clauses):
        cov = coverage(tokens, clause[0])
        if cov > best_cov or (cov == best_cov and at >= 0 and len(clause[0]) < len(clauses[at][0])):
            best_cov, at = cov, k
    return at, best_cov


def negation_flip(claim: Clause, clauses: list[Clause], min_coverage: float = 0.7, beside: bool = True) -> float:
    """1.0 when the premise clause that best covers the claim (at least ``min_coverage`` of
    its content words) is negated and the claim is not, or the other way round. Clauses, not
    sentences: in "peaches are not native to Georgia, but are the state fruit" the negation
    belongs to the first clause only (0.7: on the support dev sets such flips were 14%
    supported, against 38% at 0.5). A "without" denies only its object, where the other side
    names it too; a word that denies in other words (IMPLICIT_DENIALS) on the side without
    "not" says the denial. With ``beside``, a negated claim is no flip where the words it has beyond that
    clause are all in a negated clause next to it: "Contributions to a Roth IRA are made with
    after-tax dollars, so they are not tax-deductible." says "Roth IRA contributions are not
    tax-deductible.", its second clause naming the subject with a pronoun (not a claim without
    "not": a clause beside it without one is often a phrase, "In other states, lines ... were not
    common")."""
    claim_tokens, claim_denied, claim_without = claim
    at, best_cov = covering(claim_tokens, clauses)
    best = clauses[at] if at >= 0 else None
    if best is None or best_cov < min_coverage:
        return 0.0
    claim_negated = claim_denied or bool(claim_without & best[0])
    premise_negated = best[1] or bool(best[2] & claim_tokens)
    if premise_negated == claim_negated:
        return 0.0
    plain, denied = (claim_tokens, best[0]) if premise_negated else (best[0], claim_tokens)
    if {IMPLICIT_DENIALS[t] for t in plain if t in IMPLICIT_DENIALS} - {IMPLICIT_DENIALS.get(t) for t in denied}:
        return 0.0
    rest = claim_tokens - best[0]
    return float(not (beside and claim_negated and rest)
                 or not any(clauses[k][1] and rest <= clauses[k][0] for k in (at - 1, at + 1) if 0 <= k < len(clauses)))


# Parts of a claim that no premise clause covers whole are read alone (version 57), narrowly: a part of
# PART_WORDS content words or more, PART_COVERAGE of them in one premise clause, not a dependent part
# (_DEPENDENT: "until your surgeon confirms ...", "keeping the same account numbers"), with no "only"
# ("apply only if you cancel early" says "do not apply unless ...") or "until" ("was not widened
# until 1904" says when it was), a hedge ("it is unlikely that ...") or "not" before a participle
# ("not exceeding 40 mg/kg" says "up to"), and the word a denial denies said on the other side too
# ("must be made at the airport desk" is no flip of "are not permitted online and must be made ...").
# Each part is read also without a tail that sets something beside its subject or object ("Orange
# juice interacts with the drug in the same way as grapefruit juice", "... alongside PostgreSQL").
_TAIL = re.compile(r"\s+(?:in\s+the\s+same\s+way\s+as|just\s+(?:like|as)|like|unlike|alongside|along\s+with"
                   r"|together\s+with|as\s+well\s+as|in\s+addition\s+to|such\s+as)\s+", re.IGNORECASE)
PART_COVERAGE = 0.8
PART_WORDS = 4
_DEPENDENT = re.compile(r"^\W*(?:and\s+|or\s+|but\s+)?(?:until|unless|if|when|whenever|because|since|as|although|though|while"
                        r"|whereas|which|who|whom|whose|that|where|once|so|especially|particularly|including"
                        r"|even|except|than|to|(?-i:[a-z]\w*ing))\b", re.IGNORECASE)
_IDIOMS = re.compile(r"\b(?:only|just|until|till|rather|unlikely|hardly|rarely|seldom|doubt\w*|not\s+\w+ing)\b", re.IGNORECASE)
_JOINED = re.compile(r"\b(?:and|but|or|while|whereas|can|could|will|would|must|should|may|might|shall)\b", re.IGNORECASE)
_DENIED = re.compile(r"(?:\b(?:no\s+longer|not|no|never|cannot)|n['’]t)\b([^,;:.!?()\u2013\u2014-]*)", re.IGNORECASE)


def _denied_words(text: str) -> frozenset[str]:
    """The stems of the first three content words after each explicit denial of the text, before
    any punctuation, "and", "but", "or" or a modal that opens the next predicate ("You can't - the
    blade ..." denies nothing of the blade; "are not issued in cash and must be credited ..."
    nothing of the crediting; "Any allowance you don't use can be carried forward" nothing of
    carrying it forward)."""
    found: list[str] = []
    for match in _DENIED.finditer(text):
        found.extend(content_tokens(_JOINED.split(match.group(1))[0])[:3])
    return frozenset(found)


def _part_flip(part: str, raw: list[str], clauses: list[Clause]) -> bool:
    if _DEPENDENT.match(part) or _IDIOMS.search(part):
        return False
    read = content_and_negation(part)
    if len(read[0]) < PART_WORDS or not negation_flip(read, clauses, min_coverage=PART_COVERAGE):
        return False
    at = covering(read[0], clauses)[0]
    if clauses[at][1] and not content_and_negation(_TAIL.split(raw[at])[0])[1]:
        return False  # the premise's denial is in a tail: "..., as most people do not write so"
    denied, plain = (part, clauses[at][0]) if read[1] else (raw[at], read[0])
    return not _IDIOMS.search(raw[at]) and bool(_denied_words(denied) & plain)


_SET_APART = re.compile(r"^\W*(?:unlike|in\s+contrast\s+to|compared\s+(?:with|to)|apart\s+from|except|besides"
                        r"|instead\s+of|rather\s+than|other\s+than)\b", re.IGNORECASE)


def _with_phrases(clauses: list[Clause], raw: list[str]) -> list[Clause]:
    """Each clause with the words of a short phrase set off beside it ("After six months, patients
    ... had fewer attacks"): a phrase of at most two content words, not negated, is read with the
    clause after it, or at a sentence's end with the clause before it; not one that sets its words
    apart ("Unlike Python, C does not ...")."""
    joined = list(clauses)
    for k, (words, denied, _) in enumerate(clauses):
        if len(words) > 2 or denied or _SET_APART.match(raw[k]):
            continue
        for j in (k + 1, k - 1):
            if 0 <= j < len(clauses) and len(clauses[j][0]) > 2:
                joined[j] = (joined[j][0] | words, joined[j][1], joined[j][2])
                break
    return joined


def _denies_said(text: str, read: Clause, raw: list[str] | None, clauses: list[Clause]) -> float:
    """1.0 where the negated side of a flip denies words the other side says (or the premise
    clauses' texts are not given), else 0.0: "You can't - the filter has to be washed by hand"
    denies nothing of washing by hand."""
    at = covering(read[0], clauses)[0]
    if raw is None or at < 0:
        return 1.0
    if read[1]:
        return float(bool(_denied_words(text) & clauses[at][0]))
    denied = _denied_words(raw[at])
    return float(not denied or bool(denied & read[0]))


def claim_negation_flip(claim: str, clauses: list[Clause], raw: list[str] | None = None) -> float:
    """negation_flip of the claim against the premise clauses; where the claim joins clauses, only
    if one of its clauses (of two content words or more) flips too. Read whole, "Since the company
    was in bad enough shape to declare bankruptcy, this isn't especially likely." is negated, and
    the same sentence's first clause, not negated, covers most of its words: version 46 calls such
    a copy supported (on the dev and train sets, half of the claims this check flagged were
    supported, most of them so)."""
    text = _HOLD_OFF.sub("refrain ", _SET_ASIDE.sub(", ", claim))
    parts = split_clauses(text)
    whole = content_and_negation(text)
    if len(parts) < 2:
        return negation_flip(whole, clauses) and _denies_said(text, whole, raw, clauses)
    if raw is not None and not any(coverage(whole[0], clause[0]) >= 0.7 for clause in clauses):
        joined = _with_phrases(clauses, raw)
        readings = {read for part in parts for read in (part, _TAIL.split(part)[0])}
        return float(any(_part_flip(read, raw, joined) for read in readings))
    if not negation_flip(whole, clauses, beside=False):
        return 0.0
    return float(any(negation_flip(content_and_negation(part), clauses)
                     for part in parts if len(content_set(part)) >= 2))
