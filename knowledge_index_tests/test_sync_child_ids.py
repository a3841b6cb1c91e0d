"""Children (archive entries, attachments) have ids no file a folder source lists can take."""

from __future__ import annotations

from pathlib import Path

from sqlalchemy import Engine, text

from knowledge_index.runner import run_stage
from knowledge_index.settings import Settings
from knowledge_index.sources.base import stable_object_id
from knowledge_index.sources.registry import add_source
from knowledge_index.sources.sync import sync_source
from knowledge_index_tests.convert import samples

ENTRY = b"the archive's own report"
REAL = b"a real file in a folder named like the entry"


def _rows(engine: Engine) -> list[dict]:
    with engine.connect() as conn:
        return [
            dict(m)
            for m in conn.execute(
                text(
                    "SELECT o.id, o.external_id, o.path, o.parent_id, o.content_hash,"
                    " o.deleted_at IS NOT NULL AS deleted, p.status AS convert_status"
                    " FROM source_objects o LEFT JOIN processing_state p"
                    " ON p.source_object_id = o.id AND p.stage = 'convert' ORDER BY o.path"
                )
            ).mappings()
        ]


def _run(engine: Engine, settings: Settings) -> None:
    # fetch, then convert (which creates children), then their fetch and convert.
    for _ in range(2):
        run_stage(settings, "fetch", engine=engine)
        run_stage(settings, "convert", engine=engine)


def _blob(settings: Settings, content_hash: str) -> bytes:
    from knowledge_index.blobstore import BlobStore

    return BlobStore(settings.blob_dir).read(content_hash)


def _assert_both_survive(engine: Engine, settings: Settings) -> None:
    rows = [r for r in _rows(engine) if not r["deleted"]]
    entry = [r for r in rows if r["parent_id"] is not None]
    files = {r["path"]: r for r in rows if r["parent_id"] is None}
    assert len(entry) == 1, rows
    assert entry[0]["path"] == "akte.zip!/report.txt"  # still readable for people
    assert entry[0]["convert_status"] == "done"
    assert _blob(settings, entry[0]["content_hash"]) == ENTRY
    # The old child id was `akte.zip!/0/report.txt`; both folders exist on disk here.
    for path in ("akte.zip!/0/report.txt", "akte.zip!/report.txt"):
        assert path in files, sorted(files)
        assert files[path]["convert_status"] == "done"
        assert _blob(settings, files[path]["content_hash"]) == REAL
    assert len({r["id"] for r in rows}) == len(rows) == 4


def _estate(root: Path, *, colliding: bool) -> None:
    root.mkdir(parents=True, exist_ok=True)
    (root / "akte.zip").write_bytes(samples.make_zip({"report.txt": ENTRY}))
    if colliding:
        for folder in (root / "akte.zip!" / "0", root / "akte.zip!"):
            folder.mkdir(parents=True, exist_ok=True)
            (folder / "report.txt").write_bytes(REAL)


def test_folder_named_like_an_entry_first(engine, settings, tmp_path) -> None:
    root = tmp_path / "estate"
    _estate(root, colliding=True)
    with engine.begin() as conn:
        add_source(conn, "estate", root)
    for _ in range(3):  # repeated syncs and runs: nothing dropped, nothing failing
        report = sync_source(engine, settings, "estate")
        assert report.observed == 3
        _run(engine, settings)
        _assert_both_survive(engine, settings)


def test_folder_named_like_an_entry_created_later(engine, settings, tmp_path) -> None:
    root = tmp_path / "estate"
    _estate(root, colliding=False)
    with engine.begin() as conn:
        add_source(conn, "estate", root)
    sync_source(engine, settings, "estate")
    _run(engine, settings)
    _estate(root, colliding=True)
    for _ in range(3):
        report = sync_source(engine, settings, "estate")
        assert report.observed == 3
        _run(engine, settings)
        _assert_both_survive(engine, settings)


def test_children_created_before_the_namespace_keep_their_ids(engine, settings, tmp_path) -> None:
    """Migration 011 rewrites old child external ids; ids (ledger, partitions) stay."""
    root = tmp_path / "estate"
    _estate(root, colliding=False)
    with engine.begin() as conn:
        add_source(conn, "estate", root)
    sync_source(engine, settings, "estate")
    _run(engine, settings)
    (child,) = [r for r in _rows(engine) if r["parent_id"] is not None]
    legacy_ext = "akte.zip!/0/report.txt"
    legacy_id = stable_object_id("estate", legacy_ext)
    migration = Path(__file__).resolve().parents[1] / "knowledge_index/sql"
    with engine.begin() as conn:
        # Put the child back the way the old code stored it: its id hashed from the old form.
        conn.execute(text("SET session_replication_role = replica"))  # FKs off for the re-id
        for table, column in (("processing_state", "source_object_id"), ("source_objects", "id")):
            conn.execute(
                text(f"UPDATE {table} SET {column} = :new WHERE {column} = :old"),
                {"new": legacy_id, "old": child["id"]},
            )
        conn.execute(text("SET session_replication_role = origin"))
        conn.execute(
            text("UPDATE source_objects SET external_id = :ext WHERE id = :id"),
            {"ext": legacy_ext, "id": legacy_id},
        )
        conn.exec_driver_sql((migration / "011_child_id_namespace.sql").read_text())
    (migrated,) = [r for r in _rows(engine) if r["parent_id"] is not None]
    assert migrated["id"] == legacy_id
    assert migrated["external_id"] == f"//{migrated['parent_id']}/0/report.txt"

    # Re-converting the archive finds the migrated child (no new row, no tombstone) ...
    with engine.begin() as conn:
        conn.execute(
            text(
                "UPDATE processing_state SET status = 'pending' WHERE stage = 'convert'"
                " AND source_object_id = :id"
            ),
            {"id": migrated["parent_id"]},
        )
        conn.execute(text("DELETE FROM artifacts"))
    run_stage(settings, "convert", engine=engine)
    assert [r["id"] for r in _rows(engine) if r["parent_id"] is not None] == [legacy_id]
    # ... and a real file at the old child id's path gets an id of its own, sync after sync.
    _estate(root, colliding=True)
    for _ in range(2):
        sync_source(engine, settings, "estate")
        _run(engine, settings)
        _assert_both_survive(engine, settings)
