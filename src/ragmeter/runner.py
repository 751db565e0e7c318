"""CallRunner: every LLM call of a run goes through here.

Cache first (only replies that can be used are cached); then rate limits (requests and tokens per minute), an adaptive concurrency
limit (grow by one after a window of successes, halve on a 429), a per-call timeout, and
retries with exponential backoff and jitter on transient failures, honouring Retry-After.
Token usage and cost are tallied from every reply; a budget stops new calls cleanly.
"""

from __future__ import annotations

import asyncio
import random
import time
from collections import deque
from dataclasses import dataclass, field
from typing import Any, Callable, Sequence

from .cache import Cache, cache_key
from .cost import Usage, load_prices, price_of
from .errors import RagmeterError
from .models.base import ChatModel, Completion, Message, PermanentError, TransientError


class BudgetExceeded(RagmeterError):
    """The budget would be passed by the next call; finished samples are kept."""


class DryRunCall(RagmeterError):
    """Raised instead of calling the model in a dry run; the call was counted."""


@dataclass
class RunnerSettings:
    timeout: float = 60.0
    max_retries: int = 6
    backoff_base: float = 1.0
    backoff_cap: float = 60.0
    max_concurrency: int = 16
    start_concurrency: int = 4
    rpm: int | None = None
    tpm: int | None = None
    budget_usd: float | None = None
    prices: dict[str, tuple[float, float]] = field(default_factory=dict)
    dry_run: bool = False
    seed: int | None = None
    #: an object with ``async wait(tokens)`` shared by many runners (the Ray engine's global limiter)
    rate_limiter: Any = None


