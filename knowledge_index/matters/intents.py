"""Relation intents: a relation decided against a file that has no matter yet waits here.

relate (a later stage) parks an intent when its target is unassigned; classify_matter replays
the parked intents of a file in the same transaction that assigns the file. The replay marks
them and hands each to the registered appliers, so relate can materialize its Relation rows
without classify knowing what a relation is.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from pydantic import BaseModel
from sqlalchemy import Connection, text


class RelationIntent(BaseModel):
    id: int
    source_object_id: str
    target_source_object_id: str
    relation: str
    payload: dict[str, Any]


Applier = Callable[[Connection, RelationIntent, str], None]
APPLIERS: list[Applier] = []


def register_intent_applier(fn: Applier) -> Applier:
    """relate registers how a replayed intent becomes a relation (called inside the txn)."""
    if fn not in APPLIERS:
        APPLIERS.append(fn)
    return fn


def park_intent(
    conn: Connection,
    source_object_id: str,
    target_source_object_id: str,
    relation: str,
    payload: dict[str, Any] | None = None,
) -> int:
    return conn.execute(
        text(
            "INSERT INTO relation_intents (source_object_id, target_source_object_id, relation,"
            " payload) VALUES (:s, :t, :r, CAST(:p AS jsonb)) RETURNING id"
        ),
        {
            "s": source_object_id,
            "t": target_source_object_id,
            "r": relation,
            "p": json.dumps(payload or {}),
        },
    ).scalar_one()


def replay_intents(conn: Connection, target_source_object_id: str, matter_id: str) -> int:
    """Replay every parked intent against this file; returns how many."""
    rows = (
        conn.execute(
            text(
                "UPDATE relation_intents SET status = 'replayed', replayed_at = now(),"
                " replayed_matter_id = :m"
                " WHERE target_source_object_id = :t AND status = 'parked'"
                " RETURNING id, source_object_id, target_source_object_id, relation, payload"
            ),
            {"t": target_source_object_id, "m": matter_id},
        )
        .mappings()
        .all()
    )
    for row in rows:
        intent = RelationIntent.model_validate(dict(row))
        for apply in APPLIERS:
            apply(conn, intent, matter_id)
    return len(rows)
