"""Estate F: a generated file share of Ashcombe Reinholt LLP (London / Munich) with known answers.

A sixth firm whose conventions differ from estates A, C, D and E: an English LLP with a Munich
branch, client.matter numbers (`104233.00012`, also written `104233-12`, `104233/12` and, in the
old practice-management exports, `C104233 M12`), folders by client number and name then matter
number and title, an archive, a partner's working folder, a scanner folder, an inbox and a
document-management export whose file names carry the DMS number (`LON-4471235-v3 …`,
`#4471235v3 - …`, `MUC_8823411_2.DOCX`) rather than the document's name. Mostly English, about a
third German. Written from how UK and German law-firm estates vary, not from any product's code.
Deterministic: fixed seed, fixed dates, fixed zip times; PDF prints, the .odt, .doc and .rtf are
LibreOffice conversions (volatile PDF bytes pinned); scans are Pillow images.

    python -m knowledge_index_tests.evaluation_f.estate_f [OUT_DIR]
"""

from __future__ import annotations

import base64
import email.utils
import hashlib
import json
import random
import shutil
import sys
import uuid
from datetime import datetime, timedelta, timezone
from pathlib import Path

from knowledge_index_tests.evaluation_f._writers_f import (Doc, dkim_header, eml_bytes, photo_jpeg, pptx_bytes, scan_pdf,
                                                           scan_png, scan_raster, soffice_convert, xlsx_bytes)

SEED = 20250704
HERE = Path(__file__).resolve().parent
RNG = random.Random(SEED)

FILES: dict[str, bytes] = {}
ANS: dict[str, dict] = {}
JOBS: list[tuple] = []          # LibreOffice conversions: (src, ext, target, path, date)
PENDING: dict[str, dict] = {}   # answers of files whose bytes come from LibreOffice

# ------------------------------------------------------------------ firm, companies, matters
FIRM = {"name": "Ashcombe Reinholt LLP", "register": "OC398712", "company": "firm_arl", "natural_person": False,
        "aliases": ["Ashcombe Reinholt", "ARL", "ASHCOMBE REINHOLT LLP", "Ashcombe Reinholt LLP, Zweigniederlassung München",
                    "Ashcombe Reinholt Rechtsanwälte"]}


def _co(key, name, register, aliases, natural=False):
    return key, {"name": name, "register": register, "company": key, "natural_person": natural, "aliases": aliases}


COMPANIES = dict([
    ("firm_arl", FIRM),
    _co("hartwell", "Hartwell Logistics Ltd", "05128844", ["Hartwell Logistics Limited", "Hartwell Logistics", "Hartwell", "HARTWELL LOGISTICS LIMITED"]),
    _co("hartwell_de", "Hartwell Logistik GmbH", "HRB 254117", ["Hartwell Logistik", "HARTWELL LOGISTIK GMBH"]),
    _co("isar", "Isar Logistikimmobilien GmbH & Co. KG", "HRA 109876", ["Isar Logistikimmobilien", "Isar", "ISAR LOGISTIKIMMOBILIEN GMBH & CO. KG"]),
    _co("bw_holdings", "Brightwater Holdings Limited", "06655443", ["Brightwater Holdings Ltd", "Brightwater Holdings", "BRIGHTWATER HOLDINGS LIMITED"]),
    _co("brightwater", "Brightwater Freight Limited", "09876123", ["Brightwater Freight Ltd", "Brightwater Freight", "Brightwater", "BRIGHTWATER FREIGHT LIMITED"]),
    _co("northgate_ew", "Northgate Commercial Finance Limited", "08123456", ["Northgate Commercial Finance Ltd", "Northgate Commercial Finance", "Northgate"]),
    _co("northgate_sc", "Northgate Commercial Finance Limited", "SC512345", ["Northgate Commercial Finance Ltd", "Northgate Commercial Finance", "Northgate"]),
    _co("dunmore", "Rachel Dunmore", None, ["Ms Rachel Dunmore", "Ms R Dunmore", "Ms Dunmore", "R Dunmore"], natural=True),
    _co("meridian", "Meridian Components GmbH", "HRB 211734", ["Meridian Components", "Meridian", "MERIDIAN COMPONENTS GMBH"]),
    _co("calder", "Calder Precision Engineering Ltd", "07345120", ["Calder Precision Engineering Limited", "Calder Precision Engineering", "Calder", "CALDER PRECISION ENGINEERING LIMITED"]),
    _co("tyne", "Tyne Industrial Supplies Limited", "10234987", ["Tyne Industrial Supplies Ltd", "Tyne Industrial Supplies", "Tyne", "TYNE INDUSTRIAL SUPPLIES LIMITED"]),
    _co("oberland", "Oberland Antriebstechnik GmbH", "HRB 231456", ["Oberland Antriebstechnik", "Oberland", "OBERLAND ANTRIEBSTECHNIK GMBH"]),
    _co("alpenblick", "Alpenblick Ventures Fund II GmbH & Co. KG", "HRA 112233", ["Alpenblick Ventures Fund II", "Alpenblick Ventures", "Alpenblick"]),
    _co("severn", "Severn Capital Partners LLP", "OC421190", ["Severn Capital Partners", "Severn Capital", "Severn"]),
    _co("ederer", "Dr. Lukas Ederer", None, ["Lukas Ederer", "Dr Lukas Ederer", "Herr Dr. Ederer"], natural=True),
    _co("kraml", "Sabine Kraml", None, ["Frau Sabine Kraml", "Frau Kraml"], natural=True),
    _co("fenwick", "Fenwick Harrow Properties Ltd", "03377120", ["Fenwick Harrow Properties Limited", "Fenwick Harrow Properties", "Fenwick Harrow", "FENWICK HARROW PROPERTIES LIMITED"]),
    _co("pelham", "Pelham Cold Storage Limited", "08890211", ["Pelham Cold Storage Ltd", "Pelham Cold Storage", "Pelham", "PELHAM COLD STORAGE LIMITED"]),
])

C1 = "Clients/104233 Hartwell Logistics Ltd"
F01 = f"{C1}/00012 Munich warehouse lease"
F02 = f"{C1}/00015 Project Falcon - Brightwater"
F03 = f"{C1}/00016 Acquisition facility Northgate"
F07 = f"{C1}/Dunmore exit"
C2 = "Clients/318054 Meridian Components GmbH"
F04 = f"{C2}/00003 Meridian v Calder Precision"
F05 = f"{C2}/00005 UK distribution"
F06 = "Clients/402517 Oberland Antriebstechnik GmbH/00002 Series B Finanzierungsrunde"
F08 = "Archive/Closed 2023/155902 Fenwick Harrow Properties Ltd/00002 Unit 4 Thames Gateway Park"
DMS_LON = "DMS Export/LON"
DMS_MUC = "DMS Export/MUC"
WORK = "_Working/JMK"
INBOX = "Inbox"
SCANS = "Scanned"

MATTERS = {
    "F01": {"reference": "104233.00012", "reference_forms": ["104233.00012", "104233-12", "104233/12", "C104233 M12"],
            "title": "Munich warehouse lease", "title_forms": ["Munich warehouse lease", "Lagerhalle Eching", "Mietvertrag Eching"],
            "client": "hartwell", "folders": [F01], "folder": F01},
    "F02": {"reference": "104233.00015", "reference_forms": ["104233.00015", "104233-15", "104233/15", "C104233 M15"],
            "title": "Project Falcon – acquisition of Brightwater Freight Limited",
            "title_forms": ["Project Falcon", "Project Falcon - Brightwater", "Acquisition of Brightwater Freight"],
            "client": "hartwell", "folders": [F02], "folder": F02},
    "F03": {"reference": "104233.00016", "reference_forms": ["104233.00016", "104233-16"],
            "title": "Acquisition facility – Northgate", "title_forms": ["Acquisition facility Northgate", "Northgate facility", "Falcon acquisition facility"],
            "client": "hartwell", "folders": [F03], "folder": F03},
    "F04": {"reference": "318054.00003", "reference_forms": ["318054.00003", "318054-3", "318054/3"],
            "title": "Meridian v Calder Precision", "title_forms": ["Meridian v Calder Precision", "Meridian v Calder", "Meridian Components v Calder Precision Engineering"],
            "client": "meridian", "folders": [F04], "folder": F04},
    "F05": {"reference": "318054.00005", "reference_forms": ["318054.00005", "318054-5"],
            "title": "UK distribution", "title_forms": ["UK distribution", "Meridian UK distribution", "Vertrieb UK Meridian"],
            "client": "meridian", "folders": [F05], "folder": F05},
    "F06": {"reference": "402517.00002", "reference_forms": ["402517.00002", "402517/2"],
            "title": "Series B Finanzierungsrunde", "title_forms": ["Series B Finanzierungsrunde", "Oberland Series B", "Finanzierungsrunde Oberland"],
            "client": "oberland", "folders": [F06], "folder": F06},
    "F07": {"reference": "104233.00019", "reference_forms": ["104233.00019"],
            "title": "Dunmore exit", "title_forms": ["Dunmore exit", "Rachel Dunmore settlement", "Dunmore settlement agreement"],
            "client": "hartwell", "folders": [F07], "folder": F07},
    "F08": {"reference": "155902.00002", "reference_forms": ["155902.00002", "C155902 M2"],
            "title": "Unit 4 Thames Gateway Park", "title_forms": ["Unit 4 Thames Gateway Park", "Unit 4 lease", "Thames Gateway Park"],
            "client": "fenwick", "folders": [F08], "folder": F08},
}

PHANTOMS = [
    ("companies_house", "05128844"), ("companies_house", "06655443"), ("companies_house", "09876123"), ("companies_house", "08123456"),
    ("companies_house", "SC512345"), ("companies_house", "07345120"), ("companies_house", "10234987"), ("companies_house", "03377120"),
    ("companies_house", "08890211"), ("companies_house", "OC398712"), ("companies_house", "OC421190"),
    ("hrb", "HRB 254117"), ("hrb", "HRA 109876"), ("hrb", "HRB 211734"), ("hrb", "HRB 231456"), ("hrb", "HRA 112233"),
    ("court_claim", "HC-2025-000123"), ("court_claim", "HC-2024-001871"), ("court_file", "7 O 4471/23"),
    ("land_registry_title", "EGL412233"), ("land_registry_title", "TGL55120"), ("land_register", "Grundbuch von Eching Blatt 4412"),
    ("dms_number", "LON-4471235"), ("dms_number", "#4471235v3"), ("dms_number", "MUC_8823411"), ("dms_filing_tag", "[ARL-LON.FID4471235]"),
    ("invoice_number", "104233-0412"), ("invoice_number", "MUC-25-0231"), ("invoice_number", "INV-25-11873"),
    ("order_number", "PO 45-118802"), ("notarial_deed", "UR-Nr. 1422/2025 K"),
    ("counterparty_ref", "PL/EM/BRI.0015"), ("counterparty_ref", "CAL/0042/TR"), ("counterparty_ref", "IS-LV 2021/104"),
    ("sra_number", "SRA No. 612738"), ("vat_id", "GB 214 5573 09"), ("vat_id", "DE 318 054 227"),
    ("iban", "GB29 NWBK 6016 1331 9268 19"), ("iban", "DE89 7002 0270 0015 3326 49"), ("sort_code", "60-16-13 31926819"),
    ("postal_code", "EC4M 7AN"), ("postal_code", "80333 München"), ("postal_code", "85386 Eching"), ("postal_code", "RM20 3LP"),
    ("phone", "+44 20 7946 0312"), ("phone", "+49 89 2154 8800"), ("docket", "Docket No. 1:25-cv-01233"),
    ("ni_number", "NI No. QQ 12 34 56 C"), ("payroll_number", "Payroll No. 104233-RD"), ("order_number", "AB-2025-06-0311"), ("court_filing_id", "Submission ID: 7719934"), ("dx", "DX 10521 Sheffield"), ("policy_number", "W&I Policy No. 4471-2025"),
]

# ------------------------------------------------------------------ helpers
LH_LON = ("s", "ASHCOMBE REINHOLT LLP · 1 Carter Lane · London EC4M 7AN · T +44 20 7946 0312 · www.ashcombe-reinholt.com · "
               "Authorised and regulated by the Solicitors Regulation Authority, SRA No. 612738")
LH_MUC = ("s", "ASHCOMBE REINHOLT LLP · Zweigniederlassung München · Maximiliansplatz 12 · 80333 München · T +49 89 2154 8800 · "
               "Rechtsanwälte und Solicitors")

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
    """A file written by LibreOffice from docx bytes: PDF print, .odt, legacy .doc or .rtf."""
    assert path not in FILES and path not in PENDING, path
    JOBS.append((src_docx, "docx", target, path, a["date"]))
    PENDING[path] = answer(path, **a)


def flush():
    """Run the LibreOffice conversions queued so far (their bytes are needed, e.g. as mail attachments)."""
    if JOBS:
        for path, data in soffice_convert(JOBS).items():
            FILES[path] = data
            ANS[path] = PENDING.pop(path)
        JOBS.clear()


def rel_add(path, kind, target):
    a = ANS.get(path) or PENDING[path]
    a["relations"].setdefault(kind, []).append(target)


def M(locus, topic, rat, ct, comment=None, by=None, todo=False):
    return {"locus": locus, "topic": topic, "rationale_category": rat, "change_type": ct, "comment": comment, "by": by, "todo": todo}


def docx(blocks, *, mode="clean", lang="en-GB", date, author, rev=None, font="Arial", title_prop="", app="Microsoft Office Word",
         template="ARL_Letter.dotm"):
    """mode: base (v1: t+del), redline (tracked), clean (t+ins), final (v3 edits applied), compare (v2 -> v3 tracked)."""
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
        elif k == "v3":
            segs = b[1]
            if mode == "compare":
                d.p(*[("del" if kk == "old" else "ins" if kk == "new" else "t", t) for kk, t in segs if t])
            else:
                keep = "new" if mode == "final" else "old"
                d.p("".join(t for kk, t in segs if kk in ("t", keep)))
    return d.bytes(title=title_prop, core_author=author, app=app, template=template)


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
        elif k == "v3":
            keep = "new" if mode == "final" else "old"
            out.append(("p", "".join(t for kk, t in b[1] if kk in ("t", keep))))
    return out


def decisions_of(blocks):
    out = []
    for b in blocks:
        if b[0] == "red" and b[2]:
            m = b[2]
            out.append({"locus": m["locus"], "topic": m["topic"], "rationale_category": m["rationale_category"],
                        "change_type": m["change_type"], "comment": None if (m["todo"] or not m["comment"]) else m["comment"]})
    return out


def rfc_date(y, mo, d, h, mi, tz=0, s=41):
    return email.utils.format_datetime(datetime(y, mo, d, h, mi, s, tzinfo=timezone(timedelta(hours=tz))))


def _u(seed: str) -> str:
    return str(uuid.UUID(hashlib.md5(seed.encode()).hexdigest()))


def _utc(date_hdr: str, plus_s=0) -> str:
    dt = email.utils.parsedate_to_datetime(date_hdr).astimezone(timezone.utc) + timedelta(seconds=plus_s)
    return email.utils.format_datetime(dt)


TENANT = _u("ashcombe-reinholt.com tenant")


def m365_inbound(*, msgid, date, sender_domain, sender_host, sender_ip, body, selector="selector1", country="GB", lang="en",
                 mailbox="LO2P265MB5712", edge="LO1PEPF00001B2D", fe="LO4P123CA0412"):
    """Transport headers of an external mail delivered to the firm's Exchange Online tenant, newest first."""
    t0, t1, t2 = _utc(date, 2), _utc(date, 3), _utc(date, 4)
    h = hashlib.sha256(msgid.encode()).hexdigest()
    arc_b = base64.b64encode(hashlib.sha512(msgid.encode()).digest() * 2).decode()
    bh = base64.b64encode(hashlib.sha256((msgid + body).encode()).digest()).decode()
    top = [
        f"from {mailbox}.GBRP265.PROD.OUTLOOK.COM (2603:10a6:600:1a3::9) by\r\n {mailbox.replace('5712', '0093')}.GBRP265.PROD.OUTLOOK.COM with HTTPS; {t2}",
        f"from {fe}.outlook.office365.com (2603:10a6:600:13b::19)\r\n by {mailbox}.GBRP265.PROD.OUTLOOK.COM (2603:10a6:600:1a3::9) with\r\n"
        f" Microsoft SMTP Server (version=TLS1_2,\r\n cipher=TLS_ECDHE_RSA_WITH_AES_256_GCM_SHA384) id 15.20.8655.22; {t1}",
        f"from {edge}.GBRP265.PROD.OUTLOOK.COM\r\n (2603:10a6:600:13b:cafe::be) by {fe}.outlook.office365.com\r\n"
        f" (2603:10a6:600:13b::19) with Microsoft SMTP Server (version=TLS1_3,\r\n cipher=TLS_AES_256_GCM_SHA384) id 15.20.8655.24 via Frontend Transport; {t1}",
        ("Authentication-Results", f"spf=pass (sender IP is {sender_ip})\r\n smtp.mailfrom={sender_domain}; dkim=pass (signature was verified)\r\n"
                                   f" header.d={sender_domain};dmarc=pass action=none\r\n header.from={sender_domain};compauth=pass reason=100"),
        ("Received-SPF", f"Pass (protection.outlook.com: domain of {sender_domain}\r\n designates {sender_ip} as permitted sender)\r\n"
                         f" receiver=protection.outlook.com; client-ip={sender_ip}; helo={sender_host};\r\n pr=C"),
        f"from {sender_host} ({sender_ip}) by\r\n {edge}.mail.protection.outlook.com (10.167.242.{int(h[:2], 16) % 200 + 20}) with Microsoft SMTP Server\r\n"
        f" (version=TLS1_3, cipher=TLS_AES_256_GCM_SHA384) id 15.20.8655.20 via Frontend Transport; {t0}",
        ("ARC-Seal", f"i=1; a=rsa-sha256; s=arcselector10001; d=microsoft.com; cv=none;\r\n b={arc_b[:64]}\r\n {arc_b[64:128]}\r\n {arc_b[128:170]}=="),
        ("ARC-Message-Signature", "i=1; a=rsa-sha256; c=relaxed/relaxed; d=microsoft.com;\r\n s=arcselector10001;\r\n"
                                  " h=From:Date:Subject:Message-ID:Content-Type:MIME-Version:X-MS-Exchange-AntiSpam-MessageData-ChunkCount:X-MS-Exchange-AntiSpam-MessageData-0:X-MS-Exchange-AntiSpam-MessageData-1;\r\n"
                                  f" bh={bh};\r\n b={arc_b[20:84]}\r\n {arc_b[84:148]}"),
        ("ARC-Authentication-Results", f"i=1; mx.microsoft.com 1; spf=pass\r\n smtp.mailfrom={sender_domain}; dmarc=pass action=none\r\n"
                                       f" header.from={sender_domain}; dkim=pass header.d={sender_domain}; arc=none"),
        dkim_header(sender_domain, selector, msgid, body),
    ]
    extra = [
        ("X-MS-Exchange-Organization-SCL", "1"),
        ("X-MS-Exchange-Organization-AuthSource", f"{edge}.GBRP265.PROD.OUTLOOK.COM"),
        ("X-MS-Exchange-Organization-AuthAs", "Anonymous"),
        ("X-MS-Exchange-Organization-Network-Message-Id", _u(msgid + "net")),
        ("X-MS-Exchange-CrossTenant-OriginalArrivalTime",
         email.utils.parsedate_to_datetime(_utc(date, 1)).strftime("%d %b %Y %H:%M:%S") + f".{int(h[2:6], 16) % 10000:04d} (UTC)"),
        ("X-MS-Exchange-CrossTenant-Id", TENANT),
        ("X-MS-Exchange-CrossTenant-AuthSource", f"{edge}.GBRP265.PROD.OUTLOOK.COM"),
        ("X-MS-Exchange-CrossTenant-AuthAs", "Anonymous"),
        ("X-MS-Exchange-Transport-CrossTenantHeadersStamped", mailbox),
        ("X-MS-Office365-Filtering-Correlation-Id", _u(msgid + "corr")),
        ("X-Forefront-Antispam-Report", f"CIP:{sender_ip};CTRY:{country};LANG:{lang};SCL:1;SRV:;IPV:NLI;SFV:NSPM;H:{sender_host};\r\n"
                                        f" PTR:{sender_host};CAT:NONE;SFS:(13230040)(36860700013)(82310400026);DIR:INB;"),
        ("X-Microsoft-Antispam", "BCL:0;ARA:13230040|36860700013|82310400026;"),
        ("X-MS-Exchange-Transport-EndToEndLatency", "00:00:02.4417312"),
    ]
    return top, extra


def m365_sent(*, msgid, date, mailbox="LO2P265MB5712"):
    """A message saved from the firm's own Sent Items: one internal hop, internal auth."""
    top = [f"from {mailbox}.GBRP265.PROD.OUTLOOK.COM ([fe80::3c21:9f4e:2b1a:77d0]) by\r\n {mailbox}.GBRP265.PROD.OUTLOOK.COM"
           f" ([fe80::3c21:9f4e:2b1a:77d0%6]) with mapi id 15.20.8655.022; {_utc(date)}"]
    extra = [("X-MS-Exchange-Organization-AuthAs", "Internal"), ("X-MS-Exchange-Organization-AuthMechanism", "04"),
             ("X-MS-Exchange-Organization-AuthSource", f"{mailbox}.GBRP265.PROD.OUTLOOK.COM"),
             ("X-MS-Exchange-Organization-SCL", "-1"), ("X-MS-Exchange-Organization-Network-Message-Id", _u(msgid + "net")),
             ("X-MS-Exchange-CrossTenant-Id", TENANT), ("X-Originating-IP", "[81.144.203.17]")]
    return top, extra


def mail(*, frm, to, subject, date, msgid, body=None, html=None, cc=None, irt=None, refs=(), atts=(), thread_index=None,
         transport, enc="qp", lang="en-GB", mailer=None, accept="en-GB, en-US"):
    top, extra = transport
    extra = [("Accept-Language", accept), ("X-MS-Has-Attach", "yes" if atts else ""), ("X-MS-TNEF-Correlator", "")] + extra
    return eml_bytes(frm=frm, to=to, cc=cc, subject=subject, date=date, msgid=msgid, body=body, html=html, irt=irt, refs=refs,
                     atts=atts, thread_index=thread_index, hops=top, enc=enc, lang=lang, extra=extra, mailer=mailer)


def mime_of(name):
    return {"docx": "application/vnd.openxmlformats-officedocument.wordprocessingml.document", "pdf": "application/pdf",
            "xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", "DOCX":
            "application/vnd.openxmlformats-officedocument.wordprocessingml.document"}[name.rsplit(".", 1)[1]]


def html_of(body, sig_html=""):
    paras = body.split("\n\n")
    return ("<html xmlns:o=\"urn:schemas-microsoft-com:office:office\"><head><meta http-equiv=\"Content-Type\" content=\"text/html; charset=utf-8\">"
            "<style><!-- p.MsoNormal {margin:0cm; font-size:11.0pt; font-family:\"Calibri\",sans-serif;} --></style></head>"
            "<body lang=\"EN-GB\"><div class=\"WordSection1\">" + "".join(
                "<p class=\"MsoNormal\">" + p.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\n", "<br>") + "</p><p class=\"MsoNormal\">&nbsp;</p>"
                for p in paras) + sig_html + "</div></body></html>")


JMK = "James Kinnear <j.kinnear@ashcombe-reinholt.com>"
PN = "Priya Nair <p.nair@ashcombe-reinholt.com>"
ROS = "Rebecca Osei <r.osei@ashcombe-reinholt.com>"
FOB = "Dr. Franziska Oberhauser <f.oberhauser@ashcombe-reinholt.com>"
TWE = "Tobias Wendt <t.wendt@ashcombe-reinholt.com>"
SIG_LON = ("\n\nAshcombe Reinholt LLP | 1 Carter Lane | London EC4M 7AN\nT +44 20 7946 0312 | www.ashcombe-reinholt.com\n"
           "This email is confidential and may be privileged. Ashcombe Reinholt LLP is a limited liability partnership registered in "
           "England and Wales (OC398712), authorised and regulated by the Solicitors Regulation Authority (SRA No. 612738).")
SIG_MUC = ("\n\nAshcombe Reinholt LLP · Zweigniederlassung München · Maximiliansplatz 12 · 80333 München\nT +49 89 2154 8800\n"
           "Ashcombe Reinholt LLP ist eine in England und Wales eingetragene Limited Liability Partnership (OC398712).")


def thread_index(seed: str, replies: int = 0) -> str:
    """Outlook Thread-Index: 22 header bytes, then 5 bytes per reply."""
    import base64
    raw = bytes([1]) + hashlib.sha256(seed.encode()).digest()[:21]
    for i in range(replies):
        raw += hashlib.md5(f"{seed}{i}".encode()).digest()[:5]
    return base64.b64encode(raw).decode()


# ================================================================== F02 Project Falcon (English SPA, iManage chain)
PLM = ("Priya Nair", "PN", "2025-04-02T11:20:00Z")
JKM = ("James Kinnear", "JMK", "2025-04-02T16:05:00Z")


