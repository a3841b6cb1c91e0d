"""Conversions in child processes behind a hard wall clock and a memory fence.

Docling holds the GIL and can hang or balloon inside native code, where no cooperative check
reaches; only a separate process can be killed. One bad document costs one worker, which is
replaced, and is reported alone: ConversionTimeout (the setting may be too low) apart from
UnsupportedDocument (the file is at fault).
"""

from __future__ import annotations

import contextlib
import logging
import multiprocessing as mp
import os
import resource
import signal
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from multiprocessing.connection import Connection, wait
from typing import Any

from pydantic import BaseModel, Field

from knowledge_index.convert.model import ConversionResult
from knowledge_index.convert.options import ConvertOptions
from knowledge_index.errors import (
    ConversionTimeout,
    InfrastructureError,
    StageError,
    UnsupportedDocument,
)
from knowledge_index.extras import require_convert
from knowledge_index.processes import clamp_reason, usable_cpus

_log = logging.getLogger(__name__)

ConvertFn = Callable[[bytes, str, ConvertOptions], ConversionResult]
_STARTUP_SECONDS = 300.0


class ConversionJob(BaseModel):
    key: str
    filename: str
    data: bytes = Field(repr=False)
    # Containers around the document, so a child's container budget continues its ancestors'.
    container_depth: int = Field(default=0, ge=0)


class WorkerPlan(BaseModel):
    workers: int
    requested: int
    usable_cpus: int
    cpus_per_worker: float
    documents: int
    reason: str


@dataclass
class JobOutcome:
    key: str
    filename: str
    result: ConversionResult | None
    error: BaseException | None
    seconds: float
    worker_pid: int
    worker_peak_rss_mb: float = 0.0


