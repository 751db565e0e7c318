"""Result: per-sample scores with status and reason, aggregates with intervals, provenance."""

from __future__ import annotations

import json
import math
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any, Iterator

import numpy as np

from .errors import DatasetError
from .metrics.base import MetricResult
from .redaction import scrub
from .stats import bootstrap_ci

SCHEMA = "ragmeter.result/1"
INPUT_FIELDS = ("id", "user_input", "response", "retrieved_contexts", "reference", "reference_contexts")


@dataclass(frozen=True)
class Aggregate:
    """Summary of one metric over the samples it scored."""

    mean: float | None
    std: float | None
    n: int
    n_ok: int
    n_skipped: int
    n_error: int
    ci_low: float | None
    ci_high: float | None
    confidence: float

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


def summarise(scores: Any, n_skipped: int, n_error: int, confidence: float = 0.95, n_resamples: int = 1000,
              seed: int = 0) -> Aggregate:
    """Aggregate of the ok scores of one metric (also used by the Ray engine on its columns)."""
    x = np.asarray(scores, dtype=float)
    ci = bootstrap_ci(x, confidence, n_resamples, seed)
    return Aggregate(
        mean=float(x.mean()) if x.size else None,
        std=float(x.std(ddof=1)) if x.size > 1 else (0.0 if x.size else None),
        n=int(x.size + n_skipped + n_error), n_ok=int(x.size), n_skipped=int(n_skipped), n_error=int(n_error),
        ci_low=ci[0] if ci else None, ci_high=ci[1] if ci else None, confidence=confidence,
    )


def aggregate(results: list[MetricResult], confidence: float = 0.95, n_resamples: int = 1000,
              seed: int = 0) -> Aggregate:
    scores = [r.score for r in results if r.status == "ok" and r.score is not None]
    return summarise(scores, sum(r.status == "skipped" for r in results), sum(r.status == "error" for r in results),
                     confidence, n_resamples, seed)