def spa_blocks(ver):
    head = {1: "ARL draft (1): 17 March 2025 – subject to client review – privileged and confidential",
            2: "ARL draft (2): 2 April 2025 – marked to show changes against ARL draft (1) of 17 March 2025",
            3: "Agreed form: 22 April 2025"}[ver]
    return [
        ("s", head),
        ("c", "DATED                                        2025"),
        ("c", "(1) BRIGHTWATER HOLDINGS LIMITED\n(2) HARTWELL LOGISTICS LTD"),
        ("title", "SHARE PURCHASE AGREEMENT"),
        ("c", "relating to the entire issued share capital of Brightwater Freight Limited"),
        ("pb",),
        ("v3", [("t", "THIS AGREEMENT is dated "), ("old", "[●] 2025"), ("new", "30 April 2025")]),
        ("b", "PARTIES"),
        ("p", "(1) BRIGHTWATER HOLDINGS LIMITED incorporated and registered in England and Wales with company number 06655443 whose registered office is at 14 Wharf Road, Tilbury RM18 7AA (the Seller); and"),
        ("p", "(2) HARTWELL LOGISTICS LTD incorporated and registered in England and Wales with company number 05128844 whose registered office is at Unit 2, Stonehouse Park, Purfleet RM19 1TF (the Buyer)."),
        ("b", "BACKGROUND"),
        ("p", "(A) The Company is a private company limited by shares. Further details of the Company are set out in Schedule 1."),
        ("p", "(B) The Seller and the Buyer entered into heads of terms dated 4 February 2025 (the Heads of Terms). The Seller has agreed to sell and the Buyer has agreed to buy the Sale Shares subject to the terms and conditions of this agreement."),
        ("h", "1. INTERPRETATION"),
        ("p", "1.1 The definitions and rules of interpretation in this clause apply in this agreement."),
        ("p", "Company: Brightwater Freight Limited, a company incorporated and registered in England and Wales with company number 09876123."),
        ("p", "Disclosure Letter: the letter dated the same date as this agreement from the Seller to the Buyer, with any documents annexed to it."),
        ("p", "Facility Agreement: the facility agreement dated 12 March 2025 between the Buyer and Northgate Commercial Finance Limited, under which the Buyer will finance part of the Consideration."),
        ("p", "Retention Account: the interest-bearing deposit account in the joint names of the Buyer's Solicitors and the Seller's Solicitors."),
        ("h", "2. SALE AND PURCHASE"),
        ("p", "2.1 The Seller shall sell and the Buyer shall buy the Sale Shares with full title guarantee, free from all Encumbrances, with effect from Completion."),
        ("h", "3. CONSIDERATION"),
        ("v3", [("t", "3.1 The consideration for the Sale Shares shall be "), ("old", "£18,400,000"), ("new", "£18,250,000"),
                ("t", " (the Consideration), subject to adjustment in accordance with clause 3.5 and Schedule 5 (Completion Accounts).")]),
        ("p", "3.2 The Consideration shall be paid in cash on Completion in accordance with clause 6, save for the Retention Amount."),
        ("red", [("t", "3.4 On Completion the Buyer shall pay "), ("del", "£2,000,000"), ("ins", "£1,500,000"),
                 ("t", " of the Consideration (the Retention Amount) into the Retention Account, to be held as security for Claims until the date falling 18 months after Completion.")],
         M("Clause 3.4", "price_adjustment", "counterparty_request", "modified",
           "ARL: Retention reduced at the Seller's request (PL issues list of 26 March, item 2). The balance of the risk is carried by the W&I policy.", JKM)),
        ("p", "3.5 The Consideration shall be adjusted pound for pound by the amount by which Net Assets shown in the Completion Accounts exceed or fall short of £6,100,000."),
        ("h", "4. CONDITIONS"),
        ("p", "4.1 Completion is conditional on the Buyer having received the proceeds of the term loan made available under the Facility Agreement."),
        ("h", "6. COMPLETION"),
        ("v3", [("t", "6.1 Completion shall take place at the offices of the Buyer's Solicitors on "), ("old", "[●] 2025"), ("new", "30 April 2025"),
                ("t", ", or at such other place and on such other date as the parties agree.")]),
        ("p", "6.2 At Completion the Seller shall deliver or cause to be delivered to the Buyer the documents and evidence set out in Part 1 of Schedule 2."),
        ("h", "7. WARRANTIES"),
        ("p", "7.1 The Seller warrants to the Buyer that each Warranty set out in Schedule 4 is true and accurate at the date of this agreement, save as Disclosed in the Disclosure Letter."),
        ("h", "9. LIMITATIONS ON CLAIMS"),
        ("red", [("t", "9.1 The aggregate liability of the Seller for all Claims (other than Title Claims) shall not exceed "), ("del", "100 per cent."),
                 ("ins", "40 per cent."), ("t", " of the Consideration.")],
         M("Clause 9.1", "liability_cap", "client_instruction", "modified",
           "ARL: Client instruction (call with Mark Hale, 28 March): a 40% cap is acceptable given the W&I cover above it. Not to go lower without speaking to him.", JKM)),
        ("p", "9.2 The Seller shall not be liable for a Claim unless the amount of that Claim exceeds £25,000 and the aggregate of all Claims exceeds £180,000, in which case the Seller shall be liable for the whole amount and not merely the excess."),
        ("red", [("t", "9.3 The Seller shall not be liable for a Claim unless the Buyer has given notice of it within "), ("del", "24 months"),
                 ("ins", "18 months"), ("t", " after Completion (or, for a Tax Claim, within seven years after the end of the accounting period in which Completion occurs).")],
         M("Clause 9.3", "limitation_period", "commercial_compromise", "modified",
           "ARL: Seller asked for 12 months, our draft had 24: we meet you at 18. The tax period stays at seven years.", JKM)),
        ("h", "10. CONFIDENTIALITY AND ANNOUNCEMENTS"),
        ("red", [("t", "10.2 No party shall make any announcement concerning this agreement"),
                 ("ins", ", save for an announcement to employees and customers of the Company in the agreed form,"),
                 ("t", " without the prior written consent of the other party.")],
         M("Clause 10.2", "confidentiality", "unstated", "modified", "JMK: check with Mark whether Hartwell wants a press release too.", PLM, todo=True)),
        ("h", "11. RESTRICTIVE COVENANTS"),
        ("red", [("t", "11.1 The Seller shall not, for a period of "), ("del", "36 months"), ("ins", "24 months"),
                 ("t", " after Completion, carry on or be concerned in any business which competes with the business of the Company in the United Kingdom.")],
         M("Clause 11.1", "non_compete", "legal_requirement", "modified",
           "ARL: 24 months is the longest period we are comfortable a court would enforce on a share sale of this size; 36 months risks the covenant being struck down entirely.", JKM)),
        ("h", "14. COSTS"),
        ("p", "14.1 Each party shall pay its own costs incurred in connection with the negotiation, preparation and implementation of this agreement."),
        ("red", [("ins", "14.2 The Buyer shall bear all stamp duty payable on the transfer of the Sale Shares and shall present the stock transfer form to HMRC within 30 days of Completion.")],
         M("Clause 14.2", "stamp_duty", "tax", "inserted",
           "ARL: Stamp duty at 0.5% on the stock transfer form is a buyer cost in any event; stated expressly so that the 30-day presentation deadline is covered.", PLM)),
        ("h", "19. GOVERNING LAW AND JURISDICTION"),
        ("p", "19.1 This agreement and any dispute or claim arising out of it shall be governed by the law of England and Wales."),
        ("red", [("t", "19.2 Each party irrevocably agrees that the courts of England"), ("ins", " and Wales"),
                 ("t", " shall have exclusive jurisdiction to settle any dispute or claim arising out of or in connection with this agreement.")],
         M("Clause 19.2", "jurisdiction", "unstated", "modified")),
        ("h", "SCHEDULES"),
        ("p", "Schedule 1 – The Company\nSchedule 2 – Completion Obligations\nSchedule 3 – Disclosed Leases\nSchedule 4 – Warranties\nSchedule 5 – Completion Accounts"),
        ("sig", ["Signed by a director for and on behalf of BRIGHTWATER HOLDINGS LIMITED", "Signed by a director for and on behalf of HARTWELL LOGISTICS LTD"]),
        ("s", f"LON-4471235-v{ver} | 104233.00015 | {'ARL Draft' if ver < 3 else 'Agreed Form'}"),
    ]


