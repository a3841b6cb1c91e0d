"""The stages' rules in isolation: exact paging, entity identity, ontology scope, intents."""

from __future__ import annotations

from sqlalchemy import text

from knowledge_index.entities.resolve import PartyMention, resolve_parties
from knowledge_index.gateway import ToolRecord, Transcript
from knowledge_index.matters.intents import (
    APPLIERS,
    park_intent,
    register_intent_applier,
    replay_intents,
)
from knowledge_index.matters.search import search_matters
from knowledge_index.matters.store import get_or_create_matter
from knowledge_index.ontology import load_ontology
from knowledge_index.settings import load_settings
from knowledge_index.stages.extract_metadata.result import MetadataResult, make_validator


def test_search_matters_pages_one_ranking_with_an_exact_total(engine, firm_env):
    for i in range(20):
        get_or_create_matter(engine, f"2024-{i:04d}", f"Liefervertrag {i}", created_by="import")
    get_or_create_matter(engine, "2024-0999", "Mietvertrag", created_by="import")
    with engine.connect() as conn:
        first = search_matters(conn, "Liefervertrag", limit=8)
        pages = [search_matters(conn, "Liefervertrag", limit=8, offset=o) for o in (0, 8, 16)]
        by_ref = search_matters(conn, "2024/0999-XY")
    assert first.page.total == 20 and first.page.has_more
    walked = [h.matter_id for p in pages for h in p.results]
    assert len(walked) == len(set(walked)) == 20 and not pages[-1].page.has_more
    assert by_ref.results[0].reference_number == "2024-0999"
    assert by_ref.results[0].matched_on[0] == "reference"


def _resolve(engine, source_object_id, mentions):
    with engine.begin() as conn:
        return resolve_parties(conn, load_settings(), source_object_id, mentions).parties


def _doc(engine, tmp_path, name: str) -> str:
    with engine.begin() as conn:
        conn.execute(
            text(
                "INSERT INTO sources (id, kind, root) VALUES ('s', 'folder', '/x')"
                " ON CONFLICT DO NOTHING"
            )
        )
        conn.execute(
            text(
                "INSERT INTO source_objects (id, source_id, external_id, path)"
                " VALUES (:i, 's', :i, :i)"
            ),
            {"i": name},
        )
    return name


def test_same_name_different_register_stays_two_entities(engine, firm_env, tmp_path):
    a, b, c = (_doc(engine, tmp_path, n) for n in ("a", "b", "c"))
    hh = _resolve(
        engine,
        a,
        [
            PartyMention(
                name="Schmidt Logistik GmbH", role="counterparty", identifiers={"hrb": "11111"}
            )
        ],
    )
    k = _resolve(
        engine,
        b,
        [
            PartyMention(
                name="Schmidt Logistik GmbH", role="counterparty", identifiers={"hrb": "22222"}
            )
        ],
    )
    again = _resolve(
        engine,
        c,
        [
            PartyMention(
                name="SCHMIDT LOGISTIK G.m.b.H.", role="other", identifiers={"hrb": "11111"}
            )
        ],
    )
    assert hh[0].entity_id != k[0].entity_id
    assert again[0].entity_id == hh[0].entity_id and again[0].rule == "shared_identifier:hrb"


def test_an_entity_is_named_in_ordinary_case_whichever_document_came_first(
    engine, firm_env, tmp_path
):
    """A facility agreement's party clause writes "KESTREL BIDCO GMBH", the mails "Kestrel
    Bidco GmbH": the entity's name must not depend on which was read first."""
    names = {}
    for order, spellings in (
        ("caps_first", ["KESTREL BIDCO GMBH", "Kestrel Bidco GmbH"]),
        ("ordinary_first", ["Lark Precision GmbH", "LARK PRECISION GMBH"]),
    ):
        for i, spelling in enumerate(spellings):
            doc = _doc(engine, tmp_path, f"{order}-{i}")
            mention = PartyMention(name=spelling, role="counterparty", identifiers={})
            entity_id = _resolve(engine, doc, [mention])[0].entity_id
        with engine.connect() as conn:
            names[order] = conn.execute(
                text("SELECT name FROM entities WHERE id = :id"), {"id": entity_id}
            ).scalar_one()
    assert names == {"caps_first": "Kestrel Bidco GmbH", "ordinary_first": "Lark Precision GmbH"}


def test_a_register_number_read_next_to_another_legal_form_merges_nothing(
    engine, firm_env, tmp_path
):
    a, b = (_doc(engine, tmp_path, n) for n in ("a", "b"))
    (borrower,) = _resolve(
        engine,
        a,
        [
            PartyMention(
                name="Kestrel Bidco GmbH", role="counterparty", identifiers={"hrb": "130456"}
            )
        ],
    )
    # A layout put the Borrower's HRB after the Lender's name on another document.
    (lender,) = _resolve(
        engine,
        b,
        [
            PartyMention(
                name="Harbour Point Capital LLP", role="client", identifiers={"hrb": "130456"}
            )
        ],
    )
    assert lender.entity_id != borrower.entity_id and lender.name == "Harbour Point Capital LLP"


def test_firm_is_advisor_never_client(engine, firm_env, tmp_path):
    doc = _doc(engine, tmp_path, "d")
    (party,) = _resolve(
        engine, doc, [PartyMention(name="Weber & Partner Rechtsanwälte PartG mbB", role="client")]
    )
    assert party.role == "advisor"


def test_doc_type_must_be_visited_and_in_scope():
    ontology = load_ontology()
    validate = make_validator(ontology)
    shown = Transcript(
        [
            ToolRecord(
                name="ontology_search", arguments={}, result={"results": [{"id": "contract.nda"}]}
            )
        ]
    )
    validate(MetadataResult(doc_type="contract.nda"), shown)
    validate(MetadataResult(doc_type=None), shown)  # untyped is honest, not an error
    for bad in ("contract.lease", "no.such.node"):
        try:
            validate(MetadataResult(doc_type=bad), shown)
        except ValueError:
            continue
        raise AssertionError(f"{bad} accepted")


def test_parked_intents_replay_on_classification(engine, firm_env, tmp_path):
    src, target = _doc(engine, tmp_path, "src"), _doc(engine, tmp_path, "tgt")
    seen = []
    applier = register_intent_applier(
        lambda conn, intent, matter: seen.append((intent.relation, matter))
    )
    try:
        matter, _ = get_or_create_matter(engine, "2024-0001", "X", created_by="import")
        with engine.begin() as conn:
            park_intent(conn, src, target, "annex_of", {"why": "test"})
            assert replay_intents(conn, target, matter.id) == 1
            assert replay_intents(conn, target, matter.id) == 0  # replayed once
        assert seen == [("annex_of", matter.id)]
    finally:
        APPLIERS.remove(applier)
