"""The source objects store: the only module that writes `source_objects` (files and children).

A source object is one file a source listed, or one document found inside another (a zip entry,
an e-mail attachment: a child). Its id (`source_object_id` everywhere else) is stable and never
reused; it is also the Dagster partition key. Rows are read by column name, never by position.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, dataclass
from typing import Any

from sqlalchemy import (
    BigInteger,
    Boolean,
    Column,
    ColumnElement,
    Connection,
    DateTime,
    MetaData,
    Table,
    Text,
    any_,
    bindparam,
    func,
    insert,
    literal,
    or_,
    select,
    text,
    update,
)
from sqlalchemy.dialects.postgresql import ARRAY, JSONB
from sqlalchemy.dialects.postgresql import insert as pg_insert

# Mirrors sql/001, sql/002 and sql/011 (the migrations stay the schema's source of truth).
source_objects = Table(
    "source_objects",
    MetaData(),
    Column("id", Text, primary_key=True),
    Column("seq", BigInteger),
    Column("source_id", Text, nullable=False),
    Column("external_id", Text, nullable=False),
    Column("path", Text, nullable=False),
    Column("parent_id", Text),
    Column("child_relation", Text),
    # Outermost first; '{}' for a top-level file (sql/011).
    Column("ancestor_ids", ARRAY(Text), nullable=False),
    Column("size_bytes", BigInteger),
    Column("mtime_ns", BigInteger),
    Column("observed_hash", Text),
    Column("content_hash", Text),
    Column("acl", JSONB, nullable=False),
    Column("acl_hash", Text, nullable=False),
    Column("deleted_at", DateTime(timezone=True)),
    Column("pending_deletion", Boolean, nullable=False),
    Column("partition_registered", Boolean, nullable=False),
    Column("created_at", DateTime(timezone=True)),
    Column("updated_at", DateTime(timezone=True)),
)
_o = source_objects.c


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


@dataclass(frozen=True)
class ScanState:
    """What the sync compares a fresh observation with (one top-level file of a source)."""

    id: str
    size_bytes: int | None
    mtime_ns: int | None
    observed_hash: str | None
    acl_hash: str
    deleted: bool
    pending_deletion: bool


@dataclass(frozen=True)
class Observed:
    """What one sync scan saw of a file: written as is, on first sight or on a change."""

    path: str
    size_bytes: int | None
    mtime_ns: int | None
    observed_hash: str | None
    acl: dict[str, Any]
    acl_hash: str


@dataclass(frozen=True)
class ChildState:
    # The stored id, not one recomputed from the external id: children created before
    # migration 011 keep the ids their old external ids hashed to.
    id: str
    observed_hash: str | None
    deleted: bool


@dataclass(frozen=True)
class FolderEntry:
    """An immediate child of a folder: a file, or a subfolder with the live files below it."""

    name: str
    files: int
    is_file: bool


@dataclass(frozen=True)
class Containment:
    child_id: str
    parent_id: str
    relation: str | None


def _any(ids: Sequence[str]) -> ColumnElement[bool]:
    # One array parameter, not one bind per id: a tombstone list can run to many thousands.
    return _o.id == any_(bindparam("ids", list(ids), type_=ARRAY(Text)))


_DELETED = _o.deleted_at.is_not(None).label("deleted")
_OBJECT_COLUMNS = (
    _o.id,
    _o.source_id,
    _o.external_id,
    _o.path,
    _o.size_bytes,
    _o.content_hash,
    _o.observed_hash,
    _o.parent_id,
    _DELETED,
    _o.acl,
)


def _object(m: Any) -> SourceObject:
    # The selected labels are the dataclass's field names: built by name, never by position.
    return SourceObject(**m)


# --- reads -----------------------------------------------------------------------------------


def load(conn: Connection, ids: Sequence[str]) -> dict[str, SourceObject]:
    rows = conn.execute(select(*_OBJECT_COLUMNS).where(_any(ids))).mappings()
    return {m["id"]: _object(m) for m in rows}


def source_ids(conn: Connection, ids: Sequence[str]) -> dict[str, str]:
    """Each object's source, without loading the whole row (search results cite thousands)."""
    rows = conn.execute(select(_o.id, _o.source_id).where(_any(ids)))
    return {object_id: source_id for object_id, source_id in rows}


