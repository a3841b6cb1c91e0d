"""Evaluation estate C: a Vienna / Zurich / London firm's share, generated deterministically.

    python -m knowledge_index_tests.evaluation_c.estate_c [OUT]

writes OUT/files/ and OUT/answers.json (default OUT: this folder's estate_c/). Every answer is
written next to the bytes it describes, from the same values. See README.md.
"""

from __future__ import annotations

import hashlib
import json
import os
import random
import shutil
import sys
from pathlib import Path

from . import _writers_c as W

SEED = 20261201
HERE = Path(__file__).resolve().parent

FIRM = {"name": "Aichinger Wyss Thornton Rechtsanwälte GmbH", "register": "FN 401233 k", "company": "firm_awt",
        "natural_person": False, "aliases": ["AWT", "Aichinger Wyss Thornton", "AWT Legal LLP", "Aichinger Wyss Thornton AG"]}

# key: (name, register, city, aliases)
COMPANIES = {
    "alpenbau": ("Alpenbau Holding AG", "FN 287514 w", "Wien", ["Alpenbau"]),
    "brenner": ("Brenner Beteiligungs GmbH", "FN 198765 v", "Innsbruck", ["Brenner Beteiligungs", "Brenner"]),
    "tfw": ("Tiroler Fertigteilwerk GmbH", "FN 76543 h", "Schwaz", ["TFW", "Tiroler Fertigteilwerk"]),
    "berghof_linz": ("Berghof Immobilien GmbH", "FN 354871 d", "Linz", []),
    "berghof_ibk": ("Berghof Immobilien GmbH", "FN 190234 x", "Innsbruck", []),
    "kingsmere": ("Kingsmere Components Ltd", "08412377", "Sheffield", ["Kingsmere", "Kingsmere Components Limited"]),
    "donautal": ("Donautal Handels GmbH", "FN 402118 m", "Krems an der Donau", ["Donautal"]),
    "seehotel": ("Seehotel Weissensee GmbH", "FN 118932 f", "Techendorf", ["Seehotel Weissensee", "Seehotel"]),
    "hochbau": ("Kärntner Hochbau GmbH", "FN 255610 b", "Villach", ["Kärntner Hochbau"]),
    "sennhof": ("Sennhof Pharma AG", "CHE-276.431.905", "Basel", ["Sennhof"]),
    "lumina": ("Lumina Biotech SA", "CHE-412.093.117", "Genève", ["Lumina"]),
    "montafoner": ("Montafoner Quellen GmbH", "FN 221409 y", "Schruns", ["Montafoner Quellen"]),
    "bereuter": ("Dr. Markus Bereuter", None, "Bludenz", ["Markus Bereuter", "Herr Bereuter"]),
    "gruenwald": ("Grünwald Privatstiftung", "FN 312870 s", "Salzburg", ["Grünwald"]),
    "meridian_bham": ("Meridian Tools Ltd", "04512345", "Birmingham", []),
    "meridian_leeds": ("Meridian Tools Ltd", "11873409", "Leeds", []),
    "steirische": ("Steirische Präzision GmbH", "FN 377201 g", "Graz", ["Steirische Präzision", "Steirische"]),
    "tauern_bank": ("Tauernbank AG", "FN 99871 p", "Salzburg", ["Tauernbank"]),
    "raetikon": ("Rätikon Getränke Beteiligungs GmbH", "FN 140672 b", "Bludenz", []),
    "gemeinde_schruns": ("Gemeinde Schruns", None, "Schruns", []),
    "juridica": ("Juridica Fachverlag GmbH", "FN 54321 t", "Wien", []),
    "hofer": ("Hofer Transporte GmbH", "FN 233871 i", "Wels", []),
}
HOMONYMS = [["berghof_linz", "berghof_ibk"], ["meridian_bham", "meridian_leeds"]]

MATTERS = {
    "C01": {"reference": "104233-0007", "title": "Projekt Gipfel – Erwerb Tiroler Fertigteilwerk", "client": "alpenbau",
            "reference_forms": ["104233-0007", "104233/0007"],
            "title_forms": ["Projekt Gipfel", "Erwerb Tiroler Fertigteilwerk", "Project Summit"],
            "folders": ["DMS_Export/Workspace_104233/Matter_0007"]},
    "C02": {"reference": "104233-0009", "title": "Büromietvertrag Linz Hafenstraße", "client": "alpenbau",
            "reference_forms": ["104233-0009", "104233/0009"],
            "title_forms": ["Büromietvertrag Linz Hafenstraße", "Mietvertrag Hafenstraße", "Mietvertrag Linz"],
            "folders": ["DMS_Export/Workspace_104233/Matter_0009"]},
    "C03": {"reference": "CM/2023/118", "title": "Kingsmere – Austrian Distribution Agreement", "client": "kingsmere",
            "reference_forms": ["CM/2023/118", "CM-2023-118"],
            "title_forms": ["Austrian Distribution Agreement", "Kingsmere Distribution", "Donautal distribution"],
            "folders": ["2023/Kingsmere Components/CM-2023-118 Austrian distribution", "2024/Kingsmere Components/CM-2023-118 Austrian distribution"]},
    "C04": {"reference": "LIT-0456", "title": "Seehotel Weissensee gg. Kärntner Hochbau (Werklohn)", "client": "seehotel",
            "reference_forms": ["LIT-0456", "LIT 0456"],
            "title_forms": ["Seehotel Weissensee gg. Kärntner Hochbau", "Werklohnprozess Kärntner Hochbau"],
            "folders": ["Prozesse/LIT-0456 Seehotel Weissensee gg Kärntner Hochbau"]},
    "C05": {"reference": "Z24-0312", "title": "Sennhof – Lizenzvertrag Lumina", "client": "sennhof",
            "reference_forms": ["Z24-0312"],
            "title_forms": ["Lizenzvertrag Lumina", "Lumina licence", "Sennhof / Lumina"],
            "folders": ["Zürich/Klienten/Sennhof Pharma AG/Z24-0312 Lizenz Lumina"]},
    "C06": {"reference": "300517-0001", "title": "Abberufung Geschäftsführer Dr. Bereuter", "client": "montafoner",
            "reference_forms": ["300517-0001", "300517/0001", "300517/1"],
            "title_forms": ["GF Bereuter Abberufung", "Abberufung Dr. Bereuter", "Aufhebung Bereuter"],
            "folders": ["Mandanten/300517 Montafoner Quellen/GF Bereuter Abberufung"]},
    "C07": {"reference": "104871-0002", "title": "Darlehen an Berghof Immobilien Innsbruck", "client": "gruenwald",
            "reference_forms": ["104871-0002", "104871/0002"],
            "title_forms": ["Darlehen Berghof Innsbruck", "Darlehen Berghof"],
            "folders": ["Mandanten/Grünwald Privatstiftung/Darlehen Berghof Innsbruck"]},
    "C08": {"reference": None, "title": "Project Lark – Joint Venture with Steirische Präzision", "client": "meridian_bham",
            "reference_forms": [],
            "title_forms": ["Project Lark", "Lark JV"],
            "folders": ["Clients/Meridian Tools Ltd/Project Lark"]},
    "C09": {"reference": "LIT-0471", "title": "Kingsmere v Meridian Tools (Leeds) – unpaid invoices", "client": "kingsmere",
            "reference_forms": ["LIT-0471"],
            "title_forms": ["Kingsmere v Meridian", "Meridian Tools debt claim"],
            "folders": ["2024/Kingsmere Components/LIT-0471 Meridian Tools debt claim"]},
}
for _m in MATTERS.values():
    _m["folder"] = _m["folders"][0]

PHANTOMS: list[dict] = []


def phantom(kind, text):
    if not any(p["text"] == text for p in PHANTOMS):
        PHANTOMS.append({"kind": kind, "text": text})
    return text


def party(key, name=None):
    n, reg, _city, aliases = COMPANIES[key]
    return {"name": name or n, "register": reg, "company": key, "natural_person": key == "bereuter", "aliases": list(aliases)}


def firm_party():
    return dict(FIRM, aliases=list(FIRM["aliases"]))


class Estate:
    def __init__(self):
        self.rng = random.Random(SEED)
        self.files: dict[str, bytes] = {}
        self.answers: dict[str, dict] = {}
        self.pending: list[tuple] = []  # (path, src_bytes, src_ext, target_ext)
        self.chains: list[list[str]] = []
        self.threads: list[list[str]] = []
        self.msgids: dict[str, str] = {}
        self.post: list = []  # callables run after the LibreOffice conversions (they need converted bytes)

    def add(self, path, data, *, matter, ref, category="in_matter_folder", doc_type, title, parties, language, date,
            fmt=None, text_layer=True, relations=None, decisions=None, notes=None):
        assert path not in self.answers, path
        fmt = fmt or path.rsplit(".", 1)[1].lower()
        if data is not None:
            self.files[path] = data
        rel = {k: v for k, v in (relations or {}).items() if v}
        self.answers[path] = {"matter": matter, "matter_reference_as_written": ref, "category": category,
                              "doc_type": doc_type, "title": title, "parties": parties, "language": language,
                              "date": date, "format": fmt, "text_layer": text_layer, "relations": rel,
                              "decisions": decisions or [], "notes": notes}
        return path

    def convert(self, path, src: bytes, src_ext: str, target: str):
        """Queue a LibreOffice conversion whose output is written at `path`."""
        self.pending.append((path, src, src_ext, target))

    def run_conversions(self):
        jobs = [(src, ext, tgt, path) for path, src, ext, tgt in self.pending]
        out = W.soffice_convert(jobs, lambda p: self.answers[p]["date"])
        self.files.update(out)

    def thread_index(self, parent: str | None) -> str:
        import base64
        if parent is None:
            raw = bytes(self.rng.randrange(256) for _ in range(22))
        else:
            raw = base64.b64decode(parent) + bytes(self.rng.randrange(256) for _ in range(5))
        return base64.b64encode(raw).decode()


def dec(locus, topic, rationale, change, comment):
    return {"locus": locus, "topic": topic, "rationale_category": rationale, "change_type": change, "comment": comment}


def hops(sender_host, sender_ip, recv_date, inbound=True):
    """A plausible Received chain, newest first."""
    if inbound:
        return [f"from VI1PR08MB5471.eurprd08.prod.outlook.com (2603:10a6:803:e4::12) by\r\n AM6PR08MB4229.eurprd08.prod.outlook.com with HTTPS; {recv_date}",
                f"from mx01.awt-law.at (mx01.awt-law.at [194.24.138.21])\r\n\tby VI1PR08MB5471.eurprd08.prod.outlook.com (Postfix) with ESMTPS id 4Wq8Lr3vZkz1x\r\n\tfor <office@awt-law.at>; {recv_date}",
                f"from {sender_host} ({sender_host} [{sender_ip}])\r\n\tby mx01.awt-law.at with ESMTPS id 1s9QkL-0004Xa-2B\r\n\t(TLS1.3) tls TLS_AES_256_GCM_SHA384; {recv_date}"]
    return [f"from AM6PR08MB4229.eurprd08.prod.outlook.com ([fe80::5d1b:9c2e:41a7:3b10]) by\r\n AM6PR08MB4229.eurprd08.prod.outlook.com ([fe80::5d1b:9c2e:41a7:3b10%6]) with mapi id\r\n 15.20.7472.027; {recv_date}"]


# ---------------------------------------------------------------- contract text model
# A clause is (heading, [para]); a para is a dict: runs (str | ("chg", old, new)), kind normal|ins|del,
# comment (text shown in the redline), explains (the comment gives the reason), dec (topic, rationale).
def para(*runs, kind="normal", comment=None, explains=True, dec=None):
    return {"runs": list(runs), "kind": kind, "comment": comment, "explains": explains, "dec": dec}


def _resolve(p, mode):
    out = []
    for r in p["runs"]:
        if isinstance(r, str):
            k = {"ins": "ins", "del": "del"}.get(p["kind"], "t") if mode == "red" else "t"
            out.append((k, r))
        else:
            _, old, new = r
            if mode == "v1":
                old and out.append(("t", old))
            elif mode == "final":
                new and out.append(("t", new))
            else:
                old and out.append(("del", old))
                new and out.append(("ins", new))
    return out


def _visible(p, mode):
    return not ((p["kind"] == "ins" and mode == "v1") or (p["kind"] == "del" and mode == "final"))


LOCUS = {  # how each document cites its own clauses
    "punkt": lambda i, j: f"Punkt {i}.{j}",
    "clause": lambda i, j: f"Clause {i}.{j}",
    "clause_lc": lambda i, j: f"clause {i}.{j}",
    "section": lambda i, j: f"Section {i}.{j}",
    "para_at": lambda i, j: f"§ {i} Abs {j}",
    "para_de": lambda i, j: f"§ {i} Abs. {j}",
    "punkt_only": lambda i, j: f"Punkt {i}",
}


def render_contract(doc: W.Doc | None, clauses, *, numbering, mode, cite, rev=None):
    """Write clauses into doc (if given); return (text lines for a PDF, decisions).

    numbering: auto (numbering.xml, w:numPr), dotted ("3." / "3.1" typed), para ("§ 3" / "(1)" typed),
    punkt ("Punkt 3." typed, unnumbered paragraphs)."""
    lines, decisions = [], []
    i = 0
    for head, paras in clauses:
        if not any(_visible(p, mode) for p in paras):
            continue
        i += 1
        new_clause = mode == "red" and all(p["kind"] == "ins" for p in paras)
        hk = "ins" if new_clause else "t"
        if numbering == "auto":
            doc and doc.p((hk, head), style="Heading1", num=0, ins_para=new_clause)
            lines.append(("b", f"{i}. {head}" if cite not in ("para_at", "para_de") else f"§ {i} {head}"))
        else:
            h = {"dotted": f"{i}. {head}", "para": f"§ {i} {head}", "punkt": f"Punkt {i}. {head}"}[numbering]
            doc and doc.p((hk, h), style="Heading1", ins_para=new_clause)
            lines.append(("b", h))
        j = 0
        for p in paras:
            if not _visible(p, mode):
                continue
            j += 1
            runs = _resolve(p, mode)
            prefix = {"auto": "", "dotted": f"{i}.{j} ", "para": f"({j}) ", "punkt": ""}[numbering]
            shown = {"auto": (f"({j}) " if cite in ("para_at", "para_de") else f"{i}.{j} "), "dotted": prefix, "para": prefix, "punkt": ""}[numbering]
            changed = any(k in ("ins", "del") for k, _ in runs)
            cid = None
            if doc is not None:
                if mode == "red" and p["comment"]:
                    cid = doc.comment(p["comment"], *rev["comment_by"], rev["date"])
                pk = {"ins": "ins", "del": "del"}.get(p["kind"], "t") if mode == "red" else "t"
                doc.p(*([(pk, prefix)] if prefix else []), *runs, num=1 if numbering == "auto" else None,
                      comment=cid, ins_para=(mode == "red" and p["kind"] == "ins"))
            lines.append(("p", shown + "".join(t for k, t in runs if k != "del")))
            if mode == "red" and changed:
                assert p["dec"], (head, runs)
                kinds = {k for k, _ in runs}
                ct = "modified" if {"ins", "del"} <= kinds else ("inserted" if "ins" in kinds else "deleted")
                topic, rationale = p["dec"]
                loc = LOCUS[cite](i, j)
                decisions.append(dec(loc, topic, rationale, ct, p["comment"] if (p["comment"] and p["explains"]) else None))
    return lines, decisions


def lines_to_doc(doc, lines):
    for style, text in lines:
        if style == "h":
            doc.p(text, style="Title")
        elif style == "hb":
            doc.p(text, bold=True, center=True)
        elif style == "b":
            doc.p(text, style="Heading1")
        elif style == "bo":
            doc.p(text, bold=True)
        elif style == "":
            doc.p("")
        else:
            doc.p(text)
    return doc


def pdf_lines(lines):
    return [("h" if s in ("h", "hb") else ("b" if s in ("b", "bo") else s), t) for s, t in lines]


# ================================================================ C01 Projekt Gipfel (DMS export)
def spa_gipfel_clauses():
    return [
        ("Vertragsgegenstand", [
            para("Die Verkäuferin ist alleinige Gesellschafterin der Tiroler Fertigteilwerk GmbH mit dem Sitz in Schwaz, eingetragen im Firmenbuch des Landesgerichts Innsbruck zu " + phantom("fn", "FN 76543 h") + " (die „Gesellschaft“), mit einer zur Gänze einbezahlten Stammeinlage von EUR 500.000,00."),
            para("Die Verkäuferin verkauft und tritt hiermit ihren gesamten Geschäftsanteil an der Gesellschaft an die Käuferin ab, und die Käuferin kauft und übernimmt diesen Geschäftsanteil."),
        ]),
        ("Kaufpreis", [
            para("Der vorläufige Kaufpreis beträgt EUR 18.400.000,00 (in Worten: achtzehn Millionen vierhunderttausend Euro)."),
            para("Der Kaufpreis ist ", ("chg", "auf Basis des Locked-Box-Stichtags 31. Dezember 2023 fix und unterliegt keiner Anpassung", "auf Basis der Stichtagsbilanz zum Closing anhand der Nettofinanzverbindlichkeiten und des Working Capital gemäß Anlage ./4.2 anzupassen"), ".",
                 dec=("price_adjustment", "unstated")),
            para("Der Kaufpreis ist am Closing-Tag auf das Treuhandkonto der Notarin, IBAN " + phantom("iban", "AT48 3600 0000 0123 4567") + ", bei der Tauernbank AG zu überweisen."),
        ]),
        ("Closing", [
            para("Der Vollzug dieses Vertrags steht unter der aufschiebenden Bedingung der Freigabe des Zusammenschlusses durch die Bundeswettbewerbsbehörde."),
            para("Die Parteien werden den Zusammenschluss binnen zehn Bankarbeitstagen nach Unterfertigung anmelden."),
        ]),
        ("Zusicherungen der Verkäuferin", [
            para("Die Verkäuferin sichert zu, dass die in Anlage ./3.2 angeführten Liegenschaften lastenfrei im Eigentum der Gesellschaft stehen."),
            para("Der Jahresabschluss der Gesellschaft zum 31. Dezember 2023 wurde nach den Bestimmungen des UGB aufgestellt und vermittelt ein möglichst getreues Bild der Vermögens-, Finanz- und Ertragslage."),
        ]),
        ("Haftung", [
            para("Die Verkäuferin haftet der Käuferin für die Richtigkeit der Zusicherungen gemäß Punkt 4."),
            para("Ansprüche der Käuferin bestehen nur, soweit der einzelne Anspruch EUR 25.000,00 übersteigt (De-minimis)."),
            para("Die Haftung der Verkäuferin ist insgesamt mit ", ("chg", "10 %", "30 %"), " des Kaufpreises begrenzt.",
                 comment="Mandantin (Dr. Reisinger) besteht auf 30 % – Weisung in der Besprechung vom 8. März 2024.",
                 dec=("liability_cap", "client_instruction")),
            para("Ansprüche aus diesem Vertrag verjähren ", ("chg", "zwölf", "vierundzwanzig"), " Monate nach dem Closing-Tag.",
                 comment="Zwei Bilanzstichtage müssen abgedeckt sein, sonst bleibt das Risiko aus dem Jahresabschluss 2024 bei der Käuferin.",
                 dec=("limitation_period", "risk_allocation")),
        ]),
        ("Wettbewerbsverbot", [
            para("Die Verkäuferin wird für die Dauer von drei Jahren ab dem Closing-Tag im Bundesland Tirol kein Unternehmen betreiben, das mit dem Geschäft der Gesellschaft in Wettbewerb steht.",
                 kind="ins",
                 comment="Auf drei Jahre begrenzt: ein längeres Wettbewerbsverbot wäre kartellrechtlich nicht durchsetzbar.",
                 dec=("non_compete", "legal_requirement")),
        ]),
        ("Schlussbestimmungen", [
            para("Dieser Vertrag unterliegt österreichischem Recht unter Ausschluss der Verweisungsnormen."),
            para("Für Streitigkeiten aus diesem Vertrag ist das sachlich zuständige Gericht in ", ("chg", "Innsbruck", "Wien, Innere Stadt"), " ausschließlich zuständig.",
                 comment="Bitte mit der Notarin klären, ob die Unterfertigung in Wien möglich ist.", explains=False,
                 dec=("jurisdiction", "unstated")),
            para("Die mit der Errichtung dieses Vertrags verbundenen Kosten und Gebühren trägt jede Partei selbst."),
        ]),
    ]


SPA_HEAD_DE = [("h", "ABTRETUNGSVERTRAG"), ("p", "abgeschlossen zwischen"),
               ("p", "Brenner Beteiligungs GmbH, FN 198765 v, Maria-Theresien-Straße 18, 6020 Innsbruck (die „Verkäuferin“)"),
               ("p", "und"), ("p", "Alpenbau Holding AG, FN 287514 w, Wiedner Hauptstraße 63, 1040 Wien (die „Käuferin“)")]


