"""References by kind and date, as letters, mails and notes write them, without a database."""

from __future__ import annotations

import datetime as dt

import pytest

from knowledge_index.relations import cues, targets
from knowledge_index.relations.corpus import DocRow
from knowledge_index_tests.relations.doc_rows import doc_row as _doc

D = dt.date


def _references(text: str, name: str = "x.docx") -> list[tuple[dt.date | None, list[str]]]:
    return [(c.date, c.nouns) for c in cues.find_cues(text, name) if c.kind == "references"]


@pytest.mark.parametrize(
    ("sentence", "date", "nouns"),
    [
        (
            "under the Framework Agreement dated 2 March 2021 the Supplier",
            D(2021, 3, 2),
            ["framework agreement"],  # the kind says more than its noun
        ),
        # words between the kind and the date
        (
            "unsere Anmerkungen zum Entwurf des Kaufvertrags der Gegenseite vom 4. März 2024 sind",
            D(2024, 3, 4),
            ["kaufvertrag"],
        ),
        # a compound names the kind and the draft at once
        (
            "zu Ihrem Pachtvertragsentwurf vom 8. April 2024 teilen wir mit",
            D(2024, 4, 8),
            ["pachtvertrag"],
        ),
        # only a draft: its date alone says which
        ("thank you for the revised draft of 9 May 2024. We", D(2024, 5, 9), []),
        ("Nous nous référons à votre projet du 15 avril 2024, que", D(2024, 4, 15), []),
        # the date broken onto the next line, as PDFs do
        (
            "clause 7 of the Services Agreement\ndated 1 July 2023, the",
            D(2023, 7, 1),
            ["services agreement"],
        ),
        ("added by Amendment No. 2 of 3 June 2024, so", D(2024, 6, 3), ["amendment"]),
        # any kind the ontology names, in its own words
        (
            "Grundlage war unsere Anforderungsliste vom 4. Februar 2024. Der",
            D(2024, 2, 4),
            ["anforderungsliste"],
        ),
        (
            "The parties signed heads of terms dated 5 February 2024 and",
            D(2024, 2, 5),
            ["heads of terms"],
        ),
        (
            "Frau Dahlke, handelnd aufgrund Vollmacht vom 11. April 2024 für",
            D(2024, 4, 11),
            ["vollmacht"],
        ),
    ],
)
def test_a_document_is_cited_by_kind_and_date_in_many_word_orders(sentence, date, nouns):
    text = f"Date: 2024-07-12T09:30:00+01:00\n\nDear Sir,\n\n{sentence} more."
    assert _references(text, "mail.eml") == [(date, nouns)]


@pytest.mark.parametrize(
    "sentence",
    [
        "wie in unserem Telefonat vom 3. Mai 2024 besprochen",
        "the meeting of 3 May 2024 agreed",
        "bis zum Ende des Monats vom 3. Mai 2024 an",
    ],
)
def test_a_dated_event_that_is_no_document_is_not_a_reference(sentence):
    text = f"Date: 2024-07-12T09:30:00+01:00\n\nDear Sir,\n\n{sentence} more."
    assert _references(text, "mail.eml") == []


def test_a_clause_before_the_comma_is_not_what_the_date_cites():
    text = (
        "Date: 2024-01-20\n\nhere is the Loan Agreement, marked up against our draft of 5 January."
    )
    assert _references(text, "mail.eml") == [(D(2024, 1, 5), [])]


def test_a_date_without_a_year_is_the_last_such_day_before_the_citing_document():
    mail = (
        "Date: 2024-01-15T10:00:00+01:00\n\nhere it is, marked up against our draft of 20 December."
    )
    assert _references(mail, "mail.eml") == [(D(2023, 12, 20), [])]
    # Without a date of its own the citing file cannot place it: no guess.
    assert _references("marked up against our draft of 20 December.", "note.txt") == []


