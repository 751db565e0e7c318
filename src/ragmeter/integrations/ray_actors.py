"""The actors of a Ray run: the pool that scores batches, and the limits every actor shares.

Each scorer builds its judge once and scores whole batches with ``evaluate()``. An LLM judge's
call runner is started once per actor for the whole run and given the run's shared state: one
budget for the whole cluster (an actor that reserves each call's worst case, as budget.py does
in one process), one deadline at a fixed wall-clock time, one rate limit. A batch's own start
keeps them, so neither a new batch nor a restarted actor resets what the run has spent.
"""

from __future__ import annotations

import json
import time
import warnings
from typing import Any

from ..budget import Budget, BudgetExceeded
from ..deadline import Deadline
from ..errors import RagmeterWarning

INDEX = "_index"  # the row's position in the data, given by the driver
STATS = "_stats"  # per batch, on its first row: judge batches and LLM usage of that batch


class RemoteRateLimiter:
    """The runner's rate limiter, answered by one actor for the whole cluster."""

    def __init__(self, handle: Any):
        self.handle = handle

    async def wait(self, tokens: int) -> None:
        import asyncio

        while True:
            delay = await self.handle.try_acquire.remote(tokens)
            if delay == 0:
                return
            await asyncio.sleep(delay)


class RunBudget:
    """The run's budget and spending, one actor for the cluster (async: reservations wait in it)."""

    def __init__(self, limit: float | None, spent_before: float):
        self.budget = Budget(limit)
        self.budget.start(spent_before)

    async def reserve(self, worst: float) -> tuple[bool, Any]:
        try:
            return True, await self.budget.reserve(worst)
        except BudgetExceeded as exc:  # told, not raised: Ray would wrap it in its own error
            return False, str(exc)

    async def settle(self, reserved: float, cost: float | None) -> None:
        await self.budget.settle(reserved, cost)

    async def total(self) -> float:
        return self.budget.total

    async def describe(self) -> dict[str, Any]:
        return self.budget.describe()


class RemoteBudget:
    """What a runner needs of its Budget, kept by the run's RunBudget actor."""

    def __init__(self, handle: Any, limit: float | None):
        self.handle, self.limit = handle, limit

    def start(self, spent_before: float = 0.0) -> None:
        """Nothing: the run's budget was started once, by the driver, with what it spent before."""

    @property
    def total(self) -> float:
        import ray

        return ray.get(self.handle.total.remote())

    async def reserve(self, worst: float) -> float:
        if self.limit is None:
            return 0.0
        granted, value = await self.handle.reserve.remote(worst)
        if not granted:
            raise BudgetExceeded(value)
        return value

    async def settle(self, reserved: float, cost: float | None) -> None:
        if reserved or cost:
            await self.handle.settle.remote(reserved, cost)

    def describe(self) -> dict[str, Any]:
        """The limit only: what the run spent is told by the RunBudget actor, to the driver."""
        return {"limit_usd": self.limit, "shared": "one budget for every actor of the run"}


class RunDeadline(Deadline):
    """The run's deadline at a fixed wall-clock time, the same for every actor on every node."""

    def __init__(self, seconds: float, ends_at: float):
        super().__init__(seconds, clock=time.time)
        self._end = ends_at


def join_run(judge: Any, budget: Any, limit: float | None, deadline_s: float | None, ends_at: float | None) -> None:
    """Start an LLM judge's runner once for the whole run, with the run's shared limits."""
    from ..judges.llm.judge import LLMJudge

    if not isinstance(judge, LLMJudge):
        return  # a judge that makes no calls: nothing to limit
    runner = judge.runner
    runner.start_run(None, 0.0, None)
    if deadline_s is not None and ends_at is not None:
        runner.deadline = RunDeadline(deadline_s, ends_at)
    if budget is not None:
        runner.budget = RemoteBudget(budget, limit)  # type: ignore[assignment]  # a Budget's methods, kept by an actor
    # evaluate() starts the runner for each batch; here every batch is part of the run started above,
    # so its deadline, budget and circuit breaker carry on from batch to batch
    runner.start_run = lambda *args, **kwargs: None  # type: ignore[method-assign]


def _usage(judge: Any) -> dict[str, Any] | None:
    usage = judge.usage()
    return usage.to_dict() if usage is not None else None


def usage_delta(before: dict[str, Any] | None, after: dict[str, Any] | None) -> dict[str, Any] | None:
    if before is None or after is None:
        return None
    out = {}
    for key, value in after.items():
        old = before.get(key)
        out[key] = None if value is None or old is None else value - old  # an unpriced call makes the cost unknown
    return out


def _prompts(judge: Any) -> dict[str, dict[str, Any]] | None:
    """A copy of an LLM judge's per-prompt usage so far (None for a judge that makes no calls)."""
    table = getattr(getattr(judge, "runner", None), "usage_by_prompt", None)
    return {name: dict(figures) for name, figures in table.items()} if table is not None else None


def prompts_delta(before: dict[str, Any] | None, after: dict[str, Any] | None) -> dict[str, Any] | None:
    """The per-prompt usage of one batch: after less before (a prompt first asked in it, from zero)."""
    if before is None or after is None:
        return None
    return {name: usage_delta(before.get(name, dict.fromkeys(figures, 0)), figures) for name, figures in after.items()
            if figures != before.get(name)}


def _plain(value: Any) -> Any:
    """A numpy number or array in a result's evidence as JSON has it; anything else as text."""
    return value.tolist() if hasattr(value, "tolist") else str(value)


class Scorer:
    """One actor of the pool: builds the judge once, scores the batches of rows it is given."""

    def __init__(self, metrics: list[str], judge: Any, llm: Any, embeddings: Any, llm_options: dict[str, Any],
                 budget: Any = None, limit: float | None = None, deadline_s: float | None = None,
                 ends_at: float | None = None):
        from ..judges import resolve_judge

        self.metrics = metrics
        self.judge = resolve_judge(judge, llm, embeddings, **llm_options)
        join_run(self.judge, budget, limit, deadline_s, ends_at)

    def __call__(self, batch):
        import pandas as pd

        from ..engine import evaluate

        indices = [int(i) for i in batch[INDEX]]
        rows = batch.drop(columns=[INDEX]).to_dict("records")
        before, prompts = _usage(self.judge), _prompts(self.judge)
        with warnings.catch_warnings():  # the driver has warned about the data once, for all rows
            warnings.simplefilter("ignore", RagmeterWarning)
            result = evaluate(rows, metrics=self.metrics, judge=self.judge)
        out: dict[str, list[Any]] = {INDEX: indices}
        for m in self.metrics:
            out[m] = [json.dumps(row[m].to_dict(), ensure_ascii=False, default=_plain) for row in result.metric_results]
        stats = {"judge_batches": result.provenance.get("judge_batches", {}),
                 "usage": usage_delta(before, _usage(self.judge)),
                 "by_prompt": prompts_delta(prompts, _prompts(self.judge))}
        out[STATS] = [json.dumps(stats)] + [None] * (len(indices) - 1)
        return pd.DataFrame(out)
