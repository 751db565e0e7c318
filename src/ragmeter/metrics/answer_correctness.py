"""Answer correctness: is the response right, measured against the reference answer?

Card
----
- inputs: response, reference (user_input helps claim splitting)
- range: [0, 1], higher is better
- formula: AC = w_f * F_beta + w_s * similarity, default weights (0.75, 0.25), beta = 1, where
  TP = response claims supported by the reference, FP = response claims not supported by it,
  FN = reference claims not supported by the response (counted by the judge's probabilities),
  F_beta = (1 + b^2) TP / ((1 + b^2) TP + b^2 FN + FP), and similarity is the judge's similarity (as in answer_similarity)
- edge cases: with neither side making a checkable claim, F_beta is left out and the
  score is the similarity alone (said in the reason)
- evidence: TP/FP/FN claims, the F-beta and the similarity
- source: ragas' answer_correctness metric (0.1+), described in seed 004
"""

from __future__ import annotations

import asyncio
from typing import Sequence

from ..errors import ConfigError
from .base import Metric, MetricResult


def f_beta(tp: float, fp: float, fn: float, beta: float = 1.0) -> float:
    b2 = beta * beta
    denominator = (1 + b2) * tp + b2 * fn + fp
    return (1 + b2) * tp / denominator if denominator > 0 else 0.0


def answer_correctness_score(factual: float | None, similarity: float, weights: Sequence[float]) -> float:
    w_f, w_s = weights
    if factual is None:
        return max(0.0, similarity)
    return (w_f * factual + w_s * max(0.0, similarity)) / (w_f + w_s)


class AnswerCorrectness(Metric):
    name = "answer_correctness"
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

    async def score(self, sample, ask) -> MetricResult:
        q = sample.user_input
        precise, recalled, similarity = await asyncio.gather(
            ask.claims_support([sample.reference], sample.response, q),
            ask.claims_support([sample.response], sample.reference, q),
            ask.similarity(sample.response, sample.reference))
        factual = None
        if precise or recalled:
            tp = sum(v.probability for v in precise)
            fp = sum(1 - v.probability for v in precise)
            fn = sum(1 - v.probability for v in recalled)
            factual = f_beta(tp, fp, fn, self.beta)
        reason = None if factual is not None else "no checkable claims: similarity only"
        evidence = {
            "f_beta": None if factual is None else round(factual, 4),
            "similarity": round(similarity, 4),
            "true_positive": [v.text for v in precise if v.yes],
            "false_positive": [v.text for v in precise if not v.yes],
            "false_negative": [v.text for v in recalled if not v.yes],
        }
        return MetricResult(answer_correctness_score(factual, similarity, self.weights), reason=reason, evidence=evidence)