def test_a_documents_own_date_under_its_title_is_not_a_reference():
    report = "Legal Due Diligence Report\n\nFor: Client · Entwurf vom 1. Juli 2024\n\nA. Summary"
    assert _references(report, "DD Report.docx") == []
    own = "SENIOR FACILITY AGREEMENT\n\nThis Senior Facility Agreement dated 5 May 2025 is made"
    assert _references(own, "SFA.docx") == []


def test_an_undated_contract_still_cites_the_contract_its_recital_dates():
    # The recital's date is the first in the text, so it reads as the draft's own date; the
    # date belongs to another kind than the draft's, so it is a citation all the same.
    draft = (
        "Liefervertrag\n\nzwischen Acme GmbH und Müller AG\n\n"
        "Dieser Liefervertrag ergänzt den Rahmenvertrag vom 1. Februar 2024.\n\n§ 1 Lieferung"
    )
    assert _references(draft, "Liefervertrag v3.docx") == [(D(2024, 2, 1), ["rahmenvertrag"])]


def test_replies_in_french_and_to_austrian_pleadings_are_replies():
    french = cues.find_cues("Nous accusons réception de votre lettre du 3 mai 2024 et de")
    assert [(c.kind, c.date) for c in french] == [("responds_to", D(2024, 5, 3))]
    austrian = cues.find_cues(
        "Zur Klagebeantwortung vom 2. April 2024 bringt die klagende Partei vor:"
    )
    assert [(c.kind, c.phrase, c.date) for c in austrian] == [
        ("responds_to", "Klagebeantwortung", D(2024, 4, 2))
    ]


def _target(citing: str, pool: list[DocRow]) -> str | None:
    [cue] = [c for c in cues.find_cues(citing, "letter.docx") if c.kind == "references"]
    best = targets.best([(s, d) for d in pool if (s := targets.score(cue, d, "m", set())) > 0])
    return best[1].path if best else None


def test_a_note_that_cites_the_same_agreement_is_not_the_agreement():
    # The print of the signed lease carries no date of its own (the signature page is a scan).
    lease = _doc("m/Lease Agreement Dock 4.pdf", "Lease Agreement\n\nbetween A and B\n\n1. Term")
    note = _doc(
        "Inbox/Dock 4 note.md",
        "Note: Dock 4\n\nThe tenant holds over under the Lease Agreement of 3 March 2023. Call.",
        "markdown",
    )
    letter = (
        "10 June 2024\n\nDear Sirs,\n\nunder the lease agreement dated 3 March 2023 you must go."
    )
    assert _target(letter, [note, lease]) == "m/Lease Agreement Dock 4.pdf"


def test_a_cited_draft_is_the_draft_of_that_date_and_a_cited_kind_must_match():
    pool = [
        _doc("m/Minutes 11 March 2024.docx", "Board minutes\n\nPresent: ..."),
        _doc("m/Drafts/SPA draft 1 (4 March 2024).docx", "Share Purchase Agreement\n\nDraft"),
        _doc("m/Drafts/SPA draft 2 (11 March 2024).docx", "Share Purchase Agreement\n\nDraft"),
        _doc("m/Letter to seller 11 March 2024.docx", "Dear Sirs,\n\nwe write about the sale."),
    ]
    # "draft" names no kind: of the files of that date, the agreement's draft, not the minutes.
    mail = "Date: 2024-03-12\n\nplease find our comments on the revised draft of 11 March 2024."
    assert _target(mail, pool) == "m/Drafts/SPA draft 2 (11 March 2024).docx"
    letter = "Date: 2024-03-12\n\nfurther to our letter of 11 March 2024 we confirm the price."
    assert _target(letter, pool) != "m/Drafts/SPA draft 2 (11 March 2024).docx"
    cited = "Date: 2024-03-12\n\nunder the Share Purchase Agreement dated 4 March 2024 the Seller"
    assert _target(cited, pool) == "m/Drafts/SPA draft 1 (4 March 2024).docx"
    # A kind the file is not: minutes are not an agreement, whatever their date.
    assert _target("Date: 2024-03-12\n\nthe Agreement of 11 March 2024 is here", pool[:1]) is None


