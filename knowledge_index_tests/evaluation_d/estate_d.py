"""Estate D: a generated file share of Kessler Haldimann (München / Zürich) with known answers.

Written from how law-firm estates vary in the way they cite, annex, amend and answer documents and
in how negotiated changes are marked up, not from any product's code. Deterministic: fixed seed,
fixed dates, fixed zip times; PDF prints and the .odt are LibreOffice conversions with their
volatile bytes pinned; scans are Pillow images.

    python -m knowledge_index_tests.evaluation_d.estate_d [OUT_DIR]
"""

from __future__ import annotations

import email.utils
import json
import random
import shutil
import sys
from datetime import datetime, timedelta, timezone
from pathlib import Path

from knowledge_index_tests.evaluation_d._writers_d import (Doc, eml_bytes, scan_pdf, scan_raster, soffice_convert,
                                                           xlsx_bytes)

SEED = 20250503
HERE = Path(__file__).resolve().parent
RNG = random.Random(SEED)

FILES: dict[str, bytes] = {}
ANS: dict[str, dict] = {}
JOBS: list[tuple] = []          # LibreOffice conversions: (src, ext, target, path, date)
PENDING: dict[str, dict] = {}   # answers of files whose bytes come from LibreOffice

# ------------------------------------------------------------------ firm, companies, matters
FIRM = {"name": "Kessler Haldimann Rechtsanwälte PartG mbB", "register": "PR 1874", "company": "firm_kh",
        "natural_person": False,
        "aliases": ["Kessler Haldimann", "KH", "Kessler Haldimann AG", "KESSLER HALDIMANN"]}


def _co(key, name, register, aliases, natural=False):
    return key, {"name": name, "register": register, "company": key, "natural_person": natural, "aliases": aliases}


COMPANIES = dict([
    ("firm_kh", FIRM),
    _co("voralp", "Voralp Holding AG", "CHE-109.334.871", ["Voralp"]),
    _co("bidco", "Voralp Deutschland BidCo GmbH", "HRB 291877", ["Voralp BidCo", "BidCo"]),
    _co("hartwig", "Hartwig Beteiligungs GmbH", "HRB 108877", ["Hartwig"]),
    _co("seeland", "Seeland Kreditbank AG", "HRB 381204", ["Seeland Kreditbank", "Seeland"]),
    _co("lindqvist", "Lindqvist Logistik GmbH", "HRB 244190", ["Lindqvist"]),
    _co("isarpark", "Isarpark Immobilien GmbH & Co. KG", "HRA 109923", ["Isarpark Immobilien", "Isarpark"]),
    _co("mayr", "Mayr Regaltechnik GmbH", "FN 318822 h", ["Mayr Regaltechnik", "Mayr"]),
    _co("traunsee", "Traunsee Software GmbH", "FN 447120 s", ["Traunsee Software", "Traunsee"]),
    _co("zollinger", "Zollinger Treuhand AG", "CHE-214.553.900", ["Zollinger"]),
    _co("adler", "Dr. Henrike Adler", None, ["Henrike Adler", "Frau Dr. Adler"], natural=True),
    _co("brunnthal", "Brunnthal Medizintechnik GmbH", "HRB 201455", ["Brunnthal Medizintechnik", "Brunnthal"]),
    _co("brunnthal_holding", "Brunnthal Holding GmbH", "HRB 201388", ["Brunnthal Holding"]),
])

F1 = "Akten/20417 Voralp Holding/20417.003 Projekt Enzian - Erwerb Sigmatech"
F2 = "Akten/20417 Voralp Holding/20417.005 Akquisitionsfinanzierung Enzian"
F3 = "Akten/31152 Lindqvist Logistik/31152.001 Mietvertrag Lager Garching"
F4 = "Akten/31152 Lindqvist Logistik/31152.004 Lindqvist gg. Mayr Regaltechnik"
F5 = "ZH/Mandate/40388-002_Traunsee_Lizenz_Zollinger"
F6 = "Akten/52210 Adler, Dr. Henrike/52210.001 Aufhebung GF-Vertrag Brunnthal"
SCANS = "_Eingang Scanner"

MATTERS = {
    "D01": {"reference": "20417.003", "reference_forms": ["20417.003", "20417/003"],
            "title": "Projekt Enzian – Erwerb Sigmatech GmbH", "title_forms": ["Projekt Enzian", "Project Enzian", "Erwerb Sigmatech"],
            "client": "voralp", "folders": [F1], "folder": F1},
    "D02": {"reference": "20417.005", "reference_forms": ["20417.005", "20417/005"],
            "title": "Akquisitionsfinanzierung Enzian", "title_forms": ["Akquisitionsfinanzierung Enzian", "Acquisition financing Enzian", "Senior Facility Agreement Seeland"],
            "client": "voralp", "folders": [F2], "folder": F2},
    "D03": {"reference": "31152.001", "reference_forms": ["31152.001", "31152/001"],
            "title": "Mietvertrag Lager Garching", "title_forms": ["Mietvertrag Lager Garching", "Daimlerstraße 14 Garching", "Nachtrag Nr. 2 Halle C"],
            "client": "lindqvist", "folders": [F3], "folder": F3},
    "D04": {"reference": "31152.004", "reference_forms": ["31152.004", "31152/004"],
            "title": "Lindqvist gg. Mayr Regaltechnik", "title_forms": ["Lindqvist gg. Mayr Regaltechnik", "Lindqvist ./. Mayr Regaltechnik", "Mayr Regaltechnik Lieferstreit"],
            "client": "lindqvist", "folders": [F4], "folder": F4},
    "D05": {"reference": "40388.002", "reference_forms": ["40388.002", "40388-002"],
            "title": "Traunsee – Lizenz Zollinger", "title_forms": ["Traunsee Lizenz Zollinger", "Traunsee / Zollinger", "Licence Zollinger"],
            "client": "traunsee", "folders": [F5], "folder": F5},
    "D06": {"reference": "52210.001", "reference_forms": ["52210.001"],
            "title": "Aufhebung GF-Vertrag Brunnthal", "title_forms": ["Aufhebung GF-Vertrag Brunnthal", "Aufhebung Geschäftsführervertrag Dr. Adler", "Dr. Adler / Brunnthal"],
            "client": "adler", "folders": [F6], "folder": F6},
}

PHANTOMS = [
    ("notarial_deed", "UR-Nr. 233/2025"), ("court_file", "12 O 4471/25"), ("court_file", "XII ZR 114/16"),
    ("hrb", "HRB 108877"), ("hrb", "HRB 734512"), ("hrb", "HRB 291877"), ("hrb", "HRB 381204"), ("hrb", "HRB 244190"),
    ("hrb", "HRA 109923"), ("hrb", "HRB 201455"), ("hrb", "HRB 201388"), ("fn", "FN 318822 h"), ("fn", "FN 447120 s"),
    ("uid_ch", "CHE-109.334.871"), ("uid_ch", "CHE-214.553.900"), ("register", "PR 1874"),
    ("iban", "DE44 6205 0000 0012 3456 78"), ("iban", "DE91 7002 0270 0015 2204 17"),
    ("invoice_number", "2025-0612"), ("invoice_number", "BK-2024-0412"), ("customer_number", "Kundennummer 20417"),
    ("counterparty_ref", "ST/hk 2025-117"), ("counterparty_ref", "LF-2025-0388"), ("counterparty_ref", "P/MR 25/0047"),
    ("order_number", "PO-LQ-2023-041"), ("land_register", "Grundbuch von Garching Blatt 4471"),
    ("delivery_note", "2023-0917"), ("licence_plate", "M-BM 2021"), ("postal_code", "80539 München"),
    ("postal_code", "8002 Zürich"), ("postal_code", "85748 Garching"), ("phone", "+49 89 2109 440"), ("phone", "+41 44 508 71 00"),
    ("vat_id", "DE 318 447 102"), ("section", "§ 34 EStG"),
]

# ------------------------------------------------------------------ helpers
LH_M = ("s", "KESSLER HALDIMANN · Rechtsanwälte PartG mbB · Maximilianstraße 31 · 80539 München · T +49 89 2109 440 · www.kessler-haldimann.com")
LH_Z = ("s", "KESSLER HALDIMANN AG · Rechtsanwälte · Bleicherweg 18 · 8002 Zürich · T +41 44 508 71 00")

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


