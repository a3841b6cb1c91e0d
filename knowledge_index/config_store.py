"""Editing the saved configuration file: `ki config show|set`."""

from __future__ import annotations

import json
import os
import tempfile
from typing import Any

from knowledge_index.errors import ConfigError, EnvironmentPinned
from knowledge_index.settings import (
    SAVED_SECTIONS,
    Settings,
    config_path,
    load_settings,
    read_saved_config,
)


def env_var_for(dotted: str) -> str:
    return "KI_" + dotted.upper().replace(".", "__")


def pinning_env_var(dotted: str) -> str | None:
    """The environment variable that fixes `dotted` (itself or a parent section), if any."""
    parts = dotted.split(".")
    for i in range(len(parts), 0, -1):
        name = env_var_for(".".join(parts[:i]))
        if name in os.environ:
            return name
    return None


def _parse_value(raw: str) -> Any:
    try:
        return json.loads(raw)
    except json.JSONDecodeError:
        return raw


def set_value(dotted: str, raw: str) -> Settings:
    """Validate and save one `pipeline.*` or `firm.*` field; returns the effective settings."""
    parts = dotted.split(".")
    if parts[0] not in SAVED_SECTIONS or len(parts) < 2:
        raise ConfigError(
            f"{dotted!r} is not an editable field; editable fields live under "
            + " or ".join(f"{s}.*" for s in SAVED_SECTIONS)
        )
    if parts[-1] == "producer_version":
        raise ConfigError(
            "producer_version is computed from the code version and the stage's rerun_token; "
            "set pipeline.stages.<stage>.rerun_token (or run `ki rerun STAGE`) instead"
        )
    pinned = pinning_env_var(dotted)
    if pinned:
        raise EnvironmentPinned(
            f"{dotted} is pinned by the environment variable {pinned}; unset it to edit the "
            "saved configuration"
        )
    data = read_saved_config()
    node = data
    for key in parts[:-1]:
        child = node.setdefault(key, {})
        if not isinstance(child, dict):
            raise ConfigError(f"{dotted}: {key} is not a section")
        node = child
    node[parts[-1]] = _parse_value(raw)
    _check_field_exists(parts)
    _validate_sections(data)
    _write(data)
    return load_settings()


def _check_field_exists(parts: list[str]) -> None:
    if parts[:2] == ["pipeline", "stages"] and len(parts) > 2:
        from knowledge_index.pipeline import check_stage

        check_stage(parts[2], allow_legacy=True)
    node: Any = load_settings().model_dump(include=set(SAVED_SECTIONS))
    for key in parts:
        if not isinstance(node, dict) or key not in node:
            raise ConfigError(f"unknown configuration field {'.'.join(parts)!r}")
        node = node[key]


def _validate_sections(data: dict[str, Any]) -> None:
    from pydantic import ValidationError

    from knowledge_index.settings import FirmSettings, PipelineSettings, _describe_validation_error

    for section, model in (("pipeline", PipelineSettings), ("firm", FirmSettings)):
        try:
            model.model_validate(data.get(section, {}))
        except ValidationError as exc:
            raise ConfigError(_describe_validation_error(exc, prefix=f"{section}.")) from exc


def _write(data: dict[str, Any]) -> None:
    path = config_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".config.", suffix=".json")
    with os.fdopen(fd, "w", encoding="utf-8") as fh:
        json.dump(data, fh, indent=2, sort_keys=True)
    os.replace(tmp, path)


def effective_config(settings: Settings) -> dict[str, Any]:
    """What `ki config show` prints: effective values, computed versions, env pins."""
    out = settings.model_dump(mode="json", include={"pipeline", "firm", "retrieval", "llm_model"})
    for stage, body in out["pipeline"]["stages"].items():
        body["producer_version"] = settings.producer_version(stage)
        body["model"] = settings.stage_model(stage)
    out["pinned_by_environment"] = sorted(
        k for k in os.environ if k.startswith(("KI_PIPELINE", "KI_FIRM"))
    )
    return out
