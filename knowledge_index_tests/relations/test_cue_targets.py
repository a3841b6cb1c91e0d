"""The cue readers and the target choice behind typed relations, without a database."""

from __future__ import annotations

import datetime as dt

from knowledge_index.relations import cues, targets
from knowledge_index.relations.candidates import original_rank
from knowledge_index_tests.relations.doc_rows import doc_row as _doc


def test_an_annex_label_comes_from_the_file_name_or_a_line_at_the_top():
    assert cues.annex_label("", "Anlage 4.2 Schutzrechte.docx") == "Anlage 4.2"
    assert cues.annex_label("Gutachten\nCNC\nAnlage K 4\nAuftraggeber: X", "Gutachten.pdf") == (
        "Anlage K 4"
    )
    # A list called a schedule is not an annex; an annex needs its id.
    assert (
        cues.annex_label("Schedule of Short Deliveries\nOrder", "Schedule of deliveries.xlsx") == ""
    )
    assert cues.find_cues("Schedule of Short Deliveries\n\nOrder | Date", "x.xlsx") == []


def test_an_annex_names_its_agreement_on_the_line_below_its_own_title():
    found = cues.find_cues(
        "Schedule 1 – Price List\nto the Reseller and Licence Agreement between A Ltd and B GmbH",
        "Schedule 1 - Price List.xlsx",
    )
    assert [(c.kind, c.phrase, c.label) for c in found] == [
        ("annex_of", "Reseller and Licence Agreement", "Schedule 1")
    ]


def test_a_label_is_cited_exactly():
    assert cues.cites_label("(Gutachten Anlage K4).", "Anlage K 4")
    assert cues.cites_label("sind in Anlage 4.2 abschließend aufgeführt", "Anlage 4.2")
    assert not cues.cites_label("siehe Anlage 4.21", "Anlage 4.2")
    assert not cues.cites_label("in Schedule 20", "Schedule 2")


def test_amendments_pleadings_and_replies_are_read_as_such():
    amend = cues.find_cues("Amendment Agreement No. 1 to the Licence Agreement dated 28 June 2024")
    assert amend[0].kind == "amends" and amend[0].date == dt.date(2024, 6, 28)
    in_place = cues.find_cues("3. § 3 Abs. 1 des Gesellschaftsvertrags wird entsprechend geändert.")
    assert [(c.kind, c.phrase) for c in in_place] == [("amends", "Gesellschaftsvertrag")]
    pleading = cues.find_cues(
        "nehmen wir zur Klageerwiderung vom 15. April 2024 wie folgt Stellung"
    )
    assert [(c.kind, c.phrase, c.date) for c in pleading] == [
        ("responds_to", "Klageerwiderung", dt.date(2024, 4, 15))
    ]
    reply = cues.find_cues("Berlin, 20. September 2024\n\nIhr Schreiben vom 16. September 2024")
    assert [(c.kind, c.date) for c in reply] == [("responds_to", dt.date(2024, 9, 16))]
    # A letter answers a letter; the draft it thanks for is cited, found by its date.
    draft = cues.find_cues(
        "Berlin, 20. September 2024\n\nwir danken für Ihren Entwurf eines Aufhebungsvertrags vom"
        " 16. September 2024. Anbei unsere Anmerkungen."
    )
    assert [(c.kind, c.date, c.nouns) for c in draft] == [
        ("references", dt.date(2024, 9, 16), ["aufhebungsvertrag"])
    ]


def test_an_annex_goes_to_the_document_citing_it_beside_it_not_to_a_draft_elsewhere():
    cue = cues.Cue(kind="annex_of", phrase="Geschäftsanteilskaufvertrag", label="Anlage 4.2")
    deed = _doc("M/Signed/UR 1187 GAKV.pdf", "UR-Nr. 1187/2024\nGeschäftsanteilskaufvertrag", "pdf")
    draft = _doc("M/Drafts/GAKV v1.docx", "Geschäftsanteilskaufvertrag\n§ 1")
    amendment = _doc("M/Signed/Nachtrag.docx", "1. Nachtrag zum Geschäftsanteilskaufvertrag vom")
    citing = {deed.id, draft.id, amendment.id}
    scored = [(targets.score(cue, d, "M/Signed", citing), d) for d in (draft, deed, amendment)]
    assert targets.score(cue, amendment, "M/Signed", citing) == 0.0
    best = targets.best([(x, d) for x, d in scored if x > 0])
    assert best is not None and best[1] is deed


