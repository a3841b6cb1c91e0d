"""Estate E: a generated file share of Brandt Okafor Lüders (Hamburg / Frankfurt / London) with known answers.

Written to test document-type breadth (all 58 type ids of ``evaluation/types.py``, few files per
type, named in the many ways firms name them), legacy and current matter references inside one
firm, phantom numbers, homonyms and relations as lawyers write them. Written from how law-firm
estates vary, not from any product's code. Deterministic: fixed seed, fixed dates, fixed zip
times; PDF prints, the .odt and the .doc are LibreOffice conversions (volatile PDF bytes pinned);
scans are Pillow images.

    python -m knowledge_index_tests.evaluation_e.estate_e [OUT_DIR]
"""

from __future__ import annotations

import email.utils
import json
import random
import shutil
import sys
from datetime import datetime, timedelta, timezone
from pathlib import Path

from knowledge_index_tests.evaluation_e._writers_e import (Doc, eml_bytes, pptx_bytes, scan_pdf, scan_png, scan_raster,
                                                           soffice_convert, xlsx_bytes)

SEED = 20250611
HERE = Path(__file__).resolve().parent
RNG = random.Random(SEED)

FILES: dict[str, bytes] = {}
ANS: dict[str, dict] = {}
JOBS: list[tuple] = []          # LibreOffice conversions: (src, ext, target, path, date)
PENDING: dict[str, dict] = {}   # answers of files whose bytes come from LibreOffice

# ------------------------------------------------------------------ firm, companies, matters
FIRM = {"name": "Brandt Okafor Lüders Rechtsanwälte Partnerschaft mbB", "register": "PR 1422", "company": "firm_bol",
        "natural_person": False,
        "aliases": ["Brandt Okafor Lüders", "BOL", "Brandt Okafor Lüders LLP", "BRANDT OKAFOR LÜDERS",
                    "Brandt Okafor Lüders Rechtsanwälte PartG mbB"]}


def _co(key, name, register, aliases, natural=False):
    return key, {"name": name, "register": register, "company": key, "natural_person": natural, "aliases": aliases}


COMPANIES = dict([
    ("firm_bol", FIRM),
    _co("nordhafen", "Nordhafen Industrie Holding GmbH", "HRB 158344", ["Nordhafen", "Nordhafen Industrie Holding", "NORDHAFEN INDUSTRIE HOLDING GMBH"]),
    _co("nih8", "NIH Achte Vermögensverwaltungs GmbH", "HRB 171902", ["NIH Achte", "NIH Achte Vermögensverwaltungs Gesellschaft mit beschränkter Haftung"]),
    _co("kranich_kg", "Kranich Familienholding GmbH & Co. KG", "HRA 7812 HL", ["Kranich Familienholding", "KRANICH FAMILIENHOLDING GMBH & CO. KG"]),
    _co("kranich", "Kranich Sensorik GmbH", "HRB 4471 HL", ["Kranich Sensorik", "KRANICH SENSORIK GMBH"]),
    _co("hkb", "Hanseatische Kreditbank AG", "HRB 98311", ["Hanseatische Kreditbank", "HKB"]),
    _co("elbwerft", "Elbwerft Marine Services GmbH", "HRB 132907", ["Elbwerft", "Elbwerft Marine Services", "ELBWERFT MARINE SERVICES GMBH"]),
    _co("lueneburger", "Lüneburger Stahlbau Gesellschaft mit beschränkter Haftung", "HRB 201133",
        ["LÜNEBURGER STAHLBAU GESELLSCHAFT MIT BESCHRÄNKTER HAFTUNG", "Lüneburger Stahlbau GmbH", "Lüneburger Stahlbau"]),
    _co("hansa_hh", "Hansa Grundbesitz GmbH", "HRB 145872", ["Hansa Grundbesitz"]),
    _co("hansa_ffm", "Hansa Grundbesitz GmbH", "HRB 118204", ["Hansa Grundbesitz"]),
    _co("vogt", "Dr. Katharina Vogt-Meyring", None, ["Katharina Vogt-Meyring", "Frau Dr. Vogt-Meyring"], natural=True),
    _co("tessmann", "Tessmann Pharma GmbH", "HRB 99871", ["Tessmann Pharma", "Tessmann"]),
    _co("tessmann_se", "Tessmann Beteiligungs SE", "HRB 112450", ["Tessmann Beteiligungs"]),
    _co("lumen", "Lumen Robotics GmbH", "HRB 176655", ["Lumen Robotics", "Lumen", "LUMEN ROBOTICS GMBH"]),
    _co("lumen_uk", "Lumen Robotics UK Limited", "15839204", ["Lumen Robotics UK Ltd", "Lumen UK", "LUMEN ROBOTICS UK LIMITED"]),
    _co("fjord", "Fjord Growth Partners LLP", "OC421877", ["Fjord Growth Partners", "Fjord"]),
    _co("northbridge", "Northbridge Ventures II Limited", "12990345", ["Northbridge Ventures II Ltd", "Northbridge"]),
    _co("aksoy", "Dr. Lena Aksoy", None, ["Lena Aksoy"], natural=True),
    _co("rehm", "Prof. Dr. Tobias Rehm", None, ["Tobias Rehm", "Prof. Rehm"], natural=True),
    _co("raman", "Dr. Priya Raman", None, ["Priya Raman", "Dr Priya Raman"], natural=True),
    _co("taunus", "Taunus Datentechnik AG", "HRB 104233", ["Taunus Datentechnik", "Taunus", "TAUNUS DATENTECHNIK AG"]),
    _co("cirrus", "Cirrus Cloud Solutions GmbH & Co. KG", "HRA 51234", ["Cirrus Cloud Solutions", "Cirrus"]),
    _co("kaltwasser", "Kaltwasser Rechenzentrumstechnik GmbH", "HRB 55120", ["Kaltwasser Rechenzentrumstechnik", "Kaltwasser"]),
    _co("mainfeld", "Mainfeld Hosting GmbH", "HRB 90876", ["Mainfeld Hosting", "Mainfeld"]),
])

F1 = "Hamburg/Mandate/HH-2025-0173 Nordhafen - Projekt Nordlicht"
F2 = "Frankfurt/Akten/FFM-2025-0088_Nordhafen_Akquisitionsfinanzierung"
F3 = "Hamburg/Mandate/Altakten 2024/0412-24 Br Elbwerft gg. Lüneburger Stahlbau"
F4 = "Hamburg/Mandate/HH-2025-0219 Elbwerft Mietvertrag Werfthalle 5"
F5 = "Hamburg/Arbeitsrecht/Aufhebung GF-Dienstvertrag Dr. Vogt-Meyring"
F6 = "London/Clients/Lumen Robotics/LDN-2025-0031 Series A"
F7 = "Frankfurt/Akten/FFM-2024-0377 Taunus Datentechnik"
F8 = "London/Clients/Lumen Robotics/LDN-2025-0044 UK Subsidiary"
INBOX = "Eingang"
SCANS = "Scans"

MATTERS = {
    "E01": {"reference": "HH-2025-0173", "reference_forms": ["HH-2025-0173"],
            "title": "Projekt Nordlicht – Erwerb Kranich Sensorik GmbH",
            "title_forms": ["Projekt Nordlicht", "Project Nordlicht", "Erwerb Kranich Sensorik"],
            "client": "nordhafen", "folders": [F1], "folder": F1},
    "E02": {"reference": "FFM-2025-0088", "reference_forms": ["FFM-2025-0088"],
            "title": "Akquisitionsfinanzierung Nordlicht",
            "title_forms": ["Akquisitionsfinanzierung Nordlicht", "Acquisition financing Nordlicht", "Nordhafen Akquisitionsfinanzierung"],
            "client": "nordhafen", "folders": [F2], "folder": F2},
    "E03": {"reference": "0412/24 Br", "reference_forms": ["0412/24 Br", "0412/24", "HH-2024-0412"],
            "title": "Elbwerft gg. Lüneburger Stahlbau",
            "title_forms": ["Elbwerft gg. Lüneburger Stahlbau", "Elbwerft ./. Lüneburger Stahlbau", "Elbwerft Marine Services ./. Lüneburger Stahlbau"],
            "client": "elbwerft", "folders": [F3], "folder": F3},
    "E04": {"reference": "HH-2025-0219", "reference_forms": ["HH-2025-0219"],
            "title": "Elbwerft – Mietvertrag Werfthalle 5",
            "title_forms": ["Mietvertrag Werfthalle 5", "Werfthalle 5", "Elbwerft Mietvertrag Werfthalle 5"],
            "client": "elbwerft", "folders": [F4], "folder": F4},
    "E05": {"reference": "HH-2025-0231", "reference_forms": ["HH-2025-0231"],
            "title": "Aufhebung GF-Dienstvertrag Dr. Vogt-Meyring",
            "title_forms": ["Aufhebung GF-Dienstvertrag Dr. Vogt-Meyring", "Aufhebung Geschäftsführer-Dienstvertrag Vogt-Meyring",
                            "Dr. Vogt-Meyring / Tessmann Pharma"],
            "client": "vogt", "folders": [F5], "folder": F5},
    "E06": {"reference": "LDN-2025-0031", "reference_forms": ["LDN-2025-0031"],
            "title": "Lumen Robotics – Series A",
            "title_forms": ["Lumen Robotics Series A", "Series A Lumen", "Finanzierungsrunde Lumen Robotics"],
            "client": "lumen", "folders": [F6], "folder": F6},
    "E07": {"reference": "FFM-2024-0377", "reference_forms": ["FFM-2024-0377", "377/24 Lü", "377/24"],
            "title": "Taunus Datentechnik – IT-Verträge und Rechenzentrum",
            "title_forms": ["Taunus Datentechnik", "Taunus Datentechnik Rechenzentrum", "Taunus Datentechnik IT-Verträge"],
            "client": "taunus", "folders": [F7], "folder": F7},
    "E08": {"reference": "LDN-2025-0044", "reference_forms": ["LDN-2025-0044"],
            "title": "Lumen Robotics – UK Subsidiary",
            "title_forms": ["Lumen Robotics UK Subsidiary", "Lumen Robotics UK", "UK Subsidiary Lumen"],
            "client": "lumen", "folders": [F8], "folder": F8},
}

PHANTOMS = [
    ("notarial_deed", "UR-Nr. 812/2025"), ("notarial_deed", "UR-Nr. 1044/2025"), ("court_file", "3 O 123/25"),
    ("court_file", "II ZR 41/23"), ("court_file", "11 U 77/22"),
    ("hrb", "HRB 158344"), ("hrb", "HRB 171902"), ("hrb", "HRA 7812 HL"), ("hrb", "HRB 4471 HL"), ("hrb", "HRB 98311"),
    ("hrb", "HRB 132907"), ("hrb", "HRB 201133"), ("hrb", "HRB 145872"), ("hrb", "HRB 118204"), ("hrb", "HRB 99871"),
    ("hrb", "HRB 112450"), ("hrb", "HRB 176655"), ("hrb", "HRB 104233"), ("hrb", "HRA 51234"), ("hrb", "HRB 55120"),
    ("hrb", "HRB 90876"), ("register", "PR 1422"), ("companies_house", "15839204"), ("companies_house", "OC421877"),
    ("invoice_number", "RE-2025-0219"), ("invoice_number", "25-10441"), ("invoice_number", "25-10577"), ("order_number", "PO-2025-0071"),
    ("customer_number", "Kunden-Nr. 40173"), ("counterparty_ref", "Hs/ko 25-0173"), ("counterparty_ref", "M 2024/1187"),
    ("iban", "DE27 2005 0550 1234 5678 90"), ("iban", "DE61 5005 0201 0200 4471 23"), ("iban", "GB33 BUKB 2020 1555 5555 55"),
    ("postal_code", "20095 Hamburg"), ("postal_code", "60329 Frankfurt am Main"), ("postal_code", "23562 Lübeck"),
    ("postal_code", "EC2A 1AG"), ("phone", "+49 40 3290 6610"), ("phone", "+49 69 2573 880"), ("phone", "+44 20 7183 4410"),
    ("land_register", "Grundbuch von Steinwerder Blatt 2019"), ("vat_id", "DE 298 441 730"), ("section", "§ 0173 intern"),
    ("contract_number", "MSA-2024-017"), ("delivery_note", "LS 2024-0412"),
    ("customer_number", "Mieter-Nr. M-0412"), ("licence_plate", "HH-KV 2019"), ("tax_ref", "120/LA44871"),
]

# ------------------------------------------------------------------ helpers
LH_HH = ("s", "BRANDT OKAFOR LÜDERS · Rechtsanwälte Partnerschaft mbB · Ballindamm 17 · 20095 Hamburg · T +49 40 3290 6610 · www.bol-law.de")
LH_FFM = ("s", "BRANDT OKAFOR LÜDERS · Rechtsanwälte Partnerschaft mbB · Taunusanlage 9 · 60329 Frankfurt am Main · T +49 69 2573 880")
LH_LDN = ("s", "BRANDT OKAFOR LÜDERS LLP · 30 Finsbury Square · London EC2A 1AG · T +44 20 7183 4410 · SRA No. 8012277")

KIND = ("annex_of", "amends", "references", "responds_to", "attachment_of", "near_duplicate_of", "redline_of", "duplicate_of")


def fmt_of(path):
    ext = path.rsplit(".", 1)[1].lower()
    return {"tif": "tiff", "jpeg": "jpg"}.get(ext, ext)


def answer(path, *, matter, ref, cat, dt, title, parties, lang, date, text_layer=True, rel=None, decisions=(), notes=None):
    rel = {k: list(v) for k, v in (rel or {}).items() if v}
    assert set(rel) <= set(KIND), (path, rel)
    return {"matter": matter, "matter_reference_as_written": ref, "category": cat, "doc_type": dt, "title": title,
            "parties": [COMPANIES[p] for p in parties], "language": lang, "date": date, "format": fmt_of(path),
            "text_layer": text_layer, "relations": rel, "decisions": list(decisions), "notes": notes}


def put(path, data, **a):
    assert path not in FILES and path not in PENDING, path
    FILES[path] = data
    ANS[path] = answer(path, **a)


def put_lo(path, src_docx, target, **a):
    """A file written by LibreOffice from docx bytes: PDF print, .odt or legacy .doc."""
    assert path not in FILES and path not in PENDING, path
    JOBS.append((src_docx, "docx", target, path, a["date"]))
    PENDING[path] = answer(path, **a)


def rel_add(path, kind, target):
    a = ANS.get(path) or PENDING[path]
    a["relations"].setdefault(kind, []).append(target)


def M(locus, topic, rat, ct, comment=None, by=None, todo=False):
    return {"locus": locus, "topic": topic, "rationale_category": rat, "change_type": ct, "comment": comment, "by": by, "todo": todo}


def docx(blocks, *, mode="clean", lang="de-DE", date, author, rev=None, font="Arial", title_prop="", app="Microsoft Office Word"):
    d = Doc(lang=lang, author=author, date=f"{date}T09:00:00Z", font=font)
    if rev:
        d.rev_author, d.rev_date = rev
    for b in blocks:
        k = b[0]
        if k == "title":
            d.p(b[1], style="Title")
        elif k == "h":
            d.p(b[1], style="Heading1")
        elif k == "p":
            d.p(b[1])
        elif k == "b":
            d.p(b[1], bold=True)
        elif k == "r":
            d.p(b[1], align="right")
        elif k == "c":
            d.p(b[1], align="center")
        elif k == "s":
            d.p(b[1], size=15)
        elif k == "table":
            d.table(b[1])
        elif k == "sig":
            for name in b[1]:
                d.p("")
                d.p("_" * 36)
                d.p(name)
        elif k == "pb":
            d.pagebreak()
        elif k == "red":
            segs, meta = b[1], b[2]
            if mode == "redline":
                cid = None
                if meta and meta.get("comment"):
                    ca, ci, cd = meta["by"]
                    cid = d.comment(meta["comment"], ca, ci, cd)
                d.p(*segs, comment=cid)
            else:
                keep = "del" if mode == "base" else "ins"
                text = "".join(t for kk, t in segs if kk in ("t", keep))
                if text.strip():
                    d.p(text)
    return d.bytes(title=title_prop, core_author=author, app=app)


def lines_of(blocks, mode="clean", signed=None):
    out = []
    for b in blocks:
        k = b[0]
        if k == "title":
            out.append(("h", b[1]))
        elif k in ("h", "p", "b", "r", "c", "s"):
            out += [("p", ln) for ln in b[1].split("\n")]
        elif k == "table":
            out += [("p", "  |  ".join(str(c) for c in row)) for row in b[1]]
        elif k == "sig":
            for i, name in enumerate(b[1]):
                out.append(("", ""))
                out.append(("p", (signed[i] if signed else "") + "  ____________________________"))
                out.append(("p", name))
        elif k == "red":
            keep = "del" if mode == "base" else "ins"
            text = "".join(t for kk, t in b[1] if kk in ("t", keep))
            if text.strip():
                out.append(("p", text))
    return out


def decisions_of(blocks):
    out = []
    for b in blocks:
        if b[0] == "red" and b[2]:
            m = b[2]
            out.append({"locus": m["locus"], "topic": m["topic"], "rationale_category": m["rationale_category"],
                        "change_type": m["change_type"], "comment": None if (m["todo"] or not m["comment"]) else m["comment"]})
    return out


def rfc_date(y, mo, d, h, mi, tz=1):
    return email.utils.format_datetime(datetime(y, mo, d, h, mi, 41, tzinfo=timezone(timedelta(hours=tz))))


def hops_in(sender_host, ip, rcpt, date, qid):
    return (f"from mx1.bol-law.de (mx1.bol-law.de [10.40.0.11])\r\n\tby BOL-EXCH01.bol.local (10.40.1.21) with Microsoft SMTP Server\r\n\t"
            f"(version=TLS1_2, cipher=TLS_ECDHE_RSA_WITH_AES_256_GCM_SHA384) id 15.2.1544.11; {date}",
            f"from {sender_host} ({sender_host} [{ip}])\r\n\tby mx1.bol-law.de (Postfix) with ESMTPS id {qid}\r\n\tfor <{rcpt}>; {date}",
            f"from localhost (localhost [127.0.0.1])\r\n\tby {sender_host} (Postfix) with ESMTP id {qid[::-1][:10]}; {date}")


def hops_out(date, n=1544):
    return (f"from BOL-EXCH02.bol.local (10.40.1.22) by BOL-EXCH01.bol.local (10.40.1.21) with Microsoft SMTP Server\r\n\t"
            f"(version=TLS1_2, cipher=TLS_ECDHE_RSA_WITH_AES_256_GCM_SHA384) id 15.2.{n}.11; {date}",)


def mime_of(name):
    return {"docx": "application/vnd.openxmlformats-officedocument.wordprocessingml.document", "pdf": "application/pdf",
            "xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"}[name.rsplit(".", 1)[1]]


def html_of(body):
    paras = body.split("\n\n")
    return "<html><head><meta charset=\"utf-8\"></head><body>" + "".join(
        "<p>" + p.replace("&", "&amp;").replace("<", "&lt;").replace("\n", "<br>") + "</p>" for p in paras) + "</body></html>"


HB = "Dr. Henrik Brandt <h.brandt@bol-law.de>"
TS = "Tim Sörensen <t.soerensen@bol-law.de>"
JL = "Dr. Jana Lüders <j.lueders@bol-law.de>"
AO = "Adaeze Okafor <a.okafor@bol-law.com>"


# ================================================================== E01 Projekt Nordlicht (SPA, German)
BR = ("Dr. Henrik Brandt", "HB")


def spa_blocks(ver):
    head = {1: "Entwurf BOL v1 – 10.03.2025 – vorbehaltlich Abstimmung mit Nordhafen",
            2: "Mark-up BOL vom 31.03.2025 zu den Anmerkungen der Verkäuferseite (E-Mail Harms Wiese vom 24.03.2025) – vertraulich",
            3: "Endfassung – 14.04.2025 – zur Beurkundung"}[ver]
    hb = ("Dr. Henrik Brandt", "HB", "2025-03-31T10:40:00Z")
    ts = ("Tim Sörensen", "TS", "2025-03-31T15:05:00Z")
    return [
        ("s", head),
        ("title", "GESCHÄFTSANTEILSKAUF- UND ABTRETUNGSVERTRAG"),
        ("c", "über sämtliche Geschäftsanteile an der Kranich Sensorik GmbH, Lübeck"),
        ("p", "zwischen"),
        ("p", "1. Kranich Familienholding GmbH & Co. KG mit Sitz in Lübeck, eingetragen im Handelsregister des Amtsgerichts Lübeck unter HRA 7812 HL, vertreten durch ihre persönlich haftende Gesellschafterin Kranich Verwaltungs GmbH (die „Verkäuferin“),"),
        ("p", "2. NIH Achte Vermögensverwaltungs GmbH mit Sitz in Hamburg, eingetragen im Handelsregister des Amtsgerichts Hamburg unter HRB 171902 (die „Käuferin“),"),
        ("p", "sowie, ausschließlich für Zwecke des § 15, 3. Nordhafen Industrie Holding GmbH mit Sitz in Hamburg (Amtsgericht Hamburg HRB 158344) (die „Garantin“)."),
        ("h", "Präambel"),
        ("p", "(A) Die Verkäuferin hält sämtliche Geschäftsanteile an der Kranich Sensorik GmbH mit Sitz in Lübeck, eingetragen im Handelsregister des Amtsgerichts Lübeck unter HRB 4471 HL, mit einem Stammkapital von EUR 250.000 (die „Gesellschaft“). Die Gesellschaft entwickelt und fertigt Drucksensoren für die maritime Industrie."),
        ("p", "(B) Die Parteien haben am 28. Januar 2025 ein Term Sheet abgestimmt. Die Verkäuferin möchte die Geschäftsanteile an die Käuferin verkaufen und abtreten."),
        ("h", "§ 1 Verkauf"),
        ("p", "(1) Die Verkäuferin verkauft hiermit an die Käuferin die in Anlage 3.2 bezeichneten Geschäftsanteile mit den laufenden Nummern 1 bis 250.000 (die „Verkauften Geschäftsanteile“) mit allen Rechten und Pflichten, einschließlich des Gewinnbezugsrechts für das laufende Geschäftsjahr."),
        ("h", "§ 2 Abtretung"),
        ("p", "(1) Die Verkäuferin tritt die Verkauften Geschäftsanteile hiermit unter der aufschiebenden Bedingung der vollständigen Zahlung des Kaufpreises an die Käuferin ab. Die Käuferin nimmt die Abtretung an."),
        ("h", "§ 3 Kaufpreis; Locked Box"),
        ("p", "(1) Der Kaufpreis beträgt EUR 42.750.000 (in Worten: Euro zweiundvierzig Millionen siebenhundertfünfzigtausend) (der „Kaufpreis“). Er ist am Vollzugstag auf das Konto der Verkäuferin bei der Sparkasse zu Lübeck, IBAN DE61 5005 0201 0200 4471 23, zu zahlen."),
        ("red", [("t", "(2) Die Verkäuferin garantiert, dass seit dem 31. Dezember 2024 (Stichtag) keine Abflüsse an die Verkäuferin oder ihr nahestehende Personen erfolgt sind, ausgenommen Gehaltszahlungen im gewöhnlichen Geschäftsgang"),
                 ("ins", " sowie Zahlungen aus dem Beratungsvertrag mit Prof. Dr. Gerd Kranich bis zu einem Betrag von insgesamt EUR 120.000"), ("t", " („Zulässige Abflüsse“).")],
         M("§ 3 Abs. 2", "price_adjustment", "counterparty_request", "modified",
           "Harms, Mail v. 24.03., Ziff. 2: Beraterhonorar Prof. Kranich soll zulässiger Abfluss sein. Akzeptiert, aber gedeckelt auf 120 TEUR (= Budget bis Juni).", hb)),
        ("h", "§ 4 Vollzugsbedingungen"),
        ("p", "(1) Der Vollzug steht unter der aufschiebenden Bedingung der fusionskontrollrechtlichen Freigabe durch das Bundeskartellamt oder des Ablaufs der Wartefrist nach § 40 Abs. 1 GWB."),
        ("h", "§ 5 Vollzug"),
        ("p", "(1) Der Vollzug findet am fünften Bankarbeitstag nach Eintritt der Vollzugsbedingungen in den Räumen von Brandt Okafor Lüders, Ballindamm 17, 20095 Hamburg, statt."),
        ("h", "§ 6 Garantien der Verkäuferin"),
        ("p", "(1) Die Verkäuferin garantiert der Käuferin im Wege selbständiger Garantieversprechen nach § 311 Abs. 1 BGB, dass die in Anlage 6.1 enthaltenen Aussagen am Tag der Beurkundung und am Vollzugstag zutreffend sind, soweit nicht im Offenlegungsschreiben (Anlage 7.1) offengelegt."),
        ("h", "§ 7 Offenlegung"),
        ("p", "(1) Offengelegt sind nur Umstände, die im Offenlegungsschreiben nach Anlage 7.1 so beschrieben sind, dass eine sorgfältige Käuferin ihre Tragweite erkennen konnte."),
        ("h", "§ 8 Rechtsfolgen; Haftungsbegrenzung"),
        ("p", "(1) Ist eine Garantie unzutreffend, hat die Verkäuferin die Käuferin so zu stellen, wie sie stünde, wenn die Garantie zutreffend gewesen wäre (Naturalrestitution); gelingt dies nicht binnen 30 Bankarbeitstagen, schuldet sie Schadensersatz in Geld."),
        ("red", [("t", "(2) Die Haftung der Verkäuferin aus diesem Vertrag ist insgesamt auf "), ("del", "50 %"), ("ins", "35 %"),
                 ("t", " des Kaufpreises begrenzt; dies gilt nicht für Ansprüche nach § 9 und bei Vorsatz.")],
         M("§ 8 Abs. 2", "liability_cap", "client_instruction", "modified",
           "Hr. Dr. Wessels (Tel. 28.03.): Nordhafen trägt 35 % mit, nicht die 20 % aus der Mail von Harms. Unter 35 % nur nach Rücksprache.", hb)),
        ("p", "(3) Die Verkäuferin haftet nur, wenn der einzelne Anspruch EUR 50.000 und die Summe aller Ansprüche EUR 300.000 übersteigt; dann haftet sie für den Gesamtbetrag."),
        ("red", [("t", "(4) Ansprüche aus der Verletzung von Garantien verjähren "), ("del", "36 Monate"), ("ins", "24 Monate"),
                 ("t", " nach dem Vollzugstag; Ansprüche nach § 9 verjähren sechs Monate nach Bestandskraft des maßgeblichen Steuerbescheids.")],
         M("§ 8 Abs. 4", "limitation_period", "commercial_compromise", "modified",
           "Verkäuferseite bot 12 Monate, wir hatten 36 – Mitte 24 Monate, Steueransprüche unverändert.", hb)),
        ("h", "§ 9 Steuerfreistellung"),
        ("p", "(1) Die Verkäuferin stellt die Käuferin von allen Steuern der Gesellschaft frei, die auf Zeiträume bis zum Stichtag entfallen, soweit sie nicht im Jahresabschluss zum 31. Dezember 2024 zurückgestellt sind."),
        ("h", "§ 10 Wettbewerbsverbot"),
        ("red", [("del", "(1) [Wettbewerbsverbot: Umfang mit Nordhafen abstimmen.]"),
                 ("ins", "(1) Die Verkäuferin wird für die Dauer von zwei Jahren nach dem Vollzugstag weder unmittelbar noch mittelbar mit der Gesellschaft in Deutschland, Dänemark oder Polen in Wettbewerb treten.")],
         M("§ 10 Abs. 1", "non_compete", "unstated", "modified")),
        ("h", "§ 11 Vertraulichkeit"),
        ("p", "(1) Die Parteien behandeln den Inhalt dieses Vertrags vertraulich; die Vertraulichkeitsvereinbarung vom 20. Januar 2025 bleibt unberührt."),
        ("h", "§ 12 Kosten; Steuern"),
        ("p", "(1) Jede Partei trägt ihre eigenen Beraterkosten. Die Kosten der Beurkundung und der Fusionskontrollanmeldung trägt die Käuferin."),
        ("red", [("ins", "(2) Eine durch diesen Vertrag etwa ausgelöste Grunderwerbsteuer trägt die Käuferin; die Verkäuferin wirkt an der Anzeige nach § 19 GrEStG mit.")],
         M("§ 12 Abs. 2", "stamp_duty", "tax", "inserted",
           "Gesellschaft hält das Betriebsgrundstück Lübeck-Genin; Übertragung von 100 % löst GrESt nach § 1 Abs. 3 GrEStG aus – ausdrücklich regeln.", ts)),
        ("h", "§ 13 Mitteilungen"),
        ("p", "(1) Mitteilungen an die Verkäuferin sind zu richten an Harms Wiese Rechtsanwälte, Breite Straße 6, 23552 Lübeck; an die Käuferin an Brandt Okafor Lüders, Ballindamm 17, 20095 Hamburg."),
        ("h", "§ 14 Schlussbestimmungen"),
        ("p", "(1) Dieser Vertrag unterliegt deutschem Recht unter Ausschluss des UN-Kaufrechts."),
        ("red", [("t", "(2) Für alle Streitigkeiten aus diesem Vertrag "), ("del", "ist das Landgericht Hamburg ausschließlich zuständig"),
                 ("ins", "entscheidet ein Schiedsgericht nach der Schiedsgerichtsordnung der DIS unter Ausschluss des ordentlichen Rechtswegs; Schiedsort ist Hamburg"),
                 ("t", ".")],
         M("§ 14 Abs. 2", "dispute_resolution", "unstated", "modified", "To do: mit Dr. Wessels klären, ob DIS für Nordhafen akzeptabel ist.", ts, todo=True)),
        ("h", "§ 15 Garantin"),
        ("p", "(1) Die Garantin steht gegenüber der Verkäuferin für die Zahlung des Kaufpreises durch die Käuferin ein."),
        ("h", "Anlagenverzeichnis"),
        ("p", "Anlage 3.2 – Verkaufte Geschäftsanteile"),
        ("p", "Anlage 6.1 – Garantien der Verkäuferin"),
        ("p", "Anlage 7.1 – Offenlegungsschreiben"),
        ("sig", ["Kranich Familienholding GmbH & Co. KG", "NIH Achte Vermögensverwaltungs GmbH", "Nordhafen Industrie Holding GmbH"]),
    ]


