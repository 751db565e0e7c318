"""Report v2 (issue 24), the triage loop, in Debian's Chromium: the detail in view, unscored rows
last whichever the sort, search over ids and contexts, page size and page jump, every pair in
Compare with run names, keyboard navigation, and the view kept in the URL hash."""

import pytest
from report_helpers import DESKTOP, PHONE, need_chromium, numbered_result, open_page, tricky_result

need_chromium()
N = 1234


@pytest.fixture(scope="module")
def big(tmp_path_factory):
    """1,234 vs 1,234 samples, every 97th an error; the candidate scores 0.1 higher at the bottom."""
    path = tmp_path_factory.mktemp("big") / "big.html"
    return numbered_result(N).to_html(path, numbered_result(N, 0.1), names=("base", "candidate"))


def ids_on_page(pg, root):
    return pg.locator(f"{root} tbody tr").evaluate_all("rs => rs.map(r => r.dataset.id)")


def scores_on_page(pg, root, col=2):
    return pg.locator(f"{root} tbody tr").evaluate_all(f"rs => rs.map(r => r.cells[{col}].textContent)")


@pytest.mark.slow
@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["1440", "390"])
def test_the_detail_opens_in_view(browser, big, viewport):
    pg = open_page(browser, viewport)
    pg.goto(big.as_uri())
    pg.click("text=Samples: base")
    row = pg.locator("#samples-0 tbody tr").last  # the 50th row, far below the fold
    row.click()
    detail = pg.locator('#samples-0 [data-role="detail"]')
    box = detail.bounding_box()
    assert detail.is_visible() and 0 <= box["y"] < viewport["height"] / 4
    assert box["x"] >= 0 and box["x"] + box["width"] <= viewport["width"] + 1
    assert detail.locator('[data-role="question"]').inner_text() == "question 49"
    if viewport is DESKTOP:  # beside the table: the selected row stays visible to the left of the panel
        row_box = pg.locator("#samples-0 tr.selected").bounding_box()
        assert row_box["x"] + row_box["width"] <= box["x"] + 1
    assert pg.errors == []


@pytest.mark.slow
def test_sorting_puts_skipped_and_error_rows_last_both_ways(browser, tmp_path):
    pg = open_page(browser)
    pg.goto(tricky_result().to_html(tmp_path / "t.html").as_uri())
    pg.click("text=Samples: A")
    head = '#samples-0 th[data-col="faithfulness"]'
    pg.click(head)
    assert scores_on_page(pg, "#samples-0") == ["0.000", "0.450", "0.620", "1.000", "skipped", "error"]
    pg.click(head)
    assert scores_on_page(pg, "#samples-0") == ["1.000", "0.620", "0.450", "0.000", "skipped", "error"]
    assert "sorted-desc" in pg.locator(head).get_attribute("class")


@pytest.mark.slow
def test_search_reaches_ids_and_contexts(browser, tmp_path):
    pg = open_page(browser)
    pg.goto(tricky_result().to_html(tmp_path / "s.html").as_uri())
    pg.click("text=Samples: A")
    search = '#samples-0 [data-role="search"]'
    pg.fill(search, "zanzibarian")  # only in a retrieved context
    assert ids_on_page(pg, "#samples-0") == ["rtl"]
    pg.fill(search, "ERR")  # the id, and the error row's question
    assert ids_on_page(pg, "#samples-0") == ["err"]
    pg.fill(search, "")
    assert len(ids_on_page(pg, "#samples-0")) == 6


@pytest.mark.slow
def test_page_size_and_page_jump_reach_the_last_sample(browser, big):
    pg = open_page(browser)
    pg.goto(big.as_uri())
    pg.click("text=Samples: base")
    root = "#samples-0"
    pg.select_option(f'{root} [data-role="page-size"]', "100")
    assert pg.locator(f'{root} [data-role="page"]').inner_text() == "page 1 of 13"
    assert len(ids_on_page(pg, root)) == 100
    pg.fill(f'{root} [data-role="page-jump"]', "13")
    pg.press(f'{root} [data-role="page-jump"]', "Enter")
    assert pg.locator(f'{root} [data-role="page"]').inner_text() == "page 13 of 13"
    assert ids_on_page(pg, root)[-1] == f"s{N - 1}" and len(ids_on_page(pg, root)) == N - 1200
    pg.click(f'{root} [data-role="first"]')
    assert ids_on_page(pg, root)[0] == "s0"
    pg.click(f'{root} [data-role="last"]')
    assert pg.locator(f'{root} [data-role="page"]').inner_text() == "page 13 of 13"


