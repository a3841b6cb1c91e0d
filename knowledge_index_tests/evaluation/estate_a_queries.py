"""Writes estate A's labelled search queries (estate_a/queries.json), frozen before ranking changes.

The queries are written as a lawyer, paralegal or agent asks them; the graded labels (3 = the
document asked for, 2 = clearly relevant, 1 = related) come from answers.json and from reading the
files, never from what the search code returns. Paths are named by a unique tail so the labels
stay readable.
Run from the repository root: python -m knowledge_index_tests.evaluation.estate_a_queries
"""

import collections
import json
import pathlib

base = pathlib.Path(__file__).parent / "estate_a"
ans = json.loads((base / "answers.json").read_text())
files = ans["files"]
names = collections.defaultdict(list)
for p in files:
    names[p.rsplit("/", 1)[-1]].append(p)


def f(name):
    hits = [p for p in files if p.endswith(name)]
    assert len(hits) == 1, (name, hits)
    return hits[0]


def matter(m, grade=2, exclude=()):
    return {p: grade for p, a in files.items() if a["matter"] == m and p not in exclude}


def party(key, grade=2):
    return {
        p: grade for p, a in files.items() if any(x.get("company") == key for x in a["parties"])
    }


Q = []


def q(text, lang, style, rel, filters=None):
    rel = {(k if k in files else f(k)): v for k, v in rel.items()}
    Q.append(
        {
            "id": f"A{len(Q) + 1:03d}",
            "text": text,
            "language": lang,
            "style": style,
            "filters": filters or {},
            "relevant": rel,
        }
    )


def merge(*ds):
    out = {}
    for d in ds:
        for k, v in d.items():
            k = k if k in files else f(k)
            out[k] = max(out.get(k, 0), v)
    return out


# reference: a matter's reference in the styles people type it
q("2024/0173", "de", "reference", matter("M01"))
q("0388/23", "de", "reference", matter("M05"))
q("0412-24", "de", "reference", matter("M11"))
q(
    "HB 2024/0211 Nachtrag",
    "de",
    "reference",
    merge(
        {
            "1. Nachtrag Mietvertrag Entwurf Vermieterin.docx": 3,
            "1. Nachtrag Mietvertrag Entwurf Vermieterin - Anm. HE.docx": 3,
            "AW Billbrook Nachtrag unterschriftsreif.eml": 2,
            "Mietvertrag Billbrook Halle 3 (unterzeichnet).pdf": 1,
        }
    ),
)
q("M10482", "en", "reference", matter("M06"))
q(
    "12345-001 SFA",
    "en",
    "reference",
    {
        "Kestrel SFA - executed version.pdf": 3,
        "Drafts/Kestrel SFA (HE draft 1).docx": 2,
        "Kestrel SFA (HE draft 2) - marked against draft 1.docx": 2,
        "Kestrel SFA - Sponsor comments on HE draft 2.docx": 2,
        "Kestrel SFA (HE draft 1) - Kopie.docx": 2,
        "Kestrel SFA draft 2 to client.eml": 1,
        "Correspondence/RE Kestrel SFA draft 2.eml": 1,
        "RE RE Kestrel SFA draft 2.eml": 1,
    },
)
q("Unterlagen zu AZ 219/24", "de", "reference", matter("M09"))
q("2023-0542 Rechnung", "de", "reference", {"Rechnung 2024-0871.pdf": 3})
q("matter 2024/0305-JW", "en", "reference", matter("M10"))
q("12345.002", "en", "reference", matter("M04"))