def e01():
    r = {}
    # engagement letter
    b = [LH_HH, ("p", "Nordhafen Industrie Holding GmbH\nHerrn Dr. Malte Wessels, CFO\nAm Sandtorkai 48\n20457 Hamburg"), ("r", "Hamburg, 14. Januar 2025"),
         ("p", "Unser Zeichen: HH-2025-0173 HB/ko"), ("p", "Ihre Kunden-Nr. 40173"), ("title", "Mandatsvereinbarung"),
         ("b", "Projekt Nordlicht – Erwerb sämtlicher Geschäftsanteile an der Kranich Sensorik GmbH, Lübeck"),
         ("p", "Sehr geehrter Herr Dr. Wessels,"),
         ("p", "wir bedanken uns für die Beauftragung. Gegenstand des Mandats ist die rechtliche Beratung der Nordhafen Industrie Holding GmbH und ihrer Erwerbsgesellschaft NIH Achte Vermögensverwaltungs GmbH beim Erwerb der Kranich Sensorik GmbH, einschließlich Legal Due Diligence, Vertragsverhandlung, Beurkundung und Vollzug. Die Akquisitionsfinanzierung betreut unser Frankfurter Büro unter gesondertem Aktenzeichen."),
         ("p", "Wir rechnen nach Zeitaufwand ab: Partner EUR 540, Counsel EUR 460, Associates EUR 340 je Stunde zzgl. Auslagen und Umsatzsteuer. Leistungsnachweise übersenden wir monatlich."),
         ("p", "Unsere Haftung für einfache Fahrlässigkeit ist auf EUR 10.000.000 je Schadensfall begrenzt (§ 52 Abs. 1 Nr. 2 BRAO). Im Übrigen gelten unsere Allgemeinen Mandatsbedingungen (Stand 01/2025)."),
         ("p", "Mit freundlichen Grüßen"), ("p", "Dr. Henrik Brandt"), ("p", "Einverstanden: ____________________  Nordhafen Industrie Holding GmbH")]
    EL = f"{F1}/01 Korrespondenz/2025-01-14 Mandatsvereinbarung Nordhafen.docx"
    put(EL, docx(b, date="2025-01-14", author="Kerstin Oltmanns", title_prop="Mandatsvereinbarung"),
        matter="E01", ref="HH-2025-0173", cat="in_matter_folder", dt="engagement_letter", title="Mandatsvereinbarung",
        parties=["firm_bol", "nordhafen"], lang="de", date="2025-01-14", notes="the firm is a party of its own engagement letter; phantom 'Kunden-Nr. 40173'")

    # NDA (signed scan)
    nda = [("title", "VERTRAULICHKEITSVEREINBARUNG"),
           ("p", "zwischen der Nordhafen Industrie Holding GmbH, Am Sandtorkai 48, 20457 Hamburg („Nordhafen“), und der Kranich Familienholding GmbH & Co. KG, Lübeck, sowie der Kranich Sensorik GmbH, Seelandstraße 14, 23569 Lübeck (gemeinsam „Kranich“)."),
           ("p", "1. Kranich stellt Nordhafen im Rahmen der Prüfung eines möglichen Erwerbs der Kranich Sensorik GmbH (das „Vorhaben“) vertrauliche Informationen zur Verfügung."),
           ("p", "2. Nordhafen verwendet vertrauliche Informationen ausschließlich zur Prüfung des Vorhabens und gibt sie nur an Organe, Mitarbeiter, Finanzierer und Berater weiter, die zur Verschwiegenheit verpflichtet sind."),
           ("p", "3. Nordhafen wird für die Dauer von 18 Monaten keine Mitarbeiter der Kranich Sensorik GmbH abwerben."),
           ("p", "4. Diese Vereinbarung endet zwei Jahre nach ihrer Unterzeichnung. Es gilt deutsches Recht; Gerichtsstand ist Hamburg."),
           ("p", "Hamburg / Lübeck, den 20. Januar 2025"),
           ("sig", ["Nordhafen Industrie Holding GmbH", "Kranich Familienholding GmbH & Co. KG", "Kranich Sensorik GmbH"])]
    NDA = f"{F1}/01 Korrespondenz/NDA Kranich - signed.pdf"
    put(NDA, scan_pdf([lines_of(nda, signed=["gez. Wessels", "gez. Kranich", "gez. J. Kranich"])], RNG, "2025-01-20"),
        matter="E01", ref=None, cat="in_matter_folder", dt="nda", title="VERTRAULICHKEITSVEREINBARUNG",
        parties=["nordhafen", "kranich_kg", "kranich"], lang="de", date="2025-01-20", text_layer=False,
        notes="image-only scan of the signed NDA; heading in capitals; file name says 'NDA'")

    # Term Sheet: project before kind
    ts_ = [("title", "Projekt Nordlicht – Term Sheet"), ("c", "Indicative terms – non-binding – subject to contract"),
           ("table", [["Purchaser", "NIH Achte Vermögensverwaltungs GmbH, a wholly owned subsidiary of Nordhafen Industrie Holding GmbH, Hamburg"],
                      ["Seller", "Kranich Familienholding GmbH & Co. KG, Lübeck"],
                      ["Target", "Kranich Sensorik GmbH, Lübeck (HRB 4471 HL) – 100 % of the shares"],
                      ["Purchase price", "EUR 42.0–43.5 million on a cash-free/debt-free basis, locked box as at 31 December 2024"],
                      ["Financing", "Acquisition debt from a German bank; no financing condition"],
                      ["Guarantees", "Customary title and business guarantees; liability cap to be agreed; W&I insurance optional"],
                      ["Exclusivity", "Until 31 March 2025"],
                      ["Confidentiality", "The Confidentiality Agreement dated 20 January 2025 continues to apply."],
                      ["Governing law", "German law"]]),
           ("p", "Save for the paragraphs on exclusivity and confidentiality this Term Sheet is not legally binding.")]
    TSP = f"{F1}/02 Entwürfe/Projekt Nordlicht - Term Sheet.docx"
    put(TSP, docx(ts_, lang="en-GB", date="2025-01-28", author="Tim Sörensen", title_prop="Term Sheet"),
        matter="E01", ref=None, cat="in_matter_folder", dt="term_sheet", title="Projekt Nordlicht – Term Sheet",
        parties=["nih8", "kranich_kg"], lang="en", date="2025-01-28", rel={"references": [NDA]},
        notes="project name before the kind in the heading; references: 'the Confidentiality Agreement dated 20 January 2025' (German NDA cited by an English name and date)")

    # Kick-off presentation
    KO = f"{F1}/01 Korrespondenz/2025-01-30 Kick-off Nordlicht.pptx"
    put(KO, pptx_bytes([("Projekt Nordlicht", ["Kick-off-Call · 30. Januar 2025", "Nordhafen Industrie Holding GmbH · Brandt Okafor Lüders"]),
                        ("Transaktionsstruktur", ["Erwerb von 100 % an der Kranich Sensorik GmbH durch NIH Achte Vermögensverwaltungs GmbH",
                                                  "Locked Box zum 31.12.2024", "Akquisitionsfinanzierung über Hanseatische Kreditbank AG"]),
                        ("Zeitplan", ["Legal DD: 3.–28. Februar 2025", "SPA-Entwurf: KW 11", "Signing/Beurkundung: Mitte April 2025",
                                      "Fusionskontrolle: Anmeldung nach Signing"]),
                        ("Team", ["Dr. Henrik Brandt (Partner)", "Tim Sörensen (Associate)", "Dr. Jana Lüders (Finanzierung, Frankfurt)"])],
                       "2025-01-30", title="Projekt Nordlicht Kick-off", creator="Tim Sörensen"),
        matter="E01", ref=None, cat="in_matter_folder", dt="presentation", title="Projekt Nordlicht", parties=[], lang="de",
        date="2025-01-30", notes="pptx; the first slide's title is the project name")

    # LoI (scan in the scanner folder) and the forward that carries it
    loi = [("p", "NORDHAFEN INDUSTRIE HOLDING GMBH · Am Sandtorkai 48 · 20457 Hamburg"),
           ("p", "Kranich Familienholding GmbH & Co. KG\nz. Hd. Herrn Prof. Dr. Gerd Kranich\nSeelandstraße 14\n23569 Lübeck"),
           ("r", "Hamburg, 6. Februar 2025"), ("title", "Letter of Intent"),
           ("p", "Sehr geehrter Herr Prof. Dr. Kranich,"),
           ("p", "wir bestätigen unser Interesse am Erwerb sämtlicher Geschäftsanteile an der Kranich Sensorik GmbH zu den Bedingungen des Term Sheet vom 28. Januar 2025. Unser indikativer Kaufpreis beträgt EUR 42,75 Mio. auf Basis einer Locked Box zum 31. Dezember 2024."),
           ("p", "Dieses Schreiben ist mit Ausnahme der Exklusivität bis 31. März 2025 und der Kostenregelung nicht bindend."),
           ("p", "Mit freundlichen Grüßen"), ("p", "Nordhafen Industrie Holding GmbH"),
           ("p", "Gegengezeichnet: Kranich Familienholding GmbH & Co. KG, Lübeck, 6.2.2025")]
    LOI = f"{SCANS}/Scan_0042.pdf"
    put(LOI, scan_pdf([lines_of(loi)], RNG, "2025-02-06"), matter="E01", ref=None, cat="scan", dt="letter_of_intent", title="Letter of Intent",
        parties=["nordhafen", "kranich_kg"], lang="de", date="2025-02-06", text_layer=False, rel={"references": [TSP]},
        notes="scanner file name says nothing; image-only; references: 'Term Sheet vom 28. Januar 2025' (title and date)")
    dfw = rfc_date(2025, 2, 7, 9, 12)
    bfw = ("Hallo Herr Sörensen,\n\nanbei der von Prof. Kranich gegengezeichnete LoI zur Akte (Scan vom Kopierer). Bitte nehmen Sie das in die Signing-Planung auf.\n\n"
           "Viele Grüße\nMalte Wessels\n\n-----Ursprüngliche Nachricht-----\nVon: scanner@nordhafen-holding.de\nGesendet: Donnerstag, 6. Februar 2025 17:40\nBetreff: Scan_0042\n")
    FW = f"{INBOX}/WG Projekt Nordlicht - unterschriebener LoI.eml"
    put(FW, eml_bytes(frm="Dr. Malte Wessels <m.wessels@nordhafen-holding.de>", to=TS, cc=HB,
                      subject="WG: Projekt Nordlicht – unterschriebener LoI", date=dfw,
                      msgid="<AM0PR07MB44120FA3E1C2D0B7@AM0PR07MB4412.eurprd07.prod.outlook.com>", body=bfw,
                      atts=[("Scan_0042.pdf", FILES[LOI], "application/pdf")],
                      hops=hops_in("mail-am6eur05on2071.outbound.protection.outlook.com", "40.107.22.71", "t.soerensen@bol-law.de", dfw, "4Yq1Zk0b3Lz9vP"),
                      dkim_domain="nordhafen-holding.de", thread_index="AdtZ0k3Lm0ZQb9e8Tq2n1A==", mailer="Microsoft Outlook 16.0"),
        matter="E01", ref=None, cat="inbox", dt="email", title="Projekt Nordlicht – unterschriebener LoI", parties=["nordhafen"], lang="de",
        date="2025-02-07", notes="forward from the client; carries the LoI scan (attachment_of); the original scanner mail is not on the share")
    rel_add(LOI, "attachment_of", FW)

    # Register extract, typed only by content; file named by date
    hr = [("title", "Handelsregister B des Amtsgerichts Lübeck"), ("p", "Abruf vom 03.02.2025 10:14"), ("b", "Aktueller Ausdruck"),
          ("table", [["Nummer der Firma", "HRB 4471 HL"], ["Anzahl der bisherigen Eintragungen", "14"],
                     ["1. a) Firma", "Kranich Sensorik GmbH"], ["b) Sitz, Niederlassung, Geschäftsanschrift", "Lübeck; Seelandstraße 14, 23569 Lübeck"],
                     ["c) Gegenstand des Unternehmens", "Entwicklung, Herstellung und Vertrieb von Sensoren und Messsystemen, insbesondere für die maritime Industrie"],
                     ["2. Grund- oder Stammkapital", "250.000,00 EUR"],
                     ["3. a) Allgemeine Vertretungsregelung", "Ist nur ein Geschäftsführer bestellt, so vertritt er die Gesellschaft allein. Sind mehrere Geschäftsführer bestellt, so wird die Gesellschaft durch zwei Geschäftsführer oder durch einen Geschäftsführer gemeinsam mit einem Prokuristen vertreten."],
                     ["b) Vorstand, Leitungsorgan, geschäftsführende Direktoren", "Geschäftsführer: Kranich, Jens, Lübeck, *12.08.1971, einzelvertretungsberechtigt"],
                     ["4. Prokura", "Gesamtprokura gemeinsam mit einem Geschäftsführer: Dahlke, Sandra, Bad Schwartau, *03.02.1980"],
                     ["5. a) Rechtsform, Beginn, Satzung", "Gesellschaft mit beschränkter Haftung. Gesellschaftsvertrag vom 03.05.1994, zuletzt geändert durch Beschluss vom 11.11.2021"],
                     ["6. Tag der letzten Eintragung", "17.12.2021"]])]
    HR = f"{F1}/03 DD/2025-02-03.pdf"
    put_lo(HR, docx(hr, date="2025-02-03", author="Registerportal"), "pdf", matter="E01", ref=None, cat="in_matter_folder",
           dt="register_extract", title="Handelsregister B des Amtsgerichts Lübeck", parties=["kranich"], lang="de", date="2025-02-03",
           notes="file named only by its date; typed by content (register layout, 'Aktueller Ausdruck'); HRB 4471 HL is a phantom")

    # DD request list (xlsx)
    rows = [["Nr.", "Bereich", "Anforderung / Request", "Priorität", "Status", "Datenraum-Index"],
            ["1.1", "Gesellschaftsrecht", "Aktueller Handelsregisterauszug und Gesellschafterliste", "hoch", "erledigt", "1.1.1"],
            ["1.2", "Gesellschaftsrecht", "Gesellschaftsvertrag in aktueller Fassung", "hoch", "erledigt", "1.1.2"],
            ["1.3", "Gesellschaftsrecht", "Protokolle der Gesellschafterversammlungen 2022–2024", "mittel", "offen", ""],
            ["2.1", "Verträge", "Liefer- und Rahmenverträge mit Umsatz > EUR 250.000 p.a.", "hoch", "teilweise", "3.2"],
            ["2.2", "Verträge", "Verträge mit Change-of-Control-Klauseln", "hoch", "offen", ""],
            ["3.1", "Arbeitsrecht", "Geschäftsführerdienstverträge, Betriebsvereinbarungen", "mittel", "erledigt", "5.1"],
            ["4.1", "Immobilien", "Grundbuchauszug Betriebsgrundstück Lübeck-Genin", "hoch", "erledigt", "6.1"],
            ["5.1", "Finanzen", "Jahresabschlüsse 2021–2023, BWA 2024", "hoch", "erledigt", "7.1"],
            ["6.1", "IP", "Patentliste, Lizenzverträge (ein- und auslizenziert)", "hoch", "offen", ""],
            ["7.1", "Rechtsstreitigkeiten", "Laufende und angedrohte Verfahren > EUR 25.000", "mittel", "erledigt", "9.1"]]
    RL = f"{F1}/03 DD/DD-Anforderungsliste Nordlicht.xlsx"
    put(RL, xlsx_bytes([("Request List", rows)], "2025-02-04", title="Legal DD Request List Projekt Nordlicht", creator="Tim Sörensen"),
        matter="E01", ref=None, cat="in_matter_folder", dt="due_diligence_request_list", title="Legal DD Request List Projekt Nordlicht",
        parties=[], lang="de", date="2025-02-04", notes="xlsx; the title is the workbook title (first row holds column heads)")

    # Financial statement (LO print)
    fs = [("title", "Jahresabschluss zum 31. Dezember 2023"), ("c", "Kranich Sensorik GmbH, Lübeck"), ("h", "Bilanz zum 31. Dezember 2023"),
          ("table", [["Aktiva", "31.12.2023 EUR", "31.12.2022 EUR"], ["A. Anlagevermögen", "9.812.330", "9.544.120"],
                     ["B. Umlaufvermögen", "14.220.415", "12.908.770"], ["C. Rechnungsabgrenzungsposten", "88.410", "73.900"],
                     ["Summe Aktiva", "24.121.155", "22.526.790"], ["Passiva", "", ""], ["A. Eigenkapital", "13.604.880", "12.011.450"],
                     ["B. Rückstellungen", "2.930.100", "2.716.400"], ["C. Verbindlichkeiten", "7.586.175", "7.798.940"],
                     ["Summe Passiva", "24.121.155", "22.526.790"]]),
          ("h", "Gewinn- und Verlustrechnung 2023"),
          ("table", [["Umsatzerlöse", "38.417.220"], ["Materialaufwand", "-17.903.510"], ["Personalaufwand", "-12.604.300"],
                     ["Jahresüberschuss", "1.593.430"]]),
          ("p", "Der Jahresabschluss wurde am 15. Mai 2024 von der Gesellschafterversammlung festgestellt.")]
    FS = f"{F1}/03 DD/Jahresabschluss 2023 Kranich Sensorik.pdf"
    put_lo(FS, docx(fs, date="2024-05-15", author="Kranich Finanzen"), "pdf", matter="E01", ref=None, cat="in_matter_folder",
           dt="financial_statement", title="Jahresabschluss zum 31. Dezember 2023", parties=["kranich"], lang="de", date="2024-05-15")

    # DD report with cover page
    dd = [("c", "STRICTLY PRIVATE & CONFIDENTIAL – LEGAL PRIVILEGE"), ("c", "PROJEKT NORDLICHT"),
          ("c", "prepared for Nordhafen Industrie Holding GmbH"), ("c", "Brandt Okafor Lüders · Hamburg · 5. März 2025"), ("pb",),
          ("title", "DD-Bericht (Red Flag)"), ("c", "Legal Due Diligence Kranich Sensorik GmbH"),
          ("h", "A. Gegenstand und Umfang"),
          ("p", "Wir haben die im Datenraum „Nordlicht“ bis zum 28. Februar 2025 eingestellten Unterlagen geprüft. Grundlage war unsere Anforderungsliste vom 4. Februar 2025. Der Bericht beschränkt sich auf wesentliche Risiken (Red Flags)."),
          ("h", "B. Zusammenfassung"),
          ("p", "1. Gesellschaftsrecht: Die Geschäftsanteile sind ordnungsgemäß ausgegeben; der Handelsregisterauszug vom 3. Februar 2025 weist einen einzelvertretungsberechtigten Geschäftsführer aus (Jens Kranich)."),
          ("p", "2. Change of Control: Der Liefervertrag mit einem skandinavischen Werftkonzern (ca. 18 % des Umsatzes) gewährt ein Sonderkündigungsrecht bei Kontrollwechsel. Empfehlung: Zustimmung als Vollzugsbedingung oder Garantie."),
          ("p", "3. Grundbesitz: Die Gesellschaft ist Eigentümerin des Betriebsgrundstücks in Lübeck-Genin. Der Erwerb aller Anteile löst Grunderwerbsteuer aus (§ 1 Abs. 3 GrEStG)."),
          ("p", "4. Finanzen: Laut Jahresabschluss zum 31. Dezember 2023 bestehen Pensionsrückstellungen von EUR 1,2 Mio., die im Kaufpreis zu berücksichtigen sind."),
          ("h", "C. Empfehlungen für den Kaufvertrag"),
          ("p", "Spezifische Freistellung für den Rechtsstreit mit einem ehemaligen Vertriebspartner (Streitwert EUR 310.000); Regelung der Grunderwerbsteuer; Wettbewerbsverbot der Verkäuferin.")]
    DD = f"{F1}/03 DD/DD-Bericht Kranich Sensorik (Red Flag).docx"
    put(DD, docx(dd, date="2025-03-05", author="Tim Sörensen", title_prop="DD-Bericht Nordlicht"),
        matter="E01", ref=None, cat="in_matter_folder", dt="due_diligence_report", title="DD-Bericht (Red Flag)", parties=["nordhafen"],
        lang="de", date="2025-03-05", rel={"references": [RL, HR, FS]},
        notes="cover page before the heading; references: 'unserer Anforderungsliste vom 4. Februar 2025', 'Handelsregisterauszug vom 3. Februar 2025', 'Jahresabschluss zum 31. Dezember 2023' (title and date each)")

    # memo
    mm = [LH_HH, ("title", "MEMORANDUM"), ("p", "An: Dr. Henrik Brandt\nVon: Tim Sörensen\nDatum: 12. Februar 2025\nAkte: HH-2025-0173 – Projekt Nordlicht"),
          ("b", "Betreff: Fusionskontrollrechtliche Anmeldepflicht"),
          ("p", "1. Nach dem Term Sheet vom 28. Januar 2025 erwirbt NIH Achte Vermögensverwaltungs GmbH 100 % der Anteile; es liegt ein Anteilserwerb nach § 37 Abs. 1 Nr. 3 GWB vor."),
          ("p", "2. Die beteiligten Unternehmen erzielten 2024 weltweit Umsätze von zusammen über EUR 500 Mio.; Nordhafen im Inland über EUR 50 Mio., Kranich Sensorik über EUR 17,5 Mio. Die Schwellen des § 35 Abs. 1 GWB sind überschritten."),
          ("p", "3. Ergebnis: Anmeldepflicht beim Bundeskartellamt; Vollzugsverbot nach § 41 Abs. 1 GWB. Im Kaufvertrag ist die Freigabe als Vollzugsbedingung vorzusehen.")]
    MEMO = f"{F1}/01 Korrespondenz/Memo Fusionskontrolle.docx"
    put(MEMO, docx(mm, date="2025-02-12", author="Tim Sörensen"), matter="E01", ref="HH-2025-0173", cat="in_matter_folder", dt="memo",
        title="MEMORANDUM", parties=[], lang="de", date="2025-02-12", rel={"references": [TSP]},
        notes="internal memo; references: 'Term Sheet vom 28. Januar 2025'")

    # SPA chain
    V1 = f"{F1}/02 Entwürfe/SPA Nordlicht v1 BOL.docx"
    V2 = f"{F1}/02 Entwürfe/SPA Nordlicht v2 (Mark-up Verkäuferseite) BOL Anm.docx"
    V3 = f"{F1}/02 Entwürfe/SPA Nordlicht - Endfassung.docx"
    V3P = f"{F1}/04 Signing/SPA Nordlicht - Endfassung.pdf"
    v2b = spa_blocks(2)
    sp = ["kranich_kg", "nih8", "nordhafen"]
    put(V1, docx(spa_blocks(1), mode="base", date="2025-03-10", author="Tim Sörensen", title_prop="SPA Nordlicht"),
        matter="E01", ref=None, cat="in_matter_folder", dt="share_purchase_agreement", title="GESCHÄFTSANTEILSKAUF- UND ABTRETUNGSVERTRAG",
        parties=sp, lang="de", date="2025-03-10", rel={"references": [TSP]},
        notes="chain SPA 1/3; file name says 'SPA', heading the German kind in capitals; references: 'am 28. Januar 2025 ein Term Sheet'")
    put(V2, docx(v2b, mode="redline", date="2025-03-31", author="Tim Sörensen", rev=("Dr. Henrik Brandt", "2025-03-31T10:00:00Z"), title_prop="SPA Nordlicht"),
        matter="E01", ref=None, cat="in_matter_folder", dt="share_purchase_agreement", title="GESCHÄFTSANTEILSKAUF- UND ABTRETUNGSVERTRAG",
        parties=sp, lang="de", date="2025-03-31", rel={"redline_of": [V1], "references": [TSP]}, decisions=decisions_of(v2b),
        notes="chain SPA 2/3; tracked changes against v1; § 10 Abs. 1 uncommented; the comment on § 14 Abs. 2 is a to-do (rationale unstated, comment null)")
    v3 = docx(spa_blocks(3), date="2025-04-14", author="Tim Sörensen", title_prop="SPA Nordlicht")
    put(V3, v3, matter="E01", ref=None, cat="in_matter_folder", dt="share_purchase_agreement", title="GESCHÄFTSANTEILSKAUF- UND ABTRETUNGSVERTRAG",
        parties=sp, lang="de", date="2025-04-14", rel={"references": [TSP]}, notes="chain SPA 3/3; clean final version")
    put_lo(V3P, v3, "pdf", matter="E01", ref=None, cat="in_matter_folder", dt="share_purchase_agreement",
           title="GESCHÄFTSANTEILSKAUF- UND ABTRETUNGSVERTRAG", parties=sp, lang="de", date="2025-04-14",
           rel={"near_duplicate_of": [V3], "references": [TSP]}, notes="near_duplicate_of: LibreOffice PDF print of the final docx, filed in Signing")

    # e-mail thread with the seller's counsel
    d1 = rfc_date(2025, 3, 10, 18, 4)
    id1 = "<FR2P281MB1744A2C0D19E3B7F@FR2P281MB1744.DEUP281.PROD.OUTLOOK.COM>"
    b1 = ("Sehr geehrter Herr Kollege Dr. Harms,\n\nin der Sache Projekt Nordlicht übersende ich Ihnen anbei unseren ersten Entwurf des Geschäftsanteilskauf- und Abtretungsvertrags. "
          "Der Entwurf steht unter dem Vorbehalt der abschließenden Abstimmung mit unserer Mandantin.\n\nFür Ihre Anmerkungen bis zum 24. März wären wir dankbar.\n\n"
          "Mit freundlichen kollegialen Grüßen\nDr. Henrik Brandt\n\nBrandt Okafor Lüders | Ballindamm 17 | 20095 Hamburg | Unser Zeichen: HH-2025-0173")
    E1A = f"{F1}/01 Korrespondenz/2025-03-10 Mail Harms - Entwurf SPA.eml"
    put(E1A, eml_bytes(frm=HB, to="Dr. Felix Harms <harms@harms-wiese.de>", cc=TS, subject="Projekt Nordlicht – Entwurf SPA", date=d1, msgid=id1,
                       body=b1, atts=[("SPA Nordlicht v1 BOL.docx", FILES[V1], mime_of(V1))], hops=hops_out(d1),
                       thread_index="AdtQ0cU2Nf8kE1tZQ6qYxg==", mailer="Microsoft Outlook 16.0"),
        matter="E01", ref="HH-2025-0173", cat="in_matter_folder", dt="email", title="Projekt Nordlicht – Entwurf SPA",
        parties=["nordhafen", "kranich_kg"], lang="de", date="2025-03-10", notes="thread 1/2; carries SPA v1 (attachment_of)")
    rel_add(V1, "attachment_of", E1A)
    d2 = rfc_date(2025, 3, 24, 16, 51)
    b2 = ("Sehr geehrter Herr Kollege Dr. Brandt,\n\nvielen Dank für Ihren Entwurf vom 10. März 2025. Unsere Mandantin hat folgende Anmerkungen:\n\n"
          "1. § 1: keine.\n2. § 3 Abs. 2: Das Beraterhonorar von Prof. Dr. Kranich muss als zulässiger Abfluss gelten.\n"
          "3. § 8 Abs. 2: Eine Haftungshöchstgrenze von 50 % des Kaufpreises ist nicht marktüblich; wir schlagen 20 % vor.\n"
          "4. § 8 Abs. 4: Verjährung 12 Monate.\n5. § 14 Abs. 2: Unsere Mandantin wünscht eine Schiedsvereinbarung (DIS).\n\n"
          "Unser Zeichen: Hs/ko 25-0173. Bitte beachten Sie, dass Prof. Dr. Kranich vom 7. bis 11. April nicht erreichbar ist.\n\n"
          "Mit freundlichen kollegialen Grüßen\nDr. Felix Harms\nHarms Wiese Rechtsanwälte PartG mbB · Breite Straße 6 · 23552 Lübeck\n\n"
          "-----Ursprüngliche Nachricht-----\nVon: Dr. Henrik Brandt\nGesendet: Montag, 10. März 2025 18:04\nBetreff: Projekt Nordlicht - Entwurf SPA\n")
    E1B = f"{INBOX}/AW Projekt Nordlicht - Entwurf SPA.eml"
    put(E1B, eml_bytes(frm="Dr. Felix Harms <harms@harms-wiese.de>", to=HB, cc=TS, subject="AW: Projekt Nordlicht – Entwurf SPA", date=d2,
                       msgid="<20250324165141.7d2c1f0e@harms-wiese.de>", irt=id1, refs=[id1], body=b2,
                       hops=hops_in("mail.harms-wiese.de", "212.18.33.140", "h.brandt@bol-law.de", d2, "4ZGq8f1TnKz3Lw"),
                       dkim_domain="harms-wiese.de", enc="latin1", thread_index="AdtQ0cU2Nf8kE1tZQ6qYxgAB3k9A", mailer="Microsoft Outlook 16.0"),
        matter="E01", ref=None, cat="inbox", dt="email", title="Projekt Nordlicht – Entwurf SPA", parties=["kranich_kg", "nordhafen"], lang="de",
        date="2025-03-24", rel={"responds_to": [E1A], "references": [V1]},
        notes="thread 2/2; partner's inbox; ISO-8859-1 body; 'Hs/ko 25-0173' is the other side's reference (phantom carrying our digits); references: 'Ihren Entwurf vom 10. März 2025'")

    # Anlage 3.2 (number only), Offenlegungsschreiben (Anlage 7.1)
    rows = [["Anlage 3.2", "", "", ""], ["Lfd. Nr. (von–bis)", "Nennbetrag je Anteil EUR", "Gesamtnennbetrag EUR", "Inhaber"],
            ["1–200.000", 1, 200000, "Kranich Familienholding GmbH & Co. KG"], ["200.001–250.000", 1, 50000, "Kranich Familienholding GmbH & Co. KG"],
            ["Summe", "", 250000, ""]]
    A32 = f"{F1}/04 Signing/Anlage 3.2.xlsx"
    put(A32, xlsx_bytes([("Anlage 3.2", rows)], "2025-04-14", title="Anlage 3.2", creator="Tim Sörensen"), matter="E01", ref=None,
        cat="in_matter_folder", dt="annex", title="Anlage 3.2", parties=[], lang="de", date="2025-04-14", rel={"annex_of": [V3]},
        notes="annex_of: named only by number ('Anlage 3.2 – Verkaufte Geschäftsanteile' in the SPA's Anlagenverzeichnis)")
    ol = [("r", "Lübeck, 15. April 2025"), ("title", "OFFENLEGUNGSSCHREIBEN"), ("c", "Anlage 7.1"),
          ("p", "der Kranich Familienholding GmbH & Co. KG (die „Verkäuferin“) an die NIH Achte Vermögensverwaltungs GmbH (die „Käuferin“)"),
          ("p", "1. Dieses Schreiben ist das Offenlegungsschreiben im Sinne von § 7 des Geschäftsanteilskauf- und Abtretungsvertrags über sämtliche Geschäftsanteile an der Kranich Sensorik GmbH in der Fassung vom 14. April 2025 (der „Kaufvertrag“)."),
          ("p", "2. Allgemein offengelegt ist der Inhalt des Datenraums „Nordlicht“ (Stand 28. Februar 2025, Index als Anhang)."),
          ("p", "3. Zu Garantie 6.1 lit. g (Wesentliche Verträge): Der Liefervertrag mit der Skagerrak Yards A/S sieht ein Kündigungsrecht bei Kontrollwechsel vor."),
          ("p", "4. Zu Garantie 6.1 lit. m (Rechtsstreitigkeiten): Klage eines ehemaligen Vertriebspartners vor dem Landgericht Lübeck, Az. 11 O 512/24 (Streitwert EUR 310.000)."),
          ("sig", ["Kranich Familienholding GmbH & Co. KG", "Zur Kenntnis: NIH Achte Vermögensverwaltungs GmbH"])]
    OL = f"{F1}/04 Signing/Offenlegungsschreiben.docx"
    put(OL, docx(ol, date="2025-04-15", author="Dr. Felix Harms"), matter="E01", ref=None, cat="in_matter_folder", dt="disclosure_letter",
        title="OFFENLEGUNGSSCHREIBEN", parties=["kranich_kg", "nih8"], lang="de", date="2025-04-15", rel={"annex_of": [V3]},
        notes="annex_of: 'Anlage 7.1'; its text names the SPA 'in der Fassung vom 14. April 2025' (defined term 'der Kaufvertrag')")

    # PoA (scan)
    pa = [("title", "VOLLMACHT"),
          ("p", "Die Kranich Familienholding GmbH & Co. KG, Lübeck (Amtsgericht Lübeck HRA 7812 HL), vertreten durch ihre Komplementärin, diese vertreten durch ihren Geschäftsführer Prof. Dr. Gerd Kranich, bevollmächtigt hiermit"),
          ("p", "Frau Sandra Dahlke, geschäftsansässig Seelandstraße 14, 23569 Lübeck,"),
          ("p", "unter Befreiung von den Beschränkungen des § 181 BGB den Geschäftsanteilskauf- und Abtretungsvertrag über sämtliche Geschäftsanteile an der Kranich Sensorik GmbH in der Fassung vom 14. April 2025 abzuschließen und alle hierzu erforderlichen Erklärungen abzugeben."),
          ("p", "Lübeck, den 11. April 2025"), ("sig", ["Kranich Familienholding GmbH & Co. KG"])]
    POA = f"{F1}/04 Signing/Vollmacht Kranich Familienholding.pdf"
    put(POA, scan_pdf([lines_of(pa, signed=["gez. Prof. Dr. G. Kranich"])], RNG, "2025-04-11", angle=-0.5), matter="E01", ref=None,
        cat="in_matter_folder", dt="power_of_attorney", title="VOLLMACHT", parties=["kranich_kg"], lang="de", date="2025-04-11",
        text_layer=False, rel={"references": [V3]}, notes="image-only; references: the SPA 'in der Fassung vom 14. April 2025'")

    # notarial deed (scan)
    deed = [("p", "UR-Nr. 812/2025"), ("title", "Verhandelt zu Hamburg"), ("p", "am 16. April 2025"),
            ("p", "Vor mir, dem Notar Dr. Christoph Albers mit dem Amtssitz in Hamburg, erschienen:"),
            ("p", "1. Frau Sandra Dahlke, handelnd aufgrund Vollmacht vom 11. April 2025 für die Kranich Familienholding GmbH & Co. KG mit Sitz in Lübeck (HRA 7812 HL),"),
            ("p", "2. Herr Dr. Malte Wessels, handelnd als Geschäftsführer der NIH Achte Vermögensverwaltungs GmbH mit Sitz in Hamburg (HRB 171902) und der Nordhafen Industrie Holding GmbH (HRB 158344)."),
            ("p", "Die Erschienenen erklärten: Wir schließen den dieser Niederschrift als Anlage beigefügten Geschäftsanteilskauf- und Abtretungsvertrag in der Fassung vom 14. April 2025. Die Vollmacht lag in Urschrift vor; eine beglaubigte Abschrift ist beigefügt."),
            ("p", "Der Notar wies auf die Anzeigepflichten nach § 54 EStDV und § 18 GrEStG sowie auf die Einreichung einer neuen Gesellschafterliste hin."),
            ("p", "Vorgelesen, genehmigt und eigenhändig unterschrieben: gez. Dahlke  gez. Dr. Wessels  gez. Dr. Albers, Notar (L.S.)")]
    DEED = f"{F1}/04 Signing/UR-Nr. 812-2025.pdf"
    put(DEED, scan_pdf([lines_of(deed)], RNG, "2025-04-16"), matter="E01", ref=None, cat="in_matter_folder", dt="notarial_deed",
        title="Verhandelt zu Hamburg", parties=["kranich_kg", "nih8", "nordhafen"], lang="de", date="2025-04-16", text_layer=False,
        rel={"references": [V3, POA]},
        notes="file named by the deed number only; the deed's visible heading is the recording formula; references: SPA 'in der Fassung vom 14. April 2025', 'Vollmacht vom 11. April 2025'")

    # signing checklist (bilingual, cross-matter)
    ck = [("title", "Signing- und Closing-Checkliste / Signing and Closing Checklist"), ("c", "Projekt Nordlicht – Stand 10.04.2025"),
          ("table", [["Nr.", "Dokument", "Verantwortlich", "Status"],
                     ["1", "Geschäftsanteilskauf- und Abtretungsvertrag (Endfassung)", "BOL", "in Abstimmung"],
                     ["2", "Anlage 3.2 / Anlage 6.1 / Anlage 7.1 (Offenlegungsschreiben)", "BOL / Harms Wiese", "Entwurf"],
                     ["3", "Vollmacht Verkäuferin (notariell beglaubigt)", "Harms Wiese", "angefordert"],
                     ["4", "Beurkundungstermin Notar Dr. Albers, 16.04.2025, 10:00 Uhr", "BOL", "bestätigt"],
                     ["5", "Darlehensvertrag / Loan Agreement Hanseatische Kreditbank – Unterzeichnung", "BOL Frankfurt (FFM-2025-0088)", "11.04.2025"],
                     ["6", "Fusionskontrollanmeldung Bundeskartellamt", "BOL", "nach Signing"],
                     ["7", "Neue Gesellschafterliste (Notar)", "Notar", "nach Closing"]])]
    CK = f"{F1}/04 Signing/Signing-Checkliste Nordlicht.docx"
    put(CK, docx(ck, date="2025-04-10", author="Tim Sörensen"), matter="E01", ref=None, cat="in_matter_folder", dt="signing_checklist",
        title="Signing- und Closing-Checkliste / Signing and Closing Checklist", parties=[], lang="de", date="2025-04-10",
        notes="bilingual heading; lists the SPA and the loan agreement of E02 without dates (no relation answered; item 5 names the other matter's reference)")

    # time sheet at the matter root
    rows = [["Leistungsnachweis HH-2025-0173 – Projekt Nordlicht", "", "", "", "", ""],
            ["Datum", "Bearbeiter", "Tätigkeit", "Stunden", "Satz EUR", "Betrag EUR"],
            ["14.01.2025", "HB", "Mandatsannahme, Telefonat Dr. Wessels", 1.5, 540, 810],
            ["30.01.2025", "TS", "Kick-off-Call, Vorbereitung Präsentation", 3.0, 340, 1020],
            ["04.02.2025", "TS", "Erstellung DD-Anforderungsliste", 2.5, 340, 850],
            ["05.03.2025", "TS", "Fertigstellung DD-Bericht (Red Flag)", 7.0, 340, 2380],
            ["10.03.2025", "HB", "Durchsicht SPA-Entwurf v1, Versand an Harms Wiese", 3.5, 540, 1890],
            ["31.03.2025", "HB", "Mark-up SPA v2", 4.0, 540, 2160],
            ["16.04.2025", "HB", "Beurkundung UR-Nr. 812/2025", 5.0, 540, 2700],
            ["", "", "Summe", 26.5, "", 11810]]
    put(f"{F1}/Leistungsnachweis HH-2025-0173 Q1-Q2 2025.xlsx",
        xlsx_bytes([("Leistungsnachweis", rows)], "2025-04-30", title="Leistungsnachweis HH-2025-0173", creator="Kerstin Oltmanns"),
        matter="E01", ref="HH-2025-0173", cat="in_matter_folder", dt="time_sheet", title="Leistungsnachweis HH-2025-0173 – Projekt Nordlicht",
        parties=[], lang="de", date="2025-04-30", notes="xlsx directly in the matter root (no subfolder); 'UR-Nr. 812/2025' in a cell")
    r.update(V1=V1, V2=V2, V3=V3, V3P=V3P, DEED=DEED, TSP=TSP, E1A=E1A, E1B=E1B, OL=OL)
    return r


