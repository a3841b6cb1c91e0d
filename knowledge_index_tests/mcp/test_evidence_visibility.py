"""What resolve_entity, search_decisions and search_semantic say is bounded by the caller's
visible documents (issue 16): aliases, register numbers, counterpart ids and totals."""

from __future__ import annotations

import json

from sqlalchemy import Connection, text

from knowledge_index.mcp import evidence
from knowledge_index.mcp.visibility import caller_principals

ALICE = caller_principals(["user:alice"])
OPEN = {"allow": ["*"], "deny": []}
WALLED = {"allow": ["user:carol"], "deny": []}


def _doc(conn: Connection, doc_id: str, acl: dict) -> None:
    conn.execute(
        text(
            "INSERT INTO source_objects (id, source_id, external_id, path, content_hash, acl,"
            " acl_hash) VALUES (:i, 'estate', :i, :i, :h, CAST(:a AS jsonb), :i)"
        ),
        {"i": doc_id, "h": "h" + doc_id, "a": json.dumps(acl)},
    )


def _party(conn: Connection, doc_id: str, entity: str, mention: str, ids: dict) -> None:
    conn.execute(
        text(
            "INSERT INTO document_parties (source_object_id, entity_id, role, mention, provenance)"
            " VALUES (:d, :e, 'counterparty', :m, CAST(:p AS jsonb))"
        ),
        {"d": doc_id, "e": entity, "m": mention, "p": json.dumps({"identifiers": ids})},
    )


def _estate(engine) -> None:
    with engine.begin() as conn:
        conn.execute(text("INSERT INTO sources (id, kind, root) VALUES ('estate', 'folder', '/')"))
        _doc(conn, "open-1", OPEN)
        _doc(conn, "wall-1", WALLED)
        # One company: the open letter names it plainly; only the walled deal file knows its
        # register number and its code name.
        conn.execute(
            text(
                "INSERT INTO entities (id, name, normalized_name, identifiers, identity_key,"
                " aliases) VALUES ('e-1', 'Zeta AG', 'zeta', CAST(:ids AS jsonb), 'reg:hrb:1',"
                " ARRAY['projekt falke'])"
            ),
            {"ids": json.dumps({"hrb": "HRB 4711"})},
        )
        _party(conn, "open-1", "e-1", "Zeta AG", {})
        _party(conn, "wall-1", "e-1", "Projekt Falke", {"hrb": "HRB 4711"})


def test_resolve_entity_says_only_what_visible_documents_say(engine):
    _estate(engine)
    with engine.connect() as conn:
        rows, _ = evidence.resolve_entity(conn, ALICE, "Zeta", None, 10)
        by_alias, _ = evidence.resolve_entity(conn, ALICE, "Falke", None, 10)
        by_number, _ = evidence.resolve_entity(conn, ALICE, "4711", None, 10)
        carol, _ = evidence.resolve_entity(
            conn, caller_principals(["user:carol"]), "Falke", None, 10
        )
    ((zeta,),) = [rows]
    assert zeta.name == "Zeta AG"
    assert zeta.aliases == [] and zeta.identifiers == {}
    assert [e.citation.source_object_id for e in zeta.evidence] == ["open-1"]
    # A hidden spelling or number does not even match: a hit would confirm it.
    assert by_alias == [] and by_number == []
    # Who may read the walled file learns both, with it as evidence.
    (seen,) = carol
    assert seen.aliases == ["projekt falke"] and seen.identifiers == {"hrb": "HRB 4711"}
    assert {e.citation.source_object_id for e in seen.evidence} == {"open-1", "wall-1"}


def test_search_decisions_withholds_a_hidden_counterpart(engine):
    _estate(engine)
    with engine.begin() as conn:
        conn.execute(
            text(
                "INSERT INTO decisions (source_object_id, against_source_object_id, content_hash,"
                " locus, change_summary, rationale_category, generalizability) VALUES"
                " ('open-1', 'wall-1', 'hopen-1', '§ 5', 'cap lowered', 'liability',"
                " 'matter')"
            )
        )
    with engine.connect() as conn:
        rows, total, _ = evidence.search_decisions(conn, ALICE, "cap", None, 10, 0)
        by_id, none, _ = evidence.search_decisions(conn, ALICE, "wall-1", None, 10, 0)
        carol, _, _ = evidence.search_decisions(
            conn, caller_principals(["user:carol"]), "cap", None, 10, 0
        )
    (row,) = rows
    assert total == 1 and row.fields["against_source_object_id"] is None
    assert "wall-1" not in json.dumps(row.model_dump(mode="json"))
    assert by_id == [] and none == 0
    assert carol[0].fields["against_source_object_id"] == "wall-1"


