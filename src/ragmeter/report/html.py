"""A self-contained HTML report: one file, inline CSS and JS, no network, works from file://.

Summary cards, charts and provenance are rendered here with every string escaped; the
samples travel as JSON in a <script type="application/json"> block (with '<' escaped, so no
text can close it) and are drawn by report.js with textContent only.
"""

from __future__ import annotations

import json
from html import escape
from pathlib import Path
from typing import Any

from ..compare import _keys, compare
from ..results import Result
from .svg import grouped_bars, histogram

ASSETS = Path(__file__).parent / "assets"
EVIDENCE_KEYS = {"faithfulness": "claims", "context_precision": "chunks", "context_relevancy": "relevant_sentences"}


def _sample_json(sample: dict[str, Any], scores: dict) -> dict[str, Any]:
    out = {"id": sample.get("id"), "q": sample.get("user_input"), "a": sample.get("response"),
           "ctx": sample.get("retrieved_contexts"), "ref": sample.get("reference"), "r": {}}
    if sample.get("error"):
        out["error"] = sample["error"]
    for metric, r in scores.items():
        entry: dict[str, Any] = {"score": r.score, "status": r.status, "reason": r.reason}
        key = EVIDENCE_KEYS.get(metric)
        if key and key in r.evidence:
            entry["evidence"] = {key: r.evidence[key]}
        out["r"][metric] = entry
    return out


def _run_json(name: str, result: Result) -> dict[str, Any]:
    return {"name": name, "metrics": result.metrics,
            "samples": [_sample_json(s, row) for s, row in zip(result.samples, result.metric_results)]}


def _cards(result: Result) -> str:
    cards = []
    for metric, agg in result.aggregates.items():
        mean = "n/a" if agg.mean is None else f"{agg.mean:.3f}"
        ci = "" if agg.ci_low is None else f"95% CI [{agg.ci_low:.3f}, {agg.ci_high:.3f}]"
        cards.append(f'<div class="card" data-metric="{escape(metric)}"><div class="name">{escape(metric)}</div>'
                     f'<div class="mean" data-role="mean">{mean}</div><div class="ci" data-role="ci">{ci}</div>'
                     f'<div class="counts" data-role="counts">{agg.n_ok} ok · {agg.n_skipped} skipped · '
                     f'{agg.n_error} error</div></div>')
    return f'<div class="cards">{"".join(cards)}</div>'


def _provenance(result: Result) -> str:
    p = result.provenance
    judge = p.get("judge", {})
    usage = judge.get("usage") or {}
    facts = [("ragmeter", p.get("ragmeter_version")), ("judge", judge.get("name")), ("model", judge.get("model")),
             ("prompts", judge.get("prompts")), ("dataset", p.get("dataset_hash")), ("samples", p.get("n_samples")),
             ("started", p.get("started_at")), ("duration (s)", p.get("duration_s")),
             ("cost (USD)", usage.get("cost_usd")), ("LLM calls", usage.get("calls"))]
    rows = "".join(f"<tr><th>{escape(k)}</th><td>{escape(str(v))}</td></tr>" for k, v in facts if v is not None)
    full = escape(json.dumps(p, indent=1, ensure_ascii=False, default=str))
    return (f'<details class="provenance" data-role="provenance" open><summary>Provenance</summary>'
            f'<table class="metrics">{rows}</table><details><summary>everything</summary><pre>{full}</pre></details></details>')