def get(conn: Connection, source_object_id: str) -> SourceObject | None:
    return load(conn, [source_object_id]).get(source_object_id)


def exists(conn: Connection, source_object_id: str) -> bool:
    return conn.execute(select(_o.id).where(_o.id == source_object_id)).first() is not None


def live_id_at_path(conn: Connection, source_id: str, path: str) -> str | None:
    """The live (not deleted) object at this path of the source, if any."""
    return (
        conn.execute(
            select(_o.id).where(_o.source_id == source_id, _o.path == path, _o.deleted_at.is_(None))
        )
        .scalars()
        .first()
    )


def seq_of(conn: Connection, source_object_id: str) -> int:
    """Insertion order: the order ranged runs and every "earliest first" tie-break follow."""
    return int(conn.execute(select(_o.seq).where(_o.id == source_object_id)).scalar_one())


def content_hash_of(conn: Connection, source_object_id: str) -> str | None:
    return conn.execute(
        select(_o.content_hash).where(_o.id == source_object_id)
    ).scalar_one_or_none()


def mtime_ns_of(conn: Connection, source_object_id: str) -> int | None:
    return conn.execute(select(_o.mtime_ns).where(_o.id == source_object_id)).scalar_one_or_none()


def scan_state(conn: Connection, source_id: str) -> dict[str, ScanState]:
    """external_id -> state, for the source's top-level files (children belong to parents)."""
    rows = conn.execute(
        select(
            _o.external_id,
            _o.id,
            _o.size_bytes,
            _o.mtime_ns,
            _o.observed_hash,
            _o.acl_hash,
            _DELETED,
            _o.pending_deletion,
        ).where(_o.source_id == source_id, _o.parent_id.is_(None))
    ).mappings()
    return {
        m["external_id"]: ScanState(**{k: v for k, v in m.items() if k != "external_id"})
        for m in rows
    }


def children_of(conn: Connection, parent_id: str) -> dict[str, ChildState]:
    """external_id -> state of every child the parent ever had (tombstoned ones included)."""
    rows = conn.execute(
        select(_o.external_id, _o.id, _o.observed_hash, _DELETED).where(_o.parent_id == parent_id)
    ).mappings()
    return {m["external_id"]: ChildState(m["id"], m["observed_hash"], m["deleted"]) for m in rows}


def containment(conn: Connection, ids: Sequence[str]) -> list[Containment]:
    """Child -> parent links touching any of these objects, either as child or as parent."""
    ids_param = bindparam("ids", list(ids), type_=ARRAY(Text))
    rows = conn.execute(
        select(_o.id, _o.parent_id, _o.child_relation).where(
            _o.parent_id.is_not(None),
            or_(_o.id == any_(ids_param), _o.parent_id == any_(ids_param)),
        )
    ).mappings()
    return [Containment(m["id"], m["parent_id"], m["child_relation"]) for m in rows]


def container_depth(conn: Connection, source_object_id: str) -> int:
    """How many containers hold this object: 0 for a file a source listed, 1 for its entries."""
    # Bounded by the container budget's max_depth in practice; the cap only stops a cycle.
    depth = conn.execute(
        text(
            "WITH RECURSIVE up(id, parent_id, depth) AS ("
            " SELECT id, parent_id, 0 FROM source_objects WHERE id = :id"
            " UNION ALL SELECT o.id, o.parent_id, up.depth + 1 FROM source_objects o"
            " JOIN up ON o.id = up.parent_id WHERE up.depth < 64)"
            " SELECT max(depth) FROM up"
        ),
        {"id": source_object_id},
    ).scalar_one_or_none()
    return int(depth or 0)


