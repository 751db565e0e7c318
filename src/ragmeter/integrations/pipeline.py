"""RAGPipeline and evaluate_rag_pipeline, as in seed 003, plus evaluate_pipeline for a full Result.

The pipeline runs on every question concurrently (async functions on the event loop, plain
functions on a thread pool), each call timed. A question on which the pipeline raises gets
status ``error`` with the exception in every metric; the other questions go on.
"""

from __future__ import annotations

import asyncio
import inspect
import time
import warnings
from dataclasses import dataclass
from typing import Any, Awaitable, Callable, Sequence

from ..data import EvaluationDataset, Sample
from ..errors import ConfigError, RagmeterWarning
from ..failures import RunOutcome

CORE = ("faithfulness", "answer_relevancy", "context_precision", "context_recall")


@dataclass
class RAGPipeline:
    retrieve: Callable[[str], list[str]]  # query -> list of context strings
    generate: Callable[[str, list[str]], str]  # query + contexts -> answer


async def _call(fn: Callable, *args: Any) -> Any:
    if inspect.iscoroutinefunction(fn):
        return await fn(*args)
    result = await asyncio.to_thread(fn, *args)
    if inspect.isawaitable(result):
        return await result
    return result


def _as_contexts(value: Any) -> list[str]:
    """Contexts as a list of strings: str items, LangChain Documents or LlamaIndex nodes."""
    if isinstance(value, str):
        return [value]
    out = []
    for item in value or []:
        if isinstance(item, str):
            out.append(item)
        elif hasattr(item, "page_content"):
            out.append(str(item.page_content))
        elif hasattr(item, "get_content"):
            out.append(str(item.get_content()))
        elif hasattr(item, "text"):
            out.append(str(item.text))
        else:
            out.append(str(item))
    return out


async def run_one(index: int, question: str, reference: str | None,
                  produce: Callable[[str], Awaitable[tuple[str, list[str]]]], limit: asyncio.Semaphore) -> Sample:
    async with limit:
        start = time.perf_counter()
        try:
            answer, contexts = await produce(question)
        except Exception as exc:  # noqa: BLE001 - recorded for this sample, the run goes on
            latency = time.perf_counter() - start
            return Sample(user_input=question, reference=reference, id=str(index),
                          error=f"pipeline failed: {type(exc).__name__}: {exc}", metadata={"latency_s": round(latency, 4)})
        latency = time.perf_counter() - start
    return Sample(user_input=question, response=answer if isinstance(answer, str) else str(answer),
                  retrieved_contexts=tuple(contexts), reference=reference, id=str(index),
                  metadata={"latency_s": round(latency, 6)})


async def collect(produce: Callable[[str], Awaitable[tuple[str, list[str]]]], questions: Sequence[str],
                  references: Sequence[str | None] | None, concurrency: int) -> EvaluationDataset:
    if references is not None and len(references) != len(questions):
        raise ConfigError(f"{len(questions)} questions but {len(references)} ground truths; give one per question.")
    refs: list[str | None] = [None] * len(questions) if references is None else [_one_reference(r) for r in references]
    limit = asyncio.Semaphore(max(1, concurrency))
    samples = await asyncio.gather(*(run_one(i, q, r, produce, limit) for i, (q, r) in enumerate(zip(questions, refs))))
    fields = ["user_input", "response", "retrieved_contexts"] + (["reference"] if references is not None else [])
    return EvaluationDataset(samples, fields=fields)


def _one_reference(ref: Any) -> str | None:
    if isinstance(ref, (list, tuple)):  # ragas 0.0.x: ground truths as a list
        return "\n".join(map(str, ref)) if ref else None
    return ref


async def aevaluate_pipeline(pipeline: RAGPipeline, questions: Sequence[str], ground_truths: Sequence[Any] | None = None,
                             metrics: Sequence[Any] | None = None, concurrency: int = 8, **kwargs: Any):
    """Run ``pipeline`` on every question, then score the answers; returns a full Result."""
    from ..engine import aevaluate

    async def produce(question: str) -> tuple[str, list[str]]:
        contexts = _as_contexts(await _call(pipeline.retrieve, question))
        answer = await _call(pipeline.generate, question, contexts)
        return answer, contexts

    dataset = await collect(produce, questions, ground_truths, concurrency)
    default = CORE if ground_truths is not None else ("faithfulness", "answer_relevancy", "context_relevancy")
    return await aevaluate(dataset, metrics=list(metrics) if metrics is not None else list(default), **kwargs)


def evaluate_pipeline(pipeline: RAGPipeline, questions: Sequence[str], ground_truths: Sequence[Any] | None = None,
                      metrics: Sequence[Any] | None = None, **kwargs: Any):
    from ..engine import run_sync

    return run_sync(aevaluate_pipeline(pipeline, questions, ground_truths, metrics, **kwargs))


class PipelineScores(dict):
    """Seed 003's dict (each metric's mean and ``mean_score``), which also tells what was not
    scored: ``errors`` maps each metric to its number of errors, ``result`` is the full Result
    (every sample's status and reason; gate it with ``ragmeter.gate.assert_passes``)."""

    result: Any
    errors: dict[str, int]


def evaluate_rag_pipeline(pipeline: RAGPipeline, questions: list[str], ground_truths: list[str],
                          metrics: Sequence[Any] | None = None, **kwargs: Any) -> PipelineScores:
    """Seed 003's function: the four core metrics and their mean, as a dict. The means cover
    only the samples scored; when the pipeline or the judge failed on some, a warning says so."""
    result = evaluate_pipeline(pipeline, questions, ground_truths, metrics, **kwargs)
    scores = PipelineScores({name: result[name] for name in result.metrics})
    present = [v for v in scores.values() if v is not None]
    scores["mean_score"] = sum(present) / len(present) if present else None
    scores.result = result
    scores.errors = {m: result.aggregates[m].n_error for m in result.metrics}
    if any(scores.errors.values()):
        warnings.warn(_failure_note(result), RagmeterWarning, stacklevel=2)
    return scores


def _failure_note(result: Any) -> str:
    outcome = RunOutcome.of(result)
    failed = [s for s in result.samples if s.get("error")]
    parts = []
    if failed:
        parts.append(f"the pipeline failed on {len(failed)} of {len(result.samples)} questions "
                     f"(first: {failed[0].get('user_input')!r}: {failed[0]['error']})")
    if outcome.counts["judge"] or outcome.counts["budget"]:
        parts.append(f"the judge failed on {outcome.counts['judge'] + outcome.counts['budget']} results"
                     + (f" (first: {outcome.example})" if not failed else ""))
    return ("; ".join(parts) + ". The scores are means over the samples scored only; scores.result holds every "
            "sample's status and reason, and ragmeter.gate.assert_passes(scores.result, ...) fails on errors.")
