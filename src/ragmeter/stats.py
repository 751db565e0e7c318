"""Uncertainty of reported numbers: bootstrap confidence intervals and paired tests.

All resampling is seeded, so the same data gives the same interval on every run. Resamples are
drawn in blocks of at most BLOCK_VALUES values, so memory stays bounded (tens of MiB) whatever the
number of samples and of resamples.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterator

import numpy as np
from numpy.typing import ArrayLike

MAX_BOOTSTRAP_N = 200_000
BLOCK_VALUES = 1 << 20  # values resampled at a time: about 24 MiB of working memory (one resample at least)


def _blocks(n_resamples: int, n: int) -> Iterator[tuple[int, int]]:
    """(start, stop) of consecutive blocks of resamples, each of at most BLOCK_VALUES values (one
    resample at least). Drawing block by block takes the same numbers from the generator as drawing
    the whole (n_resamples, n) matrix at once, and each resample's mean is its own row's, so the
    results are the same to the last bit; only the memory is bounded."""
    step = max(1, BLOCK_VALUES // max(1, n))
    for start in range(0, n_resamples, step):
        yield start, min(start + step, n_resamples)


def bootstrap_ci(values: ArrayLike, confidence: float = 0.95, n_resamples: int = 1000,
                 seed: int = 0) -> tuple[float, float] | None:
    """Percentile bootstrap interval of the mean; None for no values. Above MAX_BOOTSTRAP_N
    values the normal approximation is used instead (the two agree closely at that size, and
    resampling millions of scores a thousand times would dominate the run)."""
    x = np.asarray(values, dtype=float)
    if x.size == 0:
        return None
    if x.size == 1 or np.all(x == x[0]):
        return float(x[0]), float(x[0])
    if x.size > MAX_BOOTSTRAP_N:
        from statistics import NormalDist

        half = NormalDist().inv_cdf(0.5 + confidence / 2) * x.std(ddof=1) / np.sqrt(x.size)
        return float(x.mean() - half), float(x.mean() + half)
    rng = np.random.default_rng(seed)
    means = np.empty(n_resamples)
    for start, stop in _blocks(n_resamples, x.size):
        means[start:stop] = x[rng.integers(0, x.size, size=(stop - start, x.size))].mean(axis=1)
    alpha = (1 - confidence) / 2
    low, high = np.quantile(means, [alpha, 1 - alpha])
    return float(low), float(high)


@dataclass(frozen=True)
class PairedComparison:
    """B minus A on the samples both runs scored."""

    n: int
    mean_a: float
    mean_b: float
    difference: float
    ci_low: float
    ci_high: float
    p_value: float
    wins: int
    losses: int
    ties: int


def paired_bootstrap_ci(a: ArrayLike, b: ArrayLike, confidence: float = 0.95,
                        n_resamples: int = 2000, seed: int = 0) -> tuple[float, float]:
    d = np.asarray(b, dtype=float) - np.asarray(a, dtype=float)
    ci = bootstrap_ci(d, confidence, n_resamples, seed)
    assert ci is not None
    return ci


def paired_permutation_p(a: ArrayLike, b: ArrayLike, n_resamples: int = 10000,
                         seed: int = 0) -> float:
    """Two-sided sign-flip permutation test of mean(b - a) = 0; exact for n <= 16."""
    d = np.asarray(b, dtype=float) - np.asarray(a, dtype=float)
    d = d[d != 0]
    if d.size == 0:
        return 1.0
    observed = abs(d.mean())
    if d.size <= 16:
        every_sign = ((np.arange(2 ** d.size)[:, None] >> np.arange(d.size)) & 1) * 2 - 1
        stats = np.abs((every_sign * d).mean(axis=1))
        return float(np.count_nonzero(stats >= observed - 1e-12) / len(stats))
    rng = np.random.default_rng(seed)
    extreme = 0
    for start, stop in _blocks(n_resamples, d.size):
        # a sign of -1.0 or +1.0 per value, drawn as rng.choice([-1.0, 1.0]) draws them (index 0 or 1)
        signs = rng.integers(0, 2, size=(stop - start, d.size)) * 2.0 - 1.0
        signs *= d
        stats = np.abs(signs.mean(axis=1))
        extreme += int(np.count_nonzero(stats >= observed - 1e-12))
    return float((extreme + 1) / (n_resamples + 1))


def compare_paired(a: ArrayLike, b: ArrayLike, confidence: float = 0.95,
                   seed: int = 0, tie_tolerance: float = 1e-9) -> PairedComparison:
    x = np.asarray(a, dtype=float)
    y = np.asarray(b, dtype=float)
    if x.shape != y.shape or x.size == 0:
        raise ValueError("paired comparison needs two equally long, non-empty score lists")
    d = y - x
    low, high = paired_bootstrap_ci(x, y, confidence, seed=seed)
    return PairedComparison(
        n=int(x.size), mean_a=float(x.mean()), mean_b=float(y.mean()), difference=float(d.mean()),
        ci_low=low, ci_high=high, p_value=paired_permutation_p(x, y, seed=seed),
        wins=int(np.sum(d > tie_tolerance)), losses=int(np.sum(d < -tie_tolerance)),
        ties=int(np.sum(np.abs(d) <= tie_tolerance)),
    )
