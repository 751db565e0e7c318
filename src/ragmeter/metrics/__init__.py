"""The seven metrics, one file each. Lower-case names are ready-made instances, as in ragas."""

from __future__ import annotations

from typing import Any, Iterable

from ..errors import ConfigError
from .answer_correctness import AnswerCorrectness
from .answer_relevancy import AnswerRelevancy
from .answer_similarity import AnswerSimilarity
from .base import Metric, MetricResult
from .context_precision import ContextPrecision
from .context_recall import ContextRecall
from .context_relevancy import ContextRelevancy
from .faithfulness import Faithfulness

faithfulness = Faithfulness()
answer_relevancy = AnswerRelevancy()
context_precision = ContextPrecision()
context_recall = ContextRecall()
context_relevancy = ContextRelevancy()
answer_correctness = AnswerCorrectness()
answer_similarity = AnswerSimilarity()

METRICS: dict[str, type[Metric]] = {
    cls.name: cls
    for cls in (Faithfulness, AnswerRelevancy, ContextPrecision, ContextRecall,
                ContextRelevancy, AnswerCorrectness, AnswerSimilarity)
}
# older and alternative names users type
METRIC_ALIASES = {
    "answer_relevance": "answer_relevancy",
    "context_relevance": "context_relevancy",
    "semantic_similarity": "answer_similarity",
    "llm_context_precision_with_reference": "context_precision",
    "llm_context_recall": "context_recall",
}
DEFAULT_METRICS = ("faithfulness", "answer_relevancy", "context_precision", "context_recall")


def resolve_metric(spec: Any) -> Metric:
    if isinstance(spec, Metric):
        return spec
    if isinstance(spec, type) and issubclass(spec, Metric):
        return spec()
    if isinstance(spec, str):
        key = spec.strip().lower().replace("-", "_")
        key = METRIC_ALIASES.get(key, key)
        if key in METRICS:
            return METRICS[key]()
        raise ConfigError(f"unknown metric '{spec}'. Known metrics: {', '.join(METRICS)}.")
    name = getattr(spec, "name", None)
    if isinstance(name, str) and name in METRICS:  # a ragas metric object: use ours of that name
        return METRICS[name]()
    raise ConfigError(f"cannot use {spec!r} as a metric; pass a name such as 'faithfulness' or a ragmeter metric.")


def resolve_metrics(specs: Iterable[Any] | None) -> list[Metric]:
    specs = list(DEFAULT_METRICS if specs is None else specs)
    if not specs:
        raise ConfigError("metrics is empty; pass at least one metric, or None for the defaults.")
    metrics = [resolve_metric(s) for s in specs]
    names = [m.name for m in metrics]
    duplicates = {n for n in names if names.count(n) > 1}
    if duplicates:
        raise ConfigError(f"metric(s) {sorted(duplicates)} given twice.")
    return metrics


__all__ = [
    "Metric", "MetricResult", "METRICS", "DEFAULT_METRICS", "resolve_metric", "resolve_metrics",
    "Faithfulness", "AnswerRelevancy", "ContextPrecision", "ContextRecall", "ContextRelevancy",
    "AnswerCorrectness", "AnswerSimilarity",
    "faithfulness", "answer_relevancy", "context_precision", "context_recall", "context_relevancy",
    "answer_correctness", "answer_similarity",
]
