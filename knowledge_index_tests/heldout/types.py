"""Canonical document types of held-out estate B: snake_case English id -> German/English labels and synonyms.

Held out: do not inspect while tuning. The ids are the scorer's vocabulary; a product maps its own type
ids onto these (see scoring.py --type-map) or uses them directly.
"""

from __future__ import annotations

# id: (English label, German label, synonyms in either language)
DOC_TYPES: dict[str, tuple[str, str, tuple[str, ...]]] = {
    # contracts
    "share_purchase_agreement": ("Share purchase agreement", "Anteilskaufvertrag", ("SPA", "Geschäftsanteilskaufvertrag", "Kauf- und Abtretungsvertrag", "share sale agreement")),
    "asset_purchase_agreement": ("Asset purchase agreement", "Asset-Kaufvertrag", ("APA", "Unternehmenskaufvertrag (Asset Deal)", "business transfer agreement")),
    "non_disclosure_agreement": ("Non-disclosure agreement", "Vertraulichkeitsvereinbarung", ("NDA", "confidentiality agreement", "Geheimhaltungsvereinbarung")),
    "services_agreement": ("Services agreement", "Dienstleistungsvertrag", ("service agreement", "Dienstvertrag", "consultancy agreement", "Beratervertrag")),
    "framework_agreement": ("Framework agreement", "Rahmenvertrag", ("master agreement", "Rahmenvereinbarung")),
    "supply_agreement": ("Supply agreement", "Liefervertrag", ("Rahmenliefervertrag", "supply contract")),
    "licence_agreement": ("Licence agreement", "Lizenzvertrag", ("license agreement", "Markenlizenzvertrag", "trademark licence")),
    "lease_agreement": ("Lease agreement", "Mietvertrag", ("Gewerbemietvertrag", "lease", "tenancy agreement")),
    "sublease_agreement": ("Sublease agreement", "Untermietvertrag", ("underlease", "sub-lease")),
    "employment_contract": ("Employment contract", "Arbeitsvertrag", ("contract of employment", "Anstellungsvertrag")),
    "managing_director_service_agreement": ("Managing director service agreement", "Geschäftsführer-Dienstvertrag", ("Geschäftsführeranstellungsvertrag", "director's service agreement")),
    "termination_agreement": ("Termination agreement", "Aufhebungsvertrag", ("Aufhebungsvereinbarung", "mutual termination agreement")),
    "settlement_agreement": ("Settlement agreement", "Vergleich", ("Vergleichsvereinbarung", "außergerichtlicher Vergleich", "settlement deed")),
    "loan_agreement": ("Loan agreement", "Darlehensvertrag", ("Gesellschafterdarlehen", "loan note")),
    "facility_agreement": ("Facility agreement", "Kreditvertrag", ("senior facilities agreement", "Konsortialkreditvertrag", "SFA")),
    "guarantee": ("Guarantee", "Garantie / Bürgschaft", ("Bürgschaft", "Patronatserklärung", "deed of guarantee")),
    "security_agreement": ("Security agreement", "Sicherheitenvertrag", ("share pledge", "Verpfändungsvertrag", "debenture", "Sicherungsübereignung", "Globalzession")),
    "shareholders_agreement": ("Shareholders' agreement", "Gesellschaftervereinbarung", ("SHA", "Beteiligungsvereinbarung", "Konsortialvertrag")),
    "investment_agreement": ("Investment agreement", "Beteiligungsvertrag", ("subscription agreement", "Investmentvertrag")),
    "articles_of_association": ("Articles of association", "Gesellschaftsvertrag", ("Satzung", "articles", "Statuten")),
    "amendment_agreement": ("Amendment agreement", "Änderungsvereinbarung", ("Nachtrag", "amendment", "Änderungsvertrag", "variation agreement")),
    "annex_schedule": ("Annex / schedule", "Anlage", ("schedule", "exhibit", "Anhang")),
    "side_letter": ("Side letter", "Side Letter", ("Nebenabrede", "Zusatzvereinbarung")),
    "term_sheet": ("Term sheet", "Term Sheet", ("Eckpunktepapier", "heads of terms")),
    "letter_of_intent": ("Letter of intent", "Absichtserklärung", ("LOI", "indicative offer", "Memorandum of Understanding", "MoU")),
    "works_agreement": ("Works agreement", "Betriebsvereinbarung", ("works council agreement", "Gesamtbetriebsvereinbarung")),
    "data_processing_agreement": ("Data processing agreement", "Auftragsverarbeitungsvertrag", ("AVV", "DPA", "Art. 28 DSGVO Vertrag")),
    "disclosure_letter": ("Disclosure letter", "Offenlegungsschreiben", ("disclosure schedule",)),
    "escrow_agreement": ("Escrow agreement", "Treuhandvereinbarung", ("Escrow-Vertrag", "Notaranderkonto-Vereinbarung")),
    "policy": ("Policy", "Richtlinie", ("guideline", "Dienstwagenrichtlinie", "Handbuch")),
    # corporate
    "shareholder_resolution": ("Shareholder resolution", "Gesellschafterbeschluss", ("written resolution", "Umlaufbeschluss", "Beschluss der Gesellschafterversammlung")),
    "board_minutes": ("Board minutes", "Sitzungsprotokoll", ("minutes of the board", "Protokoll der Beiratssitzung", "Besprechungsprotokoll", "minutes of meeting")),
    "register_extract": ("Commercial register extract", "Handelsregisterauszug", ("HR-Auszug", "Companies House extract", "chronologischer Ausdruck")),
    "register_filing": ("Register filing", "Handelsregisteranmeldung", ("Anmeldung zum Handelsregister", "Companies House filing", "Form AP01")),
    "shareholder_list": ("List of shareholders", "Gesellschafterliste", ("Liste der Gesellschafter",)),
    "cap_table": ("Capitalisation table", "Cap Table", ("Beteiligungsübersicht", "capitalization table")),
    "power_of_attorney": ("Power of attorney", "Vollmacht", ("Prozessvollmacht", "Handlungsvollmacht", "Registervollmacht", "PoA")),
    "kyc_form": ("KYC / identification form", "GwG-Identifizierungsbogen", ("Know your client", "Geldwäsche-Identifizierung", "Transparenzregister-Auszug")),
    # disputes
    "statement_of_claim": ("Statement of claim", "Klageschrift", ("Klage", "Schiedsklage", "claim form", "request for arbitration")),
    "statement_of_defence": ("Statement of defence", "Klageerwiderung", ("defence", "Schiedsklageerwiderung")),
    "reply_brief": ("Reply", "Replik", ("Erwiderung auf die Klageerwiderung", "reply to defence", "Duplik")),
    "court_order": ("Court order", "Gerichtlicher Beschluss", ("Beschluss", "Beweisbeschluss", "Verfügung", "Hinweisbeschluss")),
    "procedural_order": ("Procedural order", "Verfahrensverfügung", ("procedural order no.", "Verfahrensanordnung")),
    "judgment": ("Judgment", "Urteil", ("Endurteil", "Versäumnisurteil", "judgement", "award", "Schiedsspruch")),
    "summons": ("Summons", "Ladung", ("Terminsladung", "notice of hearing")),
    "cost_assessment": ("Cost assessment order", "Kostenfestsetzungsbeschluss", ("Kostenfestsetzungsantrag", "costs order")),
    "expert_report": ("Expert report", "Sachverständigengutachten", ("Gutachten", "expert opinion (technical)")),
    "witness_statement": ("Witness statement", "Zeugenaussage", ("statement of witness", "schriftliche Zeugenerklärung")),
    "warning_letter": ("Warning letter", "Abmahnung", ("cease and desist letter", "letter before action")),
    "dismissal_notice": ("Notice of termination", "Kündigung", ("Kündigungsschreiben", "termination notice", "notice of dismissal")),
    # correspondence
    "letter": ("Letter", "Schreiben", ("Brief", "Anschreiben", "correspondence")),
    "email": ("E-mail", "E-Mail", ("Mail", "message")),
    "memo": ("Memorandum", "Memorandum", ("legal memo", "Vermerk", "briefing note")),
    "file_note": ("File note", "Aktenvermerk", ("attendance note", "Gesprächsnotiz", "Telefonnotiz")),
    "newsletter": ("Newsletter / client alert", "Mandanteninformation", ("client alert", "Newsletter", "briefing")),
    # advisory
    "legal_opinion": ("Legal opinion", "Rechtsgutachten", ("opinion letter", "Legal Opinion", "Stellungnahme")),
    "due_diligence_report": ("Due diligence report", "Due-Diligence-Bericht", ("DD report", "red flag report", "Legal Due Diligence Report")),
    "due_diligence_request_list": ("Due diligence request list", "Anforderungsliste", ("DD request list", "information request list", "Fragenliste")),
    "checklist": ("Checklist", "Checkliste", ("closing checklist", "CP checklist", "Signing-Checkliste", "conditions precedent checklist")),
    "issues_list": ("Issues list", "Verhandlungsliste", ("issues list", "Punkteliste", "open points list")),
    "data_room_index": ("Data room index", "Datenraumindex", ("VDR index", "Index des Datenraums")),
    # billing
    "invoice": ("Invoice", "Rechnung", ("Honorarrechnung", "Kostennote", "Vorschussrechnung")),
    "fee_note": ("Fee note", "Fee Note", ("bill of costs", "interim fee note")),
    "engagement_letter": ("Engagement letter", "Mandatsvereinbarung", ("letter of engagement", "Mandatsbestätigung", "Vergütungsvereinbarung")),
    "time_sheet": ("Time sheet", "Leistungsnachweis", ("Stundenaufstellung", "time report", "WIP report")),
    "budget_estimate": ("Fee estimate", "Kostenschätzung", ("budget", "fee quote", "Honorarangebot")),
    # presentations / spreadsheets / other
    "presentation": ("Presentation", "Präsentation", ("slides", "Folien", "pitch deck", "Schulungsunterlage")),
    "spreadsheet": ("Spreadsheet", "Tabelle", ("list", "Übersicht", "Liste")),
    "deadline_list": ("Deadline list", "Fristenliste", ("Fristenkalender", "docket")),
    "template": ("Template", "Muster", ("precedent", "Formular", "Mustervertrag")),
    "trademark_certificate": ("Trademark registration certificate", "Markenurkunde", ("Registerauszug DPMA", "EUIPO certificate")),
    "conflict_check": ("Conflict check", "Kollisionsprüfung", ("conflict search", "Interessenkollisionsprüfung")),
    "delivery_note": ("Delivery note", "Lieferschein", ("packing slip", "Warenbegleitschein")),
    "receipt": ("Receipt", "Beleg", ("Quittung", "Einlieferungsbeleg", "proof of posting")),
    "authority_letter": ("Letter from an authority", "Behördenschreiben", ("Bescheid", "Schreiben des Finanzamts", "notice from regulator")),
}


def label(type_id: str, lang: str = "en") -> str:
    en, de, _ = DOC_TYPES[type_id]
    return de if lang == "de" else en
