"""Producer versions, re-enabled stages, the legacy stage and quarantine retry."""

from __future__ import annotations

from sqlalchemy import text

from knowledge_index import pipeline
from knowledge_index.errors import UnsupportedDocument
from knowledge_index.ledger.maintenance import prepare, retry_quarantined
from knowledge_index.runner import run_stage
from knowledge_index.settings import load_settings
from knowledge_index_tests.support.estate import row, synced_estate
from knowledge_index_tests.support.handlers import (
    call_counts,
    counting_handler,
    make_raising_handler,
    register_handler,
)


def _run_chain(settings, stages):
    for stage in stages:
        run_stage(settings, stage)


def _setup(engine, settings, tmp_path, n=4):
    ids = synced_estate(engine, settings, tmp_path / "estate", n)
    register_handler("fetch", counting_handler)
    register_handler("convert", counting_handler)
    register_handler("classify_matter", counting_handler)
    return ids


def test_rerun_token_reruns_exactly_that_stage_and_downstream(engine, tmp_path, monkeypatch):
    settings = load_settings()
    ids = _setup(engine, settings, tmp_path, n=5)
    # ids[4] never gets past fetch: its convert is quarantined.
    register_handler(
        "convert",
        lambda ctx: (
            make_raising_handler(UnsupportedDocument("poison"))(ctx)
            if ctx.source_object.id == ids[4]
            else counting_handler(ctx)
        ),
    )
    _run_chain(settings, ["fetch", "convert", "classify_matter"])
    register_handler("convert", counting_handler)
    assert row(engine, ids[4], "convert")["status"] == "quarantined"
    before = {s: call_counts(engine, s) for s in ("fetch", "convert", "classify_matter")}

    monkeypatch.setenv("KI_PIPELINE__STAGES__CONVERT__RERUN_TOKEN", "again1")
    bumped = load_settings()
    with engine.begin() as conn:
        report = prepare(conn, bumped)
    assert report.requeued_outdated == {"convert": 4}
    for source_object_id in ids[:4]:
        assert row(engine, source_object_id, "convert")["status"] == "pending"
        assert (
            row(engine, source_object_id, "classify_matter")["reason"]
            == "waiting_for_previous_stage"
        )
        assert row(engine, source_object_id, "fetch")["status"] == "done"
    assert row(engine, ids[4], "convert")["status"] == "quarantined"

    _run_chain(bumped, ["fetch", "convert", "classify_matter"])
    after = {s: call_counts(engine, s) for s in ("fetch", "convert", "classify_matter")}
    assert after["fetch"] == before["fetch"], "fetch re-ran although only convert was bumped"
    for stage in ("convert", "classify_matter"):
        delta = {k: after[stage][k] - before[stage].get(k, 0) for k in after[stage]}
        assert {k for k, v in delta.items() if v} == set(ids[:4])
        assert set(delta.values()) <= {0, 1}
    assert row(engine, ids[0], "convert")["producer_version"].endswith("+again1")
    with engine.begin() as conn:
        assert prepare(conn, bumped).requeued_outdated == {}


def test_code_version_bump_reruns_that_stage(engine, tmp_path, monkeypatch):
    settings = load_settings()
    ids = _setup(engine, settings, tmp_path, n=2)
    _run_chain(settings, ["fetch", "convert", "classify_matter"])
    monkeypatch.setattr(
        pipeline,
        "STAGES",
        pipeline.replace_stage(
            "classify_matter", code_version=pipeline.get_stage("classify_matter").code_version + "b"
        ),
    )
    with engine.begin() as conn:
        assert prepare(conn, settings).requeued_outdated == {"classify_matter": 2}
    assert {row(engine, i, "convert")["status"] for i in ids} == {"done"}


def test_model_change_reruns_only_that_stage(engine, tmp_path, monkeypatch):
    settings = load_settings()
    _setup(engine, settings, tmp_path, n=2)
    _run_chain(settings, ["fetch", "convert", "classify_matter"])
    monkeypatch.setenv("KI_PIPELINE__STAGES__CLASSIFY_MATTER__MODEL", "ollama/qwen3:8b")
    with engine.begin() as conn:
        assert prepare(conn, load_settings()).requeued_outdated == {"classify_matter": 2}