# ================================================================== E02 Akquisitionsfinanzierung (Frankfurt, flat folder)
def e02(e1):
    DEED = e1["DEED"]
    la = [("title", "Darlehensvertrag / Loan Agreement"), ("c", "vom 11. April 2025 / dated 11 April 2025"),
          ("table", [["zwischen", "between"],
                     ["(1) NIH Achte Vermögensverwaltungs GmbH, Hamburg, Amtsgericht Hamburg HRB 171902, als Darlehensnehmerin („Darlehensnehmerin“)",
                      "(1) NIH Achte Vermögensverwaltungs GmbH, Hamburg, Local Court of Hamburg HRB 171902, as borrower (the “Borrower”)"],
                     ["(2) Hanseatische Kreditbank AG, Frankfurt am Main, Amtsgericht Frankfurt am Main HRB 98311, als Darlehensgeberin („Bank“)",
                      "(2) Hanseatische Kreditbank AG, Frankfurt am Main, Local Court of Frankfurt am Main HRB 98311, as lender (the “Lender”)"],
                     ["1. Darlehen. Die Bank gewährt der Darlehensnehmerin ein Akquisitionsdarlehen von EUR 26.000.000 zur Finanzierung des Erwerbs sämtlicher Geschäftsanteile an der Kranich Sensorik GmbH.",
                      "1. Facility. The Lender grants the Borrower an acquisition term loan of EUR 26,000,000 to finance the acquisition of all shares in Kranich Sensorik GmbH."],
                     ["2. Zinsen. 3-Monats-EURIBOR zzgl. einer Marge von 3,25 % p. a.; Zinsperioden von drei Monaten.",
                      "2. Interest. 3-month EURIBOR plus a margin of 3.25 per cent. per annum; interest periods of three months."],
                     ["3. Rückzahlung. In 14 Halbjahresraten ab 30. September 2025; Endfälligkeit 31. März 2032.",
                      "3. Repayment. In 14 semi-annual instalments from 30 September 2025; final maturity 31 March 2032."],
                     ["4. Auszahlungsvoraussetzungen. Vorlage der in Anlage 2 genannten Unterlagen, u. a. Geschäftsführerbescheinigung, Garantie der Nordhafen Industrie Holding GmbH und Legal Opinion.",
                      "4. Conditions precedent. Delivery of the documents listed in Schedule 2, including an officer's certificate, the guarantee of Nordhafen Industrie Holding GmbH and a legal opinion."],
                     ["5. Sicherheiten. Verpfändung sämtlicher Geschäftsanteile an der Kranich Sensorik GmbH nach Vollzug.",
                      "5. Security. Pledge of all shares in Kranich Sensorik GmbH after closing."],
                     ["6. Finanzkennzahlen. Verschuldungsgrad (Net Leverage) höchstens 3,5 : 1, getestet halbjährlich.",
                      "6. Financial covenant. Net leverage not exceeding 3.5 : 1, tested semi-annually."],
                     ["7. Recht; Gerichtsstand. Deutsches Recht; Frankfurt am Main. Bei Abweichungen geht die deutsche Fassung vor.",
                      "7. Law; jurisdiction. German law; Frankfurt am Main. The German version prevails."]]),
          ("sig", ["NIH Achte Vermögensverwaltungs GmbH", "Hanseatische Kreditbank AG"])]
    LA = f"{F2}/Darlehensvertrag - Loan Agreement final 11.04.2025.docx"
    la_b = docx(la, date="2025-04-11", author="Dr. Jana Lüders", title_prop="Darlehensvertrag")
    put(LA, la_b, matter="E02", ref=None, cat="in_matter_folder", dt="facility_agreement", title="Darlehensvertrag / Loan Agreement",
        parties=["nih8", "hkb"], lang="de", date="2025-04-11", notes="bilingual two-column agreement (German prevails); bilingual heading")
    LAS = f"{F2}/Scan unterschriebener Darlehensvertrag.pdf"
    put(LAS, scan_pdf([lines_of(la[:3]), lines_of([("p", "7. Recht; Gerichtsstand. Deutsches Recht; Frankfurt am Main."), la[-1]],
                                                     signed=["gez. Dr. Wessels", "gez. ppa. Jacobsen  gez. i.V. Roloff"])], RNG, "2025-04-11"),
        matter="E02", ref=None, cat="in_matter_folder", dt="facility_agreement", title="Darlehensvertrag / Loan Agreement", parties=["nih8", "hkb"],
        lang="de", date="2025-04-11", text_layer=False, rel={"near_duplicate_of": [LA]},
        notes="near_duplicate_of: image-only scan of the signed agreement (first page and signature page)")

    pl = [("title", "GESCHÄFTSANTEILSVERPFÄNDUNGSVERTRAG"), ("c", "SHARE PLEDGE AGREEMENT"),
          ("p", "between NIH Achte Vermögensverwaltungs GmbH, Hamburg (the “Pledgor”), and Hanseatische Kreditbank AG, Frankfurt am Main (the “Pledgee”)"),
          ("h", "Recitals"),
          ("p", "(A) Under a loan agreement dated 11 April 2025 between the Pledgor as borrower and the Pledgee as lender (the “Facility Agreement”) the Pledgee has made available a term loan of EUR 26,000,000."),
          ("p", "(B) By notarial deed of the notary Dr. Christoph Albers, Hamburg, UR-Nr. 812/2025, the Pledgor acquired all shares in Kranich Sensorik GmbH, Lübeck (HRB 4471 HL) (the “Shares”)."),
          ("h", "1 Pledge"),
          ("p", "1.1 The Pledgor pledges the Shares and all ancillary rights to the Pledgee as security for all present and future claims under the Facility Agreement."),
          ("p", "1.2 Voting rights remain with the Pledgor until an Enforcement Event has occurred under Clause 22 of the Facility Agreement."),
          ("h", "2 Enforcement"),
          ("p", "2.1 The Pledgee may enforce the pledge by public auction (§ 1235 BGB) or, after notice of one week, in any other manner permitted by law."),
          ("h", "3 Governing Law"), ("p", "3.1 This Agreement is governed by German law. This Agreement requires notarial recording (§ 15 Abs. 3 GmbHG)."),
          ("sig", ["NIH Achte Vermögensverwaltungs GmbH", "Hanseatische Kreditbank AG"])]
    PL = f"{F2}/Verpfändung Geschäftsanteile Kranich.docx"
    put(PL, docx(pl, lang="en-GB", date="2025-04-22", author="Dr. Jana Lüders", title_prop="Share Pledge"),
        matter="E02", ref=None, cat="in_matter_folder", dt="security_agreement", title="GESCHÄFTSANTEILSVERPFÄNDUNGSVERTRAG",
        parties=["nih8", "hkb"], lang="en", date="2025-04-22", rel={"references": [LA, DEED]},
        notes="German heading, English text; references: 'a loan agreement dated 11 April 2025 … (the “Facility Agreement”)' (lower-case description + date, then defined term); 'UR-Nr. 812/2025' (deed number, cross-matter E01)")

    ga = [("title", "GARANTIE"),
          ("p", "der Nordhafen Industrie Holding GmbH, Am Sandtorkai 48, 20457 Hamburg (die „Garantin“) zugunsten der Hanseatische Kreditbank AG, Neue Mainzer Straße 52, 60311 Frankfurt am Main (die „Bank“)"),
          ("p", "1. Die Bank hat der NIH Achte Vermögensverwaltungs GmbH (die „Darlehensnehmerin“) mit Darlehensvertrag vom 11. April 2025 (der „Darlehensvertrag“) ein Darlehen über EUR 26.000.000 gewährt."),
          ("p", "2. Die Garantin garantiert der Bank unwiderruflich und unbedingt die Zahlung aller Beträge, die die Darlehensnehmerin aus dem Darlehensvertrag schuldet, auf erstes schriftliches Anfordern. Die Garantie ist auf EUR 8.000.000 zuzüglich Zinsen und Kosten begrenzt."),
          ("p", "3. Die Garantie ist ein selbständiges Garantieversprechen; die Einreden der Darlehensnehmerin stehen der Garantin nicht zu. §§ 768, 770, 771 BGB finden keine Anwendung."),
          ("p", "4. Es gilt deutsches Recht. Gerichtsstand ist Frankfurt am Main."), ("p", "Hamburg, 11. April 2025"),
          ("sig", ["Nordhafen Industrie Holding GmbH"])]
    GA = f"{F2}/Garantie Nordhafen.docx"
    put(GA, docx(ga, date="2025-04-11", author="Dr. Jana Lüders"), matter="E02", ref=None, cat="in_matter_folder", dt="guarantee",
        title="GARANTIE", parties=["nordhafen", "hkb"], lang="de", date="2025-04-11", rel={"references": [LA]},
        notes="references: 'mit Darlehensvertrag vom 11. April 2025 (der „Darlehensvertrag“)'")

    oc = [("title", "OFFICER'S CERTIFICATE"), ("c", "NIH Achte Vermögensverwaltungs GmbH (the “Company”)"),
          ("p", "To: Hanseatische Kreditbank AG"), ("p", "Dated: 11 April 2025"),
          ("p", "I, Dr. Malte Wessels, managing director (Geschäftsführer) of the Company, refer to the Darlehensvertrag / Loan Agreement dated 11 April 2025 (the “Facility Agreement”) and certify, without personal liability, that:"),
          ("p", "1. attached are true and complete copies of the articles of association (Gesellschaftsvertrag) of the Company, an up-to-date commercial register extract (Amtsgericht Hamburg HRB 171902) and the shareholders' resolution approving the Facility Agreement;"),
          ("p", "2. borrowing the total commitment under the Facility Agreement would not cause any borrowing limit binding on the Company to be exceeded;"),
          ("p", "3. each copy document relating to it specified in Schedule 2 of the Facility Agreement is correct, complete and in full force and effect as at the date of this certificate."),
          ("sig", ["Dr. Malte Wessels, Geschäftsführer"])]
    OC = f"{F2}/Officer's Certificate NIH Achte.pdf"
    put_lo(OC, docx(oc, lang="en-GB", date="2025-04-11", author="Dr. Jana Lüders"), "pdf", matter="E02", ref=None, cat="in_matter_folder",
           dt="certificate", title="OFFICER'S CERTIFICATE", parties=["nih8"], lang="en", date="2025-04-11", rel={"references": [LA]},
           notes="references: 'the Darlehensvertrag / Loan Agreement dated 11 April 2025 (the “Facility Agreement”)'")

    op = [LH_FFM, ("p", "Hanseatische Kreditbank AG\nNeue Mainzer Straße 52\n60311 Frankfurt am Main"), ("r", "Frankfurt am Main, 11 April 2025"),
          ("p", "Our ref: FFM-2025-0088 JL/rs"), ("title", "Legal Opinion"),
          ("b", "NIH Achte Vermögensverwaltungs GmbH and Nordhafen Industrie Holding GmbH – EUR 26,000,000 acquisition facility"),
          ("p", "Dear Sirs,"),
          ("p", "We have acted as German legal counsel to NIH Achte Vermögensverwaltungs GmbH (the “Borrower”) and Nordhafen Industrie Holding GmbH (the “Guarantor”) in connection with the Darlehensvertrag / Loan Agreement dated 11 April 2025 (the “Facility Agreement”) and the Garantie of the Guarantor dated 11 April 2025 (the “Guarantee”)."),
          ("p", "For the purposes of this opinion we have examined the Officer's Certificate of the Borrower dated 11 April 2025 and the documents attached to it."),
          ("p", "Based on the foregoing and subject to the assumptions and qualifications below, we are of the opinion that: (a) each of the Borrower and the Guarantor is a limited liability company duly incorporated under German law; (b) each has the capacity to enter into and perform the Facility Agreement and the Guarantee; (c) the Facility Agreement and the Guarantee have been duly executed."),
          ("p", "This opinion is addressed to you solely for your benefit in connection with the Facility Agreement and may not be relied upon by any other person."),
          ("p", "Yours faithfully"), ("p", "Brandt Okafor Lüders Rechtsanwälte Partnerschaft mbB")]
    OP = f"{F2}/Legal Opinion BOL - HKB.pdf"
    put_lo(OP, docx(op, lang="en-GB", date="2025-04-11", author="Dr. Jana Lüders"), "pdf", matter="E02", ref="FFM-2025-0088", cat="in_matter_folder",
           dt="legal_opinion", title="Legal Opinion", parties=["hkb", "nih8", "nordhafen"], lang="en", date="2025-04-11",
           rel={"references": [LA, GA, OC]},
           notes="capacity opinion addressed to the bank on behalf of borrower and guarantor (the firm issues it but is not a party); references: loan agreement and guarantee by title and date, the officer's certificate by title and date")

    rows = [["Kostenschätzung Akquisitionsfinanzierung Nordlicht – FFM-2025-0088", "", "", ""],
            ["Phase", "Leistung", "Stunden (geschätzt)", "Honorar EUR (netto)"],
            ["1", "Term Sheet / Verhandlung Darlehensvertrag", 28, 13720],
            ["2", "Sicherheitenverträge (Garantie, Anteilsverpfändung)", 16, 7840],
            ["3", "Legal Opinion, CP-Prozess", 12, 5880],
            ["4", "Closing, Auszahlung, Nachlauf", 6, 2940],
            ["", "Summe (Obergrenze ohne Auslagen)", 62, 30380]]
    put(f"{F2}/Kostenschätzung Finanzierung.xlsx", xlsx_bytes([("Kostenschätzung", rows)], "2025-03-05", title="Kostenschätzung", creator="Dr. Jana Lüders"),
        matter="E02", ref="FFM-2025-0088", cat="in_matter_folder", dt="fee_note",
        title="Kostenschätzung Akquisitionsfinanzierung Nordlicht – FFM-2025-0088", parties=["firm_bol", "nordhafen"], lang="de", date="2025-03-05",
        notes="fee estimate (synonym of fee_note) as xlsx; addressed to the client")

    bk = [("p", "HANSEATISCHE KREDITBANK AG · Neue Mainzer Straße 52 · 60311 Frankfurt am Main"),
          ("p", "NIH Achte Vermögensverwaltungs GmbH\nz. Hd. Herrn Dr. Malte Wessels\nAm Sandtorkai 48\n20457 Hamburg"), ("r", "Frankfurt am Main, 17. April 2025"),
          ("b", "Darlehensvertrag vom 11. April 2025 – Auszahlungsbestätigung"),
          ("p", "Sehr geehrter Herr Dr. Wessels,"),
          ("p", "wir bestätigen, dass sämtliche Auszahlungsvoraussetzungen nach Ziffer 4 des Darlehensvertrags erfüllt sind. Wir haben heute einen Betrag von EUR 26.000.000 mit Wertstellung 17. April 2025 auf das Konto der Kranich Familienholding GmbH & Co. KG, IBAN DE61 5005 0201 0200 4471 23, zur Zahlung des Kaufpreises ausgezahlt."),
          ("p", "Die Zinsen für die erste Zinsperiode berechnen wir zum 17. Juli 2025 über Ihr Konto IBAN DE27 2005 0550 1234 5678 90."),
          ("p", "Mit freundlichen Grüßen\nHanseatische Kreditbank AG\nppa. Imke Jacobsen    i.V. Jens Roloff")]
    BK = f"{F1}/01 Korrespondenz/2025-04-17 Hanseatische Kreditbank - Auszahlung.pdf"
    put_lo(BK, docx(bk, date="2025-04-17", author="HKB Kreditmanagement"), "pdf", matter="E02", ref=None, cat="misfiled", dt="letter",
           title="Darlehensvertrag vom 11. April 2025 – Auszahlungsbestätigung", parties=["hkb", "nih8"], lang="de", date="2025-04-17",
           rel={"references": [LA]},
           notes="misfiled in the SPA matter of the same client; the subject line names the loan agreement by title and date; the seller is named only as payee (not a party); IBANs are phantoms")
    return {"LA": LA}


