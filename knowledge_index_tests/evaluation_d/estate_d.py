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
    ("vat_id", "DE 318 447 102"), ("vat_id", "DE 297 118 430"), ("iban", "DE12 7015 0000 1004 2233 18"), ("delivery_note", "2023-0921"),
    ("section", "§ 34 EStG"), ("counterparty_ref", "Anlage K 1"),
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


# ================================================================== D03 lease Garching
def n2_blocks(ver):
    ko = ("Katrin Obermaier", "KO", "2025-04-17T14:02:00Z")
    ja = ("Dr. Jonas Albrecht", "JA", "2025-04-22T08:51:00Z")
    head = {1: "Entwurf Vermieterin – 07.04.2025",
            2: "Entwurf Vermieterin vom 07.04.2025 mit Änderungen Kessler Haldimann (für die Mieterin) – 22.04.2025",
            3: ""}[ver]
    blocks = [("s", head)] if head else []
    return blocks + [
        ("title", "Nachtrag Nr. 2 zum Gewerbemietvertrag vom 16. September 2019"),
        ("p", "zwischen"),
        ("p", "Isarpark Immobilien GmbH & Co. KG, Lilienthalallee 7, 80939 München, eingetragen im Handelsregister des Amtsgerichts München unter HRA 109923, vertreten durch ihre persönlich haftende Gesellschafterin, die Isarpark Verwaltungs GmbH, diese vertreten durch ihren Geschäftsführer Gerhard Mühlbauer, – „Vermieterin“ –"),
        ("p", "und"),
        ("p", "Lindqvist Logistik GmbH, Parkring 12, 85748 Garching b. München, eingetragen im Handelsregister des Amtsgerichts München unter HRB 244190, vertreten durch ihren Geschäftsführer Per Lindqvist, – „Mieterin“ –"),
        ("h", "Vorbemerkung"),
        ("p", "Die Parteien haben am 16. September 2019 einen Gewerbemietvertrag über Flächen in der Lagerhalle Daimlerstraße 14, 85748 Garching (Hallen A und B) geschlossen, der durch den Nachtrag Nr. 1 vom 1. März 2022 geändert wurde (zusammen der „Mietvertrag“). Die Mieterin möchte zusätzlich die Halle C anmieten. Dies vorausgeschickt, vereinbaren die Parteien was folgt:"),
        ("h", "1. Erweiterung der Mietfläche"),
        ("p", "1.1 Mit Wirkung zum 1. Juli 2025 wird die Mietfläche um die Halle C mit ca. 2.400 m² Hallenfläche und ca. 180 m² Büro- und Sozialflächen erweitert, wie im Lageplan (Anlage 3) rot umrandet."),
        ("p", "1.2 Die Übergabe erfolgt besenrein; über die Übergabe wird ein Protokoll gefertigt (Anlage 2)."),
        ("h", "2. Miete und Wertsicherung"),
        ("red", [("t", "2.1 Ziff. 2 des Nachtrags Nr. 1 (Wertsicherung) wird wie folgt neu gefasst: „Ändert sich der vom Statistischen Bundesamt festgestellte Verbraucherpreisindex für Deutschland (Basis 2020 = 100) gegenüber dem Stand bei der letzten Anpassung um mehr als 5 %, so ändert sich die Nettomiete im Verhältnis von "),
                 ("del", "100 %"), ("ins", "80 %"), ("t", " der Indexänderung.“")],
         M("Ziff. 2.1", "price_adjustment", "commercial_compromise", "modified",
           "Vermieterin besteht lt. Schreiben vom 14.04. auf voller Weitergabe; 80 % als Mittelweg (mit Fr. Berglund abgestimmt).", ko)),
        ("p", "2.2 Die monatliche Nettomiete für die Halle C beträgt EUR 14.160,00 zuzüglich einer Nebenkostenvorauszahlung von EUR 2.880,00 und der gesetzlichen Umsatzsteuer. Die Flächenaufstellung ergibt sich aus Anlage 1."),
        ("h", "3. Nutzung und Untervermietung"),
        ("p", "3.1 Die Halle C darf zu Lager- und Logistikzwecken einschließlich Kommissionierung und Konfektionierung genutzt werden."),
        ("red", [("t", "3.2 Eine Untervermietung bedarf der vorherigen schriftlichen Zustimmung der Vermieterin."),
                 ("ins", " Die Zustimmung gilt als erteilt für eine Untervermietung an Unternehmen, die mit der Mieterin im Sinne der §§ 15 ff. AktG verbunden sind.")],
         M("Ziff. 3.2", "subletting", "client_instruction", "modified",
           "Lindqvist Nord GmbH soll ab Q3 einen Teil von Halle C nutzen – Weisung Fr. Berglund (Mail vom 16.04.).", ko)),
        ("h", "4. Mietzeit"),
        ("p", "4.1 Das Mietverhältnis über die Halle C endet zusammen mit dem Mietverhältnis über die Hallen A und B am 30. September 2032."),
        ("red", [("t", "4.2 Die Mieterin ist berechtigt, das Mietverhältnis ausschließlich hinsichtlich der Halle C erstmals zum 30. Juni 2028 mit einer Frist von "),
                 ("del", "zwölf Monaten zum Jahresende"), ("ins", "sechs Monaten zum Ende eines Kalendervierteljahres"), ("t", " zu kündigen.")],
         M("Ziff. 4.2", "notice_period", "unstated", "modified")),
        ("h", "5. Schlussbestimmungen"),
        ("p", "5.1 Im Übrigen bleiben die Bestimmungen des Mietvertrags unverändert."),
        ("p", "5.2 Die Parteien verpflichten sich, alle Handlungen vorzunehmen, die zur Wahrung der gesetzlichen Schriftform (§§ 550, 126 BGB) erforderlich sind."),
        ("red", [("t", "5.3 Die Kosten dieses Nachtrags trägt "), ("del", "die Mieterin"), ("ins", "jede Partei selbst"), ("t", ".")],
         M("Ziff. 5.3", "costs", "unstated", "modified", "@JA: bitte prüfen, ob die Maklerprovision für Halle C separat geregelt ist.", ja, todo=True)),
        ("h", "Anlagen"),
        ("p", "Anlage 1 – Flächenaufstellung"), ("p", "Anlage 2 – Übergabeprotokoll (wird bei Übergabe erstellt)"), ("p", "Anlage 3 – Lageplan Halle C"),
        ("sig", ["München, den ____________  Isarpark Immobilien GmbH & Co. KG", "Garching, den ____________  Lindqvist Logistik GmbH"]),
    ]


