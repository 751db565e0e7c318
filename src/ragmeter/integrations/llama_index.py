"""LlamaIndex: evaluate a query engine as in seed 002 (``ragas.llama_index.evaluate``).

    from ragmeter.integrations.llama_index import evaluate
    result = evaluate(query_engine, metrics, eval_questions, eval_answers)
    result.to_pandas().to_csv("scores.csv")

Each question goes through ``query_engine.query`` (``aquery`` when the engine has it); the
response text is the answer and the source nodes' text, in rank order, are the contexts.
"""

from __future__ import annotations

from typing import Any, Sequence

from ..engine import aevaluate, run_sync
from .pipeline import CORE, _as_contexts, collect


async def _query(query_engine: Any, question: str) -> tuple[str, list[str]]:
    import asyncio

    if hasattr(query_engine, "aquery"):
        response = await query_engine.aquery(question)
    else:
        response = await asyncio.to_thread(query_engine.query, question)
    answer = getattr(response, "response", None)
    if answer is None:
        answer = str(response)
    nodes = getattr(response, "source_nodes", None) or []
    return str(answer), _as_contexts(nodes)


async def aevaluate_query_engine(query_engine: Any, metrics: Sequence[Any] | None = None,
                                 questions: Sequence[str] = (), references: Sequence[Any] | None = None,
                                 concurrency: int = 4, **kwargs: Any):
    dataset = await collect(lambda q: _query(query_engine, q), list(questions), references, concurrency)
    if metrics is None:
        metrics = CORE if references is not None else ("faithfulness", "answer_relevancy", "context_relevancy")
    return await aevaluate(dataset, metrics=list(metrics), **kwargs)


def evaluate(query_engine: Any, metrics: Sequence[Any] | None = None, questions: Sequence[str] = (),
             references: Sequence[Any] | None = None, **kwargs: Any):
    """Run the query engine on each question and score it; ``references`` may be a list of
    strings or, as in ragas 0.0.x, a list of one-string lists."""
    return run_sync(aevaluate_query_engine(query_engine, metrics, questions, references, **kwargs))
