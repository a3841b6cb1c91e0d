"""`ki db status | stop | backup | restore` as an operator uses them.

The round trip: a small estate indexed in one home, backed up, restored into a fresh home on its
own embedded server; there the same search returns the same passages and `ki status` the same
ledger counts.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

import psutil
import pytest
from typer.testing import CliRunner

from knowledge_index.cli import app

runner = CliRunner()
QUERIES = [("Liefervertrag Acme", "group:lawyers"), ("Memo confidential", "group:beta-team")]


def ki(*args: str):
    return runner.invoke(app, list(args), catch_exceptions=False)


@contextlib.contextmanager
def embedded(monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """KI_HOME with no database URL: the product's own embedded server in home/pgdata, stopped
    with `ki db stop` at the end.

    Outside pytest's tmp folder: run as root, the server runs as its own user and needs every
    ancestor traversable, and pytest resets its base folder to 0700 (another pytest on the same
    host would do so mid-test); the unix socket's path stays short too.
    """
    home = Path(tempfile.mkdtemp(prefix="ki-dbops-", dir="/tmp")) / "home"
    for key in list(os.environ):
        if key.startswith("KI_"):
            monkeypatch.delenv(key)
    monkeypatch.setenv("KI_HOME", str(home))
    try:
        yield home
    finally:
        stopped = ki("db", "stop")
        assert stopped.exit_code == 0, stopped.stderr  # else keep the folder of a live server
        shutil.rmtree(home.parent, ignore_errors=True)


def _one_line_error(result) -> str:
    assert result.exit_code == 1, result.stdout
    lines = [line for line in result.stderr.strip().splitlines() if line.startswith("error:")]
    assert len(lines) == 1 and "Traceback" not in result.stderr, result.stderr
    return lines[0]


def test_status_and_stop_of_the_embedded_server(monkeypatch):
    with embedded(monkeypatch) as home:
        before = json.loads(ki("db", "status", "--json").stdout)
        assert before["mode"] == "embedded" and before["running"] is False
        assert not (home / "pgdata" / "postmaster.pid").exists(), "status must not start it"
        assert "not running" in ki("db", "status").stdout

        assert ki("init").exit_code == 0
        running = ki("db", "status", "--json")
        assert running.exit_code == 0
        body = json.loads(running.stdout)
        assert body["running"] is True and psutil.pid_exists(body["pid"])
        assert body["data_dir"] == str((home / "pgdata").resolve()) and body["data_bytes"] > 0
        roles = {d["name"]: d["role"] for d in body["databases"]}
        assert roles["knowledge_index"] == "ledger" and roles["dagster"] == "dagster"
        assert "running, pid" in ki("db", "status").stdout

        stopped = ki("db", "stop")
        assert stopped.exit_code == 0 and f"pid {body['pid']}" in stopped.stdout
        assert not psutil.pid_exists(body["pid"]) or (
            psutil.Process(body["pid"]).status() == psutil.STATUS_ZOMBIE
        )
        assert json.loads(ki("db", "status", "--json").stdout)["running"] is False
        again = ki("db", "stop")
        assert again.exit_code == 0 and "not running" in again.stdout
        # The next command starts it again: nothing remembers the dead socket.
        assert ki("init").exit_code == 0
        assert json.loads(ki("db", "status", "--json").stdout)["running"] is True


def test_stop_refuses_an_external_server(ki_env):
    line = _one_line_error(ki("db", "stop"))
    assert "external server (KI_DATABASE_URL)" in line
    status = ki("db", "status", "--json")
    assert status.exit_code == 0
    body = json.loads(status.stdout)
    assert body["mode"] == "external" and body["running"] is True
    assert "postgres:***@" in body["url"] or "@" not in body["url"].split("//", 1)[1]


def test_expected_failures_are_one_line(ki_env, tmp_path, monkeypatch):
    missing = _one_line_error(ki("db", "restore", str(tmp_path / "nope.tar")))
    assert "no such backup" in missing
    not_a_backup = tmp_path / "empty"
    not_a_backup.mkdir()
    assert "already holds data" in _one_line_error(ki("db", "restore", str(not_a_backup)))
    forced = _one_line_error(ki("db", "restore", str(not_a_backup), "--force"))
    assert "manifest.json" in forced and "not a complete knowledge-index backup" in forced
    monkeypatch.setenv("KI_DATABASE_URL", f"postgresql://nobody@/x?host={tmp_path}/no-socket")
    down = ki("db", "status")
    assert down.exit_code == 1 and "not reachable" in down.stdout
    assert "cannot connect to the ledger database" in _one_line_error(down)
    assert "cannot connect" in _one_line_error(ki("db", "backup", str(tmp_path / "b")))
    assert not (tmp_path / "b").exists() and not (tmp_path / "b.partial").exists()


def _search(query: str, principal: str) -> list[tuple]:
    result = ki("search", query, "--as", principal, "--json", "--cold")
    assert result.exit_code == 0, result.stderr
    passages = json.loads(result.stdout)["passages"]
    return [
        (p["rank"], p["citation"]["chunk_id"], p["citation"]["path"], round(p["score"], 5))
        for p in passages
    ]


def _status() -> tuple[int, dict]:
    result = ki("status", "--json")
    return result.exit_code, json.loads(result.stdout)


def _blobs(home: Path) -> set[str]:
    return {p.name for p in (home / "blobs").rglob("*") if p.is_file()}


def test_backup_then_restore_into_a_fresh_home_searches_the_same(
    ki_env, corpus, tmp_path, monkeypatch
):
    source_home = Path(ki_env["KI_HOME"])
    assert ki("config", "set", "pipeline.max_file_mb", "100").exit_code == 0
    assert ki("source", "add", "estate", str(corpus), "--allow", "group:lawyers").exit_code == 0
    ki("sync")
    ki("run")
    searches = {q: _search(q, who) for q, who in QUERIES}
    assert all(searches.values()), searches
    status = _status()
    assert status[1]["documents"] == 3

    archive = tmp_path / "backups" / "ki.tar.gz"
    archive.parent.mkdir()
    made = ki("db", "backup", str(archive))
    assert made.exit_code == 0, made.stderr
    assert "backed up 3 documents" in made.stdout and archive.is_file()
    folder = tmp_path / "backups" / "ki-folder"
    assert ki("db", "backup", str(folder)).exit_code == 0
    manifest = json.loads((folder / "manifest.json").read_text())
    assert manifest["format"] == "knowledge-index-backup" and manifest["documents"] == 3
    from knowledge_index.migrations import discover

    assert manifest["migrations"] == [m.name for m in discover()]
    assert manifest["migration_level"] == discover()[-1].version
    assert set(manifest["databases"]) == {"ledger", "dagster"}
    assert manifest["versions"]["pg_dump"].startswith("pg_dump (PostgreSQL)")
    assert {t["folder"] for t in manifest["trees"]} >= {"blobs"}
    exists = ki("db", "backup", str(folder))
    assert "already exists" in _one_line_error(exists)

    with embedded(monkeypatch) as fresh:
        restored = ki("db", "restore", str(archive))
        assert restored.exit_code == 0, restored.stderr
        assert "restored 3 documents" in restored.stdout
        assert _status() == status
        assert {q: _search(q, who) for q, who in QUERIES} == searches
        assert _blobs(fresh) == _blobs(source_home)
        shown = json.loads(ki("config", "show").stdout)
        assert shown["pipeline"]["max_file_mb"] == 100  # the saved configuration came along
        # Restored without grants (the roles are the server's), then granted again.
        from knowledge_index.db import dispose_engines, get_engine
        from knowledge_index.settings import load_settings

        _as_reader(get_engine(load_settings()), "SELECT * FROM chunks LIMIT 1")
        dispose_engines()

        refused = _one_line_error(ki("db", "restore", str(folder)))
        assert "already holds data" in refused and "--force" in refused

        damaged = tmp_path / "backups" / "damaged"
        shutil.copytree(folder, damaged)
        dump = damaged / "ledger.dump"
        data = bytearray(dump.read_bytes())
        data[len(data) // 2] ^= 0xFF
        dump.write_bytes(bytes(data))
        assert "damaged" in _one_line_error(ki("db", "restore", str(damaged), "--force"))
        assert _status() == status, "a damaged archive must not touch the database"

        forced = ki("db", "restore", str(folder), "--force")
        assert forced.exit_code == 0, forced.stderr
        assert _status() == status
        assert {q: _search(q, who) for q, who in QUERIES} == searches


def _as_reader(engine, sql: str) -> None:
    from sqlalchemy import text

    with engine.begin() as conn:
        conn.execute(text("SET LOCAL ROLE ki_reader"))
        conn.execute(text(sql))


def test_the_mcp_role_reads_everything_and_writes_only_its_audit(engine):
    """ki_reader (compose.yaml's mcp service) can serve every tool and change nothing else."""
    from sqlalchemy.exc import ProgrammingError

    from knowledge_index.migrations import pending

    for table in ("source_objects", "processing_state", "chunks", "ki_schema_migrations"):
        _as_reader(engine, f"SELECT * FROM {table} LIMIT 1")
    _as_reader(
        engine,
        "INSERT INTO mcp_audit (principal, transport, tool, ok, duration_ms)"
        " VALUES ('user:a', 'http', 'search', true, 1.0)",
    )
    for sql in (
        "UPDATE processing_state SET attempts = 0",
        "DELETE FROM mcp_audit",
        "CREATE TABLE mischief (x int)",
    ):
        with pytest.raises(ProgrammingError, match="permission denied"):
            _as_reader(engine, sql)
    assert pending(engine) == []  # what `ki mcp` asks instead of migrating