# identifier: register, invoice, court file, deed, order numbers and file names
q(
    "HRB 67890",
    "de",
    "identifier",
    merge(
        {
            p: 1
            for p, a in files.items()
            if any(x.get("company") == "mueller_ham" for x in a["parties"])
        },
        {
            "HR-Auszug Müller GmbH Hamburg.pdf": 3,
            "GF-Vertrag Kahl Entwurf.docx": 2,
            "Handelsregisteranmeldung Abberufung Albertsen.pdf": 2,
            "Gesellschafterbeschluss Müller GmbH Abberufung.docx": 2,
            "Mietvertrag Billbrook Halle 3 (unterzeichnet).pdf": 2,
            "Bürgschaft Mietsicherheit Nordlicht.pdf": 2,
        },
    ),
)
q("Rechnung RE-2024-1307", "de", "identifier", {"Rechnung RE-2024-1307.pdf": 3})
q("invoice 24-10877", "en", "identifier", {"HE Invoice 24-10877 Kestrel.pdf": 3})
q(
    "Az. 3 O 123/24 Ladung",
    "de",
    "identifier",
    {
        "Ladung Termin 2024-07-10.pdf": 3,
        "Scans/Scan_20240606_084410.png": 2,
        "2024-03-04 LG Stuttgart Verfügung.pdf": 1,
        "2024-07-24 Beweisbeschluss.pdf": 1,
        "2024-04-15 Klageerwiderung Rheintal.pdf": 1,
        "2024-05-21 Replik.docx": 1,
    },
)
q(
    "UR-Nr. 1187/2024",
    "de",
    "identifier",
    {
        "UR 1187-2024 GAKV Alpentec notariell.pdf": 3,
        "Scans/Scan_20240404_101533.pdf": 2,
        "Anlage 4.2 Schutzrechte.docx": 1,
    },
)
q(
    "HRB 40217",
    "de",
    "identifier",
    {
        "HR-Auszug Feldmann Verpackung GmbH.pdf": 3,
        "Grundschuldbestellung Eckendorfer Straße.pdf": 2,
        "Sicherungsübereignungsvertrag Warenlager Feldmann.docx": 2,
        "Vollmacht Feldmann Verpackung.docx": 2,
        "Geschäftsanteilsverpfändungsvertrag Feldmann (UR 744-2024).pdf": 2,
        "Guarantee Feldmann Verpackung (signed).pdf": 2,
    },
)
q(
    "PO-2024-0456",
    "en",
    "identifier",
    {
        "Letter before action Bavaria Feinkost.docx": 2,
        "Particulars of Claim (draft).docx": 2,
        "Attendance note Greenfield call.txt": 2,
    },
)
q(
    "Scan_20240429_1702.pdf",
    "en",
    "identifier",
    {"Scans/Scan_20240429_1702.pdf": 3, "Guarantee Feldmann Verpackung (signed).pdf": 1},
)
q("II ZR 93/16", "de", "identifier", {"Memo Kapitalerhaltung Upstream-Sicherheiten.md": 3})
q(
    "Bürgschaft Nr. 4410-2024-0211",
    "de",
    "identifier",
    {"Bürgschaft Mietsicherheit Nordlicht.pdf": 3},
)
q(
    "GAKV Alpentec_Entwurf_v3_2024-03-25",
    "de",
    "identifier",
    {
        "GAKV Alpentec_Entwurf_v3_2024-03-25.docx": 3,
        "GAKV Alpentec_Entwurf_v3_2024-03-25.pdf": 3,
        "2024-03-25 GAKV abgestimmte Fassung.eml": 1,
    },
)

# party: names, aliases, same-name companies
q("Müller GmbH München", "de", "party", party("mueller_muc"))
q(
    "Müller GmbH Hamburg",
    "de",
    "party",
    merge(matter("M11"), {p: 1 for p in party("mueller_ham") if files[p]["matter"] == "M02"}),
)
q("Harbour Point", "en", "party", party("harbour"))
q("Vantage Software Limited", "en", "party", party("vantage"))
q("Frau Dr. Albers", "de", "party", party("albers"))
q("Haspa Bürgschaft", "de", "party", {"Bürgschaft Mietsicherheit Nordlicht.pdf": 3})
q("Greenfield Retail Limited", "en", "party", party("greenfield"))
q("Bergmann Holding", "de", "party", party("bergmann"))
q("Isarwerk", "de", "party", party("isarwerk"))
q("Rheintal Maschinenbau AG Registerauszug", "de", "party", {"Scans/Scan_20240527_OCR.pdf": 3})

