"""Answer relevancy: does the response address the question, fully and directly?

Card
----
- inputs: user_input, response
- range: [0, 1], higher is better
- formula: AR = judge's relevance of the response to the question, 0 if noncommittal.
  RAGAS generates n questions from the answer and averages their cosine similarity to the
  real question, times (1 - noncommittal); the LLM judge does exactly that, the offline
  judges estimate the same quantity without a generator (see each judge's docs)
- contexts: optional; given, the offline judges read a terse answer against the context
  sentence it comes from (features.answer_features: grounding)
- edge cases: an evasive answer ("I don't know", "the context does not say") scores 0
- evidence: the judge's detail (generated questions, coverage, similarity)
- source: RAGAS paper (arXiv 2309.15217), ragas' answer_relevancy metric
"""

from __future__ import annotations

from .base import Metric, MetricResult

# what a judge's flags in the evidence say, for the reason ("relevance 0.41 (...); the response
# leaves a part of the question unanswered")
FLAGS = {"restates_question": "restates the question", "withholds_answer": "withholds the answer asked for",
         "leaves_a_part_out": "leaves a part of the question unanswered"}


def answer_relevancy_score(relevance: float, noncommittal: bool) -> float:
    return 0.0 if noncommittal else relevance


class AnswerRelevancy(Metric):
    name = "answer_relevancy"
    required = ("user_input", "response")

    async def score(self, sample, ask) -> MetricResult:
        rel = await ask.answer_relevance(sample.user_input, sample.response, sample.retrieved_contexts or ())
        if rel.noncommittal:
            reason = "the response is noncommittal"
        else:
            shown = ", ".join(f"{k.replace('_', ' ')} {v:.2f}" for k, v in rel.detail.items() if isinstance(v, float))
            said = [FLAGS.get(k, k.replace("_", " ")) for k, v in rel.detail.items() if v is True]
            reason = (f"relevance {rel.score:.2f}" + (f" ({shown})" if shown else "")
                      + (f"; the response {' and '.join(said)}" if said else ""))
        return MetricResult(answer_relevancy_score(rel.score, rel.noncommittal), reason=reason,
                            evidence={"noncommittal": rel.noncommittal, **rel.detail})
