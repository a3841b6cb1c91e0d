"""Typing signals, title extraction and party filters of extract_metadata, as pure functions."""

from __future__ import annotations

import json
from pathlib import Path
from types import SimpleNamespace

import pytest

from knowledge_index.ontology import DEFAULT_ONTOLOGY, active_ontology, load_ontology
from knowledge_index.stages.extract_metadata.offline import _choose_type
from knowledge_index.stages.extract_metadata.party_rules import (
    non_party_reason,
    party_block,
    person_mentions,
)
from knowledge_index.stages.extract_metadata.prompt import refinements, type_candidates
from knowledge_index.stages.extract_metadata.titles import (
    best_title,
    clean_subject,
    is_frame_line,
    title_candidates,
)

FIRM = ["Hartmann Ellerbrook Rechtsanwälte Partnerschaft mbB"]


def _type(
    heading: str = "", filename: str = "", folder: str = "", ext: str = "", text: str = ""
) -> str | None:
    ontology = load_ontology()
    signals = [
        ("heading", heading),
        ("filename", filename),
        ("folder", folder),
        ("opening", text[:600]),
    ]
    candidates = type_candidates(ontology, signals, ext)
    ev = SimpleNamespace(
        type_candidates=candidates,
        type_refinements=refinements(ontology, candidates, f"{heading}\n{text}", heading),
        is_email=ext in ("eml", "msg"),
    )
    return _choose_type(ev)  # type: ignore[arg-type]


def test_default_ontology_is_rich_and_keeps_the_old_ids() -> None:
    ontology = load_ontology()
    assert len(ontology.data.nodes) >= 80
    for node_id in (
        "contract.nda",
        "contract.lease",
        "corporate.resolution",
        "finance.fee_note",
        "correspondence.file_note",
        "court.order",
        "court.judgment",
    ):
        assert node_id in ontology.nodes


def test_heading_names_the_specific_type() -> None:
    assert (
        _type("Aufhebungsvertrag", "Aufhebungsvertrag Entwurf") == "contract.termination_agreement"
    )
    assert _type("1. Nachtrag zum Gewerbemietvertrag vom 14. Mai 2024") == "contract.amendment"
    assert _type("Anlage 1 zum Gewerbemietvertrag") == "contract.annex"
    assert (
        _type("Senior Facility Agreement", "Kestrel SFA draft 1") == "contract.facility_agreement"
    )
    assert _type("Terms of Engagement") == "finance.engagement_letter"


def test_format_and_file_name_type_what_has_no_heading() -> None:
    assert _type(filename="Projekt Kick off", ext="pptx") == "other.presentation"
    assert _type(filename="Flächenaufstellung", ext="xlsx") == "other.spreadsheet"
    assert _type(filename="Cap Table Sonnenfeld", ext="xlsx") == "corporate.cap_table"
    assert _type("SPA draft 2", ext="eml") == "correspondence.email"


def test_a_court_exhibit_is_what_it_shows_and_a_contract_exhibit_an_annex() -> None:
    assert _type("WERKLIEFERVERTRAG", "Anlage K 1 - Werkliefervertrag") == (
        "contract.supply_agreement"
    )
    # Named only by its subject: what its format makes it.
    assert _type("Exhibit KLS-2 – Defect log", "Exhibit KLS-2 - defect log", ext="xlsx") == (
        "other.spreadsheet"
    )
    assert _type("Exhibit A – Price List", "Exhibit A - Price List", ext="xlsx") == "contract.annex"
    # The front sheet of an English exhibit is no title; the exhibit's own heading is.
    sheet = {
        "text": 'This is the exhibit marked "KLS-1" referred to in the witness statement of\n'
        "Katrin Strobel dated 30 May 2025.\nSUPPLY AGREEMENT\nThis agreement is dated 3 March 2023."
    }
    assert best_title(title_candidates(sheet, FIRM)) == "SUPPLY AGREEMENT"


def test_a_text_that_says_what_it_transfers_narrows_the_type() -> None:
    # Austrian practice: a GmbH share is sold by an "Abtretungsvertrag" (the share deal's deed).
    share_deal = "Die Verkäuferin verkauft und tritt ihren Geschäftsanteil an der Gesellschaft ab."
    assert _type("ABTRETUNGSVERTRAG", text=share_deal) == "contract.share_purchase_agreement"
    receivables = "Der Zedent tritt seine Forderungen aus dem Liefervertrag an den Zessionar ab."
    assert _type("ABTRETUNGSVERTRAG", text=receivables) == "contract.transfer_agreement"


