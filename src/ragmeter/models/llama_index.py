"""A LlamaIndex LLM as ragmeter's chat model.

Structured output: LlamaIndex's OpenAI-protocol chat LLMs (``OpenAI``, ``OpenAILike`` with
``is_chat_model=True``, Azure, ...) are asked for the reply schema with ``response_format``
(json_schema, then JSON mode), passed through ``achat`` as their ``structured_predict`` does;
a server that refuses it is asked again without, and remembered. Other LlamaIndex LLMs, and
OpenAILike in completion mode, get the schema in the prompt (parsed tolerantly, repaired once).

Event loops: the OpenAI-protocol LLMs keep one AsyncOpenAI client, bound to the loop that first
used it; the wrapper calls a copy made for each event loop, closed when the run ends, with the
library's retries off (ragmeter's call runner retries, by status and exception type).

Sampling: the judge's temperature and max_tokens are used where the LLM's user left them unset
(models/sampling.py): passed with each ``achat`` to an OpenAI-protocol LLM (as its own
``_get_model_kwargs`` merges them), set on a copy of any other LLM that has those fields.
"""

from __future__ import annotations

import asyncio
from typing import Any, Sequence

from .base import ChatModel, Completion, Message, PermanentError, StructuredModes, TransientError, token_count
from .http import classify
from .langchain import _model_name
from .sampling import Sampling


def _openai_protocol(llm: Any) -> bool:
    """An OpenAI-protocol LlamaIndex LLM talking chat completions (it takes response_format)."""
    if not (hasattr(llm, "_get_model_kwargs") and hasattr(llm, "_get_aclient")):
        return False
    try:
        return bool(llm.metadata.is_chat_model)
    except Exception:  # noqa: BLE001 - metadata of a custom LLM may fail; then no schema is sent
        return False


def response_format(schema: dict[str, Any], mode: str) -> dict[str, Any]:
    if mode == "json_mode":
        return {"type": "json_object"}
    return {"type": "json_schema", "json_schema": {"name": schema.get("title", "answer"), "schema": schema,
                                                   "strict": False}}


class LlamaIndexLLM(ChatModel):
    supports_schema = True

    def __init__(self, llm: Any):
        self.llm = llm
        self.id = f"llama_index:{type(llm).__name__}:{_model_name(llm)}"
        self.structured = StructuredModes(("json_schema", "json_mode") if _openai_protocol(llm) else ())
        self.sampling = Sampling(llm)
        self._loop: Any = None
        self._copy: Any = None
        self._sampled: dict[Any, Any] = {}

    def describe(self) -> dict[str, Any]:
        return {"model": self.id, "structured_output": self.structured.describe(), "sampling": self.sampling.describe()}

    def _for_loop(self) -> Any:
        loop = asyncio.get_running_loop()
        if self._loop is not loop:
            self._loop, self._copy, self._sampled = loop, self.llm, {}
            if _openai_protocol(self.llm) and getattr(self.llm, "_async_http_client", None) is None:
                copy = self.llm.model_copy()
                copy._aclient = None  # made again, on this loop, at the first call
                if "max_retries" in type(copy).model_fields:
                    copy.max_retries = 0
                self._copy = copy
        return self._copy

    def _with(self, llm: Any, update: dict[str, Any]) -> tuple[Any, dict[str, Any]]:
        """The LLM to call and the extra arguments of ``achat`` that carry the judge's settings."""
        if not update:
            return llm, {}
        if _openai_protocol(self.llm):
            return llm, dict(update)
        key = tuple(sorted(update.items()))
        if key not in self._sampled:
            self._sampled[key] = llm.model_copy(update=update)
        return self._sampled[key], {}

    async def complete(self, messages: Sequence[Message], schema: dict[str, Any] | None = None,
                       temperature: float = 0.0, max_tokens: int | None = None) -> Completion:
        from llama_index.core.llms import ChatMessage

        converted = [ChatMessage(role=m.role, content=m.content) for m in messages]
        while True:
            update = self.sampling.update(temperature, max_tokens)
            llm, kwargs = self._with(self._for_loop(), update)
            mode = self.structured.current if schema is not None else "prompt"
            if mode != "prompt" and schema is not None:
                kwargs["response_format"] = response_format(schema, mode)
            try:
                reply = await llm.achat(converted, **kwargs)
                break
            except (TransientError, PermanentError):
                raise
            except Exception as exc:  # noqa: BLE001
                if self.sampling.refuse(exc, update) or self.structured.refuse(mode, exc):
                    continue
                raise classify(exc) from None
        return _completion(reply)

    async def aclose(self) -> None:
        copy, self._copy, self._loop = self._copy, None, None
        client = getattr(copy, "_aclient", None) if copy is not None and copy is not self.llm else None
        if client is not None and hasattr(client, "close"):
            await client.close()


def _completion(reply: Any) -> Completion:
    raw = getattr(reply, "raw", None)
    counts = getattr(reply, "additional_kwargs", None) or {}
    usage = (raw.get("usage") if isinstance(raw, dict) else getattr(raw, "usage", None)) or {}
    get = usage.get if isinstance(usage, dict) else (lambda k, d=None: getattr(usage, k, d))
    prompt = counts.get("prompt_tokens", get("prompt_tokens", 0))
    completion = counts.get("completion_tokens", get("completion_tokens", 0))
    finish = None
    choices = raw.get("choices") if isinstance(raw, dict) else getattr(raw, "choices", None)
    if choices:
        first = choices[0]
        finish = first.get("finish_reason") if isinstance(first, dict) else getattr(first, "finish_reason", None)
    return Completion(reply.message.content or "", token_count(prompt), token_count(completion), finish)
