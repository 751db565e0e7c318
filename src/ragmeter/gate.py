"""Quality gates: thresholds per metric, presets, diagnosis and the worst samples.

``check(result, {"faithfulness": 0.9})`` passes when each metric's mean (or, with
``use_lower_bound``, the lower end of its 95% CI; with ``use_corrected``, the lower end of the
corrected interval that a calibration on your own labels gives, see docs/calibration.md) reaches
its minimum, and no more than ``max_error_rate`` of its samples went unscored (errors or skips;
default none). A lower bound over fewer than ``min_n`` scored (for ``use_corrected``: labelled)
samples cannot be judged, and fails. A metric the judge failed on is reported as such, never
diagnosed as a fault of the pipeline.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Mapping

from .errors import ConfigError
from .failures import Unscored, unscored
from .metrics import METRICS
from .results import Result

#: the fewest scored samples a lower-bound gate will judge (a CI over 1 sample is [x, x])
MIN_N = 10

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
    #: the samples without a score, by kind (pipeline, judge, budget, data)
    unscored: Unscored | None = None
    #: why the gate failed this metric: "below", "unscored" (errors or skips above the allowed rate),
    #: "cannot_judge" (too few scored samples for a lower bound); None when it passed
    why: str | None = None
    n_ok: int = 0
    #: what n_ok counts: "scored" samples, or "labelled" ones for a corrected lower bound
    counted: str = "scored"


@dataclass
class GateReport:
    checks: list[MetricCheck]
    use_lower_bound: bool
    max_error_rate: float = 0.0
    min_n: int = MIN_N
    use_corrected: bool = False

    @property
    def passed(self) -> bool:
        return all(c.passed for c in self.checks)

    def __str__(self) -> str:
        basis = "lower 95% CI bound" if self.use_lower_bound else "mean"
        if self.use_corrected:
            basis = "lower bound of the corrected interval, from your labels"
        lines = [f"{'PASS' if self.passed else 'FAIL'}: {sum(c.passed for c in self.checks)} of {len(self.checks)} "
                 f"metrics reach their minimum ({basis}; unscored samples allowed: "
                 f"{self.max_error_rate:.0%})"]
        lines += [_status_line(c, self.min_n) for c in self.checks]
        for c in self.checks:
            if not c.passed:
                lines += [""] + _explain(c, self.max_error_rate, self.min_n)
        return "\n".join(lines)


def _status_line(c: MetricCheck, min_n: int) -> str:
    shown = "n/a" if c.value is None else f"{c.value:.3f}"
    line = f"  {'ok  ' if c.passed else 'FAIL'} {c.metric}: {shown} (minimum {c.minimum:.2f})"
    u = c.unscored
    if u is not None and u.count():
        line += f"; {u.count()} of {u.n} samples not scored: {u.breakdown()}"
    if c.why == "cannot_judge":
        line += f"; cannot judge: {c.n_ok} {c.counted}, a lower bound needs at least {min_n}"
    return line


def _explain(c: MetricCheck, max_error_rate: float, min_n: int) -> list[str]:
    """Why this metric failed: what was not scored (the judge's fault or the pipeline's), or the
    diagnosis of a low score, which is given only when the judge answered for every sample."""
    u = c.unscored
    lines: list[str] = []
    if u is not None and u.count() and (c.why == "unscored" or c.value is None):
        covers = "No sample was scored." if c.value is None else "Its score covers only the others."
        lines.append(f"{c.metric}: {u.count()} of {u.n} samples were not scored ({u.rate:.0%}; at most "
                     f"{max_error_rate:.0%} allowed, --max-error-rate). {covers}")
        lines += _unscored_lines(u)
    if c.why == "cannot_judge":
        more = "Label more samples" if c.counted == "labelled" else "Evaluate more samples"
        lines.append(f"{c.metric}: the gate cannot judge: {c.n_ok} {c.counted} samples, and a lower 95% bound needs "
                     f"at least {min_n} (--min-n). {more}, or gate on the mean.")
    if c.value is not None and c.value < c.minimum:
        if u is not None and u.count("judge", "budget"):
            lines.append(f"{c.metric} is below {c.minimum:.2f}, but the judge did not answer for every sample: "
                         "no diagnosis of the pipeline until they are scored.")
        else:
            why, fix = DIAGNOSIS.get(c.metric, ("", ""))
            lines += [f"{c.metric} is below {c.minimum:.2f}.", f"  Likely cause: {why}", f"  Fix: {fix}"]
            lines += _worst_lines(c.worst)
    return lines


def _unscored_lines(u: Unscored) -> list[str]:
    texts = {
        "pipeline": "The pipeline failed (it raised before answering) on {n} question(s); fix it and run again:",
        "judge": "The judge failed on {n} sample(s): this is no verdict on the pipeline. Check the judge (key, "
                 "endpoint, model), then run again (--resume redoes only what failed):",
        "budget": "The budget ran out before {n} sample(s) were judged; continue with --resume and a larger --budget:",
        "data": "{n} sample(s) were skipped: the data lacks what the metric needs:",
    }
    lines = []
    for kind, text in texts.items():
        items = u.samples[kind]
        if items:
            lines.append("  " + text.format(n=len(items)))
            lines += [f"    [{s['id']}] {s['question']!r}: {s['reason']}" for s in items[:3]]
    return lines


def _worst_lines(worst: list[dict[str, Any]]) -> list[str]:
    if not worst:
        return []
    lines = ["  Worst samples:"]
    for w in worst:
        score = "n/a" if w["score"] is None else f"{w['score']:.2f}"
        lines.append(f"    [{w['id']}] {score} {w['question']!r}: {w['reason']}")
    return lines


def parse_thresholds(pairs: list[str] | None = None, file: str | Path | None = None,
                     preset: str | None = None) -> dict[str, float]:
    thresholds: dict[str, Any] = {}  # a number, or the text given for it (checked below)
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
        thresholds[name.strip()] = value.strip()
    out = {}
    for name, given in thresholds.items():
        if name not in METRICS:
            raise ConfigError(f"unknown metric '{name}' in thresholds; known: {', '.join(METRICS)}.")
        try:
            number = float(given)
        except (TypeError, ValueError):
            raise ConfigError(f"threshold for {name} must be a number in [0, 1], got {given!r}.") from None
        if not 0.0 <= number <= 1.0:
            raise ConfigError(f"threshold for {name} must be in [0, 1], got {number}.")
        out[name] = number
    if not out:
        raise ConfigError("no thresholds given: use --min metric=value, --thresholds FILE or --preset NAME.")
    return out


def worst_samples(result: Result, metric: str, k: int = 3) -> list[dict[str, Any]]:
    """The ``k`` lowest scored samples (the unscored ones are listed apart, by why)."""
    rows = []
    for sample, scores in zip(result.samples, result.metric_results):
        r = scores[metric]
        if r.status == "ok" and r.score is not None:
            rows.append((r.score, {"id": sample.get("id"), "question": (sample.get("user_input") or "")[:80],
                                   "score": r.score, "status": r.status, "reason": r.reason}))
    rows.sort(key=lambda t: t[0])
    return [row for _, row in rows[:k]]


def check_limits(max_error_rate: float, min_n: int) -> None:
    if not (isinstance(max_error_rate, (int, float)) and math.isfinite(max_error_rate) and 0 <= max_error_rate <= 1):
        raise ConfigError(f"max_error_rate must be a share in [0, 1] (0.05 allows 5% of samples unscored), "
                          f"got {max_error_rate!r}.")
    if isinstance(min_n, bool) or not isinstance(min_n, int) or min_n < 1:
        raise ConfigError(f"min_n must be a whole number of samples, at least 1, got {min_n!r}.")


def corrected_lower_bound(result: Result, metric: str) -> tuple[float, int]:
    """(lower end of the corrected interval, labelled samples it rests on) from the calibration
    recorded in the run's provenance; a ConfigError saying what is missing when there is none."""
    record = (result.provenance or {}).get("calibration")
    fix = ("Label a random sample of this run and calibrate on it (ragmeter label RUN --out labels.csv; ragmeter "
           "calibrate RUN labels.csv --out cal.json), then pass --calibration cal.json.")
    if not record:
        raise ConfigError(f"--use-corrected gates {metric} on the corrected lower bound, which needs a calibration "
                          f"with labels on this run, and none is given or recorded in the run. {fix}")
    entry = (record.get("corrected") or {}).get(metric)
    if not entry or not entry.get("corrected_ci"):
        source = record.get("file") or "the run's calibration"
        found = ("none of its labelled samples for it is in this run" if not entry else
                 f"only {entry.get('n_labelled', 0)} of its labelled samples are in this run and scored (2 or more needed)")
        raise ConfigError(f"--use-corrected gates {metric} on the corrected lower bound, but {source} gives none: "
                          f"{found}. {fix}")
    return float(entry["corrected_ci"][0]), int(entry.get("n_labelled", 0))