def test_an_amendment_says_so_in_its_title_and_a_mail_that_mentions_one_cites_it():
    title = cues.find_cues("Side Letter\n\nzum Kaufvertrag vom 2. April 2024 (GZ 11/2024)\n\nText")
    assert [(c.kind, c.phrase, c.date) for c in title] == [("amends", "Kaufvertrag", D(2024, 4, 2))]
    mail = "Dear Ms Roe,\n\nfollowing Amendment No. 1 to our Supply Agreement: is the new line in?"
    assert [c for c in cues.find_cues(mail, "mail.eml") if c.kind == "amends"] == []


def _annex_target(annex: DocRow, pool: list[DocRow]) -> str | None:
    [cue] = [c for c in cues.find_cues(annex.lead, annex.path) if c.kind == "annex_of"]
    citing = {d.id for d in pool if cue.label and cues.cites_label(d.lead, cue.label)}
    folder = annex.path.rsplit("/", 1)[0]
    scored = [(s, d) for d in pool if (s := targets.score(cue, d, folder, citing)) > 0]
    best = targets.best(scored)
    return best[1].path if best else None


def test_an_exhibit_belongs_to_the_pleading_that_first_cites_it():
    exhibit = _doc("M/Beilagen/Beilage C Rüge.pdf", "Beilage ./C\n\nRüge vom 3. März 2023", "pdf")
    claim = _doc(
        "M/Schriftsätze/2024-02-01 Klage.docx",
        "An das Landesgericht\n\nKLAGE\n\nDie Rüge erfolgte rechtzeitig (Beilage ./C).",
    )
    brief = _doc(
        "M/Schriftsätze/2024-05-02 Vorbereitender Schriftsatz.docx",
        "VORBEREITENDER SCHRIFTSATZ\n\nAn das Landesgericht\n\nZur Rüge (Beilage ./C) bringt",
    )
    assert _annex_target(exhibit, [brief, claim]) == "M/Schriftsätze/2024-02-01 Klage.docx"


def test_a_signature_run_into_the_place_and_date_line_dates_the_print():
    signatures = "gez. Nordhang Beteiligungs GmbH gez. Talblick Holding AG gez. Mag. Eva Roth"
    tail = f"unterfertigt.\nWien, am 2. April 2024 {signatures}\nNotarin"
    assert cues.signing_date(tail) == D(2024, 4, 2)


def test_an_annex_belongs_to_the_signed_print_rather_than_the_draft():
    annex = _doc(
        "M/4711_1.docx", "Anlage 3 – Liste\n\nzum Kaufvertrag vom 2. April 2024 zwischen A"
    )
    draft = _doc(
        "M/4700_3.docx",
        "Kaufvertrag\n\nzwischen A und B\n\nsiehe Anlage 3\n\nWien, am 2. April 2024",
    )
    signed = DocRow(
        "M/4705_1.pdf", "M/4705_1.pdf", None, "h", 0, "m", "Kaufvertrag", "pdf",
        "Kaufvertrag\n\nzwischen A und B\n\nsiehe Anlage 3",
        tail="vorgelesen und unterfertigt.\nWien, am 2. April 2024 gez. A gez. B",
    )  # fmt: skip
    assert _annex_target(annex, [draft, signed]) == "M/4705_1.pdf"


def test_an_amendment_amends_the_signed_document_not_a_scan_of_its_first_page():
    from dataclasses import replace

    nachtrag = "1. Nachtrag\n\nzum Mietvertrag vom 14. Mai 2024 zwischen A und B\n\nText"
    [cue] = [c for c in cues.find_cues(nachtrag, "1. Nachtrag.docx") if c.kind == "amends"]
    lease = "Mietvertrag\n\nzwischen A und B\n\n§ 1 Mietgegenstand\n\n" + "Text. " * 120
    # Signed and dated at its end, as a lease is: the date is in its tail, not its top.
    signed = _doc("M/Documents/00041455_1.pdf", lease + "\n\nLinz, am 14. Mai 2024", "pdf")
    # The scanner named the file by the day; its first page reads like the lease.
    scan = replace(_doc("Scans/20240514_0003.pdf", lease, "pdf"), scanned=True)
    scored = [(targets.score(cue, d, "M/Mails", set()), d) for d in (scan, signed)]
    assert scored[0][0] == scored[1][0] > 0
    best = targets.best(scored)
    assert best is not None and best[1].path == "M/Documents/00041455_1.pdf"


