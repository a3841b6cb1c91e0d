"""Held-out evaluation estate B for Knowledge Index: a deterministic generator and its known answers.

Held out: do not inspect while tuning.

    /work/main/.venv/bin/python -m knowledge_index_tests.heldout.estate_b [OUT_DIR]

writes the estate into OUT_DIR (default: knowledge_index_tests/heldout/estate_b/) together with
OUT_DIR/../answers.json. Seed: SEED below. No network. PDFs, .doc and .odt are produced with
LibreOffice (soffice --headless) from generated DOCX and then made byte-stable.
"""

from __future__ import annotations

import email.policy
import hashlib
import json
import random
import re
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta, timezone
from email.message import EmailMessage
from email.utils import format_datetime
from pathlib import Path

from . import _writers as W
from .types import DOC_TYPES

SEED = 4471_2026
HERE = Path(__file__).resolve().parent
DEFAULT_OUT = HERE / "estate_b"
ANSWERS = HERE / "answers.json"

FIRM_DE = "Haverkamp Sterling Rechtsanwälte PartG mbB"
FIRM_EN = "Haverkamp Sterling LLP"
FIRM_ADDR_HH = ("Brooktorkai 7", "20457 Hamburg", "+49 40 3250 6610")
FIRM_ADDR_F = ("Bockenheimer Landstraße 51", "60325 Frankfurt am Main", "+49 69 9714 2230")
FIRM_ADDR_S = ("Königstraße 26", "70173 Stuttgart", "+49 711 2285 9040")
FIRM_ADDR_L = ("14 Fenchurch Avenue", "London EC3M 5BS", "+44 20 7946 0832")

LAWYERS = {
    "KL": ("Dr. Katrin Lammers", "k.lammers@haverkamp-sterling.de"),
    "RKe": ("Dr. Regine Kessler", "r.kessler@haverkamp-sterling.de"),
    "MHo": ("Matthias Holtkamp", "m.holtkamp@haverkamp-sterling.de"),
    "YD": ("Dr. Yusuf Demirel", "y.demirel@haverkamp-sterling.de"),
    "OT": ("Oliver Tremayne", "oliver.tremayne@haverkamp-sterling.co.uk"),
    "HPW": ("Hannah Pryce-Whitcombe", "hannah.pryce-whitcombe@haverkamp-sterling.co.uk"),
    "WB": ("Wolfgang Brückl", "w.brueckl@haverkamp-sterling.de"),
    "JSt": ("Jonas Steinhoff", "j.steinhoff@haverkamp-sterling.de"),
}


@dataclass(frozen=True)
class Co:
    key: str
    name: str
    reg: str | None = None
    court: str = ""
    street: str = ""
    city: str = ""
    country: str = "de"  # de, en, lu, se, nl, fr, person
    contact: tuple[str, str] = ("", "")  # name, e-mail

    def intro(self, lang: str) -> str:
        if self.country == "person":
            return f"{'Herr/Frau' if False else ''}{self.name}, {self.street}, {self.city}".strip()
        if self.country == "de":
            base = f"{self.name}, {self.street}, {self.city}"
            if lang == "de":
                return f"{base}, eingetragen im Handelsregister des Amtsgerichts {self.court} unter {self.reg}"
            return f"{base}, registered with the commercial register of the local court of {self.court} under {self.reg}"
        if self.country == "en":
            if lang == "de":
                return f"{self.name}, eine nach dem Recht von England und Wales gegründete Gesellschaft mit der Registernummer {self.reg}, {self.street}, {self.city}"
            return f"{self.name}, a company incorporated in England and Wales with registered number {self.reg}, whose registered office is at {self.street}, {self.city}"
        label = {"lu": "RCS Luxembourg", "se": "Bolagsverket org. nr.", "nl": "KvK", "fr": "RCS"}[self.country]
        return f"{self.name}, {self.street}, {self.city} ({label} {self.reg})"


C = {c.key: c for c in [
    Co("kestrel", "Kestrel Aerostructures GmbH", "HRB 92114", "Hamburg", "Billstraße 212", "20539 Hamburg", contact=("Arne Lüdemann", "a.luedemann@kestrel-aero.de")),
    Co("kestrel_holding", "Kestrel Aerospace Holding B.V.", "71234598", "", "Wilhelminakade 91", "3072 AP Rotterdam", "nl"),
    Co("vantorp", "Vantorp Präzisionsteile GmbH", "HRB 7742", "Ulm", "Gewerbestraße 14", "89584 Ehingen (Donau)"),
    Co("vantorp_seller", "Lorenz Vantorp Beteiligungs GmbH", "HRB 7019", "Ulm", "Gewerbestraße 14", "89584 Ehingen (Donau)", contact=("Lorenz Vantorp", "lv@vantorp-beteiligung.de")),
    Co("tellkamp_augsburg", "Tellkamp Anlagenbau GmbH", "HRB 7310", "Augsburg", "Siemensstraße 3", "86368 Gersthofen"),
    Co("tellkamp_bremen", "Tellkamp Anlagenbau GmbH", "HRB 18823 HB", "Bremen", "Am Waller Freihafen 40", "28217 Bremen"),
    Co("sollmann", "Friederike Sollmann", None, "", "Eppendorfer Landstraße 88", "20249 Hamburg", "person"),
    Co("aldenhoven", "Aldenhoven Solartechnik GmbH", "HRB 24518", "Aachen", "Jülicher Straße 305", "52146 Würselen", contact=("Dr. Mirela Hosszu", "m.hosszu@aldenhoven-solar.de")),
    Co("corvina", "Corvina Growth Fund II SCSp", "B 251304", "", "2, rue Albert Borschette", "L-1246 Luxembourg", "lu", contact=("Elodie Marchetti", "emarchetti@corvina-partners.lu")),
    Co("halmstad", "Halmstad Ventures AB", "559211-4477", "", "Strandvägen 7A", "114 56 Stockholm", "se"),
    Co("hosszu", "Dr. Mirela Hosszu", None, "", "Lousbergstraße 12", "52072 Aachen", "person"),
    Co("reinwald", "Tobias Reinwald", None, "", "Kaiserplatz 4", "52062 Aachen", "person"),
    Co("fennick", "Fennick Logistik GmbH", "HRB 118305", "Frankfurt am Main", "Cargo City Süd, Gebäude 571", "60549 Frankfurt am Main", contact=("Sabine Wiechert", "s.wiechert@fennick-logistik.de")),
    Co("sarrow_berlin", "Sarrow Spedition GmbH", "HRB 4711 B", "Charlottenburg", "Am Juliusturm 62", "13599 Berlin"),
    Co("sarrow_koeln", "Sarrow Spedition GmbH", "HRB 30972", "Köln", "Emil-Hoffmann-Straße 9", "50996 Köln"),
    Co("ostwald", "Ostwald Brauerei KG", "HRA 5521", "Bamberg", "Mühlwörth 18", "96047 Bamberg", contact=("Konrad Ostwald", "k.ostwald@ostwald-brauerei.de")),
    Co("vauquelin", "Brasserie Vauquelin SARL", "Lille Métropole 812 334 905", "", "17 rue de la Monnaie", "59800 Lille", "fr"),
    Co("zellinger", "Brauhaus Zellinger GmbH", "HRB 2298", "Passau", "Innstraße 40", "94032 Passau"),
    Co("halvard", "Halvard Pumpen GmbH", "HRB 60217", "Stuttgart", "Plochinger Straße 120", "73730 Esslingen am Neckar", contact=("Petra Vogelsang", "p.vogelsang@halvard-pumpen.de")),
    Co("halvard_br", "Betriebsrat der Halvard Pumpen GmbH", None, "", "Plochinger Straße 120", "73730 Esslingen am Neckar", "person"),
    Co("oberle", "Benedikt Oberle", None, "", "Weinsteige 31", "70597 Stuttgart", "person"),
    Co("marlowe", "Marlowe Brine Capital LLP", "OC412877", "", "22 Bury Street", "London EC3A 5AR", "en", contact=("Priya Ramaswamy", "p.ramaswamy@marlowebrine.com")),
    Co("heron_bidco", "Heron Bidco Limited", "14022871", "", "5 Wharf Lane", "Leeds LS1 4AP", "en"),
    Co("pellworth", "Pellworth Fine Foods Limited", "08817342", "", "Thornbury Road Industrial Estate", "Leeds LS13 4QR", "en"),
    Co("gannet", "Gannet Agency Services Limited", "10551289", "", "1 Poultry", "London EC2R 8EJ", "en"),
    Co("quillon", "Quillon Holdings Ltd", "11460923", "", "40 Dukes Place", "London EC3A 7NH", "en", contact=("Marcus Leventhorpe", "m.leventhorpe@quillonholdings.co.uk")),
    Co("tamsworth", "Tamsworth Data Systems Ltd", "06623018", "", "Forbury Square 2", "Reading RG1 3EU", "en"),
    Co("askwith", "Askwith Family Holdings Limited", "09917265", "", "The Old Rectory, Church Lane", "Henley-on-Thames RG9 2AB", "en"),
    Co("rellingen_ll", "Grundstücksgesellschaft Rellingen Nord mbH & Co. KG", "HRA 4477 PI", "Pinneberg", "Hauptstraße 52", "25462 Rellingen"),
    Co("hanse_bank", "Hanseatische Kreditbank eG", "GnR 311", "Hamburg", "Ballindamm 19", "20095 Hamburg"),
    Co("firm", FIRM_DE, "PR 1184", "Hamburg", "Brooktorkai 7", "20457 Hamburg"),
    Co("firm_llp", FIRM_EN, "OC398812", "", "14 Fenchurch Avenue", "London EC3M 5BS", "en"),
    Co("nakamura", "Rei Nakamura", None, "", "18 Kings Road", "Reading RG1 3AA", "person"),
    Co("linguafides", "Lingua Fides Fachübersetzungen GmbH", "HRB 170334", "Hamburg", "Colonnaden 41", "20354 Hamburg"),
    Co("kerridge", "Kerridge Wholesale plc", "02291847", "", "Kerridge House, Aston Way", "Birmingham B6 4RR", "en"),
    Co("achterberg", "Bernd Achterberg", None, "", "Kettenbrückstraße 9", "96052 Bamberg", "person"),
    Co("drossel", "Drossel Maschinenbau GmbH", "HRB 3310", "Chemnitz", "Annaberger Straße 240", "09125 Chemnitz"),
]}


@dataclass(frozen=True)
class Matter:
    key: str
    refs: tuple[str, ...]  # reference forms as written in this estate (first = canonical as written)
    title: str
    client: str
    lawyer: str
    marker_de: str
    marker_en: str


MATTERS = {m.key: m for m in [
    Matter("40117.003", ("40117.003", "40117-003"), "Erwerb Vantorp Präzisionsteile", "kestrel", "KL", "Unser Zeichen: 40117.003 KL/sb", "Our ref: 40117.003 KL"),
    Matter("40117.007", ("40117.007",), "GF-Bestellung Sollmann", "kestrel", "KL", "Unser Zeichen: 40117.007 KL/sb", "Our ref: 40117.007"),
    Matter("52290.001", ("52290.001", "52290-001"), "Series B Finanzierungsrunde", "aldenhoven", "KL", "Unser Zeichen: 52290.001 JSt", "Our ref: 52290.001/JSt"),
    Matter("0412/23", ("0412/23", "0412-23", "0412/23 RKe"), "Fennick gg. Sarrow", "fennick", "RKe", "Unser Zeichen: 0412/23 RKe", "Our ref: 0412/23 RKe"),
    Matter("0388/24", ("0388/24", "0388-24", "0388/24 MHo"), "Ostwald gg. Tellkamp", "ostwald", "MHo", "Unser Zeichen: 0388/24 MHo", "Our ref: 0388/24 MHo"),
    Matter("AKT-2023-0091", ("AKT-2023-0091",), "Oberle ./. Halvard", "halvard", "YD", "Unser Zeichen: AKT-2023-0091", "Our ref: AKT-2023-0091"),
    Matter("AKT-2024-0017", ("AKT-2024-0017",), "Halvard BV Mobiles Arbeiten", "halvard", "YD", "Unser Zeichen: AKT-2024-0017", "Our ref: AKT-2024-0017"),
    Matter("2024_0173", ("2024_0173", "2024-0173"), "Project Heron", "marlowe", "OT", "Unser Zeichen: 2024_0173/OT", "Our ref: 2024_0173/OT"),
    Matter("2024_0201", ("2024_0201", "2024-0201"), "KWG opinion Drossel", "marlowe", "OT", "Unser Zeichen: 2024_0201/OT", "Our ref: 2024_0201/OT"),
    Matter("SANDPIPER", (), "Project Sandpiper", "quillon", "HPW", "", ""),
    Matter("RELLINGEN", (), "Mietvertrag Lagerhalle Rellingen", "fennick", "KL", "", ""),
    Matter("19-0042", ("19-0042-WB", "19-0042"), "Ostwald Brauerei - Markenlizenz Vauquelin", "ostwald", "WB", "Unser Zeichen: 19-0042-WB", "Our ref: 19-0042-WB"),
]}

# folder of each matter (relative to the estate root); departments and offices differ
MF = {
    "40117.003": "Hamburg/Corporate/40117 Kestrel Aerostructures/40117.003 Erwerb Vantorp Präzisionsteile",
    "40117.007": "Hamburg/Corporate/40117 Kestrel Aerostructures/40117.007 GF-Bestellung Sollmann",
    "52290.001": "Hamburg/Corporate/52290 Aldenhoven Solartechnik/52290.001 Series B Finanzierungsrunde",
    "0412/23": "Frankfurt/Prozessabteilung/Akten/0412-23 Fennick gg. Sarrow (RKe)",
    "0388/24": "Frankfurt/Prozessabteilung/Akten/0388-24 Ostwald gg. Tellkamp (MHo)",
    "AKT-2023-0091": "Stuttgart/Arbeitsrecht/AKT-2023-0091_Oberle_Halvard",
    "AKT-2024-0017": "Stuttgart/Arbeitsrecht/AKT-2024-0017_Halvard_BV_Mobiles_Arbeiten",
    "2024_0173": "London/Clients/Marlowe Brine Capital LLP/2024_0173 Project Heron",
    "2024_0201": "London/Clients/Marlowe Brine Capital LLP/2024_0201 KWG opinion Drossel",
    "SANDPIPER": "London/Clients/Quillon Holdings/Project Sandpiper",
    "RELLINGEN": "Hamburg/Immobilien/Fennick Logistik/Mietvertrag Lagerhalle Rellingen",
    "19-0042": "Altbestand_DMS_2019/19-0042-WB Ostwald Brauerei - Markenlizenz Vauquelin",
}


# ------------------------------------------------------------------ phantom-number traps
TRAPS = {
    "invoice_number": {"de": "Rechnungsnummer: RE-24-10317 (bitte bei Zahlung angeben).", "en": "Invoice no. INV-2024-55812 - please quote on remittance."},
    "invoice_lookalike": {"de": "Rechnung Nr. 2024/0388 vom 03.06.2024.", "en": "Invoice number 2024/0412 dated 3 June 2024."},
    "court_file_number": {"de": "Landgericht Hamburg, Az.: 312 O 88/23 (Parallelverfahren, nicht von uns geführt).", "en": "Cf. High Court claim no. CL-2023-000614 (unrelated proceedings)."},
    "authority_reference": {"de": "Finanzamt Hamburg-Mitte, Geschäftszeichen: S 2742 - 2023/0417 - St 131.", "en": "FCA reference: FRN 904417; our query ref. 2023/118842."},
    "postal_code": {"de": "Postanschrift: Postfach 10 44 23, 20031 Hamburg.", "en": "Post to: PO Box 2041, London EC3P 3AH."},
    "phone": {"de": "Telefon +49 40 3250 6611, Telefax +49 40 3250 6699.", "en": "Direct line +44 20 7946 0851, mobile +44 7700 900417."},
    "iban": {"de": "Bankverbindung: Hamburger Sparkasse, IBAN DE44 2005 0550 1234 0417 88, BIC HASPDEHHXXX.", "en": "Account: Barclays Bank PLC, sort code 20-32-06, account 40117003, IBAN GB33 BUKB 2032 0640 1170 03."},
    "customer_number": {"de": "Kundennummer: 40117-3 / Vertragskonto 2023-0091.", "en": "Customer no. 52290-1, account ref. AKT-2203."},
    "tax_number": {"de": "Steuernummer 27/621/04433, USt-IdNr. DE 318 774 102.", "en": "VAT reg. no. GB 417 2291 03."},
    "date": {"de": "Frist: 14.06.2024; Wiedervorlage 01/07/24.", "en": "Long-stop date: 30/09/2024; review 12-07-24."},
    "deed_number": {"de": "UR-Nr. 1187/2024 W des Notars Dr. Kasimir Wendeborn, Hamburg.", "en": "Notarial deed no. 1187/2024 W (Dr Kasimir Wendeborn, notary, Hamburg)."},
    "tracking_number": {"de": "Sendungsnummer RR 0412 2303 4DE, Einschreiben Rückschein.", "en": "Royal Mail tracking AB 0173 2024 5GB."},
}


def trap_lines(kinds, lang):
    return [TRAPS[k][lang] for k in kinds]


# ------------------------------------------------------------------ document model
@dataclass
class Doc:
    path: str
    matter: str | None
    doc_type: str
    title: str
    parties: list  # [(company key, role text)]
    lang: str
    date: date
    fmt: str  # docx pdf doc odt txt md eml xlsx pptx scan
    category: str = "in_matter_folder"
    marker: str | None = None  # "auto": the matter's marker; None: no marker; else the text
    traps: list = field(default_factory=list)
    extra: list = field(default_factory=list)
    heading_style: bool = True
    revisions: list = field(default_factory=list)
    comments: list = field(default_factory=list)
    email: dict | None = None
    sheets: list | None = None
    slides: list | None = None
    blocks: list | None = None
    author: str = ""
    extra_t: str = ""
    to: str | None = None
    enc: str = "utf-8"


DOCS: list[Doc] = []
DROPPED: list[tuple[str, str]] = []
THREADS: list[list[str]] = []  # the e-mails of each thread() call, in sending order


def add(*a, **k) -> Doc:
    d = Doc(*a, **k)
    DOCS.append(d)
    return d


def co(key):
    return C[key]


def names(doc):
    return [C[k].name for k, _ in doc.parties]


