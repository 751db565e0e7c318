"""``ragmeter bench --llm``: an LLM judge on the human-labelled sets, against the local server;
and a judge's calls and cost per prompt and per metric in the Result's provenance."""

import pytest
from conftest import REPO
from openai_server import FakeOpenAIServer

from ragmeter import evaluate
from ragmeter.cli import main
from ragmeter.demo import good_rows
from ragmeter.judges.llm.usage import usage_by_metric_of
from ragmeter.llms import OpenAICompatible

CORE = ["faithfulness", "answer_relevancy", "context_precision", "context_recall"]
needs_data = pytest.mark.skipif(not (REPO.parent / "shared" / "data" / "metaeval").is_dir(),
                                reason="the human-labelled sets are in ../shared/data")


@pytest.fixture
def server(monkeypatch, tmp_path):
    with FakeOpenAIServer() as srv:
        monkeypatch.setenv("OPENAI_BASE_URL", srv.url)
        monkeypatch.setenv("OPENAI_API_KEY", "sk-test-key-0123456789")
        monkeypatch.setenv("RAGMETER_CACHE_DIR", str(tmp_path / "cache"))
        yield srv


@pytest.mark.slow
@needs_data
def test_dry_run_prints_calls_tokens_and_cost_per_set_without_a_call(server, tmp_path, capsys):
    out = tmp_path / "llm.md"
    assert main(["bench", "--llm", "openai:gpt-4o-mini", "--limit", "3", "--dry-run", "--out", str(out)]) == 0
    printed = capsys.readouterr().out
    assert server.requests == []
    for name in ("WikiEval", "WiCE dev", "Factcheck-GPT", "EVOUNA TriviaQA", "qags (validate only)", "| all |"):
        assert name in printed, name
    total = next(line for line in printed.splitlines() if line.startswith("| all |")).split("|")
    assert int(total[3].replace(",", "")) > 0 and int(total[4].replace(",", "")) > 0  # calls, prompt tokens
    assert total[6].strip().startswith("$")  # gpt-4o-mini is priced
    assert "Cost estimate" in out.read_text() and "## Figures" not in out.read_text()


@pytest.mark.slow
@needs_data
def test_a_tiny_run_writes_the_figures_with_the_estimate_first(server, tmp_path, capsys):
    out = tmp_path / "llm.md"
    assert main(["bench", "--llm", "openai:gpt-4o-mini", "--limit", "3", "--out", str(out)]) == 0
    printed = capsys.readouterr().out
    assert printed.index("cost estimate") < printed.index("wikieval_faithfulness")
    text = out.read_text()
    assert "## Figures" in text and "WikiEval faithfulness, pairwise acc. (test)" in text and "RAGAS paper" in text
    estimate = next(line for line in text.splitlines() if line.startswith("| all |")).split("|")
    assert int(estimate[3].replace(",", "")) == len(server.chat_requests())  # the dry run counted every call
    # a second run is answered from the cache
    before = len(server.requests)
    assert main(["bench", "--llm", "openai:gpt-4o-mini", "--limit", "3", "--out", str(out)]) == 0
    assert len(server.requests) == before


def test_dry_run_needs_llm(capsys):
    assert main(["bench", "--dry-run"]) == 2
    assert "--dry-run goes with --llm" in capsys.readouterr().err


@pytest.mark.slow
def test_calls_and_cost_per_prompt_and_per_metric_in_provenance(server):
    llm = OpenAICompatible("gpt-4o-mini", base_url=server.url, api_key="sk-test-key-0123456789")
    result = evaluate(good_rows(), metrics=CORE, llm=llm, cache=False)
    usage = result.provenance["judge"]["usage"]
    prompts = usage["by_prompt"]
    assert set(prompts) == {"claims_support", "usefulness", "answer_relevance"}
    assert sum(p["calls"] for p in prompts.values()) == usage["calls"] == len(server.chat_requests())
    assert sum(p["cost_usd"] for p in prompts.values()) == pytest.approx(usage["cost_usd"])
    assert prompts["claims_support"]["used_by"] == ["faithfulness", "context_recall", "answer_correctness"]
    by_metric = usage_by_metric_of(result.provenance)
    assert set(by_metric) == set(CORE)
    assert sum(m["calls"] for m in by_metric.values()) == pytest.approx(usage["calls"])
    assert sum(m["cost_usd"] for m in by_metric.values()) == pytest.approx(usage["cost_usd"], rel=1e-6)
    assert by_metric["faithfulness"]["calls"] == by_metric["context_recall"]["calls"] == prompts["claims_support"]["calls"] / 2
    assert by_metric["context_precision"]["calls"] == prompts["usefulness"]["calls"]