def build_c01(E: Estate):
    m = "C01"
    base = "DMS_Export/Workspace_104233/Matter_0007"
    D, M = f"{base}/Documents", f"{base}/Emails"
    phantom("fn", "FN 198765 v"), phantom("fn", "FN 287514 w"), phantom("postal_code", "6020 Innsbruck")
    pa = [party("brenner"), party("alpenbau")]

    # NDA (signed PDF)
    nda = [("h", "VERTRAULICHKEITSVEREINBARUNG"), ("p", "zwischen Alpenbau Holding AG, FN 287514 w, 1040 Wien, und Brenner Beteiligungs GmbH, FN 198765 v, 6020 Innsbruck"),
           ("b", "1. Vertrauliche Informationen"), ("p", "Brenner Beteiligungs GmbH beabsichtigt, Alpenbau Holding AG im Rahmen des Projekts „Gipfel“ Informationen über die Tiroler Fertigteilwerk GmbH zugänglich zu machen."),
           ("b", "2. Geheimhaltung"), ("p", "Die Empfängerin wird die vertraulichen Informationen ausschließlich zur Prüfung der Transaktion verwenden und für die Dauer von drei Jahren geheim halten."),
           ("b", "3. Recht und Gerichtsstand"), ("p", "Es gilt österreichisches Recht. Gerichtsstand ist Wien."),
           ("p", "Wien / Innsbruck, am 15. Jänner 2024"), ("p", "Alpenbau Holding AG                  Brenner Beteiligungs GmbH")]
    nda_p = E.add(f"{D}/00041188_1.pdf", W.pdf_bytes(nda, title=""), matter=m, ref=None, doc_type="nda",
                  title="Vertraulichkeitsvereinbarung", parties=[party("alpenbau"), party("brenner")], language="de", date="2024-01-15")

    # Heads of Terms (English, by the seller's M&A adviser style)
    d = W.Doc(lang="en-GB", author="Katharina Huber", date="2024-01-29T10:00:00Z")
    lines_to_doc(d, [("h", "Project Summit – Heads of Terms"), ("p", "Strictly private and confidential – subject to contract"),
                     ("bo", "1. Parties"), ("p", "Alpenbau Holding AG (Vienna) as purchaser and Brenner Beteiligungs GmbH (Innsbruck) as seller."),
                     ("bo", "2. Target"), ("p", "100 % of the shares in Tiroler Fertigteilwerk GmbH, Schwaz (TFW)."),
                     ("bo", "3. Price"), ("p", "EUR 18.4 million on a cash-free, debt-free basis; locked box as at 31 December 2023."),
                     ("bo", "4. Exclusivity"), ("p", "Exclusivity until 31 March 2024."),
                     ("bo", "5. Conditions"), ("p", "Merger clearance by the Austrian Federal Competition Authority (BWB)."),
                     ("p", "Our ref: 104233/0007")])
    hot = E.add(f"{D}/00041203_1.docx", d.bytes(), matter=m, ref="104233/0007", doc_type="term_sheet", title="Project Summit – Heads of Terms",
                parties=[party("alpenbau"), party("brenner")], language="en", date="2024-01-29")

    # Firmenbuchauszug TFW
    fb = [("h", "Firmenbuchauszug mit aktuellen Daten"), ("p", "Stichtag 12.02.2024"), ("p", "FN 76543 h"), ("p", "Landesgericht Innsbruck"),
          ("b", "FIRMA"), ("p", "Tiroler Fertigteilwerk GmbH"), ("b", "RECHTSFORM"), ("p", "Gesellschaft mit beschränkter Haftung"),
          ("b", "SITZ"), ("p", "politische Gemeinde Schwaz"), ("b", "GESCHÄFTSANSCHRIFT"), ("p", "Industriestraße 7, " + phantom("postal_code", "6130 Schwaz")),
          ("b", "STAMMKAPITAL"), ("p", "EUR 500.000"), ("b", "GESELLSCHAFTER"), ("p", "Brenner Beteiligungs GmbH (FN 198765 v), Stammeinlage EUR 500.000, zur Gänze geleistet"),
          ("b", "GESCHÄFTSFÜHRER/IN"), ("p", "Ing. Florian Wechselberger, geb. 14.06.1971, vertritt seit 01.07.2015 selbständig")]
    fbp = E.add(f"{D}/00041216_1.pdf", W.pdf_bytes(fb, creator="Firmenbuch – Justiz Online", producer="JustizOnline PDF"), matter=m, ref=None,
                doc_type="register_extract", title="Firmenbuchauszug mit aktuellen Daten", parties=[party("tfw")], language="de", date="2024-02-12")

    # DD report
    d = W.Doc(lang="de-AT", author="Lukas Gruber", date="2024-02-23T16:00:00Z")
    lines_to_doc(d, [("h", "Legal Due Diligence – Tiroler Fertigteilwerk GmbH"), ("hb", "Zusammenfassung der wesentlichen Ergebnisse (Red Flags)"),
                     ("p", "Akt: 104233-0007 | Stand: 23. Februar 2024 | erstellt für Alpenbau Holding AG"),
                     ("b", "1. Gesellschaftsrechtliche Verhältnisse"), ("p", "Die Gesellschaft ist zu FN 76543 h beim Landesgericht Innsbruck eingetragen. Die Gesellschafterstellung der Brenner Beteiligungs GmbH ist lückenlos nachvollziehbar."),
                     ("b", "2. Liegenschaften"), ("p", "Das Werksgelände in Schwaz (EZ 1187, KG 87011 Schwaz) ist mit einem Höchstbetragspfandrecht zugunsten der Tauernbank AG über EUR 4 Mio. belastet; Lastenfreistellung zum Closing erforderlich."),
                     ("b", "3. Wesentliche Verträge"), ("p", "Der Liefervertrag mit der ÖBB-Infrastruktur AG enthält eine Change-of-Control-Klausel mit Kündigungsrecht."),
                     ("b", "4. Arbeitsrecht"), ("p", "Für die 212 Arbeitnehmer gilt der Kollektivvertrag für das Baugewerbe; keine Betriebsvereinbarung über Betriebspensionen.")])
    phantom("land_register", "EZ 1187, KG 87011 Schwaz")
    ddr = E.add(f"{D}/00041215_1.docx", d.bytes(), matter=m, ref="104233-0007", doc_type="due_diligence_report",
                title="Legal Due Diligence – Tiroler Fertigteilwerk GmbH", parties=[party("alpenbau"), party("tfw")], language="de", date="2024-02-23")

    # SPA chain: v1 seller draft, v2 AWT redline, v3 clean, PDF print of v3, executed notarial deed
    cl = spa_gipfel_clauses()
    paths = []
    for ver, mode, date, who in [(1, "v1", "2024-03-04", "Mag. Petra Lechner"), (2, "red", "2024-03-11", "Katharina Huber"), (3, "final", "2024-03-20", "Katharina Huber")]:
        d = W.Doc(lang="de-AT", author=who, date=f"{date}T09:30:00Z", numbering="dotted")
        d.rev_author, d.rev_date = "Katharina Huber", "2024-03-11T08:15:00Z"
        head = SPA_HEAD_DE + [("p", {1: "Entwurf der Verkäuferseite vom 4. März 2024", 2: "Markup AWT für die Käuferin, 11. März 2024", 3: "Abstimmungsfassung (clean) vom 20. März 2024"}[ver])]
        lines_to_doc(d, head)
        _, decs = render_contract(d, cl, numbering="auto", mode=mode, cite="punkt", rev={"comment_by": ("Katharina Huber", "KH"), "date": "2024-03-11T08:20:00Z"})
        p = f"{D}/00041231_{ver}.docx"
        paths.append(E.add(p, d.bytes(), matter=m, ref=None, doc_type="share_purchase_agreement", title="Abtretungsvertrag", parties=pa,
                           language="de", date=date, decisions=decs,
                           relations={"redline_of": [paths[0]] if ver == 2 else []}))
    v1, v2, v3 = paths
    E.convert(f"{D}/00041260_1.pdf", E.files[v3], "docx", "pdf")
    E.add(f"{D}/00041260_1.pdf", None, matter=m, ref=None, doc_type="share_purchase_agreement", title="Abtretungsvertrag", parties=pa,
          language="de", date="2024-03-20", relations={"near_duplicate_of": [v3]})
    lines, _ = render_contract(None, cl, numbering="auto", mode="final", cite="punkt")
    deed = [("h", "NOTARIATSAKT"), ("p", "GZ " + phantom("notarial_deed", "1187/2024") + " – Vor mir, Mag. Eva Ortner, öffentliche Notarin mit dem Amtssitz in Innsbruck, sind heute, am 2. April 2024, erschienen:")]
    deed += SPA_HEAD_DE[1:] + [("p", "und haben den nachstehenden")] + [("h", "ABTRETUNGSVERTRAG")] + lines
    deed += [("p", "Hierüber wurde dieser Notariatsakt aufgenommen, den Parteien vorgelesen, von ihnen genehmigt und unterfertigt."),
             ("p", "Innsbruck, am 2. April 2024   gez. Brenner Beteiligungs GmbH   gez. Alpenbau Holding AG   gez. Mag. Eva Ortner, Notarin")]
    executed = E.add(f"{D}/00041277_1.pdf", W.pdf_bytes(deed, creator="Notariat Ortner – NotarSoft"), matter=m, ref=None, doc_type="notarial_deed",
                     title="Notariatsakt", parties=pa, language="de", date="2024-04-02",
                     notes="the executed Abtretungsvertrag as notarial deed; last version of the SPA chain")
    E.chains.append([v1, v2, v3, executed])

    d = W.Doc(lang="de-AT", author="Lukas Gruber", date="2024-04-02T08:00:00Z")
    lines_to_doc(d, [("h", "Anlage ./3.2 – Liegenschaftsverzeichnis"), ("p", "zum Abtretungsvertrag vom 2. April 2024 zwischen Brenner Beteiligungs GmbH und Alpenbau Holding AG")])
    d.table([["EZ", "KG", "Grundstücke", "Fläche m²"], ["1187", "87011 Schwaz", "1412/3, 1412/4", "38.412"], ["2204", "87011 Schwaz", "1415/1", "6.120"]])
    anl = E.add(f"{D}/00041278_1.docx", d.bytes(), matter=m, ref=None, doc_type="annex", title="Anlage ./3.2 – Liegenschaftsverzeichnis",
                parties=pa, language="de", date="2024-04-02", relations={"annex_of": [executed]},
                notes="the SPA cites it as Anlage ./3.2 in Punkt 4.1 (the annex number is not the clause number)")

    d = W.Doc(lang="de-AT", author="Katharina Huber", date="2024-04-02T11:00:00Z")
    lines_to_doc(d, [("p", "Alpenbau Holding AG, Wiedner Hauptstraße 63, 1040 Wien"), ("p", "Brenner Beteiligungs GmbH, Maria-Theresien-Straße 18, 6020 Innsbruck"),
                     ("h", "Side Letter"), ("hb", "zum Abtretungsvertrag vom 2. April 2024 (Notariatsakt GZ 1187/2024)"),
                     ("p", "Ergänzend zum Abtretungsvertrag vereinbaren die Parteien: Erreicht die Gesellschaft im Geschäftsjahr 2024 ein EBITDA von mehr als EUR 3,1 Mio., erhöht sich der Kaufpreis um einen Earn-out von höchstens EUR 1.200.000,00."),
                     ("p", "Dieser Side Letter ist vertraulich und nicht Bestandteil des Notariatsakts."),
                     ("p", "Wien, am 2. April 2024")])
    side = E.add(f"{D}/00041290_1.docx", d.bytes(), matter=m, ref=None, doc_type="side_letter", title="Side Letter", parties=pa,
                 language="de", date="2024-04-02", relations={"references": [executed]})

    # signing checklist
    import openpyxl
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Signing"
    ws.append(["Projekt Gipfel – Signing- und Closing-Checkliste"])
    ws.append(["Akt 104233-0007", "Stand 28.03.2024"])
    ws.append(["Nr.", "Dokument", "Verantwortlich", "Status"])
    for row in [(1, "Abtretungsvertrag (Notariatsakt)", "AWT / Notarin Ortner", "Termin 2.4.2024"), (2, "Side Letter Earn-out", "AWT", "Entwurf"),
                (3, "Fusionsanmeldung BWB", "AWT", "eingebracht, BWB-GZ " + phantom("authority_ref", "BWB/Z-6012")), (4, "Lastenfreistellungserklärung Tauernbank", "Verkäuferin", "offen"),
                (5, "Umlaufbeschluss Geschäftsführerbestellung", "AWT", "offen")]:
        ws.append(list(row))
    wb.properties.creator = "Lukas Gruber"
    bio = __import__("io").BytesIO()
    wb.save(bio)
    E.add(f"{D}/00041300_1.xlsx", W.normalize_zip(bio.getvalue(), core_date="2024-03-28T12:00:00Z"), matter=m, ref="104233-0007",
          doc_type="signing_checklist", title="Projekt Gipfel – Signing- und Closing-Checkliste", parties=[], language="de", date="2024-03-28")

    # e-mail thread with the v2 markup attached (attachment byte-identical to 00041231_2.docx)
    ti1 = E.thread_index(None)
    body1 = ("Sehr geehrter Herr Dr. Reisinger,\n\nanbei übermitteln wir Ihnen unser Markup zum Entwurf des Abtretungsvertrags der Verkäuferseite vom 4. März 2024. "
             "Die wesentlichen Punkte: Haftungshöchstbetrag 30 % (Punkt 5.3), Verjährung 24 Monate, neues Wettbewerbsverbot (Punkt 6) und Kaufpreisanpassung über Stichtagsbilanz.\n\n"
             "Wir bitten um Ihre Freigabe bis Mittwoch.\n\nMit freundlichen Grüßen\nKatharina Huber\n\nDr. Katharina Huber | Partnerin\nAichinger Wyss Thornton Rechtsanwälte GmbH\nSchottenring 14, 1010 Wien\nT " + phantom("phone", "+43 1 532 17 00-214") + "\nUnser Akt: 104233-0007")
    mid1 = "<VI1PR08MB54713F2A0C1B@VI1PR08MB5471.eurprd08.prod.outlook.com>"
    e1 = W.eml_bytes(frm='"Huber, Katharina" <k.huber@awt-law.at>', to='"Dr. Georg Reisinger" <g.reisinger@alpenbau.at>',
                     cc='"Gruber, Lukas" <l.gruber@awt-law.at>', subject="Projekt Gipfel – Abtretungsvertrag, unser Markup [104233-0007]",
                     date="Mon, 11 Mar 2024 10:42:17 +0100", msgid=mid1, body=body1, thread_index=ti1,
                     hops=hops(None, None, "Mon, 11 Mar 2024 09:42:18 +0000", inbound=False),
                     atts=[("00041231_2.docx", E.files[v2], "application/vnd.openxmlformats-officedocument.wordprocessingml.document")])
    m1 = E.add(f"{M}/00041232_1.eml", e1, matter=m, ref="104233-0007", doc_type="email", title="Projekt Gipfel – Abtretungsvertrag, unser Markup [104233-0007]",
               parties=[party("alpenbau")], language="de", date="2024-03-11", relations={"references": [v1]})
    E.answers[v2]["relations"]["attachment_of"] = [m1]
    body2 = ("Liebe Frau Dr. Huber,\n\ndanke. Punkt 5.3 und das Wettbewerbsverbot passen so. Bei der Kaufpreisanpassung bitte noch mit unserem CFO abstimmen.\n\n"
             "Beste Grüße\nGeorg Reisinger\nAlpenbau Holding AG | Leitung Recht & Beteiligungen\nWiedner Hauptstraße 63, 1040 Wien\n\n"
             "-----Ursprüngliche Nachricht-----\nVon: Huber, Katharina <k.huber@awt-law.at>\nGesendet: Montag, 11. März 2024 10:42\nAn: Dr. Georg Reisinger\nBetreff: Projekt Gipfel – Abtretungsvertrag, unser Markup [104233-0007]\n\n"
             + "\n".join("> " + ln for ln in body1.splitlines()[:4]))
    mid2 = "<AM0PR02MB6625A1B2E9@AM0PR02MB6625.eurprd02.prod.outlook.com>"
    ti2 = E.thread_index(ti1)
    e2 = W.eml_bytes(frm='"Dr. Georg Reisinger" <g.reisinger@alpenbau.at>', to='"Huber, Katharina" <k.huber@awt-law.at>',
                     subject="AW: Projekt Gipfel – Abtretungsvertrag, unser Markup [104233-0007]", date="Tue, 12 Mar 2024 08:05:40 +0100",
                     msgid=mid2, irt=mid1, refs=[mid1], body=body2, thread_index=ti2, dkim_domain="alpenbau.at",
                     hops=hops("mail-eopbgr130041.outbound.protection.outlook.com", "40.107.13.41", "Tue, 12 Mar 2024 07:05:43 +0000"))
    m2 = E.add(f"{M}/00041240_1.eml", e2, matter=m, ref="104233-0007", doc_type="email", title="Projekt Gipfel – Abtretungsvertrag, unser Markup [104233-0007]",
               parties=[party("alpenbau")], language="de", date="2024-03-12", relations={"responds_to": [m1]})
    body3 = ("Lieber Herr Dr. Reisinger,\n\nwir stimmen die Stichtagsbilanz mit Herrn Mag. Köck ab und melden uns bis Freitag.\n\nBeste Grüße\nKatharina Huber\n\n"
             "Von: Dr. Georg Reisinger <g.reisinger@alpenbau.at>\nGesendet: Dienstag, 12. März 2024 08:05\n\n> Punkt 5.3 und das Wettbewerbsverbot passen so.")
    mid3 = "<VI1PR08MB5471B77C01D2@VI1PR08MB5471.eurprd08.prod.outlook.com>"
    e3 = W.eml_bytes(frm='"Huber, Katharina" <k.huber@awt-law.at>', to='"Dr. Georg Reisinger" <g.reisinger@alpenbau.at>',
                     subject="AW: AW: Projekt Gipfel – Abtretungsvertrag, unser Markup [104233-0007]", date="Tue, 12 Mar 2024 09:31:02 +0100",
                     msgid=mid3, irt=mid2, refs=[mid1, mid2], body=body3, thread_index=E.thread_index(ti2),
                     hops=hops(None, None, "Tue, 12 Mar 2024 08:31:03 +0000", inbound=False))
    m3 = E.add(f"{M}/00041241_1.eml", e3, matter=m, ref="104233-0007", doc_type="email", title="Projekt Gipfel – Abtretungsvertrag, unser Markup [104233-0007]",
               parties=[party("alpenbau")], language="de", date="2024-03-12", relations={"responds_to": [m2]})
    E.threads.append([m1, m2, m3])

    # forwarded comments of the seller's counsel
    body4 = ("Lukas, zur Info und bitte in die Issues List übernehmen. KH\n\n"
             "---------- Weitergeleitete Nachricht ----------\nVon: Mag. Petra Lechner <p.lechner@lechner-rauch.at>\nDatum: Montag, 18. März 2024 um 17:12\nBetreff: Projekt Gipfel – Anmerkungen Verkäuferseite\n\n"
             "Sehr geehrte Frau Kollegin,\n\nzu Ihrem Markup vom 11. März 2024 teilen wir mit: Die Haftungsbegrenzung von 30 % ist für unsere Mandantin nicht akzeptabel; wir können 20 % anbieten. "
             "Dem Wettbewerbsverbot stimmen wir für das Bundesland Tirol zu. Die Stichtagsbilanz lehnen wir ab und bleiben beim Locked Box.\n\n"
             "Mit kollegialen Grüßen\nPetra Lechner\nLechner Rauch Rechtsanwälte OG, Innsbruck")
    mid4 = "<VI1PR08MB547100AA77@VI1PR08MB5471.eurprd08.prod.outlook.com>"
    e4 = W.eml_bytes(frm='"Huber, Katharina" <k.huber@awt-law.at>', to='"Gruber, Lukas" <l.gruber@awt-law.at>',
                     subject="WG: Projekt Gipfel – Anmerkungen Verkäuferseite", date="Mon, 18 Mar 2024 17:40:55 +0100", msgid=mid4,
                     body=body4, thread_index=E.thread_index(None), hops=hops(None, None, "Mon, 18 Mar 2024 16:40:56 +0000", inbound=False), enc="8bit")
    E.add(f"{M}/00041250_1.eml", e4, matter=m, ref=None, doc_type="email", title="Projekt Gipfel – Anmerkungen Verkäuferseite",
          parties=[], language="de", date="2024-03-18", relations={"references": [v2]},
          notes="forward inside the firm; the seller's counsel never names her client; matter only by the deal name")

    inv = [("p", "Aichinger Wyss Thornton Rechtsanwälte GmbH | Schottenring 14 | 1010 Wien"), ("p", "Alpenbau Holding AG, z.H. Herrn Dr. Georg Reisinger, Wiedner Hauptstraße 63, 1040 Wien"),
           ("h", "Honorarnote"), ("p", "Honorarnote Nr. " + phantom("invoice_number", "HN-2024-0712") + " | Kundennummer " + phantom("customer_number", "104233") + " | Wien, 30. April 2024"),
           ("p", "Ihr Akt: 104233-0007 – Projekt Gipfel"), ("p", "Für unsere Leistungen im Zeitraum 1. Jänner bis 2. April 2024 (Due Diligence, Abtretungsvertrag, Signing) verrechnen wir:"),
           ("p", "Honorar laut Leistungsaufstellung EUR 148.250,00; Barauslagen EUR 1.318,40; 20 % USt EUR 29.913,68; Gesamt EUR 179.482,08"),
           ("p", "Zahlbar binnen 14 Tagen auf IBAN " + phantom("iban", "AT61 1904 3002 3457 3201") + " (Tauernbank AG). UID " + phantom("vat_id", "ATU69381245"))]
    E.add(f"{D}/00041310_1.pdf", W.pdf_bytes(inv, creator="AnNoText"), matter=m, ref="104233-0007", doc_type="invoice", title="Honorarnote",
          parties=[firm_party(), party("alpenbau")], language="de", date="2024-04-30",
          notes="Tauernbank only as the payee's bank: not a party")
    return {"v1": v1, "v2": v2, "v3": v3, "executed": executed, "nda": nda_p}


def letter_lines(sender, recipient, place_date, ref_line, subject, body, closing, signer):
    out = [("p", sender), ("", ""), *[("p", r) for r in recipient], ("", ""), ("p", place_date)]
    if ref_line:
        out.append(("p", ref_line))
    out += [("bo", subject), ("", "")] + [("p", b) for b in body] + [("p", closing), ("p", signer)]
    return out


# ================================================================ C02 Mietvertrag Linz (DMS export)
def lease_clauses():
    return [
        ("Mietgegenstand", [
            para("Die Vermieterin ist grundbücherliche Eigentümerin der Liegenschaft EZ 2291, KG 45203 Linz, mit dem Bürogebäude Hafenstraße 47, " + phantom("postal_code", "4020 Linz") + "."),
            para("Vermietet werden die im 3. und 4. Obergeschoß gelegenen Büroflächen im Ausmaß von rund 1.840 m² laut Flächenplan in Anhang B."),
        ]),
        ("Mietdauer", [
            para("Das Mietverhältnis beginnt am 1. Juli 2024 und wird auf unbestimmte Zeit abgeschlossen."),
            para("Die Mieterin verzichtet für die Dauer von ", ("chg", "drei", "fünf"), " Jahren auf die ordentliche Kündigung.",
                 comment="Die finanzierende Bank unserer Mandantin verlangt einen Kündigungsverzicht der Mieterin von fünf Jahren.", explains=True,
                 dec=("notice_period", "counterparty_request")),
            para("Die Kündigungsfrist beträgt sechs Monate zum Ende eines Kalendervierteljahres."),
        ]),
        ("Mietzins", [
            para("Der monatliche Hauptmietzins beträgt EUR 14,20 pro m² netto zuzüglich Betriebskosten und Umsatzsteuer."),
        ]),
        ("Betriebskosten", [
            para("Die Mieterin trägt die anteiligen Betriebskosten nach dem Verhältnis der Nutzflächen."),
        ]),
        ("Wertsicherung", [
            para("Der Hauptmietzins ist nach dem Verbraucherpreisindex 2020 wertgesichert; Schwankungen bis ", ("chg", "5 %", "3 %"), " bleiben unberücksichtigt.",
                 comment="Kompromiss aus der Besprechung vom 19. April: Schwelle 3 %, dafür verzichtet die Vermieterin auf die Staffelmiete.",
                 dec=("price_adjustment", "commercial_compromise")),
        ]),
        ("Kaution", [
            para("Die Mieterin leistet eine Kaution in Höhe von sechs Bruttomonatsmieten durch Übergabe einer abstrakten Bankgarantie."),
        ]),
        ("Untervermietung", [
            para("Eine Untervermietung bedarf der schriftlichen Zustimmung der Vermieterin."),
            para("Die Untervermietung an mit der Mieterin verbundene Unternehmen ist ohne Zustimmung zulässig.", kind="del",
                 comment="Bitte Rücksprache mit Mandantin vor dem nächsten Termin.", explains=False,
                 dec=("subletting", "unstated")),
        ]),
        ("Schlussbestimmungen", [
            para("Es gilt österreichisches Recht. Änderungen dieses Vertrags bedürfen der Schriftform."),
            para("Die Vergebührung nach dem Gebührengesetz trägt die Mieterin."),
        ]),
    ]


LEASE_HEAD = [("h", "MIETVERTRAG"), ("p", "abgeschlossen zwischen"),
              ("p", "Berghof Immobilien GmbH, FN 354871 d, Landstraße 21, 4020 Linz, als Vermieterin,"),
              ("p", "und"), ("p", "Alpenbau Holding AG, FN 287514 w, Wiedner Hauptstraße 63, 1040 Wien, als Mieterin")]


def build_c02(E: Estate):
    m = "C02"
    base = "DMS_Export/Workspace_104233/Matter_0009"
    D, M = f"{base}/Documents", f"{base}/Emails"
    phantom("fn", "FN 354871 d")
    pa = [party("berghof_linz"), party("alpenbau")]
    cl = lease_clauses()
    paths = []
    for ver, mode, date, who in [(1, "v1", "2024-04-08", "Katharina Huber"), (2, "red", "2024-04-22", "Dr. Helmut Haslinger"), (3, "final", "2024-05-06", "Katharina Huber")]:
        d = W.Doc(lang="de-AT", author=who, date=f"{date}T14:00:00Z")
        d.rev_author, d.rev_date = "Dr. Helmut Haslinger", "2024-04-22T11:00:00Z"
        lines_to_doc(d, LEASE_HEAD + [("p", {1: "Entwurf AWT vom 8. April 2024 – 104233-0009", 2: "Anmerkungen Vermieterin vom 22. April 2024", 3: "Endfassung vom 6. Mai 2024"}[ver])])
        _, decs = render_contract(d, cl, numbering="para", mode=mode, cite="para_at", rev={"comment_by": ("Dr. Helmut Haslinger", "HH"), "date": "2024-04-22T11:05:00Z"})
        paths.append(E.add(f"{D}/00041402_{ver}.docx", d.bytes(), matter=m, ref="104233-0009" if ver == 1 else None, doc_type="lease_agreement",
                           title="Mietvertrag", parties=pa, language="de", date=date, decisions=decs,
                           relations={"redline_of": [paths[0]] if ver == 2 else []}))
    lines, _ = render_contract(None, cl, numbering="para", mode="final", cite="para_at")
    signed = LEASE_HEAD + lines + [("p", "Linz, am 14. Mai 2024"), ("p", "Berghof Immobilien GmbH (Vermieterin)      Alpenbau Holding AG (Mieterin)")]
    signed_p = E.add(f"{D}/00041455_1.pdf", W.pdf_bytes(pdf_lines(signed)), matter=m, ref=None, doc_type="lease_agreement", title="Mietvertrag",
                     parties=pa, language="de", date="2024-05-14")
    E.chains.append(paths + [signed_p])
    plan = [("h", "Anhang B – Flächenplan Hafenstraße 47, 3. und 4. OG"), ("p", "zum Mietvertrag vom 14. Mai 2024 zwischen Berghof Immobilien GmbH und Alpenbau Holding AG"),
            ("p", "3. OG: Büros 301–318, Besprechung 320, Teeküche – 912 m²"), ("p", "4. OG: Büros 401–421, Archiv 425 – 928 m²"), ("p", "Summe Nutzfläche: 1.840 m² (gemessen nach ÖNORM B 1800)")]
    E.add(f"{D}/00041456_1.pdf", W.pdf_bytes(plan, creator="AutoCAD PDF"), matter=m, ref=None, doc_type="annex", title="Anhang B – Flächenplan Hafenstraße 47, 3. und 4. OG",
          parties=pa, language="de", date="2024-05-14", relations={"annex_of": [signed_p]})

    # letters: ours of 3 May, theirs of 10 May answering it, ours of 17 May answering theirs
    d = W.Doc(lang="de-AT", author="Katharina Huber", date="2024-05-03T09:00:00Z")
    l1 = letter_lines("Aichinger Wyss Thornton Rechtsanwälte GmbH, Schottenring 14, 1010 Wien",
                      ["Berghof Immobilien GmbH", "z.H. Herrn Mag. Dietmar Aigner", "Landstraße 21", "4020 Linz"],
                      "Wien, 3. Mai 2024", "Unser Zeichen: 104233-0009 KH/lg", "Mietvertrag Hafenstraße 47 – Übergabe und Kaution",
                      ["Sehr geehrter Herr Mag. Aigner,", "namens unserer Mandantin, der Alpenbau Holding AG, ersuchen wir um Bestätigung, dass die Übergabe der Mietflächen am 28. Juni 2024 erfolgen kann.",
                       "Die Kaution wird durch eine Bankgarantie der Tauernbank AG gestellt; den Garantietext übermitteln wir gesondert."],
                      "Mit freundlichen Grüßen", "Dr. Katharina Huber")
    lines_to_doc(d, l1)
    lt1 = E.add(f"{D}/00041431_1.docx", d.bytes(), matter=m, ref="104233-0009", doc_type="letter", title="Mietvertrag Hafenstraße 47 – Übergabe und Kaution",
                parties=pa, language="de", date="2024-05-03")
    l2 = letter_lines("Berghof Immobilien GmbH | Landstraße 21 | 4020 Linz | T " + phantom("phone", "+43 732 77 41 20"),
                      ["Aichinger Wyss Thornton Rechtsanwälte GmbH", "z.H. Frau Dr. Katharina Huber", "Schottenring 14", "1010 Wien"],
                      "Linz, 10. Mai 2024", "Ihr Zeichen: 104233-0009 KH/lg", "Mietvertrag Hafenstraße 47",
                      ["Sehr geehrte Frau Dr. Huber,", "wir beziehen uns auf Ihr Schreiben vom 3. Mai 2024. Die Übergabe am 28. Juni 2024 ist möglich; die Reinigung erfolgt bis 26. Juni.",
                       "Mit der Bankgarantie der Tauernbank AG sind wir einverstanden, sofern sie auf erstes Anfordern und unbefristet ausgestellt wird."],
                      "Mit freundlichen Grüßen", "Berghof Immobilien GmbH, Mag. Dietmar Aigner, Geschäftsführer")
    lt2 = E.add(f"{D}/00041440_1.pdf", W.pdf_bytes(l2), matter=m, ref="104233-0009", doc_type="letter", title="Mietvertrag Hafenstraße 47",
                parties=pa, language="de", date="2024-05-10", relations={"responds_to": [lt1]})
    d = W.Doc(lang="de-AT", author="Katharina Huber", date="2024-05-17T09:00:00Z")
    lines_to_doc(d, letter_lines("Aichinger Wyss Thornton Rechtsanwälte GmbH, Schottenring 14, 1010 Wien",
                                 ["Berghof Immobilien GmbH", "z.H. Herrn Mag. Dietmar Aigner", "Landstraße 21", "4020 Linz"],
                                 "Wien, 17. Mai 2024", "Unser Zeichen: 104233-0009 KH/lg", "Bankgarantie Kaution Hafenstraße 47",
                                 ["Sehr geehrter Herr Mag. Aigner,", "danke für Ihr Schreiben vom 10. Mai 2024. Die Tauernbank AG wird die Garantie auf erstes Anfordern ausstellen; eine Befristung bis sechs Monate nach Mietende halten wir für angemessen."],
                                 "Mit freundlichen Grüßen", "Dr. Katharina Huber"))
    E.add(f"{D}/00041447_1.docx", d.bytes(), matter=m, ref="104233-0009", doc_type="letter", title="Bankgarantie Kaution Hafenstraße 47",
          parties=pa, language="de", date="2024-05-17", relations={"responds_to": [lt2]})

    g = [("p", "Tauernbank AG | Rainerstraße 2 | " + phantom("postal_code", "5020 Salzburg")), ("h", "Bankgarantie"), ("p", "Garantie Nr. " + phantom("guarantee_number", "G-2024-104233-09")),
         ("p", "Wir wurden davon unterrichtet, dass die Alpenbau Holding AG, FN 287514 w (Auftraggeberin), mit der Berghof Immobilien GmbH, FN 354871 d, Linz (Begünstigte), einen Mietvertrag vom 14. Mai 2024 über Büroflächen in der Hafenstraße 47, 4020 Linz, abgeschlossen hat."),
         ("p", "Wir, die Tauernbank AG, verpflichten uns hiermit unwiderruflich, der Begünstigten auf erstes Anfordern und unter Verzicht auf Einwendungen jeden Betrag bis zur Höhe von EUR 188.600,00 zu zahlen."),
         ("p", "Salzburg, 12. Juni 2024   Tauernbank AG")]
    E.add(f"{D}/00041462_1.pdf", W.pdf_bytes(g), matter=m, ref=None, doc_type="guarantee", title="Bankgarantie",
          parties=[party("tauern_bank"), party("alpenbau"), party("berghof_linz")], language="de", date="2024-06-12",
          relations={"references": [signed_p]}, notes="guarantee number carries the client-matter digits (phantom); the bank is a party here as guarantor")

    d = W.Doc(lang="de-AT", author="Katharina Huber", date="2024-09-30T09:00:00Z")
    lines_to_doc(d, [("h", "1. Nachtrag zum Mietvertrag vom 14. Mai 2024"), ("p", "zwischen Berghof Immobilien GmbH, FN 354871 d, als Vermieterin und Alpenbau Holding AG, FN 287514 w, als Mieterin"),
                     ("bo", "§ 1 Zusatzfläche"), ("p", "(1) Ab 1. November 2024 werden zusätzlich die Lagerflächen im Untergeschoß (Top U-04, 212 m²) mitvermietet."),
                     ("p", "(2) Der Hauptmietzins für die Zusatzfläche beträgt EUR 7,80 pro m² netto; § 5 des Mietvertrags gilt sinngemäß."),
                     ("bo", "§ 2 Sonstiges"), ("p", "(1) Alle übrigen Bestimmungen des Mietvertrags bleiben unverändert.")])
    nach = E.add(f"{D}/00041520_1.docx", d.bytes(), matter=m, ref=None, doc_type="amendment_agreement", title="1. Nachtrag zum Mietvertrag vom 14. Mai 2024",
                 parties=pa, language="de", date="2024-09-30", relations={"amends": [signed_p]})
    body = ("Sehr geehrter Herr Kollege Dr. Haslinger,\n\nwie besprochen anbei der Entwurf des 1. Nachtrags zum Mietvertrag Hafenstraße 47 (Lagerflächen UG). "
            "Wir ersuchen um kurze Durchsicht.\n\nMit besten Grüßen\nKatharina Huber\nAichinger Wyss Thornton Rechtsanwälte GmbH\nAkt 104233/0009")
    mid = "<VI1PR08MB5471C0FFEE11@VI1PR08MB5471.eurprd08.prod.outlook.com>"
    e = W.eml_bytes(frm='"Huber, Katharina" <k.huber@awt-law.at>', to='"Dr. Helmut Haslinger" <office@haslinger-ra.at>', cc='"Mag. Dietmar Aigner" <d.aigner@berghof-linz.at>',
                    subject="Hafenstraße 47 – 1. Nachtrag (Entwurf)", date="Mon, 30 Sep 2024 15:12:09 +0200", msgid=mid, body=body,
                    thread_index=E.thread_index(None), hops=hops(None, None, "Mon, 30 Sep 2024 13:12:10 +0000", inbound=False),
                    atts=[("1. Nachtrag Mietvertrag Hafenstraße.docx", E.files[nach], "application/vnd.openxmlformats-officedocument.wordprocessingml.document")])
    em = E.add(f"{M}/00041521_1.eml", e, matter=m, ref="104233/0009", doc_type="email", title="Hafenstraße 47 – 1. Nachtrag (Entwurf)",
               parties=[party("berghof_linz")], language="de", date="2024-09-30")
    E.answers[nach]["relations"]["attachment_of"] = [em]
    return {"signed": signed_p, "letter_0503": lt1, "lease_v1": paths[0], "lease_v2": paths[1]}