def f02():
    r = {}
    SP = ["bw_holdings", "hartwell"]
    # engagement letter
    b = [LH_LON, ("p", "Private and confidential\nMark Hale\nChief Financial Officer\nHartwell Logistics Ltd\nUnit 2, Stonehouse Park\nPurfleet RM19 1TF"),
         ("r", "13 January 2025"), ("p", "Our ref: 104233.00015 JMK/PN"),
         ("p", "Dear Mark"), ("b", "Project Falcon – proposed acquisition of Brightwater Freight Limited"),
         ("p", "Thank you for instructing us. This letter and our Standard Terms of Business set out the basis on which we will act for Hartwell Logistics Ltd (you) on the proposed acquisition of the entire issued share capital of Brightwater Freight Limited (the Transaction)."),
         ("b", "Scope of work"),
         ("p", "We will carry out a legal due diligence exercise limited to the red-flag issues agreed with you, prepare and negotiate the share purchase agreement, the disclosure letter and the ancillary documents, and manage completion. Advice on the acquisition finance is a separate matter (104233.00016). Tax structuring advice is excluded."),
         ("b", "Fees"),
         ("p", "Our fees are based on time spent at the following hourly rates: partners £725, senior associates £540, associates £410, trainees £215, plus VAT and disbursements. Our estimate for the Transaction to completion is £145,000 to £170,000 plus VAT."),
         ("p", "Our liability to you in connection with the Transaction is limited to £25,000,000. James Kinnear will be the partner responsible for the matter, assisted by Priya Nair."),
         ("p", "Please sign and return the enclosed copy of this letter."), ("p", "Yours sincerely"), ("p", "Ashcombe Reinholt LLP"),
         ("p", "Signed for and on behalf of Hartwell Logistics Ltd: ____________________")]
    EL = f"{F02}/Correspondence/2025-01-13 Engagement letter - Project Falcon.docx"
    put(EL, docx(b, date="2025-01-13", author="Priya Nair", title_prop="Engagement letter"), matter="F02", ref="104233.00015", cat="in_matter_folder",
        dt="engagement_letter", title="Project Falcon – proposed acquisition of Brightwater Freight Limited", parties=["firm_arl", "hartwell"], lang="en",
        date="2025-01-13", notes="English engagement letter with no heading naming its kind: the bold subject line is the title; the firm is a party; names the sister matter 104233.00016 in the text")

    nda = [("title", "CONFIDENTIALITY AGREEMENT"), ("p", "This agreement is dated 14 January 2025."),
           ("p", "Parties: (1) Brightwater Holdings Limited (company number 06655443) (the Discloser); (2) Hartwell Logistics Ltd (company number 05128844) (the Recipient)."),
           ("p", "1. The Recipient shall keep the Confidential Information confidential and use it only to evaluate the possible acquisition of Brightwater Freight Limited (the Purpose)."),
           ("p", "2. The Recipient shall not, for 12 months from the date of this agreement, solicit any employee of Brightwater Freight Limited."),
           ("p", "3. This agreement shall terminate two years after its date. It is governed by the law of England and Wales."),
           ("sig", ["Brightwater Holdings Limited", "Hartwell Logistics Ltd"])]
    NDA = f"{F02}/Correspondence/Falcon NDA - countersigned.pdf"
    put(NDA, scan_pdf([lines_of(nda, signed=["D. Calloway", "M. Hale"])], RNG, "2025-01-14"), matter="F02", ref=None, cat="in_matter_folder",
        dt="nda", title="CONFIDENTIALITY AGREEMENT", parties=SP, lang="en", date="2025-01-14", text_layer=False,
        notes="image-only scan; 'NDA' only in the file name, 'Confidentiality Agreement' in the heading")

    hot = [("c", "SUBJECT TO CONTRACT"), ("title", "Project Falcon – Heads of Terms"),
           ("table", [["Buyer", "Hartwell Logistics Ltd"], ["Seller", "Brightwater Holdings Limited"],
                      ["Target", "Brightwater Freight Limited (company number 09876123), 100% of the issued shares"],
                      ["Price", "£18.4 million on a cash-free/debt-free basis with normalised working capital; completion accounts"],
                      ["Retention", "£2 million for 18 months; W&I insurance to be taken out by the Buyer"],
                      ["Funding", "Term loan from Northgate Commercial Finance; no financing condition beyond drawdown"],
                      ["Exclusivity", "Until 30 April 2025"],
                      ["Confidentiality", "The confidentiality agreement dated 14 January 2025 continues to apply."]]),
           ("p", "Save for the paragraphs headed Exclusivity and Confidentiality these heads of terms are not legally binding."),
           ("p", "Dated 4 February 2025")]
    HOT = f"{F02}/Drafts/Heads of Terms - Project Falcon (final).docx"
    put(HOT, docx(hot, date="2025-02-04", author="Priya Nair", title_prop="HoT"), matter="F02", ref=None, cat="in_matter_folder", dt="term_sheet",
        title="Project Falcon – Heads of Terms", parties=SP, lang="en", date="2025-02-04", rel={"references": [NDA]},
        notes="'Heads of Terms' (synonym of term sheet); references: 'the confidentiality agreement dated 14 January 2025' (generic name and date)")

    an = [("title", "ATTENDANCE NOTE"),
          ("table", [["Client / matter", "Hartwell Logistics Ltd – Project Falcon (104233-15)"], ["Attendance", "Telephone call"],
                     ["Present", "Mark Hale (Hartwell CFO); JMK; PN"], ["Date / time", "10 February 2025, 15:00 – 15:48 (48 mins)"]]),
          ("p", "MH confirmed the Heads of Terms of 4 February have been countersigned. The Seller's solicitors are Pryce Lowther (Ed Marlow)."),
          ("p", "Discussed the retention: MH would accept a reduction to £1.5m if the W&I policy is in place. JMK explained the limits of W&I cover for known issues."),
          ("p", "Action: PN to send the DD request list by Wednesday; JMK to start the SPA once Northgate's term sheet is signed."),
          ("p", "Time: JMK 0.8, PN 0.8")]
    AN = f"{F02}/Correspondence/2025-02-10 Attendance note - M Hale call.docx"
    put(AN, docx(an, date="2025-02-10", author="Priya Nair"), matter="F02", ref="104233-15", cat="in_matter_folder", dt="file_note",
        title="ATTENDANCE NOTE", parties=["hartwell"], lang="en", date="2025-02-10", rel={"references": [HOT]},
        notes="English 'Attendance Note' (file note); matter written '104233-15'; references: 'the Heads of Terms of 4 February' (defined term and date)")

    rows = [["Project Falcon – Legal Due Diligence Request List", "", "", ""], ["No.", "Request", "Priority", "Status / VDR ref"],
            ["1.1", "Certified copy of the articles of association and statutory registers", "High", "Provided – 1.1"],
            ["1.2", "Confirmation statement and PSC register", "High", "Provided – 1.2"],
            ["2.1", "All customer contracts with annual revenue above £250,000", "High", "Partly provided – 3.1"],
            ["3.1", "Leases and licences of all properties occupied by the Company", "High", "Provided – 4.1"],
            ["4.1", "Employee list, service agreements of senior employees", "Medium", "Outstanding"],
            ["5.1", "Details of any litigation threatened or pending", "Medium", "Provided – 8.2"]]
    RL = f"{F02}/Drafts/Falcon DD request list.xlsx"
    put(RL, xlsx_bytes([("Requests", rows)], "2025-02-12", title="Project Falcon DD request list", creator="Priya Nair"), matter="F02", ref=None,
        cat="in_matter_folder", dt="due_diligence_request_list", title="Project Falcon – Legal Due Diligence Request List", parties=[], lang="en",
        date="2025-02-12", notes="xlsx; title in the first row")

    ch = [("title", "Brightwater Freight Limited"), ("p", "Company number 09876123"),
          ("p", "Registered office address: 14 Wharf Road, Tilbury, Essex, RM18 7AA"), ("p", "Company status: Active"),
          ("p", "Company type: Private limited Company"), ("p", "Incorporated on: 11 November 2015"),
          ("p", "Nature of business (SIC): 49410 - Freight transport by road; 52290 - Other transportation support activities"),
          ("p", "Accounts: next accounts made up to 31 December 2024 due by 30 September 2025"),
          ("p", "Confirmation statement: next statement date 10 November 2025"),
          ("b", "People with significant control"), ("p", "Brightwater Holdings Limited – ownership of shares: 75% or more – notified on 6 April 2016"),
          ("s", "Companies House does not verify the accuracy of the information filed. Printed 13 February 2025 from find-and-update.company-information.service.gov.uk")]
    CH = f"{F02}/Completion/Companies House - Brightwater Freight Limited.pdf"
    put_lo(CH, docx(ch, date="2025-02-13", author="PN"), "pdf", matter="F02", ref=None, cat="in_matter_folder", dt="register_extract",
           title="Brightwater Freight Limited", parties=["brightwater"], lang="en", date="2025-02-13",
           notes="Companies House web print: kind recognisable only by content; title is the company name; company number a phantom")

    dd = [("c", "PRIVILEGED AND CONFIDENTIAL"), ("c", "PROJECT FALCON"), ("c", "Report to Hartwell Logistics Ltd"), ("c", "Ashcombe Reinholt LLP, 7 March 2025"),
          ("pb",), ("title", "Legal Due Diligence Report (Red Flag)"), ("c", "Brightwater Freight Limited"),
          ("h", "1. Scope"), ("p", "This report is based on the documents in the data room up to 5 March 2025 in response to our request list of 12 February 2025. It reports on red-flag issues only."),
          ("h", "2. Key findings"),
          ("p", "2.1 Corporate: the Company's filing history at Companies House is up to date (search of 13 February 2025). The Seller is the sole shareholder."),
          ("p", "2.2 Property: the Company occupies three sites under leases; the lease of Unit 7 Purfleet contains a landlord break on change of control. See Schedule 3 to the draft SPA."),
          ("p", "2.3 Customers: the contract with the largest customer (about 22% of revenue) may be terminated on 3 months' notice."),
          ("p", "2.4 Litigation: a personal injury claim by a former driver (claim no. HC-2024-001871) is insured.")]
    DD = f"{F02}/Drafts/Brightwater - Legal DD Report (Red Flag).docx"
    put(DD, docx(dd, date="2025-03-07", author="Priya Nair"), matter="F02", ref=None, cat="in_matter_folder", dt="due_diligence_report",
        title="Legal Due Diligence Report (Red Flag)", parties=["hartwell"], lang="en", date="2025-03-07", rel={"references": [RL, CH]},
        notes="cover page before the heading; references: 'our request list of 12 February 2025', 'search of 13 February 2025' (Companies House print); claim number HC-2024-001871 is a phantom")

    # SPA chain in the DMS export
    V1 = f"{DMS_LON}/LON-4471235-v1 Share Purchase Agreement.docx"
    V2 = f"{DMS_LON}/LON-4471235-v2 Share Purchase Agreement.docx"
    V3 = f"{DMS_LON}/LON-4471235-v3 Share Purchase Agreement.docx"
    CMP = f"{DMS_LON}/Compare LON-4471235v2 to v3.pdf"
    r.update(V1=V1, V2=V2, V3=V3)
    FA = f"{F03}/Facility Letter - Northgate - signed.pdf"
    v2b = spa_blocks(2)
    t = "SHARE PURCHASE AGREEMENT"
    v1 = docx(spa_blocks(1), mode="base", date="2025-03-17", author="Priya Nair", title_prop="Share Purchase Agreement", template="ARL_Agreement.dotm")
    put(V1, v1, matter="F02", ref="104233.00015", cat="top_level", dt="share_purchase_agreement", title=t, parties=SP, lang="en", date="2025-03-17",
        rel={"references": [HOT, FA]},
        notes="chain SPA 1/4; iManage export name (DMS number constant across versions); DMS footer carries the matter number; references: 'heads of terms dated 4 February 2025 (the Heads of Terms)', 'the facility agreement dated 12 March 2025 between the Buyer and Northgate Commercial Finance Limited' (a letter-form facility in another matter, cited generically)")
    put(V2, docx(v2b, mode="redline", date="2025-04-02", author="Priya Nair", rev=("James Kinnear", "2025-04-02T15:30:00Z"), title_prop="Share Purchase Agreement",
                 template="ARL_Agreement.dotm"),
        matter="F02", ref="104233.00015", cat="top_level", dt="share_purchase_agreement", title=t, parties=SP, lang="en", date="2025-04-02",
        rel={"redline_of": [V1], "references": [HOT, FA]}, decisions=decisions_of(v2b),
        notes="chain SPA 2/4; tracked changes against v1 with comments addressed to the Seller's solicitors; clause 19.2 uncommented; the comment on clause 10.2 is an internal to-do (rationale unstated, comment null)")
    v3 = docx(spa_blocks(3), mode="final", date="2025-04-22", author="Priya Nair", title_prop="Share Purchase Agreement", template="ARL_Agreement.dotm")
    put(V3, v3, matter="F02", ref="104233.00015", cat="top_level", dt="share_purchase_agreement", title=t, parties=SP, lang="en", date="2025-04-22",
        rel={"references": [HOT, FA]}, notes="chain SPA 3/4; agreed form, clean")
    put_lo(CMP, docx(spa_blocks(3), mode="compare", date="2025-04-22", author="Litera Compare", rev=("Litera Compare", "2025-04-22T10:00:00Z"),
                     title_prop="Comparison LON-4471235v2 / LON-4471235v3"),
           "pdf", matter="F02", ref="104233.00015", cat="top_level", dt="share_purchase_agreement", title=t, parties=SP, lang="en", date="2025-04-22",
           rel={"redline_of": [V2], "references": [HOT, FA]},
           notes="comparison PDF of v2 against v3 (deletions and insertions printed as LibreOffice shows tracked changes); a redline of v2; no decisions (no comments, the changes fill in the date and the agreed price)")
    DUP = f"{WORK}/#4471235v3 - SPA (Hartwell).docx"
    put(DUP, v3, matter="F02", ref="104233.00015", cat="top_level", dt="share_purchase_agreement", title=t, parties=SP, lang="en", date="2025-04-22",
        rel={"duplicate_of": [V3], "references": [HOT, FA]},
        notes="exact duplicate of v3 as iManage names a document saved from Outlook ('#<docnum>v<ver> - <short name>') in the partner's working folder")
    ex_lines = lines_of(spa_blocks(3), mode="final", signed=["D. Calloway, Director", "M. Hale, Director"])
    EX = f"{F02}/Completion/Share Purchase Agreement - executed.pdf"
    pages = [ex_lines[:22], ex_lines[22:44], ex_lines[44:]]
    put(EX, scan_pdf(pages, RNG, "2025-04-30"), matter="F02", ref=None, cat="in_matter_folder", dt="share_purchase_agreement", title=t, parties=SP,
        lang="en", date="2025-04-30", text_layer=False, rel={"near_duplicate_of": [V3], "references": [HOT, FA]},
        notes="chain SPA 4/4; signed scan of the agreed form, dated on signing (30 April 2025 filled in)")
    conf = [("s", "CONFORMED COPY")] + [blk if blk[0] != "sig" else ("p", "Signed by /s/ David Calloway, director, for and on behalf of BRIGHTWATER HOLDINGS LIMITED\nSigned by /s/ Mark Hale, director, for and on behalf of HARTWELL LOGISTICS LTD") for blk in spa_blocks(3)[:-1]]
    CONF = f"{F02}/Completion/Share Purchase Agreement - conformed copy.pdf"
    put_lo(CONF, docx(conf, mode="final", date="2025-04-30", author="Priya Nair", template="ARL_Agreement.dotm"), "pdf", matter="F02", ref=None,
           cat="in_matter_folder", dt="share_purchase_agreement", title=t, parties=SP, lang="en", date="2025-04-30",
           rel={"near_duplicate_of": [V3], "references": [HOT, FA]}, notes="conformed copy ('/s/' signature blocks) printed from the agreed form; near-duplicate of v3")

    s3 = [("title", "SCHEDULE 3"), ("c", "Disclosed Leases"),
          ("table", [["Property", "Date of lease", "Landlord", "Term / expiry", "Passing rent (p.a.)"],
                     ["Unit 7, Purfleet Industrial Park, RM19 1SD", "2 March 2018", "Thurrock Estates Limited", "15 years to 1 March 2033", "£214,500"],
                     ["Yard C, Tilbury Docks Estate, RM18 7EH", "19 June 2020", "Forth Ports Estates Limited", "10 years to 18 June 2030", "£96,000"],
                     ["Suite 3, 41 Dock Road, Tilbury RM18 7BX", "5 January 2022", "Dock Road Offices LLP", "5 years to 4 January 2027", "£28,750"]]),
          ("p", "Title numbers: EX812240 (Unit 7), TGL55120 (Yard C)."), ("s", "LON-4471262-v2 | 104233.00015")]
    S3 = f"{F02}/Completion/Schedule 3 (Disclosed Leases).pdf"
    put_lo(S3, docx(s3, date="2025-04-22", author="Priya Nair"), "pdf", matter="F02", ref=None, cat="in_matter_folder", dt="annex",
           title="SCHEDULE 3", parties=[], lang="en", date="2025-04-22", rel={"annex_of": [V3]},
           notes="annex_of: SPA schedule kept as a separate file, named by number and heading ('Schedule 3 – Disclosed Leases' in the SPA's list of schedules); title numbers are phantoms")

    dl = [("s", "From: Brightwater Holdings Limited, 14 Wharf Road, Tilbury RM18 7AA"),
          ("s", "To: Hartwell Logistics Ltd, Unit 2, Stonehouse Park, Purfleet RM19 1TF"), ("r", "30 April 2025"),
          ("title", "DISCLOSURE LETTER"), ("p", "Dear Sirs"),
          ("b", "Share purchase agreement relating to Brightwater Freight Limited (the Agreement)"),
          ("p", "1. This is the Disclosure Letter referred to in the Agreement dated 30 April 2025 between (1) Brightwater Holdings Limited and (2) Hartwell Logistics Ltd. Words defined in the Agreement have the same meanings in this letter."),
          ("p", "2. General disclosures: the contents of the Data Room as at 24 April 2025; all matters on the public file of the Company at Companies House."),
          ("p", "3. Specific disclosures against Warranty 12.3 (Properties): the leases listed in Schedule 3 (Disclosed Leases) to the Agreement. The lease of Unit 7 contains a landlord's break option exercisable on a change of control of the tenant."),
          ("p", "4. Specific disclosure against Warranty 15.1 (Litigation): the claim of a former employee, insured under policy EL-7731-02."),
          ("p", "Yours faithfully"), ("sig", ["for and on behalf of Brightwater Holdings Limited", "Acknowledged: for and on behalf of Hartwell Logistics Ltd"])]
    DL = f"{F02}/Completion/Disclosure Letter - Brightwater.docx"
    put(DL, docx(dl, date="2025-04-30", author="Ed Marlow", template="Normal.dotm"), matter="F02", ref=None, cat="in_matter_folder", dt="disclosure_letter",
        title="DISCLOSURE LETTER", parties=SP, lang="en", date="2025-04-30", rel={"references": [V3, S3]},
        notes="written by the Seller's solicitors; references: 'the Agreement dated 30 April 2025 between (1) ... and (2) ...' (defined term, date and parties) and 'Schedule 3 (Disclosed Leases) to the Agreement' (schedule by number and name)")

    bm = [("title", "HARTWELL LOGISTICS LTD"), ("c", "(Company number 05128844)"),
          ("b", "Minutes of a meeting of the board of directors held at Unit 2, Stonehouse Park, Purfleet on 29 April 2025 at 10.00 am"),
          ("p", "Present: Andrew Pell (chair), Mark Hale, Joanne Whitlow. In attendance: James Kinnear (Ashcombe Reinholt LLP)."),
          ("p", "1. Quorum and declarations of interest: a quorum was present; no director declared an interest."),
          ("p", "2. The chair explained that the meeting had been called to consider the acquisition of the entire issued share capital of Brightwater Freight Limited under a share purchase agreement in the agreed form dated 22 April 2025 (the SPA) to be entered into with Brightwater Holdings Limited."),
          ("p", "3. The meeting noted that the Consideration would be funded in part by the term loan under the facility letter from Northgate Commercial Finance Limited dated 12 March 2025."),
          ("p", "4. IT WAS RESOLVED that the SPA and the documents referred to in it be approved and that any director be authorised to sign them on behalf of the Company."),
          ("p", "There being no further business, the meeting closed."), ("p", "Chair: ______________________")]
    BM = f"{F02}/Completion/Board Minutes - Hartwell Logistics Ltd - 29.04.2025.docx"
    put(BM, docx(bm, date="2025-04-29", author="Priya Nair"), matter="F02", ref=None, cat="in_matter_folder", dt="minutes",
        title="HARTWELL LOGISTICS LTD", parties=["hartwell"], lang="en", date="2025-04-29", rel={"references": [V3, FA]},
        notes="'Board Minutes' with the company name as the heading; references: 'a share purchase agreement in the agreed form dated 22 April 2025 (the SPA)', 'the facility letter ... dated 12 March 2025' (cross-matter)")

    wr = [("c", "Company number 09876123"), ("c", "THE COMPANIES ACT 2006"), ("c", "PRIVATE COMPANY LIMITED BY SHARES"),
          ("title", "WRITTEN RESOLUTION"), ("c", "of BRIGHTWATER FREIGHT LIMITED (the Company)"), ("p", "Circulation date: 30 April 2025"),
          ("p", "Pursuant to Chapter 2 of Part 13 of the Companies Act 2006, the directors of the Company propose that the resolution below is passed as a special resolution."),
          ("b", "SPECIAL RESOLUTION"), ("p", "THAT the draft articles of association attached to this resolution be adopted as the articles of association of the Company in substitution for, and to the exclusion of, the existing articles of association."),
          ("p", "The undersigned, being the person entitled to vote on the resolution on the circulation date, irrevocably agrees to the resolution."),
          ("p", "Signed by Mark Hale, director, for and on behalf of Hartwell Logistics Ltd"), ("p", "Date: 30 April 2025")]
    WR = f"{F02}/Completion/Written Resolution - Brightwater Freight Limited.pdf"
    put(WR, scan_pdf([lines_of(wr)], RNG, "2025-04-30", angle=-0.3), matter="F02", ref=None, cat="in_matter_folder", dt="shareholder_resolution",
        title="WRITTEN RESOLUTION", parties=["hartwell"], lang="en", date="2025-04-30", text_layer=False,
        notes="image-only; the new sole member (the Buyer) passes the resolution at completion: party is the member")

    pa = [("title", "POWER OF ATTORNEY"), ("p", "THIS POWER OF ATTORNEY is made on 25 April 2025 by BRIGHTWATER HOLDINGS LIMITED, a company incorporated in England and Wales with company number 06655443 (the Company)."),
          ("p", "1. The Company appoints David Calloway and Sarah Whitcombe, each acting alone, to be its attorney to execute and deliver on its behalf the share purchase agreement relating to Brightwater Freight Limited in the agreed form dated 22 April 2025 and the Disclosure Letter, and any document ancillary to them."),
          ("p", "2. This power of attorney is given by way of security and is irrevocable until 31 May 2025. It is governed by the law of England and Wales."),
          ("p", "Executed as a deed by BRIGHTWATER HOLDINGS LIMITED acting by a director in the presence of a witness.")]
    POA = f"{F02}/Completion/Power of Attorney - Brightwater Holdings.pdf"
    put(POA, scan_pdf([lines_of(pa) + [("", ""), ("p", "Director: D. Calloway   Witness: J. Pike, 12 Fenn Close, Grays")]], RNG, "2025-04-25"),
        matter="F02", ref=None, cat="in_matter_folder", dt="power_of_attorney", title="POWER OF ATTORNEY", parties=["bw_holdings"], lang="en",
        date="2025-04-25", text_layer=False, rel={"references": [V3]}, notes="image-only deed; references the SPA 'in the agreed form dated 22 April 2025'")

    sl = [LH_LON, ("r", "30 April 2025"), ("p", "To: Brightwater Holdings Limited\n14 Wharf Road, Tilbury RM18 7AA"),
          ("title", "SIDE LETTER"), ("b", "Retention Amount – Brightwater Freight Limited"),
          ("p", "We refer to the share purchase agreement dated 30 April 2025 between you as Seller and us as Buyer (the SPA). This letter is supplemental to the SPA."),
          ("p", "1. Notwithstanding clause 3.4 of the SPA, £250,000 of the Retention Amount shall be released to you on the date falling 9 months after Completion if no Claim has been notified by then."),
          ("p", "2. Save as set out in this letter, the SPA continues in full force and effect."),
          ("p", "Yours faithfully"), ("sig", ["for and on behalf of Hartwell Logistics Ltd", "We agree: for and on behalf of Brightwater Holdings Limited"])]
    sl[0] = ("s", "HARTWELL LOGISTICS LTD · Unit 2, Stonehouse Park · Purfleet RM19 1TF · Company number 05128844")
    SL = f"{F02}/Completion/Side Letter - Retention.docx"
    sl_b = docx(sl, date="2025-04-30", author="Priya Nair")
    put(SL, sl_b, matter="F02", ref=None, cat="in_matter_folder", dt="side_letter", title="SIDE LETTER", parties=["hartwell", "bw_holdings"], lang="en",
        date="2025-04-30", rel={"amends": [V3]},
        notes="amends: side letter 'supplemental to the SPA' varying clause 3.4; the SPA is cited as 'the share purchase agreement dated 30 April 2025' (signed date) and answered against the agreed-form docx")
    PH = f"{SCANS}/IMG_4471.jpg"
    put(PH, photo_jpeg(lines_of(sl, signed=["M. Hale", "D. Calloway"]), RNG), matter="F02", ref=None, cat="scan", dt="side_letter", title="SIDE LETTER",
        parties=["hartwell", "bw_holdings"], lang="en", date="2025-04-30", text_layer=False, rel={"near_duplicate_of": [SL], "amends": [V3]},
        notes="phone photo of the countersigned side letter (page on a desk, skewed, JPEG); a number-only camera file name")

    rows = [["Project Falcon – Completion Statement (funds flow)", "", ""], ["Item", "Reference", "Amount (GBP)"],
            ["Consideration (clause 3.1 of the SPA)", "", 18250000], ["less Retention Amount (clause 3.4)", "to Retention Account", -1500000],
            ["less repayment of Company's bank debt", "Lloyds payoff letter 29.04.2025", -2310440], ["Net payable to the Seller", "", 14439560],
            ["Sources: Northgate term loan (Facility Letter dated 12 March 2025)", "", 11000000], ["Sources: Buyer's own cash", "", 7250000],
            ["Seller's account", "GB29 NWBK 6016 1331 9268 19", ""]]
    CS = f"{F02}/Completion/Completion Statement - Project Falcon.xlsx"
    cs_b = xlsx_bytes([("Funds flow", rows)], "2025-04-29", title="Completion Statement", creator="Priya Nair")
    put(CS, cs_b, matter="F02", ref=None, cat="in_matter_folder", dt="spreadsheet",
        title="Project Falcon – Completion Statement (funds flow)", parties=[], lang="en", date="2025-04-29", rel={"references": [FA]},
        notes="'Completion Statement' = funds flow: no own type id, answered as spreadsheet; references the Facility Letter by name and date; IBAN is a phantom")
    put(f"{WORK}/Falcon completion statement (2).xlsx", cs_b, matter="F02", ref=None, cat="top_level", dt="spreadsheet",
        title="Project Falcon – Completion Statement (funds flow)", parties=[], lang="en", date="2025-04-29",
        rel={"duplicate_of": [CS], "references": [FA]}, notes="exact duplicate with a ' (2)' download suffix in the partner's working folder")

    rows = [["PROJECT FALCON – COMPLETION BIBLE – INDEX", "", ""], ["Client/matter: 104233-15", "", ""], ["Tab", "Document", "Date"],
            ["1", "Share Purchase Agreement", "30.04.2025"], ["1.1", "Schedule 3 (Disclosed Leases)", "30.04.2025"],
            ["2", "Disclosure Letter", "30.04.2025"], ["3", "Side Letter – Retention", "30.04.2025"],
            ["4", "Power of Attorney – Brightwater Holdings Limited", "25.04.2025"], ["5", "Board minutes – Hartwell Logistics Ltd", "29.04.2025"],
            ["6", "Written resolution – Brightwater Freight Limited (new articles)", "30.04.2025"],
            ["7", "Completion statement", "29.04.2025"], ["8", "Facility Letter – Northgate Commercial Finance Limited (see 104233-16 bible)", "12.03.2025"]]
    BI = f"{F02}/Completion/Bible index - Project Falcon.xlsx"
    put(BI, xlsx_bytes([("Index", rows)], "2025-05-14", title="Completion bible index", creator="Priya Nair"), matter="F02", ref="104233-15",
        cat="in_matter_folder", dt="signing_checklist", title="PROJECT FALCON – COMPLETION BIBLE – INDEX", parties=[], lang="en", date="2025-05-14",
        notes="'Bible index' (index of the completion set, answered as the closing-checklist type); lists documents by name and date but is not answered as referencing them; row 8 names the sister matter's number ('see 104233-16 bible'), a trap")

    # e-mail thread with the Seller's solicitors
    d1 = rfc_date(2025, 3, 17, 18, 22)
    id1 = "<LO2P265MB5712A1C0D2E3F4A5B6C7@LO2P265MB5712.GBRP265.PROD.OUTLOOK.COM>"
    b1 = ("Ed\n\nProject Falcon – please find attached our first draft of the share purchase agreement. It remains subject to review by our client, "
          "and to the outcome of our due diligence.\n\nWe would be grateful for your comments by 26 March.\n\nKind regards\n\nJames\n\n"
          "James Kinnear | Partner\nOur ref: 104233.00015" + SIG_LON)
    E1 = f"{F02}/Correspondence/2025-03-17 Project Falcon - draft SPA.eml"
    put(E1, mail(frm=JMK, to="Ed Marlow <ed.marlow@prycelowther.co.uk>", cc=PN, subject="Project Falcon - draft SPA [ARL-LON.FID4471235]", date=d1, msgid=id1,
                 body=b1, html=html_of(b1), atts=[("#4471235v1 - Share Purchase Agreement.docx", v1, mime_of(V1))],
                 thread_index=thread_index("falcon-spa"), transport=m365_sent(msgid=id1, date=d1), mailer=None),
        matter="F02", ref="104233.00015", cat="in_matter_folder", dt="email", title="Project Falcon - draft SPA [ARL-LON.FID4471235]",
        parties=["hartwell", "bw_holdings"], lang="en", date="2025-03-17",
        notes="thread 1/3; saved from Sent Items; iManage filing tag in the subject (phantom); attachment named '#4471235v1 - ...' is byte-identical to the DMS export v1 (attachment_of)")
    rel_add(V1, "attachment_of", E1)
    d2 = rfc_date(2025, 3, 26, 17, 48)
    id2 = "<CWLP123MB41907E2B9D0C11F3A4@CWLP123MB4190.GBRP123.PROD.OUTLOOK.COM>"
    b2 = ("James\n\nThank you for your draft of 17 March. Our client's principal points are:\n\n1. Clause 3.3 – completion accounts: agreed in principle.\n"
          "2. Clause 3.4 – the retention of £2m is excessive given the W&I policy; we propose £1m.\n3. Clause 9.1 – a cap of 100% is not market; 20% with W&I.\n"
          "4. Clause 9.3 – 12 months for general claims.\n5. Clause 11.1 – 36 months is unenforceable; 12 months.\n"
          "6. Clause 14 – please confirm your client bears stamp duty.\n\nOur ref: PL/EM/BRI.0015.\n\nKind regards\nEd\n\n"
          "Ed Marlow | Partner | Pryce Lowther LLP | 22 Eastcheap, London EC3M 1AA\n\n"
          "From: James Kinnear <j.kinnear@ashcombe-reinholt.com>\nSent: 17 March 2025 18:22\nTo: Ed Marlow <ed.marlow@prycelowther.co.uk>\n"
          "Cc: Priya Nair <p.nair@ashcombe-reinholt.com>\nSubject: Project Falcon - draft SPA [ARL-LON.FID4471235]\n\n"
          "Ed\n\nProject Falcon – please find attached our first draft of the share purchase agreement. [...]")
    E2 = f"{INBOX}/RE Project Falcon - draft SPA [ARL-LON.FID4471235].eml"
    put(E2, mail(frm="Ed Marlow <ed.marlow@prycelowther.co.uk>", to=JMK, cc=PN, subject="RE: Project Falcon - draft SPA [ARL-LON.FID4471235]", date=d2,
                 msgid=id2, irt=id1, refs=[id1], body=b2, html=html_of(b2), thread_index=thread_index("falcon-spa", 1),
                 transport=m365_inbound(msgid=id2, date=d2, sender_domain="prycelowther.co.uk", sender_host="mx2.prycelowther.co.uk",
                                        sender_ip="195.171.44.18", body=b2)),
        matter="F02", ref=None, cat="inbox", dt="email", title="Project Falcon - draft SPA [ARL-LON.FID4471235]", parties=["bw_holdings", "hartwell"],
        lang="en", date="2025-03-26", rel={"responds_to": [E1], "references": [V1]},
        notes="thread 2/3; Exchange Online inbound with ARC, Received-SPF and X-MS-Exchange headers; multipart/alternative; the other side's reference PL/EM/BRI.0015 is a phantom; references: 'your draft of 17 March'")
    d3 = rfc_date(2025, 4, 2, 17, 3, tz=1)
    id3 = "<LO2P265MB57129F8E7D6C5B4A3921@LO2P265MB5712.GBRP265.PROD.OUTLOOK.COM>"
    b3 = ("Ed\n\nFurther to your email of 26 March, I attach our revised draft of the SPA marked to show the changes against our draft of 17 March. "
          "Our comments on your points are in the margin. We have not moved on clause 9.1 beyond 40% and the restrictive covenant stays at 24 months.\n\n"
          "Kind regards\nJames\n\nOur ref: 104233-15" + SIG_LON)
    E3 = f"{F02}/Correspondence/2025-04-02 RE Project Falcon - draft SPA.eml"
    put(E3, mail(frm=JMK, to="Ed Marlow <ed.marlow@prycelowther.co.uk>", cc=PN, subject="RE: Project Falcon - draft SPA [ARL-LON.FID4471235]", date=d3, msgid=id3,
                 irt=id2, refs=[id1, id2], body=b3, enc="base64", atts=[("#4471235v2 - Share Purchase Agreement (marked against v1).docx", FILES[V2], mime_of(V2))],
                 thread_index=thread_index("falcon-spa", 2), transport=m365_sent(msgid=id3, date=d3)),
        matter="F02", ref="104233-15", cat="in_matter_folder", dt="email", title="Project Falcon - draft SPA [ARL-LON.FID4471235]",
        parties=["hartwell", "bw_holdings"], lang="en", date="2025-04-02", rel={"responds_to": [E2], "references": [V1]},
        notes="thread 3/3; base64 text body only; carries v2 (attachment_of); references: 'our draft of 17 March' (v1), answers 'your email of 26 March' (responds_to)")
    rel_add(V2, "attachment_of", E3)

    # client forward of the draft disclosure letter (forward inline) and our RE: FW: answer
    flush()
    d4 = rfc_date(2025, 4, 14, 9, 41, tz=1)
    id4 = "<DB9PR02MB7311C3E90A4F2B1D@DB9PR02MB7311.eurprd02.prod.outlook.com>"
    b4 = ("James – see below from Brightwater. Schedule 3 attached; the draft letter itself is in the data room. Is the Unit 7 break a problem for us?\n\n"
          "Mark\n\nMark Hale | CFO | Hartwell Logistics Ltd\n\n"
          "From: David Calloway <d.calloway@brightwaterfreight.co.uk>\nSent: 11 April 2025 16:12\nTo: Mark Hale <mark.hale@hartwell-logistics.co.uk>\n"
          "Subject: Project Falcon – Disclosure Letter (draft)\n\nMark\n\nOur lawyers have uploaded the first draft of the Disclosure Letter to the data room today. "
          "The list of leases (Schedule 3) is attached for convenience – the Unit 7 lease has the landlord break we mentioned at the site visit.\n\nRegards\nDavid")
    E4 = f"{INBOX}/FW Project Falcon - Disclosure Letter (draft).eml"
    put(E4, mail(frm="Mark Hale <mark.hale@hartwell-logistics.co.uk>", to=JMK, subject="FW: Project Falcon – Disclosure Letter (draft)", date=d4, msgid=id4,
                 body=b4, html=html_of(b4), atts=[("Schedule 3 (Disclosed Leases).pdf", FILES[S3], "application/pdf")], thread_index=thread_index("falcon-dl"),
                 transport=m365_inbound(msgid=id4, date=d4, sender_domain="hartwell-logistics.co.uk", sender_host="mail-db9eur02on2119.outbound.protection.outlook.com",
                                        sender_ip="40.107.21.119", body=b4, mailbox="LO2P265MB5712")),
        matter="F02", ref=None, cat="inbox", dt="email", title="Project Falcon – Disclosure Letter (draft)", parties=["hartwell"], lang="en",
        date="2025-04-14", notes="thread 1/2; client forward with the original inline (Outlook 'From/Sent/To/Subject' block); carries Schedule 3 (attachment_of)")
    rel_add(S3, "attachment_of", E4)
    d5 = rfc_date(2025, 4, 14, 13, 5, tz=1)
    id5 = "<LO2P265MB5712E4D3C2B1A09F88@LO2P265MB5712.GBRP265.PROD.OUTLOOK.COM>"
    b5 = ("Mark\n\nThanks. The break in the Unit 7 lease (Schedule 3, first entry) is exercisable on a change of control, so it is triggered by the deal. "
          "We will ask for a specific indemnity or a landlord's waiver as a condition. We will review the draft Disclosure Letter in the data room and "
          "send you our comments by Thursday.\n\nJames\n\nOur ref: 104233.00015" + SIG_LON + "\n\n"
          "From: Mark Hale <mark.hale@hartwell-logistics.co.uk>\nSent: 14 April 2025 09:41\nTo: James Kinnear <j.kinnear@ashcombe-reinholt.com>\n"
          "Subject: FW: Project Falcon – Disclosure Letter (draft)\n\nJames – see below from Brightwater. [...]")
    E5 = f"{F02}/Correspondence/RE FW Project Falcon - Disclosure Letter (draft).eml"
    put(E5, mail(frm=JMK, to="Mark Hale <mark.hale@hartwell-logistics.co.uk>", cc=PN, subject="RE: FW: Project Falcon – Disclosure Letter (draft)",
                 date=d5, msgid=id5, irt=id4, refs=[id4], body=b5, html=html_of(b5), thread_index=thread_index("falcon-dl", 1),
                 transport=m365_sent(msgid=id5, date=d5)),
        matter="F02", ref="104233.00015", cat="in_matter_folder", dt="email", title="Project Falcon – Disclosure Letter (draft)", parties=["hartwell"],
        lang="en", date="2025-04-14", rel={"responds_to": [E4], "references": [S3]},
        notes="thread 2/2; 'RE: FW:' subject chain; references: 'Schedule 3, first entry'; the draft disclosure letter it mentions is not on the share")

    inv = [LH_LON, ("p", "Hartwell Logistics Ltd\nAccounts Payable\nUnit 2, Stonehouse Park\nPurfleet RM19 1TF"), ("r", "Invoice date: 30 May 2025"),
           ("title", "INVOICE"), ("p", "Invoice number: 104233-0412\nClient: 104233 Hartwell Logistics Ltd\nMatter: 104233/15 Project Falcon\nVAT reg. no. GB 214 5573 09"),
           ("table", [["Description", "Amount (GBP)"], ["Professional charges for the period 13 January 2025 to 30 April 2025 in connection with the acquisition of Brightwater Freight Limited (completion 30 April 2025)", "158,400.00"],
                      ["Disbursements: Companies House searches, courier", "212.00"], ["VAT at 20%", "31,722.40"], ["Total due", "190,334.40"]]),
           ("p", "Payment within 30 days to Ashcombe Reinholt LLP client account, NatWest, sort code 60-16-13 31926819. Please quote the invoice number.")]
    put_lo("Invoice 104233-0412.pdf", docx(inv, date="2025-05-30", author="ARL Finance"), "pdf", matter="F02", ref="104233/15", cat="top_level", dt="invoice",
           title="INVOICE", parties=["firm_arl", "hartwell"], lang="en", date="2025-05-30",
           notes="trap: the invoice number 104233-0412 starts with the client number and looks like a matter number (a phantom); the matter is 'Matter: 104233/15' in the text; VAT number, sort code and account are phantoms")
    r.update(EX=EX, E1=E1, E2=E2, E3=E3, E4=E4, E5=E5, SL=SL, FA=FA, V3F=V3)
    return r



