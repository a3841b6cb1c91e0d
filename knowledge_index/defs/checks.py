"""The ledger's health per stage, and whether Dagster's asset page agrees with it: asset checks."""

from dagster import (
    AssetCheckExecutionContext,
    AssetCheckResult,
    AssetChecksDefinition,
    AssetCheckSeverity,
    asset_check,
)

from knowledge_index.defs.resources import KnowledgeIndex
from knowledge_index.ledger.health import stage_health
from knowledge_index.orchestration.reconcile import compare

SAMPLE = 20
MATCHES = "matches_ledger"


def build_ledger_check(stage: str) -> AssetChecksDefinition:
    @asset_check(
        asset=stage,
        name="ledger_health",
        description="No stale claims, no row waiting behind a settled predecessor, no "
        "quarantine without a cause.",
        blocking=False,
    )
    def _check(context: AssetCheckExecutionContext, ki: KnowledgeIndex) -> AssetCheckResult:
        settings = ki.settings()
        with ki.engine().connect() as conn:
            health = stage_health(conn, settings, stage)
        return AssetCheckResult(
            passed=health.healthy,
            severity=AssetCheckSeverity.ERROR,
            metadata=health.model_dump(exclude={"stage"}),
            description=None
            if health.healthy
            else (
                "stale claims are recovered by the next run; stuck waiting rows and causeless "
                "quarantine mean a ledger bug: report them"
            ),
        )

    return _check


def build_materialization_check(stage: str) -> AssetChecksDefinition:
    @asset_check(
        asset=stage,
        name=MATCHES,
        description="Dagster's materialized partitions (latest materialization at the current "
        "code version) equal the ledger's settled rows. Settled rows without one are "
        "reconciled by the next `ki run` or housekeeping tick.",
        blocking=False,
    )
    def _check(context: AssetCheckExecutionContext, ki: KnowledgeIndex) -> AssetCheckResult:
        result = compare(context.instance, ki.engine(), ki.settings(), stage)
        return AssetCheckResult(
            passed=result.equal,
            # Missing materializations are the reconciler's to fix; extra ones (a partition
            # Dagster shows current whose row is owed again or failed) clear when it re-runs.
            severity=AssetCheckSeverity.ERROR if result.missing else AssetCheckSeverity.WARN,
            metadata={
                "code_version": result.code_version,
                "ledger_settled": result.settled,
                "settled_without_materialization": len(result.missing),
                "materialized_but_not_settled": len(result.extra),
                "missing_sample": result.missing[:SAMPLE],
                "extra_sample": result.extra[:SAMPLE],
            },
        )

    return _check
