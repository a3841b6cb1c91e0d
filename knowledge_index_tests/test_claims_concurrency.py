"""Several processes claiming from one ledger; a worker killed mid-stage."""

from __future__ import annotations

import multiprocessing as mp
import os
import signal
import time

from sqlalchemy import text

from knowledge_index.ledger.maintenance import recover_stale_claims
from knowledge_index.runner import run_stage
from knowledge_index.settings import load_settings
from knowledge_index_tests.support.estate import mark_stage_done, row, synced_estate
from knowledge_index_tests.support.handlers import call_counts, counting_handler, register_handler
from knowledge_index_tests.support.workers import claim_worker, slow_stage_worker


def test_concurrent_processes_never_double_claim(settings, engine, tmp_path):
    ids = synced_estate(engine, settings, tmp_path / "estate", 150)
    with engine.begin() as conn:
        conn.execute(text("CREATE TABLE test_claim_log (source_object_id text, worker text)"))
    ctx = mp.get_context("spawn")
    start, ready = ctx.Event(), ctx.Semaphore(0)
    procs = [ctx.Process(target=claim_worker, args=("fetch", 200, start, ready)) for _ in range(4)]
    for p in procs:
        p.start()
    # Spawned interpreters import slowly on a loaded host: start only when all are connected.
    for _ in procs:
        assert ready.acquire(timeout=120), "a worker never connected"
    start.set()
    for p in procs:
        p.join(120)
        assert p.exitcode == 0
    with engine.connect() as conn:
        per_row = dict(
            conn.execute(
                text(
                    "SELECT source_object_id, count(*) FROM test_claim_log"
                    " GROUP BY source_object_id"
                )
            ).all()
        )
        workers = conn.execute(text("SELECT count(DISTINCT worker) FROM test_claim_log")).scalar()
    assert set(per_row) == set(ids)
    assert set(per_row.values()) == {1}, "a row was claimed twice"
    assert workers >= 2, "the test did not exercise concurrency"


def test_sigkilled_worker_claim_is_recovered_and_done_rows_never_rerun(
    settings, engine, tmp_path, monkeypatch
):
    ids = synced_estate(engine, settings, tmp_path / "estate", 3)
    mark_stage_done(engine, "fetch", settings.producer_version("fetch"))
    register_handler("convert", counting_handler)
    # Finish one document for real first: it must never execute again.
    run_stage(settings, "convert", source_object_ids=[ids[0]])
    assert call_counts(engine, "convert") == {ids[0]: 1}

    ctx = mp.get_context("spawn")
    worker = ctx.Process(target=slow_stage_worker, args=("convert",))
    worker.start()
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if row(engine, ids[1], "convert")["status"] == "running":
            break
        time.sleep(0.2)
    time.sleep(0.5)  # let it enter the handler
    os.kill(worker.pid, signal.SIGKILL)
    worker.join(10)
    assert row(engine, ids[1], "convert")["status"] == "running"

    # The claimer was a process on this host that no longer exists: its claims are stale at
    # once, not after the claim timeout (which still covers other hosts and hung workers).
    monkeypatch.setenv("KI_PIPELINE__CLAIM_TIMEOUT_SECONDS", "3600")
    short = load_settings()
    with engine.connect() as conn:
        stranded = conn.execute(
            text("SELECT count(*) FROM processing_state WHERE status = 'running'")
        ).scalar_one()
    before = call_counts(engine, "convert")
    with engine.begin() as conn:
        recovered, quarantined = recover_stale_claims(conn, short)
    # The killed worker's whole claim chunk (both remaining documents) is recovered.
    assert (recovered, quarantined) == (stranded, 0) == (2, 0)
    stale = row(engine, ids[1], "convert")
    assert stale["status"] == "failed" and stale["last_error"]["class"] == "StaleClaim"

    register_handler("convert", counting_handler)
    report = run_stage(short, "convert")
    assert {r.source_object_id for r in report.results} == {ids[1], ids[2]}
    assert row(engine, ids[1], "convert")["status"] == "done"
    assert row(engine, ids[1], "convert")["attempts"] == 2  # the killed attempt counted
    # Re-running finds nothing to do; the first document ran exactly once.
    assert run_stage(short, "convert").results == []
    counts = call_counts(engine, "convert")
    assert counts[ids[0]] == 1
    # After recovery each stranded document ran exactly once more.
    assert {k: counts[k] - before.get(k, 0) for k in (ids[1], ids[2])} == {ids[1]: 1, ids[2]: 1}
