"""A LlamaIndex LLM as ragmeter's chat model.

Structured output, by the kind of LLM:

- LlamaIndex's OpenAI-protocol chat LLMs (``OpenAI``, ``OpenAILike`` with ``is_chat_model=True``,
  Azure, ...) are asked for the reply schema with ``response_format`` (json_schema, then JSON
  mode), passed through ``achat`` as their ``structured_predict`` does.
- Other function-calling LLMs (a ``FunctionCallingLLM`` whose ``metadata.is_function_calling_model``
  is true: ``Anthropic``, ...) get one tool whose parameters are the reply schema
  (llama_index_tool.py), forced with ``achat_with_tools(..., tool_required=True)``; the tool
  call's arguments are the reply (a reply without one: its text). Mode "tool", as ragmeter's
  own Anthropic client.
- Any other LlamaIndex LLM, and OpenAILike in completion mode, gets the schema in the prompt
  (parsed tolerantly, repaired once).

A mode the server or library refuses is dropped for the session, down to the prompt
(``StructuredModes``); ``describe()["structured_output"]`` says which is in use.

Event loops: an SDK client keeps a connection pool bound to the loop that first used it. The
wrapper calls a copy of the LLM made for each event loop, with the library's retries off
(ragmeter's call runner retries, by status and exception type), closed when the run ends: for
the OpenAI-protocol LLMs, whose AsyncOpenAI client is made again on that loop, and for those
holding an Anthropic SDK client (``Anthropic``), given a copy of it with an HTTP client of its own.

Sampling: the judge's temperature and max_tokens are used where the LLM's user left them unset
(models/sampling.py): passed with each ``achat`` to an OpenAI-protocol LLM (as its own
``_get_model_kwargs`` merges them), set on a copy of any other LLM that has those fields.
"""

from __future__ import annotations

import asyncio
import json
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


def _function_calling(llm: Any) -> bool:
    """A LlamaIndex LLM that calls tools and is not OpenAI-protocol (those keep response_format)."""
    if _openai_protocol(llm):
        return False
    try:
        from llama_index.core.llms.function_calling import FunctionCallingLLM

        return isinstance(llm, FunctionCallingLLM) and bool(llm.metadata.is_function_calling_model)
    except Exception:  # noqa: BLE001 - e.g. Anthropic's metadata raises for a model name it does not know
        return False


def _anthropic_sdk(llm: Any) -> bool:
    """An LLM calling through an Anthropic SDK client (LlamaIndex ``Anthropic``, on Vertex or Bedrock too)."""
    client = getattr(llm, "_aclient", None)
    return type(client).__module__.split(".")[0] == "anthropic" and hasattr(client, "copy")


