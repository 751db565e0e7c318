"""LexicalJudge: deterministic token-overlap answers to every primitive, numpy only.

It improves on the heuristics of seed 000 (content-token coverage with a 0.6 threshold,
hash embeddings) with light stemming, number agreement, negation mismatch and evidence
sentences. It needs no model and no network, and is the fallback when ``[local]`` is absent.
"""

from __future__ import annotations

from typing import Any, Sequence

import numpy as np

from ..models.hash_embedder import HashEmbedder
from ..text.answer_type import is_bare_qualifier, without_elliptic_verdict
from ..text.framing import is_chatter, without_attribution
from ..text.markup import is_label
from ..text.noncommittal import is_noncommittal, is_refusal
from ..text.segments import content_set, coverage, negated, number_agreement, numbers, split_sentences
from .base import (
    AnswerRelevanceItem,
    ClaimsItem,
    Judge,
    Relevance,
    SentenceRelevanceItem,
    SupportItem,
    UsefulnessItem,
    Verdict,
)


def ramp(value: float, threshold: float, width: float = 0.4) -> float:
    """Map a score to a probability that crosses 0.5 exactly at ``threshold``."""
    return float(min(1.0, max(0.0, 0.5 + (value - threshold) / width)))


def split_into_claims(text: str) -> list[str]:
    """Sentences, further split at semicolons, without their framing ("According to the
    documents, ..."); headings and introductions ("Summary:", "The causes are:"), words to the
    reader ("I hope this helps!"), refusals ("The documents do not say."), bare qualifiers of
    an implied verdict ("Partly.", "Not always.") and pieces without content words are
    dropped."""
    claims: list[str] = []
    for sentence in split_sentences(text):
        if is_label(sentence) or is_chatter(sentence) or is_refusal(sentence) or is_bare_qualifier(sentence):
            continue
        for piece in without_attribution(sentence).split(";"):
            piece = without_elliptic_verdict(piece.strip())
            if content_set(piece):
                claims.append(piece)
    return claims


class LexicalJudge(Judge):
    name = "lexical"
    version = "7"

    def __init__(self, support_threshold: float = 0.6, usefulness_threshold: float = 0.3,
                 relevance_threshold: float = 0.25, embed_dim: int = 1024):
        self.support_threshold = support_threshold
        self.usefulness_threshold = usefulness_threshold
        self.relevance_threshold = relevance_threshold
        self.embedder = HashEmbedder(embed_dim)

    def describe(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "version": self.version,
            "support_threshold": self.support_threshold,
            "usefulness_threshold": self.usefulness_threshold,
            "relevance_threshold": self.relevance_threshold,
            **self.embedder.describe(),
        }

    async def split_claims(self, items: Sequence[ClaimsItem]) -> list[list[str]]:
        return [split_into_claims(item.text) for item in items]

    def _support_one(self, sentences: list[str], sentence_sets: list[frozenset[str]], all_tokens: frozenset[str],
                     all_numbers: frozenset[str], claim: str) -> Verdict:
        claim_tokens = content_set(claim)
        score = coverage(claim_tokens, all_tokens)
        evidence = None
        if sentences:
            best = int(np.argmax([len(claim_tokens & s) for s in sentence_sets]))
            evidence = sentences[best]
            if negated(claim) != negated(evidence) and coverage(claim_tokens, sentence_sets[best]) > 0.5:
                score *= 0.5
        if numbers(claim) - all_numbers:  # a number the premises do not have
            score *= 0.5
        return Verdict(ramp(score, self.support_threshold), claim, evidence, "rule:token_coverage")

    async def support(self, items: Sequence[SupportItem]) -> list[list[Verdict]]:
        out = []
        for item in items:
            sentences = [s for p in item.premises for s in split_sentences(p)]
            sets = [content_set(s) for s in sentences]
            all_tokens = frozenset().union(*sets) if sets else frozenset()
            all_numbers = frozenset().union(*(numbers(p) for p in item.premises)) if item.premises else frozenset()
            out.append([self._support_one(sentences, sets, all_tokens, all_numbers, c) for c in item.claims])
        return out

    async def usefulness(self, items: Sequence[UsefulnessItem]) -> list[list[Verdict]]:
        out = []
        for item in items:
            target = content_set(item.target) or content_set(item.question)
            verdicts = []
            for chunk in item.chunks:
                overlap = coverage(target, content_set(chunk))
                verdicts.append(Verdict(ramp(overlap, self.usefulness_threshold), chunk[:200],
                                        decided_by="rule:token_overlap"))
            out.append(verdicts)
        return out

    async def relevant_sentences(self, items: Sequence[SentenceRelevanceItem]) -> list[list[Verdict]]:
        out = []
        for item in items:
            question = content_set(item.question)
            out.append([
                Verdict(ramp(coverage(question, content_set(s)), self.relevance_threshold), s,
                        decided_by="rule:token_coverage")
                for s in split_sentences(item.context)
            ])
        return out

    async def answer_relevance(self, items: Sequence[AnswerRelevanceItem]) -> list[Relevance]:
        out = []
        for item in items:
            if is_noncommittal(item.answer):
                out.append(Relevance(0.0, True, {"noncommittal": True}))
                continue
            question = content_set(item.question)
            covered = coverage(question, content_set(item.answer))
            cosine = float(self.embedder.embed_one(item.question) @ self.embedder.embed_one(item.answer))
            score = 0.5 * covered + 0.5 * max(cosine, 0.0)
            out.append(Relevance(score, False, {"question_coverage": round(covered, 4), "cosine": round(cosine, 4)}))
        return out

    async def embed(self, texts: Sequence[str]) -> np.ndarray:
        return self.embedder.embed(list(texts))

    async def similarity(self, pairs: Sequence[tuple[str, str]]) -> list[float]:
        """Cosine of the hashed token vectors, scaled by the agreement of the numbers stated."""
        cosines = await super().similarity(pairs)
        return [c * number_agreement(a, b) for c, (a, b) in zip(cosines, pairs)]
