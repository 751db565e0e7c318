"""A cap on the characters of each text a judge reads: huge cells are cut for scoring, with a warning.

A RAG answer or context of several megabytes is almost always a mistake upstream (a whole
document pasted into a cell, a pipeline that looped); it is also far beyond what a judge can
use: the offline judges' models read 256 tokens per window (about 1,000 characters), and an
LLM's context window is finite and paid by the token. Read whole, a 10 MB answer cost the
offline judge minutes and gigabytes. So each text field of a sample (the question, the answer,
each retrieved or reference context, the reference) longer than ``max_cell_chars`` is cut, at a
sentence end or a space where one is near, before any judge sees it. The sample is still scored,
on the cut text; the Result keeps the text as given, a warning on the sample names the row, the
field, its size and the cap, and one summary per run says how many were cut and how to raise the
cap (``evaluate(..., max_cell_chars=N)``, ``--max-cell-chars N``; ``None``/``0`` reads whole cells).
"""

from __future__ import annotations

import dataclasses
import numbers
import re
from typing import Any

from .data import EvaluationDataset, Sample
from .errors import ConfigError

#: characters of one text field a judge reads, by default: some 20 times a long RAG answer or chunk
DEFAULT_MAX_CELL_CHARS = 20_000
TEXT_FIELDS = ("user_input", "response", "reference")
LIST_FIELDS = ("retrieved_contexts", "reference_contexts")
#: how far back from the cap a cut looks for a sentence end or a space (at most a fifth of the cap)
LOOK_BACK = 2_000
_SENTENCE_END = re.compile(r"[.!?\u3002\uff01\uff1f][\"'\u201d\u2019)\]]*\s")
_RAISE = "raise the cap with evaluate(..., max_cell_chars=N) or --max-cell-chars N (None or 0: no cap)"


def check_max_cell_chars(value: Any) -> int | None:
    """``value`` as a cap: a whole number of at least 1, or None (0 too) for no cap."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, numbers.Integral) or value < 0:
        raise ConfigError(f"max_cell_chars must be a whole number of characters of at least 1, or None (or 0) to read "
                          f"whole cells; got {value!r}.")
    return int(value) or None


def cut(text: str, limit: int) -> str:
    """``text`` cut to at most ``limit`` characters: after the last sentence end near the cap,
    else at the last space near it, else at the cap itself."""
    if len(text) <= limit:
        return text
    head = text[:limit + 1]  # one more: a sentence end or space just past the cap counts
    floor = max(0, limit - min(LOOK_BACK, limit // 5))
    last = None
    for match in _SENTENCE_END.finditer(head, floor):
        last = match
    if last is not None:
        return head[:last.end()].rstrip()
    space = max(head.rfind(" ", floor), head.rfind("\n", floor))
    if space > floor:
        return head[:space].rstrip()
    return text[:limit]


def _size(n: int) -> str:
    return f"{n:,} characters"


def cap_sample(sample: Sample, limit: int | None, row: int) -> tuple[Sample, list[str]]:
    """The sample as the judge reads it, and one warning per field cut (none: the same sample)."""
    if limit is None:
        return sample, []
    changes: dict[str, Any] = {}
    notes: list[str] = []
    where = f"row {row}" + (f" (id {sample.id})" if sample.id is not None and sample.id != str(row) else "")
    for name in TEXT_FIELDS:
        value = getattr(sample, name)
        if value is not None and len(value) > limit:
            changes[name] = cut(value, limit)
            notes.append(f"{where}: '{name}' has {_size(len(value))}, over the cap of {limit:,}; it was scored on its "
                         f"first {_size(len(changes[name]))} ({_RAISE}).")
    for name in LIST_FIELDS:
        items = getattr(sample, name)
        if items is None or not any(len(t) > limit for t in items):
            continue
        kept = []
        for i, text in enumerate(items):
            if len(text) > limit:
                kept.append(cut(text, limit))
                notes.append(f"{where}: '{name}' item {i} has {_size(len(text))}, over the cap of {limit:,}; it was "
                             f"scored on its first {_size(len(kept[-1]))} ({_RAISE}).")
            else:
                kept.append(text)
        changes[name] = tuple(kept)
    return (dataclasses.replace(sample, **changes), notes) if changes else (sample, [])


def cap_dataset(data: EvaluationDataset, limit: int | None) -> tuple[EvaluationDataset, dict[int, list[str]]]:
    """The dataset as the judge reads it (the same one when nothing is over the cap) and the
    warnings of each sample that was cut, by row."""
    if limit is None:
        return data, {}
    samples: list[Sample] = []
    cut_rows: dict[int, list[str]] = {}
    for row, sample in enumerate(data.samples):
        capped, notes = cap_sample(sample, limit, row)
        samples.append(capped)
        if notes:
            cut_rows[row] = notes
    if not cut_rows:
        return data, {}
    return EvaluationDataset(samples, fields=data.fields, notes=data.notes), cut_rows


def summary(cut_rows: dict[int, list[str]], limit: int | None) -> str:
    """One line for the whole run: how many cells were cut, the first rows, how to raise the cap
    ("" when none was)."""
    if not cut_rows or limit is None:
        return ""
    cells = sum(len(notes) for notes in cut_rows.values())
    rows = sorted(cut_rows)
    shown = ", ".join(map(str, rows[:5])) + (f" and {len(rows) - 5} more" if len(rows) > 5 else "")
    return (f"{cells} cell(s) longer than max_cell_chars={limit:,} characters in row(s) {shown} were cut for scoring "
            f"(the judge reads their first {limit:,} characters; the result keeps them whole, and each sample's "
            f"'warnings' say which field and how long); {_RAISE}.")
