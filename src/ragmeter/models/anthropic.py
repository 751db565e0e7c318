"""Anthropic's Messages API over HTTP (ANTHROPIC_API_KEY, ANTHROPIC_BASE_URL). The reply
schema travels in the prompt; parsing is tolerant and one repair is allowed (LLMJudge)."""

from __future__ import annotations

import os
from typing import Any, Sequence

import httpx

from .base import ChatModel, Completion, Message, PermanentError, TransientError

API_VERSION = "2023-06-01"


class AnthropicChat(ChatModel):
    def __init__(self, model: str, api_key: str | None = None, base_url: str | None = None, timeout: float = 60.0,
                 max_tokens: int = 2048):
        self.model = model
        self.id = f"anthropic:{model}"
        self._api_key = api_key if api_key is not None else os.environ.get("ANTHROPIC_API_KEY")
        self.base_url = (base_url or os.environ.get("ANTHROPIC_BASE_URL") or "https://api.anthropic.com").rstrip("/")
        self.timeout = timeout
        self.default_max_tokens = max_tokens
        self._client: httpx.AsyncClient | None = None
        self._loop: Any = None

    def describe(self) -> dict[str, Any]:
        return {"model": self.id, "base_url": self.base_url}

    def _http(self) -> httpx.AsyncClient:
        import asyncio

        loop = asyncio.get_running_loop()
        if self._client is None or self._loop is not loop:
            self._loop = loop
            headers = {"anthropic-version": API_VERSION, "content-type": "application/json"}
            if self._api_key:
                headers["x-api-key"] = self._api_key
            self._client = httpx.AsyncClient(base_url=self.base_url, headers=headers, timeout=self.timeout)
        return self._client

    async def complete(self, messages: Sequence[Message], schema: dict[str, Any] | None = None,
                       temperature: float = 0.0, max_tokens: int | None = None) -> Completion:
        system = "\n\n".join(m.content for m in messages if m.role == "system")
        payload: dict[str, Any] = {"model": self.model, "max_tokens": max_tokens or self.default_max_tokens,
                                   "temperature": temperature,
                                   "messages": [{"role": m.role, "content": m.content} for m in messages if m.role != "system"]}
        if system:
            payload["system"] = system
        try:
            response = await self._http().post("/v1/messages", json=payload)
        except httpx.TimeoutException:
            raise TransientError(f"timed out after {self.timeout:g} s") from None
        except httpx.TransportError as exc:
            raise TransientError(f"connection failed: {type(exc).__name__}") from None
        if response.status_code in (429, 529) or response.status_code >= 500:
            retry = response.headers.get("retry-after")
            raise TransientError(f"HTTP {response.status_code}", float(retry) if retry and retry.replace(".", "").isdigit()
                                 else None, rate_limited=response.status_code == 429)
        if response.status_code >= 400:
            text = response.text[:300].replace(self._api_key, "[redacted]") if self._api_key else response.text[:300]
            raise PermanentError(f"HTTP {response.status_code} from Anthropic: {text}")
        data = response.json()
        text = "".join(block.get("text", "") for block in data.get("content", []) if block.get("type") == "text")
        usage = data.get("usage") or {}
        finish = "length" if data.get("stop_reason") == "max_tokens" else data.get("stop_reason")
        return Completion(text, int(usage.get("input_tokens") or 0), int(usage.get("output_tokens") or 0), finish, data)

    async def aclose(self) -> None:
        if self._client is not None:
            await self._client.aclose()
            self._client = None
