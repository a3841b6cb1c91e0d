"""Execute one stage for a batch of documents through the ledger (no Dagster here).

The ledger row is the idempotency boundary: only claimable rows run, every outcome is committed
on its own, and a row whose claim was lost (recovered as stale, requeued) is not overwritten.
"""

from __future__ import annotations

import socket
import time
import uuid
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from sqlalchemy import Engine

from knowledge_index.blobstore import BlobStore
from knowledge_index.db import get_engine
from knowledge_index.errors import CircuitOpen
from knowledge_index.ledger.policy import classify, error_record
from knowledge_index.ledger.states import DISABLED, SOURCE_OBJECT_DELETED, Status, bucket
from knowledge_index.ledger.store import (
    Claim,
    claim,
    defer_claim,
    defer_owed,
    record_failure,
    settle,
)
from knowledge_index.objects import store as objects
from knowledge_index.objects.store import SourceObject
from knowledge_index.pipeline import get_stage
from knowledge_index.processes import process_token
from knowledge_index.relations import readiness
from knowledge_index.relations.readiness import ReadinessStatus
from knowledge_index.settings import Settings
from knowledge_index.stages.base import StageContext, StageOutcome
from knowledge_index.stages.stage import Stage

if TYPE_CHECKING:
    from knowledge_index.gateway.breaker import CircuitBreaker

CLAIM_CHUNK = 16


@dataclass
class DocumentResult:
    source_object_id: str
    stage: str
    status: str
    bucket: str
    reason: str | None = None
    seconds: float = 0.0
    attempts: int = 0
    metadata: dict[str, Any] = field(default_factory=dict)
    error: dict[str, Any] | None = None
    claim_lost: bool = False
    # Handed back unattempted: the model's circuit opened (waits in the ledger, no attempt).
    deferred: bool = False

    @property
    def settled(self) -> bool:
        return self.status in (Status.DONE, Status.SKIPPED)


@dataclass
class BatchReport:
    stage: str
    producer_version: str
    results: list[DocumentResult] = field(default_factory=list)
    seconds: float = 0.0
    # Rows parked unclaimed behind an open circuit, and the circuit's description.
    parked: int = 0
    circuit: str | None = None

    def count(self, status: str) -> int:
        return sum(1 for r in self.results if r.status == status and not r.deferred)

    @property
    def failed(self) -> list[DocumentResult]:
        return [
            r
            for r in self.results
            if r.status in (Status.FAILED, Status.QUARANTINED) and not r.deferred
        ]

    @property
    def deferred(self) -> int:
        """Documents waiting for a circuit: parked before a claim or handed back after one."""
        return self.parked + sum(1 for r in self.results if r.deferred)


def new_worker_id() -> str:
    """host:pid:start ticks:nonce; the ledger can tell a claim of a dead local process."""
    return f"{socket.gethostname()}:{process_token()}:{uuid.uuid4().hex[:8]}"


@dataclass(frozen=True)
class InlineReadiness:
    """The `Readiness` a stage context carries: runs a neighbour's fetch/convert in this process."""

    settings: Settings
    engine: Engine

    def ensure_ready(self, source_object_id: str) -> ReadinessStatus:
        return readiness.ensure_ready(self.settings, self.engine, source_object_id, self._run)

    def _run(self, stage: str, source_object_id: str) -> str | None:
        report = run_stage(
            self.settings, stage, source_object_ids=[source_object_id], engine=self.engine, limit=1
        )
        return report.results[0].status if report.results else None


def run_stage(
    settings: Settings,
    stage: str,
    *,
    source_object_ids: Sequence[str] | None = None,
    limit: int | None = None,
    engine: Engine | None = None,
    worker: str | None = None,
) -> BatchReport:
    engine = engine or get_engine(settings)
    worker = worker or new_worker_id()
    version = settings.producer_version(stage)
    report = BatchReport(stage=stage, producer_version=version)
    started = time.monotonic()
    remaining = limit if limit is not None else None
    attempted: list[str] = []
    blobs = BlobStore(settings.blob_dir)
    declared = get_stage(stage)
    chunk_size = declared.claim_chunk or CLAIM_CHUNK
    enabled = settings.stage(stage).enabled
    model = settings.stage_model(stage) if declared.model_stage and enabled else None
    if model is None and declared.calls_embedding_model and enabled:
        model = settings.retrieval.remote_embedding_model
    breaker: CircuitBreaker | None = None
    if model is not None:
        # Imported here: the gateway brings litellm, which only stages calling models need.
        from knowledge_index.gateway.circuits import breaker_for

        breaker = breaker_for(settings, engine)
    while remaining is None or remaining > 0:
        take = chunk_size if remaining is None else min(chunk_size, remaining)
        if breaker is not None and model is not None:
            # Before claiming: behind an open circuit the rows wait unclaimed (no attempt, no
            # request); when a probe is due only one document is claimed to carry it.
            if _park_behind_circuit(
                breaker, model, engine, stage, source_object_ids, attempted, report
            ):
                break
            if breaker.probe_due(model):
                take = 1
        with engine.begin() as conn:
            # Small claim chunks: a worker killed mid-batch strands at most one chunk until
            # its claims expire. Attempted rows are excluded so a failure with a zero backoff
            # is retried by the next run, not spun on inside this one.
            claims = claim(
                conn,
                stage,
                worker,
                source_object_ids=source_object_ids,
                exclude=attempted,
                limit=take,
            )
        if not claims:
            break
        with engine.connect() as conn:
            loaded = objects.load(conn, [c.source_object_id for c in claims])
        attempted.extend(c.source_object_id for c in claims)
        chunk = _run_chunk(settings, engine, blobs, declared, claims, loaded, version)
        report.results.extend(chunk)
        deferred = next((r.error for r in chunk if r.deferred and r.error), None)
        if deferred is not None and report.circuit is None:
            # The circuit opened inside this chunk: say so like a park before a claim does.
            report.circuit = str(deferred.get("message", "")).split(" (KI_")[0] or None
        if remaining is not None:
            remaining -= len(claims)
    report.seconds = time.monotonic() - started
    return report


