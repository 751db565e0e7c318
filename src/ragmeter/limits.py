"""How many calls run at once and how fast: an adaptive concurrency limit (grow by one after a
window of successes, halve on a 429) and sliding one-minute windows of requests and tokens."""

from __future__ import annotations

import asyncio
import time
from collections import deque


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
