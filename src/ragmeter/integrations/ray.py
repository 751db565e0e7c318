"""ragmeter on Ray Data: the same metrics, judges and Result as evaluate(), with the scoring
spread over a pool of Ray actors.

    from ragmeter.integrations.ray import evaluate_ray
    result = evaluate_ray("logs/*.parquet", metrics=["faithfulness", "answer_relevancy"],
                          output="runs/ray1", num_actors=8)
    result["faithfulness"], result.aggregates, result.provenance   # as evaluate() returns them

The driver reads the rows once, in order (the dataset hash, the samples of the Result and the
checks of evaluate() all need them), then sends the rows still to score to the actors, each of
which builds its judge once and scores whole batches with ``evaluate()``. Results stream back to
the driver, which keeps the run folder exactly as evaluate(out=DIR) does: one writer at a time
(run_lock.py), every finished sample stored as it arrives (store.py), so ``resume=True``
continues a killed job, checked against the same data and settings; at the end result.json and
scores.csv, which ``Result.load`` and ``ragmeter report``, ``compare`` and ``check`` read.

An actor that dies is restarted and its batch retried; a row returned twice is stored once. An
LLM judge's limits hold for the whole cluster: one budget (an actor that reserves each call's
worst case, carried across ``resume``), one deadline at a fixed wall-clock time, one rate limit.
"""

from __future__ import annotations

import datetime as dt
import json
import os
import time
import uuid
import warnings
from pathlib import Path
from typing import Any, Sequence

from ..asker import Asker
from ..cells import DEFAULT_MAX_CELL_CHARS
from ..data import EvaluationDataset
from ..deadline import check_deadline
from ..engine import check_columns, dataset_hash, make_provenance, start_run, summarise_notes
from ..errors import ConfigError, MissingExtraError, RagmeterError, RagmeterWarning
from ..judges import Judge, resolve_judge
from ..judges.llm.judge import LLMJudge
from ..judges.llm.usage import add_usage_by_metric, by_prompt
from ..limits import RateLimiter
from ..loaders import load_dataset
from ..metrics import MetricResult, resolve_metrics
from ..results import Result
from ..store import RunStore, identity
from .ray_actors import INDEX, STATS, RemoteRateLimiter, RunBudget, Scorer

#: evaluate_ray returned a RayEvaluation before it returned the Result evaluate() returns
RayEvaluation = Result


def _ray():
    try:
        import ray
    except ImportError:
        raise MissingExtraError("ray", "ray", "The Ray engine") from None
    return ray


def _read(ray, source: Any):
    if not isinstance(source, (str, os.PathLike)):
        if not hasattr(source, "iter_batches"):
            raise ConfigError(f"cannot read a {type(source).__name__} with Ray: give a Ray Dataset (e.g. "
                              "ray.data.from_items(rows)) or a Parquet, JSONL or CSV path.")
        return source
    text = str(source)
    if text.endswith(".parquet") or Path(text).is_dir():
        return ray.data.read_parquet(text)
    if text.endswith((".jsonl", ".json", ".ndjson")):
        return ray.data.read_json(text)
    if text.endswith(".csv"):
        return ray.data.read_csv(text)
    raise ConfigError(f"{text}: give a Ray Dataset or a Parquet, JSONL or CSV path.")


def _spread(ds: Any, batch_size: int) -> Any:
    """Blocks of batch_size rows, so that every actor of the pool gets work: a Parquet file
    of one row group reads as one block, which one actor would score alone (measured: 20,000
    rows, 2 actors, 59 samples/s, below one process's 72). Streaming where Ray supports it
    (target_num_rows_per_block); older Ray keeps the blocks it read."""
    import inspect

    if "target_num_rows_per_block" not in inspect.signature(ds.repartition).parameters:
        return ds
    return ds.repartition(target_num_rows_per_block=batch_size)


def read_in_order(source: Any) -> tuple[list[Any], EvaluationDataset]:
    """The rows of ``source`` as pandas frames, in the dataset's order (the same on every run, so
    that a resumed run finds its rows where it left them), and the samples they make."""
    options = source.context.execution_options
    before = options.preserve_order
    options.preserve_order = True  # for this read only: the scoring may finish in any order
    try:
        frames = [f.reset_index(drop=True) for f in source.iter_batches(batch_format="pandas", batch_size=None)
                  if len(f)]
    finally:
        options.preserve_order = before
    return frames, load_dataset([row for f in frames for row in f.to_dict("records")])


def rows_to_score(frames: list[Any], done: dict[tuple[int, str], MetricResult], names: list[str]) -> list[Any]:
    """The rows with a metric not finished yet, each with its position in the data."""
    out, start = [], 0
    for frame in frames:
        positions = list(range(start, start + len(frame)))
        start += len(frame)
        keep = [any((i, m) not in done for m in names) for i in positions]
        if any(keep):
            out.append(frame.assign(**{INDEX: positions})[keep])
    return out