def test_equal_evidence_prefers_the_editable_original_to_its_print():
    cue = cues.Cue(kind="amends", phrase="Licence Agreement", date=dt.date(2024, 6, 28))
    text = "Licence Agreement\nTHIS AGREEMENT is dated 28 June 2024"
    pdf, docx = _doc("M/RLA.pdf", text, "pdf"), _doc("M/RLA.docx", text)
    best = targets.best([(targets.score(cue, d, "M", set()), d) for d in (pdf, docx)])
    assert best is not None and best[1] is docx


def test_a_sentence_mentioning_an_agreement_does_not_name_the_document():
    cue = cues.Cue(kind="references", phrase="Share Purchase Agreement", date=dt.date(2025, 5, 14))
    note = _doc(
        "M/Research note.txt",
        "Research note: limitation periods\nUnder English law, periods agreed in a share purchase"
        " agreement are generally upheld.",
        "txt",
    )
    assert targets.score(cue, note, "M", set()) == 0.0


def test_the_original_of_two_copies_does_not_depend_on_discovery_order():
    loose = original_rank("M/SFA draft 1.docx", 10)
    copy = original_rank("SFA draft 1 - Kopie.docx", 5)
    attachment = original_rank("M/mail.eml!/SFA draft 1.docx", 20)
    assert attachment < loose < copy
    # Across formats the editable file is the original of its print, the print of its scan,
    # whatever their file times.
    docx = original_rank("M/Klage.docx", 30)
    print_ = original_rank("M/Klage (eingebracht).pdf", 1)
    photo = original_rank("Scans/IMG_0001.jpg", 0)
    assert docx < print_ < photo


def test_the_state_a_text_is_in_is_read_from_its_top():
    assert cues.state_date("Bürgerliches Gesetzbuch\nStand: 03.08.2012") == dt.date(2012, 8, 3)
    assert cues.state_date(
        "HGB\nzuletzt geändert durch Artikel 1 des Gesetzes vom 22. Februar 2023"
    ) == (dt.date(2023, 2, 22))
    assert cues.state_date("Companies Act as amended on 1 March 2020") == dt.date(2020, 3, 1)
    assert cues.state_date("Mietvertrag\nzwischen A und B") is None