def d03():
    lp = ["isarpark", "lindqvist"]
    mv = [("title", "Gewerbemietvertrag"),
          ("p", "zwischen der Isarpark Immobilien GmbH & Co. KG, Lilienthalallee 7, 80939 München – nachstehend „Vermieterin“ – und der Lindqvist Logistik GmbH, Parkring 12, 85748 Garching b. München – nachstehend „Mieterin“"),
          ("p", "§ 1 Mietgegenstand: Vermietet werden die Hallen A und B der Lagerhalle Daimlerstraße 14, 85748 Garching (Grundbuch von Garching Blatt 4471), mit insgesamt ca. 6.800 m² Hallenfläche nebst 42 Stellplätzen."),
          ("p", "§ 3 Mietzeit: Das Mietverhältnis beginnt am 1. Oktober 2019 und endet am 30. September 2029."),
          ("p", "§ 4 Miete: Die monatliche Nettomiete beträgt EUR 41.480,00 zzgl. Umsatzsteuer."),
          ("p", "§ 5 Wertsicherung: Die Miete ist an den Verbraucherpreisindex für Deutschland gekoppelt (Anpassung bei Änderung um mehr als 10 Punkte)."),
          ("p", "§ 6 Nebenkosten: Die Mieterin trägt die Betriebskosten im Sinne der Betriebskostenverordnung; über die Vorauszahlungen wird jährlich abgerechnet."),
          ("p", "§ 9 Untervermietung nur mit vorheriger schriftlicher Zustimmung der Vermieterin."),
          ("p", "§ 22 Schriftform: Änderungen und Ergänzungen dieses Vertrags bedürfen der Schriftform."),
          ("p", "Garching, den 16.09.2019"),
          ("p", "gez. G. Mühlbauer (Vermieterin)      gez. P. Lindqvist (Mieterin)")]
    MV = f"{F3}/Vertrag/Mietvertrag Lagerhalle Garching 2019 (Scan).pdf"
    put(MV, scan_pdf([lines_of(mv[:6]), lines_of(mv[6:])], RNG, "2019-09-16"), matter="D03", ref=None, cat="in_matter_folder",
        dt="lease_agreement", title="Gewerbemietvertrag", parties=lp, lang="de", date="2019-09-16", text_layer=False,
        notes="image-only scan of the signed 2019 lease")
    n1 = [("title", "Nachtrag Nr. 1"), ("c", "zum Gewerbemietvertrag vom 16.09.2019 über die Hallen A und B, Daimlerstraße 14, Garching"),
          ("p", "zwischen der Isarpark Immobilien GmbH & Co. KG (Vermieterin) und der Lindqvist Logistik GmbH (Mieterin)"),
          ("p", "1. Mietzeit: Die feste Mietzeit nach § 3 des Mietvertrags wird bis zum 30. September 2032 verlängert."),
          ("p", "2. Wertsicherung: § 5 des Mietvertrags wird wie folgt neu gefasst: Ändert sich der Verbraucherpreisindex für Deutschland gegenüber dem Stand bei Beginn des Mietverhältnisses oder der letzten Anpassung um mehr als 5 %, so ändert sich die Miete im gleichen Verhältnis."),
          ("p", "3. Im Übrigen gilt der Mietvertrag unverändert fort. Dieser Nachtrag wird mit dem Mietvertrag fest verbunden."),
          ("p", "München / Garching, 1. März 2022"),
          ("sig", ["Isarpark Immobilien GmbH & Co. KG", "Lindqvist Logistik GmbH"])]
    N1 = f"{F3}/Nachträge/Nachtrag Nr. 1 zum Mietvertrag (2022).pdf"
    put_pdf(N1, docx(n1, date="2022-03-01", author="Isarpark AM", font="Times New Roman"), matter="D03", ref=None, cat="in_matter_folder",
            dt="amendment_agreement", title="Nachtrag Nr. 1", parties=lp, lang="de", date="2022-03-01", rel={"amends": [MV]},
            notes="native PDF; amends: 'Nachtrag Nr. 1 zum Gewerbemietvertrag vom 16.09.2019'")
    R1 = f"{F3}/Nachträge/Nachtrag Nr. 2 - Entwurf Vermieterin 2025-04-07.docx"
    R2 = f"{F3}/Nachträge/Nachtrag Nr. 2 - KH Änderungen.docx"
    R3 = f"{F3}/Nachträge/Nachtrag Nr. 2 unterschrieben.pdf"
    b2 = n2_blocks(2)
    t_n2 = "Nachtrag Nr. 2 zum Gewerbemietvertrag vom 16. September 2019"
    put(R1, docx(n2_blocks(1), mode="base", date="2025-04-07", author="Gerhard Mühlbauer", title_prop="Nachtrag 2"), matter="D03", ref=None,
        cat="in_matter_folder", dt="amendment_agreement", title=t_n2, parties=lp, lang="de", date="2025-04-07", rel={"amends": [MV, N1]},
        notes="chain Nachtrag 2 1/3; amends the lease ('zum Gewerbemietvertrag vom 16. September 2019') and the earlier amendment ('Ziff. 2 des Nachtrags Nr. 1 … wird … neu gefasst'): an amendment amending an amendment")
    put(R2, docx(b2, mode="redline", date="2025-04-22", author="Gerhard Mühlbauer", rev=("Katrin Obermaier", "2025-04-17T13:30:00Z"), title_prop="Nachtrag 2"),
        matter="D03", ref=None, cat="in_matter_folder", dt="amendment_agreement", title=t_n2, parties=lp, lang="de", date="2025-04-22",
        rel={"amends": [MV, N1], "redline_of": [R1]}, decisions=decisions_of(b2),
        notes="chain Nachtrag 2 2/3; Ziff. 4.2 uncommented; the comment at Ziff. 5.3 is a to-do")
    b3 = n2_blocks(3)
    signed = ["gez. Mühlbauer, München, 20.05.2025", "gez. Lindqvist, Garching, 20.05.2025"]
    ll = lines_of(b3, signed=signed)
    put(R3, scan_pdf([ll[:14], ll[14:]], RNG, "2025-05-21", angle=0.4), matter="D03", ref=None, cat="in_matter_folder",
        dt="amendment_agreement", title=t_n2, parties=lp, lang="de", date="2025-05-20", text_layer=False, rel={"amends": [MV, N1]},
        notes="chain Nachtrag 2 3/3: image-only scan of the signed version")
    plan = [("p", "Anlage 3"), ("title", "Lageplan Halle C"), ("p", "Daimlerstraße 14, 85748 Garching – Flurstück 1187/3"),
            ("p", "+-------------------+-------------------+====================+"),
            ("p", "|      Halle A      |      Halle B      ||     HALLE C      ||"),
            ("p", "|     3.400 m²      |     3.400 m²      ||    ca. 2.400 m²  ||"),
            ("p", "+-------------------+-------------------+====================+"),
            ("p", "Rot umrandet: Mietfläche Halle C nebst Büro/Sozial (ca. 180 m²), Zufahrt über Tor 4."),
            ("p", "Maßstab 1:500 – Stand 04/2025")]
    put(f"{F3}/Nachträge/Anlage 3 - Lageplan.pdf", scan_pdf([lines_of(plan)], RNG, "2025-05-21", angle=-0.3), matter="D03", ref=None,
        cat="in_matter_folder", dt="annex", title="Lageplan Halle C", parties=[], lang="de", date="2025-05-20", text_layer=False,
        rel={"annex_of": [R3]}, notes="annex_of: 'Anlage 3' only by number; the plan does not name the Nachtrag; attached to the signed version")

    b = [("s", "Isarpark Immobilien GmbH & Co. KG · Lilienthalallee 7 · 80939 München"),
         ("p", "Lindqvist Logistik GmbH\nFrau Anna Berglund\nParkring 12\n85748 Garching b. München"), ("r", "München, 14. April 2025"),
         ("p", "nachrichtlich: Kessler Haldimann, Dr. Jonas Albrecht"),
         ("b", "Daimlerstraße 14 – Anmietung Halle C / Wertsicherung"),
         ("p", "Sehr geehrte Frau Berglund,"),
         ("p", "wir nehmen Bezug auf unseren Entwurf des Nachtrags Nr. 2 vom 7. April 2025 und Ihr Telefonat mit Herrn Mühlbauer am 10. April. Eine Begrenzung der Indexweitergabe ist für die Eigentümerin nicht darstellbar: Die Finanzierung der Halle C ist auf eine volle Wertsicherung kalkuliert. Wir müssen daher an der Weitergabe der Indexänderung zu 100 % festhalten."),
         ("p", "Im Übrigen sind wir für Ihre Anmerkungen offen und bitten um Rückmeldung bis Ende April, damit die Übergabe der Halle C zum 1. Juli 2025 vorbereitet werden kann."),
         ("p", "Mit freundlichen Grüßen"), ("p", "Isarpark Asset Management – Gerhard Mühlbauer")]
    IL = f"{F3}/Korrespondenz/2025-04-14 Isarpark an Lindqvist - Wertsicherung.pdf"
    put_pdf(IL, docx(b, date="2025-04-14", author="Isarpark AM", font="Calibri"), matter="D03", ref=None, cat="in_matter_folder", dt="letter",
            title="Daimlerstraße 14 – Anmietung Halle C / Wertsicherung", parties=lp, lang="de", date="2025-04-14", rel={"references": [R1]},
            notes="native PDF; references: 'unseren Entwurf des Nachtrags Nr. 2 vom 7. April 2025' (sender's own draft, title and date)")
    b = [LH_M, ("p", "Isarpark Immobilien GmbH & Co. KG\nHerrn Gerhard Mühlbauer\nLilienthalallee 7\n80939 München"), ("r", "München, 22. April 2025"),
         ("p", "Unser Zeichen: 31152.001 JA/sb"),
         ("b", "Lindqvist Logistik GmbH – Nachtrag Nr. 2 zum Mietvertrag Daimlerstraße 14, Garching"),
         ("p", "Sehr geehrter Herr Mühlbauer,"),
         ("p", "wir vertreten die Lindqvist Logistik GmbH; eine Vollmacht ist beigefügt. Ihr Schreiben vom 14. April 2025 an unsere Mandantin hat uns vorgelegen."),
         ("p", "Unsere Mandantin versteht das Finanzierungsargument, kann aber eine volle Indexweitergabe für die zusätzliche Fläche nicht akzeptieren. Wir schlagen eine Weitergabe zu 80 % vor. Außerdem benötigt unsere Mandantin die Möglichkeit, Teile der Halle C an verbundene Unternehmen unterzuvermieten, und eine kürzere Frist für das Sonderkündigungsrecht."),
         ("p", "Unsere Änderungen haben wir im Änderungsmodus in Ihren Entwurf eingearbeitet (Anlage)."),
         ("p", "Mit freundlichen Grüßen"), ("p", "Dr. Jonas Albrecht"),
         ("p", "Anlage: Nachtrag Nr. 2 (Entwurf Vermieterin vom 07.04.2025) mit unseren Änderungen")]
    KL = f"{F3}/Korrespondenz/2025-04-22 KH an Isarpark - Nachtrag Nr. 2.docx"
    put(KL, docx(b, date="2025-04-22", author="Sabine Brandl"), matter="D03", ref="31152.001", cat="in_matter_folder", dt="letter",
        title="Lindqvist Logistik GmbH – Nachtrag Nr. 2 zum Mietvertrag Daimlerstraße 14, Garching", parties=["lindqvist", "isarpark"],
        lang="de", date="2025-04-22", rel={"responds_to": [IL], "references": [R2]},
        notes="responds_to: 'Ihr Schreiben vom 14. April 2025 an unsere Mandantin' (letter addressed to the client, answered by counsel); references: the enclosure line naming the marked-up draft")
    vm = ("# Aktenvermerk – Besichtigung Halle C\n\n**Akte:** 31152.001 Mietvertrag Lager Garching  \n**Datum:** 19.03.2025  \n**Teilnehmer:** Fr. Berglund (Lindqvist), Hr. Mühlbauer (Isarpark), Dr. Albrecht (KH)\n\n"
          "## Ergebnis\n\n- Halle C ist seit Januar leer; Hallenboden in Feld C3 mit Rissen, Vermieterin will vor Übergabe sanieren.\n"
          "- Nach § 1 des Mietvertrags vom 16. September 2019 sind nur die Hallen A und B vermietet; die Zufahrt über Tor 4 muss für C gesondert geregelt werden.\n"
          "- Der Nachtrag Nr. 1 hat die Laufzeit bis 2032 verlängert; Halle C soll gleich enden.\n"
          "- Vermieterin schickt einen Entwurf für einen Nachtrag Nr. 2 bis Anfang April.\n\n## To do\n\n1. Sonderkündigungsrecht für C (JA)\n2. Untervermietung an Lindqvist Nord klären (Fr. Berglund)\n")
    put(f"{F3}/Korrespondenz/Vermerk Besichtigung Halle C 2025-03-19.md", vm.encode("utf-8"), matter="D03", ref="31152.001", cat="in_matter_folder",
        dt="file_note", title="Aktenvermerk – Besichtigung Halle C", parties=["lindqvist"], lang="de", date="2025-03-19", rel={"references": [MV, N1]},
        notes="references: 'des Mietvertrags vom 16. September 2019' (title and date) and 'Der Nachtrag Nr. 1' (title alone, unique in the matter)")
    bk = [("s", "Isarpark Immobilien GmbH & Co. KG · Lilienthalallee 7 · 80939 München · USt-IdNr. DE 318 447 102"),
          ("p", "Lindqvist Logistik GmbH, Parkring 12, 85748 Garching b. München"), ("p", "München, 10.06.2025"),
          ("title", "Betriebskostenabrechnung 2024"), ("p", "Rechnungs-Nr. BK-2024-0412 – Objekt Daimlerstraße 14, Hallen A und B"),
          ("p", "Gemäß § 6 des Mietvertrags vom 16.09.2019 rechnen wir die Betriebskosten für den Zeitraum 01.01.–31.12.2024 ab:"),
          ("p", "Grundsteuer 21.410,00 – Gebäudeversicherung 14.882,40 – Winterdienst 6.120,00 – Wartung Tore/Sprinkler 19.344,77 – Allgemeinstrom 8.905,00"),
          ("p", "Summe Kosten EUR 70.662,17 – Vorauszahlungen EUR 52.220,00 – Nachzahlung EUR 18.442,17"),
          ("p", "Bitte überweisen Sie den Betrag bis 10.07.2025 auf unser Konto IBAN DE91 7002 0270 0015 2204 17."),
          ("p", "Isarpark Asset Management")]
    put(f"{SCANS}/Scan_20250611_0004.pdf", scan_pdf([lines_of(bk)], RNG, "2025-06-11", angle=0.9), matter="D03", ref=None, cat="scan",
        dt="invoice", title="Betriebskostenabrechnung 2024", parties=["isarpark", "lindqvist"], lang="de", date="2025-06-10", text_layer=False,
        rel={"references": [MV]}, notes="scanner inbox; placed only by the property and the lease; references: '§ 6 des Mietvertrags vom 16.09.2019'")
    return MV, N1, R1, R2, R3, KL


