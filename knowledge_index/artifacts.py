"""Artifacts: derived JSON per content hash (structured_json, classification, ...)."""

from __future__ import annotations

import json
from typing import Any

from pydantic import BaseModel
from sqlalchemy import Connection, text


class Artifact(BaseModel):
    kind: str
    content_hash: str
    producer: str
    degraded: str | None
    body: dict[str, Any]


def has_artifact(conn: Connection, kind: str, content_hash: str) -> bool:
    """Whether it exists, without reading a body that can run to megabytes."""
    return (
        conn.execute(
            text("SELECT 1 FROM artifacts WHERE kind = :k AND content_hash = :h"),
            {"k": kind, "h": content_hash},
        ).first()
        is not None
    )


def get_artifact(conn: Connection, kind: str, content_hash: str) -> Artifact | None:
    row = (
        conn.execute(
            text(
                "SELECT kind, content_hash, producer, degraded, body FROM artifacts"
                " WHERE kind = :k AND content_hash = :h"
            ),
            {"k": kind, "h": content_hash},
        )
        .mappings()
        .first()
    )
    return Artifact.model_validate(dict(row)) if row else None


def _without_nul(value: Any) -> Any:
    # Postgres text and jsonb cannot hold U+0000, which extracted text occasionally carries.
    if isinstance(value, str):
        return value.replace("\x00", "")
    if isinstance(value, dict):
        return {k: _without_nul(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_without_nul(v) for v in value]
    return value


def put_artifact(conn: Connection, artifact: Artifact) -> None:
    """Write or replace; the body is only ever complete (half a document is never stored)."""
    conn.execute(
        text(
            "INSERT INTO artifacts (kind, content_hash, producer, degraded, body)"
            " VALUES (:k, :h, :p, :d, CAST(:b AS jsonb))"
            " ON CONFLICT (kind, content_hash) DO UPDATE SET producer = EXCLUDED.producer,"
            " degraded = EXCLUDED.degraded, body = EXCLUDED.body, created_at = now()"
        ),
        {
            "k": artifact.kind,
            "h": artifact.content_hash,
            "p": artifact.producer,
            "d": artifact.degraded,
            "b": json.dumps(_without_nul(artifact.body), ensure_ascii=False),
        },
    )
