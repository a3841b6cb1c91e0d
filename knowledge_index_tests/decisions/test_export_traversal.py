"""`ki export` and MCP carry what relate and extract_decisions recorded.

Versions with their chain, typed edges in both directions, threads in order and the decisions
of each file's current content (clause locus, topic, rationale category, change type). The rows
are written straight into the stages' tables (the contract both stages write against), so the
export and the MCP tools are checked independently of how well the stages decide.
"""

from __future__ import annotations

import io
import json

import pytest
from sqlalchemy import Connection, Engine, text

from knowledge_index.export import to_dataframe, write_jsonl
from knowledge_index.relations.store import insert_relation

FILES = {
    "v1": "Deal/SPA_v1.docx",
    "v2": "Deal/SPA_v2_redline.docx",
    "copy": "Backup/SPA_v1.docx",
    "annex": "Deal/Anlage_1_SPA.docx",
    "mail1": "Mails/offer.eml",
    "mail2": "Mails/re_offer.eml",
    "gone": "Deal/SPA_old.docx",
}


def _relate(conn: Connection, edges: tuple[tuple[str, str, str], ...]) -> None:
    for src, dst, relation in edges:
        insert_relation(conn, src, dst, relation, method="filename", confidence=0.9)


def _seed(engine: Engine) -> None:
    with engine.begin() as conn:
        conn.execute(text("INSERT INTO sources (id, kind, root) VALUES ('s', 'folder', '/x')"))
        for key, path in FILES.items():
            conn.execute(
                text(
                    "INSERT INTO source_objects (id, source_id, external_id, path, content_hash,"
                    " deleted_at) VALUES (:id, 's', :p, :p, :h,"
                    " CASE WHEN :gone THEN now() END)"
                ),
                {"id": key, "p": path, "h": f"hash-{key}", "gone": key == "gone"},
            )
        conn.execute(
            text(
                "INSERT INTO logical_documents (id, title, family_key) VALUES ('spa', 'SPA', 'spa')"
            )
        )
        for key, identity, number, label, dup, red in (
            ("v1", "new_document", 1, "draft", None, None),
            ("copy", "duplicate", 1, "draft", "v1", None),
            ("v2", "new_version", 2, "redline", None, "v1"),
        ):
            conn.execute(
                text(
                    "INSERT INTO document_versions (source_object_id, logical_document_id,"
                    " content_hash, identity, version_number, version_label, duplicate_of,"
                    " redline_against) VALUES (:o, 'spa', :h, :i, :n, :l, :d, :r)"
                ),
                {
                    "o": key,
                    "h": f"hash-{key}",
                    "i": identity,
                    "n": number,
                    "l": label,
                    "d": dup,
                    "r": red,
                },
            )
        _relate(
            conn,
            (
                ("v2", "v1", "supersedes"),
                ("v2", "v1", "redline_against"),
                ("copy", "v1", "duplicate_of"),
                ("annex", "v2", "annex_of"),
                ("mail2", "mail1", "in_thread_with"),
                ("gone", "v1", "references"),
            ),
        )
        conn.execute(
            text("INSERT INTO communication_threads (id, subject) VALUES ('th-1', 'Angebot SPA')")
        )
        for key, message, parent, sent in (
            ("mail2", "<m2@x>", "mail1", "2024-03-02T10:00:00Z"),
            ("mail1", "<m1@x>", None, "2024-03-01T10:00:00Z"),
        ):
            conn.execute(
                text(
                    "INSERT INTO thread_members (source_object_id, thread_id, message_id,"
                    " parent_source_object_id, sent_at, method)"
                    " VALUES (:o, 'th-1', :m, :p, CAST(:t AS timestamptz), :meth)"
                ),
                {
                    "o": key,
                    "m": message,
                    "p": parent,
                    "t": sent,
                    "meth": "in_reply_to" if parent else "root",
                },
            )
        for ordinal, content_hash, locus, topic, why, change in (
            (0, "hash-v2", "§ 7 Abs. 1", "liability_cap", "counterparty_request", "modified"),
            (1, "hash-v2", "§ 9", "payment_terms", "unstated", "inserted"),
            # the file's earlier content: not exported
            (0, "hash-v2-before-edit", "§ 2", "price", "unstated", "deleted"),
        ):
            conn.execute(
                text(
                    "INSERT INTO decisions (source_object_id, against_source_object_id,"
                    " content_hash, ordinal, locus, change_summary, topic, rationale_category,"
                    " change_type, rationale_text, generalizability)"
                    " VALUES ('v2', 'v1', :h, :n, :locus, 'cap raised', :t, :c, :ct,"
                    " 'marktüblich', 'market_standard')"
                ),
                {
                    "h": content_hash,
                    "n": ordinal,
                    "locus": locus,
                    "t": topic,
                    "c": why,
                    "ct": change,
                },
            )