# ================================================================== D04 dispute Lindqvist ./. Mayr
def d04():
    dp = ["lindqvist", "mayr"]
    sa = [("title", "Supply Agreement"),
          ("p", "between Mayr Regaltechnik GmbH, Wels, Austria (FN 318822 h, Regional Court Wels) (the “Supplier”) and Lindqvist Logistik GmbH, Garching, Germany (HRB 244190) (the “Purchaser”)"),
          ("p", "1. Subject matter. The Supplier shall supply and install a high-bay racking system (12 aisles, 14,600 pallet positions) in the Purchaser's warehouse at Daimlerstraße 14, Garching, in accordance with the specification in Appendix 1 and purchase order no. PO-LQ-2023-041."),
          ("p", "2. Price. The fixed price is EUR 1,284,000 net, payable 30 % on order, 60 % on delivery and 10 % on acceptance."),
          ("p", "3. Delivery and acceptance. Installation shall be completed by 30 September 2023. Acceptance shall be declared in a written acceptance protocol."),
          ("p", "4. Warranty. The warranty period is 24 months from acceptance. The Supplier warrants that the system complies with EN 15512 and EN 15620."),
          ("p", "5. Liquidated damages. For each week of delay the Supplier shall pay 0.5 % of the price, capped at 5 %."),
          ("p", "6. Governing law. This Agreement is governed by German law; the UN Convention on Contracts for the International Sale of Goods shall not apply."),
          ("p", "7. Jurisdiction. The courts of Munich, Germany, shall have exclusive jurisdiction."),
          ("p", "Wels / Garching, 1 March 2023"),
          ("sig", ["Mayr Regaltechnik GmbH", "Lindqvist Logistik GmbH"])]
    SA = f"{F4}/Vertrag/Supply Agreement Lindqvist Mayr 2023-03-01.pdf"
    put_pdf(SA, docx(sa, lang="en-GB", date="2023-03-01", author="Mayr Vertrieb", font="Calibri"), matter="D04", ref=None, cat="in_matter_folder",
            dt="supply_agreement", title="Supply Agreement", parties=["mayr", "lindqvist"], lang="en", date="2023-03-01", notes="native PDF")
    am = [("title", "Amendment Agreement"),
          ("p", "between Mayr Regaltechnik GmbH, Wels (the “Supplier”) and Lindqvist Logistik GmbH, Garching (the “Purchaser”)"),
          ("h", "Recitals"),
          ("p", "(A) The Parties entered into a supply agreement on 1 March 2023 (the “Agreement”) for the delivery and installation of a high-bay racking system at the Purchaser's warehouse in Garching."),
          ("p", "(B) Acceptance took place on 14 February 2024, more than four months late. The Parties now wish to settle the claims for delay and to amend the Agreement as set out below."),
          ("h", "1. Warranty"), ("p", "Clause 4 of the Agreement is amended so that the warranty period is 36 months from acceptance."),
          ("h", "2. Additional aisle"), ("p", "The Supplier shall install a thirteenth aisle by 30 September 2024 for a fixed price of EUR 96,500 net."),
          ("h", "3. Delay"), ("p", "In full settlement of all claims for liquidated damages the Supplier grants a credit note of EUR 64,200."),
          ("h", "4. Miscellaneous"), ("p", "All other terms of the Agreement remain unchanged."),
          ("p", "Garching, 10 June 2024"), ("sig", ["Mayr Regaltechnik GmbH", "Lindqvist Logistik GmbH"])]
    AM = f"{F4}/Vertrag/Amendment Agreement 2024.docx"
    amd = docx(am, lang="en-GB", date="2024-06-10", author="Anna Berglund")
    put(AM, amd, matter="D04", ref=None, cat="in_matter_folder", dt="amendment_agreement", title="Amendment Agreement", parties=["mayr", "lindqvist"],
        lang="en", date="2024-06-10", rel={"amends": [SA]},
        notes="amends: recital-only reference ('The Parties entered into a supply agreement on 1 March 2023 (the “Agreement”) … wish to amend'); the title names no agreement")
    mr = [LH_M, ("p", "Per E-Mail und Einschreiben/Rückschein\nMayr Regaltechnik GmbH\nGeschäftsführung\nSalzburger Straße 210\n4600 Wels\nÖsterreich"),
          ("r", "München, 15. Januar 2025"), ("p", "Unser Zeichen: 31152.004 KO/ts"),
          ("b", "Liefervertrag vom 1. März 2023 in der Fassung der Änderungsvereinbarung vom 10. Juni 2024 – Mängelrüge und Aufforderung zur Nacherfüllung"),
          ("p", "Sehr geehrte Damen und Herren,"),
          ("p", "wir zeigen an, dass wir die Lindqvist Logistik GmbH vertreten. Bei der Regalinspektion am 9. Januar 2025 wurden an den Ständerrahmen der Gassen 4 bis 7 Verformungen und an 38 Traversen unzulässige Durchbiegungen festgestellt. Die Regalanlage entspricht damit nicht der zugesicherten Norm EN 15512."),
          ("p", "Die Gewährleistungsfrist beträgt nach Ziffer 1 der Änderungsvereinbarung 36 Monate ab Abnahme am 14. Februar 2024 und läuft damit bis Februar 2027."),
          ("p", "Wir fordern Sie auf, die Mängel bis spätestens 14. Februar 2025 zu beseitigen. Nach fruchtlosem Fristablauf wird unsere Mandantin die Mängel auf Ihre Kosten durch einen Dritten beseitigen lassen und Schadensersatz geltend machen."),
          ("p", "Mit freundlichen Grüßen"), ("p", "Katrin Obermaier, Rechtsanwältin")]
    MR = f"{F4}/Korrespondenz/2025-01-15 Mängelrüge an Mayr.docx"
    mrd = docx(mr, date="2025-01-15", author="Tanja Seidl")
    t_mr = "Liefervertrag vom 1. März 2023 in der Fassung der Änderungsvereinbarung vom 10. Juni 2024 – Mängelrüge und Aufforderung zur Nacherfüllung"
    put(MR, mrd, matter="D04", ref="31152.004", cat="in_matter_folder", dt="warning_letter", title=t_mr, parties=dp, lang="de", date="2025-01-15",
        rel={"references": [SA, AM]},
        notes="references: German name for an English contract with date ('Liefervertrag vom 1. März 2023') and the amendment by title and date ('Änderungsvereinbarung vom 10. Juni 2024')")
    pu = [("s", "PÜHRINGER & PARTNER Rechtsanwälte GmbH · Landstraße 49 · 4020 Linz · Österreich"),
          ("p", "Kessler Haldimann Rechtsanwälte PartG mbB\nFrau RAin Katrin Obermaier\nMaximilianstraße 31\n80539 München"), ("r", "Linz, am 3. Februar 2025"),
          ("p", "Ihr Zeichen: 31152.004 KO/ts\nUnser Zeichen: P/MR 25/0047"),
          ("b", "Lindqvist Logistik GmbH / Mayr Regaltechnik GmbH – Ihr Schreiben vom 15. Jänner 2025"),
          ("p", "Sehr geehrte Frau Kollegin,"),
          ("p", "wir vertreten die Mayr Regaltechnik GmbH, Wels. Ihre Mängelrüge weisen wir namens unserer Mandantin zurück."),
          ("p", "Die festgestellten Verformungen sind nach dem Prüfbericht der RIS Regalinspektion Süd GmbH vom 28. Jänner 2025 (Beilage ./A) ausschließlich auf Anfahrschäden durch Flurförderzeuge zurückzuführen, also auf den Betrieb durch Ihre Mandantin. Ein Mangel der Anlage liegt nicht vor."),
          ("p", "Unsere Mandantin ist gleichwohl bereit, die beschädigten Ständerrahmen gegen Kostenersatz zu tauschen; ein Angebot schließen wir an."),
          ("p", "Mit freundlichen kollegialen Grüßen"), ("p", "Dr. Klaus Pühringer"),
          ("p", "Beilage ./A – Prüfbericht RIS vom 28.01.2025")]
    PU = f"{F3}/Korrespondenz/2025-02-03 Pühringer Schreiben.pdf"
    put_pdf(PU, docx(pu, lang="de-AT", date="2025-02-03", author="Pühringer Kanzlei", font="Cambria"), matter="D04", ref="31152.004", cat="misfiled",
            dt="letter", title="Lindqvist Logistik GmbH / Mayr Regaltechnik GmbH – Ihr Schreiben vom 15. Jänner 2025", parties=["mayr", "lindqvist"],
            lang="de", date="2025-02-03", rel={"responds_to": [MR]},
            notes="misfiled into the lease matter of the same client (same property); Austrian counsel: responds_to 'Ihr Schreiben vom 15. Jänner 2025' plus 'Ihr Zeichen'")
    pb = [("p", "Beilage ./A"), ("title", "Prüfbericht Regalinspektion"), ("p", "nach DIN EN 15635 – Objekt: Lindqvist Logistik GmbH, Daimlerstraße 14, Garching, Hochregallager Hallen A/B"),
          ("p", "Auftraggeber: Mayr Regaltechnik GmbH, Wels – Prüfer: Ing. Florian Gruber, RIS Regalinspektion Süd GmbH – Prüfdatum: 24.01.2025"),
          ("p", "Befund: Gassen 4–7: Ständerrahmen an 11 Stellen im Bereich bis 0,4 m über Boden verformt (Kategorie Gelb/Rot). Schadensbild typisch für seitliche Anfahrschäden durch Schubmaststapler; keine Anhaltspunkte für Materialfehler oder Montagefehler."),
          ("p", "Traversen: Durchbiegung an 38 Traversen innerhalb der Toleranz L/200 bei Nennlast; Überlast an 6 Feldern festgestellt (Palettengewicht bis 1.380 kg statt 1.000 kg)."),
          ("p", "Empfehlung: Tausch der rot markierten Ständer binnen 4 Wochen; Anfahrschutz nachrüsten; Lastschilder prüfen."),
          ("p", "Wels, 28.01.2025 – gez. Ing. F. Gruber")]
    put(f"{F4}/Korrespondenz/Beilage A zum Schreiben Pühringer 03.02.2025 - Prüfbericht.pdf", scan_pdf([lines_of(pb)], RNG, "2025-02-05", angle=0.7),
        matter="D04", ref=None, cat="in_matter_folder", dt="expert_report", title="Prüfbericht Regalinspektion", parties=["mayr", "lindqvist"],
        lang="de", date="2025-01-28", text_layer=False, rel={"annex_of": [PU]},
        notes="image-only; annex_of: Austrian 'Beilage ./A' to the letter of 3 Feb 2025, filed in another folder than its letter (the letter is misfiled)")
    kl = [LH_M, ("p", "Landgericht München I\nPrielmayerstraße 7\n80335 München"), ("r", "München, 20. März 2025"), ("p", "Unser Zeichen: 31152.004 KO"),
          ("title", "Klage"),
          ("p", "der Lindqvist Logistik GmbH, vertreten durch den Geschäftsführer Per Lindqvist, Parkring 12, 85748 Garching – Klägerin –"),
          ("p", "Prozessbevollmächtigte: Kessler Haldimann Rechtsanwälte PartG mbB, Maximilianstraße 31, 80539 München"),
          ("p", "gegen"),
          ("p", "die Mayr Regaltechnik GmbH, vertreten durch die Geschäftsführer, Salzburger Straße 210, 4600 Wels, Österreich – Beklagte –"),
          ("p", "wegen Gewährleistung aus Liefervertrag – vorläufiger Streitwert: EUR 214.000,00"),
          ("p", "Namens und in Vollmacht der Klägerin erheben wir Klage und werden beantragen: 1. Die Beklagte wird verurteilt, an die Klägerin EUR 214.000,00 nebst Zinsen in Höhe von neun Prozentpunkten über dem Basiszinssatz seit dem 15. Februar 2025 zu zahlen. 2. Die Beklagte trägt die Kosten des Rechtsstreits."),
          ("h", "Begründung"),
          ("p", "I. Die Parteien schlossen am 01.03.2023 einen Liefervertrag über ein Hochregallager (Supply Agreement, Anlage K 1). Mit Änderungsvereinbarung vom 10.06.2024 (Anlage K 2) verlängerten sie die Gewährleistungsfrist auf 36 Monate ab Abnahme."),
          ("p", "II. Mit Schreiben vom 15.01.2025 (Anlage K 3) rügte die Klägerin Verformungen an den Ständerrahmen und setzte eine Frist zur Nacherfüllung bis 14.02.2025. Die Beklagte wies die Rüge mit Schreiben ihrer österreichischen Anwälte vom 03.02.2025 zurück (Anlage K 4)."),
          ("p", "III. Die internationale Zuständigkeit des angerufenen Gerichts folgt aus der Gerichtsstandsvereinbarung in Ziffer 7 des Liefervertrags (Art. 25 EuGVVO). Die Klägerin hat die Mängel durch die Firma Lagerbau Kreitmair GmbH beseitigen lassen; die Kosten von EUR 214.000,00 sind ihr Schaden (§§ 437 Nr. 3, 280, 281 BGB)."),
          ("p", "Anlagen: K 1 Supply Agreement vom 01.03.2023 – K 2 Änderungsvereinbarung vom 10.06.2024 – K 3 Mängelrüge vom 15.01.2025 – K 4 Schreiben Pühringer & Partner vom 03.02.2025"),
          ("p", "Katrin Obermaier, Rechtsanwältin")]
    KLG = f"{F4}/Schriftsätze/2025-03-20 Klage LG München I.docx"
    put(KLG, docx(kl, date="2025-03-20", author="Katrin Obermaier"), matter="D04", ref="31152.004", cat="in_matter_folder", dt="statement_of_claim",
        title="Klage", parties=dp, lang="de", date="2025-03-20", rel={"references": [SA, AM, MR, PU]},
        notes="references: court-exhibit style ('Liefervertrag … (Anlage K 1)', 'Änderungsvereinbarung vom 10.06.2024 (Anlage K 2)', 'Schreiben vom 15.01.2025 (Anlage K 3)', 'Schreiben … vom 03.02.2025 (Anlage K 4)')")
    put_pdf(f"{F4}/Anlagen/Anlage K 2.pdf", amd, matter="D04", ref=None, cat="in_matter_folder", dt="amendment_agreement", title="Amendment Agreement",
            parties=["mayr", "lindqvist"], lang="en", date="2024-06-10", rel={"annex_of": [KLG], "near_duplicate_of": [AM], "amends": [SA]},
            notes="court exhibit in subfolder Anlagen/, named only by number; a LibreOffice print of the amendment docx (near_duplicate_of)")
    put_pdf(f"{F4}/Anlagen/Anlage K 3.pdf", mrd, matter="D04", ref="31152.004", cat="in_matter_folder", dt="warning_letter", title=t_mr,
            parties=dp, lang="de", date="2025-01-15", rel={"annex_of": [KLG], "near_duplicate_of": [MR], "references": [SA, AM]},
            notes="court exhibit in subfolder Anlagen/, named only by number; PDF print of the Mängelrüge docx")
    ke = [("s", "WENDELSTEIN Rechtsanwälte · Ludwigsplatz 3 · 83022 Rosenheim"),
          ("p", "Landgericht München I\n12. Zivilkammer\n80335 München"), ("r", "Rosenheim, 12.05.2025"),
          ("p", "Az. 12 O 4471/25"),
          ("title", "Klageerwiderung"),
          ("p", "In dem Rechtsstreit Lindqvist Logistik GmbH ./. Mayr Regaltechnik GmbH zeigen wir an, dass wir die Beklagte vertreten. Wir erwidern auf die Klage vom 20.03.2025 und beantragen, die Klage abzuweisen."),
          ("h", "I. Kein Mangel"),
          ("p", "Die Verformungen sind Anfahrschäden. Das ergibt sich aus dem Prüfbericht der RIS Regalinspektion Süd GmbH vom 28.01.2025 (Anlage B 1). Die Klägerin hat die Anlage zudem mit Paletten bis 1.380 kg überladen."),
          ("h", "II. Verspätete Rüge"),
          ("p", "Die Klägerin hat die angeblichen Mängel nicht unverzüglich gerügt (§ 377 HGB). Die Verformungen waren bereits bei der Inspektion im Juli 2024 sichtbar; die Rüge erfolgte erst im Januar 2025. Die Lieferscheine und das Abnahmeprotokoll legt die Klägerin nicht vor."),
          ("h", "III. Höhe"),
          ("p", "Die geltend gemachten Kosten der Ersatzvornahme werden bestritten; sie umfassen den Einbau eines Anfahrschutzes, den der Liefervertrag nicht schuldet."),
          ("p", "Sebastian Wendelstein, Rechtsanwalt")]
    KE = f"{F4}/Gericht/2025-05-12 Klageerwiderung Mayr.pdf"
    put_pdf(KE, docx(ke, date="2025-05-12", author="Wendelstein", font="Times New Roman"), matter="D04", ref=None, cat="in_matter_folder",
            dt="statement_of_defence", title="Klageerwiderung", parties=dp, lang="de", date="2025-05-12", rel={"responds_to": [KLG]},
            notes="native PDF; responds_to: statement of defence to the claim ('erwidern wir auf die Klage vom 20.03.2025')")
    rp = [LH_M, ("p", "Landgericht München I\n12. Zivilkammer"), ("r", "München, 16. Juni 2025"), ("p", "Az. 12 O 4471/25 – Unser Zeichen: 31152.004 KO"),
          ("title", "Replik"),
          ("p", "In dem Rechtsstreit Lindqvist Logistik GmbH ./. Mayr Regaltechnik GmbH nimmt die Klägerin zur Klageerwiderung vom 12.05.2025 wie folgt Stellung:"),
          ("p", "1. Der von der Beklagten vorgelegte Prüfbericht (Anlage B 1) ist ein Parteigutachten der Beklagten. Er verschweigt, dass die Ständerrahmen eine Wandstärke von 1,5 mm statt der nach EN 15512 berechneten 2,0 mm haben. Beweis: Sachverständigengutachten."),
          ("p", "2. Eine Untersuchungs- und Rügeobliegenheit nach § 377 HGB bestand für verdeckte Mängel der Materialstärke nicht; die Rüge vom 15.01.2025 erfolgte sechs Tage nach der Entdeckung."),
          ("p", "3. Der Anfahrschutz ist Teil der vertraglich geschuldeten Leistung (Anlage 1 zum Liefervertrag, Pos. 14)."),
          ("p", "Katrin Obermaier, Rechtsanwältin")]
    RP = f"{F4}/Schriftsätze/2025-06-16 Replik.docx"
    put(RP, docx(rp, date="2025-06-16", author="Katrin Obermaier"), matter="D04", ref="31152.004", cat="in_matter_folder", dt="reply_brief",
        title="Replik", parties=dp, lang="de", date="2025-06-16", rel={"responds_to": [KE], "references": [MR]},
        notes="responds_to: 'zur Klageerwiderung vom 12.05.2025'; references: 'die Rüge vom 15.01.2025'")
    hb = [("p", "Landgericht München I – 12. Zivilkammer"), ("p", "Az.: 12 O 4471/25"), ("title", "Beschluss"),
          ("p", "In dem Rechtsstreit Lindqvist Logistik GmbH, Garching – Klägerin – Prozessbevollmächtigte: Kessler Haldimann Rechtsanwälte PartG mbB, München – gegen Mayr Regaltechnik GmbH, Wels – Beklagte – Prozessbevollmächtigte: Wendelstein Rechtsanwälte, Rosenheim – wegen Gewährleistung"),
          ("p", "erlässt das Landgericht München I durch den Vorsitzenden Richter am Landgericht Dr. Pfaffinger am 18.07.2025 folgenden Hinweisbeschluss:"),
          ("p", "1. Die Kammer weist gemäß § 139 ZPO darauf hin, dass sie nach derzeitigem Stand die Frage der Rechtzeitigkeit der Mängelrüge (§ 377 HGB) für entscheidungserheblich hält. Auf die Ausführungen in der Klageerwiderung vom 12.05.2025 und in der Replik vom 16.06.2025 wird Bezug genommen."),
          ("p", "2. Der Klägerin wird aufgegeben, binnen drei Wochen nach Zustellung die Lieferscheine zur Regalanlage sowie das Abnahmeprotokoll vom 14.02.2024 vorzulegen."),
          ("p", "3. Termin zur mündlichen Verhandlung wird bestimmt auf Donnerstag, 16.10.2025, 10:30 Uhr, Sitzungssaal B 2.17."),
          ("p", "Dr. Pfaffinger, Vorsitzender Richter am Landgericht")]
    HB = f"{F4}/Gericht/2025-07-18 Hinweisbeschluss LG München I.pdf"
    put_pdf(HB, docx(hb, date="2025-07-18", author="LG München I", font="Arial"), matter="D04", ref=None, cat="in_matter_folder", dt="court_order",
            title="Beschluss", parties=dp, lang="de", date="2025-07-18", rel={"references": [KE, RP]},
            notes="native PDF (electronic court document); references: the briefs by type and date ('Klageerwiderung vom 12.05.2025', 'Replik vom 16.06.2025')")
    put(f"{SCANS}/Scan_20250721_0002.tif", scan_raster(lines_of(hb), RNG, "TIFF"), matter="D04", ref=None, cat="scan", dt="court_order",
        title="Beschluss", parties=dp, lang="de", date="2025-07-18", text_layer=False,
        rel={"near_duplicate_of": [HB], "references": [KE, RP]},
        notes="TIFF G4 scan of the paper copy served by the court; placed by the court file number only")
    lb = [LH_M, ("p", "Vorab per beA\nWendelstein Rechtsanwälte\nHerrn RA Sebastian Wendelstein\nLudwigsplatz 3\n83022 Rosenheim"), ("r", "München, 4. August 2025"),
          ("p", "Unser Zeichen: 31152/004 KO"),
          ("b", "Lindqvist Logistik GmbH ./. Mayr Regaltechnik GmbH – LG München I, 12 O 4471/25 – Vorlage gemäß Hinweisbeschluss"),
          ("p", "Sehr geehrter Herr Kollege Wendelstein,"),
          ("p", "in Umsetzung des Hinweisbeschlusses des Landgerichts München I vom 18. Juli 2025 haben wir heute die Lieferscheine Nr. 2023-0917 bis 2023-0921 sowie das Abnahmeprotokoll vom 14. Februar 2024 als Anlagen K 5 und K 6 zur Akte gereicht. Abschriften fügen wir für Sie bei."),
          ("p", "Aus dem Abnahmeprotokoll ergibt sich der Vorbehalt unserer Mandantin zur Materialstärke der Ständerrahmen; er war Ihrer Mandantin also seit der Abnahme bekannt."),
          ("p", "Mit freundlichen kollegialen Grüßen"), ("p", "Katrin Obermaier")]
    put(f"{F4}/Korrespondenz/2025-08-04 Schreiben an Wendelstein - Vorlage Lieferscheine.docx", docx(lb, date="2025-08-04", author="Tanja Seidl"),
        matter="D04", ref="31152/004", cat="in_matter_folder", dt="letter",
        title="Lindqvist Logistik GmbH ./. Mayr Regaltechnik GmbH – LG München I, 12 O 4471/25 – Vorlage gemäß Hinweisbeschluss",
        parties=dp, lang="de", date="2025-08-04", rel={"references": [HB]},
        notes="references: a letter citing the court order it complies with ('in Umsetzung des Hinweisbeschlusses … vom 18. Juli 2025')")


