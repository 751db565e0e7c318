"""The judge's temperature and max_tokens on a LangChain or LlamaIndex model, where its user left
them unset.

ragmeter's own clients send the judge's ``temperature`` (0.0) and ``max_tokens`` (2048) with every
request. A LangChain or LlamaIndex model carries its own settings; where its user set one (on the
model, or in ``model_kwargs`` / ``additional_kwargs``), it is kept; where the user left it unset
(the library's default), the judge's value is used. A library that fills in a default for itself
counts as unset: ChatAnthropic's ``max_tokens`` from the model profile, LlamaIndex OpenAI's
temperature 0.1 (an explicit 0.1 cannot be told from it, and is replaced too). A setting the model
does not take (ChatOpenAI drops a temperature other than 1 for gpt-5 reasoning models) or that its
server refuses with a 400/422 naming it is left out for the rest of the session.
"""

from __future__ import annotations

from typing import Any

from .http import status_of

NAMES = ("temperature", "max_tokens")
#: the names a setting may have in a model's extra request arguments
ALIASES = {"temperature": ("temperature",),
           "max_tokens": ("max_tokens", "max_completion_tokens", "max_output_tokens", "max_tokens_to_sample",
                          "max_new_tokens", "num_predict")}


def _library_default(llm: Any, name: str) -> Any:
    """What the library puts in ``name`` when the user gives nothing."""
    field = type(llm).model_fields[name]
    if name == "max_tokens" and type(llm).__module__.startswith("langchain_anthropic"):
        try:  # ChatAnthropic fills max_tokens from the model's profile before validation
            from langchain_anthropic import chat_models

            profile = chat_models._get_default_model_profile(llm.model) or {}
            return profile.get("max_output_tokens", chat_models._FALLBACK_MAX_OUTPUT_TOKENS)
        except Exception:  # noqa: BLE001 - a later release may move these; then the value counts as the user's
            return field.default
    return field.default


def client_settings(llm: Any) -> dict[str, Any]:
    """The sampling settings the user set on the model (kept as they are), by name."""
    fields = getattr(type(llm), "model_fields", {})
    chosen: set[str] = getattr(llm, "model_fields_set", set())
    extra: dict[str, Any] = {}
    for attr in ("model_kwargs", "additional_kwargs"):
        value = getattr(llm, attr, None)
        if isinstance(value, dict):
            extra.update(value)
    out: dict[str, Any] = {}
    for name in NAMES:
        for alias in ALIASES[name]:
            if alias in extra:
                out[name] = extra[alias]
        if name in out or name not in fields:
            continue
        value = getattr(llm, name, None)
        if name in chosen and value is not None and value != _library_default(llm, name):
            out[name] = value
    return out


def _allowed_temperature(llm: Any, temperature: float) -> bool:
    """Whether the model's own validation keeps this temperature (ChatOpenAI drops one other than
    1 for gpt-5 reasoning models; other models have no such check)."""
    check = getattr(type(llm), "validate_temperature", None)
    if check is None:
        return True
    values = {"model": getattr(llm, "model_name", None) or getattr(llm, "model", None) or "", "temperature": temperature,
              "reasoning_effort": getattr(llm, "reasoning_effort", None), "reasoning": getattr(llm, "reasoning", None)}
    try:
        return "temperature" in check(dict(values))
    except Exception:  # noqa: BLE001 - a validator of another signature: let the server say
        return True


class Sampling:
    """Which of the judge's settings go to one model, and which the model or its server refused."""

    def __init__(self, llm: Any):
        self.llm = llm
        self.client = client_settings(llm)
        fields = getattr(type(llm), "model_fields", {})
        self.settable = [n for n in NAMES if n in fields and n not in self.client]
        self.refused: dict[str, str] = {}

    def update(self, temperature: float | None, max_tokens: int | None) -> dict[str, Any]:
        """The judge's settings the model should use on this call (an empty dict: none)."""
        wanted: dict[str, Any] = {"temperature": temperature, "max_tokens": max_tokens or None}
        out = {n: wanted[n] for n in self.settable if wanted[n] is not None and n not in self.refused}
        if "temperature" in out and not _allowed_temperature(self.llm, out["temperature"]):
            self.refused["temperature"] = "the model's own validation does not take it"
            del out["temperature"]
        return out

    def refuse(self, exc: BaseException, applied: dict[str, Any]) -> bool:
        """Leave out the settings of ``applied`` (what a call sent) that the server refused with a
        400/422 naming them; True when the call is worth making again without them."""
        status = getattr(exc, "status", None) or status_of(exc)
        if status not in (400, 422):
            return False
        message = str(exc).lower()
        named = [n for n in applied if any(alias in message for alias in ALIASES[n])]
        for name in named:
            self.refused.setdefault(name, f"{type(exc).__name__}: {str(exc)[:200]}")
        return bool(named)

    def describe(self) -> dict[str, Any]:
        out: dict[str, Any] = {"from_judge": sorted(n for n in self.settable if n not in self.refused)}
        if self.client:
            out["from_client"] = dict(self.client)
        if self.refused:
            out["refused"] = dict(self.refused)
        return out
