"""The ledger's health per stage as an asset check, in the UI."""

from dagster import (
    AssetCheckExecutionContext,
    AssetCheckResult,
    AssetChecksDefinition,
    AssetCheckSeverity,
    asset_check,
)

from knowledge_index.defs.resources import KnowledgeIndex
from knowledge_index.ledger.health import stage_health


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
