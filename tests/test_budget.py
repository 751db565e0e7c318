"""The budget holds (issue 22, item 3): reserved on each call's worst case when it is sent,
reconciled on the reply, carried across --resume, refused when not a finite amount; the usage a
server reports is checked before it is priced; a dry run counts every call of all seven metrics
and prices replies too; embedding calls are counted, priced and budgeted like chat calls. All
against the real local server (tests/openai_server.py), which records what it billed."""

import json
import os
import subprocess
import sys
import warnings

import pytest
from conftest import numbered_demo_rows

from ragmeter import ConfigError, evaluate
from ragmeter.demo import good_rows
from ragmeter.embeddings import OpenAIEmbeddings
from ragmeter.errors import RagmeterWarning
from ragmeter.llms import OpenAICompatible
from ragmeter.metrics import METRICS

PRICE = 10.0  # USD per million tokens, in and out: a 2,048-token reply costs about $0.02


rows = numbered_demo_rows


def billed_usd(server, price=PRICE):
    """What the server charged for the replies it sent, at ``price``."""
    return sum(p + c for p, c in server.billed) * price / 1e6


def cli(server, tmp_path, *args):
    prices = tmp_path / "prices.json"
    prices.write_text(json.dumps({"openai:judge-model": [PRICE, PRICE]}))
    env = {**os.environ, "OPENAI_BASE_URL": server.url, "OPENAI_API_KEY": "sk-test", "RAGMETER_PRICES": str(prices)}
    return subprocess.run([sys.executable, "-m", "ragmeter.cli", "evaluate", str(tmp_path / "data.jsonl"), "--llm",
                           "openai:judge-model", "--metrics", "context_precision", "--no-cache", "--quiet",
                           "--out", str(tmp_path / "run"), *args], capture_output=True, text=True, env=env, timeout=120)


@pytest.mark.slow
def test_budget_holds_with_2048_token_replies_and_across_resume(server, tmp_path):
    """The issue's case: 2,048-token replies, 16 calls in flight; a $0.50 cap spent $6.57 before."""
    (tmp_path / "data.jsonl").write_text("\n".join(json.dumps(r) for r in rows(40)))
    server.completion_tokens = 2048
    first = cli(server, tmp_path, "--budget", "0.5", "--max-concurrency", "16")
    assert first.returncode == 4, first.stdout + first.stderr
    spent = billed_usd(server)
    assert 0.3 < spent <= 0.5, spent  # most of it used, none of it passed
    calls = len(server.chat_requests())
    assert 10 < calls < 40

    again = cli(server, tmp_path, "--budget", "0.5", "--resume")  # the budget is the run's, not the session's
    assert again.returncode == 4, again.stdout + again.stderr
    assert billed_usd(server) <= 0.5 and len(server.chat_requests()) - calls <= 1
    assert "before --resume" in again.stdout

    more = cli(server, tmp_path, "--budget", "1.0", "--resume")
    assert more.returncode == 0, more.stdout + more.stderr
    assert billed_usd(server) <= 1.0
    stored = json.loads((tmp_path / "run" / "result.json").read_text())
    assert all(s["results"]["context_precision"]["status"] == "ok" for s in stored["samples"])
    budget = stored["provenance"]["judge"]["runner"]["budget"]
    assert budget["spent_total_usd"] == pytest.approx(billed_usd(server), rel=1e-6)


@pytest.mark.parametrize("value", ["nan", "inf", "-1", "ten"])
def test_a_budget_that_is_not_an_amount_is_refused(server, tmp_path, value):
    (tmp_path / "data.jsonl").write_text(json.dumps(good_rows()[0]))
    proc = cli(server, tmp_path, "--budget", value)
    assert proc.returncode == 2 and "ragmeter: error: " in proc.stderr and "expected an amount of USD" in proc.stderr
    assert server.requests == []


@pytest.mark.parametrize("value", [float("nan"), float("inf"), -0.01])
def test_the_api_refuses_a_budget_that_is_not_an_amount(server, value):
    model = OpenAICompatible("judge-model", base_url=server.url, api_key="sk-test")
    with pytest.raises(ConfigError, match="a budget is an amount of USD"):
        evaluate(good_rows()[:1], metrics=["context_precision"], llm=model, budget=value, cache=False,
                 prices={"openai:judge-model": (1.0, 1.0)})