# ================================================================ C03 Kingsmere distribution (year folders)
def dist_clauses():
    return [
        ("Appointment", [
            para("The Supplier appoints the Distributor as its exclusive distributor of the Products in the Territory set out in Exhibit B."),
            para("The Distributor shall not actively solicit customers for the Products outside the Territory."),
        ]),
        ("Exclusivity", [
            para("The Supplier shall not appoint any other distributor of the Products in the Territory."),
            para("The Supplier may make direct sales to the key accounts listed in Exhibit B.", kind="del",
                 comment="Duplicates Clause 1.1 read with Exhibit B – deleted for clarity.", dec=("exclusivity", "drafting_clarity")),
        ]),
        ("Prices", [
            para("The prices for the Products are set out in the Price List in Exhibit A."),
            para("The Supplier may increase the prices once in each calendar year ", ("chg", "by giving 30 days' notice", "by no more than the increase in the Austrian consumer price index (VPI 2020), capped at 4 %, and not before 1 January 2025"), ".",
                 comment="Commercial compromise agreed on the call of 20 November: CPI-linked, 4 % cap, no increase in year one.",
                 dec=("price_adjustment", "commercial_compromise")),
            para("Payment is due 60 days from the date of invoice."),
        ]),
        ("Liability", [
            para("Neither party excludes liability for death or personal injury caused by negligence or for fraud."),
            para("Subject to Clause 4.1, each party's total liability under this Agreement is limited to ", ("chg", "the fees paid in the twelve months preceding the claim", "EUR 500,000"), ".",
                 comment="A fee-based cap is close to zero in year one; a fixed amount gives both sides certainty.",
                 dec=("liability_cap", "risk_allocation")),
        ]),
        ("Term and Termination", [
            para("This Agreement commences on the Effective Date and continues for an initial term of three years."),
            para("Either party may terminate this Agreement by giving not less than ", ("chg", "three", "six"), " months' written notice expiring at the end of the initial term or at any time thereafter.",
                 comment="Client instruction (call with Tom Ashworth, 14 November): six months so that Kingsmere can line up a replacement distributor.",
                 dec=("notice_period", "client_instruction")),
        ]),
        ("Governing Law and Disputes", [
            para("This Agreement is governed by ", ("chg", "the laws of England and Wales", "Austrian law, excluding the UN Convention on Contracts for the International Sale of Goods"), ".",
                 comment="Donautal insists on Austrian law (their email of 17 November); acceptable only together with ICC arbitration.",
                 dec=("governing_law", "counterparty_request")),
            para("Any dispute shall be finally settled under the ICC Rules of Arbitration; the seat of arbitration is ", ("chg", "London", "Vienna"), ".",
                 dec=("dispute_resolution", "unstated")),
        ]),
    ]


DIST_HEAD = [("h", "DISTRIBUTION AGREEMENT"), ("p", "between"), ("p", "(1) Kingsmere Components Ltd, a company incorporated in England and Wales with company number 08412377, whose registered office is at 4 Riverside Way, Sheffield S9 1XT (the Supplier); and"),
             ("p", "(2) Donautal Handels GmbH, registered in the Austrian companies register under FN 402118 m, Hafenstraße 3, 3500 Krems an der Donau (the Distributor).")]


def build_c03(E: Estate):
    m = "C03"
    A = "2023/Kingsmere Components/CM-2023-118 Austrian distribution"
    B = "2024/Kingsmere Components/CM-2023-118 Austrian distribution"
    phantom("company_number", "08412377"), phantom("fn", "FN 402118 m"), phantom("postal_code", "S9 1XT")
    pa = [party("kingsmere"), party("donautal")]
    d = W.Doc(lang="en-GB", author="James Whitcombe", date="2023-10-02T09:00:00Z")
    lines_to_doc(d, letter_lines("AWT Legal LLP, 12 Old Jewry, London EC2R 8DN", ["Kingsmere Components Ltd", "For the attention of Tom Ashworth, Commercial Director", "4 Riverside Way", "Sheffield S9 1XT"],
                                 "2 October 2023", "Our ref: CM/2023/118 JW", "Terms of engagement – distribution arrangements in Austria",
                                 ["Dear Tom,", "Thank you for instructing AWT Legal LLP to advise Kingsmere Components Ltd on the appointment of Donautal Handels GmbH as distributor in Austria.",
                                  "Our fees will be charged at hourly rates (partner GBP 650, associate GBP 380). We estimate GBP 18,000 to 24,000 plus VAT for the agreement.",
                                  "AWT Legal LLP is a limited liability partnership registered in England and Wales (" + phantom("company_number", "OC439812") + ") and authorised by the Solicitors Regulation Authority (SRA no. " + phantom("sra_number", "812233") + ")."],
                                 "Yours sincerely", "James Whitcombe, Partner"))
    E.convert(f"{A}/Engagement letter Kingsmere.pdf", d.bytes(), "docx", "pdf")
    E.add(f"{A}/Engagement letter Kingsmere.pdf", None, matter=m, ref="CM/2023/118", doc_type="engagement_letter",
          title="Terms of engagement – distribution arrangements in Austria", parties=[firm_party() | {"name": "AWT Legal LLP"}, party("kingsmere")], language="en", date="2023-10-02")

    d = W.Doc(lang="en-GB", author="Sophie Lang", date="2023-10-20T09:00:00Z")
    lines_to_doc(d, [("h", "Memorandum"), ("p", "To: James Whitcombe | From: Sophie Lang (Vienna) | Date: 20 October 2023 | Matter: CM-2023-118"),
                     ("bo", "Indemnity for distributors under Austrian law"),
                     ("p", "Kingsmere Components Ltd proposes to appoint Donautal Handels GmbH, Krems, as its exclusive distributor for Austria. You asked whether Donautal could claim an indemnity when the agreement ends."),
                     ("p", "Austrian courts apply the goodwill indemnity of § 24 of the Commercial Agents Act (HVertrG) by analogy to distributors who are integrated into the supplier's sales organisation and must transfer their customer base on termination."),
                     ("p", "The indemnity is capped at one year's average annual remuneration and cannot be excluded in advance (§ 27 HVertrG). Choosing English law does not avoid it for a distributor based in Austria if Austrian courts have jurisdiction."),
                     ("p", "Recommendation: accept Austrian law only with arbitration, and price the indemnity risk into the margin.")])
    E.add(f"{A}/Memo Austrian distributor indemnity.docx", d.bytes(), matter=m, ref="CM-2023-118", doc_type="memo",
          title="Memorandum", parties=[party("kingsmere"), party("donautal")], language="en", date="2023-10-20",
          notes="title is the generic heading 'Memorandum'; the subject line below it is bold text")

    cl = dist_clauses()
    paths = []
    names = {1: f"{A}/Drafts/Distribution Agreement - AWT draft 1 (6 Nov 2023).docx", 2: f"{A}/Drafts/Distribution Agreement - draft 2 AWT markup 24-11-2023.docx",
             3: f"{A}/Drafts/Distribution Agreement - draft 3 clean.docx"}
    for ver, mode, date in [(1, "v1", "2023-11-06"), (2, "red", "2023-11-24"), (3, "final", "2023-12-05")]:
        d = W.Doc(lang="en-GB", author="James Whitcombe", date=f"{date}T16:00:00Z")
        d.rev_author, d.rev_date = "James Whitcombe", "2023-11-24T10:00:00Z"
        lines_to_doc(d, DIST_HEAD + [("p", "Draft %d – %s – subject to contract" % (ver, date))])
        _, decs = render_contract(d, cl, numbering="dotted", mode=mode, cite="clause", rev={"comment_by": ("James Whitcombe", "JW"), "date": "2023-11-24T10:05:00Z"})
        paths.append(E.add(names[ver], d.bytes(), matter=m, ref=None, doc_type="supply_agreement", title="Distribution Agreement", parties=pa,
                           language="en", date=date, decisions=decs, relations={"redline_of": [paths[0]] if ver == 2 else []}))
    lines, _ = render_contract(None, cl, numbering="dotted", mode="final", cite="clause")
    ex = DIST_HEAD + [("p", "Dated 14 December 2023")] + lines + [("p", "Signed for and on behalf of Kingsmere Components Ltd: T. Ashworth, Director"), ("p", "Signed for and on behalf of Donautal Handels GmbH: Mag. R. Haider, Geschäftsführer")]
    executed = E.add(f"{A}/Executed/Distribution Agreement - executed 14.12.2023.pdf", W.pdf_bytes(pdf_lines(ex)), matter=m, ref=None,
                     doc_type="supply_agreement", title="Distribution Agreement", parties=pa, language="en", date="2023-12-14")
    E.chains.append(paths + [executed])

    import openpyxl
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Exhibit A"
    ws.append(["Exhibit A – Price List"])
    ws.append(["to the Distribution Agreement dated 14 December 2023"])
    ws.append(["Part no.", "Product", "Unit", "Price EUR (ex works Sheffield)"])
    for r in [("KC-4410", "Hydraulic coupling DN20", "pc", 41.80), ("KC-4415", "Hydraulic coupling DN25", "pc", 52.10), ("KC-7720", "Quick-release valve", "pc", 88.00), ("KC-9001", "Seal kit", "set", 12.40)]:
        ws.append(list(r))
    bio = __import__("io").BytesIO()
    wb.save(bio)
    E.add(f"{A}/Executed/Exhibit A - Price List.xlsx", W.normalize_zip(bio.getvalue(), core_date="2023-12-14T09:00:00Z"), matter=m, ref=None,
          doc_type="annex", title="Exhibit A – Price List", parties=pa, language="en", date="2023-12-14", relations={"annex_of": [executed]})
    d = W.Doc(lang="en-GB", author="James Whitcombe", date="2023-12-14T09:00:00Z")
    lines_to_doc(d, [("h", "Exhibit B – Territory and Key Accounts"), ("p", "to the Distribution Agreement dated 14 December 2023 between Kingsmere Components Ltd and Donautal Handels GmbH"),
                     ("bo", "Territory"), ("p", "The Republic of Austria and the Autonomous Province of Bolzano-South Tyrol."),
                     ("bo", "Key accounts"), ("p", "None.")])
    E.add(f"{A}/Executed/Exhibit B - Territory.docx", d.bytes(), matter=m, ref=None, doc_type="annex", title="Exhibit B – Territory and Key Accounts",
          parties=pa, language="en", date="2023-12-14", relations={"annex_of": [executed]})

    # thread: draft 2 out, Donautal counsel replies, JW replies
    ti = E.thread_index(None)
    b1 = ("Dear Anna,\n\nPlease find attached draft 2 of the Distribution Agreement, marked up against our first draft of 6 November. "
          "We can accept Austrian law if disputes go to ICC arbitration in Vienna; the price adjustment follows our call of 20 November.\n\n"
          "Kind regards\nJames\n\nJames Whitcombe | Partner | AWT Legal LLP\n12 Old Jewry, London EC2R 8DN | " + phantom("phone", "+44 20 7946 0321") + "\nOur ref: CM/2023/118")
    mid1 = "<LO2P265MB5120A7D0@LO2P265MB5120.GBRP265.PROD.OUTLOOK.COM>"
    e1 = W.eml_bytes(frm='"James Whitcombe" <j.whitcombe@awt-legal.co.uk>', to='"Dr. Anna Leitner" <a.leitner@wolf-leitner.at>', cc='"Tom Ashworth" <tom.ashworth@kingsmere.co.uk>',
                     subject="Kingsmere / Donautal – Distribution Agreement draft 2 [CM/2023/118]", date="Fri, 24 Nov 2023 17:20:31 +0000", msgid=mid1, body=b1,
                     thread_index=ti, hops=hops(None, None, "Fri, 24 Nov 2023 17:20:32 +0000", inbound=False), lang="en-GB",
                     atts=[(names[2].rsplit("/", 1)[1], E.files[paths[1]], "application/vnd.openxmlformats-officedocument.wordprocessingml.document")])
    p1 = E.add(f"{A}/Correspondence/Distribution Agreement draft 2 to Wolf Leitner.eml", e1, matter=m, ref="CM/2023/118", doc_type="email",
               title="Kingsmere / Donautal – Distribution Agreement draft 2 [CM/2023/118]", parties=[party("kingsmere"), party("donautal")], language="en", date="2023-11-24",
               relations={"references": [paths[0]]})
    E.answers[paths[1]]["relations"]["attachment_of"] = [p1]
    b2 = ("Dear James,\n\nthank you. Our client accepts the liability cap of EUR 500,000 and the six months' notice. On the seat of arbitration we will revert after speaking to Mag. Haider.\n\n"
          "Best regards\nAnna Leitner\nWolf Leitner Rechtsanwälte GmbH, Wien\n\nFrom: James Whitcombe <j.whitcombe@awt-legal.co.uk>\nSent: Friday, 24 November 2023 18:20\nSubject: Kingsmere / Donautal – Distribution Agreement draft 2 [CM/2023/118]")
    mid2 = "<20231128091512.4F2A1C0451@mail.wolf-leitner.at>"
    ti2 = E.thread_index(ti)
    e2 = W.eml_bytes(frm='"Dr. Anna Leitner" <a.leitner@wolf-leitner.at>', to='"James Whitcombe" <j.whitcombe@awt-legal.co.uk>',
                     subject="RE: Kingsmere / Donautal – Distribution Agreement draft 2 [CM/2023/118]", date="Tue, 28 Nov 2023 10:15:12 +0100", msgid=mid2,
                     irt=mid1, refs=[mid1], body=b2, thread_index=ti2, dkim_domain="wolf-leitner.at", lang="en-GB",
                     hops=hops("mail.wolf-leitner.at", "81.223.14.90", "Tue, 28 Nov 2023 09:15:14 +0000"), mailer="Microsoft Outlook 16.0")
    p2 = E.add(f"{A}/Correspondence/RE Distribution Agreement draft 2.eml", e2, matter=m, ref="CM/2023/118", doc_type="email",
               title="Kingsmere / Donautal – Distribution Agreement draft 2 [CM/2023/118]", parties=[party("donautal"), party("kingsmere")], language="en", date="2023-11-28",
               relations={"responds_to": [p1]})
    b3 = ("Anna,\n\nthanks – we will circulate a clean draft 3 once the seat is agreed.\n\nJames\n\n> Our client accepts the liability cap of EUR 500,000 and the six months' notice.")
    mid3 = "<LO2P265MB5120B9E1@LO2P265MB5120.GBRP265.PROD.OUTLOOK.COM>"
    e3 = W.eml_bytes(frm='"James Whitcombe" <j.whitcombe@awt-legal.co.uk>', to='"Dr. Anna Leitner" <a.leitner@wolf-leitner.at>',
                     subject="RE: RE: Kingsmere / Donautal – Distribution Agreement draft 2 [CM/2023/118]", date="Tue, 28 Nov 2023 11:02:44 +0000", msgid=mid3,
                     irt=mid2, refs=[mid1, mid2], body=b3, thread_index=E.thread_index(ti2), lang="en-GB", enc="8bit",
                     hops=hops(None, None, "Tue, 28 Nov 2023 11:02:45 +0000", inbound=False))
    p3 = E.add(f"{A}/Correspondence/RE RE Distribution Agreement draft 2.eml", e3, matter=m, ref="CM/2023/118", doc_type="email",
               title="Kingsmere / Donautal – Distribution Agreement draft 2 [CM/2023/118]", parties=[party("donautal"), party("kingsmere")], language="en", date="2023-11-28",
               relations={"responds_to": [p2]})
    E.threads.append([p1, p2, p3])

    # 2024: price letter from Donautal (German), our answer, amendment draft and signed
    l = letter_lines("Donautal Handels GmbH | Hafenstraße 3 | " + phantom("postal_code", "3500 Krems an der Donau") + " | UID " + phantom("vat_id", "ATU71234509"),
                     ["Kingsmere Components Ltd", "4 Riverside Way", "Sheffield S9 1XT", "United Kingdom"], "Krems, 3. Mai 2024", "Kopie: AWT Legal LLP, Mr James Whitcombe",
                     "Vertriebsvertrag vom 14. Dezember 2023 – Preisanpassung 2025",
                     ["Sehr geehrter Herr Ashworth,", "Sie haben uns eine Preiserhöhung um 6,5 % ab 1. Jänner 2025 angekündigt. Nach Ziffer 3.2 des Vertriebsvertrags ist die Erhöhung an den VPI 2020 gebunden und mit 4 % gedeckelt.",
                      "Wir ersuchen daher um Bestätigung, dass die Preise höchstens um 4 % angehoben werden."], "Mit freundlichen Grüßen", "Mag. Robert Haider, Geschäftsführer")
    p_l1 = E.add(f"{B}/Correspondence/Donautal Schreiben Preisanpassung 2024-05-03.pdf", W.pdf_bytes(l), matter=m, ref=None, doc_type="letter",
                 title="Vertriebsvertrag vom 14. Dezember 2023 – Preisanpassung 2025", parties=[party("donautal"), party("kingsmere")], language="de", date="2024-05-03",
                 relations={"references": [executed]})
    d = W.Doc(lang="en-GB", author="James Whitcombe", date="2024-05-10T09:00:00Z")
    lines_to_doc(d, letter_lines("AWT Legal LLP, 12 Old Jewry, London EC2R 8DN", ["Donautal Handels GmbH", "For the attention of Mag. Robert Haider", "Hafenstraße 3", "3500 Krems an der Donau", "Austria"],
                                 "10 May 2024", "Our ref: CM/2023/118 JW", "Distribution Agreement dated 14 December 2023 – price adjustment",
                                 ["Dear Mr Haider,", "We act for Kingsmere Components Ltd and refer to your letter of 3 May 2024.",
                                  "Our client agrees that Clause 3.2 caps the annual increase at 4 %. It proposes to amend the Price List in Exhibit A with effect from 1 January 2025 and to add two new product lines; we enclose a draft amendment."],
                                 "Yours sincerely", "James Whitcombe"))
    p_l2 = E.add(f"{B}/Correspondence/Letter to Donautal re price adjustment.docx", d.bytes(), matter=m, ref="CM/2023/118", doc_type="letter",
                 title="Distribution Agreement dated 14 December 2023 – price adjustment", parties=[party("kingsmere"), party("donautal")], language="en", date="2024-05-10",
                 relations={"responds_to": [p_l1]})
    am_lines = [("h", "AMENDMENT No. 1"), ("hb", "to the Distribution Agreement dated 14 December 2023"),
                ("p", "between Kingsmere Components Ltd (company number 08412377) and Donautal Handels GmbH (FN 402118 m)"),
                ("bo", "1. Amendments"), ("p", "1.1 Exhibit A (Price List) is replaced by the price list attached to this Amendment with effect from 1 January 2025."),
                ("p", "1.2 The Products include the KC-8000 series of proportional valves."),
                ("bo", "2. Continuation"), ("p", "2.1 Save as amended by this Amendment, the Distribution Agreement continues in full force and effect.")]
    d = W.Doc(lang="en-GB", author="James Whitcombe", date="2024-05-21T09:00:00Z")
    lines_to_doc(d, am_lines + [("p", "Draft 21 May 2024")])
    am_d = E.add(f"{B}/Amendment/Amendment No 1 - draft 21-05-2024.docx", d.bytes(), matter=m, ref=None, doc_type="amendment_agreement",
                 title="AMENDMENT No. 1", parties=pa, language="en", date="2024-05-21", relations={"amends": [executed]})
    am_s = E.add(f"{B}/Amendment/Amendment No 1 - signed.pdf", W.scan_pdf(am_lines + [("p", "Dated 3 June 2024"), ("p", "T. Ashworth          R. Haider")], E.rng),
                 matter=m, ref=None, doc_type="amendment_agreement", title="AMENDMENT No. 1", parties=pa, language="en", date="2024-06-03",
                 text_layer=False, relations={"amends": [executed]}, notes="image-only scan of the signed amendment")
    E.chains.append([am_d, am_s])
    E.answers[p_l2]["relations"]["references"] = [am_d]
    return {"executed": executed, "A": A, "B": B, "am_signed": am_s}


# ================================================================ C04 LIT-0456 Seehotel (Austrian litigation)
GZ = "23 Cg 117/24k"


def settlement_clauses():
    return [
        ("Gegenstand", [para("Die Parteien beenden mit diesem Vergleich den beim Landesgericht Klagenfurt zu " + GZ + " anhängigen Rechtsstreit über die Mängel an der Seeterrasse und dem Wellnesstrakt des Seehotels.")]),
        ("Vergleichsbetrag", [para("Die Beklagte bezahlt der Klägerin zur Bereinigung sämtlicher Ansprüche ", ("chg", "EUR 120.000,00 in vier Quartalsraten", "EUR 145.000,00 in zwei gleichen Raten am 31. Oktober 2024 und am 31. Jänner 2025"), ".",
                                   comment="Kompromiss aus dem Vergleichsgespräch am 17. September: 145.000 in zwei Raten statt der eingeklagten 236.400.",
                                   dec=("settlement_amount", "commercial_compromise"))]),
        ("Mängelbehebung", [para("Die Beklagte behebt die im Gutachten Ing. Moser angeführten Mängel an der Abdichtung bis 30. April 2025 auf eigene Kosten.")]),
        ("Kosten", [para("Die Verfahrenskosten werden gegeneinander aufgehoben; die Pauschalgebühr trägt jede Partei zur Hälfte.", kind="ins",
                         comment="Die Gegenseite verlangt Kostenaufhebung, sonst kein Vergleich.", dec=("costs", "counterparty_request"))]),
        ("Ruhen des Verfahrens", [para("Die Parteien ", ("chg", "beantragen das Ruhen des Verfahrens", "vereinbaren Ruhen des Verfahrens und zeigen dies dem Gericht gemeinsam an"), ".",
                                       comment="Ruhen tritt nach § 168 ZPO nur durch Vereinbarung beider Parteien und Anzeige ein – Formulierung angepasst.",
                                       dec=("procedure", "legal_requirement"))]),
        ("Generalklausel", [para("Mit Erfüllung dieses Vergleichs sind alle wechselseitigen Ansprüche aus dem Werkvertrag vom 9. März 2021 bereinigt und verglichen.")]),
    ]


