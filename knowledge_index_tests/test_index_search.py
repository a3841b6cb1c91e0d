"""Index stage and search index end to end: real embeddings, real LanceDB and Tantivy."""

from __future__ import annotations

import json

import pytest
from sqlalchemy import text

from knowledge_index.retrieval.service import search
from knowledge_index.settings import load_settings
from knowledge_index_tests.support.pipeline import process_folder


@pytest.fixture
def indexed(engine, tmp_path, monkeypatch):
    monkeypatch.setenv("KI_PIPELINE__DELETION_CONFIRMATIONS", "1")
    root = tmp_path / "estate"
    (root / "Acme").mkdir(parents=True)
    (root / "Beta").mkdir()
    (root / "Acme" / "liefervertrag.txt").write_text(
        "Liefervertrag 2024/0173-MS zwischen Acme GmbH und Müller AG. Die Gewährleistungsfrist "
        "beträgt 24 Monate ab Gefahrübergang.",
        encoding="utf-8",
    )
    (root / "Acme" / "letter.txt").write_text(
        "Dear Sirs, please find enclosed the revised supply agreement for the milling machines.",
        encoding="utf-8",
    )
    (root / "Beta" / "memo.md").write_text(
        "# Memo\n\nThe escrow of ten percent is held for eighteen months.", encoding="utf-8"
    )
    (root / "Beta" / ".ki-acl.json").write_text(
        json.dumps({"allow": ["group:beta"], "deny": ["user:intern"], "inherit": False}),
        encoding="utf-8",
    )
    settings = load_settings()
    driver = process_folder(engine, settings, root)
    return root, settings, driver


def _paths(result) -> list[str]:
    return [p.citation.path for p in result.passages]


def test_search_finds_and_cites_with_permissions(engine, indexed):
    _root, settings, _ = indexed
    with engine.connect() as conn:
        chunks = conn.execute(text("SELECT count(*) FROM chunks")).scalar_one()
        dims = conn.execute(text("SELECT vector_dims(embedding) FROM chunks LIMIT 1")).scalar()
    assert chunks >= 3 and dims == 512  # USE multilingual v3, the default

    hit = search(engine, settings, "Gewährleistungsfrist", ["user:alice"])
    assert _paths(hit)[0] == "Acme/liefervertrag.txt"
    c = hit.passages[0].citation
    assert c.connector == "folder" and c.source_id == "estate"
    assert c.chunk_id and c.version_id.startswith(c.source_object_id + "@")

    ident = search(engine, settings, "2024/0173-MS", ["user:alice"])
    assert _paths(ident)[0] == "Acme/liefervertrag.txt"

    # Beta is only for group:beta, and user:intern is denied even inside the group.
    assert "Beta/memo.md" not in _paths(search(engine, settings, "escrow", ["user:alice"]))
    assert _paths(search(engine, settings, "escrow", ["user:bob", "group:beta"]))[0] == (
        "Beta/memo.md"
    )
    assert "Beta/memo.md" not in _paths(
        search(engine, settings, "escrow", ["user:intern", "group:beta"])
    )


def test_acl_change_is_an_access_only_reindex(engine, indexed):
    root, settings, driver = indexed
    with engine.connect() as conn:
        before = dict(
            conn.execute(
                text("SELECT chunk_id, embedding::text FROM chunks WHERE path = 'Beta/memo.md'")
            ).all()
        )
    (root / "Beta" / ".ki-acl.json").write_text(
        json.dumps({"allow": ["group:beta", "user:carol"], "inherit": False}), encoding="utf-8"
    )
    report = driver.sync("estate")
    assert report.access_changed == 1 and report.changed == 0
    driver.run_until_idle()
    with engine.connect() as conn:
        after = conn.execute(
            text(
                "SELECT chunk_id, embedding::text, access_version, allowed_principals"
                " FROM chunks WHERE path = 'Beta/memo.md'"
            )
        ).all()
    assert {r[0]: r[1] for r in after} == before, "chunks were re-split or re-embedded"
    assert {r[2] for r in after} == {2}
    assert "user:carol" in after[0][3]
    assert _paths(search(engine, settings, "escrow", ["user:carol"]))[0] == "Beta/memo.md"


def _party_rows(engine, path: str) -> tuple[int, int]:
    with engine.connect() as conn:
        return conn.execute(
            text(
                "SELECT (SELECT count(*) FROM party_mentions pm WHERE pm.source_object_id = o.id),"
                " (SELECT count(*) FROM document_parties p WHERE p.source_object_id = o.id)"
                " FROM source_objects o WHERE o.path = :p"
            ),
            {"p": path},
        ).one()


