"""How evaluate() and evaluate_ray() scale with the number of samples, on this machine.

    python benchmarks/scale.py [--sizes 1000,10000,100000] [--judge local] [--actors 2]

For each size: wall time and throughput of evaluate() and of evaluate_ray() on a local Ray
cluster (all CPUs), the peak memory of this process (Ray workers are separate processes:
their peak RSS is reported from the shards' actors where Ray exposes it, else not), and the
exponent b fitted to time = a * n^b over the sizes (1.0 is linear). Synthetic samples as in
benchmarks/speed.py. Writes benchmarks/SCALE.md.
"""

from __future__ import annotations

import argparse
import math
import resource
import sys
import tempfile
import time
import warnings
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from speed import synthetic_rows  # noqa: E402

METRICS = ["faithfulness", "answer_relevancy", "context_precision", "context_recall"]


def fit_exponent(sizes, times) -> float:
    xs = [math.log(n) for n in sizes]
    ys = [math.log(t) for t in times]
    mx, my = sum(xs) / len(xs), sum(ys) / len(ys)
    return sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / sum((x - mx) ** 2 for x in xs)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="1000,10000,100000")
    parser.add_argument("--judge", default="local")
    parser.add_argument("--actors", type=int, default=2)
    parser.add_argument("--batch-size", type=int, default=1024)
    parser.add_argument("--out", default=str(HERE / "SCALE.md"))
    args = parser.parse_args(argv)
    warnings.simplefilter("ignore")
    import pandas as pd
    import ray

    from ragmeter import evaluate
    from ragmeter.integrations.ray import evaluate_ray
    from ragmeter.judges import resolve_judge

    sizes = [int(s) for s in args.sizes.split(",")]
    ray.init(include_dashboard=False, log_to_driver=False)
    rows_out, local_times, ray_times = [], [], []
    judge = resolve_judge(args.judge)
    for n in sizes:
        rows = synthetic_rows(n, seed=n)
        start = time.perf_counter()
        local = evaluate(rows, metrics=METRICS, judge=resolve_judge(args.judge))
        t_local = time.perf_counter() - start
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
        with tempfile.TemporaryDirectory() as tmp:
            path = Path(tmp) / "data.parquet"
            pd.DataFrame(rows).to_parquet(path)
            start = time.perf_counter()
            run = evaluate_ray(str(path), metrics=METRICS, judge=args.judge, num_actors=args.actors,
                               batch_size=args.batch_size)
            t_ray = time.perf_counter() - start
        same = all(abs((run.aggregates[m].mean or 0) - (local.aggregates[m].mean or 0)) < 1e-9 for m in METRICS)
        local_times.append(t_local)
        ray_times.append(t_ray)
        line = (f"| {n:,} | {t_local:.1f} | {n / t_local:.0f} | {t_ray:.1f} | {n / t_ray:.0f} | {peak:.0f} | "
                f"{'yes' if same else 'NO'} |")
        rows_out.append(line)
        print(line, flush=True)
    b_local = fit_exponent(sizes, local_times) if len(sizes) > 1 else float("nan")
    b_ray = fit_exponent(sizes, ray_times) if len(sizes) > 1 else float("nan")
    text = ["# Scaling", "", f"Measured by `python benchmarks/scale.py --sizes {args.sizes} --judge {args.judge} "
            f"--actors {args.actors}` on this 2-core machine (Ray {ray.__version__}, local cluster).", "",
            "| samples | evaluate() s | samples/s | evaluate_ray() s | samples/s | peak RSS of the driver, MiB | same means |",
            "|---|---|---|---|---|---|---|", *rows_out, "",
            f"Fitted exponent of time = a * n^b: evaluate() b = {b_local:.3f}, evaluate_ray() b = {b_ray:.3f} (1 is linear)."]
    Path(args.out).write_text("\n".join(text) + "\n")
    print(text[-1])
    print(f"wrote {args.out}")
    del judge
    return 0


if __name__ == "__main__":
    sys.exit(main())
