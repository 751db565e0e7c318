"""Time and memory of one huge cell: a 10 MB answer, a 10 MB context, and the loaders.

    python benchmarks/huge_cells.py [--mb 10] [--judges local,lexical] [--max-cell-chars N]

Each case runs in a fresh Python process (peak RSS is per process): a normal-size row (a
question, 3 contexts of about 60 words, a 3-sentence answer, a reference; as benchmarks/speed.py)
scored with the four core metrics to load the judge's models, another one timed (the baseline:
wall time and peak RSS), then, in the same process, one row whose answer (or first context) is
``--mb`` MB of such sentences. Peak RSS is ``resource.getrusage(...).ru_maxrss``.
The loader cases write a JSONL and a CSV file with one ``--mb`` MB answer and read them with
``ragmeter.loaders.load_path``, printing the growth of peak RSS against the file size.
``--max-cell-chars 0`` scores the whole cell (no cap); without the option ``evaluate()``'s
default applies.
"""

from __future__ import annotations

import argparse
import csv
import json
import random
import resource
import subprocess
import sys
import tempfile
import time
import warnings
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from speed import sentence, synthetic_rows  # noqa: E402  (the speed benchmark's synthetic sentences)

METRICS = ["faithfulness", "answer_relevancy", "context_precision", "context_recall"]


def peak_mib() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def huge_text(mb: float, seed: int = 1) -> str:
    rng = random.Random(seed)
    parts, size = [], 0
    while size < mb * 1_000_000:
        s = sentence(rng)
        parts.append(s)
        size += len(s) + 1
    return " ".join(parts)


def case_evaluate(judge: str, field: str, mb: float, cap: int | None) -> None:
    from ragmeter import evaluate

    options = {} if cap is None else {"max_cell_chars": cap or None}
    evaluate(synthetic_rows(1, seed=2), metrics=METRICS, judge=judge, **options)  # loads the models
    normal = synthetic_rows(1)
    start = time.perf_counter()
    evaluate(normal, metrics=METRICS, judge=judge, **options)
    base_s, base_mib = time.perf_counter() - start, peak_mib()
    row = dict(synthetic_rows(1, seed=1)[0])
    if field == "answer":
        row["answer"] = huge_text(mb)
    else:
        row["contexts"] = [huge_text(mb)] + row["contexts"][1:]
    start = time.perf_counter()
    result = evaluate([row], metrics=METRICS, judge=judge, **options)
    huge_s, huge_mib = time.perf_counter() - start, peak_mib()
    scores = ", ".join(f"{m} {result.metric_results[0][m].score if result.metric_results[0][m].score is None else round(result.metric_results[0][m].score, 3)}"
                       for m in METRICS)
    print(f"judge={judge:8s} {mb:g} MB {field:8s}: normal row {base_s:6.2f} s, {base_mib:6.0f} MiB | "
          f"huge row {huge_s:6.2f} s, peak {huge_mib:6.0f} MiB (+{huge_mib - base_mib:.0f}) | {scores}")


def write_file(path: Path, rows: list[dict], kind: str) -> None:
    if kind == "jsonl":
        with path.open("w", encoding="utf-8") as fh:
            for r in rows:
                fh.write(json.dumps(r) + "\n")
    else:
        with path.open("w", encoding="utf-8", newline="") as fh:
            writer = csv.DictWriter(fh, fieldnames=list(rows[0]))
            writer.writeheader()
            for r in rows:
                writer.writerow({**r, "contexts": json.dumps(r["contexts"])})


def case_load(path: Path) -> None:
    """Read ``path`` after a small file of the same kind (imports and a normal file: the baseline)."""
    from ragmeter.loaders import load_path

    small = path.with_name("small" + path.suffix)
    load_path(small)
    size_mib = path.stat().st_size / 2**20
    before = peak_mib()
    start = time.perf_counter()
    data = load_path(path)
    took = time.perf_counter() - start
    after = peak_mib()
    print(f"load {path.suffix[1:]:5s} {size_mib:5.1f} MiB file: {took:5.2f} s, peak RSS {before:.0f} -> {after:.0f} MiB "
          f"(+{after - before:.0f}, {(after - before) / size_mib:.1f}x the file), {len(data)} rows")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mb", type=float, default=10.0)
    parser.add_argument("--judges", default="local,lexical")
    parser.add_argument("--fields", default="answer,context")
    parser.add_argument("--max-cell-chars", type=int, default=None)
    parser.add_argument("--case", default=None, help=argparse.SUPPRESS)  # one case, in this process
    args = parser.parse_args(argv)
    warnings.simplefilter("ignore")
    if args.case:
        what, *rest = args.case.split(":")
        if what == "load":
            case_load(Path(rest[0]))
        else:
            case_evaluate(rest[0], rest[1], args.mb, args.max_cell_chars)
        return 0
    cases = [f"eval:{j}:{f}" for j in args.judges.split(",") for f in args.fields.split(",")]
    extra = [] if args.max_cell_chars is None else ["--max-cell-chars", str(args.max_cell_chars)]
    with tempfile.TemporaryDirectory() as tmp:
        rows = [dict(r) for r in synthetic_rows(3)]
        for kind in ("jsonl", "csv"):  # written here, so that the reading process measures reading only
            write_file(Path(tmp) / f"small.{kind}", rows, kind)
        rows[1]["answer"] = huge_text(args.mb)
        for kind in ("jsonl", "csv"):
            write_file(Path(tmp) / f"data.{kind}", rows, kind)
            cases.append(f"load:{Path(tmp) / f'data.{kind}'}")
        del rows
        for case in cases:
            subprocess.run([sys.executable, __file__, "--case", case, "--mb", str(args.mb), *extra], check=False)
    return 0


if __name__ == "__main__":
    sys.exit(main())
