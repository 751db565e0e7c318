"""ragmeter on Ray Data: the same metrics and judges as evaluate(), over millions of rows.

    from ragmeter.integrations.ray import evaluate_ray
    run = evaluate_ray("logs/*.parquet", metrics=["faithfulness", "answer_relevancy"],
                       output="s3-or-shared-dir/run1", num_actors=8)
    run.aggregates["faithfulness"].mean, run.dataset   # a Ray Dataset of per-sample results

Each actor of the pool builds its judge once and scores whole batches with ``evaluate()``.
With ``output=DIR`` every batch is written as one Parquet shard (atomically, named by the
batch's row keys), so a killed job resumes with ``resume=True`` from the shards already there.
An actor that dies is restarted and its batch retried; a shard written twice is the same file,
so nothing is lost or duplicated. LLM judges share one rate limit across the cluster (a named
actor) and the SQLite cache (put it on storage all nodes see).
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import os
import uuid
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Sequence

from ..data import as_sample
from ..errors import ConfigError, MissingExtraError
from ..metrics import resolve_metrics
from ..results import Aggregate, summarise

KEY = "_key"


def _ray():
    try:
        import ray
    except ImportError:
        raise MissingExtraError("ray", "ray", "The Ray engine") from None
    return ray


def row_key(row: dict[str, Any]) -> str:
    """A stable id of a row's content (and its id column, when it has one)."""
    sample = as_sample({k: v for k, v in row.items() if k != KEY})
    blob = json.dumps(sample.to_dict(), sort_keys=True, ensure_ascii=False, default=str)
    return hashlib.sha256(blob.encode("utf-8")).hexdigest()[:32]


class RemoteRateLimiter:
    """The runner's rate limiter, answered by one actor for the whole cluster."""

    def __init__(self, handle: Any):
        self.handle = handle

    async def wait(self, tokens: int) -> None:
        while True:
            delay = await self.handle.try_acquire.remote(tokens)
            if delay == 0:
                return
            await asyncio.sleep(delay)


class _Scorer:
    """One actor of the pool: builds the judge once, scores batches, writes shards."""

    def __init__(self, metrics: list[str], judge: Any, llm: Any, embeddings: Any, llm_options: dict[str, Any],
                 shard_dir: str | None, done: Any = None):
        import ray

        from ..judges import resolve_judge

        self.metrics = metrics
        self.judge = resolve_judge(judge, llm, embeddings, **llm_options)
        self.shard_dir = shard_dir
        self.done = ray.get(done) if done is not None else set()

    def __call__(self, batch):
        import pandas as pd

        from ..engine import evaluate

        rows = batch.to_dict("records")
        keys = [row_key(r) for r in rows]
        todo = [(k, r) for k, r in zip(keys, rows) if k not in self.done]  # finished in an earlier run
        if not todo:
            return pd.DataFrame(result_rows(None, []))
        keys, rows = [k for k, _ in todo], [r for _, r in todo]
        result = evaluate(rows, metrics=self.metrics, judge=self.judge)
        out = pd.DataFrame(result_rows(result, keys))
        if self.shard_dir:
            name = hashlib.sha256("".join(keys).encode()).hexdigest()[:24]
            tmp = Path(self.shard_dir) / f".{name}.{uuid.uuid4().hex}.tmp"
            out.to_parquet(tmp, index=False)
            os.replace(tmp, Path(self.shard_dir) / f"part-{name}.parquet")  # atomic: whole shard or none
        return out


def result_rows(result, keys: Sequence[str]) -> list[dict[str, Any]]:
    if result is None:
        return []
    rows = []
    for key, flat, scores in zip(keys, result.rows(), result.metric_results):
        row = {KEY: key, **{k: flat[k] for k in ("id", "user_input", "response", "reference")}}
        row["retrieved_contexts"] = json.dumps(flat["retrieved_contexts"], ensure_ascii=False)
        for m in result.metrics:
            r = scores[m]
            row[m], row[f"{m}_status"], row[f"{m}_reason"] = r.score, r.status, r.reason
            row[f"{m}_evidence"] = json.dumps(r.evidence, ensure_ascii=False, default=str)
        rows.append(row)
    return rows


@dataclass
class RayEvaluation:
    dataset: Any  # ray.data.Dataset of per-sample results
    aggregates: dict[str, Aggregate]
    provenance: dict[str, Any]

    def __getitem__(self, metric: str) -> float | None:
        return self.aggregates[metric].mean