def check_metric(result: Result, metric: str, minimum: float, use_lower_bound: bool, max_error_rate: float,
                 min_n: int, n_worst: int, use_corrected: bool = False) -> MetricCheck:
    if metric not in result.metrics:
        raise ConfigError(f"the run has no '{metric}' scores (it has {', '.join(result.metrics)}).")
    agg = result.aggregates[metric]
    value = agg.ci_low if use_lower_bound else agg.mean
    n_basis = agg.n_ok
    if use_corrected:
        value, n_basis = corrected_lower_bound(result, metric)
    missing = unscored(result, metric)
    why = None
    if missing.count() and missing.rate > max_error_rate:
        why = "unscored"
    elif (use_lower_bound or use_corrected) and n_basis < min_n:
        why = "cannot_judge"
    elif value is None or value < minimum:
        why = "below"
    low = value is None or value < minimum
    return MetricCheck(metric, minimum, value, why is None, worst_samples(result, metric, n_worst) if low else [],
                       missing, why, n_basis, "labelled" if use_corrected else "scored")


def check(result: Result, thresholds: Mapping[str, float], use_lower_bound: bool = False, n_worst: int = 3,
          max_error_rate: float = 0.0, min_n: int = MIN_N, use_corrected: bool = False) -> GateReport:
    """Gate ``result`` on ``thresholds`` (metric: minimum); see the module's docstring. ``result``
    may also be what ``evaluate_rag_pipeline`` returns (its ``.result`` is gated). ``use_corrected``
    reads the corrected intervals of ``result.provenance["calibration"]`` (``Calibration.apply``)."""
    check_limits(max_error_rate, min_n)
    if not isinstance(result, Result) and isinstance(getattr(result, "result", None), Result):
        result = result.result
    checks = [check_metric(result, metric, minimum, use_lower_bound, max_error_rate, min_n, n_worst, use_corrected)
              for metric, minimum in thresholds.items()]
    return GateReport(checks, use_lower_bound, max_error_rate, min_n, use_corrected)


def assert_passes(result: Result, thresholds: Mapping[str, float] | str, use_lower_bound: bool = False,
                  max_error_rate: float = 0.0, min_n: int = MIN_N, use_corrected: bool = False) -> GateReport:
    """For test suites: raise AssertionError with the readable report when the gate fails.
    ``thresholds`` may be a preset name such as "clinical". Errors and skips fail the gate unless
    ``max_error_rate`` allows them."""
    if isinstance(thresholds, str):
        thresholds = parse_thresholds(preset=thresholds)
    report = check(result, thresholds, use_lower_bound, max_error_rate=max_error_rate, min_n=min_n,
                   use_corrected=use_corrected)
    if not report.passed:
        raise AssertionError(str(report))
    return report