def folder_entries(conn: Connection, source_id: str, folder: str) -> list[FolderEntry]:
    """The live top-level files and subfolders directly in `folder` ('' = the source root).

    Files first, then by name. Children of containers live inside their parent, not here.
    """
    prefix = f"{folder}/" if folder else ""
    like = prefix.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%"
    rows = conn.execute(
        text(
            "SELECT split_part(substr(path, :n), '/', 1) AS name, count(*) AS files,"
            " bool_and(strpos(substr(path, :n), '/') = 0) AS is_file"
            " FROM source_objects WHERE source_id = :s AND deleted_at IS NULL"
            " AND parent_id IS NULL AND path LIKE :like GROUP BY 1 ORDER BY 3, 1"
        ),
        {"n": len(prefix) + 1, "s": source_id, "like": like},
    ).mappings()
    return [FolderEntry(m["name"], int(m["files"]), bool(m["is_file"])) for m in rows]


def live_paths(conn: Connection, source_id: str) -> list[str]:
    """Paths of the live top-level files of a source (what its folder tree is made of)."""
    rows = conn.execute(
        text(
            "SELECT path FROM source_objects WHERE source_id = :s AND deleted_at IS NULL"
            " AND parent_id IS NULL"
        ),
        {"s": source_id},
    )
    return [r[0] for r in rows]


def copies_of(conn: Connection, source_id: str, content_hash: str, but: str) -> list[str]:
    """Paths of the other live top-level files of a source with exactly these bytes."""
    rows = conn.execute(
        text(
            "SELECT path FROM source_objects WHERE source_id = :s AND content_hash = :h"
            " AND id <> :id AND deleted_at IS NULL AND parent_id IS NULL ORDER BY path"
        ),
        {"s": source_id, "h": content_hash, "id": but},
    )
    return [r[0] for r in rows]


def unregistered_ids(conn: Connection) -> list[str]:
    """Objects whose Dagster partition may not exist yet, in insertion order."""
    rows = conn.execute(select(_o.id).where(~_o.partition_registered).order_by(_o.seq))
    return list(rows.scalars())


# --- writes ----------------------------------------------------------------------------------


def insert_observed(
    conn: Connection, source_object_id: str, source_id: str, external_id: str, seen: Observed
) -> None:
    """A file the sync saw for the first time."""
    conn.execute(
        insert(source_objects).values(
            id=source_object_id, source_id=source_id, external_id=external_id, **asdict(seen)
        )
    )


def update_observed(
    conn: Connection, source_object_id: str, seen: Observed, *, undelete: bool = False
) -> None:
    """A known file seen again; seeing it also ends any pending deletion."""
    values: dict[str, Any] = {
        **asdict(seen),
        "pending_deletion": False,
        "updated_at": func.now(),
    }
    if undelete:
        values["deleted_at"] = None
    conn.execute(update(source_objects).where(_o.id == source_object_id).values(**values))


def set_acl(conn: Connection, source_object_id: str, acl: dict[str, Any], acl_hash: str) -> None:
    conn.execute(
        update(source_objects)
        .where(_o.id == source_object_id)
        .values(acl=acl, acl_hash=acl_hash, updated_at=func.now())
    )


def clear_pending_deletion(conn: Connection, source_object_id: str) -> None:
    conn.execute(
        update(source_objects).where(_o.id == source_object_id).values(pending_deletion=False)
    )


def clear_source_pending_deletions(conn: Connection, source_id: str) -> None:
    conn.execute(
        update(source_objects)
        .where(_o.source_id == source_id, _o.pending_deletion)
        .values(pending_deletion=False)
    )


def mark_pending_deletion(conn: Connection, source_id: str, missing: Sequence[str]) -> None:
    """Exactly these live objects of the source await a deletion confirmation; no others."""
    conn.execute(
        update(source_objects)
        .where(_o.source_id == source_id, _o.deleted_at.is_(None))
        .values(pending_deletion=_any(missing))
    )


def tombstone(conn: Connection, ids: Sequence[str]) -> list[str]:
    """Soft-delete these objects and everything inside them, at any depth.

    The row (and its history) stays; `deleted_at` hides it everywhere. Returns every id that
    became deleted, descendants included, so the caller can owe each one its re-run (which
    drops its chunks) in the same transaction.
    """
    if not ids:
        return []
    ids_param = bindparam("ids", list(ids), type_=ARRAY(Text))
    return list(
        conn.execute(
            update(source_objects)
            .where(
                _o.deleted_at.is_(None),
                or_(_o.id == any_(ids_param), _o.ancestor_ids.overlap(ids_param)),
            )
            .values(deleted_at=func.now(), pending_deletion=False, updated_at=func.now())
            .returning(_o.id)
        ).scalars()
    )


