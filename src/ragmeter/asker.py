"""Asker: the metrics' view of a judge, with each question asked once and asked in batches.

Metrics ``await`` one question at a time (``await ask.claims(text)``). The Asker gathers the
questions that the metrics being scored ask into one batch per primitive, sends each distinct
question once (faithfulness and answer correctness share the claims of a response), and hands
every caller its answer. If a batch fails, its items are retried one by one so that one bad
item fails alone; an ``ItemFailure`` among a judge's answers fails its item alone.

When a batch is sent is explicit. The engine scores each metric of each sample inside
``ask.scoring()``; the Asker counts, per metric being scored, the lines of work that are
running (the metric itself, and the questions it asks side by side with ``ask.gather``): one
stops running when it asks a question and runs again when its answer is set. Once no metric
being scored is running, every one of them waits for an answer, and the questions asked are
flushed, one batch per primitive: no batch leaves while a metric that could add to it runs.
Questions asked outside ``scoring()`` are flushed once the callbacks already due in the event
loop have run; ``flush()`` sends everything asked at once.
"""

from __future__ import annotations

import asyncio
import contextvars
from contextlib import contextmanager
from typing import Any, Awaitable, Callable, Coroutine, Hashable, Iterator, Sequence

import numpy as np

from .judges.base import (
    AnswerRelevanceItem,
    ClaimsItem,
    ClaimsSupportItem,
    ItemFailure,
    Judge,
    Relevance,
    SentenceRelevanceItem,
    SupportItem,
    UsefulnessItem,
    Verdict,
)

BatchFn = Callable[[Sequence[Any]], Awaitable[Sequence[Any]]]


class _Scoring:
    """One metric being scored: how many of its lines of work are running (not waiting for an
    answer). A task it starts with asyncio.gather instead of ``ask.gather`` is not counted
    running, only waiting; such a metric is then seen waiting a little early (smaller batches)."""

    __slots__ = ("running",)

    def __init__(self) -> None:
        self.running = 1


_CURRENT: contextvars.ContextVar[_Scoring | None] = contextvars.ContextVar("ragmeter_scoring", default=None)


class _Batcher:
    """Collects items for one primitive and answers them with one call per batch."""

    def __init__(self, fn: BatchFn, max_batch: int, counter: dict[str, int], name: str, owner: Asker):
        self._fn = fn
        self._max_batch = max_batch
        self._memo: dict[Hashable, asyncio.Future] = {}
        self._pending: list[tuple[Hashable, asyncio.Future]] = []
        self._counter = counter
        self._name = name
        self._owner = owner

    def ask(self, item: Hashable) -> asyncio.Future:
        fut = self._memo.get(item)
        if fut is not None:
            return fut
        fut = asyncio.get_running_loop().create_future()
        self._memo[item] = fut
        self._pending.append((item, fut))
        if len(self._pending) >= self._max_batch:
            self.flush()
        return fut

    def flush(self) -> None:
        """Send the questions asked so far as one batch."""
        if self._pending:
            batch, self._pending = self._pending, []
            try:  # before any batch of this flush runs (they run once the flush returns)
                self._owner.judge.prefetch(self._name, [item for item, _ in batch])
            except Exception:  # noqa: BLE001 - only a hint: the batch then computes everything and meets the error itself
                pass
            self._owner._spawn(self._run(batch))

    async def _run(self, batch: list[tuple[Hashable, asyncio.Future]]) -> None:
        items = [item for item, _ in batch]
        self._counter[self._name] = self._counter.get(self._name, 0) + 1
        try:
            with self._owner.judge.batch_context():
                answers = await self._fn(items)
            if len(answers) != len(items):
                raise RuntimeError(f"judge returned {len(answers)} answers for {len(items)} questions")
        except Exception as exc:  # noqa: BLE001 - isolate the failing item below
            if len(batch) == 1:
                self._fail(batch[0], exc)
                return
            for one in batch:
                await self._run([one])
            return
        for entry, answer in zip(batch, answers):
            if isinstance(answer, ItemFailure):  # the judge failed this item alone
                self._fail(entry, answer.error)
            elif not entry[1].done():
                self._owner._answered(entry[1])
                entry[1].set_result(answer)

    def _fail(self, entry: tuple[Hashable, asyncio.Future], exc: Exception) -> None:
        item, fut = entry
        self._memo.pop(item, None)  # a later identical question may try again
        if not fut.done():
            self._owner._answered(fut)
            fut.set_exception(exc)