def test_refinements_must_name_nodes_of_the_file(tmp_path: Path) -> None:
    data = json.loads(DEFAULT_ONTOLOGY.read_text(encoding="utf-8"))
    data["nodes"] = [n for n in data["nodes"] if n["id"] != "contract.share_purchase_agreement"]
    path = tmp_path / "types.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(KeyError, match=r"contract\.transfer_agreement -> contract\.share_purchase"):
        active_ontology(str(path))


def test_ambiguous_words_leave_the_type_to_the_rest_of_the_heading() -> None:
    # "Bestellung" is an order, an appointment or the creation of a charge; "Gutachten" alone
    # is an expert's report (a lawyer's is a Rechtsgutachten or a legal opinion).
    assert _type("Bestellung einer Buchgrundschuld") == "contract.security_agreement"
    assert _type("Bestellung zum Geschäftsführer") == "corporate.resolution"
    assert _type("Gutachten zur Ursache der Spindelausfälle") == "court.expert_report"
    assert _type("Rechtsgutachten zur Kapitalerhaltung") == "advisory.legal_opinion"
    assert _type("Legal Opinion – Kestrel Bidco GmbH") == "advisory.legal_opinion"
    assert _type("Kündigung Parkplatz Tiefgarage") == "correspondence.letter"
    assert _type("Notiz: Fehlmengen Mai 2024") == "correspondence.file_note"


def test_short_terms_do_not_match_inside_words() -> None:
    # "Ladung" (summons) inside "Einladung" is no summons.
    assert _type("Einladung Sommerfest 2024") != "court.summons"


def test_a_schedule_named_as_a_document_is_that_document() -> None:
    assert _type("Schedule 2 (Disclosure Letter)", "Schedule 2 (Disclosure Letter)") == (
        "advisory.disclosure_letter"
    )
    # Named by its subject, a schedule stays an annex.
    assert _type("Schedule 1 – Price List", "Schedule 1 - Price List") == "contract.annex"
    assert _type("Anlage 2 – Betriebskosten", "Anlage 2 Betriebskosten") == "contract.annex"


def test_a_verb_particle_makes_another_noun_but_a_compound_keeps_its_kind() -> None:
    # "Abberufung" is a removal from office, not an appeal ("Berufung").
    assert _type("Abberufung und Kündigung Ihres Geschäftsführer-Dienstvertrags") != "court.appeal"
    assert _type("Berufung gegen das Urteil des Landgerichts") == "court.appeal"
    assert _type("Berufungsbegründung") == "court.appeal"
    # A compound's first noun is no particle: a final invoice is an invoice.
    assert _type("Schlussrechnung Projekt Falke") == "finance.invoice"


def test_title_is_the_heading_not_the_banner_or_letterhead() -> None:
    body = {
        "text": "Entwurf HE 04.03.2024 – vertraulich\nGeschäftsanteilskaufvertrag\nzwischen ...",
        "sections": [{"level": 0, "title": "Geschäftsanteilskaufvertrag", "start": 40}],
    }
    assert best_title(title_candidates(body, FIRM)) == "Geschäftsanteilskaufvertrag"
    letter = {
        "text": "Hartmann Ellerbrook Rechtsanwälte Partnerschaft mbB\n"
        "Maximilianstraße 35 · 80539 München\nMüller GmbH\nWendenstraße 200\n20537 Hamburg\n"
        "Unser Zeichen: 0412/24\nMünchen, 3. Mai 2024\n"
        "Abberufung als Geschäftsführer\nSehr geehrter Herr Albertsen,\n"
    }
    assert best_title(title_candidates(letter, FIRM)) == "Abberufung als Geschäftsführer"


