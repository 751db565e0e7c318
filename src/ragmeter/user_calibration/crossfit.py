"""The corrected mean on cross-fitted mapped scores: pure formulas, no I/O.

The plain PPI++ mean (ppi.py) uses the judge's raw scores as the prediction of each label. When
the scores relate to the labels non-linearly (a judge that ranks well but squeezes its correct
answers anywhere between 0.1 and 1, say), a straight line through them explains little of the
labels, the tuned weight stays small and the interval barely shrinks. A map of the scores onto
the labels' scale (isotonic, mapping.py) straightens the relation, but a map fitted on the very
labels it is then used with would make the correction biased.

Cross-prediction-powered inference (Zrnic and Candès, "Cross-prediction-powered inference",
PNAS 2024) fits the map K times: on K - 1 folds of the labelled samples, applied to the held-out
fold and to every unlabelled sample; each unlabelled sample's prediction is the mean of its K
mapped scores. With ``p_i`` the held-out prediction of labelled sample i and ``q_j`` the averaged
prediction of unlabelled sample j, and the PPI++ weight ``lam`` (ppi.tuned_weight on p and q):

    theta = lam * mean(q over the N)  +  mean(y - lam * p over the n)
    V     = lam^2 * var(q over the N) / N  +  var(y - lam * p over the n) / n

Each held-out prediction comes from a map that never saw its label, so the second term still
measures the predictions' bias honestly. The tuned weight is kept at 0 or above: when the scores
say nothing about the labels, a map fitted without a fold leans away from that fold's labels
(its training mean is high when the fold's labels are low), which would give a negative weight
that is an artefact of the folds, not a property of the judge. The interval is mean +- z * sqrt(V), as in the paper;
its coverage is checked by simulation in benchmarks/ppi_coverage.py.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import ArrayLike

from .mapping import fit_map
from .ppi import MeanEstimate, _estimate, _var, tuned_weight

#: folds of the labelled samples (as in the paper; 5 and 10 give the same coverage and width in the simulation)
FOLDS = 10
#: fewest labelled samples the cross-fitted interval is given for: the simulation covers 93-97% from
#: 100 labels on, and down to 91% with 50 (where the labels' own interval is not much better)
MIN_LABELLED = 100


def fold_ids(n: int, folds: int, seed: int) -> np.ndarray:
    """A seeded assignment of ``n`` samples to ``folds`` folds of near-equal size."""
    order = np.random.default_rng(seed).permutation(n)
    out = np.empty(n, dtype=int)
    out[order] = np.arange(n) % folds
    return out


def crossfit_predictions(labels: np.ndarray, labelled_scores: np.ndarray, unlabelled_scores: np.ndarray,
                         folds: int, seed: int, method: str) -> tuple[np.ndarray, np.ndarray]:
    """(held-out predictions of the labelled samples, fold-averaged predictions of the unlabelled)."""
    assign = fold_ids(labels.size, folds, seed)
    held_out = np.empty(labels.size, dtype=float)
    averaged = np.zeros(unlabelled_scores.size, dtype=float)
    for k in range(folds):
        test = assign == k
        score_map = fit_map(labelled_scores[~test], labels[~test], method)
        held_out[test] = score_map(labelled_scores[test])
        averaged += score_map(unlabelled_scores)
    return held_out, averaged / folds


def crossfit_mean(labels: ArrayLike, labelled_scores: ArrayLike, unlabelled_scores: ArrayLike,
                  confidence: float = 0.95, folds: int = FOLDS, seed: int = 0, method: str = "isotonic",
                  lam: float | None = None) -> MeanEstimate:
    """The PPI++ mean of the labels over all samples, predicting each label by a map of the judge's
    score fitted on the other folds (see the module's docstring). ``lam=None`` tunes the weight."""
    y = np.asarray(labels, dtype=float)
    f = np.asarray(labelled_scores, dtype=float)
    g = np.asarray(unlabelled_scores, dtype=float)
    if y.shape != f.shape:
        raise ValueError("one judge score per label is needed")
    if not 2 <= folds <= y.size:
        raise ValueError(f"cross-fitting needs 2 to n folds; got {folds} folds for {y.size} labelled samples")
    if g.size == 0:
        raise ValueError("cross-fitting needs unlabelled samples to borrow from")
    p, q = crossfit_predictions(y, f, g, folds, seed, method)
    weight = max(tuned_weight(y, p, q), 0.0) if lam is None else float(lam)
    residual = y - weight * p
    mean = weight * q.mean() + residual.mean()
    variance = _var(residual) / y.size + weight ** 2 * _var(q) / q.size
    return _estimate(mean, variance, int(y.size), int(g.size), weight, confidence)
