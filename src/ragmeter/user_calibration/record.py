"""Calibration: what calibrate() returns, prints and saves (JSON), and what carries it forward to
another run of the same judge (``apply``: each score mapped onto the labels' scale)."""

from __future__ import annotations

import copy
import json
import warnings
from pathlib import Path
from typing import Any, Iterator

from ..errors import DatasetError, RagmeterWarning

SCHEMA = "ragmeter.calibration/1"


def _fmt(value: Any) -> str:
    return "n/a" if value is None else f"{value:.3f}"


def _interval(ci: Any) -> str:
    return "n/a" if not ci else f"[{ci[0]:.3f}, {ci[1]:.3f}]"


class Calibration:
    """Per metric: ``n_labelled``, ``judge_mean``, ``labels_mean`` / ``labels_ci``, ``corrected_mean`` /
    ``corrected_ci``, ``agreement`` (each statistic as {"value", "ci"}), ``mapping``, ``selection``,
    ``reliability`` and ``warnings``; with the run, the labels and the settings it came from."""

    def __init__(self, data: dict[str, Any]):
        self.data = data

    @property
    def metrics(self) -> dict[str, dict[str, Any]]:
        return self.data["metrics"]

    def __getitem__(self, metric: str) -> dict[str, Any]:
        if metric not in self.metrics:
            raise KeyError(f"'{metric}' was not calibrated; this calibration has {', '.join(self.metrics)}")
        return self.metrics[metric]

    def __iter__(self) -> Iterator[str]:
        return iter(self.metrics)

    def to_dict(self) -> dict[str, Any]:
        return copy.deepcopy(self.data)

    def save(self, path: str | Path) -> Path:
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(self.data, indent=1, allow_nan=False, default=_finite), encoding="utf-8")
        return path

    @classmethod
    def load(cls, path: str | Path) -> "Calibration":
        path = Path(path)
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            raise DatasetError(f"{path}: no such calibration file (write one with: ragmeter calibrate RUN LABELS "
                               "--out FILE).") from None
        except (json.JSONDecodeError, UnicodeDecodeError):
            raise DatasetError(f"{path}: not a ragmeter calibration (not valid JSON).") from None
        if not isinstance(data, dict) or data.get("schema") != SCHEMA or not isinstance(data.get("metrics"), dict):
            raise DatasetError(f"{path}: not a ragmeter calibration (no 'schema': '{SCHEMA}'); write one with: "
                               "ragmeter calibrate RUN LABELS --out FILE.")
        return cls(data)

    def lines(self) -> list[str]:
        """A plain-text summary, one block per metric."""
        labels = self.data.get("labels", {})
        out = [f"calibration against {labels.get('source', 'labels')} (keyed by {labels.get('key', 'id')}), "
               f"judge {self.data.get('run', {}).get('judge', {}).get('name', '?')}"]
        for name, m in self.metrics.items():
            out.append(f"\n{name}: {m['n_labelled']} labelled, {m.get('n_unlabelled', 0)} unlabelled")
            out.append(f"  judge mean      {_fmt(m['judge_mean'])}  {_interval(m.get('judge_ci'))}  (the judge alone)")
            out.append(f"  labels mean     {_fmt(m['labels_mean'])}  {_interval(m['labels_ci'])}  (your labels alone)")
            out += _corrected_lines(m)
            if m.get("agreement"):
                confidence = self.data.get("settings", {}).get("confidence", 0.95)
                out.append(f"  agreement with the labels ({confidence:.0%} bootstrap intervals):")
            for key, stat in (m.get("agreement") or {}).items():
                out.append(f"    {key:<14s} {_fmt(stat['value'])}  {_interval(stat['ci'])}")
        return out

    def __str__(self) -> str:
        return "\n".join(self.lines())

    def apply(self, result: Any, source: str | None = None) -> Any:
        """A copy of ``result`` with each calibrated metric's scores mapped onto the labels' scale (the
        judge's own score kept as evidence "judge_score") and, where this calibration's labelled samples
        are in the run, the corrected means computed on it; all recorded in provenance["calibration"]
        (see apply.py). ``source`` names the calibration file in messages and provenance."""
        from .apply import apply_calibration

        if any(m in result.metrics for m in self.metrics):
            self._check_judge(result)
        return apply_calibration(self, result, source)

    def _check_judge(self, result: Any) -> None:
        made = self.data.get("run", {}).get("judge", {})
        used = result.provenance.get("judge", {})
        if made and used and (made.get("name"), made.get("version")) != (used.get("name"), used.get("version")):
            warnings.warn(f"this calibration was made for judge {made.get('name')} version {made.get('version')}, the "
                          f"run used {used.get('name')} version {used.get('version')}: a map fitted on one judge's "
                          "scores does not fit another's. Calibrate this judge on your labels again.",
                          RagmeterWarning, stacklevel=3)


def _corrected_lines(m: dict[str, Any]) -> list[str]:
    plain, mapped = m.get("corrected_plain"), m.get("corrected_mapped")
    if not plain:  # too few labels, or a calibration saved before both were given
        lam = (m.get("ppi") or {}).get("lambda")
        return [f"  corrected mean  {_fmt(m['corrected_mean'])}  {_interval(m['corrected_ci'])}  "
                f"(PPI++, judge weight {_fmt(lam)})"]
    chosen = m.get("corrected_method", "plain")
    out = [f"  corrected mean  {_fmt(m['corrected_mean'])}  {_interval(m['corrected_ci'])}  "
           f"({'PPI++ on cross-fitted mapped scores' if chosen == 'mapped' else 'PPI++'}, the narrower)"
           if mapped else
           f"  corrected mean  {_fmt(m['corrected_mean'])}  {_interval(m['corrected_ci'])}  "
           f"(PPI++, judge weight {_fmt(plain['lambda'])})"]
    if mapped:
        out.append(f"    PPI++ on raw scores      {_fmt(plain['mean'])}  {_interval(plain['ci'])}  "
                   f"(judge weight {_fmt(plain['lambda'])})")
        out.append(f"    PPI++ on mapped scores   {_fmt(mapped['mean'])}  {_interval(mapped['ci'])}  "
                   f"({mapped['folds']}-fold cross-fitted {mapped['map']} map, weight {_fmt(mapped['lambda'])})")
    elif m.get("corrected_mapped_note"):
        out.append(f"    (no cross-fitted mean: {m['corrected_mapped_note']})")
    return out


def _finite(value: Any) -> Any:
    if hasattr(value, "item"):
        return value.item()
    raise TypeError(f"cannot store a {type(value).__name__} in a calibration")
