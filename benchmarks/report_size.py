"""Size and write time of the HTML report at scale: one run of N samples, and N vs N compared.

    python benchmarks/report_size.py [--n 10000] [--base 200] [--out DIR] [--browser]

The runs: `--base` synthetic samples (a question, 3 contexts of about 60 words, a 3-sentence
answer, a reference; as benchmarks/speed.py) scored with the lexical judge on all seven
metrics, then tiled to N samples, each with its own id and question. Run B answers half of
the questions with a sentence of another sample, so the two runs really differ. Prints the
file sizes, their ratio, the time to write each (compare() included) and the peak RSS. With
--browser, opens the comparison in Debian's Chromium (Playwright) and prints how long it takes
to load and to answer a sort, a search and a jump to the last page of Compare, as Playwright
sees it from a click to the redrawn table.
"""

from __future__ import annotations

import argparse
import random
import resource
import sys
import time
import warnings
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from speed import VERBS, WORDS, sentence  # noqa: E402  (the speed benchmark's synthetic sentences)

ALL_METRICS = ["faithfulness", "answer_relevancy", "context_precision", "context_recall", "context_relevancy",
               "answer_correctness", "answer_similarity"]



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


def browser_figures(path: Path, n: int, compared: bool = True) -> None:
    from playwright.sync_api import expect, sync_playwright

    flags = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
             "--disable-component-update", "--disable-sync"]
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=flags)
        pg = browser.new_page(viewport={"width": 1440, "height": 900})
        start = time.perf_counter()
        pg.goto(path.as_uri(), timeout=600_000)
        loaded = time.perf_counter() - start
        dcl = pg.evaluate("performance.getEntriesByType('navigation')[0].domContentLoadedEventEnd")
        print(f"browser: DOMContentLoaded {dcl / 1000:.2f} s (goto returned after {loaded:.2f} s)")

        def timed(label, action, check):
            start = time.perf_counter()
            action()
            expect(check).to_be_visible(timeout=120_000)
            print(f"browser: {label:<34s} {1000 * (time.perf_counter() - start):7.0f} ms")

        root = "#samples-1" if compared else "#samples-0"
        pg.click("nav.tabs >> text=" + ("Samples: candidate" if compared else "Samples: A"))
        head = f'{root} th[data-col="faithfulness"]'
        timed("sort by faithfulness", lambda: pg.click(head), pg.locator(head + ".sorted-asc"))
        timed("sort again (descending)", lambda: pg.click(head), pg.locator(head + ".sorted-desc"))
        timed("search a word in the contexts", lambda: pg.fill(f'{root} [data-role="search"]', "nebula glacier"),
              pg.locator(f'{root} [data-role="count"]:not(:has-text("{n} of {n}"))'))
        timed("open a sample, then j", lambda: (pg.locator(f"{root} tbody tr").first.click(), pg.keyboard.press("j")),
              pg.locator(f"{root} tbody tr.selected >> nth=0"))
        if not compared:
            browser.close()
            return
        pg.click("nav.tabs >> text=Compare")
        timed("Compare: last page of pairs", lambda: pg.click('#compare-view [data-role="last"]'),
              pg.locator('#compare-view [data-role="last"][disabled]'))
        timed("Compare: open a pair", lambda: pg.locator("#compare-view tbody tr").first.click(),
              pg.locator('#compare-view [data-role="detail"]'))
        browser.close()


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=10_000)
    parser.add_argument("--base", type=int, default=200, help="distinct samples scored before tiling (default 200)")
    parser.add_argument("--out", default="report-size", help="folder for the two report files")
    parser.add_argument("--browser", action="store_true", help="also time the comparison in Debian's Chromium")
    parser.add_argument("--single", action="store_true",
                        help="one run only (compare() at 50,000 samples needs several GB for its permutation test)")
    args = parser.parse_args(argv)
    warnings.simplefilter("ignore")
    from ragmeter.report.html import write_report

    a, b = make_runs(args.n, args.base)
    a.aggregates, b.aggregates  # noqa: B018  (computed once here, as a loaded run would have to)
    out = Path(args.out)
    start = time.perf_counter()
    one = write_report(out / "one.html", a)
    t_one = time.perf_counter() - start
    print(f"samples per run: {args.n:,} ({args.base} distinct, tiled), metrics: {len(ALL_METRICS)}")
    print(f"one run:        {one.stat().st_size / 1e6:8.2f} MB   written in {t_one:6.2f} s")
    if args.single:
        print(f"peak RSS of this process: {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MiB")
        if args.browser:
            browser_figures(one, args.n, compared=False)
        return 0
    start = time.perf_counter()
    two = write_report(out / "two.html", a, b, names=("base", "candidate"))
    t_two = time.perf_counter() - start
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    size_one, size_two = one.stat().st_size, two.stat().st_size
    print(f"two compared:   {size_two / 1e6:8.2f} MB   written in {t_two:6.2f} s (compare() included)")
    print(f"ratio two / one: {size_two / size_one:.2f}")
    print(f"peak RSS of this process: {peak:.0f} MiB")
    if args.browser:
        browser_figures(two, args.n)
    return 0


if __name__ == "__main__":
    sys.exit(main())
