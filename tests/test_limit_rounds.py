"""The concurrency limit's decreases, as TCP's congestion control makes them (src/ragmeter/limits.py):
at most one per round trip (a 429 to a call sent before the last decrease does not lower the limit
again), down to the calls that got through when most of a burst was refused, and the first run of
halvings undone when the share of 429s did not fall with it, so that 429s that come whatever the
load (one call in four, here) leave the limit high while a provider that refuses what is above
its capacity still brings it down. Unit tests on AdaptiveLimit, a simulated provider, and the
real local server (tests/openai_server.py) answering every 4th request 429."""

import asyncio

import pytest
from conftest import numbered_demo_rows
from openai_server import FakeOpenAIServer

from ragmeter import evaluate
from ragmeter.judges import llm_judge
from ragmeter.limits import AdaptiveLimit
from ragmeter.llms import OpenAICompatible
from ragmeter.runner import RunnerSettings

CORE = ["faithfulness", "answer_relevancy", "context_precision", "context_recall"]


def run(coro):
    return asyncio.run(coro)


async def one_round(limit: AdaptiveLimit, outcomes: list[str]) -> None:
    """As many calls as ``outcomes`` sent at once, then answered in that order."""
    tickets = [await limit.acquire() for _ in outcomes]
    for ticket, outcome in zip(tickets, outcomes):
        await limit.release(outcome, ticket)


def test_a_burst_refused_at_once_halves_once_then_falls_to_what_got_through():
    async def go():
        limit = AdaptiveLimit(32, 64)
        tickets = [await limit.acquire() for _ in range(32)]
        await limit.release("rate_limited", tickets[0])
        assert (limit.limit, limit.decreases, limit.slow_start) == (16, 1, False)
        for ticket in tickets[1:20]:  # sent before the halving: no second one for this round trip
            await limit.release("rate_limited", ticket)
        assert (limit.limit, limit.decreases) == (16, 1)
        for ticket in tickets[20:22]:
            await limit.release("ok", ticket)
        for ticket in tickets[22:]:
            await limit.release("rate_limited", ticket)
        # all in: 30 of the 32 refused, so the provider takes 2 (not 16, 8, 4, 2 over four round trips)
        assert (limit.limit, limit.decreases, limit.rate_limited) == (2, 2, 30)

    run(go())


def test_a_429_to_a_call_sent_before_the_decrease_does_not_decrease_again():
    async def go():
        limit = AdaptiveLimit(32, 64)
        early = [await limit.acquire() for _ in range(32)]
        await limit.release("rate_limited", early[0])
        assert (limit.limit, limit.decreases) == (16, 1)
        for i, ticket in enumerate(early[1:]):  # 11 more 429s among the 31 still out (20 answered)
            await limit.release("rate_limited" if i % 3 == 0 else "ok", ticket)
        # no second decrease; one more after a window of 16 successes
        assert (limit.limit, limit.decreases, limit.rate_limited) == (17, 1, 12)
        late = await limit.acquire()  # sent after the halving: its 429 is news about the lowered limit
        await limit.release("rate_limited", late)
        assert (limit.limit, limit.decreases) == (8, 2)

    run(go())


def test_a_quarter_of_every_round_refused_undoes_the_halvings_and_is_then_background():
    async def go():
        limit = AdaptiveLimit(32, 64)
        for _ in range(12):
            await one_round(limit, ["rate_limited" if i % 4 == 3 else "ok" for i in range(limit.limit)])
        # halved in each of the first two rounds (35 -> 17, 18 -> 9), then the calls sent at the
        # lowered limit were refused as often as those out at the first halving: undone (back to
        # 35), slow start again, and a quarter is background
        assert (limit.undone, limit.background, limit.slow_start, limit.limit) == (1, 0.25, True, 64)
        assert limit.decreases == 2 and limit.low_limit == 9
        # more than the background explains: load after all, halved (and not undone again)
        await one_round(limit, ["rate_limited" if i % 2 else "ok" for i in range(64)])
        assert (limit.limit, limit.slow_start, limit.decreases) == (32, False, 3)
        for _ in range(6):
            await one_round(limit, ["rate_limited" if i % 2 else "ok" for i in range(limit.limit)])
        # halved while half are refused, down to rounds too small to tell half from the background
        # (4 429s of 8 are within two standard deviations of a quarter)
        assert limit.limit <= 10 and limit.undone == 1

    run(go())


