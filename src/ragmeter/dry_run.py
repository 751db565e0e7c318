"""A dry run: every call a run would make is counted and priced, none is made.

So that the count is that of a real run, a call is answered with a small reply of the schema it
asked for, mirroring the items of its request (a verdict for each claim, chunk or text, one
claim per text), and the metric goes on to the calls that depend on that answer (answer
correctness splits the answer, then checks its claims twice). Scores computed from these
replies mean nothing and are reported as skipped. Embedding calls are counted the same way.

Output tokens are priced too: the expected cost assumes a reply a quarter as long as the prompt
(at most ``max_tokens``); the maximum assumes every reply uses ``max_tokens``.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Sequence

from .cost import cost_of
from .errors import DryRunCall
from .models.base import Message

REPLY_SHARE = 0.25  # assumed reply length, as a share of the prompt's tokens
PLACEHOLDER = "(dry run)"


@dataclass
class DryRunTally:
    calls: list[dict[str, Any]] = field(default_factory=list)

    def add(self, kind: str, prompt_tokens: int, reply_cap: int, price: tuple[float, float] | None) -> None:
        expected = min(reply_cap, int(prompt_tokens * REPLY_SHARE)) if reply_cap else 0
        self.calls.append({"prompt": kind, "prompt_tokens": prompt_tokens, "reply_tokens": expected,
                           "reply_tokens_max": reply_cap, "cost": cost_of(price, prompt_tokens, expected),
                           "cost_max": cost_of(price, prompt_tokens, reply_cap)})

    def summary(self, cached_calls: int) -> dict[str, Any]:
        def total(key: str) -> float | None:
            values = [c[key] for c in self.calls]
            return None if any(v is None for v in values) else sum(values)

        chat = [c for c in self.calls if c["prompt"] != "embeddings"]
        return {"calls": len(chat), "embedding_calls": len(self.calls) - len(chat),
                "prompt_tokens_estimate": sum(c["prompt_tokens"] for c in self.calls),
                "completion_tokens_estimate": sum(c["reply_tokens"] for c in self.calls),
                "completion_tokens_max": sum(c["reply_tokens_max"] for c in self.calls),
                "cost_usd_estimate": total("cost"), "cost_usd_max": total("cost_max"),
                "reply_share_assumed": REPLY_SHARE, "cached_calls": cached_calls}


def stand_in_reply(messages: Sequence[Message], schema: dict[str, Any] | None) -> str:
    """A small reply of ``schema``'s shape for the request in ``messages``."""
    if schema is None:
        raise DryRunCall("dry run: call counted, not made")
    return json.dumps(_instance(schema, _request_data(messages)))


def _request_data(messages: Sequence[Message]) -> dict[str, Any]:
    """The JSON data block of the last user message (the items a reply must answer)."""
    for message in reversed(messages):
        if message.role == "user" and "<data>" in message.content:
            block = message.content.split("<data>", 1)[1].rsplit("</data>", 1)[0]
            try:
                data = json.loads(block)
            except ValueError:
                return {}
            return data if isinstance(data, dict) else {}
    return {}


def _keys_in(data: dict[str, Any], key: str) -> list[Any] | None:
    """The ``key`` of each item of the first list in ``data`` whose items carry it."""
    for value in data.values():
        if isinstance(value, list) and value and all(isinstance(v, dict) and key in v for v in value):
            return [v[key] for v in value]
    return None


def _instance(schema: dict[str, Any], data: dict[str, Any]) -> Any:
    kind = schema.get("type")
    if isinstance(kind, list):
        kind = next((k for k in kind if k != "null"), "null")
    if kind == "object":
        return {name: _instance(sub, data) for name, sub in schema.get("properties", {}).items()}
    if kind == "array":
        items = schema.get("items", {})
        for key in ("id", "index"):
            if key in items.get("required", ()):
                values = _keys_in(data, key)
                if values is not None:
                    return [{**_instance(items, data), key: v} for v in values]
        if items.get("type") == "integer":
            return []  # lists of chosen indices: choosing none asks nothing more
        return [_instance(items, data)]
    return {"boolean": True, "integer": 0, "number": 0.0, "null": None}.get(str(kind), PLACEHOLDER)
