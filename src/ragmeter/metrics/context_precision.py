"""Context precision: are the useful chunks ranked at the top?

Card
----
- inputs: user_input, retrieved_contexts, and reference (or, without one, the response)
- range: [0, 1], higher is better
- formula: CP = sum_k (precision@k * v_k) / (number of useful chunks), where v_k in {0, 1}
  (or the judge's probability) says whether the chunk at rank k is useful, and
  precision@k = (useful chunks in the top k) / k. This is average precision over the ranking:
  [1, 0, 1] scores 0.83, [0, 1, 1] scores 0.58
- edge cases: no useful chunk scores 0; an empty context list is ``skipped`` (0/0)
- evidence: each chunk's usefulness verdict in rank order, and what it was judged against
- source: ragas' context_precision metric (0.1+ docs)
"""

from __future__ import annotations

from typing import Sequence

from .base import Metric, MetricResult


def average_precision(useful: Sequence[float]) -> float:
    """Rank-aware precision of a list of usefulness values (0/1 or probabilities)."""
    hits = 0.0
    total = 0.0
    for k, v in enumerate(useful, start=1):
        hits += v
        total += (hits / k) * v
    return total / hits if hits > 0 else 0.0


class ContextPrecision(Metric):
    name = "context_precision"
    required = ("user_input", "retrieved_contexts")
    any_of = ("reference", "response")

    async def score(self, sample, ask) -> MetricResult:
        if not sample.retrieved_contexts:
            return MetricResult.skipped("no retrieved contexts: precision is undefined")
        has_reference = bool(sample.reference and sample.reference.strip())
        target = sample.reference if has_reference else sample.response
        verdicts = await ask.usefulness(sample.user_input, target, sample.retrieved_contexts)
        useful = sum(v.yes for v in verdicts)
        against = "reference" if has_reference else "response (no reference given)"
        return MetricResult(average_precision([v.probability for v in verdicts]),
                            reason=f"{useful} of {len(verdicts)} chunks useful, judged against the {against}",
                            evidence={"judged_against": against, "chunks": [v.to_dict() for v in verdicts]})