async def provider(limit: AdaptiveLimit, calls: int, capacity: int | None = None, every: int | None = None,
                   latency: float = 0.01) -> dict:
    """``calls`` calls through ``limit`` to a simulated provider that answers 429 at once (Retry-After
    ``latency``) to the calls above ``capacity`` in flight, or to every ``every``-th request, and
    each other call after ``latency``. Every call is retried until answered. Returns the requests,
    the 429s, the most attempts a call took and the limit after each reply."""
    state = {"busy": 0, "requests": 0, "refused": 0, "attempts": 0, "limits": []}

    async def call() -> None:
        for attempt in range(1, 100):
            ticket = await limit.acquire()
            state["requests"] += 1
            refused = ((capacity is not None and state["busy"] >= capacity)
                       or (every is not None and state["requests"] % every == 0))
            state["busy"] += not refused
            await asyncio.sleep(latency / 10 if refused else latency)
            state["busy"] -= not refused
            state["refused"] += refused
            await limit.release("rate_limited" if refused else "ok", ticket)
            state["limits"].append(limit.limit)
            if not refused:
                state["attempts"] = max(state["attempts"], attempt)
                return
            await asyncio.sleep(latency)

    await asyncio.gather(*(call() for _ in range(calls)))
    return state


def test_every_4th_request_refused_keeps_the_limit_high():
    async def go():
        limit = AdaptiveLimit(32, 64)
        state = await provider(limit, 600, every=4)
        assert state["refused"] >= 190  # 1 in 4 of about 800 requests
        assert limit.undone == 1 and 0.15 <= limit.background <= 0.35  # a quarter, as measured
        assert sum(state["limits"]) / len(state["limits"]) >= 48  # halving on each 429: about 2
        assert state["attempts"] <= 7  # within the runner's 6 retries

    run(go())


@pytest.mark.parametrize("capacity", [2, 10, 24])
def test_a_provider_that_refuses_what_is_above_its_capacity_still_brings_the_limit_down(capacity):
    async def go():
        limit = AdaptiveLimit(32, 64)
        state = await provider(limit, 400, capacity=capacity)
        assert limit.undone == 0 and limit.background == 0  # its 429s fell with the limit: no undo
        later = state["limits"][len(state["limits"]) // 2:]  # once settled: additive increase, halving
        assert max(later) <= capacity + 1 and min(later) >= capacity // 2
        assert state["refused"] <= 0.3 * state["requests"] and state["attempts"] <= 5

    run(go())


@pytest.mark.slow
def test_every_4th_call_answered_429_by_the_server_fails_nothing_and_keeps_concurrency_high():
    with FakeOpenAIServer(latency=0.1, keep_alive=True) as server:
        server.every = (4, "429")
        judge = llm_judge(OpenAICompatible("m", base_url=server.url, api_key="sk-test"), cache=False)
        result = evaluate(numbered_demo_rows(60), metrics=CORE, judge=judge)
        assert {r[m].status for r in result.metric_results for m in CORE} == {"ok"}
        assert judge.runner.usage.failures == 0
        concurrency = result.provenance["judge"]["runner"]["concurrency"]
        assert concurrency["rate_limited"] >= 50  # 1 in 4 of the 180 calls and their retries
        assert concurrency["undone"] == 1 and 0.1 <= concurrency["background_429_share"] < 0.4
        # halving on each 429 (before), the limit went down to 1-2 and 20 samples took 8 s
        start = RunnerSettings().start_concurrency
        assert concurrency["peak_limit"] >= 2 * start - 8 and concurrency["peak_in_flight"] >= start