def test_a_checklist_row_naming_the_agreement_is_no_title():
    side_letter = "Side Letter\n\nzum Kaufvertrag vom 2. April 2024 zwischen A und B\n\nText"
    [cue] = [c for c in cues.find_cues(side_letter, "Side Letter.docx") if c.kind == "amends"]
    checklist = _doc(
        "M/Closing-Checkliste.xlsx",
        "Closing-Checkliste |  | \nNr. | Dokument | Status\n1 | Kaufvertrag | Termin 2.4.2024",
        "xlsx",
    )
    agreement = _doc("M/Kaufvertrag signed.pdf", "Kaufvertrag\n\nzwischen A und B", "pdf")
    assert targets.score(cue, checklist, "M", set()) == 0.0
    assert targets.score(cue, agreement, "M", set()) > 0.0


def test_a_reply_does_not_cite_what_the_mail_it_quotes_cites_but_a_forward_does():
    quoted = (
        "\n\n-----Ursprüngliche Nachricht-----\nVon: A\nGesendet: Montag, 11. März 2024\n\n"
        "> anbei unser Markup zum Entwurf des Kaufvertrags vom 4. März 2024."
    )
    reply = "Subject: AW: Kaufvertrag\nFrom: B\nDate: 2024-03-12\n\nDanke, passt so." + quoted
    forward = "Subject: WG: Kaufvertrag\nFrom: B\nDate: 2024-03-12\n\nzur Info." + quoted
    assert _references(reply, "reply.eml") == []
    assert _references(forward, "forward.eml") == [(D(2024, 3, 4), ["kaufvertrag"])]


def _cited(text: str, name: str) -> list[tuple[str, dt.date | None, list[str]]]:
    return [(c.kind, c.date, c.nouns) for c in cues.find_cues(text, name)]


def test_an_amendment_titled_without_its_target_amends_what_its_recital_names():
    deed = (
        "DATED 3 October 2023\nSECOND DEED OF VARIATION\nrelating to Unit 4, Thames Gateway Park\n"
        "BACKGROUND: (A) This deed is supplemental to the lease dated 27 September 2019 as "
        "varied by a deed of variation dated 14 June 2021 (together the Lease).\n"
        "1. The rent review shall be to the higher of the passing rent and £412,000."
    )
    assert _cited(deed, "Second Deed of Variation 2023.pdf") == [
        ("amends", D(2019, 9, 27), ["lease"]),
        ("amends", D(2021, 6, 14), ["deed of variation"]),
    ]
    # A side letter amends the agreement it is written beside; an amendment it names is cited.
    side = (
        "30 April 2025\nSIDE LETTER\nRetention Amount\nWe refer to the share purchase "
        "agreement dated 30 April 2025 between you and us (the SPA) and to the amendment "
        "agreement dated 2 May 2025.\n1. Notwithstanding clause 3.4 of the SPA, the Retention."
    )
    assert _cited(side, "Side Letter - Retention.docx") == [
        ("amends", D(2025, 4, 30), ["purchase agreement"]),
        ("references", D(2025, 5, 2), ["amendment agreement"]),
    ]
    # A letter that is no amendment cites the lease it names.
    letter = (
        "14 July 2023\nUnit 4 – rent review\nDear Sirs,\nunder the lease dated 27 September "
        "2019 the review date is 29 September 2024.\nYours faithfully"
    )
    assert [k for k, _, _ in _cited(letter, "Letter to Mercer.docx")] == ["references"]


