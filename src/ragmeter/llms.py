"""ragas-style names for chat models: ``from ragmeter.llms import LangchainLLMWrapper``."""

from .models.anthropic import AnthropicChat
from .models.base import ChatModel
from .models.langchain import LangchainLLMWrapper
from .models.llama_index import LlamaIndexLLM
from .models.openai_compat import OpenAICompatible

__all__ = ["ChatModel", "OpenAICompatible", "AnthropicChat", "LangchainLLMWrapper", "LlamaIndexLLM"]
