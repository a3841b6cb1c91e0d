"""Model faults through the real gateway with scripted FAKE providers (litellm custom providers).

Invalid output is corrected inside the loop; an outage (503/429/timeout) never quarantines and
every document finishes once it clears; a rejected key quarantines the first document with a
readable cause, fails its siblings fast inside the cooldown, and `retry_quarantined` (with the
cooldown cleared) releases them after the fix.
"""

from __future__ import annotations

import json

from sqlalchemy import text

from knowledge_index.gateway import clear_provider_cooldown
from knowledge_index.ledger.maintenance import retry_quarantined
from knowledge_index.runner import run_stage
from knowledge_index.settings import load_settings
from knowledge_index_tests.gateway import fake_provider as fp
from knowledge_index_tests.model_stages.fakes import MODEL as FLAKY
from knowledge_index_tests.model_stages.fakes import install_flaky
from knowledge_index_tests.model_stages.support import (
    run_until_settled,
    small_estate,
    statuses,
    synced_and_converted,
)

FILES = {
    "Mandanten/Acme GmbH/2024-0173 Liefervertrag/vertrag.txt": "Liefervertrag zwischen der Acme"
    " GmbH (Amtsgericht München, HRB 12345) und der Müller Bau GmbH.\nDatum: 04.03.2024",
    "Mandanten/Acme GmbH/2024-0173 Liefervertrag/brief.txt": "Unser Zeichen: 2024-0173\n"
    "Sehr geehrte Damen und Herren, anbei der Entwurf.",
    "Inbox/scan.txt": "Our ref: 2025-0042\nDear Sirs, please find enclosed the SPA.",
}
CLASSIFY_MODEL = "KI_PIPELINE__STAGES__CLASSIFY_MATTER__MODEL"


def _tool_matter_id(request: fp.FakeRequest) -> str:
    for message in reversed(request.messages):
        if message.get("role") == "tool" and message.get("name") == "create_matter":
            return json.loads(message["content"])["matter_id"]
    raise AssertionError("no create_matter reply in the conversation")


def test_invalid_output_is_corrected_in_the_loop(engine, firm_env, tmp_path, monkeypatch):
    root = small_estate(tmp_path / "estate", dict(list(FILES.items())[:1]))
    monkeypatch.setenv(CLASSIFY_MODEL, fp.MODEL)
    settings, ids = synced_and_converted(engine, root)
    fake = fp.install_fake().load(
        [
            fp.call("create_matter", {"reference_number": "2024-0173", "title": "Liefervertrag"}),
            fp.call("submit_result", "{not json"),  # malformed
            fp.submit(matter_id="m-invented"),  # never shown by a tool
            lambda request: fp.submit(matter_id=_tool_matter_id(request), rationale="ok"),
        ]
    )
    report = run_stage(settings, "classify_matter", engine=engine)
    (result,) = report.results
    assert result.status == "done", result.error
    assert result.metadata["corrections"] == 2 and result.metadata["method"] == "model"
    assert len(fake.calls) == 4
    # The rejection was fed back to the model with the reason.
    fed_back = [m["content"] for m in fake.calls[-1].messages if m.get("role") == "tool"]
    assert any("did not appear in any tool result" in c for c in fed_back)
    with engine.connect() as conn:
        trace = conn.execute(
            text("SELECT provenance->>'trace_id' FROM matter_assignments")
        ).scalar_one()
        tagged = conn.execute(
            text("SELECT count(*) FROM model_usage WHERE trace_id = :t AND doc_id = :d"),
            {"t": trace, "d": next(iter(ids.values()))},
        ).scalar_one()
    assert tagged == 4  # every call of the attempt links to the stored provenance


def test_outage_storm_never_quarantines(engine, firm_env, tmp_path, monkeypatch):
    root = small_estate(tmp_path / "estate", FILES)
    monkeypatch.setenv(CLASSIFY_MODEL, FLAKY)
    # The ledger's own rule, without the breaker (which would park the rows instead: its tests
    # are test_breaker_* below and knowledge_index_tests/gateway/test_breaker.py).
    monkeypatch.setenv("KI_GATEWAY__BREAKER__ENABLED", "false")
    settings, _ = synced_and_converted(engine, root)
    storm = [fp.unavailable(), fp.rate_limited(), fp.timeout(), fp.connection_error()] * 3
    fake = install_flaky(storm)

    run_stage(settings, "classify_matter", engine=engine)
    during = statuses(engine, "classify_matter")
    assert {s for s, _, _ in during.values()} <= {"failed", "done"}
    failed = [e for s, e, _ in during.values() if s == "failed"]
    assert failed and all(e["infrastructure"] for e in failed)

    run_until_settled(settings, engine, "classify_matter")
    after = statuses(engine, "classify_matter")
    assert {s for s, _, _ in after.values()} == {"done"}, after
    assert fake.faulted == len(storm)
    # Attempts kept counting past max_attempts (3) without a terminal verdict.
    assert max(a for _, _, a in after.values()) > settings.stage("classify_matter").max_attempts


