"""Asker: the metrics' view of a judge, with each question asked once and asked in batches.

Metrics ``await`` one question at a time (``await ask.claims(text)``). The Asker gathers the
questions that all running samples ask in the same turn of the event loop into one batch
per primitive, sends each distinct question once (faithfulness and answer correctness share
the claims of a response), and hands every caller its answer. If a batch fails, its items
are retried one by one so that one bad item fails alone.
"""

from __future__ import annotations

import asyncio
from typing import Any, Awaitable, Callable, Hashable, Sequence

import numpy as np

from .judges.base import (
    AnswerRelevanceItem,
    ClaimsItem,
    ClaimsSupportItem,
    Judge,
    Relevance,
    SentenceRelevanceItem,
    SupportItem,
    UsefulnessItem,
    Verdict,
)

BatchFn = Callable[[Sequence[Any]], Awaitable[Sequence[Any]]]


class _Batcher:
    """Collects items for one primitive and answers them with one call per batch."""

    def __init__(self, fn: BatchFn, max_batch: int, counter: dict[str, int], name: str):
        self._fn = fn
        self._max_batch = max_batch
        self._memo: dict[Hashable, asyncio.Future] = {}
        self._pending: list[tuple[Hashable, asyncio.Future]] = []
        self._scheduled = False
        self._counter = counter
        self._name = name
        self._tasks: set[asyncio.Task] = set()  # strong references: the loop keeps only weak ones

    def _spawn(self, coro) -> None:
        task = asyncio.get_running_loop().create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def ask(self, item: Hashable) -> asyncio.Future:
        fut = self._memo.get(item)
        if fut is not None:
            return fut
        loop = asyncio.get_running_loop()
        fut = loop.create_future()
        self._memo[item] = fut
        self._pending.append((item, fut))
        if len(self._pending) >= self._max_batch:
            batch, self._pending = self._pending, []
            self._spawn(self._run(batch))
        elif not self._scheduled:
            self._scheduled = True
            self._spawn(self._flush_soon())
        return fut

    async def _flush_soon(self) -> None:
        # Let every runnable sample reach its next question before sending the batch.
        for _ in range(4):
            await asyncio.sleep(0)
        self._scheduled = False
        batch, self._pending = self._pending, []
        if batch:
            await self._run(batch)

    async def _run(self, batch: list[tuple[Hashable, asyncio.Future]]) -> None:
        items = [item for item, _ in batch]
        self._counter[self._name] = self._counter.get(self._name, 0) + 1
        try:
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
            if isinstance(answer, BaseException):  # the judge failed this item alone
                self._fail(entry, answer)
            elif not entry[1].done():
                entry[1].set_result(answer)

    def _fail(self, entry: tuple[Hashable, asyncio.Future], exc: Exception) -> None:
        item, fut = entry
        self._memo.pop(item, None)  # a later identical question may try again
        if not fut.done():
            fut.set_exception(exc)


class Asker:
    """Memoised, batched access to a Judge's primitives for one run."""

    def __init__(self, judge: Judge, max_batch: int = 512):
        self.judge = judge
        self.batches: dict[str, int] = {}

        def make(name: str, fn: BatchFn) -> _Batcher:
            return _Batcher(fn, max_batch, self.batches, name)

        self._claims = make("split_claims", judge.split_claims)
        self._support = make("support", judge.support)
        self._claims_support = make("claims_support", judge.claims_support)
        self._fused_claims_support = type(judge).claims_support is not Judge.claims_support
        self._usefulness = make("usefulness", judge.usefulness)
        self._sentences = make("relevant_sentences", judge.relevant_sentences)
        self._answer = make("answer_relevance", judge.answer_relevance)
        self._embed = make("embed", self._embed_batch)
        self._similarity = make("similarity", judge.similarity)

    def forget(self) -> None:
        """Drop remembered answers (between windows of a long run) to bound memory."""
        for batcher in (self._claims, self._support, self._claims_support, self._usefulness, self._sentences, self._answer, self._embed,
                        self._similarity):
            batcher._memo = {k: f for k, f in batcher._memo.items() if not f.done()}

    async def _embed_batch(self, texts: Sequence[str]) -> list[np.ndarray]:
        matrix = await self.judge.embed(list(texts))
        return [row for row in matrix]

    async def claims(self, text: str, question: str | None = None) -> list[str]:
        return list(await self._claims.ask(ClaimsItem(text, question)))

    async def support(self, premises: Sequence[str], claims: Sequence[str]) -> list[Verdict]:
        if not claims:
            return []
        return list(await self._support.ask(SupportItem(tuple(premises), tuple(claims))))

    async def claims_support(self, premises: Sequence[str], text: str, question: str | None = None) -> list[Verdict]:
        if self._fused_claims_support:
            return list(await self._claims_support.ask(ClaimsSupportItem(tuple(premises), text, question)))
        # in-process judges: split once (shared by every metric that needs these claims), then check
        return await self.support(premises, await self.claims(text, question))

    async def usefulness(self, question: str, target: str, chunks: Sequence[str]) -> list[Verdict]:
        if not chunks:
            return []
        return list(await self._usefulness.ask(UsefulnessItem(question, target, tuple(chunks))))

    async def relevant_sentences(self, question: str, context: str) -> list[Verdict]:
        return list(await self._sentences.ask(SentenceRelevanceItem(question, context)))

    async def answer_relevance(self, question: str, answer: str, contexts: Sequence[str] = ()) -> Relevance:
        return await self._answer.ask(AnswerRelevanceItem(question, answer, tuple(contexts)))

    async def embed(self, text: str) -> np.ndarray:
        return await self._embed.ask(text)

    async def similarity(self, a: str, b: str) -> float:
        return float(await self._similarity.ask((a, b)))
