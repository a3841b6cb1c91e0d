"""The product's own Dagster instance: Postgres storage on the same server as the ledger."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import yaml
from dagster import DagsterInstance

from knowledge_index.db import dagster_url, ensure_databases
from knowledge_index.orchestration.dagster_internals import (
    DEFAULT_RUN_COORDINATOR,
    QUEUED_RUN_COORDINATOR,
    SYNC_IN_MEMORY_RUN_LAUNCHER,
)
from knowledge_index.orchestration.tags import SYNC_SOURCE_TAG
from knowledge_index.settings import Settings

STORAGE_MODULE = "knowledge_index.orchestration.storage"


def instance_config(settings: Settings) -> dict[str, Any]:
    return {
        "storage": {
            "custom": {
                "module": STORAGE_MODULE,
                "class": "PooledPostgresStorage",
                "config": {"postgres_url": dagster_url(settings)},
            }
        },
        "run_coordinator": dict(QUEUED_RUN_COORDINATOR),
        "concurrency": {
            "runs": {
                "max_concurrent_runs": 8,
                # At most one sync run per source may be queued or running.
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


def _write(folder: Path, config: dict[str, Any]) -> None:
    target = folder / "dagster.yaml"
    body = yaml.safe_dump(config, sort_keys=False)
    if not target.exists() or target.read_text() != body:
        target.write_text(body)


def dagster_home(settings: Settings) -> Path:
    """Write (or refresh) the local instance's dagster.yaml and return its folder."""
    home = Path(os.environ.get("DAGSTER_HOME") or settings.home / "dagster")
    home.mkdir(parents=True, exist_ok=True)
    if os.environ.get("DAGSTER_HOME") and (home / "dagster.yaml").exists():
        return home  # an operator-provided instance wins
    ensure_databases(settings)
    _write(home, instance_config(settings))
    return home


def get_instance(settings: Settings) -> DagsterInstance:
    return DagsterInstance.from_config(str(dagster_home(settings)))


def inline_instance(settings: Settings) -> DagsterInstance:
    """The product's instance, but runs launched synchronously in this process.

    Same storage as the daemon's instance (backfills and runs are shared); only the coordinator
    and launcher differ, like `ki run` executing runs in-process.
    """
    home = Path(settings.home) / "dagster-inline"
    home.mkdir(parents=True, exist_ok=True)
    ensure_databases(settings)
    config = instance_config(settings)
    config["run_coordinator"] = dict(DEFAULT_RUN_COORDINATOR)
    config["run_launcher"] = dict(SYNC_IN_MEMORY_RUN_LAUNCHER)
    _write(home, config)
    return DagsterInstance.from_config(str(home))
