"""The sync run: scan one source, diff it into the ledger, add partitions, hand off."""

from dagster import Config, Failure, MetadataValue, OpExecutionContext, job, op

from knowledge_index.defs.resources import KnowledgeIndex
from knowledge_index.orchestration.jobs import SKIPPED_IN_FLIGHT, SYNC_JOB
from knowledge_index.orchestration.partitions import DOCUMENTS
from knowledge_index.sources.sync import SyncInFlight, sync_source


class SyncConfig(Config):
    source: str
    trigger: str = "cli"


@op(description="Scan a source, diff against the ledger, confirm deletions, add partitions.")
def sync_source_op(context: OpExecutionContext, config: SyncConfig, ki: KnowledgeIndex) -> dict:
    settings = ki.settings()

    def register(ids: list[str]) -> None:
        context.instance.add_dynamic_partitions(DOCUMENTS, ids)

    try:
        report = sync_source(
            ki.engine(),
            settings,
            config.source,
            trigger=config.trigger,
            dagster_run_id=context.run_id,
            register_partitions=register,
        )
    except SyncInFlight as exc:
        # Marked, so the driver reports a skip (exit 2, nothing lost), not a failed sync.
        raise Failure(
            description=str(exc),
            metadata={SKIPPED_IN_FLIGHT: MetadataValue.text(config.source)},
            allow_retries=False,
        ) from exc
    counters = report.model_dump(exclude={"new_source_object_ids"})
    context.add_output_metadata(
        {
            k: MetadataValue.text(str(v)) if v is None or isinstance(v, str) else v
            for k, v in counters.items()
        }
    )
    return counters


@job(
    name=SYNC_JOB,
    description="One source's sync run (the seed's source-sync: scan, then hand off).",
    tags={"ki/kind": "sync"},
)
def source_sync() -> None:
    sync_source_op()