# doc_type_in_matter: a kind of document within a matter named by client, title or party
q(
    "Kaufvertrag im Mandat Müller",
    "de",
    "doc_type_in_matter",
    {
        "UR 1187-2024 GAKV Alpentec notariell.pdf": 3,
        "Scans/Scan_20240404_101533.pdf": 2,
        "GAKV Alpentec_Entwurf_v1_2024-03-04.docx": 2,
        "GAKV Alpentec_v2_Änderungen Isarwerk_2024-03-18.docx": 2,
        "GAKV Alpentec_Entwurf_v3_2024-03-25.docx": 2,
        "GAKV Alpentec_Entwurf_v3_2024-03-25.pdf": 2,
        "Anlage 4.2 Schutzrechte.docx": 1,
    },
)
q(
    "Anlagen zum Mietvertrag Nordlicht",
    "de",
    "doc_type_in_matter",
    {
        "Anlage 1 Lageplan Halle 3.pdf": 3,
        "Anlage 2 Betriebskosten.docx": 3,
        "Mietvertrag Billbrook Halle 3 (unterzeichnet).pdf": 1,
    },
)
q("Rechnung Albers", "de", "doc_type_in_matter", {"Rechnung 2024-1123 Albers.pdf": 3})
q(
    "Klageerwiderung Schwarzwald gegen Rheintal",
    "de",
    "doc_type_in_matter",
    {"2024-04-15 Klageerwiderung Rheintal.pdf": 3, "2024-05-21 Replik.docx": 1},
)
q(
    "Gesellschafterbeschluss Sonnenfeld",
    "de",
    "doc_type_in_matter",
    {
        "Gesellschafterbeschluss Kapitalerhöhung Sonnenfeld.docx": 3,
        "Gesellschafterliste Sonnenfeld.pdf": 1,
        "Satzung Sonnenfeld Projekt GmbH.pdf": 1,
    },
)
q(
    "engagement letter Greenfield",
    "en",
    "doc_type_in_matter",
    {"Engagement letter Greenfield.pdf": 3},
)
q(
    "Kestrel security documents",
    "en",
    "doc_type_in_matter",
    {
        "Geschäftsanteilsverpfändungsvertrag Feldmann (UR 744-2024).pdf": 3,
        "Grundschuldbestellung Eckendorfer Straße.pdf": 3,
        "Kontoverpfändungsvertrag (Account Pledge).docx": 3,
        "Sicherungsübereignungsvertrag Warenlager Feldmann.docx": 3,
        "Guarantee Feldmann Verpackung (signed).pdf": 2,
        "Scans/Scan_20240429_1702.pdf": 2,
        "Kestrel Sicherheiten Übersicht.md": 2,
    },
)
q(
    "HR-Auszug Projekt Falke",
    "de",
    "doc_type_in_matter",
    {"HR-Auszug Weber Kunststofftechnik.pdf": 3},
)
q(
    "Aktenvermerk Verkauf Alpentec",
    "de",
    "doc_type_in_matter",
    {"2024-03-19 Aktenvermerk Telefonat Gruber.txt": 3, "Eingang/Telefonnotiz Brandl.txt": 2},
)
q("NDA Projekt Falke", "en", "doc_type_in_matter", {"NDA Projekt Falke (unterzeichnet).pdf": 3})

