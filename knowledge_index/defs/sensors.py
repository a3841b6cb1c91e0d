"""Sensors decide *when*; the work happens in runs.

- the sync sensor (every 30 s): reads the sources table on every tick and launches a sync run
  for each source that is due by its interval, or sooner when its folder's directory fingerprint
  moved (files added, removed or renamed); a source added while the daemon runs is picked up on
  the next tick, with no reload of the code location;
- the insertion sensor (every 15 s): launches batched stage runs for owed rows, never for a
  stage that already has an active run or an in-progress backfill (which own those documents);
  a run whose `ki` process is dead is not active, even before a sweep has marked it failed;
- the housekeeping sensor (every 2 min): the ledger's whole-table rules (stale claims
  recovered, rows of outdated producer versions re-owed, re-enabled stages re-owed, rows seeded
  for stages added by a release), runs of dead `ki` processes marked failed, and settled rows
  without a materialization given one (`orchestration.reconcile`). It scans the whole ledger
  (2.6 s at 100k documents), which is why it is not part of the 15 s insertion tick.
"""

import json
from datetime import UTC, datetime

from dagster import (
    AssetKey,
    DefaultSensorStatus,
    RunRequest,
    SensorEvaluationContext,
    SensorResult,
    SkipReason,
    sensor,
)
from sqlalchemy import Connection, text

from knowledge_index.defs.resources import KnowledgeIndex
from knowledge_index.ledger.maintenance import prepare
from knowledge_index.orchestration.backfill import stages_owned_by_backfills
from knowledge_index.orchestration.jobs import SYNC_JOB, sync_run_config
from knowledge_index.orchestration.launch import (
    live_active_runs,
    plan_stage_runs,
    register_missing_partitions,
    stage_has_active_run,
)
from knowledge_index.orchestration.reconcile import reconcile
from knowledge_index.orchestration.stages import stage_names
from knowledge_index.orchestration.sweeper import sweep_dead_runs
from knowledge_index.orchestration.tags import STAGE_TAG, SYNC_SOURCE_TAG, TRIGGER_TAG
from knowledge_index.sources.folder import FolderSource
from knowledge_index.sources.registry import SourceRow, list_sources, open_source
from knowledge_index.sources.sync import sync_in_flight

SYNC_SENSOR_INTERVAL_SECONDS = 30
MAX_RUNS_PER_STAGE_PER_TICK = 10
HOUSEKEEPING_INTERVAL_SECONDS = 120


def sync_run_request(source_id: str, trigger: str) -> RunRequest:
    return RunRequest(
        job_name=SYNC_JOB,
        run_config=sync_run_config(source_id, trigger),
        tags={SYNC_SOURCE_TAG: source_id, TRIGGER_TAG: trigger},
    )


def _last_sync_started(conn: Connection) -> dict[str, datetime]:
    rows = conn.execute(text("SELECT source_id, max(started_at) FROM sync_runs GROUP BY 1"))
    return {source_id: started for source_id, started in rows}


def _fingerprint(row: SourceRow) -> str | None:
    source = open_source(row)
    return source.dir_fingerprint() if isinstance(source, FolderSource) else None


