"""Turn whatever the user passes to evaluate() into an EvaluationDataset.

Accepted: an EvaluationDataset, a list of dicts or Samples, a dict of columns, a pandas
DataFrame, a Hugging Face ``datasets.Dataset``, or a path to a CSV, JSONL, JSON or Parquet file.
"""

from __future__ import annotations

import codecs
import csv
import json
import os
import sys
from pathlib import Path
from typing import Any, Mapping, Sequence

from .data import ALIASES, EvaluationDataset, RowNote, Sample, resolve_columns, sample_from_row
from .errors import ConfigError, DatasetError, MissingExtraError

SUFFIXES = (".csv", ".jsonl", ".ndjson", ".json", ".parquet")


def dataset_from_rows(rows: Sequence[Mapping[str, Any]], source: str = "data") -> EvaluationDataset:
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


def _json_error(path: Path, exc: json.JSONDecodeError, where: str) -> str:
    what = exc.msg.removesuffix(" at")  # json's "Invalid control character at" would read "at at column"
    return f"{path}: {where} is not valid JSON ({what} at column {exc.colno})."


def _too_deep(path: Path, where: str) -> DatasetError:
    return DatasetError(f"{path}: {where} holds JSON nested too deeply to read (more than about "
                        f"{sys.getrecursionlimit()} levels of [ or {{). A row is an object of columns, with the "
                        "contexts as a list of texts.")


def _read_jsonl(path: Path, encoding: str) -> list[dict[str, Any]]:
    rows = []
    with path.open(encoding=encoding) as fh:
        for lineno, line in enumerate(fh, start=1):
            if not line.strip():
                continue
            try:
                row = json.loads(line)
            except json.JSONDecodeError as exc:
                raise DatasetError(_json_error(path, exc, f"line {lineno}") + " A JSONL file needs one JSON object "
                                   "per line.") from None
            except RecursionError:
                raise _too_deep(path, f"line {lineno}") from None
            if not isinstance(row, dict):
                raise DatasetError(f"{path}: line {lineno} is a JSON {type(row).__name__}, expected an object.")
            rows.append(row)
    return rows


def _read_json(path: Path, encoding: str) -> list[dict[str, Any]] | dict[str, Any]:
    try:
        data = json.loads(path.read_text(encoding=encoding))
    except json.JSONDecodeError as exc:
        raise DatasetError(
            f"{path}: not valid JSON ({exc.msg.removesuffix(' at')} at line {exc.lineno}, column {exc.colno}). "
            "Expected a list of objects, an object of columns, one object (one sample), or an object with a "
            "'samples' list."
        ) from None
    except RecursionError:
        raise _too_deep(path, "the file") from None
    if isinstance(data, dict) and isinstance(data.get("samples"), list):
        return data["samples"]
    if isinstance(data, (list, dict)):
        return data
    raise DatasetError(f"{path}: the JSON holds a {type(data).__name__}; expected a list of row objects.")


def _read_csv(path: Path, encoding: str) -> list[dict[str, Any]]:
    csv.field_size_limit(2**31 - 1)
    with path.open(encoding=encoding, newline="") as fh:
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


def text_encoding(encoding: str | None) -> str:
    """The codec to read with: UTF-8 by default, and UTF-8 always skips a byte-order mark
    (Excel's "CSV UTF-8" starts with one)."""
    try:
        name = codecs.lookup(encoding or "utf-8").name
    except LookupError:
        raise ConfigError(f"unknown text encoding '{encoding}'; use a Python codec name such as utf-8, cp1252, "
                          "latin-1 or utf-16.") from None
    return "utf-8-sig" if name == "utf-8" else name


