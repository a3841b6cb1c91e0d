"""The stage order and code versions: what a document goes through and under which version."""

from __future__ import annotations

from typing import Final

# Execution order of the insertion pipeline. Every document has one ledger row per stage.
STAGE_ORDER: Final[tuple[str, ...]] = (
    "fetch",
    "convert",
    "classify_matter",
    "relate",
    "extract_metadata",
    "extract_decisions",
    "index",
)

# Accepted in configuration for backwards compatibility; its leftover rows drain as skipped.
LEGACY_STAGES: Final[tuple[str, ...]] = ("gen_evals",)
GEN_EVALS_DRAIN_REASON: Final[str] = "gen_evals_moved_to_environment_builder"

KNOWN_STAGES: Final[tuple[str, ...]] = STAGE_ORDER + LEGACY_STAGES

MODEL_STAGES: Final[frozenset[str]] = frozenset(
    {"classify_matter", "relate", "extract_metadata", "extract_decisions"}
)

# Owned by the implementation: bump a value when a stage's behaviour changes so that documents
# already processed under the old behaviour are re-run. Never read from configuration.
CODE_STAGE_VERSIONS: Final[dict[str, str]] = {
    "fetch": "ki-1",
    "convert": "ki-1",
    "classify_matter": "ki-1",
    "relate": "ki-1",
    "extract_metadata": "ki-1",
    "extract_decisions": "ki-1",
    "index": "ki-1",
    "gen_evals": "ki-1",
}


def check_stage(stage: str, *, allow_legacy: bool = False) -> str:
    """Return `stage` or raise a ConfigError naming the valid stage ids."""
    from knowledge_index.errors import ConfigError

    valid = KNOWN_STAGES if allow_legacy else STAGE_ORDER
    if stage not in valid:
        raise ConfigError(f"unknown stage {stage!r}; valid stages: {', '.join(valid)}")
    return stage


def downstream_of(stage: str) -> tuple[str, ...]:
    """The stages after `stage`, in order."""
    return STAGE_ORDER[STAGE_ORDER.index(stage) + 1 :]


def previous_stage(stage: str) -> str | None:
    idx = STAGE_ORDER.index(stage)
    return STAGE_ORDER[idx - 1] if idx > 0 else None


def next_stage(stage: str) -> str | None:
    idx = STAGE_ORDER.index(stage)
    return STAGE_ORDER[idx + 1] if idx + 1 < len(STAGE_ORDER) else None
