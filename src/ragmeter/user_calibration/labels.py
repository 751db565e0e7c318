"""Reading a team's own labels: a CSV or JSONL file (or a list of dicts, or a DataFrame) with one
row per labelled sample, keyed by the run's sample id or by its question, and one column per
metric holding 0/1 or a number in [0, 1]. An empty cell means "not labelled for this metric".

    id,faithfulness,answer_correctness
    0,1,1
    3,0,
    7,1,0.5
"""

from __future__ import annotations

import csv
import json
import math
import numbers
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable, Mapping

from ..data import ALIASES, ID_ALIASES
from ..errors import DatasetError
from ..loaders import text_encoding
from ..metrics import METRICS

QUESTION_KEYS = ALIASES["user_input"]
WORDS = {"true": 1.0, "false": 0.0, "yes": 1.0, "no": 0.0}
EXPECTED = "0, 1, true/false, yes/no or a number in [0, 1]; leave the cell empty if the sample has no label"


@dataclass(frozen=True)
class LabelRow:
    where: str                     # "line 4" of a file, "row 3" of rows given in Python
    key: str                       # the sample id, or the question's text
    values: Mapping[str, float]    # metric -> label, labelled metrics only


@dataclass(frozen=True)
class LabelTable:
    source: str
    key: str                       # "id" or "question"
    key_column: str
    metrics: tuple[str, ...]
    rows: tuple[LabelRow, ...] = field(default_factory=tuple)

    def labels_of(self, metric: str) -> list[tuple[LabelRow, float]]:
        return [(row, row.values[metric]) for row in self.rows if metric in row.values]


def read_labels(source: Any, metrics: Iterable[str] = (), encoding: str | None = None) -> LabelTable:
    """Read labels from a path (.csv, .jsonl, .ndjson, .json), a list of dicts or a DataFrame.
    Columns named after a metric (of ``metrics`` or any ragmeter metric) hold labels; others are ignored."""
    if isinstance(source, LabelTable):
        return source
    if isinstance(source, (str, os.PathLike)):
        name, rows = str(source), _read_file(Path(source), encoding)
    elif type(source).__module__.split(".")[0] == "pandas" and hasattr(source, "to_dict"):
        name, rows = "DataFrame", [(f"row {i}", r) for i, r in enumerate(source.to_dict(orient="records"))]
    elif isinstance(source, (list, tuple)):
        name, rows = "labels", [(f"row {i}", r) for i, r in enumerate(source)]
    else:
        raise DatasetError(f"cannot read labels from a {type(source).__name__}; pass a CSV or JSONL path, a list "
                           "of dicts or a pandas DataFrame.")
    return _table(name, rows, set(metrics) | set(METRICS))


def _read_file(path: Path, encoding: str | None) -> list[tuple[str, dict[str, Any]]]:
    if not path.is_file():
        raise DatasetError(f"{path}: no such labels file. Pass a CSV or JSONL file with an 'id' (or 'question') "
                           "column and one column per metric.")
    suffix = path.suffix.lower()
    codec = text_encoding(encoding)
    try:
        if suffix == ".csv":
            return _read_csv(path, codec)
        if suffix in (".jsonl", ".ndjson"):
            return _read_jsonl(path, codec)
        if suffix == ".json":
            return _read_json(path, codec)
    except UnicodeDecodeError as exc:
        raise DatasetError(f"{path}: is not {codec} text (byte {exc.start}); save it as UTF-8.") from None
    raise DatasetError(f"{path}: unknown labels file type '{suffix}'; use .csv or .jsonl.")


def _read_csv(path: Path, codec: str) -> list[tuple[str, dict[str, Any]]]:
    rows = []
    with path.open(encoding=codec, newline="") as fh:
        reader = csv.DictReader(fh)
        for row in reader:
            if None in row:
                raise DatasetError(f"{path}: line {reader.line_num} has more cells than the header has columns; "
                                   "quote cells that contain commas.")
            rows.append((f"line {reader.line_num}", {k: (None if v == "" else v) for k, v in row.items()}))
    return rows