# natural: questions as a lawyer asks them
q(
    "why was the liability cap changed in the Datenwerk reseller agreement",
    "en",
    "natural",
    {
        "Datenwerk RLA v1 - DW comments 2024-06-14.docx": 3,
        "Datenwerk RLA - agreed form.docx": 2,
        "Datenwerk RLA - agreed form.pdf": 2,
        "Correspondence/Re Datenwerk RLA agreed form.eml": 1,
        "Drafts/Datenwerk RLA v1.docx": 1,
    },
)
q(
    "warum wurde die Haftungsbegrenzung im Alpentec-Kaufvertrag erhöht",
    "de",
    "natural",
    {
        "GAKV Alpentec_v2_Änderungen Isarwerk_2024-03-18.docx": 3,
        "2024-03-19 Aktenvermerk Telefonat Gruber.txt": 3,
        "2024-03-25 GAKV abgestimmte Fassung.eml": 2,
        "GAKV Alpentec_Entwurf_v3_2024-03-25.docx": 2,
        "2024-03-05 Schreiben an Müller GmbH Übersendung Entwurf.docx": 1,
        "2024-03-26 AW GAKV abgestimmte Fassung.eml": 1,
        "2024-03-26 AW AW GAKV.eml": 1,
        "GAKV Alpentec_Entwurf_v3_2024-03-25.pdf": 1,
    },
)
q(
    "wann endet der Geschäftsführerdienstvertrag von Frau Dr. Albers",
    "de",
    "natural",
    {
        "Aufhebungsvertrag final unterschrieben.pdf": 3,
        "GF-Dienstvertrag Albers 2019.pdf": 2,
        "Aufhebungsvertrag Entwurf Gesellschaft.docx": 2,
        "Schreiben an Albrecht Medizintechnik Gegenvorschlag.docx": 1,
    },
)
q(
    "wie hoch ist die Abfindung für Dr. Albers",
    "de",
    "natural",
    {
        "Aufhebungsvertrag final unterschrieben.pdf": 3,
        "Mail an Mandantin Stand Verhandlungen.eml": 2,
        "AW Stand Verhandlungen.eml": 2,
        "Aufhebungsvertrag Entwurf Gesellschaft.docx": 2,
        "Schreiben an Albrecht Medizintechnik Gegenvorschlag.docx": 2,
        "Aktenvermerk Erstgespräch Dr. Albers.docx": 1,
    },
)
q(
    "wie hoch ist die Miete für die Halle 3 in Billbrook",
    "de",
    "natural",
    {
        "Mietvertrag Billbrook Halle 3 (unterzeichnet).pdf": 3,
        "1. Nachtrag Mietvertrag Entwurf Vermieterin.docx": 2,
        "1. Nachtrag Mietvertrag Entwurf Vermieterin - Anm. HE.docx": 2,
        "AW Billbrook Nachtrag unterschriftsreif.eml": 2,
        "Bürgschaft Mietsicherheit Nordlicht.pdf": 1,
    },
)
q(
    "what margin did we agree for the Kestrel facility",
    "en",
    "natural",
    {
        "Kestrel SFA - executed version.pdf": 3,
        "Kestrel SFA (HE draft 2) - marked against draft 1.docx": 2,
        "Kestrel SFA draft 2 to client.eml": 2,
        "Correspondence/RE Kestrel SFA draft 2.eml": 1,
        "RE RE Kestrel SFA draft 2.eml": 1,
    },
)
q(
    "which leverage covenant did the sponsor accept",
    "en",
    "natural",
    {
        "Kestrel SFA - Sponsor comments on HE draft 2.docx": 3,
        "RE RE Kestrel SFA draft 2.eml": 3,
        "Kestrel SFA (HE draft 2) - marked against draft 1.docx": 2,
        "Correspondence/RE Kestrel SFA draft 2.eml": 1,
        "Kestrel SFA - executed version.pdf": 1,
    },
)
q(
    "worauf beruhen die Spindelausfälle an der Fräsmaschine",
    "de",
    "natural",
    {
        "Anlage K 4 Privatgutachten Spindel.pdf": 3,
        "2024-07-24 Beweisbeschluss.pdf": 2,
        "2024-02-09 Klageschrift.docx": 2,
        "2024-04-15 Klageerwiderung Rheintal.pdf": 2,
        "2024-05-21 Replik.docx": 1,
    },
)
q(
    "why did Bavaria refuse to pay for the short deliveries",
    "en",
    "natural",
    {
        "supply/Bavaria response to LBA.eml": 3,
        "Antwort Bavaria Feinkost 2024-09-23.pdf": 3,
        "RE Bavaria response to LBA.eml": 1,
        "Lieferrahmen Greenfield Fehlmengen Notiz.md": 1,
    },
)
q(
    "when can the Datenwerk agreement be terminated",
    "en",
    "natural",
    {
        "Datenwerk RLA - agreed form.docx": 3,
        "Datenwerk RLA - agreed form.pdf": 3,
        "Datenwerk RLA v1 - DW comments 2024-06-14.docx": 2,
        "Drafts/Datenwerk RLA v1.docx": 2,
    },
)
q(
    "auf welchen Betrag soll sich der Vergleich mit Rheintal belaufen",
    "de",
    "natural",
    {
        "Vergleich Rheintal Entwurf.docx": 3,
        "Aktenvermerk Vergleichsgespräch.txt": 3,
        "Eingang/Scan Schreiben Rheintal Anwälte.pdf": 1,
    },
)
q(
    "bis wann müssen die Mängel an der Halle 3 beseitigt werden",
    "de",
    "natural",
    {"Schreiben Müller GmbH Übergabe.docx": 3, "Antwort Müller GmbH 2024-07-15.pdf": 2},
)

