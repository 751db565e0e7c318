"""The reply schema as a LlamaIndex tool, for structured output by tool calling.

LlamaIndex's function-calling LLMs build each tool's definition from its ``metadata``:
``get_parameters_dict()`` (Anthropic's ``input_schema``, and ``to_openai_tool()``'s
``parameters``). Here it returns the reply schema itself (its ``title`` is the tool's name, as in
ragmeter's own Anthropic client), so the arguments of the forced tool call are the reply. The tool
is never run. Imported only when a LlamaIndex LLM is asked for a reply by tool calling.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from llama_index.core.tools.types import BaseTool, ToolMetadata, ToolOutput

DESCRIPTION = "Record the answer in the required format."


def tool_name(schema: dict[str, Any]) -> str:
    return str(schema.get("title") or "answer")


@dataclass
class SchemaMetadata(ToolMetadata):
    """A tool's metadata whose parameters are a JSON schema given as it is (not a pydantic model's)."""

    schema: dict[str, Any] = field(default_factory=dict)

    def get_parameters_dict(self) -> dict:
        return {k: v for k, v in self.schema.items() if k != "title"}


class SchemaTool(BaseTool):
    """A tool whose parameters are the reply schema; its call's arguments are the reply."""

    def __init__(self, schema: dict[str, Any]):
        self._metadata = SchemaMetadata(description=DESCRIPTION, name=tool_name(schema), schema=schema)

    @property
    def metadata(self) -> ToolMetadata:
        return self._metadata

    def __call__(self, input: Any = None, **kwargs: Any) -> ToolOutput:  # noqa: A002 - BaseTool's name
        arguments = kwargs if input is None else {"input": input, **kwargs}
        return ToolOutput(tool_name=tool_name(self._metadata.schema), content=json.dumps(arguments),
                          raw_input=arguments, raw_output=arguments)
