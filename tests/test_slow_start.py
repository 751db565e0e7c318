"""The call runner's concurrency: slow start, additive increase after the first 429, the
ceiling from --rpm / --tpm and from the provider's rate-limit headers; identical requests in
flight are sent once."""

import asyncio

import pytest
from conftest import numbered_demo_rows
from openai_server import FakeOpenAIServer

from ragmeter import evaluate
from ragmeter.judges import llm_judge
from ragmeter.limits import AdaptiveLimit, RateLimits, per_minute_cap, rate_limits_from_headers
from ragmeter.llms import OpenAICompatible
from ragmeter.runner import RunnerSettings

CORE = ["faithfulness", "answer_relevancy", "context_precision", "context_recall"]


def run(coro):
    return asyncio.run(coro)


async def succeed(limit: AdaptiveLimit, n: int, outcome: str = "ok") -> None:
    for _ in range(n):
        await limit.acquire()
        await limit.release(outcome)


def test_slow_start_doubles_each_round_then_grows_by_one_after_a_429():
    async def go():
        limit = AdaptiveLimit(4, 64)
        await succeed(limit, 4)
        assert limit.limit == 8  # one round of 4 replies: twice as many
        await succeed(limit, 8)
        assert limit.limit == 16
        await succeed(limit, 1, "rate_limited")
        assert (limit.limit, limit.slow_start) == (8, False)
        await succeed(limit, 7)
        assert limit.limit == 8  # additive now: one more after a window of 8 successes
        await succeed(limit, 1)
        assert limit.limit == 9
        await succeed(limit, 200)
        assert limit.limit <= 64

    run(go())


def test_a_timeout_ends_slow_start_without_halving():
    async def go():
        limit = AdaptiveLimit(8, 64)
        await succeed(limit, 1, "timeout")
        assert (limit.limit, limit.slow_start) == (8, False)

    run(go())


def test_the_ceiling_is_the_lowest_of_max_rpm_tpm_and_headers():
    async def go():
        assert AdaptiveLimit(8, 64, rpm=60).maximum == per_minute_cap(60) == 6
        limit = AdaptiveLimit(8, 64, tpm=100_000)
        limit.observe(2_000)  # 50 calls a minute of 2,000 tokens: 5 in flight
        assert limit.maximum == 5 and limit.limit == 5
        limit = AdaptiveLimit(8, 64)
        limit.observe(100, RateLimits(limit_requests=500, remaining_requests=499))
        assert limit.maximum == 50
        limit.observe(100, RateLimits(limit_requests=500, remaining_requests=3))
        assert limit.maximum == 3 and limit.limit == 3
        limit.observe(100, RateLimits(limit_requests=500, remaining_requests=400))
        assert limit.maximum == 50  # lifted again once the provider says so
        limit.observe(100, None)
        assert limit.maximum == 50

    run(go())


def test_rate_limit_headers_are_read_from_openai_and_anthropic_replies():
    assert rate_limits_from_headers({"X-RateLimit-Limit-Requests": "500", "x-ratelimit-remaining-requests": "12",
                                     "x-ratelimit-remaining-tokens": "149000"}) == \
        RateLimits(500, 12, None, 149000)
    assert rate_limits_from_headers({"anthropic-ratelimit-requests-limit": "50",
                                     "anthropic-ratelimit-tokens-remaining": "8000"}) == RateLimits(50, None, None, 8000)
    assert rate_limits_from_headers({"content-type": "application/json"}) is None
    assert rate_limits_from_headers({"x-ratelimit-limit-requests": "lots"}) is None


@pytest.mark.slow
def test_a_run_reaches_high_concurrency_from_the_first_calls():
    with FakeOpenAIServer(latency=0.2, keep_alive=True) as server:
        judge = llm_judge(OpenAICompatible("m", base_url=server.url, api_key="sk-test"), cache=False)
        result = evaluate(numbered_demo_rows(20), metrics=CORE, judge=judge)
        assert all(r[m].status == "ok" for r in result.metric_results for m in CORE)
        assert server.peak_in_flight >= 30  # 32 from the first call: not 4, 5, 6, ...
        concurrency = result.provenance["judge"]["runner"]["concurrency"]
        assert concurrency["slow_start"] is True and concurrency["peak_in_flight"] >= 30


@pytest.mark.slow
def test_the_servers_rate_limit_headers_lower_the_ceiling():
    with FakeOpenAIServer(latency=0.05) as server:
        server.rate_limit_headers = {"x-ratelimit-limit-requests": "60", "x-ratelimit-remaining-requests": "50"}
        judge = llm_judge(OpenAICompatible("m", base_url=server.url, api_key="sk-test"), cache=False)
        evaluate(numbered_demo_rows(30), metrics=CORE, judge=judge)
        assert judge.runner.limit.maximum == 6
        # the first round goes before any header is seen: the start window, 32
        assert server.peak_in_flight <= RunnerSettings().start_concurrency == 32


def test_identical_requests_in_flight_are_sent_once(tmp_path):
    from ragmeter.cache import Cache
    from ragmeter.demo import good_rows

    # ten questions, one answer: the answer-relevance prompt holds only the answer, so it is one request
    rows = [{**good_rows()[0], "question": f"{good_rows()[0]['question']} #{i}"} for i in range(10)]
    with FakeOpenAIServer(latency=0.1) as server:
        result = evaluate(rows, metrics=["answer_relevancy"], llm=OpenAICompatible("m", base_url=server.url,
                                                                                  api_key="sk-test"),
                          cache=Cache(tmp_path / "c.sqlite"))
        assert all(r["answer_relevancy"].status == "ok" for r in result.metric_results)
        assert len(server.chat_requests()) == 1
        assert result.provenance["judge"]["usage"]["cache_hits"] == 9