def test_export_carries_versions_relations_threads_and_decisions(engine):
    _seed(engine)
    out = io.StringIO()
    assert write_jsonl(engine, out) == len(FILES) - 1  # the deleted file is not exported
    rows = {r["source_object_id"]: r for r in map(json.loads, out.getvalue().splitlines())}

    v2 = rows["v2"]
    assert v2["version"]["logical_document_id"] == "spa"
    assert v2["version"]["version_number"] == 2 and v2["version"]["version_label"] == "redline"
    assert v2["version"]["redline_against"] == {"source_object_id": "v1", "path": FILES["v1"]}
    chain = [(c["source_object_id"], c["version_number"]) for c in v2["version"]["chain"]]
    assert chain == [("copy", 1), ("v1", 1), ("v2", 2)]
    assert rows["copy"]["version"]["duplicate_of"] == {
        "source_object_id": "v1",
        "path": FILES["v1"],
    }
    assert rows["annex"]["version"] is None

    def edges(row):
        return sorted((e["direction"], e["relation"], e["path"]) for e in row["relations"])

    assert edges(v2) == [
        ("incoming", "annex_of", FILES["annex"]),
        ("outgoing", "redline_against", FILES["v1"]),
        ("outgoing", "supersedes", FILES["v1"]),
    ]
    # Edges from a deleted file are gone with it.
    assert edges(rows["v1"]) == [
        ("incoming", "duplicate_of", FILES["copy"]),
        ("incoming", "redline_against", FILES["v2"]),
        ("incoming", "supersedes", FILES["v2"]),
    ]

    (thread,) = rows["mail2"]["threads"]
    assert thread["thread_id"] == "th-1" and thread["subject"] == "Angebot SPA"
    assert [m["path"] for m in thread["members"]] == [FILES["mail1"], FILES["mail2"]]
    assert thread["members"][1]["parent_source_object_id"] == "mail1"
    assert rows["mail1"]["threads"] == [thread]
    assert rows["v1"]["threads"] == []

    assert [
        (d["locus"], d["topic"], d["rationale_category"], d["change_type"]) for d in v2["decisions"]
    ] == [
        ("§ 7 Abs. 1", "liability_cap", "counterparty_request", "modified"),
        ("§ 9", "payment_terms", "unstated", "inserted"),
    ]
    assert v2["decisions"][0]["against_path"] == FILES["v1"]
    assert rows["v1"]["decisions"] == []

    frame = to_dataframe(engine).set_index("source_object_id")
    assert (
        len(frame.loc["v2", "decisions"]) == 2 and frame.loc["v2", "version"]["version_number"] == 2
    )


def test_a_relation_naming_a_print_is_shown_on_what_it_was_printed_from(engine):
    _seed(engine)
    with engine.begin() as conn:
        for key, path in (("letter", "Mails/letter.docx"), ("print", "Deal/SPA_v2.pdf")):
            conn.execute(
                text(
                    "INSERT INTO source_objects (id, source_id, external_id, path, content_hash)"
                    " VALUES (:k, 's', :p, :p, :h)"
                ),
                {"k": key, "p": path, "h": f"hash-{key}"},
            )
        conn.execute(
            text(
                "INSERT INTO document_versions (source_object_id, logical_document_id,"
                " content_hash, identity, version_number, version_label, duplicate_of)"
                " VALUES ('print', 'spa', 'hash-print', 'near_duplicate', 2, 'redline', 'v2')"
            )
        )
        # The letter cites the print and v2 itself; the schedule belongs to the print; a
        # citation of the backup copy (byte-identical to v1) stays on the copy.
        _relate(
            conn,
            (
                ("print", "v2", "near_duplicate_of"),
                ("letter", "print", "references"),
                ("letter", "v2", "references"),
                ("letter", "copy", "references"),
                ("annex", "print", "annex_of"),
            ),
        )
    out = io.StringIO()
    write_jsonl(engine, out)
    rows = {r["source_object_id"]: r for r in map(json.loads, out.getvalue().splitlines())}

    def edges(key):
        return sorted((e["direction"], e["relation"], e["path"]) for e in rows[key]["relations"])

    assert edges("letter") == [
        ("outgoing", "references", FILES["copy"]),
        ("outgoing", "references", FILES["v2"]),  # once
    ]
    assert edges("annex") == [("outgoing", "annex_of", FILES["v2"])]
    # The print keeps its identity edge and nothing else; v2 gains what named its print.
    assert edges("print") == [("outgoing", "near_duplicate_of", FILES["v2"])]
    assert ("incoming", "references", "Mails/letter.docx") in edges("v2")


