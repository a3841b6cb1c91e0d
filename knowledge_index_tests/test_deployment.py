"""The deployment files, validated by the tools that will read them (no Docker engine here)."""

from __future__ import annotations

import importlib
import shutil
from pathlib import Path

import pytest
import yaml

from knowledge_index.orchestration.dagster_internals import (
    validate_class_config,
    validate_instance_folder,
    validate_workspace,
)

REPO = Path(__file__).resolve().parents[1]
ENV = {
    "DAGSTER_POSTGRES_HOST": "postgres",
    "DAGSTER_POSTGRES_USER": "ki",
    "DAGSTER_POSTGRES_PASSWORD": "secret",
    "DAGSTER_POSTGRES_DB": "dagster",
}


def test_dagster_yaml_passes_dagsters_own_validation(tmp_path, monkeypatch):
    for key, value in ENV.items():
        monkeypatch.setenv(key, value)
    shutil.copy(REPO / "dagster.yaml", tmp_path / "dagster.yaml")
    config = validate_instance_folder(str(tmp_path))
    # Each pluggable class validates its own config section.
    for section in ("storage", "run_coordinator", "run_launcher"):
        body = config[section]
        if section == "storage":
            body = body["custom"]
        # Import, do not instantiate: instantiating would connect to Postgres and Docker.
        klass = getattr(importlib.import_module(body["module"]), body["class"])
        errors = validate_class_config(klass.config_type(), body.get("config") or {})
        assert not errors, (section, errors)
    assert config["run_launcher"]["class"] == "DockerRunLauncher"
    assert config["run_coordinator"]["class"] == "QueuedRunCoordinator"
    assert config["storage"]["custom"]["module"] == "knowledge_index.orchestration.storage"
    assert config["run_monitoring"]["free_slots_after_run_end_seconds"] > 0
    limits = config["concurrency"]["runs"]["tag_concurrency_limits"]
    assert {"key": "ki/source", "value": {"applyLimitPerUniqueValue": True}, "limit": 1} in limits


def test_workspace_yaml_passes_dagsters_own_validation():
    path = REPO / "workspace.yaml"
    config = validate_workspace(yaml.safe_load(path.read_text()), str(path))
    (location,) = config["load_from"]
    assert location["grpc_server"]["location_name"] == "knowledge_index"


def test_compose_yaml_follows_the_compose_specification():
    from compose_spec import PyCompose

    text = (REPO / "compose.yaml").read_text()
    spec = PyCompose.from_yaml(text).to_spec()
    services = set(spec.services or {})
    assert {"postgres", "webserver", "daemon", "user_code"} <= services
    # The parser really validates: a misspelt key is refused.
    with pytest.raises(Exception, match="imagee"):
        PyCompose.from_yaml(text.replace("image: pgvector", "imagee: pgvector", 1)).to_spec()
