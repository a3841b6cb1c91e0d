"""Documents inside documents: zip entries and e-mail attachments become ledger rows of their own.

A child's bytes go straight into the blob store when its parent converts; its fetch stage then
only checks them. Children that disappear from a re-converted parent are tombstoned.
"""

from __future__ import annotations

from pydantic import BaseModel
from sqlalchemy import Connection

from knowledge_index.ledger.store import restart_document, seed_objects
from knowledge_index.objects import store as objects
from knowledge_index.objects.store import SourceObject
from knowledge_index.sources.base import stable_object_id

SEPARATOR = "!/"


class ChildRef(BaseModel):
    filename: str
    relation: str
    content_hash: str
    size_bytes: int


def child_external_id(parent: SourceObject, index: int, filename: str) -> str:
    # The index keeps two attachments with one name apart; order is the container's own.
    return f"{parent.external_id}{SEPARATOR}{index}/{filename}"


def upsert_children(conn: Connection, parent: SourceObject, children: list[ChildRef]) -> list[str]:
    """Create, update or tombstone the parent's children; returns ids that need a partition."""
    existing = objects.children_of(conn, parent.id)
    created: list[str] = []
    restarted: list[str] = []
    seen: set[str] = set()
    for i, child in enumerate(children):
        ext = child_external_id(parent, i, child.filename)
        seen.add(ext)
        source_object_id = stable_object_id(parent.source_id, ext)
        prior = existing.get(ext)
        if prior is None:
            objects.insert_child(
                conn,
                source_object_id,
                parent_id=parent.id,
                external_id=ext,
                path=f"{parent.path}{SEPARATOR}{child.filename}",
                relation=child.relation,
                size_bytes=child.size_bytes,
                observed_hash=child.content_hash,
            )
            created.append(source_object_id)
        elif prior.observed_hash != child.content_hash or prior.deleted:
            objects.restore_child(
                conn,
                source_object_id,
                observed_hash=child.content_hash,
                size_bytes=child.size_bytes,
            )
            restarted.append(source_object_id)
    gone = [
        stable_object_id(parent.source_id, ext)
        for ext, state in existing.items()
        if ext not in seen and not state.deleted
    ]
    # An entry gone from a re-converted container takes its own entries with it, at any depth.
    gone = objects.tombstone(conn, gone)
    seed_objects(conn, created)
    restart_document(conn, restarted + gone)
    return created
