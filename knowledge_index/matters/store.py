"""Matters and assignments in Postgres: get-or-create under an advisory lock, assignment upsert.

`get_or_create_matter` commits in its own transaction before returning: a worker classifying
another file of the same new matter must see the row the moment the tool answered, and two
workers creating it at once must converge on one row.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from typing import Any, Final, Literal

from pydantic import BaseModel, Field
from sqlalchemy import Connection, Engine, text

from knowledge_index.matters.references import ReferenceScheme, reference_key

DEFAULT_PROJECT: Final = "default"
CreatedBy = Literal["model", "fallback", "import"]


class Matter(BaseModel):
    id: str
    project: str = DEFAULT_PROJECT
    reference_number: str
    reference_key: str
    title: str = ""
    practice_area: str | None = None
    kind: str | None = None
    folders: list[str] = Field(default_factory=list)
    created_by: CreatedBy


def matter_id_for(project: str, key: str) -> str:
    """Stable id: the same reference in the same project is the same id on every install."""
    return "m-" + hashlib.sha256(f"{project}\x00{key}".encode()).hexdigest()[:12]


def _lock(conn: Connection, project: str, key: str) -> None:
    conn.execute(
        text("SELECT pg_advisory_xact_lock(hashtextextended(:k, 0))"),
        {"k": f"ki:matter:{project}:{key}"},
    )


_COLUMNS = (
    "id, project, reference_number, reference_key, title, practice_area, kind, folders, created_by"
)


def get_matter(conn: Connection, matter_id: str) -> Matter | None:
    row = (
        conn.execute(text(f"SELECT {_COLUMNS} FROM matters WHERE id = :id"), {"id": matter_id})
        .mappings()
        .first()
    )
    return Matter.model_validate(dict(row)) if row else None


def find_by_reference(
    conn: Connection,
    reference: str,
    project: str = DEFAULT_PROJECT,
    scheme: ReferenceScheme | None = None,
) -> Matter | None:
    row = (
        conn.execute(
            text(f"SELECT {_COLUMNS} FROM matters WHERE project = :p AND reference_key = :k"),
            {"p": project, "k": reference_key(reference, scheme)},
        )
        .mappings()
        .first()
    )
    return Matter.model_validate(dict(row)) if row else None


def get_or_create_matter(
    engine: Engine,
    reference: str,
    title: str = "",
    *,
    created_by: CreatedBy,
    project: str = DEFAULT_PROJECT,
    folder: str | None = None,
    provenance: dict[str, Any] | None = None,
    scheme: ReferenceScheme | None = None,
    filed_as: str | None = None,
    on_named: Callable[[Connection, Matter], None] | None = None,
) -> tuple[Matter, bool]:
    """The matter for `reference`, created when missing; (matter, created). Committed on return.

    `filed_as` names a matter folder that names its matter by title only: the folder is the
    matter's identity (its id), and the reference is what its files say. A file without a
    marker files the folder's matter under its title; a file whose marker names no other
    matter gives that matter its reference, whichever of the two is classified first.
    """
    key = reference_key(reference, scheme)
    with engine.begin() as conn:
        if filed_as:
            _lock(conn, project, f"folder:{filed_as}")  # always before the key's lock
        _lock(conn, project, key)
        existing = find_by_reference(conn, reference, project, scheme)
        if existing is None and filed_as:
            existing, named = _adopt(conn, project, filed_as, reference, key, title, scheme)
            if existing is not None and named and on_named is not None:
                on_named(conn, existing)
        if existing is not None:
            if title and not existing.title:
                # A file that only quoted the number created it; a later one knows its name.
                conn.execute(
                    text("UPDATE matters SET title = :t, updated_at = now() WHERE id = :id"),
                    {"t": title, "id": existing.id},
                )
                existing.title = title
            return existing, False
        matter = Matter(
            id=matter_id_for(project, f"folder:{filed_as}" if filed_as else key),
            project=project,
            reference_number=reference.strip(),
            reference_key=key,
            title=title.strip(),
            folders=[folder] if folder else [],
            created_by=created_by,
        )
        conn.execute(
            text(
                "INSERT INTO matters (id, project, reference_number, reference_key, title,"
                " folders, created_by, provenance)"
                " VALUES (:id, :project, :reference_number, :reference_key, :title,"
                " CAST(:folders AS text[]), :created_by, CAST(:prov AS jsonb))"
            ),
            {**matter.model_dump(), "prov": json.dumps(provenance or {})},
        )
        return matter, True


def _adopt(
    conn: Connection,
    project: str,
    folder: str,
    reference: str,
    key: str,
    title: str,
    scheme: ReferenceScheme | None,
) -> tuple[Matter | None, bool]:
    """The title-only folder's matter, given `reference` when it is a real one and the matter
    has none yet (its reference is still its folder's name); (matter, given)."""
    row = (
        conn.execute(
            text(f"SELECT {_COLUMNS} FROM matters WHERE id = :id"),
            {"id": matter_id_for(project, f"folder:{folder}")},
        )
        .mappings()
        .first()
    )
    if row is None:
        return None, False
    matter = Matter.model_validate(dict(row))
    named_by_title = scheme is not None and not scheme.is_reference(matter.reference_number)
    if named_by_title and scheme is not None and scheme.is_reference(reference):
        conn.execute(
            text(
                "UPDATE matters SET reference_number = :r, reference_key = :k,"
                " title = COALESCE(NULLIF(title, ''), :t), updated_at = now() WHERE id = :id"
            ),
            {"r": reference.strip(), "k": key, "t": title, "id": matter.id},
        )
        matter.reference_number, matter.reference_key = reference.strip(), key
        matter.title = matter.title or title
        return matter, True
    return matter, False


def assign(
    conn: Connection,
    source_object_id: str,
    matter_id: str,
    *,
    content_hash: str | None,
    method: CreatedBy,
    provenance: dict[str, Any],
    folder: str | None,
) -> None:
    conn.execute(
        text(
            "INSERT INTO matter_assignments (source_object_id, matter_id, content_hash, method,"
            " provenance) VALUES (:o, :m, :h, :method, CAST(:p AS jsonb))"
            " ON CONFLICT (source_object_id) DO UPDATE SET matter_id = EXCLUDED.matter_id,"
            " content_hash = EXCLUDED.content_hash, method = EXCLUDED.method,"
            " provenance = EXCLUDED.provenance, assigned_at = now()"
        ),
        {
            "o": source_object_id,
            "m": matter_id,
            "h": content_hash,
            "method": method,
            "p": json.dumps(provenance, default=str),
        },
    )
    if folder:
        conn.execute(
            text(
                "UPDATE matters SET folders = array_append(folders, :f), updated_at = now()"
                " WHERE id = :m AND NOT (:f = ANY(folders))"
            ),
            {"f": folder, "m": matter_id},
        )


def assigned_documents(conn: Connection, matter_id: str) -> list[str]:
    """The documents assigned to a matter."""
    rows = conn.execute(
        text("SELECT source_object_id FROM matter_assignments WHERE matter_id = :m"),
        {"m": matter_id},
    )
    return [r[0] for r in rows]


def assignment_of(conn: Connection, source_object_id: str) -> dict[str, Any] | None:
    row = (
        conn.execute(
            text(
                "SELECT a.matter_id, m.reference_number, m.title, a.method, a.provenance"
                " FROM matter_assignments a JOIN matters m ON m.id = a.matter_id"
                " WHERE a.source_object_id = :o"
            ),
            {"o": source_object_id},
        )
        .mappings()
        .first()
    )
    return dict(row) if row else None


def list_matters(conn: Connection, project: str = DEFAULT_PROJECT) -> list[Matter]:
    """Every matter of the project (a firm has hundreds or thousands, not millions)."""
    rows = conn.execute(
        text(f"SELECT {_COLUMNS} FROM matters WHERE project = :p ORDER BY reference_key"),
        {"p": project},
    ).mappings()
    return [Matter.model_validate(dict(r)) for r in rows]