# ================================================================== E03 Elbwerft gg. Lüneburger Stahlbau (legacy reference 0412/24 Br)
def e03():
    wl_dir = f"{F3}/Korrespondenz"
    k1 = [("title", "WERKLIEFERVERTRAG"),
          ("p", "zwischen der Elbwerft Marine Services GmbH, Reiherstieg 21, 21107 Hamburg (die „Bestellerin“) und der LÜNEBURGER STAHLBAU GESELLSCHAFT MIT BESCHRÄNKTER HAFTUNG, Hafenstraße 3, 21339 Lüneburg (die „Lieferantin“)"),
          ("p", "§ 1 Gegenstand: Herstellung und Lieferung von vier Kranbahnträgern (Stahl S355, Länge je 24 m) für die Werfthalle 5 nach Zeichnung Nr. EW-KB-2024-03."),
          ("p", "§ 2 Preis: EUR 412.000 netto; zahlbar 30 % bei Auftrag, 70 % nach Abnahme."),
          ("p", "§ 4 Liefertermin: 15. Juli 2024, frei Baustelle Hamburg-Steinwerder."),
          ("p", "§ 6 Gewährleistung: Die Lieferantin gewährleistet die Ausführung nach DIN EN 1090-2, Ausführungsklasse EXC3. Die Gewährleistungsfrist beträgt 24 Monate ab Abnahme."),
          ("p", "§ 9 Gerichtsstand: Hamburg."), ("p", "Hamburg / Lüneburg, 7. März 2024"),
          ("sig", ["Elbwerft Marine Services GmbH", "Lüneburger Stahlbau GmbH"])]
    K1 = f"{F3}/Anlagen/Anlage K 1 - Werkliefervertrag.pdf"
    put(K1, scan_pdf([[("p", "Anlage K 1")] + lines_of(k1, signed=["gez. Lorenzen", "gez. Brack"])], RNG, "2024-03-07"),
        matter="E03", ref=None, cat="in_matter_folder", dt="supply_agreement", title="WERKLIEFERVERTRAG", parties=["elbwerft", "lueneburger"],
        lang="de", date="2024-03-07", text_layer=False, notes="court exhibit stamp 'Anlage K 1' on a scan of the contract; annex_of the claim (set below)")

    wl = [LH_HH, ("p", "Per Einschreiben/Rückschein und vorab per E-Mail\nLÜNEBURGER STAHLBAU GESELLSCHAFT MIT BESCHRÄNKTER HAFTUNG\nGeschäftsführung\nHafenstraße 3\n21339 Lüneburg"),
          ("r", "Hamburg, 18. November 2024"), ("p", "Unser Zeichen: 0412/24 Br"),
          ("b", "Werkliefervertrag vom 7. März 2024 – Mängelrüge und Aufforderung zur Nacherfüllung"),
          ("p", "Sehr geehrte Damen und Herren,"),
          ("p", "wir zeigen an, dass wir die Elbwerft Marine Services GmbH anwaltlich vertreten; eine auf uns lautende Vollmacht ist beigefügt."),
          ("p", "Die von Ihnen nach dem Werkliefervertrag vom 7. März 2024 gelieferten vier Kranbahnträger weisen an sämtlichen Stumpfstößen Schweißnahtfehler (Bindefehler, Poren) auf, die die Anforderungen der DIN EN 1090-2 (EXC3) nicht erfüllen. Die Kranbahn darf bis zur Mangelbeseitigung nicht in Betrieb genommen werden."),
          ("p", "Namens unserer Mandantin fordern wir Sie auf, die Mängel bis spätestens 9. Dezember 2024 zu beseitigen oder mangelfreie Träger zu liefern. Nach fruchtlosem Fristablauf wird unsere Mandantin Selbstvornahme betreiben und Schadensersatz statt der Leistung verlangen."),
          ("p", "Mit freundlichen Grüßen"), ("p", "Dr. Henrik Brandt\nRechtsanwalt")]
    WL = f"{wl_dir}/2024-11-18 Aufforderungsschreiben Lüneburger Stahlbau.docx"
    wl_b = docx(wl, date="2024-11-18", author="Kerstin Oltmanns")
    put(WL, wl_b, matter="E03", ref="0412/24 Br", cat="in_matter_folder", dt="warning_letter",
        title="Werkliefervertrag vom 7. März 2024 – Mängelrüge und Aufforderung zur Nacherfüllung", parties=["elbwerft", "lueneburger"],
        lang="de", date="2024-11-18", rel={"references": [K1]},
        notes="legacy reference style '0412/24 Br'; addressee written in capitals with the long legal form; the subject names the contract by title and date")
    ls = [("p", "LÜNEBURGER STAHLBAU GESELLSCHAFT MIT BESCHRÄNKTER HAFTUNG · Hafenstraße 3 · 21339 Lüneburg · Amtsgericht Lüneburg HRB 201133"),
          ("p", "Brandt Okafor Lüders\nHerrn Dr. Henrik Brandt\nBallindamm 17\n20095 Hamburg"), ("r", "Lüneburg, 9. Dezember 2024"),
          ("p", "Ihr Zeichen: 0412/24 Br"), ("b", "Ihr Schreiben vom 18. November 2024"),
          ("p", "Sehr geehrter Herr Dr. Brandt,"),
          ("p", "Ihr Schreiben vom 18. November 2024 weisen wir zurück. Die Kranbahnträger wurden am 12. Juli 2024 mit Lieferschein LS 2024-0412 ordnungsgemäß geliefert und von Ihrer Mandantin ohne Vorbehalt abgenommen. Die behaupteten Schweißnahtfehler bestreiten wir; unsere Prüfprotokolle (Ultraschallprüfung nach DIN EN ISO 17640) belegen eine normgerechte Ausführung."),
          ("p", "Eine Nacherfüllung lehnen wir daher ab. Wir bitten, weitere Korrespondenz an unseren Prozessbevollmächtigten, Herrn Rechtsanwalt Dr. Meinhard Ohle, Lüneburg, zu richten."),
          ("p", "Mit freundlichen Grüßen\nLüneburger Stahlbau GmbH\nKai Brack, Geschäftsführer")]
    LS = f"{wl_dir}/2024-12-09 Schreiben Lüneburger Stahlbau.pdf"
    put_lo(LS, docx(ls, date="2024-12-09", author="Brack"), "pdf", matter="E03", ref="0412/24 Br", cat="in_matter_folder", dt="letter",
           title="Ihr Schreiben vom 18. November 2024", parties=["lueneburger", "elbwerft"], lang="de", date="2024-12-09",
           rel={"responds_to": [WL]}, notes="the other side's answer; subject line is only 'Ihr Schreiben vom 18. November 2024'; 'LS 2024-0412' is a delivery-note phantom carrying the matter digits")
    K2 = f"{F3}/Anlagen/Anlage K 2.pdf"
    put_lo(K2, wl_b, "pdf", matter="E03", ref="0412/24 Br", cat="in_matter_folder", dt="warning_letter",
           title="Werkliefervertrag vom 7. März 2024 – Mängelrüge und Aufforderung zur Nacherfüllung", parties=["elbwerft", "lueneburger"],
           lang="de", date="2024-11-18", rel={"near_duplicate_of": [WL], "references": [K1]},
           notes="court exhibit named by number only; a PDF print of the letter of 18 November 2024; annex_of the claim (set below)")

    pv = [("title", "PROZESSVOLLMACHT"),
          ("p", "Hiermit wird den Rechtsanwälten Brandt Okafor Lüders Rechtsanwälte Partnerschaft mbB, Ballindamm 17, 20095 Hamburg, Az. 0412/24 Br,"),
          ("p", "in Sachen Elbwerft Marine Services GmbH ./. Lüneburger Stahlbau GmbH wegen Schadensersatz aus Werkliefervertrag"),
          ("p", "Vollmacht erteilt zur Prozessführung (u. a. nach §§ 81 ff. ZPO) einschließlich der Befugnis zur Erhebung und Zurücknahme von Widerklagen, zum Abschluss eines Vergleichs und zur Entgegennahme von Zahlungen."),
          ("p", "Hamburg, den 28.01.2025"), ("sig", ["Elbwerft Marine Services GmbH, Geschäftsführer Ole Lorenzen"])]
    PV = f"{wl_dir}/Prozessvollmacht Elbwerft.pdf"
    put(PV, scan_pdf([lines_of(pv, signed=["gez. O. Lorenzen"])], RNG, "2025-01-28", angle=0.9), matter="E03", ref="0412/24 Br",
        cat="in_matter_folder", dt="power_of_attorney", title="PROZESSVOLLMACHT", parties=["elbwerft"], lang="de", date="2025-01-28",
        text_layer=False, notes="pre-printed litigation power of attorney, scanned; the firm is the attorney, not a party")

    k3 = [("title", "Privatgutachten"), ("c", "über Schweißnahtmängel an vier Kranbahnträgern, Werfthalle 5, Hamburg-Steinwerder"),
          ("p", "Auftraggeberin: Elbwerft Marine Services GmbH, Reiherstieg 21, 21107 Hamburg"),
          ("p", "Sachverständiger: Dipl.-Ing. Arne Sievers, öffentlich bestellter und vereidigter Sachverständiger für Stahlbau und Schweißtechnik, Hamburg"),
          ("h", "1. Auftrag"), ("p", "Zu prüfen war, ob die Stumpfstöße der im Juli 2024 gelieferten Kranbahnträger den Anforderungen der DIN EN 1090-2, Ausführungsklasse EXC3, entsprechen."),
          ("h", "2. Befund"), ("p", "Die Ultraschallprüfung am 14. Januar 2025 ergab an 11 von 16 Stumpfstößen Bindefehler mit Anzeigenlängen von 12 bis 38 mm sowie Porennester; die Bewertungsgruppe B nach DIN EN ISO 5817 wird nicht erreicht."),
          ("h", "3. Ergebnis"), ("p", "Die Träger sind für den Kranbetrieb nicht zugelassen. Eine Nachbesserung durch Ausfugen und Nachschweißen ist technisch möglich; die Kosten schätze ich auf EUR 186.000 netto zuzüglich Stillstandskosten."),
          ("p", "Hamburg, 20. Januar 2025"), ("p", "Dipl.-Ing. Arne Sievers")]
    K3 = f"{F3}/Anlagen/Anlage K 3 - Gutachten Sievers.pdf"
    put_lo(K3, docx([("s", "Anlage K 3")] + k3, date="2025-01-20", author="A. Sievers"), "pdf", matter="E03", ref=None, cat="in_matter_folder",
           dt="expert_report", title="Privatgutachten", parties=["elbwerft"], lang="de", date="2025-01-20",
           notes="party-appointed expert report (the commissioning client is the party, not the expert); annex_of the claim")

    kl = [LH_HH, ("p", "Landgericht Hamburg\nSievekingplatz 1\n20355 Hamburg"), ("r", "Hamburg, 17. Februar 2025"), ("p", "Unser Zeichen: 0412/24 Br"),
          ("title", "KLAGE"),
          ("p", "der Elbwerft Marine Services GmbH, vertreten durch den Geschäftsführer Ole Lorenzen, Reiherstieg 21, 21107 Hamburg,\n– Klägerin –\nProzessbevollmächtigte: Brandt Okafor Lüders Rechtsanwälte Partnerschaft mbB, Ballindamm 17, 20095 Hamburg"),
          ("p", "gegen"),
          ("p", "die LÜNEBURGER STAHLBAU GESELLSCHAFT MIT BESCHRÄNKTER HAFTUNG, vertreten durch den Geschäftsführer Kai Brack, Hafenstraße 3, 21339 Lüneburg,\n– Beklagte –"),
          ("p", "wegen: Schadensersatz aus Werkliefervertrag\nStreitwert: EUR 486.300"),
          ("p", "Namens und in Vollmacht der Klägerin erheben wir Klage und werden beantragen: Die Beklagte wird verurteilt, an die Klägerin EUR 486.300 nebst Zinsen in Höhe von neun Prozentpunkten über dem Basiszinssatz seit Rechtshängigkeit zu zahlen."),
          ("h", "Begründung"),
          ("p", "I. Die Parteien schlossen am 7. März 2024 einen Werkliefervertrag über vier Kranbahnträger (Anlage K 1). Geschuldet war die Ausführung nach DIN EN 1090-2, EXC3 (§ 6 des Vertrags)."),
          ("p", "II. Die gelieferten Träger sind mangelhaft. Die Klägerin rügte die Mängel mit Schreiben vom 18. November 2024 und setzte eine Frist zur Nacherfüllung bis 9. Dezember 2024 (Anlage K 2). Die Beklagte lehnte die Nacherfüllung ab."),
          ("p", "III. Der Sachverständige Dipl.-Ing. Sievers hat die Mängel in seinem Gutachten vom 20. Januar 2025 bestätigt (Anlage K 3). Die Kosten der Selbstvornahme betragen EUR 186.000, der Nutzungsausfall der Werfthalle 5 EUR 300.300 (Anlage K 4, Aufstellung wird nachgereicht)."),
          ("p", "Dr. Henrik Brandt\nRechtsanwalt")]
    KL = f"{F3}/Schriftsätze/2025-02-17 Klage.docx"
    put(KL, docx(kl, date="2025-02-17", author="Dr. Henrik Brandt"), matter="E03", ref="0412/24 Br", cat="in_matter_folder",
        dt="statement_of_claim", title="KLAGE", parties=["elbwerft", "lueneburger"], lang="de", date="2025-02-17",
        notes="exhibits cited by label: Anlage K 1–K 3 are on the share (annex_of the claim); Anlage K 4 is not; the court is not a party")
    for k in (K1, K2, K3):
        rel_add(k, "annex_of", KL)

    ke = [("p", "Dr. Meinhard Ohle · Rechtsanwalt · Am Sande 12 · 21335 Lüneburg"), ("p", "Landgericht Hamburg\n3. Zivilkammer"),
          ("r", "Lüneburg, 2. April 2025"), ("p", "Az. 3 O 123/25 – mein Zeichen M 2024/1187"), ("title", "Klageerwiderung"),
          ("p", "In dem Rechtsstreit Elbwerft Marine Services GmbH ./. Lüneburger Stahlbau GmbH zeige ich an, dass ich die Beklagte vertrete. Ich werde beantragen, die Klage abzuweisen."),
          ("h", "Begründung"),
          ("p", "1. Die Klage ist unbegründet. Die Träger wurden am 12. Juli 2024 abgenommen; ein Vorbehalt wurde nicht erklärt (Anlage B 1, Abnahmeprotokoll)."),
          ("p", "2. Das als Anlage K 3 vorgelegte Privatgutachten ist ein Parteigutachten. Die Prüfung erfolgte sechs Monate nach Lieferung, nachdem die Klägerin die Träger bereits eigenmächtig bearbeitet hatte."),
          ("p", "3. Der geltend gemachte Nutzungsausfall ist nicht ersatzfähig; § 6 des Werkliefervertrags (Anlage K 1) schließt mittelbare Schäden aus. Hilfsweise wird die Höhe bestritten."),
          ("p", "Dr. Ohle\nRechtsanwalt")]
    KE = f"{F3}/Schriftsätze/Klageerwiderung Lüneburger 2025-04-02.pdf"
    put_lo(KE, docx(ke, date="2025-04-02", author="Ohle"), "pdf", matter="E03", ref=None, cat="in_matter_folder", dt="statement_of_defence",
           title="Klageerwiderung", parties=["elbwerft", "lueneburger"], lang="de", date="2025-04-02",
           rel={"responds_to": [KL], "references": [K3, K1]},
           notes="answers the claim; references by exhibit label: 'das als Anlage K 3 vorgelegte Privatgutachten', '§ 6 des Werkliefervertrags (Anlage K 1)'; court file number only, no firm reference")

    rp = [LH_HH, ("p", "Landgericht Hamburg\n3. Zivilkammer"), ("r", "Hamburg, 28. April 2025"), ("p", "Az. 3 O 123/25\nUnser Zeichen: 0412/24 Br"),
          ("title", "Replik"),
          ("p", "In dem Rechtsstreit Elbwerft Marine Services GmbH ./. Lüneburger Stahlbau GmbH nehmen wir zur Klageerwiderung vom 2. April 2025 wie folgt Stellung:"),
          ("p", "1. Die Abnahme erfolgte nicht vorbehaltlos. Das Abnahmeprotokoll (Anlage B 1) enthält den handschriftlichen Vermerk „Prüfung Schweißnähte vorbehalten“."),
          ("p", "2. § 6 des Werkliefervertrags (Anlage K 1) regelt die Gewährleistung, schließt aber Mangelfolgeschäden gerade nicht aus; eine Haftungsbeschränkung ist nicht vereinbart."),
          ("p", "3. Für die Richtigkeit der Feststellungen im Gutachten Sievers (Anlage K 3) beantragen wir die Einholung eines gerichtlichen Sachverständigengutachtens."),
          ("p", "Dr. Henrik Brandt\nRechtsanwalt")]
    RP = f"{F3}/Schriftsätze/Replik 2025-04-28.docx"
    put(RP, docx(rp, date="2025-04-28", author="Dr. Henrik Brandt"), matter="E03", ref="0412/24 Br", cat="in_matter_folder", dt="reply_brief",
        title="Replik", parties=["elbwerft", "lueneburger"], lang="de", date="2025-04-28", rel={"responds_to": [KE], "references": [K1, K3]},
        notes="responds_to: 'zur Klageerwiderung vom 2. April 2025'; references by exhibit label (K 1, K 3)")

    su = [("p", "Landgericht Hamburg · Sievekingplatz 1 · 20355 Hamburg"), ("p", "Geschäftsnummer: 3 O 123/25"), ("r", "Hamburg, 30.04.2025"),
          ("title", "Ladung"),
          ("p", "In dem Rechtsstreit Elbwerft Marine Services GmbH ./. Lüneburger Stahlbau GmbH werden Sie zum Termin zur Güteverhandlung und sich unmittelbar anschließenden mündlichen Verhandlung geladen auf"),
          ("b", "Dienstag, 27. Mai 2025, 10:30 Uhr, Saal B 217, Sievekingplatz 1"),
          ("p", "Das persönliche Erscheinen der Geschäftsführer beider Parteien wird angeordnet (§ 141 ZPO). Bei Ausbleiben kann ein Ordnungsgeld festgesetzt werden."),
          ("p", "Auf Anordnung: Brünjes, Justizbeschäftigte, als Urkundsbeamtin der Geschäftsstelle")]
    SU = f"{SCANS}/Scan_0043.pdf"
    put(SU, scan_pdf([lines_of(su)], RNG, "2025-04-30", angle=-0.7), matter="E03", ref=None, cat="scan", dt="summons", title="Ladung",
        parties=["elbwerft", "lueneburger"], lang="de", date="2025-04-30", text_layer=False,
        notes="scanner name only; the matter is recognisable only by the court file number and the party names (no firm reference)")

    bs = [("p", "Landgericht Hamburg – 3. Zivilkammer"), ("p", "Az.: 3 O 123/25"), ("title", "Beschluss"),
          ("p", "In dem Rechtsstreit Elbwerft Marine Services GmbH ./. Lüneburger Stahlbau GmbH"),
          ("p", "I. Die Kammer weist nach Beratung auf Folgendes hin: Nach vorläufiger Würdigung dürfte das Abnahmeprotokoll einen Vorbehalt hinsichtlich der Schweißnähte enthalten (Replik vom 28. April 2025). Ein Haftungsausschluss für Mangelfolgeschäden ist dem Werkliefervertrag nicht zu entnehmen."),
          ("p", "II. Es soll Beweis erhoben werden über die Behauptung der Klägerin in der Klageschrift vom 17. Februar 2025, die Stumpfstöße seien nicht nach EXC3 ausgeführt, durch Einholung eines schriftlichen Sachverständigengutachtens; die Einwände der Klageerwiderung vom 2. April 2025 sind zu berücksichtigen."),
          ("p", "III. Die Kammer regt eine gütliche Einigung auf der Grundlage einer Zahlung von EUR 290.000 an."),
          ("p", "Hamburg, 6. Mai 2025\nDr. Kettler, Vorsitzende Richterin am Landgericht")]
    OR = f"{F3}/Gericht/2025-05-06 Beschluss LG Hamburg.tif"
    put(OR, scan_raster(lines_of(bs), RNG, "TIFF"), matter="E03", ref=None, cat="in_matter_folder", dt="court_order", title="Beschluss",
        parties=["elbwerft", "lueneburger"], lang="de", date="2025-05-06", text_layer=False, rel={"references": [KL, KE, RP]},
        notes="TIFF G4 scan; references the briefs by type and date ('Klageschrift vom 17. Februar 2025', 'Klageerwiderung vom 2. April 2025', 'Replik vom 28. April 2025')")

    dm = rfc_date(2025, 6, 10, 11, 22, tz=2)
    bm = ("Sehr geehrter Herr Kollege Dr. Brandt,\n\nnach Rücksprache mit meiner Mandantin: Auf Grundlage des Hinweisbeschlusses der Kammer vom 6. Mai 2025 wäre die Lüneburger Stahlbau GmbH "
          "bereit, zur Erledigung des Rechtsstreits 3 O 123/25 einen Betrag von EUR 265.000 zu zahlen, Kosten gegeneinander aufgehoben.\n\n"
          "Ein Entwurf einer Vergleichsvereinbarung könnte von Ihrer Seite kommen.\n\nMit freundlichen kollegialen Grüßen\nDr. Meinhard Ohle\nRechtsanwalt · Am Sande 12 · 21335 Lüneburg · mein Zeichen M 2024/1187\n\n"
          "> Von: Dr. Henrik Brandt\n> Gesendet: Mittwoch, 4. Juni 2025 09:14\n> Unser Zeichen: 0412/24 Br – wir bitten um Mitteilung, ob Ihre Mandantin vergleichsbereit ist.")
    EM = f"{INBOX}/AW Elbwerft gg. Lüneburger Stahlbau - 3 O 123-25 - Vergleich.eml"
    put(EM, eml_bytes(frm="Dr. Meinhard Ohle <kanzlei@ra-ohle.de>", to=HB, subject="AW: Elbwerft ./. Lüneburger Stahlbau – 3 O 123/25 – Vergleich",
                      date=dm, msgid="<b41c77e2-93a1-4c55-b0f2-5d71e8a2c914@ra-ohle.de>",
                      irt="<FR3P281MB2077D5F1A0C2E18B@FR3P281MB2077.DEUP281.PROD.OUTLOOK.COM>",
                      refs=["<FR3P281MB2077D5F1A0C2E18B@FR3P281MB2077.DEUP281.PROD.OUTLOOK.COM>"], body=bm,
                      hops=hops_in("mout.kundenserver.de", "217.72.192.75", "h.brandt@bol-law.de", dm, "4bHq2Z6x1Mz7Tn"),
                      dkim_domain="ra-ohle.de", enc="8bit", mailer="Microsoft Outlook 16.0"),
        matter="E03", ref="0412/24 Br", cat="inbox", dt="email", title="Elbwerft ./. Lüneburger Stahlbau – 3 O 123/25 – Vergleich",
        parties=["lueneburger", "elbwerft"], lang="de", date="2025-06-10", rel={"references": [OR]},
        notes="reply to a mail that is not on the share (no responds_to); references: 'Hinweisbeschluss der Kammer vom 6. Mai 2025' (the TIFF order); our reference only in the quoted part")

    vg = [("title", "VERGLEICHSVEREINBARUNG"),
          ("p", "zwischen der Elbwerft Marine Services GmbH, Hamburg (die „Klägerin“), und der Lüneburger Stahlbau Gesellschaft mit beschränkter Haftung, Lüneburg (die „Beklagte“)"),
          ("h", "Präambel"),
          ("p", "Die Parteien streiten vor dem Landgericht Hamburg (Az. 3 O 123/25) über Ansprüche der Klägerin aus dem Werkliefervertrag vom 7. März 2024. Der Sachverständige Dipl.-Ing. Sievers hat in seinem Gutachten vom 20. Januar 2025 Schweißnahtmängel festgestellt, die die Beklagte bestreitet. Zur Vermeidung weiterer Kosten schließen die Parteien ohne Anerkennung einer Rechtspflicht folgenden Vergleich:"),
          ("p", "§ 1 Die Beklagte zahlt an die Klägerin zur Abgeltung sämtlicher Ansprüche aus dem Werkliefervertrag EUR 275.000 bis zum 31. Juli 2025 auf das Konto der Klägerin."),
          ("p", "§ 2 Die Klägerin nimmt die Klage innerhalb von fünf Bankarbeitstagen nach Zahlungseingang zurück. Die Beklagte stimmt der Rücknahme zu."),
          ("p", "§ 3 Die Kosten des Rechtsstreits und dieses Vergleichs werden gegeneinander aufgehoben."),
          ("p", "§ 4 Mit Erfüllung dieses Vergleichs sind alle wechselseitigen Ansprüche aus dem Werkliefervertrag abgegolten, ausgenommen Ansprüche wegen Mängeln, die bei der Prüfung im Januar 2025 nicht erkennbar waren."),
          ("p", "Hamburg / Lüneburg, 30. Juni 2025"), ("sig", ["Elbwerft Marine Services GmbH", "Lüneburger Stahlbau GmbH"])]
    VG = f"{wl_dir}/Vergleich Elbwerft Lüneburger (final).docx"
    vg_b = docx(vg, date="2025-06-30", author="Dr. Henrik Brandt")
    put(VG, vg_b, matter="E03", ref=None, cat="in_matter_folder", dt="settlement_agreement", title="VERGLEICHSVEREINBARUNG",
        parties=["elbwerft", "lueneburger"], lang="de", date="2025-06-30", rel={"references": [K1, K3]},
        notes="references: 'Werkliefervertrag vom 7. März 2024' and 'Gutachten vom 20. Januar 2025' (title and date); the court and the expert are not parties")
    put(f"{wl_dir}/Vergleich Elbwerft Lüneburger (final) - Kopie.docx", vg_b, matter="E03", ref=None, cat="in_matter_folder",
        dt="settlement_agreement", title="VERGLEICHSVEREINBARUNG", parties=["elbwerft", "lueneburger"], lang="de", date="2025-06-30",
        rel={"duplicate_of": [VG], "references": [K1, K3]}, notes="duplicate_of: byte-identical Windows '- Kopie'")

    fn = ("AKTENVERMERK\r\n\r\nAz.: 0412/24 Br - Elbwerft ./. Lüneburger Stahlbau\r\nDatum: 12.03.2025\r\nTeilnehmer: Dr. Brandt, Dipl.-Ing. Sievers (Tel.)\r\n\r\n"
          "Herr Sievers bestätigt telefonisch: Die Feststellungen in seinem Gutachten vom 20.01.2025 beruhen auf einer eigenen Ultraschallprüfung; "
          "eine Bearbeitung der Träger durch die Mandantin vor der Prüfung hat nicht stattgefunden (Fotodokumentation vorhanden). "
          "Er steht als sachverständiger Zeuge zur Verfügung. Kosten für ein Ergänzungsgutachten ca. EUR 4.500 netto.\r\n\r\n"
          "WV: 26.03.2025 (Frist Klageerwiderung beachten)\r\n\r\ngez. Br\r\n")
    FN = f"{wl_dir}/Aktenvermerk Telefonat Sievers 12.03.2025.txt"
    put(FN, fn.encode("cp1252"), matter="E03", ref="0412/24 Br", cat="in_matter_folder", dt="file_note", title="AKTENVERMERK",
        parties=["elbwerft"], lang="de", date="2025-03-12", rel={"references": [K3]},
        notes="Windows-1252 text with CRLF; references: 'seinem Gutachten vom 20.01.2025'")

    kn = [LH_HH, ("p", "Elbwerft Marine Services GmbH\nBuchhaltung\nReiherstieg 21\n21107 Hamburg"), ("r", "Hamburg, 7. Juli 2025"),
          ("p", "Unser Zeichen: 0412/24 Br\nRechnungs-Nr. 25-10577"), ("title", "KOSTENNOTE"),
          ("p", "in Sachen Elbwerft Marine Services GmbH ./. Lüneburger Stahlbau GmbH, LG Hamburg 3 O 123/25, Gegenstandswert EUR 486.300"),
          ("table", [["Nr. VV RVG", "Gebührentatbestand", "Betrag EUR"], ["3100", "1,3 Verfahrensgebühr", "4.875,90"],
                     ["3104", "1,2 Terminsgebühr", "4.500,80"], ["1000, 1003", "1,0 Einigungsgebühr", "3.750,70"],
                     ["7002", "Pauschale für Post und Telekommunikation", "20,00"], ["", "Zwischensumme netto", "13.147,40"],
                     ["7008", "19 % Umsatzsteuer", "2.498,01"], ["", "Gesamtbetrag", "15.645,41"]]),
          ("p", "Zahlbar ohne Abzug bis 21. Juli 2025 auf unser Konto bei der Hamburger Sparkasse, IBAN DE27 2005 0550 1234 5678 90. USt-IdNr. DE 298 441 730.")]
    put_lo(f"{wl_dir}/Kostennote 0412-24.pdf", docx(kn, date="2025-07-07", author="Kerstin Oltmanns"), "pdf", matter="E03", ref="0412/24 Br",
           cat="in_matter_folder", dt="fee_note", title="KOSTENNOTE", parties=["firm_bol", "elbwerft"], lang="de", date="2025-07-07",
           notes="RVG fee note; 'Rechnungs-Nr. 25-10577', IBAN and VAT id are phantoms")
    return {"KL": KL}


