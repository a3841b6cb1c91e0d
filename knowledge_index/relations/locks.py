"""Advisory locks for materialization: every touched file, then the matters they belong to.

Locks are taken in one global order (files sorted by lock key, then matters sorted by lock key)
so two files that name each other serialize instead of deadlocking. The matter lock is the
family and thread lock: version order and thread merges touch rows of files this transaction
did not lock individually, and those live in the same matter.
"""

from __future__ import annotations

from collections.abc import Iterable

from sqlalchemy import Connection, text


def _keys(conn: Connection, names: Iterable[str]) -> list[int]:
    names = sorted(set(names))
    if not names:
        return []
    rows = conn.execute(
        text("SELECT DISTINCT hashtextextended(n, 0) FROM unnest(CAST(:n AS text[])) AS n"),
        {"n": names},
    ).scalars()
    return sorted(int(k) for k in rows)


def _lock(conn: Connection, keys: list[int]) -> None:
    for key in keys:
        conn.execute(text("SELECT pg_advisory_xact_lock(:k)"), {"k": key})


def lock_files(conn: Connection, file_ids: Iterable[str]) -> None:
    _lock(conn, _keys(conn, file_ids))


def lock_matters(conn: Connection, matter_ids: Iterable[str | None]) -> None:
    _lock(conn, _keys(conn, (f"ki:relate:matter:{m}" for m in matter_ids if m)))