def test_an_english_exhibit_sheet_names_its_label_and_the_witness_statement():
    sheet = (
        'This is the exhibit marked "KLS-1" referred to in the witness statement of\n'
        "Katrin Strobel dated 30 May 2025.\nSUPPLY AGREEMENT\nThis agreement is dated 3 March 2023."
    )
    annex = [c for c in cues.find_cues(sheet, "Exhibit KLS-1.pdf") if c.kind == "annex_of"]
    assert [(c.phrase, c.date, c.label) for c in annex] == [
        ("witness statement of Katrin Strobel", D(2025, 5, 30), "Exhibit KLS-1")
    ]
    # The statement cites it in quotes; a witness's initials label it in a file name too.
    assert cues.cites_label("3. Exhibit “KLS-2” is the defect log", "Exhibit KLS 2")
    assert cues.annex_label("", "Exhibit KLS-2 - defect log.xlsx") == "Exhibit KLS 2"
    assert cues.annex_label("", "Anlage K-3.pdf") == "Anlage K 3"


def test_an_exhibit_under_its_front_sheet_goes_by_its_own_title_and_date():
    # A scan's text layer lost the space before the year ("3 March2023").
    exhibit = _doc(
        "m/Evidence/Exhibit KLS-1.pdf",
        'This is the exhibit marked "KLS-1" referred to in the witness statement of\n'
        "Katrin Strobel dated 30 May 2025.\nSUPPLY AGREEMENT\nThis agreement is dated 3 March2023."
        "\nParties: (1) Calder Precision Engineering Ltd",
        "pdf",
    )
    letter = "20 January 2025\n\nDear Sirs\n\nUnder the supply agreement dated 3 March 2023 you"
    assert _target(letter, [exhibit]) == "m/Evidence/Exhibit KLS-1.pdf"
    assert cues.exhibit_stamped(exhibit.lead)
    # Its own "This agreement is dated ..." cites nothing.
    assert _references(exhibit.lead, "Exhibit KLS-1.pdf") == []


def test_pleadings_listed_with_their_dates_in_brackets_are_cited():
    skeleton = (
        "CLAIMANT'S SKELETON ARGUMENT\n\n1. Pleadings are closed: Particulars of Claim (24 March"
        " 2025), Defence (22 April 2025), Reply (12 May 2025).\n\n2. Costs (12 June 2025) are"
    )
    assert _references(skeleton, "Skeleton.docx") == [
        (D(2025, 3, 24), ["particulars of claim"]),
        (D(2025, 4, 22), ["defence"]),
        (D(2025, 5, 12), ["reply"]),
    ]
    # The pleading is dated by its statement of truth, run into one paragraph.
    claim = _doc(
        "m/Pleadings/Particulars of Claim.docx",
        "PARTICULARS OF CLAIM\n\n1. By a written agreement dated 3 March 2023 ...\n\nSTATEMENT OF"
        " TRUTH\n\nThe Claimant believes that the facts stated in these Particulars of Claim are"
        " true. Signed: Katrin Strobel, Head of Quality, 24 March 2025",
    )
    assert D(2025, 3, 24) in targets.cue_dates(cues.Cue(kind="references"), claim)


def test_a_table_cell_and_a_qualifier_do_not_hide_the_kind_cited():
    terms = (
        "Heads of Terms\n\nExclusivity | Until 30 April 2025\nConfidentiality | The"
        " confidentiality agreement dated 14 January 2025 continues to apply."
    )
    [(date, nouns)] = _references(terms, "HoT.docx")
    assert (date, nouns) == (D(2025, 1, 14), ["confidentiality agreement"])
    minutes = (
        "29 April 2025\n\n2. The Chairman tabled the facility letter from Northgate Commercial"
        " Finance Limited dated 12 March 2025. 3. A share purchase agreement relating to"
        " Brightwater Freight Limited in the agreed form dated 22 April 2025 was produced."
    )
    assert _references(minutes, "Minutes.docx") == [
        (D(2025, 3, 12), ["facility letter"]),
        (D(2025, 4, 22), ["purchase agreement"]),
    ]


