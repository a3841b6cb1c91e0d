"""The scorer itself: the known answers stored as-is score 1.0, and each kind of mistake a
relate or extract_decisions stage can make lowers exactly the score that should notice it.

No pipeline runs here: the expected answers are written straight into the 007 tables.
"""

from __future__ import annotations

import pytest
from sqlalchemy import text

from knowledge_index.sources.registry import add_source
from knowledge_index_tests.relations.estate import Expected, generate
from knowledge_index_tests.relations.scoring import score


def _store_answers(engine, expected: Expected, root) -> dict[str, str]:
    """Write `expected` into the tables the way a perfect stage would."""
    files = expected.files
    ids = {p: f"so-{i:03d}" for i, p in enumerate(sorted(files))}
    with engine.begin() as conn:
        add_source(conn, "estate", root)
        for p, source_object_id in ids.items():
            conn.execute(
                text(
                    "INSERT INTO source_objects (id, source_id, external_id, path)"
                    " VALUES (:id, 'estate', :p, :p)"
                ),
                {"id": source_object_id, "p": p},
            )
        for fam in {f.family for f in files.values()}:
            conn.execute(text("INSERT INTO logical_documents (id) VALUES (:f)"), {"f": fam})
        for p, f in files.items():
            original = f.copy_of or f.near_of
            identity = "duplicate" if f.copy_of else "near_duplicate" if f.near_of else f.identity
            conn.execute(
                text(
                    "INSERT INTO document_versions (source_object_id, logical_document_id,"
                    " identity, version_number, version_label, duplicate_of, redline_against)"
                    " VALUES (:id, :fam, :identity, :v, :label, :dup, :red)"
                ),
                {
                    "id": ids[p],
                    "fam": f.family,
                    "identity": identity,
                    "v": f.version,
                    "label": f.label,
                    "dup": ids.get(original or ""),
                    "red": ids.get(f.redline_against or ""),
                },
            )
            for n, categories in enumerate(f.decisions):
                conn.execute(
                    text(
                        "INSERT INTO decisions (source_object_id, against_source_object_id,"
                        " content_hash, ordinal, locus, change_summary, topic,"
                        " rationale_category, rationale_text, generalizability)"
                        " VALUES (:id, :against, 'h', :n, '§ 7', 'cap', :cat,"
                        " 'counterparty_request', '[PARTY_A] asked for it', 'firm_practice')"
                    ),
                    {
                        "id": ids[p],
                        "against": ids[f.redline_against],
                        "n": n,
                        "cat": sorted(categories)[0],
                    },
                )
        for source, kind, target in expected.relations:
            if kind not in ("duplicate_of", "near_duplicate_of", "redline_against"):
                conn.execute(
                    text(
                        "INSERT INTO relations (source_object_id, target_source_object_id,"
                        " relation) VALUES (:s, :t, :k)"
                    ),
                    {"s": ids[source], "t": ids[target], "k": kind},
                )
        for n, thread in enumerate(expected.threads):
            conn.execute(text("INSERT INTO communication_threads (id) VALUES (:t)"), {"t": n})
            for p in thread:
                conn.execute(
                    text(
                        "INSERT INTO thread_members (source_object_id, thread_id) VALUES (:s, :t)"
                    ),
                    {"s": ids[p], "t": n},
                )
    return ids


@pytest.fixture
def stored(engine, tmp_path):
    root = tmp_path / "estate"
    expected = generate(root)
    return expected, _store_answers(engine, expected, root)


def test_known_answers_score_perfectly_and_each_mistake_is_noticed(engine, stored):
    expected, ids = stored
    perfect = score(engine, expected)
    assert perfect.misses == {}, perfect.misses
    assert (perfect.identity, perfect.logical_documents, perfect.version_order, perfect.label) == (
        1.0,
        1.0,
        1.0,
        1.0,
    )
    assert {k: (pr.precision, pr.recall) for k, pr in perfect.relations.items()} == {
        k: (1.0, 1.0) for k in perfect.relations
    }
    assert perfect.threads == 1.0 and perfect.threads_apart
    assert perfect.decision_recall == perfect.decision_pair == 1.0
    assert perfect.spurious_decision_files == perfect.leaked_names == []

    by_path = {p: i for p, i in ids.items()}
    files = expected.files
    v1, v2, executed = (
        next(p for p, f in files.items() if f.family == "liefervertrag" and f.version == v)
        for v in (1, 2, 5)
    )
    sign_a, sign_b = expected.apart[0]
    nachtrag = next(p for p in files if p.endswith("Nachtrag Nr. 1.docx"))
    annex = next(p for p in files if p.endswith("Anlage 1 Leistungsbeschreibung.txt"))
    with engine.begin() as conn:
        # v1 and v2 swapped; the shared-subject threads merged; a decision on a plain file that
        # names a party; an annex pointed at the wrong document; the amendment's edge dropped.
        conn.execute(
            text(
                "UPDATE document_versions SET version_number = 3 - version_number"
                " WHERE source_object_id IN (:a, :b)"
            ),
            {"a": by_path[v1], "b": by_path[v2]},
        )
        conn.execute(
            text(
                "UPDATE thread_members SET thread_id = (SELECT thread_id FROM thread_members"
                " WHERE source_object_id = :a) WHERE source_object_id = :b"
            ),
            {"a": by_path[sign_a], "b": by_path[sign_b]},
        )
        conn.execute(
            text(
                "INSERT INTO decisions (source_object_id, content_hash, locus, change_summary,"
                " topic, rationale_category, rationale_text, generalizability) VALUES (:id, 'h',"
                " 'Ziffer 1', 'Frist', 'delivery', 'counterparty_request',"
                " 'Müller Bau wollte es so', 'deal_specific')"
            ),
            {"id": by_path[nachtrag]},
        )
        conn.execute(
            text(
                "UPDATE relations SET target_source_object_id = :t"
                " WHERE source_object_id = :s AND relation = 'annex_of'"
            ),
            {"s": by_path[annex], "t": by_path[nachtrag]},
        )
        conn.execute(text("DELETE FROM relations WHERE relation = 'amends'"))
        # A second edge from the file note to another version of the same agreement: one edge.
        conn.execute(
            text(
                "INSERT INTO relations (source_object_id, target_source_object_id, relation)"
                " SELECT source_object_id, :v1, 'references' FROM relations"
                " WHERE relation = 'references' AND target_source_object_id = :executed"
            ),
            {"v1": by_path[v1], "executed": by_path[executed]},
        )
    worse = score(engine, expected)
    assert worse.version_order < 1.0 and worse.logical_documents == 1.0
    assert not worse.threads_apart and worse.threads < 1.0
    assert worse.spurious_decision_files == [nachtrag]
    assert worse.leaked_names == [f"{nachtrag}: Müller Bau"]
    assert worse.relation("annex_of").precision < 1.0
    assert worse.relation("annex_of").recall < 1.0
    assert worse.relation("amends").recall == 0.0
    assert worse.relation("responds_to").precision == worse.relation("responds_to").recall == 1.0
    assert worse.decision_recall == 1.0
    references = worse.relation("references")
    assert (references.precision, references.recall, references.stored) == (1.0, 1.0, 2)
