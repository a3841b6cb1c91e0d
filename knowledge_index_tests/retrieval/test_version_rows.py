"""Profile (ordinal -1) and clause rows (1000+) follow relate's final/executed versions."""

from __future__ import annotations

import json

import pytest
from sqlalchemy import Connection, text

from knowledge_index.blobstore import BlobStore
from knowledge_index.objects import store as objects_store
from knowledge_index.retrieval.filters import SearchFilters
from knowledge_index.retrieval.service import search
from knowledge_index.settings import load_settings
from knowledge_index.stages.base import StageContext
from knowledge_index.stages.index.handler import IndexHandler
from knowledge_index_tests.support.pipeline import process_folder

AGREEMENT = (
    "Liefervertrag zwischen Acme GmbH und Müller Bau GmbH\n\n"
    "§ 1 Vertragsgegenstand\nAcme liefert zwei Fräsmaschinen vom Typ FM-200.\n\n"
    "§ 7 Haftung\nDie Haftung ist auf {cap} begrenzt, ausgenommen Vorsatz.\n\n"
    "§ 9 Kündigung\nDer Vertrag ist mit einer Frist von drei Monaten kündbar.\n"
)
FILES = {
    "v1": ("Liefervertrag_v1.txt", "den Auftragswert"),
    "final": ("Liefervertrag_final.txt", "zwölf Monatsvergütungen"),
    "signed": ("Liefervertrag_unterzeichnet.txt", "zwölf Monatsvergütungen (unterzeichnet)"),
}


@pytest.fixture
def versions(engine, tmp_path):
    root = tmp_path / "estate"
    (root / "2024-0173 Acme Lieferung").mkdir(parents=True)
    for name, cap in FILES.values():
        (root / "2024-0173 Acme Lieferung" / name).write_text(
            AGREEMENT.format(cap=cap), encoding="utf-8"
        )
    settings = load_settings()
    driver = process_folder(engine, settings, root)
    with engine.connect() as conn:
        ids = dict(conn.execute(text("SELECT path, id FROM source_objects")).all())
    return (
        settings,
        driver,
        {k: ids[f"2024-0173 Acme Lieferung/{n}"] for k, (n, _) in FILES.items()},
    )


def _set_version(
    conn: Connection, source_object_id: str, key: str, number: int, label: str
) -> None:
    cap = FILES[key][1]
    """What relate records; written directly so this test does not depend on relate's choices."""
    conn.execute(
        text(
            "INSERT INTO logical_documents (id, title, family_key) VALUES ('ld-test', 'LV', 'lv')"
            " ON CONFLICT DO NOTHING"
        )
    )
    conn.execute(
        text(
            "INSERT INTO document_versions (source_object_id, logical_document_id, identity,"
            " version_number, version_label, is_final, is_executed)"
            " VALUES (:o, 'ld-test', 'new_version', :n, :l, :f, :e)"
            " ON CONFLICT (source_object_id) DO UPDATE SET logical_document_id = 'ld-test',"
            " identity = 'new_version', version_number = :n, version_label = :l,"
            " is_final = :f, is_executed = :e"
        ),
        {
            "o": source_object_id,
            "n": number,
            "l": label,
            "f": label in ("final", "executed"),
            "e": label == "executed",
        },
    )
    body = AGREEMENT.format(cap=cap)
    clauses = [
        {"clause_type": "liability", "heading": "§ 7 Haftung", "start": body.index("§ 7")},
        {"clause_type": "termination", "heading": "§ 9 Kündigung", "start": body.index("§ 9")},
    ]
    conn.execute(
        text(
            "INSERT INTO document_metadata (source_object_id, ontology_fingerprint, doc_type,"
            " notable_clauses) VALUES (:o, 'test', 'contract.supply_agreement',"
            " CAST(:c AS jsonb)) ON CONFLICT (source_object_id) DO UPDATE"
            " SET notable_clauses = EXCLUDED.notable_clauses"
        ),
        {"o": source_object_id, "c": json.dumps(clauses)},
    )


def _reindex(settings, engine, ids: list[str]) -> None:
    with engine.connect() as conn:
        objects = objects_store.load(conn, ids)
    blobs = BlobStore(settings.blob_dir)
    contexts = [StageContext(settings, engine, "index", objects[i], blobs, 1) for i in ids]
    for _, outcome, _ in IndexHandler().run_batch(contexts):
        assert not isinstance(outcome, BaseException), outcome


def _rows(engine, source_object_id: str) -> dict[int, tuple[str, str | None]]:
    with engine.connect() as conn:
        return {
            o: (t, s)
            for o, t, s in conn.execute(
                text("SELECT ordinal, text, status FROM chunks WHERE source_object_id = :o"),
                {"o": source_object_id},
            ).all()
        }


def test_profile_moves_to_the_newest_final_and_clauses_only_on_final_versions(engine, versions):
    settings, driver, ids = versions
    with engine.begin() as conn:
        _set_version(conn, ids["v1"], "v1", 1, "draft")
        _set_version(conn, ids["final"], "final", 2, "final")
    _reindex(settings, engine, [ids["v1"], ids["final"]])

    final = _rows(engine, ids["final"])
    assert final[-1][0].startswith("Title: ")
    clause_rows = {o: t for o, (t, _) in final.items() if o >= 1000}
    liability = [t for t in clause_rows.values() if t.startswith("§ 7 Haftung")]
    assert len(liability) == 1 and "zwölf Monatsvergütungen" in liability[0]
    assert "§ 9" not in liability[0], "a clause row ends where the next clause begins"
    assert {s for _, s in final.values()} == {"final"}
    draft = _rows(engine, ids["v1"])
    assert min(draft) >= 0 and max(draft) < 1000, "a draft has neither profile nor clause rows"
    assert {s for _, s in draft.values()} == {"draft"}

    # The executed copy arrives: it takes the profile; the final keeps its clause rows.
    with engine.begin() as conn:
        _set_version(conn, ids["signed"], "signed", 3, "executed")
    _reindex(settings, engine, [ids["signed"]])
    assert -1 in _rows(engine, ids["signed"])
    after = _rows(engine, ids["final"])
    assert -1 not in after and any(o >= 1000 for o in after)

    driver.update_search_index()
    signed = search(
        engine,
        settings,
        "Haftung begrenzt",
        ["user:alice"],
        filters=SearchFilters(statuses=["executed"]),
    )
    assert signed.passages and {p.citation.source_object_id for p in signed.passages} == {
        ids["signed"]
    }
    drafts = search(
        engine,
        settings,
        "Haftung begrenzt",
        ["user:alice"],
        filters=SearchFilters(statuses=["draft"]),
    )
    assert {p.citation.source_object_id for p in drafts.passages} == {ids["v1"]}