def test_a_scan_holding_only_the_originals_words_is_a_copy_of_it():
    from knowledge_index.relations import minhash

    original = (
        "Landgericht Stuttgart Ladung Geschäftsnummer 3 O 123/24 In dem Rechtsstreit Schwarzwald"
        " Feinmechanik GmbH gegen Rheintal Maschinenbau AG werden Sie zum Termin zur mündlichen"
        " Verhandlung geladen auf Mittwoch, 10. Juli 2024, 09:30 Uhr, Saal 117, Urbanstraße 20."
        " Das persönliche Erscheinen der Parteien wird angeordnet."
    )
    scan = original[: len(original) * 2 // 3].replace("3 O 123", "3 O·123")
    other = "Ein ganz anderes Schreiben über die Lieferung von Spindeln und Lagern " * 3
    assert minhash.word_containment(scan, original) >= minhash.SCAN_CONTAINMENT
    assert minhash.word_containment(other, original) < minhash.SCAN_CONTAINMENT


def test_annex_labels_and_amendments_in_the_forms_firms_name_them():
    assert cues.annex_label("", "Mietvertrag - Anlage 2 - Lageplan.pdf") == "Anlage 2"
    assert cues.annex_label("", "SPA_Schedule_3.docx") == "Schedule 3"
    assert cues.annex_label("", "Anl. 3 Grundriss.pdf") == "Anlage 3"
    assert cues.annex_label("DD-Bericht\nFür X\nBewertung: siehe Anlage C.1.", "Bericht.docx") == ""
    assert cues.cites_label("gemäß Anl. 2 zu diesem Vertrag", "Anlage 2")
    for text, phrase in (
        ("Vereinbarung zur Änderung des Dienstvertrags vom 1. September 2019", "Dienstvertrags"),
        (
            "Deed of Variation relating to the Facility Agreement dated 26 April 2024",
            "Facility Agreement",
        ),
        ("Supplemental Agreement to the Lease dated 1 May 2020.", "Lease"),
    ):
        amends = [c for c in cues.find_cues(text) if c.kind == "amends"]
        assert [c.phrase for c in amends] == [phrase]
    assert not [
        c for c in cues.find_cues("Betreff: Änderung des Mietvertrags") if c.kind == "amends"
    ]


def test_a_citation_names_its_document_in_the_other_language():
    # A German letter cites "Vertriebsvertrag vom 14. Dezember 2023"; the agreement is filed
    # in English. The ontology's bilingual names make them one kind of document.
    letter = "Krems, 3. Mai 2024\nNach Ziffer 3.2 des Vertriebsvertrags vom 14. Dezember 2023 ..."
    [cue] = [c for c in cues.find_cues(letter, "Schreiben.pdf") if c.kind == "references"]
    executed = _doc(
        "Executed/Distribution Agreement - executed 14.12.2023.pdf",
        "DISTRIBUTION AGREEMENT\nbetween ...",
        "pdf",
    )
    draft = _doc("Drafts/Distribution Agreement - AWT draft 1.docx", "DISTRIBUTION AGREEMENT")
    lease = _doc("Mietvertrag 14.12.2023.docx", "MIETVERTRAG")
    scored = [(targets.score(cue, d, "Correspondence", set()), d) for d in (executed, draft, lease)]
    chosen = targets.best([(x, d) for x, d in scored if x > 0])
    assert chosen is not None and chosen[1] is executed
    assert targets.score(cue, lease, "Correspondence", set()) == 0.0
    # A letter is no kind a citation could name by kind alone.
    assert not cues.phrase_matches("Schreiben", "Letter to Donautal")


def test_austrian_exhibit_labels():
    # Austrian pleadings label exhibits "Beilage ./A"; the exhibit's stamp says the same.
    assert cues.annex_label("Beilage ./A\nWERKVERTRAG", "Beilage A Werkvertrag 2021.pdf") == (
        "Beilage A"
    )
    assert cues.cites_label("wie der Werkvertrag (Beilage ./A) zeigt", "Beilage A")
    assert not cues.cites_label("siehe Beilage ./AB", "Beilage A")


def test_an_annex_of_a_contract_dated_by_its_signing_belongs_to_the_signed_copy():
    """Neither file name says which copy was signed; the annex cites the contract by the date of
    its signature line, which only the signed print carries, and the draft's own date differs."""
    body = "MIETVERTRAG\nabgeschlossen zwischen\nBerghof Immobilien GmbH und Alpenbau Holding AG\n"
    body += "§ 1 Mietgegenstand\n" + "(1) Die Vermieterin vermietet Büroflächen.\n" * 30
    draft = _doc(
        "Documents/00041402_1.docx", body.replace("\n§ 1", "\nEntwurf vom 8. April 2024\n§ 1")
    )
    signed = _doc(
        "Documents/00041455_1.pdf", body + "Linz, am 14. Mai 2024\nBerghof (Vermieterin)", "pdf"
    )
    annex = cues.find_cues(
        "Anlage 1 – Flächenplan\nzum Mietvertrag vom 14. Mai 2024 zwischen Berghof und Alpenbau",
        "00041456_1.pdf",
    )
    assert annex[0].kind == "annex_of"
    scored = [(targets.score(annex[0], d, "Documents", set()), d) for d in (draft, signed)]
    chosen = targets.best([(x, d) for x, d in scored if x > 0])
    assert chosen is not None and chosen[1].path == signed.path
    assert cues.signing_date("…\nLinz, am 14. Mai 2024\nBerghof (Vermieterin)") == dt.date(
        2024, 5, 14
    )
    assert (
        cues.signing_date("Die Frist endet am 14. Mai 2024, sofern nicht die Vermieterin " * 3)
        is None
    )


def test_an_annex_without_a_signed_agreement_belongs_to_its_newest_draft_not_a_copy_of_it():
    v1 = _doc("M/Drafts/SPA v1 (Entwurf 04.03.2025).docx", "Draft 1\nShare Purchase Agreement")
    v3 = _doc("M/Drafts/Kaufvertrag Stand 2025-04-28.docx", "Draft 3\nShare Purchase Agreement")
    copy = _doc("M/Drafts/Kaufvertrag Stand 2025-04-28 - Kopie.docx", v3.lead)
    picked = targets.best([(1.0, v1), (1.0, copy), (1.0, v3)], latest=True)
    assert picked is not None and picked[1].path == v3.path
    # A citation names what existed when it was written: the first draft.
    cited = targets.best([(1.0, v1), (1.0, v3)])
    assert cited is not None and cited[1].path == v1.path


def test_an_exhibit_cited_by_several_pleadings_stays_with_the_first():
    claim = _doc("M/Schriftsätze/2024-02-19 Klage.docx", "An das Landesgericht\nKlage\nwegen")
    later = _doc(
        "M/Schriftsätze/2024-05-14 Vorbereitender Schriftsatz.docx",
        "An das Landesgericht\nVorbereitender Schriftsatz",
    )
    picked = targets.best([(1.0, later), (1.0, claim)], latest=True)
    assert picked is not None and picked[1].path == claim.path


def test_an_amendment_amends_the_earlier_amendment_its_recital_names():
    text = (
        "Nachtrag Nr. 2 zum Gewerbemietvertrag vom 16. September 2019\n\nVorbemerkung\n"
        "Die Parteien haben einen Gewerbemietvertrag geschlossen, der durch den Nachtrag Nr. 1"
        " vom 1. März 2022 geändert wurde."
    )
    found = {(c.kind, c.date) for c in cues.find_cues(text, "Nachtrag Nr. 2.docx")}
    assert ("amends", dt.date(2019, 9, 16)) in found
    assert ("amends", dt.date(2022, 3, 1)) in found
    # A letter naming the same amendment cites it.
    letter = "Sehr geehrte Damen und Herren,\nanbei der Nachtrag Nr. 1 vom 1. März 2022."
    assert {c.kind for c in cues.find_cues(letter, "Schreiben.docx")} == {"references"}


def test_an_annex_naming_no_agreement_belongs_to_the_amendment_citing_its_label():
    cue = cues.Cue(kind="annex_of", label="Anlage 3")
    amendment = _doc(
        "M/Nachträge/Nachtrag Nr. 2 unterschrieben.pdf",
        "Nachtrag Nr. 2 zum Gewerbemietvertrag vom 16. September 2019\nwie im Lageplan (Anlage 3)",
        "pdf",
    )
    lease = _doc("M/Vertrag/Mietvertrag 2019.pdf", "Gewerbemietvertrag\nzwischen", "pdf")
    folder = "M/Nachträge"
    assert targets.score(cue, amendment, folder, {amendment.id}) > 0
    # Without the citation an amendment is still no annex's main document.
    assert targets.score(cue, amendment, folder, set()) == 0
    named = cues.Cue(kind="annex_of", phrase="Gewerbemietvertrag", label="Anlage 3")
    assert targets.score(named, amendment, folder, {amendment.id}) == 0
    assert targets.score(named, lease, folder, set()) > 0


def test_an_amendment_is_cited_by_its_kind_in_either_language():
    cue = cues.find_cues(
        "Mit Änderungsvereinbarung vom 10.06.2024 wurde die Liefermenge reduziert.", "Klage.docx"
    )[0]
    english = _doc(
        "M/Vertrag/Amendment Agreement 2024.docx",
        "Amendment Agreement\nbetween Mayr GmbH and Lindqvist GmbH",
    )
    assert targets.nouns_named(cue, english.path, english.lead)
    lease = _doc("M/Vertrag/Mietvertrag 2019.docx", "Gewerbemietvertrag\nzwischen A und B")
    assert not targets.nouns_named(cue, lease.path, lease.lead)


def test_a_document_stamped_as_a_court_exhibit_is_cited_by_its_own_title():
    contract = _doc(
        "M/Anlagen/Anlage K 1 - Werkliefervertrag.pdf",
        "Anlage K 1\nWERKLIEFERVERTRAG\nzwischen der Elbwerft GmbH und der Stahlbau GmbH\n"
        + "§ 1 Gegenstand\n" * 20
        + "Hamburg, 7. März 2024\ngez. Lorenzen",
        "pdf",
    )
    plan = _doc("M/Vertrag/Anlage 1 Lageplan.pdf", "Anlage 1\nLageplan\nWerfthalle 5", "pdf")
    assert cues.exhibit_stamped(contract.lead)
    assert not cues.exhibit_stamped(plan.lead)
    letter = "Die nach dem Werkliefervertrag vom 7. März 2024 gelieferten Träger sind mangelhaft."
    cue = next(c for c in cues.find_cues(letter, "Mängelrüge.docx") if c.kind == "references")
    assert targets.score(cue, contract, "M/Korrespondenz", set()) > 0


def test_later_filings_citing_an_exhibit_refer_to_it(monkeypatch):
    from knowledge_index.relations import candidates, corpus

    assert cues.exhibit_labels("§ 6 (Anlage K 1); Gutachten (Anlagen K 3), Anlage 3.2") == [
        "Anlage K 1",
        "Anlage K 3",
    ]
    claim = _doc("M/Schriftsätze/2025-02-17 Klage.docx", "Klage\nder Vertrag (Anlage K 1)")
    reply = _doc("M/Schriftsätze/Replik 2025-04-28.docx", "Replik\n§ 6 des Vertrags (Anlage K 1)")
    exhibit = _doc("M/Anlagen/Anlage K 1 - Werkliefervertrag.pdf", "Anlage K 1\nWERKLIEFERVERTRAG")
    docs = [exhibit, reply, claim]  # any order: the first citer is the earliest by its date
    monkeypatch.setattr(corpus, "mentioning", lambda *_: {claim.id, reply.id})
    cited = candidates._exhibits_cited
    assert cited(None, reply.lead, "m", reply, docs) == (  # type: ignore[arg-type]
        [(exhibit, "Anlage K 1")],
        set(),
    )
    # The exhibit is annexed to the claim, which does not also refer to it.
    assert cited(None, claim.lead, "m", claim, docs) == ([], {exhibit.id})  # type: ignore[arg-type]


def test_a_defence_answers_the_claim_it_does_not_date():
    from knowledge_index.relations import candidates

    claim = _doc("M/Schriftsätze/2025-02-17 Klage.docx", "Landgericht Hamburg\nKLAGE\nder X GmbH")
    filed = _doc("M/Schriftsätze/2025-02-17 Klage (eingereicht).pdf", claim.lead, "pdf")
    defence = _doc(
        "M/Schriftsätze/Klageerwiderung 2025-04-02.pdf",
        "Landgericht Hamburg\nAz. 3 O 123/25\nKlageerwiderung\nIch werde beantragen, die Klage"
        " abzuweisen.",
        "pdf",
    )
    later_claim = _doc("M/Schriftsätze/2025-05-02 Klageerweiterung.docx", "KLAGE\nerweitert")
    docs = [later_claim, defence, filed, claim]
    answered = candidates._pleading_answered(defence, docs)
    # The claim filed before it, the editable original before its print; not the later one.
    assert answered is not None and answered.path == claim.path
    # A letter whose subject mentions the defence answers nothing by kind.
    letter = _doc("M/Korrespondenz/2025-04-05 Schreiben.docx", "Klageerwiderung der Gegenseite vom")
    assert candidates._pleading_answered(letter, docs) is None


def test_the_filed_document_is_cited_before_its_copy_inside_a_mail():
    import dataclasses

    text = "SHARE PURCHASE AGREEMENT\n\nDraft of 17 March 2025\n\n1. Sale"
    filed = _doc("m/DMS/LON-4471235-v1 Share Purchase Agreement.docx", text)
    sent = dataclasses.replace(
        _doc("m/2025-03-17 draft SPA.eml!/#4471235v1 - Share Purchase Agreement.docx", text),
        id="child",
        parent_id="mail",
    )
    best = targets.best([(4.0, sent), (4.0, filed)])
    assert best is not None and best[1].path == filed.path