# ================================================================== E04 Mietvertrag Werfthalle 5 (lease, Nachträge, .doc, photo)
def e04():
    mv = [("title", "GEWERBEMIETVERTRAG"),
          ("p", "zwischen der Hansa Grundbesitz GmbH, Ballindamm 40, 20095 Hamburg, eingetragen im Handelsregister des Amtsgerichts Hamburg unter HRB 145872 (die „Vermieterin“),"),
          ("p", "und der Elbwerft Marine Services GmbH, Reiherstieg 21, 21107 Hamburg (die „Mieterin“)"),
          ("p", "§ 1 Mietgegenstand: Werfthalle 5 (ca. 4.800 m²) nebst Büroanbau auf dem Grundstück Ellerholzdamm 8, Hamburg-Steinwerder (Grundbuch von Steinwerder Blatt 2019), wie im Lageplan (Anlage 1) rot umrandet."),
          ("p", "§ 2 Nutzungszweck: Schiffsreparatur und Stahlbau. Die Mieterin trägt die für den Betrieb erforderlichen Genehmigungen."),
          ("p", "§ 3 Mietzeit: Das Mietverhältnis beginnt am 1. Juni 2019 und ist fest bis 31. Mai 2029 geschlossen. Die Mieterin hat eine Option auf Verlängerung um fünf Jahre."),
          ("p", "§ 4 Miete: Die monatliche Nettokaltmiete beträgt EUR 38.500 zzgl. Betriebskostenvorauszahlung und Umsatzsteuer."),
          ("p", "§ 5 Wertsicherung: Ändert sich der Verbraucherpreisindex für Deutschland gegenüber dem Stand bei Mietbeginn um mehr als 5 %, ändert sich die Miete im gleichen Verhältnis ab dem auf die Anforderung folgenden Monat."),
          ("p", "§ 12 Schriftform: Änderungen und Ergänzungen dieses Vertrags bedürfen der Schriftform."),
          ("p", "Hamburg, den 1. Juni 2019"), ("sig", ["Hansa Grundbesitz GmbH", "Elbwerft Marine Services GmbH"])]
    MV = f"{F4}/Vertrag/Mietvertrag Werfthalle 5 (2019) Scan.pdf"
    put(MV, scan_pdf([lines_of(mv[:6]), lines_of(mv[6:], signed=["gez. H. Claussen", "gez. O. Lorenzen"])], RNG, "2019-06-01"),
        matter="E04", ref=None, cat="in_matter_folder", dt="lease_agreement", title="GEWERBEMIETVERTRAG", parties=["hansa_hh", "elbwerft"],
        lang="de", date="2019-06-01", text_layer=False, notes="two-page image-only scan; landlord is the Hamburg Hansa Grundbesitz GmbH (homonym of the Frankfurt one in E07)")
    A1 = f"{F4}/Vertrag/Anlage 1.png"
    put(A1, scan_png([("h", "Anlage 1"), ("p", "Lageplan Werfthalle 5 – Ellerholzdamm 8, Hamburg-Steinwerder"), ("", ""),
                      ("p", "[ Halle 5 – 4.800 m² ]   [ Büroanbau ]   [ Freifläche A ]"), ("p", "Zufahrt Ellerholzdamm → Tor 2"),
                      ("p", "Mietfläche rot umrandet · Maßstab 1:1000")], RNG),
        matter="E04", ref=None, cat="in_matter_folder", dt="annex", title="Anlage 1", parties=[], lang="de", date="2019-06-01", text_layer=False,
        rel={"annex_of": [MV]}, notes="site plan image named only by number; annex_of: '§ 1 … Lageplan (Anlage 1)' of the lease")

    n1 = [("title", "1. Nachtrag zum Gewerbemietvertrag vom 1. Juni 2019"),
          ("p", "zwischen der Hansa Grundbesitz GmbH, Hamburg (Vermieterin), und der Elbwerft Marine Services GmbH, Hamburg (Mieterin)"),
          ("p", "1. Die Parteien haben am 1. Juni 2019 einen Gewerbemietvertrag über die Werfthalle 5, Ellerholzdamm 8, geschlossen (der „Mietvertrag“)."),
          ("p", "2. Mit Wirkung ab 1. Oktober 2022 wird die Freifläche B (ca. 1.200 m²) östlich der Halle mitvermietet. Die Miete für die Freifläche B beträgt monatlich EUR 3.600 netto und ist von der Wertsicherung nach § 5 des Mietvertrags ausgenommen."),
          ("p", "3. Im Übrigen bleibt der Mietvertrag unverändert."), ("p", "Hamburg, 15. September 2022"),
          ("sig", ["Hansa Grundbesitz GmbH", "Elbwerft Marine Services GmbH"])]
    N1 = f"{F4}/Vertrag/1. Nachtrag 2022.pdf"
    put_lo(N1, docx(n1, date="2022-09-15", author="Hansa Grundbesitz"), "pdf", matter="E04", ref=None, cat="in_matter_folder",
           dt="amendment_agreement", title="1. Nachtrag zum Gewerbemietvertrag vom 1. Juni 2019", parties=["hansa_hh", "elbwerft"], lang="de",
           date="2022-09-15", rel={"amends": [MV]}, notes="amends: heading names the lease by title and date")

    n2 = [("s", "Entwurf BOL 12.03.2025 – HH-2025-0219"), ("title", "Zweiter Nachtrag zum Mietvertrag über die Werfthalle 5"),
          ("p", "zwischen der Hansa Grundbesitz GmbH, Ballindamm 40, 20095 Hamburg (Vermieterin), und der Elbwerft Marine Services GmbH, Reiherstieg 21, 21107 Hamburg (Mieterin)"),
          ("p", "1. Gegenstand: Die Parteien ändern den Gewerbemietvertrag vom 1. Juni 2019 (der „Mietvertrag“) in der Fassung des 1. Nachtrags vom 15. September 2022."),
          ("p", "2. Mietzeit: § 3 des Mietvertrags wird wie folgt neu gefasst: „Das Mietverhältnis ist fest bis 31. Mai 2034 geschlossen. Die Mieterin hat eine Option auf Verlängerung um weitere fünf Jahre.“"),
          ("p", "3. Freifläche B: Ziff. 2 Satz 2 des 1. Nachtrags wird wie folgt neu gefasst: „Die Miete für die Freifläche B beträgt ab 1. April 2025 monatlich EUR 3.950 netto; sie ist von der Wertsicherung nach § 5 des Mietvertrags ausgenommen.“"),
          ("p", "4. Wertsicherung: Die Anpassungsanforderung der Vermieterin vom 10. Februar 2025 gilt als erledigt; die nächste Anpassung ist frühestens zum 1. April 2027 zulässig."),
          ("p", "5. Schriftform: Die Parteien verpflichten sich, alle Handlungen vorzunehmen, um dem Schriftformerfordernis der §§ 550, 578 BGB zu genügen."),
          ("p", "Hamburg, den __________ 2025"), ("sig", ["Hansa Grundbesitz GmbH", "Elbwerft Marine Services GmbH"])]
    N2 = f"{F4}/Entwurf 2. Nachtrag.doc"
    put_lo(N2, docx(n2, date="2025-03-12", author="Dr. Henrik Brandt", app="Microsoft Word 97-2003"), "doc", matter="E04", ref="HH-2025-0219",
           cat="in_matter_folder", dt="amendment_agreement", title="Zweiter Nachtrag zum Mietvertrag über die Werfthalle 5",
           parties=["hansa_hh", "elbwerft"], lang="de", date="2025-03-12", rel={"amends": [MV, N1]},
           notes="legacy Word 97 .doc written by LibreOffice; amendment of an amendment: amends the lease ('Gewerbemietvertrag vom 1. Juni 2019') and the 1. Nachtrag ('Ziff. 2 Satz 2 des 1. Nachtrags wird … neu gefasst'); chain 1/2")
    N2J = f"{F4}/2. Nachtrag - unterschrieben.jpg"
    put(N2J, scan_raster([("p", "5. Schriftform: Die Parteien verpflichten sich, alle Handlungen vorzunehmen, um dem Schriftformerfordernis der §§ 550, 578 BGB zu genügen."),
                          ("", ""), ("p", "Hamburg, den 2. April 2025"), ("", ""), ("p", "gez. H. Claussen  ____________________________"),
                          ("p", "Hansa Grundbesitz GmbH"), ("", ""), ("p", "gez. O. Lorenzen  ____________________________"),
                          ("p", "Elbwerft Marine Services GmbH"), ("", ""), ("p", "Zweiter Nachtrag zum Mietvertrag über die Werfthalle 5 – Seite 2 von 2")],
                         RNG, "JPEG", angle=1.8),
        matter="E04", ref=None, cat="in_matter_folder", dt="amendment_agreement", title="Zweiter Nachtrag zum Mietvertrag über die Werfthalle 5",
        parties=["hansa_hh", "elbwerft"], lang="de", date="2025-04-02", text_layer=False, rel={"near_duplicate_of": [N2], "amends": [MV, N1]},
        notes="phone photo of the signed signature page (title only in the footer); near_duplicate_of the draft; chain 2/2")

    ix = [("p", "HANSA GRUNDBESITZ GMBH · Ballindamm 40 · 20095 Hamburg · Amtsgericht Hamburg HRB 145872"),
          ("p", "Elbwerft Marine Services GmbH\nGeschäftsführung\nReiherstieg 21\n21107 Hamburg"), ("r", "Hamburg, 10. Februar 2025"),
          ("p", "Mietobjekt: Werfthalle 5, Ellerholzdamm 8 – Mieter-Nr. M-0412"),
          ("b", "Wertsicherung – Anpassung der Miete zum 1. April 2025"),
          ("p", "Sehr geehrte Damen und Herren,"),
          ("p", "gemäß § 5 des Mietvertrags vom 1. Juni 2019 hat sich der Verbraucherpreisindex (2020 = 100) von 99,4 (Juni 2019) auf 121,2 (Dezember 2024) und damit um 21,9 % verändert. Die Nettokaltmiete erhöht sich daher ab 1. April 2025 auf EUR 46.932 monatlich."),
          ("p", "Wir gehen davon aus, dass die Anpassung auch die mit dem 1. Nachtrag mitvermietete Freifläche B erfasst, und bitten, die Daueraufträge entsprechend anzupassen."),
          ("p", "Mit freundlichen Grüßen\nHansa Grundbesitz GmbH\nHenning Claussen")]
    IX = f"{F3}/Korrespondenz/2025-02-10 Hansa Grundbesitz - Mietanpassung.pdf"
    put_lo(IX, docx(ix, date="2025-02-10", author="Hansa Grundbesitz"), "pdf", matter="E04", ref=None, cat="misfiled", dt="letter",
           title="Wertsicherung – Anpassung der Miete zum 1. April 2025", parties=["hansa_hh", "elbwerft"], lang="de", date="2025-02-10",
           rel={"references": [MV, N1]},
           notes="misfiled in the litigation folder of the same client; references: '§ 5 des Mietvertrags vom 1. Juni 2019', 'mit dem 1. Nachtrag' (title alone); 'Mieter-Nr. M-0412' carries the litigation's digits")
    an = [LH_HH, ("p", "Hansa Grundbesitz GmbH\nHerrn Henning Claussen\nBallindamm 40\n20095 Hamburg"), ("r", "Hamburg, 24. Februar 2025"),
          ("p", "Unser Zeichen: HH-2025-0219 HB/ko"), ("b", "Ihr Schreiben vom 10. Februar 2025 – Mietanpassung Werfthalle 5"),
          ("p", "Sehr geehrter Herr Claussen,"),
          ("p", "wir vertreten die Elbwerft Marine Services GmbH; Vollmacht anbei. Ihr Schreiben vom 10. Februar 2025 ist uns zur Beantwortung übergeben worden."),
          ("p", "Die Anpassung der Miete für die Freifläche B ist ausgeschlossen: Nach Ziff. 2 des 1. Nachtrags vom 15. September 2022 ist die Miete für die Freifläche B von der Wertsicherung ausdrücklich ausgenommen. Für die Halle erkennt unsere Mandantin die Anpassung nach § 5 des Mietvertrags an."),
          ("p", "Unsere Mandantin ist zugleich bereit, über eine Verlängerung der Festmietzeit zu sprechen; einen Entwurf eines zweiten Nachtrags übersenden wir in Kürze."),
          ("p", "Mit freundlichen Grüßen\nDr. Henrik Brandt\nRechtsanwalt")]
    AN = f"{F4}/Korrespondenz/2025-02-24 Antwort Mietanpassung.docx"
    put(AN, docx(an, date="2025-02-24", author="Kerstin Oltmanns"), matter="E04", ref="HH-2025-0219", cat="in_matter_folder", dt="letter",
        title="Ihr Schreiben vom 10. Februar 2025 – Mietanpassung Werfthalle 5", parties=["elbwerft", "hansa_hh"], lang="de", date="2025-02-24",
        rel={"responds_to": [IX], "references": [N1, MV]},
        notes="responds_to: 'Ihr Schreiben vom 10. Februar 2025' (the misfiled letter); references: '1. Nachtrags vom 15. September 2022', '§ 5 des Mietvertrags'")
    return [N2, N2J]


# ================================================================== E05 Aufhebung GF-Dienstvertrag (matter named only by title; no reference anywhere)
MC = ("Dr. Mira Castellanos", "MC")


def av_blocks():
    mc = ("Dr. Mira Castellanos", "MC", "2025-03-20T14:10:00Z")
    return [
        ("title", "AUFHEBUNGSVERTRAG"),
        ("p", "zwischen der Tessmann Pharma GmbH, Mainzer Landstraße 200, 60327 Frankfurt am Main, eingetragen im Handelsregister des Amtsgerichts Frankfurt am Main unter HRB 99871, vertreten durch ihre alleinige Gesellschafterin Tessmann Beteiligungs SE (die „Gesellschaft“),"),
        ("p", "und Frau Dr. Katharina Vogt-Meyring, Elbchaussee 311, 22609 Hamburg (die „Geschäftsführerin“)."),
        ("h", "Präambel"),
        ("p", "Die Geschäftsführerin ist aufgrund des Geschäftsführer-Dienstvertrags vom 2. Januar 2019 (der „Dienstvertrag“) für die Gesellschaft tätig. Sie wurde durch Gesellschafterbeschluss vom 3. März 2025 als Geschäftsführerin abberufen. Die Parteien beenden den Dienstvertrag einvernehmlich wie folgt:"),
        ("h", "§ 1 Beendigung"),
        ("p", "Der Dienstvertrag endet einvernehmlich mit Ablauf des 30. September 2025 (der „Beendigungszeitpunkt“)."),
        ("h", "§ 2 Abfindung"),
        ("red", [("t", "(1) Die Gesellschaft zahlt der Geschäftsführerin für den Verlust ihres Dienstverhältnisses eine Abfindung in Höhe von EUR "),
                 ("del", "240.000"), ("ins", "427.500"), ("t", " brutto.")],
         M("§ 2 Abs. 1", "settlement_amount", "client_instruction", "modified",
           "Mandantin (Tel. 18.03.): 1,5 Jahresgehälter = 427,5 TEUR; unter 400 TEUR kein Abschluss.", mc)),
        ("p", "(2) Die Abfindung ist mit dem Beendigungszeitpunkt fällig und wird mit der letzten Gehaltsabrechnung ausgezahlt."),
        ("h", "§ 3 Freistellung"),
        ("red", [("t", "Die Geschäftsführerin wird ab dem 1. April 2025 "), ("ins", "unwiderruflich "),
                 ("t", "unter Fortzahlung der Bezüge und unter Anrechnung auf Resturlaub von der Pflicht zur Dienstleistung freigestellt.")],
         M("§ 3", "notice_period", "unstated", "modified")),
        ("h", "§ 4 Dienstwagen"),
        ("red", [("t", "Die Geschäftsführerin gibt den Dienstwagen (Audi A6, HH-KV 2019) "), ("del", "am 31. März 2025"), ("ins", "am 30. Juni 2025"),
                 ("t", " an die Gesellschaft zurück; bis dahin darf sie ihn auch privat nutzen.")],
         M("§ 4", "company_car", "commercial_compromise", "modified",
           "Mandantin wollte Nutzung bis 30.09., Gesellschaft Rückgabe sofort – 30.06. als Mitte vorgeschlagen.", mc)),
        ("h", "§ 5 Nachvertragliches Wettbewerbsverbot"),
        ("p", "(1) Das nachvertragliche Wettbewerbsverbot nach § 8 des Dienstvertrags bleibt bestehen."),
        ("red", [("del", "(2) Eine Karenzentschädigung wird nicht gezahlt."),
                 ("ins", "(2) Für die Dauer des Wettbewerbsverbots zahlt die Gesellschaft eine Karenzentschädigung in Höhe von 50 % der zuletzt bezogenen vertragsmäßigen Leistungen.")],
         M("§ 5 Abs. 2", "non_compete_compensation", "legal_requirement", "modified",
           "§ 8 Abs. 3 Dienstvertrag sieht 50 % Karenz vor; ein entschädigungsloses Verbot wäre nach § 138 BGB unwirksam, wenn es über den Kundenschutz hinausgeht.", mc)),
        ("h", "§ 6 Verschwiegenheit"),
        ("red", [("t", "Die Geschäftsführerin wird über "), ("del", "alle Angelegenheiten der Gesellschaft"),
                 ("ins", "Betriebs- und Geschäftsgeheimnisse der Gesellschaft im Sinne von § 2 Nr. 1 GeschGehG"),
                 ("t", " auch nach dem Beendigungszeitpunkt Stillschweigen bewahren.")],
         M("§ 6", "confidentiality", "drafting_clarity", "modified", "„Alle Angelegenheiten“ ist uferlos und unbestimmt – auf Geschäftsgeheimnisse beschränkt.", mc)),
        ("h", "§ 7 Erledigung"),
        ("p", "Mit Erfüllung dieses Vertrags sind alle gegenseitigen Ansprüche aus dem Dienstvertrag und seiner Beendigung erledigt, ausgenommen Ansprüche aus der betrieblichen Altersversorgung."),
        ("h", "§ 8 Schlussbestimmungen"),
        ("p", "Änderungen bedürfen der Schriftform. Es gilt deutsches Recht."),
        ("sig", ["Tessmann Pharma GmbH, vertreten durch Tessmann Beteiligungs SE", "Dr. Katharina Vogt-Meyring"]),
    ]


