"""Charts as inline SVG strings (no matplotlib needed): grouped means with 95% CI bars, and
per-metric histograms of sample scores. Only numbers and escaped names go into the markup."""

from __future__ import annotations

from html import escape
from typing import Mapping

from ..results import Result

COLOURS = ("#2da44e", "#cf222e", "#0969da", "#bf8700", "#8250df", "#57606a")


def grouped_bars(runs: Mapping[str, Result], metrics: list[str], width: int = 640, height: int = 260) -> str:
    left, bottom, top = 40, 60, 24
    plot_w, plot_h = width - left - 10, height - bottom - top
    group = plot_w / max(1, len(metrics))
    bar = group * 0.8 / max(1, len(runs))
    y = lambda v: top + plot_h * (1 - v)  # noqa: E731
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" role="img" '
             f'aria-label="mean score per metric with 95% confidence intervals">']
    for tick in (0, 0.25, 0.5, 0.75, 1.0):
        parts.append(f'<line x1="{left}" x2="{width - 10}" y1="{y(tick):.1f}" y2="{y(tick):.1f}" stroke="#d0d7de"/>'
                     f'<text x="{left - 4}" y="{y(tick) + 4:.1f}" font-size="10" text-anchor="end">{tick:g}</text>')
    for j, metric in enumerate(metrics):
        for i, (name, result) in enumerate(runs.items()):
            agg = result.aggregates[metric]
            x = left + j * group + group * 0.1 + i * bar
            mean = agg.mean or 0.0
            parts.append(f'<rect x="{x:.1f}" y="{y(mean):.1f}" width="{bar * 0.92:.1f}" height="{plot_h * mean:.1f}" '
                         f'fill="{COLOURS[i % len(COLOURS)]}"><title>{escape(name)} {escape(metric)}: '
                         f'{"n/a" if agg.mean is None else f"{agg.mean:.3f}"}</title></rect>')
            if agg.ci_low is not None:
                cx = x + bar * 0.46
                parts.append(f'<line x1="{cx:.1f}" x2="{cx:.1f}" y1="{y(agg.ci_low):.1f}" y2="{y(agg.ci_high):.1f}" '
                             f'stroke="#1f2328" stroke-width="1.5"/>')
            parts.append(f'<text x="{x + bar * 0.46:.1f}" y="{y(mean) - 4:.1f}" font-size="9" text-anchor="middle">'
                         f'{"n/a" if agg.mean is None else f"{agg.mean:.2f}"}</text>')
        parts.append(f'<text x="{left + j * group + group / 2:.1f}" y="{height - bottom + 16}" font-size="11" '
                     f'text-anchor="middle">{escape(metric)}</text>')
    for i, name in enumerate(runs):
        parts.append(f'<rect x="{left + i * 150}" y="{height - 22}" width="10" height="10" fill="{COLOURS[i % len(COLOURS)]}"/>'
                     f'<text x="{left + i * 150 + 14}" y="{height - 13}" font-size="11">{escape(name)}</text>')
    parts.append("</svg>")
    return "".join(parts)


def histogram(result: Result, metric: str, bins: int = 10, width: int = 220, height: int = 120) -> str:
    scores = [s for s in result.scores(metric) if s is not None]
    counts = [0] * bins
    for s in scores:
        counts[min(bins - 1, int(s * bins))] += 1
    peak = max(counts) or 1
    bar_w = (width - 20) / bins
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" role="img" '
             f'aria-label="distribution of {escape(metric)}">']
    for k, c in enumerate(counts):
        h = (height - 30) * c / peak
        parts.append(f'<rect x="{10 + k * bar_w:.1f}" y="{height - 20 - h:.1f}" width="{bar_w - 1:.1f}" height="{h:.1f}" '
                     f'fill="#0969da"><title>{k / bins:.1f}–{(k + 1) / bins:.1f}: {c}</title></rect>')
    parts.append(f'<text x="10" y="{height - 6}" font-size="10">0</text>'
                 f'<text x="{width - 10}" y="{height - 6}" font-size="10" text-anchor="end">1</text>'
                 f'<text x="{width / 2}" y="12" font-size="11" text-anchor="middle">{escape(metric)} (n = {len(scores)})</text>')
    parts.append("</svg>")
    return "".join(parts)
