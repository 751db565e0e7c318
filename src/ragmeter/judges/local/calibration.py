"""Logistic calibration of feature vectors into probabilities, with weights from a JSON file.

The weights are fitted by ``benchmarks/calibrate.py`` on the development sets only (WiCE dev,
Factcheck-GPT, SQuAD 2.0); WikiEval is never used. The file records what it was fitted on.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Sequence

import numpy as np

from ...errors import ConfigError

CALIBRATION_FILE = Path(__file__).parent / "calibration.json"


@dataclass(frozen=True)
class LogisticModel:
    features: tuple[str, ...]
    mean: np.ndarray
    scale: np.ndarray
    coef: np.ndarray
    intercept: float

    def predict(self, rows: Sequence[Sequence[float]]) -> np.ndarray:
        x = np.asarray(rows, dtype=np.float64).reshape(-1, len(self.features))
        # a row's sum of its own products (not a matrix product, whose routine and so whose last
        # bits vary with the number of rows): a sample scores the same whatever is scored beside it
        z = (((x - self.mean) / self.scale) * self.coef).sum(axis=1) + self.intercept
        return 1.0 / (1.0 + np.exp(-np.clip(z, -30, 30)))

    def to_dict(self) -> dict:
        return {"features": list(self.features), "mean": self.mean.tolist(), "scale": self.scale.tolist(),
                "coef": self.coef.tolist(), "intercept": float(self.intercept)}

    @classmethod
    def from_dict(cls, d: dict) -> "LogisticModel":
        return cls(tuple(d["features"]), np.asarray(d["mean"]), np.asarray(d["scale"]),
                   np.asarray(d["coef"]), float(d["intercept"]))


def load_calibration(path: Path = CALIBRATION_FILE) -> tuple[dict[str, LogisticModel], dict]:
    """The models and their metadata, with the file's SHA-256 (first 12 hex digits) so that
    every score's provenance names the exact weights that made it."""
    raw = path.read_bytes()
    data = json.loads(raw.decode("utf-8"))
    models = {name: LogisticModel.from_dict(d) for name, d in data["models"].items()}
    return models, {**data.get("meta", {}), "sha256": hashlib.sha256(raw).hexdigest()[:12]}


def checked_model(models: dict[str, LogisticModel], name: str, columns: Sequence[str], path: Path) -> LogisticModel:
    """The model `name` of a calibration file, if it reads the columns the judge computes: a file
    fitted for another judge version fails here, with what to do, rather than scoring wrongly."""
    found = models.get(name)
    if found is None or found.features != tuple(columns):
        what = f"reads the columns {list(found.features)}" if found else "is missing"
        raise ConfigError(f"calibration file {path}: the model '{name}' {what}, but this judge computes "
                          f"{list(columns)}. Refit the file with benchmarks/calibrate.py, or leave out "
                          "calibration= to use the shipped one.")
    return found
