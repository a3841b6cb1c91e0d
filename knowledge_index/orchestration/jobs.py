"""Job names shared by the definitions that declare the jobs and the driver that runs them."""

SYNC_JOB = "source_sync"
SEARCH_INDEX_JOB = "search_index_job"
RERUN_JOB = "rerun_stage"


def stage_job_name(stage: str) -> str:
    return f"{stage}_job"


SYNC_OP = "sync_source_op"


def sync_run_config(source_id: str, trigger: str) -> dict:
    """The sync job's run config: the same whether the sensor or `ki sync` launches it."""
    return {"ops": {SYNC_OP: {"config": {"source": source_id, "trigger": trigger}}}}


# Failure metadata key of a sync that found another sync of its source in flight: a skip.
SKIPPED_IN_FLIGHT = "ki/skipped_sync_in_flight"
