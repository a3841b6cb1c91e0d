"""`ki sync` / `ki run` as an unattended caller sees them: exit codes, one-line errors, output.

0 only when nothing is owed; 1 for owed work or attention (quarantine, a gateway outage behind
an open circuit, a failed source, bad configuration); 2 skipped with nothing lost (another sync
of the source in flight, also when it wins the race after the pre-check). Expected failures are
one line, never a traceback; Dagster's log lines go to KI_HOME/logs/ki.log unless --verbose;
tables fit 80 columns without cutting a header.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from sqlalchemy import text
from typer.testing import CliRunner

from knowledge_index.cli import app
from knowledge_index.cli import common as cli_common

runner = CliRunner()
NO_INDEX = {"KI_PIPELINE__STAGES__INDEX__ENABLED": "false"}


def ki(*args: str):
    return runner.invoke(app, list(args), catch_exceptions=False)


def _no_traceback(result) -> None:
    both = result.stdout + result.stderr
    assert "Traceback" not in both and "dagster._core" not in both, both
    assert " - dagster - " not in both, both  # Dagster's console logger stayed quiet


@pytest.fixture
def width_80(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cli_common.console, "width", 80)


@pytest.fixture
def estate(ki_env, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    for key, value in NO_INDEX.items():
        monkeypatch.setenv(key, value)
    root = tmp_path / "estate"
    root.mkdir()
    for i in range(3):
        (root / f"note-{i}.txt").write_text(f"Aktennotiz {i}", encoding="utf-8")
    assert ki("source", "add", "estate", str(root), "--public").exit_code == 0
    return root


def test_in_sync_is_0_and_the_summary_fits_80_columns(estate: Path, width_80: None) -> None:
    synced = ki("sync")
    _no_traceback(synced)
    assert synced.exit_code == 0, synced.stdout + synced.stderr
    for header in ("observed", "unchanged", "tombstoned", "pending deletion", "quarantined"):
        assert header in synced.stdout
    assert "…" not in synced.stdout
    assert max(len(line) for line in synced.stdout.splitlines()) <= 80
    again = ki("run")
    assert again.exit_code == 0 and "…" not in again.stdout
    status = ki("status")
    assert status.exit_code == 0 and "…" not in status.stdout and "quarantined" in status.stdout


def test_missing_root_is_one_line_and_exit_1(estate: Path) -> None:
    estate.rename(estate.with_name("moved"))
    result = ki("sync")
    _no_traceback(result)
    assert result.exit_code == 1
    (line,) = result.stderr.strip().splitlines()
    assert "sync of source 'estate' failed" in line and "does not exist" in line


def test_bad_configuration_is_one_line_and_exit_1(estate: Path, monkeypatch) -> None:
    monkeypatch.setenv("KI_PIPELINE__BATCH_SIZE", "many")
    for command in (["sync"], ["run"]):
        result = ki(*command)
        _no_traceback(result)
        assert result.exit_code == 1
        (line,) = result.stderr.strip().splitlines()
        assert "invalid configuration" in line and "pipeline.batch_size" in line
    monkeypatch.delenv("KI_PIPELINE__BATCH_SIZE")
    monkeypatch.setenv("KI_GATEWAY__BREAKER__FAILURES", "0")
    result = ki("run")
    assert result.exit_code == 1 and "gateway.breaker.failures" in result.stderr


def test_unreachable_database_is_one_line_and_exit_1(ki_env, monkeypatch) -> None:
    monkeypatch.setenv("KI_DATABASE_URL", "postgresql+psycopg://ki@127.0.0.1:1/nothing")
    result = ki("run")
    _no_traceback(result)
    assert result.exit_code == 1
    (line,) = result.stderr.strip().splitlines()
    assert "database is unreachable" in line


def test_a_sync_in_flight_is_skipped_with_exit_2_also_when_it_wins_the_race(
    estate: Path, monkeypatch
) -> None:
    from knowledge_index.db import get_engine
    from knowledge_index.settings import load_settings

    with get_engine(load_settings()).begin() as conn:
        conn.execute(
            text(
                "INSERT INTO sync_runs (source_id, status, trigger) VALUES ('estate', 'running',"
                " 'cli')"
            )
        )
    skipped = ki("sync")
    _no_traceback(skipped)
    assert skipped.exit_code == 2
    (line,) = skipped.stderr.strip().splitlines()
    assert line.startswith("skipped:") and "already in flight" in line

    # The other sync starts between this command's check and its run: the run itself finds
    # it (the op's own reservation), and that is a skip too, not a failed sync.
    monkeypatch.setattr(
        "knowledge_index.orchestration.driver.sync_in_flight", lambda *a, **k: False
    )
    raced = ki("sync")
    _no_traceback(raced)
    assert raced.exit_code == 2, raced.stderr
    (line,) = raced.stderr.strip().splitlines()
    assert line.startswith("skipped:") and "in flight" in line


def test_dagster_errors_go_to_the_log_file_and_verbose_shows_them(
    estate: Path, ki_env, monkeypatch
) -> None:
    assert ki("config", "set", "pipeline.max_file_mb", "1").exit_code == 0
    (estate / "poison.txt").write_bytes(b"a" * (1024 * 1024 + 1))
    quiet = ki("sync")
    _no_traceback(quiet)
    assert quiet.exit_code == 1  # quarantined: attention
    assert "1 run(s) had failed documents" in quiet.stdout and "ki.log" in quiet.stdout
    log = Path(ki_env["KI_HOME"]) / "logs" / "ki.log"
    logged = log.read_text(encoding="utf-8")
    assert "ERROR" in logged and "1 of 4 documents failed fetch" in logged
    assert log.stat().st_mode & 0o077 == 0

    (estate / "poison-2.txt").write_bytes(b"b" * (1024 * 1024 + 1))
    verbose = ki("sync", "--verbose")
    assert verbose.exit_code == 1
    assert "STEP_FAILURE" in verbose.stderr and "documents failed fetch" in verbose.stderr


def test_an_outage_behind_an_open_circuit_is_owed_work_exit_1(estate: Path, monkeypatch) -> None:
    from knowledge_index_tests.gateway import fake_provider as fp
    from knowledge_index_tests.model_stages.fakes import MODEL, install_flaky

    monkeypatch.setenv("KI_PIPELINE__STAGES__CLASSIFY_MATTER__MODEL", MODEL)
    monkeypatch.setenv("KI_GATEWAY__BREAKER__FAILURES", "2")
    monkeypatch.setenv("KI_GATEWAY__BREAKER__COOLDOWN_SECONDS", "3600")
    fake = install_flaky([fp.unavailable()] * 10)
    synced = ki("sync")
    _no_traceback(synced)
    assert synced.exit_code == 1  # rows owed behind the circuit: not in sync
    assert fake.calls == 2  # the third document waited without a request
    assert "circuit open for model" in synced.stdout
    status = ki("status", "--json")
    assert status.exit_code == 1
    body = json.loads(status.stdout)
    assert [c["model"] for c in body["open_circuits"]] == [MODEL]
    classify = next(s for s in body["stages"] if s["stage"] == "classify_matter")
    assert classify["buckets"]["failed"] == 3 and classify["buckets"]["quarantined"] == 0
    rerun = ki("run")
    assert rerun.exit_code == 1 and fake.calls == 2  # still open: nothing attempted
