"""Carrying a saved calibration to a run (``Calibration.apply``, ``--calibration FILE`` on evaluate,
check, report and calibrate):

- each calibrated metric's scores are mapped onto the labels' scale (the judge's own score kept as
  evidence ``judge_score``; a run mapped before is mapped again from the judge's scores, never twice);
- where the calibration's labelled samples are in the run, the labels-only and corrected means are
  computed again on this run's judge scores, so they hold for this run;
- everything is recorded in ``result.provenance["calibration"]`` (see ``calibration_record``).
"""

from __future__ import annotations

import copy
import warnings
from typing import Any

import numpy as np

from ..errors import DatasetError, RagmeterWarning
from .calibrate import judge_score, means_of, split
from .labels import LabelRow, LabelTable, normalise_key
from .mapping import ScoreMap
from .match import _run_keys, match_samples


def stored_table(cal: Any, source: str) -> LabelTable | None:
    """The labels saved in the calibration as a LabelTable (None for a calibration saved without them)."""
    stored = cal.data.get("labelled")
    if not stored or not stored.get("values"):
        return None
    rows: dict[str, dict[str, float]] = {}
    for metric, pairs in stored["values"].items():
        for key, value in pairs:
            rows.setdefault(str(key), {})[metric] = float(value)
    return LabelTable(f"{source} (its labels)", stored["key"], stored["key"], tuple(stored["values"]),
                      tuple(LabelRow(f"label {i + 1}", key, values) for i, (key, values) in enumerate(rows.items())))


def _matches(table: LabelTable | None, result: Any) -> dict[str, int]:
    """label key -> sample index; empty when no labelled sample is in the run."""
    if table is None:
        return {}
    keys = _run_keys(result, table.key)
    if not any(normalise_key(row.key, table.key) in keys for row in table.rows):
        return {}
    return match_samples(table, result)


def _mapped_rows(result: Any, maps: dict[str, ScoreMap]) -> list[dict[str, Any]]:
    from ..metrics.base import MetricResult

    rows = []
    for row in result.metric_results:
        new = dict(row)
        for m, score_map in maps.items():
            r = row[m]
            if r.status == "ok" and r.score is not None:
                raw = judge_score(r)
                new[m] = MetricResult(float(score_map([raw])[0]), "ok", r.reason, {**r.evidence, "judge_score": raw})
        rows.append(new)
    return rows


def _corrected(cal: Any, result: Any, table: LabelTable | None, where: dict[str, int],
               same_data: bool) -> dict[str, dict[str, Any]]:
    """Per metric, the means computed on this run (labels found in it), or those saved with the
    calibration when it was made on these very data and saved without its labels."""
    settings = cal.data.get("settings", {})
    confidence, seed = float(settings.get("confidence", 0.95)), int(settings.get("seed", 0))
    out: dict[str, dict[str, Any]] = {}
    if table is None:
        if same_data:
            for m, c in cal.metrics.items():
                if m in result.metrics and c.get("corrected_ci"):
                    out[m] = {k: v for k, v in c.items() if k not in ("agreement", "reliability", "mapping")}
                    out[m]["computed_on"] = "the calibrated run (saved)"
        return out
    for m in table.metrics:
        if m not in result.metrics:
            continue
        labelled = {where[row.key]: value for row, value in table.labels_of(m) if row.key in where}
        if not labelled:
            continue
        y, f, g, unscored = split(result, m, labelled)
        block = means_of(m, y, f, g, unscored, confidence, seed)
        if not same_data and block.get("corrected_ci"):
            block["warnings"].append(
                f"{m}: this run's data differ from those of the calibrated run; its {y.size} labelled samples are "
                "still used, and the corrected mean holds only if they are a random sample of this run.")
        scores = np.concatenate([f, g])
        out[m] = {"judge_mean": float(scores.mean()) if scores.size else None, **block, "computed_on": "this run"}
        for note in block.get("warnings", []):
            warnings.warn(note, RagmeterWarning, stacklevel=4)
    return out


def calibration_record(cal: Any, result: Any, source: str | None = None) -> tuple[dict[str, ScoreMap], dict[str, Any]]:
    """(maps to apply, the record kept in provenance["calibration"]): its file, when and on what it was
    made, the maps, whether the run has the same data, and per metric the corrected means."""
    maps = {m: ScoreMap.from_dict(c["mapping"]) for m, c in cal.metrics.items()
            if c.get("mapping") and m in result.metrics}
    name = source or "the calibration"
    table = stored_table(cal, name)
    where = _matches(table, result)
    same_data = cal.data.get("run", {}).get("dataset_hash") == (result.provenance or {}).get("dataset_hash")
    corrected = _corrected(cal, result, table, where, same_data)
    if not maps and not corrected:
        raise DatasetError(f"{name}: calibrates {', '.join(cal.metrics) or 'no metric'}; the run scored "
                           f"{', '.join(result.metrics)}: nothing to apply.")
    record: dict[str, Any] = {
        "schema": cal.data.get("schema"), "file": source, "created": cal.data.get("created"),
        "labels": cal.data.get("labels"), "run": cal.data.get("run"), "settings": cal.data.get("settings"),
        "maps": {m: s.to_dict() for m, s in maps.items()}, "same_data": same_data,
        "labelled_in_run": len(where), "corrected": corrected,
    }
    return maps, record


def apply_calibration(cal: Any, result: Any, source: str | None = None) -> Any:
    """A copy of ``result`` with mapped scores and provenance["calibration"] (the module's docstring)."""
    from ..results import Result

    maps, record = calibration_record(cal, result, source)
    provenance = copy.deepcopy(result.provenance)
    provenance["calibration"] = record
    return Result(copy.deepcopy(result.samples), _mapped_rows(result, maps), result.metrics, provenance,
                  result.warnings)


METHOD_NAMES = {"plain": "PPI++ on the judge's scores", "mapped": "PPI++ on cross-fitted mapped scores"}


def corrected_lines(record: dict[str, Any]) -> list[str]:
    """One line per metric of a calibration record: the corrected mean, or why there is none."""
    lines = []
    for m, c in record.get("corrected", {}).items():
        if c.get("corrected_ci"):
            lo, hi = c["corrected_ci"]
            how = METHOD_NAMES.get(c.get("corrected_method", "plain"), "PPI++")
            lines.append(f"  {m}: corrected mean {c['corrected_mean']:.3f} [{lo:.3f}, {hi:.3f}] "
                         f"({how}; {c['n_labelled']} labelled, labels alone "
                         f"{c['labels_mean']:.3f} [{c['labels_ci'][0]:.3f}, {c['labels_ci'][1]:.3f}])")
        else:
            lines.append(f"  {m}: no corrected mean ({c.get('n_labelled', 0)} labelled and scored samples)")
    if not lines:
        lines.append("  no labelled sample of the calibration is in this run: scores mapped, no corrected mean")
    return lines