# phrase: exact quoted wording
q(
    '"selbstschuldnerische Bürgschaft"',
    "de",
    "phrase",
    {"Bürgschaft Mietsicherheit Nordlicht.pdf": 3},
)
q('"failure to prevent fraud"', "en", "phrase", {"Client Alert - UK Economic Crime Act.docx": 3})
q(
    '"Die Übergabe wird durch ein Besitzmittlungsverhältnis ersetzt"',
    "de",
    "phrase",
    {"Sicherungsübereignungsvertrag Warenlager Feldmann.docx": 3},
)
q(
    '"non-exclusive reseller of the Software"',
    "en",
    "phrase",
    {
        "Datenwerk RLA - agreed form.docx": 3,
        "Datenwerk RLA - agreed form.pdf": 3,
        "Drafts/Datenwerk RLA v1.docx": 2,
        "Datenwerk RLA v1 - DW comments 2024-06-14.docx": 2,
    },
)
q(
    '"unter Anrechnung von Urlaub"',
    "de",
    "phrase",
    {
        "Aufhebungsvertrag final unterschrieben.pdf": 3,
        "Mail an Mandantin Stand Verhandlungen.eml": 2,
        "AW Stand Verhandlungen.eml": 2,
    },
)
q('"schriftliche Vorverfahren"', "de", "phrase", {"2024-03-04 LG Stuttgart Verfügung.pdf": 3})
q(
    '"force majeure"',
    "en",
    "phrase",
    {
        "supply/Bavaria response to LBA.eml": 3,
        "Lieferrahmen Greenfield Fehlmengen Notiz.md": 3,
        "RE Bavaria response to LBA.eml": 1,
        "Antwort Bavaria Feinkost 2024-09-23.pdf": 1,
    },
)

# lookup: a document or a chain by its title
q(
    "Mietvertrag Billbrook Halle 3",
    "de",
    "lookup",
    {
        "Mietvertrag Billbrook Halle 3 (unterzeichnet).pdf": 3,
        "Anlage 1 Lageplan Halle 3.pdf": 1,
        "Anlage 2 Betriebskosten.docx": 1,
        "1. Nachtrag Mietvertrag Entwurf Vermieterin.docx": 1,
        "1. Nachtrag Mietvertrag Entwurf Vermieterin - Anm. HE.docx": 1,
    },
)
q(
    "Kestrel Senior Facility Agreement executed version",
    "en",
    "lookup",
    {
        "Kestrel SFA - executed version.pdf": 3,
        "Drafts/Kestrel SFA (HE draft 1).docx": 1,
        "Kestrel SFA (HE draft 2) - marked against draft 1.docx": 1,
        "Kestrel SFA - Sponsor comments on HE draft 2.docx": 1,
        "Kestrel SFA (HE draft 1) - Kopie.docx": 1,
    },
)
q(
    "Protokoll Lenkungsausschuss Sonnenfeld",
    "de",
    "lookup",
    {"Protokoll JV-Lenkungsausschuss 2024-04-09.docx": 3},
)
q(
    "Gesellschaftsvertrag der Sonnenfeld Projekt GmbH",
    "de",
    "lookup",
    {
        "Satzung Sonnenfeld Projekt GmbH.pdf": 3,
        "Gesellschafterbeschluss Kapitalerhöhung Sonnenfeld.docx": 1,
    },
)
q("Red Flag Report Alpentec", "de", "lookup", {"Red Flag Report Alpentec (Verkäufer-DD).docx": 3})
q(
    "Mandanteninformation Transparenzregister",
    "de",
    "lookup",
    {
        "Mandanteninformation 2024-03 Transparenzregister.pdf": 3,
        "Eingang/Webinar Transparenzregister.eml": 1,
    },
)
q(
    "alle Fassungen des GAKV Alpentec",
    "de",
    "lookup",
    merge(
        {p: 3 for p in ans["chains"][0]},
        {"GAKV Alpentec_Entwurf_v3_2024-03-25.pdf": 2, "Scans/Scan_20240404_101533.pdf": 2},
    ),
)
q(
    "Datenwerk RLA drafts and agreed form",
    "en",
    "lookup",
    merge(
        {p: 3 for p in ans["chains"][3]},
        {"Datenwerk RLA - agreed form.pdf": 2, "Amendment No 1 to RLA (Swiss territory).docx": 1},
    ),
)
q(
    "Muster Vertraulichkeitsvereinbarung",
    "de",
    "lookup",
    {
        "Muster Vertraulichkeitsvereinbarung (de).docx": 3,
        "NDA Projekt Falke (unterzeichnet).pdf": 1,
    },
)

