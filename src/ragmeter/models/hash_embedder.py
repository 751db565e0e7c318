"""A deterministic, dependency-free embedder: hashed unigrams and bigrams of stemmed tokens.

It knows no synonyms, so it is a lexical fallback, not a semantic model; it exists so that
every metric works with numpy alone. (The idea follows seed 000's hash embedder.)
"""

from __future__ import annotations

import hashlib
from typing import Sequence

import numpy as np

from ..judges.text import content_tokens


def _bucket(kind: str, text: str, dim: int) -> int:
    digest = hashlib.blake2b(f"{kind}|{text}".encode("utf-8"), digest_size=8).digest()
    return int.from_bytes(digest, "big") % dim


class HashEmbedder:
    name = "hash"

    def __init__(self, dim: int = 512):
        self.dim = dim

    def embed_one(self, text: str) -> np.ndarray:
        vec = np.zeros(self.dim, dtype=np.float32)
        toks = content_tokens(text)
        for tok in toks:
            vec[_bucket("u", tok, self.dim)] += 1.0
        for a, b in zip(toks, toks[1:]):
            vec[_bucket("b", f"{a} {b}", self.dim)] += 0.5
        norm = float(np.linalg.norm(vec))
        return vec / norm if norm > 0 else vec

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        return np.stack([self.embed_one(t) for t in texts])

    def describe(self) -> dict:
        return {"embedder": self.name, "dim": self.dim}
