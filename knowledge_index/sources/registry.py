"""The `sources` table and turning a row into a live connector."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from pydantic import BaseModel
from sqlalchemy import Connection, text
from sqlalchemy.exc import IntegrityError

from knowledge_index.errors import ConfigError
from knowledge_index.sources.base import AccessGrants, SyncSource
from knowledge_index.sources.folder import FolderSource

_NAME = re.compile(r"^[a-z0-9][a-z0-9_-]{0,62}$")


class SourceRow(BaseModel):
    id: str
    kind: str
    root: str | None
    default_acl: AccessGrants
    sync_interval_seconds: int
    allow_empty_scan: bool
    follow_symlinks: bool = False
    paused: bool
    status: str
    last_error: str | None


def add_source(
    conn: Connection,
    name: str,
    root: Path,
    *,
    default_acl: AccessGrants | None = None,
    interval_seconds: int = 300,
    allow_empty_scan: bool = False,
    follow_symlinks: bool = False,
) -> SourceRow:
    if not _NAME.match(name):
        raise ConfigError(
            f"source name {name!r} must be lowercase letters, digits, '-' or '_' (max 63)"
        )
    root = root.expanduser().resolve()
    if not root.is_dir():
        raise ConfigError(f"{root} is not a folder")
    if interval_seconds < 10:
        raise ConfigError("the sync interval must be at least 10 seconds")
    acl = default_acl or AccessGrants(allow=["*"])
    try:
        with conn.begin_nested():
            conn.execute(
                text(
                    "INSERT INTO sources (id, kind, root, default_acl, sync_interval_seconds,"
                    " allow_empty_scan, follow_symlinks)"
                    " VALUES (:id, 'folder', :root, CAST(:acl AS jsonb), :i, :e, :links)"
                ),
                {
                    "id": name,
                    "root": str(root),
                    "acl": acl.model_dump_json(),
                    "i": interval_seconds,
                    "e": allow_empty_scan,
                    "links": follow_symlinks,
                },
            )
    except IntegrityError as exc:
        raise ConfigError(f"a source named {name!r} already exists") from exc
    return get_source(conn, name)


def source_kinds(conn: Connection, names: list[str]) -> dict[str, str]:
    """Each named source's kind, in one query."""
    rows = conn.execute(
        text("SELECT id, kind FROM sources WHERE id = ANY(CAST(:ids AS text[]))"), {"ids": names}
    )
    return {name: kind for name, kind in rows}


def get_source(conn: Connection, name: str) -> SourceRow:
    row = (
        conn.execute(
            text(
                "SELECT id, kind, root, default_acl, sync_interval_seconds, allow_empty_scan,"
                " follow_symlinks, paused, status, last_error FROM sources WHERE id = :id"
            ),
            {"id": name},
        )
        .mappings()
        .first()
    )
    if row is None:
        raise ConfigError(f"no source named {name!r}; add one with `ki source add NAME PATH`")
    return SourceRow.model_validate(dict(row))


def list_sources(conn: Connection) -> list[SourceRow]:
    ids = [r[0] for r in conn.execute(text("SELECT id FROM sources ORDER BY id"))]
    return [get_source(conn, i) for i in ids]


def open_source(row: SourceRow) -> SyncSource:
    if row.kind == "folder":
        if not row.root:
            raise ConfigError(f"source {row.id} has no root folder")
        return FolderSource(Path(row.root), row.default_acl, follow_symlinks=row.follow_symlinks)
    raise ConfigError(f"source {row.id} has unknown kind {row.kind!r}")


def set_source_status(conn: Connection, name: str, status: str, error: str | None) -> None:
    conn.execute(
        text("UPDATE sources SET status = :s, last_error = :e, updated_at = now() WHERE id = :id"),
        {"s": status, "e": error, "id": name},
    )


def matter_convention(conn: Connection, name: str) -> dict[str, Any] | None:
    """The matter-folder convention last discovered for the source (None: never discovered)."""
    row = conn.execute(
        text("SELECT matter_convention FROM sources WHERE id = :id"), {"id": name}
    ).first()
    return row[0] if row else None


def set_matter_convention(conn: Connection, name: str, convention: dict[str, Any]) -> None:
    conn.execute(
        text(
            "UPDATE sources SET matter_convention = CAST(:c AS jsonb), updated_at = now()"
            " WHERE id = :id"
        ),
        {"c": json.dumps(convention), "id": name},
    )


def acl_json(grants: AccessGrants) -> str:
    return json.dumps(grants.model_dump())