def put_pdf(path, docx_data, **a):
    """A PDF printed by LibreOffice from docx bytes (the docx itself may or may not be in the estate)."""
    assert path not in FILES and path not in PENDING, path
    JOBS.append((docx_data, "docx", "pdf", path, a["date"]))
    PENDING[path] = answer(path, **a)


def put_odt(path, docx_data, **a):
    JOBS.append((docx_data, "docx", "odt", path, a["date"]))
    PENDING[path] = answer(path, **a)


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
            out.append(("p", b[1]))
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


def rfc_date(y, mo, d, h, mi, tz=2):
    return email.utils.format_datetime(datetime(y, mo, d, h, mi, 17, tzinfo=timezone(timedelta(hours=tz))))


def hops_in(sender_host, ip, rcpt, date, qid):
    return (f"from {sender_host} ({sender_host} [{ip}])\r\n\tby mx01.kessler-haldimann.com (Postfix) with ESMTPS id {qid}\r\n\tfor <{rcpt}>; {date}",
            f"from localhost (localhost [127.0.0.1])\r\n\tby {sender_host} (Postfix) with ESMTP id {qid[::-1][:10]}; {date}")


def hops_out(date, n=1544):
    return (f"from KH-EXCH02.kh.local (10.20.1.16) by KH-EXCH01.kh.local (10.20.1.15) with Microsoft SMTP Server\r\n\t(version=TLS1_2, cipher=TLS_ECDHE_RSA_WITH_AES_256_GCM_SHA384) id 15.2.{n}.4; {date}",)


def mime_of(name):
    return {"docx": "application/vnd.openxmlformats-officedocument.wordprocessingml.document", "pdf": "application/pdf",
            "xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"}[name.rsplit(".", 1)[1]]


# ================================================================== D01 Projekt Enzian (SPA)
JA = ("Dr. Jonas Albrecht", "JA")
MK = ("Dr. Martina Kessler", "MK")


def spa_blocks(ver):
    head = {1: "KH Draft 1 – 4 March 2025 – subject to review by Voralp",
            2: "KH mark-up of 2 April 2025 against KH Draft 1 of 4 March 2025 – reflecting the Seller's comments of 28 March 2025 – privileged & confidential",
            3: "Draft 3 – agreed form – 28 April 2025"}[ver]
    ja = ("Dr. Jonas Albrecht", "JA", "2025-04-02T11:20:00Z")
    mk = ("Dr. Martina Kessler", "MK", "2025-04-02T16:05:00Z")
    return [
        ("s", head),
        ("title", "Share Purchase Agreement"),
        ("c", "relating to all shares in Sigmatech GmbH, Stuttgart"),
        ("p", "between"),
        ("p", "(1) Hartwig Beteiligungs GmbH, a limited liability company under German law with its registered office in Heilbronn, registered with the commercial register of the local court of Stuttgart under HRB 108877 (the “Seller”),"),
        ("p", "(2) Voralp Deutschland BidCo GmbH, a limited liability company under German law with its registered office in Munich, registered with the commercial register of the local court of Munich under HRB 291877 (the “Purchaser”),"),
        ("p", "and, for the purposes of Clause 16 only, (3) Voralp Holding AG, Zug, Switzerland (CHE-109.334.871) (the “Purchaser Guarantor”)."),
        ("h", "Preamble"),
        ("p", "(A) The Seller holds all shares in Sigmatech GmbH, registered with the commercial register of the local court of Stuttgart under HRB 734512, with a share capital of EUR 100,000 (the “Company”). The Company develops and manufactures sensor modules for industrial refrigeration."),
        ("p", "(B) The Seller wishes to sell and the Purchaser wishes to purchase all shares in the Company on the terms of this Agreement."),
        ("h", "1 Definitions"),
        ("p", "1.1 In this Agreement “Closing Date” means the date on which all Closing Conditions are satisfied and the Purchase Price has been paid; “Locked Box Date” means 31 December 2024; “Locked Box Accounts” means the balance sheet of the Company as at the Locked Box Date attached as Schedule 1."),
        ("h", "2 Sale and Transfer"),
        ("p", "2.1 The Seller hereby sells to the Purchaser the shares in the Company with the serial numbers 1 to 100,000 (the “Sold Shares”) together with all rights attached to them, including the right to profits not yet distributed."),
        ("p", "2.2 The Seller hereby assigns the Sold Shares to the Purchaser subject to the condition precedent of the payment of the Purchase Price. The Purchaser accepts the assignment."),
        ("h", "3 Purchase Price; Locked Box"),
        ("p", "3.1 The purchase price for the Sold Shares amounts to EUR 38,400,000 (in words: thirty-eight million four hundred thousand euros) (the “Purchase Price”)."),
        ("p", "3.2 The Purchase Price shall be paid on the Closing Date to the Seller's account with Kreissparkasse Heilbronn, IBAN DE44 6205 0000 0012 3456 78."),
        ("p", "3.3 The Seller guarantees that between the Locked Box Date and the Closing Date no Leakage has occurred or will occur other than Permitted Leakage."),
        ("red", [("t", "3.4 “Permitted Leakage” means payments of salaries and other employee benefits in the ordinary course of business"),
                 ("ins", " and management fees paid to the Seller under the management services agreement dated 1 July 2021, not exceeding EUR 150,000 in aggregate"),
                 ("t", ".")],
         M("Clause 3.4", "price_adjustment", "counterparty_request", "modified",
           "Seller's letter of 28 March, item 4: management fees to be Permitted Leakage. Accepted, but capped at EUR 150k (= fees budgeted until June).", ja)),
        ("h", "4 Closing Conditions"),
        ("p", "4.1 The obligation of the Parties to close is subject to merger control clearance by the German Federal Cartel Office (Bundeskartellamt) or the expiry of the waiting period under Section 40(1) of the German Act against Restraints of Competition."),
        ("p", "4.2 If the Closing Conditions have not been satisfied by 31 October 2025, either Party may withdraw from this Agreement by written notice."),
        ("h", "5 Closing"),
        ("p", "5.1 Closing shall take place at the offices of Kessler Haldimann, Maximilianstraße 31, Munich, on the fifth Business Day after the satisfaction of the Closing Conditions."),
        ("h", "6 Seller's Guarantees"),
        ("p", "6.1 The Seller guarantees to the Purchaser by way of an independent guarantee (selbständiges Garantieversprechen) within the meaning of Section 311(1) of the German Civil Code that the statements set out in Schedule 3 are true and correct on the date of this Agreement and on the Closing Date, save as fairly disclosed in the Disclosure Letter attached as Schedule 2."),
        ("h", "7 Tax Indemnity"),
        ("p", "7.1 The Seller shall indemnify the Purchaser against all Taxes of the Company relating to periods ending on or before the Locked Box Date to the extent not provided for in the Locked Box Accounts."),
        ("h", "8 Remedies"),
        ("p", "8.1 If a Seller's Guarantee is incorrect, the Seller shall put the Purchaser or, at the Purchaser's election, the Company into the position it would have been in had the Seller's Guarantee been correct; where this is impossible or not achieved within 30 Business Days, the Seller shall pay damages in cash."),
        ("h", "9 Limitations of Liability"),
        ("p", "9.1 The Seller shall not be liable for any claim unless the amount of that claim exceeds EUR 40,000 (de minimis) and the aggregate amount of all such claims exceeds EUR 250,000 (basket), in which case the Seller shall be liable for the entire amount and not only the excess."),
        ("red", [("t", "9.2 The aggregate liability of the Seller for all claims under this Agreement other than claims under Clause 7 shall not exceed "),
                 ("del", "50 per cent."), ("ins", "30 per cent."), ("t", " of the Purchase Price.")],
         M("Clause 9.2", "liability_cap", "client_instruction", "modified",
           "R. Caduff (call 1 April): Voralp can live with 30 % but not with the 15 % in the Seller's letter. Do not go below 30 % without his approval.", ja)),
        ("p", "9.3 The limitations in Clauses 9.1 and 9.2 shall not apply in the case of wilful misconduct (Vorsatz) or fraudulent misrepresentation."),
        ("p", "9.4 The Purchaser shall notify the Seller in writing of any claim within 30 Business Days after becoming aware of the facts giving rise to it."),
        ("red", [("t", "9.5 Claims for breach of a Seller's Guarantee shall become time-barred "), ("del", "36 months"), ("ins", "24 months"),
                 ("t", " after the Closing Date; claims under Clause 7 shall become time-barred six months after the relevant tax assessment has become final and binding.")],
         M("Clause 9.5", "limitation_period", "commercial_compromise", "modified",
           "Seller offered 12 months, we had 36 – 24 months as the middle ground; tax claims unchanged.", ja)),
        ("h", "10 Purchaser's Guarantees"),
        ("p", "10.1 The Purchaser guarantees that it is duly incorporated and has the corporate power and authority to enter into and perform this Agreement."),
        ("h", "11 Restrictive Covenants"),
        ("red", [("del", "11.1 [Non-compete: scope to be confirmed by Voralp.]"),
                 ("ins", "11.1 For a period of two years after the Closing Date the Seller shall not, directly or indirectly, engage in or acquire an interest in any business that competes with the business of the Company in Germany, Austria or Switzerland.")],
         M("Clause 11.1", "non_compete", "unstated", "modified")),
        ("p", "11.2 For the same period the Seller shall not solicit any managing director or employee of the Company with an annual gross salary above EUR 90,000."),
        ("h", "12 Confidentiality; Announcements"),
        ("p", "12.1 No Party shall make any announcement relating to this Agreement without the prior written consent of the other Parties, save as required by law or the rules of any stock exchange."),
        ("h", "13 Notices"),
        ("p", "13.1 All notices shall be in writing and in English and sent to the Seller c/o Staiger Loos Rechtsanwälte, Königstraße 40, 70173 Stuttgart, and to the Purchaser c/o Kessler Haldimann, Maximilianstraße 31, 80539 München."),
        ("h", "14 Costs and Taxes"),
        ("p", "14.1 Each Party shall bear its own costs and the costs of its advisers."),
        ("p", "14.2 Any transfer taxes arising from this Agreement shall be borne by the Purchaser."),
        ("red", [("t", "14.3 The notarial fees for the recording of this Agreement and the fees for the merger control filing shall be borne "),
                 ("del", "by the Purchaser"), ("ins", "by the Seller and the Purchaser in equal shares"), ("t", ".")],
         M("Clause 14.3", "costs", "unstated", "modified", "To do: ask Dr. Reiff's office for the fee estimate before this goes out.", mk, todo=True)),
        ("h", "15 Governing Law; Dispute Resolution"),
        ("p", "15.1 This Agreement shall be governed by the laws of the Federal Republic of Germany, excluding the UN Convention on Contracts for the International Sale of Goods."),
        ("red", [("t", "15.2 All disputes arising out of or in connection with this Agreement shall be "),
                 ("del", "submitted to the exclusive jurisdiction of the courts of Munich"),
                 ("ins", "finally settled under the Arbitration Rules of the German Arbitration Institute (DIS) without recourse to the ordinary courts; the seat of the arbitration shall be Zurich, Switzerland, and the language of the proceedings English"),
                 ("t", ".")],
         M("Clause 15.2", "dispute_resolution", "commercial_compromise", "modified",
           "Seller insists on DIS arbitration; agreed with Staiger on 31 March: DIS rules, but Swiss seat – acceptable to Voralp.", mk)),
        ("h", "16 Purchaser Guarantor"),
        ("p", "16.1 The Purchaser Guarantor guarantees to the Seller the due payment of the Purchase Price by the Purchaser."),
        ("h", "List of Schedules"),
        ("p", "Schedule 1 – Locked Box Accounts"),
        ("p", "Schedule 2 – Disclosure Letter"),
        ("p", "Schedule 3 – Seller's Guarantees"),
        ("sig", ["Hartwig Beteiligungs GmbH", "Voralp Deutschland BidCo GmbH", "Voralp Holding AG"]),
    ]


