"""An in-process embedder (the shipped static one, the hash embedder, a sentence-transformers
model) behind the async Embedder interface, for an LLM judge's answer relevancy."""

from __future__ import annotations

import functools
from typing import Any, Sequence

import numpy as np

from .base import Embedder


class LocalEmbedder(Embedder):
    """An in-process embedder (one with a synchronous ``embed``) behind the async Embedder interface."""

    def __init__(self, inner: Any):
        self.inner = inner
        self.id = f"local:{inner.describe()['embedder']}"

    async def aembed(self, texts: Sequence[str]) -> np.ndarray:
        return self.inner.embed(list(texts))


@functools.lru_cache(maxsize=1)
def _static_embedder() -> Any:
    """The shipped static embedder, loaded once per process (about 0.5 s, which every LLM-judge
    evaluate() paid before the first call); it holds no state of a run."""
    from .static_embedder import StaticEmbedder

    return StaticEmbedder()


def default_embedder() -> Embedder:
    """The shipped static embedder when [local] is installed, else the hash embedder."""
    try:
        return LocalEmbedder(_static_embedder())
    except ImportError:
        from .hash_embedder import HashEmbedder

        return LocalEmbedder(HashEmbedder())
