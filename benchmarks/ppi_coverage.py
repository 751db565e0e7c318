"""Coverage of the PPI++ corrected-mean interval (ragmeter.user_calibration.ppi), by simulation.

    python benchmarks/ppi_coverage.py              # 10,000 draws per scenario, a few minutes on 1 core
    python benchmarks/ppi_coverage.py --draws 2000

Each draw makes a fresh run: n labelled samples (a human label and a judge score) and N unlabelled
ones (a judge score), from a judge that is biased on purpose, and asks whether each 95% interval
holds the true mean of the labels: the labels alone, the judge alone (its mean, as every evaluation
tool reports it), PPI++ on the judge's scores, PPI++ on cross-fitted isotonic maps of them
(crossfit.py), and the one ragmeter reports (the narrower of the last two, chosen draw by draw,
from crossfit.MIN_LABELLED labels on). A valid interval covers in about 95% of draws. Two judges
score linearly (biased_binary, compressed_soft), one knows nothing (useless), two score
non-linearly (step_binary, like answer_correctness on EVOUNA; saturated_binary). Exit status 1
when the reported interval covers outside 93-97% in a scenario with 100 labels or more.
The unit test tests/test_calibrate_ppi.py runs the same simulation with fewer draws.
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))
from ragmeter.user_calibration.crossfit import FOLDS, MIN_LABELLED, crossfit_mean  # noqa: E402
from ragmeter.user_calibration.ppi import corrected_mean, labels_mean, z_value  # noqa: E402

Draw = Callable[[np.random.Generator, int], tuple[np.ndarray, np.ndarray]]


def biased_binary(rng: np.random.Generator, size: int) -> tuple[np.ndarray, np.ndarray]:
    """0/1 labels (30% positive); the judge over-scores everything: its mean is about 0.55."""
    y = (rng.random(size) < 0.3).astype(float)
    return y, np.clip(0.45 + 0.35 * y + rng.normal(0, 0.15, size), 0, 1)


def compressed_soft(rng: np.random.Generator, size: int) -> tuple[np.ndarray, np.ndarray]:
    """Labels in [0, 1] (Beta(2, 3), mean 0.4); the judge squeezes them into [0.3, 0.6] (weight > 1)."""
    y = rng.beta(2, 3, size)
    return y, np.clip(0.3 + 0.3 * y + rng.normal(0, 0.05, size), 0, 1)


def useless(rng: np.random.Generator, size: int) -> tuple[np.ndarray, np.ndarray]:
    """A judge that knows nothing: its weight should go to about 0 and the interval stay valid."""
    return (rng.random(size) < 0.6).astype(float), rng.random(size)


def step_binary(rng: np.random.Generator, size: int) -> tuple[np.ndarray, np.ndarray]:
    """0/1 labels (85% positive), a judge that ranks well but not in a straight line (as
    answer_correctness on EVOUNA): a correct answer scores near 1 one time in three, else anywhere
    in about 0.05-0.5; a wrong one near 0."""
    y = (rng.random(size) < 0.85).astype(float)
    high = rng.random(size) < 0.35
    correct = np.where(high, rng.uniform(0.8, 1.0, size), rng.beta(2, 8, size))
    return y, np.where(y == 1, correct, rng.beta(1, 20, size))


def saturated_binary(rng: np.random.Generator, size: int) -> tuple[np.ndarray, np.ndarray]:
    """0/1 labels from a latent quality (mean 0.5); the judge's score saturates: near 0 for most
    samples, rising steeply only for the best ones."""
    x = rng.normal(0, 1, size)
    y = (rng.random(size) < 1 / (1 + np.exp(-3 * x))).astype(float)
    return y, 1 / (1 + np.exp(-6 * (x - 1)))


TRUE_MEANS = {"biased_binary": 0.3, "compressed_soft": 0.4, "useless": 0.6, "step_binary": 0.85,
              "saturated_binary": 0.5}
SCENARIOS: dict[str, Draw] = {"biased_binary": biased_binary, "compressed_soft": compressed_soft, "useless": useless,
                              "step_binary": step_binary, "saturated_binary": saturated_binary}


@dataclass(frozen=True)
class Coverage:
    scenario: str
    n: int
    big_n: int
    draws: int
    corrected: float        # share of draws whose corrected (plain PPI++) interval holds the true mean
    labels_only: float
    judge_only: float
    width_ratio: float      # mean corrected width / mean labels-only width
    mean_lambda: float
    crossfit: float = float("nan")              # the same for PPI++ on cross-fitted isotonic scores
    crossfit_width_ratio: float = float("nan")
    crossfit_lambda: float = float("nan")
    narrower: float = float("nan")              # the narrower of the two, chosen draw by draw
    narrower_width_ratio: float = float("nan")


def simulate(scenario: str, draws: int, n: int = 200, big_n: int = 2000, seed: int = 0,
             confidence: float = 0.95, folds: int | None = None) -> Coverage:
    """Coverage over ``draws`` fresh runs; ``folds`` also measures the cross-fitted interval."""
    draw, truth = SCENARIOS[scenario], TRUE_MEANS[scenario]
    rng = np.random.default_rng(seed)
    z = z_value(confidence)
    hits = np.zeros(5)
    widths = np.zeros(4)
    lambdas = np.zeros(2)
    for i in range(draws):
        y, f = draw(rng, n)
        _, g = draw(rng, big_n)  # the unlabelled samples' labels exist but nobody sees them
        ppi = corrected_mean(y, f, g, confidence)
        plain = labels_mean(y, confidence)
        scores = np.concatenate([f, g])
        half = z * scores.std(ddof=1) / np.sqrt(scores.size)
        hits[:3] += [ppi.ci_low <= truth <= ppi.ci_high, plain.ci_low <= truth <= plain.ci_high,
                     abs(scores.mean() - truth) <= half]
        widths[:2] += [ppi.width, plain.width]
        lambdas[0] += ppi.lam
        if folds:
            cross = crossfit_mean(y, f, g, confidence, folds=folds, seed=i)
            best = cross if cross.width < ppi.width else ppi
            hits[3:] += [cross.ci_low <= truth <= cross.ci_high, best.ci_low <= truth <= best.ci_high]
            widths[2:] += [cross.width, best.width]
            lambdas[1] += cross.lam
    share = hits / draws
    extra = {}
    if folds:
        extra = dict(crossfit=float(share[3]), crossfit_width_ratio=float(widths[2] / widths[1]),
                     crossfit_lambda=float(lambdas[1] / draws), narrower=float(share[4]),
                     narrower_width_ratio=float(widths[3] / widths[1]))
    return Coverage(scenario, n, big_n, draws, float(share[0]), float(share[1]), float(share[2]),
                    float(widths[0] / widths[1]), float(lambdas[0] / draws), **extra)


RUNS = [("biased_binary", 200), ("biased_binary", 100), ("biased_binary", 50), ("compressed_soft", 200),
        ("useless", 200), ("step_binary", 200), ("step_binary", 100), ("saturated_binary", 200)]


def reported(c: Coverage) -> tuple[float, float]:
    """(coverage, width ratio) of the interval ragmeter reports: the narrower of the two from
    MIN_LABELLED labels on, the plain one below."""
    if c.n >= MIN_LABELLED:
        return c.narrower, c.narrower_width_ratio
    return c.corrected, c.width_ratio


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--draws", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--folds", type=int, default=FOLDS, help=f"of the cross-fitted mean (default {FOLDS})")
    args = parser.parse_args(argv)
    runs = [simulate(name, args.draws, n=n, seed=args.seed + i, folds=args.folds) for i, (name, n) in enumerate(RUNS)]
    print(f"nominal 95% intervals, {args.draws:,} draws each, N = 2000 unlabelled; coverage (width / labels-only width)")
    print(f"{'scenario':<17s} {'n':>4s} {'labels':>7s} {'judge':>6s} {'PPI++':>13s} {'cross-fit':>13s} "
          f"{'reported':>13s} {'lambda':>6s}")
    failed = []
    for c in runs:
        cover, width = reported(c)
        print(f"{c.scenario:<17s} {c.n:>4d} {c.labels_only:>7.3f} {c.judge_only:>6.3f} "
              f"{c.corrected:>6.3f} ({c.width_ratio:.2f}) {c.crossfit:>6.3f} ({c.crossfit_width_ratio:.2f}) "
              f"{cover:>6.3f} ({width:.2f}) {c.mean_lambda:>6.2f}")
        if c.n >= MIN_LABELLED and not 0.93 <= cover <= 0.97:
            failed.append(f"{c.scenario} n={c.n}")
    print(f"reported: the narrower of PPI++ and cross-fit from {MIN_LABELLED} labels on (plain PPI++ below)")
    print("every scenario with n >= 100: reported coverage " + ("within 93-97%" if not failed else
                                                                  "OUTSIDE 93-97% for " + ", ".join(failed)))
    return 0 if not failed else 1


if __name__ == "__main__":
    sys.exit(main())
