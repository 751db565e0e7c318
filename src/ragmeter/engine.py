"""evaluate() and aevaluate(): validate, then score every sample with every metric.

One async core. The sync ``evaluate`` runs it with ``asyncio.run``; inside a running loop
(Jupyter) it runs it on a worker thread instead, so nothing patches asyncio.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import datetime as dt
import hashlib
import json
import platform
import warnings
from collections import defaultdict
from typing import TYPE_CHECKING, Any, Sequence

from . import __version__
from .asker import Asker
from .cells import DEFAULT_MAX_CELL_CHARS, cap_dataset, check_max_cell_chars
from .cells import summary as cut_summary
from .data import ALIASES, EvaluationDataset, Sample
from .deadline import check_deadline
from .errors import DatasetError, DryRunCall, JudgeError, JudgeOutputError, RagmeterWarning
from .judges import Judge, resolve_judge
from .judges.llm.usage import add_usage_by_metric
from .loaders import load_dataset
from .metrics import Metric, MetricResult, resolve_metrics
from .redaction import scrub
from .results import Result
from .store import RunStore, identity

if TYPE_CHECKING:
    from .cost import Usage


def check_columns(dataset: EvaluationDataset, metrics: Sequence[Metric]) -> None:
    """Fail before any judging when a metric needs a column the data does not have."""
    if len(dataset) == 0:
        raise DatasetError("the dataset has no rows; nothing to evaluate.")
    problems = []
    for metric in metrics:
        for field in metric.required:
            if field not in dataset.fields:
                problems.append(
                    f"metric '{metric.name}' needs the column '{field}' "
                    f"(accepted names: {', '.join(ALIASES[field])}), which the data does not have."
                )
        if metric.any_of and not any(f in dataset.fields for f in metric.any_of):
            names = "; ".join(f"{f}: {', '.join(ALIASES[f])}" for f in metric.any_of)
            problems.append(f"metric '{metric.name}' needs one of these columns ({names}); the data has none.")
    if problems:
        raise DatasetError(" ".join(problems) + " Add the column, or leave the metric out with metrics=[...].")


def dataset_hash(dataset: EvaluationDataset) -> str:
    digest = hashlib.sha256()
    for sample in dataset.samples:
        digest.update(json.dumps(sample.to_dict(), sort_keys=True, ensure_ascii=False).encode("utf-8"))
        digest.update(b"\n")
    return "sha256:" + digest.hexdigest()


def summarise_notes(dataset: EvaluationDataset) -> list[str]:
    """One line per kind of repair or problem, naming the first rows it happened in."""
    groups: dict[tuple[str, str, bool], list[int]] = defaultdict(list)
    for note in dataset.notes:
        kind = note.message.split(" (")[0]
        groups[(note.field, kind, note.repaired)].append(note.row)
    lines = []
    for (field, kind, repaired), rows in groups.items():
        shown = ", ".join(map(str, rows[:5])) + (f" and {len(rows) - 5} more" if len(rows) > 5 else "")
        action = "repaired" if repaired else "metrics needing it are skipped for those rows"
        lines.append(f"column '{field}': {kind} in row(s) {shown}; {action}.")
    return lines


async def _score_one(metric: Metric, sample: Sample, ask: Asker) -> MetricResult:
    if sample.error:
        return MetricResult.error(sample.error)
    why = metric.missing(sample)
    if why:
        return MetricResult.skipped(why)
    try:
        with ask.scoring():  # the asker sends a batch once every metric being scored has asked
            result = await metric.score(sample, ask)
    except DryRunCall:
        result = None
    except JudgeError as exc:
        evidence: dict[str, Any] = {}
        if exc.stopped_by:  # the budget, the endpoint or the deadline stopped the calls: the gate and
            evidence["stopped_by"] = exc.stopped_by  # the exit code tell a stop from a failure by this mark
        if isinstance(exc, JudgeOutputError):
            evidence["raw_output"] = scrub(exc.raw)
        return MetricResult.error(scrub(exc.reason()), **evidence)
    except Exception as exc:  # noqa: BLE001 - one failure must not stop the run
        return MetricResult.error(scrub(f"{type(exc).__name__}: {exc}"))
    if result is None or ask.judge.is_dry_run():  # a score from stand-in replies means nothing
        return MetricResult.skipped("dry run: the judge's calls were counted, not made")
    return result


async def _score_sample(index: int, sample: Sample, metrics: Sequence[Metric], ask: Asker,
                        done: dict[tuple[int, str], MetricResult], store: RunStore | None,
                        slots: asyncio.Semaphore, on_done: Any = None) -> dict[str, MetricResult]:
    todo = [m for m in metrics if (index, m.name) not in done]
    if todo:
        async with slots:  # samples finish (and are stored) progressively, not all at the end
            fresh = await asyncio.gather(*(_score_one(m, sample, ask) for m in todo))
    else:
        fresh = []
    if store is not None and todo:
        store.write(index, dict(zip((m.name for m in todo), fresh)))
    computed = dict(zip((m.name for m in todo), fresh))
    if on_done is not None:
        on_done()
    return {m.name: computed[m.name] if m.name in computed else done[(index, m.name)] for m in metrics}


async def aevaluate(dataset: Any, metrics: Sequence[Any] | None = None, judge: Any = None,
                    llm: Any = None, embeddings: Any = None, *, out: Any = None, resume: bool = False,
                    deadline: float | None = None, max_cell_chars: int | None = DEFAULT_MAX_CELL_CHARS,
                    window: int = 1024, confidence: float = 0.95,
                    n_resamples: int = 1000, seed: int = 0, show_progress: bool = False, **llm_options: Any) -> Result:
    """Score ``dataset`` with ``metrics`` (default: the four of RAGAS) using ``judge``.

    With ``out=DIR`` every finished result is stored as it completes and the Result is saved
    to DIR/result.json and DIR/scores.csv, one run writing there at a time; ``resume=True``
    continues a run stored there, redoing nothing that finished (results with status error are
    tried again) and counting what it spent against ``budget``. ``deadline`` (seconds) stops the
    LLM judge's calls that long after the start, waits for retries included. A text field longer than
    ``max_cell_chars`` (None: no cap) is cut to that for the judge, with a warning (cells.py)."""
    data = load_dataset(dataset)
    chosen = resolve_metrics(metrics)
    check_columns(data, chosen)
    check_deadline(deadline)
    cap = check_max_cell_chars(max_cell_chars)
    notes = summarise_notes(data)
    scored, cut_rows = cap_dataset(data, cap)  # what the judge reads: no text field over the cap
    if cut_rows:
        notes.append(cut_summary(cut_rows, cap))
    for line in notes:
        warnings.warn(line, RagmeterWarning, stacklevel=3)
    the_judge: Judge = resolve_judge(judge, llm, embeddings, **llm_options)
    ask = Asker(the_judge)
    started = dt.datetime.now(dt.timezone.utc)
    digest = dataset_hash(data)
    store = _open_store(out, digest, chosen, the_judge, len(data), resume, {"max_cell_chars": cap})
    try:
        done = store.finished() if store is not None else {}
        start_run(the_judge, store, deadline)
        scores = await _score_all(scored, chosen, ask, done, store, window, show_progress)
        provenance = make_provenance(the_judge, chosen, digest, len(data), started, ask,
                                     {"confidence": confidence, "n_resamples": n_resamples, "seed": seed,
                                      "window": window, "deadline_s": deadline, "max_cell_chars": cap})
        if store is not None:
            provenance["run_store"] = {"path": str(store.path), "resumed_results": len(done)}
        samples = [s.to_dict() for s in data.samples]  # as given; a cut sample says so
        for row, lines in cut_rows.items():
            samples[row]["warnings"] = lines
        result = Result(samples, scores, [m.name for m in chosen], provenance, notes)
        if store is not None:  # written while the folder is still ours
            result.save(store.folder / "result.json")
            result.to_csv(store.folder / "scores.csv")
            store.complete()
    finally:
        if store is not None:
            store.close()
    return result


def _open_store(out: Any, digest: str, metrics: Sequence[Metric], judge: Judge, n: int, resume: bool,
                settings: dict[str, Any]) -> RunStore | None:
    """The run store of ``out``, locked for this run and checked against it (None without ``out``)."""
    if out is None:
        return None
    store = RunStore(out)
    try:
        store.begin(digest, identity({m.name: m.describe() for m in metrics}, judge.describe(), settings), n,
                    [m.name for m in metrics], resume)
    except BaseException:
        store.close()
        raise
    return store


def start_run(judge: Judge, store: RunStore | None, deadline: float | None) -> None:
    """Tell the judge the run's deadline, and what the run spent before a resume and where to record spending."""
    judge.start_run(deadline, store.spent() if store is not None else 0.0,
                    store.record_spent if store is not None else None)