# ================================================================== D05 Traunsee licence (Zürich office)
def fa_blocks(ver):
    ls = ("Lea Sutter", "LS", "2025-05-19T10:12:00Z")
    head = {1: "Draft Rüegg Baumann for Zollinger Treuhand AG – 12 May 2025",
            2: "KH mark-up for Traunsee Software GmbH – 19 May 2025 (against Rüegg Baumann draft of 12 May 2025)",
            3: "Final – 2 June 2025", 4: "Final – 2 June 2025"}[ver]
    scope = ("Art. 1 (Scope) The modules listed in Exhibit A to the Licence Agreement are supplemented by the module TaxFlow Cloud (version 4.2)."
             if ver != 4 else
             "Art. 1 (Scope) The modules listed in Exhibit A to the Licence Agreement are supplemented by the module TaxFlow Cloud (version 4.2 or any later release).")
    return [
        ("s", head),
        ("title", "First Amendment to the Licence Agreement dated 14 January 2025"),
        ("p", "between Traunsee Software GmbH, Gmunden, Austria (FN 447120 s) (“Licensor”) and Zollinger Treuhand AG, Zurich (CHE-214.553.900) (“Licensee”)"),
        ("p", "A. The Parties entered into a licence agreement dated 14 January 2025 (the “Licence Agreement”). B. Licensee wishes to license an additional cloud module; the Parties therefore agree to amend the Licence Agreement as follows."),
        ("p", scope),
        ("red", [("t", "Art. 2 (Licence Fee) The annual licence fee under Art. 2 of the Licence Agreement is increased to CHF 186,000"),
                 ("del", " and is fixed for the remaining term"),
                 ("ins", "; from 1 January 2026 Licensor may adjust the fee once a year in line with the Swiss consumer price index, by no more than 3 per cent. per year"),
                 ("t", ".")],
         M("Art. 2", "price_adjustment", "counterparty_request", "modified",
           "Zollinger (Dr. Frei, e-mail of 12 May) accepts CPI indexation only with a 3 % cap – reflected.", ls)),
        ("red", [("del", "Art. 3 (Exclusivity) Licensor shall not license TaxFlow Cloud to any other fiduciary or tax advisory firm in Switzerland during the term.")],
         M("Art. 3", "exclusivity", "client_instruction", "deleted", "No exclusivity – instruction of Mag. Hofer (Traunsee), call of 15 May.", ls)),
        ("red", [("t", "Art. 4 (Liability) For TaxFlow Cloud Licensor's aggregate liability is limited to the fees paid in the "),
                 ("del", "24"), ("ins", "12"), ("t", " months preceding the event giving rise to the claim; Art. 11 of the Licence Agreement applies otherwise.")],
         M("Art. 4", "liability_cap", "risk_allocation", "modified",
           "Cloud service = outage risk for Traunsee; keep the cap at 12 months' fees as in the Licence Agreement.", ls)),
        ("red", [("t", "Art. 5 (Governing Law) This First Amendment is governed by Swiss law"),
                 ("ins", ", excluding its conflict of laws rules and the United Nations Convention on Contracts for the International Sale of Goods"), ("t", ".")],
         M("Art. 5", "governing_law", "drafting_clarity", "modified", "Clarification only – aligns with Art. 18 of the Licence Agreement.", ls)),
        ("red", [("t", "Art. 6 (Jurisdiction) Exclusive place of jurisdiction is "), ("del", "the courts of Zurich"),
                 ("ins", "the Commercial Court of the Canton of Zurich (Handelsgericht)"), ("t", ".")],
         M("Art. 6", "jurisdiction", "unstated", "modified")),
        ("p", "Art. 7 (Miscellaneous) Save as amended by this First Amendment the Licence Agreement remains unchanged."),
        ("p", "Gmunden / Zurich, 2 June 2025" if ver >= 3 else "Gmunden / Zurich, [date]"),
        ("sig", ["Traunsee Software GmbH", "Zollinger Treuhand AG"]),
    ]


def d05():
    lp = ["traunsee", "zollinger"]
    la = [("title", "Licence Agreement"),
          ("p", "between Traunsee Software GmbH, Gmunden, Austria (FN 447120 s, Regional Court Wels) (“Licensor”) and Zollinger Treuhand AG, Zurich, Switzerland (CHE-214.553.900) (“Licensee”)"),
          ("p", "Art. 1 (Licence) Licensor grants Licensee a non-exclusive, non-transferable licence to use the modules of the TRAUNSEE Fiduciary Suite listed in Exhibit A for up to 220 named users."),
          ("p", "Art. 2 (Fees) The annual licence fee is CHF 164,000, payable annually in advance."),
          ("p", "Art. 3 (Term) The Agreement runs for three years from 1 February 2025 and renews for one year at a time unless terminated with six months' notice."),
          ("p", "Art. 5 (Maintenance) Licensor provides updates and second-level support; services beyond that are governed by the Services Agreement of the same date."),
          ("p", "Art. 11 (Liability) Licensor's aggregate liability is limited to the fees paid in the 12 months preceding the event giving rise to the claim; liability for gross negligence and intent is unlimited."),
          ("p", "Art. 18 (Governing Law) This Agreement is governed by Swiss law, excluding its conflict of laws rules and the CISG."),
          ("p", "Art. 19 (Jurisdiction) Exclusive place of jurisdiction is the City of Zurich."),
          ("p", "Exhibit A – Licensed Modules"),
          ("p", "Gmunden / Zurich, 14 January 2025"),
          ("sig", ["Traunsee Software GmbH – Mag. Stefan Hofer", "Zollinger Treuhand AG – Dr. Nadine Frei / Urs Kälin"]),
          ("s", "KH 40388-002 – execution version")]
    LA = f"{F5}/Vertraege/Licence Agreement Traunsee-Zollinger signed.pdf"
    put_pdf(LA, docx(la, lang="en-GB", date="2025-01-14", author="Lea Sutter"), matter="D05", ref="40388-002", cat="in_matter_folder",
            dt="licence_agreement", title="Licence Agreement", parties=lp, lang="en", date="2025-01-14", notes="native PDF of the executed licence")
    sa = [("title", "Services Agreement"),
          ("p", "between Traunsee Software GmbH, Gmunden (“Provider”) and Zollinger Treuhand AG, Zurich (“Customer”)"),
          ("p", "1. Services. Provider shall implement, host and operate the licensed TRAUNSEE modules for Customer in a data centre in Switzerland."),
          ("p", "2. Service levels. Provider shall meet the service levels set out in Annex 1; service credits are the exclusive remedy for a failure to meet them, save for termination for cause."),
          ("p", "3. Fees. Implementation CHF 48,000 (fixed); operation CHF 5,400 per month."),
          ("p", "4. Data protection. Provider processes personal data as processor under the Swiss Federal Act on Data Protection; the data processing terms form part of this Agreement."),
          ("p", "5. Term. This Agreement ends automatically when the Licence Agreement of the same date ends."),
          ("p", "6. Law and jurisdiction. Art. 18 and 19 of the Licence Agreement apply."),
          ("p", "Gmunden / Zurich, 14 January 2025"),
          ("sig", ["Traunsee Software GmbH", "Zollinger Treuhand AG"])]
    SV = f"{F5}/Vertraege/Services Agreement 2025-01-14.docx"
    svd = docx(sa, lang="en-GB", date="2025-01-14", author="Lea Sutter")
    put(SV, svd, matter="D05", ref=None, cat="in_matter_folder", dt="services_agreement", title="Services Agreement", parties=lp, lang="en",
        date="2025-01-14", rel={"references": [LA]}, notes="references: 'the Licence Agreement of the same date' (title and a relative date)")
    put_odt(f"{F5}/Vertraege/Services Agreement 2025-01-14.odt", svd, matter="D05", ref=None, cat="in_matter_folder", dt="services_agreement",
            title="Services Agreement", parties=lp, lang="en", date="2025-01-14", rel={"near_duplicate_of": [SV], "references": [LA]},
            notes="same document in another format (LibreOffice .odt conversion)")
    an = [("title", "Annex 1 to the Services Agreement dated 14 January 2025"), ("c", "Service Levels"),
          ("table", [["Service", "Measure", "Target", "Service credit"],
                     ["Availability TRAUNSEE Fiduciary Suite", "per calendar month, 06:00–22:00 CET", "99.5 %", "5 % of monthly fee per 0.5 % below"],
                     ["Incident Priority 1", "response / workaround", "30 min / 4 h", "CHF 1,000 per hour late"],
                     ["Incident Priority 2", "response / workaround", "2 h / 1 business day", "CHF 250 per day late"],
                     ["Backup", "restore point objective", "24 h", "–"]]),
          ("p", "Service credits under this Annex 1 are capped at 15 % of the monthly operation fee.")]
    put(f"{F5}/Vertraege/Annex 1 to the Services Agreement.docx", docx(an, lang="en-GB", date="2025-01-14", author="Lea Sutter"), matter="D05", ref=None,
        cat="in_matter_folder", dt="annex", title="Annex 1 to the Services Agreement dated 14 January 2025", parties=lp, lang="en", date="2025-01-14",
        rel={"annex_of": [SV]}, notes="annex_of: 'Annex 1 to the Services Agreement dated …' – the heading names the main agreement and its date")
    rows = [["Exhibit A – Licensed Modules", "", "", ""], ["Module", "Version", "Named users", "Share of annual fee CHF"],
            ["Fiduciary Ledger", "7.1", 220, 72000], ["Payroll CH", "5.4", 60, 38000], ["Tax Return CH", "2025", 120, 41000], ["Document Vault", "3.0", 220, 13000]]
    put(f"{F5}/Vertraege/Exhibit A - Licensed Modules.xlsx", xlsx_bytes([("Exhibit A", rows)], "2025-01-14", creator="Traunsee Sales"), matter="D05",
        ref=None, cat="in_matter_folder", dt="annex", title="Exhibit A – Licensed Modules", parties=[], lang="en", date="2025-01-14",
        rel={"annex_of": [LA]}, notes="annex_of: 'Exhibit A', named in Art. 1 of the licence; the sheet does not name the licence")
    G1 = f"{F5}/Entwuerfe/First Amendment Licence Agreement - draft Zollinger.docx"
    G2 = f"{F5}/Entwuerfe/First Amendment - KH markup 2025-05-19.docx"
    G3 = f"{F5}/Vertraege/First Amendment - final.docx"
    t_fa = "First Amendment to the Licence Agreement dated 14 January 2025"
    b2 = fa_blocks(2)
    put(G1, docx(fa_blocks(1), mode="base", lang="en-GB", date="2025-05-12", author="Marco Rüegg"), matter="D05", ref=None, cat="in_matter_folder",
        dt="amendment_agreement", title=t_fa, parties=lp, lang="en", date="2025-05-12", rel={"amends": [LA]},
        notes="chain First Amendment 1/3; amends: 'First Amendment to the Licence Agreement dated 14 January 2025'")
    put(G2, docx(b2, mode="redline", lang="en-GB", date="2025-05-19", author="Marco Rüegg", rev=("Lea Sutter", "2025-05-19T09:00:00Z")),
        matter="D05", ref=None, cat="in_matter_folder", dt="amendment_agreement", title=t_fa, parties=lp, lang="en", date="2025-05-19",
        rel={"amends": [LA], "redline_of": [G1]}, decisions=decisions_of(b2), notes="chain First Amendment 2/3; Art. 6 uncommented")
    put(G3, docx(fa_blocks(3), lang="en-GB", date="2025-06-02", author="Marco Rüegg"), matter="D05", ref=None, cat="in_matter_folder",
        dt="amendment_agreement", title=t_fa, parties=lp, lang="en", date="2025-06-02", rel={"amends": [LA]}, notes="chain First Amendment 3/3")
    put(f"{F5}/Vertraege/First Amendment - final final.docx", docx(fa_blocks(4), lang="en-GB", date="2025-06-03", author="Marco Rüegg"),
        matter="D05", ref=None, cat="in_matter_folder", dt="amendment_agreement", title=t_fa, parties=lp, lang="en", date="2025-06-02",
        rel={"amends": [LA], "near_duplicate_of": [G3]},
        notes="near_duplicate_of: 'final final' copy with one changed sentence in Art. 1 ('or any later release')")
    sl = [("p", "Traunsee Software GmbH · Esplanade 9 · 4810 Gmunden · Austria"),
          ("p", "Zollinger Treuhand AG\nDr. Nadine Frei, General Counsel\nLöwenstrasse 29\n8001 Zürich"), ("r", "Gmunden, 3 June 2025"),
          ("title", "Side Letter"),
          ("b", "to the Licence Agreement dated 14 January 2025, as amended by the First Amendment dated 2 June 2025"),
          ("p", "Dear Dr. Frei,"),
          ("p", "Notwithstanding Art. 2 of the First Amendment, we confirm that we shall not apply the index adjustment of the licence fee for the licence year 2026, provided that Zollinger Treuhand AG does not give notice of termination of the Licence Agreement before 1 August 2026."),
          ("p", "This letter forms part of the Licence Agreement and shall be treated as confidential. Please confirm your agreement by countersigning below."),
          ("p", "Yours sincerely, Traunsee Software GmbH – Mag. Stefan Hofer"),
          ("p", "Agreed and accepted: Zollinger Treuhand AG – Dr. Nadine Frei / Urs Kälin – Zurich, 3 June 2025")]
    SL = f"{F5}/Vertraege/Side Letter Zollinger.pdf"
    put_pdf(SL, docx(sl, lang="en-GB", date="2025-06-03", author="Stefan Hofer", font="Calibri"), matter="D05", ref=None, cat="in_matter_folder",
            dt="side_letter", title="Side Letter", parties=lp, lang="en", date="2025-06-03", rel={"amends": [LA], "references": [G3]},
            notes="amends: 'Side Letter to the Licence Agreement dated 14 January 2025'; references: 'the First Amendment dated 2 June 2025' / 'Art. 2 of the First Amendment'")
    put(f"{SCANS}/IMG_20250603_174512.jpg", scan_raster(lines_of(sl), RNG, "JPEG", angle=1.3), matter="D05", ref=None, cat="scan", dt="side_letter",
        title="Side Letter", parties=lp, lang="en", date="2025-06-03", text_layer=False,
        rel={"near_duplicate_of": [SL], "amends": [LA], "references": [G3]},
        notes="phone photo of the countersigned side letter (JPEG); placed only by the parties and the licence")
    br = [LH_Z, ("p", "Traunsee Software GmbH\nHerrn Mag. Stefan Hofer\nEsplanade 9\n4810 Gmunden\nÖsterreich"), ("r", "Zürich, 4. Juni 2025"),
          ("p", "Unser Zeichen: 40388-002 LS"),
          ("b", "Zollinger Treuhand AG – Abschluss der Vertragsänderung TaxFlow Cloud"),
          ("p", "Sehr geehrter Herr Mag. Hofer,"),
          ("p", "das First Amendment vom 2. Juni 2025 ist nun von beiden Seiten unterzeichnet; ein Original liegt bei. Gegenüber dem Entwurf der Gegenseite konnten wir die Haftungsbegrenzung auf zwölf Monatsgebühren halten und die Exklusivität streichen. Die Indexierung ist auf 3 % pro Jahr begrenzt."),
          ("p", "Den Side Letter, den Zollinger als Bedingung für die Unterzeichnung verlangt hat, haben Sie am 3. Juni unterschrieben. Bitte beachten Sie: Die Indexanpassung für 2026 entfällt, solange Zollinger nicht vor dem 1. August 2026 kündigt. Wir haben die Frist notiert."),
          ("p", "Unsere Schlussrechnung für dieses Mandat folgt mit separater Post."),
          ("p", "Freundliche Grüsse"), ("p", "Lea Sutter")]
    put(f"{F5}/Korr/Brief an Traunsee 2025-06-04 Abschluss.docx", docx(br, lang="de-CH", date="2025-06-04", author="Lea Sutter"), matter="D05",
        ref="40388-002", cat="in_matter_folder", dt="letter", title="Zollinger Treuhand AG – Abschluss der Vertragsänderung TaxFlow Cloud",
        parties=["traunsee"], lang="de", date="2025-06-04", rel={"references": [G3, SL]},
        notes="references: 'das First Amendment vom 2. Juni 2025' (English title in a German letter, with date) and 'Den Side Letter' (title alone, unique in the matter)")
    return LA, G1, G2, G3


