"""The run store: every finished (sample, metric) result is written durably as it completes,
so a run that is killed, interrupted or stopped by its budget resumes without redoing them.

SQLite in WAL mode, one transaction per finished sample, one writer per folder (run_lock.py).
A resumed run must have the same dataset (hash) and the same identity: the whole description
of its metrics and judge (model, endpoint, embeddings, prompts, sampling settings, weights), less
what may change without changing a score (usage, timeouts, concurrency, budget, cache path);
otherwise it is refused, naming what changed. What the run spent is kept here too, so a budget
holds across ``--resume``. Stored results are checked as they are read: a score out of [0, 1] or
an unknown status is refused, naming the row; a damaged file is reported as such, by name.
Results with status ``error`` are not final: a resumed run tries them again.
"""

from __future__ import annotations

import contextlib
import json
import math
import sqlite3
import struct
import time
from pathlib import Path
from typing import Any, Iterator

from .cache import cache_key, use_wal
from .errors import ConfigError, RagmeterError
from .metrics.base import MetricResult
from .redaction import scrub
from .run_lock import RunLock

STORE_NAME = "run.sqlite"
#: parts of a judge's description that may change between a run and its resumption
VOLATILE = frozenset({"usage", "runner", "structured_output", "cache"})
STATUSES = ("ok", "skipped", "error")
WAL_MAGIC = (0x377F0682, 0x377F0683)


class RunStoreDamaged(RagmeterError):
    """A file of the run store cannot be read as one: named, with what to do."""


def identity(metrics: dict[str, Any], judge: dict[str, Any], settings: dict[str, Any] | None = None) -> dict[str, Any]:
    """What must not change between a run and its resumption (``settings``: the run's own that
    change what the judge reads, such as ``max_cell_chars``)."""
    def stable(value: Any) -> Any:
        if isinstance(value, dict):
            return {str(k): stable(v) for k, v in value.items() if k not in VOLATILE}
        if isinstance(value, (list, tuple)):
            return [stable(v) for v in value]
        return value if value is None or isinstance(value, (str, int, float, bool)) else str(value)

    ident = {"metrics": stable(metrics), "judge": stable(judge)}
    if settings:
        ident["settings"] = stable(settings)
    return ident


def fingerprint(metrics: dict[str, Any], judge: dict[str, Any]) -> str:
    return cache_key(identity(metrics, judge))


def changes(stored: Any, now: Any, path: str = "", limit: int = 3) -> list[str]:
    """The first ``limit`` differences between two identities, as 'judge.embeddings.embedder: a -> b'."""
    if isinstance(stored, dict) and isinstance(now, dict):
        out: list[str] = []
        for key in sorted(set(stored) | set(now), key=str):
            out += changes(stored.get(key, "(none)"), now.get(key, "(none)"), f"{path}.{key}".lstrip("."), limit)
            if len(out) >= limit:
                break
        return out[:limit]
    if json.dumps(stored, sort_keys=True, default=str) == json.dumps(now, sort_keys=True, default=str):
        return []
    return [f"{path or 'settings'}: {_short(stored)} -> {_short(now)}"]


def _short(value: Any) -> str:
    text = json.dumps(value, default=str)
    return text if len(text) <= 60 else text[:57] + "..."


def check_wal(path: Path) -> None:
    """A write-ahead log SQLite would silently ignore (a damaged header) is reported instead."""
    wal = path.with_name(path.name + "-wal")
    try:
        head = wal.read_bytes()[:32] if wal.exists() else b""
    except OSError as exc:
        raise RunStoreDamaged(f"{wal}: cannot be read ({exc.strerror}).") from None
    if len(head) < 32:
        return
    words = struct.unpack(">8I", head)
    if words[0] not in WAL_MAGIC or _wal_checksum(head[:24], big=words[0] & 1) != words[6:8]:
        raise RunStoreDamaged(f"{wal}: not a SQLite write-ahead log (damaged), so the results it holds cannot be "
                              f"trusted. Move {wal.name} and {path.name} away to start the run over, or choose "
                              "another --out folder.")


def _wal_checksum(data: bytes, big: int) -> tuple[int, int]:
    values = struct.unpack((">" if big else "<") + f"{len(data) // 4}I", data)
    s0 = s1 = 0
    for i in range(0, len(values), 2):
        s0 = (s0 + values[i] + s1) & 0xFFFFFFFF
        s1 = (s1 + values[i + 1] + s0) & 0xFFFFFFFF
    return s0, s1


def checked_result(data: Any, where: str) -> MetricResult:
    """A stored result as it was written, or RunStoreDamaged naming ``where``: never clamped."""
    if not isinstance(data, dict):
        raise RunStoreDamaged(f"{where}: not a result object")
    score, status = data.get("score"), data.get("status", "ok")
    if status not in STATUSES:
        raise RunStoreDamaged(f"{where}: unknown status {_short(status)}")
    if status == "ok":
        if isinstance(score, bool) or not isinstance(score, (int, float)) or not math.isfinite(score) \
                or not 0.0 <= score <= 1.0:
            raise RunStoreDamaged(f"{where}: score {_short(score)} is not a number in [0, 1]")
    elif not isinstance(data.get("reason"), str) or not data["reason"]:
        raise RunStoreDamaged(f"{where}: a {status} result without a reason")
    return MetricResult.from_dict(data)


