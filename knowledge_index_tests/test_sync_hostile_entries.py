"""One odd entry never stops a source: it is recorded with its cause and everything else syncs.

The hostile folder has what old file shares and careless users leave behind: a name that is not
UTF-8, a symbolic-link loop, a link to a file outside the source, a link inside it, a FIFO, an
entry that cannot be read, a folder that cannot be listed, a file that vanishes mid-scan, a
grants file with a misspelled key and one nested too deeply to parse.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from sqlalchemy import text

from knowledge_index.settings import load_settings
from knowledge_index.sources.folder import LINK_NOT_FOLLOWED, LINK_OUTSIDE, NOT_UTF8
from knowledge_index.sources.registry import add_source
from knowledge_index.sources.sync import sync_source


def _hostile(root: Path, outside: Path) -> None:
    (root / "Matter A" / "Walled").mkdir(parents=True)
    (root / "Matter A" / "ok.txt").write_text("a good file", encoding="utf-8")
    (root / "Matter A" / "Walled" / "secret.txt").write_text("behind a wall", encoding="utf-8")
    (root / "good.txt").write_text("another good file", encoding="utf-8")
    # A cp1252 name from an old SMB share: the bytes are not UTF-8.
    fd = os.open(os.fsencode(root) + b"/caf\xe9 Notiz.txt", os.O_CREAT | os.O_WRONLY)
    os.write(fd, b"Notiz")
    os.close(fd)
    os.symlink(root / "loop-b", root / "loop-a")
    os.symlink(root / "loop-a", root / "loop-b")
    outside.mkdir()
    (outside / "payroll.txt").write_text("not part of the estate", encoding="utf-8")
    os.symlink(outside / "payroll.txt", root / "payroll-link.txt")
    os.symlink(root / "Matter A" / "Walled" / "secret.txt", root / "secret-link.txt")
    os.mkfifo(root / "pipe")
    (root / "unreadable.txt").write_text("cannot be read", encoding="utf-8")
    (root / "vanishing.txt").write_text("gone before it is read", encoding="utf-8")
    (root / "Locked").mkdir()
    (root / "Locked" / "inside.txt").write_text("in a folder that becomes unlistable")
    (root / "Misspelled").mkdir()
    (root / "Misspelled" / ".ki-acl.json").write_text('{"denied": ["user:intern"]}')
    (root / "Misspelled" / "memo.txt").write_text("grants file has a typo", encoding="utf-8")
    (root / "Deep").mkdir()
    (root / "Deep" / ".ki-acl.json").write_text("[" * 20_000 + "]" * 20_000)
    (root / "Deep" / "note.txt").write_text("grants file nested too deeply", encoding="utf-8")


@pytest.fixture
def hostile(engine, tmp_path, monkeypatch):
    root = tmp_path / "estate"
    root.mkdir()
    _hostile(root, tmp_path / "outside")
    # Root reads everything, so unreadable and vanishing entries are simulated at the OS call.
    real_lstat, real_scandir = Path.lstat, os.scandir
    locked = {"on": False}

    def lstat(self: Path):
        if self.name == "unreadable.txt":
            raise PermissionError(13, "Permission denied", str(self))
        if self.name == "vanishing.txt":
            raise FileNotFoundError(2, "No such file or directory", str(self))
        return real_lstat(self)

    def scandir(path="."):
        if locked["on"] and os.fspath(path).endswith("/Locked"):
            raise PermissionError(13, "Permission denied", os.fspath(path))
        return real_scandir(path)

    monkeypatch.setattr(Path, "lstat", lstat)
    monkeypatch.setattr(os, "scandir", scandir)
    return root, locked


def _paths(engine) -> dict[str, dict]:
    with engine.connect() as conn:
        return {
            r.path: {"acl": r.acl, "deleted": r.deleted}
            for r in conn.execute(
                text("SELECT path, acl, deleted_at IS NOT NULL AS deleted FROM source_objects")
            )
        }


def test_hostile_entries_are_recorded_and_every_other_file_syncs(engine, hostile, monkeypatch):
    root, locked = hostile
    monkeypatch.setenv("KI_PIPELINE__DELETION_CONFIRMATIONS", "1")
    settings = load_settings()
    with engine.begin() as conn:
        add_source(conn, "estate", root)

    report = sync_source(engine, settings, "estate")

    paths = _paths(engine)
    assert set(paths) == {
        "Matter A/ok.txt",
        "Matter A/Walled/secret.txt",
        "good.txt",
        "Locked/inside.txt",
        "Misspelled/memo.txt",
        "Deep/note.txt",
    }
    causes = {e["path"]: e["cause"] for e in report.skipped_entries}
    assert causes["caf\\xe9 Notiz.txt"] == NOT_UTF8
    assert causes["loop-a"] == causes["loop-b"] == LINK_NOT_FOLLOWED
    assert causes["payroll-link.txt"] == LINK_NOT_FOLLOWED
    assert causes["secret-link.txt"] == LINK_NOT_FOLLOWED
    assert "not a regular file" in causes["pipe"]
    assert "Permission denied" in causes["unreadable.txt"]
    assert "vanishing.txt" not in causes  # gone: simply absent from this scan
    assert "denied: Extra inputs are not permitted" in causes["Misspelled/.ki-acl.json"]
    assert "nested too deeply" in causes["Deep/.ki-acl.json"]
    assert report.skipped == len(report.skipped_entries) == 9
    # A rejected grants file denies everyone below it; it never widens access.
    assert paths["Misspelled/memo.txt"]["acl"]["deny"] == ["*"]
    assert paths["Deep/note.txt"]["acl"]["deny"] == ["*"]
    with engine.connect() as conn:
        stored = conn.execute(
            text("SELECT status, skipped, skipped_entries FROM sync_runs ORDER BY id DESC")
        ).first()
    assert stored.status == "completed" and stored.skipped == 9
    assert {e["path"] for e in stored.skipped_entries} == set(causes)

    # A folder that can no longer be listed is not a deletion of what it holds.
    locked["on"] = True
    again = sync_source(engine, settings, "estate")
    assert "Locked" in {e["path"] for e in again.skipped_entries}
    assert again.tombstoned == 0 and not _paths(engine)["Locked/inside.txt"]["deleted"]


def test_links_inside_the_root_are_followed_only_when_asked_with_the_targets_grants(
    engine, hostile
):
    root, _ = hostile
    (root / "Matter A" / "Walled" / ".ki-acl.json").write_text(
        json.dumps({"allow": ["group:wall"], "inherit": False})
    )
    settings = load_settings()
    with engine.begin() as conn:
        add_source(conn, "estate", root, follow_symlinks=True)

    report = sync_source(engine, settings, "estate")

    paths = _paths(engine)
    causes = {e["path"]: e["cause"] for e in report.skipped_entries}
    assert causes["payroll-link.txt"] == LINK_OUTSIDE and "payroll-link.txt" not in paths
    assert causes["loop-a"] == "symbolic link loop"
    # The link in an open folder carries the walled target's grants, not the open folder's.
    assert paths["secret-link.txt"]["acl"] == paths["Matter A/Walled/secret.txt"]["acl"]
    assert paths["secret-link.txt"]["acl"]["allow"] == ["group:wall"]