def _read(ray, source: Any):
    if not isinstance(source, (str, os.PathLike)):
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


def _done_keys(shard_dir: Path) -> set[str]:
    import pyarrow.parquet as pq

    done: set[str] = set()
    for shard in shard_dir.glob("part-*.parquet"):
        done.update(pq.read_table(shard, columns=[KEY]).column(KEY).to_pylist())
    return done


def aggregates_of(ds, metrics: list[str], confidence: float, seed: int) -> dict[str, Aggregate]:
    import numpy as np

    scores: dict[str, list] = {m: [] for m in metrics}
    counts = {m: {"skipped": 0, "error": 0} for m in metrics}
    columns = [c for m in metrics for c in (m, f"{m}_status")]
    for batch in ds.select_columns(columns).iter_batches(batch_format="numpy", batch_size=65536):
        for m in metrics:
            status = batch[f"{m}_status"]
            scores[m].append(batch[m][status == "ok"].astype(float))
            counts[m]["skipped"] += int((status == "skipped").sum())
            counts[m]["error"] += int((status == "error").sum())
    return {m: summarise(np.concatenate(scores[m]) if scores[m] else [], counts[m]["skipped"], counts[m]["error"],
                         confidence, seed=seed) for m in metrics}


def evaluate_ray(ds: Any, metrics: Sequence[Any] | None = None, judge: Any = "local", llm: Any = None,
                 embeddings: Any = None, *, output: str | os.PathLike | None = None, resume: bool = False,
                 batch_size: int = 256, num_actors: int = 2, num_cpus: float = 1, num_gpus: float = 0,
                 rpm: int | None = None, tpm: int | None = None, rate_window_s: float = 60.0,
                 confidence: float = 0.95, seed: int = 0, **llm_options: Any) -> RayEvaluation:
    ray = _ray()
    if not ray.is_initialized():
        ray.init(ignore_reinit_error=True, log_to_driver=False)
    names = [m.name for m in resolve_metrics(metrics)]
    source = _spread(_read(ray, ds), batch_size)
    shard_dir = None
    done: set[str] = set()
    if output is not None:
        shard_dir = Path(output)
        shard_dir.mkdir(parents=True, exist_ok=True)
        existing = list(shard_dir.glob("part-*.parquet"))
        if existing and not resume:
            raise ConfigError(f"{shard_dir} already holds {len(existing)} result shards; pass resume=True "
                              "(--resume) to continue that run, or choose another output folder.")
        done = _done_keys(shard_dir)
    # leave a CPU for reading: actors that hold every CPU would starve the read tasks
    cpus = float(ray.cluster_resources().get("CPU", 1))
    per_actor = min(num_cpus, max(0.25, (cpus - 1) / num_actors)) if num_gpus == 0 else num_cpus
    if llm is not None and (rpm or tpm):
        from ..runner import RateLimiter

        limiter = ray.remote(RateLimiter).options(name=f"ragmeter-rate-{uuid.uuid4().hex[:8]}").remote(
            rpm, tpm, window_s=rate_window_s)
        llm_options["rate_limiter"] = RemoteRateLimiter(limiter)
    scored = source.map_batches(
        _Scorer, batch_format="pandas", batch_size=batch_size, compute=ray.data.ActorPoolStrategy(size=num_actors),
        num_cpus=per_actor, num_gpus=num_gpus,
        ray_remote_args_fn=lambda: {"max_restarts": -1, "max_task_retries": -1},  # a dead actor's batch is retried
        fn_constructor_kwargs={"metrics": names, "judge": judge, "llm": llm, "embeddings": embeddings,
                               "llm_options": llm_options, "shard_dir": str(shard_dir) if shard_dir else None,
                               "done": ray.put(done) if done else None},
    ).materialize()
    final = ray.data.read_parquet(str(shard_dir)) if shard_dir else scored
    provenance = {"engine": "ray", "metrics": names, "judge": judge if isinstance(judge, str) else type(judge).__name__,
                  "llm": llm if isinstance(llm, str) or llm is None else type(llm).__name__, "num_actors": num_actors,
                  "batch_size": batch_size, "resumed_rows": len(done), "output": str(shard_dir) if shard_dir else None}
    return RayEvaluation(final, aggregates_of(final, names, confidence, seed), provenance)
