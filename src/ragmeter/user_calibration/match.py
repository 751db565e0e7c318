"""Which sample of a run each labelled row belongs to: by the run's sample id, or by the question
(whitespace-insensitive), with errors that show both sides when nothing lines up."""

from __future__ import annotations

import warnings
from typing import Any

from ..errors import DatasetError, RagmeterWarning
from .labels import LabelTable, normalise_key


def _run_keys(result: Any, kind: str) -> dict[str, list[int]]:
    field = "id" if kind == "id" else "user_input"
    keys: dict[str, list[int]] = {}
    for i, sample in enumerate(result.samples):
        value = sample.get(field)
        if value is not None:
            keys.setdefault(normalise_key(str(value), kind), []).append(i)
    return keys


def _examples(keys: list[str], n: int = 3) -> str:
    shown = ", ".join(repr(k if len(k) <= 40 else k[:37] + "...") for k in keys[:n])
    return shown + (", ..." if len(keys) > n else "")


def match_samples(table: LabelTable, result: Any) -> dict[str, int]:
    """label key -> index of its sample in ``result``. Keys matching no sample are left out with a
    warning; when none matches, or a key matches several samples, it is an error."""
    keys = _run_keys(result, table.key)
    matched: dict[str, int] = {}
    unmatched = []
    for row in table.rows:
        found = keys.get(row.key)
        if not found:
            unmatched.append(row)
            continue
        if len(found) > 1:
            other = "an 'id' column" if table.key == "question" else "unique ids in the run"
            raise DatasetError(f"{table.source}: {row.where}: {table.key} {row.key!r} belongs to {len(found)} samples of "
                               f"the run (rows {', '.join(map(str, found[:5]))}); key the labels by {other}.")
        matched[row.key] = found[0]
    if not matched:
        column = "id" if table.key == "id" else "user_input"
        raise DatasetError(
            f"{table.source}: none of its {len(table.rows)} {table.key}s matches a sample of the run (the labels have "
            f"{_examples([r.key for r in table.rows])}; the run's '{column}' values are {_examples(list(keys))}). "
            f"Key the labels by the run's sample ids (the 'id' column of its scores.csv) or by the question text.")
    if unmatched:
        first = unmatched[0]
        warnings.warn(f"{table.source}: {len(unmatched)} of {len(table.rows)} labelled rows match no sample of the run "
                      f"and are left out (first: {first.where}, {table.key} {first.key!r}).", RagmeterWarning,
                      stacklevel=3)
    return matched
