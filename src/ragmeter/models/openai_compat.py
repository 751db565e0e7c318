"""Any server speaking OpenAI's chat-completions protocol: OpenAI, vLLM, Ollama, llama.cpp
server, LM Studio. Honours OPENAI_BASE_URL and OPENAI_API_KEY as the official SDK does.

Structured output is asked for with ``response_format: {"type": "json_schema", ...}``; a
server that rejects it is asked again without it, and remembered, so the schema then lives
in the prompt only.
"""

from __future__ import annotations

import os
from typing import Any, Sequence

import httpx

from .base import ChatModel, Completion, Embedder, Message, PermanentError, TransientError, normalise

DEFAULT_BASE_URL = "https://api.openai.com/v1"


def _retry_after(response: httpx.Response) -> float | None:
    value = response.headers.get("retry-after")
    if value is None:
        return None
    try:
        return max(0.0, float(value))
    except ValueError:
        return None


def _redact(text: str, secret: str | None) -> str:
    return text.replace(secret, "[redacted]") if secret else text


class _OpenAIHTTP:
    def __init__(self, base_url: str | None, api_key: str | None, timeout: float):
        self.base_url = (base_url or os.environ.get("OPENAI_BASE_URL") or DEFAULT_BASE_URL).rstrip("/")
        self._api_key = api_key if api_key is not None else os.environ.get("OPENAI_API_KEY")
        self.timeout = timeout
        self._client: httpx.AsyncClient | None = None
        self._loop: Any = None

    def _http(self) -> httpx.AsyncClient:
        import asyncio

        loop = asyncio.get_running_loop()
        if self._client is None or self._loop is not loop:  # a client belongs to one event loop
            self._loop = loop
            headers = {"Authorization": f"Bearer {self._api_key}"} if self._api_key else {}
            self._client = httpx.AsyncClient(base_url=self.base_url, headers=headers, timeout=self.timeout)
        return self._client

    async def post(self, path: str, payload: dict[str, Any]) -> dict[str, Any]:
        try:
            response = await self._http().post(path, json=payload)
        except httpx.TimeoutException as exc:
            raise TransientError(f"timed out after {self.timeout:g} s ({type(exc).__name__})") from None
        except httpx.TransportError as exc:
            raise TransientError(f"connection failed: {type(exc).__name__}") from None
        if response.status_code == 429:
            raise TransientError("rate limited (HTTP 429)", _retry_after(response), rate_limited=True)
        if response.status_code >= 500:
            raise TransientError(f"server error (HTTP {response.status_code})", _retry_after(response))
        if response.status_code >= 400:
            detail = _redact(response.text[:300], self._api_key)
            raise PermanentError(f"HTTP {response.status_code} from {self.base_url}{path}: {detail}")
        try:
            return response.json()
        except ValueError:
            raise TransientError("the server's reply was not JSON") from None

    async def aclose(self) -> None:
        if self._client is not None:
            await self._client.aclose()
            self._client = None


class OpenAICompatible(ChatModel):
    supports_schema = True

    def __init__(self, model: str, base_url: str | None = None, api_key: str | None = None, timeout: float = 60.0,
                 extra_body: dict[str, Any] | None = None):
        self.model = model
        self._http = _OpenAIHTTP(base_url, api_key, timeout)
        self.id = f"openai:{model}"
        self.extra_body = dict(extra_body or {})
        self._schema_rejected = False

    @property
    def base_url(self) -> str:
        return self._http.base_url

    def describe(self) -> dict[str, Any]:
        return {"model": self.id, "base_url": self.base_url, "structured_output": not self._schema_rejected}

    async def complete(self, messages: Sequence[Message], schema: dict[str, Any] | None = None,
                       temperature: float = 0.0, max_tokens: int | None = None) -> Completion:
        payload: dict[str, Any] = {"model": self.model, "temperature": temperature,
                                   "messages": [{"role": m.role, "content": m.content} for m in messages],
                                   **self.extra_body}
        if max_tokens:
            payload["max_tokens"] = max_tokens
        if schema is not None and not self._schema_rejected:
            payload["response_format"] = {"type": "json_schema",
                                          "json_schema": {"name": schema.get("title", "answer"), "schema": schema,
                                                          "strict": False}}
        try:
            data = await self._http.post("/chat/completions", payload)
        except PermanentError as exc:
            if "response_format" in payload and ("response_format" in str(exc) or "json_schema" in str(exc)):
                self._schema_rejected = True
                return await self.complete(messages, schema, temperature, max_tokens)
            raise
        try:
            choice = data["choices"][0]
            text = choice["message"].get("content") or ""
        except (KeyError, IndexError, TypeError, AttributeError):
            raise TransientError("the reply has no choices[0].message.content") from None
        usage = data.get("usage") or {}
        return Completion(text, int(usage.get("prompt_tokens") or 0), int(usage.get("completion_tokens") or 0),
                          choice.get("finish_reason"), data)

    async def aclose(self) -> None:
        await self._http.aclose()


class OpenAIEmbeddings(Embedder):
    def __init__(self, model: str = "text-embedding-3-small", base_url: str | None = None, api_key: str | None = None,
                 timeout: float = 60.0, batch_size: int = 256):
        self.model = model
        self._http = _OpenAIHTTP(base_url, api_key, timeout)
        self.id = f"openai-embeddings:{model}"
        self.batch_size = batch_size

    async def aembed(self, texts: Sequence[str]):
        rows: list[list[float]] = []
        for start in range(0, len(texts), self.batch_size):
            data = await self._http.post("/embeddings", {"model": self.model, "input": list(texts[start:start + self.batch_size])})
            items = sorted(data.get("data", []), key=lambda d: d.get("index", 0))
            rows.extend(item["embedding"] for item in items)
        if len(rows) != len(texts):
            raise TransientError(f"asked for {len(texts)} embeddings, got {len(rows)}")
        return normalise(rows)

    async def aclose(self) -> None:
        await self._http.aclose()
