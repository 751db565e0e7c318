"""The yes or no of an answer to a yes/no question, read where a check can read it.

"Yes, Sydney is Australia's largest city." to "Is Sydney the capital of Australia?" makes the
claim "Sydney is the capital of Australia." besides its sentence. The judge turns the question
into its "yes" statement (text/polar.py) and reads it against the contexts like any claim. Where
a contradiction check finds that statement contradicted ("Canberra is the capital of
Australia."), and does not find its denial contradicted too, the verdict is a claim of the
answer: a "yes" unsupported, a "no" supported (the statement's support taken from 1), in place of
a bare "Yes." sentence. Elsewhere nothing changes.

Only the "yes" statement is trusted this way. A denial made from the question's words ("Git does
not pull rebase by default.") is found contradicted wherever the passage uses those words
without "not", rightly or not: trusting those flags too, and reading every other verdict as not
a claim, lost 21 pairs of the contrast files and won 12. Nor can the claim model tell the two
statements apart: it gives the "yes" statement the higher support whichever is true (both share
the passage's words; the denial adds a "not" the passage lacks).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Callable, Sequence

from ...text.answer_type import says_more_than_yes_or_no, verdict_given
from ...text.polar import statement
from ...text.segments import best_covering, content_set, coverage, premise_sentences, split_sentences
from ..base import VERDICT_CLAIM, ClaimsSupportItem, Verdict
from ..lexical import split_into_claims


@dataclass(frozen=True)
class VerdictReading:
    """A yes/no answer's verdict as statements: the one it makes and the opposite one."""

    said: str
    opposite: str
    yes: bool


def read_verdict(question: str | None, answer: str) -> VerdictReading | None:
    """The verdict an answer opens with, as the statement it makes and the opposite one; None
    when the question is not yes/no, the answer opens with no verdict, or the question cannot
    be turned into a statement."""
    if not question:
        return None
    verdict = verdict_given(question, answer)
    if verdict is None:
        return None
    said, opposite = statement(question, verdict), statement(question, not verdict)
    if said is None or opposite is None:
        return None
    return VerdictReading(said, opposite, verdict)


def without_bare_verdict(answer: str, claims: list[str]) -> list[str]:
    """The claims without the one that is only the verdict ("Yes.", "Yes!"): its statement
    takes its place."""
    sentences = split_sentences(answer.strip())
    if claims and sentences and not says_more_than_yes_or_no(sentences[0]) and claims[0] in sentences[0]:
        return claims[1:]
    return claims


STATED = 0.8  # of the verdict statement's content words, in a claim of the answer: it says the verdict itself

# a verb denied ("is not", "cannot", "doesn't", "no longer"); not "no" or "without", which qualify a noun
# ("at no charge", "without giving any reason") in sentences whose words a statement made from
# the question shares: "There is a fee for a seventh withdrawal" is no denial of "up to six
# withdrawals ... without charge"
_VERB_DENIAL = re.compile(r"\b(?:not|never|cannot|no\s+longer)\b|n['’]t\b", re.IGNORECASE)


def _checked(verdict: Verdict, premises: Sequence[str] = ()) -> bool:
    """Did a check decide this statement's verdict; for the clause-level negation check, with a
    verb denied in the premise sentence closest to it?"""
    decided = verdict.decided_by or ""
    if decided.split("+")[0] != "check:negation" or not premises:  # "check:negation+nli" with an NLI model
        return decided.startswith("check:")
    best, _ = best_covering(content_set(verdict.text), [s for p in premises for s in premise_sentences(p)], content_set)
    return best is not None and bool(_VERB_DENIAL.search(best))


def with_verdict(reading: VerdictReading, answer: str, claims: list[str], verdicts: Sequence[Verdict],
                 said: Verdict, opposite: Verdict, premises: Sequence[str] = ()) -> list[Verdict]:
    """The answer's claim verdicts, with its yes or no read where a check finds the "yes"
    statement contradicted (premises: what the claims were read against)."""
    positive, negative = (said, opposite) if reading.yes else (opposite, said)
    # any flag on the denial blocks it, the clause-level negation check's too: a contradiction
    # found either way is no verdict
    if not _checked(positive, premises) or _checked(negative):
        return list(verdicts)
    kept = without_bare_verdict(answer, claims)
    rest = list(verdicts[len(claims) - len(kept):])
    stated = content_set(said.text)
    if any(coverage(stated, content_set(claim)) >= STATED for claim in kept):
        return list(verdicts)  # "No, Sydney is not the capital of Australia.": the claim says it
    # the "yes" statement contradicted: a "yes" is as unsupported, a "no" as supported as it is not
    probability = positive.probability if reading.yes else 1.0 - positive.probability
    return [Verdict(probability, said.text, positive.evidence, f"{positive.decided_by}{VERDICT_CLAIM}"), *rest]


Pairs = list[tuple[Sequence[str], Sequence[str]]]


def claims_with_verdicts(items: Sequence[ClaimsSupportItem],
                         support: Callable[[Pairs], list[list[Verdict]]]) -> list[list[Verdict]]:
    """Each text's claims judged against its premises by ``support`` (the judge's claim model and
    checks), with the yes or no of an answer to a yes/no question read as with_verdict does."""
    readings = [read_verdict(item.question, item.text) for item in items]
    claims = [split_into_claims(item.text) for item in items]
    pairs: Pairs = [(item.premises, [*cs, *((r.said, r.opposite) if r else ())])
                    for item, cs, r in zip(items, claims, readings)]
    return [with_verdict(r, item.text, cs, vs[:-2], vs[-2], vs[-1], item.premises) if r else vs
            for item, cs, r, vs in zip(items, claims, readings, support(pairs))]
