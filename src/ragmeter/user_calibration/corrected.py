"""Both corrected means of one metric, and which one ragmeter reports as *the* corrected mean:
pure formulas, no I/O.

- ``plain``: PPI++ on the judge's raw scores (ppi.py), given from 2 labelled samples.
- ``mapped``: PPI++ on cross-fitted isotonic maps of the scores (crossfit.py), given from
  crossfit.MIN_LABELLED labelled samples (below that its simulated coverage falls under 93%).

When both are given, the reported ``corrected_mean`` / ``corrected_ci`` are those of the
narrower interval; the simulation in benchmarks/ppi_coverage.py measures the coverage of that
choice, draw by draw, and finds it within 93-97% wherever the mapped one is given.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from .crossfit import FOLDS, MIN_LABELLED, crossfit_mean
from .ppi import MeanEstimate, corrected_mean


def _summary(estimate: MeanEstimate) -> dict[str, Any]:
    return {"mean": estimate.mean, "ci": estimate.ci, "se": estimate.se, "lambda": estimate.lam}


def mapped_unavailable(n_labelled: int, n_unlabelled: int) -> str | None:
    """Why the cross-fitted mean is not given, or None when it is."""
    if n_labelled < MIN_LABELLED:
        return (f"{n_labelled} labelled samples; the cross-fitted mean needs {MIN_LABELLED} or more (below that its "
                "interval covers less than 93% in simulation)")
    if n_unlabelled < 2:
        return "fewer than 2 unlabelled samples to borrow from"
    return None


def corrected_means(labels: Any, labelled_scores: Any, unlabelled_scores: Any, confidence: float = 0.95,
                    seed: int = 0) -> dict[str, Any]:
    """``corrected_mean``, ``corrected_ci`` and ``corrected_method`` ("plain" or "mapped"), with both
    estimates in full under ``corrected_plain`` and ``corrected_mapped`` (None, and
    ``corrected_mapped_note`` saying why, when not given). Needs at least 2 labels."""
    y = np.asarray(labels, dtype=float)
    f = np.asarray(labelled_scores, dtype=float)
    g = np.asarray(unlabelled_scores, dtype=float)
    plain = corrected_mean(y, f, g, confidence)
    out: dict[str, Any] = {"corrected_mean": plain.mean, "corrected_ci": plain.ci, "corrected_method": "plain",
                           "corrected_plain": _summary(plain), "corrected_mapped": None}
    why_not = mapped_unavailable(int(y.size), int(g.size))
    if why_not:
        out["corrected_mapped_note"] = why_not
        return out
    mapped = crossfit_mean(y, f, g, confidence, folds=FOLDS, seed=seed)
    out["corrected_mapped"] = {**_summary(mapped), "folds": FOLDS, "map": "isotonic"}
    if mapped.width < plain.width:
        out.update(corrected_mean=mapped.mean, corrected_ci=mapped.ci, corrected_method="mapped")
    return out
