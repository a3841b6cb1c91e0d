"""Entities settled from every related mention: the same documents give the same entities in
any processing order, and a document read earlier owes its readers again when its parties move."""

from __future__ import annotations

import random

from sqlalchemy import text

from knowledge_index.entities.resolve import PartyMention, resolve_parties
from knowledge_index.matters.store import get_or_create_matter
from knowledge_index.settings import load_settings

BERGHOF = "Berghof Handels GmbH"
# (document, matter, mentions): the shapes that made the old first-come resolution depend on
# order: same-name companies told apart only by their register numbers and their matters, a
# bare name next to one identified namesake, a short name, one name in capitals.
DOCUMENTS: list[tuple[str, str | None, list[PartyMention]]] = [
    ("d1", "M1", [PartyMention(name=BERGHOF, role="counterparty")]),
    ("d2", "M1", [PartyMention(name=BERGHOF, identifiers={"fn": "190234x"})]),
    ("d3", "M2", [PartyMention(name=BERGHOF, identifiers={"fn": "354871d"})]),
    ("d4", "M2", [PartyMention(name=BERGHOF, role="client")]),
    ("d5", None, [PartyMention(name="Müller Technik GmbH")]),
    ("d6", "M2", [PartyMention(name="Müller Technik GmbH", identifiers={"hrb": "12345"})]),
    (
        "d7",
        "M1",
        [
            PartyMention(name="Alpentec Sensorik GmbH", role="client"),
            PartyMention(name="KESTREL BIDCO GMBH", role="counterparty"),
        ],
    ),
    ("d8", "M1", [PartyMention(name="Alpentec", role="counterparty")]),
    ("d9", "M1", [PartyMention(name="Kestrel Bidco GmbH", role="counterparty")]),
    ("d10", "M1", [PartyMention(name="Kestrel Bidco GmbH", role="counterparty")]),
]


def _setup(engine) -> None:
    matters = {
        ref: get_or_create_matter(engine, ref, f"Matter {ref}", created_by="import")[0]
        for ref in ("M1", "M2")
    }
    with engine.begin() as conn:
        conn.execute(text("INSERT INTO sources (id, kind, root) VALUES ('s', 'folder', '/x')"))
        for doc, matter, _ in DOCUMENTS:
            conn.execute(
                text(
                    "INSERT INTO source_objects (id, source_id, external_id, path)"
                    " VALUES (:i, 's', :i, :i)"
                ),
                {"i": doc},
            )
            if matter:
                conn.execute(
                    text(
                        "INSERT INTO matter_assignments (source_object_id, matter_id, method)"
                        " VALUES (:o, :m, 'import')"
                    ),
                    {"o": doc, "m": matters[matter].id},
                )


def _run(engine, order: list[int]) -> dict[str, list[tuple[str, str, str]]]:
    with engine.begin() as conn:
        conn.execute(text("DELETE FROM party_mentions"))
        conn.execute(text("DELETE FROM document_parties"))
        conn.execute(text("DELETE FROM entities"))
    for i in order:
        doc, _, mentions = DOCUMENTS[i]
        with engine.begin() as conn:
            resolve_parties(conn, load_settings(), doc, mentions)
    return _snapshot(engine)


def _snapshot(engine) -> dict[str, list[tuple[str, str, str]]]:
    with engine.connect() as conn:
        rows = conn.execute(
            text(
                "SELECT p.source_object_id, e.id, e.name, e.identifiers::text, p.role"
                " FROM document_parties p JOIN entities e ON e.id = p.entity_id ORDER BY 1, 2"
            )
        ).all()
        orphans = conn.execute(
            text(
                "SELECT count(*) FROM entities e WHERE NOT EXISTS"
                " (SELECT 1 FROM document_parties p WHERE p.entity_id = e.id)"
            )
        ).scalar_one()
    assert orphans == 0, "an entity no document names is left behind"
    out: dict[str, list[tuple[str, str, str]]] = {}
    for doc, entity_id, name, identifiers, role in rows:
        out.setdefault(doc, []).append((entity_id, f"{name} {identifiers}", role))
    return out


def test_the_same_documents_give_the_same_entities_in_any_order(engine, firm_env):
    _setup(engine)
    forward = list(range(len(DOCUMENTS)))
    orders = [forward, forward[::-1]] + [
        random.Random(s).sample(forward, len(forward)) for s in (1, 2, 3)
    ]
    results = [_run(engine, order) for order in orders]
    assert all(r == results[0] for r in results[1:])
    final = results[0]

    def entity(doc: str) -> tuple[str, str, str]:
        (party,) = final[doc]
        return party

    # Same-name companies stay apart; a bare mention joins the namesake on its own matter.
    assert entity("d2")[0] != entity("d3")[0]
    assert entity("d1")[0] == entity("d2")[0] and entity("d4")[0] == entity("d3")[0]
    # One identified namesake: the bare mention is that company, wherever it stands.
    assert entity("d5")[0] == entity("d6")[0] and "12345" in entity("d5")[1]
    # A short name on the matter is the full name; capitals give way to ordinary case.
    assert entity("d8")[1].startswith("Alpentec Sensorik GmbH")
    assert entity("d9")[1].startswith("Kestrel Bidco GmbH")
    # One role per matter: a client where any of its documents says so.
    assert entity("d8")[2] == "client" and entity("d4")[2] == "client"


def test_a_document_read_earlier_owes_its_readers_when_its_parties_move(engine, firm_env):
    _setup(engine)
    caps = [PartyMention(name="KESTREL BIDCO GMBH", role="counterparty")]
    with engine.begin() as conn:
        resolve_parties(conn, load_settings(), "d9", caps)
        conn.execute(
            text(
                "INSERT INTO processing_state (source_object_id, stage, status)"
                " VALUES ('d9', 'extract_decisions', 'done'), ('d9', 'index', 'done')"
            )
        )
    with engine.begin() as conn:
        # The same spelling again: d9's parties do not move, nothing is owed.
        same = resolve_parties(conn, load_settings(), "d10", caps)
    with engine.begin() as conn:
        # Two documents in ordinary case: the entity d9 names is renamed.
        resolve_parties(conn, load_settings(), "d1", DOCUMENTS[8][2])
        renamed = resolve_parties(conn, load_settings(), "d2", DOCUMENTS[8][2])
    with engine.connect() as conn:
        states = dict(
            conn.execute(
                text("SELECT stage, status FROM processing_state WHERE source_object_id = 'd9'")
            ).all()
        )
    assert same.reopened == [] and renamed.reopened == ["d9"]
    assert states == {"extract_decisions": "pending", "index": "skipped"}


def test_a_deleted_documents_parties_leave_as_if_it_had_never_been_read(engine, firm_env):
    """extract_metadata withdraws a deleted document's mentions (runs_for_deleted): the
    entities are then those of the documents that remain."""
    _setup(engine)
    everything = list(range(len(DOCUMENTS)))
    _run(engine, everything)
    with engine.begin() as conn:
        resolve_parties(conn, load_settings(), "d2", [])  # d2, FN 190234 x, deleted
    withdrawn = _snapshot(engine)
    never = _run(engine, [i for i in everything if DOCUMENTS[i][0] != "d2"])
    assert withdrawn == never and "d2" not in never
    assert not any("190234x" in party[1] for parties in never.values() for party in parties)
