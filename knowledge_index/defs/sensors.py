"""Sensors decide *when*; the work happens in runs.

- one sync sensor per source: launches that source's sync run at its interval, or sooner when
  the folder's directory fingerprint moves (files added, removed or renamed);
- the insertion sensor (every 15 s): launches batched stage runs for owed rows, never for a
  stage that already has an active run or an in-progress backfill (which own those documents);
- the housekeeping sensor (every 2 min): the ledger's whole-table rules (stale claims
  recovered, rows of outdated producer versions re-owed, re-enabled stages re-owed, rows seeded
  for stages added by a release). It scans the whole ledger (2.6 s at 100k documents), which is
  why it is not part of the 15 s insertion tick.
"""

import json
from datetime import UTC, datetime

from dagster import (
    DefaultSensorStatus,
    RunRequest,
    RunsFilter,
    SensorDefinition,
    SensorEvaluationContext,
    SensorResult,
    SkipReason,
    sensor,
)
from sqlalchemy import text

from knowledge_index.db import get_engine
from knowledge_index.defs.backfill import stages_owned_by_backfills
from knowledge_index.defs.instance import STAGE_TAG, SYNC_SOURCE_TAG, TRIGGER_TAG
from knowledge_index.defs.launch import (
    ACTIVE_STATUSES,
    plan_stage_runs,
    register_missing_partitions,
    stage_has_active_run,
)
from knowledge_index.ledger.maintenance import prepare
from knowledge_index.settings import load_settings
from knowledge_index.sources.folder import FolderSource
from knowledge_index.sources.registry import SourceRow, get_source, open_source

MAX_RUNS_PER_STAGE_PER_TICK = 10


def _last_sync_started(source_id: str) -> datetime | None:
    engine = get_engine(load_settings())
    with engine.connect() as conn:
        return conn.execute(
            text("SELECT max(started_at) FROM sync_runs WHERE source_id = :s"), {"s": source_id}
        ).scalar_one()


def _ledger_sync_in_flight(source_id: str) -> bool:
    """A sync started outside the daemon (e.g. `ki sync`) also owns the source."""
    from knowledge_index.sources.sync import sync_in_flight

    settings = load_settings()
    with get_engine(settings).connect() as conn:
        return sync_in_flight(conn, source_id, settings.pipeline.claim_timeout_seconds)


def sync_run_request(source_id: str, trigger: str) -> RunRequest:
    return RunRequest(
        job_name="source_sync",
        run_config={
            "ops": {"sync_source_op": {"config": {"source": source_id, "trigger": trigger}}}
        },
        tags={SYNC_SOURCE_TAG: source_id, TRIGGER_TAG: trigger},
    )


def build_sync_sensor(row: SourceRow) -> SensorDefinition:
    source_id = row.id

    @sensor(
        name=f"sync_{source_id.replace('-', '_')}",
        job_name="source_sync",
        minimum_interval_seconds=min(30, row.sync_interval_seconds),
        default_status=DefaultSensorStatus.RUNNING,
        description=f"Launches the sync run of source {source_id!r} every "
        f"{row.sync_interval_seconds}s, sooner when its folders change.",
    )
    def _sync_sensor(context: SensorEvaluationContext) -> SensorResult | SkipReason:
        settings = load_settings()
        with get_engine(settings).connect() as conn:
            current = get_source(conn, source_id)
        if current.paused:
            return SkipReason(f"source {source_id} is paused")
        active = context.instance.get_runs(
            filters=RunsFilter(statuses=ACTIVE_STATUSES, tags={SYNC_SOURCE_TAG: source_id}),
            limit=1,
        )
        if active or _ledger_sync_in_flight(source_id):
            return SkipReason(f"a sync of {source_id} is already in flight")
        state = json.loads(context.cursor) if context.cursor else {}
        source = open_source(current)
        fingerprint = source.dir_fingerprint() if isinstance(source, FolderSource) else None
        last = _last_sync_started(source_id)
        now = datetime.now(UTC)
        due = last is None or (now - last).total_seconds() >= current.sync_interval_seconds
        changed = fingerprint is not None and fingerprint != state.get("fingerprint")
        cursor = json.dumps({"fingerprint": fingerprint})
        if not (due or changed):
            return SensorResult(
                skip_reason=SkipReason("not due and nothing changed"), cursor=cursor
            )
        trigger = "interval" if due else "event"
        return SensorResult(run_requests=[sync_run_request(source_id, trigger)], cursor=cursor)

    return _sync_sensor


def build_insertion_sensor(stages: list[str], batch_size: int) -> SensorDefinition:
    @sensor(
        name="insertion",
        minimum_interval_seconds=15,
        default_status=DefaultSensorStatus.RUNNING,
        description="Batched stage runs for every owed document (stages with an active run "
        "or backfill are left to it).",
        asset_selection=[*stages, "search_index"] if "index" in stages else stages,
    )
    def _insertion(context: SensorEvaluationContext) -> SensorResult | SkipReason:
        settings = load_settings()
        engine = get_engine(settings)
        register_missing_partitions(context.instance, engine)
        owned = stages_owned_by_backfills(context.instance)
        requests: list[RunRequest] = []
        for stage in stages:
            if stage in owned or stage_has_active_run(context.instance, stage):
                continue
            for plan in plan_stage_runs(context.instance, engine, stage, batch_size)[
                :MAX_RUNS_PER_STAGE_PER_TICK
            ]:
                requests.append(
                    RunRequest(
                        asset_selection=[_key(stage)],
                        tags=plan.tags("sensor"),
                    )
                )
        if "index" in stages and not stage_has_active_run(context.instance, "search_index"):
            from knowledge_index.retrieval.sync import pending_changes

            if pending_changes(engine, settings):
                requests.append(
                    RunRequest(
                        asset_selection=[_key("search_index")],
                        tags={STAGE_TAG: "search_index", TRIGGER_TAG: "sensor"},
                    )
                )
        if not requests:
            return SkipReason("nothing owed")
        return SensorResult(run_requests=requests)

    return _insertion


HOUSEKEEPING_INTERVAL_SECONDS = 120


def build_housekeeping_sensor() -> SensorDefinition:
    @sensor(
        name="ledger_housekeeping",
        minimum_interval_seconds=HOUSEKEEPING_INTERVAL_SECONDS,
        default_status=DefaultSensorStatus.RUNNING,
        description="The ledger's whole-table rules: stale claims recovered, outdated producer "
        "versions and re-enabled stages re-owed (the insertion sensor then runs them).",
    )
    def _housekeeping(context: SensorEvaluationContext) -> SkipReason:
        settings = load_settings()
        with get_engine(settings).begin() as conn:
            report = prepare(conn, settings)
        changed = {
            k: v
            for k, v in vars(report).items()
            if v  # counts or per-stage dicts that moved something
        }
        return SkipReason(
            "housekeeping: " + (json.dumps(changed, sort_keys=True) if changed else "nothing to do")
        )

    return _housekeeping


def _key(stage: str):
    from dagster import AssetKey

    return AssetKey(stage)
