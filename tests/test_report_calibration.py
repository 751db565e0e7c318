"""A run's calibration in the HTML report, in Debian's Chromium: a run folder of the demo scored by
the lexical judge (ragmeter.evaluate(out=...)), a labels file, `ragmeter calibrate` and
`ragmeter report --calibration`, as users run them. The Summary shows per metric the judge's mean,
the labels-only and corrected means with their intervals, how many samples are labelled and the
warnings, and says that the scores are mapped; a sample's detail shows the judge's own score. The
calibration's file names and warnings are escaped like any other text."""

from __future__ import annotations

import copy
import subprocess
import sys
import warnings

import pytest
from report_helpers import need_chromium, open_page

import ragmeter
from ragmeter.demo import bad_rows, good_rows

need_chromium()
METRICS = ["faithfulness", "answer_correctness"]
# file names are text like any other: markup, and a right-to-left override
CAL_NAME = "cal <img src=x onerror=\"window.__xss = 1; alert(1)\"> \u202eevil.json"
LABELS_NAME = "labels <svg onload=\"window.__xss = 2\"> &amp; .csv"
CHOSEN = (0, 1, 2, 3, 5, 6, 8, 9, 10, 12, 13, 15)  # 12 of the 16 samples, both pipelines


def cli(*args, cwd):
    proc = subprocess.run([sys.executable, "-m", "ragmeter.cli", *args], capture_output=True, text=True,
                          timeout=300, cwd=cwd)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    return proc


@pytest.fixture(scope="module")
def made(tmp_path_factory):
    """The run folder, the calibration file, the report the CLI wrote, and the run as it maps it."""
    root = tmp_path_factory.mktemp("calreport")
    rows = [{"id": f"s{i}", **row} for i, row in enumerate(good_rows() + bad_rows())]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        ragmeter.evaluate(rows, judge="lexical", metrics=METRICS, out=root / "run")
    # faithfulness: the good pipeline (s0-s7) is right, the bad one (s8-s15) hallucinates
    (root / LABELS_NAME).write_text("id,faithfulness,answer_correctness\n"
                                    + "".join(f"s{i},{int(i < 8)},{int(i % 3 > 0)}\n" for i in CHOSEN))
    cli("calibrate", "run", LABELS_NAME, "--out", CAL_NAME, "--resamples", "50", cwd=root)
    cli("report", "run", "--calibration", CAL_NAME, "-o", "report.html", "--title", "calibrated", cwd=root)
    raw = ragmeter.Result.load(root / "run")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        mapped = ragmeter.Calibration.load(root / CAL_NAME).apply(raw, CAL_NAME)  # what report --calibration did
    return root, raw, mapped


def _ci(pair) -> str:
    return f"[{pair[0]:.3f}, {pair[1]:.3f}]"


@pytest.mark.slow
def test_the_summary_shows_the_corrected_means_per_metric(browser, made):
    root, raw, mapped = made
    record = mapped.provenance["calibration"]
    assert record["labelled_in_run"] == 12 and set(record["corrected"]) == set(METRICS)
    pg = open_page(browser)
    pg.goto((root / "report.html").as_uri())
    box = pg.locator('#summary [data-role="calibration"]')
    assert box.is_visible()
    for metric in METRICS:
        c = record["corrected"][metric]
        row = box.locator(f'tr[data-metric="{metric}"]')
        assert row.locator('[data-role="judge-mean"]').inner_text() == f"{c['judge_mean']:.3f}"
        assert row.locator('[data-role="labels-mean"]').inner_text() == f"{c['labels_mean']:.3f} {_ci(c['labels_ci'])}"
        assert row.locator('[data-role="corrected-mean"]').inner_text() == \
            f"{c['corrected_mean']:.3f} {_ci(c['corrected_ci'])}"
        assert row.locator('[data-role="n-labelled"]').inner_text() == "12 of 16"
        assert row.locator('[data-role="method"]').inner_text() == "PPI++ on the judge's scores"
        assert row.locator('[data-role="computed-on"]').inner_text() == "this run"
        # the judge's mean is the raw run's; the card's mean is the mapped scores'
        assert c["judge_mean"] == pytest.approx(raw.aggregates[metric].mean)
        card = pg.locator(f'#summary .card[data-metric="{metric}"]')
        assert card.locator('[data-role="mean"]').inner_text() == f"{mapped.aggregates[metric].mean:.3f}"
        assert "mapped onto your labels" in card.locator('[data-role="mapped"]').inner_text()
    # the faithfulness map lowers the means: corrected and mapped differ from the judge's, as they should
    assert record["corrected"]["faithfulness"]["corrected_mean"] < record["corrected"]["faithfulness"]["judge_mean"]
    shown = box.locator('[data-role="calibration-warnings"] li').all_inner_texts()
    expected = [w for m in METRICS for w in record["corrected"][m]["warnings"]]
    assert shown == expected and any("only 12 labelled samples" in w for w in shown)
    note = box.locator('[data-role="mapped-note"]').inner_text()
    assert note.startswith("Scores shown are mapped") and "faithfulness (isotonic)" in note and "judge score" in note
    assert "scores mapped onto your labels" in pg.locator("header .sub").inner_text()
    assert "(scores mapped by a calibration)" in pg.locator("#summary h2").first.inner_text()
    assert pg.errors == [] and all(u.startswith(("file://", "data:", "about:")) for u in pg.requests)


