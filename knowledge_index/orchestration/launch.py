"""Turning owed ledger rows into batched Dagster runs.

Runs target partition-key ranges (Dagster runs take a key or a range, not a set). Owed keys are
grouped in partition order into ranges of at most `batch_size` owed keys spanning at most twice
that many partitions, so scattered retries do not drag whole corpus ranges along; keys inside a
range that owe nothing cost one ledger lookup and produce no event.
"""

from __future__ import annotations

from dataclasses import dataclass

from dagster import DagsterInstance, DagsterRun, DagsterRunStatus, RunsFilter
from sqlalchemy import Engine

from knowledge_index.ledger.report import owed_object_ids
from knowledge_index.objects.store import mark_partitions_registered, unregistered_ids
from knowledge_index.orchestration.partitions import DOCUMENTS
from knowledge_index.orchestration.sweeper import run_is_dead
from knowledge_index.orchestration.tags import OWED_TAG, STAGE_TAG, TRIGGER_TAG

RANGE_START_TAG = "dagster/asset_partition_range_start"
RANGE_END_TAG = "dagster/asset_partition_range_end"
ACTIVE_STATUSES = [
    DagsterRunStatus.QUEUED,
    DagsterRunStatus.NOT_STARTED,
    DagsterRunStatus.STARTING,
    DagsterRunStatus.STARTED,
]


@dataclass(frozen=True)
class RangePlan:
    stage: str
    start: str
    end: str
    owed: int

    def tags(self, trigger: str) -> dict[str, str]:
        return {
            RANGE_START_TAG: self.start,
            RANGE_END_TAG: self.end,
            STAGE_TAG: self.stage,
            TRIGGER_TAG: trigger,
            OWED_TAG: str(self.owed),
        }


def register_missing_partitions(instance: DagsterInstance, engine: Engine) -> int:
    """Repairs a crash between a ledger write and its partition add."""
    with engine.connect() as conn:
        ids = unregistered_ids(conn)
    if not ids:
        return 0
    instance.add_dynamic_partitions(DOCUMENTS, ids)
    with engine.begin() as conn:
        mark_partitions_registered(conn, ids)
    return len(ids)


def group_ranges(
    stage: str, owed: list[str], order: dict[str, int], batch_size: int
) -> list[RangePlan]:
    positioned = sorted((order[k], k) for k in owed if k in order)
    plans: list[RangePlan] = []
    max_span = 2 * batch_size
    i = 0
    while i < len(positioned):
        start_pos, start_key = positioned[i]
        j = i
        while (
            j + 1 < len(positioned)
            and j + 1 - i < batch_size
            and positioned[j + 1][0] - start_pos < max_span
        ):
            j += 1
        plans.append(RangePlan(stage, start_key, positioned[j][1], j - i + 1))
        i = j + 1
    return plans


def plan_stage_runs(
    instance: DagsterInstance, engine: Engine, stage: str, batch_size: int
) -> list[RangePlan]:
    with engine.connect() as conn:
        owed = owed_object_ids(conn, stage)
    if not owed:
        return []
    keys = instance.get_dynamic_partitions(DOCUMENTS)
    order = {k: i for i, k in enumerate(keys)}
    return group_ranges(stage, owed, order, batch_size)


def live_active_runs(instance: DagsterInstance, tags: dict[str, str]) -> list[DagsterRun]:
    """Queued or running runs with `tags`, except those whose process is dead.

    A killed `ki run` leaves its run STARTED until a sweep marks it failed (every driver and
    the 2-minute housekeeping tick sweep); until then it must not count as active, or the
    15-second insertion tick would leave its stage alone although nothing is working on it.
    """
    runs = instance.get_runs(filters=RunsFilter(statuses=ACTIVE_STATUSES, tags=tags))
    return [run for run in runs if not run_is_dead(run)]


def stage_has_active_run(instance: DagsterInstance, stage: str) -> bool:
    return bool(live_active_runs(instance, {STAGE_TAG: stage}))
