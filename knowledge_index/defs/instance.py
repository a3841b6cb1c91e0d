"""The product's own Dagster instance: Postgres storage on the same server as the ledger."""

from __future__ import annotations

import os
from pathlib import Path

import yaml

from knowledge_index.db import dagster_url, ensure_databases
from knowledge_index.settings import Settings

# Run-queue limit: at most one sync run per source may be queued or running.
SYNC_SOURCE_TAG = "ki/source"
STAGE_TAG = "ki/stage"
TRIGGER_TAG = "ki/trigger"


def instance_config(settings: Settings) -> dict:
    return {
        "storage": {
            "custom": {
                "module": "knowledge_index.defs.storage",
                "class": "PooledPostgresStorage",
                "config": {"postgres_url": dagster_url(settings)},
            }
        },
        "run_coordinator": {
            "module": "dagster.core.run_coordinator",
            "class": "QueuedRunCoordinator",
        },
        "concurrency": {
            "runs": {
                "max_concurrent_runs": 8,
                "tag_concurrency_limits": [
                    {
                        "key": SYNC_SOURCE_TAG,
                        "value": {"applyLimitPerUniqueValue": True},
                        "limit": 1,
                    },
                ],
            },
            "pools": {"default_limit": 4},
        },
        "run_monitoring": {"enabled": True, "free_slots_after_run_end_seconds": 30},
        "telemetry": {"enabled": False},
    }


def dagster_home(settings: Settings) -> Path:
    """Write (or refresh) the local instance's dagster.yaml and return its folder."""
    home = Path(os.environ.get("DAGSTER_HOME") or settings.home / "dagster")
    home.mkdir(parents=True, exist_ok=True)
    target = home / "dagster.yaml"
    if os.environ.get("DAGSTER_HOME") and target.exists():
        return home  # an operator-provided instance wins
    ensure_databases(settings)
    body = yaml.safe_dump(instance_config(settings), sort_keys=False)
    if not target.exists() or target.read_text() != body:
        target.write_text(body)
    return home


def get_instance(settings: Settings):
    from dagster import DagsterInstance

    return DagsterInstance.from_config(str(dagster_home(settings)))
