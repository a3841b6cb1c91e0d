"""The sync engine against real folders: change detection, ACLs, deletion confirmation."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from sqlalchemy import text

from knowledge_index.runner import run_stage
from knowledge_index.settings import load_settings
from knowledge_index.sources.folder import FolderSource
from knowledge_index.sources.registry import add_source
from knowledge_index.sources.sync import SyncInFlight, reserve_sync_run, sync_source
from knowledge_index_tests.support.estate import make_files, row


@pytest.fixture
def estate(engine, tmp_path):
    root = tmp_path / "estate"
    files = make_files(root, 12)
    with engine.begin() as conn:
        add_source(conn, "estate", root)
    return root, files


def _ids_by_name(engine) -> dict[str, str]:
    with engine.connect() as conn:
        return {
            Path(p).name: i for i, p in conn.execute(text("SELECT id, path FROM source_objects"))
        }


def test_counts_created_changed_unchanged_restored(engine, settings, estate):
    _root, files = estate
    first = sync_source(engine, settings, "estate")
    assert (first.created, first.observed) == (12, 12)
    again = sync_source(engine, settings, "estate")
    assert (again.created, again.changed, again.unchanged) == (0, 0, 12)
    assert not again.brought_change and not again.handed_off

    files[0].write_text("new content", encoding="utf-8")
    # Same bytes, new mtime: metadata churn is not a change.
    os.utime(files[1], ns=(1, 1))
    r = sync_source(engine, settings, "estate")
    assert (r.changed, r.unchanged) == (1, 11)
    source_object_id = _ids_by_name(engine)[files[0].name]
    assert row(engine, source_object_id, "fetch")["status"] == "pending"


def test_deletion_needs_identical_missing_sets(engine, estate, monkeypatch):
    monkeypatch.setenv("KI_PIPELINE__DELETION_CONFIRMATIONS", "3")
    settings = load_settings()
    _root, files = estate
    sync_source(engine, settings, "estate")
    ids = _ids_by_name(engine)
    files[0].unlink()
    r1 = sync_source(engine, settings, "estate")
    assert (r1.tombstoned, r1.pending_deletions, r1.deletion_confirmations) == (0, 1, "1 of 3")
    with engine.connect() as conn:
        flagged = conn.execute(text("SELECT id FROM source_objects WHERE pending_deletion")).all()
    assert [f[0] for f in flagged] == [ids[files[0].name]]
    # A different missing set restarts the count.
    files[1].unlink()
    r2 = sync_source(engine, settings, "estate")
    assert (r2.tombstoned, r2.deletion_confirmations) == (0, "1 of 3")
    r3 = sync_source(engine, settings, "estate")
    assert r3.deletion_confirmations == "2 of 3"
    r4 = sync_source(engine, settings, "estate")
    assert r4.tombstoned == 2
    with engine.connect() as conn:
        deleted = conn.execute(
            text("SELECT count(*) FROM source_objects WHERE deleted_at IS NOT NULL")
        ).scalar()
    assert deleted == 2
    # The tombstoned document's stages run again only to be skipped (and, later, unindexed).
    report = run_stage(settings, "fetch", source_object_ids=[ids[files[0].name]])
    assert report.results[0].reason == "source_object_deleted"
    # It comes back: restored.
    files[0].write_text("document 0 of the test estate", encoding="utf-8")
    r5 = sync_source(engine, settings, "estate")
    assert r5.restored == 1


def test_returning_objects_discard_the_claim(engine, estate, monkeypatch):
    monkeypatch.setenv("KI_PIPELINE__DELETION_CONFIRMATIONS", "2")
    settings = load_settings()
    _root, files = estate
    sync_source(engine, settings, "estate")
    content = files[0].read_bytes()
    files[0].unlink()
    assert sync_source(engine, settings, "estate").pending_deletions == 1
    files[0].write_bytes(content)
    back = sync_source(engine, settings, "estate")
    assert back.pending_deletions == 0 and back.tombstoned == 0
    files[0].unlink()
    assert sync_source(engine, settings, "estate").deletion_confirmations == "1 of 2"


def test_empty_scan_deletes_nothing(engine, estate, monkeypatch):
    monkeypatch.setenv("KI_PIPELINE__DELETION_CONFIRMATIONS", "1")
    settings = load_settings()
    _root, files = estate
    sync_source(engine, settings, "estate")
    for f in files:
        f.unlink()
    for _ in range(3):
        r = sync_source(engine, settings, "estate")
        assert r.empty_scan_ignored and r.tombstoned == 0


def test_mass_deletion_gets_a_second_look_even_at_one_confirmation(engine, estate, monkeypatch):
    monkeypatch.setenv("KI_PIPELINE__DELETION_CONFIRMATIONS", "1")
    settings = load_settings()
    _root, files = estate
    sync_source(engine, settings, "estate")
    for f in files[:8]:
        f.unlink()
    r1 = sync_source(engine, settings, "estate")
    assert r1.mass_deletion and r1.tombstoned == 0 and r1.deletion_confirmations == "1 of 2"
    assert sync_source(engine, settings, "estate").tombstoned == 8


def test_missing_root_fails_the_sync_instead_of_deleting(engine, settings, estate):
    root, _ = estate
    sync_source(engine, settings, "estate")
    root.rename(root.with_name("moved"))
    with pytest.raises(FileNotFoundError, match="does not exist"):
        sync_source(engine, settings, "estate")
    with engine.connect() as conn:
        src = conn.execute(text("SELECT status, last_error FROM sources")).one()
        live = conn.execute(
            text("SELECT count(*) FROM source_objects WHERE deleted_at IS NULL")
        ).scalar()
    assert src[0] == "error" and "does not exist" in src[1]
    assert live == 12


def test_acl_only_change_marks_access_only_reindex(engine, settings, estate):
    root, files = estate
    sync_source(engine, settings, "estate")
    (root / ".ki-acl.json").write_text('{"deny": ["user:intern"]}', encoding="utf-8")
    r = sync_source(engine, settings, "estate")
    assert (r.access_changed, r.changed) == (12, 0)
    source_object_id = _ids_by_name(engine)[files[0].name]
    assert row(engine, source_object_id, "index")["access_only_reindex"] is True
    assert (
        row(engine, source_object_id, "fetch")["status"] == "pending"
    )  # untouched: never fetched yet
    with engine.connect() as conn:
        acl = conn.execute(
            text("SELECT acl FROM source_objects WHERE id = :i"), {"i": source_object_id}
        ).scalar()
    assert acl["deny"] == ["user:intern"] and acl["allow"] == ["*"]


def test_folder_grants_accumulate_down_the_tree(corpus):
    source = FolderSource(corpus)
    acls = {o.path: o.acl for o in source.full_scan()}
    memo = acls["Clients/Beta/memo.md"]
    assert memo.allow == ["group:beta-team"] and memo.deny == ["user:intern"]
    assert acls["Clients/Acme/letter.txt"].allow == []


class _VanishingFolder(FolderSource):
    """A folder where one file disappears right after the listing saw it."""

    def __init__(self, root: Path, victim: Path) -> None:
        super().__init__(root)
        self.victim = victim

    def full_scan(self):
        for obs in super().full_scan():
            if obs.path == self.victim.name:
                self.victim.unlink()
            yield obs


def test_file_vanishing_mid_scan_is_just_absent(engine, settings, estate):
    root, files = estate
    r = sync_source(engine, settings, "estate", source=_VanishingFolder(root, files[3]))
    assert (r.created, r.observed) == (11, 11)


def test_unreadable_file_is_recorded_and_quarantined_with_its_reason(engine, estate, monkeypatch):
    root, _ = estate
    # A file that lists but cannot be read (a failing disk, an offline SMB share). Root reads
    # everything, so the read error is raised where the source opens the file.
    (root / "unreadable.bin").write_bytes(b"bad sector")
    real_fetch = FolderSource.fetch

    def failing_fetch(self, external_id: str):
        if external_id.endswith("unreadable.bin"):
            raise OSError(5, "Input/output error", external_id)
        return real_fetch(self, external_id)

    monkeypatch.setattr(FolderSource, "fetch", failing_fetch)
    monkeypatch.setenv("KI_PIPELINE__STAGES__FETCH__MAX_ATTEMPTS", "1")
    settings = load_settings()
    r = sync_source(engine, settings, "estate")
    assert (r.created, r.unreadable) == (13, 1)
    report = run_stage(settings, "fetch")
    assert report.count("done") == 12
    bad = _ids_by_name(engine)["unreadable.bin"]
    state = row(engine, bad, "fetch")
    assert state["status"] == "quarantined"
    assert "Input/output error" in state["last_error"]["message"]


def test_oversize_file_quarantines_at_fetch(engine, estate, monkeypatch):
    root, _ = estate
    (root / "huge.bin").write_bytes(b"\0" * (2 * 1024 * 1024 + 1))
    monkeypatch.setenv("KI_PIPELINE__MAX_FILE_MB", "2")
    settings = load_settings()
    sync_source(engine, settings, "estate")
    report = run_stage(settings, "fetch")
    assert report.count("done") == 12 and report.count("quarantined") == 1
    state = row(engine, _ids_by_name(engine)["huge.bin"], "fetch")
    assert state["last_error"]["class"] == "ArtifactTooLarge"
    assert "max_file_mb" in state["last_error"]["message"]


def test_second_sync_while_one_is_unfinished_is_refused(engine, settings, estate):
    with engine.begin() as conn:
        reserve_sync_run(conn, "estate", "cli", None, stale_after=900)
    with pytest.raises(SyncInFlight, match="already in flight"):
        sync_source(engine, settings, "estate")
    with engine.connect() as conn:
        assert conn.execute(text("SELECT count(*) FROM source_objects")).scalar() == 0


def test_abandoned_sync_is_failed_with_cause_and_does_not_block(engine, settings, estate):
    with engine.begin() as conn:
        reserve_sync_run(conn, "estate", "cli", None, stale_after=900)
        conn.execute(text("UPDATE sync_runs SET updated_at = now() - interval '2 hours'"))
    assert sync_source(engine, settings, "estate").created == 12
    with engine.connect() as conn:
        err = conn.execute(text("SELECT error FROM sync_runs WHERE status = 'failed'")).scalar()
    assert err.startswith("abandoned")
