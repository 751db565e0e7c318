"""LLMJudge: every primitive answered by a chat model, with versioned prompts.

Calls per sample for the four core metrics: one for the claims of the response and of the
reference with their support (grouped because they share the contexts), one for the
usefulness of all chunks, one for answer relevance; three whatever the number of chunks.
Untrusted text (question, answer, contexts) travels only inside a JSON data block between
<data> tags, never spliced into instructions. A reply that cannot be read is repaired once;
if it still cannot, the item fails with the raw reply kept, and the run goes on.
"""

from __future__ import annotations

import asyncio
import json
from collections import defaultdict
from typing import Any, Awaitable, Callable, Iterable, Sequence, TypeVar

import numpy as np

from ...cost import Usage
from ...errors import JudgeOutputError
from ...models.base import ChatModel, Embedder, Message
from ...models.local_embedder import LocalEmbedder, default_embedder
from ...prompts import load_prompt, prompt_versions
from ...runner import CallRunner, RunnerSettings
from ...text.noncommittal import is_noncommittal
from ...text.segments import split_sentences
from ..base import (
    Answer,
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
from . import schemas
from .parse import parse_reply
from .usage import by_prompt

TEXTS_PER_CALL = 8
T = TypeVar("T")


def data_block(payload: dict[str, Any]) -> str:
    """JSON-encode untrusted material; '</' is escaped so nothing can close the data tag."""
    return json.dumps(payload, ensure_ascii=False, indent=1).replace("</", "<\\/")


class LLMJudge(Judge):
    name = "llm"
    version = "1"
    fused_claims_support = True  # the claims of every text sharing the premises, split and checked in one call

    def __init__(self, llm: ChatModel, embeddings: Embedder | None = None, cache: Any = True,
                 settings: RunnerSettings | None = None, temperature: float = 0.0, max_tokens: int | None = 2048):
        from ...cache import Cache

        if cache is True:
            cache = Cache()
        self.runner = CallRunner(llm, cache or None, settings)
        self.llm = llm
        self.embeddings = self.runner.embedder(embeddings or default_embedder())  # remote ones via the runner
        self.temperature = temperature
        self.max_tokens = max_tokens

    def samples_in_flight(self, window: int) -> int:
        """Enough samples to keep the connection pool busy, few enough to finish progressively."""
        return min(window, 2 * self.runner.settings.max_concurrency + 2)

    def start_run(self, deadline_s: float | None = None, spent_before: float = 0.0,
                  on_spend: Callable[[float], None] | None = None) -> None:
        self.runner.start_run(deadline_s, spent_before, on_spend)

    def usage(self) -> Usage:
        return self.runner.usage

    def is_dry_run(self) -> bool:
        return self.runner.settings.dry_run

    def dry_run_summary(self) -> dict[str, Any] | None:
        return self.runner.dry.summary(self.runner.usage.cache_hits) if self.is_dry_run() else None

    def describe(self) -> dict[str, Any]:
        return {"name": self.name, "version": self.version, **self.llm.describe(),
                "embeddings": self.embeddings.describe(), "prompts": prompt_versions(),
                "temperature": self.temperature, "max_tokens": self.max_tokens,
                "runner": self.runner.describe(),
                "usage": {**self.runner.usage.to_dict(), "by_prompt": by_prompt(self.runner.usage_by_prompt)}}

    async def aclose(self) -> None:
        """Close HTTP clients; they are made again on the next call, so a judge can be reused."""
        await self.llm.aclose()
        closer = getattr(self.embeddings, "aclose", None)
        if closer is not None:
            await closer()

    # ---- one structured call, with one repair -------------------------------------------
    async def ask(self, prompt_name: str, payload: dict[str, Any], schema: dict[str, Any],
                  complete: Callable[[dict[str, Any]], None] | None = None) -> dict[str, Any]:
        """One structured call. ``complete(reply)`` raises JudgeOutputError where a reply of the
        schema's shape still lacks an item asked for; such a reply is repaired once like a
        malformed one, and never cached (so a re-run asks again)."""
        prompt = load_prompt(prompt_name)
        messages = [Message("system", prompt.system), Message("user", prompt.user.replace("{data}", data_block(payload)))]

        def parsed(text: str) -> dict[str, Any]:
            reply = parse_reply(text, schema)
            if complete is not None:
                complete(reply)
            return reply

        def usable(text: str) -> bool:
            try:
                parsed(text)
            except (JudgeOutputError, RecursionError, ValueError, TypeError):
                return False
            return True

        completion = await self.runner.call(messages, schema, prompt.id, self.temperature, self.max_tokens,
                                            usable=usable)
        try:
            return parsed(completion.text)
        except JudgeOutputError as first:
            truncated = " (the reply was cut off at the token limit)" if completion.finish_reason == "length" else ""
            repair = [*messages, Message("assistant", completion.text[:4000]),
                      Message("user", f"That reply could not be used: {first}{truncated}. Reply again with only the "
                                      "JSON object in the required format, and keep it short.")]
            second = await self.runner.call(repair, schema, prompt.id + "+repair", self.temperature, self.max_tokens,
                                            usable=usable)
            try:
                return parsed(second.text)
            except JudgeOutputError as exc:
                raise JudgeOutputError(f"unusable reply after one repair: {exc}", second.text[:2000]) from None

    async def _gather(self, coros: Iterable[Awaitable[T]]) -> list[T | ItemFailure]:
        """Run calls concurrently; a failed call becomes the ItemFailure of its items."""
        out: list[T | ItemFailure] = []
        for result in await asyncio.gather(*coros, return_exceptions=True):
            if isinstance(result, Exception):
                out.append(ItemFailure(result))
            elif isinstance(result, BaseException):  # cancelled or interrupted: not an item's failure
                raise result
            else:
                out.append(result)
        return out

    # ---- primitives -------------------------------------------------------------------
    async def claims_support(self, items: Sequence[ClaimsSupportItem]) -> list[Answer[list[Verdict]]]:
        groups: dict[tuple, list[int]] = defaultdict(list)
        for i, item in enumerate(items):
            groups[(item.premises, item.question)].append(i)

        async def one(indices: list[int]) -> dict[int, list[Verdict]]:
            first = items[indices[0]]
            payload = {"question": first.question or "", "passages": list(first.premises),
                       "texts": [{"id": f"t{k}", "text": items[i].text} for k, i in enumerate(indices)]}
            wanted = [f"t{k}" for k in range(len(indices))]
            reply = await self.ask("claims_support", payload, schemas.CLAIMS_SUPPORT,
                                   complete=lambda r: _require(r, "texts", "id", wanted, "text"))
            by_id = {str(t["id"]): t["claims"] for t in reply["texts"]}
            out = {}
            for k, i in enumerate(indices):
                out[i] = [Verdict(1.0 if c["supported"] else 0.0, c["claim"], c.get("evidence"), "llm")
                          for c in by_id[f"t{k}"]]
            return out

        results = await self._gather(one(ix) for ix in groups.values())
        return _spread(groups.values(), results, len(items))

    async def split_claims(self, items: Sequence[ClaimsItem]) -> list[Answer[list[str]]]:
        chunks = [list(range(i, min(i + TEXTS_PER_CALL, len(items)))) for i in range(0, len(items), TEXTS_PER_CALL)]

        async def one(indices: list[int]) -> list[list[str]]:
            payload = {"texts": [{"id": f"t{k}", "question": items[i].question or "", "text": items[i].text}
                                 for k, i in enumerate(indices)]}
            reply = await self.ask("claims", payload, schemas.CLAIMS)
            by_id = {str(t["id"]): [c for c in t["claims"] if c.strip()] for t in reply["texts"]}
            return [by_id.get(f"t{k}", []) for k in range(len(indices))]

        results = await self._gather(one(ix) for ix in chunks)
        return [r if isinstance(r, ItemFailure) else r[k] for ix, r in zip(chunks, results) for k in range(len(ix))]

    async def support(self, items: Sequence[SupportItem]) -> list[Answer[list[Verdict]]]:
        async def one(item: SupportItem) -> list[Verdict]:
            payload = {"passages": list(item.premises), "claims": [{"index": k, "claim": c} for k, c in enumerate(item.claims)]}
            reply = await self.ask("support", payload, schemas.SUPPORT,
                                   complete=lambda r: _require(r, "verdicts", "index", range(len(item.claims)), "claim"))
            by_index = {int(v["index"]): v for v in reply["verdicts"]}
            return [Verdict(1.0 if by_index[k]["supported"] else 0.0, c, by_index[k].get("evidence"), "llm")
                    for k, c in enumerate(item.claims)]

        return await self._gather(one(item) for item in items)

    async def usefulness(self, items: Sequence[UsefulnessItem]) -> list[Answer[list[Verdict]]]:
        async def one(item: UsefulnessItem) -> list[Verdict]:
            payload = {"question": item.question, "answer": item.target,
                       "chunks": [{"index": k, "text": c} for k, c in enumerate(item.chunks)]}
            reply = await self.ask("usefulness", payload, schemas.USEFULNESS,
                                   complete=lambda r: _require(r, "verdicts", "index", range(len(item.chunks)), "chunk"))
            by_index = {int(v["index"]): v for v in reply["verdicts"]}
            return [Verdict(1.0 if by_index[k]["useful"] else 0.0, c[:200], by_index[k].get("reason"), "llm")
                    for k, c in enumerate(item.chunks)]

        return await self._gather(one(item) for item in items)

    async def relevant_sentences(self, items: Sequence[SentenceRelevanceItem]) -> list[Answer[list[Verdict]]]:
        groups: dict[str, list[int]] = defaultdict(list)
        for i, item in enumerate(items):
            groups[item.question].append(i)

        async def one(question: str, indices: list[int]) -> dict[int, list[Verdict]]:
            sentences = [(i, s) for i in indices for s in split_sentences(items[i].context)]
            if not sentences:
                return {i: [] for i in indices}
            payload = {"question": question, "sentences": [{"index": k, "text": s} for k, (_, s) in enumerate(sentences)]}
            reply = await self.ask("relevant_sentences", payload, schemas.RELEVANT_SENTENCES)
            chosen = {int(k) for k in reply["relevant"]}
            out: dict[int, list[Verdict]] = {i: [] for i in indices}
            for k, (i, s) in enumerate(sentences):
                out[i].append(Verdict(1.0 if k in chosen else 0.0, s, decided_by="llm"))
            return out

        results = await self._gather(one(q, ix) for q, ix in groups.items())
        return _spread(groups.values(), results, len(items))

    async def answer_relevance(self, items: Sequence[AnswerRelevanceItem]) -> list[Answer[Relevance]]:
        async def one(item: AnswerRelevanceItem) -> Relevance:
            reply = await self.ask("answer_relevance", {"answer": item.answer}, schemas.ANSWER_RELEVANCE)
            generated = [q for q in reply["questions"] if q.strip()]
            noncommittal = bool(reply["noncommittal"]) or is_noncommittal(item.answer, max_words=8)
            if not generated:
                return Relevance(0.0, noncommittal, {"generated_questions": []})
            vectors = await self.embeddings.aembed([item.question, *generated])
            cosines = vectors[1:] @ vectors[0]
            score = float(np.clip(cosines.mean(), 0.0, 1.0))
            return Relevance(0.0 if noncommittal else score, noncommittal,
                             {"generated_questions": generated, "mean_cosine": round(float(cosines.mean()), 4)})

        return await self._gather(one(item) for item in items)

    async def embed(self, texts: Sequence[str]) -> np.ndarray:
        return await self.embeddings.aembed(list(texts))


def _spread(groups: Iterable[list[int]], results: Sequence[dict[int, T] | ItemFailure], n: int) -> list[Answer[T]]:
    """Hand each item its answer from its group's call (or the group's failure)."""
    answers: list[Answer[T]] = [ItemFailure(RuntimeError("the judge gave no answer"))] * n
    for indices, result in zip(groups, results):
        for i in indices:
            answers[i] = result if isinstance(result, ItemFailure) else result[i]
    return answers


__all__ = ["LLMJudge", "LocalEmbedder", "default_embedder", "data_block"]  # the embedders live in models.local_embedder


def _require(reply: dict[str, Any], field: str, key: str, wanted: Any, what: str) -> None:
    """Raise JudgeOutputError naming the items of ``wanted`` that ``reply[field]`` has no entry for."""
    have = set()
    for entry in reply.get(field, []):
        try:
            have.add(int(entry[key]) if key == "index" else str(entry[key]))
        except (KeyError, TypeError, ValueError):
            continue
    missing = [w for w in wanted if w not in have]
    if missing:
        raise JudgeOutputError(f"the reply has no verdict for {what}(s) {missing}", json.dumps(reply)[:2000])