# ================================================================== D06 Dr. Adler / Brunnthal
def af_blocks(ver):
    mk = ("Dr. Martina Kessler", "MK", "2025-06-13T07:45:00Z")
    head = {1: "Entwurf Brunnthal Medizintechnik GmbH – 02.06.2025",
            2: "Entwurf vom 02.06.2025 mit Anmerkungen Kessler Haldimann für Frau Dr. Adler – 13.06.2025",
            3: "Stand: 20.06.2025"}[ver]
    return [
        ("s", head),
        ("title", "Aufhebungsvertrag"),
        ("p", "zwischen der Brunnthal Medizintechnik GmbH, Robert-Koch-Straße 3, 85521 Ottobrunn, eingetragen im Handelsregister des Amtsgerichts München unter HRB 201455, vertreten durch ihren Geschäftsführer Dr. Wolfgang Ertl – nachfolgend „Gesellschaft“ –"),
        ("p", "und Frau Dr. Henrike Adler, Ottobrunn – nachfolgend „Frau Dr. Adler“ –"),
        ("h", "§ 1 Beendigung des Dienstverhältnisses"),
        ("p", "(1) Der zwischen den Parteien bestehende Geschäftsführer-Dienstvertrag vom 18.12.2020 (der „Dienstvertrag“) wird im gegenseitigen Einvernehmen mit Ablauf des 30. September 2025 (das „Beendigungsdatum“) beendet."),
        ("p", "(2) Die Abberufung von Frau Dr. Adler als Geschäftsführerin bleibt unberührt."),
        ("h", "§ 2 Abfindung"),
        ("red", [("t", "(1) Die Gesellschaft zahlt Frau Dr. Adler für den Verlust ihrer Stellung eine Abfindung entsprechend §§ 24, 34 EStG in Höhe von EUR "),
                 ("del", "180.000,00"), ("ins", "240.000,00"), ("t", " brutto.")],
         M("§ 2 Abs. 1", "settlement_amount", "client_instruction", "modified", "Mandantin (Telefonat 12.06.): Untergrenze 240 T€, darunter kein Abschluss.", mk)),
        ("p", "(2) Der Anspruch auf die Abfindung entsteht mit Unterzeichnung dieses Vertrags und ist vererblich."),
        ("red", [("t", "(3) Die Abfindung ist "), ("del", "mit dem Beendigungsdatum"), ("ins", "am 15. Januar 2026"), ("t", " zur Zahlung fällig.")],
         M("§ 2 Abs. 3", "settlement_amount", "tax", "modified",
           "Auszahlung erst im Januar 2026: Fünftelregelung (§ 34 EStG) wirkt nur, wenn 2026 keine weiteren Bezüge anfallen – deutlich günstigere Besteuerung.", mk)),
        ("h", "§ 3 Bezüge bis zum Beendigungsdatum; Dienstwagen"),
        ("p", "(1) Bis zum Beendigungsdatum erhält Frau Dr. Adler ihre vertragsgemäßen Festbezüge. Sie ist ab dem 1. Juni 2025 unter Anrechnung restlicher Urlaubsansprüche unwiderruflich freigestellt. Ein Anspruch auf Tantieme für das Geschäftsjahr 2025 besteht nicht."),
        ("red", [("ins", "(2) Frau Dr. Adler ist berechtigt, den ihr überlassenen Dienstwagen (amtl. Kennzeichen M-BM 2021) bis zum Beendigungsdatum im bisherigen Umfang auch privat zu nutzen.")],
         M("§ 3 Abs. 2", "company_car", "commercial_compromise", "inserted",
           "Dr. Ertl hat im Termin am 12.06. den Dienstwagen bis 30.09. angeboten, wenn wir im Gegenzug die Tantieme 2025 aufgeben.", mk)),
        ("h", "§ 4 Rückgabe"),
        ("p", "(1) Frau Dr. Adler gibt bis zum 30. Juni 2025 sämtliche Unterlagen, Datenträger, Schlüssel und Zugangsmittel der Gesellschaft zurück. Der Dienstwagen ist am Beendigungsdatum zurückzugeben."),
        ("h", "§ 5 Nachvertragliches Wettbewerbsverbot"),
        ("red", [("t", "(1) Frau Dr. Adler verpflichtet sich, für die Dauer von zwölf Monaten nach dem Beendigungsdatum nicht für ein Unternehmen tätig zu werden, das mit der Gesellschaft auf dem Gebiet minimalinvasiver Chirurgieinstrumente im Wettbewerb steht. "),
                 ("del", "Eine Karenzentschädigung wird nicht gezahlt."),
                 ("ins", "Die Gesellschaft zahlt für die Dauer des Verbots eine monatliche Karenzentschädigung in Höhe von 50 % der zuletzt bezogenen monatlichen Festbezüge.")],
         M("§ 5 Abs. 1", "non_compete_compensation", "legal_requirement", "modified",
           "§ 9 Abs. 3 Dienstvertrag: Wettbewerbsverbot nur gegen 50 % Karenzentschädigung; ohne Entschädigung wäre das Verbot unverbindlich – nicht verhandelbar.", mk)),
        ("p", "(2) Die Gesellschaft kann bis zum Beendigungsdatum schriftlich auf das Wettbewerbsverbot verzichten."),
        ("h", "§ 6 Erledigung"),
        ("p", "(1) Mit Erfüllung dieses Vertrags sind alle gegenseitigen Ansprüche aus dem Dienstverhältnis und seiner Beendigung abgegolten, ausgenommen Ansprüche aus der betrieblichen Altersversorgung."),
        ("h", "§ 7 Zeugnis; Verschwiegenheit"),
        ("p", "(1) Frau Dr. Adler erhält ein qualifiziertes Zwischenzeugnis mit dem als Anlage 1 beigefügten Wortlaut; das Endzeugnis entspricht diesem Wortlaut."),
        ("red", [("t", "(2) Die Parteien verpflichten sich, über den Inhalt dieses Vertrags Stillschweigen zu bewahren"),
                 ("ins", ", soweit nicht eine Offenlegung gegenüber Steuer- und Rechtsberatern, Behörden oder Familienangehörigen erforderlich ist"), ("t", ".")],
         M("§ 7 Abs. 2", "confidentiality", "unstated", "modified")),
        ("h", "§ 8 Kosten; Schlussbestimmungen"),
        ("p", "(1) Änderungen und Ergänzungen dieses Vertrags bedürfen der Schriftform."),
        ("red", [("del", "(2) Jede Partei trägt die Kosten ihrer rechtlichen Beratung selbst."),
                 ("ins", "(2) Die Gesellschaft erstattet Frau Dr. Adler die Kosten ihrer anwaltlichen Beratung im Zusammenhang mit der Beendigung bis zu einem Betrag von EUR 5.000,00 zzgl. Umsatzsteuer gegen Nachweis.")],
         M("§ 8 Abs. 2", "costs", "counterparty_request", "modified", "Hat Dr. Ertl im Termin am 12.06. selbst angeboten – übernommen.", mk)),
        ("p", "Anlage 1 – Zeugnistext"),
        ("sig", ["Ottobrunn, den __________  Brunnthal Medizintechnik GmbH", "Ottobrunn, den __________  Dr. Henrike Adler"]),
    ]


