"""Labelling a random sample of a run in the terminal (``ragmeter label``): the sample, the labels
file it grows (resumable), and the question-and-answer loop. Input and output are passed in, so
the loop runs the same on a terminal and in a test feeding it lines.

The file is the labels file ``ragmeter calibrate`` reads: a key column (the run's sample id, or
the question when the run's samples have no unique ids) and one column per metric, ``1``, ``0``,
a number in [0, 1], or empty for a skipped metric. Each sample's row is written (and flushed) as
soon as all its metrics are answered; a sample left half-way by quitting is asked again next time.
"""

from __future__ import annotations

import csv
import random
from pathlib import Path
from typing import Any, Callable, Sequence

from ..errors import ConfigError, DatasetError
from .labels import normalise_key

#: what a label of 1 means, per metric (the judge's question put to a person)
QUESTIONS = {
    "faithfulness": "is every claim of the answer supported by the contexts?",
    "answer_relevancy": "does the answer address the question (not evasive, not off-topic)?",
    "context_precision": "are the contexts that help answer the question ranked first?",
    "context_recall": "do the contexts hold everything the reference says?",
    "context_relevancy": "is the retrieved text about the question (little unrelated text)?",
    "answer_correctness": "does the answer agree with the reference?",
    "answer_similarity": "does the answer mean the same as the reference?",
}
CHOICES = "1/0/s/q"
LEGEND = ("answer 1 (yes), 0 (no), a number in [0, 1] (partly), s (skip this metric: you cannot tell) or q (quit; "
          "run the same command again to go on)")
CONTEXT_CHARS, ANSWER_CHARS, CONTEXTS_SHOWN = 300, 1200, 4


class Quit(Exception):
    """The labeller asked to stop (q, or the end of the input)."""


def key_kind(samples: Sequence[dict[str, Any]]) -> str:
    """"id" when every sample has its own id, else "question"."""
    ids = [s.get("id") for s in samples]
    return "id" if all(i is not None for i in ids) and len(set(map(str, ids))) == len(ids) else "question"


def sample_key(sample: dict[str, Any], kind: str) -> str:
    value = sample.get("id") if kind == "id" else sample.get("user_input")
    return normalise_key(str(value or ""), kind)


def choose(result: Any, metrics: Sequence[str], n: int, seed: int) -> list[int]:
    """The first ``n`` of a seeded random order of the samples the judge scored on any of
    ``metrics`` (labels of unscored samples would be left out by calibrate anyway)."""
    eligible = [i for i, row in enumerate(result.metric_results)
                if any(row[m].status == "ok" and row[m].score is not None for m in metrics)]
    random.Random(seed).shuffle(eligible)
    return eligible[:n]


class LabelsFile:
    """The labels CSV: created with its header, or read back to learn which samples it labels."""

    def __init__(self, path: str | Path, key_column: str, metrics: Sequence[str] | None):
        self.path = Path(path)
        self.key_column = key_column
        self.kind = "id" if key_column == "id" else "question"
        self.done: set[str] = set()
        existing = self._read() if self.path.exists() and self.path.stat().st_size else None
        if existing is None:
            if not metrics:
                raise ConfigError("give the metrics to label (--metrics) for a new labels file.")
            self.metrics = list(metrics)
            self.path.parent.mkdir(parents=True, exist_ok=True)
            with self.path.open("w", encoding="utf-8", newline="") as fh:
                csv.writer(fh).writerow([key_column, *self.metrics])
            return
        header, keys = existing
        if not header or header[0] != key_column:
            raise DatasetError(f"{self.path}: its first column is {header[0] if header else 'missing'!r}, but this run's "
                               f"samples are keyed by {key_column!r}; label into another file (--out).")
        if metrics and list(metrics) != header[1:]:
            raise ConfigError(f"{self.path}: labels {', '.join(header[1:])}; --metrics asks for {', '.join(metrics)}. "
                              f"Leave out --metrics to go on with this file, or label into another file (--out).")
        self.metrics = header[1:]
        self.done = {normalise_key(k, self.kind) for k in keys}

    def _read(self) -> tuple[list[str], list[str]]:
        try:
            with self.path.open(encoding="utf-8", newline="") as fh:
                rows = list(csv.reader(fh))
        except UnicodeDecodeError:
            raise DatasetError(f"{self.path}: is not UTF-8 text; is it a labels file written by ragmeter label?") from None
        return (rows[0] if rows else []), [r[0] for r in rows[1:] if r]

    def append(self, key: str, values: dict[str, float | None]) -> None:
        text = self.path.read_bytes()[-1:]
        with self.path.open("a", encoding="utf-8", newline="") as fh:
            if text and text != b"\n":
                fh.write("\n")
            csv.writer(fh).writerow([key] + ["" if values[m] is None else f"{values[m]:g}" for m in self.metrics])
        self.done.add(normalise_key(key, self.kind))