def build_c04(E: Estate):
    m = "C04"
    F = "Prozesse/LIT-0456 Seehotel Weissensee gg Kärntner Hochbau"
    phantom("court_file", GZ), phantom("fn", "FN 118932 f"), phantom("fn", "FN 255610 b"), phantom("postal_code", "9762 Techendorf")
    pa = [party("seehotel"), party("hochbau")]
    rubrum = ["An das", "Landesgericht Klagenfurt", "Dobernigstraße 2", phantom("postal_code", "9020 Klagenfurt am Wörthersee"), "",
              "Klagende Partei: Seehotel Weissensee GmbH, FN 118932 f, Techendorf 41, 9762 Techendorf",
              "vertreten durch: Aichinger Wyss Thornton Rechtsanwälte GmbH, Schottenring 14, 1010 Wien (Vollmacht erteilt, § 30 Abs 2 ZPO)",
              "Beklagte Partei: Kärntner Hochbau GmbH, FN 255610 b, Italiener Straße 18, " + phantom("postal_code", "9500 Villach"),
              "wegen: EUR 236.400,00 samt Anhang (Schadenersatz und Gewährleistung)"]
    d = W.Doc(lang="de-AT", author="Stefan Pichler", date="2024-02-19T10:00:00Z")
    for r in rubrum:
        d.p(r)
    lines_to_doc(d, [("h", "KLAGE"), ("p", "Unser Akt: LIT-0456 SP"),
                     ("bo", "1. Sachverhalt"), ("p", "Die beklagte Partei hat mit Werkvertrag vom 9. März 2021 (Beilage ./A) die Errichtung der Seeterrasse und des Wellnesstrakts übernommen. Bereits im ersten Winter traten Wassereintritte auf (Mängelrüge Beilage ./B)."),
                     ("bo", "2. Mängel und Schaden"), ("p", "Laut Privatgutachten Ing. Moser (Beilage ./C) ist die Abdichtung nicht nach ÖNORM B 3691 ausgeführt. Die Sanierungskosten betragen EUR 236.400,00."),
                     ("bo", "3. Beweise"), ("p", "Beilagen ./A bis ./C; PV; Ing. Christian Moser als Zeuge; SV aus dem Fach Bauwesen."),
                     ("bo", "4. Begehren"), ("p", "Die beklagte Partei ist schuldig, der klagenden Partei EUR 236.400,00 samt 9,2 % Zinsen über dem Basiszinssatz seit 1. Dezember 2023 binnen 14 Tagen zu bezahlen und die Prozesskosten zu ersetzen."),
                     ("p", "Seehotel Weissensee GmbH")])
    klage = E.add(f"{F}/Schriftsätze/2024-02-19 Klage.docx", d.bytes(), matter=m, ref="LIT-0456", doc_type="statement_of_claim", title="KLAGE",
                  parties=pa, language="de", date="2024-02-19")
    E.convert(f"{F}/Schriftsätze/2024-02-19 Klage (eingebracht).pdf", E.files[klage], "docx", "pdf")
    E.add(f"{F}/Schriftsätze/2024-02-19 Klage (eingebracht).pdf", None, matter=m, ref="LIT-0456", doc_type="statement_of_claim", title="KLAGE",
          parties=pa, language="de", date="2024-02-19", relations={"near_duplicate_of": [klage]})
    ba = [("p", "Beilage ./A"), ("h", "WERKVERTRAG"), ("p", "zwischen Seehotel Weissensee GmbH (Auftraggeberin) und Kärntner Hochbau GmbH (Auftragnehmerin)"),
          ("p", "1. Gegenstand: Errichtung Seeterrasse (420 m²) und Wellnesstrakt gemäß Leistungsverzeichnis LV-2021-03."), ("p", "2. Werklohn: Pauschal EUR 1.184.000,00 netto."),
          ("p", "3. Gewährleistung: drei Jahre ab Übernahme."), ("p", "Techendorf, 9. März 2021")]
    E.add(f"{F}/Beilagen/Beilage A Werkvertrag 2021.pdf", W.scan_pdf(ba, E.rng), matter=m, ref=None, doc_type="annex", title="WERKVERTRAG",
          parties=pa, language="de", date="2021-03-09", text_layer=False, relations={"annex_of": [klage]},
          notes="image-only scan of the 2021 works contract used as exhibit ./A (the label is a stamp line, the heading is the contract's); types.py has no construction-contract type, hence annex")
    gut = [("h", "Gutachten"), ("b", "über die Ursache der Wassereintritte im Wellnesstrakt des Seehotels Weissensee"), ("p", "erstattet von Ing. Christian Moser, allgemein beeideter und gerichtlich zertifizierter Sachverständiger, Klagenfurt"),
           ("p", "Auftraggeberin: Seehotel Weissensee GmbH"), ("p", "1. Befund: Die Bauwerksabdichtung der Terrassenfläche weist an 14 Stellen Fehlstellen auf; die Hochzüge sind nur 8 cm statt 15 cm hoch."),
           ("p", "2. Gutachten: Die Ausführung entspricht nicht ÖNORM B 3691. Sanierung durch vollständige Erneuerung der Abdichtung; Kosten EUR 236.400,00 netto."),
           ("p", "Klagenfurt, 20. Dezember 2023")]
    E.add(f"{F}/Beilagen/Beilage C Privatgutachten Moser.pdf", W.pdf_bytes(gut), matter=m, ref=None, doc_type="expert_report",
          title="Gutachten", parties=[party("seehotel")], language="de", date="2023-12-20", relations={"annex_of": [klage]})
    co = [("p", "REPUBLIK ÖSTERREICH – Landesgericht Klagenfurt"), ("p", GZ), ("h", "Auftrag zur Klagebeantwortung"),
          ("p", "Klagende Partei: Seehotel Weissensee GmbH, vertreten durch Aichinger Wyss Thornton Rechtsanwälte GmbH"), ("p", "Beklagte Partei: Kärntner Hochbau GmbH"),
          ("p", "Der beklagten Partei wird aufgetragen, binnen vier Wochen die Klagebeantwortung zu erstatten."), ("p", "Landesgericht Klagenfurt, Abteilung 23, am 5. März 2024")]
    E.add(f"{F}/Gericht/2024-03-05 Auftrag Klagebeantwortung.pdf", W.pdf_bytes(co, creator="Verfahrensautomation Justiz"), matter=m, ref=None,
          doc_type="court_order", title="Auftrag zur Klagebeantwortung", parties=pa, language="de", date="2024-03-05")
    kb = [("p", "An das Landesgericht Klagenfurt"), ("p", "GZ " + GZ), ("p", "Klagende Partei: Seehotel Weissensee GmbH"), ("p", "Beklagte Partei: Kärntner Hochbau GmbH, vertreten durch Dr. Ulrike Sattlegger, Rechtsanwältin in Villach"),
          ("h", "KLAGEBEANTWORTUNG"), ("p", "Zur Klage vom 19. Februar 2024 erstattet die beklagte Partei innerhalb offener Frist die Klagebeantwortung:"),
          ("p", "1. Das Klagebegehren wird dem Grunde und der Höhe nach bestritten. Die Wassereintritte gehen auf mangelhafte Wartung der Entwässerung durch die Klägerin zurück."),
          ("p", "2. Die Klägerin hat die Mängel nicht rechtzeitig gerügt; im Übrigen ist der Werklohn aus der Schlussrechnung " + phantom("invoice_number", "SR-2022-0188") + " in Höhe von EUR 61.300,00 offen und wird aufrechnungsweise eingewendet."),
          ("p", "Es wird beantragt, das Klagebegehren abzuweisen."), ("p", "Villach, am 2. April 2024   Kärntner Hochbau GmbH")]
    kbp = E.add(f"{F}/Schriftsätze/2024-04-02 Klagebeantwortung.pdf", W.pdf_bytes(kb), matter=m, ref=None, doc_type="statement_of_defence",
                title="KLAGEBEANTWORTUNG", parties=pa, language="de", date="2024-04-02", relations={"responds_to": [klage]})
    d = W.Doc(lang="de-AT", author="Stefan Pichler", date="2024-05-14T10:00:00Z")
    lines_to_doc(d, [("p", "An das Landesgericht Klagenfurt"), ("p", "GZ " + GZ), ("p", "Klagende Partei: Seehotel Weissensee GmbH"), ("p", "Beklagte Partei: Kärntner Hochbau GmbH"),
                     ("h", "VORBEREITENDER SCHRIFTSATZ"), ("p", "Unser Zeichen: LIT-0456"),
                     ("p", "Zur Klagebeantwortung vom 2. April 2024 bringt die klagende Partei vor:"),
                     ("p", "1. Die Mängelrüge erfolgte am 11. Jänner 2023 schriftlich (Beilage ./B) und damit rechtzeitig."),
                     ("p", "2. Die behauptete Werklohnforderung ist durch Zahlung vom 30. September 2022 getilgt (Beilage ./D)."),
                     ("p", "Seehotel Weissensee GmbH")])
    rep = E.add(f"{F}/Schriftsätze/2024-05-14 Vorbereitender Schriftsatz.docx", d.bytes(), matter=m, ref="LIT-0456", doc_type="reply_brief",
                title="VORBEREITENDER SCHRIFTSATZ", parties=pa, language="de", date="2024-05-14", relations={"responds_to": [kbp]})
    la = [("p", "Landesgericht Klagenfurt"), ("p", GZ), ("h", "Ladung zur vorbereitenden Tagsatzung"),
          ("p", "In der Rechtssache der klagenden Partei Seehotel Weissensee GmbH gegen die beklagte Partei Kärntner Hochbau GmbH wegen EUR 236.400,00 s.A. wird die vorbereitende Tagsatzung anberaumt auf"),
          ("b", "Mittwoch, 12. Juni 2024, 09:30 Uhr, Verhandlungssaal 104"), ("p", "Die Parteien werden aufgefordert, persönlich zu erscheinen."), ("p", "Klagenfurt, 16. Mai 2024")]
    E.add(f"{F}/Gericht/Ladung Tagsatzung 12.06.2024.pdf", W.pdf_bytes(la, creator="Verfahrensautomation Justiz"), matter=m, ref=None, doc_type="summons",
          title="Ladung zur vorbereitenden Tagsatzung", parties=pa, language="de", date="2024-05-16")
    pr = [("p", "Landesgericht Klagenfurt, " + GZ), ("h", "PROTOKOLL"), ("b", "aufgenommen in der vorbereitenden Tagsatzung am 12. Juni 2024"),
          ("p", "Anwesend: Richterin Mag. Andrea Petschnig; für die klagende Partei Mag. Stefan Pichler; für die beklagte Partei Dr. Ulrike Sattlegger."),
          ("p", "Die Parteien erörtern die Möglichkeit eines Vergleichs. Das Prozessprogramm wird festgelegt: Einholung eines Gutachtens aus dem Fachgebiet Hochbau/Abdichtung."),
          ("p", "Die Verhandlung wird auf unbestimmte Zeit erstreckt.")]
    prot_lines = pr
    prot = E.add(f"{F}/Gericht/Protokoll Tagsatzung 12.06.2024.pdf", W.pdf_bytes(pr, creator="Verfahrensautomation Justiz"), matter=m, ref=None,
                 doc_type="minutes", title="PROTOKOLL", parties=pa, language="de", date="2024-06-12")
    kv = [("h", "Kostenverzeichnis"), ("p", "der klagenden Partei in " + GZ + " (LIT-0456)"), ("p", "nach RATG, Bemessungsgrundlage EUR 236.400,00"),
          ("p", "Klage TP 3A: EUR 2.866,60; ES 50 %: EUR 1.433,30; ERV: EUR 5,00"), ("p", "Vorbereitender Schriftsatz TP 3A: EUR 2.866,60"), ("p", "Tagsatzung 12.06.2024 TP 3A, 2 Stunden: EUR 5.733,20"),
          ("p", "Pauschalgebühr TP 1 GGG: EUR 4.591,00"), ("p", "Summe netto EUR 17.495,70")]
    E.add(f"{F}/Kostenverzeichnis 12.06.2024.pdf", W.pdf_bytes(kv), matter=m, ref="LIT-0456", doc_type="fee_note", title="Kostenverzeichnis",
          parties=[party("seehotel")], language="de", date="2024-06-12")
    vo = [("h", "VOLLMACHT"), ("p", "Die Seehotel Weissensee GmbH, FN 118932 f, erteilt hiermit der Aichinger Wyss Thornton Rechtsanwälte GmbH Vollmacht, sie in der Rechtssache gegen die Kärntner Hochbau GmbH vor allen Gerichten zu vertreten (Prozessvollmacht, § 31 ZPO)."),
          ("p", "Techendorf, am 5. Februar 2024"), ("p", "Seehotel Weissensee GmbH, Mag. Lisa Gasser, Geschäftsführerin")]
    vop = E.add(f"{F}/Prozessvollmacht Seehotel.pdf", W.pdf_bytes(vo), matter=m, ref=None, doc_type="power_of_attorney", title="VOLLMACHT",
                parties=[party("seehotel")], language="de", date="2024-02-05")
    cl = settlement_clauses()
    sp = []
    for ver, mode, date, who, name in [(1, "v1", "2024-09-10", "Dr. Ulrike Sattlegger", "Vergleich Entwurf Sattlegger 10.09.2024.docx"),
                                       (2, "red", "2024-09-19", "Stefan Pichler", "Vergleich Entwurf Sattlegger - Anm AWT 19.09.2024.docx")]:
        d = W.Doc(lang="de-AT", author=who, date=f"{date}T10:00:00Z")
        d.rev_author, d.rev_date = "Stefan Pichler", "2024-09-19T09:00:00Z"
        lines_to_doc(d, [("h", "VERGLEICH"), ("p", "abgeschlossen zwischen Seehotel Weissensee GmbH, FN 118932 f (Klägerin), und Kärntner Hochbau GmbH, FN 255610 b (Beklagte)")])
        _, decs = render_contract(d, cl, numbering="punkt", mode=mode, cite="punkt_only", rev={"comment_by": ("Stefan Pichler", "SP"), "date": "2024-09-19T09:05:00Z"})
        sp.append(E.add(f"{F}/{name}", d.bytes(), matter=m, ref=None, doc_type="settlement_agreement", title="VERGLEICH", parties=pa, language="de",
                        date=date, decisions=decs, relations={"redline_of": [sp[0]] if ver == 2 else []}))
    E.chains.append(sp)
    return {"klage": klage, "protocol": prot, "protocol_lines": prot_lines, "vollmacht": vop, "vollmacht_lines": vo, "F": F, "settle": sp}


# ================================================================ C05 Z24-0312 Sennhof / Lumina (Zurich)
def licence_clauses():
    return [
        ("Definitions", [para("“Licensed Patents” means the patents and patent applications listed in Annex 1."),
                         para("“Net Sales” means the gross amounts invoiced by the Licensee for Licensed Products less returns, rebates and VAT.")]),
        ("Grant of Licence", [para("Sennhof grants to Lumina an exclusive licence under the Licensed Patents to develop and sell Licensed Products in the Field in the Territory."),
                              para("Lumina may grant sub-licences only with Sennhof's prior written consent.")]),
        ("Milestones", [para("Lumina shall pay CHF 750,000 on the first patient dosed in a Phase II trial.")]),
        ("Reporting", [para("Lumina shall report Net Sales within 45 days after the end of each calendar quarter.")]),
        ("Royalties", [para("Lumina shall pay royalties on Net Sales in each calendar quarter."),
                       para("The royalty rate is ", ("chg", "6 %", "4.5 %"), " of Net Sales; the minimum annual royalty of CHF 200,000 remains unaffected.",
                            comment="As discussed with Dr. Vogt on 29 April: 4.5 % in exchange for keeping the minimum annual royalty unchanged.",
                            dec=("price_adjustment", "commercial_compromise")),
                       para("All payments are made without deduction of Swiss withholding tax; if a deduction is required, Lumina shall gross up the payment.", kind="del",
                            comment="Licence fees are not subject to Swiss withholding tax (Verrechnungssteuer); the gross-up is unnecessary.",
                            dec=("tax_gross_up", "tax"))]),
        ("Liability", [para("Each party's aggregate liability under this Agreement is limited to the royalties paid in the preceding twelve months."),
                       para("The limitation in Section 6.1 does not apply to liability for intent or gross negligence.", kind="ins",
                            comment="Art. 100 para. 1 CO: liability for intent or gross negligence cannot be excluded in advance.",
                            dec=("liability_cap", "legal_requirement"))]),
        ("Term", [para("This Agreement continues until the expiry of the last Licensed Patent.")]),
        ("Governing Law", [para("This Agreement is governed by Swiss substantive law."),
                           para("Disputes shall be resolved by arbitration under the Swiss Rules of International Arbitration; the seat is ", ("chg", "Zurich", "Geneva"), ".",
                                comment="Our client prefers Geneva as seat – its management and witnesses are there.", dec=("dispute_resolution", "counterparty_request"))]),
    ]


LIC_HEAD = [("h", "Licence Agreement"), ("p", "between Sennhof Pharma AG, Aeschenvorstadt 55, 4051 Basel, Switzerland, UID CHE-276.431.905 (“Sennhof”)"),
            ("p", "and Lumina Biotech SA, Chemin des Aulx 14, 1228 Plan-les-Ouates (Genève), Switzerland, UID CHE-412.093.117 (“Lumina”)")]


def build_c05(E: Estate):
    m = "C05"
    F = "Zürich/Klienten/Sennhof Pharma AG/Z24-0312 Lizenz Lumina"
    phantom("uid_ch", "CHE-276.431.905"), phantom("uid_ch", "CHE-412.093.117"), phantom("postal_code", "4051 Basel")
    pa = [party("sennhof"), party("lumina")]
    mb = [("p", "Aichinger Wyss Thornton AG | Bahnhofstrasse 58 | " + phantom("postal_code", "8001 Zürich")), ("p", "Sennhof Pharma AG, Frau Dr. Regula Stäheli, Leiterin Recht, Aeschenvorstadt 55, 4051 Basel"),
          ("p", "Zürich, 20. März 2024"), ("p", "Unser Dossier: Z24-0312 / NB"), ("h", "Mandatsbestätigung"),
          ("p", "Sehr geehrte Frau Dr. Stäheli"), ("p", "Wir bestätigen Ihnen gerne das Mandat betreffend die Auslizenzierung der Patentfamilie SNH-17 an die Lumina Biotech SA, Genf."),
          ("p", "Unser Honorar richtet sich nach Zeitaufwand zu einem Stundensatz von CHF 520 (Partnerin) bzw. CHF 340 (Associate), zuzüglich MWST (" + phantom("vat_id", "CHE-109.876.543 MWST") + ")."),
          ("p", "Freundliche Grüsse"), ("p", "Dr. Nicole Brunner")]
    E.add(f"{F}/Mandatsbestätigung Sennhof.pdf", W.pdf_bytes(mb), matter=m, ref="Z24-0312", doc_type="engagement_letter", title="Mandatsbestätigung",
          parties=[firm_party() | {"name": "Aichinger Wyss Thornton AG"}, party("sennhof")], language="de", date="2024-03-20",
          notes="Swiss spelling (ss for ß)")
    cda = [("h", "Confidentiality Agreement"), ("p", "between Sennhof Pharma AG, Basel, and Lumina Biotech SA, Geneva"),
           ("p", "1. Purpose. The parties wish to evaluate a licence of Sennhof's SNH-17 patent family (the Purpose)."),
           ("p", "2. Obligations. The Recipient shall use Confidential Information only for the Purpose and keep it confidential for five years."),
           ("p", "3. Law. Swiss law; courts of Basel-Stadt."), ("p", "Basel / Geneva, 1 February 2024")]
    E.add(f"{F}/Confidentiality Agreement Sennhof Lumina (signed).pdf", W.pdf_bytes(cda), matter=m, ref=None, doc_type="nda", title="Confidentiality Agreement",
          parties=pa, language="en", date="2024-02-01")
    cl = licence_clauses()
    paths = []
    names = {1: "Entwürfe/Licence Agreement v1 (AWT draft).docx", 2: "Entwürfe/Licence Agreement v2 - Lumina mark-up 2024-05-03.docx", 3: "Entwürfe/Licence Agreement v3 final.docx"}
    for ver, mode, date, who in [(1, "v1", "2024-04-15", "Nicole Brunner"), (2, "red", "2024-05-03", "Me Claire Dubois"), (3, "final", "2024-05-27", "Nicole Brunner")]:
        d = W.Doc(lang="en-GB", author=who, date=f"{date}T08:00:00Z", numbering="dotted")
        d.rev_author, d.rev_date = "Claire Dubois", "2024-05-03T14:00:00Z"
        lines_to_doc(d, LIC_HEAD + [("p", {1: "AWT draft of 15 April 2024", 2: "Lumina comments of 3 May 2024", 3: "Final version of 27 May 2024"}[ver])])
        _, decs = render_contract(d, cl, numbering="auto", mode=mode, cite="section", rev={"comment_by": ("Claire Dubois", "CD"), "date": "2024-05-03T14:05:00Z"})
        paths.append(E.add(f"{F}/{names[ver]}", d.bytes(), matter=m, ref=None, doc_type="licence_agreement", title="Licence Agreement", parties=pa,
                           language="en", date=date, decisions=decs, relations={"redline_of": [paths[0]] if ver == 2 else []}))
    lines, _ = render_contract(None, cl, numbering="auto", mode="final", cite="section")
    exl = LIC_HEAD + lines + [("p", "Basel, 10 June 2024 – for Sennhof Pharma AG: Dr. U. Vogt, CEO"), ("p", "Plan-les-Ouates, 10 June 2024 – for Lumina Biotech SA: Dr. J.-M. Rochat, directeur général")]
    executed = E.add(f"{F}/Unterzeichnet/Licence Agreement executed.pdf", W.scan_pdf(pdf_lines(exl)[:26], E.rng, ocr_text=True, producer="RICOH IM C3000"),
                     matter=m, ref=None, doc_type="licence_agreement", title="Licence Agreement", parties=pa, language="en", date="2024-06-10",
                     notes="scan with an OCR text layer (first page only rendered)")
    E.chains.append(paths + [executed])
    d = W.Doc(lang="en-GB", author="Nicole Brunner", date="2024-06-10T08:00:00Z")
    lines_to_doc(d, [("h", "Annex 1 – Licensed Patents"), ("p", "to the Licence Agreement between Sennhof Pharma AG and Lumina Biotech SA dated 10 June 2024")])
    d.table([["No.", "Patent / application", "Title", "Status"], ["1", phantom("patent_number", "EP 3 812 447 B1"), "Substituted pyrazolopyrimidines", "granted"],
             ["2", phantom("patent_number", "CH 715 932 A2"), "Formulation of SNH-17", "pending"], ["3", phantom("patent_number", "US 11,453,208 B2"), "Substituted pyrazolopyrimidines", "granted"]])
    E.add(f"{F}/Unterzeichnet/Annex 1 - Licensed Patents.docx", d.bytes(), matter=m, ref=None, doc_type="annex", title="Annex 1 – Licensed Patents",
          parties=pa, language="en", date="2024-06-10", relations={"annex_of": [executed]})

    fr = letter_lines("ÉTUDE DUBOIS & FAVRE – Avocats – Rue du Rhône 80 – " + phantom("postal_code", "1204 Genève"),
                      ["Aichinger Wyss Thornton AG", "Madame Dr. Nicole Brunner", "Bahnhofstrasse 58", "8001 Zürich"], "Genève, le 3 mai 2024", "V/réf. : Z24-0312 – N/réf. : CD/2024-117",
                      "Projet de contrat de licence Sennhof Pharma AG / Lumina Biotech SA",
                      ["Chère Consœur,", "Nous nous référons à votre projet du 15 avril 2024, que notre mandante Lumina Biotech SA a examiné avec attention.",
                       "Notre mandante ne peut accepter un taux de redevance de 6 %; elle propose 4,5 % des ventes nettes. Elle souhaite en outre que le siège de l'arbitrage soit fixé à Genève.",
                       "Vous trouverez nos commentaires détaillés dans la version annotée ci-jointe."],
                      "Veuillez agréer, Chère Consœur, l'expression de nos sentiments distingués.", "Me Claire Dubois")
    phantom("counterparty_ref", "CD/2024-117")
    l1 = E.add(f"{F}/Korrespondenz/2024-05-03 Lettre Dubois & Favre.pdf", W.pdf_bytes(fr), matter=m, ref="Z24-0312", doc_type="letter",
               title="Projet de contrat de licence Sennhof Pharma AG / Lumina Biotech SA", parties=[party("lumina"), party("sennhof")], language="fr", date="2024-05-03",
               relations={"references": [paths[0]]})
    d = W.Doc(lang="fr-CH", author="Nicole Brunner", date="2024-05-08T08:00:00Z")
    lines_to_doc(d, letter_lines("Aichinger Wyss Thornton AG, Bahnhofstrasse 58, 8001 Zürich", ["Étude Dubois & Favre", "Me Claire Dubois", "Rue du Rhône 80", "1204 Genève"],
                                 "Zurich, le 8 mai 2024", "N/réf. : Z24-0312 NB", "Contrat de licence Sennhof / Lumina – votre lettre du 3 mai 2024",
                                 ["Chère Consœur,", "Nous accusons réception de votre lettre du 3 mai 2024 et de la version annotée du contrat.",
                                  "Notre mandante Sennhof Pharma AG peut accepter un taux de 4,5 % à condition que la redevance minimale annuelle de CHF 200'000 soit maintenue. Le siège à Genève ne pose pas de problème."],
                                 "Veuillez agréer, Chère Consœur, nos salutations distinguées.", "Dr. Nicole Brunner"))
    l2 = E.add(f"{F}/Korrespondenz/2024-05-08 Réponse AWT.docx", d.bytes(), matter=m, ref="Z24-0312", doc_type="letter",
               title="Contrat de licence Sennhof / Lumina – votre lettre du 3 mai 2024", parties=[party("sennhof"), party("lumina")], language="fr", date="2024-05-08",
               relations={"responds_to": [l1], "references": [paths[1]]})
    d = W.Doc(lang="de-CH", author="Nicole Brunner", date="2024-05-06T08:00:00Z")
    lines_to_doc(d, [("h", "Aktennotiz"), ("bo", "Verrechnungssteuer und Quellensteuer auf Lizenzgebühren (Sennhof / Lumina)"),
                     ("p", "Dossier Z24-0312 | 6. Mai 2024 | NB"),
                     ("p", "1. Lizenzgebühren zwischen zwei Schweizer Gesellschaften unterliegen nicht der Verrechnungssteuer (Art. 4 VStG erfasst nur Kapitalerträge, Lotteriegewinne und Versicherungsleistungen)."),
                     ("p", "2. Die Gross-up-Klausel in Ziff. 5.3 des Entwurfs ist daher überflüssig und kann gestrichen werden, wie von Lumina vorgeschlagen."),
                     ("p", "3. MWST: Lizenzgebühren sind steuerbare Leistungen; Satz 8,1 %.")])
    E.add(f"{F}/Aktennotiz Verrechnungssteuer Lizenzgebühren.docx", d.bytes(), matter=m, ref="Z24-0312", doc_type="file_note",
          title="Aktennotiz", parties=[party("sennhof"), party("lumina")], language="de", date="2024-05-06")

    ti = E.thread_index(None)
    b1 = ("Dear Regula,\n\nattached is the final version of the Licence Agreement with Lumina (v3 of 27 May 2024), which reflects the 4.5 % royalty with the minimum royalty and Geneva as seat.\n\n"
          "Signing is planned for 10 June in Basel.\n\nBest regards\nNicole\n\nDr. Nicole Brunner | Partnerin | Aichinger Wyss Thornton AG | Bahnhofstrasse 58, 8001 Zürich | " + phantom("phone", "+41 44 215 88 40") + "\nDossier Z24-0312")
    mid1 = "<ZR0P278MB0912E4A1@ZR0P278MB0912.CHEP278.PROD.OUTLOOK.COM>"
    e1 = W.eml_bytes(frm='"Brunner, Nicole" <n.brunner@awt-law.ch>', to='"Dr. Regula Stäheli" <regula.staeheli@sennhof-pharma.ch>',
                     subject="Z24-0312 – Licence Agreement Lumina, final version", date="Mon, 27 May 2024 16:40:02 +0200", msgid=mid1, body=b1,
                     thread_index=ti, hops=hops(None, None, "Mon, 27 May 2024 14:40:03 +0000", inbound=False), lang="en-GB",
                     atts=[("Licence Agreement v3 final.docx", E.files[paths[2]], "application/vnd.openxmlformats-officedocument.wordprocessingml.document")])
    p1 = E.add(f"{F}/Korrespondenz/Licence Agreement final version.eml", e1, matter=m, ref="Z24-0312", doc_type="email",
               title="Z24-0312 – Licence Agreement Lumina, final version", parties=[party("sennhof"), party("lumina")], language="en", date="2024-05-27")
    E.answers[paths[2]]["relations"]["attachment_of"] = [p1]
    b2 = ("Liebe Nicole\n\nbesten Dank. Wir sind mit der Fassung einverstanden; Herr Dr. Vogt unterzeichnet am 10. Juni.\n\nFreundliche Grüsse\nRegula Stäheli\nSennhof Pharma AG\n\n"
          "Von: Brunner, Nicole <n.brunner@awt-law.ch>\nGesendet: Montag, 27. Mai 2024 16:40\nBetreff: Z24-0312 – Licence Agreement Lumina, final version")
    mid2 = "<GV0P278MB0733A9@GV0P278MB0733.CHEP278.PROD.OUTLOOK.COM>"
    e2 = W.eml_bytes(frm='"Dr. Regula Stäheli" <regula.staeheli@sennhof-pharma.ch>', to='"Brunner, Nicole" <n.brunner@awt-law.ch>',
                     subject="AW: Z24-0312 – Licence Agreement Lumina, final version", date="Tue, 28 May 2024 08:12:45 +0200", msgid=mid2, irt=mid1, refs=[mid1],
                     body=b2, thread_index=E.thread_index(ti), dkim_domain="sennhof-pharma.ch", lang="de-CH", enc="base64",
                     hops=hops("mail-zr0che01on2102.outbound.protection.outlook.com", "40.107.24.102", "Tue, 28 May 2024 06:12:47 +0000"))
    p2 = E.add(f"{F}/Korrespondenz/AW Licence Agreement final version.eml", e2, matter=m, ref="Z24-0312", doc_type="email",
               title="Z24-0312 – Licence Agreement Lumina, final version", parties=[party("sennhof")], language="de", date="2024-05-28",
               relations={"responds_to": [p1]})
    E.threads.append([p1, p2])
    return {"executed": executed}


