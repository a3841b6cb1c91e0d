"""`ki export` carries what relate and extract_decisions recorded.

Versions with their chain, typed edges in both directions, threads in order and the decisions
of each file's current content. The rows are written straight into the 007 tables (the contract
both stages write against), so the export is checked independently of how well relate decides.
"""

from __future__ import annotations

import io
import json

from sqlalchemy import Engine, text

from knowledge_index.export import to_dataframe, write_jsonl

FILES = {
    "v1": "Deal/SPA_v1.docx",
    "v2": "Deal/SPA_v2_redline.docx",
    "copy": "Backup/SPA_v1.docx",
    "annex": "Deal/Anlage_1_SPA.docx",
    "mail1": "Mails/offer.eml",
    "mail2": "Mails/re_offer.eml",
    "gone": "Deal/SPA_old.docx",
}


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
        for src, dst, relation in (
            ("v2", "v1", "supersedes"),
            ("v2", "v1", "redline_against"),
            ("copy", "v1", "duplicate_of"),
            ("annex", "v2", "annex_of"),
            ("mail2", "mail1", "in_thread_with"),
            ("gone", "v1", "references"),
        ):
            conn.execute(
                text(
                    "INSERT INTO relations (source_object_id, target_source_object_id, relation,"
                    " confidence, method) VALUES (:s, :t, :r, 0.9, 'filename')"
                ),
                {"s": src, "t": dst, "r": relation},
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
        for ordinal, content_hash, category in (
            (0, "hash-v2", "liability_cap"),
            (1, "hash-v2", "payment_terms"),
            (0, "hash-v2-before-edit", "price"),  # the file's earlier content: not exported
        ):
            conn.execute(
                text(
                    "INSERT INTO decisions (source_object_id, against_source_object_id,"
                    " content_hash, ordinal, locus, change_summary, rationale_category,"
                    " rationale_text, generalizability)"
                    " VALUES ('v2', 'v1', :h, :n, '§ 7', 'cap raised', :c, 'marktüblich',"
                    " 'market_standard')"
                ),
                {"h": content_hash, "n": ordinal, "c": category},
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

    assert [d["rationale_category"] for d in v2["decisions"]] == ["liability_cap", "payment_terms"]
    assert v2["decisions"][0]["against_path"] == FILES["v1"]
    assert rows["v1"]["decisions"] == []

    frame = to_dataframe(engine).set_index("source_object_id")
    assert (
        len(frame.loc["v2", "decisions"]) == 2 and frame.loc["v2", "version"]["version_number"] == 2
    )
