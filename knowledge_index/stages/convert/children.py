"""Documents inside documents: zip entries and e-mail attachments become ledger rows of their own.

A child's bytes go straight into the blob store when its parent converts; its fetch stage then
only checks them. Children that disappear from a re-converted parent are tombstoned.
"""

from __future__ import annotations

from pydantic import BaseModel
from sqlalchemy import Connection, text

from knowledge_index.ledger.store import restart_document, seed_objects
from knowledge_index.sources.base import stable_object_id
from knowledge_index.stages.base import SourceObject

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
    existing = {
        r[0]: (r[1], r[2] is not None)
        for r in conn.execute(
            text(
                "SELECT external_id, observed_hash, deleted_at FROM source_objects"
                " WHERE parent_id = :p"
            ),
            {"p": parent.id},
        )
    }
    created: list[str] = []
    restarted: list[str] = []
    seen: set[str] = set()
    for i, child in enumerate(children):
        ext = child_external_id(parent, i, child.filename)
        seen.add(ext)
        oid = stable_object_id(parent.source_id, ext)
        prior = existing.get(ext)
        if prior is None:
            conn.execute(
                text(
                    "INSERT INTO source_objects (id, source_id, external_id, path, parent_id,"
                    " child_relation, size_bytes, observed_hash, acl, acl_hash)"
                    " SELECT :id, source_id, :ext, :path, id, :rel, :size, :h, acl, acl_hash"
                    " FROM source_objects WHERE id = :parent"
                    " ON CONFLICT (source_id, external_id) DO NOTHING"
                ),
                {
                    "id": oid,
                    "ext": ext,
                    "path": f"{parent.path}{SEPARATOR}{child.filename}",
                    "rel": child.relation,
                    "size": child.size_bytes,
                    "h": child.content_hash,
                    "parent": parent.id,
                },
            )
            created.append(oid)
        elif prior[0] != child.content_hash or prior[1]:
            conn.execute(
                text(
                    "UPDATE source_objects SET observed_hash = :h, size_bytes = :size,"
                    " deleted_at = NULL, updated_at = now() WHERE id = :id"
                ),
                {"h": child.content_hash, "size": child.size_bytes, "id": oid},
            )
            restarted.append(oid)
    gone = [
        stable_object_id(parent.source_id, ext)
        for ext, (_, deleted) in existing.items()
        if ext not in seen and not deleted
    ]
    if gone:
        conn.execute(
            text(
                "UPDATE source_objects SET deleted_at = now(), updated_at = now()"
                " WHERE id = ANY(CAST(:ids AS text[]))"
            ),
            {"ids": gone},
        )
    seed_objects(conn, created)
    restart_document(conn, restarted + gone)
    return created
