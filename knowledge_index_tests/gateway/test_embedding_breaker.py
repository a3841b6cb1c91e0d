"""An embedding endpoint's outage opens its circuit: index rows wait instead of spending requests.

The endpoint is the FAKE litellm provider (a remote embedding server cannot be reached here);
the index stage, the runner, the ledger and the circuits table are the real ones.
"""

from __future__ import annotations

import time

import pytest
from sqlalchemy import text

from knowledge_index.pipeline import stage_order
from knowledge_index.runner import run_stage
from knowledge_index.settings import load_settings
from knowledge_index_tests.gateway import fake_provider as fp
from knowledge_index_tests.support.estate import synced_estate

EMBEDDING_MODEL = f"{fp.PREFIX}/embedder"


@pytest.fixture
def remote_embeddings(ki_env, monkeypatch):
    monkeypatch.setenv("KI_RETRIEVAL__EMBEDDING_MODEL", EMBEDDING_MODEL)
    monkeypatch.setenv("KI_GATEWAY__BREAKER__FAILURES", "2")
    monkeypatch.setenv("KI_GATEWAY__BREAKER__COOLDOWN_SECONDS", "1")
    monkeypatch.setenv("KI_PIPELINE__RETRY_BASE_SECONDS", "0")
    return load_settings()


def _statuses(engine) -> dict[str, int]:
    with engine.connect() as conn:
        rows = conn.execute(
            text("SELECT status, count(*) FROM processing_state WHERE stage = 'index' GROUP BY 1")
        ).all()
    return {r[0]: r[1] for r in rows}


def test_an_embedding_outage_opens_the_circuit_and_a_probe_closes_it(
    remote_embeddings, engine, tmp_path
):
    settings = remote_embeddings
    synced_estate(engine, settings, tmp_path / "estate", 5)
    for stage in stage_order()[:-1]:
        run_stage(settings, stage, engine=engine)
    fake = fp.install_fake().load([fp.unavailable(), fp.timeout()])

    # Two failed requests (one per claim chunk, all five documents in it) open the circuit.
    for _ in range(2):
        report = run_stage(settings, "index", engine=engine)
        assert {r.status for r in report.results} == {"failed"}
    assert len(fake.calls) == 2
    assert {c.max_retries for c in fake.calls} == {0}  # no SDK retries behind the breaker

    # Open: the rows wait behind it, unclaimed, and no request goes out.
    report = run_stage(settings, "index", engine=engine)
    assert report.results == [] and report.parked == 5
    assert "circuit open for model 'ki-fake/embedder'" in (report.circuit or "")
    assert len(fake.calls) == 2
    assert _statuses(engine) == {"failed": 5}

    # After the cooldown one document carries the half-open probe; its answer closes the
    # circuit and the rest follow in the same run.
    time.sleep(1.2)
    fake.load([fp.text("vectors")] * 5)
    with engine.begin() as conn:  # the parked rows are due again once the cooldown ended
        conn.execute(
            text("UPDATE processing_state SET next_retry_at = now() WHERE stage = 'index'")
        )
    report = run_stage(settings, "index", engine=engine)
    assert _statuses(engine) == {"done": 5}
    assert len(fake.calls) == 4  # the probe (one document), then one chunk with the other four
    with engine.connect() as conn:
        assert (
            conn.execute(
                text("SELECT count(*) FROM gateway_circuits WHERE state <> 'closed'")
            ).scalar_one()
            == 0
        )
