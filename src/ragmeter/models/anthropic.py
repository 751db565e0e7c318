"""Anthropic's Messages API over HTTP (ANTHROPIC_API_KEY, ANTHROPIC_BASE_URL).

The reply schema is asked for with tool use: one tool whose input schema is the reply's, and
``tool_choice`` forcing it; the tool call's input is the reply. A server that refuses tools is
asked again without, and remembered: the schema then travels in the prompt only (parsing is
tolerant and one repair is allowed, LLMJudge)."""

from __future__ import annotations

import json
import os
from typing import Any, Sequence

import httpx

from ..redaction import register
from . import http
from .base import ChatModel, Completion, Message, PermanentError, StructuredModes, TransientError, token_count

API_VERSION = "2023-06-01"


class AnthropicChat(ChatModel):
    supports_schema = True

    def __init__(self, model: str, api_key: str | None = None, base_url: str | None = None, timeout: float = 60.0,
                 max_tokens: int = 2048, max_reply_bytes: int = http.MAX_REPLY_BYTES):
        self.model = model
        self.id = f"anthropic:{model}"
        self._api_key = api_key if api_key is not None else os.environ.get("ANTHROPIC_API_KEY")
        register(self._api_key)
        self.max_reply_bytes = max_reply_bytes
        self.base_url = (base_url or os.environ.get("ANTHROPIC_BASE_URL") or "https://api.anthropic.com").rstrip("/")
        self.timeout = timeout
        self.default_max_tokens = max_tokens
        self._client: httpx.AsyncClient | None = None
        self._loop: Any = None
        self.structured = StructuredModes(("tool",))

    def describe(self) -> dict[str, Any]:
        return {"model": self.id, "base_url": self.base_url, "structured_output": self.structured.describe()}

    def _http(self) -> httpx.AsyncClient:
        import asyncio

        loop = asyncio.get_running_loop()
        if self._client is None or self._loop is not loop:
            self._loop = loop
            headers = {"anthropic-version": API_VERSION, "content-type": "application/json"}
            if self._api_key:
                headers["x-api-key"] = self._api_key
            self._client = http.async_client(self.base_url, headers, self.timeout)
        return self._client

    async def complete(self, messages: Sequence[Message], schema: dict[str, Any] | None = None,
                       temperature: float = 0.0, max_tokens: int | None = None) -> Completion:
        system = "\n\n".join(m.content for m in messages if m.role == "system")
        payload: dict[str, Any] = {"model": self.model, "max_tokens": max_tokens or self.default_max_tokens,
                                   "temperature": temperature,
                                   "messages": [{"role": m.role, "content": m.content} for m in messages if m.role != "system"]}
        if system:
            payload["system"] = system
        mode = self.structured.current if schema is not None else "prompt"
        if mode == "tool" and schema is not None:
            name = str(schema.get("title") or "answer")
            payload["tools"] = [{"name": name, "description": "Record the answer in the required format.",
                                 "input_schema": {k: v for k, v in schema.items() if k != "title"}}]
            payload["tool_choice"] = {"type": "tool", "name": name}
        where = f"{self.base_url}/v1/messages"
        reply = await http.post(self._http(), "/v1/messages", payload, where, self.max_reply_bytes)
        try:
            http.raise_for_status(reply, where)  # 529 (overloaded) is a 5xx: retried
        except PermanentError as exc:
            if self.structured.refuse(mode, exc):
                return await self.complete(messages, schema, temperature, max_tokens)
            raise
        data = reply.json()
        try:
            blocks = [b for b in data.get("content", []) if isinstance(b, dict)]
            tool_inputs = [b.get("input") for b in blocks if b.get("type") == "tool_use"]
            text = (json.dumps(tool_inputs[0], ensure_ascii=False) if tool_inputs and isinstance(tool_inputs[0], dict)
                    else "".join(b.get("text", "") for b in blocks if b.get("type") == "text"))
        except (AttributeError, TypeError):
            raise TransientError("the reply has no content[] of text or tool_use blocks", kind="reply") from None
        usage = data.get("usage") if isinstance(data.get("usage"), dict) else {}
        finish = "length" if data.get("stop_reason") == "max_tokens" else data.get("stop_reason")
        return Completion(text, token_count(usage.get("input_tokens")), token_count(usage.get("output_tokens")),
                          finish, data, http.rate_limit_headers(reply.headers))

    async def aclose(self) -> None:
        if self._client is not None:
            await self._client.aclose()
            self._client = None
