"""Answer correctness: is the response right, measured against the reference answer?

Card
----
- inputs: response, reference (user_input helps claim splitting)
- range: [0, 1], higher is better
- formula: AC = w_f * F_beta + w_s * similarity, default weights (0.75, 0.25), beta = 1, where
  TP = response claims supported by the reference, FP = response claims not supported by it,
  FN = reference claims not supported by the response (counted by the judge's probabilities),
  F_beta = (1 + b^2) TP / ((1 + b^2) TP + b^2 FN + FP), and similarity is the judge's
  similarity (as in answer_similarity)
- with a question: the reference is read as its answer ("330 metres" to "How tall is the
  Eiffel Tower?" supports "The Eiffel Tower is 330 metres tall"), and only what a response
  claim says beyond the question counts: with q = P(claim follows from the question alone)
  and r = P(claim supported by question + reference), the claim weighs 1 - q in TP and FP and
  its support is (r - q) / (1 - q), so restating the question is neither right nor wrong
  (on EVOUNA TriviaQA this raised AUROC 0.937 -> 0.951 and the mean score of correct
  answers 0.27 -> 0.42). A yes/no question states neither answer: there q = 0, so "Roth
  contributions are not tax-deductible" to "Are Roth IRA contributions tax-deductible?" counts
  in full, right or wrong, checked against the reference alone (the question, read as a
  premise, would seem to state "Roth IRA contributions are tax-deductible"); unless the
  reference is a bare "Yes." or "No.", which needs the question to be read
- a yes or no the response and the reference both open with, for a yes/no question: one more
  claim each way (TP when they agree, FP and FN when they differ), in place of any bare "Yes."
  or "No." sentence of either side (which the claim splitter keeps or drops by its words)
- edge cases: with neither side making a checkable claim, F_beta is left out and the
  score is the similarity alone (said in the reason)
- evidence: TP/FP/FN claims, the claims that only restate the question, the F-beta and the
  similarity
- source: ragas' answer_correctness metric (0.1+), described in seed 004
"""

from __future__ import annotations

from typing import Sequence

from ..errors import ConfigError
from ..judges.base import Verdict
from ..text.answer_type import is_polar, says_more_than_yes_or_no, verdict_given
from .base import Metric, MetricResult


def f_beta(tp: float, fp: float, fn: float, beta: float = 1.0) -> float:
    b2 = beta * beta
    denominator = (1 + b2) * tp + b2 * fn + fp
    return (1 + b2) * tp / denominator if denominator > 0 else 0.0


def beyond_question(supported: float, implied: float) -> tuple[float, float]:
    """(weight, support) of a response claim: weight 1 - P(implied by the question alone), and
    the support the reference adds beyond the question, (supported - implied) / (1 - implied)."""
    if implied >= 1.0:
        return 0.0, 0.0
    return 1.0 - implied, min(1.0, max(0.0, (supported - implied) / (1.0 - implied)))


def answer_correctness_score(factual: float | None, similarity: float, weights: Sequence[float]) -> float:
    w_f, w_s = weights
    if factual is None:
        return max(0.0, similarity)
    return (w_f * factual + w_s * max(0.0, similarity)) / (w_f + w_s)


class AnswerCorrectness(Metric):
    name = "answer_correctness"
    version = "3"  # 2: the yes or no of both sides compared (rule:yes_no_verdict); 3: after a clause that sets the case
    required = ("response", "reference")

    def __init__(self, weights: Sequence[float] = (0.75, 0.25), beta: float = 1.0):
        weights = tuple(float(w) for w in weights)
        if len(weights) != 2 or min(weights) < 0 or sum(weights) <= 0:
            raise ConfigError(f"answer_correctness weights must be two non-negative numbers, not all 0; got {weights}")
        if beta <= 0:
            raise ConfigError(f"answer_correctness beta must be positive; got {beta}")
        self.weights = weights
        self.beta = float(beta)

    def settings(self):
        return {"weights": list(self.weights), "beta": self.beta}

    async def _precision_claims(self, sample, ask) -> list[tuple[Verdict, float, float]]:
        """(verdict, weight, support) of each response claim against the reference."""
        q = sample.user_input
        if not q:
            return [(v, 1.0, v.probability) for v in await ask.claims_support([sample.reference], sample.response)]
        claims = await ask.claims(sample.response, q)
        if not claims:
            return []
        if is_polar(q) and says_more_than_yes_or_no(sample.reference):
            # a yes/no question implies no claim and, read as a premise, would seem to state its own
            # words: each claim answers it, rightly or wrongly, and is checked against the reference
            return [(v, 1.0, v.probability) for v in await ask.support([sample.reference], claims)]
        answered, implied = await ask.gather(ask.support([f"{q.strip()} {sample.reference}"], claims),
                                             ask.support([q], claims))
        return [(v, *beyond_question(v.probability, i.probability)) for v, i in zip(answered, implied)]

    @staticmethod
    def _verdicts(sample) -> tuple[Verdict, Verdict] | None:
        """The response's yes or no checked against the reference's (a response claim) and the
        reference's against the response's (a reference claim), when both give one."""
        q = sample.user_input or ""
        said, expected = verdict_given(q, sample.response), verdict_given(q, sample.reference)
        if said is None or expected is None:
            return None
        words, agree = {True: "yes", False: "no"}, float(said == expected)
        return (Verdict(agree, f"the answer to the question is {words[said]}",
                        f"the reference answers {words[expected]}", "rule:yes_no_verdict"),
                Verdict(agree, f"the reference answers {words[expected]}",
                        f"the response answers {words[said]}", "rule:yes_no_verdict"))

    async def score(self, sample, ask) -> MetricResult:
        precise, recalled, similarity = await ask.gather(
            self._precision_claims(sample, ask),
            ask.claims_support([sample.response], sample.reference, sample.user_input),
            ask.similarity(sample.response, sample.reference))
        verdicts = self._verdicts(sample)
        if verdicts is not None:  # the yes or no read by the rule, not also as a claim of its own ("Yes.")
            said, expected = verdicts
            precise = [c for c in precise if says_more_than_yes_or_no(c[0].text)] + [(said, 1.0, said.probability)]
            recalled = [v for v in recalled if says_more_than_yes_or_no(v.text) and not v.from_verdict] + [expected]
        factual = None
        if precise or recalled:
            tp = sum(w * p for _, w, p in precise)
            fp = sum(w * (1 - p) for _, w, p in precise)
            fn = sum(1 - v.probability for v in recalled)
            factual = f_beta(tp, fp, fn, self.beta)
        reason = None if factual is not None else "no checkable claims: similarity only"
        evidence = {
            "f_beta": None if factual is None else round(factual, 4),
            "similarity": round(similarity, 4),
            "true_positive": [v.text for v, w, p in precise if w > 0.5 and p >= 0.5],
            "false_positive": [v.text for v, w, p in precise if w > 0.5 and p < 0.5],
            "false_negative": [v.text for v in recalled if not v.yes],
            "restating_the_question": [v.text for v, w, _ in precise if w <= 0.5],
        }
        return MetricResult(answer_correctness_score(factual, similarity, self.weights), reason=reason,
                            evidence=evidence)