# ================================================================ C06 300517-0001 Montafoner Quellen (client number only in folder)
def aufhebung_clauses():
    return [
        ("Beendigung", [para("Das Anstellungsverhältnis von Herrn Dr. Markus Bereuter als Geschäftsführer der Montafoner Quellen GmbH endet einvernehmlich mit Ablauf des 31. März 2024."),
                        para("Die Abberufung als Geschäftsführer erfolgte mit Umlaufbeschluss vom 5. Februar 2024.")]),
        ("Bezüge", [para("Bis zum Beendigungszeitpunkt erhält Herr Dr. Bereuter die vertraglichen Bezüge."),
                    para("Als freiwillige Abfindung erhält Herr Dr. Bereuter sieben Monatsbruttobezüge, fällig mit dem Beendigungszeitpunkt.")]),
        ("Dienstwagen und Arbeitsmittel", [para("Der Dienstwagen (Kennzeichen " + phantom("licence_plate", "BZ-418 MQ") + ") ist ", ("chg", "am Beendigungszeitpunkt", "spätestens am 30. April 2024"), " zurückzugeben.",
                                                comment="Mein Mandant braucht den Wagen bis Ende April für die Übersiedlung.",
                                                dec=("company_car", "counterparty_request"))]),
        ("Urlaub", [para("Offener Urlaub von 14 Tagen wird mit der Endabrechnung abgegolten.")]),
        ("Konkurrenzklausel", [para("Herr Dr. Bereuter verpflichtet sich, für die Dauer von ", ("chg", "zwölf", "sechs"), " Monaten nach dem Beendigungszeitpunkt für kein Unternehmen der Mineralwasser- und Erfrischungsgetränkeindustrie in Österreich und der Schweiz tätig zu sein.",
                                    comment="Mein Mandant verlangt sechs Monate (siehe mein Schreiben vom 12. Februar 2024).",
                                    dec=("non_compete", "counterparty_request")),
                               para("Für die Dauer der Konkurrenzklausel erhält Herr Dr. Bereuter eine Karenzentschädigung von 50 % des letzten Monatsbruttobezugs.", kind="ins",
                                    comment="Ohne Karenzentschädigung wäre die Klausel sittenwidrig und nicht durchsetzbar.",
                                    dec=("non_compete_compensation", "legal_requirement"))]),
        ("Verschwiegenheit", [para("Herr Dr. Bereuter verpflichtet sich zur Verschwiegenheit über alle Geschäfts- und Betriebsgeheimnisse gemäß ", ("chg", "§ 5", "§ 4"), " des Geschäftsführervertrags.",
                                   comment="Redaktionell: die Verschwiegenheit steht in § 4 des Dienstvertrags, nicht in § 5.",
                                   dec=("confidentiality", "drafting_clarity"))]),
        ("Generalklausel", [para("Mit Erfüllung dieser Vereinbarung sind alle wechselseitigen Ansprüche aus dem Anstellungsverhältnis bereinigt.")]),
    ]


def build_c06(E: Estate):
    m = "C06"
    F = "Mandanten/300517 Montafoner Quellen/GF Bereuter Abberufung"
    phantom("fn", "FN 221409 y"), phantom("postal_code", "6780 Schruns")
    pa = [party("montafoner"), party("bereuter")]
    d = W.Doc(lang="de-AT", author="Montafoner Quellen", date="2016-03-01T09:00:00Z")
    lines_to_doc(d, [("h", "Geschäftsführervertrag"), ("p", "zwischen der Montafoner Quellen GmbH, FN 221409 y, Silvrettastraße 12, 6780 Schruns, und Herrn Dr. Markus Bereuter, geb. 3. April 1972, wohnhaft in 6700 Bludenz"),
                     ("bo", "§ 1 Bestellung"), ("p", "Herr Dr. Bereuter wird mit Wirkung zum 1. April 2016 zum Geschäftsführer bestellt."),
                     ("bo", "§ 2 Bezüge"), ("p", "Das Jahresbruttogehalt beträgt EUR 168.000,00, zahlbar in 14 Teilbeträgen."),
                     ("bo", "§ 3 Dauer"), ("p", "Der Vertrag wird auf unbestimmte Zeit abgeschlossen; Kündigungsfrist sechs Monate zum Quartalsende."),
                     ("bo", "§ 4 Verschwiegenheit"), ("p", "Der Geschäftsführer ist zur Verschwiegenheit über alle Geschäfts- und Betriebsgeheimnisse verpflichtet."),
                     ("bo", "§ 5 Konkurrenzverbot"), ("p", "Während der Dauer des Vertrags ist jede Tätigkeit für Mitbewerber untersagt."),
                     ("p", "Schruns, am 1. März 2016")])
    E.convert(f"{F}/Geschäftsführervertrag Bereuter 2016.doc", d.bytes(), "docx", "doc")
    gfv = E.add(f"{F}/Geschäftsführervertrag Bereuter 2016.doc", None, matter=m, ref=None, doc_type="managing_director_agreement", title="Geschäftsführervertrag",
                parties=pa, language="de", date="2016-03-01", notes="legacy Word 97 .doc written by LibreOffice")
    d = W.Doc(lang="de-AT", author="Verena Hollaus", date="2024-02-05T09:00:00Z")
    lines_to_doc(d, [("h", "Umlaufbeschluss"), ("hb", "der Gesellschafter der Montafoner Quellen GmbH, FN 221409 y"),
                     ("p", "Die Gesellschafter der Montafoner Quellen GmbH, nämlich die Rätikon Getränke Beteiligungs GmbH (FN 140672 b) mit 74 % und die Gemeinde Schruns mit 26 % des Stammkapitals, fassen unter Verzicht auf die Einhaltung aller Form- und Fristvorschriften im Umlaufweg gemäß § 34 GmbHG folgende Beschlüsse:"),
                     ("p", "1. Herr Dr. Markus Bereuter wird mit sofortiger Wirkung als Geschäftsführer abberufen."),
                     ("p", "2. Frau Mag. Sandra Tschofen wird zur Geschäftsführerin bestellt; sie vertritt selbständig."),
                     ("p", "3. Die Geschäftsführung wird ermächtigt, eine Aufhebungsvereinbarung mit einer Abfindung von höchstens sieben Monatsbezügen abzuschließen."),
                     ("p", "Schruns, am 5. Februar 2024")])
    phantom("fn", "FN 140672 b")
    E.add(f"{F}/Umlaufbeschluss Abberufung 05.02.2024.docx", d.bytes(), matter=m, ref=None, doc_type="shareholder_resolution", title="Umlaufbeschluss",
          parties=[party("montafoner"), party("raetikon"), party("gemeinde_schruns")],
          language="de", date="2024-02-05")
    fi = letter_lines("Dr. Andreas Fink, Rechtsanwalt | Werdenbergerstraße 4 | " + phantom("postal_code", "6700 Bludenz") + " | T " + phantom("phone", "+43 5552 62 811"),
                      ["Montafoner Quellen GmbH", "c/o Aichinger Wyss Thornton Rechtsanwälte GmbH", "z.H. Frau Mag. Verena Hollaus", "Schottenring 14", "1010 Wien"],
                      "Bludenz, 12. Februar 2024", "Ihr Zeichen: 300517-0001", "Dr. Markus Bereuter – Abberufung und Beendigung des Geschäftsführervertrags",
                      ["Sehr geehrte Frau Kollegin,", "ich zeige an, dass mich Herr Dr. Markus Bereuter mit seiner Vertretung beauftragt hat.",
                       "Mein Mandant ist zu einer einvernehmlichen Beendigung bereit, sofern eine Abfindung von neun Monatsbezügen bezahlt und die nachvertragliche Konkurrenzklausel auf sechs Monate beschränkt wird."],
                      "Mit kollegialen Grüßen", "Dr. Andreas Fink")
    fl = E.add(f"{F}/Schreiben RA Dr. Fink 12.02.2024.pdf", W.pdf_bytes(fi), matter=m, ref="300517-0001", doc_type="letter",
               title="Dr. Markus Bereuter – Abberufung und Beendigung des Geschäftsführervertrags", parties=[party("bereuter"), party("montafoner")], language="de", date="2024-02-12")
    d = W.Doc(lang="de-AT", author="Verena Hollaus", date="2024-02-19T09:00:00Z")
    lines_to_doc(d, letter_lines("Aichinger Wyss Thornton Rechtsanwälte GmbH, Schottenring 14, 1010 Wien", ["Herrn", "Dr. Andreas Fink", "Rechtsanwalt", "Werdenbergerstraße 4", "6700 Bludenz"],
                                 "Wien, 19. Februar 2024", "Unser Zeichen: 300517/0001 VH", "Ihr Mandant Dr. Markus Bereuter",
                                 ["Sehr geehrter Herr Kollege,", "wir danken für Ihr Schreiben vom 12. Februar 2024. Unsere Mandantin, die Montafoner Quellen GmbH, ist zu einer Abfindung von sieben Monatsbezügen bereit.",
                                  "Über die Dauer der Konkurrenzklausel können wir sprechen; einen Entwurf der Aufhebungsvereinbarung übermitteln wir bis Ende nächster Woche."],
                                 "Mit kollegialen Grüßen", "Mag. Verena Hollaus"))
    E.add(f"{F}/Antwort an RA Dr. Fink 19.02.2024.docx", d.bytes(), matter=m, ref="300517/0001", doc_type="letter", title="Ihr Mandant Dr. Markus Bereuter",
          parties=[party("montafoner"), party("bereuter")], language="de", date="2024-02-19", relations={"responds_to": [fl]})
    note = ("AKTENVERMERK\r\n\r\nAkt: 300517/1 – Montafoner Quellen / Bereuter\r\nDatum: 28.02.2024, 14:10-14:35\r\nTelefonat VH mit RA Dr. Fink\r\n\r\n"
            "Dr. Fink bestätigt: Abfindung sieben Monatsbezüge wäre für Herrn Bereuter akzeptabel, wenn die Konkurrenzklausel nur sechs Monate läuft und eine Karenzentschädigung vorgesehen ist. "
            "Dienstwagen kann bis Ende März genutzt werden.\r\nNächster Schritt: Entwurf Aufhebungsvereinbarung an Dr. Fink.\r\n\r\nVH\r\n")
    E.add(f"{F}/Aktenvermerk Telefonat Dr. Fink.txt", note.encode("cp1252"), matter=m, ref="300517/1", doc_type="file_note", title="AKTENVERMERK",
          parties=[party("montafoner"), party("bereuter")], language="de", date="2024-02-28", notes="Windows-1252 with CRLF")
    cl = aufhebung_clauses()
    paths = []
    for ver, mode, date, who, name in [(1, "v1", "2024-02-26", "Verena Hollaus", "Aufhebungsvereinbarung Entwurf AWT.docx"),
                                       (2, "red", "2024-03-04", "Dr. Andreas Fink", "Aufhebungsvereinbarung Entwurf AWT - Anm Dr. Fink.docx")]:
        d = W.Doc(lang="de-AT", author=who, date=f"{date}T09:00:00Z", numbering="para")
        d.rev_author, d.rev_date = "Dr. Andreas Fink", "2024-03-04T08:00:00Z"
        lines_to_doc(d, [("h", "Aufhebungsvereinbarung"), ("p", "zwischen Montafoner Quellen GmbH, FN 221409 y, 6780 Schruns (die „Gesellschaft“), und Herrn Dr. Markus Bereuter, 6700 Bludenz")])
        _, decs = render_contract(d, cl, numbering="auto", mode=mode, cite="para_de", rev={"comment_by": ("Dr. Andreas Fink", "AF"), "date": "2024-03-04T08:10:00Z"})
        paths.append(E.add(f"{F}/{name}", d.bytes(), matter=m, ref=None, doc_type="termination_agreement", title="Aufhebungsvereinbarung", parties=pa,
                           language="de", date=date, decisions=decs, relations={"redline_of": [paths[0]] if ver == 2 else [], "references": [gfv] if ver == 1 else []}))
    E.answers[paths[1]]["relations"]["references"] = [gfv]
    lines, _ = render_contract(None, cl, numbering="auto", mode="final", cite="para_de")
    sig = [("h", "Aufhebungsvereinbarung"), ("p", "zwischen Montafoner Quellen GmbH, FN 221409 y, 6780 Schruns, und Herrn Dr. Markus Bereuter, 6700 Bludenz")] + lines + [("p", "Schruns, am 15. März 2024"), ("p", "Mag. Sandra Tschofen für die Gesellschaft          Dr. Markus Bereuter")]
    signed = E.add(f"{F}/Aufhebungsvereinbarung unterfertigt.pdf", W.scan_pdf(pdf_lines(sig), E.rng), matter=m, ref=None, doc_type="termination_agreement",
                   title="Aufhebungsvereinbarung", parties=pa, language="de", date="2024-03-15", text_layer=False, relations={"references": [gfv]})
    E.chains.append(paths + [signed])
    fb = [("h", "Firmenbuchauszug mit aktuellen Daten"), ("p", "Stichtag 20.03.2024"), ("p", "FN 221409 y – Landesgericht Feldkirch"), ("b", "FIRMA"), ("p", "Montafoner Quellen GmbH"),
          ("b", "SITZ"), ("p", "politische Gemeinde Schruns"), ("b", "GESCHÄFTSFÜHRER/IN"), ("p", "A  Mag. Sandra Tschofen, geb. 22.11.1980, vertritt seit 06.02.2024 selbständig"),
          ("p", "B  Dr. Markus Bereuter, geb. 03.04.1972 – gelöscht"), ("b", "GESELLSCHAFTER"), ("p", "Rätikon Getränke Beteiligungs GmbH (FN 140672 b); Gemeinde Schruns")]
    E.add(f"{F}/Firmenbuchauszug Montafoner Quellen 20.03.2024.pdf", W.pdf_bytes(fb, creator="Firmenbuch – Justiz Online"), matter=m, ref=None,
          doc_type="register_extract", title="Firmenbuchauszug mit aktuellen Daten", parties=[party("montafoner")], language="de", date="2024-03-20")
    return {"signed": signed, "sig_lines": sig, "F": F, "v1": paths[0], "v2": paths[1]}


# ================================================================ C07 104871-0002 Grünwald (title-only folder)
def build_c07(E: Estate):
    m = "C07"
    F = "Mandanten/Grünwald Privatstiftung/Darlehen Berghof Innsbruck"
    phantom("fn", "FN 190234 x"), phantom("fn", "FN 312870 s")
    pa = [party("gruenwald"), party("berghof_ibk")]
    body = [("h", "Darlehensvertrag"), ("p", "abgeschlossen zwischen der Grünwald Privatstiftung, FN 312870 s, Alpenstraße 48, " + phantom("postal_code", "5020 Salzburg") + ", als Darlehensgeberin, und der Berghof Immobilien GmbH, FN 190234 x, Museumstraße 9, " + phantom("postal_code", "6020 Innsbruck") + ", als Darlehensnehmerin"),
            ("bo", "Punkt 1. Darlehen"), ("p", "Die Darlehensgeberin gewährt der Darlehensnehmerin ein Darlehen von EUR 3.500.000,00 zur Finanzierung des Ankaufs der Liegenschaft EZ 611, KG 81136 Wilten."),
            ("bo", "Punkt 2. Zinsen"), ("p", "Das Darlehen ist mit 4,25 % p.a. fix zu verzinsen; die Zinsen sind halbjährlich im Nachhinein zu zahlen."),
            ("bo", "Punkt 3. Rückzahlung"), ("p", "Das Darlehen ist am 30. Juni 2029 zur Gänze zur Rückzahlung fällig."),
            ("bo", "Punkt 4. Sicherheiten"), ("p", "Zur Sicherstellung räumt die Darlehensnehmerin ein Höchstbetragspfandrecht über EUR 4.200.000,00 ob der Liegenschaft EZ 611, KG 81136 Wilten, ein (Pfandbestellungsurkunde)."),
            ("bo", "Punkt 5. Gebühren"), ("p", "Die Rechtsgeschäftsgebühr trägt die Darlehensnehmerin."),
            ("p", "Akt 104871-0002")]
    phantom("land_register", "EZ 611, KG 81136 Wilten")
    d = W.Doc(lang="de-AT", author="Katharina Huber", date="2024-07-01T09:00:00Z")
    lines_to_doc(d, body + [("p", "Entwurf vom 1. Juli 2024")])
    E.convert(f"{F}/Darlehensvertrag Entwurf 01.07.2024.odt", d.bytes(), "docx", "odt")
    draft = E.add(f"{F}/Darlehensvertrag Entwurf 01.07.2024.odt", None, matter=m, ref="104871-0002", doc_type="facility_agreement", title="Darlehensvertrag",
                  parties=pa, language="de", date="2024-07-01", notes="OpenDocument written by LibreOffice (the foundation's board uses it)")
    # the agreed text adds early repayment to Punkt 3 (asked for in Berghof's mail of 3 July); the
    # "Vergleichsversion" is Word's compare output of draft and agreed text: tracked, no comment
    early = "Eine vorzeitige Rückzahlung ist mit einer Vorankündigung von drei Monaten ohne Pönale zulässig."
    i3 = body.index(("p", "Das Darlehen ist am 30. Juni 2029 zur Gänze zur Rückzahlung fällig."))
    agreed = body[:i3 + 1] + [("p", early)] + body[i3 + 1:]
    d = W.Doc(lang="de-AT", author="Katharina Huber", date="2024-07-10T09:00:00Z")
    d.rev_author, d.rev_date = "Katharina Huber", "2024-07-10T08:30:00Z"
    for st, t in body[:i3 + 1]:
        lines_to_doc(d, [(st, t)])
    d.p(("ins", early), ins_para=True)
    for st, t in body[i3 + 1:]:
        lines_to_doc(d, [(st, t)])
    d.p("Vergleichsversion: Entwurf 01.07.2024 / Endfassung 10.07.2024")
    vgl = E.add(f"{F}/Darlehensvertrag Vergleichsversion Entwurf-Endfassung.docx", d.bytes(), matter=m, ref="104871-0002", doc_type="facility_agreement",
                title="Darlehensvertrag", parties=pa, language="de", date="2024-07-10", relations={"redline_of": [draft]},
                decisions=[dec("Punkt 3", "early_repayment", "unstated", "inserted", None)],
                notes="compare output (Vergleichsversion) of the .odt draft and the agreed text; no comment, so the rationale is unstated although the mail of 3 July explains it")
    body = agreed
    final = E.add(f"{F}/Darlehensvertrag unterfertigt 15.07.2024.pdf", W.pdf_bytes(pdf_lines(body + [("p", "Salzburg / Innsbruck, am 15. Juli 2024"), ("p", "Grünwald Privatstiftung – Der Vorstand          Berghof Immobilien GmbH")])),
                  matter=m, ref="104871-0002", doc_type="facility_agreement", title="Darlehensvertrag", parties=pa, language="de", date="2024-07-15")
    E.chains.append([draft, vgl, final])
    pf = [("h", "Pfandbestellungsurkunde"), ("p", "Die Berghof Immobilien GmbH, FN 190234 x, Innsbruck, als Eigentümerin der Liegenschaft EZ 611, KG 81136 Wilten, bestellt zugunsten der Grünwald Privatstiftung, FN 312870 s, zur Sicherstellung aller Forderungen aus dem Darlehensvertrag vom 15. Juli 2024 ein Höchstbetragspfandrecht bis EUR 4.200.000,00."),
          ("p", "Die Eigentümerin bewilligt die Einverleibung des Pfandrechts ob der genannten Liegenschaft."),
          ("p", "Innsbruck, am 15. Juli 2024   Berghof Immobilien GmbH"),
          ("p", "Beglaubigungsvermerk: Die Echtheit der Unterschrift wird bestätigt. BRZ " + phantom("notarial_deed", "2871/2024") + ", Dr. Martin Strolz, öffentlicher Notar in Innsbruck")]
    E.add(f"{F}/Pfandbestellungsurkunde EZ 611.pdf", W.pdf_bytes(pf), matter=m, ref=None, doc_type="security_agreement", title="Pfandbestellungsurkunde",
          parties=[party("berghof_ibk"), party("gruenwald")], language="de", date="2024-07-15", relations={"references": [final]})
    fb = [("h", "Firmenbuchauszug mit aktuellen Daten"), ("p", "Stichtag 20.06.2024"), ("p", "FN 190234 x – Landesgericht Innsbruck"), ("b", "FIRMA"), ("p", "Berghof Immobilien GmbH"),
          ("b", "SITZ"), ("p", "politische Gemeinde Innsbruck"), ("b", "GESCHÄFTSANSCHRIFT"), ("p", "Museumstraße 9, 6020 Innsbruck"),
          ("b", "GESCHÄFTSFÜHRER/IN"), ("p", "Ing. Thomas Wallnöfer, geb. 08.08.1968, vertritt selbständig")]
    E.add(f"{F}/Firmenbuchauszug Berghof Immobilien GmbH.pdf", W.pdf_bytes(fb, creator="Firmenbuch – Justiz Online"), matter=m, ref=None, doc_type="register_extract",
          title="Firmenbuchauszug mit aktuellen Daten", parties=[party("berghof_ibk")], language="de", date="2024-06-20",
          notes="homonym: the Innsbruck Berghof (FN 190234 x), not the Linz landlord of C02")
    d = W.Doc(lang="de-AT", author="Vorstand Grünwald Privatstiftung", date="2024-06-28T09:00:00Z")
    lines_to_doc(d, [("h", "Beschluss des Stiftungsvorstands"), ("p", "der Grünwald Privatstiftung, FN 312870 s, Salzburg"),
                     ("p", "Der Stiftungsvorstand beschließt einstimmig, der Berghof Immobilien GmbH (Innsbruck) ein Darlehen von EUR 3.500.000,00 zu 4,25 % p.a. mit Laufzeit bis 30. Juni 2029 gegen Einräumung eines Höchstbetragspfandrechts zu gewähren."),
                     ("p", "Der Stiftungsprüfer ist zu informieren."), ("p", "Salzburg, 28. Juni 2024 – Dr. Hannes Grünwald, Mag. Eva Pirchner, Dr. Klaus Rieder")])
    E.convert(f"{F}/Vorstandsbeschluss Darlehen Berghof.odt", d.bytes(), "docx", "odt")
    E.add(f"{F}/Vorstandsbeschluss Darlehen Berghof.odt", None, matter=m, ref=None, doc_type="shareholder_resolution", title="Beschluss des Stiftungsvorstands",
          parties=[party("gruenwald")], language="de", date="2024-06-28")
    ti = E.thread_index(None)
    b1 = ("Sehr geehrte Frau Dr. Huber,\n\nzum Darlehensvertrag hätten wir zwei Fragen: Ist eine vorzeitige Rückzahlung ohne Pönale möglich, und kann die Pfandbestellungsurkunde bei Notar Dr. Strolz in Innsbruck beglaubigt werden?\n\n"
          "Mit freundlichen Grüßen\nIng. Thomas Wallnöfer\nBerghof Immobilien GmbH | Museumstraße 9 | 6020 Innsbruck | FN 190234 x")
    mid1 = "<1f3a9c21-77d2-4b8e-a0c4-berghof-ibk@berghof-immobilien.tirol>"
    e1 = W.eml_bytes(frm='"Thomas Wallnöfer" <t.wallnoefer@berghof-immobilien.tirol>', to='"Huber, Katharina" <k.huber@awt-law.at>',
                     subject="Darlehen Grünwald – zwei Fragen", date="Wed, 03 Jul 2024 11:20:00 +0200", msgid=mid1, body=b1, thread_index=ti,
                     dkim_domain="berghof-immobilien.tirol", hops=hops("smtp.tirol-net.at", "83.175.66.10", "Wed, 03 Jul 2024 09:20:03 +0000"), enc="latin1",
                     mailer="Thunderbird 115.12")
    p1 = E.add(f"{F}/Darlehen Grünwald – zwei Fragen.eml", e1, matter=m, ref=None, doc_type="email", title="Darlehen Grünwald – zwei Fragen",
               parties=[party("berghof_ibk"), party("gruenwald")], language="de", date="2024-07-03", relations={"references": [draft]})
    b2 = ("Sehr geehrter Herr Ing. Wallnöfer,\n\n1. Eine vorzeitige Rückzahlung ist mit einer Vorankündigung von drei Monaten ohne Pönale möglich; wir ergänzen Punkt 3.\n"
          "2. Ja, die Beglaubigung bei Dr. Strolz ist möglich.\n\nMit freundlichen Grüßen\nKatharina Huber\nAkt 104871-0002\n\nAm 03.07.2024 um 11:20 schrieb Thomas Wallnöfer:\n> zum Darlehensvertrag hätten wir zwei Fragen")
    mid2 = "<VI1PR08MB54712A2B3C4D@VI1PR08MB5471.eurprd08.prod.outlook.com>"
    e2 = W.eml_bytes(frm='"Huber, Katharina" <k.huber@awt-law.at>', to='"Thomas Wallnöfer" <t.wallnoefer@berghof-immobilien.tirol>',
                     subject="AW: Darlehen Grünwald – zwei Fragen", date="Wed, 03 Jul 2024 16:02:19 +0200", msgid=mid2, irt=mid1, refs=[mid1], body=b2,
                     thread_index=E.thread_index(ti), hops=hops(None, None, "Wed, 03 Jul 2024 14:02:20 +0000", inbound=False),
                     html="<html><body><p>Sehr geehrter Herr Ing. Wallnöfer,</p><p>1. Eine vorzeitige Rückzahlung ist mit einer Vorankündigung von drei Monaten ohne Pönale möglich; wir ergänzen Punkt 3.<br>2. Ja, die Beglaubigung bei Dr. Strolz ist möglich.</p><p>Mit freundlichen Grüßen<br>Katharina Huber<br>Akt 104871-0002</p></body></html>")
    p2 = E.add(f"{F}/AW Darlehen Grünwald – zwei Fragen.eml", e2, matter=m, ref="104871-0002", doc_type="email", title="Darlehen Grünwald – zwei Fragen",
               parties=[party("berghof_ibk"), party("gruenwald")], language="de", date="2024-07-03", relations={"responds_to": [p1]})
    E.threads.append([p1, p2])
    # misfiled: the Linz landlord's service-charge statement, filed here because of the name "Berghof"
    bk = [("p", "Berghof Immobilien GmbH | Landstraße 21 | 4020 Linz | FN 354871 d"), ("p", "Alpenbau Holding AG, Wiedner Hauptstraße 63, 1040 Wien"),
          ("h", "Betriebskostenabrechnung 2024"), ("p", "Objekt: Hafenstraße 47, 4020 Linz – Top 3. und 4. OG (Mietvertrag vom 14. Mai 2024)"),
          ("p", "Abrechnungszeitraum 1. Juli bis 31. Dezember 2024; Anteil 1.840 / 6.410 m²"),
          ("p", "Gesamtkosten anteilig EUR 31.877,40; Akontozahlungen EUR 29.400,00; Nachforderung EUR 2.477,40"),
          ("p", "Rechnungsnummer " + phantom("invoice_number", "BK-2024-0009") + "; zahlbar binnen 30 Tagen auf IBAN " + phantom("iban", "AT14 2032 0321 0045 6789"))]
    E.add(f"{F}/Betriebskostenabrechnung Berghof 2024.pdf", W.pdf_bytes(bk), matter="C02", ref=None, category="misfiled", doc_type="invoice",
          title="Betriebskostenabrechnung 2024", parties=[party("berghof_linz"), party("alpenbau")], language="de", date="2025-01-31",
          notes="misfiled because of the homonym name; the Linz FN and the Hafenstraße lease place it in C02; invoice number ends in 0009 (phantom)")
    return {"final": final}