def test_changed_and_deleted_documents_leave_no_stale_chunks(engine, indexed):
    root, settings, driver = indexed
    # Acme GmbH and Müller AG are the contract's parties until it is deleted.
    assert _party_rows(engine, "Acme/liefervertrag.txt") == (2, 2)
    (root / "Acme" / "letter.txt").write_text(
        "A completely new letter about arbitration.", encoding="utf-8"
    )
    (root / "Acme" / "liefervertrag.txt").unlink()
    driver.sync("estate")
    driver.run_until_idle()
    with engine.connect() as conn:
        rows = conn.execute(text("SELECT path, text FROM chunks ORDER BY path")).all()
    paths = {r[0] for r in rows}
    assert "Acme/liefervertrag.txt" not in paths
    # Its parties leave the entity settlement too (extract_metadata runs for deleted documents).
    assert _party_rows(engine, "Acme/liefervertrag.txt") == (0, 0)
    assert all("milling" not in r[1] for r in rows if r[0] == "Acme/letter.txt")
    gone = search(engine, settings, "Gewährleistungsfrist Liefervertrag", ["user:alice"])
    assert "Acme/liefervertrag.txt" not in _paths(gone)
    assert _paths(search(engine, settings, "arbitration", ["user:alice"]))[0] == ("Acme/letter.txt")


def test_rebuild_from_postgres_matches_incremental(engine, indexed):
    _, settings, driver = indexed
    queries = ["Gewährleistungsfrist", "supply agreement", "escrow"]
    who = ["user:bob", "group:beta"]
    before = [_paths(search(engine, settings, q, who)) for q in queries]
    assert driver.update_search_index(rebuild=True)
    after = [_paths(search(engine, settings, q, who)) for q in queries]
    assert after == before


def test_model_stage_metadata_reaches_chunks_and_filters(engine, indexed):
    from knowledge_index.retrieval.filters import SearchFilters

    _, settings, _ = indexed
    with engine.connect() as conn:
        rows = conn.execute(
            text("SELECT DISTINCT path, matter_id, doc_type, language FROM chunks")
        ).all()
    meta = {r[0]: r[1:] for r in rows}
    matter, _, language = meta["Acme/liefervertrag.txt"]
    assert matter is not None and language == "de"
    result = search(
        engine,
        settings,
        "Vertrag agreement escrow",
        ["user:bob", "group:beta"],
        filters=SearchFilters(matter_ids=[matter]),
    )
    assert result.passages
    assert {p.citation.matter_id for p in result.passages} == {matter}


def test_a_reviewers_comment_is_found_by_search(engine, tmp_path):
    """Word comments are not in the converted text (metadata must not read them as the
    contract's words) but search finds what a reviewer wrote, citing the document."""
    import datetime as dt

    from knowledge_index_tests.relations.docx_writer import Change, docx_bytes

    when = dt.datetime(2024, 5, 2, 10, 0, tzinfo=dt.UTC)
    root = tmp_path / "estate"
    root.mkdir()
    (root / "Liefervertrag v2.docx").write_bytes(
        docx_bytes(
            [
                "Liefervertrag",
                [
                    "Die Haftung ist auf ",
                    Change(
                        "EUR 1.000.000",
                        "EUR 500.000",
                        "Anna Berg",
                        when,
                        comment="Herabsetzung auf Wunsch der Gegenseite, Versicherungsdeckung",
                    ),
                    " begrenzt.",
                ],
            ],
            title="Liefervertrag",
            creator="Anna Berg",
            created=when,
        )
    )
    settings = load_settings()
    process_folder(engine, settings, root)
    with engine.connect() as conn:
        body_text = conn.execute(text("SELECT body->>'text' FROM artifacts LIMIT 1")).scalar()
    assert "Versicherungsdeckung" not in (body_text or "")
    hit = search(engine, settings, "Versicherungsdeckung", ["*"])
    assert _paths(hit)[:1] == ["Liefervertrag v2.docx"]
    assert "Versicherungsdeckung" in hit.passages[0].snippet


