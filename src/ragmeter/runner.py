"""CallRunner: every call a run makes to a model goes through here, chat and embeddings alike.

Cache first (only replies that can be used are cached); then the circuit breaker and the run's
deadline (breaker.py, deadline.py), rate limits and an adaptive concurrency limit that starts
at 32 and doubles while calls succeed, halves at most once per round trip of 429s (a halving the
429s did not follow is undone), capped by --rpm/--tpm and by the provider's rate-limit headers
(limits.py),
the budget reserved on the call's worst case at the moment it is sent (budget.py), a per-call
timeout, and retries with exponential backoff and jitter on transient failures, honouring
Retry-After up to a cap. Usage is checked and priced from every reply; replies and error
messages are scrubbed of API keys before anything keeps them (redaction.py). In a dry run
calls are counted and answered by stand-ins (dry_run.py).
"""

from __future__ import annotations

import asyncio
import random
import warnings
from dataclasses import dataclass, field
from typing import Any, Awaitable, Callable, Sequence

import numpy as np

from .breaker import CircuitBreaker, EndpointDown
from .budget import Budget, BudgetExceeded, check_budget, checked_tokens, prompt_token_bound, prompt_token_estimate
from .cache import Cache, cache_key
from .cost import Usage, cost_of, load_prices, price_of
from .deadline import Deadline, DeadlineExceeded
from .dry_run import DryRunCall, DryRunTally, stand_in_reply
from .errors import ConfigError, RagmeterWarning
from .limits import AdaptiveLimit, RateLimiter, rate_limits_from_headers
from .models.base import ChatModel, Completion, Embedder, Message, PermanentError, TransientError, normalise
from .redaction import scrub, scrub_error

__all__ = ["CallRunner", "RunnerSettings", "BudgetExceeded", "DryRunCall", "EndpointDown", "DeadlineExceeded",
           "AdaptiveLimit", "RateLimiter", "reply_fits", "estimate_tokens"]


@dataclass
class RunnerSettings:
    timeout: float = 60.0
    max_retries: int = 6
    backoff_base: float = 1.0
    backoff_cap: float = 60.0
    #: a server's Retry-After is honoured up to this many seconds
    retry_after_cap: float = 60.0
    #: attempts in a row that cannot reach the model (or are refused with 401/403/404) before the run stops calling it
    breaker_threshold: int = 8
    #: the reply length a budget assumes for a call that sets no max_tokens
    assumed_reply_tokens: int = 4096
    #: the ceiling of calls in flight (lowered by rpm, tpm and the provider's rate-limit headers)
    max_concurrency: int = 64
    #: calls in flight at the start; one more per success (slow start) until the first timeout or decrease.
    #: 32: 60 calls in two round trips instead of four (from 8); below the 50 in flight that the headers of
    #: OpenAI's lowest paid tier (500 requests a minute) allow; a refused first burst halves it once
    start_concurrency: int = 32
    rpm: int | None = None
    tpm: int | None = None
    budget_usd: float | None = None
    prices: dict[str, tuple[float, float]] = field(default_factory=dict)
    dry_run: bool = False
    seed: int | None = None
    #: an object with ``async wait(tokens)`` shared by many runners (the Ray engine's global limiter)
    rate_limiter: Any = None

    def __post_init__(self) -> None:
        self.budget_usd = check_budget(self.budget_usd)
        for name in ("timeout", "retry_after_cap"):
            value = getattr(self, name)
            if not (isinstance(value, (int, float)) and value > 0 and value != float("inf")):
                raise ConfigError(f"{name} must be a number of seconds above 0; got {value!r}.")


def reply_fits(text: str, schema: dict[str, Any] | None) -> bool:
    """Whether a reply holds a JSON object of the schema's shape (any reply, without a schema)."""
    if schema is None:
        return True
    from .judges.llm.parse import JudgeOutputError, parse_reply

    try:
        parse_reply(text, schema)
    except (JudgeOutputError, RecursionError, ValueError, TypeError):
        return False
    return True


def estimate_tokens(messages: Sequence[Message]) -> int:
    return prompt_token_estimate([m.content for m in messages])


