"""Samples: one row of evaluation data, validated once, with every RAGAS column name accepted.

A row may use any generation of RAGAS names (``question/answer/contexts/ground_truth`` of
0.0.x and 0.1, or ``user_input/response/retrieved_contexts/reference`` of 0.2+). Cells that
are malformed but unambiguous are repaired with a warning; cells that cannot be repaired are
recorded as a problem of that sample, so the metrics that need the field are skipped with a
reason while the rest of the run goes on.
"""

from __future__ import annotations

import ast
import json
import math
import numbers
from dataclasses import dataclass, field
from typing import Any, Iterable, Mapping

FIELDS = ("user_input", "response", "retrieved_contexts", "reference", "reference_contexts")

ALIASES: dict[str, tuple[str, ...]] = {
    "user_input": ("user_input", "question", "query", "input"),
    "response": ("response", "answer", "output", "generated_answer"),
    "retrieved_contexts": ("retrieved_contexts", "contexts", "context", "retrieved_context"),
    "reference": ("reference", "ground_truth", "ground_truths", "reference_answer", "expected_output"),
    "reference_contexts": ("reference_contexts",),
}
ID_ALIASES = ("id", "sample_id", "qid")
LIST_FIELDS = {"retrieved_contexts", "reference_contexts"}


@dataclass(frozen=True)
class Sample:
    """One question answered by a RAG pipeline.

    ``problems`` maps a field name to why its cell could not be used; metrics that need that
    field are skipped for this sample with that reason.
    """

    user_input: str | None = None
    response: str | None = None
    retrieved_contexts: tuple[str, ...] | None = None
    reference: str | None = None
    reference_contexts: tuple[str, ...] | None = None
    id: str | None = None
    problems: Mapping[str, str] = field(default_factory=dict)
    #: why the whole sample could not be produced (a pipeline that raised): every metric errors
    error: str | None = None
    #: extra facts about the sample (pipeline latency, ...), kept in the Result
    metadata: Mapping[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "id": self.id,
            "user_input": self.user_input,
            "response": self.response,
            "retrieved_contexts": list(self.retrieved_contexts) if self.retrieved_contexts is not None else None,
            "reference": self.reference,
            "reference_contexts": list(self.reference_contexts) if self.reference_contexts is not None else None,
        }
        if self.error:
            out["error"] = self.error
        if self.metadata:
            out["metadata"] = dict(self.metadata)
        return out


@dataclass
class RowNote:
    """A repair or problem found in one cell, for the warning summary."""

    row: int
    field: str
    message: str
    repaired: bool


def _is_missing(value: Any) -> bool:
    if value is None:
        return True
    if isinstance(value, float) and math.isnan(value):
        return True
    try:  # pandas.NA, numpy.nan and friends
        import pandas as pd

        return value is pd.NA or value is pd.NaT
    except ImportError:  # pragma: no cover - pandas is a core dependency
        return False


def _describe(value: Any) -> str:
    try:
        text = repr(value)
    except RecursionError:
        return f"a {type(value).__name__} nested too deeply to show"
    return text if len(text) <= 60 else text[:57] + "..."


def _not_unicode(text: str, label: str) -> str | None:
    """Why ``text`` is not valid Unicode (a lone UTF-16 surrogate, as JSON's "\\ud800" gives), or None."""
    if text.isascii():
        return None
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as exc:
        return (f"{label} is not valid Unicode text (a lone surrogate {text[exc.start]!r} at character {exc.start}, "
                "half of a UTF-16 pair; expected text: fix or remove it in the source)")
    return None


def _coerce_text(value: Any, name: str, row: int, notes: list[RowNote]) -> tuple[str | None, str | None]:
    """Return (text, problem). Numbers become text with a note; lists of one string unwrap."""
    if _is_missing(value):
        return None, f"'{name}' is empty (None/NaN)"
    if isinstance(value, str):
        problem = _not_unicode(value, f"'{name}'")
        return (None, problem) if problem else (value, None)
    if isinstance(value, bool):
        return None, f"'{name}' is a boolean ({value}), expected text"
    if isinstance(value, numbers.Number):
        notes.append(RowNote(row, name, f"number {_describe(value)} converted to text", True))
        return str(value), None
    if isinstance(value, (list, tuple)) or _is_array(value):
        items = list(value)
        if all(isinstance(v, str) for v in items) and items:
            problem = next(filter(None, (_not_unicode(v, f"'{name}' item {i}") for i, v in enumerate(items))), None)
            if problem:
                return None, problem
            if len(items) > 1:
                notes.append(RowNote(row, name, f"list of {len(items)} texts joined with newlines", True))
            return "\n".join(items), None
        return None, f"'{name}' is a list {_describe(value)}, expected text"
    return None, f"'{name}' is a {type(value).__name__} ({_describe(value)}), expected text"


def _is_array(value: Any) -> bool:
    return type(value).__name__ == "ndarray" or hasattr(value, "tolist") and not isinstance(value, (str, bytes))


def _parse_list_string(text: str) -> list[Any] | None:
    stripped = text.strip()
    if not (stripped.startswith("[") and stripped.endswith("]")):
        return None
    for parse in (json.loads, ast.literal_eval):
        try:
            parsed = parse(stripped)
        except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
            continue
        if isinstance(parsed, list):
            return parsed
    return None


