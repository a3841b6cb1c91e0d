"""Run helpers: processes that execute the same stage runs as `ki sync`/`ki run`, side by side.

The model stages are Python bound, so in one process they use one core however the work is
split. A run helper is a second process with its own Dagster instance, definitions and model
gateway that executes a copy of the run the driver executes itself: both runs cover the same
partition range and claim the same ledger rows, and the ledger's claims (`FOR UPDATE SKIP
LOCKED`, one chunk of documents at a time) hand each chunk to exactly one of them. Nothing is
split by the driver, so nothing can be lost or done twice: a helper that dies leaves its
claimed chunk to the claim timeout like any crashed worker, and the driver's own run takes the
rest. Both runs are ordinary Dagster runs, tagged with their own process for the sweeper.

The helper starts while fetch and convert run (its imports overlap them) and only when enough
documents arrive for the split to pay for a process: see `HELPER_MIN_DOCUMENTS`.
"""

from __future__ import annotations

import logging
import multiprocessing
import threading
from collections.abc import Callable
from dataclasses import dataclass
from multiprocessing.connection import Connection
from typing import Any

from knowledge_index.processes import clamp_reason, usable_cpus

_log = logging.getLogger(__name__)

# Below this many documents owed, a second process costs more (~3-5 s of imports and a few
# hundred MB) than it saves; a claim chunk is 16 documents.
HELPER_MIN_DOCUMENTS = 64

Executor = Callable[[str, dict[str, str]], bool]


@dataclass(frozen=True)
class ParallelPlan:
    """How many processes execute each splittable stage run, and why (shown by `ki sync`)."""

    processes: int
    requested: int
    usable_cpus: int
    reason: str


def plan_parallel(requested: int, documents: int) -> ParallelPlan:
    cpus = usable_cpus()
    processes = max(1, min(requested, cpus))
    limits = []
    if processes < requested:
        limits.append(f"host ceiling {cpus} usable CPU(s)")
    if processes > 1 and documents < HELPER_MIN_DOCUMENTS:
        processes = 1
        limits.append(f"only {documents} document(s) arriving (< {HELPER_MIN_DOCUMENTS})")
    reason = clamp_reason(requested, limits)
    return ParallelPlan(processes, requested, cpus, reason)


def serve(conn: Connection, executor: Executor) -> None:
    """The helper process's loop: execute each (stage, tags) it is sent, answer whether the run
    succeeded, stop on None or a closed pipe."""
    # The first model stage of a process pays the gateway's imports; pay them before any run.
    import knowledge_index.gateway  # noqa: F401

    conn.send("ready")
    while True:
        try:
            message = conn.recv()
        except EOFError:
            return
        if message is None:
            return
        stage, tags = message
        try:
            ok = executor(stage, tags)
        except Exception:
            _log.exception("run helper: the %s run failed to execute", stage)
            ok = False
        conn.send(ok)


class RunHelper:
    """One helper process and the pipe to it. `submit` then `result`, one run at a time."""

    def __init__(self, main: Callable[..., None], *args: Any) -> None:
        """`main(conn, *args)` runs in the new process (spawned, so it must be importable by
        name) and ends by calling `serve(conn, executor)`."""
        context = multiprocessing.get_context("spawn")
        self._conn, child = context.Pipe()
        self._process = context.Process(
            target=main, args=(child, *args), name="ki-run-helper", daemon=True
        )
        self._process.start()
        child.close()
        self._ready = False  # the helper said "ready" (read by the pipe thread only)
        self._failed = False
        self._answer: bool | None = None
        self._thread: threading.Thread | None = None

    @property
    def alive(self) -> bool:
        return not self._failed and self._process.is_alive()

    def _call(self, message: Any) -> None:
        try:
            if not self._ready:
                if self._conn.recv() != "ready":
                    raise EOFError
                self._ready = True
            self._conn.send(message)
            self._answer = bool(self._conn.recv())
        except (EOFError, OSError):
            self._failed = True
            self._answer = None

    def submit(self, stage: str, tags: dict[str, str]) -> None:
        """Start the helper's copy of a run; waits for the helper's start-up in a thread, so
        the driver's own copy starts at once."""
        self._answer = None
        self._thread = threading.Thread(
            target=self._call, args=((stage, tags),), name="ki-run-helper-pipe", daemon=True
        )
        self._thread.start()

    def result(self) -> bool | None:
        """Whether the helper's run succeeded; None if the helper died (its documents are the
        ledger's to retry, as after any crash)."""
        if self._thread is not None:
            self._thread.join()
            self._thread = None
        if self._failed:
            _log.warning("the run helper process ended; continuing in this process")
        return self._answer

    def close(self) -> None:
        if self._thread is not None:
            self._thread.join()
        try:
            if self._process.is_alive():
                self._conn.send(None)
        except (BrokenPipeError, OSError):
            pass
        self._process.join(timeout=30)
        if self._process.is_alive():
            self._process.kill()
            self._process.join()
        self._conn.close()