def test_search_semantic_counts_only_what_passes_the_live_check(mcp_corpus):
    """A revocation at the source the index has not yet re-projected: passages and the total
    both leave the revoked documents out (the total used to be the index's count)."""
    from knowledge_index.mcp.config import McpSettings
    from knowledge_index.mcp.cursor import CursorCodec
    from knowledge_index.mcp.models import SearchSemanticInput
    from knowledge_index.mcp.tools import ToolContext, search_semantic

    ctx = ToolContext(
        engine=mcp_corpus.engine,
        settings=mcp_corpus.settings,  # type: ignore[arg-type]
        mcp=McpSettings(),
        principals=caller_principals(["user:bob", "group:beta"]),
        codec=CursorCodec(b"k" * 32),
        cursor_fingerprint="test",
        tool="search_semantic",
    )

    def ask(limit: int):
        return search_semantic(ctx, SearchSemanticInput(query="escrow purchase price", limit=limit))

    before = ask(50)
    beta = [p for p in before.passages if p.citation.path.startswith("Beta/")]
    assert beta and before.total == len(before.passages)
    with mcp_corpus.engine.begin() as conn:
        saved = conn.execute(
            text("SELECT id, acl FROM source_objects WHERE left(path, 5) = 'Beta/'")
        ).all()
        conn.execute(
            text("UPDATE source_objects SET acl = CAST(:a AS jsonb) WHERE left(path, 5) = 'Beta/'"),
            {"a": json.dumps({"allow": ["user:dave"], "deny": []})},
        )
    try:
        after, first = ask(50), ask(1)
    finally:
        with mcp_corpus.engine.begin() as conn:
            for doc_id, acl in saved:
                conn.execute(
                    text("UPDATE source_objects SET acl = CAST(:a AS jsonb) WHERE id = :i"),
                    {"a": json.dumps(acl), "i": doc_id},
                )
    assert not [p for p in after.passages if p.citation.path.startswith("Beta/")]
    assert after.total == len(after.passages) == before.total - len(beta)
    assert first.total == after.total and first.passages[0].rank == 1


def test_search_documents_counts_only_documents_that_pass_the_live_check(mcp_corpus):
    """The same revocation through search_documents: the revoked documents neither show nor
    count, and documents are re-ranked from 1 without them."""
    from knowledge_index.mcp.config import McpSettings
    from knowledge_index.mcp.cursor import CursorCodec
    from knowledge_index.mcp.models import SearchDocumentsInput
    from knowledge_index.mcp.tools import ToolContext, search_documents

    ctx = ToolContext(
        engine=mcp_corpus.engine,
        settings=mcp_corpus.settings,  # type: ignore[arg-type]
        mcp=McpSettings(),
        principals=caller_principals(["user:bob", "group:beta"]),
        codec=CursorCodec(b"k" * 32),
        cursor_fingerprint="test",
        tool="search_documents",
    )

    def ask(limit: int):
        query = SearchDocumentsInput(query="escrow purchase price", limit=limit)
        return search_documents(ctx, query)

    before = ask(50)
    beta = {d.citation.source_object_id for d in before.documents if d.citation.path[:5] == "Beta/"}
    assert len(beta) == 2 and before.total == len(before.documents)
    with mcp_corpus.engine.begin() as conn:
        saved = conn.execute(
            text("SELECT id, acl FROM source_objects WHERE left(path, 5) = 'Beta/'")
        ).all()
        conn.execute(
            text("UPDATE source_objects SET acl = CAST(:a AS jsonb) WHERE left(path, 5) = 'Beta/'"),
            {"a": json.dumps({"allow": ["user:dave"], "deny": []})},
        )
    try:
        after, first = ask(50), ask(1)
    finally:
        with mcp_corpus.engine.begin() as conn:
            for doc_id, acl in saved:
                conn.execute(
                    text("UPDATE source_objects SET acl = CAST(:a AS jsonb) WHERE id = :i"),
                    {"a": json.dumps(acl), "i": doc_id},
                )
    shown = {d.citation.source_object_id for d in after.documents}
    assert not shown & beta and after.total == len(after.documents) == before.total - 2
    assert first.total == after.total and first.documents[0].rank == 1
    assert first.next_cursor is not None
