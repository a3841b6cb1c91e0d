"""`ki sync` and `ki run`: the same Dagster jobs the daemon launches, executed in this process.

Every run is a real Dagster run in the product's instance (visible in the UI with its events);
only the launcher differs from the daemon path. The jobs come from the code location loaded by
module name (`codelocation.load_definitions`), as the daemon gets them.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime

from dagster import DagsterInstance, Definitions

from knowledge_index.ledger.maintenance import PrepareReport, prepare
from knowledge_index.ledger.report import next_retry_due
from knowledge_index.orchestration.codelocation import load_definitions
from knowledge_index.orchestration.database import ready_engine
from knowledge_index.orchestration.instance import get_instance
from knowledge_index.orchestration.jobs import (
    SEARCH_INDEX_JOB,
    SYNC_JOB,
    SYNC_OP,
    stage_job_name,
    sync_run_config,
)
from knowledge_index.orchestration.launch import plan_stage_runs, register_missing_partitions
from knowledge_index.orchestration.stages import stage_names
from knowledge_index.orchestration.sweeper import launcher_tags, sweep_dead_runs
from knowledge_index.orchestration.tags import SYNC_SOURCE_TAG, TRIGGER_TAG
from knowledge_index.settings import Settings
from knowledge_index.sources.sync import SyncInFlight, SyncReport, sync_in_flight

# The run's events are stored in the instance either way; the console only needs warnings.
QUIET_LOGS = {"loggers": {"console": {"config": {"log_level": "WARNING"}}}}


@dataclass
class RunSummary:
    runs: int = 0
    failed_runs: int = 0
    documents_by_stage: dict[str, int] = field(default_factory=dict)
    seconds_by_stage: dict[str, float] = field(default_factory=dict)
    prepare: PrepareReport | None = None
    seconds: float = 0.0


ProgressFn = Callable[[str, int], None]


class Driver:
    def __init__(
        self,
        settings: Settings,
        instance: DagsterInstance | None = None,
        defs: Definitions | None = None,
    ) -> None:
        self.settings = settings
        self.engine = ready_engine(settings)
        self.instance = instance or get_instance(settings)
        self.defs = defs or load_definitions()
        self.swept_runs = sweep_dead_runs(self.instance)

    def sync(self, source_id: str, trigger: str = "cli") -> SyncReport:
        with self.engine.connect() as conn:
            busy = sync_in_flight(conn, source_id, self.settings.pipeline.claim_timeout_seconds)
        if busy:
            raise SyncInFlight(f"a sync of source {source_id!r} is already in flight; skipped")
        job = self.defs.resolve_job_def(SYNC_JOB)
        result = job.execute_in_process(
            run_config={**sync_run_config(source_id, trigger), **QUIET_LOGS},
            instance=self.instance,
            tags={SYNC_SOURCE_TAG: source_id, TRIGGER_TAG: trigger, **launcher_tags()},
            raise_on_error=False,
        )
        if not result.success:
            raise SyncFailed(_first_error(result))
        counters = result.output_for_node(SYNC_OP)
        return SyncReport.model_validate(counters)

    def run_until_idle(
        self,
        *,
        max_wait_seconds: float = 60.0,
        trigger: str = "cli",
        progress: ProgressFn | None = None,
    ) -> RunSummary:
        """Run every owed stage for every document, stage by stage, until nothing is owed.

        Retries due within `max_wait_seconds` are waited for; later ones are left to the next
        run (the ledger keeps them).
        """
        summary = RunSummary()
        started = time.monotonic()
        stages = stage_names()
        while True:
            with self.engine.begin() as conn:
                report = prepare(conn, self.settings)
            summary.prepare = summary.prepare or report
            register_missing_partitions(self.instance, self.engine)
            launched = 0
            for stage in stages:
                for plan in plan_stage_runs(
                    self.instance, self.engine, stage, self.settings.pipeline.batch_size
                ):
                    launched += 1
                    t0 = time.monotonic()
                    ok = self._execute_range(stage, plan.tags(trigger))
                    summary.seconds_by_stage[stage] = (
                        summary.seconds_by_stage.get(stage, 0.0) + time.monotonic() - t0
                    )
                    summary.runs += 1
                    summary.failed_runs += not ok
                    summary.documents_by_stage[stage] = (
                        summary.documents_by_stage.get(stage, 0) + plan.owed
                    )
                    if progress:
                        progress(stage, plan.owed)
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
            time.sleep(max(wait, 0) + 0.05)
        summary.seconds = time.monotonic() - started
        return summary

    def update_search_index(
        self, summary: RunSummary | None = None, *, rebuild: bool = False
    ) -> bool:
        """Materialize `search_index` when chunk changes are pending (or to rebuild it)."""
        from knowledge_index.retrieval.sync import pending_changes

        if not rebuild and not pending_changes(self.engine, self.settings):
            return True
        t0 = time.monotonic()
        job = self.defs.resolve_job_def(SEARCH_INDEX_JOB)
        result = job.execute_in_process(
            run_config={**QUIET_LOGS, "ops": {"search_index": {"config": {"rebuild": rebuild}}}},
            instance=self.instance,
            tags={TRIGGER_TAG: "cli", **launcher_tags()},
            raise_on_error=False,
        )
        if summary is not None:
            summary.runs += 1
            summary.failed_runs += not result.success
            summary.seconds_by_stage["search_index"] = time.monotonic() - t0
        return result.success

    def _execute_range(self, stage: str, tags: dict[str, str]) -> bool:
        job = self.defs.resolve_job_def(stage_job_name(stage))
        result = job.execute_in_process(
            run_config=QUIET_LOGS,
            instance=self.instance,
            tags={**tags, **launcher_tags()},
            raise_on_error=False,
        )
        return result.success


class SyncFailed(RuntimeError):
    pass


def _first_error(result) -> str:
    for event in result.all_events:
        if event.is_failure and event.event_specific_data is not None:
            err = getattr(event.event_specific_data, "error", None)
            if err is not None:
                return err.message.strip().splitlines()[-1] if err.message else str(err)
    return "sync run failed"


__all__ = ["Driver", "RunSummary", "SyncFailed", "SyncInFlight"]
