"""The pure signals relate computes before any model or database is involved."""

from __future__ import annotations

import datetime as dt

from knowledge_index.relations import cues, filenames, lineage, minhash
from knowledge_index.relations.family import order
from knowledge_index.relations.threads import Message, choose_parent

BASE = " ".join(f"Klausel {i} regelt die Pflichten der Parteien im Detail." for i in range(40))


def test_filename_signals_share_one_family_key():
    names = [
        "SPA v1 Entwurf.docx",
        "SPA_v2_redline.docx",
        "SPA - Gegenentwurf 2024-03-05.docx",
        "SPA final.docx",
        "SPA executed.pdf",
        "SPA - Kopie (2).docx",
    ]
    found = [filenames.signals(f"M/{n}") for n in names]
    assert {s.family_key for s in found} == {"spa"}
    assert [s.label for s in found] == [
        "draft",
        "redline",
        "counterparty_redline",
        "final",
        "executed",
        None,
    ]
    assert [s.version for s in found[:2]] == [1, 2]
    assert found[2].date == dt.date(2024, 3, 5)
    assert found[5].copy_marker
    assert filenames.signals("M/Anlage 1 zum SPA.docx").family_key != "spa"


def test_document_management_names_are_a_family_of_numbered_versions():
    names = [
        "D/00041231_1.docx",
        "D/00041231_3.docx",
        "Kopie von 00041231_3.docx",
        "D/884210v2.doc",
    ]
    found = [filenames.signals(n) for n in names]
    assert [(s.family_key, s.version) for s in found] == [
        ("00041231", 1),
        ("00041231", 3),
        ("00041231", 3),
        ("884210", 2),
    ]
    assert found[2].copy_marker
    # A year and a month are no document number.
    assert filenames.signals("M/2024_12.xlsx").version is None


def test_minhash_separates_near_duplicates_from_other_documents():
    one_sentence = BASE.replace("Klausel 7 regelt", "Klausel 7 ordnet")
    other = " ".join(f"Der Mieter zahlt im Monat {i} die vereinbarte Miete." for i in range(40))
    sig = minhash.signature(BASE)
    assert minhash.jaccard(sig, minhash.signature(BASE.upper())) == 1.0  # formatting only
    assert minhash.jaccard(sig, minhash.signature(one_sentence)) >= minhash.NEAR_DUPLICATE
    assert minhash.jaccard(sig, minhash.signature(other)) < minhash.FAMILY
    shared = set(minhash.band_keys(sig)) & set(minhash.band_keys(minhash.signature(one_sentence)))
    assert shared  # the LSH lookup finds the near-duplicate


def test_tracked_changes_point_at_the_base_and_the_successor():
    revisions = [
        {"kind": "delete", "text": "dreißig Tagen"},
        {"kind": "insert", "text": "vierzehn Tagen"},
    ]
    base = "Zahlung innerhalb von dreißig Tagen nach Rechnung."
    accepted = "Zahlung innerhalb von vierzehn Tagen nach Rechnung."
    assert lineage.made_against_score(revisions, base) == 1.0
    assert lineage.made_against_score(revisions, accepted) == 0.0
    assert lineage.accepted_by_score(revisions, accepted) == 1.0
    digest = lineage.digest([{"kind": "insert", "text": "x" * 50}] * 60)
    assert digest["total"] == 60 and digest["shown"] == 40


def test_cues_name_the_target_and_its_date():
    annex = cues.find_cues("Anlage 2 zum Share Purchase Agreement vom 1. März 2024\n\nListe")
    assert (annex[0].kind, annex[0].phrase, annex[0].date) == (
        "annex_of",
        "Share Purchase Agreement",
        dt.date(2024, 3, 1),
    )
    amend = cues.find_cues("Amendment No. 1 to the Supply Agreement dated 5 May 2023\n")
    assert (amend[0].kind, amend[0].phrase) == ("amends", "Supply Agreement")
    reply = cues.find_cues(
        "Berlin, 9. April 2024\n\nwir beziehen uns auf Ihr Schreiben vom 2.4.2024."
    )
    assert [c.date for c in reply if c.kind == "responds_to"] == [dt.date(2024, 4, 2)]
    assert cues.find_cues("Sehr geehrte Damen und Herren, vielen Dank.") == []


def _msg(source_object_id, mid, subject, who, day, **kw):
    return Message(
        source_object_id=source_object_id,
        message_id=mid,
        subject=subject,
        participants=who,
        sent_at=dt.datetime(2024, 5, day, tzinfo=dt.UTC),
        **kw,
    )


def test_threads_follow_headers_and_only_a_careful_subject_fallback():
    a = _msg("a", "a@x", "Lieferung", ["anna@a.de", "max@m.de"], 1)
    known = {"a@x": a}
    reply = _msg("c", "c@x", "Ganz neuer Betreff", ["anna@a.de"], 3, references=["a@x"])
    assert choose_parent(reply, known.get, lambda: [a]) == (a, "references")
    same_people = _msg("d", "d@x", "AW: Lieferung", ["max@m.de"], 4)
    assert choose_parent(same_people, known.get, lambda: [a]) == (a, "subject")
    strangers = _msg("e", "e@x", "Lieferung", ["eva@o.de"], 4)
    assert choose_parent(strangers, known.get, lambda: [a]) == (None, "root")
    months_later = _msg("f", "f@x", "Lieferung", ["max@m.de"], 4)
    months_later.sent_at = dt.datetime(2024, 9, 1, tzinfo=dt.UTC)
    assert choose_parent(months_later, known.get, lambda: [a]) == (None, "root")


def test_version_order_follows_lineage_before_labels():
    members = [
        {"id": "final", "label": "final", "path": "M/SPA final.docx", "seq": 1},
        {"id": "v1", "label": None, "path": "M/SPA.docx", "seq": 4},
        {"id": "red", "label": "redline", "path": "M/SPA markup.docx", "seq": 2,
         "redline_against": "v1"},
        {"id": "cp", "label": None, "path": "M/SPA 2.docx", "seq": 3,
         "redline_against": "red"},
        {"id": "signed", "label": "executed", "path": "M/SPA unterzeichnet.pdf", "seq": 0},
    ]  # fmt: skip
    assert [m["id"] for m in order(members)] == ["v1", "red", "cp", "final", "signed"]


def test_austrian_french_and_worded_version_signals_in_file_names() -> None:
    from knowledge_index.relations.filenames import signals

    draft = signals("Amendment No 1 - draft 21-05-2024.docx")
    signed = signals("Amendment No 1 - signed.pdf")
    assert draft.family_key == signed.family_key == "amendment no 1"
    assert (draft.label, draft.date) == ("draft", dt.date(2024, 5, 21))
    assert signals("Aufhebungsvereinbarung unterfertigt.pdf").label == "executed"
    assert signals("Darlehensvertrag Vergleichsversion Entwurf-Endfassung.docx").label == "redline"
    assert signals("Licence Agreement v2 - Lumina mark-up 2024-05-03.docx").label == "redline"
    assert signals("Contrat de licence - projet.docx").label == "draft"
    assert signals("Agreement (6 Nov 2023).docx").date == dt.date(2023, 11, 6)
    # A name is not a version signal: "Mark" is no markup.
    assert signals("Mark Brandenburg Vertrag.docx").label is None
