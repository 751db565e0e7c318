"""Metric and MetricResult: a metric is a formula over a judge's answers, nothing more."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Literal

if TYPE_CHECKING:
    from ..asker import Asker
    from ..data import Sample

Status = Literal["ok", "skipped", "error"]

#: a score this far outside [0, 1] is float noise (1.0000000002, or a float32 cosine of 1.0000001) and is
#: clipped; farther, a formula is wrong
SCORE_TOLERANCE = 1e-6


@dataclass
class MetricResult:
    """The outcome of one metric on one sample. ``score`` is None unless status is ``ok``.

    A score outside [0, 1] (beyond float noise) is not clamped: the result becomes an ``error``
    that names the score, since only a wrong formula gives one; its evidence is kept."""

    score: float | None
    status: Status = "ok"
    reason: str | None = None
    evidence: dict[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.status == "ok":
            if self.score is None or not math.isfinite(self.score):
                raise ValueError(f"an ok result needs a finite score, got {self.score!r}")
            score = float(self.score)
            if -SCORE_TOLERANCE <= score <= 1.0 + SCORE_TOLERANCE:
                self.score = min(1.0, max(0.0, score))
                return
            self.status, self.score = "error", None
            why = f"the metric's formula gave the score {score!r}, outside [0, 1]"
            self.reason = f"{why} ({self.reason})" if self.reason else why
            self.evidence = {**self.evidence, "out_of_range_score": score}
        else:
            self.score = None
            if not self.reason:
                raise ValueError(f"a {self.status} result needs a reason")

    @classmethod
    def skipped(cls, reason: str) -> "MetricResult":
        return cls(None, "skipped", reason)

    @classmethod
    def error(cls, reason: str, **evidence: Any) -> "MetricResult":
        return cls(None, "error", reason, dict(evidence))

    def to_dict(self) -> dict[str, Any]:
        return {"score": self.score, "status": self.status, "reason": self.reason, "evidence": self.evidence}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "MetricResult":
        return cls(data.get("score"), data.get("status", "ok"), data.get("reason"), data.get("evidence") or {})


class Metric:
    """Base class. Subclasses set ``name`` and ``required`` and implement ``score``."""

    name: ClassVar[str] = "metric"
    #: sample fields the metric cannot do without
    required: ClassVar[tuple[str, ...]] = ()
    #: ``required`` fields of which any one suffices (context precision: reference or response)
    any_of: ClassVar[tuple[str, ...]] = ()
    version: ClassVar[str] = "1"

    def settings(self) -> dict[str, Any]:
        return {}

    def describe(self) -> dict[str, Any]:
        return {"name": self.name, "version": self.version, **self.settings()}

    def missing(self, sample: "Sample") -> str | None:
        """Why this sample cannot be scored (a field absent, empty or malformed), or None."""
        for name in self.required:
            if name in sample.problems:
                return sample.problems[name]
            value = getattr(sample, name)
            if value is None:
                return f"'{name}' is missing"
            if isinstance(value, str) and not value.strip():
                return f"'{name}' is empty"
        if self.any_of and not any(_has_text(getattr(sample, n)) for n in self.any_of):
            return f"needs one of {', '.join(self.any_of)}, and all are missing or empty"
        return None

    async def score(self, sample: "Sample", ask: "Asker") -> MetricResult:  # pragma: no cover
        raise NotImplementedError

    def __repr__(self) -> str:
        args = ", ".join(f"{k}={v!r}" for k, v in self.settings().items())
        return f"{type(self).__name__}({args})"



def _has_text(value: Any) -> bool:
    return isinstance(value, str) and bool(value.strip())


def verdict_evidence(verdicts: list, key: str = "claims") -> dict[str, Any]:
    """The judge's verdicts as evidence: each item with its yes/no, probability and support."""
    return {key: [v.to_dict() for v in verdicts]}
