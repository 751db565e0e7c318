"""The ``ragmeter evaluate`` command: load the data, score it, write the run, and end with one
summary line and the exit code of the run's outcome (0 all scored, 3 errors above
--max-error-rate, 4 stopped by the budget; see failures.RunOutcome). With --calibration FILE the
written run holds the scores mapped by that calibration, and its corrected means where the
calibration's labelled samples are in the run (provenance["calibration"])."""

from __future__ import annotations

import sys
from pathlib import Path

from .cells import DEFAULT_MAX_CELL_CHARS
from .cli_calibrate import calibrated, load_calibration
from .errors import ConfigError


def print_table(result, title: str) -> None:
    """A table of aggregates; ``result`` is a Result or anything with ``aggregates``."""
    from rich.console import Console
    from rich.table import Table

    table = Table(title=title)
    for col in ("metric", "mean", "95% CI", "ok", "skipped", "error"):
        table.add_column(col, justify="left" if col == "metric" else "right")
    for name, agg in result.aggregates.items():
        mean = "n/a" if agg.mean is None else f"{agg.mean:.3f}"
        ci = "n/a" if agg.ci_low is None else f"[{agg.ci_low:.3f}, {agg.ci_high:.3f}]"
        table.add_row(name, mean, ci, str(agg.n_ok), str(agg.n_skipped), str(agg.n_error))
    Console().print(table)


def write_run(result, out: str | Path) -> Path:
    folder = Path(out)
    folder.mkdir(parents=True, exist_ok=True)
    result.save(folder / "result.json")
    result.to_csv(folder / "scores.csv")
    return folder


def cmd_evaluate_ray(args, options: dict) -> int:
    """``--engine ray``: the same run folder, table, usage line and exit code as the local engine."""
    from .failures import RunOutcome
    from .integrations.ray import _ray, evaluate_ray

    if args.encoding:
        raise ConfigError("--encoding works with the local engine only; convert the file to UTF-8 for --engine ray.")
    if args.dry_run:
        raise ConfigError("--dry-run works with the local engine only; leave out --engine ray to count the calls "
                          "and their cost on the same data.")
    if args.max_cell_chars != DEFAULT_MAX_CELL_CHARS:
        raise ConfigError(f"--max-cell-chars works with the local engine only (the Ray engine's actors read "
                          f"{DEFAULT_MAX_CELL_CHARS:,} characters of each text at most); leave out --engine ray.")
    folder = _out_folder(args.out)
    cal = _calibration_for(args)
    ray = _ray()
    ray.init(address=args.address, ignore_reinit_error=True, log_to_driver=False)
    try:
        result = evaluate_ray(args.data, metrics=args.metrics, judge=None if args.llm else (args.judge or "local"),
                              llm=args.llm, embeddings=args.embeddings, output=folder, resume=args.resume,
                              deadline=args.deadline, num_actors=args.actors, batch_size=args.batch_size,
                              **{k: v for k, v in options.items() if k != "dry_run"})
    except KeyboardInterrupt:
        return _interrupted(args)
    result = _calibrate(result, cal, args, folder)
    print_table(result, f"{args.data} ({len(result)} samples, judge: {result.provenance['judge']['name']}, engine: ray"
                        f"{_mapped_note(args)})")
    _print_usage(result.provenance["judge"])
    print(f"wrote {folder / 'result.json'} and {folder / 'scores.csv'}")
    outcome = RunOutcome.of(result, args.max_error_rate)
    print(outcome.line())
    return outcome.exit_code


def _llm_options(args) -> dict:
    if not args.llm:
        return {}
    return {"cache": False if args.no_cache else (args.cache_path or True), "dry_run": args.dry_run,
            "budget": args.budget, "max_concurrency": args.max_concurrency, "rpm": args.rpm, "tpm": args.tpm,
            "timeout": args.timeout}


def _out_folder(out: str) -> Path:
    """--out as a folder that exists, or a user error naming it."""
    folder = Path(out)
    if folder.exists() and not folder.is_dir():
        raise ConfigError(f"--out {out}: is a file; --out names a folder for result.json and scores.csv.")
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise ConfigError(f"--out {out}: cannot create this folder ({exc.strerror or exc}); choose another path.") from None
    return folder


