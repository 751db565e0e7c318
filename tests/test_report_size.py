"""Report v2 (issue 24), the file's size: each run embedded once, pairs as indices, no text twice,
4-digit floats, --max-samples and --no-contexts; a 10,000 vs 10,000 comparison measured against
one run (benchmarks/report_size.py prints the same figures with timings)."""

import importlib.util
import json
import re
import time

import pytest
from conftest import REPO

from ragmeter import evaluate
from ragmeter.demo import bad_rows, good_rows
from ragmeter.report.html import render

spec = importlib.util.spec_from_file_location("report_size", REPO / "benchmarks" / "report_size.py")
bench = importlib.util.module_from_spec(spec)
spec.loader.exec_module(bench)


def payload(html: str) -> dict:
    text = re.search(r'<script type="application/json" id="ragmeter-data">(.*?)</script>', html, re.S).group(1)
    return json.loads(text)


def located(sample: dict, loc):
    if isinstance(loc, list):
        source = sample["a"] if loc[0] == -1 else sample["ctx"][loc[0]]
        return source[loc[1]:loc[2]]
    return loc


@pytest.fixture(scope="module")
def small():
    a, b = bench.make_runs(400, 40)
    return a, b


@pytest.mark.slow
def test_each_run_is_embedded_once_and_pairs_are_indices(small):
    a, b = small
    data = payload(render(a, b, names=("base", "candidate")))
    assert [r["name"] for r in data["runs"]] == ["base", "candidate"]
    assert [len(r["samples"]) for r in data["runs"]] == [400, 400]
    assert data["comparison"]["pairs"][:3] == [[0, 0], [1, 1], [2, 2]] and len(data["comparison"]["pairs"]) == 400
    assert "samples" not in json.dumps(data["comparison"])


def test_evidence_repeats_no_text_and_decodes_to_the_original(small):
    a, _ = small
    data = payload(render(a))
    run = data["runs"][0]
    k = {m: i for i, m in enumerate(run["metrics"])}
    for sample, source, scores in zip(run["samples"], a.samples, a.metric_results):
        chunks = sample["r"][k["context_precision"]][3]
        assert all(len(c) == 2 for c in chunks)  # flags only: the judged text is the context's
        claims = scores["faithfulness"].evidence["claims"]
        for mine, theirs in zip(sample["r"][k["faithfulness"]][3], claims):
            assert located(sample, mine[0]) == theirs["text"] and isinstance(mine[0], list)
            assert located(sample, mine[3]) == theirs.get("evidence")
        relevant = scores["context_relevancy"].evidence["relevant_sentences"]
        assert [[located(sample, x) for x in per] for per in sample["r"][k["context_relevancy"]][3]] == relevant
        for ctx in source["retrieved_contexts"]:
            assert json.dumps(sample, ensure_ascii=False).count(json.dumps(ctx, ensure_ascii=False)[1:-1]) == 1


def test_floats_carry_four_digits(small):
    a, _ = small
    text = render(a)
    numbers = re.findall(r"\d+\.\d+", json.dumps(payload(text)))
    assert numbers and max(len(n.split(".")[1]) for n in numbers) <= 4


def test_max_samples_keeps_the_worst_and_no_contexts_leaves_them_out(small):
    a, b = small
    full, cut = render(a), render(a, max_samples=50)
    data = payload(cut)["runs"][0]
    assert len(data["samples"]) == 50 and data["total"] == 400
    worst = min(range(len(a)), key=lambda i: bench_badness(a, i))
    assert data["samples"][0]["id"] == a.samples[worst]["id"]
    assert len(cut) < len(full) / 4
    assert "(the Samples tab holds 50 of 400, worst first)" in cut
    bare = render(a, b, names=("x", "y"), contexts=False)
    runs = payload(bare)["runs"]
    assert all("ctx" not in s and s["nctx"] == 3 for r in runs for s in r["samples"])
    assert a.samples[0]["retrieved_contexts"][1] not in bare
    pairs = payload(render(a, b, names=("x", "y"), max_samples=30))
    assert len(pairs["comparison"]["pairs"]) == 30 and [len(r["samples"]) for r in pairs["runs"]] == [30, 30]


def bench_badness(result, i):
    from ragmeter.report.payload import badness

    return badness(result.metric_results[i], result.metrics)


def test_a_demo_report_still_escapes_and_names_both_runs():
    good, bad = evaluate(good_rows(), judge="lexical"), evaluate(bad_rows(), judge="lexical")
    html = render(good, bad, names=("good <b>", "bad"))
    assert "good &lt;b&gt;" in html and "good <b>" not in html.split('id="ragmeter-data">')[0]


@pytest.mark.slow
@pytest.mark.skipif(not __import__("shutil").which("chromium"), reason="Debian's chromium is not installed")
def test_ten_thousand_vs_ten_thousand(tmp_path):
    """Measured on this machine: one run 24.9 MB, the two compared 50.6 MB (ratio 2.03; 202.1 MB and
    4.07 before issue 24). Bounds: the issue's 2.2x, and 55 MB."""
    from playwright.sync_api import expect, sync_playwright
    from report_helpers import CHROMIUM, FLAGS

    a, b = bench.make_runs(10_000, 200)
    one = a.to_html(tmp_path / "one.html")
    start = time.perf_counter()
    two = a.to_html(tmp_path / "two.html", b, names=("base", "candidate"))
    seconds = time.perf_counter() - start
    size_one, size_two = one.stat().st_size, two.stat().st_size
    print(f"10k run {size_one / 1e6:.1f} MB, 10k vs 10k {size_two / 1e6:.1f} MB in {seconds:.1f} s")
    assert size_two <= 2.2 * size_one
    assert size_two < 55e6
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        pg = browser.new_page(viewport={"width": 1440, "height": 900})
        pg.goto(two.as_uri(), timeout=120_000)
        print("DOMContentLoaded ms:", pg.evaluate("performance.getEntriesByType('navigation')[0].domContentLoadedEventEnd"))
        pg.click("nav.tabs >> text=Compare")
        assert pg.locator('#compare-view [data-role="count"]').inner_text() == "10000 of 10000 pairs"
        pg.click('#compare-view [data-role="last"]')
        assert pg.locator('#compare-view [data-role="page"]').inner_text() == "page 200 of 200"
        pg.click("nav.tabs >> text=Samples: candidate")
        pg.fill('#samples-1 [data-role="search"]', "s9999")
        expect(pg.locator('#samples-1 [data-role="count"]')).to_have_text("1 of 10000 samples")  # after the pause
        browser.close()