def pptx_bytes(slides, date, author="AWT"):
    import datetime
    import io
    from pptx import Presentation
    from pptx.util import Pt
    prs = Presentation()
    for i, (title, bullets) in enumerate(slides):
        s = prs.slides.add_slide(prs.slide_layouts[0 if i == 0 else 1])
        s.shapes.title.text = title
        if bullets:
            tf = s.placeholders[1].text_frame
            tf.text = bullets[0]
            for b in bullets[1:]:
                tf.add_paragraph().text = b
            for p in tf.paragraphs:
                for r in p.runs:
                    r.font.size = Pt(18)
    cp = prs.core_properties
    cp.author = author
    cp.last_modified_by = author
    cp.title = ""
    dt = datetime.datetime.fromisoformat(date + "T09:00:00")
    cp.created = dt
    cp.modified = dt
    cp.revision = 2
    bio = io.BytesIO()
    prs.save(bio)
    return W.normalize_zip(bio.getvalue(), core_date=date + "T09:00:00Z")


def xlsx_bytes(sheets, date, author="AWT"):
    import io
    import openpyxl
    wb = openpyxl.Workbook()
    first = True
    for name, rows in sheets:
        ws = wb.active if first else wb.create_sheet()
        first = False
        ws.title = name
        for r in rows:
            ws.append(list(r))
    wb.properties.creator = author
    bio = io.BytesIO()
    wb.save(bio)
    return W.normalize_zip(bio.getvalue(), core_date=date + "T09:00:00Z")


# ================================================================ C08 Project Lark (no reference anywhere)
def sha_clauses():
    return [
        ("Definitions", [para("“Company” means Lark Precision GmbH, a limited liability company to be established in Graz, Austria.")]),
        ("Shareholdings", [para("Meridian holds 60 % and Steirische holds 40 % of the share capital of the Company.")]),
        ("Board", [para("The advisory board has four members; Meridian appoints two and Steirische appoints two."),
                   para("The chair is appointed by Meridian and has no casting vote.")]),
        ("Funding", [para("The shareholders shall fund the Company pro rata to their shareholdings up to EUR 6,000,000.")]),
        ("Transfers", [para("No shareholder may transfer shares before the fifth anniversary of completion.")]),
        ("Reserved Matters", [para("The Company shall not take any Reserved Matter without shareholder approval."),
                              para("Reserved Matters require the consent of shareholders holding ", ("chg", "more than 50 %", "at least 75 %"), " of the share capital.",
                                   comment="Our client needs minority protection: it will not sign without a veto on the business plan and the budget.",
                                   dec=("reserved_matters", "counterparty_request"))]),
        ("Deadlock", [para("A deadlock is referred to the chief executives of the shareholders for 30 days.")]),
        ("Exit", [para("After the lock-up either shareholder may initiate a sale of the Company.")]),
        ("Non-Compete", [para("Each shareholder shall not compete with the Company for ", ("chg", "two years", "eighteen months"), " after ceasing to be a shareholder.",
                              dec=("non_compete", "unstated"))]),
        ("Confidentiality", [para("The shareholders shall keep the terms of this Agreement confidential.")]),
        ("Costs", [para("Each party bears its own costs of negotiating this Agreement.")]),
        ("Taxes", [para("Stamp duties are borne by the Company."),
                   para("Any Austrian stamp duty (Rechtsgeschäftsgebühr) on the assignment of shareholder loans is borne by the assignee.", kind="ins",
                        comment="Austrian stamp duty on assignments of claims must be allocated expressly – otherwise both parties are jointly liable to the tax office.",
                        dec=("stamp_duty", "tax"))]),
    ]


def build_c08(E: Estate):
    m = "C08"
    F = "Clients/Meridian Tools Ltd/Project Lark"
    phantom("company_number", "04512345"), phantom("fn", "FN 377201 g")
    pa = [party("meridian_bham"), party("steirische")]
    d = W.Doc(lang="en-GB", author="James Whitcombe", date="2024-08-05T09:00:00Z")
    lines_to_doc(d, [("h", "Project Lark – Term Sheet"), ("p", "Joint venture between Meridian Tools Ltd (Birmingham, company number 04512345) and Steirische Präzision GmbH (Graz, FN 377201 g)"),
                     ("p", "Non-binding save for confidentiality and costs"),
                     ("bo", "JV company"), ("p", "Lark Precision GmbH, Graz; share capital EUR 35,000; Meridian 60 % / Steirische 40 %."),
                     ("bo", "Business"), ("p", "Precision machining of aerospace components for customers in the EU."),
                     ("bo", "Governance"), ("p", "Advisory board of four; reserved matters by simple majority of shareholders."),
                     ("bo", "Timing"), ("p", "Signing targeted for October 2024.")])
    ts = E.add(f"{F}/Term Sheet - Project Lark.docx", d.bytes(), matter=m, ref=None, doc_type="term_sheet", title="Project Lark – Term Sheet",
               parties=pa, language="en", date="2024-08-05")
    note = ("# Attendance note – Project Lark kick-off\n\n**Date:** 7 August 2024  \n**Present:** Priya Nair (Meridian Tools), Ing. Werner Hofstätter (Steirische Präzision), JW, SL\n\n"
            "- Meridian wants control of the board; Steirische wants a veto on the business plan.\n- Austrian GmbH with seat in Graz; notarial deed needed for the articles.\n"
            "- SL to check stamp duty on the shareholder loan assignment.\n- Next call: 21 August.\n")
    E.add(f"{F}/Attendance note kick-off 2024-08-07.md", note.encode("utf-8"), matter=m, ref=None, doc_type="file_note", title="Attendance note – Project Lark kick-off",
          parties=pa, language="en", date="2024-08-07")
    E.add(f"{F}/Project Lark - JV structure.pptx", pptx_bytes([("Project Lark – JV structure and next steps", ["Meridian Tools Ltd and Steirische Präzision GmbH", "Draft for discussion, 20 August 2024"]),
                                                              ("Structure", ["Lark Precision GmbH (Graz)", "Meridian Tools Ltd 60 %", "Steirische Präzision GmbH 40 %"]),
                                                              ("Key terms", ["Advisory board 2 + 2", "Reserved matters", "Lock-up five years"]),
                                                              ("Timeline", ["SHA signing October 2024", "Notarial deed for articles", "Registration in the Graz companies register"])], "2024-08-20", "Sophie Lang"),
          matter=m, ref=None, doc_type="presentation", title="Project Lark – JV structure and next steps", parties=pa, language="en", date="2024-08-20")
    E.add(f"{F}/Lark cap table.xlsx", xlsx_bytes([("Cap table", [("Lark Precision GmbH – Capitalisation table",), ("Shareholder", "Nominal EUR", "%", "Funding commitment EUR"),
                                                                 ("Meridian Tools Ltd", 21000, 0.6, 3600000), ("Steirische Präzision GmbH", 14000, 0.4, 2400000), ("Total", 35000, 1.0, 6000000)])], "2024-09-01", "Sophie Lang"),
          matter=m, ref=None, doc_type="cap_table", title="Lark Precision GmbH – Capitalisation table", parties=pa, language="en", date="2024-09-01")
    d = W.Doc(lang="en-GB", author="Dr. Bernhard Pölzl", date="2024-09-12T09:00:00Z", numbering="dotted")
    d.rev_author, d.rev_date = "Dr. Bernhard Pölzl", "2024-09-12T08:00:00Z"
    lines_to_doc(d, [("h", "Shareholders' Agreement"), ("p", "relating to Lark Precision GmbH"),
                     ("p", "between Meridian Tools Ltd, company number 04512345, Unit 7 Tyseley Industrial Estate, Birmingham B11 2AG (Meridian), and Steirische Präzision GmbH, FN 377201 g, Puchstraße 85, 8020 Graz (Steirische)"),
                     ("p", "Steirische mark-up of 12 September 2024")])
    _, decs = render_contract(d, sha_clauses(), numbering="auto", mode="red", cite="clause_lc", rev={"comment_by": ("Dr. Bernhard Pölzl", "BP"), "date": "2024-09-12T08:10:00Z"})
    sha = E.add(f"{F}/SHA Lark Precision - Steirische markup 12.09.2024.docx", d.bytes(), matter=m, ref=None, doc_type="shareholders_agreement",
                title="Shareholders' Agreement", parties=pa, language="en", date="2024-09-12", decisions=decs,
                notes="base draft not in the estate; clause references in lower case ('clause 6.2')")
    b = ("James,\n\nplease find attached our client's mark-up of the Shareholders' Agreement for Lark Precision GmbH. The main point is the 75 % threshold for reserved matters in clause 6.2; "
         "we have also added a stamp duty allocation in clause 12.2.\n\nKind regards\nBernhard Pölzl\nPölzl Rechtsanwälte GmbH, Graz")
    mid = "<a7c2e9f0b1d34e5fa2b8c3d4e5f60718@poelzl-law.at>"
    e = W.eml_bytes(frm='"Dr. Bernhard Pölzl" <b.poelzl@poelzl-law.at>', to='"James Whitcombe" <j.whitcombe@awt-legal.co.uk>', cc='"Priya Nair" <priya.nair@meridiantools.co.uk>',
                    subject="Project Lark – SHA mark-up", date="Thu, 12 Sep 2024 18:03:27 +0200", msgid=mid, body=b, thread_index=E.thread_index(None),
                    dkim_domain="poelzl-law.at", hops=hops("mail.poelzl-law.at", "91.114.22.7", "Thu, 12 Sep 2024 16:03:30 +0000"), lang="en-GB",
                    atts=[("SHA Lark Precision - Steirische markup 12.09.2024.docx", E.files[sha], "application/vnd.openxmlformats-officedocument.wordprocessingml.document")])
    em = E.add(f"{F}/Project Lark - SHA mark-up.eml", e, matter=m, ref=None, doc_type="email", title="Project Lark – SHA mark-up",
               parties=pa, language="en", date="2024-09-12")
    E.answers[sha]["relations"]["attachment_of"] = [em]
    d = W.Doc(lang="de-AT", author="Sophie Lang", date="2024-09-12T09:00:00Z")
    lines_to_doc(d, [("h", "Gesellschaftsvertrag"), ("hb", "der Lark Precision GmbH"), ("p", "Entwurf vom 12. September 2024"),
                     ("bo", "§ 1 Firma und Sitz"), ("p", "Die Firma der Gesellschaft lautet Lark Precision GmbH. Sitz der Gesellschaft ist Graz."),
                     ("bo", "§ 2 Gegenstand"), ("p", "Gegenstand des Unternehmens ist die Präzisionsbearbeitung von Bauteilen für die Luftfahrtindustrie."),
                     ("bo", "§ 3 Stammkapital"), ("p", "Das Stammkapital beträgt EUR 35.000,00. Es übernehmen: Meridian Tools Ltd, Birmingham, eine Stammeinlage von EUR 21.000,00; Steirische Präzision GmbH, Graz, eine Stammeinlage von EUR 14.000,00."),
                     ("bo", "§ 4 Beirat"), ("p", "Die Gesellschaft hat einen Beirat mit vier Mitgliedern.")])
    E.add(f"{F}/Gesellschaftsvertrag Lark Precision GmbH (Entwurf).docx", d.bytes(), matter=m, ref=None, doc_type="articles_of_association",
          title="Gesellschaftsvertrag", parties=pa, language="de", date="2024-09-12")
    return {"sha": sha, "ts": ts}


# ================================================================ C09 LIT-0471 Kingsmere v Meridian (Leeds)
def build_c09(E: Estate):
    m = "C09"
    F = "2024/Kingsmere Components/LIT-0471 Meridian Tools debt claim"
    phantom("company_number", "11873409")
    pa = [party("kingsmere"), party("meridian_leeds")]
    inv = [("p", "Kingsmere Components Ltd | 4 Riverside Way | Sheffield S9 1XT | VAT " + phantom("vat_id", "GB 294 1187 36")), ("h", "INVOICE"),
           ("p", "Invoice no. " + phantom("invoice_number", "INV-22871") + " | Date 15 November 2023 | Customer no. " + phantom("customer_number", "C-0456")),
           ("p", "Bill to: Meridian Tools Ltd, Unit 12, Aire Valley Business Park, Leeds LS10 1PJ (company number 11873409)"),
           ("p", "200 x KC-4415 hydraulic coupling DN25 @ GBP 44.00 = GBP 8,800.00; 120 x KC-7720 quick-release valve @ GBP 74.50 = GBP 8,940.00"),
           ("p", "Net GBP 17,740.00; VAT 20 % GBP 3,548.00; Total GBP 21,288.00 – due 15 December 2023"),
           ("p", "Payment to Barclays Bank PLC, sort code " + phantom("sort_code", "20-45-77") + ", account 43112908")]
    invp = E.add(f"{F}/Invoice INV-22871 Meridian.pdf", W.pdf_bytes(inv, creator="Sage 50 Accounts"), matter=m, ref=None, doc_type="invoice", title="INVOICE",
                 parties=pa, language="en", date="2023-11-15", notes="Barclays only as the payee's bank: not a party; customer no. C-0456 looks like LIT-0456 (phantom)")
    b = ("James,\n\nas discussed – Meridian in Leeds still has not paid INV-22871 (GBP 21,288) and INV-22904 (GBP 9,912). Invoice attached. "
         "Please note this is Meridian Tools Ltd of Leeds, not the Birmingham company of the same name.\n\nThanks\nTom\n\nTom Ashworth | Commercial Director | Kingsmere Components Ltd")
    phantom("invoice_number", "INV-22904")
    mid = "<CWLP265MB3411D2E0@CWLP265MB3411.GBRP265.PROD.OUTLOOK.COM>"
    e = W.eml_bytes(frm='"Tom Ashworth" <tom.ashworth@kingsmere.co.uk>', to='"James Whitcombe" <j.whitcombe@awt-legal.co.uk>',
                    subject="Meridian Tools (Leeds) – overdue invoices", date="Mon, 04 Mar 2024 09:14:51 +0000", msgid=mid, body=b,
                    thread_index=E.thread_index(None), dkim_domain="kingsmere.co.uk", lang="en-GB",
                    hops=hops("mail-cwlgbr01on2091.outbound.protection.outlook.com", "40.107.11.91", "Mon, 04 Mar 2024 09:14:55 +0000"),
                    atts=[("Invoice INV-22871.pdf", E.files[invp], "application/pdf")])
    em = E.add(f"{F}/Meridian Tools (Leeds) - overdue invoices.eml", e, matter=m, ref=None, doc_type="email", title="Meridian Tools (Leeds) – overdue invoices",
               parties=pa, language="en", date="2024-03-04")
    E.answers[invp]["relations"]["attachment_of"] = [em]
    d = W.Doc(lang="en-GB", author="James Whitcombe", date="2024-03-18T09:00:00Z")
    lines_to_doc(d, letter_lines("AWT Legal LLP, 12 Old Jewry, London EC2R 8DN", ["The Directors", "Meridian Tools Ltd", "Unit 12, Aire Valley Business Park", "Leeds LS10 1PJ"],
                                 "18 March 2024", "Our ref: LIT-0471/JW", "Letter before claim – Kingsmere Components Ltd v Meridian Tools Ltd",
                                 ["Dear Sirs,", "We act for Kingsmere Components Ltd. This letter is sent in accordance with the Pre-Action Protocol for Debt Claims.",
                                  "Our client claims GBP 31,200.00 under invoices INV-22871 of 15 November 2023 and INV-22904 of 29 November 2023, plus statutory interest under the Late Payment of Commercial Debts (Interest) Act 1998.",
                                  "Unless payment is received within 30 days, our client will issue proceedings without further notice."],
                                 "Yours faithfully", "AWT Legal LLP"))
    lbc = E.add(f"{F}/Letter before claim - Meridian Tools.docx", d.bytes(), matter=m, ref="LIT-0471", doc_type="warning_letter",
                title="Letter before claim – Kingsmere Components Ltd v Meridian Tools Ltd", parties=pa, language="en", date="2024-03-18",
                relations={"references": [invp]})
    r = letter_lines("Meridian Tools Ltd | Unit 12, Aire Valley Business Park | Leeds LS10 1PJ | Registered in England no. 11873409",
                     ["AWT Legal LLP", "12 Old Jewry", "London EC2R 8DN"], "2 April 2024", "Your ref: LIT-0471/JW", "Kingsmere Components Ltd – invoices INV-22871 and INV-22904",
                     ["Dear Sirs,", "We refer to your letter of 18 March 2024.", "We do not dispute the invoices but 40 of the KC-7720 valves were defective. We propose to pay GBP 26,000 in four monthly instalments in full and final settlement."],
                     "Yours faithfully", "Daniel Okafor, Finance Director")
    resp = E.add(f"{F}/Meridian response 2024-04-02.pdf", W.pdf_bytes(r), matter=m, ref="LIT-0471", doc_type="letter",
                 title="Kingsmere Components Ltd – invoices INV-22871 and INV-22904", parties=[party("meridian_leeds"), party("kingsmere")], language="en", date="2024-04-02",
                 relations={"responds_to": [lbc]})
    E.add(f"{F}/Statement of account Meridian.xlsx", xlsx_bytes([("Account", [("Kingsmere Components Ltd – statement of account Meridian Tools Ltd (Leeds)",), ("Invoice", "Date", "Amount GBP", "Paid", "Open"),
                                                                             ("INV-22871", "2023-11-15", 21288, 0, 21288), ("INV-22904", "2023-11-29", 9912, 0, 9912), ("Total", "", 31200, 0, 31200)])], "2024-03-04", "Tom Ashworth"),
          matter=m, ref=None, doc_type="spreadsheet", title="Kingsmere Components Ltd – statement of account Meridian Tools Ltd (Leeds)", parties=pa, language="en", date="2024-03-04")
    d = W.Doc(lang="en-GB", author="James Whitcombe", date="2024-05-07T09:00:00Z")
    lines_to_doc(d, [("h", "Claim Form"), ("p", "In the County Court Business Centre"), ("p", "Claim no. [to be allocated]"),
                     ("p", "Claimant: Kingsmere Components Ltd, 4 Riverside Way, Sheffield S9 1XT"), ("p", "Defendant: Meridian Tools Ltd (company number 11873409), Unit 12, Aire Valley Business Park, Leeds LS10 1PJ"),
                     ("bo", "Brief details of claim"), ("p", "The Claimant claims GBP 31,200.00 for goods sold and delivered under invoices INV-22871 and INV-22904, together with interest and fixed costs."),
                     ("p", "Draft – not issued")])
    E.add(f"{F}/Claim Form (draft).docx", d.bytes(), matter=m, ref=None, doc_type="statement_of_claim", title="Claim Form", parties=pa, language="en", date="2024-05-07",
          relations={"references": [invp]})
    return {"lbc": lbc, "resp": resp, "F": F}


