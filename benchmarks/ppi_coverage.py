"""Coverage of the PPI++ corrected-mean interval (ragmeter.user_calibration.ppi), by simulation.

    python benchmarks/ppi_coverage.py              # 10,000 draws per scenario, about a minute on 2 cores
    python benchmarks/ppi_coverage.py --draws 2000

Each draw makes a fresh run: n labelled samples (a human label and a judge score) and N unlabelled
ones (a judge score), from a judge that is biased on purpose, and asks whether each 95% interval
holds the true mean of the labels. A valid interval covers in about 95% of draws; the judge-only
interval (the judge's mean, as every evaluation tool reports it) covers far less, since the judge
is biased. Exit status 1 when the main scenario's corrected coverage leaves 93-97%.
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


TRUE_MEANS = {"biased_binary": 0.3, "compressed_soft": 0.4, "useless": 0.6}
SCENARIOS: dict[str, Draw] = {"biased_binary": biased_binary, "compressed_soft": compressed_soft, "useless": useless}


@dataclass(frozen=True)
class Coverage:
    scenario: str
    n: int
    big_n: int
    draws: int
    corrected: float        # share of draws whose corrected interval holds the true mean
    labels_only: float
    judge_only: float
    width_ratio: float      # mean corrected width / mean labels-only width
    mean_lambda: float


def simulate(scenario: str, draws: int, n: int = 200, big_n: int = 2000, seed: int = 0,
             confidence: float = 0.95) -> Coverage:
    draw, truth = SCENARIOS[scenario], TRUE_MEANS[scenario]
    rng = np.random.default_rng(seed)
    z = z_value(confidence)
    hits = np.zeros(3)
    widths = np.zeros(2)
    lambdas = 0.0
    for _ in range(draws):
        y, f = draw(rng, n)
        _, g = draw(rng, big_n)  # the unlabelled samples' labels exist but nobody sees them
        ppi = corrected_mean(y, f, g, confidence)
        plain = labels_mean(y, confidence)
        scores = np.concatenate([f, g])
        half = z * scores.std(ddof=1) / np.sqrt(scores.size)
        hits += [ppi.ci_low <= truth <= ppi.ci_high, plain.ci_low <= truth <= plain.ci_high,
                 abs(scores.mean() - truth) <= half]
        widths += [ppi.width, plain.width]
        lambdas += ppi.lam
    share = hits / draws
    return Coverage(scenario, n, big_n, draws, float(share[0]), float(share[1]), float(share[2]),
                    float(widths[0] / widths[1]), lambdas / draws)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--draws", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    runs = [simulate("biased_binary", args.draws, seed=args.seed),
            simulate("biased_binary", args.draws, n=50, seed=args.seed + 1),
            simulate("compressed_soft", args.draws, seed=args.seed + 2),
            simulate("useless", args.draws, seed=args.seed + 3)]
    print(f"nominal 95% intervals, {args.draws:,} draws each")
    print(f"{'scenario':<16s} {'n':>4s} {'N':>5s} {'corrected':>9s} {'labels':>7s} {'judge':>6s} "
          f"{'width vs labels':>15s} {'lambda':>6s}")
    for c in runs:
        print(f"{c.scenario:<16s} {c.n:>4d} {c.big_n:>5d} {c.corrected:>9.3f} {c.labels_only:>7.3f} "
              f"{c.judge_only:>6.3f} {c.width_ratio:>15.2f} {c.mean_lambda:>6.2f}")
    main_run = runs[0]
    ok = 0.93 <= main_run.corrected <= 0.97
    print(f"biased_binary (n=200, N=2000) corrected coverage {main_run.corrected:.3f}: "
          f"{'within' if ok else 'OUTSIDE'} 93-97%")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