def plan_workers(requested: int, documents: int, cpus_per_worker: float = 1.0) -> WorkerPlan:
    """min(requested, CPUs this process may use / CPUs per worker, documents), at least 1."""
    cpus = usable_cpus()
    ceiling = max(1, int(cpus // max(cpus_per_worker, 0.01)))
    workers = max(1, min(requested, ceiling, max(documents, 1)))
    limits = []
    if workers < requested:
        if workers == ceiling:
            limits.append(f"host ceiling {ceiling} ({cpus} usable CPUs / {cpus_per_worker} each)")
        if workers == max(documents, 1):
            limits.append(f"only {documents} document(s)")
    reason = clamp_reason(requested, limits)
    return WorkerPlan(
        workers=workers,
        requested=requested,
        usable_cpus=cpus,
        cpus_per_worker=cpus_per_worker,
        documents=documents,
        reason=reason,
    )


def _portable(exc: BaseException) -> BaseException:
    """An exception that survives pickling with its type, or an UnsupportedDocument saying so."""
    import pickle

    try:
        pickle.loads(pickle.dumps(exc))
        return exc
    except Exception:
        return UnsupportedDocument(f"{type(exc).__name__}: {exc}")


def _worker_main(
    conn: Connection, options: ConvertOptions, convert_fn: ConvertFn, preload: bool
) -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent decides when workers stop
    threads = str(options.threads_per_worker)
    for var in ("OMP_NUM_THREADS", "MKL_NUM_THREADS", "OPENBLAS_NUM_THREADS"):
        os.environ[var] = threads
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    if options.memory_mb:
        limit = options.memory_mb * 1024 * 1024
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    if preload:
        # Imported before "ready" so ~9 s of Docling imports never count against a document.
        import docling.document_converter  # noqa: F401

        import knowledge_index.convert.docling_backend  # noqa: F401
    conn.send(("ready", None, None, 0.0))
    while True:
        job = conn.recv()
        if job is None:
            return
        key, filename, data, depth = job
        job_options = options.model_copy(update={"container_depth": depth}) if depth else options
        try:
            outcome: tuple[str, Any] = ("ok", convert_fn(data, filename, job_options))
        except MemoryError:
            fence = f"the converter memory fence ({options.memory_mb} MB)"
            outcome = ("err", UnsupportedDocument(f"{filename!r} exceeded {fence}"))
        except BaseException as exc:
            outcome = ("err", _portable(exc))
        peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
        conn.send((outcome[0], key, outcome[1], peak_mb))


@dataclass
class _Worker:
    process: Any
    conn: Connection
    ready: bool = False
    job: ConversionJob | None = None
    started: float = 0.0
    deadline: float = 0.0
    spawned: float = field(default_factory=time.monotonic)


class ConversionPool:
    """Spawned workers that live across `run` calls so Docling is imported once per worker."""

    def __init__(
        self,
        options: ConvertOptions,
        workers: int = 1,
        *,
        cpus_per_worker: float = 1.0,
        convert_fn: ConvertFn | None = None,
        preload: bool | None = None,
    ) -> None:
        from knowledge_index.convert import convert_bytes

        if convert_fn is None:
            require_convert()  # here, not in a spawned worker where the error would be lost
        self.options = options
        self.requested = workers
        self.cpus_per_worker = cpus_per_worker
        self.convert_fn = convert_fn or convert_bytes
        self.preload = (convert_fn is None) if preload is None else preload
        self._ctx = mp.get_context("spawn")
        self._workers: list[_Worker] = []
        self.plan: WorkerPlan | None = None
        self.replaced = 0

    def __enter__(self) -> ConversionPool:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def _spawn(self) -> _Worker:
        parent, child = self._ctx.Pipe()
        process = self._ctx.Process(
            target=_worker_main,
            args=(child, self.options, self.convert_fn, self.preload),
            daemon=True,
            name="ki-convert",
        )
        process.start()
        child.close()
        return _Worker(process=process, conn=parent)

    def _retire(self, worker: _Worker) -> None:
        if worker.process.is_alive():
            worker.process.kill()
        worker.process.join(5)
        worker.conn.close()
        self._workers.remove(worker)

    def close(self) -> None:
        for worker in list(self._workers):
            with contextlib.suppress(BrokenPipeError, OSError):
                worker.conn.send(None)
        deadline = time.monotonic() + 5
        for worker in list(self._workers):
            worker.process.join(max(0.0, deadline - time.monotonic()))
            self._retire(worker)

    def start(self) -> None:
        """Spawn the workers now without waiting for them (a no-op for those already running).

        A Docling worker imports for about three seconds before it takes a document; started
        early, that happens on a core the caller leaves idle while it does other work. The
        workers are the ones `run` uses, under the same start-up deadline and fences.
        """
        plan = plan_workers(self.requested, self.requested, self.cpus_per_worker)
        while len(self._workers) < plan.workers:
            self._workers.append(self._spawn())

    def run(self, jobs: Iterable[ConversionJob]) -> Iterator[JobOutcome]:
        """Outcomes as documents finish; largest submitted first so it cannot finish last."""
        pending = sorted(jobs, key=lambda job: len(job.data), reverse=True)
        self.plan = plan_workers(self.requested, len(pending), self.cpus_per_worker)
        _log.info("conversion pool: %d worker(s), %s", self.plan.workers, self.plan.reason)
        while len(self._workers) < min(self.plan.workers, max(len(pending), 1)):
            self._workers.append(self._spawn())
        timeout = self.options.timeout_seconds
        while pending or any(w.job for w in self._workers):
            for worker in self._workers:
                if worker.ready and worker.job is None and pending:
                    job = pending.pop(0)
                    worker.job, worker.started = job, time.monotonic()
                    worker.deadline = worker.started + timeout
                    worker.conn.send((job.key, job.filename, job.data, job.container_depth))
            now = time.monotonic()
            deadlines = [
                w.deadline if w.ready else w.spawned + _STARTUP_SECONDS for w in self._workers
            ]
            waitables: list[Any] = [w.conn for w in self._workers]
            waitables += [w.process.sentinel for w in self._workers]
            wait(waitables, timeout=max(0.0, min(deadlines) - now) if deadlines else None)
            yield from self._collect()

    def _collect(self) -> Iterator[JobOutcome]:
        now = time.monotonic()
        for worker in list(self._workers):
            message = None
            try:
                if worker.conn.poll():
                    message = worker.conn.recv()
            except (EOFError, OSError):
                message = None
            if message is not None:
                status, key, payload, peak_mb = message
                if status == "ready":
                    worker.ready = True
                    continue
                job, worker.job = worker.job, None
                assert job is not None and job.key == key
                yield JobOutcome(
                    key=key,
                    filename=job.filename,
                    result=payload if status == "ok" else None,
                    error=payload if status == "err" else None,
                    seconds=now - worker.started,
                    worker_pid=worker.process.pid,
                    worker_peak_rss_mb=peak_mb,
                )
                continue
            dead = not worker.process.is_alive()
            overdue = worker.job is not None and now >= worker.deadline
            stuck = not worker.ready and now >= worker.spawned + _STARTUP_SECONDS
            if not (dead or overdue or stuck):
                continue
            job = worker.job
            pid = worker.process.pid
            self._retire(worker)
            self.replaced += 1
            self._workers.append(self._spawn())
            if job is None:
                if stuck or (dead and not worker.ready):
                    raise InfrastructureError(
                        f"conversion worker failed to start (exit {worker.process.exitcode}); "
                        "check memory_mb and the installation",
                        reason="converter_worker_start_failed",
                    )
                continue
            yield JobOutcome(
                key=job.key,
                filename=job.filename,
                result=None,
                error=self._failure(job, worker, overdue=overdue and not dead),
                seconds=now - worker.started,
                worker_pid=pid,
            )

    def _failure(self, job: ConversionJob, worker: _Worker, *, overdue: bool) -> StageError:
        if overdue:
            _log.warning(
                "killed worker %s: %r exceeded %.0fs",
                worker.process.pid,
                job.filename,
                self.options.timeout_seconds,
            )
            return ConversionTimeout(
                f"{job.filename!r} exceeded the {self.options.timeout_seconds:.0f} s conversion "
                "budget; the worker was killed (raise timeout_seconds if the host is slow)"
            )
        code = worker.process.exitcode
        how = f"signal {-code}" if code is not None and code < 0 else f"exit code {code}"
        return UnsupportedDocument(
            f"the converter process died on {job.filename!r} ({how}); likely it exceeded the "
            f"memory fence of {self.options.memory_mb} MB or crashed in native code"
        )
