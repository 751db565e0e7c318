"""An LLM judge's calls, tokens and cost per metric (issue 23 item 5): in the Result's provenance
(``provenance["judge"]["usage"]["by_metric"]``) and in the report's provenance panel, from a run
against the real local OpenAI-compatible server (tests/openai_server.py), read in Chromium."""

import copy

import pytest
from openai_server import FakeOpenAIServer
from report_helpers import need_chromium, open_page

from ragmeter import Result, evaluate
from ragmeter.cost import cost_of, load_prices, price_of
from ragmeter.demo import good_rows
from ragmeter.llms import OpenAICompatible

need_chromium()
CORE = ["faithfulness", "answer_relevancy", "context_precision", "context_recall"]


@pytest.fixture(scope="module")
def run():
    with FakeOpenAIServer() as server:
        llm = OpenAICompatible("gpt-4o-mini", base_url=server.url, api_key="sk-test-key-0123456789")
        result = evaluate(good_rows(), metrics=CORE, llm=llm, cache=False)
        return result, server.billed


def test_calls_tokens_and_cost_per_metric_in_provenance(run):
    result, billed = run
    usage = result.provenance["judge"]["usage"]
    split = usage["by_metric"]
    assert list(split) == CORE
    for key in ("calls", "prompt_tokens", "completion_tokens", "cost_usd"):
        assert sum(m[key] for m in split.values()) == pytest.approx(usage[key], rel=1e-6), key
    # the cost is the price table's (cost.py) applied to the tokens the server billed
    price = price_of("openai:gpt-4o-mini", load_prices())
    assert price is not None
    assert usage["cost_usd"] == pytest.approx(sum(cost_of(price, p, c) for p, c in billed))
    assert usage["calls"] == len(billed)
    # one claims-and-support call serves faithfulness and context recall: split evenly
    shared = usage["by_prompt"]["claims_support"]
    assert split["faithfulness"]["calls"] == split["context_recall"]["calls"] == shared["calls"] / 2
    assert split["context_precision"]["prompts"] == ["usefulness"]
    assert split["answer_relevancy"]["cost_usd"] == pytest.approx(usage["by_prompt"]["answer_relevance"]["cost_usd"])


def _table(pg):
    rows = {}
    for row in pg.locator('[data-role="judge-usage"] tr[data-metric]').all():
        cells = {c.get_attribute("data-col"): c.inner_text() for c in row.locator("td").all()}
        rows[row.get_attribute("data-metric")] = cells
    return rows


@pytest.mark.slow
def test_the_report_shows_calls_and_cost_per_metric(browser, run, tmp_path):
    result, _ = run
    usage = result.provenance["judge"]["usage"]
    pg = open_page(browser)
    pg.goto(result.to_html(tmp_path / "r.html").as_uri())
    table = pg.locator('[data-role="judge-usage"]')
    assert table.is_visible()
    assert "split evenly" in table.locator("caption").inner_text()
    rows = _table(pg)
    assert list(rows) == CORE + [""]  # the metrics, then the run's totals
    for metric in CORE:
        figures = usage["by_metric"][metric]
        assert rows[metric]["calls"] == f"{figures['calls']:,.1f}".removesuffix(".0")
        assert rows[metric]["prompt_tokens"] == f"{figures['prompt_tokens']:,.1f}".removesuffix(".0")
        assert rows[metric]["cost_usd"] == f"${figures['cost_usd']:.6f}"
    assert rows[""]["calls"] == f"{usage['calls']:,}"
    assert rows[""]["cost_usd"] == f"${usage['cost_usd']:.6f}"
    assert pg.errors == [] and all(u.startswith(("file://", "data:", "about:")) for u in pg.requests)


@pytest.mark.slow
def test_an_older_run_without_by_metric_and_an_unpriced_model(browser, run, tmp_path):
    """A run saved before by_metric existed gets it computed from by_prompt; a model with no price
    shows 'not priced', not $0."""
    result, _ = run
    provenance = copy.deepcopy(result.provenance)
    usage = provenance["judge"]["usage"]
    del usage["by_metric"]
    usage["cost_usd"] = None
    for figures in usage["by_prompt"].values():
        figures["cost_usd"] = None
    old = Result(result.samples, result.metric_results, result.metrics, provenance)
    pg = open_page(browser)
    pg.goto(old.to_html(tmp_path / "old.html").as_uri())
    rows = _table(pg)
    assert list(rows) == CORE + [""]
    assert {r["cost_usd"] for r in rows.values()} == {"not priced"}
    assert rows["faithfulness"]["calls"] == f"{usage['by_prompt']['claims_support']['calls'] / 2:,.1f}".removesuffix(".0")


def test_no_table_for_a_judge_that_makes_no_calls(browser, tmp_path):
    pg = open_page(browser)
    pg.goto(evaluate(good_rows(), metrics=CORE, judge="lexical").to_html(tmp_path / "lex.html").as_uri())
    assert pg.locator('[data-role="provenance"]').count() == 1
    assert pg.locator('[data-role="judge-usage"]').count() == 0


@pytest.mark.slow
def test_markup_in_a_saved_provenance_is_shown_as_text(browser, run, tmp_path):
    result, _ = run
    provenance = copy.deepcopy(result.provenance)
    attack = '<img src=x onerror="alert(1)">'
    provenance["judge"]["usage"]["by_metric"][attack] = {"calls": attack, "cost_usd": attack}
    provenance["judge"]["usage"]["calls"] = attack
    tampered = Result(result.samples, result.metric_results, result.metrics, provenance)
    pg = open_page(browser)
    pg.goto(tampered.to_html(tmp_path / "t.html").as_uri())
    rows = _table(pg)
    assert rows[attack]["calls"] == attack and rows[attack]["cost_usd"] == attack and rows[""]["calls"] == attack
    assert pg.locator('[data-role="judge-usage"] img').count() == 0
    assert pg.errors == []