# ------------------------------------------------------------------ text library (by doc type)
T = {
    "share_purchase_agreement": {
        "de": ["§ 1 Kaufgegenstand. Die Verkäuferin verkauft hiermit sämtliche Geschäftsanteile an der {t} mit einem Nennbetrag von insgesamt EUR 250.000 an die Käuferin.",
               "§ 2 Kaufpreis. Der Kaufpreis beträgt vorläufig EUR 38.400.000 (Locked Box zum 31.12.2023) und ist am Vollzugstag zur Zahlung fällig.",
               "§ 3 Garantien der Verkäuferin. Die Verkäuferin garantiert im Wege selbständiger Garantieversprechen gemäß § 311 Abs. 1 BGB, dass die Angaben in Anlage 3.1 zutreffend sind.",
               "§ 4 Vollzugsbedingungen. Der Vollzug steht unter der aufschiebenden Bedingung der fusionskontrollrechtlichen Freigabe durch das Bundeskartellamt."],
        "en": ["1. Sale and Purchase. The Seller shall sell and the Buyer shall purchase the Shares in {t} with full title guarantee, free from all Encumbrances.",
               "2. Consideration. The consideration for the Shares shall be GBP 61,750,000, subject to adjustment in accordance with the Completion Accounts.",
               "3. Warranties. The Seller warrants to the Buyer that each Warranty set out in Schedule 4 is true and accurate at the date of this agreement.",
               "4. Conditions. Completion is conditional on the NSIA Condition being satisfied or waived."],
    },
    "non_disclosure_agreement": {
        "de": ["1. Vertrauliche Informationen sind alle Informationen, die eine Partei der anderen im Zusammenhang mit dem geplanten Vorhaben offenlegt.", "2. Die empfangende Partei verpflichtet sich, Vertrauliche Informationen geheim zu halten und nur für die Prüfung des Vorhabens zu verwenden.", "3. Diese Vereinbarung endet zwei Jahre nach ihrer Unterzeichnung."],
        "en": ["1. Confidential Information means all information disclosed by or on behalf of the Disclosing Party in connection with the Proposed Transaction.", "2. The Recipient shall keep the Confidential Information confidential and use it solely for evaluating the Proposed Transaction.", "3. This agreement shall terminate 24 months after the date hereof."],
    },
    "services_agreement": {"de": ["§ 1 Leistungen. Der Auftragnehmer erbringt die in Anlage 1 beschriebenen Dienstleistungen.", "§ 2 Vergütung. Die Vergütung erfolgt nach Aufwand zu den Stundensätzen gemäß Anlage 2.", "§ 3 Laufzeit. Der Vertrag läuft auf unbestimmte Zeit und ist mit einer Frist von drei Monaten kündbar."],
                           "en": ["1. Services. The Supplier shall provide the Services described in Schedule 1.", "2. Charges. The Customer shall pay the Charges monthly in arrears.", "3. Term. This agreement continues until terminated on three months' notice."]},
    "supply_agreement": {"de": ["§ 1 Vertragsgegenstand. Der Lieferant liefert dem Besteller Frästeile und Baugruppen nach Einzelabruf.", "§ 2 Preise und Abrufe. Es gelten die Preise der Preisliste 2023; Abrufe erfolgen über das EDI-Portal.", "§ 9 Kontrollwechsel. Im Falle eines Kontrollwechsels beim Besteller ist der Lieferant zur außerordentlichen Kündigung berechtigt."]},
    "licence_agreement": {"de": ["§ 1 Lizenzgegenstand. Die Lizenzgeberin räumt der Lizenznehmerin eine ausschließliche Lizenz an der Marke „OSTWALD URSTOFF“ (DE 30 2011 048 812) für das Gebiet Frankreich ein.", "§ 2 Lizenzgebühr. Die Lizenznehmerin zahlt eine Lizenzgebühr von 4,5 % des Nettoumsatzes, abzurechnen quartalsweise.", "§ 3 Qualitätskontrolle. Die Lizenznehmerin hält die Rezeptur und das Reinheitsgebot ein."]},
    "lease_agreement": {"de": ["§ 1 Mietgegenstand. Vermietet wird die Lagerhalle Halle 3 mit ca. 8.400 m² Hallenfläche nebst 1.100 m² Büro- und Sozialflächen, Industriestraße 17, 25462 Rellingen.", "§ 3 Mietzeit. Das Mietverhältnis beginnt am 01.10.2024 und wird auf die Dauer von zehn Jahren fest abgeschlossen.", "§ 4 Miete. Die monatliche Nettokaltmiete beträgt EUR 52.080 zuzüglich Umsatzsteuer und Nebenkostenvorauszahlung.", "§ 12 Schriftform. Die Parteien verpflichten sich, alle Handlungen vorzunehmen, um der gesetzlichen Schriftform Genüge zu tun."]},
    "sublease_agreement": {"de": ["§ 1 Untermietgegenstand. Der Hauptmieter vermietet an den Untermieter eine Teilfläche von 1.850 m² der Halle 3 im Objekt Rellingen.", "§ 2 Hauptmietvertrag. Der Untermietvertrag ist in seinem Bestand vom Hauptmietvertrag abhängig.", "§ 3 Untermiete. Die Untermiete beträgt EUR 6,40 je m² netto kalt."]},
    "employment_contract": {"de": ["§ 1 Beginn und Tätigkeit. Der Arbeitnehmer wird ab dem 01.04.2017 als Leiter Vertrieb Industriepumpen eingestellt.", "§ 4 Vergütung. Das Bruttojahresgehalt beträgt EUR 96.000, zahlbar in zwölf Monatsraten.", "§ 11 Kündigung. Es gelten die gesetzlichen Kündigungsfristen."],
                            "en": ["1. Commencement. Your employment begins on 1 March 2021 as Head of Platform Engineering.", "2. Salary. Your salary is GBP 118,000 per annum, paid monthly.", "3. Notice. Either party may terminate on three months' written notice."]},
    "managing_director_service_agreement": {"de": ["§ 1 Bestellung. Die Geschäftsführerin ist durch Beschluss der Gesellschafterversammlung zur Geschäftsführerin bestellt; sie vertritt die Gesellschaft gemeinsam mit einem weiteren Geschäftsführer.", "§ 3 Bezüge. Die Geschäftsführerin erhält ein festes Jahresgehalt von EUR 210.000 brutto sowie eine variable Tantieme.", "§ 9 Nachvertragliches Wettbewerbsverbot. Für die Dauer von zwölf Monaten nach Beendigung unterlässt die Geschäftsführerin jede Tätigkeit für ein Wettbewerbsunternehmen."]},
    "termination_agreement": {"de": ["§ 1 Beendigung. Die Parteien sind sich einig, dass das Arbeitsverhältnis auf Veranlassung der Arbeitgeberin aus betriebsbedingten Gründen mit Ablauf des 31.03.2024 enden wird.", "§ 2 Abfindung. Die Arbeitgeberin zahlt eine Abfindung in Höhe von EUR 74.500 brutto.", "§ 5 Zeugnis. Der Arbeitnehmer erhält ein wohlwollendes qualifiziertes Arbeitszeugnis mit der Gesamtnote „gut“.", "§ 8 Erledigung. Mit Erfüllung dieser Vereinbarung sind alle wechselseitigen Ansprüche erledigt."]},
    "settlement_agreement": {"de": ["1. Die Parteien schließen zur Beilegung ihres Rechtsstreits den folgenden Vergleich.", "2. Die Antragsgegnerin zahlt zur Abgeltung sämtlicher Ansprüche einen Betrag von EUR 415.000.", "3. Die Kosten des Verfahrens werden gegeneinander aufgehoben."], "en": ["1. In full and final settlement of the Claims the Defendant shall pay the Claimant GBP 240,000.", "2. Each party bears its own costs."]},
    "loan_agreement": {"en": ["1. The Lender makes available to the Borrower a term loan facility in an aggregate amount of EUR 18,000,000.", "2. The Borrower shall repay the Loan in full on the Termination Date.", "3. Interest accrues at EURIBOR plus a margin of 6.25 per cent. per annum."], "de": ["§ 1 Darlehen. Die Darlehensgeberin gewährt der Darlehensnehmerin ein Darlehen über EUR 18.000.000.", "§ 2 Zinsen. Das Darlehen ist mit EURIBOR zuzüglich 6,25 % p.a. zu verzinsen."]},
    "facility_agreement": {"en": ["1. The Facility. Subject to the terms of this Agreement, the Lenders make available to the Borrower a sterling term loan facility in an aggregate amount equal to GBP 145,000,000.", "2. Purpose. The Borrower shall apply all amounts borrowed by it towards financing the consideration payable for the Target.", "3. Conditions of utilisation. The Borrower may not deliver a Utilisation Request unless the Agent has received all of the documents listed in Part I of Schedule 2.", "24. Financial covenants. The Borrower shall ensure that Leverage in respect of any Relevant Period does not exceed 5.75:1."]},
    "guarantee": {"en": ["1. Guarantee. The Guarantor irrevocably and unconditionally guarantees to each Finance Party punctual performance by the Borrower of all its obligations under the Finance Documents.", "2. Continuing guarantee. This guarantee is a continuing guarantee and extends to the ultimate balance of sums payable."], "de": ["1. Die Bürgin übernimmt gegenüber der Vermieterin die selbstschuldnerische Bürgschaft für alle Ansprüche aus dem Mietvertrag bis zu einem Höchstbetrag von EUR 187.488.", "2. Auf die Einreden der Anfechtbarkeit, der Aufrechenbarkeit und der Vorausklage wird verzichtet."]},
    "security_agreement": {"de": ["§ 1 Verpfändung. Der Verpfänder verpfändet hiermit sämtliche Geschäftsanteile an der Gesellschaft an den Sicherheitentreuhänder als Pfandgläubiger.", "§ 2 Sicherungszweck. Das Pfandrecht sichert alle gegenwärtigen und künftigen Ansprüche der Finanzierungsparteien aus den Finanzierungsdokumenten.", "§ 6 Verwertung. Die Verwertung erfolgt nach Eintritt eines Verwertungsfalls gemäß §§ 1273 ff. BGB."], "en": ["1. Charge. The Chargor charges by way of first fixed charge all of its Shares in favour of the Security Agent.", "2. Enforcement. The Security shall become enforceable on the occurrence of a Declared Default."]},
    "shareholders_agreement": {"en": ["1. Board. The Company shall have an advisory board of five members, two of whom shall be nominated by the Series B Investors.", "2. Reserved matters. The Company shall not take any Reserved Matter without Investor Majority consent.", "3. Transfers. Drag-along and tag-along rights apply as set out in clauses 14 and 15.", "4. Liquidation preference. The Series B Investors shall receive a 1x non-participating liquidation preference."]},
    "investment_agreement": {"en": ["1. Capital increase. The Company's share capital shall be increased from EUR 61,240 by EUR 14,860 to EUR 76,100 through the issuance of 14,860 Series B Shares.", "2. Subscription. The Investors shall subscribe for the New Shares and pay an additional contribution into the capital reserves of EUR 24,517,000.", "3. Guarantees of the Founders. Each Founder guarantees to the Investors that the statements in Annex 6 are true and correct."]},
    "articles_of_association": {"de": ["§ 1 Firma und Sitz. Die Firma der Gesellschaft lautet {t}. Sitz der Gesellschaft ist {c}.", "§ 3 Stammkapital. Das Stammkapital der Gesellschaft beträgt EUR 76.100.", "§ 7 Geschäftsführung und Vertretung. Die Gesellschaft hat einen oder mehrere Geschäftsführer. Ist nur ein Geschäftsführer bestellt, vertritt er die Gesellschaft allein."]},
    "amendment_agreement": {"de": ["§ 1 Änderung. § 4 Absatz 1 des Vertrages wird wie folgt neu gefasst: „Die monatliche Nettokaltmiete beträgt EUR 54.180.“", "§ 2 Im Übrigen bleibt der Vertrag unverändert in Kraft."], "en": ["1. Amendments. With effect from the Effective Date, the Original Agreement shall be amended as set out in the Schedule.", "2. Continuing obligations. Save as amended by this letter, the Original Agreement remains in full force and effect."]},
    "annex_schedule": {"de": ["Die Baubeschreibung regelt die vom Vermieter herzustellende Ausstattung: Hallenhöhe 12,20 m UKB, Bodentraglast 5 t/m², zwölf Rolltore mit Überladebrücken, Sprinkleranlage nach VdS.", "Abweichungen bedürfen der Zustimmung der Mieterin."], "en": ["This Schedule sets out the conditions precedent documents."]},
    "side_letter": {"en": ["We refer to the shareholders' agreement relating to the Company dated on or about the date of this letter.", "The Company agrees to provide the Investor with the ESG reporting described in the Appendix within 120 days of each financial year end.", "This letter is governed by German law."]},
    "term_sheet": {"en": ["Issuer: {t}. Investors: the Series B Investors.", "Pre-money valuation: EUR 92,000,000 on a fully diluted basis.", "Liquidation preference: 1x non-participating.", "Except for confidentiality, exclusivity and governing law, this term sheet is not legally binding."]},
    "letter_of_intent": {"en": ["We are pleased to submit this non-binding indicative offer for the entire issued share capital of {t}.", "Our offer values the Target at GBP 61,750,000 on a cash-free, debt-free basis.", "We request a period of exclusivity of six weeks."], "de": ["Wir bestätigen hiermit unser unverbindliches Interesse am Erwerb sämtlicher Geschäftsanteile an der {t}.", "Die Absichtserklärung begründet keine Verpflichtung zum Abschluss eines Kaufvertrages."]},
    "works_agreement": {"de": ["§ 1 Geltungsbereich. Diese Betriebsvereinbarung gilt für alle Arbeitnehmerinnen und Arbeitnehmer der Standorte Esslingen und Plochingen mit Ausnahme der leitenden Angestellten.", "§ 3 Umfang. Mobile Arbeit ist an bis zu zwei Arbeitstagen je Woche möglich.", "§ 6 Arbeitszeit und Erreichbarkeit. Die Kernarbeitszeit von 9:30 Uhr bis 14:30 Uhr gilt auch bei mobiler Arbeit.", "§ 11 Einigungsstelle. Bei Meinungsverschiedenheiten entscheidet die Einigungsstelle."]},
    "data_processing_agreement": {"de": ["§ 1 Gegenstand. Der Auftragsverarbeiter verarbeitet personenbezogene Daten im Auftrag des Verantwortlichen gemäß Art. 28 DSGVO."]},
    "disclosure_letter": {"de": ["Die Verkäuferin legt gegenüber der Käuferin die folgenden Umstände offen, die als Ausnahme zu den Garantien gelten.", "Offenlegung zu Garantie 3.1.14 (Wesentliche Verträge): Der Liefervertrag mit der Tellkamp Anlagenbau GmbH, Gersthofen, enthält eine Change-of-Control-Klausel."]},
    "escrow_agreement": {"de": ["§ 1 Treuhandbetrag. Ein Teilbetrag des Kaufpreises von EUR 3.840.000 wird auf ein Treuhandkonto eingezahlt.", "§ 2 Freigabe. Der Treuhänder gibt den Betrag nach Ablauf von 18 Monaten frei, soweit keine Ansprüche angemeldet sind."]},
    "policy": {"de": ["1. Zweck. Diese Richtlinie legt die Anforderungen an die IT-Sicherheit bei mobiler Arbeit für alle Beschäftigten der Halvard Pumpen GmbH fest.", "2. Geräte. Es dürfen nur von der Gesellschaft bereitgestellte Endgeräte genutzt werden.", "3. Vertraulichkeit. Dokumente sind vor Einsichtnahme Dritter zu schützen."]},
    "shareholder_resolution": {"de": ["Die Gesellschafter der {t} halten unter Verzicht auf alle Frist- und Formvorschriften eine Gesellschafterversammlung ab und beschließen einstimmig:", "1. Frau Friederike Sollmann, geboren am 14.02.1979, wohnhaft in Hamburg, wird mit sofortiger Wirkung zur Geschäftsführerin der Gesellschaft bestellt.", "2. Der Geschäftsführer-Dienstvertrag in der als Anlage beigefügten Fassung wird genehmigt."],
                               "en": ["The shareholders of {t} hereby resolve, waiving all formal and notice requirements:", "1. The share capital of the Company is increased in accordance with the Investment Agreement.", "2. The articles of association are amended as set out in the Annex."]},
    "board_minutes": {"en": ["Present: the directors. In attendance: Oliver Tremayne (Haverkamp Sterling LLP).", "1. Quorum. The chair noted that a quorum was present.", "2. Finance Documents. The directors considered the Facility Agreement and the Guarantee and resolved that entry into them would promote the success of the Company."], "de": ["Teilnehmer: Geschäftsführung, Vorsitzender des Betriebsrats, Dr. Yusuf Demirel (Haverkamp Sterling).", "TOP 1: Umfang der mobilen Arbeit. Der Betriebsrat fordert drei Tage; die Geschäftsführung bietet zwei Tage an.", "TOP 2: Ausstattung. Einigung über eine Pauschale von EUR 20 monatlich."]},
    "register_extract": {"de": ["Handelsregister B des Amtsgerichts {court}. Nummer der Firma: {reg}.", "1. Anzahl der bisherigen Eintragungen: 14. 2. a) Firma: {t}. b) Sitz: {c}.", "4. Vertretungsregelung: Ist ein Geschäftsführer bestellt, so vertritt er die Gesellschaft allein. Sind mehrere Geschäftsführer bestellt, wird die Gesellschaft gemeinsam durch zwei Geschäftsführer oder durch einen Geschäftsführer in Gemeinschaft mit einem Prokuristen vertreten.", "Abruf vom 12.03.2024 10:14 Uhr."],
                         "en": ["Company number {reg}. Registered office address: {street}, {c}.", "Company status: Active. Company type: Private limited Company.", "Persons with significant control: 1 active person with significant control."]},
    "register_filing": {"de": ["Zur Eintragung in das Handelsregister wird angemeldet:", "Frau Friederike Sollmann ist zur Geschäftsführerin bestellt. Sie vertritt die Gesellschaft gemeinsam mit einem anderen Geschäftsführer oder einem Prokuristen.", "Die Geschäftsführerin versichert, dass keine Umstände vorliegen, die ihrer Bestellung nach § 6 Abs. 2 GmbHG entgegenstehen."]},
    "shareholder_list": {"de": ["Liste der Gesellschafter der {t} nach § 40 GmbHG.", "Lfd. Nr. 1 – 250.000: Kestrel Aerostructures GmbH, Hamburg, HRB 92114; Nennbetrag je EUR 1,00; Prozent 100,00 %.", "Veränderungsspalte: Abtretung gemäß Urkunde UR-Nr. 1187/2024 W."]},
    "cap_table": {},
    "power_of_attorney": {"de": ["Hiermit wird Haverkamp Sterling Rechtsanwälte PartG mbB, insbesondere den Rechtsanwälten Dr. Regine Kessler und Jonas Steinhoff, Vollmacht erteilt.", "Die Vollmacht umfasst die Befugnis zur Prozessführung einschließlich der Befugnis zur Erhebung und Zurücknahme von Widerklagen sowie zum Abschluss von Vergleichen."], "en": ["Know all persons by these presents that the Grantor appoints each of the Attorneys to be its attorney and in its name to execute the Finance Documents.", "This power of attorney is governed by English law."]},
    "kyc_form": {"de": ["Identifizierung gemäß §§ 10, 11 GwG. Vertragspartner: {t}.", "Wirtschaftlich Berechtigter: Kestrel Aerospace Holding B.V. (100 %), über diese mittelbar die Familie van Dorsten.", "Transparenzregister-Auszug eingesehen am 05.03.2024. Risikobewertung: normal."]},
    "statement_of_claim": {"de": ["Namens und in Vollmacht der Klägerin erheben wir Klage und werden beantragen:", "1. Die Beklagte wird verurteilt, an die Klägerin EUR 1.284.611,37 nebst Zinsen in Höhe von neun Prozentpunkten über dem Basiszinssatz seit dem 01.09.2023 zu zahlen.", "2. Die Beklagte trägt die Kosten des Rechtsstreits.", "Begründung: Die Klägerin verlangt Schadensersatz wegen des Verlusts von 14 Wechselbrücken mit Elektronikware während eines Unterfrachtauftrags."],
                           "en": ["The Claimant seeks damages for breach of contract in the sum of GBP 2,140,000."]},
    "statement_of_defence": {"de": ["Wir zeigen an, dass wir die Beklagte vertreten, und beantragen, die Klage abzuweisen.", "Die Klage ist unbegründet. Die Beklagte haftet allenfalls beschränkt nach Art. 23 CMR bzw. § 431 HGB.", "Der behauptete Schaden wird mit Nichtwissen bestritten."]},
    "reply_brief": {"de": ["Auf die Klageerwiderung vom 18.03.2024 erwidern wir wie folgt:", "Die Beklagte kann sich nicht auf die Haftungsbegrenzung berufen, da ihr qualifiziertes Verschulden im Sinne von § 435 HGB zur Last fällt.", "Beweis: Zeugnis des Disponenten Herrn Gerrit Okonkwo, zu laden über die Klägerin."]},
    "court_order": {"de": ["In dem Rechtsstreit wird gemäß § 358a ZPO Beweis erhoben über die Behauptung der Klägerin, die Wechselbrücken seien auf dem unbewachten Parkplatz abgestellt worden,", "durch Vernehmung des Zeugen Gerrit Okonkwo.", "Die Ladung des Zeugen wird von der Einzahlung eines Auslagenvorschusses von EUR 300 abhängig gemacht."]},
    "procedural_order": {"de": ["1. Sitz des Schiedsverfahrens ist Frankfurt am Main. Verfahrenssprache ist Deutsch.", "2. Die Schiedsklägerin reicht ihre Schiedsklagebegründung bis zum 15.07.2024 ein.", "3. Für Dokumentenvorlage gelten die IBA Rules on the Taking of Evidence als Richtschnur."]},
    "judgment": {"de": ["Im Namen des Volkes", "1. Die Beklagte wird verurteilt, an die Klägerin EUR 1.102.400,00 nebst Zinsen hieraus in Höhe von neun Prozentpunkten über dem Basiszinssatz seit dem 01.09.2023 zu zahlen. Im Übrigen wird die Klage abgewiesen.", "2. Von den Kosten des Rechtsstreits tragen die Klägerin 14 % und die Beklagte 86 %.", "3. Das Urteil ist gegen Sicherheitsleistung in Höhe von 110 % des jeweils zu vollstreckenden Betrages vorläufig vollstreckbar."]},
    "summons": {"de": ["In dem Rechtsstreit wird Termin zur Güteverhandlung und anschließenden mündlichen Verhandlung bestimmt auf", "Dienstag, 23.04.2024, 10:30 Uhr, Sitzungssaal 2.14.", "Das persönliche Erscheinen der Parteien wird angeordnet (§ 141 ZPO)."]},
    "cost_assessment": {"de": ["Auf Antrag der Klägerin werden die von der Beklagten an die Klägerin nach dem Urteil zu erstattenden Kosten auf EUR 31.877,20 nebst Zinsen in Höhe von fünf Prozentpunkten über dem Basiszinssatz festgesetzt."]},
    "expert_report": {"de": ["1. Auftrag. Der Sachverständige wurde beauftragt, die Ursache der Undichtigkeiten am Würzekessel und am Lagertank LT 4 festzustellen.", "2. Befund. An den Schweißnähten der Tankzarge wurden Bindefehler festgestellt, die auf eine mangelhafte Ausführung zurückzuführen sind.", "3. Ergebnis. Die Mängel sind nicht auf Bedienungsfehler der Betreiberin zurückzuführen."]},
    "witness_statement": {"de": ["Ich bin seit 2016 als Disponent bei der Klägerin tätig.", "Am Abend des 14.08.2023 habe ich mit dem Fahrer des Subunternehmers telefoniert."]},
    "warning_letter": {"de": ["Unsere Mandantin ist Inhaberin der eingetragenen Marke „OSTWALD URSTOFF“. Sie vertreiben unter der Bezeichnung „ZELLINGER URSTOFF-BRÄU“ ein Bier, das die Markenrechte unserer Mandantin verletzt.", "Wir fordern Sie auf, die beigefügte strafbewehrte Unterlassungserklärung bis zum 30.10.2019 unterzeichnet zurückzusenden."],
                       "de2": ["Sie sind am 12.09.2023 trotz vorheriger Abmahnung erneut der Teamsitzung unentschuldigt ferngeblieben.", "Wir mahnen dieses Verhalten hiermit ab. Im Wiederholungsfall müssen Sie mit einer Kündigung rechnen."]},
    "dismissal_notice": {"de": ["hiermit kündigen wir das mit Ihnen bestehende Arbeitsverhältnis ordentlich und fristgerecht zum 31.03.2024, hilfsweise zum nächstmöglichen Termin.", "Der Betriebsrat wurde vor Ausspruch der Kündigung ordnungsgemäß angehört.", "Wir weisen Sie darauf hin, dass Sie sich unverzüglich bei der Agentur für Arbeit arbeitssuchend melden müssen."]},
    "letter": {},
    "memo": {"de": ["Sachverhalt: Die Mandantin beabsichtigt, Darlehen an deutsche mittelständische Unternehmen aus einem Fonds heraus zu vergeben.", "Rechtliche Würdigung: Die Vergabe von Gelddarlehen ist ein Kreditgeschäft im Sinne von § 1 Abs. 1 S. 2 Nr. 2 KWG; maßgeblich ist das grenzüberschreitende Angebot an Kunden im Inland.", "Ergebnis: Eine Erlaubnis ist nicht erforderlich, soweit der Fonds als AIF nach § 20 Abs. 9 KAGB handelt."],
             "en": ["Background: the client wishes to understand the key employment law risks identified in the data room.", "Analysis: the TUPE position is not relevant to a share sale, but the change of control provisions in the senior employees' contracts should be reviewed.", "Recommendation: request specific indemnity cover for the disputed bonus claims."]},
    "file_note": {"de": ["Telefonat mit der Mandantin am heutigen Tag, Dauer ca. 25 Minuten.", "Die Mandantin bittet um Prüfung, ob ein Vergleich auf Basis von 80 % der Klageforderung wirtschaftlich sinnvoll ist.", "Nächster Schritt: Vergleichsvorschlag an die Gegenseite nach Rücksprache mit der Geschäftsführung."], "en": ["Call with the client this morning (approx. 20 minutes).", "Client confirmed the revised timetable and asked for a short summary of open points.", "Next step: circulate updated issues list."]},
    "newsletter": {"de": ["Das Bundesarbeitsgericht hat mit Urteil vom 13.09.2022 (1 ABR 22/21) entschieden, dass Arbeitgeber zur Erfassung der Arbeitszeit verpflichtet sind.", "Was bedeutet das für Ihr Unternehmen? Wir geben einen Überblick über die praktischen Folgen.", "Ansprechpartner: Dr. Yusuf Demirel, Partner, Stuttgart."], "en": ["The Economic Crime and Corporate Transparency Act 2023 introduces a new failure to prevent fraud offence.", "What should businesses do now? We summarise the key steps."]},
    "legal_opinion": {"en": ["We have acted as German legal advisers to the Addressee in connection with the Agreement.", "Based on the assumptions and subject to the qualifications set out below, we are of the opinion that the extension of the Loan by the Lender to the Borrower does not require a licence under the German Banking Act (KWG).", "This opinion is governed by German law and is given for the sole benefit of the Addressee."],
                      "de": ["Wir sind gebeten worden, zur Frage der Erlaubnispflicht Stellung zu nehmen.", "Nach unserer Auffassung ist eine Erlaubnis nach § 32 KWG nicht erforderlich."]},
    "due_diligence_report": {"en": ["1. Executive summary. We have identified three red flag issues: (i) the change of control clause in the AWS reseller agreement; (ii) unregistered IP in the core analytics platform; (iii) a pending employment tribunal claim.", "2. Scope. Our review covered the documents made available in the virtual data room until 14 June 2024.", "3. Corporate. The Target's issued share capital consists of 1,000,000 ordinary shares of GBP 0.01 each."],
                             "de": ["1. Zusammenfassung. Wesentliche Risiken bestehen bei den Lieferverträgen (Change of Control) und bei der Pensionsverpflichtung gegenüber dem früheren Geschäftsführer.", "2. Gesellschaftsrechtliche Verhältnisse. Die Gesellschafterliste ist lückenlos und entspricht den Abtretungsurkunden.", "3. Wesentliche Verträge. Der Liefervertrag mit der Tellkamp Anlagenbau GmbH (Gersthofen, HRB 7310 AG Augsburg) ist bei Kontrollwechsel kündbar."]},
    "checklist": {},
    "issues_list": {"de": ["Nr. 1 – Garantiekatalog: Verkäuferin lehnt Steuergarantie ab; Käuferin besteht auf Freistellung.", "Nr. 2 – Haftungshöchstbetrag: 10 % vs. 30 % des Kaufpreises.", "Nr. 3 – Wettbewerbsverbot: zwei Jahre."]},
    "invoice": {"de": ["Für unsere anwaltliche Tätigkeit im Leistungszeitraum erlauben wir uns, wie folgt abzurechnen:", "Honorar gemäß Vergütungsvereinbarung: 42,5 Stunden à EUR 390,00 = EUR 16.575,00", "Auslagenpauschale: EUR 20,00; zzgl. 19 % USt. EUR 3.153,05; Gesamtbetrag EUR 19.748,05", "Zahlbar innerhalb von 14 Tagen ohne Abzug."]},
    "fee_note": {"en": ["To professional services rendered in connection with the above matter for the period to 31 May 2024.", "Fees: GBP 48,250.00. Disbursements: GBP 312.40. VAT at 20%: GBP 9,712.48. Total: GBP 58,274.88.", "Payment is due within 30 days."]},
    "engagement_letter": {"de": ["Wir bedanken uns für das Mandat und bestätigen die Bedingungen unserer Beauftragung.", "Umfang des Mandats: Beratung und Vertretung im Zusammenhang mit der oben genannten Angelegenheit.", "Vergütung: Wir rechnen nach Zeitaufwand ab; der Stundensatz für Partner beträgt EUR 480, für Associates EUR 310.", "Haftung: Unsere Haftung ist für Fälle einfacher Fahrlässigkeit auf EUR 10.000.000 beschränkt."],
                          "en": ["Thank you for instructing us. This letter sets out the basis on which we will act.", "Scope: advising the Client in relation to the matter described above.", "Fees: our fees will be charged on a time basis at the hourly rates set out in the Schedule.", "Our liability is limited to GBP 25,000,000."]},
    "time_sheet": {},
    "budget_estimate": {"de": ["Für das Schiedsverfahren bis zur mündlichen Verhandlung schätzen wir den Aufwand auf 380 bis 460 Stunden.", "Hinzu kommen die Kosten des Schiedsgerichts und die Verwaltungsgebühr der DIS nach deren Kostentabelle."], "en": ["We estimate our fees for the transaction up to signing at GBP 185,000 to GBP 220,000 (exclusive of VAT and disbursements).", "The estimate assumes a single round of due diligence and no more than three turns of the facility agreement."]},
    "template": {"de": ["Zwischen [Name der Partei 1] und [Name der Partei 2] wird folgende Vereinbarung geschlossen:", "1. [Vertrauliche Informationen] ...", "Hinweis: Dieses Muster ist vor Verwendung an den Einzelfall anzupassen."], "en": ["THIS AGREEMENT is dated [DATE] and made between [SELLER] and [BUYER].", "[Drafting note: adjust warranties to the transaction.]"]},
    "trademark_certificate": {"de": ["Registernummer: 30 2011 048 812. Marke: OSTWALD URSTOFF. Markenform: Wortmarke.", "Inhaber: Ostwald Brauerei KG, Bamberg. Klassen: 32, 33.", "Tag der Eintragung: 27.01.2012."]},
    "authority_letter": {"de": ["Sehr geehrte Damen und Herren,", "wir nehmen Bezug auf Ihre Anfrage vom 22.04.2024 zur Erlaubnispflicht von Darlehensvergaben durch EU-AIF an die Drossel Maschinenbau GmbH.", "Nach vorläufiger Einschätzung der Bundesanstalt ist ...", "Mit freundlichen Grüßen, im Auftrag"]},
    "deadline_list": {},
    "spreadsheet": {},
    "presentation": {},
    "data_room_index": {},
    "due_diligence_request_list": {},
    "asset_purchase_agreement": {"de": ["§ 1 Kaufgegenstand. Die Verkäuferin verkauft die in Anlage 1 aufgeführten Wirtschaftsgüter des Geschäftsbereichs Großpumpen."]},
    "framework_agreement": {"de": ["§ 1 Gegenstand. Dieser Rahmenvertrag regelt die Bedingungen, zu denen Einzelaufträge erteilt werden."]},
}

T["framework_agreement"]["de"] += ["§ 2 Einzelaufträge. Der Unterfrachtführer übernimmt Transporte von Wechselbrücken zwischen den Umschlagpunkten des Auftraggebers nach Einzelauftrag.", "§ 6 Sicherung. Beladene Wechselbrücken dürfen nur auf bewachten Parkplätzen abgestellt werden.", "§ 9 Haftung. Es gelten die Vorschriften des HGB; die Haftung ist auf 40 Sonderziehungsrechte je Kilogramm erweitert."]
T["asset_purchase_agreement"]["de"] += ["§ 2 Übernommene Verträge. Die Käuferin tritt mit Wirkung zum Vollzugstag in die in Anlage 2 aufgeführten Verträge ein; § 613a BGB bleibt unberührt.", "§ 3 Kaufpreis. Der Kaufpreis für die Wirtschaftsgüter beträgt EUR 36.900.000."]
T["services_agreement"]["en"] += ["4. Service levels. The Supplier shall meet the Service Levels in Schedule 3; service credits are the Customer's sole remedy for failures.", "5. Change of control. The Customer may terminate on 30 days' notice if the Supplier undergoes a change of control."]
T["data_processing_agreement"]["en"] = ["1. The Processor shall process Customer Personal Data only on documented instructions from the Controller, in accordance with Article 28 UK GDPR.", "2. Sub-processors. The Processor may engage the sub-processors listed in Annex 3.", "3. International transfers are subject to the International Data Transfer Addendum."]

ARB_CLAUSE = {
    "de": "Alle Streitigkeiten, die sich im Zusammenhang mit diesem Vertrag ergeben, werden nach der Schiedsgerichtsordnung der Deutschen Institution für Schiedsgerichtsbarkeit e.V. (DIS) unter Ausschluss des ordentlichen Rechtswegs endgültig entschieden.",
    "en": "Any dispute arising out of or in connection with this agreement shall be referred to and finally resolved by arbitration under the LCIA Rules; the seat of arbitration shall be London.",
    "de_court": "Ausschließlicher Gerichtsstand für alle Streitigkeiten aus diesem Vertrag ist Hamburg; zuständig ist das Landgericht Hamburg.",
    "en_court": "The courts of England have exclusive jurisdiction to settle any dispute arising out of or in connection with this agreement.",
}

CONTRACTS = {
    "share_purchase_agreement", "asset_purchase_agreement", "non_disclosure_agreement", "services_agreement",
    "framework_agreement", "supply_agreement", "licence_agreement", "lease_agreement", "sublease_agreement",
    "employment_contract", "managing_director_service_agreement", "termination_agreement", "settlement_agreement",
    "loan_agreement", "facility_agreement", "guarantee", "security_agreement", "shareholders_agreement",
    "investment_agreement", "amendment_agreement", "side_letter", "term_sheet", "works_agreement",
    "data_processing_agreement", "escrow_agreement", "letter_of_intent",
}
BRIEFS = {"statement_of_claim", "statement_of_defence", "reply_brief", "witness_statement"}
COURT_DOCS = {"court_order", "judgment", "summons", "cost_assessment", "procedural_order"}
LETTERS = {"letter", "warning_letter", "dismissal_notice", "engagement_letter", "authority_letter", "invoice", "fee_note"}

FORUM = {
    "0412/23": ("Landgericht Frankfurt am Main", "6. Zivilkammer", "Az.: 2-06 O 155/24", "Rechtsstreit", "wegen Schadensersatz aus Frachtvertrag"),
    "0388/24": ("Schiedsgericht – DIS-Schiedsverfahren", "Vorsitzender: Prof. Dr. Albrecht Nüsslein", "DIS-SV-B-614/24", "Schiedsverfahren", "wegen Gewährleistung aus Anlagenbauvertrag"),
    "AKT-2023-0091": ("Arbeitsgericht Stuttgart", "Kammern Esslingen", "Az.: 9 Ca 2211/23", "Rechtsstreit", "wegen Kündigung"),
}
ROLE_EN = {"de": ("zwischen", "und", "– nachfolgend „{r}“ –"), "en": ("between", "and", "(the \"{r}\")")}


def fill(text: str, d: Doc) -> str:
    first = C[d.parties[0][0]] if d.parties else None
    return text.format(t=d.extra_t if getattr(d, "extra_t", "") else (first.name if first else ""),
                       c=(first.city.split(" ", 1)[-1] if first else ""), reg=(first.reg if first else ""),
                       court=(first.court if first else ""), street=(first.street if first else ""))


def marker_text(d: Doc) -> str | None:
    if d.marker == "auto":
        m = MATTERS[d.matter]
        return (m.marker_de if d.lang == "de" else m.marker_en) or None
    return d.marker


def lines_of(d: Doc, key: str | None = None) -> list[str]:
    lib = T.get(d.doc_type, {})
    paras = lib.get(key or d.lang) or []
    return [fill(p, d) for p in paras]


def firm_head(d: Doc, office=None):
    m = MATTERS.get(d.matter) if d.matter else None
    lawyer = LAWYERS[m.lawyer] if m else LAWYERS["KL"]
    if office is None:
        office = FIRM_ADDR_L if (d.lang == "en" and m and m.lawyer in ("OT", "HPW")) else (
            FIRM_ADDR_F if m and m.lawyer in ("RKe", "MHo") else FIRM_ADDR_S if m and m.lawyer == "YD" else FIRM_ADDR_HH)
    firm = FIRM_EN if office is FIRM_ADDR_L else FIRM_DE
    return firm, office, lawyer


def fmt_date(x: date, lang: str) -> str:
    if lang == "de":
        months = ["Januar", "Februar", "März", "April", "Mai", "Juni", "Juli", "August", "September", "Oktober", "November", "Dezember"]
        return f"{x.day}. {months[x.month - 1]} {x.year}"
    months = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"]
    return f"{x.day} {months[x.month - 1]} {x.year}"


