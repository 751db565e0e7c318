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
    """A reply. Token counts are as the server reported them (0 when it did not, negative when
    what it sent could not be read as a count); the call runner checks them before pricing."""

    text: str
    prompt_tokens: int = 0
    completion_tokens: int = 0
    finish_reason: str | None = None
    raw: dict[str, Any] = field(default_factory=dict, repr=False)
    #: the reply's HTTP headers where the client sees them (rate-limit headers set the call runner's ceiling)
    headers: dict[str, str] = field(default_factory=dict, repr=False)


class TransientError(Exception):
    """Worth retrying: rate limit, server error, timeout, dropped connection.

    ``kind`` is one of "connection" (refused, reset, name not resolved), "timeout", "server"
    (5xx), "rate_limited" (429) or "reply" (a reply that could not be read); the call runner's
    circuit breaker counts the first two."""

    def __init__(self, message: str, retry_after: float | None = None, rate_limited: bool = False,
                 kind: str | None = None):
        super().__init__(message)
        self.retry_after = retry_after
        self.rate_limited = rate_limited
        self.kind = kind or ("rate_limited" if rate_limited else "server")


class PermanentError(Exception):
    """Not worth retrying: bad request, authentication, unknown model. ``status`` is the HTTP
    status when there was one (401, 403 and 404 say the endpoint or key is wrong)."""

    def __init__(self, message: str, status: int | None = None):
        super().__init__(message)
        self.status = status


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


def token_count(value: Any) -> int:
    """A usage count from a reply: 0 when absent, -1 when it is not a finite number."""
    if value is None:
        return 0
    if isinstance(value, bool) or not isinstance(value, (int, float)) or value != value or abs(value) == float("inf"):
        return -1
    return int(value)


def normalise(rows: Any) -> np.ndarray:
    matrix = np.asarray(rows, dtype=np.float32)
    if matrix.ndim == 1:
        matrix = matrix[None, :]
    norms = np.linalg.norm(matrix, axis=1, keepdims=True)
    return matrix / np.maximum(norms, 1e-12)


class StructuredModes:
    """The ways a client can ask for a reply of a schema, best first (e.g. "json_schema", "tools",
    "json_mode"), ending with "prompt" (the schema in the prompt only, the reply parsed tolerantly
    and repaired once by the judge). A mode the server or client library refuses is dropped for
    the rest of the session; ``describe()`` says which mode is in use."""

    def __init__(self, modes: Sequence[str]):
        self.modes = [m for m in modes if m != "prompt"] + ["prompt"]
        self.refused: dict[str, str] = {}

    @property
    def current(self) -> str:
        return self.modes[0]

    def refuse(self, mode: str, why: BaseException) -> bool:
        """Drop ``mode`` when ``why`` says it is not supported; False (keep it) otherwise."""
        from .http import refuses_feature

        if mode in self.refused:  # refused meanwhile, by another call
            return True
        if mode == "prompt" or mode not in self.modes or not refuses_feature(why):
            return False
        self.modes.remove(mode)
        self.refused[mode] = f"{type(why).__name__}: {str(why)[:200]}"
        return True

    def describe(self) -> dict[str, Any]:
        return {"mode": self.current, "refused": dict(self.refused)}
