"""Small estates run to the stage under test through the ledger (no Dagster: fast)."""

from __future__ import annotations

from pathlib import Path

from sqlalchemy import text

from knowledge_index.runner import run_stage
from knowledge_index.settings import Settings, load_settings
from knowledge_index.sources.registry import add_source
from knowledge_index.sources.sync import sync_source

PRE_CLASSIFY = ("fetch", "convert")


def small_estate(root: Path, files: dict[str, str]) -> Path:
    for rel, body in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(body, encoding="utf-8")
    return root


def synced_and_converted(engine, root: Path) -> tuple[Settings, dict[str, str]]:
    settings = load_settings()
    with engine.begin() as conn:
        add_source(conn, "estate", root)
    sync_source(engine, settings, "estate")
    for stage in PRE_CLASSIFY:
        run_stage(settings, stage, engine=engine)
    with engine.connect() as conn:
        ids = dict(conn.execute(text("SELECT path, id FROM source_objects")).all())
    return settings, ids


def statuses(engine, stage: str) -> dict[str, tuple[str, dict | None, int]]:
    with engine.connect() as conn:
        return {
            r[0]: (r[1], r[2], r[3])
            for r in conn.execute(
                text(
                    "SELECT o.path, p.status, p.last_error, p.attempts FROM processing_state p"
                    " JOIN source_objects o ON o.id = p.source_object_id WHERE p.stage = :s"
                ),
                {"s": stage},
            )
        }


def run_until_settled(settings: Settings, engine, stage: str, rounds: int = 30) -> int:
    """Run `stage` until nothing is claimable; returns the number of runs it took."""
    for n in range(1, rounds + 1):
        if not run_stage(load_settings(), stage, engine=engine).results:
            return n
    raise AssertionError(f"{stage} still had claimable rows after {rounds} runs")
