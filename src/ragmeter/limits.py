"""How many calls run at once and how fast.

``AdaptiveLimit``: slow start, then additive increase and multiplicative decrease. It starts at
a few calls in flight and grows by one with each success (so it doubles every round of replies)
until the first 429 or timeout, or its ceiling; from then on it grows by one after a window of
successes and halves on each 429. The ceiling is the lowest of ``max_concurrency`` and the caps
that rate limits imply: --rpm / --tpm, and the rate-limit headers a provider sends
(x-ratelimit-* from OpenAI and most compatible servers, anthropic-ratelimit-* from Anthropic).
A rate limit of R per minute allows at most R / 10 calls in flight (six seconds' worth: more
would be a burst the provider refuses even under its per-minute limit), and a provider that says
only N requests (or tokens for N calls) remain allows at most N until it says otherwise.

``RateLimiter``: sliding one-minute windows of requests and tokens.
"""

from __future__ import annotations

import asyncio
import math
import time
from collections import deque
from dataclasses import dataclass
from typing import Mapping

#: the share of a per-minute rate limit that may be in flight at once
BURST_SHARE = 0.1


@dataclass(frozen=True)
class RateLimits:
    """What a provider said about its rate limits in one reply's headers (None: not said)."""

    limit_requests: int | None = None
    remaining_requests: int | None = None
    limit_tokens: int | None = None
    remaining_tokens: int | None = None

    def __bool__(self) -> bool:
        return any(v is not None for v in (self.limit_requests, self.remaining_requests, self.limit_tokens,
                                           self.remaining_tokens))


_HEADERS = {
    "limit_requests": ("x-ratelimit-limit-requests", "anthropic-ratelimit-requests-limit"),
    "remaining_requests": ("x-ratelimit-remaining-requests", "anthropic-ratelimit-requests-remaining"),
    "limit_tokens": ("x-ratelimit-limit-tokens", "anthropic-ratelimit-tokens-limit"),
    "remaining_tokens": ("x-ratelimit-remaining-tokens", "anthropic-ratelimit-tokens-remaining"),
}


def rate_limits_from_headers(headers: Mapping[str, str] | None) -> RateLimits | None:
    """The rate limits a reply's headers declare; None when it declares none (or ``headers`` is None)."""
    if not headers:
        return None
    lower = {str(k).lower(): v for k, v in headers.items()}
    values: dict[str, int | None] = {}
    for field, names in _HEADERS.items():
        values[field] = None
        for name in names:
            try:
                number = float(str(lower[name]).strip())
            except (KeyError, ValueError):
                continue
            if number >= 0 and number == number and number != float("inf"):
                values[field] = int(number)
                break
    limits = RateLimits(**values)
    return limits or None


def per_minute_cap(per_minute: float) -> int:
    """The calls in flight a limit of ``per_minute`` allows."""
    return max(1, math.ceil(per_minute * BURST_SHARE))


class AdaptiveLimit:
    """At most ``limit`` calls in flight: slow start, then additive increase, multiplicative decrease."""

    def __init__(self, start: int, maximum: int, rpm: int | None = None, tpm: int | None = None):
        self.configured = max(1, maximum)
        self._caps: dict[str, int] = {}
        self.maximum = self.configured
        self.limit = max(1, min(start, self.maximum))
        self.slow_start = True
        self.in_flight = 0
        self.peak = 0
        self.peak_limit = self.limit
        self.rate_limited = 0
        self._successes = 0
        self._tpm = tpm
        self._tokens_per_call: float | None = None
        self._cond = asyncio.Condition()
        if rpm:
            self.cap("rpm", per_minute_cap(rpm))

    # ---- the ceiling ------------------------------------------------------------------------
    def cap(self, source: str, value: int | None) -> None:
        """Set (or, with None, lift) the cap from one source; the ceiling is the lowest of them."""
        if value is None:
            self._caps.pop(source, None)
        else:
            self._caps[source] = max(1, int(value))
        self.maximum = min([self.configured, *self._caps.values()])
        self.limit = min(self.limit, self.maximum)

    @property
    def caps(self) -> dict[str, int]:
        return dict(self._caps)

    def observe(self, tokens: int, limits: RateLimits | None = None) -> None:
        """After a reply: the tokens the call used (for the token caps) and the rate limits the
        provider declared in its headers, if any."""
        if tokens > 0:
            mean = self._tokens_per_call
            self._tokens_per_call = float(tokens) if mean is None else 0.9 * mean + 0.1 * tokens
        per_call = max(1.0, self._tokens_per_call or 1.0)
        if self._tpm:
            self.cap("tpm", per_minute_cap(self._tpm / per_call))
        if limits:
            caps = []
            if limits.limit_requests:
                caps.append(per_minute_cap(limits.limit_requests))
            if limits.remaining_requests is not None:
                caps.append(limits.remaining_requests)
            if limits.limit_tokens:
                caps.append(per_minute_cap(limits.limit_tokens / per_call))
            if limits.remaining_tokens is not None:
                caps.append(int(limits.remaining_tokens / per_call))
            self.cap("headers", min(caps) if caps else None)

    # ---- slots ------------------------------------------------------------------------------
    async def acquire(self) -> None:
        async with self._cond:
            await self._cond.wait_for(lambda: self.in_flight < self.limit)
            self.in_flight += 1
            self.peak = max(self.peak, self.in_flight)

    async def release(self, outcome: str) -> None:
        """``outcome``: "ok", "rate_limited" (a 429), "timeout" or "error"."""
        async with self._cond:
            self.in_flight -= 1
            if outcome == "ok":
                self._grow()
            elif outcome == "rate_limited":
                self.rate_limited += 1
                self.slow_start = False
                self.limit = max(1, self.limit // 2)
                self._successes = 0
            elif outcome == "timeout":
                self.slow_start = False
            self._cond.notify_all()

    def _grow(self) -> None:
        if self.limit >= self.maximum:
            self._successes = 0
            return
        self._successes += 1
        if self.slow_start:  # one more per success: twice as many after each round of replies
            self.limit += 1
            self._successes = 0
        elif self._successes >= self.limit:
            self.limit += 1
            self._successes = 0
        self.peak_limit = max(self.peak_limit, self.limit)

    def describe(self) -> dict:
        return {"limit": self.limit, "maximum": self.maximum, "peak_in_flight": self.peak,
                "peak_limit": self.peak_limit, "slow_start": self.slow_start, "caps": self.caps,
                "rate_limited": self.rate_limited}


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