def e05():
    gf = [("title", "GESCHÄFTSFÜHRER-DIENSTVERTRAG"),
          ("p", "zwischen der Tessmann Pharma GmbH, Frankfurt am Main, vertreten durch die Gesellschafterversammlung (die „Gesellschaft“), und Frau Dr. Katharina Vogt-Meyring, Hamburg (die „Geschäftsführerin“)"),
          ("p", "§ 1 Die Geschäftsführerin wird mit Wirkung ab 2. Januar 2019 zur Geschäftsführerin (Ressort Forschung & Entwicklung) bestellt."),
          ("p", "§ 4 Bezüge: Jahresfestgehalt EUR 285.000 brutto, zahlbar in 12 Monatsraten; variable Vergütung bis 40 % nach Zielvereinbarung."),
          ("p", "§ 6 Dienstwagen: Die Gesellschaft stellt einen Dienstwagen der oberen Mittelklasse zur Verfügung, der auch privat genutzt werden darf."),
          ("p", "§ 8 Wettbewerbsverbot: (1) Für zwei Jahre nach Beendigung ist der Geschäftsführerin Tätigkeit für Wettbewerber untersagt. (3) Die Gesellschaft zahlt für die Dauer des Verbots eine Entschädigung von 50 % der zuletzt bezogenen Bezüge."),
          ("p", "§ 10 Laufzeit: Der Vertrag ist mit einer Frist von zwölf Monaten zum Monatsende kündbar."),
          ("p", "Frankfurt am Main, 2. Januar 2019"), ("sig", ["Tessmann Pharma GmbH", "Dr. Katharina Vogt-Meyring"])]
    GF = f"{F5}/GF-Dienstvertrag 2019.pdf"
    put(GF, scan_pdf([lines_of(gf, signed=["gez. J. Tessmann", "gez. K. Vogt-Meyring"])], RNG, "2019-01-02"), matter="E05", ref=None,
        cat="in_matter_folder", dt="managing_director_agreement", title="GESCHÄFTSFÜHRER-DIENSTVERTRAG", parties=["tessmann", "vogt"], lang="de",
        date="2019-01-02", text_layer=False, notes="'GF-Dienstvertrag' abbreviation in the file name; image-only scan")
    gv = [("title", "Gesellschafterbeschluss der Tessmann Pharma GmbH"), ("c", "mit Sitz in Frankfurt am Main (Amtsgericht Frankfurt am Main HRB 99871)"),
          ("p", "Die Tessmann Beteiligungs SE mit Sitz in Frankfurt am Main (HRB 112450) ist alleinige Gesellschafterin der Tessmann Pharma GmbH. Unter Verzicht auf alle Form- und Fristvorschriften für die Einberufung und Abhaltung einer Gesellschafterversammlung beschließt sie:"),
          ("p", "1. Frau Dr. Katharina Vogt-Meyring wird mit sofortiger Wirkung als Geschäftsführerin der Gesellschaft abberufen."),
          ("p", "2. Herr Jörg Tessmann wird bevollmächtigt, namens der Gesellschaft einen Aufhebungsvertrag zum Geschäftsführer-Dienstvertrag vom 2. Januar 2019 zu verhandeln und abzuschließen; die Abfindung soll EUR 450.000 nicht übersteigen."),
          ("p", "3. Die Geschäftsführung wird angewiesen, die Abberufung zur Eintragung in das Handelsregister anzumelden."),
          ("p", "Frankfurt am Main, 3. März 2025"), ("p", "Tessmann Beteiligungs SE, vertreten durch den Vorstand: Jörg Tessmann, Dr. Annika Roth")]
    GV = f"{F5}/Abberufung GV Tessmann.pdf"
    put_lo(GV, docx(gv, date="2025-03-03", author="Tessmann Legal"), "pdf", matter="E05", ref=None, cat="in_matter_folder",
           dt="shareholder_resolution", title="Gesellschafterbeschluss der Tessmann Pharma GmbH", parties=["tessmann_se"], lang="de",
           date="2025-03-03", rel={"references": [GF]},
           notes="'GV' abbreviation in the file name; the sole shareholder passing the resolution is the party; references: 'Geschäftsführer-Dienstvertrag vom 2. Januar 2019'")
    ev = [LH_HH, ("p", "Frau\nDr. Katharina Vogt-Meyring\nElbchaussee 311\n22609 Hamburg"), ("r", "Hamburg, 5. März 2025"),
          ("title", "Mandatsvereinbarung und Vergütungsvereinbarung"),
          ("p", "Sehr geehrte Frau Dr. Vogt-Meyring,"),
          ("p", "Sie haben uns beauftragt, Sie im Zusammenhang mit Ihrer Abberufung als Geschäftsführerin der Tessmann Pharma GmbH und der Beendigung Ihres Geschäftsführer-Dienstvertrags außergerichtlich zu beraten und zu vertreten."),
          ("p", "Abweichend von den gesetzlichen Gebühren vereinbaren wir ein Zeithonorar von EUR 480 je Stunde (Partner) bzw. EUR 350 (Associates) zzgl. Umsatzsteuer (§ 3a RVG). Die vereinbarte Vergütung kann die gesetzliche Vergütung übersteigen; im Fall der Kostenerstattung erstattet die Gegenseite regelmäßig nicht mehr als die gesetzliche Vergütung."),
          ("p", "Mit freundlichen Grüßen\nDr. Mira Castellanos"), ("p", "Einverstanden: ______________________  Dr. Katharina Vogt-Meyring")]
    EV = f"{F5}/Mandatsvereinbarung Dr. Vogt-Meyring.odt"
    put_lo(EV, docx(ev, date="2025-03-05", author="Dr. Mira Castellanos"), "odt", matter="E05", ref=None, cat="in_matter_folder",
           dt="engagement_letter", title="Mandatsvereinbarung und Vergütungsvereinbarung", parties=["firm_bol", "vogt"], lang="de", date="2025-03-05",
           notes="ODF text written by LibreOffice; no matter number anywhere in this matter")
    blocks = av_blocks()
    AV1 = f"{F5}/Aufhebungsvertrag Entwurf Tessmann 2025-03-14.docx"
    AV2 = f"{F5}/Aufhebungsvertrag - BOL Anmerkungen.docx"
    put(AV1, docx(blocks, mode="base", date="2025-03-14", author="Dr. Ulrike Feld"), matter="E05", ref=None, cat="in_matter_folder",
        dt="termination_agreement", title="AUFHEBUNGSVERTRAG", parties=["tessmann", "vogt"], lang="de", date="2025-03-14",
        rel={"references": [GF, GV]},
        notes="chain 1/3; the company's draft; references: 'Geschäftsführer-Dienstvertrags vom 2. Januar 2019 (der „Dienstvertrag“)', 'Gesellschafterbeschluss vom 3. März 2025'")
    dn = [("title", "Gesprächsnotiz"), ("p", "18.03.2025, 16:30–17:10 Uhr, Telefonat Dr. Castellanos / Frau Dr. Vogt-Meyring"),
          ("p", "Zum Entwurf der Gesellschaft vom 14. März 2025:"),
          ("p", "– Abfindung: Mandantin erwartet 1,5 Jahresgehälter (EUR 427.500); unter EUR 400.000 kein Abschluss."),
          ("p", "– Dienstwagen: möchte ihn bis Ende September behalten, Kompromiss möglich."),
          ("p", "– Wettbewerbsverbot: will die Karenzentschädigung nach dem Dienstvertrag nicht aufgeben; plant ab Oktober Beiratsmandat bei einem Nicht-Wettbewerber."),
          ("p", "– Zeugnis: sehr gut, Entwurf liefert Mandantin selbst."),
          ("p", "Nächster Schritt: Mark-up an Dr. Feld bis 20.03.")]
    DN = f"{F5}/Dokument1.docx"
    put(DN, docx(dn, date="2025-03-18", author="Dr. Mira Castellanos", title_prop=""), matter="E05", ref=None, cat="in_matter_folder",
        dt="file_note", title="Gesprächsnotiz", parties=["vogt"], lang="de", date="2025-03-18", rel={"references": [AV1]},
        notes="Word's default file name; typed by content; references: 'Entwurf der Gesellschaft vom 14. März 2025'")
    put(AV2, docx(blocks, mode="redline", date="2025-03-20", author="Dr. Ulrike Feld", rev=("Dr. Mira Castellanos", "2025-03-20T13:00:00Z")),
        matter="E05", ref=None, cat="in_matter_folder", dt="termination_agreement", title="AUFHEBUNGSVERTRAG", parties=["tessmann", "vogt"],
        lang="de", date="2025-03-20", rel={"redline_of": [AV1], "references": [GF, GV]}, decisions=decisions_of(blocks),
        notes="chain 2/3; our tracked changes and comments on the company's draft; § 3 uncommented")
    br = [LH_HH, ("p", "Vorab per E-Mail: u.feld@feld-partner.de\nFeld & Partner Rechtsanwälte\nFrau Dr. Ulrike Feld\nBockenheimer Landstraße 24\n60323 Frankfurt am Main"),
          ("r", "Hamburg, 20. März 2025"), ("p", "Unser Zeichen: MC/ko"),
          ("b", "Aufhebung des Geschäftsführer-Dienstvertrags Dr. Katharina Vogt-Meyring"),
          ("p", "Sehr geehrte Frau Kollegin Dr. Feld,"),
          ("p", "wir danken für Ihren Entwurf eines Aufhebungsvertrags vom 14. März 2025. Anbei erhalten Sie unsere Anmerkungen im Änderungsmodus."),
          ("p", "Die Abfindung muss dem Wert der Restlaufzeit und der Kündigungsfrist von zwölf Monaten entsprechen; 1,5 Jahresgehälter sind angemessen. Zum Wettbewerbsverbot verweisen wir auf § 8 Abs. 3 des Dienstvertrags."),
          ("p", "Mit freundlichen kollegialen Grüßen\nDr. Mira Castellanos\nRechtsanwältin · Fachanwältin für Arbeitsrecht"),
          ("p", "Anlage: Aufhebungsvertrag – BOL Anmerkungen vom 20.03.2025")]
    BRF = f"{F5}/Schreiben an Feld & Partner 2025-03-20.docx"
    put(BRF, docx(br, date="2025-03-20", author="Kerstin Oltmanns"), matter="E05", ref=None, cat="in_matter_folder", dt="letter",
        title="Aufhebung des Geschäftsführer-Dienstvertrags Dr. Katharina Vogt-Meyring", parties=["vogt", "tessmann"], lang="de", date="2025-03-20",
        rel={"references": [AV1, AV2, GF]},
        notes="'Unser Zeichen: MC/ko' has initials only; references: 'Ihren Entwurf … vom 14. März 2025', the enclosure line naming our mark-up, '§ 8 Abs. 3 des Dienstvertrags' (defined term)")
    FIN = f"{SCANS}/final.pdf"
    put(FIN, scan_pdf([lines_of(blocks[:12]), lines_of(blocks[12:], signed=["gez. J. Tessmann", "gez. Dr. K. Vogt-Meyring"]) + [("p", "Frankfurt am Main / Hamburg, 1. April 2025")]],
                      RNG, "2025-04-01", angle=0.4),
        matter="E05", ref=None, cat="scan", dt="termination_agreement", title="AUFHEBUNGSVERTRAG", parties=["tessmann", "vogt"], lang="de",
        date="2025-04-01", text_layer=False, rel={"references": [GF, GV]},
        notes="chain 3/3; the signed agreement as an image-only scan named 'final.pdf' in the scanner folder; text equals the mark-up with all changes accepted")
    return [AV1, AV2, FIN]


# ================================================================== E06 Lumen Robotics Series A (London office, German GmbH)
def e06():
    inv = ["lumen", "fjord", "northbridge", "aksoy", "rehm"]
    hot = [LH_LDN, ("title", "Series A Financing of Lumen Robotics GmbH – Heads of Terms"), ("c", "Subject to contract – 5 February 2025"),
           ("table", [["Company", "Lumen Robotics GmbH, Hamburg (HRB 176655)"],
                      ["Founders", "Dr. Lena Aksoy and Prof. Dr. Tobias Rehm"],
                      ["Investors", "Fjord Growth Partners LLP (lead, EUR 9.0m) and Northbridge Ventures II Limited (EUR 3.0m)"],
                      ["Pre-money valuation", "EUR 36,000,000 (fully diluted, including an unallocated ESOP pool of 10 %)"],
                      ["Instrument", "Series A preferred shares issued by way of a capital increase; 1x non-participating liquidation preference"],
                      ["Governance", "Advisory board of five; investor consent matters as customary"],
                      ["Transfers", "Right of first refusal, tag-along, drag-along at 60 % incl. the lead investor"],
                      ["Exclusivity", "Six weeks from signature"], ["Law", "German law; German-language articles"]])]
    HOT = f"{F6}/Drafts/Heads of Terms Series A.docx"
    put(HOT, docx(hot, lang="en-GB", date="2025-02-05", author="Adaeze Okafor"), matter="E06", ref=None, cat="in_matter_folder", dt="term_sheet",
        title="Series A Financing of Lumen Robotics GmbH – Heads of Terms", parties=inv, lang="en", date="2025-02-05",
        notes="'Heads of Terms' (synonym of term sheet) after the project in the heading")
    sha = [("s", "Draft 3 – 18 March 2025 – BOL comments incorporated"), ("title", "SHAREHOLDERS' AGREEMENT"), ("c", "(Beteiligungsvereinbarung)"),
           ("c", "relating to Lumen Robotics GmbH"),
           ("p", "between (1) Dr. Lena Aksoy, (2) Prof. Dr. Tobias Rehm (together the “Founders”), (3) Fjord Growth Partners LLP, a limited liability partnership registered in England and Wales under number OC421877, (4) Northbridge Ventures II Limited, registered in England and Wales under number 12990345 (together the “Investors”), and (5) Lumen Robotics GmbH, Hamburg (the “Company”)."),
           ("h", "Recitals"),
           ("p", "(A) The parties signed heads of terms dated 5 February 2025 (the “Heads of Terms”). This Agreement supersedes the Heads of Terms."),
           ("h", "1 Capital Increase"),
           ("p", "1.1 The shareholders shall resolve to increase the share capital of the Company from EUR 30,000 by EUR 10,000 to EUR 40,000 by issuing 10,000 Series A shares. The capitalisation before and after the capital increase is set out in Schedule 1."),
           ("h", "2 Articles"), ("p", "2.1 The shareholders shall adopt the restated articles of association in the form of Schedule 4 (the “New Articles”)."),
           ("h", "7 Drag-Along"), ("p", "7.1 If shareholders holding at least 60 % of the shares, including the Lead Investor, wish to sell all their shares, all other shareholders shall sell on the same terms."),
           ("h", "9 ESOP"), ("p", "9.1 The Company shall establish a virtual share option programme of 10 % of the fully diluted share capital; grants require the approval of the advisory board."),
           ("h", "15 Governing Law"), ("p", "15.1 This Agreement is governed by German law. Place of jurisdiction is Hamburg."),
           ("h", "Schedules"), ("p", "Schedule 1 – Capitalisation Table"), ("p", "Schedule 2 – Warranties"), ("p", "Schedule 3 – Investor Consent Matters"),
           ("p", "Schedule 4 – New Articles"),
           ("sig", ["Dr. Lena Aksoy", "Prof. Dr. Tobias Rehm", "Fjord Growth Partners LLP", "Northbridge Ventures II Limited", "Lumen Robotics GmbH"])]
    SHA = f"{F6}/Drafts/SHA Lumen Robotics draft 3.docx"
    sha_b = docx(sha, lang="en-GB", date="2025-03-18", author="Adaeze Okafor", title_prop="SHA Lumen")
    put(SHA, sha_b, matter="E06", ref=None, cat="in_matter_folder", dt="shareholders_agreement", title="SHAREHOLDERS' AGREEMENT", parties=inv,
        lang="en", date="2025-03-18", rel={"references": [HOT]},
        notes="'SHA' in the file name; German kind in brackets under the heading; references: 'heads of terms dated 5 February 2025 (the “Heads of Terms”)'")
    SHAP = f"{F6}/Executed/SHA Lumen Robotics - execution version.pdf"
    put_lo(SHAP, sha_b, "pdf", matter="E06", ref=None, cat="in_matter_folder", dt="shareholders_agreement", title="SHAREHOLDERS' AGREEMENT",
           parties=inv, lang="en", date="2025-03-18", rel={"near_duplicate_of": [SHA], "references": [HOT]},
           notes="near_duplicate_of: LibreOffice print of draft 3, filed as 'execution version' (header still says Draft 3)")
    art = [("title", "GESELLSCHAFTSVERTRAG"), ("c", "der Lumen Robotics GmbH"), ("c", "(Neufassung – Entwurf vom 18. März 2025)"),
           ("p", "§ 1 Firma, Sitz: (1) Die Firma der Gesellschaft lautet Lumen Robotics GmbH. (2) Sitz der Gesellschaft ist Hamburg."),
           ("p", "§ 2 Gegenstand: Entwicklung, Herstellung und Vertrieb autonomer Robotiksysteme für die Intralogistik sowie zugehöriger Software."),
           ("p", "§ 3 Stammkapital: Das Stammkapital beträgt EUR 40.000 und ist eingeteilt in 30.000 Stammgeschäftsanteile und 10.000 Series-A-Geschäftsanteile im Nennbetrag von je EUR 1."),
           ("p", "§ 8 Verfügungen über Geschäftsanteile: Verfügungen bedürfen der Zustimmung der Gesellschafterversammlung mit einer Mehrheit von 75 % der abgegebenen Stimmen."),
           ("p", "§ 12 Liquidationspräferenz: Bei einem Exit erhalten die Inhaber der Series-A-Geschäftsanteile vorab den einfachen Betrag ihres Investments."),
           ("p", "§ 15 Beirat: Die Gesellschaft hat einen Beirat mit fünf Mitgliedern.")]
    ART = f"{F6}/Drafts/Gesellschaftsvertrag Lumen Robotics GmbH (Neufassung).docx"
    put(ART, docx(art, date="2025-03-18", author="Adaeze Okafor"), matter="E06", ref=None, cat="in_matter_folder", dt="articles_of_association",
        title="GESELLSCHAFTSVERTRAG", parties=["lumen"], lang="de", date="2025-03-18", rel={"annex_of": [SHA]},
        notes="annex_of: 'Schedule 4 – New Articles' of the SHA (named by number in the SHA; its own heading does not name the SHA)")
    rows = [["Schedule 1 – Capitalisation Table", "", "", "", ""],
            ["Shareholder", "Shares pre", "% pre", "Shares post", "% post"],
            ["Dr. Lena Aksoy", 13500, "45.0 %", 13500, "33.75 %"], ["Prof. Dr. Tobias Rehm", 13500, "45.0 %", 13500, "33.75 %"],
            ["Angel pool (Hamburg Robotics Angels GbR)", 3000, "10.0 %", 3000, "7.50 %"],
            ["Fjord Growth Partners LLP", 0, "0.0 %", 7500, "18.75 %"], ["Northbridge Ventures II Limited", 0, "0.0 %", 2500, "6.25 %"],
            ["Total", 30000, "100 %", 40000, "100 %"]]
    CAP = f"{F6}/Cap Table Lumen post-money.xlsx"
    put(CAP, xlsx_bytes([("Cap Table", rows)], "2025-03-18", title="Schedule 1 – Capitalisation Table", creator="Adaeze Okafor"),
        matter="E06", ref=None, cat="in_matter_folder", dt="cap_table", title="Schedule 1 – Capitalisation Table", parties=[], lang="en",
        date="2025-03-18", rel={"annex_of": [SHA]}, notes="xlsx at the matter root; annex_of: 'Schedule 1 – Capitalisation Table' of the SHA")
    ag = [("p", "Lumen Robotics GmbH · Sachsenfeld 4 · 20097 Hamburg"), ("r", "Hamburg, 20. März 2025"),
          ("title", "Einladung zur außerordentlichen Gesellschafterversammlung"),
          ("p", "An die Gesellschafter der Lumen Robotics GmbH"),
          ("p", "Hiermit laden wir zur außerordentlichen Gesellschafterversammlung am Donnerstag, 3. April 2025, 11:00 Uhr, in den Amtsräumen des Notars Dr. Peter Hollmann, Neuer Wall 72, 20354 Hamburg, ein."),
          ("b", "Tagesordnung"),
          ("p", "TOP 1: Erhöhung des Stammkapitals von EUR 30.000 um EUR 10.000 auf EUR 40.000 gegen Bareinlagen (Series A)"),
          ("p", "TOP 2: Neufassung des Gesellschaftsvertrags (Entwurf vom 18. März 2025)"),
          ("p", "TOP 3: Zustimmung zum Abschluss der Beteiligungsvereinbarung (Shareholders' Agreement) in der Fassung vom 18. März 2025"),
          ("p", "TOP 4: Wahl der Mitglieder des Beirats"),
          ("p", "Die Beschlussvorlagen liegen bei. Mit freundlichen Grüßen, Dr. Lena Aksoy, Geschäftsführerin")]
    AG = f"{F6}/Correspondence/Einladung Gesellschafterversammlung.docx"
    put(AG, docx(ag, date="2025-03-20", author="Lena Aksoy"), matter="E06", ref=None, cat="in_matter_folder", dt="meeting_agenda",
        title="Einladung zur außerordentlichen Gesellschafterversammlung", parties=["lumen"], lang="de", date="2025-03-20",
        rel={"references": [ART, SHA]},
        notes="invitation with agenda items (TOP); references: 'Neufassung des Gesellschaftsvertrags (Entwurf vom 18. März 2025)', 'Beteiligungsvereinbarung (Shareholders' Agreement) in der Fassung vom 18. März 2025' (German name of an English agreement)")
    dd = [("p", "UR-Nr. 1044/2025 H"), ("title", "Niederschrift über eine außerordentliche Gesellschafterversammlung"),
          ("p", "Verhandelt zu Hamburg am 3. April 2025 vor dem Notar Dr. Peter Hollmann, Hamburg."),
          ("p", "Erschienen sind: Frau Dr. Lena Aksoy, Herr Prof. Dr. Tobias Rehm, Herr Tom Brandes für die Hamburg Robotics Angels GbR sowie Frau Adaeze Okafor aufgrund Vollmachten für die Fjord Growth Partners LLP und die Northbridge Ventures II Limited."),
          ("p", "Die Gesellschafter der Lumen Robotics GmbH (HRB 176655) halten unter Verzicht auf alle Form- und Fristvorschriften eine Gesellschafterversammlung ab und beschließen einstimmig:"),
          ("p", "1. Das Stammkapital wird von EUR 30.000 um EUR 10.000 auf EUR 40.000 erhöht. Zur Übernahme werden zugelassen: Fjord Growth Partners LLP (7.500 Anteile) und Northbridge Ventures II Limited (2.500 Anteile)."),
          ("p", "2. Der Gesellschaftsvertrag wird in der dieser Niederschrift als Anlage beigefügten Fassung (Entwurf vom 18. März 2025) neu gefasst."),
          ("p", "3. Die Übernehmer erklären die Übernahme der neuen Geschäftsanteile."),
          ("p", "Vorgelesen, genehmigt und unterschrieben. gez. Aksoy  gez. Rehm  gez. Brandes  gez. Okafor  gez. Dr. Hollmann, Notar")]
    DEED2 = f"{F6}/Executed/UR-Nr. 1044-2025 Kapitalerhöhung.pdf"
    put(DEED2, scan_pdf([lines_of(dd)], RNG, "2025-04-03"), matter="E06", ref=None, cat="in_matter_folder", dt="notarial_deed",
        title="Niederschrift über eine außerordentliche Gesellschafterversammlung", parties=["aksoy", "rehm", "fjord", "northbridge"], lang="de",
        date="2025-04-03", text_layer=False, rel={"references": [ART]},
        notes="image-only notarial record of the capital increase (shareholders and subscribers are parties, the notary is not; the angel GbR is present but not in the company list); references: 'Gesellschaftsvertrag … (Entwurf vom 18. März 2025)'")
    gl = [("title", "Liste der Gesellschafter"), ("c", "der Lumen Robotics GmbH mit Sitz in Hamburg, Amtsgericht Hamburg HRB 176655"),
          ("table", [["Lfd. Nr.", "Gesellschafter", "Nennbetrag EUR", "Anteil am Stammkapital", "Veränderungen"],
                     ["1–13.500", "Dr. Lena Aksoy, Hamburg, *04.06.1988", "13.500", "33,75 %", ""],
                     ["13.501–27.000", "Prof. Dr. Tobias Rehm, Hamburg, *19.11.1979", "13.500", "33,75 %", ""],
                     ["27.001–30.000", "Hamburg Robotics Angels GbR", "3.000", "7,50 %", ""],
                     ["30.001–37.500", "Fjord Growth Partners LLP, London (OC421877)", "7.500", "18,75 %", "neu (Kapitalerhöhung UR-Nr. 1044/2025)"],
                     ["37.501–40.000", "Northbridge Ventures II Limited, London (12990345)", "2.500", "6,25 %", "neu (Kapitalerhöhung UR-Nr. 1044/2025)"]]),
          ("p", "Bescheinigung nach § 40 Abs. 2 GmbHG: Die geänderten Eintragungen entsprechen den Veränderungen, an denen ich mitgewirkt habe (UR-Nr. 1044/2025). Hamburg, 7. April 2025, Dr. Hollmann, Notar")]
    GL = f"{F6}/Executed/Gesellschafterliste Lumen Robotics GmbH.pdf"
    put_lo(GL, docx(gl, date="2025-04-07", author="Notariat Hollmann"), "pdf", matter="E06", ref=None, cat="in_matter_folder", dt="shareholder_list",
           title="Liste der Gesellschafter", parties=["lumen"], lang="de", date="2025-04-07", rel={"references": [DEED2]},
           notes="references by deed number only ('Kapitalerhöhung UR-Nr. 1044/2025')")
    mi = [("title", "Protokoll der 1. Sitzung des Beirats der Lumen Robotics GmbH"), ("p", "Datum: 24. April 2025, 14:00–16:15 Uhr, Hamburg / Videokonferenz"),
          ("p", "Teilnehmer: Dr. Lena Aksoy (Geschäftsführerin), Prof. Dr. Tobias Rehm, Jonas Lindqvist (Fjord), Harriet Cole (Northbridge), Dr. Sabine Witt (unabhängig)"),
          ("b", "TOP 1 Konstituierung"), ("p", "Dr. Sabine Witt wird einstimmig zur Vorsitzenden gewählt."),
          ("b", "TOP 2 Bericht der Geschäftsführung"), ("p", "Umsatz Q1 2025 EUR 1,42 Mio. (Plan 1,35 Mio.); Pilotkunde in Bremen live."),
          ("b", "TOP 3 ESOP"), ("p", "Der Beirat stimmt gemäß Ziff. 9.1 der Beteiligungsvereinbarung der Zuteilung von 1.200 virtuellen Anteilen an drei Mitarbeiter zu."),
          ("b", "TOP 4 Verschiedenes"), ("p", "Nächste Sitzung: 10. Juli 2025."), ("p", "Protokoll: Adaeze Okafor")]
    MI = f"{F6}/Executed/Protokoll Beirat 24.04.2025.docx"
    put(MI, docx(mi, date="2025-04-24", author="Adaeze Okafor"), matter="E06", ref=None, cat="in_matter_folder", dt="minutes",
        title="Protokoll der 1. Sitzung des Beirats der Lumen Robotics GmbH", parties=["lumen"], lang="de", date="2025-04-24", rel={"references": [SHA]},
        notes="minutes typed by agenda items; references: 'Ziff. 9.1 der Beteiligungsvereinbarung' (German defined name of the SHA)")
    PPT = f"{F6}/Series A Closing Steps.pptx"
    put(PPT, pptx_bytes([("Lumen Robotics – Series A Closing", ["Brandt Okafor Lüders LLP · London / Hamburg", "28 March 2025"]),
                         ("Signing", ["SHA (draft 3 of 18 March 2025) – signature pages in escrow", "Powers of attorney for Fjord and Northbridge (apostilled)"]),
                         ("Notarial meeting – 3 April 2025", ["Capital increase EUR 30,000 → EUR 40,000", "Restated articles", "Subscription declarations"]),
                         ("Post-closing", ["Shareholder list (notary)", "Register filing", "Funds flow: EUR 12.0m to the Company's account"])],
                        "2025-03-28", title="Series A Closing Steps", creator="Adaeze Okafor"),
        matter="E06", ref=None, cat="in_matter_folder", dt="presentation", title="Lumen Robotics – Series A Closing", parties=[], lang="en",
        date="2025-03-28", notes="pptx at the matter root; mentions the SHA draft by number and date but a step plan is not answered as a reference")
    d6a = rfc_date(2025, 3, 25, 17, 3, tz=0)
    id6a = "<LO2P265MB5412E3C0A0B71D9E@LO2P265MB5412.GBRP265.PROD.OUTLOOK.COM>"
    b6a = ("Adaeze,\n\nThanks for \"SHA Lumen Robotics draft 3.docx\". Fjord is broadly happy. Two points:\n\n"
           "1. Clause 7.1 – the drag threshold of 60 % should include the Lead Investor or, failing that, 75 %. As drafted this works for us.\n"
           "2. Clause 9.1 – please confirm the ESOP pool is already reflected in the pre-money in the cap table; our model shows a 0.4 % gap.\n\n"
           "Could you send the updated cap table?\n\nBest\nJames\n\nJames Whitfield | Partner | Hollis Crane LLP | 1 Bartholomew Lane, London EC2N 2AX")
    E6A = f"{F6}/Correspondence/Lumen Series A - SHA comments.eml"
    put(E6A, eml_bytes(frm="James Whitfield <j.whitfield@holliscrane.co.uk>", to=AO, subject="Lumen Series A – SHA comments", date=d6a, msgid=id6a,
                       body=b6a, html=html_of(b6a),
                       hops=hops_in("mail-lo2gbr01on2093.outbound.protection.outlook.com", "40.107.11.93", "a.okafor@bol-law.com", d6a, "4ZNv1c7Xk3z0Rb"),
                       dkim_domain="holliscrane.co.uk", lang="en-GB", thread_index="AduEYzQyNWxhbWVubm9ydGg=", mailer="Microsoft Outlook 16.0"),
        matter="E06", ref=None, cat="in_matter_folder", dt="email", title="Lumen Series A – SHA comments", parties=["fjord", "lumen"], lang="en",
        date="2025-03-25", rel={"references": [SHA]},
        notes="thread 1/2; multipart/alternative; references the SHA by its file name only")
    d6b = rfc_date(2025, 3, 26, 9, 40, tz=0)
    b6b = ("James,\n\nthanks. On 1: agreed, no change. On 2: the pool is in the pre-money; the gap is the angel GbR's 3,000 shares, which your model treats as converting notes. "
           "Updated cap table attached (Schedule 1).\n\nKind regards\nAdaeze\n\nAdaeze Okafor | Partner | Brandt Okafor Lüders LLP | 30 Finsbury Square, London EC2A 1AG | Our ref: LDN-2025-0031\n\n"
           "From: James Whitfield\nSent: 25 March 2025 17:03\nSubject: Lumen Series A – SHA comments\n> Thanks for \"SHA Lumen Robotics draft 3.docx\". Fjord is broadly happy.")
    E6B = f"{F6}/Correspondence/RE Lumen Series A - SHA comments.eml"
    put(E6B, eml_bytes(frm=AO, to="James Whitfield <j.whitfield@holliscrane.co.uk>", cc="Dr. Lena Aksoy <lena@lumen-robotics.de>",
                       subject="RE: Lumen Series A – SHA comments", date=d6b, msgid="<LO0P265MB2219F0A1C3D55E76@LO0P265MB2219.GBRP265.PROD.OUTLOOK.COM>",
                       irt=id6a, refs=[id6a], body=b6b, atts=[("Cap Table Lumen post-money.xlsx", FILES[CAP], mime_of(CAP))], hops=hops_out(d6b, 1748),
                       lang="en-GB", thread_index="AduEYzQyNWxhbWVubm9ydGgAAZk3Lw==", mailer="Microsoft Outlook 16.0"),
        matter="E06", ref="LDN-2025-0031", cat="in_matter_folder", dt="email", title="Lumen Series A – SHA comments", parties=["lumen", "fjord"],
        lang="en", date="2025-03-26", rel={"responds_to": [E6A]}, notes="thread 2/2; carries the cap table (attachment_of)")
    rel_add(CAP, "attachment_of", E6B)
    return [E6A, E6B]