def _read_jsonl(path: Path, codec: str) -> list[tuple[str, dict[str, Any]]]:
    rows = []
    with path.open(encoding=codec) as fh:
        for lineno, line in enumerate(fh, start=1):
            if not line.strip():
                continue
            try:
                row = json.loads(line)
            except json.JSONDecodeError as exc:
                raise DatasetError(f"{path}: line {lineno} is not valid JSON ({exc.msg}); a JSONL labels file holds "
                                   'one object per line, e.g. {"id": "3", "faithfulness": 1}.') from None
            if not isinstance(row, dict):
                raise DatasetError(f"{path}: line {lineno} is a JSON {type(row).__name__}, expected an object like "
                                   '{"id": "3", "faithfulness": 1}.')
            rows.append((f"line {lineno}", row))
    return rows


def _read_json(path: Path, codec: str) -> list[tuple[str, dict[str, Any]]]:
    try:
        data = json.loads(path.read_text(encoding=codec))
    except json.JSONDecodeError as exc:
        raise DatasetError(f"{path}: not valid JSON ({exc.msg} at line {exc.lineno}); expected a list of objects "
                           'like {"id": "3", "faithfulness": 1}.') from None
    if not isinstance(data, list) or not all(isinstance(r, dict) for r in data):
        raise DatasetError(f"{path}: expected a list of objects like {{\"id\": \"3\", \"faithfulness\": 1}}.")
    return [(f"item {i}", r) for i, r in enumerate(data)]


def _key_column(source: str, columns: list[str]) -> tuple[str, str]:
    for kind, aliases in (("id", ID_ALIASES), ("question", QUESTION_KEYS)):
        for alias in aliases:
            if alias in columns:
                return kind, alias
    raise DatasetError(f"{source}: no column says which sample a label belongs to (columns: {', '.join(columns) or 'none'}). "
                       "Add an 'id' column with the run's sample ids (the 'id' column of its scores.csv) or a "
                       "'question' column with the question's text.")


def _table(source: str, rows: list[tuple[str, Any]], known: set[str]) -> LabelTable:
    if not rows:
        raise DatasetError(f"{source}: holds no labels; expected one row per labelled sample.")
    columns: dict[str, None] = {}
    for where, row in rows:
        if not isinstance(row, Mapping):
            raise DatasetError(f"{source}: {where} is a {type(row).__name__}, expected an object of columns.")
        columns.update(dict.fromkeys(map(str, row)))
    kind, key_column = _key_column(source, list(columns))
    metrics = tuple(c for c in columns if c in known)
    if not metrics:
        raise DatasetError(f"{source}: no column is named after a metric (columns: {', '.join(columns)}). Name each "
                           f"label column after the metric it checks: {', '.join(sorted(known))}.")
    seen: dict[str, str] = {}
    out = []
    for where, row in rows:
        key = _key(source, where, key_column, row.get(key_column), kind)
        if key in seen:
            raise DatasetError(f"{source}: {where} labels {kind} '{key}' again (first at {seen[key]}); keep one row "
                               "per sample.")
        seen[key] = where
        values = {m: v for m in metrics if (v := parse_label(source, where, m, row.get(m))) is not None}
        out.append(LabelRow(where, key, values))
    return LabelTable(source, kind, key_column, metrics, tuple(out))


def _key(source: str, where: str, column: str, value: Any, kind: str) -> str:
    if _missing(value) or (isinstance(value, str) and not value.strip()):
        raise DatasetError(f"{source}: {where}, column '{column}' is empty; every row needs the {kind} of the sample "
                           "it labels.")
    if isinstance(value, float) and value.is_integer():
        value = int(value)  # an id read as 3.0 by pandas is the run's id "3"
    return normalise_key(str(value), kind)


def normalise_key(text: str, kind: str) -> str:
    return " ".join(text.split()) if kind == "question" else text.strip()


def _missing(value: Any) -> bool:
    return value is None or (isinstance(value, float) and math.isnan(value))


def parse_label(source: str, where: str, column: str, value: Any) -> float | None:
    """A label as a float in [0, 1], None for an empty cell; anything else is an error naming the cell."""
    if _missing(value) or (isinstance(value, str) and not value.strip()):
        return None
    if isinstance(value, bool):
        return float(value)
    if isinstance(value, str):
        text = value.strip().lower()
        number = WORDS.get(text)
        if number is None:
            try:
                number = float(text)
            except ValueError:
                number = None
    elif isinstance(value, numbers.Real):
        number = float(value)
    else:
        number = None
    if number is None or not 0.0 <= number <= 1.0:  # also refuses NaN written as text
        shown = repr(value) if len(repr(value)) <= 40 else repr(value)[:37] + "..."
        raise DatasetError(f"{source}: {where}, column '{column}': {shown} is not a label; expected {EXPECTED}.")
    return number