# ================================================================== F03 acquisition facility (flat folder)
def f03(r2):
    FA = r2["FA"]
    LP = ["hartwell", "northgate_ew"]
    fa = [("s", "NORTHGATE COMMERCIAL FINANCE LIMITED · 40 Gracechurch Street · London EC3V 0BT · Registered in England and Wales No. 08123456"),
          ("p", "The Directors\nHartwell Logistics Ltd\nUnit 2, Stonehouse Park\nPurfleet RM19 1TF"), ("r", "12 March 2025"),
          ("title", "FACILITY LETTER"), ("b", "£11,000,000 term loan facility"),
          ("p", "Dear Sirs"),
          ("p", "1. We, Northgate Commercial Finance Limited (the Lender), are pleased to offer Hartwell Logistics Ltd (the Borrower) a term loan facility on the terms of this letter (the Facility Agreement) and our Standard Terms and Conditions for Business Lending (2024 edition)."),
          ("p", "2. Purpose: to finance part of the consideration for the acquisition of the entire issued share capital of Brightwater Freight Limited and related costs."),
          ("p", "3. Amount and availability: £11,000,000, available for a single drawing until 30 June 2025."),
          ("p", "4. Interest: 3.25 per cent. per annum above Compounded SONIA, payable quarterly in arrears."),
          ("p", "5. Repayment: in 20 equal quarterly instalments, the first on the date falling three months after drawdown."),
          ("p", "6. Security: a debenture from the Borrower; an upstream guarantee from Hartwell Logistik GmbH; a debenture from the Target within 30 days of completion."),
          ("p", "7. Conditions precedent: as listed in the Schedule, each in form and substance satisfactory to the Lender."),
          ("p", "8. Financial covenants: leverage not exceeding 2.75:1; interest cover not less than 4.00:1, tested quarterly."),
          ("p", "9. This letter is governed by English law. Please sign and return the enclosed copy to accept this offer."),
          ("p", "Yours faithfully"), ("sig", ["for and on behalf of Northgate Commercial Finance Limited", "Accepted on behalf of Hartwell Logistics Ltd"])]
    put_lo(FA, docx(fa, date="2025-03-12", author="Northgate Legal"), "pdf", matter="F03", ref=None, cat="in_matter_folder", dt="facility_agreement",
           title="FACILITY LETTER", parties=["northgate_ew", "hartwell"], lang="en", date="2025-03-12",
           notes="'Facility Letter' (letter-form facility agreement) that defines itself as 'the Facility Agreement'; lender's letterhead with its company number (phantom)")
    deb = [("c", "Dated 30 April 2025"), ("c", "HARTWELL LOGISTICS LTD\nas Chargor"), ("c", "NORTHGATE COMMERCIAL FINANCE LIMITED\nas Lender"),
           ("title", "DEBENTURE"),
           ("p", "THIS DEED is dated 30 April 2025 and made between (1) HARTWELL LOGISTICS LTD (company number 05128844) (the Chargor) and (2) NORTHGATE COMMERCIAL FINANCE LIMITED (company number 08123456) (the Lender)."),
           ("p", "1. Definitions: Facility Agreement means the facility agreement dated 12 March 2025 between the Chargor as borrower and the Lender, made by way of a facility letter."),
           ("p", "2. Covenant to pay: the Chargor covenants to pay the Secured Liabilities when they become due."),
           ("p", "3. Grant of security: by way of first legal mortgage, all Properties; by way of first fixed charge, the Shares (including the shares in Brightwater Freight Limited), book debts and Intellectual Property; by way of floating charge, all its other assets."),
           ("p", "4. This deed is governed by English law."), ("p", "Executed as a deed by HARTWELL LOGISTICS LTD acting by a director in the presence of a witness.")]
    DEB = f"{F03}/Debenture - Hartwell Logistics Ltd.pdf"
    put(DEB, scan_pdf([lines_of(deb)], RNG, "2025-04-30"), matter="F03", ref=None, cat="in_matter_folder", dt="security_agreement", title="DEBENTURE",
        parties=LP, lang="en", date="2025-04-30", text_layer=False, rel={"references": [FA]},
        notes="image-only; 'Debenture' (synonym of security agreement); references: 'the facility agreement dated 12 March 2025 between the Chargor ... and the Lender, made by way of a facility letter'")
    gu = [("title", "GUARANTEE"), ("c", "(Garantie – German law limitation language)"),
          ("p", "This Guarantee is dated 30 April 2025 and given by HARTWELL LOGISTIK GMBH, a limited liability company under German law with its registered office in Eching, registered with the commercial register of the local court (Amtsgericht) of Munich under HRB 254117 (the Guarantor), in favour of NORTHGATE COMMERCIAL FINANCE LIMITED (the Lender)."),
          ("p", "1. The Guarantor guarantees to the Lender, as independent obligation (selbständiges Garantieversprechen), the punctual performance by Hartwell Logistics Ltd of its obligations under the Facility Agreement dated 12 March 2025 between Hartwell Logistics Ltd and the Lender."),
          ("p", "2. Limitation: the Lender shall not enforce this Guarantee to the extent that enforcement would reduce the Guarantor's net assets below its registered share capital (sections 30, 31 GmbHG)."),
          ("p", "3. This Guarantee is governed by English law, save that clause 2 shall be construed in accordance with German law."),
          ("sig", ["HARTWELL LOGISTIK GMBH", "NORTHGATE COMMERCIAL FINANCE LIMITED"]), ("s", "MUC_8823502_3 | 104233.00016")]
    GU = f"{F03}/Upstream Guarantee - Hartwell Logistik GmbH.docx"
    put(GU, docx(gu, date="2025-04-28", author="Tobias Wendt", template="ARL_Agreement.dotm"), matter="F03", ref="104233.00016", cat="in_matter_folder",
        dt="guarantee", title="GUARANTEE", parties=["hartwell_de", "northgate_ew"], lang="en", date="2025-04-28", rel={"references": [FA]},
        notes="English-language guarantee of a German GmbH with German limitation language; Munich DMS footer; references: 'the Facility Agreement dated 12 March 2025 between ...'")
    oc = [("title", "OFFICER'S CERTIFICATE"), ("c", "Hartwell Logistics Ltd (company number 05128844)"),
          ("p", "To: Northgate Commercial Finance Limited"),
          ("p", "I, Mark Hale, a director of Hartwell Logistics Ltd (the Company), certify that:"),
          ("p", "1. attached are true, complete and up-to-date copies of the articles of association of the Company and of the minutes of a meeting of its board of directors held on 29 April 2025 approving the terms of the Facility Agreement dated 12 March 2025;"),
          ("p", "2. borrowing or guaranteeing the Total Commitments would not cause any borrowing or similar limit binding on the Company to be exceeded;"),
          ("p", "3. each copy document relating to it specified in the Schedule to the Facility Agreement is correct, complete and in full force and effect as at the date of this certificate."),
          ("p", "Signed: ________________  Director   Date: 30 April 2025")]
    OC = f"{F03}/Officer's Certificate - Hartwell.docx"
    put(OC, docx(oc, date="2025-04-30", author="Priya Nair"), matter="F03", ref=None, cat="in_matter_folder", dt="certificate",
        title="OFFICER'S CERTIFICATE", parties=["hartwell"], lang="en", date="2025-04-30",
        rel={"references": [FA, f"{F02}/Completion/Board Minutes - Hartwell Logistics Ltd - 29.04.2025.docx"]},
        notes="references: 'the Facility Agreement dated 12 March 2025' and 'minutes of a meeting of its board ... held on 29 April 2025' (cross-matter: the minutes lie in F02)")
    rows = [["Northgate facility – Conditions Precedent Checklist", "", "", ""], ["Matter 104233-16 / Hartwell Logistics Ltd", "", "", ""],
            ["No.", "Condition precedent", "Responsibility", "Status"],
            ["1", "Facility Letter signed and accepted", "Borrower", "Done 12.03.2025"],
            ["2", "Debenture from the Borrower", "ARL", "Agreed form; to be signed at completion"],
            ["3", "Guarantee – Hartwell Logistik GmbH", "ARL Munich", "Agreed form"],
            ["4", "Officer's certificate with board minutes", "ARL", "Draft"],
            ["5", "Capacity opinion on Hartwell Logistik GmbH", "ARL Munich", "Draft sent to Northgate's counsel"],
            ["6", "W&I policy (Policy No. 4471-2025) – copy", "Borrower's broker", "Outstanding"],
            ["7", "Evidence of payment of fees", "Borrower", "At drawdown"]]
    put(f"{F03}/CP Checklist - Northgate facility.xlsx", xlsx_bytes([("CPs", rows)], "2025-04-24", title="CP checklist", creator="Priya Nair"),
        matter="F03", ref="104233-16", cat="in_matter_folder", dt="signing_checklist", title="Northgate facility – Conditions Precedent Checklist",
        parties=[], lang="en", date="2025-04-24", notes="'CP Checklist'; lists the finance documents by name without dates (no edges answered); policy number a phantom")
    op = [LH_MUC, ("p", "Northgate Commercial Finance Limited\n40 Gracechurch Street\nLondon EC3V 0BT"), ("r", "Munich, 30 April 2025"),
          ("title", "Legal Opinion"), ("b", "Hartwell Logistik GmbH – capacity and authority"),
          ("p", "Dear Sirs,"),
          ("p", "We have acted as German legal advisers to Hartwell Logistik GmbH (the Company) in connection with the guarantee dated 30 April 2025 given by the Company in your favour (the Guarantee). We have examined an electronic extract of the commercial register of the local court of Munich (HRB 254117) dated 29 April 2025 and the shareholders' resolution of the Company of 25 April 2025."),
          ("p", "Based on and subject to the assumptions and qualifications below, we are of the opinion that: (1) the Company is duly incorporated and existing as a GmbH under German law; (2) the Company has the capacity to enter into and perform the Guarantee; (3) the Guarantee has been duly executed on behalf of the Company."),
          ("p", "Qualification: the enforcement of the Guarantee is limited as set out in its clause 2 (capital maintenance, sections 30, 31 GmbHG)."),
          ("p", "This opinion is governed by German law and is addressed to you solely for the purposes of the Facility Agreement."),
          ("p", "Yours faithfully\nAshcombe Reinholt LLP, Zweigniederlassung München\nDr. Franziska Oberhauser")]
    put_lo(f"{F03}/Legal Opinion - Hartwell Logistik GmbH (capacity).pdf", docx(op, date="2025-04-30", author="Dr. Franziska Oberhauser"), "pdf",
           matter="F03", ref=None, cat="in_matter_folder", dt="legal_opinion", title="Legal Opinion", parties=["northgate_ew", "hartwell_de"], lang="en",
           date="2025-04-30", rel={"references": [GU, FA]},
           notes="capacity opinion from the Munich branch in English; addressee and the company opined on; references: 'the guarantee dated 30 April 2025 ... (the Guarantee)' (the docx is the agreed form of 28 April), 'the Facility Agreement' (defined term)")
    sa = [("c", "Dated 20 June 2025"), ("title", "SUPPLEMENTAL AGREEMENT"),
          ("p", "THIS AGREEMENT is made between (1) HARTWELL LOGISTICS LTD (the Borrower) and (2) NORTHGATE COMMERCIAL FINANCE LIMITED (the Lender)."),
          ("p", "BACKGROUND: (A) The Lender made available to the Borrower a term loan facility under a facility letter dated 12 March 2025 (the Original Facility Agreement). (B) The parties wish to amend the Original Facility Agreement as set out below."),
          ("p", "1. With effect from the date of this agreement, paragraph 8 of the Original Facility Agreement is amended by deleting '2.75:1' and replacing it with '3.00:1' for the Relevant Periods ending on 30 June 2025 and 30 September 2025."),
          ("p", "2. The Borrower shall pay to the Lender an amendment fee of £22,000 on the date of this agreement."),
          ("p", "3. The Original Facility Agreement and this agreement shall be read and construed as one document. This agreement is governed by English law."),
          ("sig", ["HARTWELL LOGISTICS LTD", "NORTHGATE COMMERCIAL FINANCE LIMITED"]), ("s", "LON-4478110-v2 | 104233.00016")]
    put(f"{F03}/Supplemental Agreement - Northgate (June 2025).docx", docx(sa, date="2025-06-20", author="Priya Nair", template="ARL_Agreement.dotm"),
        matter="F03", ref="104233.00016", cat="in_matter_folder", dt="amendment_agreement", title="SUPPLEMENTAL AGREEMENT", parties=LP, lang="en",
        date="2025-06-20", rel={"amends": [FA]},
        notes="'Supplemental Agreement' (amendment); amends: 'a facility letter dated 12 March 2025 (the Original Facility Agreement)', paragraph 8 (leverage covenant)")
    cp = [("s", "NORTHGATE COMMERCIAL FINANCE LIMITED · 40 Gracechurch Street · London EC3V 0BT"),
          ("p", "Ashcombe Reinholt LLP\nFAO James Kinnear\n1 Carter Lane\nLondon EC4M 7AN"), ("r", "29 April 2025"),
          ("p", "Your ref: 104233.00016"), ("p", "Dear Sirs"),
          ("b", "Hartwell Logistics Ltd – £11,000,000 term loan facility"),
          ("p", "We refer to the Facility Agreement dated 12 March 2025 between Hartwell Logistics Ltd as borrower and us as lender. We confirm that, subject only to receipt of the executed Debenture and the Officer's Certificate at completion, all conditions precedent listed in the Schedule to the Facility Agreement have been satisfied or waived."),
          ("p", "Funds will be available for drawdown on 30 April 2025."), ("p", "Yours faithfully"), ("p", "Northgate Commercial Finance Limited – Structured Lending")]
    put_lo(f"{F02}/Drafts/Northgate CP confirmation.pdf", docx(cp, date="2025-04-29", author="Northgate"), "pdf", matter="F03", ref="104233.00016",
           cat="misfiled", dt="letter", title="Hartwell Logistics Ltd – £11,000,000 term loan facility", parties=["northgate_ew", "hartwell"], lang="en",
           date="2025-04-29", rel={"references": [FA]},
           notes="misfiled in the SPA matter's Drafts folder (same client); bank's letter naming our other matter ('Your ref: 104233.00016'); references: 'the Facility Agreement dated 12 March 2025 between ...'")


# ================================================================== F07 Dunmore exit (known only by title; no reference anywhere)
def f07():
    HD = ["hartwell", "dunmore"]
    ce = [("title", "CONTRACT OF EMPLOYMENT"), ("c", "Statement of terms under section 1 Employment Rights Act 1996"),
          ("p", "Employer: Hartwell Logistics Ltd, Unit 2, Stonehouse Park, Purfleet RM19 1TF (company number 05128844)"),
          ("p", "Employee: Rachel Dunmore, 18 Orsett Road, Grays RM17 5DS"),
          ("p", "1. Job title: Head of Network Planning. Start date: 2 September 2019."),
          ("p", "2. Salary: £78,000 per annum, paid monthly in arrears. Payroll No. 104233-RD."),
          ("p", "3. Notice: 3 months by either party after the probationary period."),
          ("p", "4. Restrictions: for 6 months after termination the Employee shall not solicit customers of the Employer with whom she dealt in the last 12 months."),
          ("sig", ["for Hartwell Logistics Ltd", "Rachel Dunmore"])]
    CE = f"{F07}/Contract of Employment - R Dunmore (2019).pdf"
    put(CE, scan_pdf([lines_of(ce, signed=["A. Pell", "R. Dunmore"])], RNG, "2019-08-20"), matter="F07", ref=None, cat="in_matter_folder",
        dt="employment_agreement", title="CONTRACT OF EMPLOYMENT", parties=HD, lang="en", date="2019-08-20", text_layer=False,
        notes="old image-only scan; the title-only matter's folder; the payroll number carries the client number (phantom-like, not a matter)")
    st = [("c", "WITHOUT PREJUDICE AND SUBJECT TO CONTRACT"), ("c", "Draft 2: 9 June 2025"), ("title", "SETTLEMENT AGREEMENT"),
          ("p", "THIS AGREEMENT is dated                2025 and made between (1) HARTWELL LOGISTICS LTD (the Employer) and (2) RACHEL DUNMORE (the Employee)."),
          ("p", "1. Termination: the Employee's employment under her contract of employment dated 20 August 2019 will terminate on 31 July 2025 (the Termination Date)."),
          ("p", "2. Payments: the Employer shall pay the Employee (a) her salary and benefits up to the Termination Date; (b) £31,500 as compensation for loss of employment, of which £30,000 is paid without deduction of tax under section 401 ITEPA 2003."),
          ("p", "3. Waiver: the Employee accepts the payments in full and final settlement of all claims, including claims for unfair dismissal and under the Equality Act 2010."),
          ("p", "4. Restrictions: the restriction in clause 4 of the contract of employment continues to apply. The Employer waives any longer restriction."),
          ("p", "5. Adviser: the conditions regulating settlement agreements are satisfied; the adviser's certificate in Schedule 2 forms part of this agreement."),
          ("p", "6. Reference: the Employer shall give the reference in the form of Schedule 1."),
          ("p", "Schedule 1 – Agreed reference\nSchedule 2 – Adviser's certificate"),
          ("sig", ["for Hartwell Logistics Ltd", "Rachel Dunmore"])]
    STD = f"{F07}/Settlement Agreement - Dunmore - draft 2.docx"
    st_b = docx(st, date="2025-06-09", author="Priya Nair")
    put(STD, st_b, matter="F07", ref=None, cat="in_matter_folder", dt="termination_agreement", title="SETTLEMENT AGREEMENT", parties=HD, lang="en",
        date="2025-06-09", rel={"references": [CE]},
        notes="chain Dunmore 1/2; an English employment 'Settlement Agreement' ends employment: answered as termination agreement (not settlement of a dispute); references: 'her contract of employment dated 20 August 2019'")
    ac = [("title", "SCHEDULE 2"), ("c", "Adviser's Certificate"),
          ("p", "I, Hannah Prosser of Lyle & Prosser Solicitors, 9 Quarry Street, Guildford GU1 3UY, confirm that:"),
          ("p", "1. I have advised Rachel Dunmore (the Employee) on the terms and effect of the settlement agreement between Hartwell Logistics Ltd and the Employee to which this certificate is annexed, and in particular its effect on her ability to pursue her rights before an employment tribunal."),
          ("p", "2. I am a solicitor of the Senior Courts holding a current practising certificate, and there is in force a contract of insurance covering the risk of a claim by the Employee in respect of loss arising from that advice."),
          ("p", "Signed: ________________  Hannah Prosser   Date:")]
    put(f"{F07}/Schedule 2 - Adviser's Certificate.docx", docx(ac, date="2025-06-09", author="Priya Nair"), matter="F07", ref=None,
        cat="in_matter_folder", dt="certificate", title="SCHEDULE 2", parties=["dunmore"], lang="en", date="2025-06-09", rel={"annex_of": [STD]},
        notes="annex_of: 'Schedule 2 – Adviser's certificate' of the settlement agreement, kept as a separate file; typed as certificate by content")
    wp = [LH_LON, ("p", "Lyle & Prosser Solicitors\nFAO Hannah Prosser\n9 Quarry Street\nGuildford GU1 3UY"), ("r", "9 June 2025"),
          ("c", "WITHOUT PREJUDICE AND SUBJECT TO CONTRACT"), ("p", "Dear Ms Prosser"), ("b", "Your client: Ms Rachel Dunmore"),
          ("p", "Further to our telephone conversation of 5 June, we enclose a revised draft of the settlement agreement. Our client has agreed to increase the compensation payment to £31,500 and to give the agreed reference in Schedule 1."),
          ("p", "Our client's offer remains open until 20 June 2025. We look forward to receiving the signed agreement and your signed certificate."),
          ("p", "Yours sincerely"), ("p", "Ashcombe Reinholt LLP")]
    WP = f"{F07}/Letter to Lyle & Prosser 09.06.2025.docx"
    put(WP, docx(wp, date="2025-06-09", author="Priya Nair"), matter="F07", ref=None, cat="in_matter_folder", dt="letter",
        title="Your client: Ms Rachel Dunmore", parties=["hartwell", "dunmore"], lang="en", date="2025-06-09", rel={"references": [STD]},
        notes="no matter number anywhere (title-only matter); references: 'a revised draft of the settlement agreement' (enclosure, same date)")
    fn = ("Dunmore - points for call w/ Mark 4 June\r\n\r\n- She wants garden leave not PILON; ok if July 31 end date holds\r\n"
          "- Comp: client will go to 31.5k (30k tax free s401)\r\n- Reference: agreed wording, HR to send\r\n"
          "- Keep 6m non-solicit from her 2019 contract - do NOT add non-compete (no consideration, unenforceable risk)\r\n"
          "- Her solicitor: Hannah Prosser, Lyle & Prosser, Guildford\r\n- PN to turn draft 2 by Mon\r\n")
    put(f"{WORK}/Dunmore - points for call.txt", fn.encode("cp1252"), matter="F07", ref=None, cat="top_level", dt="file_note",
        title="Dunmore - points for call w/ Mark 4 June", parties=["hartwell", "dunmore"], lang="en", date="2025-06-04", rel={"references": [CE]},
        notes="partner's own note in his working folder: Windows-1252, CRLF, no heading style; references: 'her 2019 contract' (by year and role)")
    SIG = f"{SCANS}/Scan0003.tif"
    signed = [b if b[0] != "p" or not b[1].startswith("THIS AGREEMENT") else ("p", b[1].replace("dated                2025", "dated 23 June 2025"))
              for b in st if not (b[0] == "c" and ("Draft" in b[1] or "WITHOUT" in b[1]))]
    put(SIG, scan_raster(lines_of(signed, signed=["A. Pell", "R. Dunmore"]), RNG, "TIFF"), matter="F07", ref=None, cat="scan",
        dt="termination_agreement", title="SETTLEMENT AGREEMENT", parties=HD, lang="en", date="2025-06-23", text_layer=False,
        rel={"near_duplicate_of": [STD], "references": [CE]},
        notes="chain Dunmore 2/2; signed scan (TIFF G4, first page only) in the scanner folder; named only by the scanner's counter")
    return [STD, SIG]


# ================================================================== F01 Munich warehouse lease (German; NetDocuments-style MUC chain)
TW = ("Tobias Wendt", "TW", "2025-05-14T10:05:00Z")
FO = ("Dr. Franziska Oberhauser", "FOB", "2025-05-14T17:40:00Z")


def nachtrag_blocks(ver):
    head = {1: "Entwurf ARL München vom 28.04.2025 – vorbehaltlich Abstimmung mit der Mandantin",
            2: "Entwurf ARL München vom 14.05.2025 – Änderungen gegenüber dem Entwurf vom 28.04.2025 markiert (nach Besprechung mit Isar am 12.05.2025)",
            3: "Endfassung zur Unterzeichnung – 26.05.2025"}[ver]
    return [
        ("s", head),
        ("title", "2. Nachtrag zum Mietvertrag"),
        ("c", "über die Lagerhalle mit Büroflächen, Gutenbergstraße 21, 85386 Eching"),
        ("p", "zwischen der Isar Logistikimmobilien GmbH & Co. KG, Leopoldstraße 144, 80804 München, eingetragen im Handelsregister des Amtsgerichts München unter HRA 109876 (die „Vermieterin“),"),
        ("p", "und der Hartwell Logistik GmbH, Gutenbergstraße 21, 85386 Eching, eingetragen im Handelsregister des Amtsgerichts München unter HRB 254117 (die „Mieterin“)."),
        ("h", "Vorbemerkung"),
        ("p", "Die Parteien haben am 15. Juni 2021 einen Mietvertrag über das oben bezeichnete Mietobjekt geschlossen (Grundbuch von Eching Blatt 4412), der durch den 1. Nachtrag vom 1. März 2023 geändert wurde (zusammen der „Mietvertrag“). Mit diesem 2. Nachtrag wird der Mietvertrag verlängert und in den nachstehenden Punkten geändert. Im Übrigen gilt der Mietvertrag unverändert fort."),
        ("h", "§ 1 Mietzeit"),
        ("p", "(1) Das Mietverhältnis, das nach § 4 des Mietvertrags am 30. Juni 2026 endet, wird bis zum 30. Juni 2031 verlängert."),
        ("h", "§ 2 Sonderkündigungsrecht"),
        ("red", [("ins", "(1) Die Mieterin ist berechtigt, das Mietverhältnis erstmals zum 30. Juni 2028 mit einer Frist von zwölf Monaten zum Ende eines Kalendermonats zu kündigen.")],
         M("§ 2 Abs. 1", "notice_period", "client_instruction", "inserted",
           "Wunsch der Mandantin (Hr. Hain, Mail vom 24.04.): Ausstieg 2028 muss möglich sein, falls der Standort Eching mit Brightwater zusammengelegt wird.", FO)),
        ("h", "§ 3 Miete; Wertsicherung"),
        ("red", [("t", "(1) Die Nettokaltmiete beträgt ab dem 1. Juli 2026 monatlich EUR 48.600 zzgl. Umsatzsteuer. "),
                 ("del", "Sie ist für die Dauer der Verlängerung fest."),
                 ("ins", "Sie ändert sich entsprechend dem Verbraucherpreisindex für Deutschland, erstmals zum 1. Januar 2027, sobald sich der Index gegenüber dem Stand bei der letzten Anpassung um mehr als 5 % verändert hat.")],
         M("§ 3 Abs. 1", "price_adjustment", "commercial_compromise", "modified",
           "Isar wollte Indexierung mit 3 %-Schwelle (Besprechung 12.05.), wir wollten Festmiete – Kompromiss: Indexierung ab 2027 mit 5 %-Schwelle.", FO)),
        ("h", "§ 4 Untervermietung"),
        ("p", "(1) Eine Untervermietung bedarf der vorherigen schriftlichen Zustimmung der Vermieterin."),
        ("red", [("t", "(2) Die Zustimmung zur Untervermietung von bis zu 30 % der Mietfläche "), ("del", "an Dritte"),
                 ("ins", "an mit der Mieterin verbundene Unternehmen im Sinne von § 15 AktG"), ("t", " gilt als erteilt.")],
         M("§ 4 Abs. 2", "subletting", "counterparty_request", "modified",
           "Isar lehnt eine Untervermietung an beliebige Dritte ab (Besprechung 12.05.). Die Konzernklausel genügt der Mandantin (Brightwater als künftige Schwestergesellschaft).", FO)),
        ("h", "§ 5 Schlussbestimmungen"),
        ("p", "(1) Änderungen und Ergänzungen dieses Nachtrags bedürfen der Schriftform."),
        ("red", [("t", "(2) Gerichtsstand ist "), ("del", "Freising"), ("ins", "München"), ("t", ".")],
         M("§ 5 Abs. 2", "jurisdiction", "unstated", "modified", "TW: prüfen, ob der Mietvertrag in § 19 schon München vorsieht – dann streichen.", TW, todo=True)),
        ("red", [("t", "(3) Die Kosten dieses Nachtrags trägt "), ("del", "die Vermieterin"), ("ins", "jede Partei für ihre eigenen Berater selbst"), ("t", ".")],
         M("§ 5 Abs. 3", "costs", "unstated", "modified")),
        ("red", [("ins", "(4) Die Parteien verpflichten sich, alle Handlungen vorzunehmen, die zur Wahrung der gesetzlichen Schriftform (§ 550 BGB) erforderlich sind; eine allgemeine Schriftformheilungsklausel wird nicht vereinbart.")],
         M("§ 5 Abs. 4", "procedure", "legal_requirement", "inserted",
           "Schriftformheilungsklauseln sind nach BGH, Urt. v. 27.09.2017 – XII ZR 114/16 unwirksam; deshalb nur Mitwirkungspflicht. Wichtig, weil die Laufzeit über ein Jahr hinausgeht.", FO)),
        ("sig", ["München, den                    Isar Logistikimmobilien GmbH & Co. KG", "Eching, den                    Hartwell Logistik GmbH"]),
        ("s", f"MUC_8823411_{ver} | 104233.00012"),
    ]