def blocks_for(d: Doc) -> list[tuple[str, str]]:
    if d.blocks:
        return d.blocks
    lang, dt = d.lang, d.doc_type
    out: list[tuple[str, str]] = []
    mk = marker_text(d)
    body = lines_of(d)
    if dt in CONTRACTS:
        out.append(("h", d.title))
        if mk:
            out.append(("p", mk))
        w_between, w_and, w_role = ROLE_EN[lang]
        out.append(("c", w_between))
        for i, (key, role) in enumerate(d.parties):
            if i:
                out.append(("c", w_and))
            out.append(("p", C[key].intro(lang) + " " + w_role.format(r=role)))
        out.append(("p", "wird Folgendes vereinbart:" if lang == "de" else "IT IS AGREED as follows:"))
        out.extend(("p", p) for p in body)
        out.extend(("p", p) for p in d.extra)
        out.extend(("p", p) for p in trap_lines(d.traps, lang))
        if dt in ("lease_agreement", "sublease_agreement", "amendment_agreement") and lang == "de":
            out.append(("p", "Gerichtsstand ist, soweit gesetzlich zulässig, der Ort der Mietsache." if d.matter == "RELLINGEN" else ARB_CLAUSE["de_court"]))
        elif dt not in ("term_sheet", "letter_of_intent", "side_letter", "termination_agreement", "employment_contract", "works_agreement", "settlement_agreement"):
            out.append(("p", ARB_CLAUSE[lang] if d.matter in ("0388/24", "2024_0173", "SANDPIPER") else ARB_CLAUSE[lang + "_court"]))
        place = firm_head(d)[1][1].split(" ", 1)[1].replace("London EC3M 5BS", "London")
        out.append(("p", f"{place}, den {fmt_date(d.date, 'de')}" if lang == "de" else f"Dated {fmt_date(d.date, 'en')}"))
        for key, role in d.parties:
            out.append(("sig", ("für " if lang == "de" and C[key].country != "person" else "for " if C[key].country != "person" else "") + C[key].name + "  ____________________"))
        return out
    if dt in BRIEFS or dt in COURT_DOCS:
        forum = FORUM.get(d.matter, FORUM["0412/23"])
        firm, office, lawyer = firm_head(d)
        if dt in BRIEFS:
            out.append(("p", f"{firm} · {office[0]} · {office[1]}"))
            out.append(("p", f"An das {forum[0]}" if forum[0].startswith(("Land", "Arbeits")) else f"An das {forum[0]}"))
        else:
            out.append(("c", forum[0]))
            out.append(("c", forum[1]))
        out.append(("p", forum[2]))
        out.append(("p", f"{'Frankfurt am Main' if d.matter != 'AKT-2023-0091' else 'Stuttgart'}, den {fmt_date(d.date, 'de')}"))
        out.append(("h", d.title))
        if mk:
            out.append(("p", mk))
        out.append(("p", f"In dem {forum[3]}"))
        for key, role in d.parties:
            out.append(("p", f"{C[key].intro('de')} – {role} –"))
        if dt not in BRIEFS:
            out.append(("p", f"Prozessbevollmächtigte der {d.parties[0][1]}: {FIRM_DE}, {office[0]}, {office[1]}"))
        out.append(("p", forum[4]))
        out.extend(("p", p) for p in body)
        out.extend(("p", p) for p in d.extra)
        out.extend(("p", p) for p in trap_lines(d.traps, lang))
        out.append(("sig", lawyer[0] + ", Rechtsanwältin" if dt in BRIEFS and lawyer[0].startswith("Dr. R") else
                    (lawyer[0] + ", Rechtsanwalt" if dt in BRIEFS else "Richter am Landgericht Dr. Fabian Ohlendorf" if "Land" in forum[0] else "Der Vorsitzende")))
        return out
    if dt in LETTERS:
        firm, office, lawyer = firm_head(d)
        out.append(("p", firm))
        out.append(("p", f"{office[0]} · {office[1]} · Tel. {office[2]}"))
        rcpt = C[d.parties[0][0]] if d.parties else None
        if getattr(d, "to", None):
            rcpt = C[d.to]
        if rcpt:
            out.append(("p", rcpt.name))
            out.append(("p", rcpt.street))
            out.append(("p", rcpt.city))
        out.append(("p", (office[1].split(" ", 1)[1] + ", den " if lang == "de" else "") + fmt_date(d.date, lang)))
        if mk:
            out.append(("p", mk))
        out.append(("b", d.title))
        out.append(("p", "Sehr geehrte Damen und Herren," if lang == "de" else "Dear Sirs,"))
        out.extend(("p", p) for p in body)
        if not body and not d.extra:
            ps = ", ".join(names(d))
            out.append(("p", f"in der Angelegenheit {ps} nehmen wir Bezug auf Ihr Schreiben vom {fmt_date(d.date - timedelta(days=9), 'de')}." if lang == "de"
                        else f"We refer to the above matter concerning {ps} and to your letter of {fmt_date(d.date - timedelta(days=9), 'en')}."))
        out.extend(("p", p) for p in d.extra)
        out.extend(("p", p) for p in trap_lines(d.traps, lang))
        out.append(("p", "Mit freundlichen Grüßen" if lang == "de" else "Yours faithfully,"))
        out.append(("sig", lawyer[0]))
        return out
    # generic: heading, marker, date, text
    out.append(("h", d.title))
    if mk:
        out.append(("p", mk))
    out.append(("p", ("Stand: " if lang == "de" else "Date: ") + fmt_date(d.date, lang)))
    if d.parties and dt in ("memo", "file_note", "due_diligence_report", "legal_opinion", "kyc_form", "budget_estimate", "board_minutes"):
        out.append(("p", ("Beteiligte: " if lang == "de" else "Parties: ") + "; ".join(names(d))))
    elif d.parties and all(r for _, r in d.parties) and dt not in ("register_extract", "shareholder_list", "articles_of_association"):
        out.append(("p", "; ".join(f"{r}: {C[k].name}" for k, r in d.parties)))
    out.extend(("p", p) for p in body)
    out.extend(("p", p) for p in d.extra)
    out.extend(("p", p) for p in trap_lines(d.traps, lang))
    return out


def blocks_text(blocks, md=False) -> str:
    out = []
    for kind, text in blocks:
        if kind == "h":
            out.append(("# " + text) if md else text)
            if not md:
                out.append("=" * min(len(text), 72))
        elif kind == "h2":
            out.append(("## " + text) if md else text.upper())
        elif kind == "b":
            out.append(("**" + text + "**") if md else text)
        else:
            out.append(text)
        out.append("")
    return "\n".join(out)


# ------------------------------------------------------------------ e-mail
PREFIX_RE = re.compile(r"^\s*((re|aw|wg|fw|fwd|antw|sv|tr)\s*(\[\d+\])?\s*:\s*)+", re.I)


def base_subject(s: str) -> str:
    return " ".join(PREFIX_RE.sub("", s).split())


def person(who):
    """who: lawyer initials, a company key with a contact, or a (name, address) tuple."""
    if isinstance(who, tuple):
        return who
    if who in LAWYERS:
        return LAWYERS[who]
    return C[who].contact


def _domain(addr):
    return addr.split("@", 1)[1]


def received_chain(rng, frm_addr, to_addr, sent: datetime):
    dom_from, dom_to = _domain(frm_addr), _domain(to_addr)
    hops = []
    t = sent
    o365_from = dom_from.startswith("haverkamp") or rng.random() < 0.5
    ip = lambda: f"{rng.randint(40, 213)}.{rng.randint(0, 255)}.{rng.randint(0, 255)}.{rng.randint(1, 254)}"  # noqa: E731
    region = rng.choice(["DEUP281", "EURP193", "GBRP123", "EURP195"])
    h1 = f"{rng.choice(['FR2P281MB', 'FR3P281MB', 'AM0PR07MB', 'LO2P265MB', 'DB9PR10MB'])}{rng.randint(1000, 9999)}"
    h2 = f"{rng.choice(['FR4P281MB', 'AS8PR04MB', 'LO6P265MB', 'PA4PR08MB'])}{rng.randint(1000, 9999)}"
    t += timedelta(seconds=rng.randint(1, 3))
    hops.append(f"from {h1}.{region}.PROD.OUTLOOK.COM ([fe80::{rng.randint(4096, 65535):x}:{rng.randint(4096, 65535):x}]) by {h1}.{region}.PROD.OUTLOOK.COM ([fe80::{rng.randint(4096, 65535):x}%6]) with mapi id 15.20.{rng.randint(7000, 7999)}.{rng.randint(10, 40)}; {format_datetime(t)}")
    if o365_from:
        t += timedelta(seconds=rng.randint(1, 4))
        hops.append(f"from {h1}.{region}.PROD.OUTLOOK.COM (2603:10a6:{rng.randint(4096, 65535):x}:{rng.randint(16, 255):x}::{rng.randint(1, 20)}) by mail-{rng.choice(['fr', 'am', 'db', 'lo'])}{rng.randint(2, 9)}eur0{rng.randint(1, 4)}on20{rng.randint(600, 729)}.outbound.protection.outlook.com with Microsoft SMTP Server (version=TLS1_2, cipher=TLS_ECDHE_RSA_WITH_AES_256_GCM_SHA384) id 15.20.{rng.randint(7000, 7999)}.{rng.randint(10, 40)}; {format_datetime(t)}")
    else:
        t += timedelta(seconds=rng.randint(1, 4))
        hops.append(f"from mx{rng.randint(1, 3)}.{dom_from} (mx{rng.randint(1, 3)}.{dom_from} [{ip()}]) by relay{rng.randint(1, 9)}.{dom_from} (Postfix) with ESMTPS id {rng.getrandbits(40):X} for <{to_addr}>; {format_datetime(t)}")
    t += timedelta(seconds=rng.randint(1, 6))
    hops.append(f"from {rng.choice(['mail-gw1', 'mx-in02', 'smtp-in'])}.{dom_to} ([{ip()}]) by {h2}.{region}.PROD.OUTLOOK.COM (2603:10a6:20b:{rng.randint(16, 255):x}::{rng.randint(1, 20)}) with Microsoft SMTP Server (version=TLS1_2, cipher=TLS_ECDHE_RSA_WITH_AES_256_GCM_SHA384) id 15.20.{rng.randint(7000, 7999)}.{rng.randint(10, 40)}; {format_datetime(t)}")
    t += timedelta(seconds=rng.randint(0, 2))
    hops.append(f"from {h2}.{region}.PROD.OUTLOOK.COM ([fe80::{rng.randint(4096, 65535):x}]) by {h2}.{region}.PROD.OUTLOOK.COM ([fe80::{rng.randint(4096, 65535):x}%5]) with mapi id 15.20.{rng.randint(7000, 7999)}.{rng.randint(10, 40)} via Mailbox Transport; {format_datetime(t)}")
    return list(reversed(hops))


def message_id(rng, addr, sent):
    dom = _domain(addr)
    r = rng.random()
    if r < 0.45:
        host = f"{rng.choice(['FR2P281MB', 'AM0PR07MB', 'LO2P265MB'])}{rng.randint(1000, 9999)}"
        return f"<{host}{rng.getrandbits(64):016X}@{host}.{rng.choice(['DEUP281', 'EURP193', 'GBRP123'])}.PROD.OUTLOOK.COM>"
    if r < 0.7:
        return f"<CA{W.fake_b64(rng, 27).replace('/', '_').replace('+', '-').rstrip('=')}@mail.gmail.com>"
    return f"<{sent.strftime('%Y%m%d%H%M%S')}.{rng.getrandbits(32):08x}@{dom}>"


def html_of(paras):
    inner = "".join(f"<p class=MsoNormal>{p.replace('&', '&amp;').replace('<', '&lt;').replace('>', '&gt;')}</p>\r\n" for p in paras)
    return ("<html xmlns:o=\"urn:schemas-microsoft-com:office:office\"><head><meta http-equiv=\"Content-Type\" content=\"text/html; charset=utf-8\">"
            "<style><!-- p.MsoNormal {margin:0cm; font-size:11.0pt; font-family:\"Calibri\",sans-serif;} --></style></head>"
            f"<body lang=DE link=\"#0563C1\"><div class=WordSection1>\r\n{inner}</div></body></html>")


def build_eml(d: Doc, rng: random.Random) -> bytes:
    e = d.email
    fname, faddr = person(e["frm"])
    tos = [person(x) for x in e["to"]]
    ccs = [person(x) for x in e.get("cc", [])]
    sent = datetime(d.date.year, d.date.month, d.date.day, e.get("hour", 10), e.get("minute", rng.randint(0, 59)), rng.randint(0, 59),
                    tzinfo=timezone(timedelta(hours=(1 if d.lang == "de" else 0) + (1 if 4 <= d.date.month <= 10 else 0))))
    H: list[tuple[str, str]] = []
    H.append(("Return-Path", f"<{faddr}>"))
    for hop in received_chain(rng, faddr, tos[0][1], sent):
        H.append(("Received", hop))
    dom = _domain(faddr)
    H.append(("Authentication-Results", f"spf=pass (sender IP is {rng.randint(40, 213)}.{rng.randint(0, 255)}.{rng.randint(0, 255)}.{rng.randint(1, 254)}) smtp.mailfrom={dom}; "
                                        f"dkim=pass (signature was verified) header.d={dom}; dmarc=pass action=none header.from={dom};compauth=pass reason=100"))
    body_text = "\r\n\r\n".join(e["body"])
    bh = W.base64.b64encode(hashlib.sha256(body_text.encode()).digest()).decode()
    sig = W.fake_b64(rng, 256)
    H.append(("DKIM-Signature", f"v=1; a=rsa-sha256; c=relaxed/relaxed; d={dom}; s={rng.choice(['selector1', 'selector2', 'google', 's2048'])}; "
                                f"h=From:Date:Subject:Message-ID:Content-Type:MIME-Version:X-MS-Exchange-SenderADCheck; bh={bh}; b=" + "\r\n\t".join(sig[i:i + 72] for i in range(0, len(sig), 72))))
    H.append(("From", _addr(fname, faddr)))
    H.append(("To", ", ".join(_addr(n, a) for n, a in tos)))
    if ccs:
        H.append(("Cc", ", ".join(_addr(n, a) for n, a in ccs)))
    H.append(("Subject", _enc(e["subject"])))
    H.append(("Thread-Topic", _enc(base_subject(e["subject"]))))
    H.append(("Thread-Index", W.base64.b64encode(hashlib.md5(base_subject(e["subject"]).encode()).digest()[:16] + bytes([rng.getrandbits(8) for _ in range(6)])).decode()))
    H.append(("Date", format_datetime(sent)))
    H.append(("Message-ID", e["msgid"]))
    if e.get("in_reply_to"):
        H.append(("In-Reply-To", e["in_reply_to"]))
        H.append(("References", "\r\n ".join(e["references"])))
    H.append(("Accept-Language", "de-DE, en-US" if d.lang == "de" else "en-GB, en-US"))
    H.append(("Content-Language", "de-DE" if d.lang == "de" else "en-GB"))
    H.append(("X-MS-Has-Attach", "yes" if e.get("attach") else ""))
    H.append(("X-MS-TNEF-Correlator", ""))
    H.append(("X-MS-Exchange-Organization-SCL", "1"))
    H.append(("X-MS-Exchange-CrossTenant-Id", f"{rng.getrandbits(32):08x}-{rng.getrandbits(16):04x}-{rng.getrandbits(16):04x}-{rng.getrandbits(16):04x}-{rng.getrandbits(48):012x}"))
    msg = EmailMessage(policy=email.policy.SMTP)
    style = e.get("style", "qp")
    text = body_text + ("\r\n\r\n" + e["quoted"] if e.get("quoted") else "")
    if style == "html":
        msg.set_content(html_of(e["body"] + ([e["quoted"]] if e.get("quoted") else [])), subtype="html", charset="utf-8", cte="quoted-printable")
    elif style == "alt":
        msg.set_content(text, charset="utf-8", cte="quoted-printable")
        msg.add_alternative(html_of(e["body"]), subtype="html", charset="utf-8", cte="base64")
    elif style == "b64":
        msg.set_content(text, charset="utf-8", cte="base64")
    elif style == "latin1":
        msg.set_content(text.translate({0x2013: "-", 0x2014: "-", 0x201e: '"', 0x201c: '"', 0x201d: '"', 0x2019: "'"}), charset="iso-8859-1", cte="quoted-printable")
    else:
        msg.set_content(text, charset="utf-8", cte="quoted-printable")
    for fn, payload, mt in e.get("attach", []):
        maintype, subtype = mt.split("/")
        msg.add_attachment(payload, maintype=maintype, subtype=subtype, filename=fn)
    n = 0
    for part in msg.walk():
        if part.is_multipart():
            n += 1
            part.set_boundary(f"_00{n}_{hashlib.md5((e['msgid'] + str(n)).encode()).hexdigest()[:24].upper()}_")
    head = "".join(f"{k}: {_fold(v)}\r\n" for k, v in H).encode("ascii")
    return head + msg.as_bytes(policy=email.policy.SMTP)


def _enc(s: str) -> str:
    from email.header import Header
    try:
        s.encode("ascii")
        return s
    except UnicodeEncodeError:
        return Header(s, "utf-8", maxlinelen=76).encode(linesep="\r\n")


def _addr(name: str, addr: str) -> str:
    if re.search(r"[^A-Za-z0-9 '\-]", name):
        try:
            name.encode("ascii")
            name = '"' + name.replace('"', "") + '"'
        except UnicodeEncodeError:
            name = _enc(name)
    return f"{name} <{addr}>"


def _fold(v: str, width: int = 76) -> str:
    """Fold a header value at spaces (RFC 5322 2.2.3); keeps existing folds."""
    out = []
    for idx, seg in enumerate(v.split("\r\n")):
        lead = "" if idx == 0 else (seg[0] if seg[:1] in (" ", "\t") else " ")
        seg = seg.lstrip(" \t")
        line, cur = [], ""
        for word in seg.split(" "):
            if cur and len(cur) + 1 + len(word) > width:
                line.append(cur)
                cur = word
            else:
                cur = f"{cur} {word}" if cur else word
        line.append(cur)
        out.append(lead + "\r\n ".join(line))
    return "\r\n".join(out)


# ------------------------------------------------------------------ the estate
RNG = random.Random(SEED)


def D(s: str) -> date:
    return date.fromisoformat(s)


def P(*pairs):
    return list(pairs)


def fsafe(s: str) -> str:
    return s.replace(":", "").replace("/", "-").replace("\"", "").replace("?", "").strip()


def thread(matter, folder, base, lang, msgs, *, category="in_matter_folder", parties=(), dated_names=True):
    refs: list[str] = []
    prev = None
    out = []
    for i, m in enumerate(msgs):
        prefix = m.get("prefix", "" if i == 0 else ("AW: " if lang == "de" else "RE: "))
        subj = prefix + base
        day = D(m["day"])
        frm = m["frm"]
        fname, faddr = person(frm)
        mid = message_id(RNG, faddr, datetime(day.year, day.month, day.day, m.get("hour", 9 + i), RNG.randint(0, 59)))
        quoted = None
        if prev is not None:
            pn, pa = person(prev["frm"])
            if RNG.random() < 0.5:
                quoted = ("-----Ursprüngliche Nachricht-----" if lang == "de" else "-----Original Message-----") + \
                    f"\r\n{'Von' if lang == 'de' else 'From'}: {pn} <{pa}>\r\n{'Gesendet' if lang == 'de' else 'Sent'}: {prev['day']}\r\n" \
                    f"{'Betreff' if lang == 'de' else 'Subject'}: {prev['subj']}\r\n\r\n" + "\r\n\r\n".join(prev["body"])
            else:
                quoted = f"On {prev['day']}, {pn} <{pa}> wrote:\r\n" + "\r\n".join("> " + p for p in prev["body"])
        fn = m.get("fname") or (f"{day:%Y-%m-%d} " if dated_names else "") + fsafe(subj)[:80] + ".eml"
        d = add(f"{folder}/{fn}", m.get("matter", matter), "email", base_subject(subj), list(m.get("parties", parties)), lang, day, "eml",
                category=m.get("category", category),
                email=dict(frm=frm, to=m["to"], cc=m.get("cc", []), subject=subj, msgid=mid,
                           in_reply_to=refs[-1] if refs else None, references=list(refs), body=m["body"],
                           style=m.get("style", "qp"), attach=m.get("attach", []), quoted=quoted, hour=m.get("hour", 9 + i)))
        refs.append(mid)
        prev = dict(m, subj=subj)
        out.append(d)
    THREADS.append([x.path for x in out])
    return out


def attach_pdf(title, lines, when):
    return W.scan_pdf_bytes([title] + lines, producer="Microsoft: Print To PDF", when=datetime.combine(when, datetime.min.time()))


SIG_KL = "Dr. Katrin Lammers\r\nRechtsanwältin | Partnerin\r\nHaverkamp Sterling Rechtsanwälte PartG mbB\r\nBrooktorkai 7, 20457 Hamburg\r\nT +49 40 3250 6610\r\nSitz: Hamburg, AG Hamburg PR 1184"
SIG_RKE = "Dr. Regine Kessler\r\nRechtsanwältin\r\nHaverkamp Sterling Rechtsanwälte PartG mbB | Bockenheimer Landstraße 51 | 60325 Frankfurt am Main\r\nTel. +49 69 9714 2230"
SIG_OT = "Oliver Tremayne | Partner\r\nHaverkamp Sterling LLP, 14 Fenchurch Avenue, London EC3M 5BS\r\nT +44 20 7946 0832\r\nHaverkamp Sterling LLP is a limited liability partnership registered in England and Wales (OC398812), authorised and regulated by the Solicitors Regulation Authority (SRA 8004417)."
SIG_YD = "Dr. Yusuf Demirel\r\nFachanwalt für Arbeitsrecht\r\nHaverkamp Sterling Rechtsanwälte PartG mbB, Königstraße 26, 70173 Stuttgart"
SIG_HPW = "Hannah Pryce-Whitcombe | Senior Associate | Haverkamp Sterling LLP | +44 20 7946 0840"


