"""The HTML report, opened from file:// in Debian's Chromium driven by Playwright."""

import re
import shutil

import pytest

from ragmeter import Result, evaluate
from ragmeter.demo import bad_rows, good_rows
from ragmeter.metrics.base import MetricResult

pytest.importorskip("playwright")
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
if not shutil.which("chromium"):
    pytest.skip("Debian's chromium is not installed (apt-get install chromium)", allow_module_level=True)

ATTACKS = ["<script>window.__xss = 1; alert(1)</script>", '<img src=x onerror="window.__xss = 2; alert(2)">']


@pytest.fixture(scope="module")
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=[
            "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
            "--disable-component-update", "--disable-sync"])
        yield b
        b.close()


@pytest.fixture
def page(browser, tmp_path):
    context = browser.new_context(viewport={"width": 1300, "height": 900})
    pg = context.new_page()
    pg.requests, pg.dialogs, pg.errors = [], [], []
    pg.on("request", lambda r: pg.requests.append(r.url))
    pg.on("dialog", lambda d: (pg.dialogs.append(d.message), d.dismiss()))
    pg.on("pageerror", lambda e: pg.errors.append(str(e)))
    yield pg
    context.close()


@pytest.fixture(scope="module")
def runs():
    rows = bad_rows()
    rows[1] = {**rows[1], "contexts": [ATTACKS[0], *rows[1]["contexts"]], "answer": rows[1]["answer"] + " " + ATTACKS[1]}
    return evaluate(good_rows(), judge="lexical"), evaluate(rows, judge="lexical")


@pytest.mark.slow
def test_summary_matches_the_result_and_nothing_leaves_the_file(page, runs, tmp_path):
    good, bad = runs
    path = good.to_html(tmp_path / "report.html", bad, names=("good", "bad"))
    page.goto(path.as_uri())
    for run, idx in ((good, 0), (bad, 1)):
        for metric, agg in run.aggregates.items():
            card = page.locator(f'.card[data-metric="{metric}"]').nth(idx)
            assert card.locator('[data-role="mean"]').inner_text() == f"{agg.mean:.3f}"
            assert f"[{agg.ci_low:.3f}, {agg.ci_high:.3f}]" in card.locator('[data-role="ci"]').inner_text()
            assert card.locator('[data-role="counts"]').inner_text().startswith(f"{agg.n_ok} ok")
    assert "sha256:" in page.locator('[data-role="provenance"]').first.inner_text()
    page.screenshot(path=str(tmp_path / "summary.png"), full_page=True)
    assert (tmp_path / "summary.png").stat().st_size > 20_000
    assert all(u.startswith(("file://", "data:", "about:")) for u in page.requests), page.requests
    assert page.errors == []


@pytest.mark.slow
def test_sort_filter_search_and_open_a_sample(page, runs, tmp_path):
    good, bad = runs
    page.goto(bad.to_html(tmp_path / "r.html").as_uri())
    page.click("text=Samples: A")
    table = page.locator("#samples-0 table")
    assert table.locator("tbody tr").count() == 8
    page.click('#samples-0 th[data-col="faithfulness"]')  # ascending
    first = table.locator("tbody tr").first.locator("td").nth(2).inner_text()
    assert float(first) == pytest.approx(min(s for s in bad.scores("faithfulness")), abs=1e-3)
    page.click('#samples-0 th[data-col="faithfulness"]')  # descending
    top = table.locator("tbody tr").first.locator("td").nth(2).inner_text()
    assert float(top) == pytest.approx(max(s for s in bad.scores("faithfulness")), abs=1e-3)
    page.fill('#samples-0 [data-role="search"]', "reynolds")
    assert table.locator("tbody tr").count() == 1
    page.fill('#samples-0 [data-role="search"]', "")
    page.fill('#samples-0 [data-role="filter-below"]', "0.3")
    page.select_option('#samples-0 [data-role="filter-metric"]', "faithfulness")
    expected = sum(1 for s in bad.scores("faithfulness") if s is not None and s < 0.3)
    assert table.locator("tbody tr").count() == expected
    page.fill('#samples-0 [data-role="filter-below"]', "")
    page.select_option('#samples-0 [data-role="filter-metric"]', "")

    page.click('#samples-0 tbody tr[data-index="0"]')
    detail = page.locator('#samples-0 [data-role="detail"]')
    unsupported = detail.locator('.claim[data-verdict="unsupported"]')
    assert unsupported.count() == 1 and "2019 nature paper" in unsupported.inner_text()
    supported = detail.locator('.claim[data-verdict="supported"]').first
    supported.click()
    assert detail.locator("mark.evidence").count() == 1  # its evidence sentence is marked in the contexts
    assert detail.locator(".context").first.get_attribute("data-rank") == "1"
    page.screenshot(path=str(tmp_path / "sample.png"), full_page=True)


def test_dataset_text_is_escaped_and_runs_nothing(page, runs, tmp_path):
    _, bad = runs
    page.goto(bad.to_html(tmp_path / "x.html").as_uri())
    page.click("text=Samples: A")
    page.click('#samples-0 tbody tr[data-index="1"]')
    detail = page.locator('#samples-0 [data-role="detail"]')
    assert ATTACKS[0] in detail.locator('[data-role="contexts"]').inner_text()  # shown as text
    assert ATTACKS[1] in detail.locator('[data-role="answer"]').inner_text()
    assert page.evaluate("window.__xss === undefined")
    assert page.dialogs == [] and page.errors == []
    assert page.locator("#samples-0 img").count() == 0
    html = (tmp_path / "x.html").read_text()
    assert "<script>window.__xss" not in html and "<img src=x" not in html


def test_comparison_view_shows_deltas_and_regressions_first(page, runs, tmp_path):
    good, bad = runs
    page.goto(good.to_html(tmp_path / "c.html", bad, names=("good", "bad")).as_uri())
    page.click("text=Compare")
    deltas = page.locator('[data-role="deltas"] tr[data-metric="faithfulness"]').inner_text()
    assert re.search(r"-0\.\d{3}", deltas)
    assert "good is better than bad on faithfulness" in page.locator("#tab-compare ul").inner_text()
    rows = page.locator('[data-role="compare-table"] tbody tr')
    values = [float(rows.nth(i).locator("td").nth(4).inner_text()) for i in range(rows.count())]
    assert values == sorted(values) and values[0] < 0


@pytest.mark.slow
def test_ten_thousand_samples_stay_paginated(page, tmp_path):
    n = 10_000
    samples = [{"id": str(i), "user_input": f"question {i}", "response": f"answer {i}", "retrieved_contexts": [f"ctx {i}"],
                "reference": None} for i in range(n)]
    scores = [{"faithfulness": MetricResult((i * 7919 % 1000) / 1000)} for i in range(n)]
    result = Result(samples, scores, ["faithfulness"], {"settings": {}})
    page.goto(result.to_html(tmp_path / "big.html").as_uri())
    page.click("text=Samples: A")
    assert page.locator("#samples-0 tbody tr").count() == 50
    assert page.locator('#samples-0 [data-role="count"]').inner_text() == "10000 of 10000 samples"
    page.click('#samples-0 th[data-col="faithfulness"]')
    assert page.locator("#samples-0 tbody tr").first.locator("td").nth(2).inner_text() == "0.000"
    page.click('#samples-0 [data-role="next"]')
    assert page.locator('#samples-0 [data-role="page"]').inner_text() == "page 2 of 200"
