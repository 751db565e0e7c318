"""The small interface every chat model and embedder adapter implements."""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import Any, Sequence

import numpy as np


@dataclass(frozen=True)
class Message:
    role: str  # "system" | "user" | "assistant"
    content: str


@dataclass
class Completion:
    text: str
    prompt_tokens: int = 0
    completion_tokens: int = 0
    finish_reason: str | None = None
    raw: dict[str, Any] = field(default_factory=dict, repr=False)


class TransientError(Exception):
    """Worth retrying: rate limit, server error, timeout, dropped connection."""

    def __init__(self, message: str, retry_after: float | None = None, rate_limited: bool = False):
        super().__init__(message)
        self.retry_after = retry_after
        self.rate_limited = rate_limited


class PermanentError(Exception):
    """Not worth retrying: bad request, authentication, unknown model."""


class ChatModel(ABC):
    """A chat model. ``schema`` is the JSON schema the reply must follow: adapters that can
    enforce it (OpenAI-compatible ``response_format``) do; others rely on the prompt."""

    #: e.g. "openai:gpt-4o-mini"; part of every cache key
    id: str = "chat"
    supports_schema: bool = False

    @abstractmethod
    async def complete(self, messages: Sequence[Message], schema: dict[str, Any] | None = None,
                       temperature: float = 0.0, max_tokens: int | None = None) -> Completion: ...

    def describe(self) -> dict[str, Any]:
        return {"model": self.id}

    async def aclose(self) -> None:
        return None


class Embedder(ABC):
    id: str = "embedder"

    @abstractmethod
    async def aembed(self, texts: Sequence[str]) -> np.ndarray:
        """Unit-normalised rows, one per text."""

    def describe(self) -> dict[str, Any]:
        return {"embedder": self.id}


def normalise(rows: Any) -> np.ndarray:
    matrix = np.asarray(rows, dtype=np.float32)
    if matrix.ndim == 1:
        matrix = matrix[None, :]
    norms = np.linalg.norm(matrix, axis=1, keepdims=True)
    return matrix / np.maximum(norms, 1e-12)