def test_rejected_key_quarantines_then_retry_releases(engine, firm_env, tmp_path, monkeypatch):
    root = small_estate(tmp_path / "estate", FILES)
    monkeypatch.setenv(CLASSIFY_MODEL, FLAKY)
    settings, ids = synced_and_converted(engine, root)
    fake = install_flaky([fp.auth_error()])

    run_stage(settings, "classify_matter", engine=engine)
    rows = statuses(engine, "classify_matter")
    assert {s for s, _, _ in rows.values()} == {"quarantined"}
    assert fake.calls == 1  # the siblings failed fast inside the cooldown, no provider call
    errors = [e for _, e, _ in rows.values()]
    assert all(e["deterministic"] for e in errors)
    first = [e for e in errors if "cooling down" not in e["message"]]
    assert len(first) == 1 and "rejected the API key" in first[0]["message"]
    assert "ki retry" in first[0]["message"]  # says what to do after the fix

    # The key is fixed (the fake now answers); the operator retries, which clears the cooldown.
    clear_provider_cooldown()
    with engine.begin() as conn:
        for source_object_id in ids.values():
            report = retry_quarantined(
                conn, load_settings(), source_object_id, stage="classify_matter"
            )
            assert report.released_stage == "classify_matter" and report.deterministic
    run_until_settled(settings, engine, "classify_matter")
    assert {s for s, _, _ in statuses(engine, "classify_matter").values()} == {"done"}


def test_breaker_parks_rows_without_spending_attempts_then_a_probe_resumes(
    engine, firm_env, tmp_path, monkeypatch
):
    root = small_estate(tmp_path / "estate", FILES)
    monkeypatch.setenv(CLASSIFY_MODEL, FLAKY)
    monkeypatch.setenv("KI_GATEWAY__BREAKER__FAILURES", "2")
    monkeypatch.setenv("KI_GATEWAY__BREAKER__COOLDOWN_SECONDS", "3600")
    synced_and_converted(engine, root)
    fake = install_flaky([fp.unavailable(), fp.timeout()])

    # Two documents meet the outage (one request each) and open the circuit; the third is
    # handed back unattempted, without a request.
    first = run_stage(load_settings(), "classify_matter", engine=engine)
    assert first.circuit is not None and first.circuit.startswith("circuit open for model")
    assert fake.calls == 2 and first.deferred == 1 and not any(r.deferred for r in first.failed)
    rows = statuses(engine, "classify_matter")
    assert {s for s, _, _ in rows.values()} == {"failed"}
    assert sorted(a for _, _, a in rows.values()) == [0, 1, 1]
    waiting = [e for _, e, a in rows.values() if a == 0]
    assert waiting[0]["class"] == "CircuitOpen" and not waiting[0]["deterministic"]
    assert waiting[0]["infrastructure"] == f"circuit open for model {FLAKY!r}"

    # While it is open nothing is claimed: the due retries are parked until the cooldown ends,
    # with the circuit as their reason, and no request is made.
    second = run_stage(load_settings(), "classify_matter", engine=engine)
    assert second.results == [] and second.parked == 2 and "circuit open" in str(second.circuit)
    assert fake.calls == 2
    with engine.connect() as conn:
        parked = conn.execute(
            text(
                "SELECT count(*) FROM processing_state WHERE stage = 'classify_matter'"
                " AND status = 'failed' AND next_retry_at > now() + interval '50 minutes'"
                " AND last_error->>'class' = 'CircuitOpen'"
            )
        ).scalar_one()
    assert parked == 3
    assert {a for _, _, a in statuses(engine, "classify_matter").values()} == {0, 1}

    # The cooldown ends (moved into the past): one document carries the probe, its answer
    # closes the circuit and the rest run in the same pass.
    with engine.begin() as conn:
        conn.execute(text("UPDATE gateway_circuits SET retry_at = now() - interval '1 second'"))
        conn.execute(
            text(
                "UPDATE processing_state SET next_retry_at = now() WHERE stage = 'classify_matter'"
            )
        )
    third = run_stage(load_settings(), "classify_matter", engine=engine)
    assert third.count("done") == 3 and third.deferred == 0
    after = statuses(engine, "classify_matter")
    assert {s for s, _, _ in after.values()} == {"done"}
    assert sorted(a for _, _, a in after.values()) == [1, 2, 2]  # the wait cost no attempt
