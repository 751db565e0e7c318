"""Plots of one or more runs: seed 000's grouped bar chart with 95% CI error bars, and the
per-metric distribution of sample scores. Needs matplotlib (``pip install 'ragmeter[report]'``)."""

from __future__ import annotations

from pathlib import Path
from typing import Mapping, Sequence

import numpy as np

from ..errors import ConfigError, MissingExtraError
from ..results import Result
from .svg import RUN_COLOURS as COLOURS  # a run's own colour, as in the HTML report: never green/red by order


def _pyplot():
    try:
        import matplotlib

        matplotlib.use("Agg", force=False)
        import matplotlib.pyplot as plt
    except ImportError:
        raise MissingExtraError("matplotlib", "report", "Plotting") from None
    return plt


def _shared_metrics(runs: Mapping[str, Result], metrics: Sequence[str] | None) -> list[str]:
    if metrics:
        return list(metrics)
    first = next(iter(runs.values()))
    shared = [m for m in first.metrics if all(m in r.metrics for r in runs.values())]
    if not shared:
        raise ConfigError("the runs share no metric to plot.")
    return shared


def _gap(high: float | None, low: float | None) -> float:
    return high - low if high is not None and low is not None else 0.0


def grouped_bars(ax, runs: Mapping[str, Result], metrics: list[str]) -> None:
    width = 0.8 / len(runs)
    x = np.arange(len(metrics))
    for i, (name, result) in enumerate(runs.items()):
        aggs = [result.aggregates[m] for m in metrics]
        means = np.array([a.mean if a.mean is not None else 0.0 for a in aggs])
        low = np.array([_gap(a.mean, a.ci_low) for a in aggs])
        high = np.array([_gap(a.ci_high, a.mean) for a in aggs])
        pos = x - 0.4 + width * (i + 0.5)
        ax.bar(pos, means, width=width, color=COLOURS[i % len(COLOURS)], label=name,
               yerr=np.vstack([low, high]), capsize=3, ecolor="black")
        for p, m, a in zip(pos, means, aggs):
            ax.text(p, min(m + 0.03, 1.02), "n/a" if a.mean is None else f"{m:.2f}", ha="center", fontsize=7)
    ax.set_xticks(x)
    ax.set_xticklabels(metrics, rotation=15, fontsize=9)
    ax.set_ylabel("score (mean, 95% CI)")
    ax.set_ylim(0, 1.1)
    ax.axhline(0.5, color="gray", linestyle=":", alpha=0.5)
    ax.legend(fontsize=8)


def distributions(ax, runs: Mapping[str, Result], metrics: list[str]) -> None:
    width = 0.8 / len(runs)
    for i, result in enumerate(runs.values()):
        data = [[s for s in result.scores(m) if s is not None] or [np.nan] for m in metrics]
        pos = np.arange(len(metrics)) - 0.4 + width * (i + 0.5)
        parts = ax.boxplot(data, positions=pos, widths=width * 0.9, patch_artist=True, showfliers=True)
        for box in parts["boxes"]:
            box.set_facecolor(COLOURS[i % len(COLOURS)])
            box.set_alpha(0.6)
    ax.set_xticks(np.arange(len(metrics)))
    ax.set_xticklabels(metrics, rotation=15, fontsize=9)
    ax.set_ylabel("per-sample scores")
    ax.set_ylim(-0.05, 1.05)


def plot_runs(runs: Mapping[str, Result], path: str | Path | None = None, metrics: Sequence[str] | None = None,
              title: str = "ragmeter: metrics by run"):
    """One figure: grouped means with CI bars above, score distributions below."""
    if not runs:
        raise ConfigError("nothing to plot: give at least one run.")
    plt = _pyplot()
    chosen = _shared_metrics(runs, metrics)
    fig, (top, bottom) = plt.subplots(2, 1, figsize=(max(7, 1.6 * len(chosen) + 2), 7.5))
    grouped_bars(top, runs, chosen)
    top.set_title(title)
    distributions(bottom, runs, chosen)
    fig.tight_layout()
    if path is not None:
        path = Path(path)
        if path.suffix.lower() not in (".png", ".svg", ".pdf"):
            raise ConfigError(f"{path}: plots are written as .png, .svg or .pdf.")
        path.parent.mkdir(parents=True, exist_ok=True)
        fig.savefig(path, dpi=120)
        plt.close(fig)
    return fig