# ================================================================ loose files: inboxes, scans, top level, misfiled
def build_loose(E: Estate, c01, c02, c03, c04, c05, c06, c07, c08, c09):
    EXTRA = {"juridica": party("juridica"), "hofer": party("hofer")}
    H, P, J = "Eingang_Huber", "Eingang_Pichler", "Inbox_Whitcombe"
    # --- Eingang_Huber
    b = ("Frau Dr. Huber,\n\nzur Info die Kaufpreisallokation der Verkäuferseite für Projekt Gipfel (Grundstücke / Gebäude / Maschinen). "
         "Aus meiner Sicht ist der Anteil Grund und Boden mit 38 % zu hoch angesetzt; bitte um Ihre Einschätzung vor dem Signing.\n\nLG\nMartin Köck\nCFO Alpenbau Holding AG\n\n"
         "---------- Forwarded message ---------\nFrom: Brenner Beteiligungs GmbH – Finanzen <finanzen@brenner-beteiligungen.at>\nDate: Di., 26. März 2024 um 15:02\nSubject: Kaufpreisallokation TFW\n\n"
         "Sehr geehrter Herr Mag. Köck, anbei wie besprochen unser Vorschlag zur Allokation des Kaufpreises von EUR 18,4 Mio.")
    e = W.eml_bytes(frm='"Mag. Martin Köck" <m.koeck@alpenbau.at>', to='"Huber, Katharina" <k.huber@awt-law.at>', subject="WG: Kaufpreisallokation TFW",
                    date="Wed, 27 Mar 2024 07:48:10 +0100", msgid="<AM0PR02MB6625FF0912@AM0PR02MB6625.eurprd02.prod.outlook.com>", body=b,
                    thread_index=E.thread_index(None), dkim_domain="alpenbau.at", enc="qp",
                    hops=hops("mail-eopbgr130044.outbound.protection.outlook.com", "40.107.13.44", "Wed, 27 Mar 2024 06:48:13 +0000"))
    E.add(f"{H}/WG Kaufpreisallokation TFW.eml", e, matter="C01", ref=None, category="inbox", doc_type="email", title="Kaufpreisallokation TFW",
          parties=[party("alpenbau"), party("brenner")], language="de", date="2024-03-27", notes="only the deal name and the target point to C01")
    up = [("p", "Berghof Immobilien GmbH, Landstraße 21, 4020 Linz"), ("h", "Übergabeprotokoll"), ("p", "Objekt: Hafenstraße 47, 4020 Linz, 3. und 4. OG"),
          ("p", "Übergeberin: Berghof Immobilien GmbH – Übernehmerin: Alpenbau Holding AG"), ("p", "Zählerstände: Strom 118.442 kWh, Wasser 2.871 m³. Übergeben wurden 46 Schlüssel und 120 Zutrittskarten."),
          ("p", "Mängel: Kratzer Glasfront Büro 312; Teeküche 4. OG Armatur tropft."), ("p", "Linz, 28. Juni 2024")]
    E.add(f"{H}/Scan Übergabeprotokoll Hafenstraße.pdf", W.scan_pdf(up, E.rng, producer="KONICA MINOLTA bizhub C300i"), matter="C02", ref=None, category="inbox",
          doc_type="minutes", title="Übergabeprotokoll", parties=[party("berghof_linz"), party("alpenbau")], language="de", date="2024-06-28", text_layer=False,
          relations={"references": [c02["signed"]]}, notes="image-only; only the property and the parties point to C02")
    ji = [("p", "Juridica Fachverlag GmbH | Kohlmarkt 16 | 1010 Wien | " + phantom("fn", "FN 54321 t")), ("p", "Aichinger Wyss Thornton Rechtsanwälte GmbH, Bibliothek, Schottenring 14, 1010 Wien"),
          ("h", "Rechnung"), ("p", "Rechnung Nr. " + phantom("invoice_number", "2024-88123") + " vom 8. Jänner 2024 | Kundennummer " + phantom("customer_number", "300517")),
          ("p", "Jahresabonnement Zeitschrift für Gesellschaftsrecht 2024 – EUR 389,00 zzgl. 10 % USt"), ("p", "Bitte überweisen Sie auf IBAN " + phantom("iban", "AT02 1200 0100 1234 5678"))]
    E.add(f"{H}/Rechnung Juridica 2024-88123.pdf", W.pdf_bytes(ji), matter=None, ref=None, category="inbox", doc_type="invoice", title="Rechnung",
          parties=[EXTRA["juridica"], firm_party()], language="de", date="2024-01-08", notes="customer number 300517 equals the Montafoner client number (phantom)")
    ga = [("p", "Montafoner Quellen GmbH | Silvrettastraße 12 | 6780 Schruns"), ("h", "Einladung zur außerordentlichen Generalversammlung"),
          ("p", "am Montag, 5. Februar 2024, 10:00 Uhr, im Sitzungssaal der Gesellschaft"), ("b", "Tagesordnung"),
          ("p", "1. Abberufung des Geschäftsführers Dr. Markus Bereuter"), ("p", "2. Bestellung von Mag. Sandra Tschofen zur Geschäftsführerin"),
          ("p", "3. Ermächtigung zum Abschluss einer Aufhebungsvereinbarung"), ("p", "Schruns, 25. Jänner 2024")]
    E.add(f"{H}/Einladung Generalversammlung Montafoner.pdf", W.pdf_bytes(ga), matter="C06", ref=None, category="inbox", doc_type="meeting_agenda",
          title="Einladung zur außerordentlichen Generalversammlung", parties=[party("montafoner")], language="de", date="2024-01-25")
    na = [("h", "Mandanteninformation Juni 2024"), ("b", "Neue Schwellenwerte in der Zusammenschlusskontrolle"),
          ("p", "Seit 1. Jänner 2024 gilt für die Anmeldepflicht bei der Bundeswettbewerbsbehörde ein zweiter Inlandsumsatz-Schwellenwert von EUR 5 Mio."),
          ("b", "Wettbewerbsverbote in Unternehmenskaufverträgen"), ("p", "Nach der Praxis der Europäischen Kommission sind Wettbewerbsverbote bis zu drei Jahren bei Übertragung von Goodwill und Know-how zulässig."),
          ("p", "Aichinger Wyss Thornton Rechtsanwälte GmbH | Wien · Zürich · London | www.awt-law.at")]
    E.add(f"{H}/AWT Mandanteninformation Juni 2024.pdf", W.pdf_bytes(na), matter=None, ref=None, category="inbox", doc_type="client_alert",
          title="Mandanteninformation Juni 2024", parties=[], language="de", date="2024-06-03")
    # --- Eingang_Pichler
    F4 = c04["F"]
    bb = [("p", "REPUBLIK ÖSTERREICH – Landesgericht Klagenfurt"), ("p", GZ), ("h", "Beweisbeschluss"),
          ("p", "Rechtssache: klagende Partei Seehotel Weissensee GmbH, beklagte Partei Kärntner Hochbau GmbH, wegen EUR 236.400,00 s.A."),
          ("p", "Zum Beweis über die Ursache der Wassereintritte wird DI Dr. Herbert Maierhofer, Sachverständiger für Hochbau und Bauphysik, zum Sachverständigen bestellt."),
          ("p", "Die klagende Partei hat binnen 14 Tagen einen Kostenvorschuss von EUR 6.000,00 zu erlegen."), ("p", "Klagenfurt, 1. Juli 2024")]
    E.add(f"{P}/Zustellung ERV 23 Cg 117-24k Beweisbeschluss.pdf", W.pdf_bytes(bb, creator="Verfahrensautomation Justiz"), matter="C04", ref=None, category="inbox",
          doc_type="court_order", title="Beweisbeschluss", parties=[party("seehotel"), party("hochbau")], language="de", date="2024-07-01",
          notes="only the court file number (GZ) and the parties point to C04")
    eb = [("p", "REPUBLIK ÖSTERREICH – Bezirksgericht Innere Stadt Wien"), ("p", phantom("court_file", "12 E 3456/24")), ("h", "Exekutionsbewilligung"),
          ("p", "Betreibende Partei: Aichinger Wyss Thornton Rechtsanwälte GmbH, Schottenring 14, 1010 Wien"),
          ("p", "Verpflichtete Partei: Hofer Transporte GmbH, " + phantom("fn", "FN 233871 i") + ", Linzer Straße 88, " + phantom("postal_code", "4600 Wels")),
          ("p", "Wegen EUR 8.412,60 s.A. (Honorarforderung, Zahlungsbefehl vom 12.03.2024, " + phantom("court_file", "4 C 512/24") + ") wird die Fahrnisexekution bewilligt."), ("p", "Wien, 23. April 2024")]
    E.add(f"{P}/Exekutionsbewilligung 12 E 3456-24.pdf", W.pdf_bytes(eb, creator="Verfahrensautomation Justiz"), matter=None, ref=None, category="inbox",
          doc_type="court_order", title="Exekutionsbewilligung", parties=[firm_party(), EXTRA["hofer"]], language="de", date="2024-04-23",
          notes="the firm's own fee collection: no client matter")
    b = ("Sehr geehrter Herr Kollege Pichler,\n\nin der Rechtssache Seehotel Weissensee ./. Kärntner Hochbau bestätige ich den Termin für das Vergleichsgespräch am 17. September 2024, 14:00 Uhr, in meiner Kanzlei in Villach. "
         "Meine Mandantin wird durch Herrn Ing. Kofler vertreten.\n\nMit kollegialen Grüßen\nDr. Ulrike Sattlegger\nRechtsanwältin | Hauptplatz 9 | 9500 Villach\nUnser Zeichen: " + phantom("counterparty_ref", "2024/118-KH") + "\n\n"
         "-----Ursprüngliche Nachricht-----\nVon: Pichler, Stefan\nGesendet: Dienstag, 3. September 2024 10:10\nBetreff: Vergleichsgespräch Seehotel")
    e = W.eml_bytes(frm='"Dr. Ulrike Sattlegger" <kanzlei@sattlegger.at>', to='"Pichler, Stefan" <s.pichler@awt-law.at>', subject="AW: Vergleichsgespräch Seehotel",
                    date="Wed, 04 Sep 2024 08:31:00 +0200", msgid="<000001dafe2a$8a1b2c30$9e518490$@sattlegger.at>", irt="<VI1PR08MB5471FACE0019@VI1PR08MB5471.eurprd08.prod.outlook.com>",
                    refs=["<VI1PR08MB5471FACE0019@VI1PR08MB5471.eurprd08.prod.outlook.com>"], body=b, thread_index=E.thread_index(None), dkim_domain="sattlegger.at",
                    hops=hops("mx.sattlegger.at", "193.80.14.2", "Wed, 04 Sep 2024 06:31:04 +0000"), mailer="Microsoft Outlook 16.0", enc="8bit")
    E.add(f"{P}/AW Vergleichsgespräch Seehotel.eml", e, matter="C04", ref=None, category="inbox", doc_type="email", title="Vergleichsgespräch Seehotel",
          parties=[party("hochbau"), party("seehotel")], language="de", date="2024-09-04",
          notes="In-Reply-To names a message that is not in the estate; the counterparty's own reference 2024/118-KH is a phantom")
    tn = ("Telefonnotiz 07.03.2024 09:40\n\nAnruf Herr Dr. Bereuter persönlich (nicht über RA Dr. Fink!): fragt, ob er den Dienstwagen bis Ende April behalten kann. "
          "Keine Zusage gegeben, auf seinen Anwalt verwiesen. An VH weitergeleitet.\n\nSP\n")
    E.add(f"{P}/Telefonnotiz Bereuter.txt", tn.encode("utf-8"), matter="C06", ref=None, category="inbox", doc_type="file_note", title="Telefonnotiz 07.03.2024 09:40",
          parties=[party("bereuter")], language="de", date="2024-03-07")
    # --- Inbox_Whitcombe
    b = ("James – see below, Meridian's proposal. I'd accept four instalments but not the discount. Tom\n\n"
         "-----Original Message-----\nFrom: Daniel Okafor <d.okafor@meridian-tools-leeds.co.uk>\nSent: 08 April 2024 16:22\nTo: Tom Ashworth\nSubject: Payment proposal\n\n"
         "Tom, further to our letter of 2 April we could pay GBP 26,000 in four monthly instalments starting 1 May. Meridian Tools Ltd (Leeds), company no. 11873409.")
    e = W.eml_bytes(frm='"Tom Ashworth" <tom.ashworth@kingsmere.co.uk>', to='"James Whitcombe" <j.whitcombe@awt-legal.co.uk>', subject="FW: Payment proposal",
                    date="Tue, 09 Apr 2024 08:02:33 +0100", msgid="<CWLP265MB3411E5F1@CWLP265MB3411.GBRP265.PROD.OUTLOOK.COM>", body=b,
                    thread_index=E.thread_index(None), dkim_domain="kingsmere.co.uk", lang="en-GB",
                    hops=hops("mail-cwlgbr01on2092.outbound.protection.outlook.com", "40.107.11.92", "Tue, 09 Apr 2024 07:02:36 +0000"))
    E.add(f"{J}/FW Payment proposal.eml", e, matter="C09", ref=None, category="inbox", doc_type="email", title="Payment proposal",
          parties=[party("kingsmere"), party("meridian_leeds")], language="en", date="2024-04-09", relations={"references": [c09["resp"]]})
    b = ("Dear Mr Whitcombe,\n\nfollowing Amendment No. 1 to our Distribution Agreement with Kingsmere: are the KC-8000 proportional valves also covered by the exclusivity in Clause 2.1? "
         "We have a first tender from a customer in Linz.\n\nKind regards\nRobert Haider\nDonautal Handels GmbH, Krems")
    e = W.eml_bytes(frm='"Mag. Robert Haider" <r.haider@donautal-handel.at>', to='"James Whitcombe" <j.whitcombe@awt-legal.co.uk>', subject="Exclusivity for KC-8000 series",
                    date="Thu, 11 Jul 2024 13:45:12 +0200", msgid="<2024071113451200.R7721@donautal-handel.at>", body=b, thread_index=None,
                    dkim_domain="donautal-handel.at", lang="en-GB", hops=hops("smtp.donautal-handel.at", "62.218.44.17", "Thu, 11 Jul 2024 11:45:15 +0000"))
    E.add(f"{J}/Exclusivity for KC-8000 series.eml", e, matter="C03", ref=None, category="inbox", doc_type="email", title="Exclusivity for KC-8000 series",
          parties=[party("donautal"), party("kingsmere")], language="en", date="2024-07-11", relations={"references": [c03["am_signed"]]})
    b = ("Dear colleague,\n\nJoin our free webinar 'Economic Crime and Corporate Transparency Act 2023: the failure to prevent fraud offence' on 24 September 2024, 12:30-13:30 BST.\n\nThe Law Society of England and Wales")
    e = W.eml_bytes(frm='"The Law Society" <events@lawsociety-events.org.uk>', to="<j.whitcombe@awt-legal.co.uk>", subject="Webinar: failure to prevent fraud – 24 September",
                    date="Tue, 03 Sep 2024 10:00:00 +0100", msgid="<news.20240903.88412@lawsociety-events.org.uk>", body=b, thread_index=None,
                    dkim_domain="lawsociety-events.org.uk", lang="en-GB", hops=hops("o1.mail.lawsociety-events.org.uk", "167.89.10.12", "Tue, 03 Sep 2024 09:00:04 +0000"),
                    html="<html><body><h2>Economic Crime and Corporate Transparency Act 2023</h2><p>Join our free webinar on the failure to prevent fraud offence on 24 September 2024, 12:30-13:30 BST.</p></body></html>",
                    extra=[("List-Unsubscribe", "<https://lawsociety-events.org.uk/unsubscribe?u=88412>"), ("Precedence", "bulk")])
    E.add(f"{J}/Webinar failure to prevent fraud.eml", e, matter=None, ref=None, category="inbox", doc_type="email", title="Webinar: failure to prevent fraud – 24 September",
          parties=[], language="en", date="2024-09-03")
    d = W.Doc(lang="en-GB", author="Sophie Lang", date="2024-08-28T09:00:00Z")
    lines_to_doc(d, [("h", "Note: stamp duty on the Lark shareholder loans"), ("p", "Prepared for Meridian Tools Ltd | 28 August 2024"),
                     ("p", "1. The assignment of the shareholder loans to Lark Precision GmbH is an assignment of claims under § 33 TP 21 of the Austrian Stamp Duty Act (GebG); duty is 0.8 % of the consideration."),
                     ("p", "2. Duty arises only if a deed (Urkunde) is executed in Austria or brought into Austria; an email exchange without signatures avoids it."),
                     ("p", "3. Recommendation: allocate the duty expressly in the Shareholders' Agreement.")])
    E.add(f"{J}/Lark - stamp duty note.docx", d.bytes(), matter="C08", ref=None, category="inbox", doc_type="memo", title="Note: stamp duty on the Lark shareholder loans",
          parties=[party("meridian_bham")], language="en", date="2024-08-28")
    # --- Scans (numeric names)
    ex_lines = [("p", "Hierüber wurde dieser Notariatsakt aufgenommen, den Parteien vorgelesen, von ihnen genehmigt und unterfertigt."),
                ("p", "Innsbruck, am 2. April 2024"), ("p", "Brenner Beteiligungs GmbH: ______ (Dr. Alois Brenner)"), ("p", "Alpenbau Holding AG: ______ (DI Johanna Steindl, Vorstand)"),
                ("p", "Mag. Eva Ortner, öffentliche Notarin – GZ 1187/2024 – L.S.")]
    E.add("Scans/20240402_0001.pdf", W.scan_pdf(ex_lines, E.rng, producer="Canon iR-ADV C5560 PDF"), matter="C01", ref=None, category="scan", doc_type="notarial_deed",
          title=None, parties=[party("brenner"), party("alpenbau")], language="de", date="2024-04-02", text_layer=False,
          relations={"near_duplicate_of": [c01["executed"]]}, notes="signature page of the notarial deed only; no heading")
    E.add("Scans/20240514_0003.pdf", W.scan_pdf(LEASE_HEAD + [("b", "§ 1 Mietgegenstand"), ("p", "(1) Die Vermieterin ist grundbücherliche Eigentümerin der Liegenschaft EZ 2291, KG 45203 Linz, mit dem Bürogebäude Hafenstraße 47, 4020 Linz."),
                                                   ("p", "(2) Vermietet werden die im 3. und 4. Obergeschoß gelegenen Büroflächen im Ausmaß von rund 1.840 m² laut Flächenplan in Anhang B.")], E.rng),
          matter="C02", ref=None, category="scan", doc_type="lease_agreement", title="MIETVERTRAG", parties=[party("berghof_linz"), party("alpenbau")], language="de",
          date="2024-05-14", text_layer=False, relations={"near_duplicate_of": [c02["signed"]]}, notes="first page of the signed lease")
    E.add("Scans/20240612_0007.pdf", W.scan_pdf(c04["protocol_lines"], E.rng, ocr_text=True), matter="C04", ref=None, category="scan", doc_type="minutes",
          title="PROTOKOLL", parties=[party("seehotel"), party("hochbau")], language="de", date="2024-06-12", relations={"near_duplicate_of": [c04["protocol"]]})
    E.add("Scans/00317.tif", W.scan_raster(c04["vollmacht_lines"], E.rng, "TIFF"), matter="C04", ref=None, category="scan", doc_type="power_of_attorney",
          title="VOLLMACHT", parties=[party("seehotel")], language="de", date="2024-02-05", text_layer=False, fmt="tiff",
          relations={"near_duplicate_of": [c04["vollmacht"]]}, notes="bilevel CCITT G4 TIFF")
    E.add("Scans/IMG_20240315_101245.jpg", W.scan_raster(c06["sig_lines"][-6:], E.rng, "JPEG", angle=2.5), matter="C06", ref=None, category="scan",
          doc_type="termination_agreement", title=None, parties=[party("montafoner"), party("bereuter")], language="de", date="2024-03-15", text_layer=False, fmt="jpg",
          relations={"near_duplicate_of": [c06["signed"]]}, notes="phone photo of the last page (signatures)")
    bl = [("p", "Berghof Immobilien GmbH | Museumstraße 9 | 6020 Innsbruck | FN 190234 x"), ("p", "Grünwald Privatstiftung, z.H. des Vorstands, Alpenstraße 48, 5020 Salzburg"),
          ("p", "Innsbruck, 1. Oktober 2024"), ("b", "Darlehensvertrag vom 15. Juli 2024 – Zinszahlung"),
          ("p", "Sehr geehrte Damen und Herren, wir teilen mit, dass die erste Zinsrate über EUR 74.375,00 am 31. Dezember 2024 geleistet wird. Zugleich kündigen wir gemäß Punkt 3 eine Teilrückzahlung von EUR 500.000,00 an."),
          ("p", "Mit freundlichen Grüßen, Ing. Thomas Wallnöfer")]
    E.add("Scans/20241002_0001.pdf", W.scan_pdf(bl, E.rng), matter="C07", ref=None, category="scan", doc_type="letter",
          title="Darlehensvertrag vom 15. Juli 2024 – Zinszahlung", parties=[party("berghof_ibk"), party("gruenwald")], language="de", date="2024-10-01", text_layer=False,
          relations={"references": [c07["final"]]}, notes="homonym: the Innsbruck Berghof, so C07, not the Linz lease C02")
    fa = [("p", "Finanzamt Österreich – Dienststelle Wien 1/23"), ("p", "Aichinger Wyss Thornton Rechtsanwälte GmbH, Schottenring 14, 1010 Wien"), ("p", "Steuernummer " + phantom("tax_number", "09 412/7733")),
          ("b", "Ergänzungsersuchen Umsatzsteuer 2023"), ("p", "Sie werden ersucht, bis 15. Oktober 2024 die Ausgangsrechnungen an Leistungsempfänger im Drittland (Schweiz, Vereinigtes Königreich) vorzulegen."),
          ("p", "Wien, 18. September 2024")]
    E.add("Scans/20240920_0002.pdf", W.scan_pdf(fa, E.rng), matter=None, ref=None, category="scan", doc_type="letter", title="Ergänzungsersuchen Umsatzsteuer 2023",
          parties=[firm_party()], language="de", date="2024-09-18", text_layer=False, notes="the firm's own tax matter: no client matter")
    # --- top level
    d = W.Doc(lang="de-AT", author="AWT Knowledge", date="2021-05-10T09:00:00Z", numbering="dotted")
    lines_to_doc(d, [("h", "ABTRETUNGSVERTRAG"), ("p", "abgeschlossen zwischen [Verkäuferin], FN [●], und [Käuferin], FN [●]")])
    for h, t in [("Vertragsgegenstand", "Die Verkäuferin tritt ihren Geschäftsanteil an der [Gesellschaft] an die Käuferin ab."), ("Kaufpreis", "Der Kaufpreis beträgt EUR [●]."),
                 ("Haftung", "Die Haftung der Verkäuferin ist mit [●] % des Kaufpreises begrenzt.")]:
        d.p(h, style="Heading1", num=0)
        d.p(t, num=1)
    E.add("Vorlagen/Muster Abtretungsvertrag GmbH.docx", d.bytes(title="Muster Abtretungsvertrag – AWT Standard 2021"), matter=None, ref=None, category="top_level",
          doc_type="share_purchase_agreement", title="ABTRETUNGSVERTRAG", parties=[], language="de", date="2021-05-10",
          notes="template; its core title differs from the visible heading")
    d = W.Doc(lang="en-GB", author="AWT Knowledge", date="2022-01-17T09:00:00Z")
    lines_to_doc(d, [("p", "[Letterhead AWT Legal LLP]"), ("p", "[Date]"), ("p", "Our ref: [ref]"), ("bo", "Letter before claim – [Claimant] v [Defendant]"),
                     ("p", "Dear Sirs,"), ("p", "We act for [Claimant]. This letter is sent in accordance with the Pre-Action Protocol for Debt Claims. Our client claims GBP [amount] under invoice(s) [numbers].")])
    E.add("Vorlagen/Template - Letter before claim.docx", d.bytes(), matter=None, ref=None, category="top_level", doc_type="warning_letter",
          title="Letter before claim – [Claimant] v [Defendant]", parties=[], language="en", date="2022-01-17")
    E.add("Fristenliste Prozesse 2024.xlsx", xlsx_bytes([("Fristen", [("Fristenliste Prozesse 2024",), ("Akt", "Gericht / GZ", "Frist", "Was", "Verantwortlich"),
                                                                   ("LIT-0456", "LG Klagenfurt " + GZ, "2024-07-15", "Kostenvorschuss SV erlegen", "SP"),
                                                                   ("LIT-0471", "CCBC (not issued)", "2024-04-17", "LBC expiry", "JW"),
                                                                   ("300517-0001", "–", "2024-03-31", "Beendigung GF-Vertrag Bereuter", "VH")])], "2024-07-02", "Stefan Pichler"),
          matter=None, ref=None, category="top_level", doc_type="checklist", title="Fristenliste Prozesse 2024", parties=[], language="de", date="2024-07-02",
          notes="names three matters: unassigned")
    E.add("Kopie von 00041231_3.docx", E.files[c01["v3"]], matter="C01", ref=None, category="top_level", doc_type="share_purchase_agreement", title="Abtretungsvertrag",
          parties=[party("brenner"), party("alpenbau")], language="de", date="2024-03-20", relations={"duplicate_of": [c01["v3"]]}, notes="byte-identical copy")
    E.add("AWT Kanzleipräsentation 2024.pptx", pptx_bytes([("Aichinger Wyss Thornton – Wien · Zürich · London", ["Kanzleipräsentation 2024"]),
                                                          ("Wer wir sind", ["62 Anwältinnen und Anwälte", "Corporate/M&A, Prozessführung, Immobilien, IP"]),
                                                          ("Unsere Standorte", ["Wien – Schottenring 14", "Zürich – Bahnhofstrasse 58", "London – 12 Old Jewry"])], "2024-01-10", "Marketing"),
          matter=None, ref=None, category="top_level", doc_type="presentation", title="Aichinger Wyss Thornton – Wien · Zürich · London", parties=[], language="de", date="2024-01-10")
    # --- misfiled
    d = W.Doc(lang="de-AT", author="Katharina Huber", date="2024-04-09T09:00:00Z")
    lines_to_doc(d, letter_lines("Aichinger Wyss Thornton Rechtsanwälte GmbH, Schottenring 14, 1010 Wien", ["Alpenbau Holding AG", "z.H. Herrn Dr. Georg Reisinger", "Wiedner Hauptstraße 63", "1040 Wien"],
                                 "Wien, 9. April 2024", "Unser Zeichen: 104233-0009 KH", "Mietvertrag Linz, Hafenstraße 47 – unser Entwurf",
                                 ["Sehr geehrter Herr Dr. Reisinger,", "anbei erhalten Sie unseren Entwurf des Mietvertrags mit der Berghof Immobilien GmbH vom 8. April 2024 mit der Bitte um Durchsicht.",
                                  "Besonders hinweisen möchten wir auf den Kündigungsverzicht in § 2 und die Wertsicherung in § 5."],
                                 "Mit freundlichen Grüßen", "Dr. Katharina Huber"))
    E.add("DMS_Export/Workspace_104233/Matter_0007/Documents/00041415_1.docx", d.bytes(), matter="C02", ref="104233-0009", category="misfiled", doc_type="letter",
          title="Mietvertrag Linz, Hafenstraße 47 – unser Entwurf", parties=[party("alpenbau"), party("berghof_linz")], language="de", date="2024-04-09",
          relations={"references": [c02["lease_v1"]]}, notes="filed into the client's other matter (Matter_0007)")
    d = W.Doc(lang="en-GB", author="James Whitcombe", date="2024-04-12T09:00:00Z")
    lines_to_doc(d, letter_lines("AWT Legal LLP, 12 Old Jewry, London EC2R 8DN", ["Mr Daniel Okafor", "Finance Director", "Meridian Tools Ltd", "Unit 12, Aire Valley Business Park", "Leeds LS10 1PJ"],
                                 "12 April 2024", "Our ref: LIT-0471/JW", "Kingsmere Components Ltd – your proposal",
                                 ["Dear Mr Okafor,", "Thank you for your letter of 2 April 2024.", "Our client will accept payment of the full amount of GBP 31,200 in four monthly instalments starting on 1 May 2024. It does not accept a discount; the alleged defects were never notified."],
                                 "Yours sincerely", "James Whitcombe"))
    E.add(f"{c03['B']}/Correspondence/Letter to Meridian re instalments.docx", d.bytes(), matter="C09", ref="LIT-0471", category="misfiled", doc_type="letter",
          title="Kingsmere Components Ltd – your proposal", parties=[party("kingsmere"), party("meridian_leeds")], language="en", date="2024-04-12",
          relations={"responds_to": [c09["resp"]]}, notes="filed into the client's other matter")
    ch = [("h", "Companies House"), ("p", "Company overview for MERIDIAN TOOLS LTD (11873409)"), ("p", "Registered office address: Unit 12, Aire Valley Business Park, Leeds, England, LS10 1PJ"),
          ("p", "Company status: Active"), ("p", "Company type: Private limited Company"), ("p", "Incorporated on: 4 March 2019"),
          ("p", "Nature of business (SIC): 25730 – Manufacture of tools"), ("p", "Officers: OKAFOR, Daniel – Director; WALSH, Ciara – Director"), ("p", "Retrieved 3 April 2024")]
    E.add("Clients/Meridian Tools Ltd/Project Lark/Meridian Tools Ltd - Companies House.pdf", W.pdf_bytes(ch, creator="Mozilla Firefox", producer="Skia/PDF m123"),
          matter="C09", ref=None, category="misfiled", doc_type="register_extract", title="Companies House", parties=[party("meridian_leeds")], language="en", date="2024-04-03",
          notes="homonym: the Leeds company (11873409) of the debt claim, filed under the Birmingham client's folder")


