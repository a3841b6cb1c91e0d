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

# Shown to people: a child's path is its parent's path, this separator and its own name.
SEPARATOR = "!/"
# A child's external id lives in a namespace no source can list: a folder source's external
# ids are relative paths, which never start with "/". With the parent's path in it instead
# (the old `parent!/0/name`), a real folder named `parent!/0` took the entry's id: the entry
# was dropped, or every later sync failed on the unique key. The parent's id (no "/" in it)
# and the index make the id unique among all children too, whatever names an archive holds.
CHILD_NAMESPACE = "//"


class ChildRef(BaseModel):
    filename: str
    relation: str
    content_hash: str
    size_bytes: int


def child_external_id(parent: SourceObject, index: int, filename: str) -> str:
    # The index keeps two attachments with one name apart; order is the container's own.
    return f"{CHILD_NAMESPACE}{parent.id}/{index}/{filename}"


def child_path(parent: SourceObject, filename: str) -> str:
    return f"{parent.path}{SEPARATOR}{filename}"


def upsert_children(conn: Connection, parent: SourceObject, children: list[ChildRef]) -> list[str]:
    """Create, update or tombstone the parent's children; returns ids that need a partition."""
    existing = objects.children_of(conn, parent.id)
    created: list[str] = []
    restarted: list[str] = []
    seen: set[str] = set()
    for i, child in enumerate(children):
        ext = child_external_id(parent, i, child.filename)
        seen.add(ext)
        prior = existing.get(ext)
        if prior is None:
            source_object_id = stable_object_id(parent.source_id, ext)
            objects.insert_child(
                conn,
                source_object_id,
                parent_id=parent.id,
                external_id=ext,
                path=child_path(parent, child.filename),
                relation=child.relation,
                size_bytes=child.size_bytes,
                observed_hash=child.content_hash,
            )
            created.append(source_object_id)
        elif prior.observed_hash != child.content_hash or prior.deleted:
            objects.restore_child(
                conn,
                prior.id,
                observed_hash=child.content_hash,
                size_bytes=child.size_bytes,
            )
            restarted.append(prior.id)
    gone = [state.id for ext, state in existing.items() if ext not in seen and not state.deleted]
    # An entry gone from a re-converted container takes its own entries with it, at any depth.
    gone = objects.tombstone(conn, gone) if gone else []
    seed_objects(conn, created)
    restart_document(conn, restarted + gone)
    return created
