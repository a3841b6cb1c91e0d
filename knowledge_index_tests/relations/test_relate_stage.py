"""relate on a small estate through the real ledger and the offline model."""

from __future__ import annotations

from sqlalchemy import text

from knowledge_index_tests.model_stages.support import statuses
from knowledge_index_tests.relations.relate_support import (
    MATTER,
    classified_estate,
    relate_all,
    relations,
)


def _short(rels: set[tuple[str, str, str]]) -> set[tuple[str, str, str]]:
    cut = len(MATTER) + 1
    return {(s[cut:], t[cut:], r) for s, t, r in rels}


def test_relate_finds_versions_copies_annexes_letters_and_threads(engine, firm_env, tmp_path):
    classified_estate(engine, tmp_path / "estate")
    relate_all(engine)
    assert {s for s, _, _ in statuses(engine, "relate").values()} == {"done"}
    rels = _short(relations(engine))
    expected = {
        ("Kopie/Liefervertrag v1 Entwurf.txt", "Liefervertrag v1 Entwurf.txt", "duplicate_of"),
        ("Liefervertrag v2.txt", "Liefervertrag v1 Entwurf.txt", "supersedes"),
        ("Anlage 1 zum Liefervertrag.txt", "Liefervertrag v1 Entwurf.txt", "annex_of"),
        ("Nachtrag 1.txt", "Liefervertrag v1 Entwurf.txt", "amends"),
        ("Korrespondenz/Antwort Acme.txt", "Korrespondenz/Schreiben Müller.txt", "responds_to"),
        ("Mails/b.eml", "Mails/a.eml", "in_thread_with"),
        ("Mails/c.eml", "Mails/b.eml", "in_thread_with"),
    }
    assert expected <= rels, sorted(rels)
    assert not any("d.eml" in s or "d.eml" in t for s, t, _ in rels)
    with engine.connect() as conn:
        versions = {
            p.rsplit("/", 1)[-1] if "Kopie" not in p else "Kopie": (i, n, label)
            for p, i, n, label in conn.execute(
                text(
                    "SELECT o.path, v.identity, v.version_number, v.version_label"
                    " FROM document_versions v JOIN source_objects o ON o.id = v.source_object_id"
                    " WHERE o.path LIKE '%Liefervertrag v%'"
                )
            )
        }
        threads = conn.execute(
            text(
                "SELECT o.path, t.thread_id FROM thread_members t"
                " JOIN source_objects o ON o.id = t.source_object_id"
            )
        ).all()
        empty = conn.execute(
            text(
                "SELECT count(*) FROM logical_documents l WHERE NOT EXISTS"
                " (SELECT 1 FROM document_versions v WHERE v.logical_document_id = l.id)"
            )
        ).scalar_one()
    assert versions == {
        "Liefervertrag v1 Entwurf.txt": ("new_document", 1, "draft"),
        "Liefervertrag v2.txt": ("new_version", 2, "draft"),
        "Kopie": ("duplicate", 1, "draft"),
    }
    by_path = {p.rsplit("/", 1)[-1]: t for p, t in threads}
    assert by_path["a.eml"] == by_path["b.eml"] == by_path["c.eml"] != by_path["d.eml"]
    assert empty == 0


def test_rerun_replaces_rows_instead_of_duplicating(engine, firm_env, tmp_path):
    classified_estate(engine, tmp_path / "estate")
    relate_all(engine)
    before = relations(engine)
    with engine.begin() as conn:
        conn.execute(
            text(
                "UPDATE processing_state SET status = 'pending', updated_at = now()"
                " WHERE stage = 'relate'"
            )
        )
        counts = conn.execute(
            text(
                "SELECT (SELECT count(*) FROM relations), (SELECT count(*) FROM logical_documents)"
            )
        ).one()
    relate_all(engine)
    with engine.connect() as conn:
        after_counts = conn.execute(
            text(
                "SELECT (SELECT count(*) FROM relations), (SELECT count(*) FROM logical_documents)"
            )
        ).one()
    assert relations(engine) == before
    assert after_counts == counts


