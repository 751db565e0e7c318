"""Turn whatever the user passes to evaluate() into an EvaluationDataset.

Accepted: an EvaluationDataset, a list of dicts or Samples, a dict of columns, a pandas
DataFrame, a Hugging Face ``datasets.Dataset``, or a path to a CSV, JSONL, JSON or Parquet file.
"""

from __future__ import annotations

import csv
import json
import os
from pathlib import Path
from typing import Any, Mapping

from .data import ALIASES, EvaluationDataset, RowNote, Sample, resolve_columns, sample_from_row
from .errors import DatasetError, MissingExtraError

SUFFIXES = (".csv", ".jsonl", ".ndjson", ".json", ".parquet")


def dataset_from_rows(rows: list[Mapping[str, Any]], source: str = "data") -> EvaluationDataset:
    columns: dict[str, None] = {}
    for i, row in enumerate(rows):
        if isinstance(row, Sample):
            return EvaluationDataset(rows)
        if not isinstance(row, Mapping):
            raise DatasetError(
                f"{source}: row {i} is a {type(row).__name__}, expected a dict of columns "
                f"(for example {{'question': ..., 'answer': ..., 'contexts': [...]}})."
            )
        columns.update(dict.fromkeys(row.keys()))
    mapping = resolve_columns(columns)
    if rows and not mapping:
        known = ", ".join(sorted({a for v in ALIASES.values() for a in v}))
        raise DatasetError(
            f"{source}: none of the columns {sorted(map(str, columns))[:10]} is one ragmeter knows. "
            f"Rename them to one of: {known}."
        )
    notes: list[RowNote] = []
    samples = [sample_from_row(row, i, mapping, notes) for i, row in enumerate(rows)]
    return EvaluationDataset(samples, fields=mapping.keys(), notes=notes)


def _from_columns(columns: Mapping[str, Any], source: str) -> EvaluationDataset:
    lengths = {k: len(v) for k, v in columns.items()}
    if len(set(lengths.values())) > 1:
        raise DatasetError(f"{source}: columns have different lengths {lengths}; every column needs one value per row.")
    n = next(iter(lengths.values()), 0)
    keys = list(columns)
    rows = [{k: columns[k][i] for k in keys} for i in range(n)]
    return dataset_from_rows(rows, source)


def _from_pandas(df: Any, source: str) -> EvaluationDataset:
    rows = df.to_dict(orient="records")
    if not rows:
        return dataset_from_rows([], source)
    return dataset_from_rows(rows, source)


def _read_jsonl(path: Path) -> list[dict[str, Any]]:
    rows = []
    with path.open(encoding="utf-8") as fh:
        for lineno, line in enumerate(fh, start=1):
            if not line.strip():
                continue
            try:
                row = json.loads(line)
            except json.JSONDecodeError as exc:
                raise DatasetError(
                    f"{path}: line {lineno} is not valid JSON ({exc.msg} at column {exc.colno}). "
                    "A JSONL file needs one JSON object per line."
                ) from None
            if not isinstance(row, dict):
                raise DatasetError(f"{path}: line {lineno} is a JSON {type(row).__name__}, expected an object.")
            rows.append(row)
    return rows


def _read_json(path: Path) -> list[dict[str, Any]] | dict[str, Any]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except json.JSONDecodeError as exc:
        raise DatasetError(
            f"{path}: not valid JSON ({exc.msg} at line {exc.lineno}, column {exc.colno}). "
            "Expected a list of objects, an object of columns, or an object with a 'samples' list."
        ) from None
    if isinstance(data, dict) and isinstance(data.get("samples"), list):
        return data["samples"]
    if isinstance(data, (list, dict)):
        return data
    raise DatasetError(f"{path}: the JSON holds a {type(data).__name__}; expected a list of row objects.")


def _read_csv(path: Path) -> list[dict[str, Any]]:
    csv.field_size_limit(2**31 - 1)
    with path.open(encoding="utf-8", newline="") as fh:
        reader = csv.DictReader(fh)
        if reader.fieldnames is None:
            return []
        rows = []
        for row in reader:
            if None in row:
                raise DatasetError(
                    f"{path}: line {reader.line_num} has more cells than the header has columns; "
                    "quote cells that contain commas."
                )
            rows.append({k: (None if v == "" else v) for k, v in row.items()})
        return rows


def load_path(path: str | os.PathLike[str]) -> EvaluationDataset:
    p = Path(path)
    if not p.exists():
        raise DatasetError(f"{p}: no such file. Pass a CSV, JSONL, JSON or Parquet file.")
    if p.is_dir():
        raise DatasetError(f"{p}: is a folder. Pass a CSV, JSONL, JSON or Parquet file.")
    suffix = p.suffix.lower()
    if suffix not in SUFFIXES:
        raise DatasetError(f"{p}: unknown file type '{suffix}'. Use one of {', '.join(SUFFIXES)}.")
    try:
        if suffix in (".jsonl", ".ndjson"):
            rows: Any = _read_jsonl(p)
        elif suffix == ".json":
            rows = _read_json(p)
        elif suffix == ".csv":
            rows = _read_csv(p)
        else:
            return _from_pandas(_read_parquet(p), str(p))
    except UnicodeDecodeError:
        raise DatasetError(f"{p}: is not UTF-8 text; is it really a {suffix} file?") from None
    if isinstance(rows, dict):
        return _from_columns(rows, str(p))
    return dataset_from_rows(rows, str(p))


def _read_parquet(p: Path) -> Any:
    import pandas as pd

    try:
        return pd.read_parquet(p)
    except ImportError:
        raise MissingExtraError("pyarrow", "parquet", "Reading Parquet files") from None
    except Exception as exc:  # pyarrow raises its own error types for corrupt files
        raise DatasetError(f"{p}: could not be read as Parquet ({type(exc).__name__}: {exc}).") from None


def load_dataset(data: Any) -> EvaluationDataset:
    """Normalise any accepted input into an EvaluationDataset."""
    if isinstance(data, EvaluationDataset):
        return data
    if isinstance(data, (str, os.PathLike)):
        return load_path(data)
    if isinstance(data, Sample):
        return EvaluationDataset([data])
    module = type(data).__module__.split(".")[0]
    if module == "pandas" and hasattr(data, "to_dict"):
        return _from_pandas(data, "DataFrame")
    if module == "datasets" and hasattr(data, "to_list"):
        return dataset_from_rows(data.to_list(), "Dataset")
    if isinstance(data, Mapping):
        if data and all(isinstance(v, (list, tuple)) for v in data.values()):
            return _from_columns(data, "dict of columns")
        return dataset_from_rows([data], "dict")
    if isinstance(data, (list, tuple)):
        return dataset_from_rows(list(data), "list")
    raise DatasetError(
        f"Cannot evaluate a {type(data).__name__}. Pass a list of dicts, a pandas DataFrame, "
        "a datasets.Dataset, an EvaluationDataset, or a path to a CSV/JSONL/JSON/Parquet file."
    )
