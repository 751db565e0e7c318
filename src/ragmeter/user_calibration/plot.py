"""The reliability plot of a calibration: per metric, the labels' mean against the judge's mean
score in each score bin (marker size: samples in the bin), the fitted map, and the diagonal a
perfectly calibrated judge would follow. Needs matplotlib (``pip install 'ragmeter[report]'``)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np

from ..errors import MissingExtraError
from .mapping import ScoreMap


def _pyplot():
    try:
        import matplotlib

        matplotlib.use("Agg", force=False)
        import matplotlib.pyplot as plt
    except ImportError:
        raise MissingExtraError("matplotlib", "report", "The reliability plot") from None
    return plt


def plot_reliability(calibration: Any, path: str | Path) -> Path:
    plt = _pyplot()
    metrics = [m for m, c in calibration.metrics.items() if c.get("reliability")]
    fig, axes = plt.subplots(1, max(len(metrics), 1), figsize=(3.6 * max(len(metrics), 1), 3.6), squeeze=False)
    grid = np.linspace(0, 1, 101)
    for ax, name in zip(axes[0], metrics):
        m = calibration.metrics[name]
        points = m["reliability"]
        ax.plot([0, 1], [0, 1], color="0.7", linestyle="--", linewidth=1, label="perfectly calibrated")
        ax.scatter([p["mean_score"] for p in points], [p["mean_label"] for p in points],
                   s=[20 + 180 * p["n"] / max(m["n_labelled"], 1) for p in points], color="tab:blue",
                   alpha=0.8, label="labels per score bin")
        if m.get("mapping"):
            ax.plot(grid, ScoreMap.from_dict(m["mapping"])(grid), color="tab:orange",
                    label=f"{m['mapping']['method']} map")
        ax.set_xlim(0, 1)
        ax.set_ylim(-0.02, 1.02)
        ax.set_title(f"{name} (n = {m['n_labelled']})", fontsize=10)
        ax.set_xlabel("judge score")
        ax.set_ylabel("mean label")
    if metrics:
        axes[0][0].legend(fontsize=7, loc="upper left")
    fig.tight_layout()
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, dpi=120)
    plt.close(fig)
    return path
