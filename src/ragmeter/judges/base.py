"""The Judge interface: the few primitive questions that every metric is built from, and
what the engine may ask of a judge besides.

Each primitive takes a batch of items and returns one answer per item, in order. A judge
may answer a batch with one model call (local models) or with concurrent calls (LLMs); the
metrics neither know nor care. Items are frozen dataclasses so that identical questions
are asked once per run and can be cached by content.

The contract, in full:

- an answer is the item's answer or an ``ItemFailure`` (that item alone failed; the others
  stand); an exception raised by a primitive fails the whole batch, which the asker then asks
  again item by item;
- errors a judge raises on purpose are ``errors.JudgeError``s (a reply it could not use, a
  budget, deadline or circuit breaker that stopped its calls);
- ``fused_claims_support`` declares that ``claims_support`` is a step of the judge's own;
- ``samples_in_flight``, ``start_run``, ``usage``, ``is_dry_run`` and ``dry_run_summary`` are
  the engine's hooks for concurrency, limits, cost and dry runs; their defaults suit a judge
  that makes no calls.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, ClassVar, Sequence, TypeVar, Union

import numpy as np

if TYPE_CHECKING:
    from ..cost import Usage

T = TypeVar("T")


@dataclass(frozen=True)
class ItemFailure:
    """The answer to one item that the judge could not answer (its ``error`` says why); the
    other items of the batch keep their answers, and only this item's metric fails."""

    error: Exception


#: what a primitive returns for one item: the answer, or the item's failure
Answer = Union[T, ItemFailure]


@dataclass(frozen=True)
class ClaimsItem:
    """Split ``text`` into atomic, self-contained claims (``question`` gives context)."""

    text: str
    question: str | None = None


@dataclass(frozen=True)
class SupportItem:
    """Is each claim supported by the premises (contexts, or a reference)?"""

    premises: tuple[str, ...]
    claims: tuple[str, ...]


@dataclass(frozen=True)
class ClaimsSupportItem:
    """Split ``text`` into claims and judge each against the premises (one step for LLMs)."""

    premises: tuple[str, ...]
    text: str
    question: str | None = None


@dataclass(frozen=True)
class UsefulnessItem:
    """Is each chunk useful to answer ``question``, given the ``target`` answer?"""

    question: str
    target: str
    chunks: tuple[str, ...]


@dataclass(frozen=True)
class SentenceRelevanceItem:
    """Which sentences of ``context`` are relevant to ``question``?"""

    question: str
    context: str


@dataclass(frozen=True)
class AnswerRelevanceItem:
    """How well does ``answer`` address ``question`` (noncommittal answers score 0)? The
    retrieved ``contexts``, when given, help an offline judge read a terse answer ("At
    mid-ocean ridges.") as the sentence it was taken from; an LLM judge does without them."""

    question: str
    answer: str
    contexts: tuple[str, ...] = ()


VERDICT_CLAIM = "+verdict"  # decided_by of a claim made from an answer's yes or no ("Sydney is the capital ...")


@dataclass(frozen=True)
class Verdict:
    """A yes/no judgement with the judge's probability of yes, what it rests on, and which
    model or check of the judge decided it (e.g. "model:support_verified",
    "check:changed_slot", "llm"); None where a judge does not say. A claim the judge read from an
    answer's yes or no to a yes/no question ends its decided_by in VERDICT_CLAIM."""

    probability: float
    text: str = ""
    evidence: str | None = None
    decided_by: str | None = None

    @property
    def yes(self) -> bool:
        return self.probability >= 0.5

    @property
    def from_verdict(self) -> bool:
        """Was this claim read from an answer's yes or no (VERDICT_CLAIM)?"""
        return (self.decided_by or "").endswith(VERDICT_CLAIM)

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"text": self.text, "verdict": self.yes, "probability": round(self.probability, 4)}
        if self.evidence:
            out["evidence"] = self.evidence
        if self.decided_by:
            out["decided_by"] = self.decided_by
        return out


@dataclass(frozen=True)
class Relevance:
    """How well an answer addresses its question, in [0, 1]."""

    score: float
    noncommittal: bool = False
    detail: dict[str, Any] = field(default_factory=dict, compare=False, hash=False)