def f01():
    IH = ["isar", "hartwell_de"]
    mv = [("title", "MIETVERTRAG"), ("c", "über gewerbliche Räume (Lagerhalle mit Büroflächen)"), ("p", "Vertrags-Nr. der Vermieterin: IS-LV 2021/104"),
          ("p", "zwischen der Isar Logistikimmobilien GmbH & Co. KG, München (HRA 109876) – Vermieterin – und der Hartwell Logistik GmbH, Eching (HRB 254117) – Mieterin –"),
          ("p", "§ 1 Mietobjekt: Lagerhalle mit ca. 9.800 m² Hallenfläche und 650 m² Büroflächen, Gutenbergstraße 21, 85386 Eching (Grundbuch von Eching Blatt 4412), wie im Lageplan (Anlage 1) rot umrandet."),
          ("p", "§ 3 Miete: EUR 42.900 monatlich netto zzgl. Umsatzsteuer; Nebenkosten nach Anlage 3."),
          ("p", "§ 4 Mietzeit: Das Mietverhältnis beginnt am 1. Juli 2021 und endet am 30. Juni 2026."),
          ("p", "§ 5 Wertsicherung: (3) Die Miete ändert sich entsprechend dem Verbraucherpreisindex, sobald sich dieser um mehr als 10 % verändert hat."),
          ("p", "§ 19 Gerichtsstand: Freising."), ("p", "München / Eching, den 15. Juni 2021"),
          ("sig", ["Isar Logistikimmobilien GmbH & Co. KG", "Hartwell Logistik GmbH"])]
    MV = f"{F01}/Vertrag/Mietvertrag Lagerhalle Eching (unterschrieben).pdf"
    put(MV, scan_pdf([lines_of(mv, signed=["gez. Brenner", "gez. Hain"])], RNG, "2021-06-15"), matter="F01", ref=None, cat="in_matter_folder",
        dt="lease_agreement", title="MIETVERTRAG", parties=IH, lang="de", date="2021-06-15", text_layer=False,
        notes="image-only scan of the signed lease; the landlord's contract number IS-LV 2021/104 and the land register sheet are phantoms")
    LP = f"{F01}/Vertrag/Anlage 1 Lageplan.png"
    put(LP, scan_png([("h", "Anlage 1 zum Mietvertrag vom 15.06.2021"), ("p", "Lageplan Gutenbergstraße 21, 85386 Eching – Flurstück 1187/4"),
                      ("", ""), ("p", "[Halle A – 9.800 m²]   [Büro – 650 m²]   [Hof / Andienung – 24 Tore]"), ("p", "Mietfläche rot umrandet. Maßstab 1:1000")], RNG),
        matter="F01", ref=None, cat="in_matter_folder", dt="annex", title="Anlage 1 zum Mietvertrag vom 15.06.2021", parties=[], lang="de",
        date="2021-06-15", text_layer=False, rel={"annex_of": [MV]}, notes="annex_of: site plan named by number and the lease's date")
    n1 = [("title", "1. Nachtrag zum Mietvertrag vom 15. Juni 2021"),
          ("p", "zwischen der Isar Logistikimmobilien GmbH & Co. KG (Vermieterin) und der Hartwell Logistik GmbH (Mieterin)"),
          ("p", "§ 1 Die Mieterin mietet ab dem 1. April 2023 zusätzlich die Freifläche Nord (ca. 1.400 m²) als Stellplatzfläche für Wechselbrücken an."),
          ("p", "§ 2 Die Miete nach § 3 des Mietvertrags erhöht sich ab dem 1. April 2023 um EUR 2.100 monatlich netto."),
          ("p", "§ 3 Im Übrigen bleibt der Mietvertrag unverändert."), ("p", "München, den 1. März 2023"),
          ("sig", ["Isar Logistikimmobilien GmbH & Co. KG", "Hartwell Logistik GmbH"])]
    N1 = f"{F01}/Vertrag/1. Nachtrag zum Mietvertrag.pdf"
    put_lo(N1, docx(n1, lang="de-DE", date="2023-03-01", author="Isar Asset Management"), "pdf", matter="F01", ref=None, cat="in_matter_folder",
           dt="amendment_agreement", title="1. Nachtrag zum Mietvertrag vom 15. Juni 2021", parties=IH, lang="de", date="2023-03-01", rel={"amends": [MV]},
           notes="amends: 'Mietvertrag vom 15. Juni 2021' (title and date in the heading)")
    M1 = f"{DMS_MUC}/MUC_8823411_1.DOCX"
    M2 = f"{DMS_MUC}/MUC_8823411_2.DOCX"
    M3 = f"{DMS_MUC}/MUC_8823411_3.DOCX"
    SGN = f"{F01}/Vertrag/2. Nachtrag - unterschrieben.pdf"
    t = "2. Nachtrag zum Mietvertrag"
    m1 = docx(nachtrag_blocks(1), mode="base", lang="de-DE", date="2025-04-28", author="Tobias Wendt", title_prop=t, template="ARL_Vertrag_DE.dotm")
    put(M1, m1, matter="F01", ref="104233.00012", cat="top_level", dt="amendment_agreement", title=t, parties=IH, lang="de", date="2025-04-28",
        rel={"amends": [MV, N1]},
        notes="chain 2. Nachtrag 1/4; Munich DMS export name (document number and version only, upper-case extension); amends the lease and the 1. Nachtrag ('Mietvertrag ... am 15. Juni 2021 ... durch den 1. Nachtrag vom 1. März 2023 geändert')")
    nb2 = nachtrag_blocks(2)
    put(M2, docx(nb2, mode="redline", lang="de-DE", date="2025-05-14", author="Tobias Wendt", rev=("Dr. Franziska Oberhauser", "2025-05-14T17:30:00Z"),
                 title_prop=t, template="ARL_Vertrag_DE.dotm"),
        matter="F01", ref="104233.00012", cat="top_level", dt="amendment_agreement", title=t, parties=IH, lang="de", date="2025-05-14",
        rel={"redline_of": [M1], "amends": [MV, N1]}, decisions=decisions_of(nb2),
        notes="chain 2. Nachtrag 2/4; tracked changes against _1 with German comments; § 5 Abs. 3 uncommented; § 5 Abs. 2 carries a to-do (unstated, comment null)")
    m3 = docx(nachtrag_blocks(3), lang="de-DE", date="2025-05-26", author="Tobias Wendt", title_prop=t, template="ARL_Vertrag_DE.dotm")
    put(M3, m3, matter="F01", ref="104233.00012", cat="top_level", dt="amendment_agreement", title=t, parties=IH, lang="de", date="2025-05-26",
        rel={"amends": [MV, N1]}, notes="chain 2. Nachtrag 3/4; clean version for signature")
    put(SGN, scan_pdf([lines_of(nachtrag_blocks(3)[1:], signed=["gez. C. Brenner", "gez. M. Hain"])], RNG, "2025-06-02"), matter="F01", ref=None,
        cat="in_matter_folder", dt="amendment_agreement", title=t, parties=IH, lang="de", date="2025-06-02", text_layer=False,
        rel={"near_duplicate_of": [M3], "amends": [MV, N1]}, notes="chain 2. Nachtrag 4/4; signed scan of _3")

    # landlord's letter (scanner folder) and our answer
    il = [("s", "ISAR LOGISTIKIMMOBILIEN GMBH & CO. KG · Leopoldstraße 144 · 80804 München"),
          ("p", "Hartwell Logistik GmbH\nGeschäftsführung\nGutenbergstraße 21\n85386 Eching"), ("r", "München, 3. April 2025"),
          ("p", "Vertrags-Nr. IS-LV 2021/104"), ("b", "Mietvertrag Gutenbergstraße 21 – Anpassung der Miete nach § 5 Abs. 3"),
          ("p", "Sehr geehrte Damen und Herren,"),
          ("p", "der Verbraucherpreisindex hat sich seit Mietbeginn um 18,4 % erhöht. Nach § 5 Abs. 3 des Mietvertrags vom 15. Juni 2021 erhöht sich die Miete daher ab dem 1. Mai 2025 auf EUR 53.286 monatlich netto (einschließlich Freifläche Nord nach dem 1. Nachtrag)."),
          ("p", "Mit freundlichen Grüßen\nClaudia Brenner, Asset Management")]
    IL = f"{SCANS}/SCAN_20250407_101512.pdf"
    put(IL, scan_pdf([lines_of(il)], RNG, "2025-04-07"), matter="F01", ref=None, cat="scan", dt="letter",
        title="Mietvertrag Gutenbergstraße 21 – Anpassung der Miete nach § 5 Abs. 3", parties=["isar", "hartwell_de"], lang="de", date="2025-04-03",
        text_layer=False, rel={"references": [MV, N1]},
        notes="scanner file name (date and time stamp of the scan, not of the letter); references: 'Mietvertrag vom 15. Juni 2021', 'dem 1. Nachtrag'")
    ab = [LH_MUC, ("p", "Vorab per E-Mail: c.brenner@isar-logistik.de\nIsar Logistikimmobilien GmbH & Co. KG\nAsset Management – Frau Claudia Brenner\nLeopoldstraße 144\n80804 München"),
          ("r", "München, 10. April 2025"), ("p", "Unser Zeichen: 104233.00012 FOB/tw\nIhr Zeichen: IS-LV 2021/104"),
          ("b", "Hartwell Logistik GmbH – Mietvertrag Gutenbergstraße 21, Eching\nIhr Schreiben vom 3. April 2025"),
          ("p", "Sehr geehrte Frau Brenner,"),
          ("p", "wir zeigen an, dass wir die Hartwell Logistik GmbH vertreten; eine auf uns lautende Vollmacht fügen wir bei."),
          ("p", "Eine Anpassung nach § 5 Abs. 3 des Mietvertrags setzt eine Indexänderung von mehr als 10 % seit der letzten Anpassung und eine Erklärung in Textform voraus. Ihr Schreiben legt den Ausgangsindex nicht dar; die Miete für die Freifläche Nord nach dem 1. Nachtrag ist nicht wertgesichert. Wir bitten um eine prüffähige Berechnung."),
          ("p", "Im Übrigen ist unsere Mandantin an Gesprächen über eine Verlängerung des Mietverhältnisses interessiert."),
          ("p", "Mit freundlichen Grüßen\nDr. Franziska Oberhauser\nRechtsanwältin")]
    vm = [("title", "VOLLMACHT"),
          ("p", "Hiermit wird der Ashcombe Reinholt LLP, Zweigniederlassung München, Maximiliansplatz 12, 80333 München, und ihren Rechtsanwältinnen und Rechtsanwälten"),
          ("p", "in Sachen Hartwell Logistik GmbH ./. Isar Logistikimmobilien GmbH & Co. KG wegen Mietvertrag Gutenbergstraße 21, Eching"),
          ("p", "Vollmacht erteilt zur außergerichtlichen Vertretung, insbesondere zur Abgabe und Entgegennahme von Erklärungen zum Mietverhältnis, zum Abschluss von Nachträgen und Vergleichen sowie zur Erteilung von Untervollmacht."),
          ("p", "Eching, den 9. April 2025"), ("p", "Hartwell Logistik GmbH, vertreten durch den Geschäftsführer Markus Hain")]
    VM = f"{F01}/Korrespondenz/Vollmacht Hartwell Logistik GmbH.pdf"
    put(VM, scan_pdf([lines_of(vm) + [("p", "gez. M. Hain")]], RNG, "2025-04-09", angle=-0.7), matter="F01", ref=None, cat="in_matter_folder",
        dt="power_of_attorney", title="VOLLMACHT", parties=["hartwell_de"], lang="de", date="2025-04-09", text_layer=False,
        notes="German power of attorney on a pre-printed form, scanned; the grantor is the party")
    AB = f"{F01}/Korrespondenz/2025-04-10 Schreiben an Isar - Indexanpassung.docx"
    put(AB, docx(ab, lang="de-DE", date="2025-04-10", author="Tobias Wendt", template="ARL_Brief_DE.dotm"), matter="F01", ref="104233.00012",
        cat="in_matter_folder", dt="letter", title="Hartwell Logistik GmbH – Mietvertrag Gutenbergstraße 21, Eching",
        parties=["hartwell_de", "isar"], lang="de", date="2025-04-10", rel={"responds_to": [IL], "references": [MV, N1, VM]},
        notes="German letter from the Munich branch; 'Ihr Schreiben vom 3. April 2025' answers the scanned letter (responds_to); references: '§ 5 Abs. 3 des Mietvertrags', 'dem 1. Nachtrag', 'eine auf uns lautende Vollmacht fügen wir bei' (enclosure)")

    # German mail thread: client's forward (AW: WG:)
    d1 = rfc_date(2025, 4, 24, 8, 17, tz=2)
    id1 = "<FR3P281MB2214C0A1B2C3D4E5@FR3P281MB2214.DEUP281.PROD.OUTLOOK.COM>"
    b1 = ("Liebe Frau Dr. Oberhauser,\n\nanbei die Nachricht von Isar. Wir möchten verlängern, brauchen aber wegen der Übernahme von Brightwater die Möglichkeit, "
          "2028 auszusteigen, und eine Untervermietung an Konzerngesellschaften. Können Sie einen 2. Nachtrag entwerfen?\n\nBeste Grüße\nMarkus Hain\n"
          "Geschäftsführer · Hartwell Logistik GmbH · Gutenbergstraße 21 · 85386 Eching · Amtsgericht München HRB 254117\n\n"
          "-----Ursprüngliche Nachricht-----\nVon: Claudia Brenner <c.brenner@isar-logistik.de>\nGesendet: Mittwoch, 23. April 2025 16:02\n"
          "An: Hain, Markus <m.hain@hartwell-logistik.de>\nBetreff: Eching – Verlängerung Mietvertrag\n\nSehr geehrter Herr Hain,\n\n"
          "wie besprochen sind wir zu einer Verlängerung des Mietvertrags bis 2031 bereit, wenn die Miete ab 2026 auf EUR 48.600 angehoben und wertgesichert wird. "
          "Bitte lassen Sie uns einen Entwurf zukommen.\n\nMit freundlichen Grüßen\nClaudia Brenner")
    G1 = f"{F01}/Korrespondenz/WG Eching - Verlängerung Mietvertrag.eml"
    put(G1, mail(frm="Markus Hain <m.hain@hartwell-logistik.de>", to=FOB, cc=TWE, subject="WG: Eching – Verlängerung Mietvertrag", date=d1, msgid=id1,
                 body=b1, html=html_of(b1), thread_index=thread_index("eching-verl"), lang="de-DE", accept="de-DE, en-US",
                 transport=m365_inbound(msgid=id1, date=d1, sender_domain="hartwell-logistik.de", sender_host="mail-fr3deu01on2102.outbound.protection.outlook.com",
                                        sender_ip="40.107.135.102", body=b1, country="DE", lang="de")),
        matter="F01", ref=None, cat="in_matter_folder", dt="email", title="Eching – Verlängerung Mietvertrag", parties=["hartwell_de", "isar"],
        lang="de", date="2025-04-24", notes="thread 1/2; German 'WG:' forward with the landlord's mail inline ('-----Ursprüngliche Nachricht-----'); no matter number")
    d2 = rfc_date(2025, 4, 28, 18, 40, tz=2)
    id2 = "<FR3P281MB2214F9E8D7C6B5A4@FR3P281MB2214.DEUP281.PROD.OUTLOOK.COM>"
    b2 = ("Lieber Herr Hain,\n\nvielen Dank. Anbei unser Entwurf eines 2. Nachtrags zum Mietvertrag mit Sonderkündigungsrecht zum 30. Juni 2028 und "
          "Zustimmung zur Untervermietung. Die von Isar gewünschte Wertsicherung haben wir noch nicht aufgenommen.\n\nMit freundlichen Grüßen\n"
          "Franziska Oberhauser\n\nUnser Zeichen: 104233-12" + SIG_MUC + "\n\n-----Ursprüngliche Nachricht-----\nVon: Markus Hain <m.hain@hartwell-logistik.de>\n"
          "Gesendet: Donnerstag, 24. April 2025 08:17\nAn: Oberhauser, Franziska <f.oberhauser@ashcombe-reinholt.com>\nBetreff: WG: Eching – Verlängerung Mietvertrag\n")
    G2 = f"{F01}/Korrespondenz/AW WG Eching - Verlängerung Mietvertrag.eml"
    put(G2, mail(frm=FOB, to="Markus Hain <m.hain@hartwell-logistik.de>", cc=TWE, subject="AW: WG: Eching – Verlängerung Mietvertrag", date=d2, msgid=id2,
                 irt=id1, refs=[id1], body=b2, html=html_of(b2), atts=[("MUC_8823411_1.DOCX", m1, mime_of(M1))], thread_index=thread_index("eching-verl", 1),
                 lang="de-DE", accept="de-DE, en-US", transport=m365_sent(msgid=id2, date=d2, mailbox="FR3P281MB2214")),
        matter="F01", ref="104233-12", cat="in_matter_folder", dt="email", title="Eching – Verlängerung Mietvertrag", parties=["hartwell_de", "isar"],
        lang="de", date="2025-04-28", rel={"responds_to": [G1]},
        notes="thread 2/2; 'AW: WG:' German reply chain; carries MUC_8823411_1.DOCX (attachment_of, byte-identical to the DMS export); matter written '104233-12'")
    rel_add(M1, "attachment_of", G2)
    av = [("title", "Aktenvermerk"), ("p", "Mandant: Hartwell Logistik GmbH – Akte 104233.00012 (Munich warehouse lease)"),
          ("p", "Besprechung am 12. Mai 2025, 14:00–15:30 Uhr, bei Isar, Leopoldstraße 144"),
          ("p", "Teilnehmer: Frau Brenner, Herr Dr. Vogl (Isar); Herr Hain (Mandantin); FOB, TW"),
          ("p", "1. Isar akzeptiert unseren Entwurf des 2. Nachtrags vom 28. April 2025 grundsätzlich, besteht aber auf Wertsicherung (VPI, 3 %-Schwelle)."),
          ("p", "2. Untervermietung an Dritte lehnt Isar ab; Konzernklausel (verbundene Unternehmen) wird akzeptiert."),
          ("p", "3. Zur Mieterhöhung nach dem Schreiben vom 3. April 2025 verzichtet Isar auf die Anpassung zum 1. Mai 2025, wenn der Nachtrag bis Ende Mai unterschrieben ist."),
          ("p", "TW überarbeitet den Entwurf bis 14. Mai."), ("p", "München, 12. Mai 2025 – TW")]
    put(f"{F01}/Korrespondenz/Aktenvermerk Besprechung Isar 12.05.2025.docx", docx(av, lang="de-DE", date="2025-05-12", author="Tobias Wendt"),
        matter="F01", ref="104233.00012", cat="in_matter_folder", dt="file_note", title="Aktenvermerk", parties=["hartwell_de", "isar"], lang="de",
        date="2025-05-12", rel={"references": [M1, IL]},
        notes="German file note; references: 'unseren Entwurf des 2. Nachtrags vom 28. April 2025' (DMS _1), 'dem Schreiben vom 3. April 2025' (the scanned letter)")
    rows = [["WIP – Unbilled Time – Matter C104233 M12 (Munich warehouse lease)", "", "", "", "", ""],
            ["Date", "Fee earner", "Narrative", "Hours", "Rate EUR", "Value EUR"],
            ["10/04/2025", "FOB", "Letter to Isar re indexation (Ihr Schreiben 03.04.)", 1.2, 520, 624],
            ["28/04/2025", "TW", "Draft 2. Nachtrag; email to M. Hain", 3.5, 330, 1155],
            ["12/05/2025", "FOB", "Meeting Isar, Leopoldstraße", 2.0, 520, 1040],
            ["12/05/2025", "TW", "Meeting Isar; Aktenvermerk", 2.5, 330, 825],
            ["14/05/2025", "TW", "Revise 2. Nachtrag (MUC_8823411_2)", 2.0, 330, 660],
            ["", "", "Total", 11.2, "", 4304]]
    put("WIP export C104233 M12.xlsx", xlsx_bytes([("WIP", rows)], "2025-05-31", title="WIP C104233 M12", creator="Elite 3E"), matter="F01",
        ref="C104233 M12", cat="top_level", dt="time_sheet", title="WIP – Unbilled Time – Matter C104233 M12 (Munich warehouse lease)", parties=[],
        lang="en", date="2025-05-31", notes="practice-management WIP export at the top level; matter in the old 'C<client> M<matter>' form; DMS number in a narrative (phantom)")
    return [M1, M2, M3, SGN], [G1, G2]


