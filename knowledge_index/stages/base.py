"""What a stage handler receives and returns."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Literal

from sqlalchemy import Engine, text

from knowledge_index.blobstore import BlobStore
from knowledge_index.settings import Settings


@dataclass(frozen=True)
class SourceObject:
    id: str
    source_id: str
    external_id: str
    path: str
    size_bytes: int | None
    content_hash: str | None
    observed_hash: str | None
    parent_id: str | None
    deleted: bool
    acl: dict[str, Any]


def load_objects(engine: Engine, ids: list[str]) -> dict[str, SourceObject]:
    with engine.connect() as conn:
        rows = conn.execute(
            text(
                "SELECT id, source_id, external_id, path, size_bytes, content_hash,"
                " observed_hash, parent_id, deleted_at IS NOT NULL, acl"
                " FROM source_objects WHERE id = ANY(CAST(:ids AS text[]))"
            ),
            {"ids": ids},
        ).all()
    return {r[0]: SourceObject(*r) for r in rows}


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
