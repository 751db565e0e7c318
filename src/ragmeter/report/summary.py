"""The Summary tab: the verdict per metric for two runs, each run's means, why the runs may not be
comparable, and each run's provenance, named by run. Every string is escaped, and bidi control
characters are shown as visible marks (an override cannot reorder what the reader sees)."""

from __future__ import annotations

import json
import re
from html import escape
from typing import Any

from ..compare import Comparison, MetricComparison
from ..judges.llm.usage import usage_by_metric_of
from ..results import Result
from .svg import run_colour

BIDI = re.compile("[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")


def text(value: Any) -> str:
    """Escaped, with each bidi control character replaced by a visible [U+XXXX]."""
    return escape(BIDI.sub(lambda m: f"[U+{ord(m.group()):04X}]", str(value)))


def band(score: float | None) -> str:
    """The colour class of a score by its value (the same bands as report.js)."""
    if score is None:
        return "sv-none"
    return "sv-low" if score < 0.5 else "sv-mid" if score < 0.8 else "sv-high"


def run_label(i: int, name: str) -> str:
    return f'<span class="run run-{i}" style="--run:{run_colour(i)}">{text(name)}</span>'


def cards(result: Result, mapped: list[str] | tuple[str, ...] = ()) -> str:
    """A card per metric; a metric in ``mapped`` is marked: its scores are a calibration's map of the judge's."""
    out = []
    for metric, agg in result.aggregates.items():
        mean = "n/a" if agg.mean is None else f"{agg.mean:.3f}"
        ci = "" if agg.ci_low is None else f"95% CI [{agg.ci_low:.3f}, {agg.ci_high:.3f}]"
        note = ('<div class="ci" data-role="mapped">mapped onto your labels (calibration below)</div>'
                if metric in mapped else "")
        out.append(f'<div class="card" data-metric="{text(metric)}"><div class="name">{text(metric)}</div>'
                   f'<div class="mean {band(agg.mean)}" data-role="mean">{mean}</div><div class="ci" data-role="ci">{ci}</div>'
                   f'<div class="counts" data-role="counts">{agg.n_ok} ok · {agg.n_skipped} skipped · '
                   f'{agg.n_error} error</div>{note}</div>')
    return f'<div class="cards">{"".join(out)}</div>'


def _disagreement(m: MetricComparison) -> str:
    """A note when the bootstrap CI and the permutation p-value point different ways."""
    p = m.paired
    if p is None:
        return ""
    excludes_zero = p.ci_low > 0 or p.ci_high < 0
    if excludes_zero == m.significant:
        return ""
    if excludes_zero:
        why = (f"The 95% CI excludes 0 but p = {p.p_value:.3g} is not below {m.alpha:g}: ")
    else:
        why = f"p = {p.p_value:.3g} is below {m.alpha:g} but the 95% CI includes 0: "
    return (f'<div class="note" data-role="disagree">{why}they come from two different tests (a bootstrap '
            'interval of the mean difference, and a sign-flip permutation test of it), which can disagree near '
            'the threshold. Read it as borderline; more samples would settle it. The verdict follows p.</div>')


def delta_card(m: MetricComparison, names: tuple[str, str]) -> str:
    a, b = run_label(0, names[0]), run_label(1, names[1])
    p = m.paired
    if p is None:
        return (f'<div class="dcard ns" data-metric="{text(m.metric)}" data-verdict="none"><div class="name">'
                f'{text(m.metric)}</div><div class="verdict">no sample scored in both runs</div></div>')
    if not m.significant:
        meaning, verdict = "ns", "no significant difference"
    elif p.difference > 0:
        meaning, verdict = "better", f"{b} is better (improved)"
    else:
        meaning, verdict = "worse", f"{a} is better ({b} regressed)"
    return (f'<div class="dcard {meaning}" data-metric="{text(m.metric)}" data-verdict="{meaning}">'
            f'<div class="name">{text(m.metric)}</div><div class="verdict" data-role="verdict">{verdict}</div>'
            f'<div class="delta" data-role="delta">Δ {p.difference:+.3f}</div>'
            f'<div data-role="ci">95% CI [{p.ci_low:+.3f}, {p.ci_high:+.3f}]</div>'
            f'<div data-role="p">p = {p.p_value:.3g} (permutation test)</div>'
            f'<div data-role="means">{a} {p.mean_a:.3f} → {b} {p.mean_b:.3f}</div>'
            f'<div data-role="wlt">{b} higher on {p.wins}, lower on {p.losses}, tied on {p.ties} of {p.n} paired</div>'
            f'{_disagreement(m)}</div>')


def verdict_section(comparison: Comparison, names: tuple[str, str]) -> str:
    a, b = run_label(0, names[0]), run_label(1, names[1])
    cards_ = "".join(delta_card(m, names) for m in comparison.metrics.values())
    return (f'<h2>Verdict: {b} against {a}</h2><p class="legend">Δ = {b} − {a}, on the samples both runs scored. '
            f'<span class="chip better">green</span>: {b} is significantly better, <span class="chip worse">red</span>: '
            f'significantly worse, <span class="chip ns">grey</span>: no significant difference '
            f'(permutation test, α = {next(iter(comparison.metrics.values())).alpha:g}).</p>'
            f'<div class="dcards" data-role="verdicts">{cards_}</div>')