def _not_text(p: Path, encoding: str, given: str | None) -> DatasetError:
    """Where the file stops being text in ``encoding``: byte offset, line, the bytes themselves."""
    raw = p.read_bytes()
    try:
        raw.decode(encoding)
        where = "somewhere"  # pragma: no cover - the decoder failed on this very file a moment ago
    except UnicodeDecodeError as exc:
        line = raw.count(b"\n", 0, exc.start) + 1
        where = f"at byte {exc.start} (line {line}) with 0x{raw[exc.start:exc.end].hex()}"
    if given is None:
        utf16 = raw[:2] in (codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)
        examples = "--encoding utf-16 (it starts with a UTF-16 byte-order mark)" if utf16 else \
            "--encoding cp1252 (Windows and Excel), --encoding latin-1, ..."
        return DatasetError(f"{p}: is not UTF-8 text: decoding fails {where}. If it was saved in another encoding, "
                            f"name it: {examples} (in Python: load_path(path, encoding=...)); or save it as UTF-8.")
    return DatasetError(f"{p}: is not {given} text: decoding fails {where}. Check --encoding.")


def load_path(path: str | os.PathLike[str], encoding: str | None = None) -> EvaluationDataset:
    """Read a CSV, JSONL, JSON or Parquet file; text files are UTF-8 unless ``encoding`` says otherwise."""
    p = Path(path)
    if not p.exists():
        raise DatasetError(f"{p}: no such file. Pass a CSV, JSONL, JSON or Parquet file.")
    if p.is_dir():
        raise DatasetError(f"{p}: is a folder. Pass a CSV, JSONL, JSON or Parquet file.")
    suffix = p.suffix.lower()
    if suffix not in SUFFIXES:
        raise DatasetError(f"{p}: unknown file type '{suffix}'. Use one of {', '.join(SUFFIXES)}.")
    codec = text_encoding(encoding)
    try:
        if suffix in (".jsonl", ".ndjson"):
            rows: Any = _read_jsonl(p, codec)
        elif suffix == ".json":
            rows = _read_json(p, codec)
        elif suffix == ".csv":
            rows = _read_csv(p, codec)
        else:
            return _from_pandas(_read_parquet(p), str(p))
    except UnicodeDecodeError:
        raise _not_text(p, codec, encoding) from None
    if isinstance(rows, dict):
        return _from_mapping(rows, str(p))
    return dataset_from_rows(rows, str(p))


def _from_mapping(data: Mapping[str, Any], source: str) -> EvaluationDataset:
    """An object of columns (every value a list) is many rows; any other object is one sample."""
    if data and all(isinstance(v, (list, tuple)) for v in data.values()):
        return _from_columns(data, source)
    return dataset_from_rows([data], source)


def _read_parquet(p: Path) -> Any:
    import pandas as pd

    try:
        return pd.read_parquet(p)
    except ImportError:
        raise MissingExtraError("pyarrow", "parquet", "Reading Parquet files") from None
    except Exception as exc:  # pyarrow raises its own error types for corrupt files
        raise DatasetError(f"{p}: could not be read as Parquet ({type(exc).__name__}: {exc}).") from None


def load_dataset(data: Any, encoding: str | None = None) -> EvaluationDataset:
    """Normalise any accepted input into an EvaluationDataset (``encoding``: of a text file)."""
    if isinstance(data, EvaluationDataset):
        return data
    if isinstance(data, (str, os.PathLike)):
        return load_path(data, encoding)
    if isinstance(data, Sample):
        return EvaluationDataset([data])
    module = type(data).__module__.split(".")[0]
    if module == "pandas" and hasattr(data, "to_dict"):
        return _from_pandas(data, "DataFrame")
    if module == "datasets" and hasattr(data, "to_list"):
        return dataset_from_rows(data.to_list(), "Dataset")
    if isinstance(data, Mapping):
        return _from_mapping(data, "dict")
    if isinstance(data, (list, tuple)):
        return dataset_from_rows(list(data), "list")
    raise DatasetError(
        f"Cannot evaluate a {type(data).__name__}. Pass a list of dicts, a pandas DataFrame, "
        "a datasets.Dataset, an EvaluationDataset, or a path to a CSV/JSONL/JSON/Parquet file."
    )
