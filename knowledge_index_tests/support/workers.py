"""Entry points for worker processes started by tests (spawned, so nothing is shared)."""

from __future__ import annotations

import time

from sqlalchemy import text


def claim_worker(stage: str, rounds: int, start=None, ready=None) -> None:
    """Claim in small batches until nothing is left, logging every claim it received."""
    from knowledge_index.db import get_engine
    from knowledge_index.ledger.states import Status
    from knowledge_index.ledger.store import claim, settle
    from knowledge_index.runner import new_worker_id
    from knowledge_index.settings import load_settings

    settings = load_settings()
    engine = get_engine(settings)
    worker = new_worker_id()
    with engine.connect() as conn:  # connect before the start signal, not after
        conn.execute(text("SELECT 1"))
    if ready is not None:
        ready.release()
    if start is not None:
        start.wait(60)  # all workers begin together, or the first may drain the ledger alone
    for _ in range(rounds):
        with engine.begin() as conn:
            claims = claim(conn, stage, worker, limit=3)
            for c in claims:
                conn.execute(
                    text("INSERT INTO test_claim_log (source_object_id, worker) VALUES (:o, :w)"),
                    {"o": c.source_object_id, "w": worker},
                )
        if not claims:
            return
        time.sleep(0.01)  # a handler takes time; without it the fastest worker drains all
        for c in claims:
            with engine.begin() as conn:
                settle(conn, c, status=Status.DONE, producer_version="test")


def slow_stage_worker(stage: str) -> None:
    from knowledge_index.runner import run_stage
    from knowledge_index.settings import load_settings
    from knowledge_index_tests.support.handlers import register_handler, slow_handler

    register_handler(stage, slow_handler)
    run_stage(load_settings(), stage)


def slow_driver_worker(stage: str) -> None:
    """`ki run` in a process of its own, hanging inside `stage` until it is killed."""
    from knowledge_index.orchestration.driver import Driver
    from knowledge_index.settings import load_settings
    from knowledge_index_tests.support.handlers import register_handler, slow_handler

    register_handler(stage, slow_handler)
    Driver(load_settings()).run_until_idle()
