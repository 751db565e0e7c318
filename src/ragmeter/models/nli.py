"""An NLI cross-encoder (any local sentence-transformers CrossEncoder folder) for claim support.

Given (premise, hypothesis) pairs it returns the probability of entailment, read from the
model's own label names (the label whose name contains "entail"). Nothing is downloaded:
pass a folder that holds the model.
"""

from __future__ import annotations

from pathlib import Path
from typing import Sequence

import numpy as np

from ..errors import ConfigError, MissingExtraError


class NLICrossEncoder:
    def __init__(self, path: str | Path, batch_size: int = 32, device: str = "cpu"):
        try:
            from sentence_transformers import CrossEncoder
        except ImportError:
            raise MissingExtraError("sentence-transformers", "transformers", "An NLI cross-encoder") from None
        try:
            self._model = CrossEncoder(str(path), device=device)
        except (OSError, ValueError) as exc:
            raise ConfigError(f"could not load the NLI model at '{path}': {exc}") from None
        labels = {int(k): str(v).lower() for k, v in self._model.model.config.id2label.items()}
        entail = [i for i, name in labels.items() if "entail" in name]
        if not entail:
            raise ConfigError(f"the model at '{path}' has no entailment label (labels: {sorted(labels.values())}); "
                              "pass an NLI cross-encoder.")
        self.entailment_index = entail[0]
        self.labels = labels
        self.batch_size = batch_size
        self.name = f"nli:{Path(str(path)).name}"

    def describe(self) -> dict:
        return {"nli_model": self.name, "labels": self.labels}

    def entailment(self, pairs: Sequence[tuple[str, str]]) -> np.ndarray:
        if not pairs:
            return np.zeros(0)
        logits = np.asarray(self._model.predict(list(pairs), batch_size=self.batch_size, show_progress_bar=False,
                                                apply_softmax=False), dtype=np.float64)
        if logits.ndim == 1:  # a single-logit model: a sigmoid score of entailment
            return 1.0 / (1.0 + np.exp(-logits))
        logits = logits - logits.max(axis=1, keepdims=True)
        probs = np.exp(logits) / np.exp(logits).sum(axis=1, keepdims=True)
        return probs[:, self.entailment_index]