def test_title_bold_line_wrapped_line_and_front_matter() -> None:
    bold = {"text": "X", "markdown": "Our ref: 1\n\n**Letter before Action – deliveries**\n"}
    assert best_title(title_candidates(bold, FIRM)) == "Letter before Action – deliveries"
    wrapped = {"text": "Gutachten zur Ursache der Spindelausfälle am\nCNC-Fräszentrum RMB 5000\n"}
    assert (
        best_title(title_candidates(wrapped, FIRM))
        == "Gutachten zur Ursache der Spindelausfälle am CNC-Fräszentrum RMB 5000"
    )
    md = {"text": "---\ntitle: x\nauthor: y\n---\nProtokoll der Sitzung\n"}
    assert best_title(title_candidates(md, FIRM)) == "Protokoll der Sitzung"
    # A PDF's text layer breaks a dated title after the day.
    cut = {"text": "Nachtrag Nr. 2 zum Gewerbemietvertrag vom 16.\nSeptember 2019\nzwischen\n"}
    assert (
        best_title(title_candidates(cut, FIRM))
        == "Nachtrag Nr. 2 zum Gewerbemietvertrag vom 16. September 2019"
    )


def test_a_version_stamp_above_the_title_is_not_the_title() -> None:
    for stamp in ("Execution version", "Stand: 20.06.2025", "KH Draft 1 – 4 March 2025"):
        body = {"text": f"{stamp}\nSenior Facility Agreement\ndated 5 May 2025\nbetween"}
        assert best_title(title_candidates(body, FIRM)) == "Senior Facility Agreement", stamp


def test_a_documents_heading_follows_its_addressees_address_and_the_date() -> None:
    # A bill, an order, a brief or an opinion in letter layout: the addressee is no title,
    # nor are the numbered labels between the date and the heading.
    bill = {
        "text": "Müller Rechtsanwälte · Ballindamm 17 · 20095 Hamburg\nElbwerft GmbH\nBuchhaltung\n"
        "Reiherstieg 21\n21107 Hamburg\nHamburg, 7. Juli 2025\nUnser Zeichen: 0412/24 Br\n"
        "Rechnungs-Nr. 25-10577\nKOSTENNOTE\nin Sachen Elbwerft ./. Stahlbau\n"
    }
    assert best_title(title_candidates(bill, FIRM)) == "KOSTENNOTE"
    brief = {
        "text": "Dr. Ohle · Rechtsanwalt · Am Sande 12 · 21335 Lüneburg\nLandgericht Hamburg\n"
        "3. Zivilkammer\nLüneburg, 2. April 2025\nAz.: 3 O 123/25\nKlageerwiderung\n"
        "In dem Rechtsstreit ...\n"
    }
    assert best_title(title_candidates(brief, FIRM)) == "Klageerwiderung"
    opinion = {
        "text": "Hanseatische Kreditbank AG\nNeue Mainzer Straße 52\n60311 Frankfurt am Main\n"
        "Frankfurt am Main, 11 April 2025\nOur ref: FFM-2025-0088 JL/rs\nLegal Opinion\n"
        "NIH Achte GmbH and Nordhafen Holding\nGmbH – EUR 26,000,000 facility\nDear Sirs,\n"
    }
    assert best_title(title_candidates(opinion, FIRM)) == "Legal Opinion"
    judgment = {"text": "BUNDESGERICHTSHOF\nIM NAMEN DES VOLKES\nURTEIL\nII ZR 41/23\n"}
    assert best_title(title_candidates(judgment, FIRM)) == "URTEIL"
    note = {"text": "x", "sections": [{"level": 0, "title": "Telefonnotiz 20.05.2025"}]}
    assert best_title(title_candidates(note, FIRM)) == "Telefonnotiz 20.05.2025"


def test_email_subject_loses_reply_prefixes() -> None:
    assert clean_subject("AW: WG: Re:  Kestrel - SFA draft 2") == "Kestrel - SFA draft 2"
    body = {"text": "Hallo", "email": {"subject": "RE: Fwd: Stand Verhandlungen"}}
    assert best_title(title_candidates(body, FIRM)) == "Stand Verhandlungen"


def test_frame_lines() -> None:
    assert is_frame_line("Landgericht Stuttgart", FIRM)
    assert is_frame_line("Unser Zeichen: 2023/0542", FIRM)
    assert is_frame_line("DRAFT – 7 October 2024 – privileged", FIRM)
    assert not is_frame_line("Replik", FIRM)
    assert is_frame_line("Az.: 3 O 123/25", FIRM) and is_frame_line("Ihre Kunden-Nr. 40173", FIRM)
    assert not is_frame_line("Zwischenrechnung Nr. 25-10441", FIRM)


