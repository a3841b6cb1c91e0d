"""What a stage handler receives and returns."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol

from sqlalchemy import Engine

from knowledge_index.blobstore import BlobStore
from knowledge_index.objects.store import SourceObject
from knowledge_index.relations.readiness import ReadinessStatus
from knowledge_index.settings import Settings


class Readiness(Protocol):
    """Makes another source object's converted text available now, or says why it cannot.

    Relate reads neighbours that may not have been fetched and converted yet. The runner fills
    this in, so a stage never imports the runner that imports the stages.
    """

    def ensure_ready(self, source_object_id: str) -> ReadinessStatus: ...


@dataclass
class StageContext:
    settings: Settings
    engine: Engine
    stage: str
    source_object: SourceObject
    blobs: BlobStore
    attempt: int
    access_only_reindex: bool = False
    # Shared by every document of one claim chunk: lookups a handler need not repeat.
    batch_cache: dict[str, Any] = field(default_factory=dict)
    readiness: Readiness | None = None


@dataclass
class StageOutcome:
    status: Literal["done", "skipped"] = "done"
    reason: str | None = None
    metadata: dict[str, Any] = field(default_factory=dict)
    # The capability this result lacked (e.g. "pdf-text-layer"). It is recorded in the row's
    # producer_version, so providing the capability later re-runs exactly these documents.
    degraded: str | None = None


Handler = Callable[[StageContext], StageOutcome]


def converted_document(ctx: StageContext) -> dict[str, Any]:
    """The structured_json body convert stored for this document's bytes.

    Missing inputs are retryable: the stage ran before its predecessor's output landed.
    """
    from knowledge_index.artifacts import get_artifact
    from knowledge_index.errors import RetryableStageError

    obj = ctx.source_object
    if not obj.content_hash:
        raise RetryableStageError("no fetched content yet: fetch has not stored the bytes")
    with ctx.engine.connect() as conn:
        artifact = get_artifact(conn, "structured_json", obj.content_hash)
    if artifact is None:
        raise RetryableStageError("no structured_json artifact yet: convert has not finished")
    return artifact.body