class Tally:
    """What the actors report per batch: the judge's batches and the LLM usage, summed."""

    def __init__(self) -> None:
        self.batches: dict[str, int] = {}
        self.usage: dict[str, Any] | None = None
        self.by_prompt: dict[str, dict[str, Any]] = {}

    @staticmethod
    def _sum(old: dict[str, Any] | None, new: dict[str, Any]) -> dict[str, Any]:
        """Figures added key by key; an unknown (None) figure on either side stays unknown."""
        if old is None:
            return dict(new)
        return {k: None if v is None or old.get(k) is None else old[k] + v for k, v in new.items()}

    def add(self, stats: dict[str, Any]) -> None:
        for name, count in stats.get("judge_batches", {}).items():
            self.batches[name] = self.batches.get(name, 0) + count
        usage = stats.get("usage")
        if usage is not None:
            self.usage = self._sum(self.usage, usage)
        for name, figures in (stats.get("by_prompt") or {}).items():
            self.by_prompt[name] = self._sum(self.by_prompt.get(name), figures)


def _pool(ray, frames: list[Any], names: list[str], spec: dict[str, Any], batch_size: int, num_actors: int,
          num_cpus: float, num_gpus: float) -> Any:
    """The rows to score, mapped over a pool of Scorer actors (lazily: iterate to run it)."""
    # leave a CPU for reading: actors that hold every CPU would starve the read tasks
    cpus = float(ray.cluster_resources().get("CPU", 1))
    per_actor = min(num_cpus, max(0.25, (cpus - 1) / num_actors)) if num_gpus == 0 else num_cpus
    return _spread(ray.data.from_pandas(frames), batch_size).map_batches(
        Scorer, batch_format="pandas", batch_size=batch_size, compute=ray.data.ActorPoolStrategy(size=num_actors),
        num_cpus=per_actor, num_gpus=num_gpus,
        ray_remote_args_fn=lambda: {"max_restarts": -1, "max_task_retries": -1},  # a dead actor's batch is retried
        fn_constructor_kwargs={"metrics": names, **spec})


def _collect(ray, scored: Any, names: list[str], done: dict[tuple[int, str], MetricResult], store: RunStore | None,
             budget: Any, tally: Tally) -> dict[int, dict[str, MetricResult]]:
    """Each batch as it comes: its results stored (the run's spending too), its stats tallied."""
    fresh: dict[int, dict[str, MetricResult]] = {}
    for batch in scored.iter_batches(batch_format="pandas", batch_size=None):
        for index, *cells in zip(batch[INDEX], *(batch[m] for m in names)):
            index = int(index)
            new = {m: MetricResult.from_dict(json.loads(cell)) for m, cell in zip(names, cells)
                   if (index, m) not in done}
            fresh[index] = new  # a batch retried after its actor died may come twice: stored once
            if store is not None:
                store.write(index, new)
        for text in batch[STATS].dropna():
            tally.add(json.loads(text))
        if store is not None and budget is not None:
            store.record_spent(ray.get(budget.total.remote()))
    return fresh


def _assemble(n: int, names: list[str], done: dict[tuple[int, str], MetricResult],
              fresh: dict[int, dict[str, MetricResult]]) -> list[dict[str, MetricResult]]:
    scores: list[dict[str, MetricResult]] = []
    missing: list[int] = []
    for i in range(n):
        row: dict[str, MetricResult] = {}
        for m in names:
            r = done[(i, m)] if (i, m) in done else fresh.get(i, {}).get(m)
            if r is not None:
                row[m] = r
        if len(row) < len(names):
            missing.append(i)
        scores.append(row)
    if missing:
        raise RagmeterError(f"the Ray job returned no result for {len(missing)} rows (first: {missing[:5]}); "
                            "what it returned is stored: run again with resume=True (--resume) to finish them.")
    return scores


def _shared(ray, judge: Judge, spent_before: float) -> tuple[Any, float | None]:
    """The run's budget actor, for an LLM judge (None for a judge that makes no calls)."""
    if not isinstance(judge, LLMJudge):
        return None, None
    limit = judge.runner.settings.budget_usd
    return ray.remote(RunBudget).options(num_cpus=0).remote(limit, spent_before), limit


def _traced(provenance: dict[str, Any], ray, tally: Tally, budget: Any) -> dict[str, Any]:
    """The driver's judge made no calls: its usage and spending are the actors', summed."""
    judge = provenance["judge"]
    if "usage" in judge and tally.usage is not None:
        judge["usage"] = {**tally.usage, "by_prompt": by_prompt(tally.by_prompt)}
        add_usage_by_metric(provenance)  # each metric's share, as evaluate() records it
    if budget is not None and isinstance(judge.get("runner"), dict):
        judge["runner"]["budget"] = ray.get(budget.describe.remote())
    return provenance


def _rate_limiter(ray, llm: Any, rpm: int | None, tpm: int | None, window_s: float, llm_options: dict[str, Any]):
    """One rate limiter actor for the cluster, put in the LLM judge's options (None without limits)."""
    if llm is None or not (rpm or tpm):
        return None
    limiter = ray.remote(RateLimiter).options(name=f"ragmeter-rate-{uuid.uuid4().hex[:8]}", num_cpus=0).remote(
        rpm, tpm, window_s=window_s)
    llm_options.update(rpm=rpm, tpm=tpm, rate_limiter=RemoteRateLimiter(limiter))
    return limiter


