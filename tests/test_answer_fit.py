"""The answer models' pair weights (benchmarks/answer_fit.py): the shipped fit's weights, and the
hand-written pairs of the --written-weight experiment."""

from __future__ import annotations

import sys

import numpy as np
import pytest
from conftest import REPO

sys.path.insert(0, str(REPO / "benchmarks"))

from answer_fit import pair_weights  # noqa: E402

KINDS = np.array(["evouna"] * 4 + ["squad_withheld"] * 3 + ["squad_phrase_vs_vague"] * 2 + ["squad_redundant"])


def test_without_written_pairs_the_weights_are_the_shipped_fits():
    # as before the experiment: EVOUNA 0.5 in all, every other pair 0.5 over the non-elliptical SQuAD pairs
    is_evouna = KINDS == "evouna"
    elliptical = np.char.startswith(KINDS, "squad_phrase_")
    before = np.where(is_evouna, 0.5 / is_evouna.sum(), 0.5 / (~is_evouna & ~elliptical).sum())
    assert np.array_equal(pair_weights(KINDS), before)
    assert pair_weights(KINDS)[is_evouna].sum() == pytest.approx(0.5)


def test_written_pairs_weigh_their_weight_in_all_and_leave_the_others_as_they_were():
    kinds = np.concatenate([KINDS, ["written_restatement", "written_evasive"]])
    weights = pair_weights(kinds, 0.05)
    assert weights[-2:].sum() == pytest.approx(0.05) and weights[-2] == weights[-1]
    assert np.array_equal(weights[:-2], pair_weights(KINDS))


def test_written_pairs_given_without_a_weight_are_refused():
    with pytest.raises(ValueError, match="no weight"):
        pair_weights(np.concatenate([KINDS, ["written_partial"]]))
