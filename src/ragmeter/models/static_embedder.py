"""A static (model2vec) embedder: a token table and mean pooling; tokenizers and numpy at run time.

The default table ships inside ragmeter (``assets/minilm-static-256``): it was distilled
from sentence-transformers/all-MiniLM-L6-v2 (Apache-2.0, Reimers & Gurevych) with model2vec
(MIT, Tulkens & van Dongen), by ``python -m ragmeter.models.distill`` (see that module).
Any other model2vec folder can be given by path.

The folder is read here (``safetensors_file.read_tensors`` and the tokenizers package), not by
model2vec, whose import takes about 0.4 s of the judge's load: sentence vectors are model2vec's
``StaticModel.encode`` to the bit (tests/test_static_embedder.py compares them where model2vec
is installed), which is only needed to distil a table (the ``distill`` extra).
"""

from __future__ import annotations

import json
from collections import defaultdict
from pathlib import Path
from typing import Sequence

import numpy as np

from ..errors import ConfigError, MissingExtraError
from ..text.words import STOPWORDS
from .safetensors_file import read_tensors

DEFAULT_STATIC_MODEL = Path(__file__).parent / "assets" / "minilm-static-256"
MAX_TOKENS = 512  # model2vec's default: a text is cut to this many tokens (and characters in proportion)


class StaticEmbedder:
    """Sentence vectors and per-token vectors from one static token table."""

    def __init__(self, path: str | Path | None = None):
        try:
            from tokenizers import Tokenizer
        except ImportError:
            raise MissingExtraError("tokenizers", "local", "The local judge's static embedder") from None
        self.path = Path(path) if path is not None else DEFAULT_STATIC_MODEL
        files = [self.path / name for name in ("model.safetensors", "tokenizer.json", "config.json")]
        missing = [f.name for f in files if not f.exists()]
        if missing:
            raise ConfigError(f"{self.path}: not a model2vec model folder (no {', '.join(missing)}).")
        tensors = read_tensors(files[0])
        if "embeddings" not in tensors:
            raise ConfigError(f"{files[0]}: holds no 'embeddings' tensor (found: {', '.join(tensors) or 'none'}); "
                              "give a folder saved by model2vec's StaticModel.save_pretrained.")
        self._embedding = tensors["embeddings"]
        self._weights, self._mapping = tensors.get("weights"), tensors.get("mapping")
        try:
            config = json.loads(files[2].read_text(encoding="utf-8"))
            self._tokenizer = Tokenizer.from_file(str(files[1]))
        except Exception as exc:  # a broken JSON file or a tokenizer file of another kind
            raise ConfigError(f"{self.path}: could not read config.json or tokenizer.json ({exc}); "
                              "give a folder saved by model2vec's StaticModel.save_pretrained.") from None
        self._normalize = bool(config.get("normalize", False))
        max_tokens = config.get("max_length", MAX_TOKENS)
        padding = self._tokenizer.padding
        if padding is not None:  # no padding: each text's own tokens
            self._tokenizer.enable_padding(pad_id=padding["pad_id"], pad_token=padding["pad_token"],
                                           pad_type_id=padding["pad_type_id"], length=0)
        if max_tokens is None:
            self._tokenizer.no_truncation()
        else:
            self._tokenizer.enable_truncation(max_tokens)
        vocab = self._vocab = self._tokenizer.get_vocab()
        rows = len(self._embedding) if self._mapping is None else len(self._mapping)
        if rows != len(vocab):
            raise ConfigError(f"{files[0]}: its table has {rows} rows for the tokenizer's {len(vocab)} tokens; "
                              "the two files come from different models.")
        self._unk_id = _unknown_id(self._tokenizer)
        # texts are cut to max_tokens times the median token's length in characters first
        self._max_chars = None if max_tokens is None else max_tokens * int(np.median([len(piece) for piece in vocab]))
        table = self._embedding.astype(np.float32)
        if self._mapping is not None:
            table = table[self._mapping]
        if self._weights is not None:
            table = table * self._weights[:, None].astype(np.float32)
        norms = np.linalg.norm(table, axis=1, keepdims=True)
        self._unit_table = table / np.maximum(norms, 1e-9)
        # model2vec scales each token by a frequency weight (SIF), so a row's norm says how
        # informative the token is: an IDF-like weight for soft coverage
        self.token_weights = (norms[:, 0] / max(float(norms.max()), 1e-9)).astype(np.float32)
        self.rare_weight = float(np.percentile(self.token_weights, 90))
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
        vectors = self._pooled(list(texts)).astype(np.float32)
        norms = np.linalg.norm(vectors, axis=1, keepdims=True)
        return vectors / np.maximum(norms, 1e-9)

    def _pooled(self, texts: list[str]) -> np.ndarray:
        """model2vec's mean pooling, in the table's own precision: each text's tokens (unknown
        ones left out) averaged, then scaled to unit length where the folder's config says so."""
        if self._max_chars is not None:
            texts = [text[:self._max_chars] for text in texts]
        encode = getattr(self._tokenizer, "encode_batch_fast", self._tokenizer.encode_batch)
        ids = [[i for i in enc.ids if i != self._unk_id] for enc in encode(texts, add_special_tokens=False)]
        dtype = np.float32 if self._embedding.dtype == np.int8 else self._embedding.dtype
        out = np.zeros((len(ids), self._embedding.shape[1]), dtype=dtype)
        if self._mapping is None and self._weights is None:
            by_length: dict[int, list[int]] = defaultdict(list)
            for i, row in enumerate(ids):
                if row:
                    by_length[len(row)].append(i)
            for rows in by_length.values():
                out[rows] = self._embedding[np.array([ids[i] for i in rows], dtype=np.int64)].mean(axis=1)
        else:
            for i, row in enumerate(ids):
                if row:
                    found = self._embedding[row if self._mapping is None else self._mapping[row]]
                    if self._weights is not None:
                        found = found * self._weights[row][:, None]
                    out[i] = found.mean(axis=0)
        if self._normalize:
            wide = out.astype(np.float32)
            out = (wide / (np.linalg.norm(wide, axis=1, keepdims=True) + 1e-32)).astype(out.dtype)
        return out

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


def _unknown_id(tokenizer) -> int | None:
    """The id of the tokenizer's unknown token (left out of a text's tokens), as model2vec finds
    it: the model's unk_token for WordPiece, BPE and word-level models, unk_id for Unigram ones."""
    model = tokenizer.model
    if hasattr(model, "unk_token"):
        return tokenizer.token_to_id(model.unk_token) if model.unk_token else None
    return json.loads(tokenizer.to_str())["model"].get("unk_id")
