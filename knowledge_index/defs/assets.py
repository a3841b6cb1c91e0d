"""One partitioned asset per stage; its body runs the stage through the ledger.

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
    Failure,
    MetadataValue,
    asset,
)

from knowledge_index.defs.resources import KnowledgeIndex
from knowledge_index.orchestration.dagster_internals import batched_materialization_events
from knowledge_index.orchestration.partitions import documents
from knowledge_index.orchestration.stages import StageSpec
from knowledge_index.runner import BatchReport, run_stage
from knowledge_index.settings import Settings

CODE_VERSION_TAG = "dagster/code_version"


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


def build_stage_asset(spec: StageSpec, settings: Settings) -> AssetsDefinition:
    stage = spec.name

    @asset(
        name=stage,
        partitions_def=documents,
        code_version=settings.producer_version(stage),
        backfill_policy=BackfillPolicy.multi_run(
            max_partitions_per_run=settings.pipeline.batch_size
        ),
        output_required=False,
        deps=list(spec.deps),
        group_name="insertion",
        description=spec.description,
        owners=["team:knowledge-index"],
        kinds={"python", "postgres"},
        tags={"ki/stage": stage},
    )
    def _stage_asset(context: AssetExecutionContext, ki: KnowledgeIndex) -> Iterator:
        cfg = ki.settings()
        report = run_stage(cfg, stage, source_object_ids=context.partition_keys)
        context.log.info(
            f"{stage}: claimed {len(report.results)} of {len(context.partition_keys)} documents "
            f"in range; done={report.count('done')} skipped={report.count('skipped')} "
            f"failed={report.count('failed')} quarantined={report.count('quarantined')}"
            + (f" waiting for the model's circuit={report.deferred}" if report.deferred else "")
        )
        if report.circuit:
            context.log.warning(f"{stage}: {report.circuit}; its documents wait in the ledger")
        # One event batch: one INSERT for the batch instead of one per document.
        yield from batched_materialization_events(context, list(_materializations(report)))
        if report.failed:
            raise _failure(report)

    return _stage_asset
