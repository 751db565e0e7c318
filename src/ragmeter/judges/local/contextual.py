"""Contextual coverage of a claim by its premises, for the LocalJudge's claim support.

Each token of the claim is matched to its closest token of the premises, where tokens are
the transformer's states in their sentence (all-MiniLM-L6-v2, int8 ONNX), not fixed word
vectors: "bank" beside "river" and beside "loan" no longer look alike. The coverage is the
mean of those best cosines, rare tokens weighing more (the static model's frequency
weights): the recall half of BERTScore (Zhang et al. 2020, arXiv 1904.09675) with IDF-like
weights. On the support dev sets it is the strongest single support feature (AUROC alone:
WiCE 0.991, Factcheck-GPT 0.786; the same coverage from static token vectors: 0.976, 0.753).
A second feature takes the claim's names (capitalised words that are one token) and keeps
the worst of their best matches: "Sydney" where the premises say "Canberra" is close in
meaning but not the same (support weights with it, cross-validated: Factcheck-GPT 0.804 ->
0.811).

It costs a transformer pass over each claim and over the premise sentences closest to it
(CLOSEST_SENTENCES): in speed.py about 13 short texts a sample, more than half the judge's
time. ``LocalJudge(contextual=False)`` ("local-fast") leaves it out.
"""

from __future__ import annotations

from typing import Any, Sequence

import numpy as np

from ...text.segments import capitalised, premise_sentences, split_sentences
from .features import name_closeness, weighted_soft_coverage

# token states are read for the claim's closest premise sentences only, each sentence alone:
# the transformer pass costs about the number of tokens read. Cross-validated AUROC
# (Factcheck-GPT / WiCE) and speed.py samples/s cold (MiniLM with integer products, two calls
# at once): the 2 closest sentences 0.804 / 0.984, 53-56/s; 3: 0.809 / 0.984, 46/s; with
# float products, one call at a time: every sentence 0.814 / 0.989, 24.5/s; the whole premises
# in pieces of up to 180 words (judge version 5) 0.811 / 0.989, 23.7/s. Two keep the judge
# above 50 samples/s.
CLOSEST_SENTENCES = 2
PIECE_WORDS = 180  # premises are read in pieces of whole sentences up to this many words (MiniLM reads 256 tokens)
CHUNK = 256  # pairs whose token states are computed together
MAX_CACHED_TOKENS = 200_000  # token states kept across calls, about 150 MB as float16


def closest_sentences(premises: Sequence[str], vectors: dict[str, np.ndarray], claim_vector: np.ndarray,
                      k: int = CLOSEST_SENTENCES) -> list[str]:
    """The ``k`` sentences of the premises whose (static) vectors are closest to the claim's, in
    the order they appear; ``vectors`` must hold every sentence (the judge's premise windows do)."""
    sentences = list(dict.fromkeys(s for p in premises for s in premise_sentences(p)))
    if len(sentences) <= k:
        return sentences
    sims = np.stack([vectors[s] for s in sentences]) @ claim_vector
    keep = sorted(np.argsort(-sims, kind="stable")[:k])
    return [sentences[i] for i in keep]


def premise_pieces(text: str, limit: int = PIECE_WORDS) -> list[str]:
    """The text cut between sentences into pieces of at most ``limit`` words (a longer
    sentence is a piece of its own, and the encoder keeps its first 256 tokens)."""
    pieces: list[str] = []
    current: list[str] = []
    size = 0
    for sentence in split_sentences(text) or [text]:
        words = len(sentence.split())
        if current and size + words > limit:
            pieces.append(" ".join(current))
            current, size = [], 0
        current.append(sentence)
        size += words
    if current:
        pieces.append(" ".join(current))
    return pieces


class ContextualCoverage:
    """Weighted best-match coverage of claims by premises from an encoder's token states."""

    def __init__(self, encoder: Any, token_weights: np.ndarray):
        self.encoder = encoder
        self.weights = token_weights  # by the encoder's token id
        self._pieces = {i: piece for piece, i in encoder.vocabulary().items()}
        self._states: dict[str, tuple[np.ndarray, np.ndarray]] = {}
        self._cached_tokens = 0

    def describe(self) -> dict:
        return {"features": ["ctx_recall", "ctx_name"], "encoder": self.encoder.describe()["embedder"],
                "closest_sentences": CLOSEST_SENTENCES, "piece_words": PIECE_WORDS}

    def _token_states(self, texts: list[str]) -> dict[str, tuple[np.ndarray, np.ndarray]]:
        new = [t for t in dict.fromkeys(texts) if t not in self._states]
        # kept in float16, and used so whether just read or remembered: a text's features must not
        # depend on whether an earlier call of the run read it (a run in pieces equals one run)
        fresh = {t: (s.astype(np.float16), ids) for t, (s, ids) in zip(new, self.encoder.token_states(new))}
        found = {t: self._states.get(t) or fresh[t] for t in texts}
        size = sum(len(ids) for _, ids in fresh.values())
        if self._cached_tokens + size > MAX_CACHED_TOKENS:
            self._states.clear()  # bounded memory; this call's states are in `found`
            self._cached_tokens = 0
        if size <= MAX_CACHED_TOKENS:
            self._states.update(fresh)
            self._cached_tokens += size
        return found

    def coverage(self, pairs: Sequence[tuple[Sequence[str], str]]) -> np.ndarray:
        """For each (premises, claim), two columns: the weighted mean over the claim's tokens of
        the best cosine to any token of the premises, and the least such best cosine over the
        claim's one-token names (1.0 for a claim without tokens or names, 0.0 without premises)."""
        out = np.zeros((len(pairs), 2))
        for start in range(0, len(pairs), CHUNK):
            chunk = pairs[start:start + CHUNK]
            pieces = {p: premise_pieces(p) for premises, _ in chunk for p in premises}
            states = self._token_states([x for ps in pieces.values() for x in ps] + [c for _, c in chunk])
            joined: dict[tuple[str, ...], np.ndarray] = {}  # the claims of one answer share their premises
            for k, (premises, claim) in enumerate(chunk):
                key = tuple(premises)
                if key not in joined:
                    found = [states[x][0] for p in premises for x in pieces[p]]
                    joined[key] = (np.concatenate(found).astype(np.float32) if found
                                   else np.zeros((0, self.encoder.dim), np.float32))
                claim_states, ids = states[claim]
                out[start + k] = self._columns(claim, claim_states.astype(np.float32), ids, joined[key])
        return out

    def _columns(self, claim: str, claim_states: np.ndarray, ids: np.ndarray, premise_states: np.ndarray):
        names = capitalised(claim)
        at_names = [k for k, i in enumerate(ids) if self._pieces.get(int(i)) in names]
        return (weighted_soft_coverage(claim_states, self.weights[ids], premise_states),
                name_closeness(claim_states[at_names], premise_states))