def d06():
    ap = ["brunnthal", "adler"]
    gf = [("title", "Geschäftsführer-Dienstvertrag"),
          ("p", "zwischen der Brunnthal Medizintechnik GmbH, Ottobrunn (HRB 201455), vertreten durch ihre Alleingesellschafterin Brunnthal Holding GmbH – „Gesellschaft“ – und Frau Dr. Henrike Adler – „Geschäftsführerin“"),
          ("p", "§ 1 Bestellung. Frau Dr. Adler ist mit Wirkung zum 1. Januar 2021 zur Geschäftsführerin der Gesellschaft bestellt."),
          ("p", "§ 4 Bezüge. Die Geschäftsführerin erhält ein festes Jahresgehalt von EUR 195.000,00 brutto sowie eine erfolgsabhängige Tantieme nach Maßgabe einer jährlichen Zielvereinbarung."),
          ("p", "§ 5 Dienstwagen. Die Gesellschaft stellt einen Dienstwagen der oberen Mittelklasse, auch zur privaten Nutzung."),
          ("p", "§ 9 Laufzeit, Kündigung, Wettbewerbsverbot. (1) Der Vertrag ist auf unbestimmte Zeit geschlossen und kann von beiden Seiten mit einer Frist von zwölf Monaten zum Ende eines Kalendervierteljahres gekündigt werden. (2) Die Abberufung lässt den Vertrag unberührt. (3) Ein nachvertragliches Wettbewerbsverbot kann nur gegen Zahlung einer Karenzentschädigung in Höhe von 50 % der zuletzt bezogenen Festbezüge vereinbart werden."),
          ("p", "§ 12 Schlussbestimmungen. Änderungen bedürfen der Schriftform. Es gilt deutsches Recht."),
          ("p", "Ottobrunn, den 18.12.2020"),
          ("sig", ["Brunnthal Holding GmbH für die Brunnthal Medizintechnik GmbH", "Dr. Henrike Adler"])]
    GF = f"{F6}/Verträge/Geschäftsführervertrag Dr. Adler 2021.pdf"
    put_pdf(GF, docx(gf, date="2020-12-18", author="Brunnthal HR", font="Times New Roman"), matter="D06", ref=None, cat="in_matter_folder",
            dt="managing_director_agreement", title="Geschäftsführer-Dienstvertrag", parties=ap, lang="de", date="2020-12-18",
            notes="native PDF; file name says 2021 (the start date), the contract is dated 18.12.2020")
    gb = [("title", "Beschluss der Gesellschafterversammlung der Brunnthal Medizintechnik GmbH"), ("c", "Amtsgericht München HRB 201455"),
          ("p", "Die Brunnthal Holding GmbH, Ottobrunn (HRB 201388), als alleinige Gesellschafterin der Brunnthal Medizintechnik GmbH hält unter Verzicht auf alle Form- und Fristvorschriften eine Gesellschafterversammlung ab und beschließt:"),
          ("p", "1. Frau Dr. Henrike Adler wird mit sofortiger Wirkung als Geschäftsführerin abberufen."),
          ("p", "2. Der Geschäftsführervertrag mit Frau Dr. Adler wird ordentlich zum nächstmöglichen Termin gekündigt. Herr Dr. Wolfgang Ertl wird ermächtigt, die Kündigung zu erklären und über eine einvernehmliche Beendigung zu verhandeln; eine Abfindung bis EUR 250.000 ist genehmigt."),
          ("p", "3. Herr Dr. Wolfgang Ertl wird zum alleinvertretungsberechtigten Geschäftsführer bestellt."),
          ("p", "Ottobrunn, 23. Mai 2025"),
          ("sig", ["Brunnthal Holding GmbH, vertreten durch den Geschäftsführer Markus Feldhaus"])]
    GB = f"{F6}/Korrespondenz/Gesellschafterbeschluss Brunnthal 2025-05-23.pdf"
    put_pdf(GB, docx(gb, date="2025-05-23", author="Brunnthal HR", font="Times New Roman"), matter="D06", ref=None, cat="in_matter_folder",
            dt="shareholder_resolution", title="Beschluss der Gesellschafterversammlung der Brunnthal Medizintechnik GmbH",
            parties=["brunnthal_holding"], lang="de", date="2025-05-23", rel={"references": [GF]},
            notes="references: 'Der Geschäftsführervertrag mit Frau Dr. Adler' (title alone, unique in the matter)")
    bl = [("p", "Brunnthal Medizintechnik GmbH · Robert-Koch-Straße 3 · 85521 Ottobrunn"),
          ("p", "Persönlich / vertraulich – per Boten\nFrau Dr. Henrike Adler\nAm Hachinger Bach 8\n85521 Ottobrunn"), ("r", "Ottobrunn, 26.05.2025"),
          ("b", "Abberufung und Kündigung Ihres Geschäftsführer-Dienstvertrags"),
          ("p", "Sehr geehrte Frau Dr. Adler,"),
          ("p", "mit Gesellschafterbeschluss vom 23. Mai 2025 wurden Sie mit sofortiger Wirkung als Geschäftsführerin der Gesellschaft abberufen. Namens der Gesellschaft kündige ich hiermit den Dienstvertrag vom 18. Dezember 2020 ordentlich zum 30. Juni 2026."),
          ("p", "Sie sind ab sofort von der Pflicht zur Dienstleistung freigestellt. Die Gesellschaft ist zu Gesprächen über eine einvernehmliche Beendigung bereit; einen Entwurf lassen wir Ihnen kurzfristig zukommen."),
          ("p", "Mit freundlichen Grüßen"), ("p", "Dr. Wolfgang Ertl, Geschäftsführer")]
    BL = f"{F6}/Korrespondenz/2025-05-26 Brunnthal Abberufung Schreiben.pdf"
    put_pdf(BL, docx(bl, date="2025-05-26", author="Brunnthal HR", font="Calibri"), matter="D06", ref=None, cat="in_matter_folder", dt="letter",
            title="Abberufung und Kündigung Ihres Geschäftsführer-Dienstvertrags", parties=ap, lang="de", date="2025-05-26",
            rel={"references": [GB, GF]},
            notes="references: 'mit Gesellschafterbeschluss vom 23. Mai 2025' (type and date) and 'den Dienstvertrag vom 18. Dezember 2020' (short name and date)")
    kl = [LH_M, ("p", "Brunnthal Medizintechnik GmbH\nHerrn Dr. Wolfgang Ertl\nRobert-Koch-Straße 3\n85521 Ottobrunn"), ("r", "München, 30. Mai 2025"),
          ("p", "Unser Zeichen: 52210.001 MK"),
          ("b", "Dr. Henrike Adler – Ihr Schreiben vom 26. Mai 2025"),
          ("p", "Sehr geehrter Herr Dr. Ertl,"),
          ("p", "wir vertreten Frau Dr. Adler; eine auf uns lautende Vollmacht liegt bei. Ihr Schreiben vom 26. Mai 2025 an unsere Mandantin liegt uns vor."),
          ("p", "Die Kündigung weisen wir mangels Vorlage einer Vollmachtsurkunde nach § 174 BGB zurück: Sie sind erst mit dem Beschluss vom 23. Mai bestellt worden; die Eintragung im Handelsregister ist noch nicht erfolgt. Im Übrigen beträgt die Kündigungsfrist nach § 9 Abs. 1 des Geschäftsführer-Dienstvertrags vom 18. Dezember 2020 zwölf Monate zum Quartalsende; die Kündigung wirkt daher frühestens zum 30. Juni 2026."),
          ("p", "Unsere Mandantin ist gleichwohl zu Gesprächen über eine einvernehmliche Lösung bereit. Wir sehen Ihrem Entwurf entgegen."),
          ("p", "Mit freundlichen Grüßen"), ("p", "Dr. Martina Kessler")]
    put(f"{F6}/Korrespondenz/2025-05-30 KH an Brunnthal - Zurückweisung.docx", docx(kl, date="2025-05-30", author="Sabine Brandl"), matter="D06",
        ref="52210.001", cat="in_matter_folder", dt="letter", title="Dr. Henrike Adler – Ihr Schreiben vom 26. Mai 2025", parties=["adler", "brunnthal"],
        lang="de", date="2025-05-30", rel={"responds_to": [BL], "references": [GF, GB]},
        notes="responds_to: the subject line 'Ihr Schreiben vom 26. Mai 2025'; references: '§ 9 Abs. 1 des Geschäftsführer-Dienstvertrags vom 18. Dezember 2020', 'dem Beschluss vom 23. Mai'")
    H1 = f"{F6}/Verträge/Aufhebungsvertrag - Entwurf Brunnthal 2025-06-02.docx"
    H2 = f"{F6}/Verträge/Aufhebungsvertrag - KH Anm. Dr. Adler.docx"
    H3 = f"{F6}/Verträge/Aufhebungsvertrag Stand 20.06.2025.docx"
    b2 = af_blocks(2)
    put(H1, docx(af_blocks(1), mode="base", date="2025-06-02", author="Brunnthal HR"), matter="D06", ref=None, cat="in_matter_folder",
        dt="termination_agreement", title="Aufhebungsvertrag", parties=ap, lang="de", date="2025-06-02", rel={"references": [GF]},
        notes="chain Aufhebungsvertrag 1/4; references: defined term 'Geschäftsführer-Dienstvertrag vom 18.12.2020 (der „Dienstvertrag“)'")
    put(H2, docx(b2, mode="redline", date="2025-06-13", author="Brunnthal HR", rev=("Dr. Martina Kessler", "2025-06-13T07:30:00Z")), matter="D06",
        ref=None, cat="in_matter_folder", dt="termination_agreement", title="Aufhebungsvertrag", parties=ap, lang="de", date="2025-06-13",
        rel={"redline_of": [H1], "references": [GF]}, decisions=decisions_of(b2), notes="chain Aufhebungsvertrag 2/4; § 7 Abs. 2 uncommented")
    h3 = docx(af_blocks(3), date="2025-06-20", author="Brunnthal HR")
    put(H3, h3, matter="D06", ref=None, cat="in_matter_folder", dt="termination_agreement", title="Aufhebungsvertrag", parties=ap, lang="de",
        date="2025-06-20", rel={"references": [GF]}, notes="chain Aufhebungsvertrag 3/4; version only as 'Stand 20.06.2025' in the name and header")
    put_pdf(f"{F6}/Verträge/Aufhebungsvertrag Stand 20.06.2025.pdf", h3, matter="D06", ref=None, cat="in_matter_folder", dt="termination_agreement",
            title="Aufhebungsvertrag", parties=ap, lang="de", date="2025-06-20", rel={"near_duplicate_of": [H3], "references": [GF]},
            notes="near_duplicate_of: LibreOffice PDF print")
    zg = [("title", "Anlage 1 zum Aufhebungsvertrag"), ("c", "zwischen der Brunnthal Medizintechnik GmbH und Frau Dr. Henrike Adler – Zeugnistext"),
          ("b", "Zwischenzeugnis"),
          ("p", "Frau Dr. Henrike Adler, geboren am 4. März 1979, ist seit dem 1. Januar 2021 Geschäftsführerin unserer Gesellschaft. Sie verantwortete die Bereiche Forschung und Entwicklung, Regulatory Affairs und Produktion mit zuletzt 140 Mitarbeiterinnen und Mitarbeitern."),
          ("p", "Unter ihrer Leitung erhielt die Gesellschaft die CE-Zertifizierung nach MDR für sämtliche Produktlinien und steigerte den Umsatz von EUR 31 Mio. auf EUR 44 Mio. Frau Dr. Adler hat die ihr übertragenen Aufgaben stets zu unserer vollsten Zufriedenheit erfüllt."),
          ("p", "Ihr Verhalten gegenüber Gesellschaftern, Mitarbeitern und Geschäftspartnern war stets vorbildlich. Wir bedauern ihr Ausscheiden und wünschen ihr für die Zukunft alles Gute und weiterhin viel Erfolg."),
          ("p", "Ottobrunn, im Juni 2025 – Brunnthal Medizintechnik GmbH")]
    Z1 = f"{F6}/Verträge/Anlage 1 zum Aufhebungsvertrag - Zeugnis.docx"
    put(Z1, docx(zg, date="2025-06-20", author="Brunnthal HR"), matter="D06", ref=None, cat="in_matter_folder", dt="annex",
        title="Anlage 1 zum Aufhebungsvertrag", parties=ap, lang="de", date="2025-06-20", rel={"annex_of": [H3]},
        notes="annex_of: 'Anlage 1 zum Aufhebungsvertrag zwischen …' – heading names the main agreement and its parties; belongs to the version of its date")
    cv = [("p", "Brunnthal Medizintechnik GmbH · Robert-Koch-Straße 3 · 85521 Ottobrunn"),
          ("p", "Kessler Haldimann\nFrau Dr. Martina Kessler\nMaximilianstraße 31\n80539 München"), ("r", "Ottobrunn, 2. Juni 2025"),
          ("p", "Ihr Zeichen: 52210.001 MK – Ihr Schreiben vom 30.05.2025"),
          ("b", "Frau Dr. Henrike Adler – einvernehmliche Beendigung"),
          ("p", "Sehr geehrte Frau Dr. Kessler,"),
          ("p", "die Zurückweisung der Kündigung nehmen wir zur Kenntnis; eine Vollmacht der Gesellschafterin liegt diesem Schreiben bei. Ohne Präjudiz für die Wirksamkeit der Kündigung übersenden wir den Entwurf eines Aufhebungsvertrags mit Stand 2. Juni 2025."),
          ("p", "Wir schlagen ein Gespräch in unseren Räumen am 12. Juni 2025, 10:00 Uhr, vor."),
          ("p", "Mit freundlichen Grüßen"), ("p", "Dr. Wolfgang Ertl"),
          ("p", "Anlagen: Vollmacht Brunnthal Holding GmbH; Entwurf Aufhebungsvertrag (Stand 02.06.2025)")]
    put_pdf(f"{F6}/Korrespondenz/2025-06-02 Brunnthal an KH - Entwurf Aufhebungsvertrag.pdf", docx(cv, date="2025-06-02", author="Brunnthal HR", font="Calibri"),
            matter="D06", ref="52210.001", cat="in_matter_folder", dt="letter", title="Frau Dr. Henrike Adler – einvernehmliche Beendigung",
            parties=["brunnthal", "adler"], lang="de", date="2025-06-02", rel={"responds_to": [f"{F6}/Korrespondenz/2025-05-30 KH an Brunnthal - Zurückweisung.docx"], "references": [H1]},
            notes="native PDF; responds_to: our reference plus date ('Ihr Zeichen: 52210.001 MK – Ihr Schreiben vom 30.05.2025'); references: enclosure 'Entwurf Aufhebungsvertrag (Stand 02.06.2025)'")
    ll = lines_of(af_blocks(3), signed=["gez. Dr. W. Ertl, Ottobrunn, 26.06.2025", "gez. Dr. H. Adler, Ottobrunn, 26.06.2025"])
    H4 = f"{SCANS}/Scan_20250626_0001.pdf"
    put(H4, scan_pdf([ll[:22], ll[22:]], RNG, "2025-06-26", angle=-0.8), matter="D06", ref=None, cat="scan", dt="termination_agreement",
        title="Aufhebungsvertrag", parties=ap, lang="de", date="2025-06-26", text_layer=False, rel={"references": [GF]},
        notes="chain Aufhebungsvertrag 4/4: image-only scan of the signed agreement in the scanner inbox, placed only by the parties")
    tn = ("Telefonnotiz\r\n\r\nAkte 52210.001 - Dr. Adler / Brunnthal\r\nTelefonat mit Frau Dr. Adler am 12.06.2025, 18:10 - 18:40 Uhr (MK)\r\n\r\n"
          "Zum Entwurf der Gegenseite vom 2. Juni 2025:\r\n"
          "- Abfindung: nicht unter 240.000 EUR, sonst lieber Kündigungsfrist bis 30.06.2026 ausnutzen.\r\n"
          "- Auszahlung gern erst im Januar 2026 (Steuerberater rät wegen Fünftelregelung).\r\n"
          "- Dienstwagen bis 30.09.: Dr. Ertl hat das heute Vormittag im Termin selbst angeboten, dafür keine Tantieme 2025 - für Mandantin ok.\r\n"
          "- Wettbewerbsverbot nur mit Karenzentschädigung (§ 9 Abs. 3 GF-Vertrag).\r\n"
          "- Anwaltskosten: Ertl hat 5.000 EUR angeboten.\r\n\r\nWV: Anmerkungen an Dr. Ertl bis 13.06.\r\n")
    put(f"{F6}/Korrespondenz/Telefonnotiz Dr. Adler 2025-06-12.txt", tn.encode("cp1252"), matter="D06", ref="52210.001", cat="in_matter_folder",
        dt="file_note", title="Telefonnotiz", parties=["adler"], lang="de", date="2025-06-12", rel={"references": [H1, GF]},
        notes="Windows-1252, CRLF; references: 'Zum Entwurf der Gegenseite vom 2. Juni 2025' (by date and role only) and '§ 9 Abs. 3 GF-Vertrag' (abbreviation)")
    return H1, H2, H3, Z1, H4


