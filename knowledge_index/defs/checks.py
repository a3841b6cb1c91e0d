"""Asset checks: the ledger's health per stage and index/Postgres agreement, in the UI."""

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


@asset_check(
    asset="search_index",
    name="matches_postgres",
    description="The search index holds exactly the chunks Postgres holds.",
    blocking=False,
)
def search_index_matches_postgres(ki: KnowledgeIndex) -> AssetCheckResult:
    from sqlalchemy import text

    from knowledge_index.retrieval.sync import open_index, pending_changes

    settings = ki.settings()
    engine = ki.engine()
    with engine.connect() as conn:
        pg = conn.execute(text("SELECT count(*) FROM chunks")).scalar_one()
    index_count = open_index(settings).count()
    pending = pending_changes(engine, settings)
    return AssetCheckResult(
        passed=index_count == pg and pending == 0,
        severity=AssetCheckSeverity.WARN,
        metadata={"index_chunks": index_count, "postgres_chunks": pg, "pending_changes": pending},
    )
