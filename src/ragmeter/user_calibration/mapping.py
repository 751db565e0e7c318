"""Maps from a judge's scores to the scale of a team's labels, fitted on the labelled samples.

- ``isotonic``: the best non-decreasing map (pool-adjacent-violators), linear between the fitted
  blocks and flat beyond the ends. Follows the labels closely; wants a hundred labels or more.
- ``platt``: a logistic curve ``1 / (1 + exp(-(a * score + b)))`` (Platt 1999), two numbers,
  steadier on few labels.

A map changes what each score means, not which sample ranks above which (isotonic may merge ties).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np

METHODS = ("isotonic", "platt")


@dataclass(frozen=True)
class ScoreMap:
    """A fitted map; ``knots`` are (score, label) points for isotonic, ``coef`` is (a, b) for Platt."""

    method: str
    knots: list[list[float]] = field(default_factory=list)
    coef: list[float] = field(default_factory=list)
    n_fitted: int = 0

    def __call__(self, scores: Any) -> np.ndarray:
        s = np.asarray(scores, dtype=float)
        if self.method == "platt":
            a, b = self.coef
            return 1.0 / (1.0 + np.exp(-(a * s + b)))
        xs, ys = zip(*self.knots)
        return np.interp(s, xs, ys)

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"method": self.method, "n_fitted": self.n_fitted}
        if self.method == "platt":
            out["coef"] = list(self.coef)
        else:
            out["knots"] = [list(k) for k in self.knots]
        return out

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "ScoreMap":
        method = data.get("method")
        if method == "platt" and len(data.get("coef") or []) == 2:
            return cls("platt", coef=[float(c) for c in data["coef"]], n_fitted=int(data.get("n_fitted", 0)))
        if method == "isotonic" and data.get("knots"):
            return cls("isotonic", knots=[[float(x), float(y)] for x, y in data["knots"]],
                       n_fitted=int(data.get("n_fitted", 0)))
        raise ValueError(f"not a score map: {str(data)[:80]}")


def pool_adjacent_violators(x: np.ndarray, y: np.ndarray, w: np.ndarray) -> list[tuple[float, float, float, float]]:
    """Blocks (lowest x, highest x, fitted value, weight) of the weighted least-squares
    non-decreasing fit of y on x; x sorted ascending and distinct."""
    blocks: list[list[float]] = []  # [x_low, x_high, value, weight]
    for xi, yi, wi in zip(np.asarray(x).tolist(), np.asarray(y).tolist(), np.asarray(w).tolist()):
        blocks.append([xi, xi, yi, wi])
        while len(blocks) > 1 and blocks[-2][2] > blocks[-1][2]:
            high = blocks.pop()
            low = blocks[-1]
            weight = low[3] + high[3]
            low[2] = (low[2] * low[3] + high[2] * high[3]) / weight
            low[1], low[3] = high[1], weight
    return [tuple(b) for b in blocks]  # type: ignore[misc]


def fit_isotonic(scores: np.ndarray, labels: np.ndarray) -> ScoreMap:
    distinct, inverse, counts = np.unique(scores, return_inverse=True, return_counts=True)
    means = np.bincount(inverse, weights=labels) / counts
    knots: list[list[float]] = []
    for low, high, value, _ in pool_adjacent_violators(distinct, means, counts.astype(float)):
        knots.append([float(low), float(value)])
        if high > low:
            knots.append([float(high), float(value)])
    return ScoreMap("isotonic", knots=knots, n_fitted=int(scores.size))


def fit_platt(scores: np.ndarray, labels: np.ndarray, ridge: float = 0.01, steps: int = 100) -> ScoreMap:
    """Logistic regression of the labels (0/1 or soft) on the score, by Newton's method with a
    small ridge on the slope so that perfectly separated labels still give a finite curve."""
    design = np.column_stack([scores, np.ones_like(scores)])
    coef = np.zeros(2)
    penalty = np.diag([ridge, 0.0])
    for _ in range(steps):
        p = 1.0 / (1.0 + np.exp(-design @ coef))
        gradient = design.T @ (p - labels) + penalty @ coef
        hessian = (design * (p * (1 - p))[:, None]).T @ design + penalty + 1e-9 * np.eye(2)
        step = np.linalg.solve(hessian, gradient)
        coef -= step
        if np.max(np.abs(step)) < 1e-10:
            break
    return ScoreMap("platt", coef=[float(coef[0]), float(coef[1])], n_fitted=int(scores.size))


def fit_map(scores: Any, labels: Any, method: str = "isotonic") -> ScoreMap:
    s = np.asarray(scores, dtype=float)
    y = np.asarray(labels, dtype=float)
    if s.shape != y.shape or s.size == 0:
        raise ValueError("a score map needs one score per label, and at least one pair")
    if method == "isotonic":
        return fit_isotonic(s, y)
    if method == "platt":
        return fit_platt(s, y)
    raise ValueError(f"unknown mapping method '{method}'; use one of {', '.join(METHODS)}")