def test_absurd_usage_is_capped_and_flagged(server):
    server.always = "absurd_usage"  # 10^12 tokens each way
    model = OpenAICompatible("judge-model", base_url=server.url, api_key="sk-test")
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        result = evaluate(good_rows()[:3], metrics=["context_precision"], llm=model, cache=False, timeout=5.0,
                          prices={"openai:judge-model": (1.0, 1.0)})
    usage = result.provenance["judge"]["usage"]
    assert usage["flagged"] == usage["calls"] == 3
    # at most every prompt byte and max_tokens (2048) per call: about a cent, not $2.4e6
    assert usage["completion_tokens"] == 3 * 2048 and usage["cost_usd"] < 0.02
    assert any(issubclass(w.category, RagmeterWarning) and "counted at the bound" in str(w.message) for w in caught)


def test_dry_run_counts_the_calls_of_all_seven_metrics_and_prices_replies(server):
    model = OpenAICompatible("judge-model", base_url=server.url, api_key="sk-test")
    embedder = OpenAIEmbeddings("text-embedding-3-small", base_url=server.url, api_key="sk-test")
    options = {"metrics": list(METRICS), "llm": model, "embeddings": embedder, "cache": False, "timeout": 5.0,
               "prices": {"openai:judge-model": (1.0, 4.0)}}
    dry = evaluate(good_rows(), dry_run=True, **options)
    assert server.requests == []
    assert all(r[m].status == "skipped" and "dry run" in r[m].reason for r in dry.metric_results for m in METRICS)
    real = evaluate(good_rows(), **options)
    estimate = dry.provenance["dry_run"]
    assert estimate["calls"] == len(server.chat_requests())  # answer correctness's second round counted too
    assert estimate["embedding_calls"] == len([r for r in server.requests if r["path"].endswith("/embeddings")])
    input_only = estimate["prompt_tokens_estimate"] * 1.0 / 1e6
    assert estimate["cost_usd_estimate"] > input_only  # replies are priced
    assert estimate["cost_usd_max"] == pytest.approx(input_only + estimate["calls"] * 2048 * 4.0 / 1e6, rel=0.01)
    assert real.provenance["judge"]["usage"]["cost_usd"] <= estimate["cost_usd_max"]


@pytest.mark.slow
def test_embedding_calls_are_retried_priced_and_budgeted(server):
    model = OpenAICompatible("judge-model", base_url=server.url, api_key="sk-test")
    embedder = OpenAIEmbeddings("text-embedding-3-small", base_url=server.url, api_key="sk-test", batch_size=2)
    server.faults.extend(["500", "429"])
    result = evaluate(good_rows()[:4], metrics=["answer_similarity"], llm=model, embeddings=embedder, cache=False,
                      timeout=5.0)
    usage = result.provenance["judge"]["usage"]
    assert {r["answer_similarity"].status for r in result.metric_results} == {"ok"}
    sent = [r for r in server.requests if r["path"].endswith("/embeddings")]
    assert usage["retries"] == 2 and usage["embedding_calls"] == len(sent) - 2 >= 2  # batches of 2 texts
    assert usage["embedding_tokens"] > 0
    assert usage["cost_usd"] == pytest.approx(usage["embedding_tokens"] * 0.02 / 1e6)  # text-embedding-3-small

    server.requests.clear()
    prices = {"openai-embeddings:text-embedding-3-small": (20000.0, 0.0)}  # a batch's worst case is ~$5
    broke = evaluate(good_rows()[:4], metrics=["answer_similarity"], llm=model, embeddings=embedder, cache=False,
                     budget=0.5, prices={**prices, "openai:judge-model": (1.0, 1.0)})
    assert {r["answer_similarity"].evidence.get("stopped_by") for r in broke.metric_results} == {"budget"}
    assert server.requests == []


def test_a_budget_needs_the_price_of_remote_embeddings(server):
    model = OpenAICompatible("judge-model", base_url=server.url, api_key="sk-test")
    embedder = OpenAIEmbeddings("my-embedder", base_url=server.url, api_key="sk-test")
    with pytest.raises(ConfigError, match="price of the embeddings 'openai-embeddings:my-embedder'"):
        evaluate(good_rows()[:1], metrics=["answer_similarity"], llm=model, embeddings=embedder, budget=1.0,
                 prices={"openai:judge-model": (1.0, 1.0)})