def test_a_reply_answers_the_defence_signed_on_the_date_it_names():
    # The defence's top cites the claim's date; its statement of truth dates it.
    defence = _doc(
        "m/Pleadings/Defence.pdf",
        "DEFENCE\n\n1. The Particulars of Claim dated 24 March 2025 are denied.\n\nSTATEMENT OF"
        " TRUTH\nSigned: R. Calder, Director, 22 April 2025",
        "pdf",
    )
    reply = "REPLY\n\n1. This is the Claimant's Reply to the Defence dated 22 April 2025. The"
    [cue] = [c for c in cues.find_cues(reply, "Reply.docx") if c.kind == "responds_to"]
    assert targets.score(cue, defence, "m", set()) > 0
    assert targets.confirms(cue, defence.path, defence.head, defence.lead)


def test_only_a_pleading_answers_the_pleading_it_names():
    tomlin = (
        "SETTLEMENT AGREEMENT\n\n1. Calder shall pay £1,150,000 in settlement of the claims set"
        " out in the Particulars of Claim dated 24 March 2025."
    )
    found = [(c.kind, c.date) for c in cues.find_cues(tomlin, "Tomlin Schedule.docx")]
    assert found == [("references", D(2025, 3, 24))]
    defence = "DEFENCE\n\n1. Paragraph 2 of the Particulars of Claim dated 24 March 2025 is denied."
    found = [(c.kind, c.date) for c in cues.find_cues(defence, "Defence.docx")]
    assert found == [("responds_to", D(2025, 3, 24))]


def test_your_letter_of_a_day_is_the_letter_of_that_day_not_what_it_enclosed():
    mail = (
        "Subject: Without prejudice - Ms R Dunmore\nDate: 2025-06-12T10:00:00+01:00\n\n"
        "Thank you for your letter of 9 June and the revised draft."
    )
    [cue] = [c for c in cues.find_cues(mail, "mail.eml") if c.date is not None]
    assert (cue.kind, cue.date) == ("responds_to", D(2025, 6, 9))
    letter = _doc(
        "m/Letter to Lyle & Prosser 09.06.2025.docx",
        "Lyle & Prosser Solicitors\n\n9 June 2025\n\nDear Ms Prosser\n\nwe enclose a revised draft",
    )
    draft = _doc(
        "m/Settlement Agreement - draft 2.docx",
        "WITHOUT PREJUDICE\n\nSETTLEMENT AGREEMENT\n\nDated 9 June 2025\n\n1. Termination",
    )
    scored = [(targets.score(cue, d, "m", set()), d) for d in (draft, letter)]
    assert targets.best([x for x in scored if x[0] > 0])[1] is letter


def test_a_kind_after_its_date_and_a_kind_in_a_named_version_are_cited():
    recital = (
        "GESCHÄFTSANTEILSKAUFVERTRAG\n\nPräambel\n\n(B) Die Parteien haben am 28. Januar 2025 ein"
        " Term Sheet abgestimmt. Die Verkäuferin möchte die Geschäftsanteile verkaufen."
    )
    assert _references(recital) == [(D(2025, 1, 28), ["term sheet"])]
    agenda = (
        "Einladung zur Gesellschafterversammlung\n\nTagesordnung:\n\nTOP 2: Zustimmung zum"
        " Kaufvertrag in der Fassung des Entwurfs vom 18. März 2025."
    )
    assert _references(agenda) == [(D(2025, 3, 18), ["kaufvertrag"])]
    # A date before anything but a kind's name is an event, not a document.
    note = (
        "Vermerk\n\nDie Besprechung fand am 3. März 2025 statt. Wir haben am 4. März 2025 die"
        " Gesellschaft informiert und am 5. März 2025 Herrn Maier angerufen."
    )
    assert _references(note) == []