def _modes(llm: Any) -> tuple[str, ...]:
    if _openai_protocol(llm):
        return ("json_schema", "json_mode")
    return ("tool",) if _function_calling(llm) else ()


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
        self.structured = StructuredModes(_modes(llm))
        self.sampling = Sampling(llm)
        self._loop: Any = None
        self._copy: Any = None
        self._http: Any = None  # the HTTP client made for the loop copy's SDK client, closed by aclose
        self._sampled: dict[Any, Any] = {}

    def describe(self) -> dict[str, Any]:
        return {"model": self.id, "structured_output": self.structured.describe(), "sampling": self.sampling.describe()}

    def _for_loop(self) -> Any:
        loop = asyncio.get_running_loop()
        if self._loop is not loop:
            self._loop, self._copy, self._http, self._sampled = loop, self.llm, None, {}
            if _openai_protocol(self.llm) and getattr(self.llm, "_async_http_client", None) is None:
                copy = self.llm.model_copy()
                copy._aclient = None  # made again, on this loop, at the first call
                self._copy = _no_retries(copy)
            elif _anthropic_sdk(self.llm):
                import anthropic

                self._http = anthropic.DefaultAsyncHttpxClient()
                copy = self.llm.model_copy()
                copy._aclient = self.llm._aclient.copy(http_client=self._http, max_retries=0)
                self._copy = _no_retries(copy)
        return self._copy

    def _with(self, llm: Any, update: dict[str, Any]) -> tuple[Any, dict[str, Any]]:
        """The LLM to call and the extra arguments of ``achat`` that carry the judge's settings."""
        if not update:
            return llm, {}
        if _openai_protocol(self.llm):
            return llm, dict(update)
        key = tuple(sorted(update.items()))
        if key not in self._sampled:  # shares the loop copy's SDK client
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
            if mode in ("json_schema", "json_mode") and schema is not None:
                kwargs["response_format"] = response_format(schema, mode)
            try:
                if mode == "tool" and schema is not None:
                    from .llama_index_tool import SchemaTool

                    reply = await llm.achat_with_tools([SchemaTool(schema)], chat_history=list(converted),
                                                       tool_required=True, **kwargs)
                else:
                    reply = await llm.achat(converted, **kwargs)
                break
            except (TransientError, PermanentError):
                raise
            except Exception as exc:  # noqa: BLE001
                if self.sampling.refuse(exc, update) or self.structured.refuse(mode, exc):
                    continue
                raise classify(exc) from None
        return _completion(reply, _tool_arguments(llm, reply) if mode == "tool" else None)

    async def aclose(self) -> None:
        copy, http, self._copy, self._http, self._loop = self._copy, self._http, None, None, None
        self._sampled = {}
        if http is not None:
            await http.aclose()
            return
        client = getattr(copy, "_aclient", None) if copy is not None and copy is not self.llm else None
        if client is not None and hasattr(client, "close"):
            await client.close()


def _no_retries(copy: Any) -> Any:
    if "max_retries" in type(copy).model_fields:
        copy.max_retries = 0
    return copy


def _tool_arguments(llm: Any, reply: Any) -> str | None:
    """The first tool call's arguments as JSON text; None when the reply has no tool call."""
    try:
        calls = llm.get_tool_calls_from_response(reply, error_on_no_tool_call=False)
    except Exception:  # noqa: BLE001 - arguments that are not JSON: passed on as they came, for the judge to repair
        blocks = getattr(reply.message, "blocks", None) or []
        raw = [b.tool_kwargs for b in blocks if isinstance(getattr(b, "tool_kwargs", None), str)]
        return raw[0] if raw else None
    if not calls:
        return None
    arguments = calls[0].tool_kwargs
    return arguments if isinstance(arguments, str) else json.dumps(arguments, ensure_ascii=False)


def _completion(reply: Any, text: str | None = None) -> Completion:
    """A Completion from a LlamaIndex ChatResponse (``text``: the tool call's arguments, when there was one).
    Token counts and the finish reason are read from the raw reply: OpenAI's names, or Anthropic's."""
    raw = getattr(reply, "raw", None)
    counts = getattr(reply, "additional_kwargs", None) or {}
    usage = (raw.get("usage") if isinstance(raw, dict) else getattr(raw, "usage", None)) or {}
    get = usage.get if isinstance(usage, dict) else (lambda k, d=None: getattr(usage, k, d))

    def count(*names: str) -> Any:
        return next((v for v in (counts.get(n, get(n)) for n in names) if v is not None), 0)

    prompt = count("prompt_tokens", "input_tokens")
    completion = count("completion_tokens", "output_tokens")
    finish = None
    choices = raw.get("choices") if isinstance(raw, dict) else getattr(raw, "choices", None)
    if choices:
        first = choices[0]
        finish = first.get("finish_reason") if isinstance(first, dict) else getattr(first, "finish_reason", None)
    else:
        stop = raw.get("stop_reason") if isinstance(raw, dict) else getattr(raw, "stop_reason", None)
        finish = "length" if stop == "max_tokens" else stop
    content = (reply.message.content or "") if text is None else text
    return Completion(content, token_count(prompt), token_count(completion), finish)
