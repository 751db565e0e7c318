"""Agreement statistics and score maps of ragmeter.user_calibration, checked against scipy and
scikit-learn (which ragmeter does not depend on) and against small hand-worked cases."""

from __future__ import annotations

import numpy as np
import pytest

from ragmeter.user_calibration.agreement import (
    agreement,
    auroc,
    best_threshold,
    cohen_kappa,
    expected_calibration_error,
    reliability,
    spearman,
)
from ragmeter.user_calibration.mapping import ScoreMap, fit_map

sklearn_metrics = pytest.importorskip("sklearn.metrics")
scipy_stats = pytest.importorskip("scipy.stats")


def _cases(count=60, seed=0):
    rng = np.random.default_rng(seed)
    for _ in range(count):
        n = int(rng.integers(4, 80))
        positive = rng.random(n) < rng.uniform(0.2, 0.8)
        if positive.all() or not positive.any():
            continue
        scores = np.clip(np.round(rng.random(n) * 0.8 + 0.3 * positive, 1), 0, 1)  # rounded: many ties
        yield scores, positive


def test_auroc_spearman_kappa_match_the_reference_implementations():
    for scores, positive in _cases():
        assert auroc(scores, positive) == pytest.approx(sklearn_metrics.roc_auc_score(positive, scores))
        # labels given as 0 / 1 integers are read as booleans, not as indices into the ranks
        assert auroc(scores, positive.astype(int)) == pytest.approx(sklearn_metrics.roc_auc_score(positive, scores))
        assert spearman(scores, positive.astype(float)) == pytest.approx(scipy_stats.spearmanr(scores, positive)[0])
        predicted = scores >= 0.5
        ours = cohen_kappa(predicted, positive)
        if ours is not None:
            assert ours == pytest.approx(sklearn_metrics.cohen_kappa_score(positive, predicted))


@pytest.mark.slow
def test_best_threshold_is_the_best_cut_by_kappa():
    for scores, positive in _cases(seed=1):
        threshold, kappa = best_threshold(scores, positive)
        every_cut = [sklearn_metrics.cohen_kappa_score(positive, scores >= v) for v in np.unique(scores)]
        assert kappa == pytest.approx(np.nanmax(every_cut))
        assert sklearn_metrics.cohen_kappa_score(positive, scores >= threshold) == pytest.approx(kappa)


def test_one_class_or_constant_input_gives_none_not_nan():
    scores = np.array([0.2, 0.4, 0.9])
    assert auroc(scores, np.array([True, True, True])) is None
    assert spearman(np.full(3, 0.5), np.array([0.0, 1.0, 1.0])) is None
    assert cohen_kappa(np.array([True] * 3), np.array([True] * 3)) is None


def test_expected_calibration_error_by_hand():
    scores = np.array([0.05, 0.15, 0.95, 0.95])
    labels = np.array([0.0, 1.0, 1.0, 0.0])
    # bins [0, .1): |0.05 - 0|, [.1, .2): |0.15 - 1|, [.9, 1]: |0.95 - 0.5| x 2 samples
    assert expected_calibration_error(scores, labels) == pytest.approx((0.05 + 0.85 + 2 * 0.45) / 4)
    points = reliability(scores, labels)
    assert [p["n"] for p in points] == [1, 1, 2]
    assert points[-1]["bin"] == [0.9, 1.0]


def test_agreement_has_every_statistic_with_an_interval_around_it():
    rng = np.random.default_rng(3)
    scores = rng.random(150)
    labels = (rng.random(150) < scores).astype(float)
    out = agreement(scores, labels, n_resamples=300, seed=1)
    assert set(out) == {"accuracy", "kappa_at_0.5", "kappa_best", "best_threshold", "auroc", "spearman", "ece"}
    for name, stat in out.items():
        low, high = stat["ci"]
        assert low <= stat["value"] <= high or name in ("kappa_best", "ece"), (name, stat)  # both are biased upward
    assert out == agreement(scores, labels, n_resamples=300, seed=1)  # seeded: the same every time
    assert 0.7 < out["auroc"]["value"] < 0.95


def test_isotonic_map_matches_scikit_learn_and_round_trips():
    isotonic = pytest.importorskip("sklearn.isotonic")
    rng = np.random.default_rng(4)
    for _ in range(30):
        n = int(rng.integers(2, 200))
        scores = np.round(rng.random(n), 2)
        labels = (rng.random(n) < scores ** 2).astype(float)
        ours = fit_map(scores, labels, "isotonic")
        theirs = isotonic.IsotonicRegression(out_of_bounds="clip").fit(scores, labels)
        grid = np.linspace(-0.1, 1.1, 61)
        assert np.allclose(ours(grid), theirs.predict(grid))
        again = ScoreMap.from_dict(ours.to_dict())
        assert np.allclose(again(grid), ours(grid))


def test_platt_map_matches_an_unpenalised_logistic_regression():
    linear = pytest.importorskip("sklearn.linear_model")
    rng = np.random.default_rng(5)
    scores = rng.random(800)
    labels = (rng.random(800) < 1 / (1 + np.exp(-(5 * scores - 3)))).astype(float)
    ours = fit_map(scores, labels, "platt")
    theirs = linear.LogisticRegression(C=1e9).fit(scores[:, None], labels)
    assert ours.coef == pytest.approx([theirs.coef_[0, 0], theirs.intercept_[0]], rel=0.01)
    separated = fit_map(np.array([0.1, 0.2, 0.8, 0.9]), np.array([0.0, 0.0, 1.0, 1.0]), "platt")
    assert all(np.isfinite(separated.coef)) and separated([0.9])[0] > 0.9


def test_unknown_method_and_bad_map_are_refused():
    with pytest.raises(ValueError, match="unknown mapping method"):
        fit_map([0.1], [1.0], "spline")
    with pytest.raises(ValueError, match="not a score map"):
        ScoreMap.from_dict({"method": "isotonic", "knots": []})