def test_a_parties_heading_opens_the_party_clause() -> None:
    text = (
        "Senior Facility Agreement\nTHIS AGREEMENT is dated [●] 2024\nPARTIES\n(1) KESTREL"
        ' BIDCO GMBH (the "Borrower");\n(2) HARBOUR POINT CAPITAL LLP (the "Lender");\n'
        "BACKGROUND\n(A) The Borrower intends to acquire Feldmann Verpackung GmbH."
    )
    block = party_block(text)
    assert block is not None
    assert "KESTREL" in text[block[0] : block[1]] and "Feldmann" not in text[block[0] : block[1]]
    # "the parties" in prose is no heading.
    assert party_block("Senior Facility Agreement\nThe parties agree on a loan.") is None


def test_a_letter_to_a_person_in_their_own_name_has_them_as_party() -> None:
    from knowledge_index.stages.extract_metadata.prompt import addressees

    firm = "Hartmann Ellerbrook Rechtsanwälte Partnerschaft mbB"
    home = (
        f"{firm}\n{firm} · Maximilianstraße 35\nHerrn Hans-Peter Weber\nFrau Gisela Weber\n"
        "Am Favoritepark 3\n71640 Ludwigsburg\nUnser Zeichen: AZ 219/24 TH\n"
        "Sehr geehrte Frau Weber, sehr geehrter Herr Weber,\nunsere Mandantin ..."
    )
    assert [n for n, _ in addressees(home, [firm])] == ["Hans-Peter Weber", "Gisela Weber"]
    contact = f"{firm}\nMüller GmbH\nHerrn Thomas Müller\nLandsberger Straße 120\nSehr geehrter"
    lawyer = f"{firm}\nHerrn Dr. Andreas Fink\nRechtsanwalt\nWerdenbergerstraße 4\nSehr geehrter"
    ours = "Bavaria Feinkost GmbH\nHartmann Ellerbrook LLP Mr James Whitcombe\nDear Mr Whitcombe,"
    # Converted text puts blank lines between paragraphs; they are no address lines.
    spaced = "Mr Daniel Okafor\n\nFinance Director\n\nMeridian Tools Ltd\n\nDear Mr Okafor,"
    for letter in (contact, lawyer, ours, spaced):
        assert addressees(letter, [firm, "Hartmann Ellerbrook LLP"]) == [], letter
    assert addressees("Herrn Knut Albertsen\nElbchaussee 301\n(no salutation)", [firm]) == []
    # The form of address on a line of its own above the name.
    alone = f"{firm} · Ballindamm 17 · 20095 Hamburg\n\nFrau\nDr. Katharina Vogt-Meyring\n"
    alone += "Elbchaussee 311\n22609 Hamburg\n"
    alone += "Sehr geehrte Frau Dr. Vogt-Meyring,"
    assert [n for n, _ in addressees(alone, [firm])] == ["Dr. Katharina Vogt-Meyring"]


def test_party_filters() -> None:
    assert non_party_reason("Landgericht Stuttgart AG", "", FIRM) == "institution"
    assert non_party_reason("Schiedsgerichtsbarkeit e.V.", "", FIRM) == "institution"
    assert non_party_reason("ICC Ltd", "nach den Schiedsregeln der ", FIRM) == "institution_context"
    assert non_party_reason("Hartmann Ellerbrook LLP", "", FIRM) == "firm"
    paid = "Zahlbar binnen 14 Tagen auf IBAN AT61 1904 3002 3457 3201 ("
    assert non_party_reason("Tauernbank AG", paid, FIRM) == "payment"
    assert non_party_reason("Barclays Bank PLC", "Total GBP 21,288.00\nPayment to ", FIRM) == (
        "payment"
    )
    # A PDF wraps the sentence; a blank line ends it.
    wrapped = "auf das Treuhandkonto der Notarin, IBAN AT48 3600 0000\n0123 4567, bei der "
    assert non_party_reason("Tauernbank AG", wrapped, FIRM) == "payment"
    after_footer = "IBAN AT48 3600 0000\n\nDarlehensvertrag zwischen der "
    assert non_party_reason("Tauernbank AG", after_footer, FIRM) is None
    assert non_party_reason("Tauernbank AG", "Darlehensvertrag zwischen der ", FIRM) is None
    assert non_party_reason("Müller GmbH", "zwischen der ", FIRM) is None


def test_firm_ontology_file(tmp_path: Path) -> None:
    data = json.loads(DEFAULT_ONTOLOGY.read_text(encoding="utf-8"))
    data["name"] = "firm-types"
    data["nodes"] = [n for n in data["nodes"] if n["id"].split(".")[0] == "contract"]
    path = tmp_path / "types.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    firm = active_ontology(str(path))
    assert firm.fingerprint != active_ontology("").fingerprint
    assert "finance.invoice" not in firm.nodes and "contract.nda" in firm.nodes


