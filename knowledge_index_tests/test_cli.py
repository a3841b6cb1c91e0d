"""The `ki` command as an operator uses it: clear errors, nothing lost, exit codes."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from knowledge_index.cli import app
from knowledge_index.settings import config_path

runner = CliRunner()


def ki(*args: str):
    return runner.invoke(app, list(args), catch_exceptions=False)


def test_config_set_validates_and_persists(ki_env):
    ok = ki("config", "set", "pipeline.max_file_mb", "100")
    assert ok.exit_code == 0
    shown = json.loads(ki("config", "show").stdout)
    assert shown["pipeline"]["max_file_mb"] == 100

    before = config_path().read_text()
    bad = ki("config", "set", "pipeline.max_file_mb", "0")
    assert bad.exit_code == 1
    assert "pipeline.max_file_mb" in bad.stderr and "greater than or equal to 1" in bad.stderr
    assert config_path().read_text() == before, "a rejected value must not touch the file"

    attempts = ki("config", "set", "pipeline.stages.convert.max_attempts", "21")
    assert attempts.exit_code == 1 and "less than or equal to 20" in attempts.stderr


def test_unknown_names_are_refused_clearly(ki_env):
    unknown_field = ki("config", "set", "pipeline.max_file_size", "3")
    assert unknown_field.exit_code == 1 and "unknown configuration field" in unknown_field.stderr
    unknown_stage = ki("config", "set", "pipeline.stages.ocr.enabled", "false")
    assert unknown_stage.exit_code == 1 and "unknown stage 'ocr'" in unknown_stage.stderr
    rerun = ki("rerun", "ocr", "--yes")
    assert rerun.exit_code == 1 and "unknown stage 'ocr'" in rerun.stderr
    version = ki("config", "set", "pipeline.stages.convert.producer_version", "x")
    assert version.exit_code == 1 and "computed" in version.stderr


def test_environment_pinned_field_refuses_edit(ki_env, monkeypatch):
    monkeypatch.setenv("KI_PIPELINE__RETRY_BASE_SECONDS", "7")
    result = ki("config", "set", "pipeline.retry_base_seconds", "9")
    assert result.exit_code == 1
    assert "KI_PIPELINE__RETRY_BASE_SECONDS" in result.stderr
    shown = json.loads(ki("config", "show").stdout)
    assert shown["pipeline"]["retry_base_seconds"] == 7.0


def test_bad_environment_value_names_the_field(ki_env, monkeypatch):
    monkeypatch.setenv("KI_PIPELINE__DELETION_CONFIRMATIONS", "lots")
    result = ki("status")
    assert result.exit_code == 1
    assert "pipeline.deletion_confirmations" in result.stderr


def test_saved_producer_version_is_ignored(ki_env):
    from knowledge_index.settings import load_settings

    config_path().parent.mkdir(parents=True, exist_ok=True)
    config_path().write_text(
        json.dumps(
            {"pipeline": {"stages": {"fetch": {"producer_version": "forged", "rerun_token": "t1"}}}}
        )
    )
    assert load_settings().producer_version("fetch") == "ki-1+t1"


def test_operator_flow_status_quarantine_retry(ki_env, tmp_path):
    estate = tmp_path / "estate"
    estate.mkdir()
    (estate / "a.txt").write_text("alpha", encoding="utf-8")
    (estate / "big.txt").write_bytes(b"a" * (1024 * 1024 + 1))
    assert ki("config", "set", "pipeline.max_file_mb", "1").exit_code == 0
    implicit = ki("source", "add", "estate", str(estate))
    assert implicit.exit_code == 1 and "--allow PRINCIPAL" in implicit.stderr
    assert ki("source", "add", "estate", str(estate), "--public").exit_code == 0
    dup = ki("source", "add", "estate", str(estate), "--public")
    assert dup.exit_code == 1 and "already exists" in dup.stderr
    missing = ki("source", "add", "other", str(tmp_path / "nope"), "--allow", "group:x")
    assert missing.exit_code == 1 and "is not a folder" in missing.stderr

    synced = ki("sync")
    # The oversized file quarantined: not in sync, so not 0 (0 means nothing owed or wrong).
    assert synced.exit_code == 1, synced.stdout
    status = ki("status", "--json")
    assert status.exit_code == 1  # quarantine needs attention
    body = json.loads(status.stdout)
    fetch = next(s for s in body["stages"] if s["stage"] == "fetch")
    assert fetch["buckets"]["done"] == 1 and fetch["buckets"]["quarantined"] == 1

    q = ki("quarantine", "--json")
    assert q.exit_code == 1
    (entry,) = json.loads(q.stdout)
    assert entry["path"] == "big.txt" and entry["error_class"] == "ArtifactTooLarge"

    assert ki("config", "set", "pipeline.max_file_mb", "2").exit_code == 0
    retried = ki("retry", entry["source_object_id"])
    assert retried.exit_code == 0
    assert "released fetch" in retried.stdout and "deterministic" in retried.stdout
    assert json.loads(ki("quarantine", "--json").stdout) == []
    assert ki("retry", "no-such-doc").exit_code == 1


@pytest.mark.parametrize("stage", ["fetch"])
def test_rerun_states_counts_and_downstream(ki_env, tmp_path, stage):
    estate = tmp_path / "estate"
    estate.mkdir()
    for i in range(3):
        (estate / f"{i}.txt").write_text(str(i), encoding="utf-8")
    assert ki("source", "add", "estate", str(estate), "--allow", "group:team").exit_code == 0
    ki("sync")
    out = ki("rerun", stage, "--yes", "--no-run")
    assert out.exit_code == 0
    assert "3 document(s) will re-run fetch" in out.stdout
    assert "convert, classify_matter" in out.stdout
    assert "3 partition(s) of fetch" in out.stdout and "/overview/backfills/" in out.stdout
    shown = json.loads(ki("config", "show").stdout)
    assert "+r" in shown["pipeline"]["stages"]["fetch"]["producer_version"]


def test_migrate_is_idempotent_and_records_each_file(ki_env):
    from sqlalchemy import text

    from knowledge_index.db import get_engine
    from knowledge_index.migrations import discover
    from knowledge_index.settings import load_settings

    first = ki("db", "migrate")
    assert first.exit_code == 0
    again = ki("db", "migrate")
    assert again.exit_code == 0 and "up to date" in again.stdout
    with get_engine(load_settings()).connect() as conn:
        recorded = [
            r[0]
            for r in conn.execute(text("SELECT name FROM ki_schema_migrations ORDER BY version"))
        ]
    assert recorded == [m.name for m in discover()]


def test_home_and_what_is_written_in_it_are_private(ki_env):
    from knowledge_index.settings import load_settings

    home = load_settings().home
    if home.exists():
        home.chmod(0o755)  # as an earlier release left it
    assert ki("init").exit_code == 0
    assert ki("config", "set", "pipeline.max_file_mb", "100").exit_code == 0
    assert home.stat().st_mode & 0o777 == 0o700
    written = [p for p in home.rglob("*") if p.is_file()]
    assert config_path() in written
    assert all(p.stat().st_mode & 0o077 == 0 for p in written), [
        (p, oct(p.stat().st_mode)) for p in written if p.stat().st_mode & 0o077
    ]


def test_bulk_retry_by_class_counts_first_then_releases_all_in_one_run(ki_env, tmp_path):
    estate = tmp_path / "estate"
    estate.mkdir()
    (estate / "ok.txt").write_text("fine", encoding="utf-8")
    for i in range(3):
        (estate / f"big-{i}.txt").write_bytes(b"a" * (1024 * 1024 + 1))
    assert ki("config", "set", "pipeline.max_file_mb", "1").exit_code == 0
    assert ki("source", "add", "estate", str(estate), "--public").exit_code == 0
    assert ki("sync").exit_code == 1
    grouped = ki("quarantine")
    assert "ArtifactTooLarge" in grouped.stdout and "ki retry --class" in grouped.stdout

    dry = ki("retry", "--class", "ArtifactTooLarge")
    assert dry.exit_code == 1 and "dry run: 3 document(s)" in dry.stdout
    assert len(json.loads(ki("quarantine", "--json").stdout)) == 3  # nothing released
    assert ki("retry", "--infrastructure").stdout.count("dry run: 0 document(s)") == 1

    assert ki("config", "set", "pipeline.max_file_mb", "2").exit_code == 0
    released = ki("retry", "--class", "ArtifactTooLarge", "--yes")
    assert "released 3 document(s)" in released.stdout
    assert json.loads(ki("quarantine", "--json").stdout) == []
    assert released.exit_code == 0, released.stdout  # all ran: in sync
    assert ki("retry").exit_code == 1  # nothing named, nothing selected: an error
