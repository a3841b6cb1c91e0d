"""Two workers classifying files of the same new matter at once create exactly one matter."""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor

from sqlalchemy import text

from knowledge_index.matters.store import get_or_create_matter
from knowledge_index.runner import run_stage
from knowledge_index.stages.classify_matter import tools as stage
from knowledge_index_tests.model_stages.support import small_estate, synced_and_converted

FOLDER = "Mandanten/Neu GmbH/2025-0999 Neues Mandat"


def test_two_workers_one_new_matter(engine, firm_env, tmp_path, monkeypatch):
    root = small_estate(
        tmp_path / "estate",
        {f"{FOLDER}/a.txt": "Vertragsentwurf, erste Fassung.", f"{FOLDER}/b.txt": "Anlage 1."},
    )
    settings, ids = synced_and_converted(engine, root)
    # Both searches run before either create: each worker sees no matter and creates one.
    barrier = threading.Barrier(2, timeout=30)
    original = stage.search_matters

    def searched_together(*args, **kwargs):
        result = original(*args, **kwargs)
        barrier.wait()
        return result

    monkeypatch.setattr(stage, "search_matters", searched_together)
    with ThreadPoolExecutor(2) as pool:
        reports = list(
            pool.map(
                lambda source_object_id: run_stage(
                    settings, "classify_matter", source_object_ids=[source_object_id], engine=engine
                ),
                ids.values(),
            )
        )
    assert [r.results[0].status for r in reports] == ["done", "done"]
    with engine.connect() as conn:
        matters = conn.execute(
            text("SELECT id FROM matters WHERE reference_key = '2025-0999'")
        ).all()
        assigned = conn.execute(text("SELECT DISTINCT matter_id FROM matter_assignments")).all()
        tools = (
            conn.execute(text("SELECT provenance->'tool_calls' FROM matter_assignments"))
            .scalars()
            .all()
        )
    assert len(matters) == 1 and assigned == matters
    assert all("create_matter" in t for t in tools)  # both created; the lock made it one


def test_get_or_create_converges_under_contention(engine, firm_env):
    with ThreadPoolExecutor(8) as pool:
        results = list(
            pool.map(
                lambda i: get_or_create_matter(
                    engine, "2026/0001-AB" if i % 2 else "2026-0001", f"T{i}", created_by="model"
                ),
                range(16),
            )
        )
    assert len({m.id for m, _ in results}) == 1
    assert sum(created for _, created in results) == 1
