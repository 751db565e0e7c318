"""Size and write time of the HTML report at scale: one run of N samples, and N vs N compared.

    python benchmarks/report_size.py [--n 10000] [--base 200] [--out DIR]

The runs: `--base` synthetic samples (a question, 3 contexts of about 60 words, a 3-sentence
answer, a reference; as benchmarks/speed.py) scored with the lexical judge on all seven
metrics, then tiled to N samples, each with its own id and question. Run B answers half of
the questions with a sentence of another sample, so the two runs really differ. Prints the
file sizes, their ratio, the time to write each (compare() included) and the peak RSS.
"""

from __future__ import annotations

import argparse
import random
import resource
import sys
import time
import warnings
from pathlib import Path

ALL_METRICS = ["faithfulness", "answer_relevancy", "context_precision", "context_recall", "context_relevancy",
               "answer_correctness", "answer_similarity"]
WORDS = ("river mountain engine protein market treaty galaxy enzyme harbour algorithm senate glacier "
         "voltage vaccine satellite dynasty molecule turbine archive coral membrane orbit tariff canal "
         "reactor fossil pigment quartz lattice nebula").split()
VERBS = "produces measures contains regulates connects describes supports limits".split()


def sentence(rng: random.Random, n_words: int = 12) -> str:
    words = [rng.choice(WORDS) for _ in range(n_words - 2)]
    return f"The {words[0]} {rng.choice(VERBS)} " + " ".join(words[1:]) + f" in {rng.randint(1800, 2024)}."


def base_rows(n: int, seed: int = 0) -> tuple[list[dict], list[dict]]:
    """Two pipelines' rows on the same n questions: B's answer is off-topic for every other one."""
    rng = random.Random(seed)
    rows_a, rows_b = [], []
    for k in range(n):
        contexts = [" ".join(sentence(rng) for _ in range(5)) for _ in range(3)]
        answer = " ".join([contexts[0].split(". ")[0] + ".", sentence(rng), sentence(rng)])
        row = {"question": f"What does the {rng.choice(WORDS)} {rng.choice(VERBS)} (case {k})?", "answer": answer,
               "contexts": contexts, "ground_truth": contexts[0].split(". ")[1] + "."}
        rows_a.append(row)
        rows_b.append({**row, "answer": sentence(rng) + " " + answer} if k % 2 else row)
    return rows_a, rows_b


def tile(result, n: int, seed: int = 0):
    """A Result of n samples made of result's samples, each copy with its own id and question."""
    from ragmeter import Result

    base = len(result.samples)
    samples, scores = [], []
    for i in range(n):
        s = result.samples[i % base]
        samples.append({**s, "id": f"s{i}", "user_input": f"{s['user_input']} #{i}"})
        scores.append(result.metric_results[i % base])
    return Result(samples, scores, result.metrics, {**result.provenance, "n_samples": n}, result.warnings)


def make_runs(n: int, base: int = 200, seed: int = 0):
    from ragmeter import evaluate

    rows_a, rows_b = base_rows(base, seed)
    a = evaluate(rows_a, metrics=ALL_METRICS, judge="lexical")
    b = evaluate(rows_b, metrics=ALL_METRICS, judge="lexical")
    return tile(a, n, seed), tile(b, n, seed)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=10_000)
    parser.add_argument("--base", type=int, default=200, help="distinct samples scored before tiling (default 200)")
    parser.add_argument("--out", default="report-size", help="folder for the two report files")
    args = parser.parse_args(argv)
    warnings.simplefilter("ignore")
    from ragmeter.report.html import write_report

    a, b = make_runs(args.n, args.base)
    a.aggregates, b.aggregates  # noqa: B018  (computed once here, as a loaded run would have to)
    out = Path(args.out)
    start = time.perf_counter()
    one = write_report(out / "one.html", a)
    t_one = time.perf_counter() - start
    start = time.perf_counter()
    two = write_report(out / "two.html", a, b, names=("base", "candidate"))
    t_two = time.perf_counter() - start
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    size_one, size_two = one.stat().st_size, two.stat().st_size
    print(f"samples per run: {args.n:,} ({args.base} distinct, tiled), metrics: {len(ALL_METRICS)}")
    print(f"one run:        {size_one / 1e6:8.2f} MB   written in {t_one:6.2f} s")
    print(f"two compared:   {size_two / 1e6:8.2f} MB   written in {t_two:6.2f} s (compare() included)")
    print(f"ratio two / one: {size_two / size_one:.2f}")
    print(f"peak RSS of this process: {peak:.0f} MiB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
