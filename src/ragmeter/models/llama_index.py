"""A LlamaIndex LLM as ragmeter's chat model."""

from __future__ import annotations

from typing import Any, Sequence

from .base import ChatModel, Completion, Message
from .langchain import _model_name, classify


class LlamaIndexLLM(ChatModel):
    def __init__(self, llm: Any):
        self.llm = llm
        self.id = f"llama_index:{type(llm).__name__}:{_model_name(llm)}"

    async def complete(self, messages: Sequence[Message], schema: dict[str, Any] | None = None,
                       temperature: float = 0.0, max_tokens: int | None = None) -> Completion:
        from llama_index.core.llms import ChatMessage

        converted = [ChatMessage(role=m.role, content=m.content) for m in messages]
        try:
            reply = await self.llm.achat(converted)
        except Exception as exc:  # noqa: BLE001
            raise classify(exc) from None
        raw = getattr(reply, "raw", None) or {}
        usage = (raw.get("usage") if isinstance(raw, dict) else getattr(raw, "usage", None)) or {}
        get = usage.get if isinstance(usage, dict) else lambda k, d=None: getattr(usage, k, d)
        return Completion(reply.message.content or "", int(get("prompt_tokens", 0) or 0),
                          int(get("completion_tokens", 0) or 0), None)
