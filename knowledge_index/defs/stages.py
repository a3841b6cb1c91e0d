"""The stage assets, their ranged jobs and ledger checks, built from the stage list.

Code versions (`settings.producer_version`) and the backfill batch (`pipeline.batch_size`) come
from settings, read on every load; nothing here touches the database.
"""

import dagster as dg

from knowledge_index.defs.assets import build_stage_asset
from knowledge_index.defs.checks import (
    MATCHES,
    build_ledger_check,
    build_materialization_check,
)
from knowledge_index.orchestration.jobs import stage_job_name
from knowledge_index.orchestration.stages import stage_specs
from knowledge_index.settings import Settings, load_settings


def build_stage_definitions(settings: Settings) -> dg.Definitions:
    """The one builder: every stage's asset, job and check (tests and the loader call it)."""
    specs = stage_specs()
    return dg.Definitions(
        assets=[build_stage_asset(spec, settings) for spec in specs],
        jobs=[
            dg.define_asset_job(
                stage_job_name(spec.name),
                # Not the matches_ledger check: it reads every partition's latest
                # materialization, too much for each batch; it runs on demand (the UI).
                selection=dg.AssetSelection.assets(spec.name)
                - dg.AssetSelection.checks(dg.AssetCheckKey(dg.AssetKey(spec.name), MATCHES)),
                executor_def=dg.in_process_executor,
                description=f"Run {spec.name} for a range of documents (batched, in-process).",
            )
            for spec in specs
        ],
        asset_checks=[
            *(build_ledger_check(spec.name) for spec in specs),
            *(build_materialization_check(spec.name) for spec in specs),
        ],
    )


@dg.definitions
def stages() -> dg.Definitions:
    return build_stage_definitions(load_settings())
