"""The pipeline: the ordered stages every document goes through.

`STAGES` is the one list of stages. Ledger seeding, producer versions, settings defaults, the
offline model's policies, asset descriptions and the Dagster assets are all derived from it, read
at call time (so a test, or a firm's build, can swap the tuple). Adding a stage is one folder
under `stages/` exporting `STAGE` and one line here.
"""

from __future__ import annotations

import dataclasses
from typing import Any, Final

from knowledge_index.stages import (
    classify_matter,
    convert,
    extract_decisions,
    extract_metadata,
    fetch,
    index,
    relate,
)
from knowledge_index.stages.stage import Stage

STAGES: tuple[Stage, ...] = (
    fetch.STAGE,
    convert.STAGE,
    classify_matter.STAGE,
    relate.STAGE,
    extract_metadata.STAGE,
    extract_decisions.STAGE,
    index.STAGE,
)

# Accepted in configuration for backwards compatibility; its leftover rows drain as skipped.
LEGACY_STAGES: Final[dict[str, str]] = {"gen_evals": "ki-1"}
GEN_EVALS_DRAIN_REASON: Final[str] = "gen_evals_moved_to_environment_builder"


def stage_order() -> tuple[str, ...]:
    """Stage names in execution order."""
    return tuple(s.name for s in STAGES)


def known_stages() -> tuple[str, ...]:
    """Current stages plus the legacy ones configuration may still name."""
    return stage_order() + tuple(LEGACY_STAGES)


def get_stage(name: str) -> Stage:
    for stage in STAGES:
        if stage.name == name:
            return stage
    from knowledge_index.errors import ConfigError

    raise ConfigError(f"unknown stage {name!r}; valid stages: {', '.join(stage_order())}")


def code_version(name: str) -> str:
    if name in LEGACY_STAGES:
        return LEGACY_STAGES[name]
    return get_stage(name).code_version


def is_model_stage(name: str) -> bool:
    return name not in LEGACY_STAGES and get_stage(name).model_stage


def calls_embedding_model(name: str) -> bool:
    return name not in LEGACY_STAGES and get_stage(name).calls_embedding_model


def replace_stage(name: str, **changes: Any) -> tuple[Stage, ...]:
    """`STAGES` with one stage's declaration changed (e.g. a new code_version in a test)."""
    get_stage(name)
    return tuple(dataclasses.replace(s, **changes) if s.name == name else s for s in STAGES)


def check_stage(stage: str, *, allow_legacy: bool = False) -> str:
    """Return `stage` or raise a ConfigError naming the valid stage ids."""
    from knowledge_index.errors import ConfigError

    valid = known_stages() if allow_legacy else stage_order()
    if stage not in valid:
        raise ConfigError(f"unknown stage {stage!r}; valid stages: {', '.join(valid)}")
    return stage


def downstream_of(stage: str) -> tuple[str, ...]:
    """The stages after `stage`, in order."""
    order = stage_order()
    return order[order.index(stage) + 1 :]


def previous_stage(stage: str) -> str | None:
    order = stage_order()
    idx = order.index(stage)
    return order[idx - 1] if idx > 0 else None


def next_stage(stage: str) -> str | None:
    order = stage_order()
    idx = order.index(stage)
    return order[idx + 1] if idx + 1 < len(order) else None