# ================================================================== loose files (top level, inbox)
def loose(ENG):
    rows = [["Akte", "Sache", "Frist / Termin", "Art", "Zuständig", "erledigt"],
            ["20417.003", "Projekt Enzian – Freigabe BKartA (Monatsfrist)", "05.06.2025", "Behördenfrist", "MK", "ja"],
            ["52210.001", "Dr. Adler – Annahmefrist Aufhebungsvertrag", "27.06.2025", "Vertragsfrist", "MK", "ja"],
            ["20417.005", "Seeland – Änderungsvereinbarung (Bedingung Zustimmung)", "31.07.2025", "Vertragsfrist", "TH", "ja"],
            ["31152.004", "Lindqvist ./. Mayr – Vorlage Lieferscheine (Hinweisbeschluss 18.07.)", "08.08.2025", "richterliche Frist", "KO", ""],
            ["31152.004", "Lindqvist ./. Mayr – mündliche Verhandlung LG München I", "16.10.2025", "Termin", "KO", ""],
            ["40388.002", "Traunsee – Kündigungsstichtag Side Letter Zollinger", "01.08.2026", "Wiedervorlage", "LS", ""],
            ["31152.001", "Lindqvist – Sonderkündigung Halle C (6 Monate zum Quartal)", "31.12.2027", "Wiedervorlage", "JA", ""]]
    put("Fristen 2025.xlsx", xlsx_bytes([("Fristen", rows)], "2025-07-21", title="Fristenliste", creator="Sekretariat MK"), matter=None, ref=None,
        cat="top_level", dt="checklist", title="Fristenliste 2025", parties=[], lang="de", date="2025-07-21",
        notes="deadline list naming six matters: belongs to none; the sheet is named 'Fristen', the core title 'Fristenliste'")
    inv = [LH_M, ("p", "Voralp Holding AG\nBuchhaltung\nBaarerstrasse 21\n6300 Zug\nSchweiz"), ("r", "München, 12. Juni 2025"),
           ("title", "Rechnung Nr. 2025-0612"),
           ("p", "Kundennummer 20417 – Mandat 20417.003 Projekt Enzian (Erwerb Sigmatech GmbH) – USt-IdNr. Kessler Haldimann: DE 297 118 430"),
           ("p", "Für unsere Tätigkeit gemäß Mandatsvereinbarung vom 20. Februar 2025 im Zeitraum 20.02.–31.05.2025 berechnen wir:"),
           ("table", [["Leistung", "Stunden", "Betrag EUR"], ["Partner (Dr. Kessler)", "96,5", "50.180,00"], ["Counsel / Associates", "318,0", "104.940,00"],
                      ["Auslagen (Reisekosten Stuttgart, Kopien)", "", "1.214,60"], ["Summe netto", "", "156.334,60"]]),
           ("p", "Leistungsempfänger im Drittland (Schweiz): nicht im Inland steuerbar, Steuerschuldnerschaft des Leistungsempfängers."),
           ("p", "Zahlbar innerhalb von 14 Tagen auf IBAN DE12 7015 0000 1004 2233 18 (Stadtsparkasse München) unter Angabe der Rechnungsnummer.")]
    put_pdf("Rechnung 2025-0612 Voralp.pdf", docx(inv, date="2025-06-12", author="Buchhaltung KH"), matter="D01", ref="20417.003", cat="top_level",
            dt="invoice", title="Rechnung Nr. 2025-0612", parties=["firm_kh", "voralp"], lang="de", date="2025-06-12", rel={"references": [ENG]},
            notes="top-level invoice naming the matter; references: 'gemäß Mandatsvereinbarung vom 20. Februar 2025'")


