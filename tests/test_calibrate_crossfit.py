"""PPI++ on cross-fitted isotonic maps of the judge's scores (cross-prediction-powered inference):
its formula, its folds, when it is given, and its coverage by simulation on a judge whose scores
relate to the labels non-linearly (benchmarks/ppi_coverage.py runs 10,000 draws)."""

from __future__ import annotations

import importlib.util
import sys

import numpy as np
import pytest
from conftest import REPO

from ragmeter.user_calibration.corrected import corrected_means
from ragmeter.user_calibration.crossfit import MIN_LABELLED, crossfit_mean, crossfit_predictions, fold_ids
from ragmeter.user_calibration.mapping import fit_map
from ragmeter.user_calibration.ppi import corrected_mean, labels_mean


def _benchmark():
    spec = importlib.util.spec_from_file_location("ppi_coverage", REPO / "benchmarks" / "ppi_coverage.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("ppi_coverage", module)
    spec.loader.exec_module(module)
    return module


def step_judge(rng, size):
    return _benchmark().step_binary(rng, size)


def test_folds_are_seeded_and_balanced():
    a, b = fold_ids(103, 10, seed=4), fold_ids(103, 10, seed=4)
    assert (a == b).all() and not (a == fold_ids(103, 10, seed=5)).all()
    assert sorted(np.bincount(a)) == [10] * 7 + [11] * 3


def test_each_held_out_prediction_comes_from_a_map_that_never_saw_its_label():
    rng = np.random.default_rng(0)
    y, f = step_judge(rng, 60)
    g = rng.random(30)
    held_out, averaged = crossfit_predictions(y, f, g, folds=5, seed=1, method="isotonic")
    folds = fold_ids(60, 5, seed=1)
    expected_unlabelled = np.zeros(30)
    for k in range(5):
        fitted = fit_map(f[folds != k], y[folds != k])
        assert held_out[folds == k] == pytest.approx(fitted(f[folds == k]))
        expected_unlabelled += fitted(g) / 5
    assert averaged == pytest.approx(expected_unlabelled)


def test_formula_with_a_fixed_weight():
    rng = np.random.default_rng(1)
    y, f = step_judge(rng, 120)
    _, g = step_judge(rng, 800)
    p, q = crossfit_predictions(y, f, g, folds=10, seed=0, method="isotonic")
    est = crossfit_mean(y, f, g, lam=0.7, folds=10, seed=0)
    assert est.mean == pytest.approx(0.7 * q.mean() + (y - 0.7 * p).mean())
    se = np.sqrt((y - 0.7 * p).var(ddof=1) / y.size + 0.49 * q.var(ddof=1) / q.size)
    assert est.se == pytest.approx(se)
    zero = crossfit_mean(y, f, g, lam=0.0)
    assert zero.mean == pytest.approx(y.mean()) and zero.ci == pytest.approx(labels_mean(y).ci)


def test_a_non_linear_judge_gets_a_much_shorter_interval_than_plain_ppi():
    rng = np.random.default_rng(2)
    y, f = step_judge(rng, 200)
    _, g = step_judge(rng, 2000)
    plain, mapped = corrected_mean(y, f, g), crossfit_mean(y, f, g)
    assert mapped.width < 0.9 * plain.width
    assert mapped.lam > plain.lam


def test_weight_never_goes_negative_on_a_judge_that_knows_nothing():
    rng = np.random.default_rng(3)
    for seed in range(10):
        y = (rng.random(100) < 0.6).astype(float)
        est = crossfit_mean(y, rng.random(100), rng.random(1000), seed=seed)
        assert est.lam >= 0.0
        assert est.width <= labels_mean(y).width + 1e-12


def test_bad_inputs_are_refused():
    with pytest.raises(ValueError, match="folds"):
        crossfit_mean([1.0, 0.0, 1.0], [0.2, 0.1, 0.3], [0.5], folds=5)
    with pytest.raises(ValueError, match="unlabelled"):
        crossfit_mean([1.0, 0.0, 1.0], [0.2, 0.1, 0.3], [], folds=2)
    with pytest.raises(ValueError, match="one judge score per label"):
        crossfit_mean([1.0, 0.0], [0.2], [0.5], folds=2)


def test_both_means_given_from_min_labelled_and_the_narrower_reported():
    rng = np.random.default_rng(4)
    y, f = step_judge(rng, MIN_LABELLED - 1)
    _, g = step_judge(rng, 500)
    few = corrected_means(y, f, g)
    assert few["corrected_mapped"] is None and str(MIN_LABELLED) in few["corrected_mapped_note"]
    assert few["corrected_method"] == "plain" and few["corrected_ci"] == few["corrected_plain"]["ci"]
    y, f = step_judge(rng, 200)
    both = corrected_means(y, f, g)
    widths = {k: both[f"corrected_{k}"]["ci"][1] - both[f"corrected_{k}"]["ci"][0] for k in ("plain", "mapped")}
    assert both["corrected_method"] == min(widths, key=widths.get) == "mapped"
    assert both["corrected_ci"] == both["corrected_mapped"]["ci"]
    assert both["corrected_mapped"]["folds"] == 10 and both["corrected_mapped"]["map"] == "isotonic"


@pytest.mark.slow
def test_reported_interval_covers_95_percent_on_a_non_linear_judge():
    # 1,000 draws: standard error of the coverage 0.0069, so 93-97% is about 3 of them either side
    c = _benchmark().simulate("step_binary", draws=1000, n=200, seed=21, folds=10)
    assert 0.93 <= c.crossfit <= 0.97, c
    assert 0.93 <= c.narrower <= 0.97, c
    assert c.narrower_width_ratio < c.width_ratio - 0.1, c   # shorter than plain PPI++ by a tenth of the labels' width
    assert c.judge_only < 0.05, c
