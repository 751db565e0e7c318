"""Charts as inline SVG strings (no matplotlib needed): grouped means with 95% CI bars, and
per-metric score distributions with every run on the same axes. Only numbers and escaped
names go into the markup. A run's colour is its own (blue, orange, ...), never green or red:
those mean better and worse."""

from __future__ import annotations

from html import escape
from typing import Mapping

from ..results import Result

RUN_COLOURS = ("#0072b2", "#e69f00", "#56b4e9", "#cc79a7", "#009e73", "#57606a")  # Okabe-Ito, colour-blind safe


def run_colour(i: int) -> str:
    return RUN_COLOURS[i % len(RUN_COLOURS)]


def _svg(width: int, height: int, label: str) -> str:
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" width="{width}" '
            f'height="{height}" role="img" aria-label="{escape(label)}">')


def grouped_bars(runs: Mapping[str, Result], metrics: list[str], width: int = 640, height: int = 260) -> str:
    left, bottom, top = 40, 60, 24
    plot_w, plot_h = width - left - 10, height - bottom - top
    group = plot_w / max(1, len(metrics))
    bar = group * 0.8 / max(1, len(runs))
    y = lambda v: top + plot_h * (1 - v)  # noqa: E731
    parts = [_svg(width, height, "mean score per metric with 95% confidence intervals")]
    for tick in (0, 0.25, 0.5, 0.75, 1.0):
        parts.append(f'<line x1="{left}" x2="{width - 10}" y1="{y(tick):.1f}" y2="{y(tick):.1f}" stroke="#d0d7de"/>'
                     f'<text x="{left - 4}" y="{y(tick) + 4:.1f}" font-size="10" text-anchor="end">{tick:g}</text>')
    for j, metric in enumerate(metrics):
        for i, (name, result) in enumerate(runs.items()):
            agg = result.aggregates[metric]
            x = left + j * group + group * 0.1 + i * bar
            mean = agg.mean or 0.0
            parts.append(f'<rect x="{x:.1f}" y="{y(mean):.1f}" width="{bar * 0.92:.1f}" height="{plot_h * mean:.1f}" '
                         f'fill="{run_colour(i)}" data-run="{i}"><title>{escape(name)} {escape(metric)}: '
                         f'{"n/a" if agg.mean is None else f"{agg.mean:.3f}"}</title></rect>')
            if agg.ci_low is not None:
                cx = x + bar * 0.46
                parts.append(f'<line x1="{cx:.1f}" x2="{cx:.1f}" y1="{y(agg.ci_low):.1f}" y2="{y(agg.ci_high):.1f}" '
                             f'stroke="#1f2328" stroke-width="1.5"/>')
            parts.append(f'<text x="{x + bar * 0.46:.1f}" y="{y(mean) - 4:.1f}" font-size="9" text-anchor="middle">'
                         f'{"n/a" if agg.mean is None else f"{agg.mean:.2f}"}</text>')
        parts.append(f'<text x="{left + j * group + group / 2:.1f}" y="{height - bottom + 16}" font-size="11" '
                     f'text-anchor="middle">{escape(metric)}</text>')
    parts.append(_legend(list(runs), left, height - 22))
    parts.append("</svg>")
    return "".join(parts)


def _legend(names: list[str], x: float, y: float, step: int = 150) -> str:
    return "".join(f'<rect x="{x + i * step}" y="{y}" width="10" height="10" fill="{run_colour(i)}"/>'
                   f'<text x="{x + i * step + 14}" y="{y + 9}" font-size="11">{escape(name[:22])}</text>'
                   for i, name in enumerate(names))


def shares(result: Result, metric: str, bins: int = 10) -> tuple[list[float], int]:
    """The share of a run's scored samples in each of ``bins`` equal bins of [0, 1], and their number."""
    scores = [s for s in result.scores(metric) if s is not None]
    counts = [0] * bins
    for s in scores:
        counts[min(bins - 1, max(0, int(s * bins)))] += 1
    return [c / len(scores) if scores else 0.0 for c in counts], len(scores)


def distribution(runs: Mapping[str, Result], metric: str, bins: int = 10, width: int = 300, height: int = 150) -> str:
    """One metric's score distribution, every run on the same axes: share of its scored samples
    per bin, the runs' bars side by side in each bin, one y scale for all."""
    data = [shares(r, metric, bins) if metric in r.metrics else ([0.0] * bins, 0) for r in runs.values()]
    peak = max((s for sh, _ in data for s in sh), default=0.0) or 1.0
    left, bottom, top = 30, 34, 18
    plot_w, plot_h = width - left - 8, height - bottom - top
    slot = plot_w / bins
    bar = slot * 0.86 / max(1, len(data))
    parts = [_svg(width, height, f"distribution of {metric}, all runs on one scale"),
             f'<text x="{left}" y="12" font-size="11">{escape(metric)}</text>',
             f'<text x="{left - 3}" y="{top + 4}" font-size="9" text-anchor="end">{peak:.0%}</text>'
             f'<text x="{left - 3}" y="{top + plot_h}" font-size="9" text-anchor="end">0</text>'
             f'<line x1="{left}" x2="{width - 8}" y1="{top + plot_h}" y2="{top + plot_h}" stroke="#d0d7de"/>']
    for i, ((sh, n), name) in enumerate(zip(data, runs)):
        for k, share in enumerate(sh):
            h = plot_h * share / peak
            parts.append(f'<rect x="{left + k * slot + slot * 0.07 + i * bar:.1f}" y="{top + plot_h - h:.1f}" '
                         f'width="{bar * 0.95:.1f}" height="{h:.1f}" fill="{run_colour(i)}" data-run="{i}" '
                         f'data-share="{share:.4f}"><title>{escape(name)}: {k / bins:.1f}–{(k + 1) / bins:.1f}: '
                         f'{share:.1%} of {n}</title></rect>')
    parts.append(f'<text x="{left}" y="{top + plot_h + 12}" font-size="9">0</text>'
                 f'<text x="{width - 8}" y="{top + plot_h + 12}" font-size="9" text-anchor="end">1</text>')
    parts.append(_legend([f"{name} (n={n})" for (_, n), name in zip(data, runs)], left, height - 12, 130))
    parts.append("</svg>")
    return "".join(parts)
