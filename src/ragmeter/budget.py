"""The budget of a run, in USD, and the token counts it is charged with.

Each call reserves its worst case at the moment it is sent: every byte of the prompt as a token
(a byte-level tokenizer never makes more tokens than bytes) and a reply of ``max_tokens``. When
the reply comes the reservation is replaced by what the reply used, so the money spent plus the
money reserved never passes the budget, however many calls are in flight. A call that would
pass it waits while calls in flight may free their reservations; once the spent money alone
leaves no room for it, the budget is spent and refuses every later call (finished samples are
kept; ``--resume`` with a larger budget continues, counting what the run spent before).

The usage a server reports is checked before it is priced: an unreadable count is estimated, and
a count larger than the request allows (more prompt tokens than bytes, more reply tokens than
``max_tokens``) is counted at that bound and flagged, so a bogus reply cannot "spend" $2.4e9.
"""

from __future__ import annotations

import asyncio
import math
from dataclasses import dataclass
from typing import Any, Sequence

from .errors import BudgetExceeded, ConfigError

PER_TEXT_OVERHEAD = 16  # tokens a chat format may add around each message


def check_budget(value: Any) -> float | None:
    """A budget in USD: a finite number, 0 or more (None: no limit)."""
    if value is None:
        return None
    try:
        budget = float(value)
    except (TypeError, ValueError):
        budget = math.nan
    if isinstance(value, bool) or not math.isfinite(budget) or budget < 0:
        raise ConfigError(f"a budget is an amount of USD, 0 or more; got {value!r}. Give e.g. --budget 2 "
                          "(budget=2.0), or leave it out for no limit.")
    return budget


def prompt_token_estimate(texts: Sequence[str]) -> int:
    """About four characters a token, as for English with OpenAI's tokenizers."""
    return sum(len(t) for t in texts) // 4 + 8 * len(texts)


def prompt_token_bound(texts: Sequence[str]) -> int:
    """At most one token per UTF-8 byte, plus the chat format's overhead."""
    return sum(len(t.encode("utf-8", errors="replace")) for t in texts) + PER_TEXT_OVERHEAD * len(texts)


@dataclass
class CheckedTokens:
    prompt: int
    completion: int
    problem: str | None = None  # why the reported counts were not used as they came


def checked_tokens(reported_prompt: int, reported_completion: int, prompt_estimate: int, prompt_bound: int,
                   reply_text: str, reply_bound: int) -> CheckedTokens:
    """The counts to charge: as reported when possible, estimated when absent or unreadable,
    at the bound (and flagged) when larger than the request allows."""
    problems = []
    prompt, completion = reported_prompt, reported_completion
    if prompt <= 0:
        if prompt < 0:
            problems.append("an unreadable prompt token count (estimated)")
        prompt = min(prompt_estimate, prompt_bound)
    elif prompt > prompt_bound:
        problems.append(f"{reported_prompt} prompt tokens for a prompt of at most {prompt_bound}")
        prompt = prompt_bound
    if completion <= 0:
        if completion < 0:
            problems.append("an unreadable reply token count (estimated)")
        completion = min(len(reply_text) // 4 + 1, reply_bound) if reply_text else 0
    elif completion > reply_bound:
        problems.append(f"{reported_completion} reply tokens where at most {reply_bound} were allowed")
        completion = reply_bound
    return CheckedTokens(prompt, completion, "; ".join(problems) or None)


class Budget:
    """Spent + reserved never passes ``limit``. Spending before a ``--resume`` counts too."""

    def __init__(self, limit: float | None):
        self.limit = check_budget(limit)
        self.before = 0.0  # spent by earlier sessions of the same run
        self.spent = 0.0  # spent by this session
        self.reserved = 0.0
        self.exhausted = False
        self._cond: asyncio.Condition | None = None
        self._loop: Any = None

    def start(self, spent_before: float = 0.0) -> None:
        self.before, self.spent, self.reserved, self.exhausted = float(spent_before), 0.0, 0.0, False

    @property
    def total(self) -> float:
        return self.before + self.spent

    def _condition(self) -> asyncio.Condition:
        loop = asyncio.get_running_loop()
        if self._cond is None or self._loop is not loop:  # asyncio primitives belong to one loop
            self._cond, self._loop = asyncio.Condition(), loop
        return self._cond

    async def reserve(self, worst: float) -> float:
        """Reserve ``worst`` USD, waiting for calls in flight if they may free enough; raises
        BudgetExceeded once the money spent leaves no room for it."""
        if self.limit is None:
            return 0.0
        cond = self._condition()
        async with cond:
            while True:
                if self.exhausted or self.total + worst > self.limit:
                    self.exhausted = True
                    raise BudgetExceeded(self._refusal(worst))
                if self.total + self.reserved + worst <= self.limit:
                    self.reserved += worst
                    return worst
                await cond.wait()

    async def settle(self, reserved: float, cost: float | None) -> None:
        """Replace a reservation by what the call cost (0 or None: nothing was spent)."""
        self.spent += cost or 0.0
        if self.limit is None:
            return
        cond = self._condition()
        async with cond:
            self.reserved = max(0.0, self.reserved - reserved)
            cond.notify_all()

    def _refusal(self, worst: float) -> str:
        before = f", ${self.before:.4f} of it before --resume" if self.before else ""
        return (f"budget of ${self.limit:.4f} reached (spent ${self.total:.4f}{before}; the next call could cost "
                f"up to ${worst:.4f}); finished samples are kept, continue with --resume and a larger --budget")

    def describe(self) -> dict[str, Any]:
        return {"limit_usd": self.limit, "spent_before_usd": round(self.before, 6),
                "spent_total_usd": round(self.total, 6)}
