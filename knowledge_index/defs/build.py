"""Building the Definitions; `definitions.py` holds the loaded code location."""

from __future__ import annotations

import logging

from dagster import Definitions, define_asset_job, in_process_executor

from knowledge_index.db import get_engine
from knowledge_index.defs.assets import build_stage_assets, built_stages, search_index
from knowledge_index.defs.checks import build_ledger_check, search_index_matches_postgres
from knowledge_index.defs.operations import build_ledger_observer, rerun_stage
from knowledge_index.defs.resources import KnowledgeIndex
from knowledge_index.defs.sensors import (
    build_housekeeping_sensor,
    build_insertion_sensor,
    build_sync_sensor,
)
from knowledge_index.defs.sync_job import source_sync
from knowledge_index.migrations import migrate
from knowledge_index.settings import Settings, load_settings
from knowledge_index.sources.registry import list_sources

log = logging.getLogger(__name__)


def stage_job_name(stage: str) -> str:
    return f"{stage}_job"


def build_definitions(settings: Settings | None = None) -> Definitions:
    settings = settings or load_settings()
    engine = get_engine(settings)
    migrate(engine)
    with engine.connect() as conn:
        sources = list_sources(conn)
    stages = built_stages()
    stage_jobs = [
        define_asset_job(
            stage_job_name(stage),
            selection=[stage],
            executor_def=in_process_executor,
            description=f"Run {stage} for a range of documents (batched, in-process).",
        )
        for stage in stages
    ]
    search_job = define_asset_job(
        "search_index_job",
        selection=["search_index"],
        executor_def=in_process_executor,
        description="Apply pending chunk changes to LanceDB + Tantivy.",
    )
    return Definitions(
        assets=[*build_stage_assets(settings), search_index],
        jobs=[source_sync, *stage_jobs, search_job, rerun_stage],
        asset_checks=[
            *[build_ledger_check(stage) for stage in stages],
            search_index_matches_postgres,
        ],
        sensors=[
            build_insertion_sensor(stages, settings.pipeline.batch_size),
            build_housekeeping_sensor(),
            build_ledger_observer(stages),
            *[build_sync_sensor(row) for row in sources],
        ],
        resources={"ki": KnowledgeIndex()},
        executor=in_process_executor,
    )
