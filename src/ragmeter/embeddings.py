"""ragas-style names for embedders: ``from ragmeter.embeddings import LangchainEmbeddingsWrapper``."""

from .models.base import Embedder
from .models.langchain import LangchainEmbeddingsWrapper
from .models.openai_compat import OpenAIEmbeddings

__all__ = ["Embedder", "LangchainEmbeddingsWrapper", "OpenAIEmbeddings"]
