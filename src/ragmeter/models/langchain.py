"""LangChain chat models and embeddings behind ragmeter's interfaces.

``LangchainLLMWrapper`` and ``LangchainEmbeddingsWrapper`` carry the names ragas uses, so
seed 003's code runs with ``from ragmeter.llms import LangchainLLMWrapper``.
"""

from __future__ import annotations

from typing import Any, Sequence

from .base import ChatModel, Completion, Embedder, Message, PermanentError, TransientError, normalise

TRANSIENT_NAMES = ("RateLimit", "Timeout", "APIConnection", "ServiceUnavailable", "InternalServer", "Overloaded")


def classify(exc: Exception) -> Exception:
    """Map a provider SDK's exception to TransientError or PermanentError."""
    status = getattr(exc, "status_code", None) or getattr(getattr(exc, "response", None), "status_code", None)
    name = type(exc).__name__
    if status == 429 or "RateLimit" in name:
        return TransientError(f"{name}: rate limited", rate_limited=True)
    if (isinstance(status, int) and status >= 500) or any(t in name for t in TRANSIENT_NAMES) \
            or isinstance(exc, (TimeoutError, ConnectionError)):
        return TransientError(f"{name}: {exc}")
    return PermanentError(f"{name}: {exc}")


def _model_name(obj: Any) -> str:
    for attr in ("model_name", "model", "model_id", "deployment_name"):
        value = getattr(obj, attr, None)
        if isinstance(value, str) and value:
            return value
    return type(obj).__name__


class LangchainLLMWrapper(ChatModel):
    def __init__(self, langchain_llm: Any):
        self.langchain_llm = langchain_llm
        self.id = f"langchain:{type(langchain_llm).__name__}:{_model_name(langchain_llm)}"

    async def complete(self, messages: Sequence[Message], schema: dict[str, Any] | None = None,
                       temperature: float = 0.0, max_tokens: int | None = None) -> Completion:
        from langchain_core.messages import AIMessage, HumanMessage, SystemMessage

        kinds = {"system": SystemMessage, "user": HumanMessage, "assistant": AIMessage}
        converted = [kinds[m.role](content=m.content) for m in messages]
        try:
            reply = await self.langchain_llm.ainvoke(converted)
        except (TransientError, PermanentError):
            raise
        except Exception as exc:  # noqa: BLE001 - the SDK's own error types vary by provider
            raise classify(exc) from None
        text = reply.content if isinstance(reply.content, str) else "".join(
            part.get("text", "") if isinstance(part, dict) else str(part) for part in reply.content)
        usage = getattr(reply, "usage_metadata", None) or {}
        meta = getattr(reply, "response_metadata", None) or {}
        finish = meta.get("finish_reason") or meta.get("stop_reason")
        if finish == "max_tokens":
            finish = "length"
        return Completion(text, int(usage.get("input_tokens") or 0), int(usage.get("output_tokens") or 0), finish)


class LangchainEmbeddingsWrapper(Embedder):
    def __init__(self, embeddings: Any):
        self.embeddings = embeddings
        self.id = f"langchain:{type(embeddings).__name__}:{_model_name(embeddings)}"

    async def aembed(self, texts: Sequence[str]):
        try:
            rows = await self.embeddings.aembed_documents(list(texts))
        except Exception as exc:  # noqa: BLE001
            raise classify(exc) from None
        return normalise(rows)
