"""A run's calibration on the Summary (``provenance["calibration"]``, written by ``--calibration FILE``
on evaluate, check and report; see docs/calibration.md): that the scores shown are mapped onto the
labels' scale, and per metric the judge's mean, the labels-only and corrected means with their
intervals, how many samples are labelled, and the warnings. Every string is escaped."""

from __future__ import annotations

import json
from typing import Any

from ..results import Result
from ..user_calibration.apply import METHOD_NAMES
from .summary import text


def record_of(result: Result) -> dict[str, Any] | None:
    record = (result.provenance or {}).get("calibration")
    return record if isinstance(record, dict) else None


def mapped_metrics(result: Result) -> list[str]:
    """The run's metrics whose scores a calibration mapped, in the run's order."""
    maps = (record_of(result) or {}).get("maps") or {}
    return [m for m in result.metrics if m in maps]


def _num(value: Any) -> str:
    return "n/a" if not isinstance(value, (int, float)) else f"{value:.3f}"


def _with_ci(mean: Any, ci: Any) -> str:
    if not isinstance(mean, (int, float)):
        return "n/a"
    if not (isinstance(ci, (list, tuple)) and len(ci) == 2 and all(isinstance(x, (int, float)) for x in ci)):
        return _num(mean)
    return f'{mean:.3f} <span class="ci">[{ci[0]:.3f}, {ci[1]:.3f}]</span>'


def _origin(record: dict[str, Any]) -> str:
    """Where the calibration came from: its file, when, which labels, which judge and run."""
    labels = record.get("labels") or {}
    run = record.get("run") or {}
    judge = run.get("judge") or {}
    parts = [f'calibration <code data-role="calibration-file">{text(record.get("file") or "(no file)")}</code>']
    if record.get("created"):
        parts.append(f"made {text(record['created'])}")
    if labels.get("source"):
        parts.append(f"from the labels of {text(labels['source'])} (keyed by {text(labels.get('key', 'id'))})")
    if judge.get("name"):
        parts.append(f"on judge {text(judge['name'])} version {text(judge.get('version', '?'))}")
    return ", ".join(parts) + "."


def _mapped_note(result: Result, record: dict[str, Any]) -> str:
    mapped = mapped_metrics(result)
    if not mapped:
        return ('<p data-role="mapped-note">No score of this run is mapped (the calibration maps none of its '
                'metrics); the means below are computed on the judge\'s scores.</p>')
    maps = record.get("maps") or {}
    how = ", ".join(f"{text(m)} ({text((maps.get(m) or {}).get('method', 'map'))})" for m in mapped)
    return (f'<p data-role="mapped-note"><strong>Scores shown are mapped</strong> onto your labels\' scale for {how}: '
            'the cards, charts, the Samples table and Compare show mapped scores. Each sample keeps the judge\'s own '
            'score, shown in its detail as "judge score". The corrected mean below is the one whose interval '
            'accounts for the map\'s uncertainty, through your labels.</p>')


def _row(metric: str, c: dict[str, Any] | None) -> str:
    if not c:
        return (f'<tr data-metric="{text(metric)}"><td>{text(metric)}</td><td colspan=6 data-role="no-labels">mapped '
                'only: none of the calibration\'s labelled samples for it is scored in this run</td></tr>')
    method = METHOD_NAMES.get(c.get("corrected_method") or "plain", "PPI++") if c.get("corrected_ci") else \
        "no corrected mean"
    return (f'<tr data-metric="{text(metric)}"><td>{text(metric)}</td>'
            f'<td data-role="judge-mean">{_num(c.get("judge_mean"))}</td>'
            f'<td data-role="labels-mean">{_with_ci(c.get("labels_mean"), c.get("labels_ci"))}</td>'
            f'<td data-role="corrected-mean"><strong>{_with_ci(c.get("corrected_mean"), c.get("corrected_ci"))}'
            f'</strong></td><td data-role="n-labelled">{text(c.get("n_labelled", 0))} of '
            f'{text(c.get("n_labelled", 0) + (c.get("n_unlabelled") or 0))}</td>'
            f'<td data-role="method">{text(method)}</td><td data-role="computed-on">{text(c.get("computed_on", ""))}'
            f'</td></tr>')


def _warnings(record: dict[str, Any], metrics: list[str]) -> str:
    corrected = record.get("corrected") or {}
    items = [w for m in metrics for w in ((corrected.get(m) or {}).get("warnings") or [])]
    if record.get("same_data") is False:
        items.insert(0, "this run's data differ from those the calibration was made on (another dataset hash).")
    if not items:
        return ""
    lis = "".join(f"<li>{text(w)}</li>" for w in items)
    return (f'<div class="warning" data-role="calibration-warnings"><strong>Calibration warnings</strong>'
            f'<ul>{lis}</ul></div>')


def calibration_section(result: Result) -> str:
    """The run's calibration on the Summary; empty when it has none."""
    record = record_of(result)
    if record is None:
        return ""
    corrected = record.get("corrected") or {}
    metrics = [m for m in result.metrics if m in corrected or m in (record.get("maps") or {})]
    confidence = (record.get("settings") or {}).get("confidence", 0.95)
    level = f"{confidence:.0%}" if isinstance(confidence, (int, float)) else "95%"
    rows = "".join(_row(m, corrected.get(m)) for m in metrics)
    table = (f'<div class="scroll"><table class="metrics calibration" data-role="calibration-table"><tr><th>metric</th>'
             f'<th>judge mean</th><th>your labels alone ({level} CI)</th><th>corrected mean ({level} CI)</th>'
             f'<th>labelled</th><th>corrected by</th><th>computed on</th></tr>{rows}</table></div>')
    if not corrected:
        table += ('<p data-role="no-labels">None of the calibration\'s labelled samples is in this run: its scores are '
                  'mapped, and there is no corrected mean.</p>')
    return (f'<details class="calibration" data-role="calibration" open><summary>Calibration on your labels</summary>'
            f'<p class="note">{_origin(record)}</p>{_mapped_note(result, record)}{table}'
            f'{_warnings(record, metrics)}</details>')


def mapping_warnings(runs: dict[str, Result], metrics: list[str]) -> list[str]:
    """For two runs: the metrics whose scores are not on the same scale (one run mapped and the
    other not, or mapped by other maps), where a difference may be the calibration's."""
    (name_a, a), (name_b, b) = runs.items()
    maps_a = (record_of(a) or {}).get("maps") or {}
    maps_b = (record_of(b) or {}).get("maps") or {}
    out = []
    for m in metrics:
        ma, mb = maps_a.get(m), maps_b.get(m)
        if ma is None and mb is None:
            continue
        if ma is None or mb is None:
            mapped, raw = (name_a, name_b) if mb is None else (name_b, name_a)
            out.append(f"{m}: {mapped}'s scores are mapped by a calibration and {raw}'s are not: the two are on "
                       "different scales; apply the same calibration to both (--calibration FILE).")
        elif json.dumps(ma, sort_keys=True, default=str) != json.dumps(mb, sort_keys=True, default=str):
            out.append(f"{m}: the runs' scores are mapped by different calibrations: a difference may be the maps'.")
    return out
