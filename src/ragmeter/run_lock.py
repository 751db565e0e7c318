"""One writer per run folder: an exclusive lock on ``DIR/run.lock``, taken before the run store
is read and held until the run's files are written. A second process (or a second run in the
same process) that opens the folder meanwhile gets a clear error at once, instead of both being
let in. The operating system releases the lock when the holder exits, even by ``kill -9``."""

from __future__ import annotations

import os
import time
from pathlib import Path

from .errors import ConfigError

LOCK_NAME = "run.lock"

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]
    import msvcrt


class RunFolderBusy(ConfigError):
    """Another run holds the folder."""


class RunLock:
    def __init__(self, folder: str | Path):
        self.path = Path(folder) / LOCK_NAME
        self._fd: int | None = None

    def acquire(self) -> "RunLock":
        fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
        try:
            _lock(fd)
        except OSError:
            holder = _read_holder(fd)
            os.close(fd)
            raise RunFolderBusy(f"{self.path.parent} is in use by another ragmeter run ({holder}): one run writes "
                                "to a folder at a time. Wait for it to finish, or choose another --out folder.") from None
        os.ftruncate(fd, 0)
        os.write(fd, f"pid {os.getpid()}\n".encode())
        self._fd = fd
        return self

    def release(self) -> None:
        if self._fd is not None:
            fd, self._fd = self._fd, None
            try:
                os.ftruncate(fd, 0)
            finally:
                os.close(fd)  # closing the descriptor releases the lock

    @property
    def held(self) -> bool:
        return self._fd is not None


def _lock(fd: int) -> None:
    if fcntl is not None:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)  # per open file: also excludes a second run in this process
    else:  # pragma: no cover
        msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)


def _read_holder(fd: int, tries: int = 10, wait_s: float = 0.02) -> str:
    """The holder's "pid N". A holder writes it just after taking the lock, so an empty file
    is read again for a moment before the holder is called unknown."""
    text = ""
    for _ in range(tries):
        try:
            text = os.pread(fd, 64, 0).decode("ascii", errors="replace").strip()
        except (OSError, AttributeError):
            break
        if text:
            break
        time.sleep(wait_s)
    return text or "process unknown"
