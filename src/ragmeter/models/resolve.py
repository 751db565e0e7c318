"""Turn what users pass as ``llm=`` and ``embeddings=`` into ragmeter's chat model and embedder."""

from __future__ import annotations

from typing import Any

from ..errors import ConfigError
from .base import ChatModel, Embedder

LLM_FORMS = "'openai:MODEL', 'anthropic:MODEL', 'transformers:PATH', a LangChain chat model or a LlamaIndex LLM"


def resolve_llm(spec: Any) -> ChatModel:
    if isinstance(spec, ChatModel):
        return spec
    if isinstance(spec, str):
        provider, sep, model = spec.partition(":")
        if sep and model:
            if provider == "openai":
                from .openai_compat import OpenAICompatible

                return OpenAICompatible(model)
            if provider == "anthropic":
                from .anthropic import AnthropicChat

                return AnthropicChat(model)
            if provider in ("transformers", "hf"):
                from .transformers_chat import TransformersChat

                return TransformersChat(model)
        raise ConfigError(f"cannot use llm='{spec}'; give {LLM_FORMS}.")
    module = type(spec).__module__
    if module.startswith("langchain") or hasattr(spec, "ainvoke") and hasattr(spec, "bind_tools"):
        from .langchain import LangchainLLMWrapper

        return LangchainLLMWrapper(spec)
    if module.startswith("llama_index") or hasattr(spec, "achat"):
        from .llama_index import LlamaIndexLLM

        return LlamaIndexLLM(spec)
    raise ConfigError(f"cannot use a {type(spec).__name__} as llm; give {LLM_FORMS}.")


def resolve_embeddings(spec: Any) -> Embedder | None:
    if spec is None or isinstance(spec, Embedder):
        return spec
    if isinstance(spec, str):
        provider, sep, model = spec.partition(":")
        if provider == "openai" and model:
            from .openai_compat import OpenAIEmbeddings

            return OpenAIEmbeddings(model)
        from .local_embedder import LocalEmbedder

        if spec == "local":
            from .static_embedder import StaticEmbedder

            return LocalEmbedder(StaticEmbedder())
        if provider == "sentence-transformers" and model:
            from .sentence_transformer_embedder import SentenceTransformerEmbedder

            return LocalEmbedder(SentenceTransformerEmbedder(model))
        raise ConfigError(f"cannot use embeddings='{spec}'; give 'openai:MODEL', 'local', "
                          "'sentence-transformers:PATH' or LangChain embeddings.")
    if hasattr(spec, "aembed_documents") or hasattr(spec, "embed_documents"):
        from .langchain import LangchainEmbeddingsWrapper

        return LangchainEmbeddingsWrapper(spec)
    raise ConfigError(f"cannot use a {type(spec).__name__} as embeddings.")
