"""The ``ragmeter label`` command: label a seeded random sample of a run in the terminal, into the
labels file ``ragmeter calibrate`` reads. Quit any time (q, or Ctrl-D); the same command goes on
where it stopped."""

from __future__ import annotations

import argparse
import warnings

from .cli_types import metric_names, positive_int
from .errors import ConfigError, RagmeterWarning

USAGE = """examples:
  ragmeter label runs/today --out labels.csv                  100 random samples, every metric of the run
  ragmeter label runs/today --n 200 --metrics faithfulness --seed 1 --out labels.csv
  ragmeter calibrate runs/today labels.csv                    then: agreement and corrected means
answers: 1 (yes), 0 (no), a number in [0, 1], s (skip this metric), q (quit; run again to go on)."""


def add_label(sub) -> None:
    lab = sub.add_parser("label", help="label a random sample of a run in the terminal, for ragmeter calibrate",
                         epilog=USAGE, formatter_class=argparse.RawDescriptionHelpFormatter)
    lab.add_argument("run", help="run folder written by evaluate --out (or its result.json)")
    lab.add_argument("--out", required=True, metavar="FILE", help="labels CSV to write; an existing one is continued")
    lab.add_argument("--n", type=positive_int, default=100, help="samples in the random sample (default 100)")
    lab.add_argument("--seed", type=int, default=0, help="of the random sample; keep it to continue a file (default 0)")
    lab.add_argument("--metrics", type=metric_names, default=None,
                     help="comma-separated (default: the file's metrics, or every metric of the run)")


def cmd_label(args) -> int:
    from .results import Result
    from .user_calibration.labeling import LabelsFile, choose, key_kind, label_loop, sample_key

    run = Result.load(args.run)
    unknown = [m for m in args.metrics or [] if m not in run.metrics]
    if unknown:
        raise ConfigError(f"--metrics {', '.join(unknown)}: the run did not score it (it has {', '.join(run.metrics)}).")
    kind = key_kind(run.samples)
    labels = LabelsFile(args.out, kind, args.metrics or (None if _exists(args.out) else run.metrics))
    missing = [m for m in labels.metrics if m not in run.metrics]
    if missing:
        raise ConfigError(f"{args.out}: labels {', '.join(missing)}, which the run did not score (it has "
                          f"{', '.join(run.metrics)}); label into another file (--out).")
    chosen = choose(run, labels.metrics, args.n, args.seed)
    if len(chosen) < args.n:
        print(f"the run has {len(chosen)} samples scored on {', '.join(labels.metrics)}; all of them are in the sample.")
    in_sample = {sample_key(run.samples[i], kind) for i in chosen}
    other = labels.done - in_sample
    if other:
        warnings.warn(f"{args.out}: {len(other)} labelled samples are not in this --seed's sample of {args.n} (labelled "
                      "with another --seed or --n, or from another run?); they stay in the file.", RagmeterWarning,
                      stacklevel=2)
    if kind == "question":
        print("the run's samples have no unique ids: labels are keyed by question.")
    now, left = label_loop(run, chosen, labels, kind, input, print)
    if left:
        print(f"\nsaved {now} more labels to {args.out}; {left} to go: run the same command to continue.")
    else:
        print(f"\nall {len(chosen)} samples labelled in {args.out}. Next: ragmeter calibrate {args.run} {args.out}")
    return 0


def _exists(path: str) -> bool:
    from pathlib import Path

    p = Path(path)
    return p.is_file() and p.stat().st_size > 0
