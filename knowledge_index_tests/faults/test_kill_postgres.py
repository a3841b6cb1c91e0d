"""SIGKILL of the embedded Postgres under a running `ki run`, then `ki run` again.

The product's own embedded server (no KI_DATABASE_URL), as an operator's appliance runs it:
the killed server is started again by the next command, crash recovery replays its WAL, and
the resumed run ends where a clean run ends.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

from knowledge_index.db import dispose_engines, forget_embedded_server, get_engine
from knowledge_index.orchestration.driver import Driver
from knowledge_index.orchestration.stages import stage_names
from knowledge_index.settings import load_settings
from knowledge_index_tests.faults.test_kill_ki_run import (
    FILES,
    assert_recovered,
    clean_export,
    settled,
    start_ki_run,
    wait_for,
)


def _ki(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "knowledge_index", *args],
        env={**os.environ, "PYTHONPATH": os.getcwd()},
        capture_output=True,
        text=True,
        timeout=300,
    )


def _postmaster_pid(home: Path) -> int:
    return int((home / "pgdata" / "postmaster.pid").read_text().split()[0])


def test_sigkill_of_the_embedded_postgres_then_run_again(
    pg_server, ki_env, estate, tmp_path, monkeypatch
) -> None:
    clean = clean_export(pg_server, monkeypatch, tmp_path, estate)
    dispose_engines()
    # A short home: the server's unix socket lives in its data folder (paths are length-limited).
    home = Path(f"/tmp/ki-pgkill-{os.getpid()}")
    monkeypatch.setenv("KI_HOME", str(home))
    monkeypatch.delenv("KI_DATABASE_URL")
    monkeypatch.delenv("KI_DAGSTER_DATABASE_URL")
    try:
        added = _ki("source", "add", "estate", str(estate), "--public")
        assert added.returncode == 0, added.stderr
        synced = _ki("sync", "--no-run")
        # 1: synced, with the new documents' work owed (0 would mean nothing is owed).
        assert synced.returncode == 1, synced.stdout + synced.stderr
        settings = load_settings()
        engine = get_engine(settings)
        proc = start_ki_run()
        wait_for(engine, proc, "extract_metadata", "settled", 5)
        before = settled(engine)
        os.kill(_postmaster_pid(home), signal.SIGKILL)
        # The run cannot record anything more: it must end on its own, saying so, not hang.
        code = proc.wait(120)
        assert code != 0
        assert len(before) < FILES * len(stage_names())
        dispose_engines()
        forget_embedded_server(settings)

        resumed = _ki("run")
        assert resumed.returncode == 0, resumed.stdout[-2000:] + resumed.stderr[-2000:]
        assert "Traceback" not in resumed.stdout + resumed.stderr
        settings = load_settings()
        engine = get_engine(settings)
        # The rows settled before the kill were committed: crash recovery keeps them as they
        # were, and the second run does not do them again.
        Driver(settings).run_until_idle()
        assert_recovered(settings, engine, before, clean)
    finally:
        dispose_engines()
        _ki("db", "stop")
        subprocess.run(["rm", "-rf", str(home)], check=False)
