"""A dead, hostile or throttling endpoint fails a run fast and clearly (issue 22, item 3): the
circuit breaker stops calling an endpoint that cannot be reached or refuses the key, a hung or
dripping server is cut off by the per-call timeout, a huge or endless reply is cut off at the
size cap in bounded memory, and Retry-After is capped and counted against the run's deadline.
Against the real local server (tests/openai_server.py) on 127.0.0.1; every fault is bounded."""

import json
import os
import socket
import subprocess
import sys
import time
import tracemalloc

import pytest
from conftest import numbered_demo_rows

from ragmeter import evaluate
from ragmeter.judges.llm.judge import LLMJudge
from ragmeter.llms import OpenAICompatible
from ragmeter.runner import RunnerSettings

METRIC = ["context_precision"]


rows = numbered_demo_rows


def closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]  # nothing listens there once the socket is closed


def run_cli(tmp_path, base_url, *args):
    data = tmp_path / "data.jsonl"
    data.write_text("\n".join(json.dumps(r) for r in rows(24)))
    env = {**os.environ, "OPENAI_BASE_URL": base_url, "OPENAI_API_KEY": "sk-test",
           "RAGMETER_CACHE_DIR": str(tmp_path / "cache")}
    started = time.monotonic()
    proc = subprocess.run([sys.executable, "-m", "ragmeter.cli", "evaluate", str(data), "--llm", "openai:judge-model",
                           "--metrics", "faithfulness,context_precision", "--quiet", "--out", str(tmp_path / "run"),
                           *args], capture_output=True, text=True, env=env, timeout=120)
    return proc, time.monotonic() - started


def summary(proc) -> str:
    lines = [line for line in proc.stdout.splitlines() if line.startswith("ragmeter: ")]
    assert len(lines) == 1, proc.stdout
    assert "Traceback" not in proc.stderr and "internal error" not in proc.stderr, proc.stderr
    return lines[0]


@pytest.mark.slow
def test_an_unreachable_endpoint_exits_non_zero_fast_with_one_clear_line(tmp_path):
    proc, elapsed = run_cli(tmp_path, f"http://127.0.0.1:{closed_port()}/v1")
    assert proc.returncode == 3, proc.stdout + proc.stderr
    assert elapsed < 60  # 82 s of retries before; a few seconds now
    line = summary(proc)
    assert "EndpointDown: stopped calling openai:judge-model: 8 attempts in a row failed to reach it" in line
    assert "connection failed: ConnectError" in line and "--resume" in line


@pytest.mark.slow
def test_a_refused_key_stops_the_run_after_a_few_requests(tmp_path, server):
    server.always = "401"
    proc, _ = run_cli(tmp_path, server.url)
    assert proc.returncode == 3
    # the first round plus the calls sent while the breaker was one short: slow start begins with 32
    # in flight (a 401 neither grows nor lowers the limit), and the first 7 failures free 7 slots
    # before the 8th trips it: at most 32 + 7 of the run's 48 calls (720 before the breaker)
    settings = RunnerSettings()
    assert (settings.start_concurrency, settings.breaker_threshold) == (32, 8)
    assert len(server.requests) <= 32 + 7
    line = summary(proc)
    assert "EndpointDown" in line and "HTTP 401" in line and "invalid api key" in line


def test_a_hung_endpoint_is_cut_off_by_the_timeout_and_the_breaker(server):
    server.always, server.hang_seconds = "hang", 3.0
    model = OpenAICompatible("judge-model", base_url=server.url, api_key="sk-test")
    started = time.monotonic()
    result = evaluate(rows(48), metrics=METRIC, llm=model, cache=False, timeout=0.3)
    assert time.monotonic() - started < 5
    reasons = {r["context_precision"].reason for r in result.metric_results}
    assert all("EndpointDown" in reason and "timed out" in reason for reason in reasons), reasons
    # 48 calls: the first round of 32 hangs, and at most 7 more go out as the first 7 time out
    assert len(server.requests) <= 32 + 7


