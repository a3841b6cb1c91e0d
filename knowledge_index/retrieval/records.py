"""The row both index sides store for one chunk: payload for citation, ACL projection, vector."""

from __future__ import annotations

import datetime as dt
import re
from typing import Annotated, Any

import numpy as np
from pydantic import BaseModel, ConfigDict, Field, PlainSerializer, PlainValidator

from knowledge_index.retrieval.acl import normalize_principals


def _as_vector(value: Any) -> np.ndarray:
    # One array conversion instead of validating 384 floats one by one.
    array = np.asarray(value, dtype=np.float32)
    if array.ndim != 1 or array.size == 0:
        raise ValueError("vector must be a non-empty 1-d sequence of floats")
    if not np.all(np.isfinite(array)):
        raise ValueError("vector contains NaN or infinity")
    return array


Vector = Annotated[
    np.ndarray,
    PlainValidator(_as_vector),
    PlainSerializer(lambda v: v.tolist(), return_type=list),
]


_CONTENT_KEY = re.compile(r"@([0-9a-f]{16})$")


def content_key(version_id: str) -> str | None:
    """The bytes a version was read from: the content-hash prefix the index stage puts after
    "@" (`<source object id>@<hash[:16]>`); None for an id of another shape."""
    found = _CONTENT_KEY.search(version_id)
    return found.group(1) if found else None


def make_chunk_id(version_id: str, ordinal: int) -> str:
    """Stable per (version, ordinal): re-indexing a version replaces rows instead of orphaning."""
    return f"{version_id}#{ordinal}"


class ChunkPayload(BaseModel):
    """Everything a hit needs for filtering and citation."""

    model_config = ConfigDict(extra="forbid")

    chunk_id: str = Field(min_length=1)
    # The source object id. The search index stores this field under its original name on
    # disk (LanceDB column, Tantivy field, payload JSON), so deployed indexes stay readable;
    # renaming it would force a rebuild. Everything above the index says source_object_id.
    document_id: str = Field(min_length=1)
    version_id: str = Field(min_length=1)
    matter_id: str | None = None
    doc_type: str | None = None
    status: str | None = None
    language: str | None = None
    doc_date: dt.date | None = None
    allowed_principals: list[str] = Field(default_factory=list)
    denied_principals: list[str] = Field(default_factory=list)
    path: str = ""
    title: str = ""
    text: str
    ordinal: int = 0
    section_path: list[str] = Field(default_factory=list)
    page: int | None = None
    char_start: int | None = None
    char_end: int | None = None
    # Monotonic position in the changes feed that produced this row (for incremental updates).
    updated_seq: int = 0

    def model_post_init(self, __context: Any) -> None:
        self.allowed_principals = normalize_principals(self.allowed_principals)
        self.denied_principals = normalize_principals(self.denied_principals)


class ChunkRecord(ChunkPayload):
    model_config = ConfigDict(extra="forbid", arbitrary_types_allowed=True)

    vector: Vector