def build_estate():
    # ============================================================ 40117.003 Kestrel: Erwerb Vantorp (Corporate HH, client.matter)
    F = MF["40117.003"]
    buyer, seller = ("kestrel", "Käuferin"), ("vantorp_seller", "Verkäuferin")
    add(f"{F}/01_Korrespondenz/2024-01-15 Mandatsvereinbarung Kestrel.pdf", "40117.003", "engagement_letter", "Mandatsvereinbarung – Erwerb der Vantorp Präzisionsteile GmbH",
        P(("kestrel", "Mandantin"), ("firm", "")), "de", D("2024-01-15"), "pdf", marker="auto", traps=["iban", "tax_number"])
    add(f"{F}/01_Korrespondenz/Schreiben an Verkäuferanwälte Exklusivität.docx", "40117.003", "letter", "Projekt Falke – Verlängerung der Exklusivität",
        P(("vantorp_seller", "Verkäuferin"), ("kestrel", "Käuferin")), "de", D("2024-02-02"), "docx", marker="auto",
        extra=["namens unserer Mandantin, der Kestrel Aerostructures GmbH, bitten wir um Verlängerung der Exklusivität bis zum 15.03.2024.", "Die Lorenz Vantorp Beteiligungs GmbH hatte eine Verlängerung bereits in Aussicht gestellt."], heading_style=False)
    thread("40117.003", f"{F}/01_Korrespondenz", "Projekt Falke - Entwurf SPA / Kommentare Verkäuferseite", "de", [
        dict(frm="KL", to=["kestrel"], day="2024-02-19", body=["Lieber Herr Lüdemann,", "anbei der erste Entwurf des Anteilskaufvertrags über die Vantorp Präzisionsteile GmbH zur Durchsicht. Die Verkäuferin, die Lorenz Vantorp Beteiligungs GmbH, erhält ihn erst nach Ihrer Freigabe.", SIG_KL], style="alt",
             parties=[("kestrel", ""), ("vantorp_seller", "")], attach=[("SPA Vantorp Entwurf v1.pdf", attach_pdf("Anteilskaufvertrag (Entwurf)", ["Vantorp Präzisionsteile GmbH", "Entwurf HSR 19.02.2024"], D("2024-02-19")), "application/pdf")]),
        dict(frm="kestrel", to=["KL"], day="2024-02-21", body=["Liebe Frau Dr. Lammers,", "danke. Aus unserer Sicht muss die Steuerfreistellung der Lorenz Vantorp Beteiligungs GmbH unbedingt drin bleiben. Ansonsten freigegeben.", "Beste Grüße\r\nArne Lüdemann\r\nKestrel Aerostructures GmbH | Leiter Recht\r\nBillstraße 212 | 20539 Hamburg\r\nRegistergericht: Amtsgericht Hamburg HRB 92114"],
             parties=[("kestrel", ""), ("vantorp_seller", "")]),
        dict(frm="vantorp_seller", to=["KL"], cc=["kestrel"], day="2024-03-04", prefix="WG: AW: ", body=["Sehr geehrte Frau Dr. Lammers,", "anbei unsere Anmerkungen zum Entwurf. Wir können eine Steuerfreistellung nur bis zur Höhe von EUR 1,5 Mio. akzeptieren. Die Kestrel Aerostructures GmbH möge dies bitte prüfen.", "Mit freundlichen Grüßen\r\nLorenz Vantorp\r\nLorenz Vantorp Beteiligungs GmbH, Ehingen (Donau)"],
             style="latin1", parties=[("kestrel", ""), ("vantorp_seller", "")]),
        dict(frm="KL", to=["kestrel"], day="2024-03-05", prefix="AW: WG: AW: ", body=["Lieber Herr Lüdemann,", "die Kommentare der Lorenz Vantorp Beteiligungs GmbH sind eingearbeitet (Markup anbei). Offene Punkte sind in der Verhandlungsliste.", SIG_KL],
             parties=[("kestrel", ""), ("vantorp_seller", "")], style="html"),
    ], parties=[("kestrel", ""), ("vantorp_seller", "")])
    add(f"{F}/01_Korrespondenz/AV Telefonat Lüdemann 2024-03-07.txt", "40117.003", "file_note", "Aktenvermerk – Telefonat mit Herrn Lüdemann (Kestrel) zum Garantiekatalog",
        P(("kestrel", "Mandantin"), ("vantorp_seller", "Verkäuferin")), "de", D("2024-03-07"), "txt", marker="auto", traps=["phone"], enc="cp1252")
    spa_title = "Geschäftsanteilskauf- und Abtretungsvertrag über sämtliche Geschäftsanteile an der Vantorp Präzisionsteile GmbH"
    add(f"{F}/02_Entwuerfe/SPA Vantorp v01 HSR 2024-02-19.docx", "40117.003", "share_purchase_agreement", spa_title, P(seller, buyer), "de", D("2024-02-19"), "docx", extra_t="Vantorp Präzisionsteile GmbH", marker="auto")
    add(f"{F}/02_Entwuerfe/SPA Vantorp v03 (Markup Verkäufer) 2024-03-05.docx", "40117.003", "share_purchase_agreement", spa_title, P(seller, buyer), "de", D("2024-03-05"), "docx",
        extra_t="Vantorp Präzisionsteile GmbH", revisions=[(9, "bis zu einem Höchstbetrag von EUR 1.500.000", "ohne Begrenzung"), (10, "Die Garantien werden nur zum Unterzeichnungstag abgegeben.", "")],
        comments=[(11, "Verkäuferseite: Bundeskartellamt-Freigabe bis spätestens 30.06.2024?", "Vantorp, Lorenz"), (8, "HSR: Locked Box Datum mit Mandantin abstimmen.", "Lammers, Katrin")])
    add(f"{F}/02_Entwuerfe/Offenlegungsschreiben Entwurf.docx", "40117.003", "disclosure_letter", "Offenlegungsschreiben (Disclosure Letter) zum Anteilskaufvertrag Vantorp",
        P(("vantorp_seller", "Verkäuferin"), ("kestrel", "Käuferin")), "de", D("2024-03-11"), "docx", heading_style=False)
    add(f"{F}/02_Entwuerfe/Verhandlungsliste SPA Stand 08.03.docx", "40117.003", "issues_list", "Verhandlungsliste Anteilskaufvertrag Vantorp – Stand 08.03.2024",
        P(("kestrel", "Käuferin"), ("vantorp_seller", "Verkäuferin")), "de", D("2024-03-08"), "docx", marker="auto")
    add(f"{F}/02_Entwuerfe/Treuhandvereinbarung Escrow Entwurf.docx", "40117.003", "escrow_agreement", "Treuhandvereinbarung (Kaufpreiseinbehalt)",
        P(("vantorp_seller", "Verkäuferin"), ("kestrel", "Käuferin")), "de", D("2024-03-12"), "docx")
    add(f"{F}/01_Korrespondenz/NDA Kestrel Vantorp unterzeichnet.pdf", "40117.003", "non_disclosure_agreement", "Vertraulichkeitsvereinbarung",
        P(("kestrel", "Interessentin"), ("vantorp_seller", "Verkäuferin")), "de", D("2023-11-20"), "pdf")
    add(f"{F}/01_Korrespondenz/Absichtserklärung Kestrel.pdf", "40117.003", "letter_of_intent", "Absichtserklärung (Letter of Intent) – Projekt Falke",
        P(("kestrel", "Interessentin"), ("vantorp_seller", "Verkäuferin")), "de", D("2023-12-08"), "pdf", extra_t="Vantorp Präzisionsteile GmbH")
    add(f"{F}/02_Entwuerfe/DD Anforderungsliste Legal.xlsx", "40117.003", "due_diligence_request_list", "Legal Due Diligence – Anforderungsliste Projekt Falke",
        P(("vantorp", "Zielgesellschaft")), "de", D("2023-12-15"), "xlsx", sheets=[("Anforderungsliste", [
            ["Legal Due Diligence – Anforderungsliste Projekt Falke"], ["Zielgesellschaft: Vantorp Präzisionsteile GmbH, Ehingen (HRB 7742, AG Ulm)"], [],
            ["Nr.", "Bereich", "Anforderung", "Priorität", "Status", "Datenraum-Index"],
            ["1.1", "Gesellschaftsrecht", "Aktueller Handelsregisterauszug und Gesellschafterliste", "hoch", "erledigt", "1.1.1"],
            ["1.2", "Gesellschaftsrecht", "Gesellschaftsvertrag in aktueller Fassung", "hoch", "erledigt", "1.1.2"],
            ["3.4", "Wesentliche Verträge", "Lieferverträge mit Jahresvolumen > EUR 500.000", "hoch", "offen", ""],
            ["5.1", "Arbeitsrecht", "Liste der Arbeitnehmer mit Bruttojahresvergütung > EUR 100.000", "mittel", "teilweise", "5.2"],
            ["7.2", "Immobilien", "Mietverträge Standort Ehingen", "mittel", "erledigt", "7.1"]])])
    add(f"{F}/04_Datenraum/Datenraumindex Vantorp 2024-01-31.xlsx", "40117.003", "data_room_index", "Index des virtuellen Datenraums – Projekt Falke",
        P(("vantorp", "Zielgesellschaft")), "de", D("2024-01-31"), "xlsx", sheets=[("Index", [
            ["Index des virtuellen Datenraums – Projekt Falke"], ["Stand: 31.01.2024"], ["Index", "Dokument", "Datum", "Seiten"],
            ["1.1.1", "HR-Auszug Vantorp Präzisionsteile GmbH AG Ulm HRB 7742", "2024-01-08", 3],
            ["3.4.2", "Rahmenliefervertrag Tellkamp Anlagenbau GmbH", "2019-06-01", 22],
            ["3.4.3", "Liefervertrag Aluminium-Halbzeuge", "2021-02-15", 14], ["7.1.1", "Mietvertrag Gewerbestraße 14", "2015-09-01", 31]])])
    add(f"{F}/04_Datenraum/3.4.2 Rahmenliefervertrag Tellkamp.pdf", "40117.003", "supply_agreement", "Rahmenliefervertrag über Frästeile und Baugruppen",
        P(("tellkamp_augsburg", "Lieferant"), ("vantorp", "Besteller")), "de", D("2019-06-01"), "pdf")
    add(f"{F}/04_Datenraum/1.1.1 HR-Auszug Vantorp.pdf", "40117.003", "register_extract", "Handelsregister B – Aktueller Ausdruck",
        P(("vantorp", "")), "de", D("2024-01-08"), "pdf", heading_style=False)
    add(f"{F}/02_Entwuerfe/Legal DD Report Vantorp (Entwurf).docx", "40117.003", "due_diligence_report", "Legal Due Diligence Bericht – Vantorp Präzisionsteile GmbH",
        P(("kestrel", "Mandantin"), ("vantorp", "Zielgesellschaft")), "de", D("2024-02-09"), "docx", marker="auto",
        comments=[(3, "Change of Control im Tellkamp-Vertrag mit Mandantin besprechen", "Steinhoff, Jonas")])
    add(f"{F}/03_Unterzeichnet/UR 1187-2024 W Anteilskaufvertrag Vantorp.pdf", "40117.003", "share_purchase_agreement", spa_title, P(seller, buyer), "de", D("2024-04-17"), "pdf",
        extra_t="Vantorp Präzisionsteile GmbH", traps=["deed_number"], extra=["Verhandelt zu Hamburg am 17. April 2024. Vor mir, dem unterzeichnenden Notar Dr. Kasimir Wendeborn mit dem Amtssitz in Hamburg, erschienen heute:"])
    add(f"{F}/03_Unterzeichnet/Gesellschafterliste Vantorp nach Vollzug.pdf", "40117.003", "shareholder_list", "Liste der Gesellschafter",
        P(("vantorp", "")), "de", D("2024-05-02"), "pdf", traps=["deed_number"], extra_t="Vantorp Präzisionsteile GmbH")
    add(f"{F}/Kick-off Präsentation Projekt Falke.pptx", "40117.003", "presentation", "Projekt Falke – Kick-off Transaktionsteam",
        P(("kestrel", "Käuferin"), ("vantorp_seller", "Verkäuferin")), "de", D("2023-12-11"), "pptx", slides=[
            ("Projekt Falke – Kick-off Transaktionsteam", ["Kestrel Aerostructures GmbH", "Haverkamp Sterling · 11. Dezember 2023"]),
            ("Transaktionsstruktur", ["Käuferin: Kestrel Aerostructures GmbH", "Verkäuferin: Lorenz Vantorp Beteiligungs GmbH", "Zielgesellschaft: Vantorp Präzisionsteile GmbH"]),
            ("Zeitplan", ["DD bis Ende Januar", "Signing Q1 2024", "Closing nach Freigabe Bundeskartellamt"])])
    add(f"{F}/05_Rechnungen/Rechnung 24-10317 Kestrel.pdf", "40117.003", "invoice", "Honorarrechnung Nr. 24-10317",
        P(("kestrel", "Mandantin"), ("firm", "")), "de", D("2024-04-30"), "pdf", marker="auto", traps=["invoice_number", "iban", "tax_number"])

    # ============================================================ 40117.007 Kestrel: GF-Bestellung Sollmann
    F = MF["40117.007"]
    add(f"{F}/Entwürfe/Gesellschafterbeschluss Bestellung Sollmann.docx", "40117.007", "shareholder_resolution", "Gesellschafterbeschluss der Kestrel Aerostructures GmbH",
        P(("kestrel", "Gesellschaft"), ("kestrel_holding", "Gesellschafterin")), "de", D("2024-05-21"), "docx", extra_t="Kestrel Aerostructures GmbH",
        extra=["Die Kestrel Aerospace Holding B.V., Rotterdam, als alleinige Gesellschafterin, vertreten durch ihren Director A. van Dorsten."])
    add(f"{F}/Entwürfe/GF-Dienstvertrag Sollmann v2.docx", "40117.007", "managing_director_service_agreement", "Geschäftsführer-Dienstvertrag",
        P(("kestrel", "Gesellschaft"), ("sollmann", "Geschäftsführerin")), "de", D("2024-05-24"), "docx",
        revisions=[(7, "und eine variable Tantieme von bis zu 40 % des Festgehalts", "sowie eine variable Tantieme"), (8, "zwölf", "vierundzwanzig")], comments=[(7, "Zielvereinbarung als Anlage?", "Lammers, Katrin")])
    add(f"{F}/Vollzug/HR-Anmeldung GF Sollmann UR 1402-2024.pdf", "40117.007", "register_filing", "Anmeldung zum Handelsregister",
        P(("kestrel", "")), "de", D("2024-06-03"), "pdf", extra=["An das Amtsgericht – Registergericht – Hamburg, HRB 92114, Kestrel Aerostructures GmbH.", "Beglaubigt durch Notar Dr. Kasimir Wendeborn, UR-Nr. 1402/2024 W."])
    add(f"{F}/Vollzug/HR-Auszug Kestrel 2024-06-19.pdf", "40117.007", "register_extract", "Handelsregister B des Amtsgerichts Hamburg – Chronologischer Ausdruck",
        P(("kestrel", "")), "de", D("2024-06-19"), "pdf", extra=["Geschäftsführer: Sollmann, Friederike, Hamburg, *14.02.1979."])
    add(f"{F}/Vollzug/Registervollmacht Kestrel Holding.pdf", "40117.007", "power_of_attorney", "Registervollmacht",
        P(("kestrel_holding", "Vollmachtgeberin")), "de", D("2024-05-27"), "pdf", blocks=[("h", "Registervollmacht"), ("p", "Die Kestrel Aerospace Holding B.V., Wilhelminakade 91, 3072 AP Rotterdam, KvK 71234598, bevollmächtigt hiermit die Mitarbeiterinnen des Notars Dr. Kasimir Wendeborn, Hamburg, jeweils einzeln, alle Anmeldungen zum Handelsregister der Kestrel Aerostructures GmbH vorzunehmen."), ("p", "Rotterdam, 27 mei 2024"), ("sig", "A. van Dorsten, Director")])
    add(f"{F}/Vollzug/Gesellschaftsvertrag Kestrel (Neufassung 2024).pdf", "40117.007", "articles_of_association", "Gesellschaftsvertrag der Kestrel Aerostructures GmbH",
        P(("kestrel", "")), "de", D("2024-05-21"), "pdf", extra_t="Kestrel Aerostructures GmbH")
    add(f"{F}/Korrespondenz/GwG Identifizierung Kestrel.pdf", "40117.007", "kyc_form", "GwG-Identifizierungsbogen (Mandant: juristische Person)",
        P(("kestrel", "Mandantin")), "de", D("2024-03-05"), "pdf", extra_t="Kestrel Aerostructures GmbH", traps=["customer_number"])
    thread("40117.007", f"{F}/Korrespondenz", "Bestellung Frau Sollmann zur Geschäftsführerin - Unterlagen Notar", "de", [
        dict(frm="KL", to=["kestrel"], day="2024-05-22", body=["Lieber Herr Lüdemann,", "für die Bestellung von Frau Friederike Sollmann benötigt der Notar den unterzeichneten Gesellschafterbeschluss der Kestrel Aerospace Holding B.V. sowie eine Kopie des Personalausweises.", SIG_KL],
             parties=[("kestrel", ""), ("kestrel_holding", ""), ("sollmann", "")]),
        dict(frm="kestrel", to=["KL"], day="2024-05-28", body=["Liebe Frau Dr. Lammers,", "Beschluss und Vollmacht der Kestrel Aerospace Holding B.V. kommen morgen per Kurier. Frau Sollmann hat den Dienstvertrag gegengezeichnet.", "Viele Grüße, Arne Lüdemann"],
             parties=[("kestrel", ""), ("kestrel_holding", ""), ("sollmann", "")], style="b64"),
        dict(frm="KL", to=["kestrel"], day="2024-06-20", prefix="WG: ", body=["Lieber Herr Lüdemann,", "die Eintragung ist erfolgt, der aktuelle Auszug der Kestrel Aerostructures GmbH ist beigefügt. Damit ist die Sache für uns abgeschlossen.", SIG_KL],
             parties=[("kestrel", "")], attach=[("HR-Auszug HRB 92114.pdf", attach_pdf("Handelsregister B des Amtsgerichts Hamburg", ["Nummer der Firma: HRB 92114", "Kestrel Aerostructures GmbH"], D("2024-06-19")), "application/pdf")]),
    ])
    add(f"{F}/Korrespondenz/Schreiben Sollmann Dienstvertrag.docx", "40117.007", "letter", "Ihr Geschäftsführer-Dienstvertrag mit der Kestrel Aerostructures GmbH",
        P(("sollmann", "Geschäftsführerin"), ("kestrel", "Gesellschaft")), "de", D("2024-05-24"), "docx", marker="auto",
        extra=["sehr geehrte Frau Sollmann, im Auftrag der Kestrel Aerostructures GmbH übersenden wir Ihnen den Entwurf Ihres Dienstvertrages."], heading_style=False)
    add(f"{F}/Rechnung 24-10588.pdf", "40117.007", "invoice", "Honorarrechnung Nr. 24-10588", P(("kestrel", "Mandantin"), ("firm", "")), "de", D("2024-06-28"), "pdf", marker="auto", traps=["invoice_number", "iban"])
    add(f"{F}/Leistungsnachweis Mai-Juni 2024.xlsx", "40117.007", "time_sheet", "Leistungsnachweis 40117.007 – Mai/Juni 2024",
        P(("kestrel", "Mandantin")), "de", D("2024-06-28"), "xlsx", sheets=[("Leistungen", [
            ["Leistungsnachweis 40117.007 – Mai/Juni 2024"], ["Mandant: Kestrel Aerostructures GmbH"], ["Datum", "RA", "Tätigkeit", "Std."],
            ["2024-05-21", "KL", "Entwurf Gesellschafterbeschluss", 1.5], ["2024-05-24", "KL", "GF-Dienstvertrag überarbeitet", 3.2],
            ["2024-06-03", "JSt", "Abstimmung Notar HR-Anmeldung", 0.8], ["Summe", "", "", 5.5]])])

    # ============================================================ 52290.001 Aldenhoven Series B (English subfolders, German client)
    F = MF["52290.001"]
    co_, inv1, inv2 = ("aldenhoven", "Company"), ("corvina", "Lead Investor"), ("halmstad", "Co-Investor")
    f1, f2 = ("hosszu", "Founder"), ("reinwald", "Founder")
    add(f"{F}/Drafts/Aldenhoven Series B Term Sheet v4 clean.docx", "52290.001", "term_sheet", "Series B Financing – Summary of Principal Terms",
        P(co_, inv1, inv2), "en", D("2024-02-26"), "docx", extra_t="Aldenhoven Solartechnik GmbH",
        comments=[(9, "Corvina: valuation agreed subject to IC approval", "Marchetti, Elodie")])
    add(f"{F}/Signing/Term Sheet Series B signed.pdf", "52290.001", "term_sheet", "Series B Financing – Summary of Principal Terms", P(co_, inv1, inv2), "en", D("2024-03-01"), "pdf", extra_t="Aldenhoven Solartechnik GmbH")
    add(f"{F}/Drafts/Beteiligungsvertrag (Investment Agreement) v3 HSR-Markup.docx", "52290.001", "investment_agreement", "Investment and Shareholders' Subscription Agreement",
        P(co_, inv1, inv2, f1, f2), "en", D("2024-04-09"), "docx", marker="auto",
        revisions=[(17, "EUR 24,517,000", "EUR 23,900,000"), (18, "each Founder severally and not jointly", "the Founders jointly and severally")],
        comments=[(18, "Founders will not accept joint liability", "Steinhoff, Jonas")])
    add(f"{F}/Drafts/SHA Aldenhoven Series B v2.docx", "52290.001", "shareholders_agreement", "Shareholders' Agreement relating to Aldenhoven Solartechnik GmbH",
        P(co_, inv1, inv2, f1, f2), "en", D("2024-04-09"), "docx", comments=[(18, "Halmstad: wants own board seat", "Lammers, Katrin")])
    add(f"{F}/Drafts/Satzung Aldenhoven Neufassung Series B.docx", "52290.001", "articles_of_association", "Gesellschaftsvertrag der Aldenhoven Solartechnik GmbH",
        P(("aldenhoven", "")), "de", D("2024-04-10"), "docx", extra_t="Aldenhoven Solartechnik GmbH", heading_style=False)
    add(f"{F}/Drafts/Gesellschafterbeschluss Kapitalerhöhung.docx", "52290.001", "shareholder_resolution", "Gesellschafterbeschluss über die Erhöhung des Stammkapitals",
        P(("aldenhoven", "Gesellschaft"), ("hosszu", "Gesellschafterin"), ("reinwald", "Gesellschafter")), "de", D("2024-04-22"), "docx",
        blocks=[("h", "Gesellschafterbeschluss über die Erhöhung des Stammkapitals"), ("p", "Die Gesellschafter der Aldenhoven Solartechnik GmbH, Frau Dr. Mirela Hosszu und Herr Tobias Reinwald, beschließen unter Verzicht auf Form und Frist:"),
                ("p", "1. Das Stammkapital der Gesellschaft wird von EUR 61.240 um EUR 14.860 auf EUR 76.100 erhöht."), ("p", "2. Zur Übernahme werden die Corvina Growth Fund II SCSp und die Halmstad Ventures AB zugelassen."), ("p", "Die Beurkundung erfolgt durch den Notar Dr. Kasimir Wendeborn, Hamburg.")])
    add(f"{F}/Signing/Side Letter Corvina ESG reporting.pdf", "52290.001", "side_letter", "Side Letter – ESG Reporting",
        P(("aldenhoven", "Company"), ("corvina", "Investor")), "en", D("2024-05-07"), "pdf")
    add(f"{F}/Signing/Signing Checklist Series B.xlsx", "52290.001", "checklist", "Series B – Signing and Closing Checklist",
        P(co_, inv1, inv2), "en", D("2024-05-02"), "xlsx", sheets=[("Checklist", [
            ["Series B – Signing and Closing Checklist"], ["Our ref: 52290.001"], ["No.", "Document", "Responsible", "Status", "Signatories"],
            [1, "Investment Agreement (notarial deed)", "HSR", "agreed form", "Company, Founders, Corvina, Halmstad"], [2, "Shareholders' Agreement", "HSR", "agreed form", "all"],
            [3, "Side Letter Corvina", "Corvina counsel", "signed", "Company, Corvina"], [4, "Register filing capital increase", "Notary", "open", "Managing directors"]])])
    add(f"{F}/Drafts/Cap Table pro forma Series B.xlsx", "52290.001", "cap_table", "Cap Table Aldenhoven Solartechnik GmbH – pro forma Series B",
        P(("aldenhoven", ""), ("corvina", ""), ("halmstad", ""), ("hosszu", ""), ("reinwald", "")), "en", D("2024-04-05"), "xlsx", sheets=[
            ("Cap Table", [["Cap Table Aldenhoven Solartechnik GmbH – pro forma Series B"], [], ["Shareholder", "Shares pre", "% pre", "Series B", "Shares post", "% post (FD)"],
                           ["Dr. Mirela Hosszu", 27000, "44.09%", 0, 27000, "33.37%"], ["Tobias Reinwald", 27000, "44.09%", 0, 27000, "33.37%"],
                           ["ESOP pool (virtual)", 7240, "11.82%", 0, 7240, "8.95%"], ["Corvina Growth Fund II SCSp", 0, "0.00%", 11145, 11145, "14.65%"],
                           ["Halmstad Ventures AB", 0, "0.00%", 3715, 3715, "4.88%"], ["Total", 61240, "100%", 14860, 76100, "100%"]]),
            ("Valuation", [["Pre-money (EUR)", 92000000], ["Price per share (EUR)", 1650.23], ["Investment (EUR)", 24517000]])])
    thread("52290.001", f"{F}/Correspondence", "Aldenhoven Series B - comments on SHA (Corvina)", "en", [
        dict(frm="corvina", to=["KL"], cc=["aldenhoven"], day="2024-04-12", body=["Dear Katrin,", "please find attached Corvina's comments on the SHA. Our main points are the liquidation preference mechanics and the information rights; Halmstad Ventures AB has confirmed it is aligned.", "Kind regards,\r\nElodie Marchetti\r\nCorvina Growth Fund II SCSp"],
             parties=[("corvina", ""), ("halmstad", ""), ("aldenhoven", "")], style="alt"),
        dict(frm="KL", to=["corvina"], cc=["aldenhoven"], day="2024-04-15", body=["Dear Elodie,", "thank you. Aldenhoven Solartechnik GmbH can accept the information rights, but not a participating preference. We will circulate a revised draft tomorrow.", SIG_KL],
             parties=[("corvina", ""), ("halmstad", ""), ("aldenhoven", "")]),
        dict(frm="aldenhoven", to=["KL"], day="2024-04-15", prefix="AW: RE: ", body=["Liebe Frau Lammers,", "danke – bitte auch den Punkt Board-Sitz Halmstad noch einmal mit Corvina klären. Tobias und ich sind einverstanden mit zwei Investorensitzen.", "Mirela Hosszu\r\nAldenhoven Solartechnik GmbH · Geschäftsführerin"],
             parties=[("aldenhoven", ""), ("halmstad", ""), ("corvina", ""), ("reinwald", "")]),
    ])
    add(f"{F}/Correspondence/2024-02-12 Engagement letter Aldenhoven.pdf", "52290.001", "engagement_letter", "Engagement Letter – Series B Financing Round",
        P(("aldenhoven", "Client"), ("firm", "")), "en", D("2024-02-12"), "pdf", marker="auto", to="aldenhoven")
    add(f"{F}/Correspondence/Board update Series B.pptx", "52290.001", "presentation", "Series B – Status Update for the Advisory Board",
        P(("aldenhoven", ""), ("corvina", ""), ("halmstad", "")), "en", D("2024-04-18"), "pptx", slides=[
            ("Series B – Status Update for the Advisory Board", ["Aldenhoven Solartechnik GmbH", "18 April 2024"]),
            ("Investors", ["Corvina Growth Fund II SCSp – lead, EUR 18.4m", "Halmstad Ventures AB – EUR 6.1m"]),
            ("Open points", ["Liquidation preference", "Board composition", "Founder vesting"])])
    add(f"{F}/Correspondence/Memo steuerliche Behandlung Kapitalrücklage.md", "52290.001", "memo", "Memo: Tax treatment of the capital reserve contribution",
        P(("aldenhoven", "Client")), "en", D("2024-03-20"), "md", marker="auto",
        extra=["Contributions into the capital reserve under section 272 para. 2 no. 4 HGB are recorded in the tax contribution account (steuerliches Einlagekonto, section 27 KStG).", "Repayments to the Series B investors are therefore not treated as dividends if the account is sufficient."])
    add(f"{F}/Signing/Vollmacht Halmstad Ventures.pdf", "52290.001", "power_of_attorney", "Power of Attorney",
        P(("halmstad", "Grantor")), "en", D("2024-05-03"), "pdf", blocks=[("h", "Power of Attorney"), ("p", "Halmstad Ventures AB, Strandvägen 7A, 114 56 Stockholm (Bolagsverket org. nr. 559211-4477) hereby authorises Jonas Steinhoff and Dr. Katrin Lammers, each individually and released from the restrictions of section 181 German Civil Code, to sign the Investment Agreement relating to Aldenhoven Solartechnik GmbH before a German notary."), ("p", "Stockholm, 3 May 2024"), ("sig", "Karin Öberg, CEO")])

    # ============================================================ 0412/23 RKe Fennick ./. Sarrow (Berlin) – legacy litigation numbering
    F = MF["0412/23"]
    kl, bk = ("fennick", "Klägerin"), ("sarrow_berlin", "Beklagte")
    add(f"{F}/Schriftsätze/2024-01-29 Klage LG Frankfurt.docx", "0412/23", "statement_of_claim", "Klage", P(kl, bk), "de", D("2024-01-29"), "docx", marker="auto", heading_style=False)
    add(f"{F}/Schriftsätze/2024-01-29 Klage LG Frankfurt (versandt).pdf", "0412/23", "statement_of_claim", "Klage", P(kl, bk), "de", D("2024-01-29"), "pdf", marker="auto")
    add(f"{F}/Gericht/Klageerwiderung Sarrow 2024-03-18.pdf", "0412/23", "statement_of_defence", "Klageerwiderung", P(kl, bk), "de", D("2024-03-18"), "pdf",
        blocks=[("p", "Dr. Thiele & Kollegen Rechtsanwälte · Kurfürstendamm 190 · 10707 Berlin"), ("p", "An das Landgericht Frankfurt am Main"), ("p", "Az.: 2-06 O 155/24"), ("h", "Klageerwiderung"),
                ("p", "In dem Rechtsstreit Fennick Logistik GmbH – Klägerin – gegen Sarrow Spedition GmbH, Am Juliusturm 62, 13599 Berlin, HRB 4711 B (AG Charlottenburg) – Beklagte –"),
                ("p", "Ihr Zeichen: 0412/23 RKe · Unser Zeichen: 23/1187-Th"), *[("p", x) for x in T["statement_of_defence"]["de"]], ("sig", "Dr. Hendrik Thiele, Rechtsanwalt")])
    add(f"{F}/Schriftsätze/Replik 2024-04-22.docx", "0412/23", "reply_brief", "Replik", P(kl, bk), "de", D("2024-04-22"), "docx", marker="auto",
        revisions=[(12, "grob fahrlässig und leichtfertig", "fahrlässig")], comments=[(12, "Zeugen Okonkwo vorher nochmals anrufen", "Kessler, Regine")])
    add(f"{F}/Gericht/Beweisbeschluss 2024-05-06.pdf", "0412/23", "court_order", "Beweisbeschluss", P(kl, bk), "de", D("2024-05-06"), "pdf")
    add(f"{F}/Gericht/Ladung Termin 2024-07-09.pdf", "0412/23", "summons", "Ladung zum Termin zur mündlichen Verhandlung und Beweisaufnahme", P(kl, bk), "de", D("2024-05-13"), "pdf", traps=["date"])
    add(f"{F}/Gericht/Urteil LG Frankfurt 2-06 O 155-24.pdf", "0412/23", "judgment", "Urteil", P(kl, bk), "de", D("2024-09-03"), "pdf")
    add(f"{F}/Kosten/Kostenfestsetzungsbeschluss.pdf", "0412/23", "cost_assessment", "Kostenfestsetzungsbeschluss", P(kl, bk), "de", D("2024-11-14"), "pdf")
    add(f"{F}/Schriftsätze/Zeugenaussage Okonkwo schriftlich.docx", "0412/23", "witness_statement", "Schriftliche Zeugenerklärung Gerrit Okonkwo", P(kl, bk), "de", D("2024-06-20"), "docx")
    add(f"{F}/Gericht/Gutachten Sachverständiger Verladung.pdf", "0412/23", "expert_report", "Sachverständigengutachten zur Ladungssicherung und Abstellsituation",
        P(kl, bk), "de", D("2024-08-12"), "pdf", extra=["Gutachten im Rechtsstreit Fennick Logistik GmbH ./. Sarrow Spedition GmbH, LG Frankfurt am Main, Az. 2-06 O 155/24."])
    add(f"{F}/Mandant/Prozessvollmacht Fennick.pdf", "0412/23", "power_of_attorney", "Prozessvollmacht", P(("fennick", "Vollmachtgeberin")), "de", D("2023-12-04"), "pdf", marker="auto", extra=["In Sachen Fennick Logistik GmbH ./. Sarrow Spedition GmbH wegen Schadensersatz."])
    add(f"{F}/Mandant/Schreiben an Mandantin Urteil.docx", "0412/23", "letter", "Fennick ./. Sarrow – Urteil des Landgerichts Frankfurt am Main vom 3. September 2024",
        P(kl, bk), "de", D("2024-09-05"), "docx", marker="auto", heading_style=False,
        extra=["das Landgericht hat der Klage der Fennick Logistik GmbH ganz überwiegend stattgegeben. Die Sarrow Spedition GmbH kann binnen eines Monats Berufung einlegen."])
    add(f"{F}/Korrespondenz/Vergleichsvorschlag an Gegenseite.docx", "0412/23", "letter", "Fennick Logistik GmbH ./. Sarrow Spedition GmbH – Vergleichsvorschlag",
        P(kl, bk), "de", D("2024-06-03"), "docx", marker="auto", to="sarrow_berlin",
        extra=["zur Vermeidung einer Beweisaufnahme schlagen wir namens der Fennick Logistik GmbH vor, dass die Sarrow Spedition GmbH zur Abgeltung EUR 980.000 zahlt."], traps=["court_file_number"])
    thread("0412/23", f"{F}/Korrespondenz", "0412/23 Fennick ./. Sarrow - Terminsvorbereitung Zeuge Okonkwo", "de", [
        dict(frm="RKe", to=["fennick"], day="2024-07-01", body=["Liebe Frau Wiechert,", "für den Termin am 09.07. vor dem Landgericht sollten wir Herrn Okonkwo vorbereiten. Die Sarrow Spedition GmbH wird bestreiten, dass der Parkplatz unbewacht war.", SIG_RKE],
             parties=[("fennick", ""), ("sarrow_berlin", "")]),
        dict(frm="fennick", to=["RKe"], day="2024-07-02", body=["Liebe Frau Dr. Kessler,", "Herr Okonkwo ist am Freitag ab 14 Uhr verfügbar.", "Sabine Wiechert\r\nFennick Logistik GmbH | Recht & Versicherungen\r\nCargo City Süd, Gebäude 571, 60549 Frankfurt am Main\r\nAmtsgericht Frankfurt am Main HRB 118305"],
             parties=[("fennick", "")], style="html"),
    ])
    add(f"{F}/Korrespondenz/Aktenvermerk Vergleichsgespräch.txt", "0412/23", "file_note", "Aktenvermerk Vergleichsgespräch mit RA Dr. Thiele (Sarrow)", P(kl, bk), "de", D("2024-06-11"), "txt", marker="auto", traps=["phone"])
    add(f"{F}/Kosten/Kostennote Fennick 2024-09.pdf", "0412/23", "invoice", "Kostennote Nr. 24-20871", P(("fennick", "Mandantin"), ("firm", "")), "de", D("2024-09-30"), "pdf", marker="auto", traps=["invoice_number", "iban"])
    add(f"{F}/Schriftsätze/Fristenkontrolle 0412-23.xlsx", "0412/23", "deadline_list", "Fristenkontrolle 0412/23 Fennick ./. Sarrow", P(kl, bk), "de", D("2024-09-05"), "xlsx", sheets=[("Fristen", [
        ["Fristenkontrolle 0412/23 Fennick ./. Sarrow"], ["Gericht: LG Frankfurt am Main, 2-06 O 155/24"], ["Frist", "Datum", "Vorfrist", "erledigt"],
        ["Replik", "2024-04-22", "2024-04-15", "ja"], ["Auslagenvorschuss", "2024-05-27", "2024-05-20", "ja"], ["Berufungsfrist Gegner", "2024-10-07", "", ""]])])

    # ============================================================ 0388/24 MHo Ostwald ./. Tellkamp (Bremen) – DIS arbitration
    F = MF["0388/24"]
    sk, sb = ("ostwald", "Schiedsklägerin"), ("tellkamp_bremen", "Schiedsbeklagte")
    add(f"{F}/Schriftsätze/Schiedsklage Ostwald 2024-04-30.docx", "0388/24", "statement_of_claim", "Schiedsklage", P(sk, sb), "de", D("2024-04-30"), "docx", marker="auto",
        extra=["Die Schiedsklägerin verlangt Minderung und Schadensersatz wegen Mängeln der von der Schiedsbeklagten gelieferten und montierten Sudhausanlage in Höhe von EUR 2.350.000."])
    add(f"{F}/Schiedsgericht/Klageerwiderung Tellkamp.pdf", "0388/24", "statement_of_defence", "Schiedsklageerwiderung", P(sk, sb), "de", D("2024-07-29"), "pdf",
        blocks=[("p", "Brandt Oelkers Rechtsanwälte · Contrescarpe 33 · 28203 Bremen"), ("p", "An das Schiedsgericht, DIS-SV-B-614/24"), ("h", "Schiedsklageerwiderung"),
                ("p", "In dem Schiedsverfahren Ostwald Brauerei KG, Bamberg – Schiedsklägerin – gegen Tellkamp Anlagenbau GmbH, Am Waller Freihafen 40, 28217 Bremen, HRB 18823 HB – Schiedsbeklagte –"),
                ("p", "beantragen wir, die Schiedsklage abzuweisen."), ("p", "Die Undichtigkeiten beruhen auf unsachgemäßer CIP-Reinigung durch die Schiedsklägerin."), ("sig", "Dr. Frauke Oelkers, Rechtsanwältin")])
    add(f"{F}/Schiedsgericht/Verfahrensverfügung Nr. 1.pdf", "0388/24", "procedural_order", "Verfahrensverfügung Nr. 1", P(sk, sb), "de", D("2024-06-14"), "pdf")
    add(f"{F}/Gutachten/Privatgutachten Schweißnähte Sudhaus.pdf", "0388/24", "expert_report", "Gutachten zu Undichtigkeiten an Würzekessel und Lagertank LT 4",
        P(("ostwald", "Auftraggeberin")), "de", D("2024-03-22"), "pdf", extra=["Auftraggeberin: Ostwald Brauerei KG, Bamberg. Gegenstand: Sudhausanlage, Hersteller Tellkamp Anlagenbau GmbH, Bremen."])
    add(f"{F}/Schriftsätze/Vergleich Entwurf HSR.docx", "0388/24", "settlement_agreement", "Vergleichsvereinbarung", P(sk, sb), "de", D("2024-10-08"), "docx", marker="auto",
        revisions=[(9, "EUR 415.000", "EUR 520.000")], comments=[(9, "Mandant: Untergrenze 400k", "Holtkamp, Matthias")])
    thread("0388/24", f"{F}/Korrespondenz", "Ostwald / Tellkamp: Vergleichsgespräche", "de", [
        dict(frm=("Dr. Frauke Oelkers", "f.oelkers@brandt-oelkers.de"), to=["MHo"], day="2024-09-24", body=["Sehr geehrter Herr Kollege Holtkamp,", "die Tellkamp Anlagenbau GmbH wäre zu Vergleichsgesprächen bereit, wenn die Ostwald Brauerei KG auf die entgangenen Gewinne verzichtet.", "Mit freundlichen kollegialen Grüßen\r\nDr. Frauke Oelkers\r\nBrandt Oelkers Rechtsanwälte, Contrescarpe 33, 28203 Bremen"],
             parties=[("tellkamp_bremen", ""), ("ostwald", "")]),
        dict(frm="MHo", to=["ostwald"], day="2024-09-25", prefix="WG: ", body=["Lieber Herr Ostwald,", "zur Information die Nachricht der Gegenseite. Ich schlage vor, wir besprechen Ihre Untergrenze am Donnerstag.", "Matthias Holtkamp\r\nHaverkamp Sterling Rechtsanwälte PartG mbB"],
             parties=[("tellkamp_bremen", ""), ("ostwald", "")], style="b64"),
        dict(frm="ostwald", to=["MHo"], day="2024-09-26", prefix="AW: WG: ", body=["Lieber Herr Holtkamp,", "Donnerstag 11 Uhr passt. Unter 400.000 machen wir es nicht.", "Konrad Ostwald\r\nOstwald Brauerei KG · Mühlwörth 18 · 96047 Bamberg"],
             parties=[("ostwald", "")], style="latin1"),
    ])
    add(f"{F}/Korrespondenz/Schreiben an DIS Einzahlung Vorschuss.docx", "0388/24", "letter", "DIS-SV-B-614/24 – Einzahlung des Kostenvorschusses",
        P(sk, sb), "de", D("2024-05-15"), "docx", marker="auto", to="ostwald", extra=["in dem Schiedsverfahren Ostwald Brauerei KG ./. Tellkamp Anlagenbau GmbH teilen wir mit, dass unsere Mandantin den Kostenvorschuss eingezahlt hat."], traps=["iban"])
    add(f"{F}/Korrespondenz/Notiz Strategie Schiedsverfahren.md", "0388/24", "file_note", "Aktennotiz: Strategie im Schiedsverfahren gegen Tellkamp",
        P(sk, sb), "de", D("2024-05-02"), "md", marker="auto")
    add(f"{F}/Kostenschätzung Schiedsverfahren Ostwald.docx", "0388/24", "budget_estimate", "Kostenschätzung für das Schiedsverfahren Ostwald Brauerei KG gegen Tellkamp Anlagenbau GmbH",
        P(("ostwald", "Mandantin"), ("tellkamp_bremen", "Gegnerin")), "de", D("2024-04-08"), "docx", marker="auto")
    add(f"{F}/Leistungsübersicht 0388-24 Q3.xlsx", "0388/24", "time_sheet", "Leistungsübersicht 0388/24 – 3. Quartal 2024",
        P(("ostwald", "Mandantin")), "de", D("2024-09-30"), "xlsx", sheets=[("Q3", [["Leistungsübersicht 0388/24 – 3. Quartal 2024"], ["Datum", "Bearbeiter", "Tätigkeit", "Stunden", "Betrag EUR"],
                                                                                  ["2024-07-30", "MHo", "Auswertung Klageerwiderung", 4.0, 1760.0], ["2024-08-14", "MHo", "Besprechung Mandant Bamberg", 6.5, 2860.0], ["2024-09-25", "MHo", "Vergleichsgespräch", 1.2, 528.0]])])
    add(f"{F}/Schiedsgericht/Hearing Vorbereitung.pptx", "0388/24", "presentation", "Mündliche Verhandlung – Vorbereitung Zeugen und Sachverständige",
        P(sk, sb), "de", D("2024-10-01"), "pptx", slides=[("Mündliche Verhandlung – Vorbereitung Zeugen und Sachverständige", ["Ostwald Brauerei KG ./. Tellkamp Anlagenbau GmbH", "DIS-SV-B-614/24"]),
                                                             ("Zeugen", ["Braumeister Lutz Wendtland", "Betriebsleiter Tellkamp"]), ("Beweisthemen", ["Schweißnähte", "CIP-Reinigung"])])

    # ============================================================ AKT-2023-0091 Oberle ./. Halvard (employment, letter prefix)
    F = MF["AKT-2023-0091"]
    an, ag = ("oberle", "Kläger"), ("halvard", "Beklagte")
    add(f"{F}/Arbeitsvertrag Oberle 2017.pdf", "AKT-2023-0091", "employment_contract", "Arbeitsvertrag", P(("halvard", "Arbeitgeberin"), ("oberle", "Arbeitnehmer")), "de", D("2017-03-14"), "pdf")
    add(f"{F}/Abmahnung Oberle 2023-09-15.docx", "AKT-2023-0091", "warning_letter", "Abmahnung", P(("oberle", "Arbeitnehmer"), ("halvard", "Arbeitgeberin")), "de", D("2023-09-15"), "docx",
        blocks=[("p", "Halvard Pumpen GmbH · Personalabteilung · Plochinger Straße 120 · 73730 Esslingen am Neckar"), ("p", "Herrn Benedikt Oberle, Weinsteige 31, 70597 Stuttgart"), ("p", "Esslingen, 15.09.2023"), ("h", "Abmahnung"),
                ("p", "Sehr geehrter Herr Oberle,"), *[("p", x) for x in T["warning_letter"]["de2"]], ("sig", "Petra Vogelsang, Leiterin Personal, Halvard Pumpen GmbH")])
    add(f"{F}/Kündigung Oberle Entwurf YD.docx", "AKT-2023-0091", "dismissal_notice", "Kündigung Ihres Arbeitsverhältnisses",
        P(("oberle", "Arbeitnehmer"), ("halvard", "Arbeitgeberin")), "de", D("2023-11-24"), "docx", to="oberle", heading_style=False,
        extra=["Wir zeigen an, dass wir die Halvard Pumpen GmbH vertreten; eine auf uns lautende Vollmacht ist beigefügt."],
        comments=[(8, "BR-Anhörung vom 20.11. beifügen", "Demirel, Yusuf")])
    add(f"{F}/Kündigungsschutzklage Oberle (Gegner).pdf", "AKT-2023-0091", "statement_of_claim", "Kündigungsschutzklage", P(an, ag), "de", D("2023-12-12"), "pdf",
        blocks=[("p", "Kanzlei Ruckaberle Arbeitsrecht · Tübinger Straße 15 · 70178 Stuttgart"), ("p", "An das Arbeitsgericht Stuttgart"), ("h", "Kündigungsschutzklage"),
                ("p", "des Herrn Benedikt Oberle, Weinsteige 31, 70597 Stuttgart – Kläger –"), ("p", "gegen die Halvard Pumpen GmbH, vertreten durch die Geschäftsführer, Plochinger Straße 120, 73730 Esslingen am Neckar – Beklagte –"),
                ("p", "Wir beantragen festzustellen, dass das Arbeitsverhältnis der Parteien durch die Kündigung vom 27.11.2023 nicht aufgelöst worden ist."), ("p", "Streitwert: EUR 24.000 (drei Bruttomonatsgehälter)."), ("sig", "Sven Ruckaberle, Fachanwalt für Arbeitsrecht")])
    add(f"{F}/Ladung Gütetermin 9 Ca 2211-23.pdf", "AKT-2023-0091", "summons", "Ladung zum Gütetermin", P(an, ag), "de", D("2023-12-19"), "pdf")
    add(f"{F}/Klageerwiderung Halvard 2024-02-05.docx", "AKT-2023-0091", "statement_of_defence", "Klageerwiderung", P(an, ag), "de", D("2024-02-05"), "docx", marker="auto",
        extra=["Die Kündigung ist aus dringenden betrieblichen Erfordernissen gerechtfertigt; die Sozialauswahl ist ordnungsgemäß erfolgt."])
    add(f"{F}/Aufhebungsvertrag Oberle v3 Markup.docx", "AKT-2023-0091", "termination_agreement", "Aufhebungsvertrag", P(("halvard", "Arbeitgeberin"), ("oberle", "Arbeitnehmer")), "de", D("2024-02-20"), "docx",
        revisions=[(9, "EUR 74.500", "EUR 61.000"), (10, "„gut“", "„befriedigend“")], comments=[(9, "Obergrenze laut Frau Vogelsang: 80k", "Demirel, Yusuf")])
    add(f"{F}/Protokoll Kammertermin Vergleich.pdf", "AKT-2023-0091", "settlement_agreement", "Protokoll der öffentlichen Sitzung – Vergleich",
        P(an, ag), "de", D("2024-03-07"), "pdf", blocks=[("c", "Arbeitsgericht Stuttgart – Kammern Esslingen"), ("p", "Az.: 9 Ca 2211/23"), ("h", "Protokoll der öffentlichen Sitzung – Vergleich"),
                                                       ("p", "In dem Rechtsstreit Benedikt Oberle – Kläger – gegen Halvard Pumpen GmbH – Beklagte – schließen die Parteien auf Vorschlag des Gerichts folgenden Vergleich:"),
                                                       ("p", "1. Das Arbeitsverhältnis endet mit Ablauf des 31.03.2024 aufgrund ordentlicher betriebsbedingter Kündigung."), ("p", "2. Die Beklagte zahlt an den Kläger eine Abfindung gemäß §§ 9, 10 KSchG in Höhe von EUR 74.500 brutto."), ("p", "vorgelesen und genehmigt")])
    thread("AKT-2023-0091", f"{F}/Korrespondenz", "AKT-2023-0091 Oberle - Vergleichsangebot Gegenseite", "de", [
        dict(frm=("Sven Ruckaberle", "ruckaberle@ra-ruckaberle.de"), to=["YD"], day="2024-02-14", body=["Sehr geehrter Herr Kollege Dr. Demirel,", "mein Mandant, Herr Oberle, wäre zu einer Beendigung gegen eine Abfindung von 1,0 Bruttomonatsgehältern pro Beschäftigungsjahr bereit. Die Halvard Pumpen GmbH möge sich bis Freitag äußern.", "Mit kollegialen Grüßen\r\nSven Ruckaberle"],
             parties=[("oberle", ""), ("halvard", "")]),
        dict(frm="YD", to=["halvard"], day="2024-02-14", prefix="WG: ", body=["Liebe Frau Vogelsang,", "anbei das Angebot der Gegenseite. Ich empfehle, der Halvard Pumpen GmbH einen Gegenvorschlag von 0,75 Gehältern pro Jahr zu unterbreiten.", SIG_YD],
             parties=[("oberle", ""), ("halvard", "")], style="alt"),
        dict(frm="halvard", to=["YD"], day="2024-02-15", prefix="AW: WG: ", body=["Hallo Herr Dr. Demirel,", "einverstanden, bitte so an Herrn Ruckaberle.", "Petra Vogelsang\r\nLeiterin Personal\r\nHalvard Pumpen GmbH | Plochinger Straße 120 | 73730 Esslingen\r\nSitz Esslingen am Neckar, Registergericht Stuttgart HRB 60217"],
             parties=[("halvard", "")]),
    ])
    add(f"{F}/Korrespondenz/Telefonnotiz Vogelsang Sozialauswahl.txt", "AKT-2023-0091", "file_note", "Telefonnotiz – Frau Vogelsang (Halvard) zur Sozialauswahl Oberle",
        P(("halvard", "Mandantin"), ("oberle", "Gegner")), "de", D("2023-11-21"), "txt", marker="auto", enc="cp1252")
    add(f"{F}/Korrespondenz/Rechnung AKT-2023-0091.pdf", "AKT-2023-0091", "invoice", "Rechnung Nr. 24-30112", P(("halvard", "Mandantin"), ("firm", "")), "de", D("2024-03-28"), "pdf", marker="auto", traps=["invoice_number", "iban", "tax_number"])

    # ============================================================ AKT-2024-0017 Halvard: Betriebsvereinbarung Mobiles Arbeiten
    F = MF["AKT-2024-0017"]
    bv = P(("halvard", "Arbeitgeberin"), ("halvard_br", "Betriebsrat"))
    add(f"{F}/Entwürfe/BV Mobiles Arbeiten Entwurf 2.docx", "AKT-2024-0017", "works_agreement", "Betriebsvereinbarung Mobiles Arbeiten", bv, "de", D("2024-03-18"), "docx", marker="auto",
        revisions=[(9, "zwei", "drei"), (10, "9:30 Uhr bis 14:30 Uhr", "9:00 Uhr bis 15:00 Uhr")], comments=[(9, "BR-Vorsitzender: drei Tage gefordert", "Demirel, Yusuf")])
    add(f"{F}/Final/BV Mobiles Arbeiten unterzeichnet.pdf", "AKT-2024-0017", "works_agreement", "Betriebsvereinbarung Mobiles Arbeiten", bv, "de", D("2024-05-06"), "pdf")
    add(f"{F}/Entwürfe/Richtlinie IT-Sicherheit mobiles Arbeiten.docx", "AKT-2024-0017", "policy", "Richtlinie zur IT-Sicherheit bei mobiler Arbeit", P(("halvard", "")), "de", D("2024-03-25"), "docx", heading_style=False)
    add(f"{F}/Entwürfe/Protokoll Verhandlung Betriebsrat 2024-04-09.docx", "AKT-2024-0017", "board_minutes", "Protokoll der Verhandlung mit dem Betriebsrat am 9. April 2024", bv, "de", D("2024-04-09"), "docx")
    add(f"{F}/Korrespondenz/Memo Mitbestimmung mobile Arbeit.docx", "AKT-2024-0017", "memo", "Memorandum: Mitbestimmungsrechte des Betriebsrats bei mobiler Arbeit (§ 87 Abs. 1 Nr. 14 BetrVG)",
        P(("halvard", "Mandantin")), "de", D("2024-02-27"), "docx", marker="auto", blocks=None,
        extra=["Seit dem Betriebsrätemodernisierungsgesetz hat der Betriebsrat ein Mitbestimmungsrecht bei der Ausgestaltung mobiler Arbeit, nicht jedoch bei deren Einführung."])
    add(f"{F}/Schulung Führungskräfte BV Mobiles Arbeiten.pptx", "AKT-2024-0017", "presentation", "Mobiles Arbeiten bei Halvard – Schulung für Führungskräfte", P(("halvard", "")), "de", D("2024-05-14"), "pptx",
        slides=[("Mobiles Arbeiten bei Halvard – Schulung für Führungskräfte", ["Halvard Pumpen GmbH", "Dr. Yusuf Demirel · 14. Mai 2024"]), ("Kernpunkte der Betriebsvereinbarung", ["bis zu zwei Tage pro Woche", "Kernarbeitszeit 9:30–14:30", "Arbeitsschutz"]), ("Ihre Rolle", ["Genehmigung", "Ablehnung nur aus betrieblichen Gründen"])])
    thread("AKT-2024-0017", f"{F}/Korrespondenz", "BV Mobiles Arbeiten - Stand Verhandlungen", "de", [
        dict(frm="halvard", to=["YD"], day="2024-04-10", body=["Lieber Herr Dr. Demirel,", "der Betriebsrat der Halvard Pumpen GmbH hat gestern signalisiert, dass zwei Tage mit einer Pauschale akzeptabel wären.", "Petra Vogelsang, Halvard Pumpen GmbH"],
             parties=[("halvard", ""), ("halvard_br", "")], style="html"),
        dict(frm="YD", to=["halvard"], day="2024-04-11", body=["Liebe Frau Vogelsang,", "sehr gut. Ich übersende heute den Entwurf 3 der Betriebsvereinbarung an den Betriebsrat.", SIG_YD], parties=[("halvard", ""), ("halvard_br", "")]),
    ])
    add(f"{F}/Korrespondenz/Mandatsbestätigung Halvard BV.pdf", "AKT-2024-0017", "engagement_letter", "Mandatsbestätigung und Vergütungsvereinbarung – Betriebsvereinbarung Mobiles Arbeiten",
        P(("halvard", "Mandantin"), ("firm", "")), "de", D("2024-02-19"), "pdf", marker="auto")

    # ============================================================ 2024_0173 Project Heron (London, year_number)
    F = MF["2024_0173"]
    fa = P(("heron_bidco", "Borrower"), ("pellworth", "Original Guarantor"), ("marlowe", "Arranger"), ("gannet", "Agent"))
    add(f"{F}/Drafts/Project Heron - Senior Facilities Agreement (HS draft 3).docx", "2024_0173", "facility_agreement", "Senior Facilities Agreement", fa, "en", D("2024-05-20"), "docx", marker="auto",
        revisions=[(13, "5.75:1", "6.00:1"), (12, "Part I of Schedule 2 (Conditions Precedent)", "Schedule 2")], comments=[(13, "Sponsor pushing for 6.25x opening leverage", "Tremayne, Oliver")])
    add(f"{F}/Executed/Senior Facilities Agreement - executed.pdf", "2024_0173", "facility_agreement", "Senior Facilities Agreement", fa, "en", D("2024-06-12"), "pdf")
    add(f"{F}/Drafts/Share Pledge Pellworth (German law) v2.docx", "2024_0173", "security_agreement", "Geschäftsanteilsverpfändungsvertrag",
        P(("heron_bidco", "Verpfänder"), ("gannet", "Sicherheitentreuhänder")), "de", D("2024-05-28"), "docx", heading_style=False,
        extra=["Die Heron Bidco Limited hält sämtliche Geschäftsanteile an der Pellworth Foods Deutschland GmbH (AG Düsseldorf HRB 88741)."])
    add(f"{F}/Executed/Deed of Guarantee Pellworth.pdf", "2024_0173", "guarantee", "Deed of Guarantee and Indemnity", P(("pellworth", "Guarantor"), ("gannet", "Security Agent")), "en", D("2024-06-12"), "pdf")
    add(f"{F}/CPs/Capacity opinion Heron Bidco.pdf", "2024_0173", "legal_opinion", "Legal Opinion – Capacity and Authority of the Obligors",
        P(("marlowe", "Addressee"), ("heron_bidco", "Obligor"), ("pellworth", "Obligor")), "en", D("2024-06-11"), "pdf", marker="auto")
    add(f"{F}/CPs/CP Checklist Project Heron.xlsx", "2024_0173", "checklist", "Project Heron – Conditions Precedent Checklist", fa, "en", D("2024-06-10"), "xlsx", sheets=[("CPs", [
        ["Project Heron – Conditions Precedent Checklist"], ["Our ref: 2024_0173/OT", "", "Agent: Gannet Agency Services Limited"], ["Item", "Document", "Responsible", "Status"],
        ["1(a)", "Certified constitutional documents of Heron Bidco Limited", "Borrower's counsel", "received"], ["1(b)", "Board minutes of Pellworth Fine Foods Limited", "Borrower's counsel", "received"],
        ["2", "Executed Senior Facilities Agreement", "HS", "signed 12/06/2024"], ["3", "Capacity opinion", "HS", "final"], ["4", "Funds flow statement", "Sponsor", "draft"]])])
    add(f"{F}/Correspondence/Fee note 2024-06.pdf", "2024_0173", "fee_note", "Fee Note No. FN-LDN-24-0662", P(("marlowe", "Client"), ("firm_llp", "")), "en", D("2024-06-28"), "pdf", marker="auto", traps=["invoice_number", "iban", "tax_number"], to="marlowe")
    add(f"{F}/Correspondence/Engagement Letter Project Heron.docx", "2024_0173", "engagement_letter", "Letter of Engagement – Project Heron", P(("marlowe", "Client"), ("firm_llp", "")), "en", D("2024-04-03"), "docx", marker="auto", heading_style=False)
    thread("2024_0173", f"{F}/Correspondence", "Project Heron - SFA comments and CP list [HS-LDN.FID2241187]", "en", [
        dict(frm="OT", to=["marlowe"], day="2024-05-20", body=["Priya,", "attached is our draft 3 of the SFA for Heron Bidco Limited, reflecting the sponsor's comments. The key open point remains opening leverage.", SIG_OT],
             parties=[("heron_bidco", ""), ("marlowe", "")], attach=[("Project Heron SFA draft 3.pdf", attach_pdf("Senior Facilities Agreement", ["Draft 3: 20 May 2024"], D("2024-05-20")), "application/pdf")]),
        dict(frm="marlowe", to=["OT"], day="2024-05-21", body=["Oliver,", "thanks. Marlowe Brine Capital LLP can live with 6.00x but not more. Please also ask Gannet Agency Services Limited to confirm the agency fee letter.", "Priya Ramaswamy\r\nMarlowe Brine Capital LLP | 22 Bury Street | London EC3A 5AR\r\nRegistered in England and Wales, no. OC412877"],
             parties=[("marlowe", ""), ("gannet", "")], style="alt"),
        dict(frm="OT", to=["marlowe"], cc=[("Gannet Agency Desk", "agency@gannet-agency.co.uk")], day="2024-05-22", body=["Priya,", "noted. I have copied Gannet Agency Services Limited.", SIG_OT], parties=[("marlowe", ""), ("gannet", "")]),
        dict(frm=("Gannet Agency Desk", "agency@gannet-agency.co.uk"), to=["OT"], day="2024-05-23", prefix="RE: RE: ", body=["Oliver,", "Gannet Agency Services Limited confirms the fee letter is agreed in the form circulated.", "Gannet Agency Desk"], parties=[("gannet", "")], style="b64"),
    ])
    add(f"{F}/CPs/Companies House extract Heron Bidco.pdf", "2024_0173", "register_extract", "Companies House – Company overview for HERON BIDCO LIMITED (14022871)", P(("heron_bidco", "")), "en", D("2024-06-05"), "pdf")
    add(f"{F}/CPs/Board minutes Pellworth Fine Foods.docx", "2024_0173", "board_minutes", "Minutes of a Meeting of the Board of Directors of Pellworth Fine Foods Limited", P(("pellworth", "")), "en", D("2024-06-07"), "docx", heading_style=False)
    add(f"{F}/Executed/Amendment letter SFA.pdf", "2024_0173", "amendment_agreement", "Amendment Letter – Senior Facilities Agreement dated 12 June 2024",
        P(("heron_bidco", "Borrower"), ("gannet", "Agent")), "en", D("2024-09-18"), "pdf", marker="auto")
    add(f"{F}/Drafts/Power of attorney Pellworth.docx", "2024_0173", "power_of_attorney", "Power of Attorney", P(("pellworth", "Grantor")), "en", D("2024-06-07"), "docx",
        blocks=[("h", "Power of Attorney"), ("p", "THIS POWER OF ATTORNEY is made by deed on 7 June 2024 by Pellworth Fine Foods Limited (company number 08817342) (the Grantor)."), *[("p", x) for x in T["power_of_attorney"]["en"]], ("sig", "Executed as a deed by Pellworth Fine Foods Limited")])

    # ============================================================ Project Sandpiper (London, named only by title)
    F = MF["SANDPIPER"]
    add(f"{F}/Correspondence/NDA Quillon - Tamsworth (signed).pdf", "SANDPIPER", "non_disclosure_agreement", "Confidentiality Agreement",
        P(("quillon", "Recipient"), ("askwith", "Disclosing Party")), "en", D("2024-03-18"), "pdf")
    add(f"{F}/Drafts/Indicative offer letter Tamsworth.docx", "SANDPIPER", "letter_of_intent", "Project Sandpiper – Non-Binding Indicative Offer",
        P(("quillon", "Bidder"), ("askwith", "Seller")), "en", D("2024-04-02"), "docx", extra_t="Tamsworth Data Systems Ltd")
    add(f"{F}/DD/Sandpiper DD Request List.xlsx", "SANDPIPER", "due_diligence_request_list", "Project Sandpiper – Legal Due Diligence Information Request List",
        P(("tamsworth", "Target")), "en", D("2024-04-22"), "xlsx", sheets=[("Requests", [
            ["Project Sandpiper – Legal Due Diligence Information Request List"], ["Target: Tamsworth Data Systems Ltd (06623018)"], ["Ref", "Area", "Request", "Priority", "VDR ref"],
            ["A.1", "Corporate", "Certificate of incorporation and all change of name certificates", "High", "1.1"], ["C.4", "Commercial", "Top 20 customer contracts by revenue", "High", "3.2"],
            ["E.2", "Employment", "Service agreements of all employees earning over GBP 100,000", "Medium", "5.1"], ["G.1", "IP/IT", "Schedule of registered and unregistered IP", "High", ""]])])
    add(f"{F}/DD/Sandpiper Legal DD Report - red flag.docx", "SANDPIPER", "due_diligence_report", "Project Sandpiper – Red Flag Legal Due Diligence Report",
        P(("quillon", "Client"), ("tamsworth", "Target")), "en", D("2024-06-21"), "docx", comments=[(4, "Check AWS reseller CoC with client", "Pryce-Whitcombe, Hannah")])
    add(f"{F}/Drafts/SPA Sandpiper v1 (Buyer draft).docx", "SANDPIPER", "share_purchase_agreement", "Share Purchase Agreement relating to Tamsworth Data Systems Ltd",
        P(("askwith", "Seller"), ("quillon", "Buyer")), "en", D("2024-07-01"), "docx", extra_t="Tamsworth Data Systems Ltd")
    add(f"{F}/DD/VDR index Sandpiper 2024-05-30.xlsx", "SANDPIPER", "data_room_index", "Project Sandpiper – Virtual Data Room Index", P(("tamsworth", "Target")), "en", D("2024-05-30"), "xlsx",
        sheets=[("VDR", [["Project Sandpiper – Virtual Data Room Index"], ["Index", "Document", "Uploaded"], ["1.1", "Certificate of incorporation Tamsworth Data Systems Ltd", "2024-05-02"], ["3.2.7", "AWS Solution Provider Agreement", "2024-05-09"], ["5.1.3", "Service agreement R. Nakamura", "2024-05-14"]])])
    add(f"{F}/DD/5.1.3 Service agreement Nakamura.pdf", "SANDPIPER", "employment_contract", "Contract of Employment", P(("tamsworth", "Employer"), ("nakamura", "Employee")), "en", D("2021-02-08"), "pdf")
    thread("SANDPIPER", f"{F}/Correspondence", "Project Sandpiper: exclusivity and timetable", "en", [
        dict(frm="quillon", to=["HPW"], day="2024-04-29", body=["Hannah,", "Askwith Family Holdings Limited has agreed to six weeks' exclusivity. Can we have the red flag report on Tamsworth Data Systems Ltd by 21 June?", "Marcus Leventhorpe\r\nQuillon Holdings Ltd"],
             parties=[("quillon", ""), ("askwith", ""), ("tamsworth", "")]),
        dict(frm="HPW", to=["quillon"], day="2024-04-29", body=["Marcus,", "yes, 21 June works if the data room is complete by the end of May.", SIG_HPW], parties=[("quillon", "")], style="html"),
        dict(frm="quillon", to=["HPW"], cc=["OT"], day="2024-06-24", prefix="Re: ", body=["Hannah,", "thanks for the report. The AWS point on Tamsworth Data Systems Ltd needs a specific indemnity from Askwith Family Holdings Limited.", "Marcus"],
             parties=[("quillon", ""), ("askwith", ""), ("tamsworth", "")]),
    ], dated_names=False)
    add(f"{F}/DD/Sandpiper DD findings presentation.pptx", "SANDPIPER", "presentation", "Project Sandpiper – Key Due Diligence Findings",
        P(("quillon", "Client"), ("tamsworth", "Target")), "en", D("2024-06-25"), "pptx", slides=[("Project Sandpiper – Key Due Diligence Findings", ["Quillon Holdings Ltd", "Haverkamp Sterling LLP, 25 June 2024"]),
                                                                                                ("Red flags – Tamsworth Data Systems Ltd", ["AWS reseller change of control", "Unregistered core IP", "ET claim (bonus)"]), ("Next steps", ["Specific indemnities", "W&I underwriting call"])])
    add(f"{F}/Correspondence/Employment memo Tamsworth.md", "SANDPIPER", "memo", "Memorandum – Employment issues identified in the Tamsworth data room",
        P(("quillon", "Client"), ("tamsworth", "Target")), "en", D("2024-06-14"), "md")
    add(f"{F}/Correspondence/Fee estimate Project Sandpiper.docx", "SANDPIPER", "budget_estimate", "Project Sandpiper – Fee Estimate", P(("quillon", "Client")), "en", D("2024-03-21"), "docx", heading_style=False)

    # ============================================================ Mietvertrag Lagerhalle Rellingen (named only by title; real estate)
    F = MF["RELLINGEN"]
    ll, mt = ("rellingen_ll", "Vermieterin"), ("fennick", "Mieterin")
    add(f"{F}/Entwürfe/Mietvertrag Halle 3 Rellingen Entwurf Vermieter mit Anm HSR.docx", "RELLINGEN", "lease_agreement", "Gewerbemietvertrag über die Lagerhalle Industriestraße 17, Rellingen",
        P(ll, mt), "de", D("2024-05-13"), "docx", revisions=[(10, "zehn Jahren fest; die Mieterin erhält zwei Optionen zur Verlängerung um je fünf Jahre", "fünfzehn Jahren fest"), (11, "EUR 52.080", "EUR 55.440")],
        comments=[(10, "Optionsrecht ist für Fennick zwingend", "Lammers, Katrin"), (12, "Schriftformheilungsklausel BGH XII ZR 107/16 beachten", "Steinhoff, Jonas")])
    add(f"{F}/Final/Mietvertrag Lagerhalle Rellingen unterschrieben.pdf", "RELLINGEN", "lease_agreement", "Gewerbemietvertrag über die Lagerhalle Industriestraße 17, Rellingen", P(ll, mt), "de", D("2024-06-27"), "pdf")
    add(f"{F}/Final/Anlage 3 Baubeschreibung Halle 3.pdf", "RELLINGEN", "annex_schedule", "Anlage 3 zum Mietvertrag – Baubeschreibung Halle 3", P(ll, mt), "de", D("2024-06-27"), "pdf")
    add(f"{F}/Entwürfe/Untermietvertrag Sarrow Teilfläche.docx", "RELLINGEN", "sublease_agreement", "Untermietvertrag über eine Teilfläche der Halle 3, Rellingen",
        P(("fennick", "Hauptmieterin"), ("sarrow_koeln", "Untermieterin")), "de", D("2024-08-19"), "docx")
    add(f"{F}/Entwürfe/1. Nachtrag Mietvertrag Rellingen.docx", "RELLINGEN", "amendment_agreement", "1. Nachtrag zum Gewerbemietvertrag vom 27. Juni 2024", P(ll, mt), "de", D("2024-10-02"), "docx")
    add(f"{F}/Final/Mietbürgschaft Hanseatische Kreditbank.pdf", "RELLINGEN", "guarantee", "Mietbürgschaft Nr. 7718/2024", P(("hanse_bank", "Bürgin"), ("rellingen_ll", "Vermieterin"), ("fennick", "Mieterin")), "de", D("2024-07-10"), "pdf")
    add(f"{F}/Schriftverkehr/Schreiben Vermieterin Übergabetermin.docx", "RELLINGEN", "letter", "Mietvertrag Lagerhalle Rellingen – Übergabe der Mietsache am 1. Oktober 2024",
        P(ll, mt), "de", D("2024-09-10"), "docx", to="rellingen_ll", heading_style=False,
        extra=["namens der Fennick Logistik GmbH bestätigen wir den Übergabetermin. Wir bitten die Grundstücksgesellschaft Rellingen Nord mbH & Co. KG, das Übergabeprotokoll vorzubereiten."], traps=["postal_code"])
    thread("RELLINGEN", f"{F}/Schriftverkehr", "Mietvertrag Lagerhalle Rellingen - Optionsrecht und Schriftform", "de", [
        dict(frm="fennick", to=["KL"], day="2024-05-15", body=["Liebe Frau Dr. Lammers,", "die Grundstücksgesellschaft Rellingen Nord lehnt die Verlängerungsoptionen ab. Wie sollen wir reagieren?", "Sabine Wiechert, Fennick Logistik GmbH"],
             parties=[("fennick", ""), ("rellingen_ll", "")]),
        dict(frm="KL", to=["fennick"], day="2024-05-16", body=["Liebe Frau Wiechert,", "ich empfehle, auf mindestens einer Option zu bestehen und im Gegenzug die Staffelmiete anzubieten. Die Grundstücksgesellschaft Rellingen Nord mbH & Co. KG braucht die Vermietung für ihre Finanzierung.", SIG_KL],
             parties=[("fennick", ""), ("rellingen_ll", "")], style="alt"),
    ], dated_names=False)
    add(f"{F}/Schriftverkehr/Aktennotiz Besichtigung Halle 3.txt", "RELLINGEN", "file_note", "Aktennotiz Besichtigung Halle 3 Rellingen am 22.04.2024", P(ll, mt), "de", D("2024-04-22"), "txt")
    add(f"{F}/Rechnung Mietvertrag Rellingen.pdf", "RELLINGEN", "invoice", "Honorarrechnung Nr. 24-11045", P(("fennick", "Mandantin"), ("firm", "")), "de", D("2024-07-31"), "pdf", traps=["invoice_number", "iban"],
        extra=["Betreff: Mietvertrag Lagerhalle Rellingen"])

    # ============================================================ 19-0042-WB Ostwald Markenlizenz (legacy DMS export, year-number-initials)
    F = MF["19-0042"]
    lic = P(("ostwald", "Lizenzgeberin"), ("vauquelin", "Lizenznehmerin"))
    add(f"{F}/HSR-HH_1187345_v3 Markenlizenzvertrag Vauquelin.doc", "19-0042", "licence_agreement", "Markenlizenzvertrag", lic, "de", D("2019-05-14"), "doc", marker="auto")
    add(f"{F}/HSR-HH_1187346_v1 Markenurkunde OSTWALD URSTOFF.pdf", "19-0042", "trademark_certificate", "Urkunde über die Eintragung der Marke Nr. 30 2011 048 812", P(("ostwald", "Inhaberin")), "de", D("2012-01-27"), "pdf")
    add(f"{F}/HSR-HH_1187402_v1 Abmahnung Zellinger.doc", "19-0042", "warning_letter", "Verletzung der Marke „OSTWALD URSTOFF“ – Abmahnung",
        P(("zellinger", "Verletzerin"), ("ostwald", "Markeninhaberin")), "de", D("2019-10-16"), "doc", marker="auto", to="zellinger")
    add(f"{F}/HSR-HH_1187519_v2 1. Nachtrag Lizenzvertrag.odt", "19-0042", "amendment_agreement", "1. Nachtrag zum Markenlizenzvertrag vom 14. Mai 2019", lic, "de", D("2020-11-30"), "odt", marker="auto",
        extra=["§ 1 Die Lizenzgebühr wird ab dem 01.01.2021 auf 5,0 % des Nettoumsatzes angehoben."])
    add(f"{F}/HSR-HH_1187377_v1 Vermerk Lizenzgebühr Frankreich.txt", "19-0042", "memo", "Vermerk: Angemessenheit der Lizenzgebühr und Verrechnungspreise Frankreich",
        P(("ostwald", "Mandantin"), ("vauquelin", "Lizenznehmerin")), "de", D("2019-04-02"), "txt", marker="auto", enc="cp1252",
        extra=["Lizenzgebühren von 3 bis 6 % des Nettoumsatzes sind bei Biermarken marktüblich.", "Die Brasserie Vauquelin SARL hat eine Staffel vorgeschlagen."])
    add(f"{F}/HSR-HH_1187611_v1 Rechnung 19-0042.pdf", "19-0042", "invoice", "Rechnung Nr. 2019-4417", P(("ostwald", "Mandantin"), ("firm", "")), "de", D("2019-12-20"), "pdf", marker="auto", traps=["invoice_number", "tax_number"])
    thread("19-0042", F, "Lizenzvertrag Vauquelin - Unterzeichnung", "de", [
        dict(frm="WB", to=["ostwald"], day="2019-05-10", body=["Sehr geehrter Herr Ostwald,", "der Markenlizenzvertrag mit der Brasserie Vauquelin SARL ist ausverhandelt. Unterzeichnung in Lille am 14.05.", "Wolfgang Brückl\r\nHaverkamp Sterling Rechtsanwälte PartG mbB"],
             parties=[("ostwald", ""), ("vauquelin", "")], fname="HSR-HH_1187340_v1 Lizenzvertrag Vauquelin - Unterzeichnung.eml", style="latin1"),
    ])
    add(f"{F}/HSR-HH_1187701_v1 Lizenzabrechnung 2019 Vauquelin.xlsx", "19-0042", "spreadsheet", "Lizenzabrechnung 2019 – Brasserie Vauquelin SARL", lic, "de", D("2020-02-14"), "xlsx",
        sheets=[("2019", [["Lizenzabrechnung 2019 – Brasserie Vauquelin SARL"], ["Quartal", "Nettoumsatz EUR", "Satz", "Lizenzgebühr EUR"], ["Q3", 812400, "4,5 %", 36558], ["Q4", 1104200, "4,5 %", 49689]])])

    # ============================================================ 2024_0201 KWG opinion Drossel (London office, German law)
    F = MF["2024_0201"]
    add(f"{F}/Drafts/KWG opinion Drossel draft 2.docx", "2024_0201", "legal_opinion", "Legal Opinion – German Banking Act Licensing Requirements",
        P(("marlowe", "Addressee"), ("drossel", "Borrower")), "en", D("2024-05-08"), "docx", marker="auto", comments=[(4, "Confirm reverse solicitation facts with Priya", "Tremayne, Oliver")])
    add(f"{F}/Final/KWG opinion Drossel (final, signed).pdf", "2024_0201", "legal_opinion", "Legal Opinion – German Banking Act Licensing Requirements", P(("marlowe", "Addressee"), ("drossel", "Borrower")), "en", D("2024-05-16"), "pdf", marker="auto")
    add(f"{F}/Drafts/Vermerk Erlaubnispflicht KWG KAGB.docx", "2024_0201", "memo", "Vermerk: Erlaubnispflicht der Darlehensvergabe durch den Fonds an die Drossel Maschinenbau GmbH",
        P(("marlowe", "Mandantin"), ("drossel", "Darlehensnehmerin")), "de", D("2024-04-26"), "docx", marker="auto")
    add(f"{F}/Correspondence/Facility Agreement Drossel (for review).pdf", "2024_0201", "loan_agreement", "Term Loan Agreement", P(("marlowe", "Lender"), ("drossel", "Borrower")), "en", D("2024-04-15"), "pdf")
    add(f"{F}/Correspondence/BaFin Antwort Anfrage.pdf", "2024_0201", "authority_letter", "Ihre Anfrage vom 22. April 2024 – Erlaubnispflicht nach KWG",
        P(("marlowe", "Anfragende"), ("drossel", "")), "de", D("2024-05-03"), "pdf",
        blocks=[("p", "Bundesanstalt für Finanzdienstleistungsaufsicht · Graurheindorfer Straße 108 · 53117 Bonn"), ("p", "Haverkamp Sterling LLP, 14 Fenchurch Avenue, London EC3M 5BS"), ("p", "Geschäftszeichen: BA 52-FR 1903-2024/0117"),
                ("b", "Ihre Anfrage vom 22. April 2024 – Erlaubnispflicht nach KWG"), *[("p", x) for x in T["authority_letter"]["de"]], ("p", "Betrifft: Marlowe Brine Capital LLP, Darlehen an Drossel Maschinenbau GmbH")])
    thread("2024_0201", f"{F}/Correspondence", "Drossel - KWG licensing question", "en", [
        dict(frm="marlowe", to=["OT"], day="2024-04-12", body=["Oliver,", "our fund is about to lend EUR 18m to Drossel Maschinenbau GmbH in Chemnitz. Do we need a German banking licence? Marlowe Brine Capital LLP has not lent into Germany before.", "Priya"],
             parties=[("marlowe", ""), ("drossel", "")]),
        dict(frm="OT", to=["marlowe"], cc=["JSt"], day="2024-04-12", body=["Priya,", "short answer: probably not, if the fund qualifies as an EU AIF. We will confirm in a formal opinion; my colleague Jonas Steinhoff in Hamburg is checking the BaFin practice.", SIG_OT],
             parties=[("marlowe", ""), ("drossel", "")], style="html"),
        dict(frm="JSt", to=["OT"], day="2024-05-03", prefix="FW: ", body=["Oliver,", "BaFin's informal response on Drossel is attached (Geschäftszeichen BA 52-FR 1903-2024/0117). Positive for Marlowe Brine Capital LLP.", "Jonas"],
             parties=[("marlowe", ""), ("drossel", "")], attach=[("BaFin Antwort.pdf", attach_pdf("Ihre Anfrage vom 22. April 2024", ["Geschäftszeichen: BA 52-FR 1903-2024/0117"], D("2024-05-03")), "application/pdf")]),
    ], dated_names=False)
    add(f"{F}/Correspondence/Engagement letter KWG opinion.pdf", "2024_0201", "engagement_letter", "Engagement Letter – German Regulatory Opinion", P(("marlowe", "Client"), ("firm_llp", "")), "en", D("2024-04-15"), "pdf", marker="auto", to="marlowe")
    add(f"{F}/Correspondence/Fee note FN-LDN-24-0588.pdf", "2024_0201", "fee_note", "Fee Note No. FN-LDN-24-0588", P(("marlowe", "Client"), ("firm_llp", "")), "en", D("2024-05-31"), "pdf", marker="auto", traps=["invoice_number", "iban"], to="marlowe")
    add(f"{F}/Correspondence/HR-Auszug Drossel Maschinenbau.pdf", "2024_0201", "register_extract", "Handelsregister B des Amtsgerichts Chemnitz – Aktueller Ausdruck", P(("drossel", "")), "de", D("2024-04-16"), "pdf")

    # ============================================================ misfiled: in one matter's folder, content names another matter
    MIS = "misfiled"
    add(f"{MF['0412/23']}/Korrespondenz/Schreiben Vermieterin Nebenkostenvorauszahlung.docx", "RELLINGEN", "letter", "Mietvertrag Lagerhalle Rellingen – Nebenkostenvorauszahlung",
        P(("rellingen_ll", "Vermieterin"), ("fennick", "Mieterin")), "de", D("2024-10-14"), "docx", category=MIS, to="rellingen_ll",
        extra=["für die Fennick Logistik GmbH widersprechen wir der Erhöhung der Nebenkostenvorauszahlung für die Halle 3."])
    add(f"{MF['0388/24']}/Korrespondenz/2024-05-02 Schreiben Gegenseite Fristverlängerung.pdf", "0412/23", "letter", "Fennick ./. Sarrow – Antrag auf Fristverlängerung",
        P(("fennick", "Klägerin"), ("sarrow_berlin", "Beklagte")), "de", D("2024-03-01"), "pdf", category=MIS, marker="auto", to="sarrow_berlin",
        extra=["der Verlängerung der Frist zur Klageerwiderung für die Sarrow Spedition GmbH bis zum 18.03.2024 stimmt die Fennick Logistik GmbH zu."])
    add(f"{MF['40117.003']}/01_Korrespondenz/Beschluss Bestellung GF (Kopie).docx", "40117.007", "shareholder_resolution", "Gesellschafterbeschluss der Kestrel Aerostructures GmbH",
        P(("kestrel", "Gesellschaft"), ("kestrel_holding", "Gesellschafterin")), "de", D("2024-05-29"), "docx", category=MIS, marker="auto", extra_t="Kestrel Aerostructures GmbH")
    thread("SANDPIPER", f"{MF['2024_0173']}/Correspondence", "Project Sandpiper - revised LOI", "en", [
        dict(frm="HPW", to=["quillon"], day="2024-04-03", body=["Marcus,", "revised indicative offer for Tamsworth Data Systems Ltd attached, reflecting your comments on the exclusivity period.", SIG_HPW], parties=[("quillon", ""), ("tamsworth", "")])], category=MIS, dated_names=False)
    thread("2024_0173", f"{MF['SANDPIPER']}/Correspondence", "CP satisfaction - Heron Bidco", "en", [
        dict(frm="OT", to=["marlowe"], day="2024-06-11", body=["Priya,", "Our ref: 2024_0173/OT. All CPs for the utilisation by Heron Bidco Limited are satisfied save the funds flow.", SIG_OT], parties=[("marlowe", ""), ("heron_bidco", "")])], category=MIS, dated_names=False)
    add(f"{MF['AKT-2024-0017']}/Entwürfe/Vergleich Oberle Entwurf.docx", "AKT-2023-0091", "termination_agreement", "Aufhebungsvertrag", P(("halvard", "Arbeitgeberin"), ("oberle", "Arbeitnehmer")), "de", D("2024-02-16"), "docx", category=MIS, marker="auto")
    add(f"{MF['52290.001']}/Drafts/Anlage 7 Garantien SPA Vantorp.docx", "40117.003", "annex_schedule", "Anlage 7 – Garantien der Verkäuferin",
        P(("vantorp_seller", "Verkäuferin"), ("kestrel", "Käuferin")), "de", D("2024-03-05"), "docx", category=MIS, marker="Unser Zeichen: 40117-003",
        extra=["7.1 Die Lorenz Vantorp Beteiligungs GmbH garantiert der Kestrel Aerostructures GmbH, dass die Gesellschaft ordnungsgemäß gegründet ist.", "7.2 Jahresabschlüsse 2021 bis 2023 sind nach HGB aufgestellt."])
    add(f"{MF['2024_0201']}/Drafts/Heron - amendment letter draft.docx", "2024_0173", "amendment_agreement", "Amendment Letter – Senior Facilities Agreement dated 12 June 2024",
        P(("heron_bidco", "Borrower"), ("gannet", "Agent")), "en", D("2024-09-10"), "docx", category=MIS, marker="auto")
    add(f"{MF['RELLINGEN']}/Schriftverkehr/Klageerwiderung Sarrow (Kopie Mandantin).pdf", "0412/23", "statement_of_defence", "Klageerwiderung", P(("fennick", "Klägerin"), ("sarrow_berlin", "Beklagte")), "de", D("2024-03-18"), "pdf", category=MIS,
        blocks=[("p", "Dr. Thiele & Kollegen Rechtsanwälte · Kurfürstendamm 190 · 10707 Berlin"), ("p", "An das Landgericht Frankfurt am Main"), ("p", "Az.: 2-06 O 155/24 · Ihr Zeichen: 0412/23 RKe"), ("h", "Klageerwiderung"),
                ("p", "In dem Rechtsstreit Fennick Logistik GmbH – Klägerin – gegen Sarrow Spedition GmbH, Berlin, HRB 4711 B – Beklagte –"), *[("p", x) for x in T["statement_of_defence"]["de"]]])
    add(f"{MF['19-0042']}/HSR-HH_2204113_v1 Schiedsverfahren Tellkamp Vorschuss.pdf", "0388/24", "letter", "Schiedsverfahren gegen die Tellkamp Anlagenbau GmbH – Kostenvorschuss",
        P(("ostwald", "Mandantin"), ("tellkamp_bremen", "Schiedsbeklagte")), "de", D("2024-05-10"), "pdf", category=MIS, marker="auto", to="ostwald",
        extra=["für das Schiedsverfahren der Ostwald Brauerei KG gegen die Tellkamp Anlagenbau GmbH, Bremen, bitten wir um Einzahlung des Vorschusses."], traps=["iban"])
    add(f"{MF['AKT-2023-0091']}/Korrespondenz/BV Mobiles Arbeiten Entwurf 3.docx", "AKT-2024-0017", "works_agreement", "Betriebsvereinbarung Mobiles Arbeiten",
        P(("halvard", "Arbeitgeberin"), ("halvard_br", "Betriebsrat")), "de", D("2024-04-11"), "docx", category=MIS, marker="auto")
    add(f"{MF['40117.007']}/Korrespondenz/Cap table Aldenhoven (v2).xlsx", "52290.001", "cap_table", "Cap Table Aldenhoven Solartechnik GmbH – pro forma Series B (v2)",
        P(("aldenhoven", ""), ("corvina", ""), ("halmstad", ""), ("hosszu", ""), ("reinwald", "")), "en", D("2024-04-16"), "xlsx", category=MIS, sheets=[
            ("Cap Table", [["Cap Table Aldenhoven Solartechnik GmbH – pro forma Series B (v2)"], ["Our ref: 52290.001/JSt"], ["Shareholder", "Shares post", "% post"],
                           ["Dr. Mirela Hosszu", 27000, "35.48%"], ["Tobias Reinwald", 27000, "35.48%"], ["Corvina Growth Fund II SCSp", 11145, "14.65%"], ["Halmstad Ventures AB", 3715, "4.88%"]])])

    # ============================================================ inbox: loose files
    IN = "_Posteingang"
    thread("0412/23", IN, "0412/23 Fennick ./. Sarrow – Terminsverlegung", "de", [
        dict(frm=("Dr. Hendrik Thiele", "thiele@thiele-kollegen.de"), to=["RKe"], day="2024-06-26", prefix="AW: ", body=["Sehr geehrte Frau Kollegin,", "wegen einer Terminskollision beantragen wir für die Sarrow Spedition GmbH die Verlegung des Termins vom 09.07.2024. Stimmt die Fennick Logistik GmbH zu?", "Dr. Hendrik Thiele"],
             parties=[("sarrow_berlin", ""), ("fennick", "")])], category="inbox", dated_names=False)
    thread("2024_0173", IN, "Project Heron – signing mechanics", "en", [
        dict(frm="marlowe", to=["OT"], day="2024-06-10", body=["Oliver,", "for signing on Wednesday: will Heron Bidco Limited sign by DocuSign or wet ink?", "Priya"], parties=[("marlowe", ""), ("heron_bidco", "")], style="html")], category="inbox", dated_names=False)
    add(f"{IN}/Schreiben RA Ruckaberle 2024-02-22.pdf", "AKT-2023-0091", "letter", "Oberle ./. Halvard Pumpen GmbH – Ihr Vergleichsvorschlag",
        P(("oberle", "Kläger"), ("halvard", "Beklagte")), "de", D("2024-02-22"), "pdf", category="inbox",
        blocks=[("p", "Kanzlei Ruckaberle Arbeitsrecht · Tübinger Straße 15 · 70178 Stuttgart"), ("p", "Haverkamp Sterling Rechtsanwälte PartG mbB, Herrn Dr. Yusuf Demirel, Königstraße 26, 70173 Stuttgart"),
                ("p", "Ihr Zeichen: AKT-2023-0091 · Unser Zeichen: 311/23 SR"), ("b", "Oberle ./. Halvard Pumpen GmbH – Ihr Vergleichsvorschlag"), ("p", "Sehr geehrter Herr Kollege,"),
                ("p", "mein Mandant Benedikt Oberle nimmt den Vorschlag der Halvard Pumpen GmbH an, sofern das Zeugnis die Note „gut“ ausweist."), ("sig", "Sven Ruckaberle")])
    thread("52290.001", IN, "Aldenhoven Series B – updated cap table", "en", [
        dict(frm="corvina", to=["JSt"], day="2024-04-16", body=["Jonas,", "attached Corvina's view of the cap table of Aldenhoven Solartechnik GmbH after the Series B, including Halmstad Ventures AB.", "Elodie"],
             parties=[("corvina", ""), ("aldenhoven", ""), ("halmstad", "")], attach=[("Cap table Corvina view.pdf", attach_pdf("Cap Table (Corvina view)", ["Aldenhoven Solartechnik GmbH"], D("2024-04-16")), "application/pdf")])], category="inbox", dated_names=False)
    add(f"{IN}/Lingua Fides Rechnung 2024-0173.pdf", None, "invoice", "Rechnung", P(("linguafides", "Rechnungsstellerin"), ("firm", "Rechnungsempfängerin")), "de", D("2024-06-14"), "pdf", category="inbox",
        blocks=[("p", "Lingua Fides Fachübersetzungen GmbH · Colonnaden 41 · 20354 Hamburg"), ("p", "Haverkamp Sterling Rechtsanwälte PartG mbB, Brooktorkai 7, 20457 Hamburg"), ("h", "Rechnung"),
                ("p", "Rechnungsnummer: 2024-0173 · Kundennummer: 40117 · Datum: 14.06.2024"), ("p", "Beglaubigte Übersetzung Deutsch–Englisch, 14 Normseiten à EUR 58,00 = EUR 812,00 zzgl. 19 % USt."),
                ("p", TRAPS["iban"]["de"]), ("p", "Amtsgericht Hamburg HRB 170334")], traps=["invoice_lookalike", "customer_number", "iban"])
    add(f"{IN}/Anmerkungen Vermieterin Entwurf Mietvertrag Rellingen.docx", "RELLINGEN", "letter", "Mietvertrag Lagerhalle Rellingen – Anmerkungen der Vermieterin zum Entwurf",
        P(("rellingen_ll", "Vermieterin"), ("fennick", "Mieterin")), "de", D("2024-05-14"), "docx", category="inbox",
        blocks=[("p", "Grundstücksgesellschaft Rellingen Nord mbH & Co. KG · Hauptstraße 52 · 25462 Rellingen"), ("b", "Mietvertrag Lagerhalle Rellingen – Anmerkungen der Vermieterin zum Entwurf"), ("p", "Sehr geehrte Frau Dr. Lammers,"),
                ("p", "zu Ihrem Entwurf für die Fennick Logistik GmbH nehmen wir wie folgt Stellung: Eine Verlängerungsoption können wir nicht gewähren."), ("sig", "Henning Barkhausen, Geschäftsführer der Komplementärin")])
    thread(None, IN, "Neu im Juni: Praxishandbuch Gesellschafterstreit, 4. Auflage", "de", [
        dict(frm=("Verlag Rechtspraxis Newsletter", "newsletter@verlag-rechtspraxis.de"), to=["KL"], day="2024-06-03", body=["Sehr geehrte Frau Dr. Lammers,", "die 4. Auflage des Praxishandbuchs ist erschienen. Bestellen Sie jetzt mit Ihrer Kundennummer 0412-23-771 versandkostenfrei.", "Abmelden | Impressum: Verlag Rechtspraxis GmbH, HRB 88123, Amtsgericht München"], style="html")],
        category="inbox", dated_names=False)
    DOCS[-1].doc_type = "newsletter"
    add(f"{IN}/Eintragungsmitteilung HRB 92114.pdf", "40117.007", "authority_letter", "Eintragungsnachricht – Kestrel Aerostructures GmbH",
        P(("kestrel", "")), "de", D("2024-06-18"), "pdf", category="inbox",
        blocks=[("p", "Amtsgericht Hamburg – Registergericht – Caffamacherreihe 20, 20355 Hamburg"), ("p", "Geschäftszeichen: HRB 92114 – Reg.-Nr. 2024/41277"), ("h", "Eintragungsnachricht – Kestrel Aerostructures GmbH"),
                ("p", "In das Handelsregister wurde am 18.06.2024 eingetragen: Bestellt als Geschäftsführer: Sollmann, Friederike, Hamburg, *14.02.1979, vertretungsberechtigt gemeinsam mit einem anderen Geschäftsführer oder einem Prokuristen.")], traps=["authority_reference"])
    thread("2024_0201", IN, "WG: Drossel Maschinenbau – BaFin Rückfrage", "de", [
        dict(frm="JSt", to=["OT"], day="2024-04-30", prefix="", body=["Oliver,", "BaFin fragt telefonisch nach, ob Marlowe Brine Capital LLP den Kontakt zur Drossel Maschinenbau GmbH selbst angebahnt hat. Geschäftszeichen BA 52-FR 1903-2024/0117.", "Jonas"],
             parties=[("marlowe", ""), ("drossel", "")])], category="inbox", dated_names=False)
    add(f"{IN}/Beschluss LG Frankfurt Terminsverlegung.pdf", "0412/23", "court_order", "Beschluss", P(("fennick", "Klägerin"), ("sarrow_berlin", "Beklagte")), "de", D("2024-06-28"), "pdf", category="inbox",
        blocks=[("c", "Landgericht Frankfurt am Main"), ("p", "Aktenzeichen: 2-06 O 155/24"), ("h", "Beschluss"), ("p", "In dem Rechtsstreit Fennick Logistik GmbH ./. Sarrow Spedition GmbH wird der Termin vom 09.07.2024 aufgehoben und neu bestimmt auf den 30.07.2024, 9:30 Uhr."), ("sig", "Dr. Ohlendorf, Richter am Landgericht")])
    thread(None, IN, "Ihre Bestellung 40117-3 wurde versandt", "de", [
        dict(frm=("Bürobedarf Hansa Versand", "service@hansa-buerobedarf.de"), to=["KL"], day="2024-05-08", body=["Guten Tag,", "Ihre Bestellung Nr. 40117-3 (Kundennummer 52290-001) wurde versandt. Sendungsnummer: 00340434161094042557.", "Hansa Versand GmbH · 22113 Hamburg · Tel. 040 734 1190"], style="alt")],
        category="inbox", dated_names=False)
    DOCS[-1].traps = ["customer_number", "tracking_number", "postal_code", "phone"]
    add(f"{IN}/Telefonnotiz RA Ruckaberle Oberle.txt", "AKT-2023-0091", "file_note", "Telefonnotiz: Rückruf RA Ruckaberle wegen Oberle",
        P(("oberle", "Kläger"), ("halvard", "Beklagte")), "de", D("2024-02-26"), "txt", category="inbox",
        blocks=[("h", "Telefonnotiz: Rückruf RA Ruckaberle wegen Oberle"), ("p", "Herr Ruckaberle (Vertreter Benedikt Oberle) bittet um Rückruf wegen der Zeugnisformulierung; Halvard Pumpen GmbH soll die Leistungsbeurteilung bestätigen."), ("p", "Tel. 0711 2489 330, erreichbar ab 14 Uhr.")], traps=["phone"])
    thread("SANDPIPER", IN, "Sandpiper – management presentation slot", "en", [
        dict(frm="quillon", to=["HPW"], day="2024-05-20", body=["Hannah,", "Tamsworth Data Systems Ltd's management can present on 4 June at 10am. Will you join?", "Marcus"], parties=[("quillon", ""), ("tamsworth", "")])], category="inbox", dated_names=False)
    add(f"{IN}/Finanzamt Hamburg-Mitte Umsatzsteuer-Sonderprüfung.pdf", None, "authority_letter", "Prüfungsanordnung – Umsatzsteuer-Sonderprüfung",
        P(("firm", "Steuerpflichtige")), "de", D("2024-04-04"), "pdf", category="inbox",
        blocks=[("p", "Finanzamt Hamburg-Mitte · Kehrwieder 2 · 20457 Hamburg"), ("p", "Haverkamp Sterling Rechtsanwälte PartG mbB, Brooktorkai 7, 20457 Hamburg"), ("p", TRAPS["authority_reference"]["de"]), ("p", TRAPS["tax_number"]["de"]),
                ("h", "Prüfungsanordnung – Umsatzsteuer-Sonderprüfung"), ("p", "Gemäß §§ 193 ff. AO ordne ich bei Ihnen eine Umsatzsteuer-Sonderprüfung für die Voranmeldungszeiträume 01/2023 bis 12/2023 an.")], traps=["authority_reference", "tax_number", "postal_code"])
    thread(None, IN, "Einladung: Frankfurter Prozessrechtstag 2024", "de", [
        dict(frm=("Anwaltverein Frankfurt", "events@anwaltverein-ffm.de"), to=["RKe"], day="2024-05-29", body=["Sehr geehrte Frau Dr. Kessler,", "wir laden Sie herzlich zum Frankfurter Prozessrechtstag am 12.09.2024 ein. Anmeldung bis 31.07.2024.", "Frankfurter Anwaltsverein e.V. · Zeil 42 · 60313 Frankfurt"], style="html")], category="inbox", dated_names=False)
    DOCS[-1].doc_type = "newsletter"
    thread("0388/24", IN, "Tellkamp Anlagenbau – Gewährleistung Sudhaus", "de", [
        dict(frm="ostwald", to=["MHo"], day="2024-08-02", prefix="WG: ", body=["Lieber Herr Holtkamp,", "anbei die Antwort der Tellkamp Anlagenbau GmbH aus Bremen auf unsere Mängelrüge von 2023 – zur Akte Schiedsverfahren.", "Konrad Ostwald, Ostwald Brauerei KG"],
             parties=[("ostwald", ""), ("tellkamp_bremen", "")])], category="inbox", dated_names=False)
    thread("40117.003", IN, "Tellkamp Anlagenbau GmbH – Change of Control Rahmenliefervertrag", "de", [
        dict(frm="kestrel", to=["KL"], day="2024-03-14", body=["Liebe Frau Dr. Lammers,", "der Lieferant Tellkamp Anlagenbau GmbH aus Gersthofen hat gegenüber der Vantorp Präzisionsteile GmbH angedeutet, bei einem Kontrollwechsel nicht zu kündigen. Reicht uns eine E-Mail, oder brauchen wir einen Verzicht?", "Arne Lüdemann, Kestrel Aerostructures GmbH"],
             parties=[("kestrel", ""), ("tellkamp_augsburg", ""), ("vantorp", "")], style="alt")], category="inbox", dated_names=False)
    add(f"{IN}/Vauquelin Lizenzabrechnung 2023.docx", "19-0042", "letter", "Lizenzabrechnung 2023 – Marke OSTWALD URSTOFF",
        P(("vauquelin", "Lizenznehmerin"), ("ostwald", "Lizenzgeberin")), "de", D("2024-02-12"), "docx", category="inbox",
        blocks=[("p", "Brasserie Vauquelin SARL · 17 rue de la Monnaie · 59800 Lille"), ("p", "Ostwald Brauerei KG, z. Hd. Haverkamp Sterling, Herrn Brückl"), ("b", "Lizenzabrechnung 2023 – Marke OSTWALD URSTOFF"),
                ("p", "Gemäß § 2 des Markenlizenzvertrags vom 14.05.2019 übersenden wir die Abrechnung für 2023: Nettoumsatz EUR 4.218.300, Lizenzgebühr 5,0 % = EUR 210.915."), ("sig", "Camille Vauquelin, gérante")])
    thread("SANDPIPER", IN, "Quillon / Tamsworth – exclusivity extension", "en", [
        dict(frm=("Jeremy Askwith", "jeremy@askwithfamily.co.uk"), to=["HPW"], day="2024-06-05", body=["Hannah,", "Askwith Family Holdings Limited is willing to extend exclusivity for Quillon Holdings Ltd by two weeks, to 19 July.", "Jeremy"],
             parties=[("askwith", ""), ("quillon", "")], style="b64")], category="inbox", dated_names=False)
    add(f"{IN}/Scan Unterschriftenseite.docx", None, "letter", "Anfrage Urlaubsvertretung Sekretariat", [], "de", D("2024-07-22"), "docx", category="inbox",
        blocks=[("b", "Anfrage Urlaubsvertretung Sekretariat"), ("p", "Liebe Kolleginnen, wer übernimmt vom 29.07. bis 09.08. die Vertretung im 3. OG? Bitte bis Freitag melden."), ("p", "Durchwahl -6614")])
    DOCS[-1].doc_type = "memo"

    # ============================================================ scans: copier output, OCR text layer, names carry no meaning
    S1, S2 = "Scans/Kopierer_3OG_HH", "Scans/Empfang_FFM"

    def scan(path, matter, dt, title, parties, lang, day, blocks, traps=()):
        add(path, matter, dt, title, parties, lang, D(day), "scan", category="scan", blocks=blocks, traps=list(traps))

    scan(f"{S1}/SCAN_20231219_101522.pdf", "AKT-2023-0091", "summons", "Ladung zum Gütetermin", P(("oberle", "Kläger"), ("halvard", "Beklagte")), "de", "2023-12-19",
         [("c", "Arbeitsgericht Stuttgart"), ("p", "Az.: 9 Ca 2211/23"), ("h", "Ladung zum Gütetermin"), ("p", "In dem Rechtsstreit Benedikt Oberle ./. Halvard Pumpen GmbH werden Sie zum Gütetermin am 16.01.2024, 09:15 Uhr, Saal 3, geladen."), ("p", "Johannesstraße 86, 70176 Stuttgart")], ["postal_code"])
    scan(f"{S1}/SCAN_20240612_174410.pdf", "2024_0173", "facility_agreement", "Senior Facilities Agreement", P(("heron_bidco", "Borrower"), ("pellworth", "Original Guarantor"), ("marlowe", "Arranger"), ("gannet", "Agent")), "en", "2024-06-12",
         [("h", "Senior Facilities Agreement"), ("p", "Project Heron – signature pages"), ("p", "THE BORROWER: HERON BIDCO LIMITED By: ______ Director"), ("p", "THE ORIGINAL GUARANTOR: PELLWORTH FINE FOODS LIMITED By: ______"), ("p", "THE ARRANGER: MARLOWE BRINE CAPITAL LLP"), ("p", "THE AGENT: GANNET AGENCY SERVICES LIMITED")])
    scan(f"{S1}/SCAN_20240604_083012.pdf", "40117.007", "letter", "Kestrel Aerostructures GmbH – Anmeldung der Geschäftsführerin", P(("kestrel", "")), "de", "2024-06-04",
         [("p", "Dr. Kasimir Wendeborn · Notar · Neuer Wall 63 · 20354 Hamburg"), ("p", "UR-Nr. 1402/2024 W"), ("b", "Kestrel Aerostructures GmbH – Anmeldung der Geschäftsführerin"), ("p", "Sehr geehrte Frau Dr. Lammers, die Anmeldung der Bestellung von Frau Sollmann wurde heute elektronisch beim Registergericht eingereicht."), ("sig", "Dr. Wendeborn, Notar")], ["deed_number"])
    scan(f"{S1}/SCAN_20240711_120301.pdf", "RELLINGEN", "guarantee", "Mietbürgschaft Nr. 7718/2024", P(("hanse_bank", "Bürgin"), ("rellingen_ll", "Vermieterin"), ("fennick", "Mieterin")), "de", "2024-07-10",
         [("p", "Hanseatische Kreditbank eG · Ballindamm 19 · 20095 Hamburg"), ("h", "Mietbürgschaft Nr. 7718/2024"), ("p", "Im Auftrag der Fennick Logistik GmbH übernehmen wir gegenüber der Grundstücksgesellschaft Rellingen Nord mbH & Co. KG die selbstschuldnerische Bürgschaft für den Mietvertrag über die Halle 3, Industriestraße 17, Rellingen."), ("p", "Höchstbetrag EUR 187.488.")])
    scan(f"{S2}/Scan0042.pdf", "0388/24", "letter", "DIS-SV-B-614/24 Ostwald Brauerei KG ./. Tellkamp Anlagenbau GmbH – Konstituierung des Schiedsgerichts",
         P(("ostwald", "Schiedsklägerin"), ("tellkamp_bremen", "Schiedsbeklagte")), "de", "2024-06-05",
         [("p", "Deutsche Institution für Schiedsgerichtsbarkeit e.V. · Beethovenstraße 5-13 · 50674 Köln"), ("b", "DIS-SV-B-614/24 Ostwald Brauerei KG ./. Tellkamp Anlagenbau GmbH – Konstituierung des Schiedsgerichts"), ("p", "Sehr geehrte Damen und Herren, das Schiedsgericht ist mit Prof. Dr. Albrecht Nüsslein als Vorsitzendem konstituiert."), ("sig", "DIS-Sekretariat")])
    scan(f"{S2}/Scan0047.pdf", "0412/23", "judgment", "Urteil", P(("fennick", "Klägerin"), ("sarrow_berlin", "Beklagte")), "de", "2024-09-03",
         [("c", "Landgericht Frankfurt am Main"), ("p", "Aktenzeichen: 2-06 O 155/24"), ("p", "Verkündet am 03.09.2024"), ("h", "Urteil"), ("p", "Im Namen des Volkes. In dem Rechtsstreit Fennick Logistik GmbH – Klägerin – gegen Sarrow Spedition GmbH, Berlin – Beklagte –"), *[("p", x) for x in T["judgment"]["de"][1:3]]])
    scan(f"{S2}/Scan0051.pdf", None, "spreadsheet", "Lieferschein", [], "de", "2024-06-17",
         [("h", "Lieferschein"), ("p", "Lieferschein-Nr. 2024-0388 · Kunden-Nr. 0412-23"), ("p", "10 Kartons Kopierpapier A4, 2 Toner"), ("p", "Empfangen: ______ 60325 Frankfurt")], ["invoice_lookalike", "customer_number", "postal_code"])
    DOCS[-1].doc_type = "delivery_note"
    scan(f"{S1}/SCAN_20240319_154455.pdf", "SANDPIPER", "non_disclosure_agreement", "Confidentiality Agreement", P(("quillon", "Recipient"), ("askwith", "Disclosing Party")), "en", "2024-03-18",
         [("h", "Confidentiality Agreement"), ("p", "This agreement is made between Quillon Holdings Ltd (company number 11460923) and Askwith Family Holdings Limited (company number 09917265) in relation to the proposed acquisition of Tamsworth Data Systems Ltd."), *[("p", x) for x in T["non_disclosure_agreement"]["en"]]])
    scan(f"{S1}/SCAN_20190204_091133.pdf", "19-0042", "trademark_certificate", "Urkunde über die Eintragung der Marke Nr. 30 2011 048 812", P(("ostwald", "Inhaberin")), "de", "2012-01-27",
         [("c", "Deutsches Patent- und Markenamt"), ("h", "Urkunde über die Eintragung der Marke Nr. 30 2011 048 812"), *[("p", x) for x in T["trademark_certificate"]["de"]]])
    scan(f"{S1}/SCAN_20240301_162045.pdf", "52290.001", "term_sheet", "Series B Financing – Summary of Principal Terms", P(("aldenhoven", "Company"), ("corvina", "Lead Investor"), ("halmstad", "Co-Investor")), "en", "2024-03-01",
         [("h", "Series B Financing – Summary of Principal Terms"), ("p", "Company: Aldenhoven Solartechnik GmbH, Würselen (HRB 24518, Amtsgericht Aachen)"), ("p", "Investors: Corvina Growth Fund II SCSp; Halmstad Ventures AB"), *[("p", fill(x, Doc("", None, "", "", [("aldenhoven", "")], "en", D("2024-03-01"), ""))) for x in T["term_sheet"]["en"][1:]]])
    scan(f"{S1}/SCAN_20240417_190210.pdf", "40117.003", "share_purchase_agreement", "Geschäftsanteilskauf- und Abtretungsvertrag über sämtliche Geschäftsanteile an der Vantorp Präzisionsteile GmbH",
         P(("vantorp_seller", "Verkäuferin"), ("kestrel", "Käuferin")), "de", "2024-04-17",
         [("p", "UR-Nr. 1187/2024 W"), ("p", "Verhandelt zu Hamburg am 17. April 2024"), ("h", "Geschäftsanteilskauf- und Abtretungsvertrag über sämtliche Geschäftsanteile an der Vantorp Präzisionsteile GmbH"), ("p", "Vor mir, dem Notar Dr. Kasimir Wendeborn, erschienen: 1. Herr Lorenz Vantorp, handelnd für die Lorenz Vantorp Beteiligungs GmbH, Ehingen (Donau); 2. Herr Arne Lüdemann, handelnd für die Kestrel Aerostructures GmbH, Hamburg.")], ["deed_number"])
    scan(f"{S2}/Scan0055.pdf", None, "letter", None, [], "de", "2024-07-03",
         [("p", "Seite 2 von 3"), ("p", "... im Übrigen verweisen wir auf unser Schreiben vom 12.06.2024 und bitten um Rückäußerung bis zum 17.07.2024."), ("p", "Mit freundlichen Grüßen")], ["date"])
    scan(f"{S2}/Scan0058.pdf", None, "receipt", "Einlieferungsbeleg", [], "de", "2024-05-21",
         [("h", "Einlieferungsbeleg"), ("p", "Deutsche Post · Filiale 60325 Frankfurt · Einschreiben Rückschein"), ("p", TRAPS["tracking_number"]["de"]), ("p", "Entgelt EUR 5,30")], ["tracking_number", "postal_code"])
    scan(f"{S1}/SCAN_20240503_110739.pdf", "2024_0201", "authority_letter", "Ihre Anfrage vom 22. April 2024 – Erlaubnispflicht nach KWG", P(("marlowe", "Anfragende"), ("drossel", "")), "de", "2024-05-03",
         [("p", "Bundesanstalt für Finanzdienstleistungsaufsicht · Graurheindorfer Straße 108 · 53117 Bonn"), ("p", "Geschäftszeichen: BA 52-FR 1903-2024/0117"), ("b", "Ihre Anfrage vom 22. April 2024 – Erlaubnispflicht nach KWG"), ("p", "Betrifft: Marlowe Brine Capital LLP, Darlehen an Drossel Maschinenbau GmbH, Chemnitz.")], ["authority_reference"])
    scan(f"{S1}/SCAN_20231212_141530.pdf", "AKT-2023-0091", "power_of_attorney", "Prozessvollmacht", P(("halvard", "Vollmachtgeberin")), "de", "2023-12-12",
         [("h", "Prozessvollmacht"), ("p", "Hiermit wird Haverkamp Sterling Rechtsanwälte PartG mbB, Königstraße 26, 70173 Stuttgart, in Sachen Oberle ./. Halvard Pumpen GmbH wegen Kündigungsschutz Vollmacht erteilt."), ("sig", "Halvard Pumpen GmbH, Geschäftsführung")])
    scan(f"{S2}/Scan0060.pdf", "0388/24", "expert_report", "Gutachten zu Undichtigkeiten an Würzekessel und Lagertank LT 4", P(("ostwald", "Auftraggeberin")), "de", "2024-03-22",
         [("p", "Dipl.-Ing. Bernd Achterberg · ö.b.u.v. Sachverständiger für Brauereianlagen"), ("h", "Gutachten zu Undichtigkeiten an Würzekessel und Lagertank LT 4"), ("p", "Auftraggeberin: Ostwald Brauerei KG, Bamberg; Hersteller der Anlage: Tellkamp Anlagenbau GmbH, Bremen (HRB 18823 HB)."), *[("p", x) for x in T["expert_report"]["de"]]])

    # ============================================================ later additions: more contract types, markers, homonym routes
    add(f"{MF['0412/23']}/Mandant/Rahmenvertrag Unterfrachtführer Fennick-Sarrow 2021.pdf", "0412/23", "framework_agreement", "Rahmenvertrag über Unterfrachtführerleistungen",
        P(("fennick", "Auftraggeber"), ("sarrow_berlin", "Unterfrachtführer")), "de", D("2021-03-01"), "pdf")
    add(f"{MF['40117.003']}/02_Entwuerfe/APA Alternative Struktur Entwurf 0.1.docx", "40117.003", "asset_purchase_agreement", "Kaufvertrag über den Geschäftsbetrieb der Vantorp Präzisionsteile GmbH (Asset Deal)",
        P(("vantorp", "Verkäuferin"), ("kestrel", "Käuferin")), "de", D("2023-12-20"), "docx", marker="auto", comments=[(8, "nur falls Share Deal scheitert (Pensionszusage)", "Lammers, Katrin")])
    add(f"{MF['SANDPIPER']}/DD/3.2.9 Managed Services Agreement Kerridge.pdf", "SANDPIPER", "services_agreement", "Managed Services Agreement",
        P(("tamsworth", "Supplier"), ("kerridge", "Customer")), "en", D("2022-10-03"), "pdf")
    add(f"{MF['SANDPIPER']}/DD/3.2.10 Data Processing Addendum Kerridge.pdf", "SANDPIPER", "data_processing_agreement", "Data Processing Addendum",
        P(("kerridge", "Controller"), ("tamsworth", "Processor")), "en", D("2022-10-03"), "pdf")
    thread("2024_0201", "_Posteingang", "Matter No. 2024_0201 – reliance on the KWG opinion", "en", [
        dict(frm="marlowe", to=["OT"], day="2024-06-03", body=["Oliver,", "our co-investor asks whether it may rely on your opinion on the Drossel Maschinenbau GmbH loan. Marlowe Brine Capital LLP would be happy to consent.", "Priya"],
             parties=[("marlowe", ""), ("drossel", "")], style="alt")], category="inbox", dated_names=False)
    thread("RELLINGEN", "_Posteingang", "Untermiete Sarrow Köln – Übergabe Teilfläche", "de", [
        dict(frm="fennick", to=["KL"], day="2024-09-27", body=["Liebe Frau Dr. Lammers,", "die Sarrow Spedition GmbH aus Köln (HRB 30972) möchte die Teilfläche schon am 15.10. übernehmen. Geht das vor der Übergabe durch die Vermieterin an die Fennick Logistik GmbH?", "Sabine Wiechert"],
             parties=[("sarrow_koeln", ""), ("fennick", "")])], category="inbox", dated_names=False)
    add("_Posteingang/Rechnung Achterberg Gutachten.pdf", "0388/24", "invoice", "Rechnung Nr. 24/117", P(("achterberg", "Sachverständiger"), ("ostwald", "Auftraggeberin")), "de", D("2024-04-02"), "pdf", category="inbox",
        blocks=[("p", "Dipl.-Ing. Bernd Achterberg · Kettenbrückstraße 9 · 96052 Bamberg"), ("p", "Ostwald Brauerei KG, c/o Haverkamp Sterling Rechtsanwälte PartG mbB, Herrn Holtkamp"), ("p", "Ihr Zeichen: 0388/24 MHo"),
                ("h", "Rechnung Nr. 24/117"), ("p", "Privatgutachten Sudhausanlage (Würzekessel, Lagertank LT 4): 31 Stunden à EUR 145,00 = EUR 4.495,00 zzgl. USt."), ("p", TRAPS["iban"]["de"])], traps=["iban"])
    add("Scans/Kopierer_3OG_HH/SCAN_20240820_093307.pdf", "RELLINGEN", "sublease_agreement", "Untermietvertrag über eine Teilfläche der Halle 3, Rellingen",
        P(("fennick", "Hauptmieterin"), ("sarrow_koeln", "Untermieterin")), "de", D("2024-08-20"), "scan", category="scan",
        blocks=[("h", "Untermietvertrag über eine Teilfläche der Halle 3, Rellingen"), ("p", "zwischen Fennick Logistik GmbH, Frankfurt am Main – Hauptmieterin – und Sarrow Spedition GmbH, Emil-Hoffmann-Straße 9, 50996 Köln, HRB 30972 (AG Köln) – Untermieterin –"), *[("p", x) for x in T["sublease_agreement"]["de"]], ("p", "Rellingen, 20.08.2024 ______ ______")])
    thread("19-0042", f"{MF['0388/24']}/Korrespondenz", "Markenlizenz Vauquelin – Verlängerung 2024", "de", [
        dict(frm="ostwald", to=["MHo"], cc=["WB"], day="2024-07-15", body=["Lieber Herr Holtkamp,", "Az.: 19-0042-WB – bitte an Herrn Brückl weitergeben: die Brasserie Vauquelin SARL möchte den Markenlizenzvertrag über 2024 hinaus verlängern.", "Konrad Ostwald, Ostwald Brauerei KG"],
             parties=[("vauquelin", ""), ("ostwald", "")], style="latin1")], category="misfiled", dated_names=True)
    add("Kollisionsprüfung Tellkamp 2024-04.xlsx", None, "conflict_check", "Kollisionsprüfung „Tellkamp“ – Ergebnis", [], "de", D("2024-04-03"), "xlsx", category="top_level", sheets=[("Treffer", [
        ["Kollisionsprüfung „Tellkamp“ – Ergebnis"], ["angefragt von: MHo, neue Sache Ostwald Brauerei KG"], ["Name", "Register", "Sitz", "bekannt aus", "Ergebnis"],
        ["Tellkamp Anlagenbau GmbH", "HRB 18823 HB", "Bremen", "–", "keine Kollision"], ["Tellkamp Anlagenbau GmbH", "HRB 7310", "Gersthofen", "Datenraum 40117.003 (Lieferant)", "keine Kollision – andere Gesellschaft"]])])

    # ============================================================ top level: loose files at the share root
    add("Mandanteninformation Arbeitsrecht 2024-Q2.pdf", None, "newsletter", "Mandanteninformation Arbeitsrecht – 2. Quartal 2024", [], "de", D("2024-04-15"), "pdf", category="top_level")
    add("Muster Vertraulichkeitsvereinbarung (deutsch).docx", None, "template", "Muster: Vertraulichkeitsvereinbarung (gegenseitig)", [], "de", D("2022-09-01"), "docx", category="top_level")
    add("HS precedent - SPA (English law) short form.docx", None, "template", "Share Purchase Agreement – Short Form Precedent", [], "en", D("2023-01-10"), "docx", category="top_level", heading_style=False)
    add("Fristenliste Prozessabteilung KW 27.xlsx", None, "deadline_list", "Fristenliste Prozessabteilung – KW 27/2024", [], "de", D("2024-07-01"), "xlsx", category="top_level", sheets=[("KW27", [
        ["Fristenliste Prozessabteilung – KW 27/2024"], ["Akte", "Sache", "Frist", "Datum", "RA"],
        ["0412/23", "Fennick ./. Sarrow", "Terminsvorbereitung", "2024-07-05", "RKe"], ["0388/24", "Ostwald ./. Tellkamp", "Stellungnahme VV Nr. 2", "2024-07-04", "MHo"],
        ["AKT-2023-0091", "Oberle ./. Halvard", "Zeugnis übersenden", "2024-07-03", "YD"]])])
    add("Telefonliste Standorte Stand 2024-04.xlsx", None, "spreadsheet", "Telefonliste Haverkamp Sterling – Stand April 2024", [], "de", D("2024-04-02"), "xlsx", category="top_level", sheets=[("Telefon", [
        ["Telefonliste Haverkamp Sterling – Stand April 2024"], ["Name", "Standort", "Durchwahl", "Raum"], ["Dr. Katrin Lammers", "Hamburg", "+49 40 3250 6610", "4.12"],
        ["Dr. Regine Kessler", "Frankfurt", "+49 69 9714 2230", "2.03"], ["Oliver Tremayne", "London", "+44 20 7946 0832", "7C"], ["Empfang Frankfurt", "Frankfurt", "+49 69 9714 2200", "EG"]])], traps=["phone"])
    add("Präsentation Kestrel Übernahme Vantorp - Vorstand.pptx", "40117.003", "presentation", "Erwerb der Vantorp Präzisionsteile GmbH – Vorlage für die Geschäftsführung der Kestrel", P(("kestrel", "Käuferin"), ("vantorp_seller", "Verkäuferin")), "de", D("2024-03-25"), "pptx",
        category="top_level", slides=[("Erwerb der Vantorp Präzisionsteile GmbH – Vorlage für die Geschäftsführung der Kestrel", ["Kestrel Aerostructures GmbH", "Haverkamp Sterling, 25. März 2024"]),
                                      ("Kaufpreis und Struktur", ["EUR 38,4 Mio. Locked Box", "Verkäuferin: Lorenz Vantorp Beteiligungs GmbH", "Escrow 10 %"]), ("Risiken aus der Due Diligence", ["Change of Control Tellkamp-Liefervertrag", "Pensionszusage Alt-GF"])])
    add("Heron - fee estimate v2.docx", "2024_0173", "budget_estimate", "Project Heron – Fee Estimate (revised)", P(("marlowe", "Client")), "en", D("2024-04-02"), "docx", category="top_level", marker="auto")
    add("Recruiting Referendariat 2024.pptx", None, "presentation", "Referendariat bei Haverkamp Sterling – Stationen 2024", [], "de", D("2024-02-01"), "pptx", category="top_level",
        slides=[("Referendariat bei Haverkamp Sterling – Stationen 2024", ["Hamburg · Frankfurt · Stuttgart · London"]), ("Was Sie erwartet", ["Mandatsarbeit ab Tag 1", "Mentoring"])])
    add("Oberle Vergleich final.pdf", "AKT-2023-0091", "settlement_agreement", "Protokoll der öffentlichen Sitzung – Vergleich", P(("oberle", "Kläger"), ("halvard", "Beklagte")), "de", D("2024-03-07"), "pdf", category="top_level",
        blocks=[("c", "Arbeitsgericht Stuttgart – Kammern Esslingen"), ("p", "Az.: 9 Ca 2211/23"), ("h", "Protokoll der öffentlichen Sitzung – Vergleich"), ("p", "In dem Rechtsstreit Benedikt Oberle – Kläger – gegen Halvard Pumpen GmbH – Beklagte – schließen die Parteien folgenden Vergleich:"), ("p", "Die Beklagte zahlt eine Abfindung in Höhe von EUR 74.500 brutto.")])
    add("notizen_kl.md", None, "file_note", "Notizen Partnerrunde 08.07.2024", [], "de", D("2024-07-08"), "md", category="top_level",
        blocks=[("h", "Notizen Partnerrunde 08.07.2024"), ("p", "- Auslastung Corporate HH gut, London Banking sehr gut"), ("p", "- neue Fristenkontrolle ab Q4 (Ablösung Excel)"), ("p", "- Kanzleifeier 13.09.")])
    add("Muster Mandatsvereinbarung Stundenhonorar.docx", None, "template", "Muster: Mandatsvereinbarung mit Zeithonorar", [], "de", D("2023-05-15"), "docx", category="top_level")


