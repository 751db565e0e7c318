"""The circuit breaker of a run's calls: after ``threshold`` attempts in a row that could not
reach the model (connection refused or reset, host unknown, timed out) or were turned away at
the door (HTTP 401, 403, 404: a wrong key, endpoint or model name), the endpoint is taken to be
down and every later call of the run fails at once with one clear message, instead of retrying
for hours. Any other outcome (a reply, a 429, a 5xx, a 400) shows the endpoint is there and
starts the count again."""

from __future__ import annotations

import asyncio
from typing import Any

from .errors import EndpointDown
from .models.base import PermanentError, TransientError

DOOR_STATUSES = (401, 403, 404)


def is_endpoint_failure(exc: BaseException) -> bool:
    if isinstance(exc, TransientError):
        return exc.kind in ("connection", "timeout")
    return isinstance(exc, PermanentError) and getattr(exc, "status", None) in DOOR_STATUSES


class CircuitBreaker:
    def __init__(self, threshold: int, name: str):
        self.threshold = max(1, int(threshold))
        self.name = name
        self.consecutive = 0
        self.message: str | None = None
        self._event: asyncio.Event | None = None
        self._loop: Any = None

    @property
    def tripped(self) -> bool:
        return self.message is not None

    def reset(self) -> None:
        self.consecutive, self.message = 0, None
        self._event = None

    def _tripped_event(self) -> asyncio.Event:
        loop = asyncio.get_running_loop()
        if self._event is None or self._loop is not loop:
            self._event, self._loop = asyncio.Event(), loop
            if self.tripped:
                self._event.set()
        return self._event

    def record(self, exc: BaseException) -> None:
        """Count a failed attempt; trip when ``threshold`` such failures came in a row."""
        if not is_endpoint_failure(exc):
            self.consecutive = 0
            return
        self.consecutive += 1
        if self.consecutive >= self.threshold and not self.tripped:
            self.message = (f"stopped calling {self.name}: {self.consecutive} attempts in a row failed to reach it "
                            f"(last: {exc}). Check the endpoint, the model name and the API key (--llm, "
                            "OPENAI_BASE_URL / ANTHROPIC_BASE_URL, the *_API_KEY variable), then continue with --resume.")
            self._tripped_event().set()

    def success(self) -> None:
        self.consecutive = 0

    def check(self) -> None:
        if self.message is not None:
            raise EndpointDown(self.message)

    async def sleep(self, seconds: float) -> None:
        """Wait ``seconds``, or less if the breaker trips meanwhile."""
        try:
            await asyncio.wait_for(self._tripped_event().wait(), max(0.0, seconds))
        except asyncio.TimeoutError:
            pass
