"""Context recall: do the retrieved contexts cover everything the reference answer says?

Card
----
- inputs: reference, retrieved_contexts (user_input helps claim splitting)
- range: [0, 1], higher is better
- formula: CR = (sum over reference claims r of P(r supported by contexts)) / |reference claims|
- edge cases: a reference with no checkable claim is ``skipped``; no contexts scores 0
- evidence: each reference claim with its verdict and supporting sentence
- source: ragas' context_recall metric (0.0.22 and later)
"""

from __future__ import annotations

from typing import Sequence

from .base import Metric, MetricResult, verdict_evidence


def context_recall_score(support: Sequence[float]) -> float:
    return sum(support) / len(support)


class ContextRecall(Metric):
    name = "context_recall"
    required = ("reference", "retrieved_contexts")

    async def score(self, sample, ask) -> MetricResult:
        if not sample.retrieved_contexts:
            return MetricResult(0.0, reason="no retrieved contexts, so no reference claim is covered")
        verdicts = await ask.claims_support(sample.retrieved_contexts, sample.reference, sample.user_input)
        if not verdicts:
            return MetricResult.skipped("the reference makes no claim that could be checked")
        covered = sum(v.yes for v in verdicts)
        return MetricResult(context_recall_score([v.probability for v in verdicts]),
                            reason=f"{covered} of {len(verdicts)} reference claims found in the contexts",
                            evidence=verdict_evidence(verdicts))