# ================================================================== e-mails (after the PDF prints exist)
def mails(P1, P2, P3, DL, HL, KL, G1, G2, H2, H3, Z1):
    JAm, MKm, LSm = "Dr. Jonas Albrecht <j.albrecht@kessler-haldimann.com>", "Dr. Martina Kessler <m.kessler@kessler-haldimann.com>", "Lea Sutter <l.sutter@kessler-haldimann.com>"
    FST = "Dr. Felix Staiger <f.staiger@staiger-loos.de>"
    # D01 thread
    da = rfc_date(2025, 4, 2, 17, 42)
    ida = "<AM6PR04MB5891D1A3C2F0B7E41C2A9@AM6PR04MB5891.eurprd04.prod.outlook.com>"
    ba = ("Dear Felix,\n\nfurther to your letter of 28 March 2025 and our call on Monday, please find attached our mark-up of the SPA, "
          "shown against our draft of 4 March.\n\nIn short: 30 % cap (Clause 9.2), 24 months limitation (Clause 9.5), DIS arbitration with seat in Zurich (Clause 15.2), "
          "management fees as Permitted Leakage up to EUR 150k (Clause 3.4) and the non-compete as offered (Clause 11.1). Clause 14.3 (notarial costs) is still subject to our client's review.\n\n"
          "Could you let us have the draft Disclosure Letter by 25 April?\n\nBest regards\nJonas\n\nDr. Jonas Albrecht\nKessler Haldimann | Maximilianstraße 31 | 80539 München\nKH ref. 20417.003")
    A = f"{F1}/Mails/2025-04-02 KH an Staiger Loos - SPA markup.eml"
    put(A, eml_bytes(frm=JAm, to=FST, cc=MKm, subject="Project Enzian – SPA – KH mark-up", date=da, msgid=ida, body=ba,
                     atts=[("SPA Sigmatech v2 KH markup.docx", FILES[P2], mime_of(P2))], hops=hops_out(da), lang="en-GB",
                     thread_index="AdujX2k1b3JhbHBFbnppYW4wMg==", mailer="Microsoft Outlook 16.0"),
        matter="D01", ref="20417.003", cat="in_matter_folder", dt="email", title="Project Enzian – SPA – KH mark-up", parties=["bidco", "hartwig"],
        lang="en", date="2025-04-02", rel={"responds_to": [HL], "references": [P1]},
        notes="thread D01 1/2; responds_to: a mail answering a filed letter ('further to your letter of 28 March 2025'); references: 'our draft of 4 March'; the attachment (v2) is filed under the same name")
    ANS[P2]["relations"]["attachment_of"] = [A]
    db = rfc_date(2025, 4, 3, 9, 14)
    idb = "<6a1f3e0c-91d2-4b7e-a3f5-2c88e0b1d4a7@staiger-loos.de>"
    bb = ("Dear Jonas,\n\nthank you for your mark-up of yesterday. Our client can accept 24 months and the arbitration clause. "
          "On the cap we are not there yet – 30 % is too high; we will come back after our client's board meeting on 10 April. "
          "Clause 14.3: our client will not share the notarial fees.\n\nThe Disclosure Letter will follow by the end of April.\n\nKind regards\nFelix\n\n"
          "-----Original Message-----\nFrom: Dr. Jonas Albrecht\nSent: Wednesday, 2 April 2025 17:42\nSubject: Project Enzian – SPA – KH mark-up\n\n> Dear Felix,\n> further to your letter of 28 March 2025 ...")
    B = f"{F1}/Mails/2025-04-03 RE SPA markup.eml"
    put(B, eml_bytes(frm=FST, to=JAm, cc=MKm, subject="RE: Project Enzian – SPA – KH mark-up", date=db, msgid=idb, body=bb, irt=ida, refs=[ida],
                     hops=hops_in("mail.staiger-loos.de", "185.17.44.21", "j.albrecht@kessler-haldimann.com", db, "4ZR1xk2QmHz9v"),
                     dkim_domain="staiger-loos.de", lang="en-GB", enc="8bit", mailer="Apple Mail (2.3776)"),
        matter="D01", ref=None, cat="in_matter_folder", dt="email", title="Project Enzian – SPA – KH mark-up", parties=["hartwig", "bidco"],
        lang="en", date="2025-04-03", rel={"responds_to": [A], "references": [P2]},
        notes="thread D01 2/2; In-Reply-To the KH mail; references: 'your mark-up of yesterday' (deictic, the parent's attachment)")
    dc = rfc_date(2025, 4, 28, 19, 5)
    bc = ("Lieber Herr Caduff,\n\ndie mit Staiger Loos abgestimmte Fassung des Kaufvertrags (Entwurf 3) liegt in unserer Akte als "
          "Kaufvertrag Sigmatech Stand 2025-04-28.docx. Zur Durchsicht hänge ich Ihnen die PDF-Fassung an; die Word-Datei schicke ich gern nach, falls Ihr Verwaltungsrat Anmerkungen hat.\n\n"
          "Für den Zirkularbeschluss des Verwaltungsrats bitte ausdrücklich auf die Fassung vom 28. April 2025 Bezug nehmen – der Notar wird genau diese Fassung verlesen.\n\n"
          "Beurkundung: Samstag, 3. Mai 2025, 10:00 Uhr, Notariat Dr. Reiff, Stuttgart.\n\nHerzliche Grüße\nMartina Kessler\n\nKessler Haldimann | Akte 20417.003")
    PDF3 = P3[:-5] + ".pdf"
    C = f"{F1}/Mails/2025-04-28 Kaufvertrag abgestimmte Fassung an Voralp.eml"
    put(C, eml_bytes(frm=MKm, to="Reto Caduff <reto.caduff@voralp.ch>", subject="Projekt Enzian – Kaufvertrag in abgestimmter Fassung", date=dc,
                     msgid="<AM6PR04MB58910F4E2B7D3C9A11E0@AM6PR04MB5891.eurprd04.prod.outlook.com>", body=bc,
                     atts=[("Kaufvertrag Sigmatech Stand 2025-04-28.pdf", FILES[PDF3], "application/pdf")], hops=hops_out(dc),
                     thread_index="AdW4c2Fncm9zc2NhZHVmZjI4MDQ=", mailer="Microsoft Outlook 16.0"),
        matter="D01", ref="20417.003", cat="in_matter_folder", dt="email", title="Projekt Enzian – Kaufvertrag in abgestimmter Fassung", parties=["voralp"],
        lang="de", date="2025-04-28", rel={"references": [P3]},
        notes="references: by file name ('liegt in unserer Akte als Kaufvertrag Sigmatech Stand 2025-04-28.docx') – the docx is filed but NOT attached; only its PDF print is attached")
    ANS[PDF3]["relations"]["attachment_of"] = [C]
    # inbox forward (D01)
    df = rfc_date(2025, 5, 2, 8, 3)
    bf = ("Liebe Frau Kessler,\n\nzur Info – bitte kurz einschätzen, ob das für uns vor der Beurkundung morgen ein Thema ist.\n\nGruss\nReto Caduff\n\n"
          "---------- Weitergeleitete Nachricht ----------\nVon: Dr. Felix Staiger <f.staiger@staiger-loos.de>\nDatum: 1. Mai 2025 um 18:22\n"
          "Betreff: Sigmatech – supplemental disclosure\n\nDear Mr Caduff,\n\nfurther to the Disclosure Letter delivered on 30 April 2025, our client wishes to make the following "
          "supplemental disclosure against Guarantee 3.16 (Tax): the tax office Stuttgart II announced a tax audit of the Company for the years 2020 to 2022 on 29 April 2025.\n\n"
          "Kind regards\nFelix Staiger")
    put("Posteingang_MK/WG Sigmatech - Nachtrag zum Disclosure Letter.eml",
        eml_bytes(frm="Reto Caduff <reto.caduff@voralp.ch>", to=MKm, subject="WG: Sigmatech – supplemental disclosure", date=df,
                  msgid="<ZRH0P278MB0412A7C1E22@ZRH0P278MB0412.CHEP278.PROD.OUTLOOK.COM>", body=bf,
                  hops=hops_in("mail-zr0che01on2101.outbound.protection.outlook.com", "40.107.24.101", "m.kessler@kessler-haldimann.com", df, "4ZV9hQ0nPlz7x"),
                  dkim_domain="voralp.ch", enc="qp", mailer="Microsoft Outlook 16.0"),
        matter="D01", ref=None, cat="inbox", dt="email", title="Sigmatech – supplemental disclosure", parties=["voralp", "hartwig"], lang="de",
        date="2025-05-02", rel={"references": [DL]},
        notes="partner's inbox; forward of a mail whose original is not on the share (no thread, no responds_to); references: 'the Disclosure Letter delivered on 30 April 2025' (title alone plus delivery date)")
    # D03 reply to the KH letter by e-mail
    di = rfc_date(2025, 4, 30, 11, 37)
    bi = ("Bezug: Ihr Zeichen 31152.001 JA/sb, Ihr Schreiben vom 22.04.2025\n\nSehr geehrter Herr Dr. Albrecht,\n\n"
          "die Eigentümerin ist mit Ihren Änderungen einverstanden: Weitergabe der Indexänderung zu 80 %, Untervermietung an verbundene Unternehmen und Sonderkündigung mit sechs Monaten zum Quartalsende. "
          "Auch die Kostenregelung in Ziff. 5.3 tragen wir mit.\n\nWir lassen die Unterschriftsfassung vorbereiten und schlagen als Termin den 20. Mai 2025 in unserem Büro vor.\n\n"
          "Mit freundlichen Grüßen\nGerhard Mühlbauer\nIsarpark Asset Management")
    put(f"{F3}/Korrespondenz/2025-04-30 Isarpark Antwort Nachtrag 2.eml",
        eml_bytes(frm="Gerhard Mühlbauer <g.muehlbauer@isarpark-immobilien.de>", to=JAm, cc="anna.berglund@lindqvist-logistik.de",
                  subject="Nachtrag Nr. 2 Daimlerstraße 14 – Ihr Schreiben vom 22.04.2025", date=di,
                  msgid="<20250430093711.4471.isarpark@srv02.isarpark-immobilien.de>", body=bi,
                  hops=hops_in("srv02.isarpark-immobilien.de", "212.18.3.77", "j.albrecht@kessler-haldimann.com", di, "4ZWbq61Tr8z3F"),
                  dkim_domain="isarpark-immobilien.de", enc="latin1", mailer="Microsoft Outlook 16.0"),
        matter="D03", ref="31152.001", cat="in_matter_folder", dt="email", title="Nachtrag Nr. 2 Daimlerstraße 14 – Ihr Schreiben vom 22.04.2025",
        parties=["isarpark", "lindqvist"], lang="de", date="2025-04-30", rel={"responds_to": [KL]},
        notes="responds_to: an e-mail answering a filed letter ('Bezug: Ihr Zeichen 31152.001 JA/sb, Ihr Schreiben vom 22.04.2025'); ISO-8859-1 body")
    # D05 inbox mail of Dr. Frei and the thread with Zollinger's counsel
    dn = rfc_date(2025, 5, 12, 8, 26)
    bn = ("Dear Ms Sutter,\n\nas discussed with Mag. Hofer last week: Zollinger can accept an indexation of the licence fee for TaxFlow Cloud only if it is capped at 3 % per year. "
          "Under Art. 2 of the Licence Agreement of 14 January 2025 the fee is currently fixed, and our board will not approve an open-ended CPI clause.\n\n"
          "Our counsel, Mr Rüegg, will send you a first draft of the amendment today.\n\nKind regards\nNadine Frei\nGeneral Counsel, Zollinger Treuhand AG")
    I2 = "Posteingang_LS/Licence fee indexation.eml"
    idn = "<GV0P278MB0719B3E5C1@GV0P278MB0719.CHEP278.PROD.OUTLOOK.COM>"
    put(I2, eml_bytes(frm="Dr. Nadine Frei <nadine.frei@zollinger-treuhand.ch>", to=LSm, subject="Licence fee indexation – TaxFlow Cloud", date=dn,
                      msgid=idn, body=bn, html=f"<html><body><p>{bn.replace(chr(10)+chr(10), '</p><p>').replace(chr(10), '<br>')}</p></body></html>",
                      hops=hops_in("mail-gv0che01on2119.outbound.protection.outlook.com", "40.107.23.119", "l.sutter@kessler-haldimann.com", dn, "4ZX3kJ8mQnz1c"),
                      dkim_domain="zollinger-treuhand.ch", lang="en-GB"),
        matter="D05", ref=None, cat="inbox", dt="email", title="Licence fee indexation – TaxFlow Cloud", parties=["zollinger", "traunsee"], lang="en",
        date="2025-05-12", rel={"references": [f"{F5}/Vertraege/Licence Agreement Traunsee-Zollinger signed.pdf"]},
        notes="associate's inbox (Zürich); multipart/alternative; references: 'Art. 2 of the Licence Agreement of 14 January 2025'")
    RB = "Marco Rüegg <m.rueegg@rueegg-baumann.ch>"
    d10 = rfc_date(2025, 5, 12, 16, 48)
    id10 = "<c4b2a7e9-0f13-4d5e-8a61-9e2f7d3b5c10@rueegg-baumann.ch>"
    b10 = ("Dear Ms Sutter,\n\nplease find attached our client's first draft of the First Amendment to the Licence Agreement (TaxFlow Cloud). "
           "The indexation point is as foreshadowed in Dr. Frei's e-mail of this morning; we have kept the fee fixed for now.\n\n"
           "We would appreciate your comments by 19 May.\n\nBest regards\nMarco Rüegg\nRüegg Baumann AG, Zürich")
    T10 = f"{F5}/Korr/2025-05-12 Rüegg Baumann - draft First Amendment.eml"
    put(T10, eml_bytes(frm=RB, to=LSm, cc="nadine.frei@zollinger-treuhand.ch", subject="Traunsee / Zollinger – First Amendment – draft", date=d10, msgid=id10,
                       body=b10, atts=[("20250512_First_Amendment_Zollinger_draft.docx", FILES[G1], mime_of(G1))],
                       hops=hops_in("smtp.rueegg-baumann.ch", "195.141.88.12", "l.sutter@kessler-haldimann.com", d10, "4ZX6Yt2Pbfz5m"),
                       dkim_domain="rueegg-baumann.ch", lang="en-GB", enc="base64", mailer="Mozilla Thunderbird 128.3"),
        matter="D05", ref=None, cat="in_matter_folder", dt="email", title="Traunsee / Zollinger – First Amendment – draft", parties=["zollinger", "traunsee"],
        lang="en", date="2025-05-12", rel={"references": [I2]},
        notes="thread D05 1/3; attachment travels under another name than the filed copy; references: 'Dr. Frei's e-mail of this morning' (a mail outside the thread)")
    ANS[G1]["relations"]["attachment_of"] = [T10]
    d11 = rfc_date(2025, 5, 19, 18, 2)
    id11 = "<ZR0P278MB1187E2A90C@ZR0P278MB1187.CHEP278.PROD.OUTLOOK.COM>"
    b11 = ("Dear Mr Rüegg,\n\nattached is our mark-up. Art. 3 (exclusivity) is deleted on our client's instructions; the indexation is in Art. 2 with the 3 % cap Dr. Frei asked for; "
           "the liability cap stays at twelve months' fees. Art. 5 and 6 are clarifications.\n\nKind regards\nLea Sutter\n\nKessler Haldimann AG | Bleicherweg 18 | 8002 Zürich | ref. 40388-002\n\n"
           "From: Marco Rüegg\nSent: Monday, 12 May 2025 16:48\nSubject: Traunsee / Zollinger – First Amendment – draft\n\n> please find attached our client's first draft ...")
    T11 = f"{F5}/Korr/2025-05-19 RE First Amendment - KH markup.eml"
    put(T11, eml_bytes(frm=LSm, to=RB, cc="Thomas Haldimann <t.haldimann@kessler-haldimann.com>", subject="RE: Traunsee / Zollinger – First Amendment – draft",
                       date=d11, msgid=id11, irt=id10, refs=[id10], body=b11,
                       atts=[("First Amendment - KH markup 2025-05-19.docx", FILES[G2], mime_of(G2))], hops=hops_out(d11, 1748),
                       thread_index="AdXIa2R0cmF1bnNlZXpvbGxpbmdlcg==", lang="en-GB", mailer="Microsoft Outlook 16.0"),
        matter="D05", ref="40388-002", cat="in_matter_folder", dt="email", title="Traunsee / Zollinger – First Amendment – draft", parties=["traunsee", "zollinger"],
        lang="en", date="2025-05-19", rel={"responds_to": [T10]}, notes="thread D05 2/3; carries the mark-up (attachment_of)")
    ANS[G2]["relations"]["attachment_of"] = [T11]
    d12 = rfc_date(2025, 5, 21, 10, 30)
    b12 = ("Dear Ms Sutter,\n\nour client accepts your mark-up of 19 May, including the deletion of Art. 3, on one condition: Zollinger would like a short side letter "
           "confirming that the first indexation will not apply in 2026 if it renews. We will circulate a clean version for signature.\n\nBest regards\nMarco Rüegg")
    put(f"{F5}/Korr/2025-05-21 RE RE First Amendment.eml",
        eml_bytes(frm=RB, to=LSm, subject="RE: Traunsee / Zollinger – First Amendment – draft", date=d12,
                  msgid="<5e9d0b71-3c2a-4f88-9d14-7a1c6e2b8f03@rueegg-baumann.ch>", irt=id11, refs=[id10, id11], body=b12,
                  hops=hops_in("smtp.rueegg-baumann.ch", "195.141.88.12", "l.sutter@kessler-haldimann.com", d12, "4ZYcMn7Wq2z8r"),
                  dkim_domain="rueegg-baumann.ch", lang="en-GB", enc="qp", mailer="Mozilla Thunderbird 128.3"),
        matter="D05", ref=None, cat="in_matter_folder", dt="email", title="Traunsee / Zollinger – First Amendment – draft", parties=["zollinger", "traunsee"],
        lang="en", date="2025-05-21", rel={"responds_to": [T11], "references": [G2]},
        notes="thread D05 3/3; references: 'your mark-up of 19 May' (type and date)")
    # D06 mail to the client with the agreed text and the annex
    da6 = rfc_date(2025, 6, 20, 15, 12)
    b6 = ("Liebe Frau Dr. Adler,\n\nanbei der mit Herrn Dr. Ertl abgestimmte Stand des Aufhebungsvertrags vom heutigen Tag nebst Anlage 1 (Zeugnistext). "
          "Gegenüber unseren Anmerkungen vom 13. Juni hat die Gesellschaft alle Punkte übernommen; geändert hat sich nur die Formulierung in § 7 Abs. 2.\n\n"
          "Die Gesellschaft hält das Angebot bis 27. Juni aufrecht. Wenn Sie einverstanden sind, unterzeichnen Sie bitte zwei Exemplare; wir leiten sie dann weiter.\n\n"
          "Herzliche Grüße\nMartina Kessler\n\nKessler Haldimann | Akte 52210.001")
    M6 = f"{F6}/Korrespondenz/2025-06-20 Mail an Dr. Adler - Stand Aufhebungsvertrag.eml"
    put(M6, eml_bytes(frm=MKm, to="Dr. Henrike Adler <h.adler@posteo.de>", subject="Aufhebungsvertrag – Stand 20.06.2025", date=da6,
                      msgid="<AM6PR04MB5891C0FFEE20250620@AM6PR04MB5891.eurprd04.prod.outlook.com>", body=b6,
                      atts=[("Aufhebungsvertrag Stand 20.06.2025.docx", FILES[H3], mime_of(H3)),
                            ("Anlage 1 zum Aufhebungsvertrag - Zeugnis.docx", FILES[Z1], mime_of(Z1))], hops=hops_out(da6),
                      thread_index="AdXhbGVyYXVmaGVidW5nMjAwNg==", mailer="Microsoft Outlook 16.0"),
        matter="D06", ref="52210.001", cat="in_matter_folder", dt="email", title="Aufhebungsvertrag – Stand 20.06.2025", parties=["adler"], lang="de",
        date="2025-06-20", rel={"references": [H2]}, notes="two attachments filed in the matter; references: 'unseren Anmerkungen vom 13. Juni' (the redline by date only)")
    ANS[H3]["relations"]["attachment_of"] = [M6]
    ANS[Z1]["relations"]["attachment_of"] = [M6]
    return [[A, B], [T10, T11, f"{F5}/Korr/2025-05-21 RE RE First Amendment.eml"]]


# ================================================================== main
def main(out: Path):
    P1, P2, P3, DL, DEED, HL = d01()
    Q1, Q2, Q3 = d02(DEED)
    MV, N1, R1, R2, R3, KL = d03()
    d04()
    LA, G1, G2, G3 = d05()
    H1, H2, H3, Z1, H4 = d06()
    loose(f"{F1}/Korrespondenz/2025-02-20 Mandatsvereinbarung Voralp.docx")
    for path, data in soffice_convert(JOBS).items():
        FILES[path] = data
        ANS[path] = PENDING.pop(path)
    assert not PENDING, PENDING
    threads = mails(P1, P2, P3, DL, HL, KL, G1, G2, H2, H3, Z1)
    chains = [[P1, P2, P3], [Q1, Q2, Q3], [R1, R2, R3], [G1, G2, G3], [H1, H2, H3, H4]]
    for path, a in ANS.items():
        for kind, targets in a["relations"].items():
            for t in targets:
                assert t in ANS and t != path, (path, kind, t)
        a["relations"] = {k: a["relations"][k] for k in KIND if a["relations"].get(k)}
    answers = {
        "estate": "D", "seed": SEED, "generator": "knowledge_index_tests/evaluation_d/estate_d.py",
        "firm": FIRM, "matters": MATTERS, "companies": COMPANIES, "homonyms": [],
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
    print(f"estate D: {len(FILES)} files -> {out}")


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else HERE / "estate_d")
