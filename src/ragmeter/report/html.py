"""A self-contained HTML report: one file, inline CSS and JS, no network, works from file://.

The Summary (verdicts, cards, charts, provenance) is rendered here with every string escaped;
the samples travel once per run as compact JSON (payload.py) in a <script type="application/json">
block (with '<' escaped, so no text can close it) and are drawn by the assets' scripts with
textContent only.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from ..compare import Comparison, _keys, compare
from ..results import Result
from .calibration import calibration_section, mapped_metrics, mapping_warnings
from .payload import run_json, worst_first, worst_pairs
from .summary import cards, provenance, run_label, text, verdict_section, warnings_box
from .svg import distribution, grouped_bars, run_colour

ASSETS = Path(__file__).parent / "assets"
SCRIPTS = ("core.js", "detail.js", "table.js", "views.js")  # one scope, in this order
CSP = ("default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:; "
       "connect-src 'none'; form-action 'none'")


def _pairs(a: Result, b: Result) -> list[tuple[int, int]]:
    index_b = {k: j for j, k in enumerate(_keys(b))}
    return [(i, index_b[k]) for i, k in enumerate(_keys(a)) if k in index_b]


def _deltas_table(comparison: Comparison, names: tuple[str, str]) -> str:
    rows = []
    for m in comparison.metrics.values():
        p = m.paired
        if p is None:
            rows.append(f"<tr><td>{text(m.metric)}</td><td colspan=5>no sample scored in both runs</td></tr>")
            continue
        cls = "ns" if not m.significant else "better" if p.difference > 0 else "worse"
        rows.append(f'<tr data-metric="{text(m.metric)}"><td>{text(m.metric)}</td><td>{p.mean_a:.3f}</td>'
                    f'<td>{p.mean_b:.3f}</td><td class="d-{cls}">{p.difference:+.3f} [{p.ci_low:+.3f}, {p.ci_high:+.3f}]'
                    f'</td><td>{p.p_value:.3g}</td><td>{p.wins}/{p.losses}/{p.ties}</td></tr>')
    verdicts = "".join(f"<li>{text(v)}</li>" for v in comparison.verdicts())
    return (f'<div class="scroll"><table class="metrics" data-role="deltas"><tr><th>metric</th>'
            f'<th>{run_label(0, names[0])}</th><th>{run_label(1, names[1])}</th><th>Δ (95% CI)</th>'
            f'<th>p (permutation)</th><th>higher/lower/tied</th></tr>{"".join(rows)}</table></div><ul>{verdicts}</ul>')


def _summary(runs: dict[str, Result], shared: list[str], comparison: Comparison | None,
             shown: list[int]) -> str:
    names = tuple(runs)
    parts = ['<section class="tab active" id="summary">']
    if comparison is not None:
        warnings = comparison.warnings + mapping_warnings(runs, shared)
        parts.append(warnings_box(warnings) + verdict_section(comparison, names))  # type: ignore[arg-type]
    for i, (name, run) in enumerate(runs.items()):
        note = "" if shown[i] == len(run) else (f' <span class="note">(the Samples tab holds {shown[i]:,} of '
                                                 f'{len(run):,}, worst first)</span>')
        mapped = mapped_metrics(run)
        if mapped:
            note += ' <span class="note" data-role="mapped-title">(scores mapped by a calibration)</span>'
        parts.append(f"<h2>{run_label(i, name)}: {len(run):,} samples{note}</h2>{cards(run, mapped)}"
                     f"{calibration_section(run)}")
    charts = "".join(f"<figure>{distribution(runs, m)}</figure>" for m in shared)
    parts.append(f'<h2>Scores</h2><div class="charts"><figure>{grouped_bars(runs, shared)}<figcaption>mean with 95% CI'
                 f'</figcaption></figure></div><h3>Distributions (share of each run\'s scored samples, one scale)</h3>'
                 f'<div class="charts">{charts}</div>')
    parts.append(f"<h2>Provenance</h2>{provenance(runs)}</section>")
    return "".join(parts)


def build(result: Result, other: Result | None = None, names: tuple[str, str] = ("A", "B"),
          max_samples: int | None = None, contexts: bool = True) -> tuple[str, str, dict[str, Any]]:
    """The tabs, the sections and the data of a report."""
    if other is not None and names[0] == names[1]:
        names = (f"{names[0]} (1)", f"{names[1]} (2)")
    runs = {names[0]: result} if other is None else {names[0]: result, names[1]: other}
    shared = [m for m in result.metrics if other is None or m in other.metrics]
    comparison = None
    if other is None:
        keep = None if max_samples is None else worst_first(result, max_samples)
        data: dict[str, Any] = {"runs": [run_json(names[0], result, keep, contexts)], "comparison": None}
    else:
        comparison = compare(result, other, name_a=names[0], name_b=names[1])
        pairs = _pairs(result, other)
        if max_samples is not None and len(pairs) > max_samples:
            pairs = worst_pairs(result, other, pairs, shared, max_samples)
            keeps: list[list[int] | None] = [[i for i, _ in pairs], [j for _, j in pairs]]
            pairs = [(k, k) for k in range(len(pairs))]
        else:
            keeps = [None, None]
        data = {"runs": [run_json(n, r, k, contexts) for (n, r), k in zip(runs.items(), keeps)],
                "comparison": {"a": 0, "b": 1, "metrics": shared, "pairs": [list(p) for p in pairs],
                               "alpha": next(iter(comparison.metrics.values())).alpha}}
    for i, run in enumerate(data["runs"]):
        run["colour"] = run_colour(i)
    shown = [len(run["samples"]) for run in data["runs"]]
    tabs = ['<button class="active" data-tab="summary">Summary</button>']
    sections = [_summary(runs, shared, comparison, shown)]
    for k, name in enumerate(runs):
        tabs.append(f'<button data-tab="tab-samples-{k}">Samples: {text(name)}</button>')
        sections.append(f'<section class="tab" id="tab-samples-{k}"><div id="samples-{k}"></div></section>')
    if comparison is not None:
        tabs.append('<button data-tab="tab-compare">Compare</button>')
        sections.append(f'<section class="tab" id="tab-compare">{_deltas_table(comparison, names)}'
                        f'<div id="compare-view"></div></section>')
    return "".join(tabs), "".join(sections), data


def render(result: Result, other: Result | None = None, names: tuple[str, str] = ("A", "B"),
           title: str = "ragmeter report", max_samples: int | None = None, contexts: bool = True) -> str:
    """The report as one HTML string. ``max_samples`` keeps the worst samples (or pairs) only,
    ``contexts=False`` leaves the retrieved contexts out (the Summary still covers every sample)."""
    tabs, sections, data = build(result, other, names, max_samples, contexts)
    payload = json.dumps(data, ensure_ascii=False, separators=(",", ":"), default=str).replace("<", "\\u003c")
    css = (ASSETS / "report.css").read_text(encoding="utf-8")
    js = "\n".join((ASSETS / name).read_text(encoding="utf-8") for name in SCRIPTS)
    judge = result.provenance.get("judge", {})
    subtitle = f"{len(result):,} samples · judge {judge.get('name', '?')} (version {judge.get('version', '?')})"
    if other is not None:
        subtitle = f"{names[0]} against {names[1]} · " + subtitle
    if any(mapped_metrics(r) for r in (result, other) if r is not None):
        subtitle += " · scores mapped onto your labels by a calibration (see the Summary)"
    return (f'<!doctype html><html lang="en"><head><meta charset="utf-8">'
            f'<meta name="viewport" content="width=device-width, initial-scale=1">'
            f'<meta http-equiv="Content-Security-Policy" content="{CSP}">'
            f'<title>{text(title)}</title><style>{css}</style></head><body>'
            f'<header><h1>{text(title)}</h1><div class="sub">{text(subtitle)}</div></header><main>'
            f'<nav class="tabs" role="tablist">{tabs}</nav>{sections}</main>'
            f'<script type="application/json" id="ragmeter-data">{payload}</script>'
            f'<script>(function () {{\n"use strict";\n{js}\n}})();</script></body></html>')


def write_report(path: str | Path, result: Result, other: Result | None = None, names: tuple[str, str] = ("A", "B"),
                 title: str = "ragmeter report", max_samples: int | None = None, contexts: bool = True) -> Path:
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(render(result, other, names, title, max_samples, contexts), encoding="utf-8")
    return path
