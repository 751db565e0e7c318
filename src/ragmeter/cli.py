"""The ragmeter command line. Exit codes are a contract (README, "Exit codes"): 0 all scored,
1 a gate failed, 2 a user error (one "ragmeter: error:" line, no traceback), 3 the run finished
with judge or pipeline errors above --max-error-rate, 4 stopped by the budget."""

from __future__ import annotations

import argparse
import os
import sys
import warnings
from pathlib import Path
from typing import NoReturn, Sequence

from . import __version__
from .cells import DEFAULT_MAX_CELL_CHARS
from .cli_calibrate import add_calibrate, calibrated, cmd_calibrate, load_calibration
from .cli_evaluate import cmd_evaluate, print_table, write_run
from .cli_label import add_label, cmd_label
from .cli_types import non_negative_int, positive_int
from .errors import ConfigError, RagmeterError, RagmeterWarning
from .judges import JUDGE_NAMES
from .metrics import DEFAULT_METRICS, METRICS

#: a bug, not a verdict: distinct from 1 (a gate failed), so that CI never mistakes one for the other
INTERNAL_ERROR = 70


def _show_warning(message, category, filename, lineno, file=None, line=None):
    prefix = "ragmeter: warning: " if issubclass(category, RagmeterWarning) else f"{category.__name__}: "
    print(prefix + str(message), file=sys.stderr)