@sensor(
    name="sync_sources",
    job_name=SYNC_JOB,
    minimum_interval_seconds=SYNC_SENSOR_INTERVAL_SECONDS,
    default_status=DefaultSensorStatus.RUNNING,
    description="Launches each source's sync run at its interval, sooner when its folders "
    "change; reads the sources table every tick, so new sources need no reload.",
)
def sync_sensor(context: SensorEvaluationContext, ki: KnowledgeIndex) -> SensorResult:
    settings = ki.settings()
    with ki.engine().connect() as conn:
        sources = list_sources(conn)
        last_started = _last_sync_started(conn)
        in_flight = {
            row.id
            for row in sources
            if sync_in_flight(conn, row.id, settings.pipeline.claim_timeout_seconds)
        }
    fingerprints: dict[str, str | None] = json.loads(context.cursor) if context.cursor else {}
    now = datetime.now(UTC)
    requests: list[RunRequest] = []
    skipped: list[str] = []
    for row in sources:
        if row.paused:
            skipped.append(f"{row.id}: paused")
            continue
        active = live_active_runs(context.instance, {SYNC_SOURCE_TAG: row.id})
        # A sync started outside the daemon (e.g. `ki sync`) owns the source too.
        if active or row.id in in_flight:
            skipped.append(f"{row.id}: a sync is already in flight")
            continue
        fingerprint = _fingerprint(row)
        last = last_started.get(row.id)
        due = last is None or (now - last).total_seconds() >= row.sync_interval_seconds
        changed = fingerprint is not None and fingerprint != fingerprints.get(row.id)
        # A skipped source (paused, in flight) keeps its old fingerprint, so a change seen
        # meanwhile still triggers a sync once the running one is over.
        fingerprints[row.id] = fingerprint
        if due or changed:
            requests.append(sync_run_request(row.id, "interval" if due else "event"))
        else:
            skipped.append(f"{row.id}: not due and nothing changed")
    cursor = json.dumps({s.id: fingerprints.get(s.id) for s in sources}, sort_keys=True)
    if requests:
        return SensorResult(run_requests=requests, cursor=cursor)
    reason = "; ".join(skipped) or "no sources"
    return SensorResult(skip_reason=SkipReason(reason), cursor=cursor)


def _insertion_selection() -> list[str]:
    return [*stage_names(), "search_index"]


@sensor(
    name="insertion",
    minimum_interval_seconds=15,
    default_status=DefaultSensorStatus.RUNNING,
    description="Batched stage runs for every owed document (stages with an active run "
    "or backfill are left to it).",
    asset_selection=_insertion_selection(),
)
def insertion_sensor(
    context: SensorEvaluationContext, ki: KnowledgeIndex
) -> SensorResult | SkipReason:
    settings = ki.settings()
    engine = ki.engine()
    register_missing_partitions(context.instance, engine)
    owned = stages_owned_by_backfills(context.instance)
    requests: list[RunRequest] = []
    for stage in stage_names():
        if stage in owned or stage_has_active_run(context.instance, stage):
            continue
        plans = plan_stage_runs(context.instance, engine, stage, settings.pipeline.batch_size)
        requests.extend(
            RunRequest(asset_selection=[AssetKey(stage)], tags=plan.tags("sensor"))
            for plan in plans[:MAX_RUNS_PER_STAGE_PER_TICK]
        )
    if not stage_has_active_run(context.instance, "search_index"):
        from knowledge_index.retrieval.index_state import pending_changes

        if pending_changes(engine, settings):
            requests.append(
                RunRequest(
                    asset_selection=[AssetKey("search_index")],
                    tags={STAGE_TAG: "search_index", TRIGGER_TAG: "sensor"},
                )
            )
    if not requests:
        return SkipReason("nothing owed")
    return SensorResult(run_requests=requests)


@sensor(
    name="ledger_housekeeping",
    minimum_interval_seconds=HOUSEKEEPING_INTERVAL_SECONDS,
    default_status=DefaultSensorStatus.RUNNING,
    description="The ledger's whole-table rules: stale claims recovered, outdated producer "
    "versions and re-enabled stages re-owed (the insertion sensor then runs them); runs of "
    "killed `ki` processes marked failed; settled rows without a materialization given one.",
)
def housekeeping_sensor(context: SensorEvaluationContext, ki: KnowledgeIndex) -> SkipReason:
    swept = sweep_dead_runs(context.instance)
    with ki.engine().begin() as conn:
        report = prepare(conn, ki.settings())
    # Counts or per-stage dicts that moved something.
    changed = {k: v for k, v in vars(report).items() if v}
    if swept:
        changed["dead_runs_marked_failed"] = swept
    reconciled = reconcile(context.instance, ki.engine(), ki.settings(), stage_names())
    if reconciled.reported:
        changed["materializations_reconciled"] = reconciled.reported
    return SkipReason(
        "housekeeping: " + (json.dumps(changed, sort_keys=True) if changed else "nothing to do")
    )