# ------------------------------------------------------------------ relations and negotiation decisions (issue 13)
# Added after the estate was frozen: these tables only produce answers, they change no file (a regeneration is
# byte-identical). Each edge was labelled by reading the generated files; e-mail replies and threads come from
# thread() (In-Reply-To), decisions from each redline's own tracked changes (Doc.revisions, placed by _anchor
# exactly as the writer places them). The rules that decided borderline cases are in README.md.


def _f(key: str, rest: str) -> str:
    return f"{MF[key]}/{rest}"


REL_KINDS = ("annex_of", "amends", "references", "responds_to", "attachment_of", "near_duplicate_of", "redline_of",
             "duplicate_of")
UNDIRECTED = {"near_duplicate_of", "duplicate_of"}

# (source, relation, target). No file of this estate is byte-identical to another or to an e-mail attachment, and no
# redline has the version its changes were made against in the estate (the deleted text is in no other file), so
# attachment_of, duplicate_of and redline_of have no edges.
RELATIONS = [
    # annex_of
    (_f("RELLINGEN", "Final/Anlage 3 Baubeschreibung Halle 3.pdf"), "annex_of", _f("RELLINGEN", "Final/Mietvertrag Lagerhalle Rellingen unterschrieben.pdf")),
    (_f("52290.001", "Drafts/Anlage 7 Garantien SPA Vantorp.docx"), "annex_of", _f("40117.003", "02_Entwuerfe/SPA Vantorp v03 (Markup Verkäufer) 2024-03-05.docx")),
    (_f("SANDPIPER", "DD/3.2.10 Data Processing Addendum Kerridge.pdf"), "annex_of", _f("SANDPIPER", "DD/3.2.9 Managed Services Agreement Kerridge.pdf")),
    # amends
    (_f("19-0042", "HSR-HH_1187519_v2 1. Nachtrag Lizenzvertrag.odt"), "amends", _f("19-0042", "HSR-HH_1187345_v3 Markenlizenzvertrag Vauquelin.doc")),
    (_f("RELLINGEN", "Entwürfe/1. Nachtrag Mietvertrag Rellingen.docx"), "amends", _f("RELLINGEN", "Final/Mietvertrag Lagerhalle Rellingen unterschrieben.pdf")),
    (_f("2024_0173", "Executed/Amendment letter SFA.pdf"), "amends", _f("2024_0173", "Executed/Senior Facilities Agreement - executed.pdf")),
    (_f("2024_0201", "Drafts/Heron - amendment letter draft.docx"), "amends", _f("2024_0173", "Executed/Senior Facilities Agreement - executed.pdf")),
    (_f("52290.001", "Signing/Side Letter Corvina ESG reporting.pdf"), "amends", _f("52290.001", "Drafts/SHA Aldenhoven Series B v2.docx")),
    # references
    (_f("19-0042", "HSR-HH_1187340_v1 Lizenzvertrag Vauquelin - Unterzeichnung.eml"), "references", _f("19-0042", "HSR-HH_1187345_v3 Markenlizenzvertrag Vauquelin.doc")),
    (_f("0388/24", "Korrespondenz/2024-07-15 Markenlizenz Vauquelin – Verlängerung 2024.eml"), "references", _f("19-0042", "HSR-HH_1187345_v3 Markenlizenzvertrag Vauquelin.doc")),
    ('_Posteingang/Vauquelin Lizenzabrechnung 2023.docx', "references", _f("19-0042", "HSR-HH_1187345_v3 Markenlizenzvertrag Vauquelin.doc")),
    ('_Posteingang/Rechnung Achterberg Gutachten.pdf', "references", _f("0388/24", "Gutachten/Privatgutachten Schweißnähte Sudhaus.pdf")),
    (_f("0412/23", "Kosten/Kostenfestsetzungsbeschluss.pdf"), "references", _f("0412/23", "Gericht/Urteil LG Frankfurt 2-06 O 155-24.pdf")),
    (_f("0412/23", "Mandant/Schreiben an Mandantin Urteil.docx"), "references", _f("0412/23", "Gericht/Urteil LG Frankfurt 2-06 O 155-24.pdf")),
    (_f("40117.003", "01_Korrespondenz/2024-02-19 Projekt Falke - Entwurf SPA - Kommentare Verkäuferseite.eml"), "references", _f("40117.003", "02_Entwuerfe/SPA Vantorp v01 HSR 2024-02-19.docx")),
    (_f("40117.003", "01_Korrespondenz/2024-03-04 WG AW Projekt Falke - Entwurf SPA - Kommentare Verkäuferseite.eml"), "references", _f("40117.003", "02_Entwuerfe/SPA Vantorp v01 HSR 2024-02-19.docx")),
    (_f("40117.003", "01_Korrespondenz/2024-03-05 AW WG AW Projekt Falke - Entwurf SPA - Kommentare Verkäuferseite.eml"), "references", _f("40117.003", "02_Entwuerfe/SPA Vantorp v03 (Markup Verkäufer) 2024-03-05.docx")),
    (_f("40117.003", "02_Entwuerfe/Legal DD Report Vantorp (Entwurf).docx"), "references", _f("40117.003", "04_Datenraum/3.4.2 Rahmenliefervertrag Tellkamp.pdf")),
    (_f("40117.003", "02_Entwuerfe/Offenlegungsschreiben Entwurf.docx"), "references", _f("40117.003", "03_Unterzeichnet/UR 1187-2024 W Anteilskaufvertrag Vantorp.pdf")),
    (_f("40117.003", "02_Entwuerfe/Offenlegungsschreiben Entwurf.docx"), "references", _f("40117.003", "04_Datenraum/3.4.2 Rahmenliefervertrag Tellkamp.pdf")),
    (_f("40117.003", "02_Entwuerfe/Verhandlungsliste SPA Stand 08.03.docx"), "references", _f("40117.003", "02_Entwuerfe/SPA Vantorp v03 (Markup Verkäufer) 2024-03-05.docx")),
    (_f("40117.003", "03_Unterzeichnet/Gesellschafterliste Vantorp nach Vollzug.pdf"), "references", _f("40117.003", "03_Unterzeichnet/UR 1187-2024 W Anteilskaufvertrag Vantorp.pdf")),
    ('Präsentation Kestrel Übernahme Vantorp - Vorstand.pptx', "references", _f("40117.003", "04_Datenraum/3.4.2 Rahmenliefervertrag Tellkamp.pdf")),
    ('_Posteingang/Tellkamp Anlagenbau GmbH – Change of Control Rahmenliefervertrag.eml', "references", _f("40117.003", "04_Datenraum/3.4.2 Rahmenliefervertrag Tellkamp.pdf")),
    (_f("40117.007", "Entwürfe/Gesellschafterbeschluss Bestellung Sollmann.docx"), "references", _f("40117.007", "Entwürfe/GF-Dienstvertrag Sollmann v2.docx")),
    (_f("40117.003", "01_Korrespondenz/Beschluss Bestellung GF (Kopie).docx"), "references", _f("40117.007", "Entwürfe/GF-Dienstvertrag Sollmann v2.docx")),
    (_f("40117.007", "Korrespondenz/2024-05-22 Bestellung Frau Sollmann zur Geschäftsführerin - Unterlagen Notar.eml"), "references", _f("40117.007", "Entwürfe/Gesellschafterbeschluss Bestellung Sollmann.docx")),
    (_f("40117.007", "Korrespondenz/2024-05-28 AW Bestellung Frau Sollmann zur Geschäftsführerin - Unterlagen Notar.eml"), "references", _f("40117.007", "Entwürfe/Gesellschafterbeschluss Bestellung Sollmann.docx")),
    (_f("40117.007", "Korrespondenz/2024-05-28 AW Bestellung Frau Sollmann zur Geschäftsführerin - Unterlagen Notar.eml"), "references", _f("40117.007", "Vollzug/Registervollmacht Kestrel Holding.pdf")),
    (_f("40117.007", "Korrespondenz/2024-05-28 AW Bestellung Frau Sollmann zur Geschäftsführerin - Unterlagen Notar.eml"), "references", _f("40117.007", "Entwürfe/GF-Dienstvertrag Sollmann v2.docx")),
    (_f("40117.007", "Korrespondenz/2024-06-20 WG Bestellung Frau Sollmann zur Geschäftsführerin - Unterlagen Notar.eml"), "references", _f("40117.007", "Vollzug/HR-Auszug Kestrel 2024-06-19.pdf")),
    (_f("40117.007", "Korrespondenz/Schreiben Sollmann Dienstvertrag.docx"), "references", _f("40117.007", "Entwürfe/GF-Dienstvertrag Sollmann v2.docx")),
    ('Scans/Kopierer_3OG_HH/SCAN_20240604_083012.pdf', "references", _f("40117.007", "Vollzug/HR-Anmeldung GF Sollmann UR 1402-2024.pdf")),
    (_f("52290.001", "Correspondence/2024-04-12 Aldenhoven Series B - comments on SHA (Corvina).eml"), "references", _f("52290.001", "Drafts/SHA Aldenhoven Series B v2.docx")),
    (_f("52290.001", "Signing/Vollmacht Halmstad Ventures.pdf"), "references", _f("52290.001", "Drafts/Beteiligungsvertrag (Investment Agreement) v3 HSR-Markup.docx")),
    (_f("RELLINGEN", "Entwürfe/Untermietvertrag Sarrow Teilfläche.docx"), "references", _f("RELLINGEN", "Final/Mietvertrag Lagerhalle Rellingen unterschrieben.pdf")),
    ('Scans/Kopierer_3OG_HH/SCAN_20240820_093307.pdf', "references", _f("RELLINGEN", "Final/Mietvertrag Lagerhalle Rellingen unterschrieben.pdf")),
    (_f("RELLINGEN", "Final/Mietbürgschaft Hanseatische Kreditbank.pdf"), "references", _f("RELLINGEN", "Final/Mietvertrag Lagerhalle Rellingen unterschrieben.pdf")),
    ('Scans/Kopierer_3OG_HH/SCAN_20240711_120301.pdf', "references", _f("RELLINGEN", "Final/Mietvertrag Lagerhalle Rellingen unterschrieben.pdf")),
    (_f("2024_0173", "CPs/Board minutes Pellworth Fine Foods.docx"), "references", _f("2024_0173", "Executed/Senior Facilities Agreement - executed.pdf")),
    (_f("2024_0173", "CPs/Board minutes Pellworth Fine Foods.docx"), "references", _f("2024_0173", "Executed/Deed of Guarantee Pellworth.pdf")),
    (_f("2024_0173", "CPs/Capacity opinion Heron Bidco.pdf"), "references", _f("2024_0173", "Executed/Senior Facilities Agreement - executed.pdf")),
    (_f("2024_0173", "Drafts/Power of attorney Pellworth.docx"), "references", _f("2024_0173", "Executed/Senior Facilities Agreement - executed.pdf")),
    (_f("2024_0173", "Drafts/Share Pledge Pellworth (German law) v2.docx"), "references", _f("2024_0173", "Executed/Senior Facilities Agreement - executed.pdf")),
    (_f("2024_0173", "Executed/Deed of Guarantee Pellworth.pdf"), "references", _f("2024_0173", "Executed/Senior Facilities Agreement - executed.pdf")),
    (_f("2024_0173", "Correspondence/2024-05-20 Project Heron - SFA comments and CP list [HS-LDN.FID2241187].eml"), "references", _f("2024_0173", "Drafts/Project Heron - Senior Facilities Agreement (HS draft 3).docx")),
    (_f("2024_0173", "Correspondence/Project Sandpiper - revised LOI.eml"), "references", _f("SANDPIPER", "Drafts/Indicative offer letter Tamsworth.docx")),
    (_f("2024_0201", "Drafts/KWG opinion Drossel draft 2.docx"), "references", _f("2024_0201", "Correspondence/Facility Agreement Drossel (for review).pdf")),
    (_f("2024_0201", "Final/KWG opinion Drossel (final, signed).pdf"), "references", _f("2024_0201", "Correspondence/Facility Agreement Drossel (for review).pdf")),
    (_f("2024_0201", "Correspondence/FW Drossel - KWG licensing question.eml"), "references", _f("2024_0201", "Correspondence/BaFin Antwort Anfrage.pdf")),
    ('_Posteingang/Matter No. 2024_0201 – reliance on the KWG opinion.eml', "references", _f("2024_0201", "Final/KWG opinion Drossel (final, signed).pdf")),
    (_f("SANDPIPER", "Correspondence/Re Project Sandpiper exclusivity and timetable.eml"), "references", _f("SANDPIPER", "DD/Sandpiper Legal DD Report - red flag.docx")),
    (_f("AKT-2023-0091", "Kündigungsschutzklage Oberle (Gegner).pdf"), "references", _f("AKT-2023-0091", "Kündigung Oberle Entwurf YD.docx")),
    (_f("AKT-2024-0017", "Korrespondenz/2024-04-11 AW BV Mobiles Arbeiten - Stand Verhandlungen.eml"), "references", _f("AKT-2023-0091", "Korrespondenz/BV Mobiles Arbeiten Entwurf 3.docx")),
    (_f("AKT-2024-0017", "Schulung Führungskräfte BV Mobiles Arbeiten.pptx"), "references", _f("AKT-2024-0017", "Final/BV Mobiles Arbeiten unterzeichnet.pdf")),
    # responds_to
    (_f("0388/24", "Schiedsgericht/Klageerwiderung Tellkamp.pdf"), "responds_to", _f("0388/24", "Schriftsätze/Schiedsklage Ostwald 2024-04-30.docx")),
    (_f("0412/23", "Gericht/Klageerwiderung Sarrow 2024-03-18.pdf"), "responds_to", _f("0412/23", "Schriftsätze/2024-01-29 Klage LG Frankfurt (versandt).pdf")),
    (_f("RELLINGEN", "Schriftverkehr/Klageerwiderung Sarrow (Kopie Mandantin).pdf"), "responds_to", _f("0412/23", "Schriftsätze/2024-01-29 Klage LG Frankfurt (versandt).pdf")),
    (_f("0412/23", "Schriftsätze/Replik 2024-04-22.docx"), "responds_to", _f("0412/23", "Gericht/Klageerwiderung Sarrow 2024-03-18.pdf")),
    (_f("AKT-2023-0091", "Klageerwiderung Halvard 2024-02-05.docx"), "responds_to", _f("AKT-2023-0091", "Kündigungsschutzklage Oberle (Gegner).pdf")),
    ('_Posteingang/Anmerkungen Vermieterin Entwurf Mietvertrag Rellingen.docx', "responds_to", _f("RELLINGEN", "Entwürfe/Mietvertrag Halle 3 Rellingen Entwurf Vermieter mit Anm HSR.docx")),
    # near_duplicate_of
    (_f("0412/23", "Schriftsätze/2024-01-29 Klage LG Frankfurt (versandt).pdf"), "near_duplicate_of", _f("0412/23", "Schriftsätze/2024-01-29 Klage LG Frankfurt.docx")),
    (_f("RELLINGEN", "Schriftverkehr/Klageerwiderung Sarrow (Kopie Mandantin).pdf"), "near_duplicate_of", _f("0412/23", "Gericht/Klageerwiderung Sarrow 2024-03-18.pdf")),
    ('Scans/Empfang_FFM/Scan0047.pdf', "near_duplicate_of", _f("0412/23", "Gericht/Urteil LG Frankfurt 2-06 O 155-24.pdf")),
    ('Scans/Empfang_FFM/Scan0060.pdf', "near_duplicate_of", _f("0388/24", "Gutachten/Privatgutachten Schweißnähte Sudhaus.pdf")),
    ('Scans/Kopierer_3OG_HH/SCAN_20190204_091133.pdf', "near_duplicate_of", _f("19-0042", "HSR-HH_1187346_v1 Markenurkunde OSTWALD URSTOFF.pdf")),
    ('Scans/Kopierer_3OG_HH/SCAN_20231219_101522.pdf', "near_duplicate_of", _f("AKT-2023-0091", "Ladung Gütetermin 9 Ca 2211-23.pdf")),
    ('Scans/Kopierer_3OG_HH/SCAN_20240301_162045.pdf', "near_duplicate_of", _f("52290.001", "Signing/Term Sheet Series B signed.pdf")),
    ('Scans/Kopierer_3OG_HH/SCAN_20240319_154455.pdf', "near_duplicate_of", _f("SANDPIPER", "Correspondence/NDA Quillon - Tamsworth (signed).pdf")),
    ('Scans/Kopierer_3OG_HH/SCAN_20240417_190210.pdf', "near_duplicate_of", _f("40117.003", "03_Unterzeichnet/UR 1187-2024 W Anteilskaufvertrag Vantorp.pdf")),
    ('Scans/Kopierer_3OG_HH/SCAN_20240503_110739.pdf', "near_duplicate_of", _f("2024_0201", "Correspondence/BaFin Antwort Anfrage.pdf")),
    ('Scans/Kopierer_3OG_HH/SCAN_20240612_174410.pdf', "near_duplicate_of", _f("2024_0173", "Executed/Senior Facilities Agreement - executed.pdf")),
    ('Scans/Kopierer_3OG_HH/SCAN_20240711_120301.pdf', "near_duplicate_of", _f("RELLINGEN", "Final/Mietbürgschaft Hanseatische Kreditbank.pdf")),
    ('Oberle Vergleich final.pdf', "near_duplicate_of", _f("AKT-2023-0091", "Protokoll Kammertermin Vergleich.pdf")),
]
CHAINS = [
    [_f("40117.003", "02_Entwuerfe/SPA Vantorp v01 HSR 2024-02-19.docx"), _f("40117.003", "02_Entwuerfe/SPA Vantorp v03 (Markup Verkäufer) 2024-03-05.docx"), _f("40117.003", "03_Unterzeichnet/UR 1187-2024 W Anteilskaufvertrag Vantorp.pdf")],
    [_f("40117.007", "Entwürfe/Gesellschafterbeschluss Bestellung Sollmann.docx"), _f("40117.003", "01_Korrespondenz/Beschluss Bestellung GF (Kopie).docx")],
    [_f("52290.001", "Drafts/Aldenhoven Series B Term Sheet v4 clean.docx"), _f("52290.001", "Signing/Term Sheet Series B signed.pdf")],
    [_f("52290.001", "Drafts/Cap Table pro forma Series B.xlsx"), _f("40117.007", "Korrespondenz/Cap table Aldenhoven (v2).xlsx")],
    [_f("RELLINGEN", "Entwürfe/Mietvertrag Halle 3 Rellingen Entwurf Vermieter mit Anm HSR.docx"), _f("RELLINGEN", "Final/Mietvertrag Lagerhalle Rellingen unterschrieben.pdf")],
    [_f("RELLINGEN", "Entwürfe/Untermietvertrag Sarrow Teilfläche.docx"), 'Scans/Kopierer_3OG_HH/SCAN_20240820_093307.pdf'],
    [_f("2024_0173", "Drafts/Project Heron - Senior Facilities Agreement (HS draft 3).docx"), _f("2024_0173", "Executed/Senior Facilities Agreement - executed.pdf")],
    [_f("2024_0201", "Drafts/Heron - amendment letter draft.docx"), _f("2024_0173", "Executed/Amendment letter SFA.pdf")],
    [_f("2024_0201", "Drafts/KWG opinion Drossel draft 2.docx"), _f("2024_0201", "Final/KWG opinion Drossel (final, signed).pdf")],
    [_f("AKT-2024-0017", "Entwürfe/BV Mobiles Arbeiten Entwurf 2.docx"), _f("AKT-2023-0091", "Korrespondenz/BV Mobiles Arbeiten Entwurf 3.docx"), _f("AKT-2024-0017", "Final/BV Mobiles Arbeiten unterzeichnet.pdf")],
    [_f("AKT-2024-0017", "Entwürfe/Vergleich Oberle Entwurf.docx"), _f("AKT-2023-0091", "Aufhebungsvertrag Oberle v3 Markup.docx")],
]


