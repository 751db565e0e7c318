"""The PPI++ corrected mean: its formula, its power tuning, and the coverage of its interval by
simulation (the same simulation as benchmarks/ppi_coverage.py, with 2,000 draws instead of 10,000)."""

from __future__ import annotations

import importlib.util
import sys

import numpy as np
import pytest
from conftest import REPO

from ragmeter.user_calibration.ppi import corrected_mean, labels_mean, tuned_weight


def _benchmark():
    spec = importlib.util.spec_from_file_location("ppi_coverage", REPO / "benchmarks" / "ppi_coverage.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("ppi_coverage", module)  # its dataclass looks its module up
    spec.loader.exec_module(module)
    return module


def test_biased_judge_corrected_interval_covers_95_percent():
    # 2,000 draws: the coverage's standard error is 0.0049, so the band is 3 of them either side of
    # 0.95; an interval that ignored the judge's variance or its bias would land far outside it.
    c = _benchmark().simulate("biased_binary", draws=2000, seed=11)
    assert 0.935 <= c.corrected <= 0.965, c
    assert c.judge_only < 0.05, c          # the judge really is biased: its own mean misses
    assert c.width_ratio < 0.8, c          # and the judge's scores buy a shorter interval than labels alone


def test_useless_judge_keeps_coverage_and_costs_nothing():
    c = _benchmark().simulate("useless", draws=1000, seed=5)
    assert 0.93 <= c.corrected <= 0.97, c
    assert abs(c.mean_lambda) < 0.1, c
    assert 0.97 <= c.width_ratio <= 1.03, c


def test_weight_zero_is_the_labels_alone_and_weight_one_is_original_ppi():
    rng = np.random.default_rng(0)
    y = (rng.random(100) < 0.4).astype(float)
    f = np.clip(y * 0.5 + rng.random(100) * 0.5, 0, 1)
    g = rng.random(900)
    zero = corrected_mean(y, f, g, lam=0.0)
    plain = labels_mean(y)
    assert zero.mean == pytest.approx(plain.mean) and zero.ci == pytest.approx(plain.ci)
    one = corrected_mean(y, f, g, lam=1.0)
    assert one.mean == pytest.approx(g.mean() + (y - f).mean())
    se = np.sqrt(g.var(ddof=1) / g.size + (y - f).var(ddof=1) / y.size)
    assert one.se == pytest.approx(se)
    assert one.ci_high - one.mean == pytest.approx(1.959964 * se, rel=1e-5)


def test_tuned_weight_minimises_the_estimated_variance():
    rng = np.random.default_rng(1)
    for _ in range(20):
        y = rng.random(60)
        f = np.clip(0.2 + 0.5 * y + rng.normal(0, rng.uniform(0.01, 0.5), 60), 0, 1)
        g = rng.random(300) * rng.uniform(0.2, 1)
        best = corrected_mean(y, f, g)
        assert best.lam == pytest.approx(tuned_weight(y, f, g))
        for lam in np.linspace(-1, 3, 41):
            assert best.se <= corrected_mean(y, f, g, lam=lam).se + 1e-12
        assert best.width <= labels_mean(y).width + 1e-12


def test_nothing_unlabelled_or_constant_scores_fall_back_to_the_labels():
    y = np.array([1.0, 0.0, 1.0, 1.0])
    f = np.array([0.9, 0.2, 0.8, 0.7])
    assert corrected_mean(y, f, []).lam == 0.0
    assert corrected_mean(y, f, []).mean == pytest.approx(0.75)
    assert corrected_mean(y, np.full(4, 0.5), np.full(10, 0.5)).lam == 0.0


def test_a_perfect_judge_gives_a_nearly_exact_mean():
    rng = np.random.default_rng(2)
    y = (rng.random(200) < 0.3).astype(float)
    g = (rng.random(5000) < 0.3).astype(float)
    est = corrected_mean(y, y.copy(), g)
    assert est.lam == pytest.approx(5000 / 5200, abs=0.05)  # about N / (n + N) for a judge equal to the labels
    assert est.width < 0.3 * labels_mean(y).width


def test_bad_inputs_are_refused():
    with pytest.raises(ValueError):
        corrected_mean([1.0, 0.0], [0.5], [0.1])
    with pytest.raises(ValueError):
        corrected_mean([], [], [0.1])
    with pytest.raises(ValueError):
        labels_mean([1.0], confidence=1.0)