class AdaptiveLimit:
    """At most ``limit`` calls in flight; additive increase, multiplicative decrease."""

    def __init__(self, start: int, maximum: int):
        self.maximum = max(1, maximum)
        self.limit = max(1, min(start, self.maximum))
        self.in_flight = 0
        self.peak = 0
        self._successes = 0
        self._cond = asyncio.Condition()

    async def acquire(self) -> None:
        async with self._cond:
            await self._cond.wait_for(lambda: self.in_flight < self.limit)
            self.in_flight += 1
            self.peak = max(self.peak, self.in_flight)

    async def release(self, outcome: str) -> None:
        async with self._cond:
            self.in_flight -= 1
            if outcome == "ok":
                self._successes += 1
                if self._successes >= self.limit and self.limit < self.maximum:
                    self.limit += 1
                    self._successes = 0
            elif outcome == "rate_limited":
                self.limit = max(1, self.limit // 2)
                self._successes = 0
            self._cond.notify_all()


class RateLimiter:
    """Sliding one-minute windows of requests and tokens."""

    def __init__(self, rpm: int | None, tpm: int | None, clock=time.monotonic, window_s: float = 60.0):
        self.rpm, self.tpm, self._clock, self.window = rpm, tpm, clock, window_s
        self._requests: deque[float] = deque()
        self._tokens: deque[tuple[float, int]] = deque()
        self._lock = asyncio.Lock()

    async def wait(self, tokens: int) -> None:
        if not self.rpm and not self.tpm:
            return
        async with self._lock:
            while True:
                delay = self.try_acquire(tokens)
                if delay == 0:
                    return
                await asyncio.sleep(min(1.0, max(0.01, delay)))  # re-check the clock at least every second

    def try_acquire(self, tokens: int) -> float:
        """Take a slot now and return 0, or return how long to wait before asking again."""
        now = self._clock()
        while self._requests and now - self._requests[0] >= self.window:
            self._requests.popleft()
        while self._tokens and now - self._tokens[0][0] >= self.window:
            self._tokens.popleft()
        used = sum(t for _, t in self._tokens)
        waits = []
        if self.rpm and len(self._requests) >= self.rpm:
            waits.append(self.window - (now - self._requests[0]))
        if self.tpm and self._tokens and used + tokens > self.tpm:
            waits.append(self.window - (now - self._tokens[0][0]))
        if waits:
            return max(0.001, min(waits))
        self._requests.append(now)
        self._tokens.append((now, tokens))
        return 0.0


def reply_fits(text: str, schema: dict[str, Any] | None) -> bool:
    """Whether a reply holds a JSON object of the schema's shape (any reply, without a schema)."""
    if schema is None:
        return True
    from .judges.llm_parse import JudgeOutputError, parse_reply

    try:
        parse_reply(text, schema)
    except (JudgeOutputError, RecursionError, ValueError, TypeError):
        return False
    return True


def estimate_tokens(messages: Sequence[Message]) -> int:
    return sum(len(m.content) for m in messages) // 4 + 8 * len(messages)


class CallRunner:
    def __init__(self, model: ChatModel, cache: Cache | None = None, settings: RunnerSettings | None = None):
        self.model = model
        self.cache = cache
        self.settings = settings or RunnerSettings()
        self.usage = Usage()
        self.prices = load_prices(self.settings.prices)
        self.price = price_of(model.id, self.prices)
        self.limit: AdaptiveLimit | None = None
        self.rate: Any = None
        self.dry_run_calls: list[dict[str, Any]] = []
        self._loop: asyncio.AbstractEventLoop | None = None
        self._reserved = 0.0
        self._rng = random.Random(self.settings.seed)
        if self.settings.budget_usd is not None and self.price is None and not self.settings.dry_run:
            raise RagmeterError(f"a budget needs the price of '{model.id}': pass prices={{'{model.id}': (input, output)}} "
                                "in USD per million tokens, or set RAGMETER_PRICES.")

    def _ensure_loop_state(self) -> None:
        loop = asyncio.get_running_loop()
        if self.limit is None or self._loop is not loop:  # asyncio primitives belong to one loop
            self._loop = loop
            self.limit = AdaptiveLimit(self.settings.start_concurrency, self.settings.max_concurrency)
            self.rate = self.settings.rate_limiter or RateLimiter(self.settings.rpm, self.settings.tpm)

    def key(self, messages: Sequence[Message], schema, prompt_version: str, temperature: float,
            max_tokens: int | None) -> str:
        return cache_key(self.model.id, prompt_version, temperature, max_tokens, schema,
                         [(m.role, m.content) for m in messages])

    async def call(self, messages: Sequence[Message], schema: dict[str, Any] | None, prompt_version: str,
                   temperature: float = 0.0, max_tokens: int | None = None,
                   usable: Callable[[str], bool] | None = None) -> Completion:
        """One call, answered from the cache when it can be. Only a usable reply is cached (and
        only a usable cached reply is reused), so a re-run asks again where a reply failed:
        ``usable(text)`` decides, by default "holds a JSON object of ``schema``'s shape"."""
        key = self.key(messages, schema, prompt_version, temperature, max_tokens)
        check = usable or (lambda text: reply_fits(text, schema))
        if self.cache is not None:
            hit = self.cache.get(key)
            if hit is not None and check(hit.get("text", "")):
                self.usage.cache_hits += 1
                return Completion(hit["text"], 0, 0, hit.get("finish_reason"))
        estimate = estimate_tokens(messages)
        if self.settings.dry_run:
            self.dry_run_calls.append({"prompt": prompt_version, "prompt_tokens": estimate})
            raise DryRunCall("dry run: call counted, not made")
        reserved = self._reserve_budget(estimate)
        try:
            completion = await self._call_with_retries(messages, schema, temperature, max_tokens, estimate)
        finally:
            self._reserved -= reserved
        self.usage.add(completion.prompt_tokens or estimate, completion.completion_tokens, self.price)
        if self.cache is not None and completion.finish_reason != "length" and check(completion.text):
            self.cache.put(key, {"text": completion.text, "finish_reason": completion.finish_reason},
                           self.model.id, prompt_version)
        return completion

    def _reserve_budget(self, estimate: int) -> float:
        """Refuse a call that could pass the budget, counting calls already in flight."""
        budget = self.settings.budget_usd
        if budget is None or self.price is None:
            return 0.0
        spent = self.usage.cost_usd or 0.0
        cost = estimate * (self.price[0] + self.price[1] / 4) / 1e6  # the prompt, and a reply a quarter as long
        if spent + self._reserved + cost > budget:
            raise BudgetExceeded(f"budget of ${budget:.4f} reached (spent ${spent:.4f}); finished samples are kept")
        self._reserved += cost
        return cost

    async def _call_with_retries(self, messages, schema, temperature, max_tokens, estimate) -> Completion:
        self._ensure_loop_state()
        assert self.limit is not None and self.rate is not None
        attempt = 0
        while True:
            await self.rate.wait(estimate)
            await self.limit.acquire()
            outcome = "error"
            try:
                completion = await asyncio.wait_for(
                    self.model.complete(messages, schema, temperature, max_tokens), self.settings.timeout)
                outcome = "ok"
                return completion
            except asyncio.TimeoutError:
                error: TransientError = TransientError(f"timed out after {self.settings.timeout:g} s")
            except TransientError as exc:
                error = exc
                if exc.rate_limited:
                    outcome = "rate_limited"
            except PermanentError:
                self.usage.failures += 1
                raise
            finally:
                await self.limit.release(outcome)
            attempt += 1
            if attempt > self.settings.max_retries:
                self.usage.failures += 1
                raise TransientError(f"{error} (gave up after {attempt} attempts)")
            self.usage.retries += 1
            delay = error.retry_after if error.retry_after is not None else min(
                self.settings.backoff_cap, self.settings.backoff_base * 2 ** (attempt - 1)) * self._rng.uniform(0.5, 1.5)
            await asyncio.sleep(delay)

    def describe(self) -> dict[str, Any]:
        s = self.settings
        return {"timeout_s": s.timeout, "max_retries": s.max_retries, "max_concurrency": s.max_concurrency,
                "rpm": s.rpm, "tpm": s.tpm, "budget_usd": s.budget_usd, "price_per_mtok": self.price,
                "cache": str(self.cache.path) if self.cache else None}
