"""Report v2 (issue 24), the Summary and the layout, in Debian's Chromium: the verdict per metric
with its colour by meaning, scores coloured by value, comparability warnings, provenance by run,
distributions on one scale, and a page that fits 390 px whatever the text."""

import copy
import re

import pytest
from report_helpers import DESKTOP, PHONE, RLO_NAME, need_chromium, open_page, tricky_result

from ragmeter import Result, evaluate
from ragmeter.compare import compare
from ragmeter.demo import bad_rows, good_rows
from ragmeter.report.svg import RUN_COLOURS

need_chromium()
GREEN, RED = "rgb(26, 127, 55)", "rgb(207, 34, 46)"


@pytest.fixture(scope="module")
def demo():
    return evaluate(good_rows(), judge="lexical"), evaluate(bad_rows(), judge="lexical")


def _cards(pg):
    return {c.get_attribute("data-metric"): c for c in pg.locator(".dcard").all()}


@pytest.mark.slow
@pytest.mark.parametrize("order", ["good first", "bad first"])
def test_summary_names_the_better_run_per_metric_and_colours_by_meaning(browser, demo, tmp_path, order):
    (a, b), names = (demo, ("good pipeline", "bad pipeline")) if order == "good first" else \
        (demo[::-1], ("bad pipeline", "good pipeline"))
    pg = open_page(browser)
    pg.goto(a.to_html(tmp_path / "r.html", b, names=names).as_uri())
    cmp = compare(a, b, name_a=names[0], name_b=names[1])
    cards = _cards(pg)
    assert set(cards) == set(cmp.metrics)
    for metric, m in cmp.metrics.items():
        card, p = cards[metric], m.paired
        verdict = "ns" if not m.significant else "better" if p.difference > 0 else "worse"
        assert card.get_attribute("data-verdict") == verdict
        text = card.inner_text()
        assert f"Δ {p.difference:+.3f}" in text and f"[{p.ci_low:+.3f}, {p.ci_high:+.3f}]" in text
        assert f"p = {p.p_value:.3g}" in text and f"higher on {p.wins}, lower on {p.losses}" in text
        colour = card.locator(".delta").evaluate("e => getComputedStyle(e).color")
        assert (colour == GREEN) == (verdict == "better") and (colour == RED) == (verdict == "worse")
    # faithfulness: the good pipeline is better whichever run comes first; the colour follows B's change
    faith = cards["faithfulness"]
    assert "good pipeline is better" in faith.locator('[data-role="verdict"]').inner_text()
    assert faith.get_attribute("data-verdict") == ("worse" if order == "good first" else "better")
    # run colours are the runs' own, never the colours of better and worse
    fills = pg.locator("svg rect[data-run]").evaluate_all("rs => rs.map(r => [r.dataset.run, r.getAttribute('fill')])")
    assert {f for _, f in fills} == {RUN_COLOURS[0], RUN_COLOURS[1]}
    assert all(f == RUN_COLOURS[int(run)] for run, f in fills)
    assert pg.errors == [] and all(u.startswith(("file://", "data:", "about:")) for u in pg.requests)


@pytest.mark.slow
def test_a_ci_and_a_p_value_that_disagree_are_explained(browser, demo, tmp_path):
    good, bad = demo
    pg = open_page(browser)
    pg.goto(good.to_html(tmp_path / "r.html", bad, names=("good", "bad")).as_uri())
    cards, disagreeing = _cards(pg), 0
    for metric, m in compare(good, bad).metrics.items():
        excludes_zero = m.paired.ci_low > 0 or m.paired.ci_high < 0
        note = cards[metric].locator('[data-role="disagree"]')
        assert note.count() == int(excludes_zero != m.significant), metric
        disagreeing += note.count()
        if note.count():
            assert "two different tests" in note.inner_text() and "permutation" in note.inner_text()
    assert disagreeing >= 1  # answer_relevancy in the demo: CI excludes 0, p = 0.0625


@pytest.mark.slow
def test_scores_are_coloured_by_value_not_by_status(browser, tmp_path):
    run = tricky_result()
    pg = open_page(browser)
    pg.goto(run.to_html(tmp_path / "t.html").as_uri())
    pg.click("text=Samples: A")
    zero = pg.locator('#samples-0 tr[data-id="zero"] td.score').first
    one = pg.locator('#samples-0 tr[data-id="one"] td.score').first
    assert zero.inner_text() == "0.000" and "sv-low" in zero.get_attribute("class")
    bg, fg = zero.evaluate("e => [getComputedStyle(e).backgroundColor, getComputedStyle(e).color]")
    assert fg != GREEN and fg == RED and bg != "rgb(218, 251, 225)"  # not the green of a good score
    assert "sv-high" in one.get_attribute("class") and one.evaluate("e => getComputedStyle(e).color") == GREEN
    mean = pg.locator('#summary .card[data-metric="faithfulness"] [data-role="mean"]')
    assert "sv-mid" in mean.get_attribute("class")  # (0 + 1 + 0.62 + 0.45) / 4 = 0.518