def test_party_block_is_the_opening_party_clause() -> None:
    text = (
        "Geschäftsanteilskaufvertrag\nzwischen der Müller GmbH (HRB 12345) – Verkäuferin –\n"
        "und der Isarwerk Industrieholding GmbH – Käuferin –\n§ 1 Kaufgegenstand\n"
        "Die Verkäuferin verkauft ihre Geschäftsanteile an der Alpentec Sensorik GmbH."
    )
    start, end = party_block(text) or (0, 0)
    assert "Isarwerk" in text[start:end] and "Alpentec" not in text[start:end]
    assert party_block("Sehr geehrte Damen und Herren,\nanbei der Entwurf.") is None


def test_persons_in_the_party_clause_but_not_their_representatives() -> None:
    text = (
        "Aufhebungsvertrag\nzwischen der Albrecht Medizintechnik GmbH, vertreten durch Herrn"
        " Dr. Max Vogel,\nund Frau Dr. Katrin Albers, wohnhaft in München\n§ 1 Beendigung\n"
        "Herr Peter Paul erhält eine Kopie."
    )
    block = party_block(text)
    assert block is not None
    assert [name for name, _ in person_mentions(text, block)] == ["Dr. Katrin Albers"]
    # Founders listed with their academic titles are parties; the one acting for the company
    # is its representative.
    sha = (
        "between (1) Dr. Lena Aksoy, (2) Prof. Dr. Tobias Rehm (together the Founders), and (3)"
        " Lumen Robotics GmbH, acting by Dr Jan Ohm, managing director.\n\nRecitals\n"
    )
    founders = person_mentions(sha, party_block(sha) or (0, 0))
    assert [name for name, _ in founders] == ["Dr. Lena Aksoy", "Prof. Dr. Tobias Rehm"]


AUSTRIAN_LETTER = """Berghof Immobilien GmbH | Landstraße 21 | 4020 Linz | T +43 732 77 41 20
Kanzlei Berger Rechtsanwälte GmbH
z.H. Frau Dr. Katharina Huber
Schottenring 14
1010 Wien
Linz, 10. Mai 2024
Ihr Zeichen: 104233-0009 KH/lg
Mietvertrag Hafenstraße 47
Sehr geehrte Frau Dr. Huber,
wir beziehen uns auf Ihr Schreiben vom 3. Mai 2024. Die Übergabe ist möglich.
Mit freundlichen Grüßen
Berghof Immobilien GmbH"""


def test_a_letters_title_is_its_subject_line_even_when_it_names_an_address() -> None:
    # Austrian and Swiss four-digit postcodes, "z.H.", the counterparty's letterhead with its
    # phone number: all framing. The line before the salutation is the subject.
    found = title_candidates({"text": AUSTRIAN_LETTER}, FIRM)
    assert best_title(found) == "Mietvertrag Hafenstraße 47"
    for line in (
        "Rue du Rhône 80 - 1204 Genève",
        "9020 Klagenfurt am Wörthersee",
        "4 Riverside Way",
        "REPUBLIK ÖSTERREICH - Landesgericht Klagenfurt",
        "GZ 23 Cg 117/24k",
        "23 Cg 117/24k",
        "Klagende Partei: Seehotel Weissensee GmbH",
        "Per Einschreiben",
        "Unser Akt: 104233-0007",
        "Beilage ./B",
        "SP",
    ):
        assert is_frame_line(line, FIRM), line
    for title in ("Geschäftsbericht 2023", "2024 Annual Report", "KLAGEBEANTWORTUNG"):
        assert not is_frame_line(title, FIRM), title
    stamped = title_candidates({"text": "Beilage ./A WERKVERTRAG\nzwischen A und B"}, FIRM)
    assert best_title(stamped) == "WERKVERTRAG"


def _letter_type(text: str, heading: str, filename: str) -> str | None:
    from knowledge_index.stages.extract_metadata.prompt import as_letter, letter_form

    ontology = load_ontology()
    signals = [("heading", heading), ("filename", filename), ("folder", ""), ("opening", "")]
    candidates = type_candidates(ontology, signals, "pdf")
    if letter_form(text):
        candidates = as_letter(ontology, candidates)
    ev = SimpleNamespace(type_candidates=candidates, type_refinements=[], is_email=False)
    return _choose_type(ev)  # type: ignore[arg-type]