class CallRunner:
    def __init__(self, model: ChatModel, cache: Cache | None = None, settings: RunnerSettings | None = None):
        self.model = model
        self.cache = cache
        self.settings = settings or RunnerSettings()
        self.usage = Usage()
        #: per prompt name ("claims_support", ..., "embeddings"): calls, cache hits, repairs, tokens, cost
        self.usage_by_prompt: dict[str, dict[str, Any]] = {}
        self._in_flight: dict[str, asyncio.Future] = {}  # cache key -> the reply of the same request in flight
        self.prices = load_prices(self.settings.prices)
        self.price = price_of(model.id, self.prices)
        self.budget = Budget(self.settings.budget_usd)
        self.breaker = CircuitBreaker(self.settings.breaker_threshold, model.id)
        self.deadline = Deadline()
        self.dry = DryRunTally()
        self.limit: AdaptiveLimit | None = None
        self.rate: Any = None
        self._on_spend: Callable[[float], None] | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._warned: set[str] = set()
        self._rng = random.Random(self.settings.seed)
        if self.settings.budget_usd is not None and self.price is None and not self.settings.dry_run:
            raise ConfigError(f"a budget needs the price of '{model.id}': pass prices={{'{model.id}': (input, output)}} "
                              "in USD per million tokens, or set RAGMETER_PRICES.")

    @property
    def dry_run_calls(self) -> list[dict[str, Any]]:
        return self.dry.calls

    def start_run(self, deadline_s: float | None = None, spent_before: float = 0.0,
                  on_spend: Callable[[float], None] | None = None) -> None:
        """Begin a run: its deadline, what it spent before a --resume, and where to record spending."""
        self.deadline = Deadline(deadline_s)
        self.budget.start(spent_before)
        self.breaker.reset()
        self._on_spend = on_spend
        self._warned.clear()

    def _ensure_loop_state(self) -> None:
        loop = asyncio.get_running_loop()
        if self.limit is None or self._loop is not loop:  # asyncio primitives belong to one loop
            self._loop = loop
            self.limit = AdaptiveLimit(self.settings.start_concurrency, self.settings.max_concurrency,
                                       self.settings.rpm, self.settings.tpm)
            self.rate = self.settings.rate_limiter or RateLimiter(self.settings.rpm, self.settings.tpm)

    def key(self, messages: Sequence[Message], schema, prompt_version: str, temperature: float,
            max_tokens: int | None) -> str:
        return cache_key(self.model.id, prompt_version, temperature, max_tokens, schema,
                         [(m.role, m.content) for m in messages])

    # ---- chat ---------------------------------------------------------------------------
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
                self._count(prompt_version, cache_hit=True)
                return Completion(hit["text"], 0, 0, hit.get("finish_reason"))
            if not self.settings.dry_run:  # the same request already in flight: its reply, as from the cache
                return await self._single_flight(key, prompt_version, lambda: self._send(
                    messages, schema, prompt_version, temperature, max_tokens, key, check))
        return await self._send(messages, schema, prompt_version, temperature, max_tokens, key, check)

    async def _single_flight(self, key: str, prompt_version: str, send: Callable[[], Awaitable[Completion]]) -> Completion:
        shared = self._in_flight.get(key)
        if shared is not None and shared.get_loop() is asyncio.get_running_loop():
            first = await asyncio.shield(shared)
            self.usage.cache_hits += 1
            self._count(prompt_version, cache_hit=True)
            return Completion(first.text, 0, 0, first.finish_reason)
        mine = asyncio.get_running_loop().create_future()
        self._in_flight[key] = mine
        try:
            completion = await send()
            mine.set_result(completion)
            return completion
        except Exception as exc:
            mine.set_exception(exc)
            mine.exception()  # marked as retrieved: the waiters, if any, get it too
            raise
        except BaseException:
            mine.cancel()
            raise
        finally:
            if self._in_flight.get(key) is mine:
                del self._in_flight[key]

    async def _send(self, messages: Sequence[Message], schema: dict[str, Any] | None, prompt_version: str,
                    temperature: float, max_tokens: int | None, key: str, check: Callable[[str], bool]) -> Completion:
        texts = [m.content for m in messages]
        estimate, bound = prompt_token_estimate(texts), prompt_token_bound(texts)
        reply_cap = max_tokens or getattr(self.model, "default_max_tokens", None) or self.settings.assumed_reply_tokens
        if self.settings.dry_run:
            self.dry.add(prompt_version, estimate, reply_cap, self.price)
            return Completion(stand_in_reply(messages, schema), 0, 0, "stop")  # never cached
        completion, reserved = await self._attempts(
            lambda: self.model.complete(messages, schema, temperature, max_tokens), estimate,
            cost_of(self.price, bound, reply_cap) or 0.0)
        tokens = None
        try:
            completion.text = scrub(completion.text if isinstance(completion.text, str) else "")
            tokens = checked_tokens(completion.prompt_tokens, completion.completion_tokens, estimate, bound,
                                    completion.text, reply_cap)
            self.usage.add(tokens.prompt, tokens.completion, self.price)
            self._count(prompt_version, tokens.prompt, tokens.completion, cost_of(self.price, tokens.prompt,
                                                                                   tokens.completion))
            if self.limit is not None:
                self.limit.observe(tokens.prompt + tokens.completion,
                                   rate_limits_from_headers(getattr(completion, "headers", None)))
        finally:  # the reservation is always given back, at what the reply cost
            await self._settle(reserved, cost_of(self.price, tokens.prompt, tokens.completion) if tokens else None,
                               tokens.problem if tokens else None)
        if self.cache is not None and completion.finish_reason != "length" and check(completion.text):
            self.cache.put(key, {"text": completion.text, "finish_reason": completion.finish_reason},
                           self.model.id, prompt_version)
        return completion

    # ---- embeddings ---------------------------------------------------------------------
    def embedder(self, embedder: Embedder) -> Embedder:
        """``embedder`` with its calls through this runner when it calls a server (it has
        ``embed_batch``); an in-process embedder is returned as it is."""
        if not hasattr(embedder, "embed_batch"):
            return embedder
        price = price_of(embedder.id, self.prices)
        if self.settings.budget_usd is not None and price is None and not self.settings.dry_run:
            raise ConfigError(f"a budget needs the price of the embeddings '{embedder.id}': pass "
                              f"prices={{'{embedder.id}': (input, 0)}} in USD per million tokens, or set RAGMETER_PRICES.")
        return RunnerEmbedder(embedder, self, price)

    async def embed(self, embedder: Any, texts: Sequence[str], price: tuple[float, float] | None) -> np.ndarray:
        size = max(1, int(getattr(embedder, "batch_size", 256)))
        batches = [list(texts[i:i + size]) for i in range(0, len(texts), size)]
        parts = await asyncio.gather(*(self._embed_batch(embedder, b, price) for b in batches))
        return normalise([row for part in parts for row in part])

    async def _embed_batch(self, embedder: Any, texts: list[str], price) -> list[list[float]]:
        estimate, bound = prompt_token_estimate(texts), prompt_token_bound(texts)
        if self.settings.dry_run:
            self.dry.add("embeddings", estimate, 0, price)
            return [[1.0, 0.0] for _ in texts]
        reply, reserved = await self._attempts(lambda: embedder.embed_batch(texts), estimate,
                                               cost_of(price, bound, 0) or 0.0)
        tokens = checked_tokens(reply[1] if isinstance(reply[1], int) else -1, 0, estimate, bound, "", 0)
        self.usage.add_embedding(tokens.prompt, price)
        self._count("embeddings", tokens.prompt, 0, cost_of(price, tokens.prompt, 0))
        await self._settle(reserved, cost_of(price, tokens.prompt, 0), tokens.problem)
        return reply[0]

    # ---- the attempts of one call ----------------------------------------------------------
    async def _attempts(self, send: Callable[[], Awaitable[Any]], tokens: int, worst: float) -> tuple[Any, float]:
        """Send until a reply comes, retrying transient failures; returns the reply and the
        budget reserved for it (to be settled with what it cost)."""
        self._ensure_loop_state()
        assert self.limit is not None and self.rate is not None
        attempt = 0
        while True:
            self.breaker.check()
            self.deadline.check()
            await self.rate.wait(tokens)
            outcome = await self._attempt(send, worst)
            if not isinstance(outcome, TransientError):
                return outcome  # (reply, reserved)
            error = outcome  # already counted by the breaker, before its slot was given back
            attempt += 1
            if attempt > self.settings.max_retries:
                self.usage.failures += 1
                raise TransientError(scrub(f"{error} (gave up after {attempt} attempts)"), kind=error.kind)
            self.usage.retries += 1
            await self._wait_before_retry(error, attempt)

    async def _attempt(self, send: Callable[[], Awaitable[Any]], worst: float) -> Any:
        """One attempt: a (reply, reserved) pair, or the TransientError to retry."""
        assert self.limit is not None
        ticket = await self.limit.acquire()
        outcome, reserved = "error", 0.0
        try:
            self.breaker.check()  # again: it may have tripped, or the deadline passed, while this call waited
            self.deadline.check()
            reserved = await self.budget.reserve(worst)  # at send time, on the worst case
            reply = await asyncio.wait_for(send(), self.deadline.bound(self.settings.timeout))
            outcome = "ok"
            self.breaker.success()
            return reply, reserved
        except asyncio.TimeoutError:
            outcome = "timeout"
            self.deadline.check()  # cut off by the run's deadline, not by the endpoint
            error = TransientError(f"timed out after {self.settings.timeout:g} s", kind="timeout")
            self.breaker.record(error)  # before the slot is released: a waiting call then sees a tripped breaker
            return error
        except TransientError as exc:
            outcome = "rate_limited" if exc.rate_limited else "timeout" if exc.kind == "timeout" else "error"
            self.breaker.record(exc)
            return scrub_error(exc)
        except PermanentError as exc:
            self.breaker.record(exc)
            self.usage.failures += 1
            raise scrub_error(exc) from None
        finally:
            await self.limit.release(outcome, ticket)
            if outcome != "ok":
                await self.budget.settle(reserved, 0.0)  # nothing was spent

    async def _wait_before_retry(self, error: TransientError, attempt: int) -> None:
        s = self.settings
        if error.retry_after is not None:
            delay = min(error.retry_after, s.retry_after_cap)
            why = f"the server asked to wait {error.retry_after:g} s (Retry-After, honoured up to {s.retry_after_cap:g} s)"
        else:
            delay = min(s.backoff_cap, s.backoff_base * 2 ** (attempt - 1)) * self._rng.uniform(0.5, 1.5)
            why = f"the next retry is due in {delay:.1f} s"
        if not self.deadline.allows(delay):
            raise DeadlineExceeded(f"{error}; {why}, past the run's deadline of {self.deadline.seconds:g} s. "
                                   "Finished samples are kept; continue with --resume")
        await self.breaker.sleep(delay)

    async def _settle(self, reserved: float, cost: float | None, problem: str | None) -> None:
        await self.budget.settle(reserved, cost)
        if problem:
            self.usage.flagged += 1
            if problem not in self._warned:
                self._warned.add(problem)
                warnings.warn(f"{self.model.id} reported {problem}; counted at the bound", RagmeterWarning,
                              stacklevel=2)
        if self._on_spend is not None and cost:
            self._on_spend(self.budget.total)

    def _count(self, prompt_version: str, prompt_tokens: int = 0, completion_tokens: int = 0,
               cost: float | None = 0.0, cache_hit: bool = False) -> None:
        """Add one call (or cache hit) to the figures of its prompt; a repair counts under its prompt."""
        name, _, rest = prompt_version.partition("@")
        entry = self.usage_by_prompt.setdefault(name, {"calls": 0, "cache_hits": 0, "repairs": 0, "prompt_tokens": 0,
                                                       "completion_tokens": 0, "cost_usd": 0.0})
        if cache_hit:
            entry["cache_hits"] += 1
            return
        entry["calls"] += 1
        entry["repairs"] += rest.endswith("+repair")
        entry["prompt_tokens"] += prompt_tokens
        entry["completion_tokens"] += completion_tokens
        entry["cost_usd"] = None if cost is None or entry["cost_usd"] is None else entry["cost_usd"] + cost

    def describe(self) -> dict[str, Any]:
        s = self.settings
        return {"timeout_s": s.timeout, "max_retries": s.max_retries, "max_concurrency": s.max_concurrency,
                "concurrency": self.limit.describe() if self.limit is not None else None,
                "retry_after_cap_s": s.retry_after_cap, "breaker_threshold": s.breaker_threshold,
                "deadline_s": self.deadline.seconds, "rpm": s.rpm, "tpm": s.tpm, "budget_usd": s.budget_usd,
                "budget": self.budget.describe(), "price_per_mtok": self.price,
                "cache": str(self.cache.path) if self.cache else None}


class RunnerEmbedder(Embedder):
    """An embedder whose calls go through a CallRunner (retries, concurrency, cost, budget)."""

    def __init__(self, inner: Any, runner: CallRunner, price: tuple[float, float] | None):
        self.inner, self.runner, self.price = inner, runner, price
        self.id = inner.id

    def describe(self) -> dict[str, Any]:
        return self.inner.describe()

    async def aembed(self, texts: Sequence[str]) -> np.ndarray:
        return await self.runner.embed(self.inner, list(texts), self.price)

    async def aclose(self) -> None:
        closer = getattr(self.inner, "aclose", None)
        if closer is not None:
            await closer()