def _score(ray, frames: list[Any], n: int, names: list[str], done: dict[tuple[int, str], MetricResult],
           store: RunStore | None, spec: dict[str, Any], pool: dict[str, Any], tally: Tally):
    """Every row's results: those stored before, and the rest scored by the pool."""
    todo = rows_to_score(frames, done, names)
    fresh = _collect(ray, _pool(ray, todo, names, spec, **pool), names, done, store, spec["budget"], tally) \
        if todo else {}
    return _assemble(n, names, done, fresh)


def _write(ray, store: RunStore, result: Result, budget: Any) -> None:
    """result.json, scores.csv and the run's spending, while the folder is still ours (as evaluate() does)."""
    if budget is not None:
        store.record_spent(ray.get(budget.total.remote()))
    result.save(store.folder / "result.json")
    result.to_csv(store.folder / "scores.csv")
    store.complete()


def evaluate_ray(ds: Any, metrics: Sequence[Any] | None = None, judge: Any = "local", llm: Any = None,
                 embeddings: Any = None, *, output: str | os.PathLike | None = None, resume: bool = False,
                 deadline: float | None = None, batch_size: int = 256, num_actors: int = 2, num_cpus: float = 1,
                 num_gpus: float = 0, rpm: int | None = None, tpm: int | None = None, rate_window_s: float = 60.0,
                 confidence: float = 0.95, n_resamples: int = 1000, seed: int = 0, **llm_options: Any) -> Result:
    """Score ``ds`` (a Ray Dataset, or a Parquet/JSONL/CSV path) on a pool of ``num_actors``
    Ray actors; returns the Result evaluate() would. With ``output=DIR`` the run folder is
    evaluate()'s: locked for this run, every finished sample stored as it arrives (``resume=True``
    continues it), result.json and scores.csv at the end. ``deadline`` (seconds) and ``budget``
    (USD, an LLM judge option) hold for the whole cluster, as in evaluate()."""
    ray = _ray()
    if not ray.is_initialized():
        ray.init(ignore_reinit_error=True, log_to_driver=False)
    check_deadline(deadline)
    if llm_options.get("dry_run"):
        raise ConfigError("dry_run works with evaluate() only: count the calls with evaluate(rows, ..., dry_run=True) "
                          "(ragmeter evaluate --dry-run without --engine ray) on the same data.")
    chosen = resolve_metrics(metrics)
    names = [m.name for m in chosen]
    store = RunStore(Path(output)) if output is not None else None  # the folder is ours, or this fails at once
    limiter = budget = None
    try:
        frames, data = read_in_order(_read(ray, ds))
        check_columns(data, chosen)
        notes = summarise_notes(data)
        for line in notes:
            warnings.warn(line, RagmeterWarning, stacklevel=2)
        limiter = _rate_limiter(ray, llm, rpm, tpm, rate_window_s, llm_options)
        the_judge = resolve_judge(judge, llm, embeddings, **llm_options)  # its settings and errors, before any actor
        started, digest = dt.datetime.now(dt.timezone.utc), dataset_hash(data)
        cells = {"max_cell_chars": DEFAULT_MAX_CELL_CHARS}  # the actors' evaluate() cuts longer texts (cells.py)
        if store is not None:
            store.begin(digest, identity({m.name: m.describe() for m in chosen}, the_judge.describe(), cells), len(data),
                        names, resume)
        done = store.finished() if store is not None else {}
        start_run(the_judge, store, deadline)  # what its description tells: deadline, spending before
        budget, limit = _shared(ray, the_judge, store.spent() if store is not None else 0.0)
        spec = {"judge": judge, "llm": llm, "embeddings": embeddings, "llm_options": llm_options, "budget": budget,
                "limit": limit, "deadline_s": deadline, "ends_at": time.time() + deadline if deadline else None}
        pool = {"batch_size": batch_size, "num_actors": num_actors, "num_cpus": num_cpus, "num_gpus": num_gpus}
        tally = Tally()
        scores = _score(ray, frames, len(data), names, done, store, spec, pool, tally)
        ask = Asker(the_judge)
        ask.batches.update(tally.batches)  # the batches the actors' judges were asked, summed
        settings = {"confidence": confidence, "n_resamples": n_resamples, "seed": seed, "window": batch_size,
                    "deadline_s": deadline, "engine": "ray", "num_actors": num_actors, **cells}
        provenance = _traced(make_provenance(the_judge, chosen, digest, len(data), started, ask, settings),
                             ray, tally, budget)
        if store is not None:
            provenance["run_store"] = {"path": str(store.path), "resumed_results": len(done)}
        result = Result([s.to_dict() for s in data.samples], scores, names, provenance, notes)
        if store is not None:
            _write(ray, store, result, budget)
    finally:
        if store is not None:
            store.close()
        for actor in (limiter, budget):
            if actor is not None:
                ray.kill(actor)
    return result