def _park_behind_circuit(
    breaker: CircuitBreaker,
    model: str,
    engine: Engine,
    stage: str,
    source_object_ids: Sequence[str] | None,
    attempted: Sequence[str],
    report: BatchReport,
) -> bool:
    """Park the stage's claimable rows while `model`'s circuit refuses calls; True if it did."""
    circuit = breaker.blocked(model)
    if circuit is None or circuit.retry_at is None:
        return False
    refusal = breaker.refusal(circuit)
    with engine.begin() as conn:
        report.parked += defer_owed(
            conn,
            stage,
            until=circuit.retry_at,
            error=error_record(refusal, classify(refusal)),
            source_object_ids=source_object_ids,
            exclude=attempted,
        )
    report.circuit = circuit.describe()
    return True


def _run_chunk(
    settings: Settings,
    engine: Engine,
    blobs: BlobStore,
    declared: Stage,
    claims: list[Claim],
    loaded: dict[str, SourceObject],
    version: str,
) -> list[DocumentResult]:
    results: list[DocumentResult] = []
    contexts: list[StageContext] = []
    cache: dict[str, Any] = {}
    for c in claims:
        obj = loaded[c.source_object_id]
        decided: StageOutcome | BaseException | None = None
        if not settings.stage(c.stage).enabled:
            decided = StageOutcome("skipped", DISABLED)
        elif obj.deleted and not declared.runs_for_deleted:
            decided = StageOutcome("skipped", SOURCE_OBJECT_DELETED)
        if decided is not None:
            results.append(_record(settings, engine, c, decided, 0.0, version))
        else:
            ctx = StageContext(
                settings,
                engine,
                c.stage,
                obj,
                blobs,
                c.attempts,
                c.access_only_reindex,
                cache,
                InlineReadiness(settings, engine),
            )
            contexts.append(ctx)
    if not contexts:
        return results
    handler = declared.load_handler()
    by_id = {c.source_object_id: c for c in claims}
    run_batch = getattr(handler, "run_batch", None)
    if run_batch is not None:
        # Batch handlers (convert's worker pool) yield outcomes as documents finish.
        for ctx, outcome, seconds in run_batch(contexts):
            c = by_id[ctx.source_object.id]
            results.append(_record(settings, engine, c, outcome, seconds, version))
        return results
    for ctx in contexts:
        t0 = time.monotonic()
        try:
            outcome: StageOutcome | BaseException = handler(ctx)
        except Exception as exc:  # every failure is recorded; none escapes the batch
            outcome = exc
        c = by_id[ctx.source_object.id]
        results.append(_record(settings, engine, c, outcome, time.monotonic() - t0, version))
    return results


def _record(
    settings: Settings,
    engine: Engine,
    c: Claim,
    outcome: StageOutcome | BaseException,
    seconds: float,
    version: str,
) -> DocumentResult:
    with engine.begin() as conn:
        if isinstance(outcome, StageOutcome):
            status = Status(outcome.status)
            recorded = version + (f";degraded={outcome.degraded}" if outcome.degraded else "")
            ok = settle(conn, c, status=status, producer_version=recorded, reason=outcome.reason)
            return DocumentResult(
                c.source_object_id,
                c.stage,
                status.value,
                bucket(status.value, outcome.reason),
                outcome.reason,
                seconds,
                c.attempts,
                outcome.metadata,
                claim_lost=not ok,
            )
        if isinstance(outcome, CircuitOpen):
            error = error_record(outcome, classify(outcome))
            kept = defer_claim(conn, c, until=outcome.retry_at, error=error)
            return DocumentResult(
                c.source_object_id,
                c.stage,
                Status.FAILED.value,
                Status.FAILED.value,
                None,
                seconds,
                c.attempts - 1,
                error=error,
                claim_lost=not kept,
                deferred=True,
            )
        failure = record_failure(conn, c, outcome, settings)
        return DocumentResult(
            c.source_object_id,
            c.stage,
            failure.status.value,
            failure.status.value,
            None,
            seconds,
            c.attempts,
            error=failure.error,
            claim_lost=not failure.recorded,
        )