def test_disabled_stage_parks_rows_and_reenabling_requeues(engine, tmp_path, monkeypatch):
    settings = load_settings()
    ids = _setup(engine, settings, tmp_path, n=2)
    monkeypatch.setenv("KI_PIPELINE__STAGES__CONVERT__ENABLED", "false")
    off = load_settings()
    _run_chain(off, ["fetch", "convert", "classify_matter"])
    assert row(engine, ids[0], "convert")["reason"] == "disabled_by_configuration"
    # Later stages run without its output.
    assert row(engine, ids[0], "classify_matter")["status"] == "done"
    assert call_counts(engine, "convert") == {}
    monkeypatch.delenv("KI_PIPELINE__STAGES__CONVERT__ENABLED")
    with engine.begin() as conn:
        report = prepare(conn, load_settings())
    assert report.requeued_enabled == {"convert": 2}
    assert row(engine, ids[0], "classify_matter")["reason"] == "waiting_for_previous_stage"


def test_gen_evals_rows_drain_as_skipped(engine, settings, tmp_path):
    ids = synced_estate(engine, settings, tmp_path / "estate", 1)
    with engine.begin() as conn:
        conn.execute(
            text(
                "INSERT INTO processing_state (source_object_id, stage, status)"
                " VALUES (:o, 'gen_evals', 'pending')"
            ),
            {"o": ids[0]},
        )
        assert prepare(conn, settings).drained_legacy == 1
    r = row(engine, ids[0], "gen_evals")
    assert (r["status"], r["reason"]) == ("skipped", "gen_evals_moved_to_environment_builder")


def test_quarantine_retry_releases_earliest_stage_and_audits(engine, settings, tmp_path):
    ids = _setup(engine, settings, tmp_path, n=1)
    source_object_id = ids[0]
    run_stage(settings, "fetch")
    register_handler("convert", make_raising_handler(UnsupportedDocument("encrypted PDF")))
    run_stage(settings, "convert")
    assert row(engine, source_object_id, "convert")["status"] == "quarantined"
    # A quarantined row is never reclaimed by a version bump.
    with engine.begin() as conn:
        prepare(conn, settings)
    assert row(engine, source_object_id, "convert")["status"] == "quarantined"

    with engine.begin() as conn:
        report = retry_quarantined(conn, settings, source_object_id, stage="index")
    assert report.released_stage == "convert"
    assert report.requested_stage == "index"
    assert report.deterministic is True
    assert report.previous_error["message"] == "encrypted PDF"
    assert report.invalidated_stages[0] == "classify_matter"
    r = row(engine, source_object_id, "convert")
    assert (r["status"], r["attempts"], r["last_error"]) == ("pending", 0, None)
    with engine.connect() as conn:
        audit = conn.execute(text("SELECT action, subject, detail FROM audit_log")).one()
    assert audit[0] == "quarantine_retry" and audit[1] == source_object_id
    assert audit[2]["overruled_error"]["class"] == "UnsupportedDocument"


def test_ontology_change_retypes_only_the_documents_it_affects(engine, tmp_path):
    """requeue_ontology_outdated: a type that left the scope, or untyped under another scope."""
    from knowledge_index.ontology import active_ontology

    settings = load_settings()
    ids = _setup(engine, settings, tmp_path, n=4)
    chain = pipeline.stage_order()[: pipeline.stage_order().index("extract_metadata") + 1]
    for stage in chain:
        register_handler(stage, counting_handler)
    _run_chain(settings, chain)
    current = active_ontology(settings.firm.ontology_path).fingerprint
    typed = [
        (ids[0], "contract.nda", current),  # still a node: kept
        (ids[1], "contract.retired_type", current),  # no longer in scope: re-typed
        (ids[2], None, "old-ontology@1:0000"),  # untyped under another scope: re-typed
        (ids[3], None, current),  # untyped under this scope: kept
    ]
    with engine.begin() as conn:
        for source_object_id, doc_type, fingerprint in typed:
            conn.execute(
                text(
                    "INSERT INTO document_metadata (source_object_id, doc_type,"
                    " ontology_fingerprint) VALUES (:i, :t, :f)"
                ),
                {"i": source_object_id, "t": doc_type, "f": fingerprint},
            )
        report = prepare(conn, settings)
    assert report.requeued_ontology == 2
    assert row(engine, ids[1], "extract_metadata")["status"] == "pending"
    assert row(engine, ids[2], "extract_metadata")["status"] == "pending"
    for kept in (ids[0], ids[3]):
        assert row(engine, kept, "extract_metadata")["status"] == "done"
    with engine.begin() as conn:
        assert prepare(conn, settings).requeued_ontology == 0
