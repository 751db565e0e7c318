"""LangChain: evaluate a retriever plus a chain, or one runnable that returns its sources.

    from ragmeter.integrations.langchain import evaluate
    result = evaluate(chain, metrics, questions, references, retriever=retriever)

With ``retriever``: the contexts are ``retriever.invoke(question)``, and the chain is invoked
with ``{"question", "input", "context"}`` (context: the chunks joined by blank lines).
Without it: the runnable is invoked with the question and must return a dict holding the
answer ("answer", "result" or "output") and its sources ("context" or "source_documents"),
as ``create_retrieval_chain`` and ``RetrievalQA`` do.
"""

from __future__ import annotations

from typing import Any, Sequence

from ..engine import aevaluate, run_sync
from ..errors import ConfigError
from .pipeline import CORE, _as_contexts, collect

ANSWER_KEYS = ("answer", "result", "output", "text")
SOURCE_KEYS = ("context", "source_documents", "contexts", "documents")


def _text_of(output: Any) -> str:
    if isinstance(output, str):
        return output
    if hasattr(output, "content"):
        return str(output.content)
    if isinstance(output, dict):
        for key in ANSWER_KEYS:
            if key in output:
                return _text_of(output[key])
    raise ConfigError(f"cannot read an answer from the chain's output of type {type(output).__name__}; "
                      f"return a string, a message, or a dict with one of {ANSWER_KEYS}.")


async def _run(chain: Any, retriever: Any, question: str) -> tuple[str, list[str]]:
    if retriever is not None:
        docs = await retriever.ainvoke(question)
        contexts = _as_contexts(docs)
        output = await chain.ainvoke({"question": question, "input": question, "context": "\n\n".join(contexts)})
        return _text_of(output), contexts
    output = await chain.ainvoke(question)
    if not isinstance(output, dict) or not any(k in output for k in SOURCE_KEYS):
        raise ConfigError("without a retriever the runnable must return a dict with its sources under "
                          f"one of {SOURCE_KEYS}; or pass retriever=...")
    sources = next(output[k] for k in SOURCE_KEYS if k in output)
    return _text_of(output), _as_contexts(sources)


async def aevaluate_chain(chain: Any, metrics: Sequence[Any] | None = None, questions: Sequence[str] = (),
                          references: Sequence[Any] | None = None, retriever: Any = None,
                          concurrency: int = 4, **kwargs: Any):
    dataset = await collect(lambda q: _run(chain, retriever, q), list(questions), references, concurrency)
    if metrics is None:
        metrics = CORE if references is not None else ("faithfulness", "answer_relevancy", "context_relevancy")
    return await aevaluate(dataset, metrics=list(metrics), **kwargs)


def evaluate(chain: Any, metrics: Sequence[Any] | None = None, questions: Sequence[str] = (),
             references: Sequence[Any] | None = None, retriever: Any = None, **kwargs: Any):
    return run_sync(aevaluate_chain(chain, metrics, questions, references, retriever, **kwargs))