# ================================================================ more mail and papers around the matters
def build_extra(E: Estate, c01, c02, c03, c04, c05, c06, c07, c08, c09):
    DOCX = "application/vnd.openxmlformats-officedocument.wordprocessingml.document"
    # C01: engagement letter, signing power of attorney, mail to the notary with the clean version
    D = "DMS_Export/Workspace_104233/Matter_0007/Documents"
    ml = [("p", "Aichinger Wyss Thornton Rechtsanwälte GmbH | Schottenring 14 | 1010 Wien"), ("p", "Alpenbau Holding AG, z.H. Herrn Dr. Georg Reisinger, Wiedner Hauptstraße 63, 1040 Wien"),
          ("p", "Wien, 10. Jänner 2024"), ("p", "Unser Akt: 104233-0007"), ("h", "Mandatsvereinbarung"),
          ("p", "Sie beauftragen uns mit der rechtlichen Beratung beim geplanten Erwerb sämtlicher Geschäftsanteile an der Tiroler Fertigteilwerk GmbH (Projekt Gipfel)."),
          ("p", "Das Honorar wird nach Zeitaufwand verrechnet: Partner EUR 480, Rechtsanwaltsanwärter EUR 260 je Stunde; es gelten unsere Allgemeinen Auftragsbedingungen 2024."),
          ("p", "Dr. Katharina Huber    |    Einverstanden: Alpenbau Holding AG")]
    E.add(f"{D}/00041190_1.pdf", W.pdf_bytes(ml), matter="C01", ref="104233-0007", doc_type="engagement_letter", title="Mandatsvereinbarung",
          parties=[firm_party(), party("alpenbau")], language="de", date="2024-01-10")
    vo = [("h", "SPEZIALVOLLMACHT"), ("p", "Die Alpenbau Holding AG, FN 287514 w, bevollmächtigt hiermit Frau Dr. Katharina Huber, Rechtsanwältin in Wien, sie beim Abschluss des Abtretungsvertrags mit der Brenner Beteiligungs GmbH über sämtliche Geschäftsanteile an der Tiroler Fertigteilwerk GmbH in Notariatsaktsform zu vertreten."),
          ("p", "Wien, am 28. März 2024"), ("p", "Alpenbau Holding AG – DI Johanna Steindl, Vorstand – Mag. Martin Köck, Prokurist"),
          ("p", "Beglaubigung: BRZ " + phantom("notarial_deed", "904/2024") + ", Dr. Peter Aigner, öffentlicher Notar in Wien")]
    E.add(f"{D}/00041265_1.pdf", W.pdf_bytes(vo), matter="C01", ref=None, doc_type="power_of_attorney", title="SPEZIALVOLLMACHT",
          parties=[party("alpenbau")], language="de", date="2024-03-28")
    b = ("Sehr geehrte Frau Mag. Ortner,\n\nanbei die abgestimmte Fassung des Abtretungsvertrags (Stand 20. März 2024) zur Vorbereitung des Notariatsakts am 2. April 2024 in Ihrer Kanzlei. "
         "Die Käuferin wird auf Grund Spezialvollmacht durch die Unterfertigte vertreten.\n\nMit freundlichen Grüßen\nKatharina Huber\nAkt 104233/0007")
    e = W.eml_bytes(frm='"Huber, Katharina" <k.huber@awt-law.at>', to='"Mag. Eva Ortner" <kanzlei@notariat-ortner.at>', subject="Projekt Gipfel – Abtretungsvertrag für Notariatsakt 2.4.2024",
                    date="Wed, 20 Mar 2024 17:05:44 +0100", msgid="<VI1PR08MB5471D00D0E@VI1PR08MB5471.eurprd08.prod.outlook.com>", body=b,
                    thread_index=E.thread_index(None), hops=hops(None, None, "Wed, 20 Mar 2024 16:05:45 +0000", inbound=False),
                    atts=[("Abtretungsvertrag TFW 20.03.2024 clean.docx", E.files[c01["v3"]], DOCX)])
    m = E.add("DMS_Export/Workspace_104233/Matter_0007/Emails/00041261_1.eml", e, matter="C01", ref="104233/0007", doc_type="email",
              title="Projekt Gipfel – Abtretungsvertrag für Notariatsakt 2.4.2024", parties=[], language="de", date="2024-03-20",
              notes="to the notary: she is not a party; the parties are named only in the attachment")
    E.answers[c01["v3"]]["relations"]["attachment_of"] = [m]
    E.answers["Kopie von 00041231_3.docx"]["relations"]["attachment_of"] = [m]
    # C01 inbox: register court's entry notice for the target
    eb = [("p", "Landesgericht Innsbruck als Firmenbuchgericht"), ("p", "FN 76543 h, " + phantom("court_file", "34 Fr 2211/24 p")), ("h", "Beschluss"),
          ("p", "Im Firmenbuch wird bei der Tiroler Fertigteilwerk GmbH, Sitz Schwaz, eingetragen: Geschäftsführer DI Johanna Steindl, geb. 02.02.1975, vertritt seit 03.04.2024 gemeinsam mit einem weiteren Geschäftsführer oder einem Prokuristen."),
          ("p", "Gelöscht: Ing. Florian Wechselberger."), ("p", "Innsbruck, 12. April 2024")]
    E.add("Eingang_Huber/Firmenbuch Beschluss FN 76543h.pdf", W.pdf_bytes(eb, creator="Verfahrensautomation Justiz"), matter="C01", ref=None, category="inbox",
          doc_type="court_order", title="Beschluss", parties=[party("tfw")], language="de", date="2024-04-12",
          notes="register court decision for the target after closing; only the target points to C01")
    # C02: the landlord counsel's mark-up arrives as an HTML-only mail
    html = ("<html><head><meta charset=\"utf-8\"></head><body><p>Sehr geehrte Frau Kollegin Dr. Huber,</p>"
            "<p>anbei übermittle ich die Anmerkungen meiner Mandantin, der Berghof Immobilien GmbH, zu Ihrem Mietvertragsentwurf vom 8. April 2024 (im Änderungsmodus).</p>"
            "<p>Mit kollegialen Grüßen<br>Dr. Helmut Haslinger<br>Rechtsanwalt, Linz</p></body></html>")
    e = W.eml_bytes(frm='"Dr. Helmut Haslinger" <office@haslinger-ra.at>', to='"Huber, Katharina" <k.huber@awt-law.at>', subject="Mietvertrag Hafenstraße 47 – Anmerkungen Vermieterin",
                    date="Mon, 22 Apr 2024 16:48:00 +0200", msgid="<5C2E8A1F.7090302@haslinger-ra.at>", body=None, html=html, thread_index=None,
                    dkim_domain="haslinger-ra.at", hops=hops("mail.haslinger-ra.at", "212.183.9.51", "Mon, 22 Apr 2024 14:48:02 +0000"), mailer="Apple Mail (2.3774)",
                    atts=[("Mietvertrag Hafenstraße - Anm. Vermieterin.docx", E.files[c02["lease_v2"]], DOCX)])
    m = E.add("DMS_Export/Workspace_104233/Matter_0009/Emails/00041404_1.eml", e, matter="C02", ref=None, doc_type="email", title="Mietvertrag Hafenstraße 47 – Anmerkungen Vermieterin",
              parties=[party("berghof_linz")], language="de", date="2024-04-22", relations={"references": [c02["lease_v1"]]}, notes="HTML-only body")
    E.answers[c02["lease_v2"]]["relations"]["attachment_of"] = [m]
    # C03: Companies House for the client, and our answer to the loose Donautal mail
    A, B = c03["A"], c03["B"]
    ch = [("h", "Companies House"), ("p", "Company overview for KINGSMERE COMPONENTS LTD (08412377)"), ("p", "Registered office address: 4 Riverside Way, Sheffield, England, S9 1XT"),
          ("p", "Company status: Active"), ("p", "Incorporated on: 21 February 2013"), ("p", "Officers: ASHWORTH, Thomas Edward – Director; MORLEY, Janet – Secretary"), ("p", "Retrieved 2 October 2023")]
    E.add(f"{A}/Kingsmere - Companies House.pdf", W.pdf_bytes(ch, creator="Mozilla Firefox", producer="Skia/PDF m117"), matter="C03", ref=None,
          doc_type="register_extract", title="Companies House", parties=[party("kingsmere")], language="en", date="2023-10-02")
    loose = "Inbox_Whitcombe/Exclusivity for KC-8000 series.eml"
    b = ("Dear Mr Haider,\n\nthe KC-8000 series was added to the Products by Amendment No. 1 of 3 June 2024, so the exclusivity in Clause 2.1 covers it from that date. "
         "Please let Kingsmere know about the Linz tender.\n\nKind regards\nJames Whitcombe\nAWT Legal LLP | Our ref: CM/2023/118\n\n"
         "From: Mag. Robert Haider <r.haider@donautal-handel.at>\nSent: 11 July 2024 13:45\nSubject: Exclusivity for KC-8000 series")
    e = W.eml_bytes(frm='"James Whitcombe" <j.whitcombe@awt-legal.co.uk>', to='"Mag. Robert Haider" <r.haider@donautal-handel.at>', cc='"Tom Ashworth" <tom.ashworth@kingsmere.co.uk>',
                    subject="RE: Exclusivity for KC-8000 series", date="Fri, 12 Jul 2024 09:30:10 +0100", msgid="<LO2P265MB5120C3D4@LO2P265MB5120.GBRP265.PROD.OUTLOOK.COM>",
                    irt="<2024071113451200.R7721@donautal-handel.at>", refs=["<2024071113451200.R7721@donautal-handel.at>"], body=b, thread_index=E.thread_index(None),
                    hops=hops(None, None, "Fri, 12 Jul 2024 08:30:11 +0000", inbound=False), lang="en-GB")
    r = E.add(f"{B}/Correspondence/RE Exclusivity for KC-8000 series.eml", e, matter="C03", ref="CM/2023/118", doc_type="email", title="Exclusivity for KC-8000 series",
              parties=[party("donautal"), party("kingsmere")], language="en", date="2024-07-12", relations={"responds_to": [loose], "references": [c03["am_signed"]]})
    E.threads.append([loose, r])
    # C04: filed claim to the client (attachment is the LibreOffice PDF, so after the conversions), client's reply
    F = c04["F"]
    pdfp = f"{F}/Schriftsätze/2024-02-19 Klage (eingebracht).pdf"
    b1 = ("Sehr geehrte Frau Mag. Gasser,\n\nwir haben heute die Klage gegen die Kärntner Hochbau GmbH beim Landesgericht Klagenfurt im ERV eingebracht; eine Kopie liegt bei. "
          "Die Pauschalgebühr von EUR 4.591,00 wird vom Konto abgebucht.\n\nMit freundlichen Grüßen\nStefan Pichler\nUnser Akt: LIT-0456")
    mid1 = "<VI1PR08MB5471AB12CD@VI1PR08MB5471.eurprd08.prod.outlook.com>"
    ti = E.thread_index(None)
    p1 = f"{F}/Korrespondenz/2024-02-19 Klage eingebracht.eml"
    p2 = f"{F}/Korrespondenz/AW Klage eingebracht.eml"

    def mails(mid1=mid1, ti=ti, b1=b1):
        e1 = W.eml_bytes(frm='"Pichler, Stefan" <s.pichler@awt-law.at>', to='"Mag. Lisa Gasser" <l.gasser@seehotel-weissensee.at>', subject="LIT-0456 – Klage gegen Kärntner Hochbau eingebracht",
                         date="Mon, 19 Feb 2024 16:20:00 +0100", msgid=mid1, body=b1, thread_index=ti, hops=hops(None, None, "Mon, 19 Feb 2024 15:20:01 +0000", inbound=False),
                         atts=[("Klage Seehotel gg Kärntner Hochbau.pdf", E.files[pdfp], "application/pdf")])
        E.files[p1] = e1
        b2 = ("Danke, Herr Mag. Pichler. Bitte halten Sie uns zum Termin auf dem Laufenden. Wir sind im Juni wegen der Hochsaison nur eingeschränkt erreichbar.\n\n"
              "Freundliche Grüße\nLisa Gasser\nGeschäftsführerin | Seehotel Weissensee GmbH | Techendorf 41 | 9762 Weissensee | T " + phantom("phone", "+43 4713 2240"))
        E.files[p2] = W.eml_bytes(frm='"Mag. Lisa Gasser" <l.gasser@seehotel-weissensee.at>', to='"Pichler, Stefan" <s.pichler@awt-law.at>',
                                  subject="AW: LIT-0456 – Klage gegen Kärntner Hochbau eingebracht", date="Tue, 20 Feb 2024 07:55:31 +0100",
                                  msgid="<20240220065531.7C1D2@seehotel-weissensee.at>", irt=mid1, refs=[mid1], body=b2, thread_index=E.thread_index(ti),
                                  dkim_domain="seehotel-weissensee.at", hops=hops("mail.seehotel-weissensee.at", "188.21.44.90", "Tue, 20 Feb 2024 06:55:33 +0000"), enc="latin1")
    E.post.append(mails)
    E.add(p1, None, matter="C04", ref="LIT-0456", doc_type="email", title="LIT-0456 – Klage gegen Kärntner Hochbau eingebracht",
          parties=[party("seehotel"), party("hochbau")], language="de", date="2024-02-19")
    E.answers[pdfp]["relations"]["attachment_of"] = [p1]
    E.add(p2, None, matter="C04", ref="LIT-0456", doc_type="email", title="LIT-0456 – Klage gegen Kärntner Hochbau eingebracht",
          parties=[party("seehotel"), party("hochbau")], language="de", date="2024-02-20", relations={"responds_to": [p1]})
    E.threads.append([p1, p2])
    # C05: Swiss register extract (French) and a French mail about signing
    F5 = "Zürich/Klienten/Sennhof Pharma AG/Z24-0312 Lizenz Lumina"
    rc = [("p", "Registre du commerce du canton de Genève"), ("h", "Extrait internet"), ("p", "Lumina Biotech SA – CHE-412.093.117"), ("p", "Forme juridique : société anonyme"),
          ("p", "Siège : Plan-les-Ouates"), ("p", "Capital-actions : CHF 1'250'000"), ("p", "But : recherche et développement de produits pharmaceutiques"),
          ("p", "Administrateurs : Rochat, Jean-Marc, de Genève, directeur général, signature individuelle"), ("p", "Date de l'extrait : 22.04.2024")]
    E.add(f"{F5}/Registre du commerce Lumina Biotech SA.pdf", W.pdf_bytes(rc, creator="Zefix"), matter="C05", ref=None, doc_type="register_extract",
          title="Extrait internet", parties=[party("lumina")], language="fr", date="2024-04-22")
    b = ("Chère Consœur,\n\nNotre mandante confirme la signature du contrat de licence le 10 juin 2024 à Bâle. Le Dr Rochat sera accompagné de Mme Favre.\n\n"
         "Meilleures salutations\nClaire Dubois\nÉtude Dubois & Favre, Genève")
    e = W.eml_bytes(frm='"Me Claire Dubois" <c.dubois@dubois-favre.ch>', to='"Brunner, Nicole" <n.brunner@awt-law.ch>', subject="Contrat de licence Sennhof / Lumina – signature",
                    date="Wed, 05 Jun 2024 11:02:00 +0200", msgid="<b21c0e7a-2f44-4d55-9e0a-1d2c3b4a5f60@dubois-favre.ch>", body=b, thread_index=None,
                    dkim_domain="dubois-favre.ch", hops=hops("mail.infomaniak.com", "83.166.143.170", "Wed, 05 Jun 2024 09:02:03 +0000"), lang="fr-CH", mailer="Infomaniak Mail")
    E.add(f"{F5}/Korrespondenz/Contrat de licence – signature.eml", e, matter="C05", ref=None, doc_type="email", title="Contrat de licence Sennhof / Lumina – signature",
          parties=[party("lumina"), party("sennhof")], language="fr", date="2024-06-05")
    # C06: draft to Dr. Fink and his answer with the mark-up
    F6 = c06["F"]
    ti = E.thread_index(None)
    mid1 = "<VI1PR08MB5471E1E2E3@VI1PR08MB5471.eurprd08.prod.outlook.com>"
    b1 = ("Sehr geehrter Herr Kollege,\n\nwie angekündigt anbei unser Entwurf der Aufhebungsvereinbarung für Herrn Dr. Bereuter.\n\nMit kollegialen Grüßen\nVerena Hollaus\nAichinger Wyss Thornton Rechtsanwälte GmbH | Unser Zeichen 300517-0001")
    e1 = W.eml_bytes(frm='"Hollaus, Verena" <v.hollaus@awt-law.at>', to='"Dr. Andreas Fink" <kanzlei@ra-fink.at>', subject="Montafoner Quellen / Dr. Bereuter – Entwurf Aufhebungsvereinbarung",
                     date="Mon, 26 Feb 2024 17:30:00 +0100", msgid=mid1, body=b1, thread_index=ti, hops=hops(None, None, "Mon, 26 Feb 2024 16:30:01 +0000", inbound=False),
                     atts=[("Aufhebungsvereinbarung Entwurf AWT.docx", E.files[c06["v1"]], DOCX)])
    q1 = E.add(f"{F6}/Mail an Dr. Fink Entwurf Aufhebungsvereinbarung.eml", e1, matter="C06", ref="300517-0001", doc_type="email",
               title="Montafoner Quellen / Dr. Bereuter – Entwurf Aufhebungsvereinbarung", parties=[party("montafoner"), party("bereuter")], language="de", date="2024-02-26")
    E.answers[c06["v1"]]["relations"]["attachment_of"] = [q1]
    b2 = ("Sehr geehrte Frau Kollegin,\n\nanbei meine Anmerkungen im Änderungsmodus. Mit sieben Monatsbezügen ist mein Mandant einverstanden, die Konkurrenzklausel muss auf sechs Monate verkürzt werden.\n\n"
          "Mit kollegialen Grüßen\nDr. Andreas Fink\n\n-----Ursprüngliche Nachricht-----\nVon: Hollaus, Verena\nGesendet: Montag, 26. Februar 2024 17:30")
    e2 = W.eml_bytes(frm='"Dr. Andreas Fink" <kanzlei@ra-fink.at>', to='"Hollaus, Verena" <v.hollaus@awt-law.at>', subject="AW: Montafoner Quellen / Dr. Bereuter – Entwurf Aufhebungsvereinbarung",
                     date="Mon, 04 Mar 2024 10:12:09 +0100", msgid="<000c01da6e0b$4a5b6c70$def04550$@ra-fink.at>", irt=mid1, refs=[mid1], body=b2, thread_index=E.thread_index(ti),
                     dkim_domain="ra-fink.at", hops=hops("mail.ra-fink.at", "85.124.77.3", "Mon, 04 Mar 2024 09:12:12 +0000"), mailer="Microsoft Outlook 16.0",
                     atts=[("Aufhebungsvereinbarung - Anm Dr. Fink.docx", E.files[c06["v2"]], DOCX)])
    q2 = E.add(f"{F6}/AW Entwurf Aufhebungsvereinbarung (Anm. Dr. Fink).eml", e2, matter="C06", ref=None, doc_type="email",
               title="Montafoner Quellen / Dr. Bereuter – Entwurf Aufhebungsvereinbarung", parties=[party("montafoner"), party("bereuter")], language="de", date="2024-03-04",
               relations={"responds_to": [q1]})
    E.answers[c06["v2"]]["relations"]["attachment_of"] = [q2]
    E.threads.append([q1, q2])
    # C07: engagement letter of the foundation
    F7 = "Mandanten/Grünwald Privatstiftung/Darlehen Berghof Innsbruck"
    d = W.Doc(lang="de-AT", author="Katharina Huber", date="2024-06-17T09:00:00Z")
    lines_to_doc(d, letter_lines("Aichinger Wyss Thornton Rechtsanwälte GmbH, Schottenring 14, 1010 Wien", ["Grünwald Privatstiftung", "z.H. des Stiftungsvorstands", "Alpenstraße 48", "5020 Salzburg"],
                                 "Wien, 17. Juni 2024", "Unser Akt: 104871-0002", "Mandatsvereinbarung – Darlehen an die Berghof Immobilien GmbH, Innsbruck",
                                 ["Sehr geehrter Herr Dr. Grünwald,", "wir bedanken uns für den Auftrag, die Grünwald Privatstiftung bei der Gewährung eines Darlehens an die Berghof Immobilien GmbH (FN 190234 x) und dessen grundbücherlicher Besicherung zu beraten.",
                                  "Wir verrechnen ein Pauschalhonorar von EUR 9.500,00 zuzüglich USt und Barauslagen."], "Mit freundlichen Grüßen", "Dr. Katharina Huber"))
    E.add(f"{F7}/Mandatsvereinbarung Grünwald Privatstiftung.docx", d.bytes(), matter="C07", ref="104871-0002", doc_type="engagement_letter",
          title="Mandatsvereinbarung – Darlehen an die Berghof Immobilien GmbH, Innsbruck", parties=[firm_party(), party("gruenwald")], language="de", date="2024-06-17")
    # C08: the client's own mail about the mark-up
    b = ("James,\n\nwe have read Steirische's mark-up. 75 % for reserved matters is too high for us – we could live with a veto on the business plan and the budget only. "
         "Eighteen months for the non-compete is fine.\n\nBest\nPriya\n\nPriya Nair | General Counsel | Meridian Tools Ltd | Unit 7 Tyseley Industrial Estate, Birmingham B11 2AG")
    e = W.eml_bytes(frm='"Priya Nair" <priya.nair@meridiantools.co.uk>', to='"James Whitcombe" <j.whitcombe@awt-legal.co.uk>', subject="Project Lark – our view on the SHA mark-up",
                    date="Mon, 16 Sep 2024 12:40:00 +0100", msgid="<DB9PR03MB7201A0B1@DB9PR03MB7201.eurprd03.prod.outlook.com>", body=b, thread_index=E.thread_index(None),
                    dkim_domain="meridiantools.co.uk", lang="en-GB", hops=hops("mail-db5eur03on2111.outbound.protection.outlook.com", "40.107.4.111", "Mon, 16 Sep 2024 11:40:03 +0000"))
    E.add("Clients/Meridian Tools Ltd/Project Lark/Project Lark - our view on the SHA mark-up.eml", e, matter="C08", ref=None, doc_type="email",
          title="Project Lark – our view on the SHA mark-up", parties=[party("meridian_bham"), party("steirische")], language="en", date="2024-09-16",
          relations={"references": [c08["sha"]]})
    # top level: conflict check naming both Berghofs
    E.add("Konfliktprüfung Berghof Immobilien.xlsx", xlsx_bytes([("Kollision", [("Konfliktprüfung Berghof Immobilien GmbH",), ("Name", "Register", "Sitz", "Mandant / Gegner", "Akt"),
                                                                         ("Berghof Immobilien GmbH", "FN 354871 d", "Linz", "Gegner (Vermieterin)", "104233-0009"),
                                                                         ("Berghof Immobilien GmbH", "FN 190234 x", "Innsbruck", "Gegner (Darlehensnehmerin)", "104871-0002"),
                                                                         ("Ergebnis", "keine Kollision", "", "", "")])], "2024-06-14", "Konfliktabteilung"),
          matter=None, ref=None, category="top_level", doc_type="spreadsheet", title="Konfliktprüfung Berghof Immobilien GmbH", parties=[], language="de", date="2024-06-14",
          notes="names both homonym companies and two matters: unassigned")


def build_extra2(E: Estate, c01, c03, c04, c05, c08, c09):
    """A second pass of what a working file also holds: an exhibit letter, an issues list, a PDF print,
    a chronology, the reply in the SHA thread."""
    F4 = c04["F"]
    mr = letter_lines("Seehotel Weissensee GmbH | Techendorf 41 | 9762 Weissensee", ["Kärntner Hochbau GmbH", "Italiener Straße 18", "9500 Villach"],
                      "Techendorf, 11. Jänner 2023", "Per Einschreiben", "Mängelrüge – Seeterrasse und Wellnesstrakt",
                      ["Sehr geehrte Damen und Herren,", "wir rügen die seit Dezember 2022 auftretenden Wassereintritte im Wellnesstrakt unterhalb der Seeterrasse und fordern Sie auf, die Mängel bis 15. Februar 2023 zu beheben.",
                       "Wir behalten uns sämtliche Gewährleistungs- und Schadenersatzansprüche vor."], "Mit freundlichen Grüßen", "Mag. Lisa Gasser, Geschäftsführerin")
    E.add(f"{F4}/Beilagen/Beilage B Mängelrüge 11.01.2023.pdf", W.pdf_bytes([("p", "Beilage ./B")] + mr), matter="C04", ref=None, doc_type="letter",
          title="Mängelrüge – Seeterrasse und Wellnesstrakt", parties=[party("seehotel"), party("hochbau")], language="de", date="2023-01-11",
          relations={"annex_of": [c04["klage"]]}, notes="exhibit ./B of the claim; title is the letter's subject, not the exhibit label")
    E.add("DMS_Export/Workspace_104233/Matter_0007/Documents/00041252_1.xlsx",
          xlsx_bytes([("Issues", [("Projekt Gipfel – Issues List Abtretungsvertrag",), ("Stand 19.03.2024 nach Anmerkungen Verkäuferseite vom 18.03.2024",),
                                  ("Nr.", "Punkt", "Thema", "Käuferin (AWT)", "Verkäuferin (Lechner Rauch)", "Status"),
                                  (1, "2.2", "Kaufpreisanpassung", "Stichtagsbilanz", "Locked Box", "offen"),
                                  (2, "5.3", "Haftungshöchstbetrag", "30 %", "20 %", "offen"),
                                  (3, "5.4", "Verjährung", "24 Monate", "12 Monate", "offen"),
                                  (4, "6", "Wettbewerbsverbot", "3 Jahre Tirol", "einverstanden", "erledigt")])], "2024-03-19", "Lukas Gruber"),
          matter="C01", ref=None, doc_type="spreadsheet", title="Projekt Gipfel – Issues List Abtretungsvertrag", parties=[], language="de", date="2024-03-19",
          relations={"references": [c01["v2"]]}, notes="issues list after the seller's comments; the parties appear only as sides")
    F5 = "Zürich/Klienten/Sennhof Pharma AG/Z24-0312 Lizenz Lumina"
    v3 = f"{F5}/Entwürfe/Licence Agreement v3 final.docx"
    E.convert(f"{F5}/Entwürfe/Licence Agreement v3 final.pdf", E.files[v3], "docx", "pdf")
    E.add(f"{F5}/Entwürfe/Licence Agreement v3 final.pdf", None, matter="C05", ref=None, doc_type="licence_agreement", title="Licence Agreement",
          parties=[party("sennhof"), party("lumina")], language="en", date="2024-05-27", relations={"near_duplicate_of": [v3]})
    chrono = ("# Kingsmere v Meridian Tools (Leeds) – chronology\n\nLIT-0471 | prepared by JW, 8 May 2024\n\n"
              "| Date | Event |\n|---|---|\n| 15 Nov 2023 | INV-22871 (GBP 21,288) |\n| 29 Nov 2023 | INV-22904 (GBP 9,912) |\n"
              "| 4 Mar 2024 | Tom Ashworth instructs AWT |\n| 18 Mar 2024 | Letter before claim |\n| 2 Apr 2024 | Meridian alleges 40 defective KC-7720 valves, offers GBP 26,000 |\n"
              "| 12 Apr 2024 | We reject the discount, accept four instalments |\n| 7 May 2024 | Claim form drafted, not issued |\n")
    E.add(f"{c09['F']}/Chronology.md", chrono.encode("utf-8"), matter="C09", ref="LIT-0471", doc_type="file_note",
          title="Kingsmere v Meridian Tools (Leeds) – chronology", parties=[party("kingsmere"), party("meridian_leeds")], language="en", date="2024-05-08")
    F8 = "Clients/Meridian Tools Ltd/Project Lark"
    first = f"{F8}/Project Lark - SHA mark-up.eml"
    b = ("Bernhard,\n\nthanks for the mark-up. Our client can give Steirische a veto on the business plan and the annual budget, but not a 75 % threshold for all reserved matters in clause 6.2. "
         "The stamp duty wording in clause 12.2 is fine. We will send a revised draft next week.\n\nBest regards\nJames\n\nJames Whitcombe | AWT Legal LLP\n\n"
         "From: Dr. Bernhard Pölzl <b.poelzl@poelzl-law.at>\nSent: 12 September 2024 17:03\nSubject: Project Lark – SHA mark-up")
    e = W.eml_bytes(frm='"James Whitcombe" <j.whitcombe@awt-legal.co.uk>', to='"Dr. Bernhard Pölzl" <b.poelzl@poelzl-law.at>', cc='"Priya Nair" <priya.nair@meridiantools.co.uk>',
                    subject="RE: Project Lark – SHA mark-up", date="Tue, 17 Sep 2024 10:05:00 +0100", msgid="<LO2P265MB5120F00D@LO2P265MB5120.GBRP265.PROD.OUTLOOK.COM>",
                    irt="<a7c2e9f0b1d34e5fa2b8c3d4e5f60718@poelzl-law.at>", refs=["<a7c2e9f0b1d34e5fa2b8c3d4e5f60718@poelzl-law.at>"], body=b,
                    thread_index=E.thread_index(None), hops=hops(None, None, "Tue, 17 Sep 2024 09:05:01 +0000", inbound=False), lang="en-GB")
    r = E.add(f"{F8}/RE Project Lark - SHA mark-up.eml", e, matter="C08", ref=None, doc_type="email", title="Project Lark – SHA mark-up",
              parties=[party("steirische"), party("meridian_bham")], language="en", date="2024-09-17", relations={"responds_to": [first], "references": [c08["sha"]]})
    E.threads.append([first, r])


# ================================================================ main
def build() -> Estate:
    E = Estate()
    c01 = build_c01(E)
    c02 = build_c02(E)
    c03 = build_c03(E)
    c04 = build_c04(E)
    c05 = build_c05(E)
    c06 = build_c06(E)
    c07 = build_c07(E)
    c08 = build_c08(E)
    c09 = build_c09(E)
    E.answers["Mandanten/Grünwald Privatstiftung/Darlehen Berghof Innsbruck/Betriebskostenabrechnung Berghof 2024.pdf"]["relations"]["references"] = [c02["signed"]]
    build_loose(E, c01, c02, c03, c04, c05, c06, c07, c08, c09)
    build_extra(E, c01, c02, c03, c04, c05, c06, c07, c08, c09)
    build_extra2(E, c01, c03, c04, c05, c08, c09)
    E.run_conversions()
    for fn in E.post:
        fn()
    missing = set(E.answers) - set(E.files)
    assert not missing, missing
    return E


def answers_doc(E: Estate) -> dict:
    companies = {k: party(k) for k in COMPANIES}
    return {"estate": "C", "seed": SEED, "generator": "knowledge_index_tests/evaluation_c/estate_c.py",
            "firm": FIRM, "matters": MATTERS, "companies": companies, "homonyms": HOMONYMS,
            "phantom_numbers": PHANTOMS, "chains": E.chains, "threads": E.threads,
            "files": {p: E.answers[p] for p in sorted(E.answers)}}


def write(out: Path) -> Estate:
    E = build()
    files = out / "files"
    if files.exists():
        shutil.rmtree(files)
    for path in sorted(E.files):
        target = files / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(E.files[path])
        os.utime(target, (1735689600, 1735689600))
    (out / "answers.json").write_text(json.dumps(answers_doc(E), ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    return E


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    out = Path(argv[0]) if argv else HERE / "estate_c"
    out.mkdir(parents=True, exist_ok=True)
    E = write(out)
    size = sum(len(b) for b in E.files.values())
    print(f"estate C: {len(E.files)} files, {size / 1e6:.1f} MB -> {out}")


if __name__ == "__main__":
    main()