# Per redline, one label per entry of Doc.revisions, in that order: (locus as the document writes it, topic = what the
# clause is about, rationale_category = why, the comment that explains the change or None). A comment decides the
# rationale only when it gives the reason for that change; a comment on another subject, or one that only reports the
# other side's demand the change does not follow, leaves it "unstated". Loci of unnumbered paragraphs are the
# paragraph's opening words.
DECISION_LABELS = {
    _f("0388/24", "Schriftsätze/Vergleich Entwurf HSR.docx"): [
        ("Ziff. 2", "settlement_amount", "client_instruction", "Mandant: Untergrenze 400k")],
    _f("0412/23", "Schriftsätze/Replik 2024-04-22.docx"): [
        ("Beweis", "standard_of_fault", "unstated", None)],
    _f("40117.003", "02_Entwuerfe/SPA Vantorp v03 (Markup Verkäufer) 2024-03-05.docx"): [
        ("§ 4", "liability_cap", "unstated", None),
        ("Ausschließlicher Gerichtsstand", "warranty", "unstated", None)],
    _f("40117.007", "Entwürfe/GF-Dienstvertrag Sollmann v2.docx"): [
        ("§ 3", "remuneration", "unstated", None),
        ("§ 9", "non_compete", "unstated", None)],
    _f("52290.001", "Drafts/Beteiligungsvertrag (Investment Agreement) v3 HSR-Markup.docx"): [
        ("Clause 2", "investment_amount", "unstated", None),
        ("Dated", "joint_and_several_liability", "client_instruction", "Founders will not accept joint liability")],
    _f("RELLINGEN", "Entwürfe/Mietvertrag Halle 3 Rellingen Entwurf Vermieter mit Anm HSR.docx"): [
        ("Gerichtsstand", "lease_term", "client_instruction", "Optionsrecht ist für Fennick zwingend"),
        ("§ 4", "rent", "unstated", None)],
    _f("2024_0173", "Drafts/Project Heron - Senior Facilities Agreement (HS draft 3).docx"): [
        ("Clause 24", "financial_covenant", "unstated", None),
        ("Clause 3", "conditions_precedent", "unstated", None)],
    _f("AKT-2023-0091", "Aufhebungsvertrag Oberle v3 Markup.docx"): [
        ("§ 2", "severance", "client_instruction", "Obergrenze laut Frau Vogelsang: 80k"),
        ("§ 5", "employment_reference", "unstated", None)],
    _f("AKT-2024-0017", "Entwürfe/BV Mobiles Arbeiten Entwurf 2.docx"): [
        ("§ 3", "mobile_work", "unstated", None),
        ("§ 6", "working_time", "unstated", None)],
}
RATIONALES = ("client_instruction", "counterparty_request", "risk_allocation", "legal_requirement",
              "commercial_compromise", "drafting_clarity", "tax", "unstated")


