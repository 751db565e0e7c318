"""Means of human labels, with and without the judge's help: pure formulas, no I/O.

The corrected mean is prediction-powered inference (Angelopoulos, Bates, Fannjiang, Jordan and
Zrnic, "Prediction-powered inference", Science 2023) with the power tuning of PPI++
(Angelopoulos, Duchi and Zrnic, "PPI++: Efficient prediction-powered inference", 2023).

Set-up: ``n`` samples carry a human label ``y`` and a judge score ``f``; ``N`` other samples
carry a judge score only. For any weight ``lam``

    theta(lam) = lam * mean(f over the N)  +  mean(y - lam * f over the n)

is an unbiased estimate of the labels' mean, however biased the judge is: the second term
measures the judge's bias on the labelled samples and takes it away. Its variance is

    V(lam) = lam^2 * var(f over the N) / N  +  var(y - lam * f over the n) / n.

``lam = 0`` is the labels alone; ``lam = 1`` is the original PPI. We take the ``lam`` that makes
the estimated V smallest, which has a closed form since V is a parabola in ``lam``:

    lam* = (cov(y, f) / n) / (var(f over the N) / N + var(f over the n) / n).

Because V(lam*) <= V(0) with the same estimates, the corrected interval is never wider than the
labels-only interval computed the same way (normal, mean +- z * se). The interval is valid for
large n whatever the judge's quality; a useless judge simply gets ``lam`` near 0.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from statistics import NormalDist
from typing import Any

import numpy as np
from numpy.typing import ArrayLike


@dataclass(frozen=True)
class MeanEstimate:
    """A mean with its normal confidence interval; ``lam`` is the judge's weight (0: labels only)."""

    mean: float
    ci_low: float
    ci_high: float
    se: float
    n_labelled: int
    n_unlabelled: int
    lam: float
    confidence: float

    @property
    def ci(self) -> list[float]:
        return [self.ci_low, self.ci_high]

    @property
    def width(self) -> float:
        return self.ci_high - self.ci_low

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


def z_value(confidence: float) -> float:
    if not 0.0 < confidence < 1.0:
        raise ValueError(f"confidence must lie strictly between 0 and 1, got {confidence}")
    return NormalDist().inv_cdf(0.5 + confidence / 2)


def _var(x: np.ndarray) -> float:
    return float(x.var(ddof=1)) if x.size > 1 else 0.0


def _estimate(mean: float, variance: float, n: int, n_unlabelled: int, lam: float, confidence: float) -> MeanEstimate:
    se = float(np.sqrt(max(variance, 0.0)))
    half = z_value(confidence) * se
    return MeanEstimate(float(mean), float(mean - half), float(mean + half), se, n, n_unlabelled, float(lam),
                        confidence)


def labels_mean(labels: ArrayLike, confidence: float = 0.95) -> MeanEstimate:
    """The classical estimate: the labels' mean, +- z * sd / sqrt(n)."""
    y = np.asarray(labels, dtype=float)
    if y.size == 0:
        raise ValueError("a mean needs at least one label")
    return _estimate(y.mean(), _var(y) / y.size, int(y.size), 0, 0.0, confidence)


def tuned_weight(labels: np.ndarray, scored: np.ndarray, unlabelled: np.ndarray) -> float:
    """The ``lam`` that minimises the estimated variance V(lam) (PPI++ power tuning), 0 when the
    judge's scores do not vary or there is nothing unlabelled to borrow from."""
    n, big_n = labels.size, unlabelled.size
    if n < 2 or big_n < 2:
        return 0.0
    denominator = _var(unlabelled) / big_n + _var(scored) / n
    if denominator <= 0.0:
        return 0.0
    covariance = float(np.cov(labels, scored, ddof=1)[0, 1])
    return (covariance / n) / denominator


def corrected_mean(labels: ArrayLike, labelled_scores: ArrayLike, unlabelled_scores: ArrayLike,
                   confidence: float = 0.95, lam: float | None = None) -> MeanEstimate:
    """The PPI++ mean of the labels over all samples, using the judge's scores of the unlabelled ones.

    ``labels[i]`` and ``labelled_scores[i]`` belong to one sample; ``unlabelled_scores`` are the judge's
    scores of samples nobody labelled (drawn from the same population). ``lam=None`` tunes the weight;
    ``lam=1`` gives the original PPI, ``lam=0`` the labels alone."""
    y = np.asarray(labels, dtype=float)
    f = np.asarray(labelled_scores, dtype=float)
    g = np.asarray(unlabelled_scores, dtype=float)
    if y.shape != f.shape:
        raise ValueError("one judge score per label is needed")
    if y.size == 0:
        raise ValueError("a corrected mean needs at least one labelled sample")
    weight = tuned_weight(y, f, g) if lam is None else float(lam)
    if g.size == 0:
        weight = 0.0
    residual = y - weight * f
    mean = (weight * g.mean() if g.size else 0.0) + residual.mean()
    variance = _var(residual) / y.size + (weight ** 2 * _var(g) / g.size if g.size else 0.0)
    return _estimate(mean, variance, int(y.size), int(g.size), weight, confidence)