class Result:
    """What evaluate() returns.

    ``result["faithfulness"]`` is the mean over samples scored ``ok`` (None when none was);
    ``print(result)`` shows the means; ``aggregates`` adds std, counts and the bootstrap CI.
    """

    def __init__(self, samples: list[dict[str, Any]], scores: list[dict[str, MetricResult]],
                 metrics: list[str], provenance: dict[str, Any], warnings: list[str] | None = None):
        if len(samples) != len(scores):
            raise ValueError("one score row per sample is required")
        self.samples = samples
        self.metric_results = scores
        self.metrics = list(metrics)
        self.provenance = provenance
        self.warnings = list(warnings or [])
        stats = provenance.get("settings", {})
        self._confidence = float(stats.get("confidence", 0.95))
        self._n_resamples = int(stats.get("n_resamples", 1000))
        self._seed = int(stats.get("seed", 0))
        self._aggregates: dict[str, Aggregate] | None = None

    # ---- aggregates -------------------------------------------------------------------
    @property
    def aggregates(self) -> dict[str, Aggregate]:
        if self._aggregates is None:
            self._aggregates = {
                m: aggregate([row[m] for row in self.metric_results], self._confidence, self._n_resamples, self._seed)
                for m in self.metrics
            }
        return self._aggregates

    def __getitem__(self, metric: str) -> float | None:
        if metric not in self.metrics:
            raise KeyError(f"'{metric}' was not evaluated; this result has {', '.join(self.metrics)}")
        return self.aggregates[metric].mean

    def __contains__(self, metric: object) -> bool:
        return metric in self.metrics

    def keys(self) -> list[str]:
        return list(self.metrics)

    def __iter__(self) -> Iterator[str]:
        return iter(self.metrics)

    def __len__(self) -> int:
        return len(self.samples)

    def means(self) -> dict[str, float | None]:
        return {m: self.aggregates[m].mean for m in self.metrics}

    def __repr__(self) -> str:
        return repr({m: (round(v, 4) if v is not None else None) for m, v in self.means().items()})

    # ---- per-sample views -------------------------------------------------------------
    def scores(self, metric: str) -> list[float | None]:
        return [row[metric].score for row in self.metric_results]

    def rows(self) -> list[dict[str, Any]]:
        """One flat dict per sample: inputs, then score, status and reason of each metric."""
        out = []
        for sample, row in zip(self.samples, self.metric_results):
            flat = {k: sample.get(k) for k in INPUT_FIELDS}
            for key, value in (sample.get("metadata") or {}).items():
                flat[key] = value
            if sample.get("error"):
                flat["sample_error"] = sample["error"]
            if sample.get("warnings"):  # a text cut to max_cell_chars for the judge (cells.py)
                flat["sample_warnings"] = " ".join(sample["warnings"])
            for m in self.metrics:
                r = row[m]
                flat[m] = r.score
                flat[f"{m}_status"] = r.status
                flat[f"{m}_reason"] = r.reason
            out.append(flat)
        return out

    def to_pandas(self):
        import pandas as pd

        return pd.DataFrame(self.rows())

    def plot(self, path=None, name: str = "run", metrics=None):
        """The grouped bar chart with CI bars and the score distributions (needs [report])."""
        from .report.plots import plot_runs

        return plot_runs({name: self}, path, metrics)

    def to_html(self, path, other: "Result | None" = None, names=("A", "B"), title: str = "ragmeter report"):
        """Write the self-contained HTML report (optionally comparing with ``other``)."""
        from .report.html import write_report

        return write_report(path, self, other, names, title)

    # ---- persistence ------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        return {
            "schema": SCHEMA,
            "metrics": self.metrics,
            "aggregates": {m: a.to_dict() for m, a in self.aggregates.items()},
            "provenance": self.provenance,
            "warnings": self.warnings,
            "samples": [
                {**sample, "results": {m: row[m].to_dict() for m in self.metrics}}
                for sample, row in zip(self.samples, self.metric_results)
            ],
        }

    def save(self, path: str | Path) -> Path:
        """Write the whole result (versioned JSON); ``Result.load`` reads it back."""
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(path.suffix + ".tmp")
        text = scrub(json.dumps(self.to_dict(), ensure_ascii=False, indent=1, default=_jsonable))
        tmp.write_text(text, encoding="utf-8")
        tmp.replace(path)
        return path

    @classmethod
    def load(cls, path: str | Path) -> "Result":
        path = Path(path)
        if path.is_dir():
            path = path / "result.json"
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            raise DatasetError(f"{path}: no such result file (write one with result.save or --out).") from None
        except (json.JSONDecodeError, UnicodeDecodeError):
            raise DatasetError(f"{path}: not a ragmeter result (not valid JSON).") from None
        if not isinstance(data, dict) or not str(data.get("schema", "")).startswith("ragmeter.result/"):
            raise DatasetError(f"{path}: not a ragmeter result (no 'schema': '{SCHEMA}').")
        samples, scores = [], []
        for entry in data["samples"]:
            entry = dict(entry)
            results = entry.pop("results")
            samples.append(entry)
            scores.append({m: MetricResult.from_dict(results[m]) for m in data["metrics"]})
        return cls(samples, scores, data["metrics"], data.get("provenance", {}), data.get("warnings"))

    def to_csv(self, path: str | Path) -> Path:
        frame = self.to_pandas()
        for col in ("retrieved_contexts", "reference_contexts"):
            frame[col] = [json.dumps(v, ensure_ascii=False) if v is not None else None for v in frame[col]]
        Path(path).write_text(scrub(frame.to_csv(index=False)), encoding="utf-8", newline="")
        return Path(path)

    def to_jsonl(self, path: str | Path) -> Path:
        with Path(path).open("w", encoding="utf-8") as fh:
            for row in self.rows():
                fh.write(scrub(json.dumps(row, ensure_ascii=False, default=_jsonable)) + "\n")
        return Path(path)


def _jsonable(value: Any) -> Any:
    if isinstance(value, (np.floating, np.integer)):
        return value.item()
    if isinstance(value, np.ndarray):
        return value.tolist()
    if isinstance(value, float) and math.isnan(value):
        return None
    return str(value)
