"""The stage list as the Dagster layer sees it: the one accessor every definition is built from.

Read from `pipeline.STAGES` at call time (so a swapped tuple, e.g. a test's toy stage, becomes
assets on the next definitions build). A stage's code version stays
`settings.producer_version(name)`, read where assets are built.
"""

from __future__ import annotations

from dataclasses import dataclass

from knowledge_index import pipeline


@dataclass(frozen=True)
class StageSpec:
    name: str
    description: str
    # The stage before it: a document reaches a stage only after its predecessor settled.
    deps: tuple[str, ...]


def stage_specs() -> list[StageSpec]:
    """Every stage in pipeline order (every stage is built)."""
    stages = pipeline.STAGES
    return [
        StageSpec(
            name=stage.name,
            description=stage.description,
            deps=(stages[i - 1].name,) if i else (),
        )
        for i, stage in enumerate(stages)
    ]


def stage_names() -> list[str]:
    return [spec.name for spec in stage_specs()]
