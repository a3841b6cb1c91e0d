"""Optimistic concurrency for relate: a per-matter counter of writes.

Relate reads its neighbours, asks the model, then writes under the matter lock. Two relates of
one matter running at once would each decide without the other's decision, and the export
would depend on how they overlapped. Holding the lock across the model call would serialize a
matter's relates behind a slow model; instead each relate notes the matter's epoch before it
reads, and at write time (lock held) a moved epoch means it decided blind: it decides again.
"""

from __future__ import annotations

from collections.abc import Iterable

from sqlalchemy import Connection, text

from knowledge_index.errors import RetryableStageError


class StaleDecision(RetryableStageError):
    """Another relate wrote into the matter after this one read it."""


def _scope(matter_id: str | None) -> str:
    return matter_id or ""


def current(conn: Connection, matter_id: str | None) -> int:
    row = conn.execute(
        text("SELECT epoch FROM relate_epochs WHERE scope = :s"), {"s": _scope(matter_id)}
    ).first()
    return int(row[0]) if row else 0


def check_and_advance(
    conn: Connection, matter_id: str | None, seen: int | None, touched: Iterable[str | None]
) -> None:
    """Call with every touched matter's advisory lock held (relations.locks)."""
    if seen is not None and current(conn, matter_id) != seen:
        raise StaleDecision("a neighbour in the matter related while this file was deciding")
    scopes = sorted({_scope(matter_id), *(_scope(m) for m in touched)})
    conn.execute(
        text(
            "INSERT INTO relate_epochs (scope, epoch) SELECT s, 1 FROM unnest(CAST(:s AS text[]))"
            " AS s ON CONFLICT (scope) DO UPDATE SET epoch = relate_epochs.epoch + 1,"
            " updated_at = now()"
        ),
        {"s": scopes},
    )