@pytest.mark.slow
def test_compare_pages_through_every_pair_with_run_names(browser, big):
    pg = open_page(browser)
    pg.goto(big.as_uri())
    pg.click("nav.tabs >> text=Compare")
    root = "#compare-view"
    assert pg.locator(f'{root} [data-role="count"]').inner_text() == f"{N} of {N} pairs"
    heads = pg.locator(f"{root} thead th").all_inner_texts()
    assert heads[2:] == ["base", "candidate", "Δ (candidate − base)"]
    deltas = scores_on_page(pg, root, 4)
    assert [float(d) for d in deltas] == sorted(float(d) for d in deltas)  # biggest drop first
    pg.select_option(f'{root} [data-role="page-size"]', "250")
    seen = set()
    for page in range(1, 6):
        pg.fill(f'{root} [data-role="page-jump"]', str(page))
        pg.press(f'{root} [data-role="page-jump"]', "Enter")
        seen.update(ids_on_page(pg, root))
    assert seen == {f"s{i}" for i in range(N)}  # all pairs reachable, none only in a first 500
    assert scores_on_page(pg, root, 4)[-1] == "unscored"  # error rows last
    pg.select_option(f'{root} [data-role="compare-filter"]', "unscored")
    assert pg.locator(f'{root} [data-role="count"]').inner_text() == f"{len([i for i in range(N) if i % 97 == 5])} of {N} pairs"


@pytest.mark.slow
def test_keyboard_walks_the_samples(browser, big):
    pg = open_page(browser)
    pg.goto(big.as_uri())
    pg.click("text=Samples: base")
    root = "#samples-0"
    first = pg.locator(f"{root} tbody tr").first
    assert first.get_attribute("tabindex") == "0"
    first.focus()
    pg.keyboard.press("Enter")
    question = pg.locator(f'{root} [data-role="detail"] [data-role="question"]')
    assert question.inner_text() == "question 0"
    for _ in range(3):
        pg.keyboard.press("j")
    assert question.inner_text() == "question 3"
    assert pg.evaluate("document.activeElement.dataset.id") == "s3"  # focus follows
    pg.keyboard.press("k")
    assert question.inner_text() == "question 2"
    pg.select_option(f'{root} [data-role="page-size"]', "25")
    pg.locator(f'{root} tbody tr[data-id="s24"]').click()
    pg.keyboard.press("j")  # past the end of the page: the next page
    assert question.inner_text() == "question 25"
    assert pg.locator(f'{root} [data-role="page"]').inner_text() == "page 2 of 50"
    pg.keyboard.press("Escape")
    assert not pg.locator(f'{root} [data-role="detail"]').is_visible()
    assert "sample=" not in pg.url


@pytest.mark.slow
def test_the_url_hash_restores_the_view(browser, big):
    pg = open_page(browser)
    pg.goto(big.as_uri())
    pg.click("text=Samples: candidate")
    root = "#samples-1"
    pg.click(f'{root} th[data-col="faithfulness"]')
    pg.click(f'{root} th[data-col="faithfulness"]')  # descending
    pg.fill(f'{root} [data-role="search"]', "question 1")
    pg.select_option(f'{root} [data-role="page-size"]', "25")
    pg.fill(f'{root} [data-role="page-jump"]', "3")
    pg.press(f'{root} [data-role="page-jump"]', "Enter")
    target = ids_on_page(pg, root)[4]
    pg.locator(f'{root} tbody tr[data-id="{target}"]').click()
    before = (pg.url, ids_on_page(pg, root))
    assert "run=candidate" in pg.url and f"sample={target}" in pg.url and "sort=faithfulness" in pg.url
    pg.reload()
    assert pg.locator("nav.tabs button.active").inner_text() == "Samples: candidate"
    assert (pg.url, ids_on_page(pg, root)) == before
    assert pg.locator(f'{root} [data-role="search"]').input_value() == "question 1"
    assert pg.locator(f'{root} [data-role="page"]').inner_text().startswith("page 3 of")
    assert pg.locator(f'{root} [data-role="detail"] [data-role="question"]').inner_text() == f"question {target[1:]}"
    assert "sorted-desc" in pg.locator(f'{root} th[data-col="faithfulness"]').get_attribute("class")
    # a link to a sample, opened cold, in another tab of the browser
    other = open_page(browser)
    other.goto(big.as_uri() + "#run=base&sample=s777")
    assert other.locator("nav.tabs button.active").inner_text() == "Samples: base"
    assert other.locator('#samples-0 [data-role="detail"] [data-role="question"]').inner_text() == "question 777"
    assert other.locator("#samples-0 tr.selected").get_attribute("data-id") == "s777"
    other.goto(big.as_uri() + "#tab=compare&metric=faithfulness&sample=s5")
    assert other.locator("#compare-view tr.selected").get_attribute("data-id") == "s5"
    assert other.locator('#compare-view [data-role="detail"]').is_visible()
    assert pg.errors == [] and other.errors == []