def _comparison_html(a: Result, b: Result, names: tuple[str, str]) -> tuple[str, dict[str, Any]]:
    comparison = compare(a, b, name_a=names[0], name_b=names[1])
    rows = []
    for m in comparison.metrics.values():
        p = m.paired
        if p is None:
            rows.append(f"<tr><td>{escape(m.metric)}</td><td colspan=5>no sample scored in both runs</td></tr>")
            continue
        cls = "delta-pos" if p.difference > 0 else "delta-neg" if p.difference < 0 else ""
        rows.append(f'<tr data-metric="{escape(m.metric)}"><td>{escape(m.metric)}</td><td>{p.mean_a:.3f}</td>'
                    f'<td>{p.mean_b:.3f}</td><td class="{cls}">{p.difference:+.3f} [{p.ci_low:+.3f}, {p.ci_high:+.3f}]</td>'
                    f'<td>{p.p_value:.3g}</td><td>{p.wins}/{p.losses}/{p.ties}</td></tr>')
    verdicts = "".join(f"<li>{escape(v)}</li>" for v in comparison.verdicts())
    table = ('<table class="metrics" data-role="deltas"><tr><th>metric</th><th>A</th><th>B</th><th>Δ (95% CI)</th>'
             f'<th>p (permutation)</th><th>wins/losses/ties</th></tr>{"".join(rows)}</table><ul>{verdicts}</ul>')
    index_b = {k: i for i, k in enumerate(_keys(b))}
    pairs = []
    for i, key in enumerate(_keys(a)):
        if key in index_b:
            j = index_b[key]
            pairs.append({"a": _sample_json(a.samples[i], a.metric_results[i]),
                          "b": _sample_json(b.samples[j], b.metric_results[j])})
    data = {"name_a": names[0], "name_b": names[1], "metrics": list(comparison.metrics), "pairs": pairs}
    return table, data


def render(result: Result, other: Result | None = None, names: tuple[str, str] = ("A", "B"),
           title: str = "ragmeter report") -> str:
    runs = {names[0]: result} if other is None else {names[0]: result, names[1]: other}
    shared = [m for m in result.metrics if other is None or m in other.metrics]
    data: dict[str, Any] = {"runs": [_run_json(n, r) for n, r in runs.items()], "comparison": None}
    tabs = ['<button class="active" data-tab="summary">Summary</button>']
    sections = ['<section class="tab active" id="summary">']
    for k, (name, run) in enumerate(runs.items()):
        sections.append(f"<h2>{escape(name)}</h2>{_cards(run)}")
    charts = "".join(f"<figure>{histogram(r, m)}<figcaption>{escape(n)}</figcaption></figure>"
                     for n, r in runs.items() for m in r.metrics)
    sections.append(f'<div class="charts"><figure>{grouped_bars(runs, shared)}<figcaption>mean with 95% CI</figcaption>'
                    f'</figure>{charts}</div>')
    sections.append("".join(_provenance(r) for r in runs.values()) + "</section>")
    for k, name in enumerate(runs):
        tabs.append(f'<button data-tab="tab-samples-{k}">Samples: {escape(name)}</button>')
        sections.append(f'<section class="tab" id="tab-samples-{k}"><div id="samples-{k}"></div></section>')
    if other is not None:
        table, data["comparison"] = _comparison_html(result, other, names)
        tabs.append('<button data-tab="tab-compare">Compare</button>')
        sections.append(f'<section class="tab" id="tab-compare">{table}<div id="compare-view"></div></section>')
    payload = json.dumps(data, ensure_ascii=False, default=str).replace("<", "\\u003c")
    css = (ASSETS / "report.css").read_text(encoding="utf-8")
    js = (ASSETS / "report.js").read_text(encoding="utf-8")
    subtitle = f"{len(result)} samples · judge {result.provenance.get('judge', {}).get('name', '?')}"
    return (f'<!doctype html><html lang="en"><head><meta charset="utf-8">'
            f'<meta http-equiv="Content-Security-Policy" content="default-src \'none\'; style-src \'unsafe-inline\'; '
            f'script-src \'unsafe-inline\'; img-src data:">'
            f'<title>{escape(title)}</title><style>{css}</style></head><body>'
            f'<header><h1>{escape(title)}</h1><div class="sub">{escape(subtitle)}</div></header><main>'
            f'<nav class="tabs">{"".join(tabs)}</nav>{"".join(sections)}</main>'
            f'<script type="application/json" id="ragmeter-data">{payload}</script><script>{js}</script></body></html>')


def write_report(path: str | Path, result: Result, other: Result | None = None, names: tuple[str, str] = ("A", "B"),
                 title: str = "ragmeter report") -> Path:
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(render(result, other, names, title), encoding="utf-8")
    return path