def test_a_letter_about_an_agreement_is_a_letter_and_the_agreement_is_not() -> None:
    # The subject names the lease; salutation and closing make it a letter.
    assert _letter_type(AUSTRIAN_LETTER, "Mietvertrag Hafenstraße 47", "00041440_1") == (
        "correspondence.letter"
    )
    # A bank guarantee has a heading and no salutation: it is the guarantee.
    guarantee = "Tauernbank AG | Rainerstraße 2 | 5020 Salzburg\nBankgarantie\nWir verpflichten uns"
    assert _letter_type(guarantee, "Bankgarantie", "00041462_1") == "contract.guarantee"
    # Letter-shaped types keep their own heading: an engagement letter is one.
    engagement = "Terms of engagement\nDear Mr Ashworth,\nwe are pleased.\nYours sincerely\nX"
    assert _letter_type(engagement, "Terms of engagement", "Engagement letter") == (
        "finance.engagement_letter"
    )
    # The file name of a letter names its subject too; a side letter is itself a letter.
    assert _letter_type(AUSTRIAN_LETTER, "Mietvertrag", "KH an Isarpark - Nachtrag Nr. 2") == (
        "correspondence.letter"
    )
    # A kind of letter its heading names after the agreement it is about is what it is.
    from knowledge_index.stages.extract_metadata.prompt import letter_kinds_named

    warning = "Master Services Agreement vom 1. Juli 2024 – Abmahnung wegen SLA-Verletzungen"
    assert [c.node_id for c in letter_kinds_named(load_ontology(), warning)] == [
        "court.warning_letter"
    ]
    assert letter_kinds_named(load_ontology(), "Mietvertrag Hafenstraße 47") == []
    side = "Side Letter\nDear Sirs,\nwe agree as follows.\nYours faithfully\nX"
    assert _letter_type(side, "Side Letter", "Side Letter Zollinger") == "contract.side_letter"
    # A kind the ontology names as a letter keeps its name in a letter's layout; an
    # agreement a letter merely mentions does not.
    facility = "FACILITY LETTER\nDear Sirs,\nwe are pleased to offer.\nYours faithfully\nX"
    assert _letter_type(facility, "FACILITY LETTER", "Facility Letter - signed") == (
        "contract.facility_agreement"
    )
    claim = "Letter of Claim: defective housings\nDear Sirs,\nwe act.\nYours faithfully\nX"
    assert _letter_type(claim, "Letter of Claim: defective housings", "Calder 2025-01-20") == (
        "court.warning_letter"
    )


def test_english_law_names_type_documents() -> None:
    assert _type("DEED OF VARIATION") == "contract.amendment"
    assert _type("SUPPLEMENTAL AGREEMENT") == "contract.amendment"
    assert _type("Official copy of register of title") == "corporate.register_extract"
    assert _type("PROJECT FALCON – COMPLETION BIBLE – INDEX") == "corporate.signing_checklist"


@pytest.mark.parametrize(
    ("text", "title"),
    [
        (
            "IN THE HIGH COURT OF JUSTICE\nBUSINESS AND PROPERTY COURTS OF ENGLAND AND WALES\n"
            "CIRCUIT COMMERCIAL COURT (KBD)\nClaim No. HC-2025-000123\nBETWEEN: MERIDIAN "
            "COMPONENTS GMBH (Claimant) and CALDER PRECISION\nENGINEERING LTD (Defendant)\n"
            "DEFENCE\n1. References to paragraphs are to the Particulars of Claim.",
            "DEFENCE",
        ),
        # A judge's "Before ..., <date>" in the caption is no letter's place and date.
        (
            "IN THE HIGH COURT OF JUSTICE\nKING'S BENCH DIVISION\nClaim No. KB-2025-1\n"
            "Before His Honour Judge Ayres, 12 June 2025\nBETWEEN MERIDIAN GMBH Claimant and "
            "CALDER LTD\nDefendant\nCONSENT ORDER\nUPON the parties having agreed",
            "CONSENT ORDER",
        ),
        (
            "Landgericht Hamburg\nAz. 3 O 123/25\nIn dem Rechtsstreit\nElbwerft GmbH\n"
            "- Klägerin -\ngegen\nStahlbau GmbH\n- Beklagte -\nKLAGEERWIDERUNG\n",
            "KLAGEERWIDERUNG",
        ),
    ],
)
def test_a_court_documents_title_is_its_name_under_the_caption(text: str, title: str) -> None:
    assert best_title(title_candidates({"text": text}, FIRM)) == title


