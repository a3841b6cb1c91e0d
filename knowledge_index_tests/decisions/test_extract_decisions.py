"""extract_decisions through the real pipeline: real DOCX redlines, the real converter, Postgres.

One small matter folder: a negotiated redline (three substantive changes with explaining
comments, one typo fix), an editorial-only redline and a plain contract without tracked
changes. The offline model answers; a scripted FAKE provider stands in for a model that answers
with a category outside the taxonomy.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from sqlalchemy import Engine, text

from knowledge_index.blobstore import BlobStore
from knowledge_index.decisions import GENERALIZABILITY, load_taxonomy
from knowledge_index.objects import store as objects_store
from knowledge_index.settings import Settings, load_settings
from knowledge_index.stages.base import StageContext, StageOutcome
from knowledge_index.stages.extract_decisions.handler import extract_decisions_handler
from knowledge_index_tests.decisions import redlines
from knowledge_index_tests.support.pipeline import process_folder

STAGE = "extract_decisions"
FOLDER = "Acme Maschinenbau/2024-0173 Liefervertrag"
REDLINE = f"{FOLDER}/Liefervertrag_v2_redline.docx"
EDITORIAL = f"{FOLDER}/Liefervertrag_v3_korrigiert.docx"
PLAIN = f"{FOLDER}/Liefervertrag_v1.docx"
DEAL_TEAM = "group:deal-team"
OTHER_TEAM = "group:other-team"


def build_estate(root: Path) -> None:
    folder = root / FOLDER
    folder.mkdir(parents=True)
    (root / REDLINE).write_bytes(redlines.negotiated_redline())
    (root / EDITORIAL).write_bytes(redlines.editorial_redline())
    (root / PLAIN).write_bytes(redlines.plain_contract())
    (folder / ".ki-acl.json").write_text(
        json.dumps({"allow": [DEAL_TEAM], "deny": [OTHER_TEAM]}), encoding="utf-8"
    )


def run_pipeline(engine: Engine, root: Path) -> Settings:
    settings = load_settings()
    process_folder(engine, settings, root)
    return settings


def ids(engine: Engine) -> dict[str, str]:
    with engine.connect() as conn:
        return dict(conn.execute(text("SELECT path, id FROM source_objects")).tuples().all())


def stage_rows(engine: Engine) -> dict[str, tuple[str, str | None]]:
    with engine.connect() as conn:
        rows = conn.execute(
            text(
                "SELECT o.path, p.status, p.reason FROM processing_state p"
                " JOIN source_objects o ON o.id = p.source_object_id WHERE p.stage = :s"
            ),
            {"s": STAGE},
        ).all()
    return {r.path: (r.status, r.reason) for r in rows}


def decisions(engine: Engine) -> list[dict]:
    with engine.connect() as conn:
        return [
            dict(r)
            for r in conn.execute(
                text(
                    "SELECT d.*, to_jsonb(d)::text AS whole FROM decisions d"
                    " ORDER BY source_object_id, ordinal"
                )
            ).mappings()
        ]


def model_calls(engine: Engine) -> int:
    with engine.connect() as conn:
        return conn.execute(
            text("SELECT count(*) FROM model_usage WHERE stage = :s"), {"s": STAGE}
        ).scalar_one()


def run_handler(settings: Settings, engine: Engine, source_object_id: str) -> StageOutcome:
    with engine.connect() as conn:
        obj = objects_store.get(conn, source_object_id)
    assert obj is not None
    ctx = StageContext(settings, engine, STAGE, obj, BlobStore(settings.blob_dir), attempt=1)
    return extract_decisions_handler(ctx)


def assert_found_through_mcp_only_by_who_may_see_the_file(engine: Engine, redline_id: str):
    """MCP search_decisions: the decision with its citation, withheld from a denied principal."""
    from knowledge_index.mcp.evidence import search_decisions
    from knowledge_index.mcp.visibility import caller_principals

    def search(principals: list[str], query: str):
        with engine.connect() as conn:
            return search_decisions(conn, caller_principals(principals), query, None, 20, 0)

    found, total, notes = search([DEAL_TEAM], "liability_cap")
    assert notes == [] and total == 1
    (row,) = found
    assert row.fields["topic"] == "liability_cap"
    assert row.fields["rationale_category"] == "client_instruction"
    assert (row.fields["locus"], row.fields["change_type"]) == ("§ 7", "modified")
    assert row.citation.source_object_id == redline_id
    assert row.citation.path == REDLINE
    assert "[PARTY_" in row.fields["rationale_text"]

    hidden, hidden_total, _ = search([OTHER_TEAM], "liability_cap")
    assert hidden == [] and hidden_total == 0


@pytest.fixture
def estate(engine, firm_env, tmp_path) -> tuple[Settings, dict[str, str]]:
    root = tmp_path / "estate"
    build_estate(root)
    settings = run_pipeline(engine, root)
    return settings, ids(engine)


def test_redline_decisions_categorized_pseudonymized_searchable_and_idempotent(
    engine, estate, monkeypatch
):
    settings, by_path = estate
    assert stage_rows(engine) == {
        REDLINE: ("done", None),
        EDITORIAL: ("skipped", "no_decision_evidence"),
        PLAIN: ("skipped", "no_revision_evidence"),
    }
    rows = decisions(engine)
    assert {r["source_object_id"] for r in rows} == {by_path[REDLINE]}
    topics, rationales = load_taxonomy("topic"), load_taxonomy("rationale_category")
    assert all(r["topic"] in topics.ids for r in rows)
    assert all(r["rationale_category"] in rationales.ids for r in rows)
    assert all(r["generalizability"] in GENERALIZABILITY for r in rows)
    # Liability, payment term and jurisdiction were negotiated; the typo fix is no decision.
    by_category = {r["topic"]: r for r in rows}
    assert set(by_category) == {"liability_cap", "payment_terms", "jurisdiction"}
    # Where: the clause reference the document writes. Why: what the comment says; the
    # uncommented change of venue gives no reason.
    assert {t: (r["locus"], r["change_type"]) for t, r in by_category.items()} == {
        "liability_cap": ("§ 7", "modified"),
        "payment_terms": ("§ 9", "modified"),
        "jurisdiction": ("§ 12", "modified"),
    }
    assert {t: r["rationale_category"] for t, r in by_category.items()} == {
        "liability_cap": "client_instruction",  # the client's contact agreed to the higher cap
        "payment_terms": "counterparty_request",  # "auf Wunsch von Frau ..." (their side)
        "jurisdiction": "unstated",
    }
    assert "500.000" in by_category["liability_cap"]["change_summary"]
    assert "1.000.000" in by_category["liability_cap"]["change_summary"]
    assert by_category["liability_cap"]["generalizability"] == "market_standard"
    assert by_category["payment_terms"]["generalizability"] == "deal_specific"
    assert "Nur für diesen Deal" in by_category["payment_terms"]["rationale_text"]
    assert not any("Parteien" in r["change_summary"] for r in rows)
    # The redline's revisions and comments are the evidence, by id (no text, no names).
    assert by_category["liability_cap"]["evidence"]["comment_ids"] == ["0"]
    assert by_category["liability_cap"]["evidence"]["revision_ids"]

    # No author, party or contact name survives anywhere in a stored decision row.
    for r in rows:
        for name in redlines.NAMES:
            assert name.lower() not in r["whole"].lower(), (name, r["whole"])
    liability = by_category["liability_cap"]
    assert "Herr [PERSON_" in liability["rationale_text"]
    assert "[PARTY_" in liability["rationale_text"]
    assert "Frau [PERSON_" in by_category["payment_terms"]["rationale_text"]
    assert liability["provenance"]["pseudonymized"]["persons"] >= 1

    # The version pair is what relate recorded for this file (or NULL, said so).
    with engine.connect() as conn:
        recorded = conn.execute(
            text("SELECT redline_against FROM document_versions WHERE source_object_id = :o"),
            {"o": by_path[REDLINE]},
        ).scalar()
    assert {r["against_source_object_id"] for r in rows} == {recorded}
    expected_note = "relate" if recorded else "not_recorded_by_relate"
    assert {r["provenance"]["redline_against"] for r in rows} == {expected_note}

    assert_found_through_mcp_only_by_who_may_see_the_file(engine, by_path[REDLINE])

    # Second run: a no-op without a model call.
    calls = model_calls(engine)
    assert calls == 1
    outcome = run_handler(settings, engine, by_path[REDLINE])
    assert outcome.status == "done" and outcome.metadata["already_extracted"] is True
    assert model_calls(engine) == calls
    assert [(r["id"], r["created_at"]) for r in decisions(engine)] == [
        (r["id"], r["created_at"]) for r in rows
    ]

    # relate names v1 as the version this redline was made against; a new producer version
    # (rerun token) re-extracts once and links the pair.
    with engine.begin() as conn:
        conn.execute(
            text(
                "INSERT INTO logical_documents (id, title, family_key)"
                " VALUES ('ld-liefervertrag', 'Liefervertrag', 'liefervertrag')"
                " ON CONFLICT (id) DO NOTHING"
            )
        )
        conn.execute(
            text(
                "INSERT INTO document_versions (source_object_id, logical_document_id,"
                " identity, version_number, version_label, redline_against)"
                " VALUES (:o, 'ld-liefervertrag', 'new_version', 2, 'redline', :a)"
                " ON CONFLICT (source_object_id) DO UPDATE SET redline_against = :a"
            ),
            {"o": by_path[REDLINE], "a": by_path[PLAIN]},
        )
    monkeypatch.setenv("KI_PIPELINE__STAGES__EXTRACT_DECISIONS__RERUN_TOKEN", "again")
    rerun = load_settings()
    assert run_handler(rerun, engine, by_path[REDLINE]).metadata["decisions"] == 3
    assert model_calls(engine) == calls + 1
    relinked = decisions(engine)
    assert len(relinked) == 3
    assert {r["against_source_object_id"] for r in relinked} == {by_path[PLAIN]}
    assert {r["provenance"]["redline_against"] for r in relinked} == {"relate"}
    assert {r["producer_version"] for r in relinked} == {rerun.producer_version(STAGE)}


def test_invalid_category_from_the_model_is_reasked_then_rejected(
    engine, firm_env, tmp_path, monkeypatch
):
    from knowledge_index.errors import ModelOutputInvalid
    from knowledge_index_tests.gateway.fake_provider import MODEL, Reply, install_fake

    root = tmp_path / "estate"
    build_estate(root)
    # The stage is off for the pipeline run: its rows skip as disabled, nothing is extracted.
    monkeypatch.setenv("KI_PIPELINE__STAGES__EXTRACT_DECISIONS__ENABLED", "false")
    run_pipeline(engine, root)
    assert set(stage_rows(engine).values()) == {("skipped", "disabled_by_configuration")}
    assert decisions(engine) == []

    fake = install_fake()

    def answer(category: str, topic: str = "Liability Cap"):
        def reply(request) -> Reply:
            tool = request.tool_choice["function"]["name"]
            decision = {
                "locus": "Haftung",
                "change_summary": "cap raised",
                "topic": topic,
                "rationale_category": category,
                "change_type": "inserted",
                "rationale_text": "",
                "generalizability": "deal_specific",
                "locus_ids": ["p1"],
            }
            # The model claims a reason for the venue change no comment explains.
            venue = {
                **decision,
                "locus": "Gerichtsstand",
                "topic": "jurisdiction",
                "rationale_category": "risk_allocation",
                "locus_ids": ["p3"],
            }
            return Reply(tool_calls=((tool, json.dumps({"decisions": [decision, venue]})),))

        return reply

    monkeypatch.setenv("KI_PIPELINE__STAGES__EXTRACT_DECISIONS__ENABLED", "true")
    monkeypatch.setenv("KI_PIPELINE__STAGES__EXTRACT_DECISIONS__MODEL", MODEL)
    settings = load_settings()
    redline = ids(engine)[REDLINE]

    # Never a taxonomy category: re-asked with the valid ids, then the stage fails retryably.
    fake.load([answer("haggling")] * 3)
    with pytest.raises(ModelOutputInvalid, match="DecisionExtraction"):
        run_handler(settings, engine, redline)
    assert len(fake.calls) == 3
    reask = json.dumps(fake.calls[1].messages, ensure_ascii=False)
    assert "'haggling' is not a rationale category" in reask
    assert "counterparty_request" in reask and "unstated" in reask
    # The prompt asks for both axes and lists the ids of both taxonomies.
    system = fake.calls[0].messages[0]["content"]
    assert "events_of_default" in system and "commercial_compromise" in system
    assert decisions(engine) == []

    # So is a topic outside the topic taxonomy.
    fake.calls.clear()
    fake.load([answer("unstated", topic="haggling")] * 3)
    with pytest.raises(ModelOutputInvalid):
        run_handler(settings, engine, redline)
    assert "'haggling' is not a topic" in json.dumps(fake.calls[1].messages, ensure_ascii=False)

    # A near miss is corrected to the id it names; a re-asked answer is accepted.
    fake.calls.clear()
    fake.load([answer("haggling"), answer("Client instruction")])
    outcome = run_handler(settings, engine, redline)
    assert outcome.status == "done" and len(fake.calls) == 2
    stored, venue = decisions(engine)
    assert (stored["topic"], stored["rationale_category"]) == (
        "liability_cap",
        "client_instruction",
    )
    assert stored["evidence"]["paragraph_indexes"] == [1]
    # Locus and change type are what the cited tracked changes say, not what the model wrote;
    # a change no comment explains is unstated whatever reason the model gives.
    assert (stored["locus"], stored["change_type"]) == ("§ 7", "modified")
    assert (venue["locus"], venue["topic"], venue["rationale_category"]) == (
        "§ 12",
        "jurisdiction",
        "unstated",
    )

    # The firm's own rationale file is what the stage cues with and validates against.
    firm_file = tmp_path / "firm_rationales.json"
    firm_file.write_text(
        json.dumps(
            {
                "id": "firm-why",
                "version": "1",
                "categories": [
                    {
                        "id": "market_practice",
                        "label": {"de": "Marktpraxis", "en": "Market practice"},
                        "description": {"de": "Was der Markt akzeptiert.", "en": "Market."},
                        "cues": ["marktüblich für lieferverträge"],
                    }
                ],
            }
        ),
        encoding="utf-8",
    )
    monkeypatch.setenv("KI_FIRM__RATIONALE_TAXONOMY_PATH", str(firm_file))
    monkeypatch.delenv("KI_PIPELINE__STAGES__EXTRACT_DECISIONS__MODEL")  # the offline model
    monkeypatch.setenv("KI_PIPELINE__STAGES__EXTRACT_DECISIONS__RERUN_TOKEN", "firm")
    assert run_handler(load_settings(), engine, redline).status == "done"
    by_topic = {r["topic"]: r for r in decisions(engine)}
    assert by_topic["liability_cap"]["rationale_category"] == "market_practice"
    assert by_topic["payment_terms"]["rationale_category"] == "counterparty_request"
    assert (
        "+firm-why@1" in by_topic["liability_cap"]["provenance"]["taxonomies"]["rationale_category"]
    )
