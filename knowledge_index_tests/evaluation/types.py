"""The document-type list of the evaluation estates: part of the answer key.

Each type has a canonical snake_case English id, a German and an English label, synonyms in
both languages (what a firm's people call it, what headings and file names say) and a family
used for reporting. A product maps its own type ids onto these ids through a mapping table
(see scoring.py); the synonyms are there so a human can write that table, not for matching.
"""

from __future__ import annotations

from typing import NamedTuple


class DocType(NamedTuple):
    id: str
    family: str
    de: str
    en: str
    synonyms: tuple[str, ...] = ()


DOC_TYPES: tuple[DocType, ...] = (
    # contracts
    DocType("share_purchase_agreement", "contract", "Geschäftsanteilskaufvertrag", "Share Purchase Agreement",
            ("SPA", "Anteilskaufvertrag", "Kauf- und Abtretungsvertrag", "Share Sale Agreement", "Aktienkaufvertrag")),
    DocType("asset_purchase_agreement", "contract", "Unternehmenskaufvertrag (Asset Deal)", "Asset Purchase Agreement",
            ("APA", "Asset Deal", "Kaufvertrag über Wirtschaftsgüter", "Business Transfer Agreement")),
    DocType("nda", "contract", "Vertraulichkeitsvereinbarung", "Non-Disclosure Agreement",
            ("NDA", "Geheimhaltungsvereinbarung", "Confidentiality Agreement", "Confidentiality Undertaking")),
    DocType("services_agreement", "contract", "Dienstleistungsvertrag", "Services Agreement",
            ("Beratungsvertrag", "Consultancy Agreement", "Service Agreement", "Statement of Work")),
    DocType("framework_agreement", "contract", "Rahmenvertrag", "Framework Agreement",
            ("Master Services Agreement", "MSA", "Rahmenliefervertrag", "Master Agreement")),
    DocType("supply_agreement", "contract", "Liefervertrag", "Supply Agreement",
            ("Lieferrahmenvertrag", "Purchase Agreement", "Bezugsvertrag", "Distribution Agreement")),
    DocType("licence_agreement", "contract", "Lizenzvertrag", "Licence Agreement",
            ("License Agreement", "Softwarelizenzvertrag", "EULA", "Reseller and Licence Agreement")),
    DocType("lease_agreement", "contract", "Mietvertrag", "Lease Agreement",
            ("Gewerbemietvertrag", "Pachtvertrag", "Lease", "Tenancy Agreement")),
    DocType("employment_agreement", "contract", "Arbeitsvertrag", "Employment Agreement",
            ("Anstellungsvertrag", "Contract of Employment", "Service Contract")),
    DocType("managing_director_agreement", "contract", "Geschäftsführerdienstvertrag", "Managing Director Service Agreement",
            ("GF-Vertrag", "Geschäftsführer-Anstellungsvertrag", "Director's Service Agreement")),
    DocType("termination_agreement", "contract", "Aufhebungsvertrag", "Termination Agreement",
            ("Aufhebungsvereinbarung", "Beendigungsvereinbarung", "Mutual Termination Agreement")),
    DocType("settlement_agreement", "contract", "Vergleich", "Settlement Agreement",
            ("Vergleichsvereinbarung", "außergerichtlicher Vergleich", "Settlement Deed", "Prozessvergleich")),
    DocType("facility_agreement", "contract", "Kreditvertrag", "Facility Agreement",
            ("Darlehensvertrag", "Loan Agreement", "Senior Facilities Agreement", "SFA", "Konsortialkreditvertrag")),
    DocType("guarantee", "contract", "Bürgschaft / Garantie", "Guarantee",
            ("Bürgschaftserklärung", "Garantievertrag", "Patronatserklärung", "Guarantee Agreement", "Parent Company Guarantee")),
    DocType("security_agreement", "contract", "Sicherheitenvertrag", "Security Agreement",
            ("Sicherungsübereignungsvertrag", "Verpfändungsvertrag", "Grundschuldbestellung", "Sicherungsabtretung",
             "Share Pledge Agreement", "Security Assignment", "Debenture")),
    DocType("shareholders_agreement", "contract", "Gesellschaftervereinbarung", "Shareholders' Agreement",
            ("Konsortialvertrag", "Beteiligungsvereinbarung", "Investment Agreement", "SHA", "Joint Venture Agreement")),
    DocType("articles_of_association", "corporate", "Satzung / Gesellschaftsvertrag", "Articles of Association",
            ("Satzung", "Gesellschaftsvertrag", "Articles", "Statuten")),
    DocType("amendment_agreement", "contract", "Nachtrag / Änderungsvereinbarung", "Amendment Agreement",
            ("Nachtrag", "Änderungsvereinbarung", "Ergänzungsvereinbarung", "Amendment", "Deed of Amendment")),
    DocType("annex", "contract", "Anlage", "Annex / Schedule",
            ("Anhang", "Schedule", "Exhibit", "Appendix", "Anlage zum Vertrag")),
    DocType("side_letter", "contract", "Side Letter", "Side Letter",
            ("Nebenabrede", "Zusatzvereinbarung (Side Letter)")),
    DocType("term_sheet", "contract", "Term Sheet", "Term Sheet",
            ("Eckpunktepapier", "Heads of Terms", "Indicative Terms")),
    DocType("letter_of_intent", "contract", "Absichtserklärung", "Letter of Intent",
            ("LOI", "Memorandum of Understanding", "MoU", "Indicative Offer", "indikatives Angebot")),
    DocType("purchase_order", "commercial", "Bestellung", "Purchase Order",
            ("PO", "Auftrag", "Order Confirmation", "Auftragsbestätigung")),
    # corporate
    DocType("shareholder_resolution", "corporate", "Gesellschafterbeschluss", "Shareholder Resolution",
            ("Gesellschafterversammlung Beschluss", "Umlaufbeschluss", "Written Resolution", "Board Resolution", "Beschluss der Gesellschafter")),
    DocType("register_extract", "corporate", "Handelsregisterauszug", "Commercial Register Extract",
            ("HR-Auszug", "Registerauszug", "Companies House extract", "chronologischer Abdruck")),
    DocType("shareholder_list", "corporate", "Gesellschafterliste", "List of Shareholders",
            ("Liste der Gesellschafter",)),
    DocType("cap_table", "corporate", "Cap Table", "Capitalisation Table",
            ("Beteiligungsübersicht", "Cap-Table", "Kapitalisierungstabelle")),
    DocType("minutes", "corporate", "Protokoll", "Minutes",
            ("Niederschrift", "Sitzungsprotokoll", "Besprechungsprotokoll", "Minutes of Meeting")),
    DocType("power_of_attorney", "corporate", "Vollmacht", "Power of Attorney",
            ("Prozessvollmacht", "Handlungsvollmacht", "PoA", "Proxy")),
    DocType("signing_checklist", "corporate", "Signing-Checkliste", "Closing Checklist",
            ("Closing Checklist", "Signing Checklist", "Closing-Agenda", "Conditions Precedent Checklist", "CP Checklist")),
    DocType("notarial_deed", "corporate", "Notarielle Urkunde", "Notarial Deed",
            ("Urkunde", "UR-Nr.", "Beurkundung")),
    # disputes
    DocType("statement_of_claim", "dispute", "Klageschrift", "Statement of Claim",
            ("Klage", "Particulars of Claim", "Claim Form")),
    DocType("statement_of_defence", "dispute", "Klageerwiderung", "Statement of Defence",
            ("Klageerwiderungsschrift", "Defence")),
    DocType("reply_brief", "dispute", "Replik", "Reply",
            ("Replik", "Duplik", "Schriftsatz", "Reply to Defence")),
    DocType("court_order", "dispute", "Beschluss (Gericht)", "Court Order",
            ("Beweisbeschluss", "Hinweisbeschluss", "Verfügung", "Order")),
    DocType("judgment", "dispute", "Urteil", "Judgment",
            ("Endurteil", "Teilurteil", "Versäumnisurteil", "Judgement")),
    DocType("summons", "dispute", "Ladung", "Summons",
            ("Terminsladung", "Ladung zum Termin", "Notice of Hearing")),
    DocType("warning_letter", "dispute", "Abmahnung / Mahnschreiben", "Letter before Action",
            ("Abmahnung", "Mahnung", "Aufforderungsschreiben", "Letter before Claim", "Demand Letter")),
    DocType("expert_report", "dispute", "Sachverständigengutachten", "Expert Report",
            ("Privatgutachten", "Technical Expert Report")),
    # correspondence
    DocType("letter", "correspondence", "Schreiben", "Letter",
            ("Brief", "Anschreiben", "Begleitschreiben", "Covering Letter")),
    DocType("email", "correspondence", "E-Mail", "E-mail",
            ("Mail", "Nachricht", "Message")),
    DocType("file_note", "correspondence", "Aktenvermerk", "File Note",
            ("Vermerk", "Telefonvermerk", "Gesprächsnotiz", "Attendance Note", "Note to File")),
    DocType("memo", "advisory", "Memorandum", "Memo",
            ("Memo", "interne Stellungnahme", "Briefing Note")),
    DocType("client_alert", "knowledge", "Mandanteninformation", "Client Alert",
            ("Newsletter", "Mandantenrundschreiben", "Legal Update", "Briefing")),
    DocType("meeting_agenda", "correspondence", "Tagesordnung", "Agenda",
            ("Agenda", "Einladung zur Gesellschafterversammlung")),
    # advisory
    DocType("legal_opinion", "advisory", "Rechtsgutachten", "Legal Opinion",
            ("Gutachten", "Stellungnahme", "Opinion Letter", "Capacity Opinion")),
    DocType("due_diligence_report", "advisory", "Due-Diligence-Bericht", "Due Diligence Report",
            ("DD-Bericht", "Red Flag Report", "Legal Due Diligence Report")),
    DocType("due_diligence_request_list", "advisory", "Anforderungsliste", "Due Diligence Request List",
            ("DD-Anforderungsliste", "Request List", "Information Request List", "Q&A-Liste")),
    DocType("disclosure_letter", "advisory", "Offenlegungsschreiben", "Disclosure Letter",
            ("Disclosure Schedule", "Offenlegungsliste")),
    # billing
    DocType("invoice", "billing", "Rechnung", "Invoice",
            ("Honorarrechnung", "Bill", "Zwischenrechnung")),
    DocType("fee_note", "billing", "Kostennote", "Fee Note",
            ("Kostenrechnung", "Vergütungsberechnung", "Fee Estimate", "Kostenschätzung")),
    DocType("engagement_letter", "billing", "Mandatsvereinbarung", "Engagement Letter",
            ("Mandatsbestätigung", "Vergütungsvereinbarung", "Letter of Engagement", "Terms of Engagement")),
    DocType("time_sheet", "billing", "Leistungsnachweis", "Time Sheet",
            ("Stundenaufstellung", "Time Recording", "WIP Report", "Tätigkeitsnachweis")),
    # other
    DocType("presentation", "other", "Präsentation", "Presentation",
            ("Foliensatz", "Slide Deck", "Pitch", "Kick-off-Präsentation")),
    DocType("spreadsheet", "other", "Tabelle", "Spreadsheet",
            ("Excel-Übersicht", "Tracker", "Liste")),
    DocType("checklist", "other", "Checkliste", "Checklist",
            ("To-do-Liste", "Fristenliste")),
    DocType("financial_statement", "other", "Jahresabschluss", "Financial Statements",
            ("Bilanz", "Annual Accounts", "GuV")),
    DocType("certificate", "other", "Bescheinigung", "Certificate",
            ("Bestätigung", "Certificate of Incumbency", "Officer's Certificate", "Zertifikat")),
)

DOC_TYPE_IDS: frozenset[str] = frozenset(t.id for t in DOC_TYPES)
BY_ID: dict[str, DocType] = {t.id: t for t in DOC_TYPES}

assert len(DOC_TYPE_IDS) == len(DOC_TYPES)
