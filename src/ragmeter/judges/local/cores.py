"""How the local judge shares the machine's cores.

**One BLAS thread.** The judge's numpy products are small (a claim's vector against a few
hundred premise windows); OpenBLAS would split them over every core, and its threads wait for
each other by spinning, so they slow down whatever else runs: with a model call on one core, the
contradiction checks on the other took twice as long. While any batch of a local judge runs,
BLAS runs one thread (threadpoolctl, which the ``local`` extra installs; without it, nothing is
limited). The setting is the process's: the first batch in sets it, the last out puts back
what was there.

**Model calls started ahead.** When the asker sends a flush of batches (one per primitive), it
tells the judge what each batch holds before any of them runs (Judge.prefetch). The local judge
then starts, on a thread of its own, the model calls whose inputs it can name at once: the
answer embedder's vectors of each question, answer and what the answer adds, and the
answer-relevance model's logit of each (question, answer). onnxruntime lets go of the GIL while
it computes, and these calls run one at a time, on one core: the other is left to the batches
before them, whose contradiction checks are plain Python on one thread. The inputs go in calls
of ``chunk`` (256); the batch that needs them takes what is done, waits for the call that runs,
and cancels those still queued, computing their inputs itself with every core rather than wait
for one core to reach them.

Calls started ahead change no score: a text's vectors and a pair's logit do not depend on what
is computed beside them (models/onnx_embedder.py), and a result is used only for the very input
it was computed for (tests/test_cores.py compares scores with and without, to 1e-6). One BLAS
thread sums some products in another order than two: scores moved by at most 2e-7 on the
contrast files, against up to 2e-8 between two runs of the same code; with one thread they no
longer depend on the machine's number of cores. Calls started ahead and never taken (a run
stopped early) are cancelled at a later start once more than ``limit`` inputs wait; one already
running finishes, unread.

Measured: docs/judges.md, "Speed".
"""

from __future__ import annotations

import os
import threading
from concurrent.futures import Future, ThreadPoolExecutor
from contextlib import AbstractContextManager
from functools import lru_cache
from typing import Any, Callable, Hashable, Sequence


@lru_cache(maxsize=1)
def _controller() -> Any:
    """threadpoolctl's view of the BLAS libraries loaded (numpy's OpenBLAS), None without it."""
    try:
        from threadpoolctl import ThreadpoolController
    except ImportError:
        return None
    return ThreadpoolController()


class _OneBlasThread:
    """The BLAS limit, counted: the setting is the process's, and batches may overlap (two runs
    on two threads, a batch that awaits), so the first to enter sets one thread and the last to
    leave puts back what was there. A failure of threadpoolctl leaves BLAS as it is: the limit is
    only a matter of speed."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._inside = 0
        self._limit: Any = None  # threadpoolctl's limiter while any batch is inside

    def __enter__(self) -> None:
        with self._lock:
            self._inside += 1
            if self._inside == 1:
                try:
                    controller = _controller()
                    self._limit = controller.limit(limits=1, user_api="blas") if controller is not None else None
                except Exception:  # noqa: BLE001 - speed only: BLAS keeps its threads
                    self._limit = None

    def __exit__(self, *exc: Any) -> None:
        with self._lock:
            self._inside -= 1
            if self._inside == 0 and self._limit is not None:
                limit, self._limit = self._limit, None
                try:
                    limit.restore_original_limits()
                except Exception:  # noqa: BLE001 - as on entry
                    pass


_ONE_BLAS_THREAD = _OneBlasThread()


def one_blas_thread() -> AbstractContextManager:
    """A context in which numpy's BLAS runs one thread (for the whole process, while any batch
    is inside one); contexts may overlap and leave in any order."""
    return _ONE_BLAS_THREAD


class CallsAhead:
    """Results of model calls started early, by (kind, input), taken once each."""

    def __init__(self, limit: int = 100_000, chunk: int = 256):
        self.limit = limit
        self.chunk = chunk  # inputs per call started: what is not started when taken is left to the taker
        self._reset()

    def _reset(self) -> None:
        """Empty, as in a new process: a forked child has none of the parent's thread, and a call
        that was running there at the fork never finishes here."""
        self._pid = os.getpid()
        self._lock = threading.Lock()
        self._pool: ThreadPoolExecutor | None = None  # one thread, made on first use
        self._pending: dict[tuple[str, Hashable], tuple[Future, int]] = {}

    def __getstate__(self) -> dict[str, Any]:
        """Pickled empty (a judge sent to worker processes): threads and futures stay here."""
        return {"limit": self.limit, "chunk": self.chunk}

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__init__(state["limit"], state["chunk"])  # type: ignore[misc]

    def _mine(self) -> None:
        if self._pid != os.getpid():
            self._reset()

    def start(self, kind: str, inputs: Sequence[Hashable], call: Callable[[list], Sequence[Any]]) -> None:
        """Queue ``call`` on the thread for those inputs of this kind that are not started already,
        ``chunk`` inputs a call."""
        self._mine()
        with self._lock:
            new = [x for x in dict.fromkeys(inputs) if (kind, x) not in self._pending]
            if not new:
                return
            if len(self._pending) + len(new) > self.limit:  # bounded: calls started and never taken
                for future, _ in self._pending.values():
                    future.cancel()  # those still queued; one that runs finishes, unread
                self._pending.clear()
            if self._pool is None:
                self._pool = ThreadPoolExecutor(1, thread_name_prefix="ragmeter-ahead")
            for at in range(0, len(new), self.chunk):
                part = new[at:at + self.chunk]
                future = self._pool.submit(call, part)
                self._pending.update({(kind, x): (future, k) for k, x in enumerate(part)})

    def start_model(self, kind: str, inputs: Sequence[Hashable], model: Any, method: str) -> None:
        """start() with ``model.<method>`` (an ONNX model of models/onnx_embedder.py), its calls run
        one at a time on the thread: one core for the model, the other left to the batch running
        meanwhile (the tokenizer may use both for a moment)."""
        def call(new: list) -> Sequence[Any]:
            with model.on_this_thread():
                return getattr(model, method)(new)

        self.start(kind, inputs, call)

    def take(self, kind: str, inputs: Sequence[Hashable]) -> dict[Hashable, Any]:
        """The results of the inputs of this kind that were started (waiting for the call that is
        running), each forgotten once taken. A call still queued is cancelled, and every input of
        it forgotten: those asked for are left to the caller, who computes them at once with every
        core, rather than wait for the thread to reach them on one. A call that failed gives
        nothing either (the caller computes its inputs again and meets the error itself)."""
        self._mine()
        with self._lock:
            found = {x: self._pending.pop((kind, x)) for x in dict.fromkeys(inputs) if (kind, x) in self._pending}
            cancelled = {future for future, _ in found.values() if future.cancel()}  # only calls not yet running
            if cancelled:
                self._pending = {key: entry for key, entry in self._pending.items() if entry[0] not in cancelled}
        out: dict[Hashable, Any] = {}
        for x, (future, k) in found.items():
            if future in cancelled:
                continue
            try:
                out[x] = future.result()[k]
            except Exception:  # noqa: BLE001 - the caller computes it again and meets the error itself
                continue
        return out