@pytest.mark.slow
def test_a_sample_shows_its_mapped_and_its_judge_score(browser, made):
    root, raw, mapped = made
    pg = open_page(browser)
    pg.goto((root / "report.html").as_uri() + "#run=run&sample=s9")
    detail = pg.locator('#samples-0 [data-role="detail"]')
    assert detail.is_visible()
    i = [s["id"] for s in raw.samples].index("s9")
    for metric in METRICS:
        row = detail.locator(f'[data-role="metrics"] tr[data-metric="{metric}"]')
        judge = raw.metric_results[i][metric].score
        assert mapped.metric_results[i][metric].evidence["judge_score"] == judge
        assert row.locator('[data-role="judge-score"]').inner_text() == f"{judge:.3f}"
        assert row.locator("td.score").first.inner_text() == f"{mapped.metric_results[i][metric].score:.3f}"
    assert "before mapping" in detail.locator('[data-role="mapped-detail"]').inner_text()
    assert "are mapped onto your labels' scale" in pg.locator('#samples-0 [data-role="mapped-note"]').inner_text()
    assert pg.errors == []


@pytest.mark.slow
def test_file_names_and_warnings_are_escaped(browser, made, tmp_path):
    root, _, mapped = made
    pg = open_page(browser)
    pg.goto((root / "report.html").as_uri())
    origin = pg.locator('#summary [data-role="calibration"] .note').first.inner_text()
    assert CAL_NAME.replace("\u202e", "[U+202E]") in origin  # shown as typed, the override as a mark
    assert LABELS_NAME in origin
    fact = pg.locator('[data-role="provenance"] tr[data-fact="calibration"]').inner_text()
    assert "[U+202E]" in fact and "<img src=x" in fact
    assert pg.locator("#summary img").count() == 0 and pg.locator("#summary script").count() == 0
    assert pg.evaluate("window.__xss === undefined")
    # a warning with markup in it (another version's wording, a metric's name): text too
    tampered = ragmeter.Result(mapped.samples, mapped.metric_results, mapped.metrics,
                               copy.deepcopy(mapped.provenance))
    attack = '<img src=x onerror="window.__xss = 3; alert(3)"> & <b>bold</b>'
    tampered.provenance["calibration"]["corrected"]["faithfulness"]["warnings"] = [attack]
    pg.goto(tampered.to_html(tmp_path / "t.html").as_uri())
    items = pg.locator('[data-role="calibration-warnings"] li').all_inner_texts()
    assert attack in items and pg.locator("#summary b").count() == 0
    assert pg.evaluate("window.__xss === undefined") and pg.errors == []


@pytest.mark.slow
def test_a_run_with_no_labelled_sample_gets_the_map_only(browser, made, tmp_path):
    root, _, _ = made
    rows = [{"id": f"other{i}", **row} for i, row in enumerate(good_rows()[:5])]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        other = ragmeter.evaluate(rows, judge="lexical", metrics=METRICS)
        run = ragmeter.Calibration.load(root / CAL_NAME).apply(other, "cal.json")
    assert run.provenance["calibration"]["corrected"] == {}
    pg = open_page(browser)
    pg.goto(run.to_html(tmp_path / "o.html").as_uri())
    box = pg.locator('[data-role="calibration"]')
    assert "None of the calibration's labelled samples is in this run" in box.inner_text()
    assert box.locator('tr[data-metric="faithfulness"] [data-role="no-labels"]').inner_text().startswith("mapped only")
    assert "another dataset hash" in box.locator('[data-role="calibration-warnings"]').inner_text()
    assert pg.errors == []


@pytest.mark.slow
def test_one_run_mapped_and_one_not_are_flagged_and_plain_runs_are_unchanged(browser, made, tmp_path):
    root, raw, mapped = made
    pg = open_page(browser)
    pg.goto(mapped.to_html(tmp_path / "c.html", raw, names=("mapped", "raw")).as_uri())
    box = pg.locator('[data-role="comparability"]')
    assert "faithfulness: mapped's scores are mapped by a calibration and raw's are not" in box.inner_text()
    assert pg.locator('[data-role="calibration"]').count() == 1  # the mapped run's only
    pg.click("nav.tabs button[data-tab='tab-compare']")
    pg.click('#compare-view tr[data-id="s9"]')
    headers = pg.locator('#tab-compare [data-role="metrics"]').evaluate_all(
        "ts => ts.map(t => [...t.rows[0].cells].map(c => c.textContent))")
    assert headers == [["metric", "score (mapped)", "judge score", "status", "reason"],
                       ["metric", "score", "status", "reason"]]
    pg.goto(raw.to_html(tmp_path / "p.html").as_uri())
    assert pg.locator('[data-role="calibration"], [data-role="mapped"], [data-role="mapped-note"]').count() == 0
    assert "mapped" not in pg.locator("header .sub").inner_text()
    assert pg.errors == []