def d01():
    # engagement letter
    b = [LH_M, ("p", "Voralp Holding AG\nHerrn Reto Caduff, CFO\nBaarerstrasse 21\n6300 Zug\nSchweiz"), ("r", "München, 20. Februar 2025"),
         ("p", "Unser Zeichen: 20417.003 MK/sb"), ("title", "Mandatsvereinbarung"),
         ("b", "Projekt Enzian – Erwerb sämtlicher Geschäftsanteile an der Sigmatech GmbH, Stuttgart"),
         ("p", "Sehr geehrter Herr Caduff,"),
         ("p", "wir danken Ihnen für das Vertrauen und bestätigen die Übernahme des Mandats. Gegenstand ist die rechtliche Beratung der Voralp Holding AG und ihrer Erwerbsgesellschaft Voralp Deutschland BidCo GmbH beim Erwerb der Sigmatech GmbH von der Hartwig Beteiligungs GmbH, einschließlich Legal Due Diligence, Verhandlung des Kaufvertrags, Beurkundung und Vollzug. Die Akquisitionsfinanzierung führen wir als gesondertes Mandat (Akte 20417.005)."),
         ("p", "Wir rechnen nach Zeitaufwand ab: Partner EUR 520, Counsel EUR 450, Associates EUR 330 je Stunde, jeweils zzgl. Auslagen. Für die Phase bis Signing schätzen wir den Aufwand auf EUR 140.000 bis 180.000; eine Überschreitung zeigen wir frühzeitig an. Ihre Kundennummer 20417 bitten wir bei Zahlungen anzugeben."),
         ("p", "Unsere Haftung für Fälle einfacher Fahrlässigkeit ist auf EUR 5.000.000 je Schadensfall begrenzt. Es gelten im Übrigen unsere beigefügten Allgemeinen Mandatsbedingungen (Stand Januar 2025)."),
         ("p", "Mit freundlichen Grüßen"), ("p", "Dr. Martina Kessler"),
         ("p", "Einverstanden: ____________________  Voralp Holding AG")]
    put(f"{F1}/Korrespondenz/2025-02-20 Mandatsvereinbarung Voralp.docx", docx(b, date="2025-02-20", author="Sabine Brandl", title_prop="Mandatsvereinbarung"),
        matter="D01", ref="20417.003", cat="in_matter_folder", dt="engagement_letter", title="Mandatsvereinbarung",
        parties=["firm_kh", "voralp"], lang="de", date="2025-02-20")

    # SPA versions
    v1 = docx(spa_blocks(1), mode="base", lang="en-GB", date="2025-03-04", author="Dr. Jonas Albrecht", title_prop="SPA Sigmatech")
    v2b = spa_blocks(2)
    v2 = docx(v2b, mode="redline", lang="en-GB", date="2025-04-02", author="Dr. Jonas Albrecht", rev=("Dr. Jonas Albrecht", "2025-04-02T10:00:00Z"), title_prop="SPA Sigmatech")
    v3 = docx(spa_blocks(3), mode="clean", lang="en-GB", date="2025-04-28", author="Dr. Jonas Albrecht", title_prop="SPA Sigmatech")
    P1 = f"{F1}/Entwürfe/SPA Sigmatech v1 (KH-Entwurf 04.03.2025).docx"
    P2 = f"{F1}/Entwürfe/SPA Sigmatech v2 KH markup.docx"
    P3 = f"{F1}/Entwürfe/Kaufvertrag Sigmatech Stand 2025-04-28.docx"
    spa_parties = ["hartwig", "bidco", "voralp"]
    put(P1, v1, matter="D01", ref=None, cat="in_matter_folder", dt="share_purchase_agreement", title="Share Purchase Agreement",
        parties=spa_parties, lang="en", date="2025-03-04", notes="chain SPA 1/3; version named in file name and in the header line")
    put(P2, v2, matter="D01", ref=None, cat="in_matter_folder", dt="share_purchase_agreement", title="Share Purchase Agreement",
        parties=spa_parties, lang="en", date="2025-04-02", rel={"redline_of": [P1]}, decisions=decisions_of(v2b),
        notes="chain SPA 2/3; tracked changes against v1; comment on Clause 14.3 is a to-do (rationale unstated); Clause 11.1 uncommented")
    put(P3, v3, matter="D01", ref=None, cat="in_matter_folder", dt="share_purchase_agreement", title="Share Purchase Agreement",
        parties=spa_parties, lang="en", date="2025-04-28",
        notes="chain SPA 3/3; renamed file ('Kaufvertrag … Stand 2025-04-28'): the version is only in the date of the name and the header 'Draft 3'")
    put(f"{F1}/Entwürfe/Kaufvertrag Sigmatech Stand 2025-04-28 - Kopie.docx", v3, matter="D01", ref=None, cat="in_matter_folder",
        dt="share_purchase_agreement", title="Share Purchase Agreement", parties=spa_parties, lang="en", date="2025-04-28",
        rel={"duplicate_of": [P3]}, notes="duplicate_of: byte-identical Windows '- Kopie'")
    put_pdf(f"{F1}/Entwürfe/Kaufvertrag Sigmatech Stand 2025-04-28.pdf", v3, matter="D01", ref=None, cat="in_matter_folder",
            dt="share_purchase_agreement", title="Share Purchase Agreement", parties=spa_parties, lang="en", date="2025-04-28",
            rel={"near_duplicate_of": [P3]}, notes="near_duplicate_of: LibreOffice PDF print of the docx; attachment of the mail of 28 April")

    # Schedule 1 (xlsx) and Schedule 2 (Disclosure Letter)
    rows = [["Sigmatech GmbH – Balance sheet as at 31 December 2024 (audited)", "", ""],
            ["Position", "EUR", "Prior year EUR"],
            ["Intangible assets", 1812400, 1944100], ["Property, plant and equipment", 6120950, 5873300],
            ["Inventories", 4410220, 3988710], ["Trade receivables", 5230870, 4812400],
            ["Cash at bank", 3904115, 2701990], ["Total assets", 21478555, 19320500],
            ["Subscribed capital", 100000, 100000], ["Retained earnings", 11902310, 10644020],
            ["Provisions", 2310400, 2155800], ["Liabilities to banks", 4100000, 4400000],
            ["Trade payables", 3065845, 2020680], ["Total equity and liabilities", 21478555, 19320500]]
    put(f"{F1}/Signing/Schedule 1 - Locked Box Accounts.xlsx", xlsx_bytes([("Locked Box Accounts", rows)], "2025-04-28", creator="Hartwig Finance"),
        matter="D01", ref=None, cat="in_matter_folder", dt="financial_statement",
        title="Sigmatech GmbH – Balance sheet as at 31 December 2024 (audited)", parties=[], lang="en", date="2025-04-28",
        rel={"annex_of": [P3]},
        notes="annex_of: named only by number in the SPA's List of Schedules ('Schedule 1 – Locked Box Accounts') and in the file name; the sheet itself does not name the SPA")
    dl = [("title", "Schedule 2 (Disclosure Letter)"),
          ("c", "to the Share Purchase Agreement between Hartwig Beteiligungs GmbH and Voralp Deutschland BidCo GmbH relating to all shares in Sigmatech GmbH"),
          ("r", "Heilbronn, 30 April 2025"),
          ("p", "From: Hartwig Beteiligungs GmbH (the “Seller”)"), ("p", "To: Voralp Deutschland BidCo GmbH (the “Purchaser”)"),
          ("p", "1. This letter is the Disclosure Letter referred to in Clause 6.1 of the Share Purchase Agreement in the agreed form of 28 April 2025 (the “Agreement”). Terms defined in the Agreement have the same meaning here."),
          ("p", "2. General disclosures: the contents of the virtual data room “Enzian” as at 25 April 2025 (index attached on USB stick), the commercial register of the Company and all publicly available court records."),
          ("p", "3. Specific disclosures against Schedule 3: (a) Guarantee 3.7 (Material Contracts): the supply contract with Frigotherm S.p.A. may be terminated upon a change of control; (b) Guarantee 3.11 (Litigation): the claim of a former employee before the Labour Court Stuttgart (amount in dispute EUR 64,000); (c) Guarantee 3.14 (Environment): soil survey of 2019 for the Vaihingen site."),
          ("p", "4. No disclosure shall extend the Seller's liability beyond the Agreement."),
          ("sig", ["Hartwig Beteiligungs GmbH", "Acknowledged: Voralp Deutschland BidCo GmbH"])]
    DL = f"{F1}/Signing/Schedule 2 (Disclosure Letter).docx"
    put(DL, docx(dl, lang="en-GB", date="2025-04-30", author="Dr. Felix Staiger", title_prop="Disclosure Letter"),
        matter="D01", ref=None, cat="in_matter_folder", dt="disclosure_letter", title="Schedule 2 (Disclosure Letter)",
        parties=["hartwig", "bidco"], lang="en", date="2025-04-30", rel={"annex_of": [P3]},
        notes="annex_of: 'Schedule 2 (Disclosure Letter)'; its own heading names the SPA and 'the agreed form of 28 April 2025'")

    # notarial deed (scan)
    deed = [("p", "UR-Nr. 233/2025 R"), ("title", "Geschäftsanteilskauf- und Abtretungsvertrag"),
            ("p", "Verhandelt zu Stuttgart am 3. Mai 2025"),
            ("p", "Vor mir, dem unterzeichnenden Notar Dr. Bernhard Reiff mit dem Amtssitz in Stuttgart, erschienen heute:"),
            ("p", "1. Herr Dr. Matthias Hartwig, handelnd als einzelvertretungsberechtigter Geschäftsführer der Hartwig Beteiligungs GmbH mit Sitz in Heilbronn (Amtsgericht Stuttgart HRB 108877),"),
            ("p", "2. Frau Claudia Imhof, handelnd als Geschäftsführerin der Voralp Deutschland BidCo GmbH mit Sitz in München (Amtsgericht München HRB 291877) sowie aufgrund Vollmacht für die Voralp Holding AG, Zug."),
            ("p", "Die Erschienenen sind der englischen Sprache hinreichend kundig. Sie erklärten: Wir schließen den dieser Niederschrift als Anlage 1 beigefügten Share Purchase Agreement über sämtliche Geschäftsanteile an der Sigmatech GmbH (Amtsgericht Stuttgart HRB 734512) in der Fassung des Entwurfs vom 28. April 2025 (Draft 3), der den Erschienenen vorgelesen wurde."),
            ("p", "Der Notar hat auf die Anzeigepflicht gegenüber dem Finanzamt und auf die Einreichung einer neuen Gesellschafterliste nach Wirksamwerden der Abtretung hingewiesen."),
            ("p", "Vorgelesen, genehmigt und eigenhändig unterschrieben:"),
            ("p", "gez. Dr. M. Hartwig     gez. C. Imhof     gez. Dr. Reiff, Notar (L.S.)")]
    DEED = f"{F1}/Signing/UR-Nr. 233-2025 Beurkundung SPA (Scan).pdf"
    put(DEED, scan_pdf([lines_of(deed)], RNG, "2025-05-03"), matter="D01", ref=None, cat="in_matter_folder", dt="notarial_deed",
        title="Geschäftsanteilskauf- und Abtretungsvertrag", parties=["hartwig", "bidco"], lang="de", date="2025-05-03", text_layer=False,
        rel={"references": [P3]}, notes="image-only scan; references: the SPA 'in der Fassung des Entwurfs vom 28. April 2025 (Draft 3)' (title and date)")

    # board resolution (native PDF)
    vr = [("title", "Zirkularbeschluss des Verwaltungsrates der Voralp Holding AG"), ("c", "mit Sitz in Zug (CHE-109.334.871)"),
          ("p", "Die Mitglieder des Verwaltungsrates fassen im Zirkularverfahren gemäss Art. 713 Abs. 2 OR und Art. 18 der Statuten einstimmig folgende Beschlüsse:"),
          ("p", "1. Der Verwaltungsrat genehmigt den Abschluss des Share Purchase Agreement zwischen der Hartwig Beteiligungs GmbH als Verkäuferin, der Voralp Deutschland BidCo GmbH als Käuferin und der Gesellschaft als Garantin betreffend sämtliche Geschäftsanteile der Sigmatech GmbH, Stuttgart, in der Fassung des Entwurfs vom 28. April 2025 zu einem Kaufpreis von EUR 38,4 Mio."),
          ("p", "2. Der Verwaltungsrat genehmigt die Übernahme einer Garantie für die Verpflichtungen der Voralp Deutschland BidCo GmbH unter dem Senior Facility Agreement mit der Seeland Kreditbank AG in der Fassung der Anmerkungen von Kessler Haldimann vom 11. April 2025, begrenzt auf das frei verwendbare Eigenkapital der Gesellschaft, soweit gesetzlich erforderlich."),
          ("p", "3. Frau Claudia Imhof und Herr Reto Caduff werden je einzeln ermächtigt, die vorgenannten Verträge zu unterzeichnen und alle damit zusammenhängenden Erklärungen abzugeben."),
          ("p", "Zug, 30. April 2025"),
          ("sig", ["Dr. Andrea Zurfluh, Präsidentin", "Beat Ulrich", "Dr. Sandro Vasella"])]
    VR = f"{F1}/Signing/VR-Beschluss Voralp Zustimmung SPA.pdf"
    PENDING_REFS["VR"] = VR
    put_pdf(VR, docx(vr, lang="de-CH", date="2025-04-30", author="Voralp Legal", font="Times New Roman"), matter="D01", ref=None, cat="in_matter_folder",
            dt="shareholder_resolution", title="Zirkularbeschluss des Verwaltungsrates der Voralp Holding AG", parties=["voralp"], lang="de",
            date="2025-04-30", rel={"references": [P3, f"{F2}/Entwürfe/Facility Agreement - KH comments 11.04.2025.docx"]},
            notes="native PDF; references: board resolution citing the SPA it approves ('in der Fassung des Entwurfs vom 28. April 2025') and, across matters, the SFA 'in der Fassung der Anmerkungen … vom 11. April 2025'")

    # closing letter to client
    b = [LH_M, ("p", "Voralp Holding AG\nHerrn Reto Caduff\nBaarerstrasse 21\n6300 Zug"), ("r", "München, 6. Mai 2025"),
         ("p", "Unser Zeichen: 20417/003 MK/sb"),
         ("b", "Projekt Enzian – Beurkundung erfolgt, nächste Schritte bis Closing"),
         ("p", "Sehr geehrter Herr Caduff,"),
         ("p", "der Kaufvertrag über die Sigmatech GmbH wurde am vergangenen Samstag, 3. Mai 2025, vor Notar Dr. Bernhard Reiff in Stuttgart unter UR-Nr. 233/2025 beurkundet. Eine beglaubigte Abschrift der Urkunde erhalten Sie mit separater Post."),
         ("p", "Offen ist als einzige Vollzugsbedingung die Freigabe durch das Bundeskartellamt. Die Anmeldung haben wir am 5. Mai eingereicht; die Monatsfrist endet am 5. Juni 2025. Sobald die Freigabe vorliegt, stimmen wir mit Staiger Loos den Closing-Termin ab."),
         ("p", "Nach Zahlung des Kaufpreises wird der Notar die neue Gesellschafterliste beim Handelsregister einreichen. Bitte denken Sie daran, die Zahlungsfreigabe mit der Seeland Kreditbank rechtzeitig vorzubereiten."),
         ("p", "Mit freundlichen Grüßen"), ("p", "Dr. Martina Kessler")]
    put(f"{F1}/Korrespondenz/2025-05-06 Schreiben an Voralp - Beurkundung.docx", docx(b, date="2025-05-06", author="Sabine Brandl"),
        matter="D01", ref="20417/003", cat="in_matter_folder", dt="letter",
        title="Projekt Enzian – Beurkundung erfolgt, nächste Schritte bis Closing", parties=["voralp"], lang="de", date="2025-05-06",
        rel={"references": [DEED]}, notes="references: the deed by its notarial number ('UR-Nr. 233/2025') and date")

    # seller's counsel letter (native PDF)
    b = [("s", "STAIGER LOOS Rechtsanwälte PartG mbB · Königstraße 40 · 70173 Stuttgart"),
         ("p", "Kessler Haldimann\nDr. Jonas Albrecht\nMaximilianstraße 31\n80539 München"), ("r", "Stuttgart, 28 March 2025"),
         ("p", "Your ref.: 20417.003 – Our ref.: ST/hk 2025-117"),
         ("b", "Project Enzian – Sigmatech GmbH – Share Purchase Agreement"),
         ("p", "Dear Dr. Albrecht,"),
         ("p", "We refer to your draft of the Share Purchase Agreement of 4 March 2025 and, on behalf of our client Hartwig Beteiligungs GmbH, set out its principal comments. A full mark-up will follow once these points are agreed in principle."),
         ("p", "1. Liability cap (Clause 9.2): 50 per cent. of the Purchase Price is far outside the market for a business of this profile; our client proposes 15 per cent."),
         ("p", "2. Limitation (Clause 9.5): 36 months are not acceptable; warranty claims should become time-barred 12 months after Closing."),
         ("p", "3. Dispute resolution (Clause 15.2): our client requires arbitration under the DIS Rules instead of the courts of Munich."),
         ("p", "4. Permitted Leakage (Clause 3.4): the management fees payable to our client under the management services agreement of 1 July 2021 must be Permitted Leakage."),
         ("p", "5. Non-compete (Clause 11.1): our client is prepared to give a non-compete limited to two years and to the DACH region."),
         ("p", "We look forward to discussing these points on Monday, 31 March."),
         ("p", "Yours sincerely"), ("p", "Dr. Felix Staiger")]
    HL = f"{F1}/Korrespondenz/2025-03-28 Staiger Loos - Comments SPA.pdf"
    put_pdf(HL, docx(b, lang="en-GB", date="2025-03-28", author="hk", font="Georgia"), matter="D01", ref="20417.003", cat="in_matter_folder",
            dt="letter", title="Project Enzian – Sigmatech GmbH – Share Purchase Agreement", parties=["hartwig", "bidco"], lang="en",
            date="2025-03-28", rel={"references": [P1]},
            notes="native PDF from the other side; references: 'your draft of the Share Purchase Agreement of 4 March 2025' (other side's wording, title and date)")

    # file note (txt)
    t = ("AKTENVERMERK\n\nAkte: 20417.003 Projekt Enzian\nTelefonat mit Herrn Reto Caduff (CFO Voralp) am 01.04.2025, 16:30 - 17:05 Uhr\nTeilnehmer KH: Dr. Kessler, Dr. Albrecht\n\n"
         "1. Schreiben Staiger Loos vom 28.03.2025 besprochen (Kommentare zu unserem Entwurf vom 04.03.2025).\n"
         "2. Haftungshoechstbetrag: Herr Caduff kann mit 30 % des Kaufpreises leben, keinesfalls mit 15 %. Unter 30 % nur nach Ruecksprache mit ihm.\n"
         "3. Verjaehrung: 24 Monate vertretbar, wenn Steuerfreistellung unveraendert bleibt.\n"
         "4. Schiedsgericht DIS: akzeptabel, Sitz aber Zuerich (Verwaltungsrat will neutralen Ort).\n"
         "5. Management Fees als Permitted Leakage: ok bis EUR 150.000 (Budget bis Juni).\n"
         "6. Wettbewerbsverbot: 2 Jahre DACH genuegt.\n\n"
         "Naechster Schritt: Markup an Staiger Loos bis 02.04.2025 (JA).\n\ngez. JA, 01.04.2025\n")
    put(f"{F1}/Korrespondenz/Aktenvermerk Telefonat Caduff 2025-04-01.txt", t.encode("utf-8"), matter="D01", ref="20417.003",
        cat="in_matter_folder", dt="file_note", title="Aktenvermerk", parties=["voralp"], lang="de", date="2025-04-01",
        rel={"references": [HL, P1]},
        notes="ASCII transliteration (ae/oe/ue) as typed; references: 'Schreiben Staiger Loos vom 28.03.2025' and 'unserem Entwurf vom 04.03.2025' (our draft by date only)")
    return P1, P2, P3, DL, DEED, HL


