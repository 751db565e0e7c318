"""Answer similarity: how close in meaning is the response to the reference answer?

Card
----
- inputs: response, reference
- range: [0, 1], higher is better
- formula: the judge's similarity of response and reference: the cosine of its embeddings,
  clipped at 0 (ragas), for embedding judges; the local judge blends a lexical embedding
  with a dense one (see LocalJudge.similarity). With ``threshold`` set: 1 if reached, else 0
- edge cases: texts without words are ``skipped`` by validation (empty fields)
- source: Risch et al. 2021, "Semantic Answer Similarity"; ragas' answer_similarity metric
"""

from __future__ import annotations

from .base import Metric, MetricResult


def answer_similarity_score(similarity: float, threshold: float | None = None) -> float:
    value = max(0.0, min(1.0, similarity))
    if threshold is None:
        return value
    return 1.0 if value >= threshold else 0.0


class AnswerSimilarity(Metric):
    name = "answer_similarity"
    required = ("response", "reference")

    def __init__(self, threshold: float | None = None):
        self.threshold = threshold

    def settings(self):
        return {"threshold": self.threshold}

    async def score(self, sample, ask) -> MetricResult:
        sim = await ask.similarity(sample.response, sample.reference)
        return MetricResult(answer_similarity_score(sim, self.threshold), evidence={"similarity": round(sim, 4)})
