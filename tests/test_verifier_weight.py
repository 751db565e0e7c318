"""The arithmetic of benchmarks/verifier_weight.py (no model is called): pair wins with ties
counting half, and a side's faithfulness as the mean of its claims' probabilities."""

from __future__ import annotations

import importlib
import sys

import numpy as np
import pytest
from conftest import REPO


@pytest.fixture(scope="module")
def vw():
    sys.path.insert(0, str(REPO / "benchmarks"))
    sys.path.insert(0, str(REPO / "training"))
    return importlib.import_module("verifier_weight")


def test_pair_accuracy_counts_wins_and_half_ties(vw):
    # a win, a loss, a tie closer than contrast.TIE, and a small difference well above it
    better = np.array([0.9, 0.2, 0.5, 0.5 + 1e-6])
    worse = np.array([0.1, 0.8, 0.5 + 1e-12, 0.5])
    assert vw.pair_accuracy(better, worse) == pytest.approx((1 + 0 + 0.5 + 1) / 4)


def test_side_scores_average_each_sides_own_claims(vw):
    probabilities = np.array([1.0, 0.0, 0.5, 0.2, 0.4, 0.6])
    assert vw.side_scores(probabilities, [2, 1, 3]) == pytest.approx([0.5, 0.5, 0.4])


def test_fits_include_the_shipped_weight(vw):
    # the shipped calibration's near-miss weight must stay among the fits the table compares
    assert [label for label, _, weight in vw.FITS if weight == vw.calibrate.CONTRAST_WEIGHT and "(shipped)" in label]


def test_the_cap_holds_whatever_the_model_reads(vw):
    from ragmeter.judges.local.calibration import LogisticModel
    from ragmeter.judges.local.features import VERIFIED_SUPPORT_FEATURES

    # a model of the verifier's logit alone, which does not read neg_mismatch
    model = LogisticModel(("verifier",), np.zeros(1), np.ones(1), np.ones(1), 0.0)
    rows = np.zeros((2, len(VERIFIED_SUPPORT_FEATURES)))
    rows[:, VERIFIED_SUPPORT_FEATURES.index("verifier")] = 5.0
    rows[1, VERIFIED_SUPPORT_FEATURES.index("neg_mismatch")] = 1.0  # a contradiction check fired
    p = vw.capped(model, rows)
    assert p[0] > 0.99 and p[1] == pytest.approx(vw.NEGATION_CAP)


def test_sides_line_up_with_their_pairs(vw):
    pairs = [{"better": "b1", "worse": "w1"}, {"better": "b2", "worse": "w2"}, {"better": "b3", "worse": "w3"}]
    sides = vw.sides_in_order(pairs)
    n = len(pairs)
    assert list(zip(sides[:n], sides[n:])) == [("b1", "w1"), ("b2", "w2"), ("b3", "w3")]
