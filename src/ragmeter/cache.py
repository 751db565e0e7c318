"""A SQLite cache of judge answers, shared by runs and by processes.

Content-addressed: the key hashes the model id, the prompt version, the sampling settings
and the exact request, so a changed prompt or model never reuses a stale answer, and an
identical request never pays twice. WAL mode and a busy timeout let several processes read
and write the same file at once. No secret is part of a key or a value: values are scrubbed of
API keys as they are written (redaction.py).
"""

from __future__ import annotations

import hashlib
import json
import os
import sqlite3
import threading
import time
from pathlib import Path
from typing import Any

from .errors import ConfigError
from .redaction import scrub


def default_cache_path() -> Path:
    root = os.environ.get("RAGMETER_CACHE_DIR")
    if root:
        return Path(root) / "cache.sqlite"
    base = os.environ.get("XDG_CACHE_HOME") or (Path.home() / ".cache")
    return Path(base) / "ragmeter" / "cache.sqlite"


def cache_key(*parts: Any) -> str:
    blob = json.dumps(parts, sort_keys=True, ensure_ascii=False, separators=(",", ":"), default=str)
    return hashlib.sha256(blob.encode("utf-8")).hexdigest()


def use_wal(db: sqlite3.Connection, attempts: int = 100) -> None:
    """Switch the file to WAL (it stays so). The switch needs the file to itself and SQLite may
    refuse it at once, without waiting, while another process is creating or switching the
    same file ("database is locked"): retry with a short back-off until one of them has done it."""
    for attempt in range(attempts):
        try:
            if db.execute("PRAGMA journal_mode").fetchone()[0].lower() == "wal":
                return
            db.execute("PRAGMA journal_mode=WAL")
            return
        except sqlite3.OperationalError as exc:
            if "locked" not in str(exc) or attempt == attempts - 1:
                raise
            time.sleep(min(0.5, 0.01 * (attempt + 1)))


class Cache:
    def __init__(self, path: str | Path | None = None):
        self.path = Path(path) if path is not None else default_cache_path()
        self._local = threading.local()
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            with self._connect() as db:
                db.execute("CREATE TABLE IF NOT EXISTS answers (key TEXT PRIMARY KEY, model TEXT, prompt TEXT, "
                           "value TEXT NOT NULL, created REAL NOT NULL)")
        except (sqlite3.DatabaseError, OSError) as exc:  # not SQLite, or a path that cannot hold a file
            self.close()
            if "locked" in str(exc):  # busy for a minute: another process, not a wrong path
                raise
            raise ConfigError(f"{self.path}: cannot be used as ragmeter's answer cache ({exc}). Point --cache "
                              "(cache=) at another file, or at a new path.") from None

    def _connect(self) -> sqlite3.Connection:
        db = getattr(self._local, "db", None)
        if db is None:
            db = sqlite3.connect(self.path, timeout=60, isolation_level=None, check_same_thread=False)
            db.execute("PRAGMA busy_timeout=60000")
            use_wal(db)
            db.execute("PRAGMA synchronous=NORMAL")
            self._local.db = db
        return db

    def get(self, key: str) -> dict[str, Any] | None:
        row = self._connect().execute("SELECT value FROM answers WHERE key = ?", (key,)).fetchone()
        return json.loads(row[0]) if row else None

    def put(self, key: str, value: dict[str, Any], model: str = "", prompt: str = "") -> None:
        self._connect().execute("INSERT OR REPLACE INTO answers (key, model, prompt, value, created) VALUES (?, ?, ?, ?, ?)",
                                (key, model, prompt, scrub(json.dumps(value, ensure_ascii=False)), time.time()))

    def info(self) -> dict[str, Any]:
        db = self._connect()
        total = db.execute("SELECT COUNT(*) FROM answers").fetchone()[0]
        by_model = dict(db.execute("SELECT model, COUNT(*) FROM answers GROUP BY model").fetchall())
        size = sum(p.stat().st_size for p in self.path.parent.glob(self.path.name + "*") if p.exists())
        return {"path": str(self.path), "entries": total, "bytes": size, "by_model": by_model}

    def clear(self) -> int:
        db = self._connect()
        n = db.execute("SELECT COUNT(*) FROM answers").fetchone()[0]
        db.execute("DELETE FROM answers")
        db.execute("VACUUM")
        return n

    def close(self) -> None:
        db = getattr(self._local, "db", None)
        if db is not None:
            db.close()
            self._local.db = None
