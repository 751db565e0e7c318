"""A deterministic, dependency-free lexical embedder: hashed features of normalised words.

Features: stemmed content words, numbers (digits or words, weighted up: in an answer the
number usually is the answer), word bigrams, the joined form of each bigram (so that
"sea water" meets "seawater"), and the initials of multi-word capitalised names (so that
"World Meteorological Organization" meets "WMO"). It knows no synonyms; it is a lexical
signal, not a semantic model. (The hashing idea follows seed 000's hash embedder.)
"""

from __future__ import annotations

import hashlib
import re
from typing import Sequence

import numpy as np

from ..text.words import NUMBER_WORDS, STOPWORDS, stem, tokens

_CAPITALISED_RUN = re.compile(r"(?:\b[A-Z][\w'-]*(?:\s+(?:of|and|for|the|de|on)\s+|\s+)?){2,}")


def _bucket(kind: str, text: str, dim: int) -> int:
    digest = hashlib.blake2b(f"{kind}|{text}".encode("utf-8"), digest_size=8).digest()
    return int.from_bytes(digest, "big") % dim


def lexical_features(text: str, number_weight: float = 3.0) -> dict[str, float]:
    """Weighted lexical features of a text, before hashing."""
    feats: dict[str, float] = {}
    words = [NUMBER_WORDS.get(t, t) for t in tokens(text)]
    content = [w for w in words if w not in STOPWORDS and (len(w) > 1 or w.isdigit())]
    stems = [stem(w) for w in content]
    for word, s in zip(content, stems):
        weight = number_weight if word.replace(".", "").isdigit() else 1.0
        feats[f"u|{s}"] = feats.get(f"u|{s}", 0.0) + weight
    for a, b in zip(content, content[1:]):
        feats[f"b|{stem(a)} {stem(b)}"] = feats.get(f"b|{stem(a)} {stem(b)}", 0.0) + 0.5
        joined = stem(a + b)
        feats[f"u|{joined}"] = feats.get(f"u|{joined}", 0.0) + 0.5
    for run in _CAPITALISED_RUN.finditer(text):
        initials = "".join(w[0] for w in run.group(0).split() if w[:1].isupper()).lower()
        if len(initials) >= 2:
            feats[f"u|{initials}"] = feats.get(f"u|{initials}", 0.0) + 1.0
    return feats


class HashEmbedder:
    name = "hash"

    def __init__(self, dim: int = 1024):
        self.dim = dim

    def embed_one(self, text: str) -> np.ndarray:
        vec = np.zeros(self.dim, dtype=np.float32)
        for feature, weight in lexical_features(text).items():
            vec[_bucket("f", feature, self.dim)] += weight
        norm = float(np.linalg.norm(vec))
        return vec / norm if norm > 0 else vec

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        return np.stack([self.embed_one(t) for t in texts])

    def describe(self) -> dict:
        return {"embedder": self.name, "dim": self.dim}