def test_relate_waits_for_classify(engine, firm_env, tmp_path):
    from knowledge_index_tests.model_stages.support import small_estate, synced_and_converted
    from knowledge_index_tests.relations.relate_support import FILES, run_relate

    small_estate(tmp_path / "estate", FILES)
    settings, ids = synced_and_converted(engine, tmp_path / "estate")
    with engine.begin() as conn:
        conn.execute(
            text(
                "UPDATE processing_state SET status = 'pending', reason = NULL"
                " WHERE stage = 'relate'"
            )
        )
    source_object_id = ids[f"{MATTER}/Liefervertrag v2.txt"]
    report = run_relate(settings, engine, [source_object_id])
    assert report.results[0].status == "failed"
    assert "classify_matter has not run" in report.results[0].error["message"]


def test_validator_accepts_only_refs_that_open_file_returned():
    import pytest

    from knowledge_index.gateway import Transcript
    from knowledge_index.gateway.agent import ToolRecord
    from knowledge_index.stages.relate.result import RelatedLink, RelateResult, make_validator

    transcript = Transcript(
        [
            ToolRecord(name="open_file", arguments={}, result={"ref": "opened", "path": "a"}),
            ToolRecord(name="search_documents", arguments={}, result={"ref": "searched"}),
        ]
    )
    validate = make_validator("me")
    validate(RelateResult(identity="new_version", same_as_ref="opened"), transcript)
    for bad in (
        RelateResult(identity="new_version", same_as_ref="searched"),
        RelateResult(identity="new_version", same_as_ref="me"),
        RelateResult(identity="duplicate"),
        RelateResult(
            identity="new_document",
            relations=[RelatedLink(relation="annex_of", target_ref="invented")],
        ),
    ):
        with pytest.raises(ValueError):
            validate(bad, transcript)


def test_reply_related_before_its_parent_arrives_is_adopted(engine, firm_env, tmp_path):
    from knowledge_index.sources.sync import sync_source
    from knowledge_index_tests.model_stages.support import run_until_settled
    from knowledge_index_tests.relations.relate_support import FILES

    mails = {p: b for p, b in FILES.items() if p.endswith((".eml",))}
    parent = f"{MATTER}/Mails/a.eml"
    root = tmp_path / "estate"
    settings, _ = classified_estate(engine, root, {p: b for p, b in mails.items() if p != parent})
    relate_all(engine)
    (root / parent).write_text(mails[parent], encoding="utf-8")
    sync_source(engine, settings, "estate")
    for stage in ("fetch", "convert", "classify_matter", "relate"):
        run_until_settled(settings, engine, stage)
    with engine.connect() as conn:
        rows = {
            p.rsplit("/", 1)[-1]: (thread, par.rsplit("/", 1)[-1] if par else None, how)
            for p, thread, par, how in conn.execute(
                text(
                    "SELECT o.path, t.thread_id, po.path, t.method FROM thread_members t"
                    " JOIN source_objects o ON o.id = t.source_object_id"
                    " LEFT JOIN source_objects po ON po.id = t.parent_source_object_id"
                )
            )
        }
    assert rows["a.eml"][1:] == (None, "root")
    assert rows["b.eml"][1:] == ("a.eml", "in_reply_to")
    assert rows["c.eml"][1:] == ("b.eml", "references")
    assert rows["a.eml"][0] == rows["b.eml"][0] == rows["c.eml"][0] != rows["d.eml"][0]
    assert (f"{MATTER}/Mails/b.eml", parent, "in_thread_with") in relations(engine)


