"""ragmeter's own cross-encoders, shipped as int8 ONNX and run by onnxruntime (no PyTorch).

Each reads two texts together, the first whole and the second cut to fit 128 tokens, and gives
one logit. all-MiniLM-L6-v2 fine-tuned by ``training/`` (one command per model rebuilds it; the
MODEL_CARD.md beside the weights says on what data, how well, and its limits):

- the claim verifier (``assets/verifier``): (claim, evidence window) -> the evidence states the
  claim. It reads which slot a word fills: "The capital of Australia is Sydney." against
  "Canberra is the capital of Australia. Sydney is its largest city." is not stated.
- the answer-relevance model (``assets/relevance``): (question, answer) -> the answer answers
  the question, rather than evading it, restating it or answering another one.

Batching and threads are those of the ONNX embedder (texts of similar length together, one
thread per model call, as many calls at once as there are cores).
"""

from __future__ import annotations

from pathlib import Path
from typing import Sequence

import numpy as np

from ..errors import ConfigError
from .onnx_embedder import DEFAULT_TOKENIZER, OnnxSentenceEmbedder

ASSETS = Path(__file__).parent / "assets"
SHIPPED = {"verifier": ASSETS / "verifier" / "verifier-int8.onnx",
           "relevance": ASSETS / "relevance" / "relevance-int8.onnx"}
MAX_PAIR_TOKENS = 128  # as trained: the longer of the two texts cut first


class OnnxCrossEncoder(OnnxSentenceEmbedder):
    def __init__(self, model: str | Path, tokenizer: str | Path | None = None):
        shipped = {str(path): name for name, path in SHIPPED.items()}
        path = SHIPPED[str(model)] if str(model) in SHIPPED else Path(model)
        if not path.is_file():
            raise ConfigError(f"{path}: the cross-encoder's ONNX file is missing. Reinstall ragmeter, or rebuild it "
                              "with the training/ script named in its MODEL_CARD.md.")
        super().__init__(path, tokenizer if tokenizer is not None else DEFAULT_TOKENIZER)
        self._args = (model, tokenizer)
        if self.dim != 0:
            raise ConfigError(f"{path}: expected a model with one logit per pair, got {self.dim} outputs.")
        self._tokenizer.enable_truncation(MAX_PAIR_TOKENS, strategy="longest_first")
        kind = shipped.get(str(path))
        self.name = f"{kind}:minilm-l6-int8" if kind else f"cross-encoder:{path.name}"

    def describe(self) -> dict:
        return {"model": self.name, "sha256": self.sha256, "max_tokens": MAX_PAIR_TOKENS}

    def logits(self, pairs: Sequence[tuple[str, str]]) -> np.ndarray:
        """One logit per (first, second) pair: the claim or question first, the evidence or answer second."""
        out = np.zeros(len(pairs), dtype=np.float64)
        if pairs:
            for rows, logit, _, _ in self._batches(list(pairs)):
                out[rows] = logit
        return out
