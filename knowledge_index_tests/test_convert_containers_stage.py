"""Containers through the convert stage: over budget quarantines one file, unpacking is fenced."""

from __future__ import annotations

import zipfile

import pytest
from sqlalchemy import Engine, text

from knowledge_index.runner import run_stage
from knowledge_index.settings import Settings, load_settings
from knowledge_index.sources.registry import add_source
from knowledge_index.sources.sync import sync_source
from knowledge_index_tests.convert import samples


def _convert_rows(engine: Engine) -> dict[str, dict]:
    with engine.connect() as conn:
        rows = conn.execute(
            text(
                "SELECT o.path, p.status, p.last_error FROM source_objects o"
                " JOIN processing_state p ON p.source_object_id = o.id AND p.stage = 'convert'"
            )
        ).mappings()
        return {r["path"]: dict(r) for r in rows}


def _run(engine: Engine, settings: Settings, rounds: int = 3) -> None:
    for _ in range(rounds):
        run_stage(settings, "fetch", engine=engine)
        run_stage(settings, "convert", engine=engine)


def test_an_over_budget_container_is_quarantined_alone(engine, settings, tmp_path) -> None:
    root = tmp_path / "estate"
    root.mkdir()
    (root / "matryoshka.zip").write_bytes(samples.make_matryoshka())
    (root / "akte.zip").write_bytes(samples.make_zip({"brief.txt": b"Sehr geehrte Frau Schulz"}))
    (root / "notiz.txt").write_bytes(b"Notiz")
    with engine.begin() as conn:
        add_source(conn, "estate", root)
    report = sync_source(engine, settings, "estate")
    assert report.observed == 3
    _run(engine, settings)
    rows = _convert_rows(engine)
    bad = rows.pop("matryoshka.zip")
    assert bad["status"] == "quarantined"
    assert bad["last_error"]["class"] == "UnsupportedDocument"
    message = bad["last_error"]["message"]
    assert "nested deeper than 5 levels" in message and "\n" not in message
    # Nothing of the refused tree became a document; everything else converted.
    assert {p: r["status"] for p, r in rows.items()} == {
        "akte.zip": "done",
        "akte.zip!/brief.txt": "done",
        "notiz.txt": "done",
    }
    assert sync_source(engine, settings, "estate").observed == 3  # the source carries on


@pytest.mark.timeout(300)
def test_unpacking_runs_behind_the_memory_fence(engine, tmp_path, monkeypatch) -> None:
    # Limits high enough that only the worker's memory fence can stop this entry: inflating
    # it in the stage's own process would take a gigabyte from it.
    monkeypatch.setenv("KI_CONVERT__MEMORY_MB", "512")
    monkeypatch.setenv("KI_CONVERT__CONTAINER__MAX_RATIO", "1000000")
    monkeypatch.setenv("KI_CONVERT__CONTAINER__MAX_ENTRY_BYTES", str(4 * 2**30))
    monkeypatch.setenv("KI_CONVERT__CONTAINER__MAX_TOTAL_BYTES", str(4 * 2**30))
    settings = load_settings()
    root = tmp_path / "estate"
    root.mkdir()
    with (
        zipfile.ZipFile(root / "gigabyte.zip", "w", zipfile.ZIP_DEFLATED) as archive,
        archive.open("zeros.bin", "w", force_zip64=True) as entry,
    ):
        for _ in range(1024):
            entry.write(b"\0" * 2**20)
    (root / "notiz.txt").write_bytes(b"Notiz")
    with engine.begin() as conn:
        add_source(conn, "estate", root)
    sync_source(engine, settings, "estate")
    _run(engine, settings, rounds=1)
    rows = _convert_rows(engine)
    assert rows["notiz.txt"]["status"] == "done"
    bad = rows["gigabyte.zip"]
    assert bad["status"] == "quarantined", bad
    message = bad["last_error"]["message"]
    assert "memory fence of 512 MB" in message or "exceeded the converter memory fence" in message
