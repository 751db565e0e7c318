"""What a run did not score, and why: the pipeline failed, the judge failed, the budget ran out,
or the data lacked what a metric needs.

The gate and the command line read a Result through this module, so that a failure is never
mistaken for a score (a mean over the 1 question of 3 that worked is not a pass) and a judge
that failed is never diagnosed as a bad pipeline.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping

from .metrics.base import MetricResult

#: why a result has no score; "data" is a skip (a field missing or malformed), the rest are errors
KINDS = ("pipeline", "judge", "budget", "data")
ERROR_KINDS = ("pipeline", "judge", "budget")
BUDGET_MARK = "budget"  # MetricResult.evidence["stopped_by"] of a call refused by --budget


def kind_of(sample: Mapping[str, Any], result: MetricResult) -> str | None:
    """Why this result has no score, or None when it has one."""
    if result.status == "ok":
        return None
    if result.status == "skipped":
        return "data"
    if sample.get("error"):
        return "pipeline"
    if result.evidence.get("stopped_by") == BUDGET_MARK or (result.reason or "").startswith("BudgetExceeded"):
        return "budget"
    return "judge"


@dataclass
class Unscored:
    """The samples of one metric without a score, by kind, each with its id, question and reason."""

    metric: str
    n: int
    samples: dict[str, list[dict[str, Any]]] = field(default_factory=lambda: {k: [] for k in KINDS})

    def count(self, *kinds: str) -> int:
        return sum(len(self.samples[k]) for k in (kinds or KINDS))

    @property
    def n_errors(self) -> int:
        return self.count(*ERROR_KINDS)

    @property
    def rate(self) -> float:
        """Share of samples not scored, errors and skips alike."""
        return self.count() / self.n if self.n else 1.0

    def breakdown(self) -> str:
        """'2 pipeline errors, 1 skipped' (the kinds that occurred)."""
        words = {"pipeline": "pipeline error", "judge": "judge error", "budget": "stopped by the budget",
                 "data": "skipped"}
        parts = []
        for kind in KINDS:
            n = self.count(kind)
            if n:
                label = words[kind] + ("s" if n > 1 and kind in ("pipeline", "judge") else "")
                parts.append(f"{n} {label}")
        return ", ".join(parts)


def unscored(result: Any, metric: str) -> Unscored:
    """The samples of ``result`` that have no ``metric`` score, sorted by kind."""
    out = Unscored(metric, len(result.samples))
    for sample, row in zip(result.samples, result.metric_results):
        r = row[metric]
        kind = kind_of(sample, r)
        if kind is not None:
            out.samples[kind].append({"id": sample.get("id"), "question": (sample.get("user_input") or "")[:80],
                                      "reason": r.reason})
    return out


def _stop_reason(result: Any) -> str | None:
    """The reason of the first result the run's circuit breaker or deadline stopped, if any."""
    for row in result.metric_results:
        for metric in result.metrics:
            if row[metric].evidence.get("stopped_by") in STOP_MARKS:
                return row[metric].reason
    return None


STOP_MARKS = ("endpoint", "deadline")  # MetricResult.evidence["stopped_by"] when the runner stopped calling


@dataclass
class RunOutcome:
    """The whole run in one line and one exit code (see the README's exit codes)."""

    n_samples: int
    n_metrics: int
    counts: dict[str, int]
    max_error_rate: float = 0.0
    example: str | None = None  # the first error's reason, to show what went wrong
    stop: str | None = None  # why the run stopped calling the judge (circuit breaker, deadline), shown whole

    @classmethod
    def of(cls, result: Any, max_error_rate: float = 0.0) -> "RunOutcome":
        counts = dict.fromkeys(KINDS, 0)
        stop = _stop_reason(result)  # the run stopped calling the judge: that says it all
        example = None
        for metric in result.metrics:
            missing = unscored(result, metric)
            for kind in KINDS:
                counts[kind] += missing.count(kind)
            if example is None:
                example = next((s["reason"] for k in ERROR_KINDS for s in missing.samples[k]), None)
        return cls(len(result.samples), len(result.metrics), counts, max_error_rate, example, stop)

    @property
    def n_results(self) -> int:
        return self.n_samples * self.n_metrics

    @property
    def n_errors(self) -> int:
        return sum(self.counts[k] for k in ERROR_KINDS)

    @property
    def error_rate(self) -> float:
        return self.n_errors / self.n_results if self.n_results else 0.0

    @property
    def exit_code(self) -> int:
        if self.counts["budget"]:
            return 4
        return 3 if self.n_errors and self.error_rate > self.max_error_rate else 0

    def line(self) -> str:
        scored = self.n_results - self.n_errors - self.counts["data"]
        head = f"ragmeter: {self.n_samples} samples x {self.n_metrics} metrics: {scored} of {self.n_results} results scored"
        if not self.n_errors and not self.counts["data"]:
            return head + "."
        kinds = ", ".join(f"{k} {self.counts[k]}" for k in ERROR_KINDS if self.counts[k])
        text = f"{head}; {self.n_errors} errors" + (f" ({kinds})" if kinds else "") + f", {self.counts['data']} skipped"
        code = self.exit_code
        if code == 4:
            text += "; stopped by the budget (continue with --resume and a larger --budget)"
        elif code == 3:
            text += (f"; errors are {self.error_rate:.0%} of results, above --max-error-rate {self.max_error_rate:g}")
        if self.stop:
            text += f"; {self.stop}"
        elif self.example:
            shown = self.example if len(self.example) <= 160 else self.example[:157] + "..."
            text += f"; first error: {shown}"
        return text + f" (exit {code})"