def test_a_server_that_recovers_resets_the_breaker(server):
    server.faults.extend(["drop"] * 5)  # fewer than 8 in a row: retried, and the run goes on
    model = OpenAICompatible("judge-model", base_url=server.url, api_key="sk-test")
    judge = LLMJudge(model, cache=None, settings=RunnerSettings(timeout=5.0, backoff_base=0.05))
    result = evaluate(rows(6), metrics=METRIC, judge=judge)
    assert {r["context_precision"].status for r in result.metric_results} == {"ok"}
    assert judge.runner.breaker.consecutive == 0 and not judge.runner.breaker.tripped


def test_a_dripping_reply_is_cut_off_by_the_call_timeout(server):
    server.faults.append("drip")  # a byte every 0.1 s for 5 s: each read is quick, the whole is not
    model = OpenAICompatible("judge-model", base_url=server.url, api_key="sk-test")
    judge = LLMJudge(model, cache=None, settings=RunnerSettings(timeout=0.5, backoff_base=0.05))
    started = time.monotonic()
    result = evaluate(rows(1), metrics=METRIC, judge=judge)
    assert time.monotonic() - started < 3
    assert result.metric_results[0]["context_precision"].status == "ok" and judge.runner.usage.retries == 1


@pytest.mark.parametrize("fault", ["huge", "endless"])
def test_a_huge_or_endless_reply_is_cut_off_in_bounded_memory(server, fault):
    model = OpenAICompatible("judge-model", base_url=server.url, api_key="sk-test")
    judge = LLMJudge(model, cache=None, settings=RunnerSettings(timeout=5.0))
    evaluate(rows(1), metrics=METRIC, judge=judge)  # tables and modules loaded before memory is measured
    server.requests.clear()
    server.faults.append(fault)  # 20 MB announced, or chunked without end (up to 256 MB)
    tracemalloc.start()
    try:
        result = evaluate(rows(1), metrics=METRIC, judge=judge)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    r = result.metric_results[0]["context_precision"]
    assert r.status == "error" and "was cut off at 10 MB" in r.reason
    assert peak < 25e6, peak  # the 10 MB read, and not much more (2.2-3.3 GB before)
    assert len(server.requests) == 1  # not asked again: it would do the same


def test_retry_after_3600_does_not_stall_past_the_deadline(server):
    server.always, server.retry_after = "429", "3600"
    model = OpenAICompatible("judge-model", base_url=server.url, api_key="sk-test")
    started = time.monotonic()
    result = evaluate(rows(4), metrics=METRIC, llm=model, cache=False, timeout=5.0, deadline=2.0)
    assert time.monotonic() - started < 4
    for r in result.metric_results:
        reason = r["context_precision"].reason
        assert r["context_precision"].evidence["stopped_by"] == "deadline"
        assert "asked to wait 3600 s (Retry-After, honoured up to 60 s), past the run's deadline of 2 s" in reason


def test_retry_after_is_capped(server):
    server.retry_after = "3600"
    server.faults.append("429")
    model = OpenAICompatible("judge-model", base_url=server.url, api_key="sk-test")
    judge = LLMJudge(model, cache=None, settings=RunnerSettings(timeout=5.0, retry_after_cap=0.3))
    started = time.monotonic()
    result = evaluate(rows(1), metrics=METRIC, judge=judge)
    assert 0.3 <= time.monotonic() - started < 3
    assert result.metric_results[0]["context_precision"].status == "ok"


@pytest.mark.slow
def test_the_deadline_cuts_off_a_call_in_flight(server):
    server.always, server.hang_seconds = "hang", 5.0
    model = OpenAICompatible("judge-model", base_url=server.url, api_key="sk-test")
    started = time.monotonic()
    result = evaluate(rows(2), metrics=METRIC, llm=model, cache=False, timeout=30.0, deadline=1.0)
    assert time.monotonic() - started < 3
    assert {r["context_precision"].evidence["stopped_by"] for r in result.metric_results} == {"deadline"}


def test_a_deadline_that_is_not_a_duration_is_a_user_error(tmp_path, server):
    proc, _ = run_cli(tmp_path, server.url, "--deadline", "-5")
    assert proc.returncode == 2 and "ragmeter: error: " in proc.stderr and "expected a number of seconds" in proc.stderr