class RunStore:
    def __init__(self, folder: str | Path):
        self.folder = Path(folder)
        self.folder.mkdir(parents=True, exist_ok=True)
        self.path = self.folder / STORE_NAME
        self.lock = RunLock(self.folder).acquire()
        try:
            check_wal(self.path)
            with self._reported():
                self.db = sqlite3.connect(self.path, timeout=60, isolation_level=None, check_same_thread=False)
                use_wal(self.db)
                self.db.execute("PRAGMA synchronous=FULL")
                problem = self.db.execute("PRAGMA quick_check").fetchone()[0]
                if problem != "ok":
                    raise sqlite3.DatabaseError(problem)
                self.db.execute("CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT)")
                self.db.execute("CREATE TABLE IF NOT EXISTS results (sample INTEGER, metric TEXT, value TEXT, "
                                "written REAL, PRIMARY KEY (sample, metric))")
        except BaseException:
            self.lock.release()
            raise

    @contextlib.contextmanager
    def _reported(self) -> Iterator[None]:
        """SQLite's complaints about the file become one error naming it."""
        try:
            yield
        except sqlite3.DatabaseError as exc:
            if "locked" in str(exc) or "busy" in str(exc):
                raise
            raise RunStoreDamaged(f"{self.path}: the run store is damaged ({exc}). Move it away to start the run "
                                  "over, or choose another --out folder.") from None

    def _damaged(self, problem: str) -> RunStoreDamaged:
        return RunStoreDamaged(f"{self.path}: {problem}; the file was changed or damaged. Move it away to start the "
                               "run over, or choose another --out folder.")

    def meta(self) -> dict[str, Any]:
        out = {}
        with self._reported():
            rows = self.db.execute("SELECT key, value FROM meta").fetchall()
        for key, value in rows:
            try:
                out[key] = json.loads(value)
            except (TypeError, ValueError):
                raise self._damaged(f"the stored setting '{key}' is not readable") from None
        return out

    def begin(self, dataset_hash: str, ident: dict[str, Any], n_samples: int, metrics: list[str], resume: bool) -> None:
        meta = self.meta()
        if meta:
            if not resume and not meta.get("complete"):
                raise ConfigError(
                    f"{self.folder} holds an unfinished run ({self.count()} results stored). Continue it with "
                    f"--resume (resume=True), or choose another --out folder.")
            if resume:
                self._check_same_run(meta, dataset_hash, ident, metrics)
            else:  # the previous run there finished: start afresh
                with self._reported():
                    self.db.execute("DELETE FROM results")
                    self.db.execute("DELETE FROM meta")
        self._set(dataset_hash=dataset_hash, fingerprint=cache_key(ident), identity=ident, n_samples=n_samples,
                  metrics=metrics, complete=False, started=meta.get("started", time.time()) if resume else time.time(),
                  spent_usd=float(meta.get("spent_usd") or 0.0) if resume else 0.0)

    def _check_same_run(self, meta: dict[str, Any], dataset_hash: str, ident: dict[str, Any], metrics: list[str]) -> None:
        if meta.get("dataset_hash") != dataset_hash:
            raise ConfigError(f"cannot resume the run in {self.folder}: the data changed (stored dataset "
                              f"{str(meta.get('dataset_hash', '?'))[:19]}…, now {dataset_hash[:19]}…). Use another --out folder.")
        if meta.get("fingerprint") != cache_key(ident):
            stored = meta.get("identity")
            what = "; ".join(changes(stored, ident)) if stored else "stored by an older ragmeter, without its settings"
            raise ConfigError(f"cannot resume the run in {self.folder}: the metrics, judge or settings changed ({what}; "
                              f"stored metrics {meta.get('metrics')}, now {metrics}). Use the same settings "
                              "(--llm, --embeddings, --metrics, --judge), or another --out folder.")

    def _set(self, **values: Any) -> None:
        with self._reported():
            self.db.execute("BEGIN")
            for key, value in values.items():
                self.db.execute("INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)",
                                (key, scrub(json.dumps(value, default=str))))
            self.db.execute("COMMIT")

    def spent(self) -> float:
        """USD spent by the run so far, over all its sessions."""
        value = self.meta().get("spent_usd") or 0.0
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value) or value < 0:
            raise self._damaged(f"the stored spending {value!r} is not an amount of USD")
        return float(value)

    def record_spent(self, total_usd: float) -> None:
        self._set(spent_usd=total_usd)

    def finished(self) -> dict[tuple[int, str], MetricResult]:
        """Stored results that count as done (everything but errors), each checked."""
        n = self.meta().get("n_samples")
        out = {}
        with self._reported():
            rows = self.db.execute("SELECT sample, metric, value FROM results").fetchall()
        for sample, metric, value in rows:
            where = f"the stored result of row {sample}, metric {metric}"
            if not isinstance(sample, int) or sample < 0 or (isinstance(n, int) and sample >= n):
                raise self._damaged(f"{where}: no such sample (the run has {n})")
            try:
                result = checked_result(json.loads(value), where)
            except (TypeError, ValueError):
                raise self._damaged(f"{where}: the stored result is not readable") from None
            except RunStoreDamaged as exc:
                raise self._damaged(str(exc)) from None
            if result.status != "error":
                out[(sample, metric)] = result
        return out

    def write(self, sample: int, results: dict[str, MetricResult]) -> None:
        now = time.time()
        rows = [(sample, m, scrub(json.dumps(r.to_dict(), ensure_ascii=False, default=str)), now)
                for m, r in results.items()]
        with self._reported():
            self.db.execute("BEGIN")
            self.db.executemany("INSERT OR REPLACE INTO results (sample, metric, value, written) VALUES (?, ?, ?, ?)",
                                rows)
            self.db.execute("COMMIT")

    def count(self) -> int:
        with self._reported():
            return self.db.execute("SELECT COUNT(*) FROM results").fetchone()[0]

    def complete(self) -> None:
        self._set(complete=True)

    def close(self) -> None:
        """Close the database and give up the folder (idempotent)."""
        db = getattr(self, "db", None)
        if db is not None:
            db.close()
            self.db = None  # type: ignore[assignment]
        self.lock.release()
