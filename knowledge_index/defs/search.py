"""The search index (LanceDB + Tantivy) as an asset, its job and its agreement check."""

from dagster import (
    AssetCheckResult,
    AssetCheckSeverity,
    AssetExecutionContext,
    Config,
    MaterializeResult,
    asset,
    asset_check,
    define_asset_job,
    in_process_executor,
)

from knowledge_index.defs.resources import KnowledgeIndex
from knowledge_index.orchestration.jobs import SEARCH_INDEX_JOB


class SearchIndexConfig(Config):
    rebuild: bool = False


@asset(
    name="search_index",
    deps=["index"],
    group_name="retrieval",
    description="LanceDB (vectors) + Tantivy (BM25, German and English) brought up to date "
    "with the Postgres chunks through the chunk_changes feed; `rebuild` reconstructs both "
    "from Postgres alone.",
    owners=["team:knowledge-index"],
    kinds={"lancedb", "tantivy"},
)
def search_index(
    context: AssetExecutionContext, config: SearchIndexConfig, ki: KnowledgeIndex
) -> MaterializeResult:
    from knowledge_index.retrieval.sync import rebuild_index, update_index

    settings = ki.settings()
    update = (
        rebuild_index(ki.engine(), settings)
        if config.rebuild
        else update_index(ki.engine(), settings)
    )
    context.log.info(f"search index: {update.model_dump()}")
    return MaterializeResult(
        metadata={**update.model_dump(), "in_sync": (update.index_chunks == update.postgres_chunks)}
    )


search_index_job = define_asset_job(
    SEARCH_INDEX_JOB,
    selection=["search_index"],
    executor_def=in_process_executor,
    description="Apply pending chunk changes to LanceDB + Tantivy.",
)


@asset_check(
    asset="search_index",
    name="matches_postgres",
    description="The search index holds exactly the chunks Postgres holds.",
    blocking=False,
)
def search_index_matches_postgres(ki: KnowledgeIndex) -> AssetCheckResult:
    from sqlalchemy import text

    from knowledge_index.retrieval.index_state import pending_changes
    from knowledge_index.retrieval.sync import open_index

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