def test_austrian_swiss_and_french_names_type_documents() -> None:
    assert _type("Firmenbuchauszug mit aktuellen Daten") == "corporate.register_extract"
    assert _type("KLAGEBEANTWORTUNG") == "court.statement_of_defence"
    assert _type("Auftrag zur Klagebeantwortung") == "court.order"
    assert _type("Pfandbestellungsurkunde") == "contract.security_agreement"
    assert _type("Syndikatsvertrag") == "contract.shareholders_agreement"
    assert _type("Contrat de licence") == "contract.licence_agreement"
    assert _type("Extrait du registre du commerce") == "corporate.register_extract"
    assert _type("Beschluss des Stiftungsvorstands") == "corporate.resolution"


def test_the_firm_under_its_initials_and_other_law_firms_are_not_parties() -> None:
    firm = ["Aichinger Wyss Thornton Rechtsanwälte GmbH"]
    assert non_party_reason("AWT Legal LLP", "", firm) == "firm"
    assert non_party_reason("Aichinger Wyss Thornton AG", "", firm) == "firm"
    assert non_party_reason("Wolf Leitner Rechtsanwälte GmbH", "", firm) == "adviser"
    assert non_party_reason("Dubois & Favre Avocats SA", "", firm) == "adviser"
    assert non_party_reason("Alpenbau Holding AG", "", firm) is None
    assert non_party_reason("AWB Logistik GmbH", "", firm) is None


def test_an_engagement_letter_is_between_the_firm_and_the_client_it_names_first() -> None:
    from knowledge_index.stages.extract_metadata.offline import _engagement_parties
    from knowledge_index.stages.extract_metadata.prompt import MentionEvidence

    def mention(name: str, non_party: str | None = None) -> MentionEvidence:
        return MentionEvidence(
            name=name,
            normalized=name.lower(),
            identifiers={},
            client_marker_before=False,
            non_party=non_party,
        )

    own = [
        mention("AWT Legal LLP", "firm"),
        mention("Kingsmere Components Ltd"),
        mention("Donautal Handels GmbH"),  # the distributor the mandate is about
    ]
    assert [m.name for m in _engagement_parties(own)] == [
        "AWT Legal LLP",
        "Kingsmere Components Ltd",
    ]
    # A managing director instructing the firm about her company: she is the client.
    director = mention("Dr. Katharina Vogt-Meyring").model_copy(
        update={"natural_person": True, "addressee": True}
    )
    assert [m.name for m in _engagement_parties([own[0], mention("Tessmann GmbH"), director])] == [
        "AWT Legal LLP",
        "Dr. Katharina Vogt-Meyring",
    ]


def test_a_swiss_board_resolution_is_no_court_order() -> None:
    heading = "Zirkularbeschluss des Verwaltungsrates der Voralp Holding AG"
    assert _type(heading=heading, filename="VR-Beschluss Voralp Zustimmung SPA", ext="pdf") == (
        "corporate.resolution"
    )


def test_a_client_folder_names_the_client_without_its_number_unless_the_text_names_one() -> None:
    from knowledge_index.stages.extract_metadata.offline import _matter_client
    from knowledge_index.stages.extract_metadata.party_rules import CLIENT_MARKER
    from knowledge_index.stages.extract_metadata.prompt import MentionEvidence

    folders = ["Korrespondenz", "00012 Munich warehouse lease", "104233 Hartwell Logistics Ltd"]
    ev = SimpleNamespace(party_mentions=[], folders=folders, matter=None, path="x")
    assert [m.name for m in _matter_client(ev)] == ["Hartwell Logistics Ltd"]  # type: ignore[arg-type]
    # A file note's "Mandant: ..." names the client (the group's subsidiary, here).
    assert CLIENT_MARKER.search("Aktenvermerk\nMandant: ")
    named = MentionEvidence.of_name("Hartwell Logistik GmbH", client_marker_before=True)
    ev = SimpleNamespace(party_mentions=[named], folders=folders, matter=None, path="x")
    assert _matter_client(ev) == []  # type: ignore[arg-type]