def _interrupted(args) -> int:
    again = " ".join(a for a in sys.argv[1:] if a != "--resume")
    where = "" if "--out" in sys.argv else f" --out {args.out}"
    print(f"ragmeter: interrupted. Finished results are stored in {args.out}; continue with:\n"
          f"  ragmeter {again}{where} --resume", file=sys.stderr)
    return 130


def _print_dry_run(d: dict) -> None:
    if d["cost_usd_estimate"] is None:
        cost = "cost unknown (no price for this model)"
    else:
        cost = f"cost about ${d['cost_usd_estimate']:.4f}, at most ${d['cost_usd_max']:.4f} if every reply used max_tokens"
    embeddings = f" and {d['embedding_calls']} embedding calls" if d["embedding_calls"] else ""
    print(f"dry run: {d['calls']} calls would be made{embeddings} ({d['cached_calls']} answered from the cache), "
          f"about {d['prompt_tokens_estimate']} prompt tokens and {d['completion_tokens_estimate']} reply tokens "
          f"(replies assumed {d['reply_share_assumed']:.0%} of the prompt); {cost}")


def _print_usage(judge: dict) -> None:
    usage = judge.get("usage")
    if not usage:
        return
    cost = "unknown (no price for this model)" if usage["cost_usd"] is None else f"${usage['cost_usd']:.4f}"
    before = (judge.get("runner") or {}).get("budget", {}).get("spent_before_usd")
    if before:
        cost += f" (${before:.4f} before --resume)"
    extra = f", {usage['embedding_calls']} embedding calls" if usage.get("embedding_calls") else ""
    flagged = f", {usage['flagged']} replies with impossible usage counted at the bound" if usage.get("flagged") else ""
    print(f"LLM: {usage['calls']} calls{extra}, {usage['cache_hits']} from cache, {usage['retries']} retries, "
          f"{usage['prompt_tokens']}+{usage['completion_tokens']} tokens, cost {cost}{flagged}")


def _calibration_for(args):
    """--calibration, read and checked against --metrics before any sample is scored."""
    cal = load_calibration(getattr(args, "calibration", None))
    if cal is not None and not set(cal.metrics) & set(args.metrics):
        raise ConfigError(f"--calibration {args.calibration}: calibrates {', '.join(cal.metrics)}, and this run scores "
                          f"{', '.join(args.metrics)}; add a calibrated metric to --metrics or leave out --calibration.")
    return cal


def _calibrate(result, cal, args, folder: Path):
    """--calibration: the run with mapped scores and corrected means, written over the run's
    result.json and scores.csv (the run store keeps the judge's own scores)."""
    if cal is None:
        return result
    result = calibrated(result, cal, args.calibration, "this run")
    write_run(result, folder)
    return result


def _mapped_note(args) -> str:
    return f", scores mapped by {args.calibration}" if getattr(args, "calibration", None) else ""


def cmd_evaluate(args) -> int:
    from .engine import evaluate
    from .failures import RunOutcome
    from .loaders import load_path

    options = _llm_options(args)
    if args.engine == "ray":
        return cmd_evaluate_ray(args, options)
    data = load_path(args.data, encoding=args.encoding)
    cal = _calibration_for(args)
    if not args.dry_run:
        _out_folder(args.out)
    try:
        result = evaluate(data, metrics=args.metrics, judge=args.judge, llm=args.llm, embeddings=args.embeddings,
                          out=None if args.dry_run else args.out, resume=args.resume, deadline=args.deadline,
                          max_cell_chars=args.max_cell_chars or None,
                          show_progress=not args.quiet and sys.stderr.isatty(), **options)
    except KeyboardInterrupt:
        return _interrupted(args)
    if "dry_run" in result.provenance:
        _print_dry_run(result.provenance["dry_run"])
        return 0
    folder = Path(args.out)  # written by the run itself, while it held the folder
    result = _calibrate(result, cal, args, folder)
    print_table(result, f"{args.data} ({len(result)} samples, judge: {result.provenance['judge']['name']}"
                        f"{_mapped_note(args)})")
    _print_usage(result.provenance["judge"])
    print(f"wrote {folder / 'result.json'} and {folder / 'scores.csv'}")
    outcome = RunOutcome.of(result, args.max_error_rate)
    print(outcome.line())
    return outcome.exit_code
