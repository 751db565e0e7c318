"""A static (model2vec) embedder: a token table and mean pooling, numpy only at run time.

The default table ships inside ragmeter (``assets/minilm-static-256``): it was distilled
from sentence-transformers/all-MiniLM-L6-v2 (Apache-2.0, Reimers & Gurevych) with model2vec
(MIT, Tulkens & van Dongen), by ``python -m ragmeter.models.distill`` (see that module).
Any other model2vec folder can be given by path.
"""

from __future__ import annotations

from pathlib import Path
from typing import Sequence

import numpy as np

from ..errors import ConfigError, MissingExtraError
from ..text.words import STOPWORDS

DEFAULT_STATIC_MODEL = Path(__file__).parent / "assets" / "minilm-static-256"


class StaticEmbedder:
    """Sentence vectors and per-token vectors from one static token table."""

    def __init__(self, path: str | Path | None = None):
        try:
            from model2vec import StaticModel
        except ImportError:
            raise MissingExtraError("model2vec", "local", "The local judge's static embedder") from None
        self.path = Path(path) if path is not None else DEFAULT_STATIC_MODEL
        if not (self.path / "model.safetensors").exists():
            raise ConfigError(f"{self.path}: not a model2vec model folder (no model.safetensors).")
        self._model = StaticModel.from_pretrained(str(self.path))
        table = np.asarray(self._model.embedding, dtype=np.float32)
        norms = np.linalg.norm(table, axis=1, keepdims=True)
        self._unit_table = table / np.maximum(norms, 1e-9)
        # model2vec scales each token by a frequency weight (SIF), so a row's norm says how
        # informative the token is: an IDF-like weight for soft coverage
        self.token_weights = (norms[:, 0] / max(float(norms.max()), 1e-9)).astype(np.float32)
        self.rare_weight = float(np.percentile(self.token_weights, 90))
        self._tokenizer = self._model.tokenizer
        vocab = self._vocab = self._tokenizer.get_vocab()
        self._content_ids = np.zeros(len(table), dtype=bool)
        self.is_digit_token = np.zeros(len(table), dtype=bool)
        for piece, idx in vocab.items():
            word = piece.lstrip("#")
            if idx < len(table) and word.isdigit():
                self.is_digit_token[idx] = True
            if idx < len(table) and word.isalnum() and word.lower() not in STOPWORDS and not piece.startswith("["):
                self._content_ids[idx] = True
        self.dim = table.shape[1]
        self.name = f"static:{self.path.name}"

    def describe(self) -> dict:
        return {"embedder": self.name, "dim": self.dim}

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        vectors = np.asarray(self._model.encode(list(texts), show_progress_bar=False), dtype=np.float32)
        norms = np.linalg.norm(vectors, axis=1, keepdims=True)
        return vectors / np.maximum(norms, 1e-9)

    def content_token_ids(self, texts: Sequence[str]) -> list[np.ndarray]:
        """Distinct content-word token ids of each text (stopwords and punctuation left out)."""
        # the ids alone: encode_batch_fast skips character offsets (tokenizers >= 0.20)
        encode = getattr(self._tokenizer, "encode_batch_fast", self._tokenizer.encode_batch)
        encodings = encode(list(texts), add_special_tokens=False)
        out = []
        for enc in encodings:
            ids = np.unique(np.asarray(enc.ids, dtype=np.int64))
            ids = ids[ids < len(self._content_ids)]
            out.append(ids[self._content_ids[ids]])
        return out

    def token_vectors(self, ids: np.ndarray) -> np.ndarray:
        return self._unit_table[ids]

    def one_token_words(self, words) -> list[str]:
        """Those words that are one token of this table, in order."""
        return [w for w in words if self._vocab.get(w, len(self._unit_table)) < len(self._unit_table)]

    def word_vectors(self, words) -> np.ndarray:
        """Unit vectors of those words that are one token of this table (others left out)."""
        ids = [self._vocab[w] for w in self.one_token_words(words)]
        return self._unit_table[np.asarray(ids, dtype=np.int64)]

    def weights_for(self, vocabulary: dict[str, int]) -> np.ndarray:
        """These token weights indexed by another tokenizer's ids, matched by word piece (the
        same pieces when that tokenizer is MiniLM's; a piece this table lacks counts as rare)."""
        own = self._vocab
        out = np.full(max(vocabulary.values(), default=-1) + 1, self.rare_weight, dtype=np.float32)
        for piece, idx in vocabulary.items():
            mine = own.get(piece)
            if mine is not None and mine < len(self.token_weights):
                out[idx] = self.token_weights[mine]
        return out