class Parser(argparse.ArgumentParser):
    """argparse with ragmeter's error line: ``ragmeter: error: ...``, exit 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"ragmeter: error: {message} (see: {self.prog} --help)\n")


def _share(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = float("nan")
    if not 0.0 <= value <= 1.0:  # also refuses nan
        raise argparse.ArgumentTypeError(f"expected a share in [0, 1] (0.05 allows 5%), got '{text}'")
    return value


def _usd(text: str) -> float:
    from .budget import check_budget

    try:
        return check_budget(text)  # type: ignore[return-value]
    except RagmeterError:
        raise argparse.ArgumentTypeError(f"expected an amount of USD, 0 or more (e.g. 2.5), got '{text}'") from None


def _seconds(text: str) -> float:
    from .deadline import check_deadline

    try:
        return check_deadline(text)  # type: ignore[return-value]
    except RagmeterError:
        raise argparse.ArgumentTypeError(f"expected a number of seconds above 0 (e.g. 3600), got '{text}'") from None


def _metric_list(text: str) -> list[str]:
    names = [n.strip() for n in text.split(",") if n.strip()]
    if not names:
        raise argparse.ArgumentTypeError("give at least one metric name")
    return names


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(prog="ragmeter", description="Evaluate RAG pipelines, offline by default.")
    parser.add_argument("--version", action="version", version=f"ragmeter {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    _add_evaluate(sub)
    _add_run_tools(sub)
    add_calibrate(sub)
    add_label(sub)
    return parser


def _add_evaluate(sub) -> None:
    ev = sub.add_parser("evaluate", help="score a CSV/JSONL/JSON/Parquet file")
    ev.add_argument("data", help="path to the evaluation data")
    ev.add_argument("--metrics", type=_metric_list, default=list(DEFAULT_METRICS),
                    help=f"comma-separated, from: {', '.join(METRICS)} (default: {','.join(DEFAULT_METRICS)})")
    ev.add_argument("--judge", default=None, help=f"one of {', '.join(JUDGE_NAMES)} (default: local if installed)")
    ev.add_argument("--out", default="ragmeter-out", help="folder for result.json and scores.csv (default: ragmeter-out)")
    ev.add_argument("--quiet", action="store_true", help="no progress bar")
    ev.add_argument("--resume", action="store_true", help="continue the unfinished run stored in --out")
    ev.add_argument("--encoding", default=None, help="text encoding of the data file (default: UTF-8, with or "
                    "without a byte-order mark), e.g. cp1252 or latin-1")
    ev.add_argument("--max-cell-chars", type=non_negative_int, default=DEFAULT_MAX_CELL_CHARS, metavar="N",
                    help="the judge reads at most N characters of each question, answer, context and reference; "
                    f"longer ones are cut, with a warning (default {DEFAULT_MAX_CELL_CHARS:,}; 0: no cap)")
    ev.add_argument("--max-error-rate", type=_share, default=0.0, metavar="SHARE",
                    help="exit 3 when judge or pipeline errors exceed this share of results (default 0)")
    ev.add_argument("--engine", choices=["local", "ray"], default="local", help="ray: run on a Ray cluster")
    ev.add_argument("--address", default=None, help="Ray cluster address (default: start a local one)")
    ev.add_argument("--actors", type=int, default=2, help="Ray actors (default 2)")
    ev.add_argument("--batch-size", type=int, default=256, help="rows per Ray batch (default 256)")
    ev.add_argument("--calibration", default=None, metavar="FILE", help="map the scores with this saved calibration "
                    "(ragmeter calibrate --out) and correct the means where its labelled samples are in the run")
    llm = ev.add_argument_group("LLM judge")
    llm.add_argument("--llm", default=None, help="openai:MODEL, anthropic:MODEL or transformers:PATH")
    llm.add_argument("--embeddings", default=None, help="openai:MODEL, local, or sentence-transformers:PATH")
    llm.add_argument("--no-cache", action="store_true", help="do not read or write the answer cache")
    llm.add_argument("--cache", dest="cache_path", default=None, help="cache file (default: the user cache folder)")
    llm.add_argument("--dry-run", action="store_true", help="count the calls and tokens, make none")
    llm.add_argument("--budget", type=_usd, default=None, metavar="USD",
                     help="stop new calls before the run's cost could pass this, --resume included")
    llm.add_argument("--deadline", type=_seconds, default=None, metavar="SECONDS",
                     help="stop the judge's calls this long after the start, waits for retries included")
    llm.add_argument("--max-concurrency", type=int, default=64, help="most calls in flight (default 64; "
                     "starts at 4 and doubles while calls succeed; lowered by --rpm, --tpm and rate-limit headers)")
    llm.add_argument("--rpm", type=int, default=None, help="requests per minute cap")
    llm.add_argument("--tpm", type=int, default=None, help="tokens per minute cap")
    llm.add_argument("--timeout", type=float, default=60.0, help="seconds per call")


def _add_run_tools(sub) -> None:
    cmp = sub.add_parser("compare", help="paired comparison of two runs, with significance tests")
    cmp.add_argument("run_a", help="result.json (or its folder) of run A")
    cmp.add_argument("run_b", help="result.json (or its folder) of run B")
    cmp.add_argument("--metrics", type=_metric_list, default=None)
    cmp.add_argument("--alpha", type=float, default=0.05)
    cmp.add_argument("--json", dest="json_out", default=None, help="also write the comparison as JSON here")

    chk = sub.add_parser("check", help="gate a run on minimum scores: exit 0 pass, 1 fail, 2 user error")
    chk.add_argument("run", help="result.json (or its folder)")
    chk.add_argument("--min", dest="minimums", action="append", default=[], metavar="METRIC=VALUE")
    chk.add_argument("--thresholds", default=None, help="JSON file of metric: minimum")
    chk.add_argument("--preset", default=None, help="named thresholds: clinical, baseline")
    chk.add_argument("--use-lower-bound", action="store_true", help="compare the lower 95%% CI bound, not the mean")
    chk.add_argument("--max-error-rate", type=_share, default=0.0, metavar="SHARE",
                     help="share of a metric's samples that may go unscored, errors and skips (default 0)")
    chk.add_argument("--min-n", type=positive_int, default=10, metavar="N",
                     help="scored samples a lower bound needs, else the gate cannot judge and fails (default 10)")
    chk.add_argument("--calibration", default=None, metavar="FILE", help="apply this saved calibration first "
                     "(mapped scores; corrected means where its labelled samples are in the run)")
    chk.add_argument("--use-corrected", action="store_true", help="gate on the lower bound of the corrected "
                     "interval from your labels (needs a calibration with labels on this run)")

    rep = sub.add_parser("report", help="self-contained HTML report of a run, or of two runs compared")
    rep.add_argument("runs", nargs="+", help="one or two result.json files or folders (NAME=PATH to name them)")
    rep.add_argument("-o", "--out", default="report.html")
    rep.add_argument("--title", default="ragmeter report")
    rep.add_argument("--calibration", default=None, metavar="FILE", help="apply this saved calibration to the runs "
                     "(mapped scores; recorded in their provenance)")
    rep.add_argument("--max-samples", type=positive_int, default=None, metavar="N",
                     help="keep only the N worst samples (or pairs) in the file; the Summary still covers all")
    rep.add_argument("--no-contexts", action="store_true", help="leave the retrieved contexts out of the file")

    bench = sub.add_parser("bench", help="measure the judges against human labels (benchmarks/metaeval.py)")
    bench.add_argument("--judges", default="lexical,local,local-fast")
    bench.add_argument("--out", default=None, help="markdown file to write (default: benchmarks/RESULTS.md, "
                       "with --llm benchmarks/RESULTS_LLM.md)")
    bench.add_argument("--llm", default=None, help="measure this LLM judge (openai:MODEL, anthropic:MODEL): the same "
                       "sets and table, with the cost estimate first")
    bench.add_argument("--embeddings", default=None, help="with --llm: its embeddings (default: local)")
    bench.add_argument("--limit", type=positive_int, default=None, metavar="N",
                       help="at most N items of each set (a seeded sample)")
    bench.add_argument("--dry-run", action="store_true", help="with --llm: print calls, tokens and cost per set, no call")
    bench.add_argument("--budget", type=_usd, default=None, metavar="USD", help="with --llm: stop calling past this")

    cache = sub.add_parser("cache", help="the LLM answer cache: info or clear")
    cache.add_argument("action", choices=["info", "clear"])
    cache.add_argument("--cache", dest="cache_path", default=None)

    plot = sub.add_parser("plot", help="grouped bar chart with CI bars and score distributions")
    plot.add_argument("runs", nargs="+", help="result.json files or folders; name them with NAME=PATH")
    plot.add_argument("-o", "--out", required=True, help="figure path (.png, .svg or .pdf)")
    plot.add_argument("--metrics", type=_metric_list, default=None)

    demo = sub.add_parser("demo", help="seed 000's good vs bad pipeline, on the offline judge")
    demo.add_argument("--judge", default=None, help=f"one of {', '.join(JUDGE_NAMES)}")
    demo.add_argument("--out", default="ragmeter-demo", help="folder for both results and the report (default: ragmeter-demo)")


def cmd_demo(args) -> int:
    from .demo import bad_rows, good_rows
    from .engine import evaluate
    from .judges import resolve_judge

    judge = resolve_judge(args.judge)
    good = evaluate(good_rows(), judge=judge)
    bad = evaluate(bad_rows(), judge=judge)
    print_table(good, f"good pipeline (judge: {judge.name})")
    print_table(bad, f"bad pipeline (judge: {judge.name})")
    out = Path(args.out or "ragmeter-demo")
    write_run(good, out / "good")
    write_run(bad, out / "bad")
    from .report.html import write_report

    report = write_report(out / "report.html", good, bad, ("good pipeline", "bad pipeline"), "ragmeter demo: good vs bad pipeline")
    print(f"wrote {out / 'good'} and {out / 'bad'}")
    print(f"report: {report.resolve()}")
    return 0


def _named_runs(specs: Sequence[str]) -> dict:
    from .results import Result

    runs = {}
    for spec in specs:
        name, sep, path = spec.partition("=")
        if not sep:
            path = spec
            name = Path(spec).parent.name if Path(spec).name == "result.json" else Path(spec).name
        runs[name or path] = Result.load(path)
    return runs


def cmd_compare(args) -> int:
    from .compare import compare

    runs = _named_runs([args.run_a, args.run_b])
    (_, a), (_, b) = runs.items() if len(runs) == 2 else (("A", list(runs.values())[0]),) * 2
    comparison = compare(a, b, args.metrics, name_a="A", name_b="B", alpha=args.alpha)
    print(f"A = {args.run_a}\nB = {args.run_b}")
    for m in comparison.metrics.values():
        p = m.paired
        if p is not None:
            print(f"{m.metric:>18s}: A {p.mean_a:.3f}  B {p.mean_b:.3f}  wins/losses/ties {p.wins}/{p.losses}/{p.ties}")
        if m.n_only_a or m.n_only_b or m.n_unscored:
            print(f"{'':>18s}  not paired: {m.n_only_a} only in A, {m.n_only_b} only in B, "
                  f"{m.n_unscored} unscored in one run")
    print()
    print(comparison)
    if args.json_out:
        import json

        Path(args.json_out).write_text(json.dumps(comparison.to_dict(), indent=1))
    return 0


def cmd_check(args) -> int:
    from .gate import check, parse_thresholds
    from .results import Result

    thresholds = parse_thresholds(args.minimums, args.thresholds, args.preset)
    cal = load_calibration(args.calibration)
    run = Result.load(args.run)
    if cal is not None:
        run = calibrated(run, cal, args.calibration, args.run)
    report = check(run, thresholds, args.use_lower_bound, max_error_rate=args.max_error_rate, min_n=args.min_n,
                   use_corrected=args.use_corrected)
    print(report)
    return 0 if report.passed else 1


def cmd_report(args) -> int:
    from .report.html import write_report

    if len(args.runs) > 2:
        raise ConfigError("a report shows one run, or two runs compared; got more.")
    cal = load_calibration(args.calibration)
    runs = _named_runs(args.runs)
    if cal is not None:
        runs = {name: calibrated(run, cal, args.calibration, name) for name, run in runs.items()}
    names = list(runs)
    other = runs[names[1]] if len(names) == 2 else None
    path = write_report(args.out, runs[names[0]], other, (names[0], names[1] if other else "B"), args.title,
                        max_samples=args.max_samples, contexts=not args.no_contexts)
    print(f"wrote {path}")
    return 0


def cmd_bench(args) -> int:
    import runpy

    script = Path(__file__).resolve().parents[2] / "benchmarks" / "metaeval.py"
    if not script.exists():
        raise ConfigError("the benchmark lives in a source checkout of ragmeter (benchmarks/metaeval.py), "
                          "with the human-labelled data beside it; install ragmeter from a checkout to run it.")
    argv = ["--judges", args.judges] + (["--out", args.out] if args.out else [])
    argv += [arg for flag, value in (("--llm", args.llm), ("--embeddings", args.embeddings), ("--limit", args.limit),
                                     ("--budget", args.budget)) if value is not None for arg in (flag, str(value))]
    argv += ["--dry-run"] if args.dry_run else []
    if args.dry_run and not args.llm:
        raise ConfigError("--dry-run goes with --llm (the offline judges make no calls).")
    module = runpy.run_path(str(script), run_name="ragmeter_bench")
    return int(module["main"](argv) or 0)


def cmd_cache(args) -> int:
    from .cache import Cache

    cache = Cache(args.cache_path) if args.cache_path else Cache()
    if args.action == "clear":
        print(f"removed {cache.clear()} cached answers from {cache.path}")
        return 0
    info = cache.info()
    print(f"path: {info['path']}\nentries: {info['entries']}\nsize: {info['bytes'] / 1e6:.2f} MB")
    for model, n in sorted(info["by_model"].items()):
        print(f"  {model}: {n}")
    return 0


def cmd_plot(args) -> int:
    from .report.plots import plot_runs

    plot_runs(_named_runs(args.runs), args.out, args.metrics)
    print(f"wrote {args.out}")
    return 0


COMMANDS = {"evaluate": cmd_evaluate, "demo": cmd_demo, "compare": cmd_compare, "check": cmd_check, "plot": cmd_plot,
            "cache": cmd_cache, "report": cmd_report, "bench": cmd_bench, "calibrate": cmd_calibrate, "label": cmd_label}


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if not args.command:
        parser.print_help(sys.stderr)
        print("ragmeter: error: give a command, e.g. ragmeter evaluate data.jsonl", file=sys.stderr)
        return 2
    warnings.showwarning = _show_warning
    try:
        return COMMANDS[args.command](args)
    except RagmeterError as exc:
        print(f"ragmeter: error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("ragmeter: interrupted", file=sys.stderr)
        return 130
    except Exception as exc:  # noqa: BLE001 - a bug: say so briefly, full trace on request
        if os.environ.get("RAGMETER_DEBUG"):
            raise
        print(f"ragmeter: internal error: {type(exc).__name__}: {exc} "
              "(set RAGMETER_DEBUG=1 for the traceback, and please report it)", file=sys.stderr)
        return INTERNAL_ERROR


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