class Judge(ABC):
    """Answers the primitive questions. Subclasses implement all six, batched."""

    name: str = "judge"
    #: bump when a change to the judge's logic changes its answers (part of every cache key)
    version: str = "1"
    #: True when ``claims_support`` is a step of the judge's own (an LLM splits and checks in one
    #: call per set of premises); False: the asker splits each text once (the claims are shared
    #: by every metric that needs them) and checks the claims with ``support``
    fused_claims_support: ClassVar[bool] = False

    def prefetch(self, primitive: str, items: Sequence[Any]) -> None:
        """A hint from the asker: a batch of ``items`` for ``primitive`` (the Asker's batch name:
        "answer_relevance", "claims_support", ...) has been formed and will run once the batches
        spawned before it have (a flush hints each of its batches before any of them runs). A
        judge may start work for it on threads of its own (model calls that let go of the GIL,
        overlapping the batches before it); it must not change any answer. The default does
        nothing."""
        return None

    def batch_context(self) -> AbstractContextManager:
        """The context the asker runs each of this judge's batches in (the local judge: numpy's
        BLAS on one thread, judges/local/cores.py). It spans the batch's ``await``, so contexts
        of batches that overlap (two runs at once) may leave in any order. The default is none."""
        return nullcontext()

    @abstractmethod
    async def split_claims(self, items: Sequence[ClaimsItem]) -> Sequence[Answer[list[str]]]: ...

    @abstractmethod
    async def support(self, items: Sequence[SupportItem]) -> Sequence[Answer[list[Verdict]]]: ...

    @abstractmethod
    async def usefulness(self, items: Sequence[UsefulnessItem]) -> Sequence[Answer[list[Verdict]]]: ...

    @abstractmethod
    async def relevant_sentences(self, items: Sequence[SentenceRelevanceItem]) -> Sequence[Answer[list[Verdict]]]: ...

    @abstractmethod
    async def answer_relevance(self, items: Sequence[AnswerRelevanceItem]) -> Sequence[Answer[Relevance]]: ...

    @abstractmethod
    async def embed(self, texts: Sequence[str]) -> np.ndarray:
        """Unit-normalised embeddings, one row per text."""

    async def claims_support(self, items: Sequence[ClaimsSupportItem]) -> Sequence[Answer[list[Verdict]]]:
        """Claims of each text with their support verdicts. By default: split, then support
        (a judge that does both in one step overrides this and sets ``fused_claims_support``)."""
        claims = await self.split_claims([ClaimsItem(item.text, item.question) for item in items])
        out: list[Answer[list[Verdict]]] = [[] for _ in items]
        asked: list[tuple[int, SupportItem]] = []
        for i, (item, cs) in enumerate(zip(items, claims)):
            if isinstance(cs, ItemFailure):
                out[i] = cs
            elif cs:
                asked.append((i, SupportItem(item.premises, tuple(cs))))
        verdicts = await self.support([a for _, a in asked]) if asked else []
        for (i, _), vs in zip(asked, verdicts):
            out[i] = vs if isinstance(vs, ItemFailure) else list(vs)
        return out

    async def similarity(self, pairs: Sequence[tuple[str, str]]) -> list[float]:
        """How close in meaning each pair of texts is, in [0, 1]: by default the cosine of
        the judge's embeddings (clipped at 0). Judges with a better notion override it."""
        texts = list(dict.fromkeys(t for pair in pairs for t in pair))
        vectors = await self.embed(texts)
        index = {t: i for i, t in enumerate(texts)}
        return [max(0.0, float(vectors[index[a]] @ vectors[index[b]])) for a, b in pairs]

    def describe(self) -> dict[str, Any]:
        """Identity and settings, recorded in every Result's provenance."""
        return {"name": self.name, "version": self.version}

    # ---- the engine's hooks; the defaults suit a judge that makes no calls -----------------
    def samples_in_flight(self, window: int) -> int:
        """How many samples the engine scores at once, of a ``window`` it holds in memory. An
        in-process judge batches best with all of them; a judge that calls a server keeps a few
        in flight, so that samples finish (and are stored) progressively."""
        return window

    def start_run(self, deadline_s: float | None = None, spent_before: float = 0.0,  # noqa: B027 - nothing to do
                  on_spend: Callable[[float], None] | None = None) -> None:
        """A run begins: its deadline in seconds, what it spent before a resume (USD), and where
        to record what it spends. A judge that makes no calls has nothing to limit."""

    def usage(self) -> Usage | None:
        """Calls, tokens and cost of the judge's calls so far; None for a judge that makes none."""
        return None

    def is_dry_run(self) -> bool:
        """Whether the judge counts its calls instead of making them (its answers are stand-ins)."""
        return False

    def dry_run_summary(self) -> dict[str, Any] | None:
        """In a dry run: the calls counted and their estimated tokens and cost; else None."""
        return None

    async def aclose(self) -> None:  # noqa: B027 - a judge that holds nothing closes nothing
        """Release clients or models; the default holds nothing."""