# thread: an e-mail thread
q(
    "E-Mail-Verlauf GAKV abgestimmte Fassung",
    "de",
    "thread",
    merge({p: 3 for p in ans["threads"][0]}, {"GAKV Alpentec_Entwurf_v3_2024-03-25.docx": 1}),
)
q(
    "email thread Kestrel SFA draft 2",
    "en",
    "thread",
    merge(
        {p: 3 for p in ans["threads"][1]},
        {"Kestrel SFA (HE draft 2) - marked against draft 1.docx": 1},
    ),
)
q(
    "Mails zum Stand der Verhandlungen Aufhebungsvertrag",
    "de",
    "thread",
    {p: 3 for p in ans["threads"][3]},
)
q(
    "Bavaria response to LBA emails",
    "en",
    "thread",
    merge({p: 3 for p in ans["threads"][4]}, {"Antwort Bavaria Feinkost 2024-09-23.pdf": 2}),
)
q(
    "Datenwerk agreed form e-mail exchange",
    "en",
    "thread",
    merge({p: 3 for p in ans["threads"][2]}, {"Datenwerk RLA - agreed form.pdf": 1}),
)

# cross_lingual: English question, German document, and the other way round
q(
    "why was the liability cap increased in the Alpentec share purchase agreement",
    "en",
    "cross_lingual",
    {
        "GAKV Alpentec_v2_Änderungen Isarwerk_2024-03-18.docx": 3,
        "2024-03-19 Aktenvermerk Telefonat Gruber.txt": 3,
        "2024-03-25 GAKV abgestimmte Fassung.eml": 2,
        "GAKV Alpentec_Entwurf_v3_2024-03-25.docx": 1,
        "2024-03-05 Schreiben an Müller GmbH Übersendung Entwurf.docx": 1,
    },
)
q(
    "share pledge agreement over Feldmann Verpackung",
    "en",
    "cross_lingual",
    {
        "Geschäftsanteilsverpfändungsvertrag Feldmann (UR 744-2024).pdf": 3,
        "Schedule 2 - Conditions Precedent.docx": 1,
        "Kestrel Sicherheiten Übersicht.md": 1,
    },
)
q(
    "land charge over the Bielefeld property",
    "en",
    "cross_lingual",
    {"Grundschuldbestellung Eckendorfer Straße.pdf": 3},
)
q(
    "warehouse lease Billbrook monthly rent",
    "en",
    "cross_lingual",
    {
        "Mietvertrag Billbrook Halle 3 (unterzeichnet).pdf": 3,
        "1. Nachtrag Mietvertrag Entwurf Vermieterin.docx": 2,
        "1. Nachtrag Mietvertrag Entwurf Vermieterin - Anm. HE.docx": 2,
        "AW Billbrook Nachtrag unterschriftsreif.eml": 1,
    },
)
q(
    "Klage von Greenfield gegen Bavaria Feinkost",
    "de",
    "cross_lingual",
    {"Particulars of Claim (draft).docx": 3, "Letter before action Bavaria Feinkost.docx": 2},
)
q(
    "Haftungsobergrenze im Vertriebsvertrag mit Datenwerk",
    "de",
    "cross_lingual",
    {
        "Datenwerk RLA v1 - DW comments 2024-06-14.docx": 3,
        "Datenwerk RLA - agreed form.docx": 2,
        "Datenwerk RLA - agreed form.pdf": 2,
        "Drafts/Datenwerk RLA v1.docx": 1,
    },
)
q(
    "Garantie der Feldmann Verpackung für den Kredit",
    "de",
    "cross_lingual",
    {
        "Guarantee Feldmann Verpackung (signed).pdf": 3,
        "Scans/Scan_20240429_1702.pdf": 2,
        "Memo Kapitalerhaltung Upstream-Sicherheiten.md": 1,
    },
)
q(
    "court summons for the hearing in Stuttgart",
    "en",
    "cross_lingual",
    {"Ladung Termin 2024-07-10.pdf": 3, "Scans/Scan_20240606_084410.png": 2},
)
q(
    "draft settlement agreement with Rheintal",
    "en",
    "cross_lingual",
    {"Vergleich Rheintal Entwurf.docx": 3, "Aktenvermerk Vergleichsgespräch.txt": 1},
)

