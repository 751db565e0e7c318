"""LangChain chat models and embeddings behind ragmeter's interfaces.

``LangchainLLMWrapper`` and ``LangchainEmbeddingsWrapper`` carry the names ragas uses, so
seed 003's code runs with ``from ragmeter.llms import LangchainLLMWrapper``.

Structured output: the reply schema is asked for with the model's ``with_structured_output``,
best method first ("json_schema", then "function_calling", then "json_mode"; ChatAnthropic:
tool use); a method the model or its server refuses is dropped for the session, down to the
schema in the prompt alone (parsed tolerantly, repaired once by the judge).

Event loops: the async SDK clients of ChatOpenAI, ChatAnthropic and OpenAIEmbeddings keep a
connection pool that belongs to the event loop that first used it (LangChain shares one per base
URL), so a second ``evaluate()`` in the same process reused dead connections ("Event loop is
closed"). The wrapper calls a copy of the model made for each event loop, with its own HTTP
client, closed when the run ends; the user's model object is not changed. In the copy the SDK's
own retries are off: ragmeter's call runner retries (429, 5xx, timeouts, dropped connections;
not 400/401/403/404), honouring Retry-After and counting each attempt.

Sampling: the judge's temperature and max_tokens are set on the copy where the model's user left
them unset (see models/sampling.py); ``describe()["sampling"]`` says which came from where.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any, Sequence

from .base import ChatModel, Completion, Embedder, Message, PermanentError, StructuredModes, TransientError, normalise
from .http import classify
from .sampling import Sampling

__all__ = ["LangchainLLMWrapper", "LangchainEmbeddingsWrapper", "classify"]

OPENAI_MODES = ("json_schema", "function_calling", "json_mode")


def _model_name(obj: Any) -> str:
    for attr in ("model_name", "model", "model_id", "deployment_name"):
        value = getattr(obj, attr, None)
        if isinstance(value, str) and value:
            return value
    return type(obj).__name__


def _modes_for(llm: Any) -> tuple[str, ...]:
    if type(llm).__module__.startswith("langchain_anthropic"):
        return ("function_calling",)  # Anthropic's tool use
    if not hasattr(llm, "with_structured_output"):
        return ()
    return OPENAI_MODES


def copy_for_loop(llm: Any, sdk_retries: int | None = 0) -> tuple[Any, Any]:
    """A copy of a LangChain model (or embeddings) whose async SDK client has an HTTP client of its
    own, for the running event loop; returns (copy, http client to close). A model whose client
    cannot be found, or that was given an HTTP client by its user, is returned as it is."""
    if getattr(llm, "http_async_client", None) is not None or not hasattr(llm, "model_copy"):
        return llm, None
    retries = {} if sdk_retries is None else {"max_retries": sdk_retries}
    root = getattr(llm, "root_async_client", None)  # ChatOpenAI, AzureChatOpenAI, ...
    if root is not None and hasattr(root, "copy"):
        import openai

        http: Any = openai.DefaultAsyncHttpxClient()
        new_root = root.copy(http_client=http, **retries)
        update = {"root_async_client": new_root, "async_client": new_root.chat.completions}
        if "include_response_headers" in type(llm).model_fields:
            update["include_response_headers"] = True  # rate-limit headers for the call runner
        return llm.model_copy(update=update), http
    resource = getattr(llm, "async_client", None)  # OpenAIEmbeddings: AsyncOpenAI().embeddings
    if resource is not None and hasattr(getattr(resource, "_client", None), "copy"):
        import openai

        http = openai.DefaultAsyncHttpxClient()
        return llm.model_copy(update={"async_client": resource._client.copy(http_client=http, **retries).embeddings}), http
    if type(llm).__module__.startswith("langchain_anthropic") and hasattr(llm, "_client_params"):
        import anthropic

        http = anthropic.DefaultAsyncHttpxClient()
        copy = llm.model_copy()
        copy.__dict__["_async_client"] = anthropic.AsyncAnthropic(**{**llm._client_params, **retries}, http_client=http)
        return copy, http
    return llm, None


class _PerLoop:
    """The model copy of the running event loop, made on first use and closed by ``aclose``; with
    the judge's sampling settings (``update``: fields the user left unset) set on a copy of it."""

    def __init__(self, original: Any, sdk_retries: int | None):
        self.original, self.sdk_retries = original, sdk_retries
        self._loop: Any = None
        self._copy: Any = None
        self._http: Any = None
        self._sampled: dict[Any, Any] = {}
        self.runnables: dict[Any, Any] = {}

    def get(self, update: dict[str, Any] | None = None) -> Any:
        loop = asyncio.get_running_loop()
        if self._loop is not loop:
            self._loop, self.runnables, self._sampled = loop, {}, {}
            self._copy, self._http = copy_for_loop(self.original, self.sdk_retries)
        if not update:
            return self._copy
        key = tuple(sorted(update.items()))
        model = self._sampled.get(key)
        if model is None:  # shares the loop copy's HTTP client
            model = self._sampled[key] = self._copy.model_copy(update=update)
        return model

    async def aclose(self) -> None:
        http, self._http, self._loop, self._copy, self.runnables = self._http, None, None, None, {}
        self._sampled = {}
        if http is not None:
            await http.aclose()


