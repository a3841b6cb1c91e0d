"""Helpers that put documents into a test ledger through the real sync path."""

from __future__ import annotations

from pathlib import Path

from sqlalchemy import text

from knowledge_index.sources.registry import add_source
from knowledge_index.sources.sync import sync_source


def make_files(root: Path, n: int, prefix: str = "doc") -> list[Path]:
    root.mkdir(parents=True, exist_ok=True)
    paths = []
    for i in range(n):
        p = root / f"{prefix}-{i:04d}.txt"
        p.write_text(f"document {i} of the test estate", encoding="utf-8")
        paths.append(p)
    return paths


def synced_estate(engine, settings, root: Path, n: int, name: str = "estate") -> list[str]:
    make_files(root, n)
    with engine.begin() as conn:
        add_source(conn, name, root)
    sync_source(engine, settings, name)
    with engine.connect() as conn:
        return [r[0] for r in conn.execute(text("SELECT id FROM source_objects ORDER BY seq"))]


def row(engine, source_object_id: str, stage: str) -> dict:
    with engine.connect() as conn:
        r = (
            conn.execute(
                text("SELECT * FROM processing_state WHERE source_object_id = :o AND stage = :s"),
                {"o": source_object_id, "s": stage},
            )
            .mappings()
            .one()
        )
    return dict(r)


def force_due(engine) -> None:
    """Make every failed row's retry due now (instead of sleeping through the backoff)."""
    with engine.begin() as conn:
        conn.execute(
            text(
                "UPDATE processing_state SET next_retry_at = now() - interval '1 second'"
                " WHERE status = 'failed'"
            )
        )


def mark_stage_done(engine, stage: str, version: str) -> None:
    """Settle `stage` for every document the way a finished run would (through the ledger)."""
    from knowledge_index.ledger.states import Status
    from knowledge_index.ledger.store import claim, settle

    with engine.begin() as conn:
        for c in claim(conn, stage, "setup", limit=10_000):
            settle(conn, c, status=Status.DONE, producer_version=version)
