"""Tolerant reading of a model's JSON reply, and a small check against the expected shape.

Models wrap JSON in code fences, add a sentence before or after it, or stop mid-way. We take
the first complete JSON object in the text and check the keys and types we need; anything
else is a JudgeOutputError that carries the raw reply, so it can be shown, never swallowed.
"""

from __future__ import annotations

import json
import re
from typing import Any

from ...errors import JudgeOutputError

_FENCE = re.compile(r"```(?:json)?\s*(.*?)```", re.DOTALL | re.IGNORECASE)


def first_json_object(text: str) -> Any:
    """The first balanced {...} in the text that parses as JSON."""
    candidates = [m.group(1) for m in _FENCE.finditer(text)] + [text]
    for candidate in candidates:
        start = candidate.find("{")
        while start != -1:
            depth, in_string, escaped = 0, False, False
            for i in range(start, len(candidate)):
                ch = candidate[i]
                if in_string:
                    if escaped:
                        escaped = False
                    elif ch == "\\":
                        escaped = True
                    elif ch == '"':
                        in_string = False
                elif ch == '"':
                    in_string = True
                elif ch == "{":
                    depth += 1
                elif ch == "}":
                    depth -= 1
                    if depth == 0:
                        try:
                            return json.loads(candidate[start:i + 1])
                        except json.JSONDecodeError:
                            break
            start = candidate.find("{", start + 1)
    raise JudgeOutputError("no JSON object in the reply", text)


def check_shape(value: Any, schema: dict[str, Any], path: str = "$") -> None:
    """Check types and required keys of a JSON value against a (small subset of) JSON Schema."""
    kind = schema.get("type")
    kinds = kind if isinstance(kind, list) else [kind] if kind else []
    python_types = {"object": dict, "array": list, "string": str, "boolean": bool, "integer": int, "null": type(None)}
    if kinds and not any(isinstance(value, python_types[k]) and not (k == "integer" and isinstance(value, bool))
                         for k in kinds):
        raise JudgeOutputError(f"{path} should be {' or '.join(kinds)}, got {type(value).__name__}")
    if isinstance(value, dict):
        for key in schema.get("required", []):
            if key not in value:
                raise JudgeOutputError(f"{path} lacks the key '{key}'")
        for key, sub in schema.get("properties", {}).items():
            if key in value:
                check_shape(value[key], sub, f"{path}.{key}")
    if isinstance(value, list) and "items" in schema:
        for i, item in enumerate(value):
            check_shape(item, schema["items"], f"{path}[{i}]")


def parse_reply(text: str, schema: dict[str, Any]) -> dict[str, Any]:
    value = first_json_object(text)
    try:
        check_shape(value, schema)
    except JudgeOutputError as exc:
        raise JudgeOutputError(str(exc), text) from None
    return value
