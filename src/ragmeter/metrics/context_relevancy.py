"""Context relevancy: how much of the retrieved text is relevant to the question?

Card
----
- inputs: user_input, retrieved_contexts
- range: [0, 1], higher is better
- formula: CRel = (relevant sentences of all contexts) / (all sentences of all contexts),
  relevant sentences counted by the judge's probability (RAGAS paper sec. 3; ragas 0.0.22)
- edge cases: no contexts, or contexts without a sentence, are ``skipped`` (0/0)
- evidence: the sentences judged relevant, per context
- source: RAGAS paper (arXiv 2309.15217); ragas 0.0.22 context_relevancy
"""

from __future__ import annotations

from typing import Sequence

from .base import Metric, MetricResult


def context_relevancy_score(relevance: Sequence[float]) -> float:
    return sum(relevance) / len(relevance)


class ContextRelevancy(Metric):
    name = "context_relevancy"
    required = ("user_input", "retrieved_contexts")

    async def score(self, sample, ask) -> MetricResult:
        per_context = await ask.gather(*(ask.relevant_sentences(sample.user_input, c) for c in sample.retrieved_contexts))
        verdicts = [v for vs in per_context for v in vs]
        if not verdicts:
            return MetricResult.skipped("the contexts contain no sentence")
        relevant = sum(v.yes for v in verdicts)
        return MetricResult(
            context_relevancy_score([v.probability for v in verdicts]),
            reason=f"{relevant} of {len(verdicts)} context sentences relevant to the question",
            evidence={"relevant_sentences": [[v.text for v in vs if v.yes] for vs in per_context]},
        )