PENDING_REFS: dict[str, str] = {}


# ================================================================== D02 acquisition financing (SFA)
def sfa_blocks(ver):
    head = {1: "Marquardt & Lenz draft 25.03.2025 – subject to credit approval and further review",
            2: "KH comments (Borrower/Guarantor) of 11.04.2025 on the Marquardt & Lenz draft of 25.03.2025",
            3: "Execution version"}[ver]
    fr = ("Fabian Roth", "FR", "2025-04-11T09:40:00Z")
    th = ("Thomas Haldimann", "TH", "2025-04-10T18:15:00Z")
    acq = ("the share purchase agreement to be entered into between Hartwig Beteiligungs GmbH as seller and the Borrower as purchaser in relation to the Acquisition."
           if ver < 3 else
           "the share purchase agreement dated 3 May 2025 between Hartwig Beteiligungs GmbH as seller and the Borrower as purchaser, recorded by notary Dr. Bernhard Reiff, Stuttgart, under roll no. UR-Nr. 233/2025.")
    return [
        ("s", head),
        ("title", "Senior Facility Agreement"),
        ("c", "dated [●] 2025" if ver < 3 else "dated 5 May 2025"),
        ("c", "for Voralp Deutschland BidCo GmbH as Borrower, with Voralp Holding AG as Guarantor, arranged by Seeland Kreditbank AG as Mandated Lead Arranger, Original Lender and Agent"),
        ("c", "EUR 26,000,000 Term Facility and EUR 4,000,000 Revolving Facility"),
        ("p", "THIS AGREEMENT is made between (1) Voralp Deutschland BidCo GmbH, Munich (HRB 291877, local court of Munich) (the “Borrower”); (2) Voralp Holding AG, Zug, Switzerland (the “Guarantor”); and (3) Seeland Kreditbank AG, Konstanz (HRB 381204, local court of Freiburg im Breisgau) as original lender (the “Original Lender”) and as agent (the “Agent”)."),
        ("h", "1 Definitions and Interpretation"),
        ("p", "1.1 “Acquisition” means the acquisition by the Borrower of all shares in Sigmatech GmbH, Stuttgart (the “Target”). “Acquisition Agreement” means " + acq),
        ("p", "“Permitted Acquisition” means the Acquisition and any acquisition approved in writing by the Majority Lenders."),
        ("h", "2 The Facilities"),
        ("p", "2.1 Subject to the terms of this Agreement, the Lenders make available to the Borrower (a) a euro term loan facility in an aggregate amount of EUR 26,000,000 (“Facility A”) and (b) a revolving credit facility in an aggregate amount of EUR 4,000,000."),
        ("h", "3 Purpose"),
        ("p", "3.1 The Borrower shall apply all amounts borrowed under Facility A towards financing the purchase price payable under the Acquisition Agreement and the costs of the Acquisition."),
        ("h", "4 Conditions of Utilisation"),
        ("p", "4.1 The Borrower may not deliver a Utilisation Request unless the Agent has received all documents listed in Schedule 2 (Conditions Precedent), including a legal opinion of Swiss counsel to the Guarantor as to capacity and authority."),
        ("h", "8 Prepayment and Cancellation"),
        ("p", "8.1 If it becomes unlawful for a Lender to fund or maintain its participation in a Loan, that Lender's Commitment shall be cancelled and the Borrower shall repay that Lender's participation."),
        ("red", [("t", "8.4 The Borrower may prepay the whole or any part of a Loan on five Business Days' prior notice. Any prepayment of Facility A made within "),
                 ("del", "24 months"), ("ins", "12 months"), ("t", " after the date of this Agreement shall be subject to a prepayment fee of "),
                 ("del", "1.00 per cent."), ("ins", "0.50 per cent."), ("t", " of the amount prepaid.")],
         M("Clause 8.4", "early_repayment", "commercial_compromise", "modified",
           "Agreed with S. Wetzel (call 9 April): 12 months / 50 bps, in exchange we keep the margin floor of 2.75 % in Clause 9.1.", fr)),
        ("h", "9 Interest"),
        ("p", "9.1 The rate of interest on each Loan is the aggregate of the applicable Margin and EURIBOR. The Margin is 3.25 per cent. per annum, subject to the margin ratchet in Schedule 8, but not less than 2.75 per cent. per annum."),
        ("h", "12 Tax Gross Up and Indemnities"),
        ("p", "12.1 Each Obligor shall make all payments without a Tax Deduction, unless a Tax Deduction is required by law."),
        ("p", "12.2 If a Tax Deduction is required by law to be made by an Obligor, the amount of the payment due from that Obligor shall be increased to an amount which leaves the Lender with an amount equal to the payment which would have been due if no Tax Deduction had been required."),
        ("red", [("t", "12.3 "),
                 ("ins", "A payment shall not be increased under Clause 12.2 by reason of a Swiss Withholding Tax if the Tax Deduction would not have been required had the Lender been a Swiss Qualifying Bank or had the Lender complied with Clause 27.3. "),
                 ("t", "The Agent shall notify the Borrower promptly upon becoming aware that a Tax Deduction is required.")],
         M("Clause 12.3", "tax_gross_up", "tax", "modified",
           "Swiss WHT: without this carve-out Voralp would gross up for lenders who breach the 10/20 Non-Bank Rules. Tax point – see KH Zürich note.", th)),
        ("h", "19 Guarantee and Indemnity"),
        ("p", "19.1 The Guarantor irrevocably and unconditionally guarantees to each Finance Party punctual performance by each other Obligor of all its obligations under the Finance Documents."),
        ("red", [("ins", "19.11 If and to the extent the Guarantor guarantees obligations of an Obligor which is not its direct or indirect subsidiary (upstream or cross-stream obligations), its liability under this Clause 19 shall be limited to its freely disposable equity (frei verwendbares Eigenkapital) at the time of enforcement, and payments shall be made subject to Swiss withholding tax where required by law.")],
         M("Clause 19.11", "liability_cap", "legal_requirement", "inserted",
           "Mandatory Swiss capital protection (Art. 675 and 680 CO): an up- or cross-stream guarantee beyond the freely disposable equity would be a prohibited distribution.", th)),
        ("h", "27 Changes to the Lenders"),
        ("p", "27.3 A Lender may assign or transfer its rights and obligations only to a Swiss Qualifying Bank or where, after the transfer, the Swiss Non-Bank Rules are complied with."),
        ("h", "35 Confidentiality"),
        ("p", "35.1 Each Finance Party agrees to keep all Confidential Information confidential and not to disclose it to anyone, save to the extent permitted by Clause 35.2."),
        ("p", "35.2 Any Finance Party may disclose Confidential Information to its affiliates, professional advisers, auditors and to any person to whom it may assign or transfer its rights, subject to a confidentiality undertaking."),
        ("red", [("ins", "35.3 No Finance Party shall disclose Confidential Information to a person which is a competitor of the Group or a fund controlling such a competitor.")],
         M("Clause 35.3", "confidentiality", "unstated", "inserted")),
        ("h", "40 Governing Law"),
        ("p", "40.1 This Agreement and any non-contractual obligations arising out of or in connection with it are governed by German law."),
        ("h", "41 Jurisdiction"),
        ("p", "41.1 The courts of Frankfurt am Main have exclusive jurisdiction to settle any dispute arising out of or in connection with this Agreement."),
        ("p", "41.2 The Parties agree that the courts of Frankfurt am Main are the most appropriate and convenient courts to settle disputes."),
        ("red", [("del", "41.3 Notwithstanding Clause 41.1, no Finance Party shall be prevented from taking proceedings relating to a dispute in any other court with jurisdiction; the Finance Parties may take concurrent proceedings in any number of jurisdictions.")],
         M("Clause 41.3", "jurisdiction", "client_instruction", "deleted",
           "Client instruction (R. Caduff, e-mail 10 April): no one-sided forum clause – Frankfurt for everyone.", fr)),
        ("h", "Schedules"),
        ("p", "Schedule 1 Original Parties – Schedule 2 Conditions Precedent – Schedule 8 Margin Ratchet – Schedule 9 Form of Compliance Certificate"),
        ("sig", ["Voralp Deutschland BidCo GmbH as Borrower", "Voralp Holding AG as Guarantor", "Seeland Kreditbank AG as Original Lender and Agent"]),
    ]


