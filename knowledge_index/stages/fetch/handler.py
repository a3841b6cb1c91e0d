"""fetch: source bytes into the content-addressed blob store."""

from __future__ import annotations

from knowledge_index.blobstore import record_blob
from knowledge_index.objects import store as objects
from knowledge_index.sources.base import SyncSource
from knowledge_index.sources.registry import get_source, open_source
from knowledge_index.stages.base import StageContext, StageOutcome


def fetch_handler(ctx: StageContext) -> StageOutcome:
    obj = ctx.source_object
    max_bytes = ctx.settings.pipeline.max_file_mb * 1024 * 1024
    if obj.parent_id is not None:
        content_hash, size = _child_blob(ctx, max_bytes)
    else:
        source = _source(ctx, obj.source_id)
        # FileNotFoundError (the file vanished since the scan) is deterministic: it quarantines
        # with its message, and the next sync tombstones the object.
        with source.fetch(obj.external_id) as stream:
            content_hash, size = ctx.blobs.put_stream(stream, max_bytes=max_bytes, label=obj.path)
    with ctx.engine.begin() as conn:
        record_blob(conn, ctx.blobs, content_hash, size)
        objects.record_fetched(conn, obj.id, content_hash, size)
    return StageOutcome("done", metadata={"content_hash": content_hash, "size_bytes": size})


def _source(ctx: StageContext, source_id: str) -> SyncSource:
    # One lookup per source per claim chunk, not per document.
    cache = ctx.batch_cache.setdefault("sources", {})
    if source_id not in cache:
        with ctx.engine.connect() as conn:
            cache[source_id] = open_source(get_source(conn, source_id))
    return cache[source_id]


def _child_blob(ctx: StageContext, max_bytes: int) -> tuple[str, int]:
    """A child's bytes were stored when its parent converted; fetch only checks them."""
    from knowledge_index.errors import ArtifactTooLarge, RetryableStageError

    obj = ctx.source_object
    if not obj.observed_hash:
        raise RetryableStageError(f"{obj.path}: the parent has not stored this child's bytes")
    path = ctx.blobs.path_for(obj.observed_hash)
    if not path.exists():
        raise FileNotFoundError(f"{obj.path}: blob {obj.observed_hash} is missing from the store")
    size = path.stat().st_size
    if size > max_bytes:
        raise ArtifactTooLarge(
            f"{obj.path} exceeds pipeline.max_file_mb ({max_bytes // (1024 * 1024)} MB)"
        )
    return obj.observed_hash, size