class Asker:
    """Memoised, batched access to a Judge's primitives for one run."""

    def __init__(self, judge: Judge, max_batch: int = 512):
        self.judge = judge
        self.batches: dict[str, int] = {}
        self._tasks: set[asyncio.Task] = set()  # strong references: the loop keeps only weak ones
        self._busy = 0  # metrics being scored that have a line of work running
        self._waiters: dict[asyncio.Future, list[_Scoring]] = {}  # a question's future -> the metrics waiting on it
        self._flush_due = False

        def make(name: str, fn: BatchFn) -> _Batcher:
            return _Batcher(fn, max_batch, self.batches, name, self)

        self._claims = make("split_claims", judge.split_claims)
        self._support = make("support", judge.support)
        self._claims_support = make("claims_support", judge.claims_support)
        self._usefulness = make("usefulness", judge.usefulness)
        self._sentences = make("relevant_sentences", judge.relevant_sentences)
        self._answer = make("answer_relevance", judge.answer_relevance)
        self._embed = make("embed", self._embed_batch)
        self._similarity = make("similarity", judge.similarity)
        self._batchers = (self._claims, self._support, self._claims_support, self._usefulness, self._sentences,
                          self._answer, self._embed, self._similarity)

    def forget(self) -> None:
        """Drop remembered answers (between windows of a long run) to bound memory."""
        for batcher in self._batchers:
            batcher._memo = {k: f for k, f in batcher._memo.items() if not f.done()}

    # ---- when batches are sent -----------------------------------------------------------
    @contextmanager
    def scoring(self) -> Iterator[None]:
        """Score one metric of one sample inside this: the questions asked are sent once no
        metric being scored is running (each waits for an answer, or has finished)."""
        scoring = _Scoring()
        self._busy += 1
        token = _CURRENT.set(scoring)
        try:
            yield
        finally:
            _CURRENT.reset(token)
            self._run_more(scoring, -1)
            self._due()

    async def gather(self, *questions: Awaitable[Any]) -> list[Any]:
        """``asyncio.gather`` for questions a metric asks side by side (``await ask.gather(
        ask.support(a, claims), ask.support(b, claims))``): each is a line of work of its own,
        and the metric waits for them; the first failure is raised, as asyncio.gather does."""
        scoring = _CURRENT.get()
        if scoring is None or not questions:
            return list(await asyncio.gather(*questions))
        left, handed_back = len(questions), False
        self._run_more(scoring, len(questions) - 1)  # they run; the line that asked them waits

        async def line(question: Awaitable[Any]) -> Any:
            nonlocal left, handed_back
            failed = True
            try:
                answer = await question
                failed = False
                return answer
            finally:
                left -= 1
                if not handed_back and (failed or not left):  # the asking line goes on (asyncio.gather
                    handed_back = True  # returns when all are done, or raises the first failure)
                    self._run_more(scoring, 1)
                self._run_more(scoring, -1)
                self._due()

        return list(await asyncio.gather(*(line(q) for q in questions)))

    def flush(self) -> None:
        """Send every question asked so far, one batch per primitive."""
        self._flush_due = False
        for batcher in self._batchers:
            batcher.flush()

    async def _ask(self, batcher: _Batcher, item: Hashable) -> Any:
        fut = batcher.ask(item)
        if fut.done():  # answered before: the caller goes on at once
            return fut.result()
        scoring = _CURRENT.get()
        if scoring is None:
            self._due()
            return await fut
        self._waiters.setdefault(fut, []).append(scoring)
        self._run_more(scoring, -1)
        self._due()
        try:
            return await fut
        except asyncio.CancelledError:
            waiting = self._waiters.get(fut)
            if waiting and scoring in waiting:  # cancelled before its answer came: running again, to end
                waiting.remove(scoring)
                self._run_more(scoring, 1)
            raise

    def _answered(self, fut: asyncio.Future) -> None:
        """The answer to ``fut`` is about to be set: the lines waiting for it run again (counted
        now, not when their tasks resume, so that no flush can slip in between)."""
        for scoring in self._waiters.pop(fut, ()):
            self._run_more(scoring, 1)

    def _run_more(self, scoring: _Scoring, n: int) -> None:
        was = scoring.running > 0
        scoring.running += n
        self._busy += (scoring.running > 0) - was

    def _due(self) -> None:
        """Flush once no metric being scored runs. The flush itself comes after the callbacks
        already due in the loop, and checks again: tasks a metric started with asyncio.gather
        in the same step then ask their questions first."""
        if not self._flush_due and self._busy == 0:
            self._flush_due = True
            asyncio.get_running_loop().call_soon(self._flush_if_due)

    def _flush_if_due(self) -> None:
        self._flush_due = False
        if self._busy == 0:
            self.flush()

    def _spawn(self, coro: Coroutine[Any, Any, None]) -> None:
        task = asyncio.get_running_loop().create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _embed_batch(self, texts: Sequence[str]) -> list[np.ndarray]:
        matrix = await self.judge.embed(list(texts))
        return [row for row in matrix]

    async def claims(self, text: str, question: str | None = None) -> list[str]:
        return list(await self._ask(self._claims, ClaimsItem(text, question)))

    async def support(self, premises: Sequence[str], claims: Sequence[str]) -> list[Verdict]:
        if not claims:
            return []
        return list(await self._ask(self._support, SupportItem(tuple(premises), tuple(claims))))

    async def claims_support(self, premises: Sequence[str], text: str, question: str | None = None) -> list[Verdict]:
        if self.judge.fused_claims_support:
            return list(await self._ask(self._claims_support, ClaimsSupportItem(tuple(premises), text, question)))
        # split once (shared by every metric that needs these claims), then check
        return await self.support(premises, await self.claims(text, question))

    async def usefulness(self, question: str, target: str, chunks: Sequence[str]) -> list[Verdict]:
        if not chunks:
            return []
        return list(await self._ask(self._usefulness, UsefulnessItem(question, target, tuple(chunks))))

    async def relevant_sentences(self, question: str, context: str) -> list[Verdict]:
        return list(await self._ask(self._sentences, SentenceRelevanceItem(question, context)))

    async def answer_relevance(self, question: str, answer: str, contexts: Sequence[str] = ()) -> Relevance:
        return await self._ask(self._answer, AnswerRelevanceItem(question, answer, tuple(contexts)))

    async def embed(self, text: str) -> np.ndarray:
        return await self._ask(self._embed, text)

    async def similarity(self, a: str, b: str) -> float:
        return float(await self._ask(self._similarity, (a, b)))