class LangchainLLMWrapper(ChatModel):
    """A LangChain chat model. The judge's temperature and max_tokens are used where the model's
    user left them unset (models/sampling.py); what the user set is kept."""

    supports_schema = True

    def __init__(self, langchain_llm: Any):
        self.langchain_llm = langchain_llm
        self.id = f"langchain:{type(langchain_llm).__name__}:{_model_name(langchain_llm)}"
        self.structured = StructuredModes(_modes_for(langchain_llm))
        self.sampling = Sampling(langchain_llm)
        self._per_loop = _PerLoop(langchain_llm, sdk_retries=0)

    def describe(self) -> dict[str, Any]:
        return {"model": self.id, "structured_output": self.structured.describe(), "sampling": self.sampling.describe()}

    async def complete(self, messages: Sequence[Message], schema: dict[str, Any] | None = None,
                       temperature: float = 0.0, max_tokens: int | None = None) -> Completion:
        from langchain_core.messages import AIMessage, HumanMessage, SystemMessage

        kinds = {"system": SystemMessage, "user": HumanMessage, "assistant": AIMessage}
        converted = [kinds[m.role](content=m.content) for m in messages]
        while True:
            update = self.sampling.update(temperature, max_tokens)
            model = self._per_loop.get(update)
            mode = self.structured.current if schema is not None else "prompt"
            try:
                if mode == "prompt" or schema is None:
                    return _completion(await model.ainvoke(converted), None)
                out = await self._runnable(model, schema, mode, update).ainvoke(converted)
                return _completion(out["raw"], out.get("parsed"))
            except (TransientError, PermanentError):
                raise
            except Exception as exc:  # noqa: BLE001 - the SDK's own error types vary by provider
                if self.sampling.refuse(exc, update) or self.structured.refuse(mode, exc):
                    continue
                raise classify(exc) from None

    def _runnable(self, model: Any, schema: dict[str, Any], mode: str, update: dict[str, Any]) -> Any:
        key = (schema.get("title"), json.dumps(schema, sort_keys=True), mode, tuple(sorted(update.items())))
        runnable = self._per_loop.runnables.get(key)
        if runnable is None:
            runnable = model.with_structured_output(schema, method=mode, include_raw=True)
            self._per_loop.runnables[key] = runnable
        return runnable

    async def aclose(self) -> None:
        await self._per_loop.aclose()


def _completion(reply: Any, parsed: Any) -> Completion:
    """A Completion from LangChain's AIMessage; ``parsed`` (structured output) is the text when present."""
    if isinstance(parsed, dict):
        text = json.dumps(parsed, ensure_ascii=False)
    elif hasattr(parsed, "model_dump"):
        text = json.dumps(parsed.model_dump(), ensure_ascii=False)
    else:
        content = getattr(reply, "content", "")
        text = content if isinstance(content, str) else "".join(
            part.get("text", "") if isinstance(part, dict) else str(part) for part in content or [])
    usage = getattr(reply, "usage_metadata", None) or {}
    meta = getattr(reply, "response_metadata", None) or {}
    finish = meta.get("finish_reason") or meta.get("stop_reason")
    if finish == "max_tokens":
        finish = "length"
    headers = meta.get("headers")
    headers = headers if isinstance(headers, dict) else {}
    return Completion(text, int(usage.get("input_tokens") or 0), int(usage.get("output_tokens") or 0), finish,
                      headers={str(k).lower(): str(v) for k, v in headers.items() if "ratelimit" in str(k).lower()})


class LangchainEmbeddingsWrapper(Embedder):
    def __init__(self, embeddings: Any):
        self.embeddings = embeddings
        self.id = f"langchain:{type(embeddings).__name__}:{_model_name(embeddings)}"
        self._per_loop = _PerLoop(embeddings, sdk_retries=None)  # its calls do not go through the runner

    async def aembed(self, texts: Sequence[str]):
        try:
            rows = await self._per_loop.get().aembed_documents(list(texts))
        except Exception as exc:  # noqa: BLE001
            raise classify(exc) from None
        return normalise(rows)

    async def aclose(self) -> None:
        await self._per_loop.aclose()
