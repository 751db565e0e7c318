"""Answer similarity: how close in meaning is the response to the reference answer?

Card
----
- inputs: response, reference
- range: [0, 1], higher is better
- formula: cos(e(response), e(reference)) of the judge's embeddings, clipped at 0; with
  ``threshold`` set, 1 if the cosine reaches it, else 0
- edge cases: texts without words are ``skipped`` by validation (empty fields)
- source: Risch et al. 2021, "Semantic Answer Similarity"; ragas' answer_similarity metric
"""

from __future__ import annotations

import numpy as np

from .base import Metric, MetricResult


def cosine(a: np.ndarray, b: np.ndarray) -> float:
    na, nb = float(np.linalg.norm(a)), float(np.linalg.norm(b))
    if na == 0.0 or nb == 0.0:
        return 0.0
    return float(a @ b) / (na * nb)


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
        a = await ask.embed(sample.response)
        b = await ask.embed(sample.reference)
        sim = cosine(a, b)
        return MetricResult(answer_similarity_score(sim, self.threshold), evidence={"cosine": round(sim, 4)})