def _locus_starts(locus: str, para: str) -> bool:
    m = re.match(r"§ (\d+)$", locus)
    if m:
        return para.startswith(f"§ {m.group(1)} ")
    m = re.match(r"(?:Clause|Ziff\.) (\d+)$", locus)
    if m:
        return para.startswith(f"{m.group(1)}. ")
    return para.startswith(locus)


def decisions_of(d: Doc) -> list[dict]:
    labels = DECISION_LABELS.get(d.path, [])
    assert len(labels) == len(d.revisions), (d.path, "one label per tracked change")
    blocks = blocks_for(d)
    out = []
    for (idx, ins, dele), (locus, topic, why, comment) in zip(d.revisions, labels):
        para = blocks[_anchor(blocks, idx, ins, dele)][1]
        assert _locus_starts(locus, para), (d.path, locus, para)
        assert why in RATIONALES and re.fullmatch(r"[a-z]+(_[a-z]+)*", topic), (why, topic)
        assert comment is None or comment in [t for _, t, _ in d.comments], comment
        assert (why == "unstated") == (comment is None), (d.path, locus)
        out.append({"locus": locus, "topic": topic, "rationale_category": why,
                    "change_type": "modified" if ins and dele else "inserted" if ins else "deleted", "comment": comment})
    return out


