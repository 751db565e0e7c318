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
    # a win, a loss, a tie closer than contrast.TIE, and a difference just above it
    better = np.array([0.9, 0.2, 0.5, 0.5 + 1e-6])
    worse = np.array([0.1, 0.8, 0.5 + 1e-12, 0.5])
    assert vw.pair_accuracy(better, worse) == pytest.approx((1 + 0 + 0.5 + 1) / 4)


def test_side_scores_average_each_sides_own_claims(vw):
    probabilities = np.array([1.0, 0.0, 0.5, 0.2, 0.4, 0.6])
    assert vw.side_scores(probabilities, [2, 1, 3]) == pytest.approx([0.5, 0.5, 0.4])


def test_fits_cover_the_shipped_weight_and_both_halves(vw):
    labels = [label for label, _, _ in vw.FITS]
    assert any("(shipped)" in label for label in labels)
    columns = {label: cols for label, cols, _ in vw.FITS}
    assert columns["verifier alone"] == ("verifier",)
    assert "verifier" not in columns["features alone"] and len(columns["features alone"]) >= 5
