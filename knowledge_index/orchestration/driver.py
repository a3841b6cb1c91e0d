"""`ki sync` and `ki run`: the same Dagster jobs the daemon launches, executed in this process.

Every run is a real Dagster run in the product's instance (visible in the UI with its events);
only the launcher differs from the daemon path. The jobs come from the code location loaded by
module name (`codelocation.load_definitions`), as the daemon gets them.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from dagster import DagsterInstance, Definitions

from knowledge_index import pipeline
from knowledge_index.errors import OperationFailed
from knowledge_index.ledger.maintenance import PrepareReport, prepare
from knowledge_index.ledger.report import (
    arriving_documents,
    next_retry_due,
    owed_object_ids,
    work_arriving,
)
from knowledge_index.orchestration.codelocation import load_definitions
from knowledge_index.orchestration.database import ready_engine
from knowledge_index.orchestration.instance import get_instance
from knowledge_index.orchestration.jobs import (
    SEARCH_INDEX_JOB,
    SKIPPED_IN_FLIGHT,
    SYNC_JOB,
    SYNC_OP,
    stage_job_name,
    sync_run_config,
)
from knowledge_index.orchestration.launch import plan_stage_runs, register_missing_partitions
from knowledge_index.orchestration.logfile import FILE_LOGGER, run_logging
from knowledge_index.orchestration.reconcile import ReconcileReport, reconcile
from knowledge_index.orchestration.run_helpers import ParallelPlan, RunHelper, plan_parallel, serve
from knowledge_index.orchestration.stages import stage_names
from knowledge_index.orchestration.sweeper import launcher_tags, sweep_dead_runs
from knowledge_index.orchestration.tags import SYNC_SOURCE_TAG, TRIGGER_TAG
from knowledge_index.runner import CLAIM_CHUNK
from knowledge_index.settings import Settings
from knowledge_index.sources.sync import SyncInFlight, SyncReport, sync_in_flight

_log = logging.getLogger(__name__)


@dataclass
class RunSummary:
    runs: int = 0
    failed_runs: int = 0
    documents_by_stage: dict[str, int] = field(default_factory=dict)
    seconds_by_stage: dict[str, float] = field(default_factory=dict)
    prepare: PrepareReport | None = None
    # How many processes executed the model stages' runs (None: nothing was planned).
    parallel: ParallelPlan | None = None
    # Settled rows that had no materialization in Dagster and were given one at the start.
    reconciled: ReconcileReport | None = None
    seconds: float = 0.0


ProgressFn = Callable[[str, int], None]
WaitFn = Callable[[float], None]


class Driver:
    def __init__(
        self,
        settings: Settings,
        instance: DagsterInstance | None = None,
        defs: Definitions | None = None,
        *,
        verbose: bool = False,
    ) -> None:
        self.settings = settings
        self.verbose = verbose
        self.engine = ready_engine(settings)
        self.instance = instance or get_instance(settings)
        self.defs = defs or load_definitions()
        self.swept_runs = sweep_dead_runs(self.instance)
        self._helpers: list[RunHelper] = []

    def sync(self, source_id: str, trigger: str = "cli") -> SyncReport:
        with self.engine.connect() as conn:
            busy = sync_in_flight(conn, source_id, self.settings.pipeline.claim_timeout_seconds)
        if busy:
            raise SyncInFlight(f"a sync of source {source_id!r} is already in flight; skipped")
        job = self.defs.resolve_job_def(SYNC_JOB)
        result = job.execute_in_process(
            run_config={**sync_run_config(source_id, trigger), **self._logging(job)},
            instance=self.instance,
            tags={SYNC_SOURCE_TAG: source_id, TRIGGER_TAG: trigger, **launcher_tags()},
            raise_on_error=False,
        )
        if not result.success:
            skipped = _skipped_in_flight(result)
            if skipped is not None:
                # Another sync of the source won the race after the check above.
                raise SyncInFlight(skipped)
            raise SyncFailed(f"sync of source {source_id!r} failed: {_first_error(result)}")
        counters = result.output_for_node(SYNC_OP)
        return SyncReport.model_validate(counters)

    def run_until_idle(
        self,
        *,
        max_wait_seconds: float = 60.0,
        trigger: str = "cli",
        progress: ProgressFn | None = None,
        waiting: WaitFn | None = None,
    ) -> RunSummary:
        """Run every owed stage for every document, stage by stage, until nothing is owed.

        Retries due within `max_wait_seconds` are waited for; later ones are left to the next
        run (the ledger keeps them).
        """
        summary = RunSummary()
        started = time.monotonic()
        try:
            self._run_until_idle(summary, max_wait_seconds, trigger, progress, waiting)
        finally:
            self._close_helpers()
        summary.seconds = time.monotonic() - started
        return summary

    def _run_until_idle(
        self,
        summary: RunSummary,
        max_wait_seconds: float,
        trigger: str,
        progress: ProgressFn | None,
        waiting: WaitFn | None,
    ) -> None:
        stages = stage_names()
        while True:
            with self.engine.begin() as conn:
                report = prepare(conn, self.settings)
            if summary.prepare is None:
                self._start_helpers(summary)
                self._warm_up(stages)
            summary.prepare = summary.prepare or report
            register_missing_partitions(self.instance, self.engine)
            if summary.reconciled is None:
                # After prepare (rows of outdated versions are owed again, not reconciled) and
                # once per call: what this call's own runs settle they materialize themselves.
                summary.reconciled = reconcile(self.instance, self.engine, self.settings, stages)
            launched = 0
            position = 0
            while position < len(stages):
                stage = stages[position]
                position += 1
                plans = plan_stage_runs(
                    self.instance, self.engine, stage, self.settings.pipeline.batch_size
                )
                for plan in plans:
                    launched += 1
                    t0 = time.monotonic()
                    runs, failed = self._execute_plan(stage, plan.tags(trigger), plan.owed)
                    summary.seconds_by_stage[stage] = (
                        summary.seconds_by_stage.get(stage, 0.0) + time.monotonic() - t0
                    )
                    summary.runs += runs
                    summary.failed_runs += failed
                    summary.documents_by_stage[stage] = (
                        summary.documents_by_stage.get(stage, 0) + plan.owed
                    )
                    if progress:
                        progress(stage, plan.owed)
                if plans and position > 1:
                    position = self._upstream_first(stages, position - 1, position)
            if launched:
                continue
            self.update_search_index(summary)
            with self.engine.connect() as conn:
                due = next_retry_due(conn)
            if due is None:
                break
            wait = (due - datetime.now(UTC)).total_seconds()
            if wait > max_wait_seconds:
                break
            if waiting:
                waiting(max(wait, 0))
            time.sleep(max(wait, 0) + 0.05)

    def _upstream_first(self, stages: list[str], ran: int, following: int) -> int:
        """Where the pass goes on after stage `ran` ran: back to the first earlier stage that
        has work, else on to `following`. Documents a stage found (a mail's attachments, a
        zip's entries) or sent back then pass the earlier stages before the later ones run:
        files outside every matter folder wait in classify_matter until every filed document
        is converted, so attachments converted a pass late made them fail, retry and send
        the matter's documents through extract_metadata, extract_decisions and index twice
        (estate A: 14 Dagster runs and 60 documents redone before, see benchmarks/README.md)."""
        register_missing_partitions(self.instance, self.engine)
        with self.engine.connect() as conn:
            for position, stage in enumerate(stages[:ran]):
                if owed_object_ids(conn, stage, limit=1):
                    return position
        return following

    def _start_helpers(self, summary: RunSummary) -> None:
        """Start the run helpers a large enough arrival pays for (their imports overlap the
        fetch and convert runs ahead of the model stages)."""
        requested = self.settings.pipeline.parallel_runs
        documents = 0
        if requested > 1:  # the default, 1, needs no count of what arrives
            with self.engine.connect() as conn:
                documents = arriving_documents(conn)
        plan = plan_parallel(requested, documents)
        summary.parallel = plan
        self._helpers = [
            RunHelper(_helper_main, self.settings, self.verbose) for _ in range(plan.processes - 1)
        ]

    def _close_helpers(self) -> None:
        for helper in self._helpers:
            helper.close()
        self._helpers = []

    def _execute_plan(self, stage: str, tags: dict[str, str], owed: int) -> tuple[int, int]:
        """Execute one planned run here, and a copy in each live run helper when the stage
        allows parallel runs and has at least two claim chunks owed: (runs, failed runs)."""
        helpers = [h for h in self._helpers if h.alive]
        declared = pipeline.get_stage(stage)
        chunk = declared.claim_chunk or CLAIM_CHUNK
        if not helpers or not declared.parallel_runs or owed < 2 * chunk:
            return 1, int(not self.execute_range(stage, tags))
        for helper in helpers:
            helper.submit(stage, tags)
        ok = self.execute_range(stage, tags)
        answers = [helper.result() for helper in helpers]
        # A helper that died ran nothing to report; its claimed documents go back to the ledger.
        done = [a for a in answers if a is not None]
        return 1 + len(done), int(not ok) + sum(not a for a in done)

    def _warm_up(self, stages: list[str]) -> None:
        """Let stages about to get work start their slow parts while the stages ahead run.

        Only a head start: a stage whose warm-up fails gets ready in its own run as before, and
        reports the fault there.
        """
        for name in stages:
            stage = pipeline.get_stage(name)
            if stage.warm_up is None or not self.settings.stage(name).enabled:
                continue
            with self.engine.connect() as conn:
                if not work_arriving(conn, name):
                    continue
            try:
                stage.warm(self.settings)
            except Exception:
                _log.warning("warming up stage %s failed; it starts in its own run", name,
                             exc_info=True)  # fmt: skip

    def update_search_index(
        self, summary: RunSummary | None = None, *, rebuild: bool = False
    ) -> bool:
        """Materialize `search_index` when chunk changes are pending (or to rebuild it)."""
        from knowledge_index.retrieval.index_state import pending_changes

        if not rebuild and not pending_changes(self.engine, self.settings):
            return True
        t0 = time.monotonic()
        job = self.defs.resolve_job_def(SEARCH_INDEX_JOB)
        result = job.execute_in_process(
            run_config={
                **self._logging(job),
                "ops": {"search_index": {"config": {"rebuild": rebuild}}},
            },
            instance=self.instance,
            tags={TRIGGER_TAG: "cli", **launcher_tags()},
            raise_on_error=False,
        )
        if summary is not None:
            summary.runs += 1
            summary.failed_runs += not result.success
            summary.seconds_by_stage["search_index"] = time.monotonic() - t0
        return result.success

    def execute_range(self, stage: str, tags: dict[str, str]) -> bool:
        job = self.defs.resolve_job_def(stage_job_name(stage))
        result = job.execute_in_process(
            run_config=self._logging(job),
            instance=self.instance,
            tags={**tags, **launcher_tags()},
            raise_on_error=False,
        )
        return result.success

    def _logging(self, job: Any) -> dict[str, Any]:
        config = run_logging(self.settings, verbose=self.verbose)
        if FILE_LOGGER not in job.loggers:  # definitions built without the log file (tests)
            config["loggers"].pop(FILE_LOGGER)
        return config


def _helper_main(conn: Any, settings: Settings, verbose: bool) -> None:
    """A run helper process: its own driver (instance, definitions), serving the parent's runs."""
    serve(conn, Driver(settings, verbose=verbose).execute_range)


class SyncFailed(OperationFailed):
    """A sync run failed (a missing root, an unreadable source): its message is one line."""


def _step_failures(result: Any) -> Iterator[Any]:
    for event in result.all_events:
        if event.is_step_failure and event.event_specific_data is not None:
            yield event.event_specific_data


def _skipped_in_flight(result: Any) -> str | None:
    for failure in _step_failures(result):
        user = getattr(failure, "user_failure_data", None)
        if user is not None and SKIPPED_IN_FLIGHT in (user.metadata or {}):
            return user.description or "a sync of this source is already in flight; skipped"
    return None


def _first_error(result: Any) -> str:
    """The user's own exception behind a failed run, as one line (Dagster wraps it twice)."""
    for failure in _step_failures(result):
        user = getattr(failure, "user_failure_data", None)
        if user is not None and user.description:
            return user.description.strip().splitlines()[0]
        err = getattr(failure, "error", None)
        while err is not None and err.cause is not None:
            err = err.cause
        if err is not None and err.message:
            return err.message.strip().splitlines()[0]
    return "the sync run failed (see the run in the Dagster UI or KI_HOME/logs/ki.log)"


__all__ = ["Driver", "RunSummary", "SyncFailed", "SyncInFlight"]