# -- MCP: the decisions, on both axes, only for callers who may see them ----------------------

DEAL, OUTSIDER = "group:deal", "group:outsider"


def _grant(engine: Engine, acl: dict[str, dict]) -> None:
    with engine.begin() as conn:
        for key, grant in acl.items():
            conn.execute(
                text("UPDATE source_objects SET acl = CAST(:a AS jsonb) WHERE id = :o"),
                {"a": json.dumps(grant), "o": key},
            )


def _tools(engine: Engine, principals: list[str], tool: str):
    from knowledge_index.mcp.config import McpSettings
    from knowledge_index.mcp.cursor import CursorCodec
    from knowledge_index.mcp.tools import ToolContext
    from knowledge_index.mcp.visibility import caller_principals
    from knowledge_index.settings import load_settings

    return ToolContext(
        engine=engine,
        settings=load_settings(),
        mcp=McpSettings(),
        principals=caller_principals(principals),
        codec=CursorCodec(b"k" * 32),
        cursor_fingerprint="f",
        tool=tool,
    )


def test_mcp_exposes_both_axes_and_withholds_what_the_caller_may_not_see(engine):
    from knowledge_index.mcp import tools
    from knowledge_index.mcp.models import (
        GetDocumentInput,
        SearchDecisionsInput,
        TraverseInput,
    )

    _seed(engine)
    everyone_in_deal = {"allow": [DEAL], "deny": []}
    # The redline and its annex are the deal team's; the version it was made against is not.
    _grant(engine, {"v2": everyone_in_deal, "annex": everyone_in_deal, "v1": {"allow": ["x"]}})

    def search(principals, **args):
        return tools.search_decisions(
            _tools(engine, principals, "search_decisions"), SearchDecisionsInput(**args)
        )

    found = search([DEAL], topic="liability_cap")
    assert found.total == 1
    (row,) = found.decisions
    assert (row.fields["locus"], row.fields["topic"], row.fields["rationale_category"]) == (
        "§ 7 Abs. 1",
        "liability_cap",
        "counterparty_request",
    )
    assert row.fields["change_type"] == "modified"
    # The version it was redlined against is hidden from the deal team: never named.
    assert row.fields["against_source_object_id"] is None
    assert [d.fields["locus"] for d in search([DEAL], rationale_category="unstated").decisions] == [
        "§ 9"
    ]
    assert search([DEAL], query="cap", topic="rent").decisions == []
    assert search([OUTSIDER], topic="liability_cap").total == 0
    assert search([OUTSIDER], query="liability_cap").decisions == []

    doc = tools.get_document(
        _tools(engine, [DEAL], "get_document"), GetDocumentInput(source_object_id="v2")
    )
    assert [(d.locus, d.topic, d.rationale_category, d.change_type) for d in doc.decisions] == [
        ("§ 7 Abs. 1", "liability_cap", "counterparty_request", "modified"),
        ("§ 9", "payment_terms", "unstated", "inserted"),
    ]
    assert {d.against_source_object_id for d in doc.decisions} == {None}

    walk = tools.traverse(
        _tools(engine, [DEAL], "traverse"), TraverseInput(source_object_id="annex")
    )
    assert {n.citation.source_object_id for n in walk.nodes} == {"v2"}
    assert [(d.source_object_id, d.topic) for d in walk.decisions] == [
        ("v2", "liability_cap"),
        ("v2", "payment_terms"),
    ]

    # Granted the older version too, the pair is named; an outsider sees no document at all.
    _grant(engine, {"v1": everyone_in_deal})
    doc = tools.get_document(
        _tools(engine, [DEAL], "get_document"), GetDocumentInput(source_object_id="v2")
    )
    assert {d.against_source_object_id for d in doc.decisions} == {"v1"}
    with pytest.raises(tools.NotFound):
        tools.traverse(_tools(engine, [OUTSIDER], "traverse"), TraverseInput(source_object_id="v2"))


def test_search_decisions_needs_something_to_search_for():
    from pydantic import ValidationError

    from knowledge_index.mcp.models import SearchDecisionsInput

    with pytest.raises(ValidationError, match="query, a topic or a rationale_category"):
        SearchDecisionsInput()