def d02(DEED):
    sfa_p = ["bidco", "voralp", "seeland"]
    Q1 = f"{F2}/Entwürfe/Facility Agreement - Seeland draft 1.docx"
    Q2 = f"{F2}/Entwürfe/Facility Agreement - KH comments 11.04.2025.docx"
    Q3 = f"{F2}/Executed/SFA execution version 2025-05-05.docx"
    b2 = sfa_blocks(2)
    q1 = docx(sfa_blocks(1), mode="base", lang="en-GB", date="2025-03-25", author="Oliver Lenz", title_prop="SFA Voralp BidCo")
    q2 = docx(b2, mode="redline", lang="en-GB", date="2025-04-11", author="Oliver Lenz", rev=("Fabian Roth", "2025-04-11T08:30:00Z"), title_prop="SFA Voralp BidCo")
    b3 = sfa_blocks(3)
    q3 = docx(b3, mode="clean", lang="en-GB", date="2025-05-05", author="Oliver Lenz", title_prop="SFA Voralp BidCo")
    put(Q1, q1, matter="D02", ref=None, cat="in_matter_folder", dt="facility_agreement", title="Senior Facility Agreement", parties=sfa_p,
        lang="en", date="2025-03-25", notes="chain SFA 1/3 (lender counsel's draft)")
    put(Q2, q2, matter="D02", ref=None, cat="in_matter_folder", dt="facility_agreement", title="Senior Facility Agreement", parties=sfa_p,
        lang="en", date="2025-04-11", rel={"redline_of": [Q1]}, decisions=decisions_of(b2),
        notes="chain SFA 2/3; tracked changes on the lender draft; Clause 35.3 inserted without comment")
    put(Q3, q3, matter="D02", ref=None, cat="in_matter_folder", dt="facility_agreement", title="Senior Facility Agreement", parties=sfa_p,
        lang="en", date="2025-05-05", rel={"references": [DEED]},
        notes="chain SFA 3/3; references (cross-matter): 'Acquisition Agreement' defined as the SPA dated 3 May 2025 recorded under UR-Nr. 233/2025")
    put_pdf(f"{F2}/Executed/SFA execution version 2025-05-05.pdf", q3, matter="D02", ref=None, cat="in_matter_folder", dt="facility_agreement",
            title="Senior Facility Agreement", parties=sfa_p, lang="en", date="2025-05-05",
            rel={"near_duplicate_of": [Q3], "references": [DEED]}, notes="near_duplicate_of: LibreOffice PDF print of the execution version")
    first = [("p", t) for _s, t in lines_of(b3)[:6]]
    sigp = [("h", "Signatures"), ("p", "The Borrower: Voralp Deutschland BidCo GmbH"), ("p", "gez. Claudia Imhof  ____________________  München, 5 May 2025"),
            ("p", "The Guarantor: Voralp Holding AG"), ("p", "gez. Reto Caduff  ____________________  Zug, 5 May 2025"),
            ("p", "The Original Lender and Agent: Seeland Kreditbank AG"), ("p", "gez. Sabine Wetzel  ppa. gez. Jörg Hummel  ____________________  Konstanz, 5 May 2025")]
    put(f"{F2}/Executed/SFA signed (Scan).pdf", scan_pdf([first, sigp], RNG, "2025-05-06", angle=-0.5), matter="D02", ref=None,
        cat="in_matter_folder", dt="facility_agreement", title="Senior Facility Agreement", parties=sfa_p, lang="en", date="2025-05-05",
        text_layer=False, rel={"near_duplicate_of": [Q3]},
        notes="image-only scan of the cover page and the signature page of the signed execution version: near_duplicate_of, not a chain member")

    pledge = [("title", "Share Pledge Agreement"), ("c", "relating to the shares in Sigmatech GmbH"),
              ("p", "between Voralp Deutschland BidCo GmbH, Munich, as pledgor (the “Pledgor”) and Seeland Kreditbank AG, Konstanz, as pledgee (the “Pledgee”)."),
              ("h", "Recitals"),
              ("p", "(A) Under a senior facility agreement dated 5 May 2025 between, among others, the Pledgor as borrower, Voralp Holding AG as guarantor and the Pledgee as original lender and agent (the “SFA”), the Pledgee has made available term and revolving facilities in an aggregate amount of EUR 30,000,000."),
              ("p", "(B) The Pledgor has acquired all shares in Sigmatech GmbH, Stuttgart (HRB 734512) (the “Company”) under a share purchase agreement recorded by notary Dr. Bernhard Reiff, Stuttgart, under UR-Nr. 233/2025 (the “SPA”); the transfer of the shares becomes effective upon payment of the purchase price under the SPA."),
              ("h", "1 Pledge"), ("p", "1.1 The Pledgor hereby pledges to the Pledgee all present and future shares in the Company, together with all ancillary rights, as security for all present and future obligations of the Obligors under the SFA and the other Finance Documents (the “Secured Obligations”)."),
              ("h", "2 Voting Rights and Dividends"), ("p", "2.1 Until the occurrence of an Event of Default under the SFA which is continuing, the Pledgor may exercise its voting rights and receive dividends, provided that no such exercise impairs the pledge."),
              ("h", "3 Enforcement"), ("p", "3.1 The Pledgee may enforce the pledge if an Event of Default under the SFA has occurred and the SFA has been accelerated; Section 1277 of the German Civil Code shall not apply."),
              ("h", "4 Governing Law"), ("p", "4.1 This Agreement is governed by German law; the courts of Frankfurt am Main have jurisdiction."),
              ("s", "KH ref. 20417.005 – execution version 5 May 2025"),
              ("sig", ["Voralp Deutschland BidCo GmbH", "Seeland Kreditbank AG"])]
    put(f"{F2}/Executed/Share Pledge Agreement Sigmatech.docx", docx(pledge, lang="en-GB", date="2025-05-05", author="Fabian Roth"),
        matter="D02", ref="20417.005", cat="in_matter_folder", dt="security_agreement", title="Share Pledge Agreement",
        parties=["bidco", "seeland"], lang="en", date="2025-05-05", rel={"references": [Q3, DEED]},
        notes="references: defined term introduced in the recitals ('… dated 5 May 2025 … (the “SFA”)', then only 'the SFA'); cross-matter reference to the notarised SPA by deed number UR-Nr. 233/2025")

    op = [LH_Z, ("p", "Seeland Kreditbank AG\nLeveraged Finance\nMarktstätte 12\n78462 Konstanz\nGermany"), ("r", "Zurich, 5 May 2025"),
          ("p", "Our ref.: 20417.005 TH"),
          ("title", "Legal Opinion"),
          ("b", "Voralp Holding AG – EUR 30,000,000 Senior Facility Agreement dated 5 May 2025 – Swiss law capacity opinion"),
          ("p", "Ladies and Gentlemen,"),
          ("p", "We have acted as Swiss counsel to Voralp Holding AG, Zug (the “Guarantor”), in connection with the senior facility agreement dated 5 May 2025 between Voralp Deutschland BidCo GmbH as borrower, the Guarantor and Seeland Kreditbank AG as original lender and agent (the “Facility Agreement”). This opinion is delivered pursuant to Clause 4.1 of the Facility Agreement."),
          ("p", "For the purpose of this opinion we have examined (a) a signed copy of the Facility Agreement; (b) a certified extract from the commercial register of the Canton of Zug dated 28 April 2025; (c) the articles of association of the Guarantor dated 14 June 2022; and (d) the circular resolution of the board of directors of the Guarantor dated 30 April 2025."),
          ("p", "Based on the foregoing and subject to the assumptions and qualifications below, we are of the opinion that: 1. The Guarantor is a corporation (Aktiengesellschaft) duly incorporated and validly existing under the laws of Switzerland. 2. The Guarantor has the corporate power to enter into and perform the Facility Agreement. 3. The obligations of the Guarantor under Clause 19 of the Facility Agreement are, to the extent they relate to up- or cross-stream obligations, limited to its freely disposable equity (Clause 19.11), and payments thereunder may be subject to Swiss withholding tax of 35 per cent."),
          ("p", "This opinion is limited to Swiss law in force on its date, is addressed to you solely for the purposes of the Facility Agreement and may not be relied upon by any other person."),
          ("p", "Yours faithfully"), ("p", "Kessler Haldimann AG – Thomas Haldimann")]
    OP = f"{F2}/Opinions/Legal Opinion Voralp capacity (Swiss law).pdf"
    put_pdf(OP, docx(op, lang="en-GB", date="2025-05-05", author="Thomas Haldimann"), matter="D02", ref="20417.005", cat="in_matter_folder",
            dt="legal_opinion", title="Legal Opinion", parties=["voralp", "seeland"], lang="en", date="2025-05-05",
            rel={"references": [Q3, PENDING_REFS["VR"]]},
            notes="references: the SFA by title and date with a defined term ('the “Facility Agreement”'); cross-matter: 'the circular resolution of the board of directors … dated 30 April 2025'")

    memo = [("title", "Memorandum"), ("p", "An: Dr. Martina Kessler\nVon: Thomas Haldimann\nDatum: 12. Mai 2025\nAkte: 20417.005 Akquisitionsfinanzierung Enzian"),
            ("b", "Upstream-Garantie Voralp – Reichweite der Limitation und Beitritt der Sigmatech GmbH"),
            ("p", "1. In unserem Legal Opinion vom 5. Mai 2025 an die Seeland Kreditbank haben wir unter Ziffer 3 bestätigt, dass die Garantie der Voralp Holding AG für up- und cross-stream Verpflichtungen auf das frei verwendbare Eigenkapital begrenzt ist. Die Bank hat dagegen keine Einwände erhoben."),
            ("p", "2. Das Senior Facility Agreement vom 5. Mai 2025 (nachfolgend „SFA“) verlangt in Clause 23, dass die Sigmatech GmbH binnen 90 Tagen nach Closing als zusätzliche Garantin beitritt. Für eine deutsche GmbH gilt dann nicht Art. 675 OR, sondern die Kapitalerhaltung nach § 30 GmbHG; das SFA enthält dafür noch keine Limitation Language."),
            ("p", "3. Empfehlung: Die Accession Letter-Vorlage sollte eine übliche deutsche Limitation (Schutz des Stammkapitals, Netto-Vermögensberechnung) erhalten. Das SFA lässt das über Clause 19.11 nicht zu; wir sollten eine Anpassung im Zuge der nächsten Änderungsvereinbarung zum SFA vorschlagen."),
            ("p", "4. Quellensteuer: Die Ausführungen im Opinion zur Verrechnungssteuer (35 %) bleiben zutreffend; die Non-Bank Rules werden über Clause 27.3 SFA abgesichert."),
            ("p", "TH")]
    put(f"{F2}/Korrespondenz/Memo Upstream-Garantie Voralp.docx", docx(memo, date="2025-05-12", author="Thomas Haldimann", lang="de-CH"),
        matter="D02", ref="20417.005", cat="in_matter_folder", dt="memo", title="Memorandum", parties=["voralp"], lang="de",
        date="2025-05-12", rel={"references": [OP, Q3]},
        notes="references: a memo citing our legal opinion ('unserem Legal Opinion vom 5. Mai 2025'); the SFA by a German-introduced defined term ('nachfolgend „SFA“')")

    b = [LH_M, ("p", "Seeland Kreditbank AG\nFrau Sabine Wetzel\nLeveraged Finance\nMarktstätte 12\n78462 Konstanz"), ("r", "München, 20. Juni 2025"),
         ("p", "Unser Zeichen: 20417.005 TH/ak"),
         ("p", "Bezug: SFA vom 5. Mai 2025"),
         ("b", "Voralp Deutschland BidCo GmbH – Zustimmungsersuchen zum Erwerb der Kälte-Service Nord GmbH"),
         ("p", "Sehr geehrte Frau Wetzel,"),
         ("p", "namens und in Vollmacht der Voralp Deutschland BidCo GmbH bitten wir um die Zustimmung der Majority Lenders zum Erwerb sämtlicher Geschäftsanteile an der Kälte-Service Nord GmbH, Bremen, zu einem Kaufpreis von EUR 2,1 Mio. Der Erwerb soll aus freiem Cashflow finanziert werden; eine Inanspruchnahme der Revolving Facility ist nicht vorgesehen."),
         ("p", "Nach der Definition „Permitted Acquisition“ in Clause 1.1 des Senior Facility Agreement bedarf jeder Erwerb außer dem der Sigmatech GmbH der schriftlichen Zustimmung. Wir schlagen vor, bei dieser Gelegenheit einen allgemeinen Korb für Zukäufe bis EUR 3 Mio. p.a. zu vereinbaren."),
         ("p", "Für eine Rückmeldung bis zum 30. Juni 2025 wären wir dankbar."),
         ("p", "Mit freundlichen Grüßen"), ("p", "Thomas Haldimann")]
    L10 = f"{F2}/Korrespondenz/2025-06-20 Schreiben an Seeland Kreditbank - Zustimmungsersuchen.docx"
    put(L10, docx(b, date="2025-06-20", author="Anja Kraus"), matter="D02", ref="20417.005", cat="in_matter_folder", dt="letter",
        title="Voralp Deutschland BidCo GmbH – Zustimmungsersuchen zum Erwerb der Kälte-Service Nord GmbH", parties=["bidco", "seeland"],
        lang="de", date="2025-06-20", rel={"references": [Q3]}, notes="references: 'Bezug: SFA vom 5. Mai 2025' (abbreviation and date in the reference line)")

    b = [("s", "Seeland Kreditbank AG · Leveraged Finance · Marktstätte 12 · 78462 Konstanz"),
         ("p", "Kessler Haldimann\nHerrn Thomas Haldimann\nMaximilianstraße 31\n80539 München"), ("r", "Konstanz, 27.06.2025"),
         ("p", "Ihr Zeichen: 20417.005 TH/ak – Ihr Schreiben vom 20. Juni 2025\nUnser Zeichen: LF-2025-0388"),
         ("b", "Senior Facility Agreement vom 5. Mai 2025 – Zustimmung zum Erwerb der Kälte-Service Nord GmbH"),
         ("p", "Sehr geehrter Herr Haldimann,"),
         ("p", "die Majority Lenders stimmen dem Erwerb der Kälte-Service Nord GmbH zu. Die Zustimmung steht unter der Bedingung, dass bis zum 31. Juli 2025 eine Änderungsvereinbarung abgeschlossen wird, mit der (i) der erbetene Korb für Zukäufe auf EUR 2,5 Mio. p.a. festgelegt und (ii) die Kälte-Service Nord GmbH als zusätzliche Garantin aufgenommen wird."),
         ("p", "Einen Entwurf der Änderungsvereinbarung lassen wir Ihnen über Marquardt & Lenz zukommen."),
         ("p", "Mit freundlichen Grüßen"), ("p", "Seeland Kreditbank AG"), ("p", "Sabine Wetzel    ppa. Jörg Hummel")]
    SZ = f"{F1}/Korrespondenz/2025-06-27 Seeland Zustimmung.pdf"
    put_pdf(SZ, docx(b, date="2025-06-27", author="wetzel", font="Verdana"), matter="D02", ref="20417.005", cat="misfiled", dt="letter",
            title="Senior Facility Agreement vom 5. Mai 2025 – Zustimmung zum Erwerb der Kälte-Service Nord GmbH",
            parties=["seeland", "bidco"], lang="de", date="2025-06-27", rel={"responds_to": [L10], "references": [Q3]},
            notes="misfiled in the SPA matter of the same client; responds_to: 'Ihr Zeichen 20417.005 TH/ak – Ihr Schreiben vom 20. Juni 2025'; references the SFA by title and date in the subject")

    am = [("title", "Amendment Agreement"), ("c", "relating to the Senior Facility Agreement dated 5 May 2025"),
          ("p", "THIS AMENDMENT AGREEMENT is dated 15 July 2025 and made between Voralp Deutschland BidCo GmbH as Borrower, Voralp Holding AG as Guarantor and Seeland Kreditbank AG as Agent acting on the instructions of the Majority Lenders."),
          ("h", "Background"),
          ("p", "(A) The Parties are party to a senior facility agreement dated 5 May 2025 (the “SFA”)."),
          ("p", "(B) By letter dated 20 June 2025 the Borrower requested the consent of the Lenders to the acquisition of Kälte-Service Nord GmbH, Bremen (the “Add-on Acquisition”). By letter of 27 June 2025 the Agent consented subject to the conclusion of this Amendment Agreement."),
          ("h", "1 Amendments"),
          ("p", "1.1 With effect from the date of this Amendment Agreement the definition of “Permitted Acquisition” in Clause 1.1 of the SFA is replaced by: “Permitted Acquisition” means (a) the Acquisition, (b) the Add-on Acquisition and (c) any other acquisition where the aggregate consideration in any financial year does not exceed EUR 2,500,000."),
          ("p", "1.2 Kälte-Service Nord GmbH shall accede to the SFA as an additional guarantor within 30 days after completion of the Add-on Acquisition."),
          ("h", "2 Continuity"), ("p", "2.1 Save as amended by this Amendment Agreement, the SFA remains in full force and effect."),
          ("h", "3 Governing Law"), ("p", "3.1 Clauses 40 and 41 of the SFA apply to this Amendment Agreement."),
          ("sig", ["Voralp Deutschland BidCo GmbH", "Voralp Holding AG", "Seeland Kreditbank AG as Agent"])]
    put(f"{F2}/Executed/First Amendment Agreement SFA 2025-07-15.docx", docx(am, lang="en-GB", date="2025-07-15", author="Oliver Lenz"),
        matter="D02", ref=None, cat="in_matter_folder", dt="amendment_agreement", title="Amendment Agreement", parties=sfa_p,
        lang="en", date="2025-07-15", rel={"amends": [Q3], "references": [L10, SZ]},
        notes="amends: 'relating to the Senior Facility Agreement dated 5 May 2025' + defined term 'the SFA'; references: the request letter ('By letter dated 20 June 2025') and the consent letter ('By letter of 27 June 2025'); file name says 'First', the heading does not")
    return Q1, Q2, Q3