# ================================================================== F06 Oberland Series B (German; Munich)
def f06():
    INV = ["oberland", "alpenblick", "severn", "ederer", "kraml"]
    ts = [("title", "Oberland Antriebstechnik GmbH – Series B – Term Sheet"), ("c", "Non-binding indicative terms – 20 February 2025"),
          ("table", [["Company", "Oberland Antriebstechnik GmbH, Munich (HRB 231456)"],
                     ["New investor", "Severn Capital Partners LLP (lead), EUR 12,000,000"],
                     ["Existing investor", "Alpenblick Ventures Fund II GmbH & Co. KG, pro rata up to EUR 3,000,000"],
                     ["Founders", "Dr. Lukas Ederer, Sabine Kraml"],
                     ["Pre-money valuation", "EUR 48,000,000 (fully diluted, incl. ESOP top-up to 10 %)"],
                     ["Liquidation preference", "1x non-participating, Series B senior to Series A"],
                     ["Board", "Advisory board of five: two founders, one Alpenblick, one Severn, one independent"],
                     ["Documentation", "German-law investment and shareholders' agreement (Beteiligungsvereinbarung), new articles, notarial capital increase"]]),
          ("p", "Save for confidentiality and costs, this term sheet is not binding.")]
    TS = f"{F06}/Term Sheet Series B (signed by Severn).docx"
    put(TS, docx(ts, date="2025-02-20", author="Dr. Franziska Oberhauser"), matter="F06", ref=None, cat="in_matter_folder", dt="term_sheet",
        title="Oberland Antriebstechnik GmbH – Series B – Term Sheet", parties=["oberland", "severn", "alpenblick", "ederer", "kraml"], lang="en",
        date="2025-02-20", notes="English term sheet in a German matter; company name before the kind")
    hr = [("title", "Handelsregister B des Amtsgerichts München"), ("p", "Abruf vom 03.03.2025 09:41"), ("b", "Aktueller Ausdruck"),
          ("table", [["Nummer der Firma", "HRB 231456"], ["1. a) Firma", "Oberland Antriebstechnik GmbH"],
                     ["b) Sitz", "München; Geschäftsanschrift: Rosenheimer Straße 145e, 81671 München"],
                     ["c) Gegenstand", "Entwicklung, Herstellung und Vertrieb elektrischer Antriebssysteme für Flurförderzeuge"],
                     ["2. Stammkapital", "62.500,00 EUR"],
                     ["4. Geschäftsführer", "Dr. Ederer, Lukas, München, *04.11.1984; Kraml, Sabine, Starnberg, *17.02.1987; jeweils einzelvertretungsberechtigt"],
                     ["6. Tag der letzten Eintragung", "21.09.2023"]])]
    put_lo(f"{F06}/Vollzug/HR-Auszug Oberland 2025-03-03.pdf", docx(hr, lang="de-DE", date="2025-03-03", author="Registerportal"), "pdf",
           matter="F06", ref=None, cat="in_matter_folder", dt="register_extract", title="Handelsregister B des Amtsgerichts München", parties=["oberland"],
           lang="de", date="2025-03-03", notes="register print; HRB number a phantom")
    bv = [("s", "Clean – Stand 14.04.2025 – 402517/2"), ("title", "BETEILIGUNGSVEREINBARUNG"), ("c", "(Investment and Shareholders' Agreement)"),
          ("c", "betreffend die Oberland Antriebstechnik GmbH"),
          ("p", "zwischen 1. Dr. Lukas Ederer, München, 2. Sabine Kraml, Starnberg (1. und 2. die „Gründer“), 3. Alpenblick Ventures Fund II GmbH & Co. KG, München (HRA 112233) („Alpenblick“), 4. Severn Capital Partners LLP, London (OC421190) („Severn“), und 5. Oberland Antriebstechnik GmbH, München (HRB 231456) (die „Gesellschaft“)."),
          ("h", "Präambel"), ("p", "Die Parteien haben am 20. Februar 2025 ein Term Sheet über eine Series-B-Finanzierung der Gesellschaft unterzeichnet. Diese Vereinbarung setzt es um."),
          ("h", "§ 1 Kapitalerhöhung"), ("p", "(1) Das Stammkapital der Gesellschaft wird von EUR 62.500 um EUR 18.750 auf EUR 81.250 erhöht. Die Beteiligungsverhältnisse vor und nach der Kapitalerhöhung ergeben sich aus Anlage 1.1 (Cap Table)."),
          ("p", "(2) Severn übernimmt 15.000, Alpenblick 3.750 neue Geschäftsanteile zum Nennbetrag von je EUR 1,00 gegen Zahlung eines Aufgelds in die Kapitalrücklage nach § 272 Abs. 2 Nr. 4 HGB."),
          ("h", "§ 5 Satzung; Beirat"), ("p", "(2) Die Gesellschafter beschließen die Neufassung der Satzung in der Fassung der Anlage 5.2."),
          ("p", "(3) Die Gesellschaft erhält einen Beirat mit fünf Mitgliedern."),
          ("h", "§ 8 Liquidationspräferenz"), ("p", "(1) Die Inhaber der Series-B-Anteile erhalten vorrangig den einfachen Betrag ihres Investments (non-participating)."),
          ("h", "§ 12 Schlussbestimmungen"), ("p", "(1) Es gilt deutsches Recht. Gerichtsstand ist München."),
          ("p", "Anlagen: 1.1 Cap Table; 5.2 Satzung")]
    BV = f"{F06}/Entwürfe/Beteiligungsvereinbarung Oberland Series B (Clean 14.04.2025).docx"
    put(BV, docx(bv, lang="de-DE", date="2025-04-14", author="Dr. Franziska Oberhauser", template="ARL_Vertrag_DE.dotm"), matter="F06", ref="402517/2",
        cat="in_matter_folder", dt="shareholders_agreement", title="BETEILIGUNGSVEREINBARUNG", parties=INV, lang="de", date="2025-04-14",
        rel={"references": [TS]}, notes="'Beteiligungsvereinbarung' with the English name in brackets; matter written '402517/2'; references: 'am 20. Februar 2025 ein Term Sheet'")
    rows = [["Anlage 1.1 – Cap Table Oberland Antriebstechnik GmbH", "", "", "", ""],
            ["Gesellschafter", "Anteile vor", "% vor", "Anteile nach Series B", "% nach"],
            ["Dr. Lukas Ederer", 25000, "40,0 %", 25000, "30,8 %"], ["Sabine Kraml", 25000, "40,0 %", 25000, "30,8 %"],
            ["Alpenblick Ventures Fund II GmbH & Co. KG", 12500, "20,0 %", 16250, "20,0 %"], ["Severn Capital Partners LLP", 0, "0,0 %", 15000, "18,5 %"],
            ["Summe", 62500, "100 %", 81250, "100 %"]]
    CT = f"{F06}/Cap Table Series B.xlsx"
    put(CT, xlsx_bytes([("Cap Table", rows)], "2025-04-14", title="Anlage 1.1 Cap Table", creator="Tobias Wendt"), matter="F06", ref=None,
        cat="in_matter_folder", dt="cap_table", title="Anlage 1.1 – Cap Table Oberland Antriebstechnik GmbH", parties=[], lang="de", date="2025-04-14",
        rel={"annex_of": [BV]}, notes="annex_of: 'Anlage 1.1 (Cap Table)' of the Beteiligungsvereinbarung; kept at the matter root")
    sz = [("title", "GESELLSCHAFTSVERTRAG"), ("c", "der Oberland Antriebstechnik GmbH"), ("c", "Anlage 5.2 zur Beteiligungsvereinbarung"),
          ("p", "§ 1 Firma und Sitz: Die Firma der Gesellschaft lautet Oberland Antriebstechnik GmbH. Sitz der Gesellschaft ist München."),
          ("p", "§ 3 Stammkapital: Das Stammkapital beträgt EUR 81.250."),
          ("p", "§ 7 Verfügungen über Geschäftsanteile bedürfen der Zustimmung der Gesellschafterversammlung mit einer Mehrheit von 75 % der abgegebenen Stimmen."),
          ("p", "§ 10 Beirat: Die Gesellschaft hat einen Beirat; Einzelheiten regelt die Geschäftsordnung für den Beirat."),
          ("p", "§ 15 Liquidationspräferenz: Auf Erlöse aus einem Exit finden die Regelungen der Gesellschaftervereinbarung Anwendung.")]
    put_lo(f"{F06}/Vollzug/Satzung Oberland (Neufassung 2025).pdf", docx(sz, lang="de-DE", date="2025-05-05", author="Tobias Wendt"), "pdf",
           matter="F06", ref=None, cat="in_matter_folder", dt="articles_of_association", title="GESELLSCHAFTSVERTRAG", parties=["oberland"], lang="de",
           date="2025-05-05", rel={"annex_of": [BV]}, notes="'Satzung' in the file name, 'Gesellschaftsvertrag' in the heading; annex_of: 'Anlage 5.2 zur Beteiligungsvereinbarung'")
    gb = [("title", "Gesellschafterbeschluss"), ("c", "der Oberland Antriebstechnik GmbH, München (HRB 231456)"),
          ("p", "Unter Verzicht auf alle Form- und Fristvorschriften der Einberufung halten die Gesellschafter Dr. Lukas Ederer, Sabine Kraml und Alpenblick Ventures Fund II GmbH & Co. KG eine Gesellschafterversammlung ab und beschließen einstimmig:"),
          ("p", "1. Das Stammkapital wird von EUR 62.500 um EUR 18.750 auf EUR 81.250 erhöht. Zur Übernahme werden Severn Capital Partners LLP (15.000 Anteile) und Alpenblick Ventures Fund II GmbH & Co. KG (3.750 Anteile) zugelassen."),
          ("p", "2. Der Gesellschaftsvertrag wird in der Fassung der Anlage 5.2 der Beteiligungsvereinbarung vom 5. Mai 2025 neu gefasst."),
          ("p", "München, den 5. Mai 2025")]
    GB = f"{F06}/Vollzug/Gesellschafterbeschluss Kapitalerhöhung 05.05.2025.pdf"
    put(GB, scan_pdf([lines_of(gb) + [("", ""), ("p", "gez. Dr. L. Ederer   gez. S. Kraml   gez. für Alpenblick: M. Zeller")]], RNG, "2025-05-05"),
        matter="F06", ref=None, cat="in_matter_folder", dt="shareholder_resolution", title="Gesellschafterbeschluss",
        parties=["ederer", "kraml", "alpenblick"], lang="de", date="2025-05-05", text_layer=False, rel={"references": [BV]},
        notes="image-only; the three existing shareholders pass it; references: 'Anlage 5.2 der Beteiligungsvereinbarung vom 5. Mai 2025' (signed date; answered against the clean draft)")
    ur = [("p", "UR-Nr. 1422/2025 K"), ("title", "Verhandelt zu München"), ("p", "am 5. Mai 2025"),
          ("p", "Vor mir, Dr. Barbara Kolb, Notarin in München, erschienen: 1. Herr Dr. Lukas Ederer; 2. Frau Sabine Kraml; 3. Herr Matthias Zeller für die Alpenblick Ventures Fund II GmbH & Co. KG; 4. Herr Oliver Brandon-Hughes für die Severn Capital Partners LLP, London, aufgrund Vollmacht vom 28. April 2025."),
          ("p", "Die Erschienenen zu 1. bis 3. halten eine Gesellschafterversammlung der Oberland Antriebstechnik GmbH ab und fassen den dieser Niederschrift als Anlage beigefügten Kapitalerhöhungsbeschluss. Die Erschienenen zu 3. und 4. übernehmen die neuen Geschäftsanteile."),
          ("p", "Die Beteiligungsvereinbarung in der Fassung vom 5. Mai 2025 wird als Anlage II mitbeurkundet."),
          ("p", "Vorgelesen, genehmigt und eigenhändig unterschrieben: gez. Ederer  gez. Kraml  gez. Zeller  gez. Brandon-Hughes  gez. Dr. Kolb, Notarin (L.S.)")]
    put(f"{F06}/Vollzug/UR-Nr. 1422-2025 K.pdf", scan_pdf([lines_of(ur)], RNG, "2025-05-05", angle=0.8), matter="F06", ref=None, cat="in_matter_folder",
        dt="notarial_deed", title="Verhandelt zu München", parties=["ederer", "kraml", "alpenblick", "severn"], lang="de", date="2025-05-05",
        text_layer=False, rel={"references": [GB, BV]},
        notes="file named by the deed number; references: the capital increase resolution (attached to the deed) and 'Beteiligungsvereinbarung in der Fassung vom 5. Mai 2025'")
    gl = [("title", "Liste der Gesellschafter"), ("c", "der Oberland Antriebstechnik GmbH mit Sitz in München (Amtsgericht München HRB 231456)"),
          ("table", [["Lfd. Nr.", "Gesellschafter", "Nennbetrag EUR", "Prozent", "Veränderung"],
                     ["1–25.000", "Dr. Lukas Ederer, München, *04.11.1984", "25.000", "30,77 %", ""],
                     ["25.001–50.000", "Sabine Kraml, Starnberg, *17.02.1987", "25.000", "30,77 %", ""],
                     ["50.001–62.500", "Alpenblick Ventures Fund II GmbH & Co. KG, München, AG München HRA 112233", "12.500", "15,38 %", ""],
                     ["62.501–77.500", "Severn Capital Partners LLP, London, Companies House OC421190", "15.000", "18,46 %", "neu (UR-Nr. 1422/2025 K)"],
                     ["77.501–81.250", "Alpenblick Ventures Fund II GmbH & Co. KG", "3.750", "4,62 %", "neu (UR-Nr. 1422/2025 K)"]]),
          ("p", "Bescheinigung nach § 40 Abs. 2 GmbHG: Die geänderten Eintragungen entsprechen den Veränderungen, an denen ich mitgewirkt habe. München, 5. Mai 2025, Dr. Barbara Kolb, Notarin")]
    put_lo(f"{F06}/Vollzug/Gesellschafterliste nach Kapitalerhöhung.pdf", docx(gl, lang="de-DE", date="2025-05-05", author="Notariat Dr. Kolb"), "pdf",
           matter="F06", ref=None, cat="in_matter_folder", dt="shareholder_list", title="Liste der Gesellschafter", parties=["oberland"], lang="de",
           date="2025-05-05", notes="notary's list of shareholders; the deed number appears (phantom) but no edge is answered")
    KO = f"{F06}/Oberland - Series B Investor Update.pptx"
    put(KO, pptx_bytes([("Oberland Antriebstechnik", ["Series B – Investor Update", "München, März 2025"]),
                        ("Highlights 2024", ["Umsatz EUR 14,2 Mio. (+61 %)", "3 OEM-Rahmenverträge", "Serienstart ODX-4 im Q3 2025"]),
                        ("Use of proceeds", ["Produktion Rosenheim: EUR 6 Mio.", "Vertrieb UK / Nordics: EUR 4 Mio.", "Working capital: EUR 5 Mio."]),
                        ("Timeline", ["Term Sheet Severn: 20.02.2025", "Signing/Notartermin: KW 19", "Closing: Mai 2025"])],
                       "2025-03-10", title="Series B Investor Update", creator="Sabine Kraml"),
        matter="F06", ref=None, cat="in_matter_folder", dt="presentation", title="Oberland Antriebstechnik", parties=[], lang="de", date="2025-03-10",
        notes="client's deck; first slide title is the company name; mentions the term sheet date but no edge is answered (a timeline bullet)")
    d0 = rfc_date(2025, 4, 14, 17, 26, tz=2)
    id0 = "<FR3P281MB22147A6B5C4D3E2F@FR3P281MB2214.DEUP281.PROD.OUTLOOK.COM>"
    b0 = ("Sehr geehrter Herr Kollege Dr. Hirschvogel,\n\nanbei erhalten Sie die bereinigte Fassung der Beteiligungsvereinbarung (Stand 14. April 2025) "
          "mit den Anmerkungen von Severn. Die Cap Table (Anlage 1.1) folgt gesondert.\n\nMit freundlichen kollegialen Grüßen\nFranziska Oberhauser\n\n"
          "Unser Zeichen: 402517.00002" + SIG_MUC)
    F6A = f"{F06}/Oberland Series B - Beteiligungsvereinbarung an Hirschvogel.eml"
    put(F6A, mail(frm=FOB, to="Dr. Julian Hirschvogel <j.hirschvogel@hirschvogel-law.de>", cc=TWE, subject="Oberland Series B – Beteiligungsvereinbarung",
                  date=d0, msgid=id0, body=b0, enc="qp", atts=[("Beteiligungsvereinbarung Oberland Series B (Clean 14.04.2025).docx", FILES[BV], mime_of(BV))],
                  thread_index=thread_index("oberland-bv"), lang="de-DE", accept="de-DE, en-US", transport=m365_sent(msgid=id0, date=d0, mailbox="FR3P281MB2214")),
        matter="F06", ref="402517.00002", cat="in_matter_folder", dt="email", title="Oberland Series B – Beteiligungsvereinbarung",
        parties=["oberland", "alpenblick"], lang="de", date="2025-04-14",
        notes="thread 1/2; sent item, German, text only; carries the clean Beteiligungsvereinbarung (attachment_of); announces the cap table 'gesondert' (no edge)")
    rel_add(BV, "attachment_of", F6A)
    d = rfc_date(2025, 4, 23, 19, 12, tz=2)
    mid = "<0102019660f1a2b3-5c8e1f7a-9d24-4b3e-8c61-2f0d7e9a1b44-000000@eu-central-1.amazonses.com>"
    hb = ("<html><head><meta charset=\"utf-8\"></head><body style=\"font-family:Verdana,sans-serif;font-size:10pt\">"
          "<p>Sehr geehrte Frau Dr. Oberhauser,</p><p>vielen Dank für Ihren Entwurf der Beteiligungsvereinbarung vom 14. April 2025. "
          "Alpenblick hat noch drei Punkte:</p><ol><li>§ 5 Abs. 3: Alpenblick benötigt ein eigenes Entsendungsrecht für den Beirat.</li>"
          "<li>§ 8: Die Series-A-Präferenz muss gleichrangig (pari passu) mit Series B bleiben.</li>"
          "<li>Anlage 1.1: Die Aufteilung der 3.750 neuen Anteile bitte bestätigen.</li></ol>"
          "<p>Mit freundlichen Grüßen<br>Dr. Julian Hirschvogel<br>HIRSCHVOGEL Rechtsanwälte · Prinzregentenstraße 22 · 80538 München</p>"
          "<div style=\"border-top:solid #E1E1E1 1.0pt\"><p><b>Von:</b> Dr. Franziska Oberhauser<br><b>Gesendet:</b> Montag, 14. April 2025 17:26<br>"
          "<b>Betreff:</b> Oberland Series B – Beteiligungsvereinbarung</p></div></body></html>")
    top, extra = m365_inbound(msgid=mid, date=d, sender_domain="hirschvogel-law.de", sender_host="a4-7.smtp-out.eu-central-1.amazonses.com",
                              sender_ip="69.169.224.7", body=hb, country="DE", lang="de", selector="ses2025")
    F6B = f"{F06}/AW Oberland Series B - Beteiligungsvereinbarung.eml"
    put(F6B, mail(frm="Dr. Julian Hirschvogel <j.hirschvogel@hirschvogel-law.de>", to=FOB, subject="AW: Oberland Series B – Beteiligungsvereinbarung",
                  date=d, msgid=mid, irt=id0, refs=[id0], body=None, html=hb, transport=(top, extra), lang="de-DE", accept="de-DE",
                  thread_index=thread_index("oberland-bv", 1)),
        matter="F06", ref=None, cat="in_matter_folder", dt="email", title="Oberland Series B – Beteiligungsvereinbarung",
        parties=["alpenblick", "oberland"], lang="de", date="2025-04-23", rel={"responds_to": [F6A], "references": [BV, CT]},
        notes="thread 2/2; HTML-only German reply sent through Amazon SES; references: 'Ihren Entwurf der Beteiligungsvereinbarung vom 14. April 2025', 'Anlage 1.1'")
    inv = [LH_MUC, ("p", "Oberland Antriebstechnik GmbH\nz. Hd. Frau Sabine Kraml\nRosenheimer Straße 145e\n81671 München"), ("r", "München, 30. Mai 2025"),
           ("title", "Rechnung Nr. MUC-25-0231"), ("p", "Mandat: 402517/2 – Series B Finanzierungsrunde\nLeistungszeitraum: 17. Februar bis 15. Mai 2025"),
           ("table", [["Honorar gemäß Vergütungsvereinbarung vom 17. Februar 2025 (Pauschale)", "38.500,00"], ["Auslagen (Notar-Vorbereitung, Registerabrufe)", "86,40"],
                      ["Zwischensumme", "38.586,40"], ["19 % USt.", "7.331,42"], ["Gesamtbetrag", "45.917,82"]]),
           ("p", "Bitte überweisen Sie den Betrag bis 13. Juni 2025 auf IBAN DE89 7002 0270 0015 3326 49. USt-IdNr. DE 318 054 227.")]
    put_lo("Rechnung MUC-25-0231.pdf", docx(inv, lang="de-DE", date="2025-05-30", author="ARL Buchhaltung München"), "pdf", matter="F06", ref="402517/2",
           cat="top_level", dt="invoice", title="Rechnung Nr. MUC-25-0231", parties=["firm_arl", "oberland"], lang="de", date="2025-05-30",
           notes="German invoice of the Munich branch at the top level; matter '402517/2' in the text; VAT id 'DE 318 054 227' carries another client's number (phantom); the fee agreement it names is not on the share")
    return [F6A, F6B]


def f03_german():
    """Munich branch papers in the facility matter: the guarantor's shareholder resolution and register print."""
    gb = [("title", "Gesellschafterbeschluss"), ("c", "der Hartwell Logistik GmbH mit Sitz in Eching (Amtsgericht München HRB 254117)"),
          ("p", "Die Hartwell Logistics Ltd, eingetragen im Companies House unter 05128844, als alleinige Gesellschafterin der Hartwell Logistik GmbH hält unter Verzicht auf alle Frist- und Formvorschriften eine Gesellschafterversammlung ab und beschließt:"),
          ("p", "1. Der Abschluss einer Garantie zugunsten der Northgate Commercial Finance Limited zur Besicherung der Verbindlichkeiten der Gesellschafterin aus dem Facility Agreement vom 12. März 2025 wird genehmigt; die Geschäftsführung wird angewiesen, die Garantie abzuschließen."),
          ("p", "2. Die Geschäftsführung hat vor Abschluss zu prüfen, ob die Garantie das zur Erhaltung des Stammkapitals erforderliche Vermögen gefährdet (§ 30 GmbHG)."),
          ("p", "London / Eching, den 25. April 2025"), ("p", "Hartwell Logistics Ltd, vertreten durch Mark Hale, Director")]
    GB = f"{F03}/Gesellschafterbeschluss Hartwell Logistik GmbH (Garantie).docx"
    put(GB, docx(gb, lang="de-DE", date="2025-04-25", author="Tobias Wendt", template="ARL_Vertrag_DE.dotm"), matter="F03", ref=None,
        cat="in_matter_folder", dt="shareholder_resolution", title="Gesellschafterbeschluss", parties=["hartwell"], lang="de", date="2025-04-25",
        rel={"references": [f"{F03}/Facility Letter - Northgate - signed.pdf"]},
        notes="German resolution of the English sole shareholder; references: 'dem Facility Agreement vom 12. März 2025' (English name in a German text)")
    hr = [("title", "Handelsregister B des Amtsgerichts München"), ("p", "Abruf vom 29.04.2025 08:55"), ("b", "Aktueller Ausdruck"),
          ("table", [["Nummer der Firma", "HRB 254117"], ["1. a) Firma", "Hartwell Logistik GmbH"],
                     ["b) Sitz", "Eching; Geschäftsanschrift: Gutenbergstraße 21, 85386 Eching"], ["2. Stammkapital", "100.000,00 EUR"],
                     ["4. Geschäftsführer", "Hain, Markus, Freising, *09.05.1978, einzelvertretungsberechtigt"],
                     ["5. Rechtsform", "Gesellschaft mit beschränkter Haftung; Gesellschaftsvertrag vom 12.01.2021"]])]
    put_lo(f"{F03}/HR-Auszug Hartwell Logistik GmbH 29.04.2025.pdf", docx(hr, lang="de-DE", date="2025-04-29", author="Registerportal"), "pdf",
           matter="F03", ref=None, cat="in_matter_folder", dt="register_extract", title="Handelsregister B des Amtsgerichts München",
           parties=["hartwell_de"], lang="de", date="2025-04-29", notes="register print used for the capacity opinion")
    return GB, f"{F03}/HR-Auszug Hartwell Logistik GmbH 29.04.2025.pdf"


