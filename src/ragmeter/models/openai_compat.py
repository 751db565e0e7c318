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

from ..redaction import register
from . import http
from .base import ChatModel, Completion, Embedder, Message, PermanentError, TransientError, normalise, token_count

DEFAULT_BASE_URL = "https://api.openai.com/v1"


class _OpenAIHTTP:
    def __init__(self, base_url: str | None, api_key: str | None, timeout: float, max_reply_bytes: int):
        self.base_url = (base_url or os.environ.get("OPENAI_BASE_URL") or DEFAULT_BASE_URL).rstrip("/")
        self._api_key = api_key if api_key is not None else os.environ.get("OPENAI_API_KEY")
        register(self._api_key)
        self.timeout = timeout
        self.max_reply_bytes = max_reply_bytes
        self._client: httpx.AsyncClient | None = None
        self._loop: Any = None

    def _http(self) -> httpx.AsyncClient:
        import asyncio

        loop = asyncio.get_running_loop()
        if self._client is None or self._loop is not loop:  # a client belongs to one event loop
            self._loop = loop
            headers = {"Authorization": f"Bearer {self._api_key}"} if self._api_key else {}
            self._client = http.async_client(self.base_url, headers, self.timeout)
        return self._client

    async def post(self, path: str, payload: dict[str, Any]) -> dict[str, Any]:
        return (await self.post_with_headers(path, payload))[0]

    async def post_with_headers(self, path: str, payload: dict[str, Any]) -> tuple[dict[str, Any], dict[str, str]]:
        where = f"{self.base_url}{path}"
        reply = await http.post(self._http(), path, payload, where, self.max_reply_bytes)
        http.raise_for_status(reply, where)
        data = reply.json()
        if not isinstance(data, dict):
            raise TransientError(f"the reply from {where} was JSON but not an object", kind="reply")
        return data, http.rate_limit_headers(reply.headers)

    async def aclose(self) -> None:
        if self._client is not None:
            await self._client.aclose()
            self._client = None


class OpenAICompatible(ChatModel):
    supports_schema = True

    def __init__(self, model: str, base_url: str | None = None, api_key: str | None = None, timeout: float = 60.0,
                 extra_body: dict[str, Any] | None = None, max_reply_bytes: int = http.MAX_REPLY_BYTES):
        self.model = model
        self._http = _OpenAIHTTP(base_url, api_key, timeout, max_reply_bytes)
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
            data, headers = await self._http.post_with_headers("/chat/completions", payload)
        except PermanentError as exc:
            if "response_format" in payload and ("response_format" in str(exc) or "json_schema" in str(exc)):
                self._schema_rejected = True
                return await self.complete(messages, schema, temperature, max_tokens)
            raise
        try:
            choice = data["choices"][0]
            text = choice["message"].get("content") or ""
        except (KeyError, IndexError, TypeError, AttributeError):
            raise TransientError("the reply has no choices[0].message.content", kind="reply") from None
        if not isinstance(text, str):
            raise TransientError("the reply's message.content is not text", kind="reply")
        usage = _usage(data)
        return Completion(text, token_count(usage.get("prompt_tokens")), token_count(usage.get("completion_tokens")),
                          choice.get("finish_reason"), data, headers)

    async def aclose(self) -> None:
        await self._http.aclose()


class OpenAIEmbeddings(Embedder):
    """OpenAI's /embeddings. Inside an LLM judge its calls go through the judge's call runner
    (``embed_batch``: retries, concurrency, cost and budget); ``aembed`` alone calls directly."""

    def __init__(self, model: str = "text-embedding-3-small", base_url: str | None = None, api_key: str | None = None,
                 timeout: float = 60.0, batch_size: int = 256, max_reply_bytes: int = 64_000_000):
        self.model = model
        self._http = _OpenAIHTTP(base_url, api_key, timeout, max_reply_bytes)
        self.id = f"openai-embeddings:{model}"
        self.batch_size = batch_size

    def describe(self) -> dict[str, Any]:
        return {"embedder": self.id, "base_url": self._http.base_url}

    async def embed_batch(self, texts: Sequence[str]) -> tuple[list[list[float]], int]:
        """One request: the rows in order and the tokens the server counted (0 if it did not say)."""
        data = await self._http.post("/embeddings", {"model": self.model, "input": list(texts)})
        items = data.get("data")
        if not isinstance(items, list):
            raise TransientError("the embeddings reply has no data[].embedding", kind="reply")
        try:
            rows = [item["embedding"] for item in sorted(items, key=lambda d: d.get("index", 0))]
        except (TypeError, KeyError, AttributeError):
            raise TransientError("the embeddings reply has no data[].embedding", kind="reply") from None
        if len(rows) != len(texts):
            raise TransientError(f"asked for {len(texts)} embeddings, got {len(rows)}", kind="reply")
        return rows, token_count(_usage(data).get("prompt_tokens"))

    async def aembed(self, texts: Sequence[str]):
        rows: list[list[float]] = []
        for start in range(0, len(texts), self.batch_size):
            rows.extend((await self.embed_batch(texts[start:start + self.batch_size]))[0])
        return normalise(rows)

    async def aclose(self) -> None:
        await self._http.aclose()


def _usage(data: dict[str, Any]) -> dict[str, Any]:
    """The reply's usage object ({} when it has none)."""
    usage = data.get("usage")
    return usage if isinstance(usage, dict) else {}
