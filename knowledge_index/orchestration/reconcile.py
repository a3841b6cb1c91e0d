"""Dagster's asset pages kept equal to the ledger: settled rows without a materialization get one.

A stage asset materializes each document it settled at the end of its batch, so a process
killed between the ledger's settle and that event (and every inline neighbour fetch/convert
that readiness runs outside any run of that stage) leaves a row the ledger calls settled with
no materialization in Dagster. `reconcile` reports a runless materialization for each, with
the stage's current code version, on the next `ki run`; `compare` is what the `matches_ledger`
asset check reports.

"Materialized" here means: the partition's *latest* materialization carries the stage's current
code version (the ledger's producer version without its `;degraded=...` suffix, which is what
the asset itself writes). An older version's materialization is not this settle's.

Races: a live run materializes its own rows at the end of its batch, so a stage with a live
active run is left alone, and only rows settled before the moment that was checked are
considered; a run started afterwards settles later rows.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import TypeVar

from dagster import (
    AssetKey,
    AssetMaterialization,
    AssetRecordsFilter,
    DagsterEventType,
    DagsterInstance,
)
from sqlalchemy import Engine, text

from knowledge_index.ledger.report import settled_versions
from knowledge_index.orchestration.launch import live_active_runs
from knowledge_index.orchestration.tags import STAGE_TAG
from knowledge_index.settings import Settings

CODE_VERSION_TAG = "dagster/code_version"
RECONCILED_TAG = "ki/reconciled"
# Dagster's daemon cursor store (key-value, in the Dagster database): per stage, the ledger time
# up to which settled rows have been reconciled, so a run only looks at rows settled since.
CURSOR_KEY = "ki/reconciled_until/{stage}"
FETCH_CHUNK = 500
_T = TypeVar("_T")


def code_version_of(producer_version: str) -> str:
    """The code version a materialization of this settle carries (the asset's own)."""
    return producer_version.split(";degraded=", 1)[0]


def _chunks(items: Sequence[_T], size: int) -> Iterator[Sequence[_T]]:
    for i in range(0, len(items), size):
        yield items[i : i + size]


def latest_code_versions(
    instance: DagsterInstance, stage: str, partitions: Iterable[str] | None = None
) -> dict[str, str | None]:
    """Partition -> the code version of its latest materialization (absent: never materialized).

    One indexed query finds each partition's latest event; only those events are read.
    """
    key = AssetKey(stage)
    wanted = set(partitions) if partitions is not None else None
    if wanted is not None and not wanted:
        return {}
    latest = instance.get_latest_storage_id_by_partition(
        key, DagsterEventType.ASSET_MATERIALIZATION, partitions=wanted
    )
    by_storage = {storage_id: partition for partition, storage_id in latest.items()}
    versions: dict[str, str | None] = {}
    for chunk in _chunks(sorted(by_storage), FETCH_CHUNK):
        result = instance.fetch_materializations(
            AssetRecordsFilter(asset_key=key, storage_ids=list(chunk)), limit=len(chunk)
        )
        for record in result.records:
            mat = record.asset_materialization
            versions[by_storage[record.storage_id]] = (
                (mat.tags or {}).get(CODE_VERSION_TAG) if mat is not None else None
            )
    return versions


@dataclass
class LedgerComparison:
    stage: str
    code_version: str
    settled: int = 0
    # Settled at the current version, but Dagster has no materialization of that version.
    missing: list[str] = field(default_factory=list)
    # Dagster's latest materialization is at the current version; the ledger is not settled.
    extra: list[str] = field(default_factory=list)

    @property
    def equal(self) -> bool:
        return not self.missing and not self.extra


def _missing(
    instance: DagsterInstance, stage: str, current: str, settled: dict[str, str]
) -> list[str]:
    due = sorted(k for k, v in settled.items() if code_version_of(v) == current)
    dagster = latest_code_versions(instance, stage, due)
    return [k for k in due if dagster.get(k) != current]


def compare(
    instance: DagsterInstance, engine: Engine, settings: Settings, stage: str
) -> LedgerComparison:
    """The ledger's settled rows against Dagster's materialized partitions, for one stage."""
    current = settings.producer_version(stage)
    with engine.connect() as conn:
        settled = settled_versions(conn, stage)
    result = LedgerComparison(stage, current, settled=len(settled))
    dagster = latest_code_versions(instance, stage)
    at_current = {k for k, v in dagster.items() if v == current}
    result.missing = sorted(
        k for k, v in settled.items() if code_version_of(v) == current and k not in at_current
    )
    result.extra = sorted(
        k
        for k in at_current
        if k not in settled or code_version_of(settled[k]) != current  # re-owed or failed
    )
    return result


@dataclass
class ReconcileReport:
    # Stage -> partitions that got a runless materialization.
    reported: dict[str, int] = field(default_factory=dict)
    # Stages left to a live run (its own materializations are still to come).
    skipped_live: list[str] = field(default_factory=list)

    @property
    def total(self) -> int:
        return sum(self.reported.values())


def reconcile(
    instance: DagsterInstance, engine: Engine, settings: Settings, stages: Sequence[str]
) -> ReconcileReport:
    """Report a materialization for every settled row Dagster has none for (at its version)."""
    report = ReconcileReport()
    storage = instance.run_storage
    for stage in stages:
        with engine.connect() as conn:
            checked_at: datetime = conn.execute(text("SELECT now()")).scalar_one()
        if live_active_runs(instance, {STAGE_TAG: stage}):
            report.skipped_live.append(stage)
            continue
        cursor_key = CURSOR_KEY.format(stage=stage)
        since_text = storage.get_cursor_values({cursor_key}).get(cursor_key)
        since = datetime.fromisoformat(since_text) if since_text else None
        with engine.connect() as conn:
            settled = settled_versions(conn, stage, since=since, before=checked_at)
        current = settings.producer_version(stage)
        missing = _missing(instance, stage, current, settled)
        for partition in missing:
            instance.report_runless_asset_event(
                AssetMaterialization(
                    asset_key=AssetKey(stage),
                    partition=partition,
                    description="settled in the ledger without a materialization (its run "
                    "was killed before reporting it, or it ran inline for a neighbour); "
                    "reported by the ki reconciler",
                    metadata={"producer_version": settled[partition], "reconciled": True},
                    tags={CODE_VERSION_TAG: current, RECONCILED_TAG: "true"},
                )
            )
        if missing:
            report.reported[stage] = len(missing)
        storage.set_cursor_values({cursor_key: checked_at.isoformat()})
    return report
