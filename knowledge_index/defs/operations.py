"""Operator actions and observations reachable from the Dagster UI.

- `rerun_stage`: the UI twin of `ki rerun STAGE` (launch it from the Launchpad with the stage
  name); it bumps the stage's rerun token, states counts and downstream effects in its
  metadata and creates the stage's backfill (Overview > Backfills); the backfill daemon runs it
  and the insertion sensor follows with the downstream stages.
- `ledger_observer`: records the stage buckets as asset observations every few minutes, so each
  stage asset's page plots the corpus's state over time.
"""

from dagster import (
    AssetKey,
    AssetObservation,
    Config,
    DefaultSensorStatus,
    MetadataValue,
    OpExecutionContext,
    SensorEvaluationContext,
    SensorResult,
    job,
    op,
    sensor,
)

from knowledge_index.defs.resources import KnowledgeIndex
from knowledge_index.orchestration.backfill import rerun_stage_backfill
from knowledge_index.orchestration.jobs import RERUN_JOB
from knowledge_index.orchestration.stages import stage_names


class RerunConfig(Config):
    stage: str
    # False: back-fill what the ledger already owes (e.g. after a code-version change).
    bump: bool = True


@op(
    description="Bump a stage's rerun token and back-fill the stage: every document that ran "
    "it runs it again (downstream follows)."
)
def rerun_stage_op(context: OpExecutionContext, config: RerunConfig, ki: KnowledgeIndex) -> dict:
    from knowledge_index.ledger.report import rerun_preview
    from knowledge_index.pipeline import check_stage

    check_stage(config.stage)
    with ki.engine().connect() as conn:
        preview = rerun_preview(conn, config.stage)
    result = rerun_stage_backfill(
        ki.settings(), context.instance, config.stage, bump=config.bump, trigger="ui"
    )
    backfill = result.backfill
    summary = {
        "stage": config.stage,
        "documents": preview.documents,
        "already_owed": preview.already_owed,
        "downstream_stages": preview.downstream_stages,
        "producer_version": result.producer_version,
        "backfill_id": backfill.backfill_id if backfill else None,
        "backfill_partitions": backfill.partitions if backfill else 0,
    }
    context.add_output_metadata(
        {
            **{
                k: MetadataValue.json(v) if isinstance(v, list) else v
                for k, v in summary.items()
                if v is not None
            },
            **({"backfill": MetadataValue.url(backfill.ui_path)} if backfill else {}),
        }
    )
    context.log.info(
        f"{preview.documents} document(s) will re-run {config.stage}; downstream: "
        f"{', '.join(preview.downstream_stages) or 'none'}; backfill: "
        f"{backfill.ui_path if backfill else 'none (nothing owed)'}"
    )
    return summary


@job(
    name=RERUN_JOB,
    description="Re-run one stage corpus-wide (the UI twin of `ki rerun STAGE`).",
    tags={"ki/kind": "operator"},
)
def rerun_stage() -> None:
    rerun_stage_op()


@sensor(
    name="ledger_observer",
    minimum_interval_seconds=300,
    default_status=DefaultSensorStatus.RUNNING,
    description="Records every stage's ledger buckets as an observation (plotted over time).",
)
def ledger_observer(context: SensorEvaluationContext, ki: KnowledgeIndex) -> SensorResult:
    from knowledge_index.ledger.report import status

    stages = set(stage_names())
    with ki.engine().connect() as conn:
        report = status(conn)
    events = [
        AssetObservation(
            asset_key=AssetKey(s.stage),
            metadata={f"bucket_{name}": count for name, count in s.buckets.items()},
        )
        for s in report.stages
        if s.stage in stages
    ]
    return SensorResult(asset_events=events)