# filtered: the caller narrows by matter, type, language or date
q(
    "Entwurf",
    "de",
    "filtered",
    {
        "GAKV Alpentec_Entwurf_v1_2024-03-04.docx": 3,
        "GAKV Alpentec_v2_Änderungen Isarwerk_2024-03-18.docx": 3,
        "GAKV Alpentec_Entwurf_v3_2024-03-25.docx": 3,
        "GAKV Alpentec_Entwurf_v3_2024-03-25.pdf": 3,
    },
    {"matter_reference": "2024/0173", "doc_type": "share_purchase_agreement"},
)
q(
    "Rechnung",
    "de",
    "filtered",
    {p: 2 for p, a in files.items() if a["doc_type"] == "invoice"},
    {"doc_type": "invoice"},
)
q(
    "Schreiben",
    "de",
    "filtered",
    {"Schreiben Müller GmbH Übergabe.docx": 3, "Antwort Müller GmbH 2024-07-15.pdf": 3},
    {"matter_reference": "HB-2024-0211", "doc_type": "letter"},
)
q(
    "Verpfändung",
    "de",
    "filtered",
    {
        "Geschäftsanteilsverpfändungsvertrag Feldmann (UR 744-2024).pdf": 3,
        "Kontoverpfändungsvertrag (Account Pledge).docx": 3,
        "Kestrel Sicherheiten Übersicht.md": 1,
        "Sicherungsübereignungsvertrag Warenlager Feldmann.docx": 1,
    },
    {"matter_reference": "12345.002", "language": "de"},
)
q(
    "Abberufung Geschäftsführer",
    "de",
    "filtered",
    {
        "Gesellschafterbeschluss Müller GmbH Abberufung.docx": 3,
        "Schreiben an Herrn Albertsen Abberufung.docx": 3,
        "Handelsregisteranmeldung Abberufung Albertsen.pdf": 3,
        "Mail Vollzug Abberufung.eml": 2,
    },
    {"date_from": "2024-09-01", "date_to": "2024-09-30"},
)
q(
    "Handelsregister",
    "de",
    "filtered",
    {p: 2 for p, a in files.items() if a["doc_type"] == "register_extract"},
    {"doc_type": "register_extract"},
)
q(
    "response",
    "en",
    "filtered",
    {"supply/Bavaria response to LBA.eml": 3, "RE Bavaria response to LBA.eml": 3},
    {"matter_reference": "2024/0305", "doc_type": "email"},
)
q(
    "Beschluss",
    "de",
    "filtered",
    {"2024-07-24 Beweisbeschluss.pdf": 3, "2024-03-04 LG Stuttgart Verfügung.pdf": 2},
    {"matter_reference": "0388/23"},
)
q(
    "Gesellschafterbeschluss",
    "de",
    "filtered",
    {"Gesellschafterbeschluss Kapitalerhöhung Sonnenfeld.docx": 3},
    {"date_to": "2024-06-30"},
)
q(
    "agreement",
    "en",
    "filtered",
    {
        "Datenwerk RLA - agreed form.docx": 3,
        "Datenwerk RLA - agreed form.pdf": 3,
        "Amendment No 1 to RLA (Swiss territory).docx": 3,
        "Drafts/Datenwerk RLA v1.docx": 2,
        "Datenwerk RLA v1 - DW comments 2024-06-14.docx": 2,
        "Schedule 1 - Price List.xlsx": 1,
        "Schedule 2 - End User Licence Terms.docx": 1,
    },
    {"matter_reference": "M-10482", "language": "en"},
)

out = {"version": 1, "queries": Q}
(base / "queries.json").write_text(json.dumps(out, ensure_ascii=False, indent=1) + "\n")
print(
    len(Q),
    collections.Counter(x["style"] for x in Q),
    collections.Counter(x["language"] for x in Q),
)