# ================================================================== F04 Meridian v Calder (High Court; English with German client papers)
def f04():
    MC = ["meridian", "calder"]
    CLAIM = "HC-2025-000123"
    sa = [("title", "SUPPLY AGREEMENT"), ("p", "This agreement is dated 3 March 2023."),
          ("p", "Parties: (1) Calder Precision Engineering Ltd (company number 07345120) (the Supplier); (2) Meridian Components GmbH, Munich, HRB 211734 (the Customer)."),
          ("p", "1. The Supplier shall manufacture and supply aluminium gear housings type MX-40 in accordance with the Specification in Schedule 1."),
          ("p", "2. Quality: the Products shall conform to the Specification and be free from defects in design, material and workmanship for 24 months from delivery."),
          ("p", "3. Liability: the Supplier's total liability in each contract year shall not exceed £2,500,000."),
          ("p", "4. This agreement is governed by English law; the courts of England and Wales have exclusive jurisdiction."),
          ("sig", ["Calder Precision Engineering Ltd", "Meridian Components GmbH"])]
    EX1 = f"{F04}/Evidence/Exhibit KLS-1.pdf"
    put(EX1, scan_pdf([[("p", "This is the exhibit marked “KLS-1” referred to in the witness statement of Katrin Strobel dated 30 May 2025."), ("", "")]
                       + lines_of(sa, signed=["R. Calder", "K. Strobel"])], RNG, "2025-05-30"),
        matter="F04", ref=None, cat="in_matter_folder", dt="supply_agreement", title="SUPPLY AGREEMENT", parties=["calder", "meridian"], lang="en",
        date="2023-03-03", text_layer=False, rel={"annex_of": [f"{F04}/Evidence/Witness Statement of Katrin Strobel.docx"]},
        notes="exhibit to a witness statement, typed by what it is (the supply agreement); exhibit sheet 'KLS-1' on top; image-only")
    ANX = f"{F04}/Pleadings/Annex A to Particulars of Claim - Supply Agreement.pdf"
    put_lo(ANX, docx([("s", f"Claim No. {CLAIM} – Annex A to the Particulars of Claim")] + sa, date="2025-03-24", author="Rebecca Osei"), "pdf",
           matter="F04", ref=None, cat="in_matter_folder", dt="supply_agreement", title="SUPPLY AGREEMENT", parties=["calder", "meridian"], lang="en",
           date="2023-03-03", rel={"annex_of": [f"{F04}/Pleadings/Particulars of Claim.docx"], "near_duplicate_of": [EX1]},
           notes="annex_of: 'attached as Annex A' in the Particulars of Claim; a retyped text copy of the agreement that is also exhibit KLS-1 (near-duplicate of the scan)")
    lbc = [LH_LON, ("p", "By email and first class post\nThe Directors\nCalder Precision Engineering Ltd\nBay 4, Riverside Works\nSheffield S9 2RX"),
           ("r", "20 January 2025"), ("p", "Our ref: 318054.00003 ROS/TW"), ("p", "Dear Sirs"),
           ("b", "Letter of Claim: Meridian Components GmbH – defective MX-40 gear housings"),
           ("p", "We act for Meridian Components GmbH. This is a letter of claim under the Practice Direction on Pre-Action Conduct."),
           ("p", "Under the supply agreement dated 3 March 2023 between your company and our client (the Supply Agreement) you supplied 41,200 MX-40 gear housings between May 2023 and March 2024. Porosity defects in the castings have caused 3,870 housings to fail in the field."),
           ("p", "Our client claims damages of £1,934,000, made up of replacement costs, recall costs and payments to its customers, together with interest."),
           ("p", "Please acknowledge this letter within 14 days and provide a full response within 30 days. If we do not hear from you, our client will issue proceedings without further notice."),
           ("p", "Yours faithfully\nAshcombe Reinholt LLP")]
    LBC = f"{F04}/Correspondence/2025-01-20 Letter before claim - Calder.docx"
    put(LBC, docx(lbc, date="2025-01-20", author="Rebecca Osei"), matter="F04", ref="318054.00003", cat="in_matter_folder", dt="warning_letter",
        title="Letter of Claim: Meridian Components GmbH – defective MX-40 gear housings", parties=MC, lang="en", date="2025-01-20", rel={"references": [EX1]},
        notes="'Letter before claim' in the file name, 'Letter of Claim' in the heading; references: 'the supply agreement dated 3 March 2023 ... (the Supply Agreement)' (the copy on the share is exhibit KLS-1)")
    hm = [("s", "HOLLINS MARSH LLP · 3 Paradise Square · Sheffield S1 2DE · DX 10521 Sheffield"),
          ("p", "Ashcombe Reinholt LLP\n1 Carter Lane\nLondon EC4M 7AN"), ("r", "17 February 2025"), ("p", "Your ref: 318054-3 ROS/TW\nOur ref: CAL/0042/TR"),
          ("p", "Dear Sirs"), ("b", "Your client: Meridian Components GmbH\nOur client: Calder Precision Engineering Ltd"),
          ("p", "We refer to your letter of claim dated 20 January 2025. This is our client's response under paragraph 6(b) of the Practice Direction."),
          ("p", "Liability is denied. The porosity identified in your client's report results from the machining parameters your client specified after delivery; clause 2 of the Supply Agreement does not cover defects caused by the Customer's processing. In any event clause 3 caps our client's liability."),
          ("p", "Yours faithfully\nHollins Marsh LLP")]
    HM = f"{F04}/Correspondence/Hollins Marsh response to LBC 17.02.2025.pdf"
    put_lo(HM, docx(hm, date="2025-02-17", author="Tom Reddy", template="HM_Letter.dotx"), "pdf", matter="F04", ref="318054-3", cat="in_matter_folder",
           dt="letter", title="Your client: Meridian Components GmbH", parties=["calder", "meridian"], lang="en", date="2025-02-17",
           rel={"responds_to": [LBC], "references": [EX1]},
           notes="other side's letter of response; 'Your ref: 318054-3' (our matter as they write it) and their own ref CAL/0042/TR (phantom); responds_to: 'your letter of claim dated 20 January 2025'")
    poc = [("p", f"IN THE HIGH COURT OF JUSTICE\nBUSINESS AND PROPERTY COURTS OF ENGLAND AND WALES\nCIRCUIT COMMERCIAL COURT (KBD)\nClaim No. {CLAIM}"),
           ("p", "BETWEEN:\nMERIDIAN COMPONENTS GMBH\nClaimant\n- and -\nCALDER PRECISION ENGINEERING LTD\nDefendant"),
           ("title", "PARTICULARS OF CLAIM"),
           ("p", "1. The Claimant is a company incorporated in Germany which manufactures drive units. The Defendant is a company incorporated in England and Wales which manufactures precision castings."),
           ("p", "2. By a written agreement dated 3 March 2023 (the Supply Agreement) the Defendant agreed to supply MX-40 gear housings. A copy of the Supply Agreement is attached as Annex A."),
           ("p", "3. It was an express term of the Supply Agreement (clause 2) that the Products would be free from defects in material and workmanship for 24 months from delivery."),
           ("p", "4. In breach of clause 2, 3,870 housings delivered between May 2023 and March 2024 contained porosity defects."),
           ("p", "5. By a letter of claim dated 20 January 2025 the Claimant notified the Defendant of the claim. The Defendant denied liability."),
           ("p", "6. The Claimant claims damages of £1,934,000 and interest under section 35A of the Senior Courts Act 1981."),
           ("b", "STATEMENT OF TRUTH"),
           ("p", "The Claimant believes that the facts stated in these Particulars of Claim are true. I am duly authorised by the Claimant to sign this statement. Signed: Katrin Strobel, Head of Quality, 24 March 2025")]
    POC = f"{F04}/Pleadings/Particulars of Claim.docx"
    put(POC, docx(poc, date="2025-03-24", author="Rebecca Osei", template="ARL_Court.dotm"), matter="F04", ref=None, cat="in_matter_folder",
        dt="statement_of_claim", title="PARTICULARS OF CLAIM", parties=MC, lang="en", date="2025-03-24", rel={"references": [EX1, LBC]},
        notes="'Particulars of Claim'; court heading with the claim number (phantom) before the title; references: 'a written agreement dated 3 March 2023 (the Supply Agreement)' and 'a letter of claim dated 20 January 2025'")
    de = [("p", f"IN THE HIGH COURT OF JUSTICE\nBUSINESS AND PROPERTY COURTS OF ENGLAND AND WALES\nCIRCUIT COMMERCIAL COURT (KBD)\nClaim No. {CLAIM}"),
          ("p", "BETWEEN: MERIDIAN COMPONENTS GMBH (Claimant) and CALDER PRECISION ENGINEERING LTD (Defendant)"),
          ("title", "DEFENCE"),
          ("p", "1. References to paragraphs are to paragraphs of the Particulars of Claim dated 24 March 2025. Defined terms are adopted without admission."),
          ("p", "2. Paragraphs 1 to 3 are admitted. The Supply Agreement was concluded on the Defendant's standard terms."),
          ("p", "3. Paragraph 4 is denied. The porosity was caused by the Claimant's machining of the housings after delivery at cutting speeds above those in the Specification."),
          ("p", "4. Further or alternatively, the Defendant's liability is limited by clause 3 of the Supply Agreement to £2,500,000 per contract year, and the Claimant failed to mitigate its loss."),
          ("b", "STATEMENT OF TRUTH"), ("p", "The Defendant believes that the facts stated in this Defence are true. Signed: Richard Calder, Managing Director, 22 April 2025")]
    DE = f"{F04}/Pleadings/Defence.pdf"
    put_lo(DE, docx(de, date="2025-04-22", author="Hollins Marsh LLP", template="HM_Pleading.dotx"), "pdf", matter="F04", ref=None, cat="in_matter_folder",
           dt="statement_of_defence", title="DEFENCE", parties=MC, lang="en", date="2025-04-22", rel={"responds_to": [POC], "references": [EX1]},
           notes="served Defence (PDF); responds_to: 'the Particulars of Claim dated 24 March 2025' (paragraph-by-paragraph answer)")
    re_ = [("p", f"Claim No. {CLAIM}"), ("p", "MERIDIAN COMPONENTS GMBH (Claimant) v CALDER PRECISION ENGINEERING LTD (Defendant)"),
           ("title", "REPLY"), ("p", "1. This is the Claimant's Reply to the Defence dated 22 April 2025."),
           ("p", "2. As to paragraph 3 of the Defence: the machining parameters were those recommended in the Defendant's own Specification (Schedule 1 to the Supply Agreement)."),
           ("p", "3. As to paragraph 4: clause 3 caps liability per contract year; the losses fall into two contract years and do not reach the cap in either."),
           ("p", "Statement of truth signed by Katrin Strobel, 12 May 2025")]
    REP = f"{F04}/Pleadings/Reply to Defence.docx"
    put(REP, docx(re_, date="2025-05-12", author="Rebecca Osei", template="ARL_Court.dotm"), matter="F04", ref=None, cat="in_matter_folder",
        dt="reply_brief", title="REPLY", parties=MC, lang="en", date="2025-05-12", rel={"responds_to": [DE], "references": [EX1]},
        notes="'Reply to Defence' (file name) / 'REPLY' (heading); responds_to: 'the Defence dated 22 April 2025'")
    ws = [("s", "Claimant\nK. Strobel\nFirst\nExhibits KLS-1 to KLS-2\n30 May 2025"),
          ("p", f"Claim No. {CLAIM}\nIN THE HIGH COURT OF JUSTICE, BUSINESS AND PROPERTY COURTS OF ENGLAND AND WALES"),
          ("p", "MERIDIAN COMPONENTS GMBH (Claimant) v CALDER PRECISION ENGINEERING LTD (Defendant)"),
          ("title", "FIRST WITNESS STATEMENT OF KATRIN STROBEL"),
          ("p", "I, Katrin Strobel, Head of Quality of Meridian Components GmbH, Landsberger Straße 302, 80687 Munich, Germany, WILL SAY as follows:"),
          ("p", "1. I make this statement in support of the Claimant's claim. Where facts are within my own knowledge they are true; where they are not, I give the source. English is my second language; I have read this statement in English and understand it."),
          ("p", "2. There is now produced and shown to me marked “KLS-1” a copy of the Supply Agreement dated 3 March 2023."),
          ("p", "3. Exhibit “KLS-2” is the defect log kept by my team from June 2023, listing each failed housing by batch number."),
          ("p", "4. I have read the Defence. It is not correct that Meridian machined the housings at cutting speeds above the Specification (paragraph 3 of the Defence)."),
          ("b", "STATEMENT OF TRUTH"),
          ("p", "I believe that the facts stated in this witness statement are true. I understand that proceedings for contempt of court may be brought against anyone who makes a false statement without an honest belief in its truth."),
          ("p", "Signed: ____________  Katrin Strobel   Dated: 30 May 2025")]
    WS = f"{F04}/Evidence/Witness Statement of Katrin Strobel.docx"
    put(WS, docx(ws, date="2025-05-30", author="Tobias Wendt", template="ARL_Court.dotm"), matter="F04", ref=None, cat="in_matter_folder",
        dt="reply_brief", title="FIRST WITNESS STATEMENT OF KATRIN STROBEL", parties=MC, lang="en", date="2025-05-30", rel={"references": [DE]},
        notes="witness statement: no own type id; answered as the generic written-submission type (reply_brief, 'Schriftsatz'); backsheet-style corner marking before the title; references: 'I have read the Defence' (title alone, unique)")
    rows = [["Exhibit KLS-2 – Defect log MX-40 housings", "", "", "", ""], ["Date reported", "Batch", "Customer", "Failure", "Units"],
            ["14.06.2023", "MX40-2305-11", "Jungheinrich (anon.)", "oil leak at bearing seat", 212],
            ["02.08.2023", "MX40-2307-04", "OEM B", "crack at flange", 388], ["19.10.2023", "MX40-2309-17", "OEM A", "porosity, leak test", 1204],
            ["07.01.2024", "MX40-2312-02", "OEM C", "porosity, leak test", 1431], ["11.03.2024", "MX40-2402-08", "OEM A", "crack at flange", 635],
            ["", "", "", "Total", 3870]]
    EX2 = f"{F04}/Evidence/Exhibit KLS-2 - defect log.xlsx"
    put(EX2, xlsx_bytes([("KLS-2", rows)], "2025-05-30", title="Exhibit KLS-2", creator="Katrin Strobel"), matter="F04", ref=None, cat="in_matter_folder",
        dt="spreadsheet", title="Exhibit KLS-2 – Defect log MX-40 housings", parties=[], lang="en", date="2025-05-30", rel={"annex_of": [WS]},
        notes="annex_of: exhibit 'KLS-2' of the witness statement; typed by what it is (a spreadsheet log)")
    xr = [("p", f"Claim No. {CLAIM}"), ("title", "EXPERT REPORT"), ("c", "of Dr Alison Whitlock, CEng FIMMM\nMetallurgy and casting defects"),
          ("p", "Prepared on the instructions of Ashcombe Reinholt LLP, solicitors for the Claimant, for the Court. Date: 6 June 2025"),
          ("h", "1. Summary of conclusions"),
          ("p", "1.1 The porosity in the failed MX-40 housings is gas porosity formed during casting. It is not caused by, and could not have been caused by, machining after delivery."),
          ("p", "1.2 Computed tomography of four failed housings (Appendix 2) shows spherical gas pores of up to 1.65 mm, far above the 0.5 mm permitted by the Specification."),
          ("p", "1.3 The defect rates in the defect log (Exhibit KLS-2 to the witness statement of Katrin Strobel) are consistent with a casting process out of control between May 2023 and March 2024."),
          ("h", "2. Declaration"), ("p", "I understand that my duty is to help the Court and that this duty overrides any obligation to the party instructing me. I have complied with Part 35 CPR and Practice Direction 35.")]
    XR = f"{F04}/Evidence/Expert Report - Dr A Whitlock (metallurgy).pdf"
    put_lo(XR, docx(xr, date="2025-06-06", author="A. Whitlock"), "pdf", matter="F04", ref=None, cat="in_matter_folder", dt="expert_report",
           title="EXPERT REPORT", parties=["meridian"], lang="en", date="2025-06-06", rel={"references": [EX2, WS]},
           notes="Part 35 expert report; commissioning party only (the expert is never a party); references: 'Exhibit KLS-2 to the witness statement of Katrin Strobel'")
    rows = [["Appendix 2 – CT scan results, failed MX-40 housings", "", "", "", ""],
            ["Sample", "Batch", "Max pore diameter (mm)", "Porosity (vol. %)", "Pore type"],
            ["W-01", "MX40-2309-17", 1.42, 2.8, "gas (spherical)"], ["W-02", "MX40-2309-17", 1.10, 2.1, "gas (spherical)"],
            ["W-03", "MX40-2312-02", 1.65, 3.4, "gas (spherical)"], ["W-04", "MX40-2402-08", 0.95, 1.7, "gas / shrinkage"],
            ["Reference", "supplier spec.", "≤ 0.50", "≤ 0.5", "–"]]
    put(f"{F04}/Evidence/Expert Report - Appendix 2 (CT results).xlsx",
        xlsx_bytes([("Appendix 2", rows)], "2025-06-06", title="Appendix 2 CT results", creator="A. Whitlock"), matter="F04", ref=None,
        cat="in_matter_folder", dt="annex", title="Appendix 2 – CT scan results, failed MX-40 housings", parties=[], lang="en", date="2025-06-06",
        rel={"annex_of": [XR]}, notes="annex_of: the expert report's 'Appendix 2', kept as the expert's own workbook")
    nh = [("c", "IN THE HIGH COURT OF JUSTICE\nBUSINESS AND PROPERTY COURTS OF ENGLAND AND WALES"), ("p", f"Claim No. {CLAIM}"),
          ("p", "Meridian Components GmbH v Calder Precision Engineering Ltd"), ("title", "NOTICE OF HEARING"),
          ("p", "TAKE NOTICE that the Costs and Case Management Conference in this claim will be heard before His Honour Judge Ayres at the Rolls Building, 7 Rolls Buildings, Fetter Lane, London EC4A 1NL on 12 June 2025 at 10.30 am, time estimate 2 hours."),
          ("p", "Dated 14 May 2025")]
    NH = f"{F04}/Orders/Notice of Hearing - CCMC.pdf"
    put_lo(NH, docx(nh, date="2025-05-14", author="CE-File"), "pdf", matter="F04", ref=None, cat="in_matter_folder", dt="summons",
           title="NOTICE OF HEARING", parties=MC, lang="en", date="2025-05-14", notes="'Notice of Hearing' (synonym of summons); the claim number is the only identifier")
    sk = [("p", f"Claim No. {CLAIM}"), ("p", "MERIDIAN COMPONENTS GMBH v CALDER PRECISION ENGINEERING LTD"),
          ("title", "CLAIMANT'S SKELETON ARGUMENT FOR THE CCMC ON 12 JUNE 2025"),
          ("p", "1. Pleadings are closed: Particulars of Claim (24 March 2025), Defence (22 April 2025), Reply (12 May 2025)."),
          ("p", "2. The Claimant seeks permission to rely on the report of Dr Whitlock dated 6 June 2025 (metallurgy) and opposes a second expert discipline."),
          ("p", "3. Disclosure: Extended Disclosure Model C on the Issues for Disclosure agreed save for Issue 4."),
          ("p", "Rebecca Osei, Ashcombe Reinholt LLP, 10 June 2025")]
    SK = f"{F04}/Pleadings/Skeleton Argument - CCMC (Claimant).docx"
    put(SK, docx(sk, date="2025-06-10", author="Rebecca Osei", template="ARL_Court.dotm"), matter="F04", ref=None, cat="in_matter_folder",
        dt="reply_brief", title="CLAIMANT'S SKELETON ARGUMENT FOR THE CCMC ON 12 JUNE 2025", parties=MC, lang="en", date="2025-06-10",
        rel={"references": [POC, DE, REP, XR]},
        notes="'Skeleton Argument' answered as the generic written-submission type; references the pleadings by name and date in brackets and 'the report of Dr Whitlock dated 6 June 2025'")
    co = [("c", "IN THE HIGH COURT OF JUSTICE\nBUSINESS AND PROPERTY COURTS OF ENGLAND AND WALES\nCIRCUIT COMMERCIAL COURT (KBD)"),
          ("p", f"Claim No. {CLAIM}"), ("p", "Before His Honour Judge Ayres, 12 June 2025"), ("p", "BETWEEN MERIDIAN COMPONENTS GMBH Claimant and CALDER PRECISION ENGINEERING LTD Defendant"),
          ("title", "CONSENT ORDER"),
          ("p", "UPON the parties having agreed the terms of this order"), ("p", "BY CONSENT IT IS ORDERED THAT:"),
          ("p", "1. The Claimant has permission to rely on the expert report of Dr Alison Whitlock dated 6 June 2025. The Defendant has permission to rely on expert evidence in metallurgy, to be served by 18 July 2025."),
          ("p", "2. Extended Disclosure (Model C) by 26 September 2025. Witness statements of fact by 7 November 2025."),
          ("p", "3. Trial window: 2 March 2026 to 27 March 2026, time estimate 4 days."), ("p", "4. Costs in the case."),
          ("s", "SEALED – HIGH COURT OF JUSTICE – 13 JUN 2025")]
    CO = f"{SCANS}/SCAN_20250613_0915.pdf"
    put(CO, scan_pdf([lines_of(co)], RNG, "2025-06-13", angle=0.4), matter="F04", ref=None, cat="scan", dt="court_order", title="CONSENT ORDER",
        parties=MC, lang="en", date="2025-06-12", text_layer=False, rel={"references": [XR]},
        notes="sealed order printed and scanned; in the scanner folder with a time-stamp name; references: 'the expert report of Dr Alison Whitlock dated 6 June 2025'")
    st = [("c", "CONFIDENTIAL"), ("title", "SETTLEMENT AGREEMENT"), ("c", f"(Schedule to the Tomlin Order – Claim No. {CLAIM})"),
          ("p", "This agreement is dated 8 July 2025 and made between (1) MERIDIAN COMPONENTS GMBH (Meridian) and (2) CALDER PRECISION ENGINEERING LTD (Calder)."),
          ("p", "1. Calder shall pay Meridian £1,150,000 in full and final settlement of the claims set out in the Particulars of Claim dated 24 March 2025, in two instalments on 31 July 2025 and 31 October 2025."),
          ("p", "2. The parties shall file a consent order in the Tomlin form staying the proceedings on the terms of this Schedule."),
          ("p", "3. The Supply Agreement is terminated with effect from 31 December 2025; clause 2 survives for housings delivered before that date."),
          ("p", "4. Each party bears its own costs."), ("sig", ["Meridian Components GmbH", "Calder Precision Engineering Ltd"])]
    SET = f"{F04}/Orders/Settlement Agreement - Tomlin Schedule.docx"
    put(SET, docx(st, date="2025-07-08", author="Rebecca Osei", template="ARL_Agreement.dotm"), matter="F04", ref=None, cat="in_matter_folder",
        dt="settlement_agreement", title="SETTLEMENT AGREEMENT", parties=MC, lang="en", date="2025-07-08", rel={"references": [POC, EX1]},
        notes="settlement as the schedule to a Tomlin order; references: 'the Particulars of Claim dated 24 March 2025', 'The Supply Agreement' (defined term)")

    # mails: WP offer (HTML only) and our reply; CE-File notification
    d1 = rfc_date(2025, 6, 20, 16, 4, tz=1)
    id1 = "<AS8PR01MB7720B1F2E3D4C5A6@AS8PR01MB7720.eurprd01.prod.exchangelabs.com>"
    h1 = ("<html><head><meta http-equiv=\"Content-Type\" content=\"text/html; charset=utf-8\"></head><body>"
          "<p><b>WITHOUT PREJUDICE SAVE AS TO COSTS</b></p><p>Dear Rebecca</p>"
          f"<p>Meridian v Calder – Claim No. {CLAIM}</p>"
          "<p>Our client has considered the report of Dr Whitlock. Without any admission of liability, it offers £900,000 inclusive of interest and costs "
          "in full and final settlement, open for 21 days. This is a Part 36 offer only if so stated; it is not.</p>"
          "<p>Kind regards<br>Tom Reddy<br>Partner, Hollins Marsh LLP<br>Our ref: CAL/0042/TR</p></body></html>")
    M1 = f"{INBOX}/Meridian v Calder - WP offer.eml"
    put(M1, mail(frm="Tom Reddy <t.reddy@hollinsmarsh.co.uk>", to=ROS, cc=TWE, subject=f"Meridian v Calder [{CLAIM}] – WITHOUT PREJUDICE SAVE AS TO COSTS",
                 date=d1, msgid=id1, body=None, html=h1, thread_index=thread_index("meridian-wp"),
                 transport=m365_inbound(msgid=id1, date=d1, sender_domain="hollinsmarsh.co.uk", sender_host="mail-am0eur02on2090.outbound.protection.outlook.com",
                                        sender_ip="40.107.20.90", body=h1)),
        matter="F04", ref=None, cat="inbox", dt="email", title=f"Meridian v Calder [{CLAIM}] – WITHOUT PREJUDICE SAVE AS TO COSTS", parties=["calder", "meridian"],
        lang="en", date="2025-06-20", rel={"references": [XR]},
        notes="thread 1/2; HTML-only; only the claim number (phantom) and the party names identify the matter; references: 'the report of Dr Whitlock'")
    d2 = rfc_date(2025, 6, 27, 11, 30, tz=1)
    id2 = "<LO2P265MB5712B7A6C5D4E3F2A1@LO2P265MB5712.GBRP265.PROD.OUTLOOK.COM>"
    b2 = ("WITHOUT PREJUDICE SAVE AS TO COSTS\n\nTom\n\nThank you for your email of 20 June. Our client rejects the offer. It would accept £1,250,000 plus its costs "
          "to be assessed if not agreed. This counter-offer is open until 11 July 2025.\n\nKind regards\nRebecca\n\nOur ref: 318054.00003" + SIG_LON)
    M2 = f"{F04}/Correspondence/RE Meridian v Calder - WP offer.eml"
    put(M2, mail(frm=ROS, to="Tom Reddy <t.reddy@hollinsmarsh.co.uk>", cc=TWE, subject=f"RE: Meridian v Calder [{CLAIM}] – WITHOUT PREJUDICE SAVE AS TO COSTS",
                 date=d2, msgid=id2, irt=id1, refs=[id1], body=b2, thread_index=thread_index("meridian-wp", 1), transport=m365_sent(msgid=id2, date=d2)),
        matter="F04", ref="318054.00003", cat="in_matter_folder", dt="email", title=f"Meridian v Calder [{CLAIM}] – WITHOUT PREJUDICE SAVE AS TO COSTS",
        parties=["meridian", "calder"], lang="en", date="2025-06-27", rel={"responds_to": [M1]},
        notes="thread 2/2; 'Thank you for your email of 20 June' (responds_to)")
    d3 = rfc_date(2025, 4, 22, 15, 51, tz=1)
    id3 = "<20250422145141.8f2a1c@cefile.justice.gov.uk>"
    b3 = (f"Case Number: {CLAIM}\nCase Title: Meridian Components GmbH v Calder Precision Engineering Ltd\nFiling: Defence\nFiled by: Hollins Marsh LLP\n"
          "Submission ID: 7719934\nStatus: Accepted\n\nThis is an automated notification from CE-File. Do not reply to this email.")
    M3 = f"{INBOX}/CE-File notification - Defence accepted.eml"
    put(M3, mail(frm="CE-File <noreply@cefile.justice.gov.uk>", to=ROS, subject=f"CE-File: Filing accepted – {CLAIM}", date=d3, msgid=id3, body=b3,
                 html=html_of(b3), enc="8bit", transport=m365_inbound(msgid=id3, date=d3, sender_domain="justice.gov.uk", sender_host="smtp2.cefile.justice.gov.uk",
                                                                      sender_ip="51.140.37.214", body=b3, selector="cefile")),
        matter="F04", ref=None, cat="inbox", dt="email", title=f"CE-File: Filing accepted – {CLAIM}", parties=["meridian", "calder"], lang="en",
        date="2025-04-22", rel={"references": [DE]},
        notes="automated court e-filing notice; the claim number (phantom) is the only identifier; references: 'Filing: Defence' (the served Defence)")

    # German client reporting and the partner's working-folder note
    sb = [LH_MUC, ("p", "Meridian Components GmbH\nRechtsabteilung – Frau Dr. Ines Pfaffinger\nLandsberger Straße 302\n80687 München"),
          ("r", "München, 25. April 2025"), ("p", "Unser Zeichen: 318054.00003 ROS/TW"),
          ("b", "Meridian ./. Calder Precision Engineering Ltd – High Court London\nSachstandsbericht nach Eingang der Klageerwiderung"),
          ("p", "Sehr geehrte Frau Dr. Pfaffinger,"),
          ("p", "die Gegenseite hat am 22. April 2025 ihre Klageerwiderung (Defence) eingereicht. Calder bestreitet die Mangelhaftigkeit und behauptet, die Porosität sei durch Ihre Bearbeitung mit zu hohen Schnittgeschwindigkeiten entstanden. Hilfsweise beruft sich Calder auf die Haftungsbegrenzung in Ziffer 3 des Liefervertrags vom 3. März 2023."),
          ("p", "Wir empfehlen, eine Replik (Reply) einzureichen und ein metallurgisches Sachverständigengutachten einzuholen. Die Kosten schätzen wir auf GBP 28.000 bis 35.000."),
          ("p", "Mit freundlichen Grüßen\nTobias Wendt / Rebecca Osei")]
    SBR = f"{F04}/Correspondence/2025-04-25 Sachstandsbericht Meridian.docx"
    put(SBR, docx(sb, lang="de-DE", date="2025-04-25", author="Tobias Wendt", template="ARL_Brief_DE.dotm"), matter="F04", ref="318054.00003",
        cat="in_matter_folder", dt="letter", title="Meridian ./. Calder Precision Engineering Ltd – High Court London", parties=["meridian", "calder"],
        lang="de", date="2025-04-25", rel={"references": [DE, EX1]},
        notes="German report to the German client about English proceedings; references: 'ihre Klageerwiderung (Defence)' and 'des Liefervertrags vom 3. März 2023' (German names of English documents)")
    dc = rfc_date(2025, 4, 29, 9, 3, tz=2)
    idc = "<6F2E1D0C9B8A47A6B5C4D3E2F1A0B9C8@EXMUC02.meridian.local>"
    bc = ("Sehr geehrter Herr Wendt,\n\nvielen Dank für Ihr Schreiben vom 25. April 2025. Wir sind mit einer Replik einverstanden. Bitte beauftragen Sie einen "
          "metallurgischen Sachverständigen; das Budget von bis zu GBP 35.000 ist freigegeben. Frau Strobel steht als Zeugin zur Verfügung.\n\n"
          "Zur Haftungsbegrenzung: Die Lieferungen 2023 und 2024 bitte getrennt berechnen.\n\nMit freundlichen Grüßen\nDr. Ines Pfaffinger\n"
          "Leiterin Recht · Meridian Components GmbH · Landsberger Straße 302 · 80687 München\nSitz München · Amtsgericht München HRB 211734 · USt-IdNr. DE 318 054 227")
    CM = f"{F04}/Correspondence/AW Sachstandsbericht Meridian ggn. Calder.eml"
    put(CM, mail(frm="Dr. Ines Pfaffinger <ines.pfaffinger@meridian-components.de>", to=TWE, cc=ROS,
                 subject="AW: Meridian ./. Calder – Sachstandsbericht nach Klageerwiderung", date=dc, msgid=idc, body=bc, enc="latin1",
                 thread_index=thread_index("meridian-sachstand"), lang="de-DE", accept="de-DE, en-US", mailer="Microsoft Outlook 16.0",
                 transport=m365_inbound(msgid=idc, date=dc, sender_domain="meridian-components.de", sender_host="mx01.meridian-components.de",
                                        sender_ip="217.110.96.41", body=bc, country="DE", lang="de")),
        matter="F04", ref=None, cat="in_matter_folder", dt="email", title="Meridian ./. Calder – Sachstandsbericht nach Klageerwiderung",
        parties=["meridian"], lang="de", date="2025-04-29", rel={"responds_to": [SBR]},
        notes="German client instruction, ISO-8859-1 quoted-printable; 'AW:' answers a letter sent by post and e-mail (no In-Reply-To on the share): responds_to 'Ihr Schreiben vom 25. April 2025'; the VAT id in the signature is a phantom carrying the client number's digits")
    jn = [("title", "Meridian v Calder – Defence – JMK notes"), ("p", "For Rebecca – thoughts after reading the Defence (22/4), as discussed."),
          ("p", "1. Para 3 (machining): their point depends on the Specification in Sch 1 to the supply agreement – check whether Meridian's parameters were in fact within it. If yes, Reply should say so squarely."),
          ("p", "2. Para 4 (cap): cap is per contract year; our losses split 2023/2024 – neither year reaches £2.5m. Make the point in the Reply."),
          ("p", "3. Consider early WP approach after the expert report – Calder is insured (Hiscox?)."), ("p", "JMK 24.4.25")]
    put(f"{WORK}/Meridian - Defence - JMK notes.docx", docx(jn, date="2025-04-24", author="James Kinnear", template="Normal.dotm"), matter="F04", ref=None,
        cat="top_level", dt="memo", title="Meridian v Calder – Defence – JMK notes", parties=[], lang="en", date="2025-04-24", rel={"references": [DE]},
        notes="internal note in another partner's working folder (not his matter); internal memo: no parties; references: 'the Defence (22/4)'")
    fe = [LH_LON, ("p", "Meridian Components GmbH\nFAO Dr Ines Pfaffinger"), ("r", "3 February 2025"), ("p", "Our ref: 318054/3"),
          ("title", "Fee estimate"), ("b", "Claim against Calder Precision Engineering Ltd"),
          ("table", [["Stage", "Estimate (GBP, excl. VAT)"], ["Pre-action (letter of claim, response)", "12,000"], ["Issue, pleadings", "38,000"],
                     ["CCMC", "22,000"], ["Disclosure and witness statements", "95,000"], ["Experts", "60,000 (plus expert fees)"],
                     ["Trial preparation and trial (4 days)", "140,000"], ["Total", "367,000"]]),
          ("p", "This estimate is not a fixed fee. It assumes the claim proceeds in the Circuit Commercial Court and that the Defendant does not counterclaim.")]
    put_lo("Fee estimate - Meridian v Calder.pdf", docx(fe, date="2025-02-03", author="Rebecca Osei"), "pdf", matter="F04", ref="318054/3", cat="top_level",
           dt="fee_note", title="Fee estimate", parties=["firm_arl", "meridian"], lang="en", date="2025-02-03",
           notes="'Fee estimate' (synonym of fee note) at the top level; the matter written '318054/3'")
    return [M1, M2], {"WS": WS, "EX1": EX1}


