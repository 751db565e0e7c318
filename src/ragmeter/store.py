"""The run store: every finished (sample, metric) result is written durably as it completes,
so a run that is killed, interrupted or stopped by its budget resumes without redoing them.

SQLite in WAL mode, one transaction per finished sample. A resumed run must have the same
dataset (hash) and the same metrics, judge and settings (fingerprint); otherwise it is refused.
Results with status ``error`` are not final: a resumed run tries them again.
"""

from __future__ import annotations

import json
import sqlite3
import time
from pathlib import Path
from typing import Any

from .cache import cache_key, use_wal
from .errors import ConfigError
from .metrics.base import MetricResult

STORE_NAME = "run.sqlite"


def fingerprint(metrics: dict[str, Any], judge: dict[str, Any]) -> str:
    """What must not change between a run and its resumption: metric settings and judge identity."""
    identity = {k: judge.get(k) for k in ("name", "version", "model", "prompts", "sentence_embedder", "calibration",
                                          "support_threshold", "temperature")}
    return cache_key(metrics, identity)


class RunStore:
    def __init__(self, folder: str | Path):
        self.folder = Path(folder)
        self.folder.mkdir(parents=True, exist_ok=True)
        self.path = self.folder / STORE_NAME
        self.db = sqlite3.connect(self.path, timeout=60, isolation_level=None, check_same_thread=False)
        use_wal(self.db)
        self.db.execute("PRAGMA synchronous=FULL")
        self.db.execute("CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT)")
        self.db.execute("CREATE TABLE IF NOT EXISTS results (sample INTEGER, metric TEXT, value TEXT, written REAL, "
                        "PRIMARY KEY (sample, metric))")

    def meta(self) -> dict[str, Any]:
        return {k: json.loads(v) for k, v in self.db.execute("SELECT key, value FROM meta")}

    def is_complete(self) -> bool:
        return bool(self.meta().get("complete"))

    def begin(self, dataset_hash: str, print_: str, n_samples: int, metrics: list[str], resume: bool) -> None:
        meta = self.meta()
        if meta:
            if not resume and not meta.get("complete"):
                raise ConfigError(
                    f"{self.folder} holds an unfinished run ({self.count()} results stored). Continue it with "
                    f"--resume (resume=True), or choose another --out folder.")
            if resume and meta.get("dataset_hash") != dataset_hash:
                raise ConfigError(f"cannot resume the run in {self.folder}: the data changed (stored dataset "
                                  f"{meta.get('dataset_hash', '?')[:19]}…, now {dataset_hash[:19]}…). Use another --out folder.")
            if resume and meta.get("fingerprint") != print_:
                raise ConfigError(f"cannot resume the run in {self.folder}: the metrics, judge or settings changed "
                                  f"(stored metrics {meta.get('metrics')}, now {metrics}). Use the same settings, "
                                  "or another --out folder.")
            if not resume:  # the previous run there finished: start afresh
                self.db.execute("DELETE FROM results")
                self.db.execute("DELETE FROM meta")
        self._set(dataset_hash=dataset_hash, fingerprint=print_, n_samples=n_samples, metrics=metrics, complete=False,
                  started=meta.get("started", time.time()) if resume else time.time())

    def _set(self, **values: Any) -> None:
        self.db.execute("BEGIN")
        for key, value in values.items():
            self.db.execute("INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)", (key, json.dumps(value)))
        self.db.execute("COMMIT")

    def finished(self) -> dict[tuple[int, str], MetricResult]:
        """Stored results that count as done (everything but errors)."""
        out = {}
        for sample, metric, value in self.db.execute("SELECT sample, metric, value FROM results"):
            result = MetricResult.from_dict(json.loads(value))
            if result.status != "error":
                out[(sample, metric)] = result
        return out

    def write(self, sample: int, results: dict[str, MetricResult]) -> None:
        now = time.time()
        self.db.execute("BEGIN")
        self.db.executemany("INSERT OR REPLACE INTO results (sample, metric, value, written) VALUES (?, ?, ?, ?)",
                            [(sample, m, json.dumps(r.to_dict(), ensure_ascii=False, default=str), now)
                             for m, r in results.items()])
        self.db.execute("COMMIT")

    def count(self) -> int:
        return self.db.execute("SELECT COUNT(*) FROM results").fetchone()[0]

    def complete(self) -> None:
        self._set(complete=True)

    def close(self) -> None:
        self.db.close()
