"""The bootstrap and the permutation test of stats.py draw their resamples in blocks of bounded size:
the same numbers for the same seed as the whole-matrix versions they replaced (kept here, verbatim,
as the reference), and a working memory that does not grow with the number of resamples."""

from __future__ import annotations

import tracemalloc

import numpy as np
import pytest

from ragmeter import stats
from ragmeter.stats import bootstrap_ci, compare_paired, paired_bootstrap_ci, paired_permutation_p


# ---- the reference: ragmeter 0.1's functions, which built the (n_resamples x n) matrix at once ----
def old_bootstrap_ci(values, confidence=0.95, n_resamples=1000, seed=0):
    x = np.asarray(values, dtype=float)
    if x.size == 0:
        return None
    if x.size == 1 or np.all(x == x[0]):
        return float(x[0]), float(x[0])
    rng = np.random.default_rng(seed)
    idx = rng.integers(0, x.size, size=(n_resamples, x.size))
    means = x[idx].mean(axis=1)
    alpha = (1 - confidence) / 2
    low, high = np.quantile(means, [alpha, 1 - alpha])
    return float(low), float(high)


def old_paired_permutation_p(a, b, n_resamples=10000, seed=0):
    d = np.asarray(b, dtype=float) - np.asarray(a, dtype=float)
    d = d[d != 0]
    if d.size == 0:
        return 1.0
    observed = abs(d.mean())
    if d.size <= 16:
        signs = ((np.arange(2 ** d.size)[:, None] >> np.arange(d.size)) & 1) * 2 - 1
    else:
        rng = np.random.default_rng(seed)
        signs = rng.choice([-1.0, 1.0], size=(n_resamples, d.size))
    stats_ = np.abs((signs * d).mean(axis=1))
    extreme = np.count_nonzero(stats_ >= observed - 1e-12)
    if d.size <= 16:
        return float(extreme / len(stats_))
    return float((extreme + 1) / (len(stats_) + 1))


def _pair(n: int, kind: str, seed: int = 1) -> tuple[np.ndarray, np.ndarray]:
    rng = np.random.default_rng(seed)
    if kind == "continuous":
        a = rng.random(n)
        return a, np.clip(a + rng.normal(0.01, 0.2, n), 0, 1)
    # scores on a grid (0, 0.5, 1) with many ties: many resampled statistics equal the observed one,
    # where a last-bit difference would change the count
    return rng.integers(0, 3, n) / 2, rng.integers(0, 3, n) / 2


SIZES = [17, 18, 101, 999, 2000, 4001]


@pytest.mark.parametrize("block", [1, 7, 1000, 1 << 20], ids=lambda b: f"block{b}")
@pytest.mark.parametrize("kind", ["continuous", "grid"])
def test_the_permutation_p_is_the_whole_matrix_one(monkeypatch, block, kind):
    monkeypatch.setattr(stats, "BLOCK_VALUES", block)  # 1: a resample per block; 7 and 1000: odd blocks
    for n in SIZES:
        a, b = _pair(n, kind)
        for seed in (0, 3):
            assert paired_permutation_p(a, b, n_resamples=301, seed=seed) == \
                old_paired_permutation_p(a, b, n_resamples=301, seed=seed), (n, seed)


@pytest.mark.parametrize("block", [1, 7, 1000, 1 << 20], ids=lambda b: f"block{b}")
@pytest.mark.parametrize("kind", ["continuous", "grid"])
def test_the_bootstrap_interval_is_the_whole_matrix_one(monkeypatch, block, kind):
    monkeypatch.setattr(stats, "BLOCK_VALUES", block)
    for n in SIZES:
        a, b = _pair(n, kind)
        for seed in (0, 3):
            assert bootstrap_ci(a, 0.95, 301, seed) == old_bootstrap_ci(a, 0.95, 301, seed), (n, seed)
            assert paired_bootstrap_ci(a, b, 0.9, 301, seed) == old_bootstrap_ci(b - a, 0.9, 301, seed)


@pytest.mark.slow
def test_compare_paired_with_its_defaults_is_unchanged():
    """2,000 bootstrap and 10,000 permutation resamples, as compare() runs them."""
    for n, kind in [(20, "grid"), (1200, "continuous"), (1500, "grid")]:
        a, b = _pair(n, kind, seed=n)
        got = compare_paired(a, b)
        assert got.p_value == old_paired_permutation_p(a, b)
        assert (got.ci_low, got.ci_high) == old_bootstrap_ci(b - a, 0.95, 2000, 0)


def test_small_and_degenerate_inputs_are_unchanged():
    a = np.array([0.1, 0.5, 0.9, 0.3])
    for b in (a, a + 0.1, a[::-1], np.array([0.2, 0.5, 0.9, 0.3])):  # all tied, exact test, one difference
        assert paired_permutation_p(a, b) == old_paired_permutation_p(a, b)
    for values in ([], [0.4], [0.4, 0.4, 0.4], [0.0, 1.0]):
        assert bootstrap_ci(values) == old_bootstrap_ci(values)


def _peak_mib(fn) -> float:
    tracemalloc.start()
    try:
        fn()
        return tracemalloc.get_traced_memory()[1] / 2 ** 20
    finally:
        tracemalloc.stop()


def test_working_memory_is_bounded_whatever_the_number_of_resamples():
    """200,000 paired scores: the whole matrix of 100 resamples alone would be 153 MiB (and 10,000
    resamples 15 GiB); blocks keep the peak to a few tens of MiB, the same for 20 and 100 resamples."""
    a, b = _pair(200_000, "continuous")
    perm = [_peak_mib(lambda r=r: paired_permutation_p(a, b, n_resamples=r)) for r in (20, 100)]
    boot = [_peak_mib(lambda r=r: bootstrap_ci(b - a, n_resamples=r)) for r in (20, 100)]
    assert max(perm) < 40 and max(boot) < 40, (perm, boot)
    assert abs(perm[1] - perm[0]) < 8 and abs(boot[1] - boot[0]) < 8, (perm, boot)