def shorten(text: Any, limit: int) -> str:
    flat = " ".join(str(text).split())
    return flat if len(flat) <= limit else flat[: limit - 3].rstrip() + "..."


def show(sample: dict[str, Any]) -> list[str]:
    """The sample as a labeller reads it: question, answer, contexts (shortened), reference."""
    lines = [f"question:  {shorten(sample.get('user_input') or '', ANSWER_CHARS)}",
             f"answer:    {shorten(sample.get('response') or '(none)', ANSWER_CHARS)}"]
    contexts = sample.get("retrieved_contexts") or []
    for i, context in enumerate(contexts[:CONTEXTS_SHOWN], start=1):
        lines.append(f"{'contexts:' if i == 1 else '':<10s} {i}. {shorten(context, CONTEXT_CHARS)}")
    if len(contexts) > CONTEXTS_SHOWN:
        lines.append(f"{'':<10s} (+{len(contexts) - CONTEXTS_SHOWN} more)")
    if sample.get("reference"):
        lines.append(f"reference: {shorten(sample['reference'], ANSWER_CHARS)}")
    return lines


def parse_answer(text: str) -> float | None | str:
    """1/0/yes/no or a number in [0, 1] -> the label; s/skip -> None; q/quit -> "quit"; else "again"."""
    t = text.strip().lower()
    if t in ("q", "quit"):
        return "quit"
    if t in ("s", "skip"):
        return None
    words = {"y": 1.0, "yes": 1.0, "n": 0.0, "no": 0.0}
    if t in words:
        return words[t]
    try:
        value = float(t)
    except ValueError:
        return "again"
    return value if 0.0 <= value <= 1.0 else "again"


def ask(metric: str, read: Callable[[str], str], write: Callable[[str], None]) -> float | None:
    prompt = f"{metric}: {QUESTIONS.get(metric, 'is it right?')} [{CHOICES}] "
    while True:
        try:
            answer = parse_answer(read(prompt))
        except EOFError:
            raise Quit from None
        if answer == "quit":
            raise Quit
        if answer != "again":
            return answer  # type: ignore[return-value]
        write("  expected 1, 0, a number in [0, 1], s or q")


def label_loop(result: Any, chosen: Sequence[int], labels: LabelsFile, kind: str,
               read: Callable[[str], str], write: Callable[[str], None]) -> tuple[int, int]:
    """Ask for each chosen sample not yet in ``labels``; returns (labelled now, still to label)."""
    todo = [i for i in chosen if sample_key(result.samples[i], kind) not in labels.done]
    write(f"{len(chosen) - len(todo)} of {len(chosen)} samples already labelled in {labels.path}; {len(todo)} to go.")
    if todo:
        write(LEGEND)
    for done, i in enumerate(todo):
        sample = result.samples[i]
        key = sample_key(sample, kind)
        write(f"\n[{len(chosen) - len(todo) + done + 1}/{len(chosen)}] sample {i}" + (f" (id {key})" if kind == "id" else ""))
        for line in show(sample):
            write(line)
        try:
            values = {m: ask(m, read, write) for m in labels.metrics}
        except Quit:
            return done, len(todo) - done
        labels.append(key if kind == "id" else str(sample.get("user_input")), values)
    return len(todo), 0
