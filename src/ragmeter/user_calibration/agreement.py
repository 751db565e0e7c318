"""How well a judge's scores agree with human labels: pure formulas over two arrays, no I/O.

Labels may be 0/1 or anywhere in [0, 1]. Statistics that need two classes (accuracy, Cohen's
kappa, AUROC) read a label of 0.5 or more as positive; Spearman's rank correlation and the
expected calibration error use the labels as given. Every statistic comes with a seeded
percentile-bootstrap interval over the labelled samples.
"""

from __future__ import annotations

from typing import Any, Callable

import numpy as np

BINS = 10


def average_ranks(x: np.ndarray) -> np.ndarray:
    """1-based ranks, tied values sharing the mean of their ranks."""
    _, inverse, counts = np.unique(x, return_inverse=True, return_counts=True)
    ends = np.cumsum(counts)
    return (ends - (counts - 1) / 2.0)[inverse]


def auroc(scores: np.ndarray, positive: np.ndarray) -> float | None:
    """Probability that a positive outscores a negative (ties count half); None with one class.
    positive: booleans or labels, a label of 0.5 or more positive (as integers, 0 / 1 would
    index the ranks)."""
    positive = np.asarray(positive) >= 0.5
    n_pos = int(positive.sum())
    n_neg = positive.size - n_pos
    if n_pos == 0 or n_neg == 0:
        return None
    rank_sum = float(average_ranks(scores)[positive].sum())
    return (rank_sum - n_pos * (n_pos + 1) / 2.0) / (n_pos * n_neg)


def spearman(a: np.ndarray, b: np.ndarray) -> float | None:
    """Spearman's rank correlation (Pearson's of the average ranks); None if either side is constant."""
    ra, rb = average_ranks(a), average_ranks(b)
    ra, rb = ra - ra.mean(), rb - rb.mean()
    norm = float(np.sqrt((ra * ra).sum() * (rb * rb).sum()))
    return float((ra * rb).sum() / norm) if norm > 0 else None


def kappa_from_counts(tp: np.ndarray, predicted: np.ndarray, positives: int, n: int) -> np.ndarray:
    """Cohen's kappa of binary predictions, from true positives and predicted positives (vectorised;
    NaN where chance agreement is 1, when both sides hold one class)."""
    tp = np.asarray(tp, dtype=float)
    predicted = np.asarray(predicted, dtype=float)
    observed = (2 * tp + n - predicted - positives) / n
    chance = (predicted * positives + (n - predicted) * (n - positives)) / (n * n)
    with np.errstate(divide="ignore", invalid="ignore"):
        return np.where(chance < 1.0, (observed - chance) / (1.0 - chance), np.nan)


def cohen_kappa(predicted: np.ndarray, positive: np.ndarray) -> float | None:
    value = float(kappa_from_counts(np.sum(predicted & positive), np.sum(predicted), int(positive.sum()),
                                    positive.size))
    return None if np.isnan(value) else value


def best_threshold(scores: np.ndarray, positive: np.ndarray) -> tuple[float | None, float | None]:
    """(threshold, kappa): the cut ``score >= threshold`` that agrees best with the labels by Cohen's
    kappa, the threshold halfway between two neighbouring distinct scores."""
    values = np.unique(scores)[::-1]  # candidate cuts, high to low
    order = np.sort(scores)[::-1]
    predicted = np.searchsorted(-order, -values, side="right")  # scores >= each cut
    tp = _true_positives(scores, positive, values)
    kappas = kappa_from_counts(tp, predicted, int(positive.sum()), positive.size)
    if np.all(np.isnan(kappas)):
        return None, None
    best = int(np.nanargmax(kappas))
    lower = values[best + 1] if best + 1 < values.size else values[best]
    return float((values[best] + lower) / 2.0), float(kappas[best])


def _true_positives(scores: np.ndarray, positive: np.ndarray, values: np.ndarray) -> np.ndarray:
    order = np.argsort(-scores, kind="stable")
    cumulative = np.cumsum(positive[order])
    reach = np.searchsorted(-scores[order], -values, side="right")
    return cumulative[reach - 1]


def expected_calibration_error(scores: np.ndarray, labels: np.ndarray, bins: int = BINS) -> float:
    """Mean |mean score - mean label| over equal-width score bins, weighted by the bins' sizes."""
    return float(sum(b["n"] * abs(b["mean_score"] - b["mean_label"]) for b in reliability(scores, labels, bins))
                 / scores.size)


def reliability(scores: np.ndarray, labels: np.ndarray, bins: int = BINS) -> list[dict[str, Any]]:
    """The reliability diagram's points: per non-empty score bin, its size, mean score and mean label."""
    which = np.minimum((scores * bins).astype(int), bins - 1)
    out = []
    for b in range(bins):
        inside = which == b
        if inside.any():
            out.append({"bin": [b / bins, (b + 1) / bins], "n": int(inside.sum()),
                        "mean_score": float(scores[inside].mean()), "mean_label": float(labels[inside].mean())})
    return out


def statistics(scores: np.ndarray, labels: np.ndarray) -> dict[str, float | None]:
    """Every agreement statistic of one set of (score, label) pairs."""
    positive = labels >= 0.5
    predicted = scores >= 0.5
    threshold, kappa_best = best_threshold(scores, positive)
    return {
        "accuracy": float(np.mean(predicted == positive)),
        "kappa_at_0.5": cohen_kappa(predicted, positive),
        "kappa_best": kappa_best,
        "best_threshold": threshold,
        "auroc": auroc(scores, positive),
        "spearman": spearman(scores, labels),
        "ece": expected_calibration_error(scores, labels),
    }


def _percentile_ci(values: list[float | None], confidence: float) -> list[float] | None:
    kept = np.array([v for v in values if v is not None], dtype=float)
    if kept.size < max(len(values) // 2, 1):
        return None
    alpha = (1.0 - confidence) / 2.0
    low, high = np.quantile(kept, [alpha, 1.0 - alpha])
    return [float(low), float(high)]


def agreement(scores: Any, labels: Any, confidence: float = 0.95, n_resamples: int = 1000,
              seed: int = 0, stat: Callable[[np.ndarray, np.ndarray], dict] = statistics) -> dict[str, Any]:
    """Each statistic as {"value", "ci": [lo, hi] or None}; the CI resamples the labelled pairs.
    The best threshold's kappa is chosen on the same labels, so it flatters the judge a little."""
    s = np.asarray(scores, dtype=float)
    y = np.asarray(labels, dtype=float)
    if s.shape != y.shape or s.size == 0:
        raise ValueError("agreement needs one score per label, and at least one pair")
    point = stat(s, y)
    rng = np.random.default_rng(seed)
    draws: dict[str, list[float | None]] = {k: [] for k in point}
    for _ in range(n_resamples if s.size > 1 else 0):
        idx = rng.integers(0, s.size, s.size)
        for key, value in stat(s[idx], y[idx]).items():
            draws[key].append(value)
    return {k: {"value": v, "ci": _percentile_ci(draws[k], confidence) if draws[k] else None}
            for k, v in point.items()}
