"""One partitioned asset per built stage; its body runs the stage through the ledger.

Per-document outcomes: each settled document gets its own AssetMaterialization (with the
producer version as code version); documents that failed are named in a Failure raised at the
end, so Dagster marks exactly those partitions failed and the rest materialized.
"""

from collections.abc import Iterator

from dagster import (
    AssetExecutionContext,
    AssetKey,
    AssetMaterialization,
    AssetsDefinition,
    BackfillPolicy,
    Config,
    Failure,
    MaterializeResult,
    MetadataValue,
    asset,
)

from knowledge_index.defs.partitions import documents
from knowledge_index.defs.resources import KnowledgeIndex
from knowledge_index.pipeline import get_stage, stage_order
from knowledge_index.runner import BatchReport, run_stage
from knowledge_index.settings import Settings

CODE_VERSION_TAG = "dagster/code_version"


def built_stages() -> list[str]:
    """Every stage of the pipeline, in order; each becomes an asset."""
    return list(stage_order())


def _materializations(report: BatchReport) -> Iterator[AssetMaterialization]:
    for r in report.results:
        if not r.settled or r.claim_lost:
            continue
        yield AssetMaterialization(
            asset_key=AssetKey(report.stage),
            partition=r.source_object_id,
            metadata={
                "bucket": r.bucket,
                "producer_version": report.producer_version,
                "seconds": round(r.seconds, 4),
                **({"reason": r.reason} if r.reason else {}),
                **r.metadata,
            },
            tags={CODE_VERSION_TAG: report.producer_version},
        )


def _batched(context: AssetExecutionContext, mats: list[AssetMaterialization]) -> Iterator:
    """The batch's materializations as one event batch: one INSERT instead of one per document.

    A yielded AssetMaterialization is logged outside any batch; wrapping it in the same
    DagsterEvent Dagster would build, with batch metadata, lets the storage write the batch at
    once (with DAGSTER_EVENT_BATCH_SIZE set). This leans on Dagster internals, so the Dagster
    family is pinned and a test checks that failed partitions are still marked failed.
    """
    from dagster import DagsterEvent
    from dagster._core.events import DagsterEventBatchMetadata, generate_event_batch_id

    step = context.op_execution_context._step_execution_context
    batch_id = generate_event_batch_id()
    for i, mat in enumerate(mats):
        yield DagsterEvent.asset_materialization(
            step, mat, DagsterEventBatchMetadata(batch_id, i == len(mats) - 1)
        )


def _failure(report: BatchReport) -> Failure:
    failed = report.failed
    lines = [
        f"{r.source_object_id}: {r.status} ({(r.error or {}).get('class')}: "
        f"{(r.error or {}).get('message', '')[:200]})"
        for r in failed[:50]
    ]
    return Failure(
        description=f"{len(failed)} of {len(report.results)} documents failed {report.stage}; "
        "the rest materialized. The ledger retries or quarantines them by its rules.",
        metadata={
            "failed_documents": MetadataValue.json([r.source_object_id for r in failed]),
            "details": MetadataValue.md("\n".join(f"- {line}" for line in lines)),
        },
        allow_retries=False,
    )


def build_stage_asset(stage: str, settings: Settings, deps: list[str]) -> AssetsDefinition:
    @asset(
        name=stage,
        partitions_def=documents,
        code_version=settings.producer_version(stage),
        backfill_policy=BackfillPolicy.multi_run(
            max_partitions_per_run=settings.pipeline.batch_size
        ),
        output_required=False,
        deps=deps,
        group_name="insertion",
        description=get_stage(stage).description,
        owners=["team:knowledge-index"],
        kinds={"python", "postgres"},
        tags={"ki/stage": stage},
    )
    def _stage_asset(context: AssetExecutionContext, ki: KnowledgeIndex) -> Iterator:
        cfg = ki.settings()
        report = run_stage(cfg, stage, object_ids=context.partition_keys)
        context.log.info(
            f"{stage}: claimed {len(report.results)} of {len(context.partition_keys)} documents "
            f"in range; done={report.count('done')} skipped={report.count('skipped')} "
            f"failed={report.count('failed')} quarantined={report.count('quarantined')}"
        )
        yield from _batched(context, list(_materializations(report)))
        if report.failed:
            raise _failure(report)

    return _stage_asset


def build_stage_assets(settings: Settings) -> list[AssetsDefinition]:
    stages = built_stages()
    return [
        build_stage_asset(stage, settings, [stages[i - 1]] if i else [])
        for i, stage in enumerate(stages)
    ]


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
    from knowledge_index.search_sync import rebuild_index, update_index

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