def warnings_box(warnings: list[str]) -> str:
    if not warnings:
        return ""
    items = "".join(f"<li>{text(w)}</li>" for w in warnings)
    return (f'<div class="warning" data-role="comparability" role="alert"><strong>These runs may not be '
            f'comparable.</strong><ul>{items}</ul></div>')


def _facts(p: dict[str, Any]) -> list[tuple[str, Any]]:
    judge = p.get("judge") or {}
    usage = judge.get("usage") or {}
    metrics = p.get("metrics") or {}
    versions = ", ".join(f"{m} v{(d or {}).get('version', '?')}" for m, d in metrics.items()) or None
    name = judge.get("name")
    calibration = p.get("calibration") if isinstance(p.get("calibration"), dict) else None
    return [("judge", None if name is None else f"{name} (version {judge.get('version', '?')})"),
            ("calibration", None if calibration is None else f"{calibration.get('file') or '(no file)'}"
             + (", scores mapped" if calibration.get("maps") else "")),
            ("model", judge.get("model")), ("prompts", judge.get("prompts")), ("metrics", versions),
            ("ragmeter", p.get("ragmeter_version")), ("dataset", p.get("dataset_hash")),
            ("samples", p.get("n_samples")), ("started", p.get("started_at")), ("duration (s)", p.get("duration_s")),
            ("cost (USD)", usage.get("cost_usd")), ("LLM calls", usage.get("calls"))]


def _number(value: Any, cost: bool = False) -> str:
    """A figure of the usage table: a count with at most one decimal (a shared call is split), a
    cost in dollars; anything that is not a number is shown escaped as it is."""
    if cost and value is None:
        return "not priced"
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return text(value)
    if cost:
        return f"${value:.4f}" if value >= 0.01 else f"${value:.6f}"
    return f"{value:,.1f}".removesuffix(".0")


USAGE_COLUMNS = (("calls", "calls"), ("cache_hits", "cached"), ("prompt_tokens", "prompt tokens"),
                 ("completion_tokens", "reply tokens"), ("cost_usd", "cost (USD)"))


def judge_usage(p: dict[str, Any]) -> str:
    """An LLM judge's calls, tokens and cost per metric, and the run's totals (empty for a judge that
    makes no calls). A call that serves several metrics is split evenly between them."""
    usage = (p.get("judge") or {}).get("usage") if isinstance(p.get("judge"), dict) else None
    if not isinstance(usage, dict):
        return ""
    split = usage.get("by_metric")
    if not isinstance(split, dict):
        try:  # a run saved before by_metric was recorded
            split = usage_by_metric_of(p) if isinstance(usage.get("by_prompt"), dict) else {}
        except (AttributeError, TypeError, ValueError):  # a hand-edited record: no table rather than no report
            split = {}
    if not split:
        return ""
    head = "".join(f"<th>{label}</th>" for _, label in USAGE_COLUMNS)
    rows = []
    for metric, figures in split.items():
        figures = figures if isinstance(figures, dict) else {}
        cells = "".join(f'<td data-col="{key}">{_number(figures.get(key), key == "cost_usd")}</td>'
                        for key, _ in USAGE_COLUMNS)
        rows.append(f'<tr data-metric="{text(metric)}"><th>{text(metric)}</th>{cells}</tr>')
    total = "".join(f'<td data-col="{key}">{_number(usage.get(key), key == "cost_usd")}</td>' for key, _ in USAGE_COLUMNS)
    rows.append(f'<tr data-metric="" class="total"><th>all (run total)</th>{total}</tr>')
    return (f'<div class="scroll"><table class="metrics" data-role="judge-usage"><caption>LLM judge: calls and cost '
            f'per metric (a call that serves several metrics, such as one claims-and-support call for faithfulness '
            f'and context recall, is split evenly between them)</caption><tr><th>metric</th>{head}</tr>'
            f'{"".join(rows)}</table></div>')


def provenance(runs: dict[str, Result]) -> str:
    """One panel per run, named by it, side by side; a fact that differs between runs is marked."""
    facts = [dict(_facts(r.provenance)) for r in runs.values()]
    panels = []
    for i, ((name, run), mine) in enumerate(zip(runs.items(), facts)):
        rows = []
        for key, value in mine.items():
            if value is None:
                continue
            differs = len(facts) > 1 and key in ("judge", "calibration", "model", "prompts", "metrics", "ragmeter") and \
                any(str(f.get(key)) != str(value) for f in facts)
            rows.append(f'<tr{" class=differs" if differs else ""} data-fact="{text(key)}"><th>{text(key)}</th>'
                        f'<td>{text(value)}{" (differs)" if differs else ""}</td></tr>')
        full = text(json.dumps(run.provenance, indent=1, ensure_ascii=False, default=str))
        panels.append(f'<details class="provenance" data-role="provenance" data-run="{i}" open><summary>Provenance: '
                      f'{run_label(i, name)}</summary><table class="metrics">{"".join(rows)}</table>{judge_usage(run.provenance)}'
                      f'<details><summary>the whole record</summary><pre>{full}</pre></details></details>')
    return f'<div class="provenances">{"".join(panels)}</div>'