def test_party_spellings_never_reach_across_permissions(engine, indexed):
    """A document is found by its parties' names and register numbers as written in it and in
    documents with its own permissions, never by a spelling or number only a document the
    caller cannot see carries (nor by the entity's canonical name, which may come from one)."""
    _, settings, driver = indexed
    with engine.begin() as conn:
        ids = dict(conn.execute(text("SELECT path, id FROM source_objects")).all())
        conn.execute(
            text(
                "INSERT INTO entities (id, name, normalized_name, identity_key)"
                " VALUES ('e-zeta', 'Zetaworks Holding GmbH', 'zetaworks holding gmbh', 'k-zeta')"
            )
        )
        for path, mention, registers in (
            ("Acme/liefervertrag.txt", "Quellwerk Liefer GmbH", {"fn": "190234x"}),
            ("Acme/letter.txt", "", {}),
            ("Beta/memo.md", "Geheimprojekt Zeta", {"fn": "777001k"}),
        ):
            conn.execute(
                text(
                    "INSERT INTO document_parties"
                    " (source_object_id, entity_id, role, mention, provenance)"
                    " VALUES (:o, 'e-zeta', 'counterparty', :m, CAST(:p AS jsonb))"
                ),
                {"o": ids[path], "m": mention, "p": json.dumps({"identifiers": registers})},
            )
    assert driver.update_search_index(rebuild=True)
    alice, beta = ["user:alice"], ["user:bob", "group:beta"]

    def lexical(query: str, principals: list[str]) -> list[str]:
        # The vector list always returns the nearest chunks; a word match is the BM25 list's.
        result = search(engine, settings, query, principals)
        return [p.citation.path for p in result.passages if "bm25" in p.contributions]

    # The letter shares the supply agreement's permissions: that document's spelling finds it.
    assert "Acme/letter.txt" in lexical("Quellwerk", alice)
    # Only the hidden memo spells the party this way: nothing Alice may see matches it.
    assert lexical("Geheimprojekt", alice) == []
    assert lexical("Zetaworks", alice) == []
    assert "Beta/memo.md" in lexical("Geheimprojekt", beta)
    # The supply agreement writes the party's register number; the letter, which names the
    # party only, is found by it too, as the number is written ("FN 190234 x").
    assert "Acme/letter.txt" in lexical("FN 190234 x", alice)
    assert lexical("777001", alice) == []
    assert "Beta/memo.md" in lexical("FN 777001 k", beta)


def test_a_reindex_takes_unchanged_vectors_from_postgres(engine, indexed, monkeypatch):
    """Indexing a document again sends only inputs whose text, title, type or matter changed
    to the model; the stored vectors are the ones it computed."""
    from knowledge_index.ledger.store import reopen_settled
    from knowledge_index.retrieval.embeddings import Embedder

    _, _, driver = indexed

    def chunk_rows():
        with engine.connect() as conn:
            return {
                r[0]: (r[1], r[2], r[3], r[4])
                for r in conn.execute(
                    text(
                        "SELECT chunk_id, embedding::text, embedding_input_sha, title,"
                        " source_object_id FROM chunks"
                    )
                )
            }

    before = chunk_rows()
    assert before and all(sha for _, sha, _, _ in before.values())
    sent: list[str] = []
    real = Embedder.embed

    def counting(self, texts):
        sent.extend(texts)
        return real(self, texts)

    monkeypatch.setattr(Embedder, "embed", counting)
    with engine.begin() as conn:
        reopen_settled(conn, "index")
    driver.run_until_idle()
    assert sent == []
    assert chunk_rows() == before

    with engine.connect() as conn:
        memo_id = conn.execute(
            text("SELECT id FROM source_objects WHERE path = 'Beta/memo.md'")
        ).scalar_one()
    memo = {k for k, v in before.items() if v[3] == memo_id}
    with engine.begin() as conn:
        conn.execute(
            text(
                "INSERT INTO document_metadata (source_object_id, title, ontology_fingerprint)"
                " VALUES (:id, :t, 'test')"
                " ON CONFLICT (source_object_id) DO UPDATE SET title = EXCLUDED.title"
            ),
            {"id": memo_id, "t": "Escrow memo"},
        )
        reopen_settled(conn, "index")
    driver.run_until_idle()
    after = chunk_rows()
    assert sent and all(t.startswith("Escrow memo") for t in sent)
    for chunk_id in memo:
        assert after[chunk_id][2] == "Escrow memo" and after[chunk_id][1] != before[chunk_id][1]
    assert {k: v for k, v in after.items() if k not in memo} == {
        k: v for k, v in before.items() if k not in memo
    }


def test_search_lifts_by_relations_among_its_candidates_only(engine, indexed):
    """The relations a document search lifts by are read among its candidates, both ways
    round; a byte-identical copy is not one (the search already answers copies as one)."""
    from knowledge_index.relations.store import insert_relation
    from knowledge_index.retrieval.service import related_provider

    with engine.begin() as conn:
        ids = dict(conn.execute(text("SELECT path, id FROM source_objects")).all())
        supply, letter, memo = (
            ids["Acme/liefervertrag.txt"],
            ids["Acme/letter.txt"],
            ids["Beta/memo.md"],
        )
        insert_relation(conn, letter, supply, "references", method="test")
        insert_relation(conn, memo, supply, "duplicate_of", method="test")
    related = related_provider(engine)
    assert related([supply, letter, memo]) == {supply: {letter}, letter: {supply}}
    assert related([letter, memo]) == {}