# ================================================================== F05 Meridian UK distribution (odt, rtf, doc)
def f05():
    MT = ["meridian", "tyne"]
    da = [("s", "ARL draft (3): 20 May 2025 – 318054.00005"), ("title", "DISTRIBUTION AGREEMENT"),
          ("p", "between MERIDIAN COMPONENTS GMBH, Landsberger Straße 302, 80687 Munich, Germany (the Supplier) and TYNE INDUSTRIAL SUPPLIES LIMITED (company number 10234987), Unit 9, Team Valley Trading Estate, Gateshead NE11 0BD (the Distributor)."),
          ("p", "1. Appointment: the Supplier appoints the Distributor as its exclusive distributor of the Products in the Territory (England, Wales, Scotland and Northern Ireland)."),
          ("p", "2. Minimum purchases: the Distributor shall purchase Products of not less than £1,800,000 in each Contract Year."),
          ("p", "3. Orders: each order shall be placed in writing quoting the Supplier's article number; the Supplier shall confirm it within 3 Business Days."),
          ("p", "4. Term: five years from the Commencement Date, then continuing until terminated on 12 months' notice."),
          ("p", "5. Governing law: English law; courts of England and Wales."), ("sig", ["Meridian Components GmbH", "Tyne Industrial Supplies Limited"])]
    DA = f"{F05}/Distribution Agreement - Tyne (ARL draft 3).odt"
    put_lo(DA, docx(da, date="2025-05-20", author="Tobias Wendt"), "odt", matter="F05", ref="318054.00005", cat="in_matter_folder",
           dt="supply_agreement", title="DISTRIBUTION AGREEMENT", parties=MT, lang="en", date="2025-05-20",
           notes="'Distribution Agreement' (synonym of supply agreement); OpenDocument text saved by the Munich office")
    sl = [("p", "Meridian Components GmbH · Landsberger Straße 302 · 80687 München"), ("r", "2 June 2025"),
          ("p", "Tyne Industrial Supplies Limited\nUnit 9, Team Valley Trading Estate\nGateshead NE11 0BD"), ("title", "Side Letter"),
          ("b", "Distribution Agreement dated 2 June 2025 – minimum purchase commitment"),
          ("p", "Dear Sirs"), ("p", "With reference to the Distribution Agreement between us of today's date, we agree that the minimum purchase commitment in clause 2 shall be £1,200,000 for the first Contract Year only. All other terms remain unchanged."),
          ("p", "Yours faithfully\nMeridian Components GmbH"), ("p", "Agreed: Tyne Industrial Supplies Limited")]
    SL = f"{F05}/Side letter - minimum purchase year 1.rtf"
    put_lo(SL, docx(sl, date="2025-06-02", author="Tobias Wendt"), "rtf", matter="F05", ref=None, cat="in_matter_folder", dt="side_letter",
           title="Side Letter", parties=MT, lang="en", date="2025-06-02", rel={"amends": [DA]},
           notes="RTF written by LibreOffice; amends: 'the Distribution Agreement between us of today's date', clause 2 (the signed date; answered against the draft on the share)")
    mm = [LH_MUC, ("title", "Vermerk"), ("p", "An: Meridian Components GmbH, Frau Dr. Pfaffinger\nVon: Tobias Wendt\nDatum: 12. Mai 2025\nAkte: 318054.00005 – UK distribution"),
          ("b", "Betreff: Alleinvertrieb Vereinigtes Königreich – kartellrechtliche Zulässigkeit"),
          ("p", "1. Nach der UK Vertical Agreements Block Exemption Order 2022 (VABEO) ist ein Alleinvertrieb freigestellt, wenn die Marktanteile beider Parteien 30 % nicht übersteigen."),
          ("p", "2. Ein Verbot passiver Verkäufe in andere Gebiete wäre eine Kernbeschränkung. Der Entwurf des Vertriebsvertrags (Distribution Agreement) sieht das nicht vor."),
          ("p", "3. Ergebnis: Der geplante Vertrag mit Tyne Industrial Supplies ist freigestellt; Mindestabnahmemengen sind unbedenklich.")]
    put_lo(f"{F05}/Vermerk Kartellrecht UK Vertrieb.doc", docx(mm, lang="de-DE", date="2025-05-12", author="Tobias Wendt"), "doc", matter="F05",
           ref="318054.00005", cat="in_matter_folder", dt="memo", title="Vermerk", parties=[], lang="de", date="2025-05-12",
           notes="legacy Word 97 .doc; German advice memo to the client on UK law; mentions the draft distribution agreement without date (no edge answered)")
    ab = [("s", "MERIDIAN COMPONENTS GMBH · Landsberger Straße 302 · 80687 München · Amtsgericht München HRB 211734"),
          ("title", "Auftragsbestätigung / Order Confirmation"), ("p", "Nr. AB-2025-06-0311 · 18.06.2025"),
          ("p", "Kunde / Customer: Tyne Industrial Supplies Limited, Gateshead\nIhre Bestellung / Your order: PO 45-118802 vom 16.06.2025"),
          ("table", [["Pos.", "Artikel", "Menge", "Preis GBP", "Summe GBP"], ["1", "MX-40 Antriebseinheit / drive unit", "400", "312,00", "124.800,00"],
                     ["2", "MX-60 Antriebseinheit / drive unit", "150", "488,00", "73.200,00"], ["", "Gesamt / Total", "", "", "198.000,00"]]),
          ("p", "Lieferung gemäß Vertriebsvertrag (Distribution Agreement), Incoterms 2020 DAP Gateshead. Liefertermin KW 28.")]
    put_lo(f"{F05}/Auftragsbestätigung AB-2025-06-0311.pdf", docx(ab, lang="de-DE", date="2025-06-18", author="Meridian Vertrieb"), "pdf", matter="F05",
           ref=None, cat="in_matter_folder", dt="purchase_order", title="Auftragsbestätigung / Order Confirmation", parties=MT, lang="de",
           date="2025-06-18", rel={"references": [DA]},
           notes="bilingual order confirmation (synonym of purchase order); the distributor's PO number is a phantom; references: 'Vertriebsvertrag (Distribution Agreement)' (title alone)")
    lt = [LH_LON, ("p", "Tyne Industrial Supplies Limited\nFAO Gareth Lowes, Managing Director\nUnit 9, Team Valley Trading Estate\nGateshead NE11 0BD"),
          ("r", "21 May 2025"), ("p", "Our ref: 318054-5"), ("p", "Dear Mr Lowes"), ("b", "Meridian Components GmbH – UK distribution"),
          ("p", "We act for Meridian Components GmbH. We enclose our client's draft Distribution Agreement (our draft 3 of 20 May 2025) for your review. Our client would like to sign by 2 June."),
          ("p", "Yours sincerely\nAshcombe Reinholt LLP")]
    put_lo(f"{F04}/Correspondence/Letter to Tyne Industrial Supplies 21.05.2025.pdf", docx(lt, date="2025-05-21", author="Tobias Wendt"), "pdf",
           matter="F05", ref="318054-5", cat="misfiled", dt="letter", title="Meridian Components GmbH – UK distribution", parties=MT, lang="en",
           date="2025-05-21", rel={"references": [DA]},
           notes="misfiled in the litigation matter of the same client; 'Our ref: 318054-5'; references: 'draft Distribution Agreement (our draft 3 of 20 May 2025)'")


# ================================================================== F08 archived matter (legacy reference style)
def f08():
    FP = ["fenwick", "pelham"]
    ls = [("title", "LEASE"), ("c", "Unit 4, Thames Gateway Park, West Thurrock RM20 3LP"), ("p", "LR1. Date of lease: 27 September 2019"),
          ("p", "LR2. Title number(s): LR2.1 Landlord's title number: EGL412233"),
          ("p", "LR3. Parties: Landlord: FENWICK HARROW PROPERTIES LTD (company number 03377120); Tenant: PELHAM COLD STORAGE LIMITED (company number 08890211)"),
          ("p", "LR6. Term: 15 years from and including 29 September 2019"),
          ("p", "3. Rent: £386,000 per annum, reviewed upwards only on 29 September 2024 and 2029 to open market rent."),
          ("p", "7. Alienation: the Tenant shall not assign the whole without the Landlord's consent, not to be unreasonably withheld; no underletting of part."),
          ("p", "Executed as a deed by the parties.")]
    LS = f"{F08}/Lease - Unit 4 Thames Gateway Park (2019).pdf"
    put(LS, scan_pdf([lines_of(ls, signed=[])], RNG, "2019-09-27"), matter="F08", ref=None, cat="in_matter_folder", dt="lease_agreement", title="LEASE",
        parties=FP, lang="en", date="2019-09-27", text_layer=False, notes="prescribed-clauses lease (LR1–LR6), image-only; title number a phantom")
    dv = [("c", "DATED 14 June 2021"), ("title", "DEED OF VARIATION"), ("c", "relating to Unit 4, Thames Gateway Park"),
          ("p", "BETWEEN (1) FENWICK HARROW PROPERTIES LTD (the Landlord) and (2) PELHAM COLD STORAGE LIMITED (the Tenant)."),
          ("p", "BACKGROUND: (A) This deed is supplemental to a lease dated 27 September 2019 between the Landlord and the Tenant (the Lease)."),
          ("p", "1. Clause 7 of the Lease is varied so that the Tenant may underlet part of the Property (not less than 2,000 sq m) with the Landlord's consent."),
          ("p", "2. The Lease shall be read and construed as varied by this deed."), ("s", "LON-2210457-v4 | C155902 M2")]
    DV = f"{F08}/Deed of Variation 2021.docx"
    put(DV, docx(dv, date="2021-06-14", author="S. Allardyce", template="ARL_Agreement.dotm"), matter="F08", ref="C155902 M2", cat="in_matter_folder",
        dt="amendment_agreement", title="DEED OF VARIATION", parties=FP, lang="en", date="2021-06-14", rel={"amends": [LS]},
        notes="'Deed of Variation' (amendment); amends: 'supplemental to a lease dated 27 September 2019 ... (the Lease)'; footer in the old 'C<client> M<matter>' form")
    dv2 = [("c", "DATED 3 October 2023"), ("title", "SECOND DEED OF VARIATION"), ("c", "relating to Unit 4, Thames Gateway Park, West Thurrock RM20 3LP"),
           ("p", "BETWEEN (1) FENWICK HARROW PROPERTIES LTD (the Landlord), (2) PELHAM COLD STORAGE LIMITED (the Tenant) and (3) NORTHGATE COMMERCIAL FINANCE LIMITED, a company registered in Scotland with number SC512345 (the Mortgagee)."),
           ("p", "BACKGROUND: (A) This deed is supplemental to the lease dated 27 September 2019 as varied by a deed of variation dated 14 June 2021 (together the Lease). (B) The Landlord's title (EGL412233) is charged to the Mortgagee, which consents to this deed."),
           ("p", "1. The rent review on 29 September 2024 shall be to the higher of the passing rent and £412,000 per annum, and the open market review is removed for that date."),
           ("p", "2. The Tenant may break the Lease on 29 September 2029 on not less than 12 months' prior written notice."),
           ("p", "3. The Lease shall be read and construed as varied by this deed."), ("s", "155902.00002")]
    DV2 = f"{F08}/Second Deed of Variation 2023.pdf"
    put_lo(DV2, docx(dv2, date="2023-10-03", author="S. Allardyce"), "pdf", matter="F08", ref="155902.00002", cat="in_matter_folder",
           dt="amendment_agreement", title="SECOND DEED OF VARIATION", parties=["fenwick", "pelham", "northgate_sc"], lang="en", date="2023-10-03",
           rel={"amends": [LS, DV]},
           notes="amends the lease and the earlier variation ('the lease dated 27 September 2019 as varied by a deed of variation dated 14 June 2021'); the consenting mortgagee is the Scottish Northgate (homonym of the English lender in F03)")
    oc = [("title", "Official copy of register of title"), ("p", "Title number EGL412233   Edition date 12.10.2023"),
          ("p", "This official copy shows the entries on the register of title on 16 October 2023 at 11:04:17."),
          ("b", "A: Property Register"), ("p", "1. (28 May 2004) The Freehold land shown edged with red on the plan of the above Title filed at the Registry and being Unit 4, Thames Gateway Park, West Thurrock (RM20 3LP)."),
          ("b", "B: Proprietorship Register"), ("p", "1. (11 March 2016) PROPRIETOR: FENWICK HARROW PROPERTIES LTD (Co. Regn. No. 03377120) of 88 Wood Street, London EC2V 7RS."),
          ("b", "C: Charges Register"), ("p", "1. (11 March 2016) REGISTERED CHARGE dated 2 March 2016. Proprietor: NORTHGATE COMMERCIAL FINANCE LIMITED (Scottish Co. Regn. No. SC512345)."),
          ("p", "2. (12 October 2023) Deed of variation dated 3 October 2023 of the lease dated 27 September 2019 referred to in the Schedule of notices of leases.")]
    OC = f"{F08}/Official copy EGL412233.pdf"
    put_lo(OC, docx(oc, date="2023-10-16", author="HM Land Registry"), "pdf", matter="F08", ref=None, cat="in_matter_folder", dt="register_extract",
           title="Official copy of register of title", parties=["fenwick"], lang="en", date="2023-10-16", rel={"references": [DV2, LS]},
           notes="Land Registry official copy (register extract; proprietor answered); references: 'Deed of variation dated 3 October 2023 of the lease dated 27 September 2019'")
    lt = [LH_LON, ("p", "Mercer Bright LLP\nFAO Anna Jessop\n21 Queen Street\nLondon EC4R 1BD"), ("r", "17 October 2023"),
          ("p", "Our ref: 155902.00002 SA"), ("p", "Dear Sirs"), ("b", "Unit 4, Thames Gateway Park – Pelham Cold Storage Limited"),
          ("p", "We enclose a certified copy of the completed Second Deed of Variation dated 3 October 2023 and the official copy showing its registration against title EGL412233."),
          ("p", "This concludes the matter on our side and we will close our file."), ("p", "Yours faithfully\nAshcombe Reinholt LLP")]
    put(f"{F08}/Letter to Mercer Bright 17.10.2023.docx", docx(lt, date="2023-10-17", author="S. Allardyce"), matter="F08", ref="155902.00002",
        cat="in_matter_folder", dt="letter", title="Unit 4, Thames Gateway Park – Pelham Cold Storage Limited", parties=["fenwick", "pelham"], lang="en",
        date="2023-10-17", rel={"references": [DV2, OC]},
        notes="closing letter in the archive; references: 'the completed Second Deed of Variation dated 3 October 2023' and 'the official copy'")


# ================================================================== loose files: top level, templates
def loose(f07_letter):
    rows = [["Key dates 2025 – London / Munich", "", "", "", ""], ["Date", "Matter", "Client", "What", "Who"],
            ["22.04.2025", "318054.00003", "Meridian", "Defence due (HC-2025-000123)", "ROS"],
            ["30.04.2025", "104233.00015", "Hartwell", "Completion Project Falcon", "JMK"],
            ["30.04.2025", "104233.00016", "Hartwell", "Drawdown Northgate", "JMK"],
            ["05.05.2025", "402517.00002", "Oberland", "Notartermin Kapitalerhöhung (Dr. Kolb)", "FOB"],
            ["12.06.2025", "318054.00003", "Meridian", "CCMC, Rolls Building", "ROS"],
            ["30.06.2028", "104233.00012", "Hartwell Logistik", "Sonderkündigung Eching (12 Monate vorher!)", "FOB"]]
    put("Key dates 2025.xlsx", xlsx_bytes([("Key dates", rows)], "2025-05-02", title="Key dates 2025", creator="Office Manager"), matter=None, ref=None,
        cat="top_level", dt="checklist", title="Key dates 2025 – London / Munich", parties=[], lang="en", date="2025-05-02",
        notes="firm-wide deadline list naming five matters in full form: belongs to none")
    ma = [LH_MUC, ("title", "Mandanteninformation Juli 2025"), ("b", "Economic Crime and Corporate Transparency Act: Was deutsche Gesellschaften mit UK-Töchtern jetzt beachten müssen"),
          ("p", "Seit dem 1. September 2025 gilt für Unternehmen, die im Vereinigten Königreich tätig sind, der neue Straftatbestand „failure to prevent fraud“. Betroffen sind große Organisationen; maßgeblich sind die Konzernzahlen."),
          ("p", "Praxishinweis: Prüfen Sie Ihre Compliance-Richtlinien und dokumentieren Sie „reasonable procedures“. Zudem ist die Identitätsprüfung von Directors bei Companies House zu beachten."),
          ("p", "Ansprechpartner: Dr. Franziska Oberhauser (München), James Kinnear (London)")]
    put("Mandanteninformation ECCTA Juli 2025.docx", docx(ma, lang="de-DE", date="2025-07-01", author="Dr. Franziska Oberhauser"), matter=None, ref=None,
        cat="top_level", dt="client_alert", title="Mandanteninformation Juli 2025", parties=[], lang="de", date="2025-07-01",
        notes="German client alert on an English statute; no matter, no parties")
    tp = [("title", "[COMPANY NAME] LIMITED"), ("c", "(Company number [●])"),
          ("b", "Minutes of a meeting of the board of directors held at [address] on [date] at [time]"),
          ("p", "Present: [●] (chair), [●]. In attendance: [●]."), ("p", "1. Quorum and declarations of interest (section 177 Companies Act 2006)."),
          ("p", "2. [Business of the meeting]. IT WAS RESOLVED that [●]."), ("p", "Chair: ______________________")]
    put("Templates/Board minutes template (private company).docx", docx(tp, date="2023-05-11", author="Know-how", template="ARL_Minutes.dotx"),
        matter=None, ref=None, cat="top_level", dt="minutes", title="[COMPANY NAME] LIMITED", parties=[], lang="en", date="2023-05-11",
        notes="know-how template with placeholders; no matter, no parties")
    d = rfc_date(2025, 6, 12, 10, 2, tz=1)
    mid = "<CAFq9x3kT7vLpQ2m8Rw_h0Yb4sJdN6eUo1cA5g@mail.gmail.com>"
    b = ("WITHOUT PREJUDICE AND SUBJECT TO CONTRACT\n\nDear Ms Nair\n\nThank you for your letter of 9 June and the revised draft. My client accepts the "
         "payment of £31,500 and the reference. She asks that the agreed leaving announcement say that she is leaving to pursue other opportunities.\n\n"
         "I will send the signed agreement and my certificate once the wording is agreed.\n\nKind regards\nHannah Prosser\nLyle & Prosser Solicitors, Guildford")
    inbound = m365_inbound(msgid=mid, date=d, sender_domain="lyleprosser.co.uk", sender_host="mail-sor-f41.google.com", sender_ip="209.85.220.41",
                           body=b, selector="google")
    top = inbound[0][:6] + [
        f"from mail-sor-f41.google.com (mail-sor-f41.google.com. [209.85.220.41])\r\n        by mx.google.com with SMTPS id 2adb3069b0e04-54b1e8f11a2sor9021e87.4.2025.06.12.02.02.41\r\n"
        f"        for <p.nair@ashcombe-reinholt.com>\r\n        (Google Transport Security);\r\n        {_utc(d)}",
        ("X-Google-Smtp-Source", "AGHT+IFq" + hashlib.sha1(mid.encode()).hexdigest()[:40]),
        f"by 2002:a05:6a11:4b12:b0:5f3:2a1c:9e77 with SMTP id k18csp1922410pxc;\r\n        {_utc(d)}",
        dkim_header("lyleprosser.co.uk", "google", mid, b)]
    extra = inbound[1]
    EM = f"{INBOX}/Without prejudice - Ms R Dunmore.eml"
    put(EM, eml_bytes(frm="Hannah Prosser <hannah@lyleprosser.co.uk>", to=PN, subject="Without prejudice - Ms R Dunmore", date=d, msgid=mid, body=b,
                      hops=top, enc="8bit", lang="en-GB", extra=[("X-MS-Has-Attach", "")] + extra),
        matter="F07", ref=None, cat="inbox", dt="email", title="Without prejudice - Ms R Dunmore", parties=["dunmore", "hartwell"], lang="en",
        date="2025-06-12", rel={"responds_to": [f07_letter]},
        notes="sent from Google Workspace (Gmail Received chain under the Exchange Online hops); no In-Reply-To (answers a letter); 'your letter of 9 June' (responds_to the letter); matter known only by title and the employee's name")


# ================================================================== main
def main(out: Path):
    r2 = f02()
    f03(r2)
    f03_german()
    dun_chain = f07()
    nachtrag_chain, thread_g = f01()
    thread_o = f06()
    thread_c, _ = f04()
    f05()
    f08()
    loose(f"{F07}/Letter to Lyle & Prosser 09.06.2025.docx")
    flush()
    assert not PENDING, PENDING
    chains = [[r2["V1"], r2["V2"], r2["V3"], r2["EX"]], nachtrag_chain, dun_chain]
    threads = [[r2["E1"], r2["E2"], r2["E3"]], [r2["E4"], r2["E5"]], thread_g, thread_c, thread_o]
    for path, a in ANS.items():
        for kind, targets in a["relations"].items():
            for t in targets:
                assert t in ANS and t != path, (path, kind, t)
        a["relations"] = {k: a["relations"][k] for k in KIND if a["relations"].get(k)}
    answers = {
        "estate": "F", "seed": SEED, "generator": "knowledge_index_tests/evaluation_f/estate_f.py",
        "firm": FIRM, "matters": MATTERS, "companies": COMPANIES, "homonyms": [["northgate_ew", "northgate_sc"]],
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
    print(f"estate F: {len(FILES)} files -> {out}")


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else HERE / "estate_f")
