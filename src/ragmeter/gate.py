"""Quality gates: thresholds per metric, presets, diagnosis and the worst samples.

``check(result, {"faithfulness": 0.9})`` passes when each metric's mean (or, with
``use_lower_bound``, the lower end of its 95% CI) reaches its minimum.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Mapping

from .errors import ConfigError
from .metrics import METRICS
from .results import Result

PRESETS: dict[str, dict[str, float]] = {
    # seed 003: "Clinical minimum thresholds"
    "clinical": {"faithfulness": 0.90, "answer_relevancy": 0.85, "context_precision": 0.75, "context_recall": 0.80},
    # seed 003: the levels below which its diagnosis applies
    "baseline": {"faithfulness": 0.80, "answer_relevancy": 0.80, "context_precision": 0.70, "context_recall": 0.70},
}

# seed 003's diagnosis and fixes, by metric
DIAGNOSIS: dict[str, tuple[str, str]] = {
    "faithfulness": ("The LLM is adding information that is not in the retrieved context.",
                     "Strengthen grounding instructions (\"ONLY use the provided context\"), lower the temperature, "
                     "add an output classifier."),
    "answer_relevancy": ("The answer is off-topic or incomplete.",
                         "Improve the prompt structure; instruct the model to answer the question directly."),
    "context_precision": ("Retrieved chunks contain irrelevant content, or useful chunks rank low.",
                          "Improve the embedding model, add metadata filters, raise the similarity threshold, add a reranker."),
    "context_recall": ("The retrieved context does not cover the answer.",
                       "Add documents, improve chunking, lower the similarity threshold, add query expansion, "
                       "use hybrid retrieval."),
    "context_relevancy": ("Much of the retrieved text is unrelated to the question.",
                          "Use smaller chunks, retrieve fewer of them, or rerank before generation."),
    "answer_correctness": ("Answers disagree with the reference answers.",
                           "Check retrieval first (context recall), then the generator's prompt and model."),
    "answer_similarity": ("Answers differ in meaning from the reference answers.",
                          "Check retrieval first (context recall), then the generator's prompt and model."),
}


@dataclass
class MetricCheck:
    metric: str
    minimum: float
    value: float | None
    passed: bool
    worst: list[dict[str, Any]] = field(default_factory=list)


@dataclass
class GateReport:
    checks: list[MetricCheck]
    use_lower_bound: bool

    @property
    def passed(self) -> bool:
        return all(c.passed for c in self.checks)

    def __str__(self) -> str:
        basis = "lower 95% CI bound" if self.use_lower_bound else "mean"
        lines = [f"{'PASS' if self.passed else 'FAIL'}: {sum(c.passed for c in self.checks)} of {len(self.checks)} "
                 f"metrics reach their minimum ({basis})"]
        for c in self.checks:
            shown = "n/a" if c.value is None else f"{c.value:.3f}"
            lines.append(f"  {'ok  ' if c.passed else 'FAIL'} {c.metric}: {shown} (minimum {c.minimum:.2f})")
        for c in self.checks:
            if c.passed:
                continue
            why, fix = DIAGNOSIS.get(c.metric, ("", ""))
            lines += ["", f"{c.metric} is below {c.minimum:.2f}.", f"  Likely cause: {why}", f"  Fix: {fix}"]
            if c.worst:
                lines.append("  Worst samples:")
                for w in c.worst:
                    score = "n/a" if w["score"] is None else f"{w['score']:.2f}"
                    lines.append(f"    [{w['id']}] {score} {w['question']!r}: {w['reason']}")
        return "\n".join(lines)


def parse_thresholds(pairs: list[str] | None = None, file: str | Path | None = None,
                     preset: str | None = None) -> dict[str, float]:
    thresholds: dict[str, float] = {}
    if preset:
        if preset not in PRESETS:
            raise ConfigError(f"unknown preset '{preset}'; presets: {', '.join(PRESETS)}.")
        thresholds.update(PRESETS[preset])
    if file:
        try:
            data = json.loads(Path(file).read_text(encoding="utf-8"))
        except (OSError, json.JSONDecodeError) as exc:
            raise ConfigError(f"{file}: cannot read thresholds ({exc}); expected JSON like {{\"faithfulness\": 0.9}}.") from None
        if not isinstance(data, dict):
            raise ConfigError(f"{file}: expected a JSON object of metric: minimum.")
        thresholds.update({str(k): v for k, v in data.items()})
    for pair in pairs or []:
        name, sep, value = pair.partition("=")
        if not sep:
            raise ConfigError(f"'{pair}': write thresholds as metric=minimum, e.g. faithfulness=0.9")
        thresholds[name.strip()] = value.strip()  # type: ignore[assignment]
    out = {}
    for name, value in thresholds.items():
        if name not in METRICS:
            raise ConfigError(f"unknown metric '{name}' in thresholds; known: {', '.join(METRICS)}.")
        try:
            number = float(value)
        except (TypeError, ValueError):
            raise ConfigError(f"threshold for {name} must be a number in [0, 1], got {value!r}.") from None
        if not 0.0 <= number <= 1.0:
            raise ConfigError(f"threshold for {name} must be in [0, 1], got {number}.")
        out[name] = number
    if not out:
        raise ConfigError("no thresholds given: use --min metric=value, --thresholds FILE or --preset NAME.")
    return out


def worst_samples(result: Result, metric: str, k: int = 3) -> list[dict[str, Any]]:
    rows = []
    for sample, scores in zip(result.samples, result.metric_results):
        r = scores[metric]
        rank = -1.0 if r.status == "error" else (r.score if r.score is not None else 2.0)
        rows.append((rank, {"id": sample.get("id"), "question": (sample.get("user_input") or "")[:80],
                            "score": r.score, "status": r.status, "reason": r.reason}))
    rows.sort(key=lambda t: t[0])
    return [row for _, row in rows[:k]]


def check(result: Result, thresholds: Mapping[str, float], use_lower_bound: bool = False,
          n_worst: int = 3) -> GateReport:
    checks = []
    for metric, minimum in thresholds.items():
        if metric not in result.metrics:
            raise ConfigError(f"the run has no '{metric}' scores (it has {', '.join(result.metrics)}).")
        agg = result.aggregates[metric]
        value = agg.ci_low if use_lower_bound else agg.mean
        passed = value is not None and value >= minimum
        checks.append(MetricCheck(metric, minimum, value, passed, [] if passed else worst_samples(result, metric, n_worst)))
    return GateReport(checks, use_lower_bound)


def assert_passes(result: Result, thresholds: Mapping[str, float] | str, use_lower_bound: bool = False) -> GateReport:
    """For test suites: raise AssertionError with the readable report when the gate fails.
    ``thresholds`` may be a preset name such as "clinical"."""
    if isinstance(thresholds, str):
        thresholds = parse_thresholds(preset=thresholds)
    report = check(result, thresholds, use_lower_bound)
    if not report.passed:
        raise AssertionError(str(report))
    return report