async def _score_all(data: EvaluationDataset, chosen: Sequence[Metric], ask: Asker,
                     done: dict[tuple[int, str], MetricResult], store: RunStore | None, window: int,
                     show_progress: bool) -> list[dict[str, MetricResult]]:
    the_judge = ask.judge
    scores: list[dict[str, MetricResult]] = []
    progress = _Progress(len(data)) if show_progress else None
    # in-process judges batch best with many samples at once; an LLM judge keeps a few in flight
    slots = asyncio.Semaphore(the_judge.samples_in_flight(window))
    on_done = (lambda: progress.advance(1, the_judge.usage())) if progress else None
    try:
        for start in range(0, len(data), window):
            part = data.samples[start:start + window]
            scores.extend(await asyncio.gather(*(_score_sample(start + i, s, chosen, ask, done, store, slots, on_done)
                                                 for i, s in enumerate(part))))
            ask.forget()
    finally:
        if progress:
            progress.close()
        await the_judge.aclose()  # an HTTP client belongs to this event loop
    return scores


def make_provenance(judge: Judge, metrics: Sequence[Metric], digest: str, n: int, started: dt.datetime, ask: Asker,
                    settings: dict[str, Any]) -> dict[str, Any]:
    """Everything needed to trace a number back to what made it."""
    ended = dt.datetime.now(dt.timezone.utc)
    provenance = {
        "ragmeter_version": __version__, "judge": judge.describe(),
        "metrics": {m.name: m.describe() for m in metrics}, "dataset_hash": digest, "n_samples": n,
        "started_at": started.isoformat(), "ended_at": ended.isoformat(),
        "duration_s": round((ended - started).total_seconds(), 3), "judge_batches": dict(ask.batches),
        "python": platform.python_version(), "settings": settings,
    }
    dry_run = judge.dry_run_summary()
    if dry_run is not None:
        provenance["dry_run"] = dry_run
    return add_usage_by_metric(provenance)


