"""How many calls run at once and how fast.

``AdaptiveLimit``: slow start, then additive increase and multiplicative decrease, as TCP's
congestion control does them. It starts at ``start`` calls in flight (32 by default, see
runner.py) and grows by one with each success, so it doubles every round of replies, until the
first timeout, the first decrease or its ceiling; then by one after a window of successes.

**One decrease per round trip.** A round ends, as in TCP, when a call sent in it is answered.
A round in which calls are answered 429 halves the limit, once. Each call carries a ``Ticket``
from ``acquire``: the epoch it was sent in (a new one begins at each decrease) and its round. A
429 to a call sent before the last decrease says nothing about the lowered limit and does not
decrease it again, so a burst refused at once halves it once, not once per 429. When most calls
of an epoch (8 or more) were refused, the limit falls to the number that got through, as TCP
restarts after a timeout: halving once a round would take four rounds to bring a first burst of
32 down to a provider that takes 2.

**429s that do not follow the load.** A provider that refuses one call in four whatever it is
sent would still cost a halving every round, down to about two calls in flight. So the first run
of halvings is checked, as TCP checks a window reduction for being spurious and undoes it: the
calls out at its first halving (once all answered) are compared with the calls sent after it with
no more calls out than the lowered limit. If those were refused in much the same share (at least
UNDO_RATIO of the share before, less one standard error, and under LOAD_SHARE), halving did not
help: the limit and slow start are restored, and that share is taken as background; from then on
a round halves the limit only when its 429s are more than the background explains (two standard
deviations above it). A provider whose 429s follow the load refuses a smaller share at a lower
limit (none below its capacity), so its halvings stand. This is done once a run: a provider whose
refusals are part background and part load could otherwise be sent back above its capacity again
and again.

The ceiling is the lowest of ``max_concurrency`` and the caps that rate limits imply: --rpm /
--tpm, and the rate-limit headers a provider sends (x-ratelimit-* from OpenAI and most compatible
servers, anthropic-ratelimit-* from Anthropic). A rate limit of R per minute allows at most R / 10
calls in flight (six seconds' worth: more would be a burst the provider refuses even under its
per-minute limit), and a provider that says only N requests (or tokens for N calls) remain allows
at most N until it says otherwise.

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
#: the first run of halvings is undone when the calls sent with no more out than the lowered limit
#: were refused in at least this share of the share refused among the calls out at its first halving
#: (less one standard error) ...
UNDO_RATIO = 0.75
#: ... and in less than this share (more is load, whatever the ratio) ...
LOAD_SHARE = 0.4
#: ... with at least this many of each answered
UNDO_MIN_REPLIES = 8
#: a run of halvings not undone after this many windows of such calls (the lowered limit, or
#: UNDO_MIN_REPLIES if more) is taken to follow the load
UNDO_WINDOWS = 8
#: an epoch of at least this many calls, most of them refused, brings the limit down to those answered
MOST_REFUSED_MIN_CALLS = 8


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


@dataclass(frozen=True)
class Ticket:
    """What ``AdaptiveLimit.acquire`` hands a call, to be given back with ``release``: the epoch
    it was sent in (one begins at each decrease, and at an undo), its round trip, and its place
    in the order of sending."""

    epoch: int
    round: int
    seq: int
    #: sent, while a run of halvings was under way, with no more calls out (itself included) than its lowered limit
    low: bool = False


@dataclass
class _Tally:
    """Calls sent and how they were answered."""

    sent: int = 0
    answered: int = 0
    refused: int = 0
    replies: int = 0  # any outcome
    judged: bool = False  # looked at once all its calls were answered

    def add(self, outcome: str) -> None:
        self.replies += 1
        self.answered += outcome == "ok"
        self.refused += outcome == "rate_limited"

    @property
    def share(self) -> float:
        return self.refused / max(1, self.answered + self.refused)


@dataclass
class _Halvings:
    """A run of halvings, to be undone if the share of 429s did not follow them. The reference is
    the calls in flight at the first halving (sent at the level it halved); "after" is the calls
    sent since with no more calls in flight, themselves included, than the lowered limit (so the
    provider had at most that many of ours when it answered them)."""

    before: tuple[int, bool]  # the limit and slow start before the first halving
    window: int  # the limit after it
    last_seq: int  # the calls sent up to this one and still out at the first halving are the reference
    out: int  # how many of them are still out
    reference: _Tally
    after: _Tally


class AdaptiveLimit:
    """At most ``limit`` calls in flight: slow start, then additive increase, and a halving per
    round trip with more 429s than the background explains (see the module's docstring)."""

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
        #: decreases (halvings, and falls to the calls answered), and undone runs of them (at most one)
        self.decreases = 0
        self.undone = 0
        #: the lowest the limit went after the start
        self.low_limit = self.limit
        #: the share of calls the provider refuses whatever the load, once an undone halving showed it
        self.background = 0.0
        self._successes = 0
        self._tpm = tpm
        self._tokens_per_call: float | None = None
        self._cond = asyncio.Condition()
        self._seq = 0
        self._epoch = 0
        self._tallies: dict[int, _Tally] = {0: _Tally()}  # the calls of recent epochs
        self._halvings: _Halvings | None = None
        # the round trip, the calls of this epoch in flight, and this round's: those in flight
        # when it began, and the 429s among them
        self._round = 0
        self._epoch_in_flight = 0
        self._round_size = 0
        self._round_refused = 0
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
        self.low_limit = min(self.low_limit, self.limit)

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
    async def acquire(self) -> Ticket:
        """Wait for a slot; the ticket goes back with ``release``."""
        async with self._cond:
            await self._cond.wait_for(lambda: self.in_flight < self.limit)
            self.in_flight += 1
            self._epoch_in_flight += 1
            self._tallies[self._epoch].sent += 1
            self._seq += 1
            self.peak = max(self.peak, self.in_flight)
            run = self._halvings
            return Ticket(self._epoch, self._round, self._seq, run is not None and self.in_flight <= run.window)

    async def release(self, outcome: str, ticket: Ticket | None = None) -> None:
        """``outcome``: "ok", "rate_limited" (a 429), "timeout" or "error". Without ``ticket`` the
        call counts as the last one sent."""
        async with self._cond:
            if ticket is None:
                ticket = Ticket(self._epoch, self._round, self._seq)
            current = ticket.epoch == self._epoch
            if ticket.round >= self._round:  # a call of this round answered: the next round begins
                self._round += 1
                self._round_size = self._epoch_in_flight
                self._round_refused = 0
            self.in_flight -= 1
            self._epoch_in_flight -= current
            tally = self._tallies.get(ticket.epoch)
            if tally is not None:
                tally.add(outcome)
            self._count(ticket, outcome)
            if outcome == "ok":
                self._grow()
            elif outcome == "rate_limited":
                self.rate_limited += 1
                if current:
                    self._round_refused += 1
                    if self._round_refused > self._explained(self._round_size):
                        self._decrease(outcome)
            elif outcome == "timeout":
                self.slow_start = False
            if tally is not None and not current and not tally.judged and tally.replies >= tally.sent:
                tally.judged = True
                if tally.sent >= MOST_REFUSED_MIN_CALLS and tally.refused > tally.answered:
                    self._down_to(tally)
            self._check()
            self._cond.notify_all()

    def _explained(self, calls: int) -> float:
        """The 429s among ``calls`` that the background share explains (two standard deviations
        above its mean); with no background, none."""
        b = self.background
        return b * calls + 2 * math.sqrt(calls * b * (1 - b))

    def _count(self, ticket: Ticket, outcome: str) -> None:
        """Count a reply for the run of halvings: in its reference, or after it."""
        run = self._halvings
        if run is None:
            return
        if ticket.seq <= run.last_seq:
            if run.out > 0:
                run.reference.add(outcome)
                run.out -= 1
        elif ticket.low:
            run.after.add(outcome)

    def _new_epoch(self) -> None:
        self._epoch += 1
        self._tallies[self._epoch] = _Tally()
        for old in [e for e in self._tallies if e < self._epoch - 3]:
            del self._tallies[old]
        self._epoch_in_flight = 0  # the calls still out were sent before
        self._round_size = self._round_refused = 0
        self._successes = 0

    def _lower(self, limit: int, reference: _Tally, out: int) -> None:
        """Lower the limit (a new epoch). The first lowering of a run, until one was undone, keeps
        ``reference`` (with the ``out`` calls still in flight) to compare the calls sent after them with."""
        if self._halvings is None and not self.undone:
            self._halvings = _Halvings((self.limit, self.slow_start), limit, self._seq, out, reference, _Tally())
        self.slow_start = False
        self.limit = limit
        self.low_limit = min(self.low_limit, limit)
        self.decreases += 1
        self._new_epoch()

    def _decrease(self, outcome: str) -> None:
        """Halve the limit, once for this round trip; the calls out now, and the one refused, are
        the reference."""
        reference = _Tally()
        reference.add(outcome)
        self._lower(max(1, self.limit // 2), reference, self.in_flight)

    def _down_to(self, tally: _Tally) -> None:
        """Most of an epoch's calls were refused: down to the number that got through (as TCP
        restarts after a timeout), where halving once per round trip would take four round trips
        to bring a first burst of 32 down to a provider that takes 2."""
        if tally.answered < self.limit:
            self._lower(max(1, tally.answered), tally, 0)

    def _check(self) -> None:
        """Undo the first run of halvings if the share of 429s did not fall with it (see the
        module's docstring); drop the run once the limit is back where it was, after UNDO_WINDOWS
        windows of calls to compare, or if too few calls were out at its first halving."""
        run = self._halvings
        if run is None:
            return
        ref, after = run.reference, run.after
        if (self.limit >= run.before[0] or after.replies >= UNDO_WINDOWS * max(run.window, UNDO_MIN_REPLIES)
                or (not run.out and ref.replies < UNDO_MIN_REPLIES)):
            self._halvings = None
            return
        if run.out or after.replies < UNDO_MIN_REPLIES:
            return
        n = ref.answered + ref.refused
        low = ref.share - math.sqrt(ref.share * (1 - ref.share) / max(1, n))
        if after.refused and after.share < LOAD_SHARE and after.share >= UNDO_RATIO * low:
            self.background = min(after.share, ref.share)
            self.undone += 1
            self.limit = min(self.maximum, max(self.limit, run.before[0]))
            self.slow_start = run.before[1]
            self.peak_limit = max(self.peak_limit, self.limit)
            self._halvings = None
            self._new_epoch()

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
                "peak_limit": self.peak_limit, "low_limit": self.low_limit, "slow_start": self.slow_start,
                "caps": self.caps, "rate_limited": self.rate_limited, "decreases": self.decreases,
                "undone": self.undone, "background_429_share": round(self.background, 3)}


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