def add_relation_answers(answers: dict) -> tuple[list[list[str]], list[list[str]]]:
    """Fill `relations` and `decisions` of every file; return (chains, threads)."""
    for a in answers.values():
        a["relations"] = {k: [] for k in REL_KINDS}
    edges = list(RELATIONS)
    threads = [t for t in THREADS if len(t) > 1]
    for t in threads:  # a reply (or forward) names the message before it in In-Reply-To
        edges += [(t[i], "responds_to", t[i - 1]) for i in range(1, len(t))]
    seen = set()
    for src, rel, tgt in edges:
        assert src in answers and tgt in answers and src != tgt and rel in REL_KINDS, (src, rel, tgt)
        key = (rel, *sorted((src, tgt))) if rel in UNDIRECTED else (rel, src, tgt)
        assert key not in seen, key
        seen.add(key)
        answers[src]["relations"][rel].append(tgt)
    for a in answers.values():
        for k in REL_KINDS:
            a["relations"][k].sort()
    assert set(DECISION_LABELS) <= {d.path for d in DOCS if d.revisions}
    for d in DOCS:
        answers[d.path]["decisions"] = decisions_of(d)
    for c in CHAINS:
        assert len(c) == len(set(c)) > 1 and all(p in answers for p in c), c
        dates = [answers[p]["date"] for p in c]
        assert dates == sorted(dates) and len(set(dates)) == len(dates), c  # oldest first, distinct states
    assert len({p for c in CHAINS for p in c}) == sum(map(len, CHAINS))
    return [list(c) for c in CHAINS], threads


# ------------------------------------------------------------------ writing
DETECT = [
    ("register_number", re.compile(r"\b(HR[AB]|GnR|PR) \d{3,6}( [A-Z]{1,2})?\b|company number \d{8}|registered number \d{8}|\bOC\d{6}\b|KvK \d{8}")),
    ("court_file_number", re.compile(r"\b\d{1,2}(-\d{2})? (O|Ca|U) \d{1,4}/\d{2}\b|DIS-SV-B-\d+/\d{2}|CL-\d{4}-\d{6}")),
    ("authority_reference", re.compile(r"Geschäftszeichen|FCA reference")),
    ("iban", re.compile(r"\bIBAN [A-Z]{2}\d{2}")),
    ("invoice_number", re.compile(r"Rechnungsnummer|Rechnung Nr\.|Kostennote Nr\.|Invoice (no|number)|Fee Note No\.|Honorarrechnung Nr\.")),
    ("customer_number", re.compile(r"Kunden-?[Nn](ummer|r\.)|Customer no\.")),
    ("postal_code", re.compile(r"\b\d{5} [A-ZÄÖÜ][a-zäöüß]+|\b[A-Z]{1,2}\d{1,2}[A-Z]? \d[A-Z]{2}\b")),
    ("phone", re.compile(r"\+4[49] \d{2,3} \d{3,4}|Tel\. 0\d{2,4} ")),
    ("date", re.compile(r"\b\d{2}\.\d{2}\.\d{4}\b|\b\d{2}/\d{2}/\d{2,4}\b")),
    ("deed_number", re.compile(r"UR-Nr\. \d+/\d{4}")),
    ("tax_number", re.compile(r"Steuernummer|USt-IdNr|VAT reg")),
]


def text_of(d: Doc) -> str:
    if d.fmt == "eml":
        return d.email["subject"] + "\n" + "\n".join(d.email["body"]) + "\n" + (d.email.get("quoted") or "")
    if d.sheets:
        return "\n".join(" ".join(str(c) for c in row) for _, rows in d.sheets for row in rows)
    if d.slides:
        return "\n".join(t + "\n" + "\n".join(lines) for t, lines in d.slides)
    return blocks_text(blocks_for(d))


def author_of(d: Doc) -> str:
    m = MATTERS.get(d.matter) if d.matter else None
    return LAWYERS[m.lawyer][0] if m else "Sekretariat"


def answer_of(d: Doc) -> dict:
    text = text_of(d)
    traps = sorted(set(d.traps) | {k for k, rx in DETECT if rx.search(text)})
    parties = []
    flat = " ".join(text.split()).casefold()
    for key, _role in d.parties:
        c = C[key]
        if " ".join(c.name.split()).casefold() not in flat:
            DROPPED.append((d.path, c.name))  # a party the document never names is no answer
            continue
        parties.append({"name": c.name, "register": c.reg, "key": key, "kind": "natural_person" if c.country == "person" and key != "halvard_br" else "organisation"})
    return {
        "matter": d.matter, "category": d.category, "doc_type": d.doc_type,
        "title": (" ".join(d.title.split()) if d.title else None), "parties": parties, "language": d.lang,
        "date": d.date.isoformat(), "format": "pdf" if d.fmt == "scan" else d.fmt, "traps": traps,
    }


def normalize_odt(data: bytes, when: datetime) -> bytes:
    import io
    import zipfile
    src = zipfile.ZipFile(io.BytesIO(data))
    out = io.BytesIO()
    stamp = when.strftime("%Y-%m-%dT%H:%M:%S").encode()
    with zipfile.ZipFile(out, "w") as dst:
        for info in src.infolist():
            body = src.read(info.filename)
            if info.filename == "meta.xml":
                body = re.sub(rb"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?", stamp, body)
                body = re.sub(rb"<meta:generator>[^<]*</meta:generator>", b"<meta:generator>LibreOffice</meta:generator>", body)
            if info.filename == "settings.xml":  # LibreOffice writes a random revision-save id
                body = re.sub(rb'(config:name="Rsid(Root)?" config:type="int">)\d+', rb"\g<1>1048576", body)
            zi = zipfile.ZipInfo(info.filename, date_time=W.FIXED_ZIP_TIME)
            zi.compress_type = zipfile.ZIP_STORED if info.filename == "mimetype" else zipfile.ZIP_DEFLATED
            dst.writestr(zi, body)
    return out.getvalue()


def _anchor(blocks, idx, ins=None, dele=None) -> int:
    """The body paragraph a tracked change or comment belongs to: the one holding its text, else the
    nearest plain paragraph at or before idx (never a heading or a signature line)."""
    for needle in (ins, dele):
        if needle:
            for i, (kind, text) in enumerate(blocks):
                if kind == "p" and needle in text:
                    return i
    idx = min(idx, len(blocks) - 1)
    while idx > 0 and blocks[idx][0] != "p":
        idx -= 1
    return idx


def generate(out: Path = DEFAULT_OUT, answers_path: Path = ANSWERS) -> dict:
    DOCS.clear()
    DROPPED.clear()
    THREADS.clear()
    RNG.seed(SEED)
    build_estate()
    paths = [d.path for d in DOCS]
    dupes = {p for p in paths if paths.count(p) > 1}
    assert not dupes, dupes
    unknown = {d.doc_type for d in DOCS} - set(DOC_TYPES)
    assert not unknown, unknown
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    conv: dict[str, list[tuple[Path, Path, datetime]]] = {"pdf": [], "doc": [], "odt": []}
    tmp = Path(tempfile.mkdtemp(prefix="estate_b_"))
    for n, d in enumerate(DOCS):
        target = out / d.path
        target.parent.mkdir(parents=True, exist_ok=True)
        when = datetime(d.date.year, d.date.month, d.date.day, 9, 30, tzinfo=timezone.utc)
        author = author_of(d)
        if d.fmt in ("docx", "pdf", "doc", "odt"):
            blocks = blocks_for(d)
            revs = [(_anchor(blocks, i, a, b), a, b) for i, a, b in d.revisions]
            coms = [(_anchor(blocks, i), t, w) for i, t, w in d.comments]
            data = W.docx_bytes(blocks, author=author, when=when.replace(tzinfo=None), heading_style=d.heading_style,
                                revisions=revs, comments=coms, rev_author=(revs and (coms[0][2] if coms else author)) or "", lang=d.lang)
            if d.fmt == "docx":
                target.write_bytes(data)
            else:
                src = tmp / d.fmt / f"f{n:04d}.docx"
                src.parent.mkdir(parents=True, exist_ok=True)
                src.write_bytes(data)
                conv[d.fmt].append((src, target, when))
        elif d.fmt in ("txt", "md"):
            text = blocks_text(blocks_for(d), md=(d.fmt == "md"))
            if d.enc == "cp1252":
                target.write_bytes(text.replace("\n", "\r\n").encode("cp1252"))
            else:
                target.write_bytes(text.encode("utf-8"))
        elif d.fmt == "eml":
            target.write_bytes(build_eml(d, RNG))
        elif d.fmt == "xlsx":
            target.write_bytes(W.xlsx_bytes(d.sheets, author=author, when=when.replace(tzinfo=None)))
        elif d.fmt == "pptx":
            target.write_bytes(W.pptx_bytes(d.slides, author=author, when=when.replace(tzinfo=None)))
        elif d.fmt == "scan":
            lines = [t for _, t in blocks_for(d)]
            producer = "Canon iR-ADV C5560 / OmniPage OCR" if d.path.startswith("Scans/Kopierer") else "RICOH IM C3000 / ABBYY FineReader Server 14"
            target.write_bytes(W.scan_pdf_bytes(lines, producer=producer, when=when))
        else:
            raise ValueError(d.fmt)
    soffice = shutil.which("soffice") or shutil.which("libreoffice")
    for fmt, items in conv.items():
        if not items:
            continue
        if not soffice:
            raise RuntimeError("LibreOffice (soffice) is needed for pdf/doc/odt: apt-get install -y libreoffice-writer-nogui")
        odir = tmp / f"out_{fmt}"
        odir.mkdir()
        filt = {"pdf": "pdf:writer_pdf_Export", "doc": "doc:MS Word 97", "odt": "odt"}[fmt]
        subprocess.run([soffice, f"-env:UserInstallation=file://{tmp}/lo_profile", "--headless", "--convert-to", filt, "--outdir", str(odir),
                        *[str(s) for s, _, _ in items]], check=True, capture_output=True, timeout=900)
        for src, target, when in items:
            data = (odir / (src.stem + "." + fmt)).read_bytes()
            if fmt == "pdf":
                data = W.stabilize_pdf(data, when)
            elif fmt == "odt":
                data = normalize_odt(data, when)
            target.write_bytes(data)
    shutil.rmtree(tmp, ignore_errors=True)
    answers = {d.path: answer_of(d) for d in sorted(DOCS, key=lambda x: x.path)}
    chains, threads = add_relation_answers(answers)
    payload = {
        "estate": "B", "seed": SEED, "generator": "knowledge_index_tests/heldout/estate_b.py",
        "matters": {k: {"references": list(m.refs), "title": m.title, "client": m.client} for k, m in MATTERS.items()},
        "companies": {k: {"name": c.name, "register": c.reg, "city": c.city} for k, c in C.items()},
        "chains": chains, "threads": threads,
        "files": answers,
    }
    answers_path.write_text(json.dumps(payload, ensure_ascii=False, indent=1, sort_keys=False) + "\n", encoding="utf-8")
    return payload


def main(argv: list[str]) -> int:
    out = Path(argv[0]) if argv else DEFAULT_OUT
    ans = Path(argv[1]) if len(argv) > 1 else ANSWERS
    payload = generate(out, ans)
    files = payload["files"]
    total = sum(p.stat().st_size for p in out.rglob("*") if p.is_file())
    for path, name in DROPPED:
        print(f"  not a party (not named): {name} in {path}")
    print(f"estate B: {len(files)} files, {total / 1e6:.2f} MB in {out}; answers in {ans}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
