"""The ``ragmeter calibrate`` command: a run's judge against your own labels (agreement, labels-only
and PPI++ corrected means), or, with --calibration, a saved calibration applied to a run."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from .cli_types import metric_names, positive_int
from .errors import ConfigError

USAGE = """examples:
  ragmeter calibrate ragmeter-out labels.csv                 agreement and corrected means, as text
  ragmeter calibrate ragmeter-out labels.csv --json --out cal.json
  ragmeter calibrate new-run --calibration cal.json --mapped-out new-run-mapped
labels: CSV or JSONL, an 'id' (or 'question') column and one column per metric holding 0/1 or [0, 1]."""


def _confidence(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = float("nan")
    if not 0.5 <= value < 1.0:
        raise argparse.ArgumentTypeError(f"expected a confidence level in [0.5, 1), e.g. 0.95, got '{text}'")
    return value


def add_calibrate(sub) -> None:
    from .user_calibration.mapping import METHODS

    cal = sub.add_parser("calibrate", help="check the judge against your own labels; PPI++ corrected means",
                         epilog=USAGE, formatter_class=argparse.RawDescriptionHelpFormatter)
    cal.add_argument("run", help="run folder written by evaluate --out (or its result.json)")
    cal.add_argument("labels", nargs="?", default=None, help="labels file (.csv or .jsonl)")
    cal.add_argument("--json", dest="as_json", action="store_true", help="print the calibration as JSON")
    cal.add_argument("--out", default=None, metavar="FILE", help="save the calibration (JSON) for --calibration")
    cal.add_argument("--metrics", type=metric_names, default=None, help="comma-separated (default: every labelled metric)")
    cal.add_argument("--method", choices=METHODS, default="isotonic", help="map of scores onto the labels' scale")
    cal.add_argument("--confidence", type=_confidence, default=0.95, help="of every interval (default 0.95)")
    cal.add_argument("--resamples", type=positive_int, default=1000, help="bootstrap resamples for agreement (default 1000)")
    cal.add_argument("--seed", type=int, default=0)
    cal.add_argument("--encoding", default=None, help="text encoding of the labels file (default UTF-8)")
    cal.add_argument("--plot", default=None, metavar="FILE", help="reliability plot (.png, .svg or .pdf)")
    cal.add_argument("--calibration", default=None, metavar="FILE",
                     help="apply this saved calibration to RUN (no labels needed)")
    cal.add_argument("--mapped-out", default=None, metavar="DIR",
                     help="with --calibration: write RUN with mapped scores here (then check or report it)")


def cmd_calibrate(args) -> int:
    if args.calibration:
        if args.labels:
            raise ConfigError("give either a labels file (to calibrate) or --calibration FILE (to apply one), "
                              "not both.")
        return _apply(args)
    if not args.labels:
        raise ConfigError("ragmeter calibrate needs a labels file: ragmeter calibrate RUN labels.csv "
                          "(or --calibration FILE to apply a saved calibration).")
    from .results import Result
    from .user_calibration import calibrate, read_labels

    run = Result.load(args.run)
    labels = read_labels(args.labels, run.metrics, encoding=args.encoding)
    cal = calibrate(run, labels, metrics=args.metrics, method=args.method, confidence=args.confidence,
                    n_resamples=args.resamples, seed=args.seed)
    if args.as_json:
        print(json.dumps(cal.to_dict(), indent=1))
    else:
        print(cal)
    if args.out:
        cal.save(args.out)
        print(f"wrote {args.out}", file=sys.stderr if args.as_json else sys.stdout)
    if args.plot:
        from .user_calibration.plot import plot_reliability

        plot_reliability(cal, args.plot)
        print(f"wrote {args.plot}", file=sys.stderr if args.as_json else sys.stdout)
    return 0


def load_calibration(path: str | None):
    """The calibration file of --calibration, read before any work is done (None without one)."""
    if not path:
        return None
    from .user_calibration import Calibration

    return Calibration.load(path)


def calibrated(run, cal, path: str, what: str, quiet: bool = False):
    """``run`` with ``cal`` applied (see Calibration.apply), and a few lines saying what it did."""
    from .user_calibration.apply import corrected_lines

    mapped = cal.apply(run, source=str(path))
    if not quiet:
        record = mapped.provenance["calibration"]
        maps = ", ".join(f"{m} ({s['method']})" for m, s in record["maps"].items()) or "none"
        print(f"calibration {path}: scores mapped onto your labels' scale for {maps}; "
              f"{record['labelled_in_run']} of its labelled samples are in {what}")
        for line in corrected_lines(record):
            print(line)
    return mapped


def _apply(args) -> int:
    from .cli_evaluate import print_table, write_run
    from .results import Result

    cal = load_calibration(args.calibration)
    run = Result.load(args.run)
    mapped = calibrated(run, cal, args.calibration, args.run, quiet=args.as_json)
    if args.as_json:
        print(json.dumps({"means": mapped.means(), "judge_means": run.means(),
                          "calibration": mapped.provenance["calibration"]}, indent=1))
    else:
        print_table(mapped, f"{args.run}, scores mapped by {args.calibration}")
    if args.mapped_out:
        write_run(mapped, Path(args.mapped_out))
        print(f"wrote {Path(args.mapped_out) / 'result.json'}", file=sys.stderr if args.as_json else sys.stdout)
    return 0