def _coerce_contexts(value: Any, name: str, row: int, notes: list[RowNote]) -> tuple[tuple[str, ...] | None, str | None]:
    """Return (contexts, problem) for a list-of-texts field."""
    if _is_missing(value):
        return None, f"'{name}' is empty (None/NaN), expected a list of texts"
    if isinstance(value, str):
        parsed = _parse_list_string(value)
        if parsed is not None:
            value = parsed
        else:
            problem = _not_unicode(value, f"'{name}'")
            if problem:
                return None, problem
            notes.append(RowNote(row, name, "a single text was given; treated as a list of one context", True))
            return (value,), None
    if _is_array(value) and not isinstance(value, (list, tuple)):
        value = value.tolist()
    if not isinstance(value, (list, tuple)):
        return None, f"'{name}' is a {type(value).__name__} ({_describe(value)}), expected a list of texts"
    out: list[str] = []
    for i, item in enumerate(value):
        if isinstance(item, str):
            problem = _not_unicode(item, f"'{name}' item {i}")
            if problem:
                return None, problem
            out.append(item)
        elif _is_missing(item):
            notes.append(RowNote(row, name, f"item {i} is empty (None/NaN) and was dropped", True))
        elif isinstance(item, numbers.Number) and not isinstance(item, bool):
            notes.append(RowNote(row, name, f"item {i} is a number, converted to text", True))
            out.append(str(item))
        else:
            return None, f"'{name}' item {i} is a {type(item).__name__} ({_describe(item)}), expected text"
    return tuple(out), None


def resolve_columns(columns: Iterable[str]) -> dict[str, str]:
    """Map each canonical field to the first column that provides it."""
    present = list(columns)
    lowered = {c.lower(): c for c in present if isinstance(c, str)}
    mapping: dict[str, str] = {}
    for canonical, aliases in ALIASES.items():
        for alias in aliases:
            if alias in lowered:
                mapping[canonical] = lowered[alias]
                break
    return mapping


def _column_of(row: Mapping[str, Any], canonical: str, preferred: str | None) -> str | None:
    """The row's column for a field: the dataset's choice, else another accepted name this row
    uses (rows may mix ``question`` and ``user_input``). No choice means no row has the field."""
    if preferred is None or preferred in row:
        return preferred
    return resolve_columns(row.keys()).get(canonical)


def _sample_id(row: Mapping[str, Any], index: int, notes: list[RowNote]) -> str | None:
    for alias in ID_ALIASES:
        if alias in row and not _is_missing(row[alias]):
            value = row[alias]
            try:
                text = str(value)
            except RecursionError:  # a list nested thousands deep
                notes.append(RowNote(index, alias, "nested too deeply to use as an id; the row number is used", True))
                return str(index)
            if _not_unicode(text, f"'{alias}'"):
                notes.append(RowNote(index, alias, "not valid Unicode text; written with \\u escapes", True))
                text = text.encode("utf-8", "backslashreplace").decode("utf-8")
            return text
    return None


def sample_from_row(row: Mapping[str, Any], index: int, mapping: dict[str, str], notes: list[RowNote]) -> Sample:
    """Build a Sample from one row, given the column mapping of the whole dataset."""
    values: dict[str, Any] = {}
    problems: dict[str, str] = {}
    value: Any
    for canonical in FIELDS:
        column = _column_of(row, canonical, mapping.get(canonical))
        if column is None:
            continue
        raw = row[column]
        if canonical in LIST_FIELDS:
            value, problem = _coerce_contexts(raw, column, index, notes)
        else:
            value, problem = _coerce_text(raw, column, index, notes)
        if problem:
            problems[canonical] = problem
            notes.append(RowNote(index, column, problem, False))
        else:
            values[canonical] = value
    sample_id = _sample_id(row, index, notes)
    return Sample(id=sample_id if sample_id is not None else str(index), problems=problems, **values)


def as_sample(obj: Any, index: int = 0) -> Sample:
    """Accept a Sample, or a mapping with any accepted column names."""
    if isinstance(obj, Sample):
        return obj
    if isinstance(obj, Mapping):
        notes: list[RowNote] = []
        return sample_from_row(obj, index, resolve_columns(obj.keys()), notes)
    raise TypeError(f"row {index}: expected a Sample or a dict, got {type(obj).__name__}")


class EvaluationDataset:
    """An ordered collection of Samples, with the fields the source provides and its load notes."""

    def __init__(
        self,
        samples: Iterable[Sample | Mapping[str, Any]],
        fields: Iterable[str] | None = None,
        notes: list[RowNote] | None = None,
    ):
        self.samples: list[Sample] = [as_sample(s, i) for i, s in enumerate(samples)]
        self.notes: list[RowNote] = list(notes or [])
        if fields is None:
            fields = [
                f for f in FIELDS
                if any(getattr(s, f) is not None or f in s.problems for s in self.samples)
            ]
        self.fields: frozenset[str] = frozenset(fields)

    @classmethod
    def from_list(cls, rows: list[Mapping[str, Any]]) -> "EvaluationDataset":
        from .loaders import dataset_from_rows

        return dataset_from_rows(rows)

    def __len__(self) -> int:
        return len(self.samples)

    def __iter__(self):
        return iter(self.samples)

    def __getitem__(self, i: int) -> Sample:
        return self.samples[i]

    def to_list(self) -> list[dict[str, Any]]:
        return [s.to_dict() for s in self.samples]

    def to_pandas(self):
        import pandas as pd

        return pd.DataFrame(self.to_list())