# ================================================================== E08 Lumen Robotics UK subsidiary (London)
def e08():
    el = [LH_LDN, ("p", "Lumen Robotics GmbH\nFor the attention of Dr. Lena Aksoy\nSachsenfeld 4\n20097 Hamburg\nGermany"), ("r", "22 April 2025"),
          ("p", "Our ref: LDN-2025-0044/AO"), ("title", "Letter of Engagement"),
          ("b", "Establishment of a UK subsidiary and intra-group arrangements"),
          ("p", "Dear Dr. Aksoy,"),
          ("p", "Thank you for instructing Brandt Okafor Lüders LLP. This letter and our standard Terms of Business set out the basis on which we will act for Lumen Robotics GmbH in connection with the incorporation of Lumen Robotics UK Limited, the intra-group licence and services agreements and the employment contract of the UK managing director."),
          ("p", "Fees: fixed fee of GBP 18,500 plus VAT and disbursements for the work described above; any additional work at hourly rates between GBP 295 and GBP 650. Our liability is limited to GBP 5,000,000."),
          ("p", "Payment to Brandt Okafor Lüders LLP, client account, IBAN GB33 BUKB 2020 1555 5555 55."),
          ("p", "Yours sincerely\nAdaeze Okafor, Partner")]
    EL8 = f"{F8}/Letter of Engagement Lumen UK.pdf"
    put_lo(EL8, docx(el, lang="en-GB", date="2025-04-22", author="Adaeze Okafor"), "pdf", matter="E08", ref="LDN-2025-0044", cat="in_matter_folder",
           dt="engagement_letter", title="Letter of Engagement", parties=["firm_bol", "lumen"], lang="en", date="2025-04-22",
           notes="the firm's London LLP issues the engagement (alias of the firm)")
    ch = [("title", "LUMEN ROBOTICS UK LIMITED"), ("p", "Company number 15839204"), ("b", "Company overview"),
          ("table", [["Registered office address", "30 Finsbury Square, London, England, EC2A 1AG"], ["Company status", "Active"],
                     ["Company type", "Private limited Company"], ["Incorporated on", "17 April 2025"],
                     ["Nature of business (SIC)", "28990 - Manufacture of other special-purpose machinery n.e.c.; 62012 - Business and domestic software development"],
                     ["Officers", "AKSOY, Lena, Dr – Director – appointed 17 April 2025"],
                     ["Persons with significant control", "Lumen Robotics GmbH – ownership of shares 75% or more"]]),
          ("p", "Printed from Find and update company information, Companies House, 25 April 2025")]
    CH = f"{F8}/Companies House - Lumen Robotics UK Limited.pdf"
    put_lo(CH, docx(ch, lang="en-GB", date="2025-04-25", author="Companies House"), "pdf", matter="E08", ref=None, cat="in_matter_folder",
           dt="register_extract", title="LUMEN ROBOTICS UK LIMITED", parties=["lumen_uk"], lang="en", date="2025-04-25",
           notes="Companies House print: the heading is the company name in capitals; typed by content; company number is a phantom")
    lic = [("title", "INTRA-GROUP LICENCE AGREEMENT"), ("c", "dated 2 May 2025"),
           ("p", "between (1) LUMEN ROBOTICS GMBH, a company incorporated in Germany (Local Court of Hamburg, HRB 176655) (the “Licensor”), and (2) LUMEN ROBOTICS UK LIMITED, a company incorporated in England and Wales with company number 15839204 (the “Licensee”)."),
           ("p", "1. Grant. The Licensor grants the Licensee a non-exclusive, non-transferable licence to use the Licensed Software (LumenNav 4.x) and the related know-how in the United Kingdom and Ireland."),
           ("p", "2. Royalty. The Licensee shall pay a royalty of 6 % of net sales, calculated quarterly, which the parties consider arm's length."),
           ("p", "3. Term. This Agreement continues until terminated by either party on six months' written notice."),
           ("p", "4. Law and jurisdiction. English law; courts of England and Wales."), ("sig", ["Lumen Robotics GmbH", "Lumen Robotics UK Limited"])]
    LIC = f"{F8}/Intra-Group Licence Agreement.docx"
    put(LIC, docx(lic, lang="en-GB", date="2025-05-02", author="Adaeze Okafor"), matter="E08", ref=None, cat="in_matter_folder",
        dt="licence_agreement", title="INTRA-GROUP LICENCE AGREEMENT", parties=["lumen", "lumen_uk"], lang="en", date="2025-05-02",
        notes="party names in capitals")
    svc = [("title", "Intercompany Services Agreement"),
           ("p", "This Agreement is made on 2 May 2025 between Lumen Robotics GmbH, Hamburg (“Lumen DE”), and Lumen Robotics UK Limited, London (“Lumen UK”)."),
           ("p", "1. Services. Lumen DE provides Lumen UK with finance, HR and IT support services as described in the Schedule; Lumen UK provides Lumen DE with sales support in the UK market."),
           ("p", "2. Fees. Costs plus a mark-up of 5 %, invoiced monthly. Royalties under the Licence Agreement dated 2 May 2025 are not affected."),
           ("p", "3. Term. Twelve months, renewing automatically; either party may terminate on three months' notice."),
           ("p", "4. Law. English law."), ("sig", ["Lumen Robotics GmbH", "Lumen Robotics UK Limited"])]
    SVC = f"{F8}/Intercompany Services Agreement.docx"
    put(SVC, docx(svc, lang="en-GB", date="2025-05-02", author="Adaeze Okafor"), matter="E08", ref=None, cat="in_matter_folder",
        dt="services_agreement", title="Intercompany Services Agreement", parties=["lumen", "lumen_uk"], lang="en", date="2025-05-02",
        rel={"references": [LIC]}, notes="references: 'the Licence Agreement dated 2 May 2025' (title and date)")
    emp = [("title", "CONTRACT OF EMPLOYMENT"), ("c", "Statement of main terms (Employment Rights Act 1996, section 1)"),
           ("p", "Employer: Lumen Robotics UK Limited (company number 15839204), 30 Finsbury Square, London EC2A 1AG"),
           ("p", "Employee: Dr Priya Raman, 14 Albion Road, London N16 9PH"),
           ("p", "1. Position: Managing Director UK, reporting to the board. Start date: 12 May 2025."),
           ("p", "2. Salary: GBP 165,000 per annum, paid monthly in arrears; annual bonus of up to 30 % at the discretion of the board."),
           ("p", "3. Hours and place of work: 37.5 hours per week; London, with travel to Hamburg as required."),
           ("p", "4. Holiday: 27 working days plus bank holidays."),
           ("p", "5. Notice: six months by either party after the probationary period of six months."),
           ("p", "6. Restrictive covenants: non-compete for six months and non-solicitation for twelve months after termination, subject to garden leave being offset."),
           ("sig", ["For and on behalf of Lumen Robotics UK Limited", "Dr Priya Raman"])]
    EMP = f"{F8}/Contract of Employment - Dr Priya Raman.docx"
    put(EMP, docx(emp, lang="en-GB", date="2025-05-12", author="Adaeze Okafor"), matter="E08", ref=None, cat="in_matter_folder",
        dt="employment_agreement", title="CONTRACT OF EMPLOYMENT", parties=["lumen_uk", "raman"], lang="en", date="2025-05-12")
    wr = [("p", "Company number: 15839204"), ("p", "THE COMPANIES ACT 2006"), ("p", "PRIVATE COMPANY LIMITED BY SHARES"),
          ("title", "Written Resolution of the Sole Member of Lumen Robotics UK Limited"), ("p", "Circulation date: 2 May 2025"),
          ("p", "Pursuant to Chapter 2 of Part 13 of the Companies Act 2006, the director of the Company proposes that the following resolutions be passed as ordinary resolutions:"),
          ("p", "1. THAT the entry by the Company into the Intra-Group Licence Agreement with Lumen Robotics GmbH dated 2 May 2025 be approved."),
          ("p", "2. THAT the entry by the Company into the Intercompany Services Agreement dated 2 May 2025 be approved."),
          ("p", "3. THAT Dr Priya Raman be appointed as a director of the Company with effect from 12 May 2025."),
          ("p", "AGREEMENT: The undersigned, being the sole eligible member, irrevocably agrees to the resolutions."),
          ("sig", ["Lumen Robotics GmbH, acting by Dr. Lena Aksoy, Geschäftsführerin"])]
    WR = f"{F6}/Correspondence/Written Resolution Lumen Robotics UK.docx"
    put(WR, docx(wr, lang="en-GB", date="2025-05-02", author="Adaeze Okafor"), matter="E08", ref=None, cat="misfiled", dt="shareholder_resolution",
        title="Written Resolution of the Sole Member of Lumen Robotics UK Limited", parties=["lumen"], lang="en", date="2025-05-02",
        rel={"references": [LIC, SVC]},
        notes="misfiled in the Series A matter of the same client; statutory header lines before the heading; references: both intra-group agreements by title and date")
    md = ("# Telefonnotiz 20.05.2025\n\n**Our ref:** LDN-2025-0044  \n**Teilnehmer:** A. Okafor, Dr. Lena Aksoy (Lumen Robotics GmbH)\n\n"
          "- Dr Raman hat den Contract of Employment vom 12. Mai 2025 unterschrieben zurückgegeben; Original liegt in London.\n"
          "- Lumen fragt, ob die Royalty von 6 % aus dem Intra-Group Licence Agreement für 2025 auf 4 % gesenkt werden kann (Anlaufverluste UK). "
          "→ Transfer-Pricing-Stellungnahme des Steuerberaters abwarten.\n"
          "- Payroll UK: Anmeldung bei HMRC erledigt (PAYE ref. 120/LA44871).\n\n"
          "_Wiedervorlage: 03.06.2025_\n")
    put("Telefonnotiz 2025-05-20.md", md.encode("utf-8"), matter="E08", ref="LDN-2025-0044", cat="top_level", dt="file_note",
        title="Telefonnotiz 20.05.2025", parties=["lumen"], lang="de", date="2025-05-20", rel={"references": [EMP, LIC]},
        notes="Markdown note at the top level; names its matter only in content ('Our ref'); references: 'Contract of Employment vom 12. Mai 2025', 'Intra-Group Licence Agreement' (title alone)")