def evaluate(dataset: Any = None, metrics: Sequence[Any] | None = None, judge: Any = None,
             llm: Any = None, embeddings: Any = None, **kwargs: Any) -> Result:
    """Synchronous ``aevaluate``; works in scripts and inside Jupyter's running loop."""
    if dataset is None:
        raise DatasetError("evaluate() needs a dataset: a list of dicts, a DataFrame, a datasets.Dataset or a path.")
    return run_sync(aevaluate(dataset, metrics, judge, llm, embeddings, **kwargs))


def run_sync(coro):
    """Run a coroutine to completion from sync code, also under a running loop (Jupyter)."""
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return asyncio.run(coro)
    with concurrent.futures.ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(asyncio.run, coro).result()


class _Progress:
    """A rich progress bar on stderr, in samples."""

    def __init__(self, total: int):
        from rich.progress import BarColumn, Progress, TextColumn, TimeRemainingColumn

        self._bar = Progress(TextColumn("evaluating"), BarColumn(), TextColumn("{task.completed}/{task.total}"),
                             TimeRemainingColumn(), TextColumn("{task.fields[cost]}"), transient=True)
        self._bar.start()
        self._task = self._bar.add_task("evaluating", total=total, cost="")

    def advance(self, n: int, usage: Usage | None = None) -> None:
        cost = ""
        if usage is not None:
            spent = "?" if usage.cost_usd is None else f"${usage.cost_usd:.4f}"
            cost = f"{usage.calls} calls, {spent}"
        self._bar.update(self._task, advance=n, cost=cost)

    def close(self) -> None:
        self._bar.stop()