def test_a_long_version_family_still_references_what_it_cites(engine, firm_env, tmp_path):
    """Ten drafts of one agreement are each other's candidates; the framework agreement they
    cite by name and date is still opened and referenced from every draft."""
    clauses = [
        f"§ {n} Der Lieferant liefert Ware der Gruppe {n} innerhalb von {n + 10} Tagen nach Abruf "
        f"an das Lager des Bestellers; Teillieferungen der Gruppe {n} sind zulässig."
        for n in range(1, 13)
    ]
    files = {
        f"{MATTER}/Rahmenvertrag.txt": (
            "Rahmenvertrag\n\nvom 1. Februar 2024\n\nzwischen Acme GmbH und Müller AG\n\n"
            "Die Parteien schließen Einzelverträge über Lieferungen nach diesem Rahmen."
        ),
    }
    for v in range(1, 11):
        body = list(clauses)
        body[v] = body[v].replace("zulässig", f"nur nach Absprache zulässig (Fassung {v})")
        files[f"{MATTER}/Entwürfe/Liefervertrag v{v}.txt"] = (
            "Liefervertrag\n\nzwischen Acme GmbH und Müller AG\n\n"
            "Dieser Liefervertrag ergänzt den Rahmenvertrag vom 1. Februar 2024.\n\n"
            + "\n\n".join(body)
        )
    classified_estate(engine, tmp_path / "estate", files)
    relate_all(engine)
    rels = _short(relations(engine))
    citing = {s for s, t, r in rels if t == "Rahmenvertrag.txt" and r == "references"}
    assert citing == {f"Entwürfe/Liefervertrag v{v}.txt" for v in range(1, 11)}, sorted(rels)


def test_a_deed_is_referenced_by_its_roll_number_from_another_matter(engine, firm_env, tmp_path):
    financing = "Mandanten/Acme GmbH/2024-0188 Finanzierung"
    files = {
        f"{MATTER}/Vollzug/UR-Nr. 233-2025 Kaufvertrag.txt": (
            "UR-Nr. 233/2025\n\nGeschäftsanteilskaufvertrag\n\nVerhandelt zu München am 3. Mai"
            " 2025. Vor mir, dem Notar, erschienen die Acme GmbH und die Müller AG."
        ),
        f"{financing}/Verpfändung Geschäftsanteile.txt": (
            "Verpfändungsvertrag\n\nzwischen Acme GmbH und Nordbank AG\n\nDie Acme GmbH hat die"
            " Geschäftsanteile mit dem unter UR-Nr. 233/2025 beurkundeten Kaufvertrag erworben"
            " und verpfändet sie der Nordbank AG. Die Rechnung Nr. 2025-7781 ist beglichen."
        ),
    }
    classified_estate(engine, tmp_path / "estate", files)
    relate_all(engine)
    cited = {(s.rsplit("/", 1)[-1], t.rsplit("/", 1)[-1], r) for s, t, r in relations(engine)}
    # The invoice number names no file of the estate: nothing is made of it.
    assert cited == {
        ("Verpfändung Geschäftsanteile.txt", "UR-Nr. 233-2025 Kaufvertrag.txt", "references")
    }


def test_a_letter_references_the_latest_draft_it_encloses(engine, firm_env, tmp_path):
    settlement = "Settlement Agreement\n\nbetween Acme GmbH and Rachel Dunmore\n\n1. Payment."
    files = {
        f"{MATTER}/Settlement Agreement - draft 1.docx.txt": settlement,
        f"{MATTER}/Settlement Agreement - draft 2.docx.txt": settlement + " 2. Reference.",
        f"{MATTER}/Letter to Prosser 09.06.2025.txt": (
            "Acme GmbH\n\n9 June 2025\n\nDear Ms Prosser\n\nFurther to our call of 5 June, we"
            " enclose a revised draft of the settlement agreement. Our client agrees to pay."
        ),
    }
    classified_estate(engine, tmp_path / "estate", files)
    relate_all(engine)
    cited = {(t, r) for s, t, r in _short(relations(engine)) if s.startswith("Letter")}
    assert cited == {("Settlement Agreement - draft 2.docx.txt", "references")}
