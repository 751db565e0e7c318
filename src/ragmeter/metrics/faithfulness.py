"""Faithfulness: is every claim of the response supported by the retrieved contexts?

Card
----
- inputs: response, retrieved_contexts (user_input, if present, helps claim splitting)
- range: [0, 1], higher is better
- formula: F = (sum over claims c of P(c supported by contexts)) / |claims|;
  with a yes/no judge this is |supported claims| / |claims| (RAGAS, Es et al. 2023, sec. 3)
- edge cases: a response with no checkable claim is ``skipped``; an empty context list scores
  0 (nothing can support a claim)
- evidence: every claim with its verdict, probability and the context sentence it rests on
- source: RAGAS paper (arXiv 2309.15217) and ragas' faithfulness metric
"""

from __future__ import annotations

from typing import Sequence

from .base import Metric, MetricResult, verdict_evidence


def faithfulness_score(support: Sequence[float]) -> float:
    """Mean support probability of the claims (the fraction supported, for 0/1 verdicts)."""
    return sum(support) / len(support)


class Faithfulness(Metric):
    name = "faithfulness"
    required = ("response", "retrieved_contexts")

    async def score(self, sample, ask) -> MetricResult:
        if not sample.retrieved_contexts:
            claims = await ask.claims(sample.response, sample.user_input)
            if not claims:
                return MetricResult.skipped("the response makes no claim that could be checked")
            return MetricResult(0.0, reason="no retrieved contexts, so no claim is supported",
                                evidence={"claims": [{"text": c, "verdict": False} for c in claims]})
        verdicts = await ask.claims_support(sample.retrieved_contexts, sample.response, sample.user_input)
        if not verdicts:
            return MetricResult.skipped("the response makes no claim that could be checked")
        supported = sum(v.yes for v in verdicts)
        reason = f"{supported} of {len(verdicts)} claims supported by the contexts"
        return MetricResult(faithfulness_score([v.probability for v in verdicts]), reason=reason,
                            evidence=verdict_evidence(verdicts))
