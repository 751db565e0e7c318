"""A run's deadline: the calls of a run stop at a fixed time after it started, waits included
(a retry the server asks to delay past the deadline fails at once, and a call in flight is cut
off when it comes). Finished samples are kept; ``--resume`` continues."""

from __future__ import annotations

import math
import time
from typing import Any, Callable

from .errors import ConfigError, DeadlineExceeded


def check_deadline(value: Any) -> float | None:
    if value is None:
        return None
    try:
        seconds = float(value)
    except (TypeError, ValueError):
        seconds = math.nan
    if isinstance(value, bool) or not math.isfinite(seconds) or seconds <= 0:
        raise ConfigError(f"a deadline is a number of seconds above 0; got {value!r}. Give e.g. --deadline 3600 "
                          "(deadline=3600), or leave it out for none.")
    return seconds


class Deadline:
    def __init__(self, seconds: float | None = None, clock: Callable[[], float] = time.monotonic):
        self.seconds = check_deadline(seconds)
        self._clock = clock
        self._end = None if self.seconds is None else clock() + self.seconds

    def remaining(self) -> float | None:
        return None if self._end is None else self._end - self._clock()

    def passed(self) -> bool:
        left = self.remaining()
        return left is not None and left <= 0

    def check(self) -> None:
        if self.passed():
            raise DeadlineExceeded(f"the run's deadline of {self.seconds:g} s passed; finished samples are kept, "
                                   "continue with --resume")

    def allows(self, wait: float) -> bool:
        left = self.remaining()
        return left is None or wait < left

    def bound(self, timeout: float) -> float:
        """A call's timeout, shortened so that it ends by the deadline."""
        left = self.remaining()
        return timeout if left is None else max(0.001, min(timeout, left))