@pytest.mark.slow
def test_runs_scored_differently_are_flagged_in_the_summary_and_in_compare(browser, demo, tmp_path):
    good, _ = demo
    other = Result(good.samples, good.metric_results, good.metrics, copy.deepcopy(good.provenance))
    other.provenance["judge"]["version"] += "-other"
    other.provenance["metrics"]["faithfulness"]["version"] = "2"
    warnings = compare(good, other).warnings
    assert any("different judges" in w and "judge.version" in w for w in warnings)
    assert any(w.startswith("faithfulness differs") for w in warnings)
    assert compare(good, good).warnings == [] and compare(*demo).warnings == []
    fewer = Result(good.samples[:5], good.metric_results[:5], good.metrics, good.provenance)
    assert any("not scored on the same dataset: 3 samples only in A, 0 only in B" in w
               for w in compare(good, fewer).warnings)
    pg = open_page(browser)
    pg.goto(good.to_html(tmp_path / "w.html", other, names=("v1", "v2")).as_uri())
    box = pg.locator('[data-role="comparability"]')
    assert box.is_visible() and "different judges" in box.inner_text()
    assert box.bounding_box()["y"] < DESKTOP["height"]  # seen without scrolling
    judge_rows = pg.locator('[data-role="provenance"] tr[data-fact="judge"]')
    version = good.provenance["judge"]["version"]
    assert judge_rows.nth(0).inner_text().endswith(f"lexical (version {version}) (differs)")
    assert f"lexical (version {version}-other)" in judge_rows.nth(1).inner_text()


@pytest.mark.slow
def test_provenance_panels_are_named_by_run_and_show_the_judge(browser, demo, tmp_path):
    good, bad = demo
    pg = open_page(browser)
    pg.goto(good.to_html(tmp_path / "p.html", bad, names=("good", "bad")).as_uri())
    panels = pg.locator('[data-role="provenance"]')
    assert [s.strip() for s in panels.locator("> summary").all_inner_texts()] == ["Provenance: good", "Provenance: bad"]
    for k in range(2):
        text = panels.nth(k).inner_text()
        assert f"lexical (version {good.provenance['judge']['version']})" in text
        assert "faithfulness v1" in text and "sha256:" in text


@pytest.mark.slow
def test_distributions_share_one_scale_and_one_colour_per_run(browser, demo, tmp_path):
    good, bad = demo
    pg = open_page(browser)
    pg.goto(good.to_html(tmp_path / "d.html", bad, names=("good", "bad")).as_uri())
    figures = pg.locator('svg[aria-label^="distribution of"]')
    assert figures.count() == len(good.metrics)
    for k in range(figures.count()):
        bars = figures.nth(k).locator("rect[data-share]").evaluate_all(
            "rs => rs.map(r => [r.dataset.run, r.getAttribute('fill'), +r.dataset.share, +r.getAttribute('height')])")
        assert {run for run, *_ in bars} == {"0", "1"}
        assert all(fill == RUN_COLOURS[int(run)] for run, fill, *_ in bars)
        scales = [h / share for _, _, share, h in bars if share > 0.05]
        assert max(scales) / min(scales) < 1.01  # one pixels-per-share for both runs (heights drawn to 0.1 px)
        for run in "01":
            assert sum(share for r, _, share, _ in bars if r == run) == pytest.approx(1.0, abs=1e-3)


@pytest.mark.slow
@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["1440", "390"])
def test_layout_fits_the_screen_whatever_the_text(browser, tmp_path, viewport):
    run = tricky_result()
    pg = open_page(browser, viewport)
    pg.goto(run.to_html(tmp_path / "l.html", tricky_result(), names=(f"v1 {RLO_NAME}", "v2")).as_uri())
    assert pg.locator('meta[name="viewport"]').get_attribute("content") == "width=device-width, initial-scale=1"
    width = "document.documentElement.scrollWidth"
    assert pg.evaluate(width) <= viewport["width"]
    assert "[U+202E]" in pg.locator("#summary h2").first.inner_text()  # the override in a run name, shown
    pg.click("nav.tabs button[data-tab='tab-samples-0']")
    pg.click('#samples-0 tr[data-id="long"]')
    detail = pg.locator('#samples-0 [data-role="detail"]')
    assert detail.is_visible() and pg.evaluate(width) <= viewport["width"]
    box = detail.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= viewport["width"] + 1 and box["y"] < viewport["height"]
    assert detail.locator('[data-role="answer"]').evaluate("e => e.scrollWidth <= e.clientWidth")
    pg.keyboard.press("Escape")
    pg.click('#samples-0 tr[data-id="rtl"]')
    question = detail.locator('[data-role="question"]')
    assert question.locator(".bidi").inner_text() == "RLO"  # shown, not applied
    assert question.inner_text().replace("RLO", "") == "open invoicefdp.exe?"
    answer = detail.locator('[data-role="answer"]')
    assert answer.evaluate("e => getComputedStyle(e).whiteSpace") == "pre-wrap"
    lines = answer.evaluate("e => e.getClientRects().length && e.getBoundingClientRect().height / parseFloat(getComputedStyle(e).lineHeight)")
    assert lines >= 2.9  # three lines, not one
    assert re.search(r"ref one\s*\nref two", detail.locator('[data-role="reference"]').inner_text())
    pg.click('#samples-0 [data-role="close"]')  # on a phone the panel covers the page, tabs included
    pg.click("nav.tabs button[data-tab='tab-compare']")
    pg.click('#compare-view tr[data-id="long"]')
    assert pg.evaluate(width) <= viewport["width"]
    assert pg.errors == []