# ================================================================== E07 Taunus Datentechnik (Frankfurt; legacy '377/24 Lü' in 2024 papers)
def e07():
    V = f"{F7}/Verträge"
    K = f"{F7}/Korrespondenz"
    tc = ["taunus", "cirrus"]
    msa = [("title", "MASTER SERVICES AGREEMENT"), ("c", "Contract No. MSA-2024-017 – dated 1 July 2024"),
           ("p", "between TAUNUS DATENTECHNIK AG, Frankfurt am Main (Local Court of Frankfurt am Main, HRB 104233) (the “Customer”) and Cirrus Cloud Solutions GmbH & Co. KG, Offenbach am Main (Local Court of Offenbach am Main, HRA 51234) (the “Provider”)."),
           ("h", "1 Scope"), ("p", "1.1 This Agreement governs all managed hosting, cloud and operations services ordered by the Customer under statements of work (each an “SOW”). Each SOW incorporates this Agreement."),
           ("h", "4 Service Levels"), ("p", "4.1 The Provider shall meet the service levels set out in Annex 4 (Anlage 4 – Service Levels). Service credits are the Customer's sole financial remedy for availability failures, save for gross negligence."),
           ("h", "9 Liability"), ("p", "9.1 Each party's aggregate liability per contract year is limited to 100 % of the fees paid in the preceding twelve months."),
           ("h", "12 Term and Termination"), ("p", "12.1 Initial term of 36 months. Either party may terminate for cause, including repeated failure to meet the service levels in three consecutive months."),
           ("h", "15 Law"), ("p", "15.1 German law; courts of Frankfurt am Main."),
           ("h", "Annexes"), ("p", "Annex 1 – Form of SOW; Annex 2 – Data Processing Agreement; Annex 3 – Security Measures; Annex 4 – Service Levels"),
           ("sig", ["Taunus Datentechnik AG", "Cirrus Cloud Solutions GmbH & Co. KG"])]
    MSA = f"{V}/MSA Cirrus - Taunus (signed).pdf"
    put_lo(MSA, docx(msa, lang="en-GB", date="2024-07-01", author="Cirrus Legal"), "pdf", matter="E07", ref=None, cat="in_matter_folder",
           dt="framework_agreement", title="MASTER SERVICES AGREEMENT", parties=tc, lang="en", date="2024-07-01",
           notes="'MSA' in the file name; customer written in capitals; contract number MSA-2024-017 is a phantom")
    sla = [("title", "Anlage 4"), ("c", "Service Levels"),
           ("table", [["Service", "Verfügbarkeit", "Messzeitraum", "Service Credit"],
                      ["Managed Hosting Produktion", "99,9 %", "Kalendermonat", "5 % der Monatsvergütung je 0,1 % Unterschreitung"],
                      ["Backup / Restore", "RPO 4 h / RTO 8 h", "je Vorfall", "EUR 2.500"],
                      ["Service Desk P1", "Reaktion 30 Min.", "je Vorfall", "EUR 1.000"]]),
           ("p", "Service Credits sind auf 25 % der Monatsvergütung begrenzt.")]
    SLA = f"{V}/Anlage 4 Service Level.pdf"
    put_lo(SLA, docx(sla, date="2024-07-01", author="Cirrus Legal"), "pdf", matter="E07", ref=None, cat="in_matter_folder", dt="annex",
           title="Anlage 4", parties=[], lang="de", date="2024-07-01", rel={"annex_of": [MSA]},
           notes="German annex to an English MSA, named by number only ('Annex 4 (Anlage 4 – Service Levels)' in the MSA)")
    sow = [("title", "Statement of Work No. 1 – Managed Hosting"),
           ("p", "This Statement of Work is entered into on 15 July 2024 under the Master Services Agreement dated 1 July 2024 (the “MSA”) between Taunus Datentechnik AG and Cirrus Cloud Solutions GmbH & Co. KG."),
           ("p", "1. Services: operation of the Customer's production environment (ERP, web shop) in the Provider's data centre Offenbach, including 24/7 monitoring."),
           ("p", "2. Fees: EUR 48,500 per month; onboarding fee EUR 65,000."),
           ("p", "3. Term: from 1 September 2024 until the end of the initial term of the MSA."),
           ("sig", ["Taunus Datentechnik AG", "Cirrus Cloud Solutions GmbH & Co. KG"])]
    SOW = f"{V}/SOW 01 Managed Hosting.docx"
    sow_b = docx(sow, lang="en-GB", date="2024-07-15", author="Dr. Jana Lüders")
    put(SOW, sow_b, matter="E07", ref=None, cat="in_matter_folder", dt="services_agreement", title="Statement of Work No. 1 – Managed Hosting",
        parties=tc, lang="en", date="2024-07-15", rel={"references": [MSA]},
        notes="'SOW' (synonym of services agreement) under the MSA; references: 'the Master Services Agreement dated 1 July 2024 (the “MSA”)'")
    put(f"{V}/SOW 01 Managed Hosting (1).docx", sow_b, matter="E07", ref=None, cat="in_matter_folder", dt="services_agreement",
        title="Statement of Work No. 1 – Managed Hosting", parties=tc, lang="en", date="2024-07-15",
        rel={"duplicate_of": [SOW], "references": [MSA]}, notes="duplicate_of: byte-identical browser-download copy '(1)'")
    wl = [LH_FFM, ("p", "Per Einschreiben\nCirrus Cloud Solutions GmbH & Co. KG\nGeschäftsführung\nKaiserleistraße 51\n63067 Offenbach am Main"),
          ("r", "Frankfurt am Main, 8. Oktober 2024"), ("p", "Unser Zeichen: 377/24 Lü"),
          ("b", "Master Services Agreement vom 1. Juli 2024 – Abmahnung wegen Verletzung der Service Levels"),
          ("p", "Sehr geehrte Damen und Herren,"),
          ("p", "wir vertreten die Taunus Datentechnik AG. Die Verfügbarkeit der Produktionsumgebung lag im August 2024 bei 99,41 % und im September 2024 bei 99,62 % und damit deutlich unter dem in Anlage 4 vereinbarten Wert von 99,9 %. Am 17. September 2024 war der Web-Shop unserer Mandantin neun Stunden nicht erreichbar."),
          ("p", "Wir mahnen diese Vertragsverletzungen hiermit ab. Sollten die Service Levels auch im Oktober 2024 verfehlt werden, wird unsere Mandantin das Master Services Agreement nach dessen Ziff. 12.1 aus wichtigem Grund kündigen. Die Service Credits für August und September (EUR 29.100) bitten wir bis 22. Oktober 2024 gutzuschreiben."),
          ("p", "Mit freundlichen Grüßen\nDr. Jana Lüders\nRechtsanwältin")]
    WL7 = f"{K}/2024-10-08 Abmahnung Cirrus SLA.docx"
    put(WL7, docx(wl, date="2024-10-08", author="Dr. Jana Lüders"), matter="E07", ref="377/24 Lü", cat="in_matter_folder", dt="warning_letter",
        title="Master Services Agreement vom 1. Juli 2024 – Abmahnung wegen Verletzung der Service Levels", parties=tc, lang="de", date="2024-10-08",
        rel={"references": [MSA, SLA]},
        notes="2024 letter in the legacy reference style of the same matter ('377/24 Lü'); the subject names the MSA by title and date; references 'Anlage 4' by number")
    am = [("title", "AMENDMENT NO. 1 TO THE MASTER SERVICES AGREEMENT"), ("c", "dated 15 January 2025"),
          ("p", "between Taunus Datentechnik AG (the “Customer”) and Cirrus Cloud Solutions GmbH & Co. KG (the “Provider”)"),
          ("h", "Recitals"),
          ("p", "(A) The parties entered into the Master Services Agreement No. MSA-2024-017 dated 1 July 2024 (the “MSA”)."),
          ("p", "(B) Following the service failures in August and September 2024 the parties wish to amend the service levels and the termination rights."),
          ("h", "1 Amendments"),
          ("p", "1.1 In Annex 4 (Anlage 4) the availability for Managed Hosting Produktion is replaced by 99.95 %; the cap on service credits is increased from 25 % to 40 %."),
          ("p", "1.2 Clause 12.1 of the MSA is amended so that the Customer may terminate for cause after two (instead of three) consecutive months of service level failure."),
          ("h", "2 Miscellaneous"), ("p", "2.1 Save as amended by this Amendment No. 1 the MSA remains in full force and effect."),
          ("sig", ["Taunus Datentechnik AG", "Cirrus Cloud Solutions GmbH & Co. KG"])]
    AM1 = f"{V}/Amendment No. 1 to MSA.docx"
    am_b = docx(am, lang="en-GB", date="2025-01-15", author="Dr. Jana Lüders")
    put(AM1, am_b, matter="E07", ref=None, cat="in_matter_folder", dt="amendment_agreement", title="AMENDMENT NO. 1 TO THE MASTER SERVICES AGREEMENT",
        parties=tc, lang="en", date="2025-01-15", rel={"amends": [MSA, SLA]},
        notes="amends the MSA (heading; recital with contract number and date) and its Annex 4 ('In Annex 4 (Anlage 4) … is replaced'); the recital mentions the service failures but not the warning letter (no reference answered)")
    sl = [("p", "TAUNUS DATENTECHNIK AG · Hanauer Landstraße 291 · 60314 Frankfurt am Main"),
          ("p", "Cirrus Cloud Solutions GmbH & Co. KG\nKaiserleistraße 51\n63067 Offenbach am Main"), ("r", "Frankfurt am Main, 15 January 2025"),
          ("title", "Side Letter"),
          ("p", "Dear Sirs,"),
          ("p", "With reference to Amendment No. 1 dated 15 January 2025 to the Master Services Agreement dated 1 July 2024 (the “MSA”) we confirm our agreement that, notwithstanding Clause 12.1 of the MSA, the Customer may terminate SOW No. 1 separately with three months' notice to the end of any calendar quarter if the Provider loses its ISO 27001 certification."),
          ("p", "This side letter forms part of the MSA. Please countersign a copy."),
          ("p", "Taunus Datentechnik AG                 Agreed: Cirrus Cloud Solutions GmbH & Co. KG")]
    SL = f"{V}/Side Letter Kündigungsrecht.pdf"
    put(SL, scan_pdf([lines_of(sl)], RNG, "2025-01-15", angle=-0.3), matter="E07", ref=None, cat="in_matter_folder", dt="side_letter",
        title="Side Letter", parties=tc, lang="en", date="2025-01-15", text_layer=False, rel={"amends": [MSA], "references": [AM1, SOW]},
        notes="countersigned side letter, image-only; amends the MSA ('forms part of the MSA', overrides Clause 12.1); references: 'Amendment No. 1 dated 15 January 2025', 'SOW No. 1'")
    rl = [("title", "Rahmenliefervertrag"), ("c", "über Kühl- und Klimatechnik für Rechenzentren"),
          ("p", "zwischen der Taunus Datentechnik AG, Hanauer Landstraße 291, 60314 Frankfurt am Main (die „Bestellerin“) und der Kaltwasser Rechenzentrumstechnik GmbH, Hilpertstraße 20, 64295 Darmstadt, Amtsgericht Darmstadt HRB 55120 (die „Lieferantin“)"),
          ("p", "§ 1 Gegenstand: Dieser Vertrag regelt die Bedingungen für Lieferungen von Kühlsystemen, Ersatzteilen und Wartungsleistungen, die die Bestellerin durch Einzelbestellungen abruft."),
          ("p", "§ 3 Preise: Es gilt die Preisliste 2024 (Anlage 1); Preisanpassungen höchstens einmal jährlich um nicht mehr als 4 %."),
          ("p", "§ 5 Lieferzeit: sechs Wochen ab Bestellung; bei Verzug Vertragsstrafe 0,2 % je Werktag, höchstens 5 % des Bestellwerts."),
          ("p", "§ 8 Gewährleistung: 24 Monate ab Inbetriebnahme."), ("p", "§ 12 Laufzeit: bis 31. Dezember 2026."),
          ("p", "Frankfurt am Main / Darmstadt, 2. September 2024"), ("sig", ["Taunus Datentechnik AG", "Kaltwasser Rechenzentrumstechnik GmbH"])]
    RL = f"{V}/Rahmenliefervertrag Kaltwasser.docx"
    put(RL, docx(rl, date="2024-09-02", author="Dr. Jana Lüders"), matter="E07", ref=None, cat="in_matter_folder", dt="supply_agreement",
        title="Rahmenliefervertrag", parties=["taunus", "kaltwasser"], lang="de", date="2024-09-02")
    po = [("p", "TAUNUS DATENTECHNIK AG · Einkauf · Hanauer Landstraße 291 · 60314 Frankfurt am Main"),
          ("p", "Kaltwasser Rechenzentrumstechnik GmbH\nHilpertstraße 20\n64295 Darmstadt"), ("r", "Frankfurt am Main, 18.02.2025"),
          ("title", "BESTELLUNG"), ("p", "Bestell-Nr.: PO-2025-0071 · Lieferantennummer: 70114 · Kostenstelle: RZ-FFM-02"),
          ("p", "Auf Grundlage des Rahmenliefervertrags vom 2. September 2024 bestellen wir:"),
          ("table", [["Pos.", "Artikel", "Menge", "Einzelpreis EUR", "Gesamt EUR"],
                     ["1", "Kaltwasser-Umluftkühlgerät KW-CRAH 120", "4", "38.900,00", "155.600,00"],
                     ["2", "Montage und Inbetriebnahme", "1", "12.400,00", "12.400,00"],
                     ["", "Summe netto", "", "", "168.000,00"]]),
          ("p", "Liefertermin: KW 14/2025, Rechenzentrum Kleyerstraße 90, 60326 Frankfurt am Main. Bitte bestätigen Sie diese Bestellung innerhalb von 3 Werktagen.")]
    PO = f"{F7}/Bestellung PO-2025-0071 Kaltwasser.pdf"
    put_lo(PO, docx(po, date="2025-02-18", author="Taunus Einkauf"), "pdf", matter="E07", ref=None, cat="in_matter_folder", dt="purchase_order",
           title="BESTELLUNG", parties=["taunus", "kaltwasser"], lang="de", date="2025-02-18", rel={"references": [RL]},
           notes="order with line items; references: 'Rahmenliefervertrag vom 2. September 2024'; PO number, supplier number and postcode are phantoms")
    rows = [["Vertragsübersicht Taunus Datentechnik AG – Stand 01.03.2025 – FFM-2024-0377", "", "", "", ""],
            ["Vertrag", "Vertragspartner", "Datum", "Laufzeit / Kündigung", "Bemerkung"],
            ["Master Services Agreement MSA-2024-017", "Cirrus Cloud Solutions GmbH & Co. KG", "01.07.2024", "36 Monate", "Amendment No. 1 vom 15.01.2025; Side Letter"],
            ["SOW No. 1 Managed Hosting", "Cirrus Cloud Solutions GmbH & Co. KG", "15.07.2024", "wie MSA", "EUR 48.500 / Monat"],
            ["Rahmenliefervertrag", "Kaltwasser Rechenzentrumstechnik GmbH", "02.09.2024", "bis 31.12.2026", "PO-2025-0071 offen"],
            ["Mietvertrag RZ-Fläche Kleyerstraße 90", "Hansa Grundbesitz GmbH, Frankfurt", "01.02.2021", "12 Monate zum Quartalsende", "Indexmiete"]]
    put(f"{F7}/Übersicht Verträge Taunus.xlsx", xlsx_bytes([("Verträge", rows)], "2025-03-01", title="Vertragsübersicht", creator="Dr. Jana Lüders"),
        matter="E07", ref="FFM-2024-0377", cat="in_matter_folder", dt="spreadsheet",
        title="Vertragsübersicht Taunus Datentechnik AG – Stand 01.03.2025 – FFM-2024-0377", parties=[], lang="de", date="2025-03-01",
        notes="contract tracker; lists contracts without being about any one (no relations answered)")
    hf = [("p", "HANSA GRUNDBESITZ GMBH · Bockenheimer Anlage 15 · 60322 Frankfurt am Main · Amtsgericht Frankfurt am Main HRB 118204"),
          ("p", "Einschreiben/Rückschein\nTaunus Datentechnik AG\nVorstand\nHanauer Landstraße 291\n60314 Frankfurt am Main"), ("r", "Frankfurt am Main, 12. Mai 2025"),
          ("b", "Kündigung des Mietvertrags vom 1. Februar 2021 über Flächen im Rechenzentrum Kleyerstraße 90"),
          ("p", "Sehr geehrte Damen und Herren,"),
          ("p", "hiermit kündigen wir den oben genannten Mietvertrag ordentlich mit einer Frist von zwölf Monaten zum 30. Juni 2026. Hilfsweise kündigen wir zum nächstzulässigen Termin. Grund ist der geplante Umbau des Gebäudes."),
          ("p", "Mit freundlichen Grüßen\nHansa Grundbesitz GmbH\nDr. Carsten Weyer, Geschäftsführer")]
    HF = f"{K}/2025-05-12 Hansa Grundbesitz Kündigung RZ.pdf"
    put(HF, scan_pdf([lines_of(hf)], RNG, "2025-05-12", angle=0.5), matter="E07", ref=None, cat="in_matter_folder", dt="letter",
        title="Kündigung des Mietvertrags vom 1. Februar 2021 über Flächen im Rechenzentrum Kleyerstraße 90", parties=["hansa_ffm", "taunus"],
        lang="de", date="2025-05-12", text_layer=False,
        notes="image-only; sender is the Frankfurt Hansa Grundbesitz GmbH (HRB 118204), homonym of the Hamburg landlord in E04; the lease it terminates is not on the share")
    mm = [LH_FFM, ("title", "MEMORANDUM"), ("p", "An: Taunus Datentechnik AG, Rechtsabteilung (Dr. Sven Aulich)\nVon: Dr. Jana Lüders\nDatum: 16. Mai 2025\nAz.: FFM-2024-0377"),
          ("b", "Wirksamkeit der Kündigung der Hansa Grundbesitz GmbH vom 12. Mai 2025"),
          ("p", "1. Die Kündigung ist formwirksam (Schriftform, § 568 BGB gilt für Gewerberaum nicht; vertraglich vereinbarte Schriftform gewahrt)."),
          ("p", "2. Ob ordentlich gekündigt werden kann, hängt davon ab, ob der Mietvertrag vom 1. Februar 2021 eine feste Laufzeit hat. Nach unserer Vertragsübersicht ist er unbefristet mit zwölf Monaten Frist zum Quartalsende kündbar; der 30. Juni 2026 ist damit der zutreffende Termin."),
          ("p", "3. Ein Schriftformmangel der Indexklausel ist nicht ersichtlich. Empfehlung: Migrationsplanung für das Rechenzentrum jetzt beginnen; parallel Verhandlung einer Verlängerung bis 31. Dezember 2026.")]
    MM = f"{K}/Memo Kündigung Rechenzentrum.docx"
    put(MM, docx(mm, date="2025-05-16", author="Dr. Jana Lüders"), matter="E07", ref="FFM-2024-0377", cat="in_matter_folder", dt="memo",
        title="MEMORANDUM", parties=["taunus"], lang="de", date="2025-05-16", rel={"references": [HF]},
        notes="memo to the client's legal department; references: 'Kündigung der Hansa Grundbesitz GmbH vom 12. Mai 2025' (the scanned letter, by sender and date)")
    mou = [("title", "Memorandum of Understanding"), ("c", "Acquisition of the hosting business of Mainfeld Hosting GmbH"),
           ("p", "between Taunus Datentechnik AG, Frankfurt am Main (“Taunus”), and Mainfeld Hosting GmbH, Hanau (Local Court of Hanau, HRB 90876) (“Mainfeld”) – 10 April 2025"),
           ("p", "1. Taunus intends to acquire the colocation and hosting business of Mainfeld (customer contracts, equipment, 14 employees) by way of an asset deal for a purchase price of approx. EUR 3.2 million."),
           ("p", "2. Employees transfer under Section 613a BGB; Mainfeld will inform the employees in a joint letter."),
           ("p", "3. Exclusivity until 30 June 2025. Save for Clauses 3 and 4 this MoU is not legally binding."),
           ("p", "4. Confidentiality; German law; Frankfurt am Main."), ("sig", ["Taunus Datentechnik AG", "Mainfeld Hosting GmbH"])]
    MOU = f"{F7}/Mainfeld/MoU Mainfeld Hosting.pdf"
    put_lo(MOU, docx(mou, lang="en-GB", date="2025-04-10", author="Dr. Jana Lüders"), "pdf", matter="E07", ref=None, cat="in_matter_folder",
           dt="letter_of_intent", title="Memorandum of Understanding", parties=["taunus", "mainfeld"], lang="en", date="2025-04-10",
           notes="'MoU' (synonym of letter of intent) in a deeper subfolder")
    apa = [("s", "BOL draft 2 June 2025 – FFM-2024-0377"), ("title", "ASSET PURCHASE AGREEMENT"), ("c", "(Kaufvertrag über Wirtschaftsgüter)"),
           ("p", "between Mainfeld Hosting GmbH, Hanau (the “Seller”), and Taunus Datentechnik AG, Frankfurt am Main (the “Purchaser”)"),
           ("h", "Recitals"), ("p", "(A) The parties signed the MoU dated 10 April 2025 regarding the acquisition of the Seller's hosting business (the “Business”)."),
           ("h", "1 Sale of Assets"), ("p", "1.1 The Seller sells to the Purchaser the assets listed in Schedule 1 (equipment), Schedule 2 (customer contracts) and Schedule 3 (domain names and IP addresses) (the “Assets”)."),
           ("h", "2 Purchase Price"), ("p", "2.1 The purchase price is EUR 3,150,000 plus VAT, if applicable; the parties assume a transfer of a going concern not subject to VAT (§ 1 Abs. 1a UStG)."),
           ("h", "3 Contracts and Employees"), ("p", "3.1 Customer contracts transfer with the consent of the customers; 3.2 employment relationships transfer under Section 613a BGB."),
           ("h", "4 Closing"), ("p", "4.1 Closing on 1 August 2025 at 00:00 hours."),
           ("sig", ["Mainfeld Hosting GmbH", "Taunus Datentechnik AG"])]
    APA = f"{F7}/Mainfeld/APA Mainfeld Entwurf BOL.docx"
    put(APA, docx(apa, lang="en-GB", date="2025-06-02", author="Dr. Jana Lüders"), matter="E07", ref="FFM-2024-0377", cat="in_matter_folder",
        dt="asset_purchase_agreement", title="ASSET PURCHASE AGREEMENT", parties=["mainfeld", "taunus"], lang="en", date="2025-06-02",
        rel={"references": [MOU]}, notes="'APA' in the file name; references: 'the MoU dated 10 April 2025' (abbreviation and date)")
    d7 = rfc_date(2025, 1, 16, 8, 55)
    b7 = ("Sehr geehrte Frau Dr. Lüders,\n\nanbei zu Ihrer Akte (Ihr Zeichen FFM-2024-0377) die von beiden Seiten unterschriebene Fassung des Amendment No. 1 zum MSA. "
          "Cirrus hat gestern Abend gegengezeichnet; den Side Letter hat Herr Faber im Original.\n\nMit freundlichen Grüßen\nDr. Sven Aulich\nLeiter Recht · Taunus Datentechnik AG\n"
          "Hanauer Landstraße 291 · 60314 Frankfurt am Main · Amtsgericht Frankfurt am Main HRB 104233\n\n"
          "-----Ursprüngliche Nachricht-----\nVon: Thomas Faber <t.faber@cirrus-cloud.de>\nGesendet: Mittwoch, 15. Januar 2025 19:12\nAn: Aulich, Sven\nBetreff: Amendment No. 1 – MSA Cirrus – signed\n")
    EM7 = f"{INBOX}/WG Amendment No. 1 - MSA Cirrus - signed.eml"
    put(EM7, eml_bytes(frm="Dr. Sven Aulich <sven.aulich@taunus-datentechnik.de>", to=JL, subject="WG: Amendment No. 1 – MSA Cirrus – signed", date=d7,
                       msgid="<5f0e3a1b9c2d4e6f8a7b@EXCH-FFM01.taunus-datentechnik.local>",
                       irt="<0b9d2c4e-1f3a-4b5c-8d7e-6a5f4e3d2c1b@cirrus-cloud.de>", refs=["<0b9d2c4e-1f3a-4b5c-8d7e-6a5f4e3d2c1b@cirrus-cloud.de>"],
                       body=b7, atts=[("Amendment No. 1 to MSA.docx", am_b, mime_of(AM1))],
                       hops=hops_in("mail.taunus-datentechnik.de", "194.25.134.18", "j.lueders@bol-law.de", d7, "4YZb6m1Lqcz2Wd"),
                       dkim_domain="taunus-datentechnik.de", enc="base64", thread_index="AdtnQjFhbWVuZG1lbnQxbXNh", mailer="Microsoft Outlook 16.0"),
        matter="E07", ref="FFM-2024-0377", cat="inbox", dt="email", title="Amendment No. 1 – MSA Cirrus – signed", parties=["taunus"], lang="de",
        date="2025-01-16", rel={"references": [SL]},
        notes="client's forward; carries Amendment No. 1 (attachment_of); the forwarded original is not on the share (no responds_to); references: 'den Side Letter' (title alone, unique in the matter)")
    rel_add(AM1, "attachment_of", EM7)
    return {"MSA": MSA}


# ================================================================== loose files: top level, knowledge, templates
def loose():
    inv = [LH_FFM, ("p", "Taunus Datentechnik AG\nRechtsabteilung – Herrn Dr. Sven Aulich\nHanauer Landstraße 291\n60314 Frankfurt am Main"),
           ("r", "Frankfurt am Main, 30. Juni 2025"), ("title", "Rechnung"),
           ("p", "Rechnungs-Nr.: RE-2025-0219\nUnser Zeichen: FFM-2024-0377\nLeistungszeitraum: 1. April bis 30. Juni 2025"),
           ("table", [["Datum", "Leistung", "Std.", "EUR"], ["10.04.2025", "MoU Mainfeld Hosting", "3,5", "1.680,00"],
                      ["16.05.2025", "Memorandum Kündigung Rechenzentrum Kleyerstraße", "6,0", "2.880,00"],
                      ["02.06.2025", "Entwurf Asset Purchase Agreement Mainfeld", "11,5", "5.520,00"],
                      ["", "Honorar netto", "21,0", "10.080,00"], ["", "zzgl. 19 % USt.", "", "1.915,20"], ["", "Rechnungsbetrag", "", "11.995,20"]]),
           ("p", "Bitte überweisen Sie den Betrag bis 14. Juli 2025 auf unser Konto bei der Frankfurter Volksbank, IBAN DE27 2005 0550 1234 5678 90. USt-IdNr. DE 298 441 730.")]
    put_lo("Rechnung RE-2025-0219.pdf", docx(inv, date="2025-06-30", author="Buchhaltung BOL"), "pdf", matter="E07", ref="FFM-2024-0377",
           cat="top_level", dt="invoice", title="Rechnung", parties=["firm_bol", "taunus"], lang="de", date="2025-06-30",
           notes="trap: the invoice number RE-2025-0219 carries the digits of matter HH-2025-0219 (E04); the matter is named only in the text ('Unser Zeichen: FFM-2024-0377'); line items name work but no document is answered as referenced")
    zr = [LH_HH, ("p", "Nordhafen Industrie Holding GmbH\nHerrn Dr. Malte Wessels\nAm Sandtorkai 48\n20457 Hamburg"), ("r", "Hamburg, 30. April 2025"),
          ("title", "Zwischenrechnung Nr. 25-10441"), ("p", "Unser Zeichen: HH-2025-0173 – Projekt Nordlicht\nIhre Kunden-Nr. 40173"),
          ("p", "Für unsere Tätigkeit im Zeitraum 14. Januar bis 30. April 2025 berechnen wir gemäß Mandatsvereinbarung vom 14. Januar 2025 und dem beigefügten Leistungsnachweis:"),
          ("table", [["Honorar (26,5 Stunden)", "11.810,00"], ["Auslagen (Handelsregister, Kurier)", "146,50"], ["Zwischensumme", "11.956,50"],
                     ["19 % USt.", "2.271,74"], ["Gesamtbetrag", "14.228,24"]]),
          ("p", "Zahlbar bis 14. Mai 2025 auf IBAN DE27 2005 0550 1234 5678 90.")]
    put_lo("Zwischenrechnung 25-10441.pdf", docx(zr, date="2025-04-30", author="Buchhaltung BOL"), "pdf", matter="E01", ref="HH-2025-0173",
           cat="top_level", dt="invoice", title="Zwischenrechnung Nr. 25-10441", parties=["firm_bol", "nordhafen"], lang="de", date="2025-04-30",
           rel={"references": [f"{F1}/01 Korrespondenz/2025-01-14 Mandatsvereinbarung Nordhafen.docx", f"{F1}/Leistungsnachweis HH-2025-0173 Q1-Q2 2025.xlsx"]},
           notes="top-level interim invoice naming its matter in the text; references: 'Mandatsvereinbarung vom 14. Januar 2025', 'dem beigefügten Leistungsnachweis' (the time sheet)")
    rows = [["Fristenliste 2025 – Hamburg / Frankfurt / London", "", "", "", ""],
            ["Frist", "Akte", "Sache", "Vorgang", "Verantwortlich"],
            ["26.03.2025", "0412/24 Br", "Elbwerft ./. Lüneburger Stahlbau, LG Hamburg 3 O 123/25", "WV Klageerwiderung", "HB"],
            ["31.03.2025", "HH-2025-0219", "Elbwerft Mietvertrag Werfthalle 5", "Entwurf 2. Nachtrag an Vermieterin", "HB"],
            ["03.04.2025", "LDN-2025-0031", "Lumen Robotics Series A", "Notartermin Kapitalerhöhung", "AO"],
            ["27.05.2025", "0412/24 Br", "Elbwerft ./. Lüneburger Stahlbau", "Mündliche Verhandlung, Saal B 217", "HB"],
            ["30.06.2025", "FFM-2024-0377", "Taunus / Mainfeld", "Ende Exklusivität MoU", "JL"],
            ["30.06.2026", "FFM-2024-0377", "Taunus / Hansa Grundbesitz", "Mietende RZ Kleyerstraße (Kündigung v. 12.05.2025)", "JL"]]
    put("Fristenliste 2025.xlsx", xlsx_bytes([("Fristen", rows)], "2025-05-20", title="Fristenliste 2025", creator="Kerstin Oltmanns"),
        matter=None, ref=None, cat="top_level", dt="checklist", title="Fristenliste 2025 – Hamburg / Frankfurt / London", parties=[], lang="de",
        date="2025-05-20", notes="deadline list naming four matters: belongs to none")
    ma = [LH_HH, ("title", "Mandanteninformation 1/2025"), ("b", "Karenzentschädigung für Geschäftsführer – was nach dem BGH-Urteil vom 18. Juni 2024 gilt"),
          ("p", "Nachvertragliche Wettbewerbsverbote mit Geschäftsführern einer GmbH unterliegen nicht den §§ 74 ff. HGB. Der Bundesgerichtshof hat jedoch mit Urteil vom 18. Juni 2024 (II ZR 41/23) bekräftigt, dass ein Verbot ohne Entschädigung nur wirksam ist, soweit es dem Schutz berechtigter Interessen der Gesellschaft dient und Ort, Zeit und Gegenstand nicht unbillig erschwert."),
          ("p", "Praxishinweis: Verzichtet die Gesellschaft im Aufhebungsvertrag auf das Wettbewerbsverbot, entfällt regelmäßig auch die Entschädigung – es sei denn, der Dienstvertrag sieht eine Karenzfrist für den Verzicht vor."),
          ("p", "Ansprechpartnerin: Dr. Mira Castellanos, Fachanwältin für Arbeitsrecht, Hamburg, T +49 40 3290 6610")]
    JD = "Wissen/Rechtsprechung/BGH II ZR 41-23.pdf"
    put("Mandanteninformation 1-2025 Karenzentschädigung.docx", docx(ma, date="2025-02-20", author="Dr. Mira Castellanos"), matter=None, ref=None,
        cat="top_level", dt="client_alert", title="Mandanteninformation 1/2025", parties=[], lang="de", date="2025-02-20", rel={"references": [JD]},
        notes="client alert; references the judgment kept in the knowledge folder ('Urteil vom 18. Juni 2024 (II ZR 41/23)'); the court file number is a phantom, not a matter")
    jd = [("c", "BUNDESGERICHTSHOF"), ("c", "IM NAMEN DES VOLKES"), ("title", "URTEIL"), ("c", "II ZR 41/23"), ("c", "Verkündet am: 18. Juni 2024"),
          ("p", "in dem Rechtsstreit"), ("p", "K. GmbH, vertreten durch den Geschäftsführer, – Beklagte und Revisionsklägerin –"), ("p", "gegen"),
          ("p", "Dr. M. L., – Klägerin und Revisionsbeklagte –"),
          ("p", "Leitsatz: Ein nachvertragliches Wettbewerbsverbot in einem Geschäftsführer-Dienstvertrag, das ohne Karenzentschädigung über den Schutz des Kundenstamms hinausgeht, ist nach § 138 BGB nichtig, soweit es den Geschäftsführer in seiner Berufsausübung unbillig erschwert."),
          ("p", "Tenor: Die Revision der Beklagten gegen das Urteil des 11. Zivilsenats des Oberlandesgerichts Frankfurt am Main vom 9. Februar 2023 (11 U 77/22) wird auf ihre Kosten zurückgewiesen."),
          ("p", "Von Rechts wegen")]
    put_lo(JD, docx(jd, date="2024-06-18", author="juris"), "pdf", matter=None, ref=None, cat="top_level", dt="judgment", title="URTEIL",
           parties=[], lang="de", date="2024-06-18", notes="anonymised published judgment in the knowledge folder (parties anonymised: none answered); court file numbers are phantoms")
    nd = [("title", "Vertraulichkeitsvereinbarung"), ("c", "[Muster – Stand November 2023 – bitte Klammern ausfüllen]"),
          ("p", "zwischen [Name], [Anschrift] („Offenlegende Partei“) und [Name], [Anschrift] („Empfangende Partei“)"),
          ("p", "§ 1 Vertrauliche Informationen sind alle Informationen, die die Offenlegende Partei im Zusammenhang mit [Vorhaben] zugänglich macht."),
          ("p", "§ 2 Die Empfangende Partei verwendet vertrauliche Informationen ausschließlich für [Zweck]."),
          ("p", "§ 3 Vertragsstrafe: Für jeden Fall der schuldhaften Zuwiderhandlung EUR [●], unter Ausschluss der Einrede des Fortsetzungszusammenhangs."),
          ("p", "§ 4 Laufzeit [zwei] Jahre; deutsches Recht; Gerichtsstand [Hamburg].")]
    put("Vorlagen/Muster NDA (deutsch).docx", docx(nd, date="2023-11-02", author="Dr. Henrik Brandt"), matter=None, ref=None, cat="top_level", dt="nda",
        title="Vertraulichkeitsvereinbarung", parties=[], lang="de", date="2023-11-02", notes="firm template with placeholders; no matter, no parties")


# ================================================================== main
def main(out: Path):
    e1 = e01()
    e02(e1)
    e03()
    nachtrag_chain = e04()
    av_chain = e05()
    thread6 = e06()
    e07()
    e08()
    loose()
    for path, data in soffice_convert(JOBS).items():
        FILES[path] = data
        ANS[path] = PENDING.pop(path)
    assert not PENDING, PENDING
    chains = [[e1["V1"], e1["V2"], e1["V3"]], av_chain, nachtrag_chain]
    threads = [[e1["E1A"], e1["E1B"]], thread6]
    for path, a in ANS.items():
        for kind, targets in a["relations"].items():
            for t in targets:
                assert t in ANS and t != path, (path, kind, t)
        a["relations"] = {k: a["relations"][k] for k in KIND if a["relations"].get(k)}
    answers = {
        "estate": "E", "seed": SEED, "generator": "knowledge_index_tests/evaluation_e/estate_e.py",
        "firm": FIRM, "matters": MATTERS, "companies": COMPANIES, "homonyms": [["hansa_hh", "hansa_ffm"]],
        "phantom_numbers": [{"kind": k, "text": t} for k, t in PHANTOMS],
        "chains": chains, "threads": threads,
        "files": {p: ANS[p] for p in sorted(ANS)},
    }
    files_dir = out / "files"
    if files_dir.exists():
        shutil.rmtree(files_dir)
    for path, data in sorted(FILES.items()):
        target = files_dir / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data)
    (out / "answers.json").write_text(json.dumps(answers, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    print(f"estate E: {len(FILES)} files -> {out}")


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else HERE / "estate_e")