def set_subtree_acl(
    conn: Connection, ancestor_id: str, acl: dict[str, Any], acl_hash: str
) -> list[str]:
    """Every descendant carries its container's current grants; returns the ids that changed.

    Children have no grants of their own: an attachment is readable by exactly those who may
    read its mail, however deep it sits.
    """
    return list(
        conn.execute(
            update(source_objects)
            .where(
                _o.ancestor_ids.contains(bindparam("ancestor", [ancestor_id], type_=ARRAY(Text))),
                _o.acl_hash != acl_hash,
            )
            .values(acl=acl, acl_hash=acl_hash, updated_at=func.now())
            .returning(_o.id)
        ).scalars()
    )


def inherited_acl(conn: Connection, source_object_id: str) -> dict[str, Any] | None:
    """The grants that govern this object: its top-level ancestor's (its own when top-level).

    Read at projection time rather than trusting the copy on a child row, which a concurrent
    sync may have changed since the child was created.
    """
    root = source_objects.alias("root")
    return conn.execute(
        select(root.c.acl)
        .select_from(
            source_objects.join(root, root.c.id == func.coalesce(_o.ancestor_ids[1], _o.id))
        )
        .where(_o.id == source_object_id)
    ).scalar_one_or_none()


def record_fetched(
    conn: Connection, source_object_id: str, content_hash: str, size_bytes: int
) -> None:
    """The bytes fetch stored: `content_hash` is what every later stage reads."""
    conn.execute(
        update(source_objects)
        .where(_o.id == source_object_id)
        .values(content_hash=content_hash, size_bytes=size_bytes, updated_at=func.now())
    )


def insert_child(
    conn: Connection,
    source_object_id: str,
    *,
    parent_id: str,
    external_id: str,
    path: str,
    relation: str,
    size_bytes: int,
    observed_hash: str,
) -> None:
    """A document found inside a parent; it inherits the parent's source, permissions and
    ancestors (the parent's, then the parent)."""
    parent = source_objects.alias("parent")
    rows = select(
        literal(source_object_id, Text),
        parent.c.source_id,
        literal(external_id, Text),
        literal(path, Text),
        parent.c.id,
        literal(relation, Text),
        literal(size_bytes, BigInteger),
        literal(observed_hash, Text),
        parent.c.acl,
        parent.c.acl_hash,
        func.array_append(parent.c.ancestor_ids, parent.c.id),
    ).where(parent.c.id == parent_id)
    stmt = (
        pg_insert(source_objects)
        .from_select(
            [
                "id",
                "source_id",
                "external_id",
                "path",
                "parent_id",
                "child_relation",
                "size_bytes",
                "observed_hash",
                "acl",
                "acl_hash",
                "ancestor_ids",
            ],
            rows,
        )
        .on_conflict_do_nothing(index_elements=["source_id", "external_id"])
    )
    conn.execute(stmt)


def restore_child(
    conn: Connection, source_object_id: str, *, observed_hash: str, size_bytes: int
) -> None:
    """A known child seen again in its parent, with new bytes or after a tombstone.

    It takes the parent's grants as they are now: they may have changed while it was deleted.
    """
    parent = source_objects.alias("parent")
    conn.execute(
        update(source_objects)
        .where(_o.id == source_object_id, parent.c.id == _o.parent_id)
        .values(
            observed_hash=observed_hash,
            size_bytes=size_bytes,
            acl=parent.c.acl,
            acl_hash=parent.c.acl_hash,
            deleted_at=None,
            updated_at=func.now(),
        )
    )


def mark_partitions_registered(conn: Connection, ids: Sequence[str]) -> None:
    conn.execute(update(source_objects).where(_any(ids)).values(partition_registered=True))
