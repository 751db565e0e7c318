"""Run whole RAG pipelines and score what they return: plain functions, LlamaIndex, LangChain."""

from .pipeline import RAGPipeline, aevaluate_pipeline, evaluate_pipeline, evaluate_rag_pipeline

__all__ = ["RAGPipeline", "evaluate_pipeline", "aevaluate_pipeline", "evaluate_rag_pipeline"]
