"""The Judge interface: the few primitive questions that every metric is built from.

Each primitive takes a batch of items and returns one answer per item, in order. A judge
may answer a batch with one model call (local models) or with concurrent calls (LLMs); the
metrics neither know nor care. Items are frozen dataclasses so that identical questions
are asked once per run and can be cached by content.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import Any, Sequence

import numpy as np


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


@dataclass(frozen=True)
class Verdict:
    """A yes/no judgement with the judge's probability of yes and what it rests on."""

    probability: float
    text: str = ""
    evidence: str | None = None

    @property
    def yes(self) -> bool:
        return self.probability >= 0.5

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"text": self.text, "verdict": self.yes, "probability": round(self.probability, 4)}
        if self.evidence:
            out["evidence"] = self.evidence
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

    @abstractmethod
    async def split_claims(self, items: Sequence[ClaimsItem]) -> list[list[str]]: ...

    @abstractmethod
    async def support(self, items: Sequence[SupportItem]) -> list[list[Verdict]]: ...

    @abstractmethod
    async def usefulness(self, items: Sequence[UsefulnessItem]) -> list[list[Verdict]]: ...

    @abstractmethod
    async def relevant_sentences(self, items: Sequence[SentenceRelevanceItem]) -> list[list[Verdict]]: ...

    @abstractmethod
    async def answer_relevance(self, items: Sequence[AnswerRelevanceItem]) -> list[Relevance]: ...

    @abstractmethod
    async def embed(self, texts: Sequence[str]) -> np.ndarray:
        """Unit-normalised embeddings, one row per text."""

    async def claims_support(self, items: Sequence[ClaimsSupportItem]) -> list[list[Verdict]]:
        """Claims of each text with their support verdicts. By default: split, then support;
        LLM judges do both in one call per distinct set of premises."""
        claims = await self.split_claims([ClaimsItem(item.text, item.question) for item in items])
        asked = [(i, SupportItem(item.premises, tuple(cs))) for i, (item, cs) in enumerate(zip(items, claims)) if cs]
        verdicts = await self.support([a for _, a in asked]) if asked else []
        out: list[list[Verdict]] = [[] for _ in items]
        for (i, _), vs in zip(asked, verdicts):
            out[i] = list(vs)
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

    async def aclose(self) -> None:
        """Release clients or models; the default holds nothing."""
