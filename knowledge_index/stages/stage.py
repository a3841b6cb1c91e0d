"""The declaration of a stage: everything the ledger, settings, the offline model and Dagster need.

Each stage folder's `__init__.py` exports one `STAGE = Stage(...)`; `pipeline.STAGES` orders them.
Code is referenced as `"package.module:attribute"` strings and imported on first use, so reading
the pipeline (settings, the ledger, the CLI's status) never imports Docling, torch or litellm.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache
from typing import Any


@cache
def load_ref(ref: str) -> Any:
    """Import `"package.module:attribute"` (the attribute may be dotted)."""
    module_name, _, attribute = ref.partition(":")
    if not attribute:
        raise ValueError(f"{ref!r} is not a 'module:attribute' reference")
    value: Any = importlib.import_module(module_name)
    for part in attribute.split("."):
        value = getattr(value, part)
    return value


@dataclass(frozen=True)
class Stage:
    """One step every document goes through, recorded per document in the ledger.

    `handler` names a callable `(StageContext) -> StageOutcome`, or an object that also has
    `run_batch(contexts)` yielding `(ctx, outcome, seconds)` as documents finish. A class is
    instantiated once (handlers may keep pools or caches).
    """

    name: str
    # Bump when the stage's behaviour changes: rows done under the old version are re-run.
    code_version: str
    description: str
    # A reference string in the product; a callable is accepted for tests and notebooks.
    handler: str | Callable[..., Any]
    # Model stages record their model in the producer version and go through the gateway.
    model_stage: bool = False
    # Calls the configured embedding model: a remote one is guarded by its own circuit
    # breaker like a model stage's model (the in-process offline model cannot have an outage).
    calls_embedding_model: bool = False
    # Index must still run for a deleted document: it removes the document from search.
    runs_for_deleted: bool = False
    # Its runs may be executed by run helpers, several processes over one range at once
    # (orchestration/run_helpers.py): only where a document's answer cannot depend on which
    # of the stage's documents another process settled first.
    parallel_runs: bool = False
    # Documents claimed (and handed to `run_batch`) at once; None: the runner's default. More
    # for a stage whose handler batches across documents, fewer keep a crash's strand small.
    claim_chunk: int | None = None
    # `(Settings) -> set[str]`: capabilities this installation lacks for the stage; a row
    # degraded only by those is current, and providing one re-runs exactly those rows.
    unavoidable_degradations: str | None = None
    # `(Settings) -> None`: start, without waiting, what the handler is slow to get ready
    # (convert's worker processes); called when a run begins with documents owed to the stage
    # or to the one before it, so the start-up overlaps the earlier stages' work.
    warm_up: str | None = None
    # What to provide for each degradation tag (shown by `ki status` / `ki quarantine`).
    degradation_hints: dict[str, str] = field(default_factory=dict)
    # The offline default model's policy class for this stage (model stages).
    offline_policy: str | None = None
    tags: dict[str, str] = field(default_factory=dict)

    def load_handler(self) -> Any:
        return _instance(self.handler) if isinstance(self.handler, str) else self.handler

    def degradations(self, settings: Any) -> set[str]:
        """`settings` is a `Settings`; typed loosely because settings reads the pipeline, and a
        declaration must not import it back."""
        if self.unavoidable_degradations is None:
            return set()
        fn: Callable[[Any], set[str]] = load_ref(self.unavoidable_degradations)
        return set(fn(settings))

    def warm(self, settings: Any) -> None:
        if self.warm_up is not None:
            load_ref(self.warm_up)(settings)

    def load_offline_policy(self) -> Any:
        return load_ref(self.offline_policy) if self.offline_policy else None


@cache
def _instance(ref: str) -> Any:
    value = load_ref(ref)
    return value() if isinstance(value, type) else value
