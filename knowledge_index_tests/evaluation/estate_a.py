"""Evaluation estate A: a German/English law firm's file share with known answers.

    /work/main/.venv/bin/python -m knowledge_index_tests.evaluation.estate_a [OUT_DIR]

Writes OUT_DIR/files/... and OUT_DIR/answers.json (default: the frozen copy beside this file,
knowledge_index_tests/evaluation/estate_a/). Deterministic: random.Random(SEED), fixed dates,
fixed zip timestamps, reportlab invariant mode; no network. Run it as a module from the
repository root (this folder has a `types.py`, which must not shadow the standard library).

The estate is written from how firms' shares look (several numbering schemes in one firm,
client folders laid out differently, loose inboxes and scans, misfiled letters, numbers that look
like references but are not), not from how any product reads them.
"""

from __future__ import annotations

import base64
import hashlib
import json
import random
import sys
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta
from pathlib import Path

from . import render
from .types import DOC_TYPE_IDS

SEED = 73_0173
HERE = Path(__file__).resolve().parent
DEFAULT_OUT = HERE / "estate_a"

# ----------------------------------------------------------------------------------- the firm

FIRM = "Hartmann Ellerbrook Rechtsanwälte Partnerschaft mbB"
FIRM_EN = "Hartmann Ellerbrook LLP"
FIRM_KEY = "firm_hartmann_ellerbrook"
OFFICES = {
    "muc": "Maximilianstraße 35 · 80539 München · Tel. +49 89 2154 3300 · Fax +49 89 2154 3399",
    "ham": "Ballindamm 8 · 20095 Hamburg · Tel. +49 40 3009 1170",
    "lon": "1 Finsbury Avenue · London EC2M 2PF · T +44 20 7946 0321",
}
FOOTER_DE = ("Hartmann Ellerbrook Rechtsanwälte Partnerschaft mbB · Sitz München · Partnerschaftsregister "
             "AG München PR 1187 · USt-IdNr. DE 281 554 903 · Bankverbindung: Stadtsparkasse München, "
             "IBAN DE89 7015 0000 1002 0173 24, BIC SSKMDEMMXXX")
FOOTER_EN = ("Hartmann Ellerbrook LLP is a limited liability partnership registered in England and Wales "
             "under number OC398112 and authorised and regulated by the Solicitors Regulation Authority "
             "(SRA number 640221). VAT GB 219 4410 73.")
LAWYERS = {
    "MS": ("Dr. Michael Seidl", "michael.seidl"), "TH": ("Tanja Hoffmann", "tanja.hoffmann"),
    "KW": ("Katharina Weiß", "katharina.weiss"), "JW": ("James Whitcombe", "james.whitcombe"),
    "LB": ("Lena Brückner", "lena.brueckner"), "OF": ("Oliver Franke", "oliver.franke"),
}
FIRM_DOMAIN = "hartmann-ellerbrook.de"

# ------------------------------------------------------------------------------- companies


@dataclass
class Co:
    key: str
    name: str
    register: str | None  # as written, e.g. "HRB 12345"
    court: str | None  # register court phrase
    address: str
    rep: str  # who signs
    rep_title: str
    domain: str
    aliases: tuple[str, ...] = ()
    natural: bool = False


COS = {c.key: c for c in [
    Co("mueller_muc", "Müller GmbH", "HRB 12345", "Amtsgericht München", "Landsberger Straße 120, 80339 München",
       "Thomas Müller", "Geschäftsführer", "mueller-muenchen.de"),
    Co("mueller_ham", "Müller GmbH", "HRB 67890", "Amtsgericht Hamburg", "Wendenstraße 200, 20537 Hamburg",
       "Birgit Kahl", "Geschäftsführerin", "mueller-hamburg.de"),
    Co("alpentec", "Alpentec Sensorik GmbH", "HRB 98711", "Amtsgericht München",
       "Lichtenbergstraße 8, 85748 Garching bei München", "Dr. Florian Brandl", "Geschäftsführer", "alpentec.de"),
    Co("isarwerk", "Isarwerk Industrieholding GmbH", "HRB 23456", "Amtsgericht München",
       "Prinzregentenstraße 22, 80538 München", "Stefan Gruber", "Geschäftsführer", "isarwerk-holding.de",
       ("Isarwerk",)),
    Co("nordlicht", "Nordlicht Logistik AG", "HRB 112233", "Amtsgericht Hamburg", "Am Sandtorkai 41, 20457 Hamburg",
       "Jens Petersen", "Vorstand", "nordlicht-logistik.de", ("Nordlicht Logistik",)),
    Co("harbour", "Harbour Point Capital LLP", "OC412345", "Registrar of Companies for England and Wales",
       "25 Old Broad Street, London EC2N 1HQ", "Sarah Middleton", "Designated Member", "harbourpointcap.com",
       ("Harbour Point Capital", "Harbour Point")),
    Co("kestrel_bidco", "Kestrel Bidco GmbH", "HRB 130456", "Amtsgericht Frankfurt am Main",
       "Bockenheimer Landstraße 51, 60325 Frankfurt am Main", "Marcus Lehner", "Geschäftsführer", "kestrel-bidco.de",
       ("Kestrel Bidco",)),
    Co("feldmann", "Feldmann Verpackung GmbH", "HRB 40217", "Amtsgericht Bielefeld", "Eckendorfer Straße 91, 33609 Bielefeld",
       "Ulrike Feldmann", "Geschäftsführerin", "feldmann-verpackung.de", ("Feldmann Verpackung",)),
    Co("schwarzwald", "Schwarzwald Feinmechanik GmbH", "HRB 700123", "Amtsgericht Freiburg im Breisgau",
       "Industriestraße 14, 79183 Waldkirch", "Andreas Kern", "Geschäftsführer", "schwarzwald-feinmechanik.de",
       ("Schwarzwald Feinmechanik",)),
    Co("rheintal", "Rheintal Maschinenbau AG", "HRB 334455", "Amtsgericht Mannheim", "Rheinauer Ring 9, 68219 Mannheim",
       "Dr. Petra Vogt", "Vorstand", "rheintal-maschinenbau.de", ("Rheintal Maschinenbau",)),
    Co("vantage", "Vantage Software Ltd", "08765432", "Companies House", "3 Forbury Square, Reading RG1 3EU",
       "Daniel Hughes", "Director", "vantagesoftware.co.uk", ("Vantage Software Limited", "Vantage")),
    Co("datenwerk", "Datenwerk Systemhaus GmbH", "HRB 88990", "Amtsgericht Köln", "Im Mediapark 6, 50670 Köln",
       "Ralf Schumacher", "Geschäftsführer", "datenwerk-systemhaus.de", ("Datenwerk",)),
    Co("albers", "Dr. Katrin Albers", None, None, "Sonnenstraße 12, 90403 Nürnberg", "Dr. Katrin Albers", "",
       "web.de", ("Katrin Albers", "Frau Dr. Albers"), natural=True),
    Co("albrecht", "Albrecht Medizintechnik GmbH", "HRB 31415", "Amtsgericht Nürnberg",
       "Frankenstraße 150, 90461 Nürnberg", "Prof. Dr. Werner Albrecht", "Vorsitzender des Beirats",
       "albrecht-medizintechnik.de", ("Albrecht Medizintechnik",)),
    Co("solaris", "Solaris Energie GmbH", "HRB 15566", "Amtsgericht Regensburg", "Donaustaufer Straße 115, 93059 Regensburg",
       "Martina Huber", "Geschäftsführerin", "solaris-energie.de", ("Solaris Energie",)),
    Co("voltwerk", "Voltwerk Beteiligungs GmbH", "HRB 209876 B", "Amtsgericht Charlottenburg",
       "Friedrichstraße 68, 10117 Berlin", "Tobias Engel", "Geschäftsführer", "voltwerk-invest.de", ("Voltwerk",)),
    Co("sonnenfeld", "Sonnenfeld Projekt GmbH", "HRB 17788", "Amtsgericht Regensburg",
       "Donaustaufer Straße 115, 93059 Regensburg", "Martina Huber", "Geschäftsführerin", "sonnenfeld-projekt.de",
       ("Sonnenfeld Projekt",)),
    Co("bergmann", "Bergmann Holding GmbH & Co. KG", "HRA 24680", "Amtsgericht Düsseldorf",
       "Königsallee 92a, 40212 Düsseldorf", "Dr. Clemens Bergmann", "Geschäftsführer der Komplementärin",
       "bergmann-holding.de", ("Bergmann Holding",)),
    Co("weber", "Weber Kunststofftechnik GmbH", "HRB 765432", "Amtsgericht Stuttgart", "Porschestraße 30, 71634 Ludwigsburg",
       "Hans-Peter Weber", "Geschäftsführer", "weber-kunststoff.de", ("Weber Kunststofftechnik",)),
    Co("hp_weber", "Hans-Peter Weber", None, None, "Am Favoritepark 3, 71640 Ludwigsburg", "Hans-Peter Weber", "",
       "gmx.de", ("Herr Hans-Peter Weber",), natural=True),
    Co("g_weber", "Gisela Weber", None, None, "Am Favoritepark 3, 71640 Ludwigsburg", "Gisela Weber", "", "gmx.de",
       (), natural=True),
    Co("greenfield", "Greenfield Retail Ltd", "04455667", "Companies House", "Piccadilly Place, Manchester M1 3BN",
       "Rachel Owens", "General Counsel", "greenfield-retail.co.uk", ("Greenfield Retail Limited", "Greenfield")),
    Co("bavaria", "Bavaria Feinkost GmbH", "HRB 9876", "Amtsgericht Traunstein", "Salinenstraße 4, 83435 Bad Reichenhall",
       "Georg Stadler", "Geschäftsführer", "bavaria-feinkost.de", ("Bavaria Feinkost",)),
    Co(FIRM_KEY, FIRM, "PR 1187", "Amtsgericht München", "Maximilianstraße 35, 80539 München", "Dr. Michael Seidl",
       "Partner", FIRM_DOMAIN, (FIRM_EN, "Hartmann Ellerbrook")),
]}
HOMONYMS = [["mueller_muc", "mueller_ham"]]

# --------------------------------------------------------------------------------- matters


@dataclass
class Matter:
    key: str
    reference: str | None  # the firm's canonical reference (None: the matter has none)
    title: str
    client: str
    lawyer: str
    office: str
    lang: str
    folder: str
    written: str | None  # how letterheads write it ("Unser Zeichen")
    forms: list[str] = field(default_factory=list)  # every form the estate writes
    titles: list[str] = field(default_factory=list)  # title aliases (folder title, short names)


MATTERS = {m.key: m for m in [
    Matter("M01", "2024/0173", "Verkauf Alpentec Sensorik", "mueller_muc", "MS", "muc", "de",
           "Mandanten/Müller GmbH, München/2024-0173 Verkauf Alpentec", "2024/0173-MS",
           ["2024/0173", "2024-0173", "2024/0173-MS", "2024_0173"], ["Verkauf Alpentec", "Projekt Alpenblick"]),
    Matter("M02", "HB-2024-0211", "Mietvertrag Lager Billbrook", "nordlicht", "LB", "ham", "de",
           "Mandanten/Nordlicht Logistik AG/HB-2024-0211 Mietvertrag Billbrook", "HB-2024-0211",
           ["HB-2024-0211", "HB 2024/0211", "HB-2024-0211 LB"], ["Mietvertrag Billbrook"]),
    Matter("M03", "12345.001", "Project Kestrel – Acquisition Facility", "harbour", "JW", "lon", "en",
           "Clients/Harbour Point Capital LLP/12345.001 Project Kestrel Facility", "12345.001",
           ["12345.001", "12345-001", "12345/001"], ["Project Kestrel Facility", "Kestrel Facility"]),
    Matter("M04", "12345.002", "Project Kestrel – German Security Package", "harbour", "TH", "muc", "de",
           "Clients/Harbour Point Capital LLP/12345-002 Kestrel Security", "12345.002",
           ["12345.002", "12345-002", "12345/002"], ["Kestrel Security", "Kestrel Security Package"]),
    Matter("M05", "0388/23", "Schwarzwald Feinmechanik ./. Rheintal Maschinenbau (Gewährleistung)", "schwarzwald", "KW",
           "muc", "de", "Mandanten/Schwarzwald Feinmechanik GmbH/Klage gegen Rheintal Maschinenbau", "0388/23 KW",
           ["0388/23", "0388/23 KW", "388/23"], ["Klage gegen Rheintal Maschinenbau", "Rheintal Gewährleistung"]),
    Matter("M06", "M-10482", "Datenwerk Reseller and Licence Agreement", "vantage", "JW", "lon", "en",
           "Clients/Vantage Software Ltd/M-10482 Datenwerk Reseller", "M-10482",
           ["M-10482", "M10482", "M-10482/JW"], ["Datenwerk Reseller"]),
    Matter("M07", None, "Aufhebung Geschäftsführerdienstvertrag Dr. Albers", "albers", "KW", "muc", "de",
           "Mandanten/Albers, Dr. Katrin/Aufhebung Geschäftsführerdienstvertrag", None,
           [], ["Aufhebung Geschäftsführerdienstvertrag", "Albers Aufhebung"]),
    Matter("M08", "2023/0542", "Joint Venture Sonnenfeld", "solaris", "MS", "muc", "de",
           "Mandanten/Solaris Energie GmbH/2023_0542 JV Sonnenfeld", "2023/0542",
           ["2023/0542", "2023_0542", "2023-0542", "2023/0542-MS"], ["JV Sonnenfeld"]),
    Matter("M09", "AZ 219/24", "Projekt Falke – Erwerb Weber Kunststofftechnik", "bergmann", "TH", "muc", "de",
           "Mandanten/Bergmann Holding GmbH & Co. KG/AZ 219-24 Projekt Falke", "AZ 219/24 TH",
           ["AZ 219/24", "AZ 219-24", "AZ 219/24 TH", "219/24"], ["Projekt Falke"]),
    Matter("M10", "2024/0305", "Greenfield – Bavaria Feinkost supply dispute", "greenfield", "JW", "lon", "en",
           "Clients/Greenfield Retail Ltd/2024_0305 Bavaria Feinkost supply", "2024/0305-JW",
           ["2024/0305", "2024_0305", "2024/0305-JW", "2024-0305"], ["Bavaria Feinkost supply"]),
    Matter("M11", "0412/24", "Müller GmbH Hamburg – Geschäftsführerwechsel", "mueller_ham", "LB", "ham", "de",
           "Mandanten/Müller GmbH, Hamburg/0412-24 Geschäftsführerwechsel", "0412/24 LB",
           ["0412/24", "0412-24", "0412/24 LB", "412/24"], ["Geschäftsführerwechsel"]),
]}

# numbers that look like references and are not (each appears in the estate; none is a matter)
PHANTOMS: list[dict] = []


def phantom(kind: str, text: str) -> str:
    if not any(p["text"] == text for p in PHANTOMS):
        PHANTOMS.append({"kind": kind, "text": text})
    return text


# ------------------------------------------------------------------------------ doc model


@dataclass
class Doc:
    path: str
    matter: str | None
    category: str
    doc_type: str
    title: str
    lang: str
    date: date
    parties: list[str]
    ref: str | None  # matter reference as written in this file (None: none written)
    fmt: str
    blocks: list = field(default_factory=list)
    rel: dict = field(default_factory=dict)
    decisions: list = field(default_factory=list)
    author: str = "MS"
    heading_styles: bool = True
    eml: dict | None = None
    raw: bytes | None = None
    redline_author: str = ""
    sheet: list | None = None
    slides: list | None = None
    convert_from: str | None = None  # LibreOffice conversion of another doc (path)
    notes: str = ""


DOCS: list[Doc] = []
R = random.Random(SEED)

DE_MONTHS = ["Januar", "Februar", "März", "April", "Mai", "Juni", "Juli", "August", "September", "Oktober",
             "November", "Dezember"]


def de_date(d: date) -> str:
    return f"{d.day}. {DE_MONTHS[d.month - 1]} {d.year}"


def en_date(d: date) -> str:
    return d.strftime("%-d %B %Y")


def fmt_date(d: date, lang: str) -> str:
    return de_date(d) if lang == "de" else en_date(d)


def add(doc: Doc) -> Doc:
    assert doc.doc_type in DOC_TYPE_IDS, doc.doc_type
    assert not any(x.path == doc.path for x in DOCS), doc.path
    DOCS.append(doc)
    return doc


def where(m: Matter | None, sub: str, name: str) -> str:
    base = m.folder if m else ""
    return "/".join(p for p in (base, sub, name) if p)


# ----------------------------------------------------------------------------- builders

def party_intro_de(key: str, role: str) -> str:
    c = COS[key]
    if c.natural:
        return f"{c.name}, wohnhaft {c.address}\n– nachfolgend „{role}“ –"
    return (f"{c.name}, mit Sitz in {c.address.split(', ')[-1].split(' ', 1)[1]}, eingetragen im Handelsregister des "
            f"{c.court} unter {c.register}, Geschäftsanschrift: {c.address}, vertreten durch {c.rep} "
            f"({c.rep_title})\n– nachfolgend „{role}“ –")


def party_intro_en(key: str, role: str, n: int) -> str:
    c = COS[key]
    if c.natural:
        return f"({n}) {c.name.upper()} of {c.address} (the \"{role}\");"
    if c.register and c.register.startswith("HR"):
        return (f"({n}) {c.name.upper()}, a limited liability company (Gesellschaft mit beschränkter Haftung) "
                f"incorporated under the laws of Germany, registered with the commercial register of the {c.court} "
                f"under {c.register}, with its business address at {c.address} (the \"{role}\");")
    return (f"({n}) {c.name.upper()}, a company incorporated in England and Wales with registered number "
            f"{c.register} whose registered office is at {c.address} (the \"{role}\");")


def contract_blocks(lang: str, title: str, parties: list[tuple[str, str]], recitals: list[str],
                    clauses: list[tuple[str, list[str]]], place: str, d: date, *, preamble: str = "",
                    redline: dict | None = None, draft_note: str = "", extra_top: list | None = None) -> list:
    """A contract as lawyers write it. `redline` maps (clause_no, para_no) -> (segments, comment)."""
    b: list = list(extra_top or [])
    if draft_note:
        b.append(("small", draft_note))
    b.append(("title", title))
    if lang == "de":
        b.append(("p", "zwischen"))
        for i, (k, role) in enumerate(parties):
            b.append(("p", party_intro_de(k, role)))
            if i < len(parties) - 1:
                b.append(("p", "und"))
        b.append(("p", "– die Vorgenannten zusammen die „Parteien“ –"))
        if recitals:
            b.append(("h", "Vorbemerkung"))
            for i, r in enumerate(recitals):
                b.append(("p", f"({chr(65 + i)}) {r}"))
        b.append(("p", preamble or "Dies vorausgeschickt, vereinbaren die Parteien, was folgt:"))
    else:
        b.append(("p", f"THIS AGREEMENT is dated {en_date(d)}" if not draft_note else "THIS AGREEMENT is dated [●] 2024"))
        b.append(("b", "PARTIES"))
        for i, (k, role) in enumerate(parties):
            b.append(("p", party_intro_en(k, role, i + 1)))
        if recitals:
            b.append(("b", "BACKGROUND"))
            for i, r in enumerate(recitals):
                b.append(("p", f"({chr(65 + i)}) {r}"))
        b.append(("p", preamble or "IT IS AGREED as follows:"))
    for ci, (head, paras) in enumerate(clauses, 1):
        b.append(("h", f"§ {ci} {head}" if lang == "de" else f"{ci}. {head.upper()}"))
        for pi, para in enumerate(paras, 1):
            if lang == "de":
                label = f"({pi}) " if len(paras) > 1 else ""
            else:
                label = f"{ci}.{pi} "
            if redline and (ci, pi) in redline:
                segs, comment = redline[(ci, pi)]
                b.append(("red", [("t", label)] + segs, comment))
            else:
                b.append(("p", label + para))
    b.append(("p", f"{place}, den {de_date(d)}" if lang == "de" else f"Signed in {place} on {en_date(d)}."))
    b.append(("sig", [(COS[k].rep_title if not COS[k].natural else "", f"{COS[k].name}" if COS[k].natural
                       else f"für {COS[k].name}\n{COS[k].rep}" if lang == "de" else f"for and on behalf of {COS[k].name}\n{COS[k].rep}")
                      for k, _ in parties]))
    return b


def locus(lang: str, ci: int, pi: int, n_paras: int) -> str:
    if lang == "de":
        return f"§ {ci} Abs. {pi}" if n_paras > 1 else f"§ {ci}"
    return f"Clause {ci}.{pi}"


def apply_changes(lang, clauses, changes, mode, author_comment):
    """changes: list of dicts ci, pi, old, new, topic, why, comment. mode 'red' | 'clean' | 'base'.
    Returns (clauses_or_redline_map, decision answers)."""
    import copy

    cl = copy.deepcopy(clauses)
    red = {}
    decisions = []
    for ch in changes:
        ci, pi = ch["ci"], ch["pi"]
        text = cl[ci - 1][1][pi - 1]
        old, new = ch.get("old", ""), ch.get("new", "")
        if old:
            assert old in text, (old, text)
            before, after = text.split(old, 1)
        else:
            before, after = text + " ", ""
        if mode == "clean":
            cl[ci - 1][1][pi - 1] = (before + new + after).replace("  ", " ").strip()
        elif mode == "red":
            segs = [("t", before)]
            if old:
                segs.append(("del", old))
            if new:
                segs.append(("ins", new))
            segs.append(("t", after))
            comment = (ch["comment"], author_comment) if ch.get("comment") else None
            red[(ci, pi)] = ([s for s in segs if s[1]], comment)
            decisions.append({
                "locus": locus(lang, ci, pi, len(cl[ci - 1][1])),
                "topic": ch["topic"],
                "rationale_category": ch["why"] if ch.get("comment") else "unstated",
                "change_type": "modified" if old and new else ("inserted" if new else "deleted"),
                "comment": ch.get("comment"),
            })
    return (red if mode == "red" else cl), decisions


def letter_blocks(m: Matter, lang: str, d: date, to: list[str], subject: str, paras: list[str], *,
                  ihr: str | None = None, ref: str | None = "default", signer: str | None = None,
                  salutation: str | None = None, enclosures: list[str] | None = None, firm: bool = True,
                  sender: str | None = None) -> list:
    signer = signer or m.lawyer
    name, mail = LAWYERS[signer]
    ref_written = (m.written if ref == "default" else ref) if m else (None if ref == "default" else ref)
    b: list = []
    if firm:
        b.append(("small", f"{FIRM if lang == 'de' or m.office != 'lon' else FIRM_EN}"))
        b.append(("small", OFFICES[m.office if m else "muc"]))
        b.append(("small", f"{FIRM} · {OFFICES[m.office if m else 'muc'].split(' · ')[0]}" if lang == "de"
                  else f"{FIRM_EN}, {OFFICES[m.office if m else 'lon'].split(' · ')[0]}"))
    elif sender:
        c = COS[sender]
        b.append(("small", f"{c.name} · {c.address}"))
    b.append(("p", "\n".join(to)))
    meta = []
    if lang == "de":
        if ref_written:
            meta.append(f"Unser Zeichen: {ref_written}" if firm else f"Unser Zeichen: {ref_written}")
        elif firm:
            meta.append(f"Unser Zeichen: {signer}/{LAWYERS[signer][1][:2]}")
        if ihr:
            meta.append(f"Ihr Zeichen: {ihr}")
        meta.append(f"{'München' if (m and m.office == 'muc') or not m else 'Hamburg'}, {de_date(d)}")
    else:
        if ref_written:
            meta.append(f"Our ref: {ref_written}")
        if ihr:
            meta.append(f"Your ref: {ihr}")
        meta.append(en_date(d))
    b.append(("p", "\n".join(meta)))
    b.append(("b", subject))
    b.append(("p", salutation or ("Sehr geehrte Damen und Herren," if lang == "de" else "Dear Sirs,")))
    for p in paras:
        b.append(("p", p))
    if enclosures:
        b.append(("p", ("Anlagen:\n" if lang == "de" else "Enclosures:\n") + "\n".join(f"– {e}" for e in enclosures)))
    b.append(("p", "Mit freundlichen Grüßen" if lang == "de" else ("Yours faithfully" if (salutation or "").startswith("Dear Sirs") or not salutation else "Kind regards")))
    if firm:
        b.append(("p", f"{name}\n{'Rechtsanwalt' if signer in ('MS', 'OF') else 'Rechtsanwältin' if lang == 'de' else 'Partner'}"))
        b.append(("small", FOOTER_DE if lang == "de" else FOOTER_EN))
    else:
        c = COS[sender]
        b.append(("p", f"{c.name}\n{c.rep}"))
    return b


def addr(key: str, attn: str | None = None) -> list[str]:
    c = COS[key]
    lines = [c.name]
    if attn:
        lines.append(attn)
    lines += c.address.split(", ")
    return lines


# ------------------------------------------------------------------------------- e-mail

def _msgid(d: datetime, domain: str) -> str:
    return f"<{d.strftime('%Y%m%d%H%M%S')}.{R.randrange(16**8):08x}@{domain}>"


def make_eml(spec: dict) -> bytes:
    from email.charset import BASE64, QP, Charset
    from email.header import Header
    from email.mime.application import MIMEApplication
    from email.mime.multipart import MIMEMultipart
    from email.mime.text import MIMEText
    from email.utils import format_datetime

    enc = spec.get("encoding", "qp")
    cs = Charset("utf-8")
    cs.body_encoding = {"qp": QP, "base64": BASE64}.get(enc, None)
    if enc == "8bit":
        cs.body_encoding = None
    text = spec["body"]
    html = spec.get("html")
    if html == "only":
        body = MIMEText(_html(text), "html", cs)
    elif html:
        body = MIMEMultipart("alternative", boundary=f"----=_NextPart_{R.randrange(16**12):012X}")
        body.attach(MIMEText(text, "plain", cs))
        body.attach(MIMEText(_html(text), "html", cs))
    else:
        body = MIMEText(text, "plain", cs)
    if spec.get("attachments"):
        msg = MIMEMultipart("mixed", boundary=f"_004_{R.randrange(16**16):016X}_")
        msg.attach(body)
        for fname, data, sub in spec["attachments"]:
            part = MIMEApplication(data, _subtype=sub)
            part.add_header("Content-Disposition", "attachment", filename=("utf-8", "", fname)
                            if not fname.isascii() else fname)
            msg.attach(part)
    else:
        msg = body
    sent: datetime = spec["date"]
    frm_name, frm = spec["from"]
    dom = frm.split("@")[1]
    to_dom = spec["to"][0][1].split("@")[1]
    hops = [
        f"from EUR03-AM7-obe.outbound.protection.outlook.com (mail-am7eur03on2{R.randrange(100, 999)}.outbound."
        f"protection.outlook.com [40.107.{R.randrange(1, 250)}.{R.randrange(1, 250)}])\r\n\tby mx01.{to_dom} "
        f"(Postfix) with ESMTPS id 4W{R.randrange(16**8):08X}\r\n\tfor <{spec['to'][0][1]}>; "
        f"{format_datetime(sent + timedelta(seconds=7))}",
        f"from {dom.split('.')[0]}-exch02.{dom} (10.{R.randrange(1, 250)}.{R.randrange(1, 250)}.12) by "
        f"EUR03-AM7-obe.outbound.protection.outlook.com\r\n\twith Microsoft SMTP Server (version=TLS1_2); "
        f"{format_datetime(sent + timedelta(seconds=2))}",
        f"from {dom.split('.')[0]}-exch02.{dom} ([fe80::{R.randrange(16**4):04x}:{R.randrange(16**4):04x}]) by "
        f"{dom.split('.')[0]}-exch02.{dom}\r\n\t([fe80::{R.randrange(16**4):04x}]) with mapi id 15.20.7587.032; "
        f"{format_datetime(sent)}",
    ]
    for h in hops:
        msg["Received"] = h
    if spec.get("dkim", True):
        sig = base64.b64encode(hashlib.sha256(f"{spec['subject']}{sent}".encode()).digest() * 5).decode()
        bh = base64.b64encode(hashlib.sha256(text.encode()).digest()).decode()
        msg["DKIM-Signature"] = (f"v=1; a=rsa-sha256; c=relaxed/relaxed; d={dom}; s=selector1;\r\n\t"
                                 f"h=From:Date:Subject:Message-ID:Content-Type:MIME-Version;\r\n\tbh={bh};\r\n\t"
                                 f"b={sig[:76]}\r\n\t {sig[76:152]}")
        msg["Authentication-Results"] = f"mx01.{to_dom}; dkim=pass header.d={dom}; spf=pass smtp.mailfrom={dom}"
    msg["From"] = f"{Header(frm_name, 'utf-8').encode() if not frm_name.isascii() else frm_name} <{frm}>"
    msg["To"] = ", ".join(f"{Header(n, 'utf-8').encode() if not n.isascii() else n} <{a}>" for n, a in spec["to"])
    if spec.get("cc"):
        msg["CC"] = ", ".join(f"{Header(n, 'utf-8').encode() if not n.isascii() else n} <{a}>" for n, a in spec["cc"])
    subj = spec["subject"]
    msg["Subject"] = Header(subj, "utf-8").encode() if not subj.isascii() else subj
    msg["Thread-Topic"] = Header(spec.get("topic", subj), "utf-8").encode()
    msg["Thread-Index"] = base64.b64encode(bytes(R.randrange(256) for _ in range(22))).decode()
    msg["Date"] = format_datetime(sent)
    msg["Message-ID"] = spec["message_id"]
    if spec.get("in_reply_to"):
        msg["In-Reply-To"] = spec["in_reply_to"]
        msg["References"] = " ".join(spec["references"])
    msg["Content-Language"] = "de-DE" if spec.get("lang") == "de" else "en-GB"
    msg["X-MS-Has-Attach"] = "yes" if spec.get("attachments") else ""
    msg["X-MS-Exchange-Organization-SCL"] = "-1"
    if "MIME-Version" not in msg:
        msg["MIME-Version"] = "1.0"
    return msg.as_bytes()


def _html(text: str) -> str:
    from html import escape

    paras = "".join(f"<p class=MsoNormal>{escape(p).replace(chr(10), '<br>')}<o:p></o:p></p>"
                    for p in text.split("\n\n"))
    return ("<html xmlns:o=\"urn:schemas-microsoft-com:office:office\"><head><meta http-equiv=\"Content-Type\" "
            "content=\"text/html; charset=utf-8\"><style>p.MsoNormal{margin:0cm;font-size:11.0pt;"
            "font-family:\"Calibri\",sans-serif;}</style></head><body lang=DE link=\"#0563C1\"><div class=WordSection1>"
            f"{paras}</div></body></html>")


def person(key_or_law: str) -> tuple[str, str]:
    if key_or_law in LAWYERS:
        n, a = LAWYERS[key_or_law]
        return n, f"{a}@{FIRM_DOMAIN}"
    c = COS[key_or_law]
    local = ".".join(w.lower() for w in c.rep.replace("Dr. ", "").replace("Prof. ", "").split()[-2:])
    for a, b_ in (("ä", "ae"), ("ö", "oe"), ("ü", "ue"), ("ß", "ss"), ("é", "e")):
        local = local.replace(a, b_)
    return c.rep, f"{local}@{c.domain}"


def thread(m: Matter | None, folder: str, base_subject: str, msgs: list[dict], *, lang: str, category: str,
           doc_matter: str | None = "same", parties: list[str] | None = None, ref_in_subject: bool = True) -> list[Doc]:
    """msgs: dicts with frm, to, cc, when (datetime), body, prefix ('', 'AW: ', 'Re: ', 'WG: '), file, attachments
    [(doc, filename)], html, encoding. Each reply quotes the previous one, Outlook style."""
    out = []
    prev = None
    refs: list[str] = []
    for i, mm in enumerate(msgs):
        frm = person(mm["frm"])
        to = [person(t) for t in mm["to"]]
        cc = [person(t) for t in mm.get("cc", [])]
        tag = f" [{m.written}]" if (m and ref_in_subject and m.written and mm.get("tag", True)) else ""
        subject = f"{mm.get('prefix', '')}{base_subject}{tag}"
        mid = _msgid(mm["when"], frm[1].split("@")[1])
        body = mm["body"]
        sig = (f"\n\n{frm[0]}\n{FIRM if lang == 'de' else FIRM_EN}\n{OFFICES[m.office if m else 'muc']}\n"
               f"{'Unser Zeichen' if lang == 'de' else 'Our ref'}: {m.written}" if frm[1].endswith(FIRM_DOMAIN) and m and m.written
               else f"\n\n{frm[0]}")
        if frm[1].endswith(FIRM_DOMAIN):
            sig += ("\n\nDiese E-Mail kann vertrauliche und/oder rechtlich geschützte Informationen enthalten. "
                    "Wenn Sie nicht der richtige Adressat sind, informieren Sie bitte sofort den Absender."
                    if lang == "de" else "\n\nThis e-mail is confidential and may be privileged. If you are not "
                    "the intended recipient, please notify the sender immediately.")
        full = body + sig
        if prev is not None:
            pv = prev["spec"]
            hdr = (f"Von: {pv['from'][0]} <{pv['from'][1]}>\nGesendet: {de_date(pv['date'].date())} "
                   f"{pv['date'].strftime('%H:%M')}\nAn: {', '.join(n for n, _ in pv['to'])}\nBetreff: {pv['subject']}"
                   if lang == "de" else
                   f"From: {pv['from'][0]} <{pv['from'][1]}>\nSent: {pv['date'].strftime('%A, %d %B %Y %H:%M')}\n"
                   f"To: {', '.join(n for n, _ in pv['to'])}\nSubject: {pv['subject']}")
            full += "\n\n" + ("-----Ursprüngliche Nachricht-----\n" if lang == "de" else "________________________________\n") + hdr + "\n\n" + pv["full"]
        atts = []
        for d_, fname in mm.get("attachments", []):
            atts.append((fname, d_, ))
        spec = {"from": frm, "to": to, "cc": cc, "subject": subject, "date": mm["when"], "message_id": mid,
                "in_reply_to": prev["spec"]["message_id"] if prev else None, "references": list(refs),
                "body": full, "full": full, "html": mm.get("html"), "encoding": mm.get("encoding", "qp"),
                "lang": lang, "topic": base_subject, "attach_docs": mm.get("attachments", [])}
        path = f"{folder}/{mm['file']}" if folder else mm["file"]
        dm = (m.key if m else None) if doc_matter == "same" else doc_matter
        doc = add(Doc(path, dm, mm.get("category", category), "email", f"{base_subject}{tag}".strip(), lang,
                      mm["when"].date(), parties if parties is not None else ([m.client] if m else []),
                      (m.written if tag else None), "eml", eml=spec, author=mm["frm"]))
        if prev is not None:
            doc.rel.setdefault("responds_to", []).append(prev["doc"].path)
        out.append(doc)
        refs.append(mid)
        prev = {"spec": spec, "doc": doc, "full": full}
    for d_ in out:
        d_.rel["thread"] = [x.path for x in out]
    return out


# ============================================================================ clause library

def spa_clauses(price: str) -> list:
    return [
        ("Verkauf und Abtretung", [
            "Die Verkäuferin verkauft hiermit an die Käuferin ihren Geschäftsanteil an der Alpentec Sensorik GmbH "
            "mit der laufenden Nummer 1 im Nennbetrag von EUR 50.000,00 (der „Geschäftsanteil“) mit allen "
            "Rechten und Pflichten einschließlich des Gewinnbezugsrechts für das laufende Geschäftsjahr.",
            "Die Abtretung des Geschäftsanteils erfolgt aufschiebend bedingt auf die vollständige Zahlung des "
            "Kaufpreises gemäß § 2."]),
        ("Kaufpreis", [
            f"Der Kaufpreis für den Geschäftsanteil beträgt {price} (der „Kaufpreis“).",
            "Der Kaufpreis ist am Vollzugstag zur Zahlung fällig und auf das Konto der Verkäuferin bei der "
            "Bayerischen Landesbank, IBAN DE12 7005 0000 0001 2345 67, zu überweisen.",
            "Ein Betrag in Höhe von EUR 1.500.000,00 wird auf ein Treuhandkonto (Escrow) gezahlt und dient der "
            "Sicherung von Ansprüchen der Käuferin aus § 5."]),
        ("Vollzug", [
            "Der Vollzug dieses Vertrags steht unter der aufschiebenden Bedingung der Freigabe durch das "
            "Bundeskartellamt.",
            "Die Parteien werden am Vollzugstag ein Vollzugsprotokoll unterzeichnen."]),
        ("Garantien der Verkäuferin", [
            "Die Verkäuferin garantiert der Käuferin im Wege eines selbständigen Garantieversprechens gemäß "
            "§ 311 Abs. 1 BGB, dass die in diesem § 4 genannten Aussagen am Tag der Unterzeichnung und am "
            "Vollzugstag zutreffend sind.",
            "Die Gesellschaft ist Inhaberin sämtlicher für den Geschäftsbetrieb wesentlichen gewerblichen "
            "Schutzrechte; diese sind in Anlage 4.2 abschließend aufgeführt.",
            "Die Jahresabschlüsse der Gesellschaft zum 31. Dezember 2023 sind nach den Grundsätzen ordnungsmäßiger "
            "Buchführung aufgestellt."]),
        ("Rechtsfolgen und Haftungsbeschränkung", [
            "Die Haftung der Verkäuferin für Ansprüche aus § 4 ist auf einen Betrag in Höhe von 10 % des "
            "Kaufpreises begrenzt.",
            "Ansprüche der Käuferin wegen Garantieverletzungen verjähren 18 Monate nach dem Vollzugstag.",
            "Ansprüche bestehen nur, soweit sie im Einzelfall EUR 25.000,00 übersteigen (De-minimis)."]),
        ("Wettbewerbsverbot", [
            "Die Verkäuferin verpflichtet sich, für die Dauer von zwei Jahren nach dem Vollzugstag nicht im "
            "Geschäftsbereich der Gesellschaft tätig zu werden."]),
        ("Schlussbestimmungen", [
            "Dieser Vertrag unterliegt dem Recht der Bundesrepublik Deutschland.",
            "Ausschließlicher Gerichtsstand für alle Streitigkeiten aus diesem Vertrag ist München.",
            "Die Kosten dieses Vertrags und seiner Beurkundung trägt die Käuferin."]),
    ]


def facility_clauses() -> list:
    return [
        ("Definitions and interpretation", [
            "In this Agreement \"Acquisition\" means the acquisition by the Borrower of the entire issued share "
            "capital of Feldmann Verpackung GmbH.",
            "\"Finance Documents\" means this Agreement, the Transaction Security Documents, the Guarantee and any "
            "Fee Letter."]),
        ("The facility", [
            "Subject to the terms of this Agreement, the Lender makes available to the Borrower a term loan "
            "facility in an aggregate amount equal to EUR 42,000,000.",
            "The Borrower shall apply all amounts borrowed by it towards the Acquisition and the costs related to it."]),
        ("Interest", [
            "The rate of interest on each Loan for each Interest Period is the percentage rate per annum which is "
            "the aggregate of the applicable Margin and EURIBOR.",
            "The Margin is 4.75 per cent. per annum."]),
        ("Repayment", [
            "The Borrower shall repay the Loan in full on the Termination Date, being the date falling six years "
            "after the date of this Agreement."]),
        ("Financial covenants", [
            "The Borrower shall ensure that Leverage in respect of any Relevant Period shall not exceed 4.50:1.",
            "The Borrower shall supply a Compliance Certificate with each set of its annual financial statements."]),
        ("Events of default", [
            "The Borrower does not pay on the due date any amount payable pursuant to a Finance Document unless "
            "payment is made within five Business Days of its due date.",
            "A Change of Control occurs."]),
        ("Governing law and jurisdiction", [
            "This Agreement and any non-contractual obligations arising out of or in connection with it are "
            "governed by English law.",
            "The courts of England have exclusive jurisdiction to settle any dispute arising out of or in "
            "connection with this Agreement."]),
    ]


def licence_clauses() -> list:
    return [
        ("Definitions", ["\"Software\" means Vantage's ledger reconciliation software known as VantageRecon, "
                         "including all updates made available under this Agreement.",
                         "\"Territory\" means Germany, Austria and Switzerland."]),
        ("Appointment", ["Vantage appoints the Reseller as its non-exclusive reseller of the Software in the "
                         "Territory for the Term.",
                         "The Reseller shall not appoint sub-resellers without Vantage's prior written consent."]),
        ("Licence", ["Vantage grants the Reseller a non-transferable licence to demonstrate the Software and to "
                     "grant end-user licences on the terms of Schedule 2 (End User Licence Terms)."]),
        ("Fees and payment", ["The Reseller shall pay Vantage 65 per cent. of the list price for each end-user "
                              "licence sold, as set out in Schedule 1 (Price List).",
                              "Invoices are payable within 30 days of the invoice date."]),
        ("Liability", ["Nothing in this Agreement limits liability for death or personal injury caused by negligence "
                       "or for fraud.",
                       "Subject to clause 5.1, each party's total liability under this Agreement shall not exceed "
                       "the fees paid in the 12 months preceding the claim."]),
        ("Term and termination", ["This Agreement starts on the Effective Date and continues for an initial term "
                                  "of three years.",
                                  "Either party may terminate this Agreement on six months' written notice expiring "
                                  "at the end of the initial term or at any time thereafter."]),
        ("Governing law", ["This Agreement is governed by the laws of England and Wales.",
                           "Any dispute shall be finally resolved by arbitration under the Rules of the London "
                           "Court of International Arbitration (LCIA), the seat of arbitration being London."]),
    ]


def lease_clauses() -> list:
    return [
        ("Mietgegenstand", ["Die Vermieterin vermietet an die Mieterin die Lagerhalle Halle 3 auf dem Grundstück "
                            "Billbrookdeich 210, 22113 Hamburg, eingetragen im Grundbuch des Amtsgerichts "
                            "Hamburg-St. Georg von Billbrook Blatt 4711, mit einer Fläche von ca. 12.400 m².",
                            "Die Lage der Mietfläche ergibt sich aus dem als Anlage 1 beigefügten Lageplan."]),
        ("Mietzeit", ["Das Mietverhältnis beginnt am 1. Juli 2024 und wird auf die Dauer von zehn Jahren fest "
                      "abgeschlossen.",
                      "Der Mieterin wird eine einmalige Option zur Verlängerung um fünf Jahre eingeräumt."]),
        ("Miete und Nebenkosten", ["Die monatliche Nettokaltmiete beträgt EUR 74.400,00 zuzüglich gesetzlicher "
                                   "Umsatzsteuer.",
                                   "Die Betriebskosten gemäß Anlage 2 trägt die Mieterin; hierauf sind monatliche "
                                   "Vorauszahlungen in Höhe von EUR 9.300,00 zu leisten."]),
        ("Wertsicherung", ["Die Miete ändert sich entsprechend dem Verbraucherpreisindex für Deutschland."]),
        ("Mietsicherheit", ["Die Mieterin leistet eine Mietsicherheit in Höhe von drei Monatsmieten durch "
                            "Übergabe einer selbstschuldnerischen Bankbürgschaft."]),
        ("Schriftform", ["Die Parteien verpflichten sich, alle Handlungen vorzunehmen, um dem gesetzlichen "
                         "Schriftformerfordernis der §§ 578, 550 BGB Genüge zu tun."]),
    ]


# ============================================================================ the matters

def m01():
    m = MATTERS["M01"]
    S, E, K, D = "Entwürfe", "Unterschriebene Fassungen", "Korrespondenz", "Due Diligence"
    parties = [("mueller_muc", "Verkäuferin"), ("isarwerk", "Käuferin")]
    pk = ["mueller_muc", "isarwerk"]
    title = "Geschäftsanteilskaufvertrag"
    recitals = ["Die Verkäuferin ist alleinige Gesellschafterin der Alpentec Sensorik GmbH mit Sitz in Garching, "
                "eingetragen im Handelsregister des Amtsgerichts München unter HRB 98711 (die „Gesellschaft“).",
                "Die Käuferin beabsichtigt, sämtliche Geschäftsanteile an der Gesellschaft zu erwerben."]
    base = spa_clauses("EUR 18.500.000,00 (in Worten: Euro achtzehn Millionen fünfhunderttausend)")
    phantom("iban", "DE12 7005 0000 0001 2345 67")
    phantom("hrb", "HRB 98711")
    changes = [
        dict(ci=5, pi=1, old="10 % des Kaufpreises", new="30 % des Kaufpreises", topic="liability_cap",
             why="counterparty_request", comment="Auf Wunsch der Käuferseite (Isarwerk) erhöht; wir haben 20 % angeboten, "
             "Käuferin besteht auf 30 %."),
        dict(ci=5, pi=2, old="18 Monate", new="24 Monate", topic="limitation_period", why="commercial_compromise",
             comment="Kompromiss aus der Verhandlung am 14.03.: 24 statt 36 Monate, dafür De-minimis unverändert."),
        dict(ci=4, pi=2, old="; diese sind in Anlage 4.2 abschließend aufgeführt",
             new="; diese sind in Anlage 4.2 abschließend aufgeführt und frei von Rechten Dritter",
             topic="warranty", why="risk_allocation", comment="Risiko aus den offenen Lizenzen (DD-Bericht Ziff. 3.2) "
             "soll bei der Verkäuferin liegen."),
        dict(ci=6, pi=1, old="zwei Jahren", new="drei Jahren", topic="non_compete", why="unstated"),
        dict(ci=3, pi=1, new="Die Käuferin wird die Anmeldung innerhalb von zehn Bankarbeitstagen nach Unterzeichnung "
             "einreichen.", topic="conditions_precedent", why="legal_requirement",
             comment="Anmeldepflicht nach § 39 GWB; Frist muss im Vertrag stehen."),
    ]
    v1 = add(Doc(where(m, S, "GAKV Alpentec_Entwurf_v1_2024-03-04.docx"), "M01", "in_matter_folder",
                 "share_purchase_agreement", title, "de", date(2024, 3, 4), pk, None, "docx",
                 contract_blocks("de", title, parties, recitals, base, "München", date(2024, 3, 4),
                                 draft_note="Entwurf HE 04.03.2024 – vertraulich – zur Abstimmung mit der Mandantin"),
                 author="MS"))
    red, decisions = apply_changes("de", base, changes, "red", "Dr. Anna Krüger")
    v2 = add(Doc(where(m, S, "GAKV Alpentec_v2_Änderungen Isarwerk_2024-03-18.docx"), "M01", "in_matter_folder",
                 "share_purchase_agreement", title, "de", date(2024, 3, 18), pk, None, "docx",
                 contract_blocks("de", title, parties, recitals, base, "München", date(2024, 3, 18), redline=red,
                                 draft_note="Entwurf Gleiss & Partner für Isarwerk, 18.03.2024 – Änderungen im Änderungsmodus"),
                 author="MS", redline_author="Dr. Anna Krüger", decisions=decisions, rel={"redline_of": [v1.path]}))
    clean = apply_changes("de", base, changes, "clean", "")[0]
    v3 = add(Doc(where(m, S, "GAKV Alpentec_Entwurf_v3_2024-03-25.docx"), "M01", "in_matter_folder",
                 "share_purchase_agreement", title, "de", date(2024, 3, 25), pk, None, "docx",
                 contract_blocks("de", title, parties, recitals, clean, "München", date(2024, 3, 25),
                                 draft_note="Entwurf HE 25.03.2024 – abgestimmte Fassung"), author="MS"))
    add(Doc(where(m, S, "GAKV Alpentec_Entwurf_v3_2024-03-25.pdf"), "M01", "in_matter_folder",
            "share_purchase_agreement", title, "de", date(2024, 3, 25), pk, None, "pdf", v3.blocks,
            convert_from=v3.path, rel={"near_duplicate_of": [v3.path]}))
    phantom("deed_number", "UR-Nr. 1187/2024")
    deed_top = [("p", "UR-Nr. 1187/2024"), ("p", "Verhandelt zu München am 2. April 2024. Vor mir, Dr. Johannes "
                "Brenner, Notar mit dem Amtssitz in München, erschienen heute: ...")]
    ex = add(Doc(where(m, E, "UR 1187-2024 GAKV Alpentec notariell.pdf"), "M01", "in_matter_folder",
                 "share_purchase_agreement", title, "de", date(2024, 4, 2), pk, None, "pdf",
                 contract_blocks("de", title, parties, recitals, clean, "München", date(2024, 4, 2), extra_top=deed_top)
                 + [("p", "Vorstehende Niederschrift wurde den Erschienenen vom Notar vorgelesen, von ihnen genehmigt "
                           "und eigenhändig unterschrieben."), ("sig", [("Notar", "Dr. Johannes Brenner")])]))
    chain = [v1.path, v2.path, v3.path, ex.path]
    for d_ in (v1, v2, v3, ex):
        d_.rel["chain"] = chain
    an = add(Doc(where(m, E, "Anlage 4.2 Schutzrechte.docx"), "M01", "in_matter_folder", "annex",
                 "Anlage 4.2 zum Geschäftsanteilskaufvertrag – Gewerbliche Schutzrechte", "de", date(2024, 4, 2), pk,
                 None, "docx", [("title", "Anlage 4.2 zum Geschäftsanteilskaufvertrag – Gewerbliche Schutzrechte"),
                                ("p", "Die Gesellschaft ist Inhaberin der folgenden Schutzrechte:"),
                                ("table", [["Nr.", "Schutzrecht", "Aktenzeichen DPMA", "Status"],
                                           ["1", "Patent „Kapazitiver Neigungssensor“", "DE 10 2019 114 233.5", "erteilt"],
                                           ["2", "Marke ALPENTEC", "30 2016 021 877", "eingetragen"],
                                           ["3", "Gebrauchsmuster Sensorgehäuse", "DE 20 2021 003 412.1", "eingetragen"]])],
                 rel={"annex_of": [ex.path]}, heading_styles=False))
    phantom("patent_number", "DE 10 2019 114 233.5")
    # correspondence
    L1 = add(Doc(where(m, K, "2024-03-05 Schreiben an Müller GmbH Übersendung Entwurf.docx"), "M01", "in_matter_folder",
                 "letter", "Verkauf Ihrer Geschäftsanteile an der Alpentec Sensorik GmbH – Übersendung des Vertragsentwurfs",
                 "de", date(2024, 3, 5), ["mueller_muc"], m.written, "docx",
                 letter_blocks(m, "de", date(2024, 3, 5), addr("mueller_muc", "z. Hd. Herrn Thomas Müller"),
                               "Verkauf Ihrer Geschäftsanteile an der Alpentec Sensorik GmbH – Übersendung des Vertragsentwurfs",
                               ["anbei übersenden wir Ihnen den ersten Entwurf des Geschäftsanteilskaufvertrags vom "
                                "4. März 2024 zur Durchsicht.",
                                "Besonders hinweisen möchten wir auf die Haftungsbegrenzung in § 5 und das "
                                "Wettbewerbsverbot in § 6. Die Käuferin wird erfahrungsgemäß eine höhere Haftungsquote "
                                "fordern.", "Für Rückfragen stehen wir Ihnen jederzeit gerne zur Verfügung."],
                               salutation="Sehr geehrter Herr Müller,", enclosures=["Entwurf Geschäftsanteilskaufvertrag v1"]),
                 rel={"references": [v1.path]}))
    add(Doc(where(m, K, "2024-03-19 Aktenvermerk Telefonat Gruber.txt"), "M01", "in_matter_folder", "file_note",
            "Aktenvermerk – Telefonat mit Herrn Gruber (Isarwerk) am 19. März 2024", "de", date(2024, 3, 19),
            ["mueller_muc", "isarwerk"], "2024/0173", "txt",
            [("title", "Aktenvermerk – Telefonat mit Herrn Gruber (Isarwerk) am 19. März 2024"),
             ("p", "Akte: 2024/0173 Müller GmbH / Verkauf Alpentec\nTeilnehmer: Herr Gruber (Isarwerk), Dr. Seidl\nDauer: 35 Min."),
             ("p", "Herr Gruber erläuterte die Änderungen der Käuferseite im Entwurf vom 18.03.2024. Die Erhöhung des "
                   "Haftungscaps auf 30 % sei für den Investitionsausschuss zwingend. Zum Wettbewerbsverbot (drei Jahre) "
                   "zeigte er Verhandlungsbereitschaft."),
             ("p", "Rückruf bei Herrn Müller (Tel. 089 5432 1098) vereinbart für morgen 10:00 Uhr."),
             ("p", "MS, 19.03.2024")], rel={"references": [v2.path]}))
    phantom("phone", "089 5432 1098")
    # e-mail thread with the v3 docx attached (same bytes as the loose file)
    t = thread(m, f"{m.folder}/{K}", "GAKV Alpentec – abgestimmte Fassung", [
        dict(frm="MS", to=["mueller_muc"], cc=["TH"], when=datetime(2024, 3, 25, 16, 12), file="2024-03-25 GAKV abgestimmte Fassung.eml",
             body="Sehr geehrter Herr Müller,\n\nanbei erhalten Sie die mit der Käuferseite abgestimmte Fassung des "
                  "Geschäftsanteilskaufvertrags (Stand 25.03.2024). Die Haftung ist nun auf 30 % begrenzt, die "
                  "Verjährung beträgt 24 Monate.\n\nBeurkundungstermin ist am 2. April 2024 um 10:00 Uhr bei Notar "
                  "Dr. Brenner, Maximiliansplatz 12.\n\nMit freundlichen Grüßen",
             attachments=[(v3, "GAKV Alpentec_Entwurf_v3_2024-03-25.docx")]),
        dict(frm="mueller_muc", to=["MS"], when=datetime(2024, 3, 26, 8, 41), prefix="AW: ", file="2024-03-26 AW GAKV abgestimmte Fassung.eml",
             body="Sehr geehrter Herr Dr. Seidl,\n\nvielen Dank, die Fassung ist so in Ordnung. Ich komme mit Frau Lang "
                  "zum Termin.\n\nBeste Grüße\nThomas Müller", encoding="8bit", html=True),
        dict(frm="MS", to=["mueller_muc"], when=datetime(2024, 3, 26, 9, 5), prefix="AW: AW: ", file="2024-03-26 AW AW GAKV.eml",
             body="Lieber Herr Müller,\n\nbitte denken Sie an Ihren Personalausweis und die aktuelle Gesellschafterliste."
                  "\n\nViele Grüße\nMichael Seidl", encoding="base64"),
    ], lang="de", category="in_matter_folder")
    v3.rel.setdefault("attachment_of", []).append(t[0].path)
    # DD
    add(Doc(where(m, D, "Red Flag Report Alpentec (Verkäufer-DD).docx"), "M01", "in_matter_folder", "due_diligence_report",
            "Legal Vendor Due Diligence – Red Flag Report Alpentec Sensorik GmbH", "de", date(2024, 2, 20),
            ["mueller_muc", "alpentec"], "2024/0173", "docx",
            [("small", "Streng vertraulich – Privileged & Confidential"),
             ("title", "Legal Vendor Due Diligence – Red Flag Report Alpentec Sensorik GmbH"),
             ("p", "erstellt für die Müller GmbH, München · Unser Zeichen 2024/0173 · Stand: 20. Februar 2024"),
             ("h", "1. Zusammenfassung"), ("p", "Wesentliche Risiken haben wir in den Bereichen gewerbliche "
                                                "Schutzrechte (Ziff. 3.2) und Arbeitsrecht (Ziff. 5) festgestellt."),
             ("h", "2. Gesellschaftsrechtliche Verhältnisse"),
             ("p", "Die Gesellschaft ist im Handelsregister des Amtsgerichts München unter HRB 98711 eingetragen. "
                   "Stammkapital EUR 50.000,00, voll eingezahlt."),
             ("h", "3. Gewerbliche Schutzrechte"), ("p", "3.2 Zwei Softwarekomponenten sind von einem Dritten "
                                                         "lizenziert (Lizenzvertrag vom 12. Mai 2019); die Lizenz "
                                                         "enthält eine Change-of-Control-Klausel."),
             ("h", "5. Arbeitsrecht"), ("p", "Es bestehen 112 Arbeitsverhältnisse; eine Betriebsvereinbarung zur "
                                             "Rufbereitschaft ist nicht wirksam abgeschlossen.")]))
    add(Doc(where(m, "", "Mandatsvereinbarung Müller GmbH 2024.pdf"), "M01", "in_matter_folder", "engagement_letter",
            "Mandatsvereinbarung", "de", date(2024, 2, 1), ["mueller_muc", FIRM_KEY], "2024/0173", "pdf",
            [("small", FIRM), ("title", "Mandatsvereinbarung"),
             ("p", "zwischen der Müller GmbH, Landsberger Straße 120, 80339 München (HRB 12345, Amtsgericht München) "
                   "– „Mandantin“ – und der Hartmann Ellerbrook Rechtsanwälte Partnerschaft mbB, Maximilianstraße 35, "
                   "80539 München – „Kanzlei“ –"),
             ("h", "1. Gegenstand des Mandats"), ("p", "Beratung der Mandantin beim Verkauf sämtlicher Geschäftsanteile an "
                                                       "der Alpentec Sensorik GmbH (Mandat 2024/0173)."),
             ("h", "2. Vergütung"), ("p", "Die Vergütung erfolgt nach Zeitaufwand: Partner EUR 520,00, Associates "
                                         "EUR 340,00 je Stunde zzgl. USt. Die gesetzlichen Gebühren nach dem RVG werden "
                                         "nicht unterschritten."),
             ("h", "3. Haftungsbegrenzung"), ("p", "Die Haftung der Kanzlei wird für Fälle einfacher Fahrlässigkeit auf "
                                                  "EUR 10.000.000,00 begrenzt (§ 52 BRAO)."),
             ("sig", [("Mandantin", "Müller GmbH\nThomas Müller"), ("Kanzlei", "Dr. Michael Seidl")])]))
    phantom("hrb", "HRB 12345")
    # misfiled here: a letter of the Solaris JV matter (M08)
    add(Doc(where(m, K, "Schreiben Voltwerk Stimmbindung.docx"), "M08", "misfiled", "letter",
            "Joint Venture Sonnenfeld – Entwurf der Gesellschaftervereinbarung", "de", date(2024, 2, 12),
            ["solaris", "voltwerk"], "2023/0542", "docx",
            letter_blocks(MATTERS["M08"], "de", date(2024, 2, 12), addr("voltwerk", "z. Hd. Herrn Tobias Engel"),
                          "Joint Venture Sonnenfeld – Entwurf der Gesellschaftervereinbarung",
                          ["namens und in Vollmacht unserer Mandantin, der Solaris Energie GmbH, übersenden wir Ihnen "
                           "unsere Anmerkungen zur Stimmbindung in § 4 der Gesellschaftervereinbarung.",
                           "Unsere Mandantin kann einer Bindung bei Kapitalmaßnahmen nicht zustimmen."],
                          salutation="Sehr geehrter Herr Engel,"),
            notes="misfiled: Solaris letter in the Müller matter folder"))


def m02():
    m = MATTERS["M02"]
    pk = ["mueller_ham", "nordlicht"]
    parties = [("mueller_ham", "Vermieterin"), ("nordlicht", "Mieterin")]
    title = "Gewerbemietvertrag"
    lease = add(Doc(where(m, "", "Mietvertrag Billbrook Halle 3 (unterzeichnet).pdf"), "M02", "in_matter_folder",
                    "lease_agreement", title, "de", date(2024, 5, 14), pk, None, "pdf",
                    contract_blocks("de", title, parties, ["Die Vermieterin ist Eigentümerin des Grundstücks "
                                                          "Billbrookdeich 210 in 22113 Hamburg."], lease_clauses(),
                                    "Hamburg", date(2024, 5, 14))))
    phantom("postal_code", "22113")
    phantom("land_register", "Billbrook Blatt 4711")
    add(Doc(where(m, "", "Anlage 1 Lageplan Halle 3.pdf"), "M02", "in_matter_folder", "annex",
            "Anlage 1 zum Gewerbemietvertrag vom 14. Mai 2024 – Lageplan", "de", date(2024, 5, 14), pk, None, "pdf",
            [("title", "Anlage 1 zum Gewerbemietvertrag vom 14. Mai 2024 – Lageplan"),
             ("p", "Mietfläche Halle 3 (rot umrandet), Rampen 3.1 bis 3.8, Außenfläche Stellplätze P 41–P 60."),
             ("table", [["Fläche", "m²"], ["Halle 3", "11.250"], ["Büro/Sozial", "1.150"], ["Summe", "12.400"]])],
            rel={"annex_of": [lease.path]}))
    add(Doc(where(m, "", "Anlage 2 Betriebskosten.docx"), "M02", "in_matter_folder", "annex",
            "Anlage 2 zum Gewerbemietvertrag – Betriebskosten", "de", date(2024, 5, 14), pk, None, "docx",
            [("title", "Anlage 2 zum Gewerbemietvertrag – Betriebskosten"),
             ("p", "Umlagefähig sind sämtliche Betriebskosten im Sinne von § 2 BetrKV sowie die folgenden Kosten:"),
             ("p", "1. Kosten der Verwaltung bis zu 3 % der Jahresnettokaltmiete;\n2. Kosten der Instandhaltung "
                   "gemeinschaftlich genutzter Flächen bis zu EUR 15.000,00 p.a.;\n3. Versicherungsprämien.")],
            rel={"annex_of": [lease.path]}, heading_styles=False))
    n_title = "1. Nachtrag zum Gewerbemietvertrag vom 14. Mai 2024"
    nb = [("Änderung der Mietfläche", ["Die Mietfläche wird um die Freifläche Nord (ca. 2.000 m²) erweitert.",
                                       "Die monatliche Nettokaltmiete erhöht sich ab dem 1. Oktober 2024 um EUR 6.000,00."]),
          ("Fortgeltung", ["Im Übrigen bleibt der Mietvertrag unverändert. Dieser Nachtrag ist fest mit dem "
                           "Mietvertrag zu verbinden (§ 550 BGB)."])]
    ch = [dict(ci=1, pi=2, old="EUR 6.000,00", new="EUR 5.200,00", topic="rent", why="commercial_compromise",
               comment="Mandantin akzeptiert 5.200 als Mittelweg; Vermieterin hatte 6.000 gefordert."),
          dict(ci=2, pi=1, new="Die Parteien verzichten nicht auf die Schriftform.", topic="written_form",
               why="legal_requirement", comment="Schriftform nach § 550 BGB sichern – sonst ordentlich kündbar.")]
    n1 = add(Doc(where(m, "", "1. Nachtrag Mietvertrag Entwurf Vermieterin.docx"), "M02", "in_matter_folder",
                 "amendment_agreement", n_title, "de", date(2024, 8, 20), pk, None, "docx",
                 contract_blocks("de", n_title, parties, [], nb, "Hamburg", date(2024, 8, 20),
                                 draft_note="Entwurf Müller GmbH, 20.08.2024"), rel={"amends": [lease.path]}, author="LB"))
    red, dec = apply_changes("de", nb, ch, "red", "Lena Brückner")
    n2 = add(Doc(where(m, "", "1. Nachtrag Mietvertrag Entwurf Vermieterin - Anm. HE.docx"), "M02", "in_matter_folder",
                 "amendment_agreement", n_title, "de", date(2024, 8, 27), pk, None, "docx",
                 contract_blocks("de", n_title, parties, [], nb, "Hamburg", date(2024, 8, 27), redline=red,
                                 draft_note="Entwurf Müller GmbH, 20.08.2024 – Anmerkungen HE 27.08.2024"),
                 rel={"amends": [lease.path], "redline_of": [n1.path]}, decisions=dec, author="LB", redline_author="Lena Brückner"))
    n1.rel["chain"] = n2.rel["chain"] = [n1.path, n2.path]
    add(Doc(where(m, "", "Bürgschaft Mietsicherheit Nordlicht.pdf"), "M02", "in_matter_folder", "guarantee",
            "Mietbürgschaft", "de", date(2024, 6, 20), ["mueller_ham", "nordlicht"], None, "pdf",
            [("small", "Hamburger Sparkasse AG · Ecke Adolphsplatz/Großer Burstah · 20457 Hamburg"),
             ("title", "Mietbürgschaft"), ("p", "Bürgschaft Nr. 4410-2024-0211"),
             ("p", "Die Müller GmbH, Wendenstraße 200, 20537 Hamburg (HRB 67890, Amtsgericht Hamburg) – Vermieterin – "
                   "hat mit der Nordlicht Logistik AG – Mieterin – am 14. Mai 2024 einen Mietvertrag über die Halle 3, "
                   "Billbrookdeich 210, geschlossen."),
             ("p", "Wir, die Hamburger Sparkasse AG, übernehmen hiermit gegenüber der Vermieterin die selbstschuldnerische "
                   "Bürgschaft für alle Ansprüche aus dem Mietverhältnis bis zu einem Höchstbetrag von EUR 223.200,00 "
                   "unter Verzicht auf die Einreden der Anfechtbarkeit, Aufrechenbarkeit und der Vorausklage."),
             ("sig", [("", "Hamburger Sparkasse AG")])],
            notes="guarantor bank is a party too"))
    DOCS[-1].parties = ["mueller_ham", "nordlicht", "haspa"]
    phantom("guarantee_number", "4410-2024-0211")
    add(Doc(where(m, "", "Schreiben Müller GmbH Übergabe.docx"), "M02", "in_matter_folder", "letter",
            "Übergabe der Halle 3 – Mängelprotokoll", "de", date(2024, 7, 2), ["nordlicht", "mueller_ham"], m.written, "docx",
            letter_blocks(m, "de", date(2024, 7, 2), addr("mueller_ham", "z. Hd. Frau Birgit Kahl"),
                          "Übergabe der Halle 3 – Mängelprotokoll",
                          ["wir vertreten die Nordlicht Logistik AG. Bei der Übergabe am 1. Juli 2024 wurden die im "
                           "anliegenden Protokoll aufgeführten Mängel festgestellt (u. a. Rolltor 3.4 defekt).",
                           "Wir fordern Sie auf, die Mängel bis zum 31. Juli 2024 zu beseitigen, und verweisen auf "
                           "§ 1 des Gewerbemietvertrags vom 14. Mai 2024."], salutation="Sehr geehrte Frau Kahl,"),
            rel={"references": [lease.path]}))
    lt = DOCS[-1]
    add(Doc(where(m, "", "Antwort Müller GmbH 2024-07-15.pdf"), "M02", "in_matter_folder", "letter",
            "Halle 3 Billbrookdeich 210 – Ihr Schreiben vom 2. Juli 2024", "de", date(2024, 7, 15),
            ["mueller_ham", "nordlicht"], None, "pdf",
            letter_blocks(m, "de", date(2024, 7, 15), [FIRM, "Frau Lena Brückner", "Ballindamm 8", "20095 Hamburg"],
                          "Halle 3 Billbrookdeich 210 – Ihr Schreiben vom 2. Juli 2024",
                          ["wir bestätigen den Eingang Ihres Schreibens. Das Rolltor 3.4 wurde am 12. Juli 2024 instand "
                           "gesetzt. Die übrigen Punkte werden bis Ende August erledigt."],
                          ihr="HB-2024-0211 LB", ref="Ka/VM-118", firm=False, sender="mueller_ham",
                          salutation="Sehr geehrte Frau Brückner,"),
            rel={"responds_to": [lt.path]}))
    DOCS[-1].ref = "HB-2024-0211 LB"
    # homonym trap: Hamburg Müller file in the lease folder but belonging to the Hamburg Müller's own matter (M11)
    add(Doc(where(m, "", "Gesellschafterbeschluss Müller GmbH Abberufung.docx"), "M11", "misfiled",
            "shareholder_resolution", "Gesellschafterbeschluss der Müller GmbH", "de", date(2024, 9, 3),
            ["mueller_ham", "kahl_holding"], "0412/24", "docx",
            resolution_blocks("mueller_ham", ["Kahl Beteiligungs GmbH"], date(2024, 9, 3), [
                "Herr Knut Albertsen wird mit sofortiger Wirkung als Geschäftsführer abberufen.",
                "Frau Birgit Kahl bleibt einzelvertretungsberechtigte Geschäftsführerin."], ref="0412/24"),
            notes="misfiled into the lease folder because the company name matches the landlord"))
    add(Doc(where(m, "", "Nordlicht Mietfläche Flächenaufstellung.xlsx"), "M02", "in_matter_folder", "spreadsheet",
            "Flächenaufstellung Billbrookdeich 210", "de", date(2024, 4, 30), ["nordlicht"], None, "xlsx",
            sheet=[("Flächen", [["Flächenaufstellung Billbrookdeich 210"], [],
                                ["Bereich", "Nutzung", "m²", "EUR/m²", "Miete mtl."],
                                ["Halle 3", "Lager", 11250, 6.0, 67500], ["Büro", "Büro/Sozial", 1150, 6.0, 6900],
                                ["Summe", "", 12400, "", 74400]])]))


def resolution_blocks(company: str, shareholders: list[str], d: date, items: list[str], *, ref: str | None = None,
                      place: str = "Hamburg") -> list:
    c = COS[company]
    b = [("title", f"Gesellschafterbeschluss der {c.name}"),
         ("p", f"mit Sitz in {c.address.split(' ')[-1]}, eingetragen im Handelsregister des {c.court} unter {c.register}")]
    if ref:
        b.insert(0, ("small", f"Entwurf {FIRM} – Unser Zeichen {ref}"))
    b.append(("p", "Die unterzeichnenden Gesellschafter, die sämtliche Geschäftsanteile halten, halten hiermit unter "
                   "Verzicht auf alle Frist- und Formvorschriften für die Einberufung und Abhaltung eine "
                   "Gesellschafterversammlung ab und beschließen einstimmig, was folgt:"))
    for i, it in enumerate(items, 1):
        b.append(("p", f"{i}. {it}"))
    b.append(("p", "Weitere Beschlüsse werden nicht gefasst. Die Gesellschafterversammlung ist damit beendet."))
    b.append(("right", f"{place}, den {de_date(d)}"))
    b.append(("sig", [("Gesellschafterin", s) for s in shareholders]))
    return b


COS["haspa"] = Co("haspa", "Hamburger Sparkasse AG", "HRB 80691", "Amtsgericht Hamburg",
                  "Ecke Adolphsplatz/Großer Burstah, 20457 Hamburg", "i. V. Jörg Brandt", "Prokurist", "haspa.de",
                  ("Hamburger Sparkasse", "Haspa"))
COS["kahl_holding"] = Co("kahl_holding", "Kahl Beteiligungs GmbH", "HRB 145566", "Amtsgericht Hamburg",
                         "Wendenstraße 200, 20537 Hamburg", "Birgit Kahl", "Geschäftsführerin", "kahl-beteiligung.de")


def simple(m, sub, fname, doc_type, title, lang, d, parties, ref, fmt, paras, *, matter="same", category=None,
           head=None, rel=None, heading_styles=True, author=None, tail=None):
    """A document with an optional header line, its visible heading and paragraphs / ("h", ..) tuples."""
    b = []
    if head:
        b += [("small", h) for h in head]
    b.append(("title", title))
    for p in paras:
        b.append(p if isinstance(p, tuple) else ("p", p))
    b += tail or []
    mk = (m.key if m else None) if matter == "same" else matter
    cat = category or ("in_matter_folder" if m and mk == m.key else "misfiled" if m else "top_level")
    return add(Doc(where(m, sub, fname) if m else (f"{sub}/{fname}" if sub else fname), mk, cat, doc_type, title,
                   lang, d, parties, ref, fmt, b, rel=rel or {}, heading_styles=heading_styles,
                   author=author or (m.lawyer if m else "MS")))


def invoice(m, sub, fname, number, d, client, items, *, fmt="pdf", matter="same", category=None, lang="de"):
    phantom("invoice_number", number)
    c = COS[client]
    total = sum(a for _, a in items)
    rows = [["Pos.", "Leistung" if lang == "de" else "Description", "EUR" if lang == "de" else "Amount (EUR)"]]
    rows += [[str(i), t, f"{a:,.2f}"] for i, (t, a) in enumerate(items, 1)]
    rows += [["", "zzgl. 19 % USt." if lang == "de" else "VAT 19 %", f"{total * 0.19:,.2f}"],
             ["", "Gesamtbetrag" if lang == "de" else "Total", f"{total * 1.19:,.2f}"]]
    ref = (m.written if m else None)
    title = f"Rechnung Nr. {number}" if lang == "de" else f"Invoice No. {number}"
    paras = [("p", "\n".join(addr(client))),
             ("p", (f"Mandat: {ref} – {m.title}\n" if ref else f"Mandat: {m.title}\n" if m else "") +
              (f"Rechnungsdatum: {de_date(d)}\nLeistungszeitraum: {DE_MONTHS[(d.month - 2) % 12]} {d.year}\n"
               f"Kundennummer: {phantom('customer_number', 'K-' + str(40000 + R.randrange(999)))}" if lang == "de" else
               f"Invoice date: {en_date(d)}\nClient number: {phantom('customer_number', 'C' + str(70000 + R.randrange(999)))}")),
             ("table", rows),
             ("p", "Zahlbar innerhalb von 14 Tagen ohne Abzug auf das Konto IBAN DE89 7015 0000 1002 0173 24 "
                   "unter Angabe der Rechnungsnummer." if lang == "de" else
                   "Payment within 30 days to IBAN GB33 BUKB 2020 1555 5555 55, quoting the invoice number.")]
    phantom("iban", "DE89 7015 0000 1002 0173 24")
    return simple(m, sub, fname, "invoice", title, lang, d, [client, FIRM_KEY], ref, fmt, paras, matter=matter,
                  category=category, head=[FIRM if lang == "de" else FIRM_EN, OFFICES["muc" if lang == "de" else "lon"]],
                  tail=[("small", FOOTER_DE if lang == "de" else FOOTER_EN)])


def m03():
    m = MATTERS["M03"]
    C, D, X = "Correspondence", "Drafts", "Executed"
    parties = [("kestrel_bidco", "Borrower"), ("harbour", "Lender")]
    pk = ["kestrel_bidco", "harbour"]
    title = "Senior Facility Agreement"
    recit = ["The Borrower intends to acquire Feldmann Verpackung GmbH.", "The Lender has agreed to provide a term "
             "loan facility to finance the Acquisition on the terms of this Agreement."]
    base = facility_clauses()
    ch1 = [dict(ci=3, pi=2, old="4.75 per cent.", new="5.25 per cent.", topic="interest", why="client_instruction",
                comment="Per Sarah's instructions of 11 April: margin at 525 bps given leverage."),
           dict(ci=5, pi=1, old="4.50:1", new="4.00:1", topic="financial_covenant", why="risk_allocation",
                comment="Tighter leverage test; headroom to be discussed with sponsor."),
           dict(ci=6, pi=1, old="five Business Days", new="three Business Days", topic="events_of_default", why="unstated")]
    v1 = add(Doc(where(m, D, "Kestrel SFA (HE draft 1).docx"), "M03", "in_matter_folder", "facility_agreement",
                 title, "en", date(2024, 4, 8), pk, None, "docx",
                 contract_blocks("en", title, parties, recit, base, "London", date(2024, 4, 8),
                                 draft_note="HE Draft (1): 8 April 2024 – Subject to contract"), author="JW"))
    red1, dec1 = apply_changes("en", base, ch1, "red", "James Whitcombe")
    c1 = apply_changes("en", base, ch1, "clean", "")[0]
    v2r = add(Doc(where(m, D, "Kestrel SFA (HE draft 2) - marked against draft 1.docx"), "M03", "in_matter_folder",
                  "facility_agreement", title, "en", date(2024, 4, 12), pk, None, "docx",
                  contract_blocks("en", title, parties, recit, base, "London", date(2024, 4, 12), redline=red1,
                                  draft_note="HE Draft (2): 12 April 2024 – marked to show changes against HE Draft (1)"),
                  decisions=dec1, rel={"redline_of": [v1.path]}, author="JW", redline_author="James Whitcombe"))
    ch2 = [dict(ci=5, pi=1, old="4.00:1", new="4.25:1", topic="financial_covenant", why="commercial_compromise",
                comment="Sponsor counsel: we can live with 4.25x if equity cure is deleted — agreed on call 17/4."),
           dict(ci=7, pi=2, old="exclusive", new="non-exclusive", topic="jurisdiction", why="counterparty_request",
                comment="Borrower requests non-exclusive jurisdiction so it can also be sued in Frankfurt.")]
    red2, dec2 = apply_changes("en", c1, ch2, "red", "Laura Beck (Noerr-Kanzlei für Sponsor)")
    v3r = add(Doc(where(m, D, "Kestrel SFA - Sponsor comments on HE draft 2.docx"), "M03", "in_matter_folder",
                  "facility_agreement", title, "en", date(2024, 4, 17), pk, None, "docx",
                  contract_blocks("en", title, parties, recit, c1, "London", date(2024, 4, 17), redline=red2,
                                  draft_note="Sponsor counsel comments 17 April 2024 on HE Draft (2)"),
                  decisions=dec2, rel={"redline_of": [v2r.path]}, author="JW", redline_author="Laura Beck"))
    c2 = apply_changes("en", c1, ch2, "clean", "")[0]
    ex = add(Doc(where(m, X, "Kestrel SFA - executed version.pdf"), "M03", "in_matter_folder", "facility_agreement",
                 title, "en", date(2024, 4, 26), pk, None, "pdf",
                 contract_blocks("en", title, parties, recit, c2, "London", date(2024, 4, 26))))
    for d_ in (v1, v2r, v3r, ex):
        d_.rel["chain"] = [v1.path, v2r.path, v3r.path, ex.path]
    sched = add(Doc(where(m, X, "Schedule 2 - Conditions Precedent.docx"), "M03", "in_matter_folder", "annex",
                    "Schedule 2 – Conditions Precedent", "en", date(2024, 4, 26), pk, None, "docx",
                    [("title", "Schedule 2 – Conditions Precedent"),
                     ("p", "to the Senior Facility Agreement dated 26 April 2024 between Kestrel Bidco GmbH and "
                           "Harbour Point Capital LLP"),
                     ("h", "1. Corporate documents"), ("p", "(a) A copy of the articles of association and an up-to-date "
                                                           "commercial register extract of the Borrower (HRB 130456)."),
                     ("h", "2. Finance Documents"), ("p", "(a) The Share Pledge Agreement over the shares in Feldmann "
                                                         "Verpackung GmbH, duly executed and notarised.")],
                    rel={"annex_of": [ex.path]}))
    phantom("hrb", "HRB 130456")
    g = add(Doc(where(m, X, "Guarantee Feldmann Verpackung (signed).pdf"), "M03", "in_matter_folder", "guarantee",
                "Guarantee", "en", date(2024, 4, 26), ["feldmann", "harbour"], None, "pdf",
                contract_blocks("en", "Guarantee", [("feldmann", "Guarantor"), ("harbour", "Lender")],
                                ["The Lender has made available a facility to Kestrel Bidco GmbH under the Senior "
                                 "Facility Agreement dated 26 April 2024."],
                                [("Guarantee and indemnity", ["The Guarantor irrevocably and unconditionally guarantees "
                                                              "to the Lender punctual performance by the Borrower of all "
                                                              "of its obligations under the Finance Documents."]),
                                 ("Limitation", ["The obligations of the Guarantor are limited in accordance with "
                                                 "sections 30 and 31 of the German Limited Liability Companies Act "
                                                 "(GmbHG)."])], "London", date(2024, 4, 26)),
                rel={"references": [ex.path]}))
    simple(m, X, "Kestrel - CP Checklist.docx", "signing_checklist", "Project Kestrel – Conditions Precedent Checklist",
           "en", date(2024, 4, 24), ["kestrel_bidco", "harbour"], "12345.001", "docx",
           [("table", [["No.", "Document", "Responsible", "Status"],
                       ["1", "Articles of association of the Borrower", "Borrower's counsel", "received"],
                       ["2", "Share Pledge Agreement (notarised)", "HE Munich (12345.002)", "scheduled 26/4"],
                       ["3", "Guarantee Feldmann Verpackung GmbH", "HE London", "agreed form"],
                       ["4", "Legal opinion (capacity)", "HE Munich", "draft"]])],
           head=[f"{FIRM_EN} · Our ref 12345.001 · Privileged"])
    op = simple(m, X, "Capacity Opinion Kestrel Bidco.pdf", "legal_opinion", "Legal Opinion – Kestrel Bidco GmbH",
                "en", date(2024, 4, 26), ["harbour"], "12345.001", "pdf",
                ["To: Harbour Point Capital LLP, 25 Old Broad Street, London EC2N 1HQ",
                 "Dear Sirs,", ("h", "1. Introduction"),
                 "We have acted as German legal advisers to the Lender in connection with the Senior Facility Agreement "
                 "dated 26 April 2024 (the \"Agreement\").",
                 ("h", "2. Opinion"), "The Borrower is a limited liability company duly incorporated and validly existing "
                 "under the laws of Germany and has the capacity to enter into the Agreement.",
                 ("h", "3. Qualifications"), "This opinion is confined to German law in force at its date."],
                head=[FIRM_EN, "Our ref: 12345.001"], rel={"references": [ex.path]})
    t = thread(m, f"{m.folder}/{C}", "Project Kestrel - SFA draft 2", [
        dict(frm="JW", to=["harbour"], when=datetime(2024, 4, 12, 18, 3), file="Kestrel SFA draft 2 to client.eml",
             body="Sarah,\n\nPlease find attached HE Draft (2) of the SFA, marked against draft 1. We have reflected "
                  "your instructions on the margin (525 bps) and tightened the leverage covenant to 4.00x.\n\nKind regards\nJames",
             attachments=[(v2r, "Kestrel SFA (HE draft 2) - marked against draft 1.docx")], html="only", encoding="qp"),
        dict(frm="harbour", to=["JW"], when=datetime(2024, 4, 13, 9, 20), prefix="RE: ", file="RE Kestrel SFA draft 2.eml",
             body="James - thanks, fine to go to sponsor counsel. Please keep the equity cure out.\nSarah", encoding="8bit"),
        dict(frm="JW", to=["harbour"], when=datetime(2024, 4, 17, 19, 45), prefix="RE: RE: ", file="RE RE Kestrel SFA draft 2.eml",
             body="Sarah,\n\nSponsor counsel's comments are attached. They accept 4.25x without equity cure and ask for "
                  "non-exclusive jurisdiction. We recommend accepting both.\n\nJames",
             attachments=[(v3r, "Kestrel SFA - Sponsor comments on HE draft 2.docx")], html=True),
    ], lang="en", category="in_matter_folder")
    v2r.rel.setdefault("attachment_of", []).append(t[0].path)
    v3r.rel.setdefault("attachment_of", []).append(t[2].path)
    invoice(m, "", "HE Invoice 24-10877 Kestrel.pdf", "24-10877", date(2024, 5, 31), "harbour",
            [("Professional services April 2024 (Senior Facility Agreement)", 48600.0), ("Disbursements", 312.5)], lang="en")
    # misfiled: a security-package mail (12345.002) among the facility correspondence
    thread(MATTERS["M04"], f"{m.folder}/{C}", "Kestrel - Kontoverpfändung Anzeige an Sparkasse", [
        dict(frm="TH", to=["harbour"], when=datetime(2024, 4, 29, 11, 0), file="Kestrel Kontoverpfändung Anzeige.eml",
             body="Dear Sarah,\n\nthe pledge notices under the Account Pledge Agreement were delivered to Sparkasse "
                  "Bielefeld today (IBAN DE44 4805 0161 0072 1100 05). Acknowledgement expected next week.\n\nBest regards\nTanja",
             category="misfiled")], lang="en", category="misfiled")
    phantom("iban", "DE44 4805 0161 0072 1100 05")
    return v1, ex


def m04(sfa_exec):
    m = MATTERS["M04"]
    pp = [("kestrel_bidco", "Verpfänderin"), ("harbour", "Pfandgläubigerin")]
    sp = add(Doc(where(m, "", "Geschäftsanteilsverpfändungsvertrag Feldmann (UR 744-2024).pdf"), "M04",
                 "in_matter_folder", "security_agreement", "Geschäftsanteilsverpfändungsvertrag", "de", date(2024, 4, 26),
                 ["kestrel_bidco", "harbour"], None, "pdf",
                 contract_blocks("de", "Geschäftsanteilsverpfändungsvertrag", pp,
                                 ["Die Verpfänderin ist alleinige Gesellschafterin der Feldmann Verpackung GmbH "
                                  "(HRB 40217, Amtsgericht Bielefeld).",
                                  "Die Pfandgläubigerin hat der Verpfänderin mit dem Senior Facility Agreement vom 26. "
                                  "April 2024 einen Kredit über EUR 42.000.000 gewährt."],
                                 [("Verpfändung", ["Die Verpfänderin verpfändet hiermit ihren Geschäftsanteil an der "
                                                   "Feldmann Verpackung GmbH an die Pfandgläubigerin."]),
                                  ("Sicherungszweck", ["Das Pfandrecht sichert alle gegenwärtigen und künftigen "
                                                       "Ansprüche aus den Finanzierungsdokumenten."]),
                                  ("Verwertung", ["Die Pfandgläubigerin ist bei Eintritt eines Verwertungsfalls "
                                                  "berechtigt, den Geschäftsanteil öffentlich versteigern zu lassen."])],
                                 "Frankfurt am Main", date(2024, 4, 26),
                                 extra_top=[("p", "UR-Nr. 744/2024 des Notars Dr. Heinrich Faber, Frankfurt am Main")]),
                 rel={"references": [sfa_exec.path]}))
    phantom("deed_number", "UR-Nr. 744/2024")
    simple(m, "", "Sicherungsübereignungsvertrag Warenlager Feldmann.docx", "security_agreement",
           "Sicherungsübereignungsvertrag (Warenlager)", "de", date(2024, 4, 26), ["feldmann", "harbour"], None, "docx",
           [("p", party_intro_de("feldmann", "Sicherungsgeber")), ("p", "und"),
            ("p", party_intro_de("harbour", "Sicherungsnehmer")),
            ("h", "§ 1 Übereignung"), "(1) Der Sicherungsgeber übereignet dem Sicherungsnehmer das im Sicherungsraum "
            "Eckendorfer Straße 91, 33609 Bielefeld, befindliche Warenlager mit allen Beständen.",
            "(2) Die Übergabe wird durch ein Besitzmittlungsverhältnis ersetzt.",
            ("h", "§ 2 Sicherungszweck"), "Die Übereignung sichert die Ansprüche aus der Garantie vom 26. April 2024."],
           tail=[("sig", [("", "für Feldmann Verpackung GmbH\nUlrike Feldmann"), ("", "für Harbour Point Capital LLP")])])
    simple(m, "", "Kontoverpfändungsvertrag (Account Pledge).docx", "security_agreement",
           "Kontoverpfändungsvertrag / Account Pledge Agreement", "de", date(2024, 4, 26), ["feldmann", "harbour"], None,
           "docx", ["zwischen der Feldmann Verpackung GmbH als Verpfänderin und der Harbour Point Capital LLP als "
                    "Pfandgläubigerin / between Feldmann Verpackung GmbH as pledgor and Harbour Point Capital LLP as pledgee",
                    ("h", "1. Verpfändung / Pledge"), "Die Verpfänderin verpfändet sämtliche gegenwärtigen und künftigen "
                    "Guthaben auf ihren Konten bei der Sparkasse Bielefeld. / The Pledgor pledges all present and future "
                    "balances standing to the credit of its accounts with Sparkasse Bielefeld."],
           heading_styles=False)
    simple(m, "", "Grundschuldbestellung Eckendorfer Straße.pdf", "security_agreement",
           "Bestellung einer Buchgrundschuld", "de", date(2024, 4, 29), ["feldmann", "harbour"], None, "pdf",
           ["UR-Nr. 802/2024 · Notar Dr. Heinrich Faber",
            "Die Feldmann Verpackung GmbH (HRB 40217) ist Eigentümerin des im Grundbuch von Bielefeld Blatt 12876 "
            "verzeichneten Grundbesitzes. Sie bestellt zugunsten der Harbour Point Capital LLP eine Buchgrundschuld "
            "über EUR 15.000.000,00 nebst 15 % Jahreszinsen.",
            "Die Eigentümerin unterwirft sich der sofortigen Zwangsvollstreckung in den belasteten Grundbesitz "
            "(§ 800 ZPO)."])
    phantom("deed_number", "UR-Nr. 802/2024")
    phantom("land_register", "Bielefeld Blatt 12876")
    simple(m, "", "Vollmacht Feldmann Verpackung.docx", "power_of_attorney", "Vollmacht", "de", date(2024, 4, 22),
           ["feldmann"], None, "docx",
           ["Die Feldmann Verpackung GmbH, Eckendorfer Straße 91, 33609 Bielefeld, eingetragen im Handelsregister des "
            "Amtsgerichts Bielefeld unter HRB 40217, vertreten durch ihre Geschäftsführerin Ulrike Feldmann, bevollmächtigt "
            "hiermit Frau Rechtsanwältin Tanja Hoffmann und Herrn Rechtsanwalt Oliver Franke, je einzeln und unter "
            "Befreiung von den Beschränkungen des § 181 BGB, alle Erklärungen im Zusammenhang mit der Bestellung von "
            "Sicherheiten zugunsten der Harbour Point Capital LLP abzugeben."],
           tail=[("right", "Bielefeld, den 22. April 2024"), ("sig", [("Geschäftsführerin", "Ulrike Feldmann")])])
    simple(m, "", "HR-Auszug Feldmann Verpackung GmbH.pdf", "register_extract",
           "Handelsregister B des Amtsgerichts Bielefeld – Aktueller Ausdruck", "de", date(2024, 4, 18), ["feldmann"],
           None, "pdf", ["Abruf vom 18.04.2024 10:14", "Nummer der Firma: HRB 40217",
                         "1. Anzahl der bisherigen Eintragungen: 23",
                         "2. a) Firma: Feldmann Verpackung GmbH\n   b) Sitz: Bielefeld\n   c) Gegenstand des Unternehmens: "
                         "Herstellung und Vertrieb von Verpackungen aus Karton und Kunststoff",
                         "3. Grund- oder Stammkapital: 2.500.000,00 EUR",
                         "4. a) Allgemeine Vertretungsregelung: Ist ein Geschäftsführer bestellt, so vertritt er die "
                         "Gesellschaft allein.\n   b) Geschäftsführer: Feldmann, Ulrike, Bielefeld, *14.02.1969",
                         "6. a) Rechtsform: Gesellschaft mit beschränkter Haftung"],
           heading_styles=False)
    phantom("hrb", "HRB 40217")
    simple(m, "", "Memo Kapitalerhaltung Upstream-Sicherheiten.md", "memo",
           "Memo: Kapitalerhaltung bei Upstream-Sicherheiten der Feldmann Verpackung GmbH", "de", date(2024, 4, 15),
           ["harbour", "feldmann"], "12345.002", "md",
           ["Von: Tanja Hoffmann · An: James Whitcombe · Akte 12345.002",
            ("h", "Frage"), "Inwieweit dürfen die Garantie und die Sicherheiten der Feldmann Verpackung GmbH für "
            "Verbindlichkeiten der Kestrel Bidco GmbH verwertet werden?",
            ("h", "Ergebnis"), "Eine Limitation Language nach §§ 30, 31 GmbHG ist erforderlich; die Verwertung ist "
            "beschränkt, soweit das Stammkapital angegriffen würde (BGH, Urt. v. 21.03.2017 – II ZR 93/16)."])
    phantom("court_file_number", "II ZR 93/16")
    simple(m, "", "Kestrel Sicherheiten Übersicht.md", "checklist", "Security Package Kestrel – Übersicht", "de",
           date(2024, 4, 20), ["harbour"], "12345-002", "md",
           [("table", [["Sicherheit", "Sicherungsgeber", "Form", "Stand"],
                       ["Geschäftsanteilsverpfändung", "Kestrel Bidco GmbH", "notariell", "Termin 26.04."],
                       ["Kontoverpfändung", "Feldmann Verpackung GmbH", "schriftlich", "abgestimmt"],
                       ["Sicherungsübereignung Warenlager", "Feldmann Verpackung GmbH", "schriftlich", "abgestimmt"],
                       ["Grundschuld", "Feldmann Verpackung GmbH", "notariell", "29.04."]])],
           head=["Akte 12345-002 Kestrel Security"])


def m05():
    m = MATTERS["M05"]
    az = phantom("court_file_number", "3 O 123/24")
    lit = ["schwarzwald", "rheintal"]
    cap = [("p", "An das\nLandgericht Stuttgart\n– Zivilkammer –\nUrbanstraße 20\n70182 Stuttgart")]
    k = simple(m, "Schriftsätze", "2024-02-09 Klageschrift.docx", "statement_of_claim", "Klage", "de", date(2024, 2, 9),
               lit, "0388/23 KW", "docx",
               cap[:] + [("right", "München, den 9. Februar 2024"), ("title", "Klage"),
                         "der Schwarzwald Feinmechanik GmbH, Industriestraße 14, 79183 Waldkirch, vertreten durch den "
                         "Geschäftsführer Andreas Kern\n– Klägerin –\nProzessbevollmächtigte: Hartmann Ellerbrook "
                         "Rechtsanwälte PartG mbB, Maximilianstraße 35, 80539 München (Az. 0388/23 KW)",
                         "gegen",
                         "die Rheintal Maschinenbau AG, Rheinauer Ring 9, 68219 Mannheim, vertreten durch den Vorstand "
                         "Dr. Petra Vogt\n– Beklagte –",
                         "wegen: Gewährleistung aus Kaufvertrag (CNC-Fräszentrum RMB 5000)\nStreitwert: EUR 1.240.000,00",
                         "Namens und in Vollmacht der Klägerin erheben wir Klage und werden beantragen:",
                         "1. Die Beklagte wird verurteilt, an die Klägerin EUR 1.240.000,00 nebst Zinsen in Höhe von neun "
                         "Prozentpunkten über dem Basiszinssatz seit dem 15. Dezember 2023 zu zahlen.",
                         "2. Die Beklagte trägt die Kosten des Rechtsstreits.",
                         ("h", "Begründung"),
                         "Die Klägerin erwarb mit Kaufvertrag vom 3. März 2022 (Anlage K 1) ein CNC-Fräszentrum. Seit der "
                         "Inbetriebnahme treten wiederholt Spindelausfälle auf (Gutachten Anlage K 4)."],
               head=[FIRM], rel={}, tail=[("p", "Katharina Weiß\nRechtsanwältin")])
    simple(m, "Schriftsätze", "Anlage K 4 Privatgutachten Spindel.pdf", "expert_report",
           "Gutachten zur Ursache der Spindelausfälle am CNC-Fräszentrum RMB 5000", "de", date(2023, 11, 30),
           ["schwarzwald"], None, "pdf",
           ["Anlage K 4", "Auftraggeber: Schwarzwald Feinmechanik GmbH", "Sachverständiger: Dipl.-Ing. Rolf Imhof, "
            "öffentlich bestellt und vereidigt (IHK Südlicher Oberrhein)",
            ("h", "1. Ergebnis"), "Die Spindelausfälle beruhen auf einer fehlerhaften Auslegung der Lagerschmierung und "
            "waren bei Gefahrübergang angelegt."], rel={"annex_of": [k.path]})
    l1 = simple(m, "Gericht", "2024-03-04 LG Stuttgart Verfügung.pdf", "court_order",
                "Verfügung", "de", date(2024, 3, 4), lit, None, "pdf",
                [f"Aktenzeichen: {az}",
                 "In dem Rechtsstreit Schwarzwald Feinmechanik GmbH ./. Rheintal Maschinenbau AG",
                 "1. Das schriftliche Vorverfahren wird angeordnet.",
                 "2. Der Beklagten wird aufgegeben, binnen zwei Wochen ihre Verteidigungsbereitschaft anzuzeigen und "
                 "binnen weiterer vier Wochen auf die Klage zu erwidern.",
                 "Dr. Lorenz, Vorsitzender Richter am Landgericht"], head=["Landgericht Stuttgart · 3. Zivilkammer"])
    ke = simple(m, "Schriftsätze", "2024-04-15 Klageerwiderung Rheintal.pdf", "statement_of_defence",
                "Klageerwiderung", "de", date(2024, 4, 15), lit, None, "pdf",
                ["An das Landgericht Stuttgart", f"Az.: {az}",
                 "In dem Rechtsstreit\nSchwarzwald Feinmechanik GmbH ./. Rheintal Maschinenbau AG\nzeigen wir die "
                 "Vertretung der Beklagten an und beantragen, die Klage abzuweisen.",
                 ("h", "Begründung"), "Die Klage ist unbegründet. Die von der Klägerin mit Klageschrift vom 9. Februar "
                 "2024 behaupteten Mängel bestreiten wir mit Nichtwissen. Etwaige Spindelausfälle beruhen auf "
                 "unsachgemäßer Bedienung.", "Im Übrigen ist die Mängelrüge verspätet (§ 377 HGB).",
                 "Dr. Sebastian Kunz\nRechtsanwalt"],
                head=["Kunz Reinhardt Rechtsanwälte · Q 7, 23 · 68161 Mannheim"], rel={"responds_to": [k.path]})
    rp = simple(m, "Schriftsätze", "2024-05-21 Replik.docx", "reply_brief", "Replik", "de", date(2024, 5, 21), lit,
                "0388/23 KW", "docx",
                ["An das Landgericht Stuttgart", f"Az.: {az}", "In dem Rechtsstreit Schwarzwald Feinmechanik GmbH ./. "
                 "Rheintal Maschinenbau AG nehmen wir zur Klageerwiderung vom 15. April 2024 wie folgt Stellung:",
                 ("h", "I. Rechtzeitige Mängelrüge"), "Die Klägerin hat den Mangel am 12. Januar 2023 unverzüglich "
                 "gerügt (Anlage K 7).", ("h", "II. Keine Fehlbedienung"),
                 "Die Bedienung erfolgte ausschließlich durch von der Beklagten geschultes Personal."],
                head=[FIRM, "Unser Zeichen: 0388/23 KW"], rel={"responds_to": [ke.path]})
    ld = simple(m, "Gericht", "Ladung Termin 2024-07-10.pdf", "summons", "Ladung", "de", date(2024, 6, 3), lit, None,
                "pdf", [f"Geschäftsnummer: {az}", "In dem Rechtsstreit Schwarzwald Feinmechanik GmbH ./. Rheintal "
                        "Maschinenbau AG werden Sie zum Termin zur mündlichen Verhandlung geladen auf",
                        "Mittwoch, 10. Juli 2024, 09:30 Uhr, Saal 117, Urbanstraße 20, 70182 Stuttgart.",
                        "Das persönliche Erscheinen der Geschäftsführer der Parteien wird angeordnet (§ 141 ZPO)."],
                head=["Landgericht Stuttgart"])
    phantom("postal_code", "70182")
    bb = simple(m, "Gericht", "2024-07-24 Beweisbeschluss.pdf", "court_order", "Beweisbeschluss", "de",
                date(2024, 7, 24), lit, None, "pdf",
                [f"{az}", "In dem Rechtsstreit Schwarzwald Feinmechanik GmbH ./. Rheintal Maschinenbau AG",
                 "Es soll Beweis erhoben werden über die Behauptung der Klägerin, die Spindelausfälle beruhten auf "
                 "einer fehlerhaften Auslegung der Lagerschmierung, durch Einholung eines Sachverständigengutachtens.",
                 "Zum Sachverständigen wird Prof. Dr.-Ing. Karl Merten, Universität Stuttgart, bestimmt.",
                 "Die Klägerin hat einen Auslagenvorschuss von EUR 8.000,00 einzuzahlen."],
                head=["Landgericht Stuttgart · 3. Zivilkammer · Beschluss"])
    vg = simple(m, "", "Vergleich Rheintal Entwurf.docx", "settlement_agreement", "Außergerichtlicher Vergleich", "de",
                date(2024, 10, 8), lit, "0388/23 KW", "docx",
                ["zwischen der Schwarzwald Feinmechanik GmbH und der Rheintal Maschinenbau AG",
                 ("h", "§ 1 Vergleichszahlung"), "Die Rheintal Maschinenbau AG zahlt an die Schwarzwald Feinmechanik GmbH "
                 "zur Abgeltung sämtlicher Ansprüche aus dem Kaufvertrag vom 3. März 2022 einen Betrag von "
                 "EUR 780.000,00.", ("h", "§ 2 Klagerücknahme"), f"Die Klägerin nimmt die Klage im Verfahren {az} "
                 "innerhalb von fünf Tagen nach Zahlungseingang zurück.", ("h", "§ 3 Kosten"),
                 "Die Kosten des Rechtsstreits werden gegeneinander aufgehoben."], head=["Entwurf 08.10.2024 – "
                 "Unser Zeichen 0388/23 KW – ohne Präjudiz"])
    simple(m, "", "Aktenvermerk Vergleichsgespräch.txt", "file_note", "Aktenvermerk – Vergleichsgespräch mit RA Dr. Kunz",
           "de", date(2024, 10, 2), lit, "0388/23", "txt",
           ["Az. 0388/23 – Schwarzwald ./. Rheintal", "Gesprächspartner: RA Dr. Kunz (Gegenseite), RAin Weiß",
            "Gegenseite bietet EUR 650.000; Mandantin (Hr. Kern) hat Zustimmung bis EUR 750.000 signalisiert. "
            "Einigung bei EUR 780.000 erscheint erreichbar; Kostenaufhebung."], rel={"references": [vg.path]})
    simple(m, "", "Prozessvollmacht Schwarzwald.pdf", "power_of_attorney", "Prozessvollmacht", "de", date(2024, 1, 22),
           ["schwarzwald"], None, "pdf",
           ["Hiermit wird der Hartmann Ellerbrook Rechtsanwälte Partnerschaft mbB in Sachen Schwarzwald Feinmechanik "
            "GmbH ./. Rheintal Maschinenbau AG wegen Gewährleistung Vollmacht erteilt zur Prozessführung (u. a. nach "
            "§§ 81 ff. ZPO) einschließlich der Befugnis zum Abschluss eines Vergleichs.",
            "Waldkirch, 22.01.2024", "Schwarzwald Feinmechanik GmbH, Andreas Kern"])
    simple(m, "", "Kostennote Gerichtskosten Vorschuss.pdf", "fee_note", "Kostennote – Vorschuss gemäß § 9 RVG", "de",
           date(2024, 2, 12), ["schwarzwald", FIRM_KEY], "0388/23 KW", "pdf",
           ["Gegenstandswert: EUR 1.240.000,00", ("table", [["Gebühr", "VV RVG", "EUR"],
                                                            ["1,3 Verfahrensgebühr", "Nr. 3100", "7.236,10"],
                                                            ["1,2 Terminsgebühr", "Nr. 3104", "6.679,20"],
                                                            ["Auslagenpauschale", "Nr. 7002", "20,00"]]),
            "Rechnungsnummer 2024-0388-V", "Zahlbar sofort ohne Abzug."], head=[FIRM, "Unser Zeichen: 0388/23 KW"])
    phantom("invoice_number", "2024-0388-V")
    return k, ke, l1, ld


def m06():
    m = MATTERS["M06"]
    C, D = "Correspondence", "Drafts"
    parties = [("vantage", "Vantage"), ("datenwerk", "Reseller")]
    pk = ["vantage", "datenwerk"]
    title = "Reseller and Licence Agreement"
    base = licence_clauses()
    rec = ["Vantage develops and licenses the Software.", "The Reseller wishes to resell the Software in the Territory."]
    ch = [dict(ci=5, pi=2, old="the fees paid in the 12 months preceding the claim",
               new="the greater of EUR 250,000 and the fees paid in the 12 months preceding the claim", topic="liability_cap",
               why="counterparty_request", comment="Datenwerk insists on a floor of EUR 250k; they say German customers "
               "require it."),
          dict(ci=6, pi=2, old="six months'", new="three months'", topic="termination", why="counterparty_request",
               comment="Reseller request – shorter notice."),
          dict(ci=7, pi=2, old="Rules of the London Court of International Arbitration (LCIA), the seat of arbitration "
               "being London", new="DIS Arbitration Rules, the seat of arbitration being Frankfurt am Main",
               topic="dispute_resolution", why="commercial_compromise",
               comment="DIS/Frankfurt accepted in exchange for the 65% price level staying."),
          dict(ci=2, pi=1, new="Vantage may appoint further resellers in the Territory.", topic="exclusivity",
               why="drafting_clarity", comment="Clarifies non-exclusivity; no change in substance.")]
    v1 = add(Doc(where(m, D, "Datenwerk RLA v1.docx"), "M06", "in_matter_folder", "licence_agreement", title, "en",
                 date(2024, 6, 3), pk, None, "docx",
                 contract_blocks("en", title, parties, rec, base, "Reading", date(2024, 6, 3),
                                 draft_note="HE draft 3 June 2024 – privileged and confidential"), author="JW",
                 heading_styles=False))
    red, dec = apply_changes("en", base, ch, "red", "Ralf Schumacher")
    v2 = add(Doc(where(m, D, "Datenwerk RLA v1 - DW comments 2024-06-14.docx"), "M06", "in_matter_folder",
                 "licence_agreement", title, "en", date(2024, 6, 14), pk, None, "docx",
                 contract_blocks("en", title, parties, rec, base, "Reading", date(2024, 6, 14), redline=red,
                                 draft_note="Datenwerk comments 14 June 2024 on HE draft of 3 June 2024"),
                 decisions=dec, rel={"redline_of": [v1.path]}, author="JW", redline_author="Ralf Schumacher",
                 heading_styles=False))
    clean = apply_changes("en", base, ch, "clean", "")[0]
    v3 = add(Doc(where(m, "", "Datenwerk RLA - agreed form.docx"), "M06", "in_matter_folder", "licence_agreement", title,
                 "en", date(2024, 6, 28), pk, None, "docx",
                 contract_blocks("en", title, parties, rec, clean, "Reading", date(2024, 6, 28)), author="JW",
                 heading_styles=False))
    v3pdf = add(Doc(where(m, "", "Datenwerk RLA - agreed form.pdf"), "M06", "in_matter_folder", "licence_agreement",
                    title, "en", date(2024, 6, 28), pk, None, "pdf", v3.blocks, convert_from=v3.path,
                    rel={"near_duplicate_of": [v3.path]}))
    for d_ in (v1, v2, v3):
        d_.rel["chain"] = [v1.path, v2.path, v3.path]
    s1 = simple(m, "", "Schedule 1 - Price List.xlsx", "annex", "Schedule 1 – Price List", "en", date(2024, 6, 28), pk,
                None, "xlsx", [], rel={"annex_of": [v3.path]})
    s1.sheet = [("Schedule 1", [["Schedule 1 – Price List"], ["to the Reseller and Licence Agreement between Vantage "
                                                                "Software Ltd and Datenwerk Systemhaus GmbH"], [],
                                ["Product", "Licence metric", "List price (EUR)", "Reseller price (EUR)"],
                                ["VantageRecon Standard", "per named user / year", 480, 312],
                                ["VantageRecon Enterprise", "per named user / year", 890, 578.5],
                                ["Implementation day", "per day", 1450, 942.5]])]
    simple(m, "", "Schedule 2 - End User Licence Terms.docx", "annex", "Schedule 2 – End User Licence Terms", "en",
           date(2024, 6, 28), pk, None, "docx",
           ["1. The End User may use the Software for its internal business purposes only.",
            "2. The End User shall not decompile the Software except as permitted by section 69e of the German Copyright "
            "Act (UrhG)."], rel={"annex_of": [v3.path]})
    am = simple(m, "", "Amendment No 1 to RLA (Swiss territory).docx", "amendment_agreement",
                "Amendment Agreement No. 1 to the Reseller and Licence Agreement dated 28 June 2024", "en",
                date(2024, 11, 5), pk, None, "docx",
                ["BETWEEN (1) Vantage Software Ltd (company number 08765432) and (2) Datenwerk Systemhaus GmbH "
                 "(HRB 88990, Amtsgericht Köln).",
                 ("h", "1. Amendment"), "With effect from 1 January 2025 the definition of \"Territory\" in clause 1.2 "
                 "shall exclude Switzerland.", ("h", "2. Continuation"),
                 "Save as amended by this Amendment Agreement the Agreement continues in full force and effect."],
                rel={"amends": [v3.path]})
    phantom("hrb", "HRB 88990")
    thread(m, f"{m.folder}/{C}", "Datenwerk RLA - agreed form", [
        dict(frm="JW", to=["vantage"], when=datetime(2024, 6, 28, 15, 30), file="Datenwerk RLA agreed form.eml",
             body="Daniel,\n\nattached is the agreed form of the Reseller and Licence Agreement in PDF. Datenwerk will "
                  "sign on Monday.\n\nJames", attachments=[(v3pdf, "Datenwerk RLA - agreed form.pdf")]),
        dict(frm="vantage", to=["JW"], when=datetime(2024, 6, 28, 17, 2), prefix="Re: ", file="Re Datenwerk RLA agreed form.eml",
             body="Thanks James, great work on the liability floor.\nDaniel", encoding="8bit"),
    ], lang="en", category="in_matter_folder")
    v3pdf.rel.setdefault("attachment_of", []).append(f"{m.folder}/{C}/Datenwerk RLA agreed form.eml")
    simple(m, C, "Letter to Datenwerk re audit.pdf", "letter", "Reseller and Licence Agreement – licence audit", "en",
           date(2024, 12, 2), ["vantage", "datenwerk"], "M-10482", "pdf",
           letter_blocks(m, "en", date(2024, 12, 2), addr("datenwerk", "Attn: Mr Ralf Schumacher"),
                         "Re: Reseller and Licence Agreement – licence audit",
                         ["We act for Vantage Software Ltd. Under clause 4 of the Reseller and Licence Agreement dated "
                          "28 June 2024, our client requests a licence audit for the period ending 30 November 2024.",
                          "Please provide the end-user reports within 14 days."], salutation="Dear Mr Schumacher,")[0:0]
           + letter_blocks(m, "en", date(2024, 12, 2), addr("datenwerk", "Attn: Mr Ralf Schumacher"),
                           "Re: Reseller and Licence Agreement – licence audit",
                           ["We act for Vantage Software Ltd. Under clause 4 of the Reseller and Licence Agreement dated "
                            "28 June 2024, our client requests a licence audit for the period ending 30 November 2024.",
                            "Please provide the end-user reports within 14 days."], salutation="Dear Mr Schumacher,"),
           rel={"references": [v3.path]})
    DOCS[-1].blocks = [b for b in DOCS[-1].blocks if b != ("title", DOCS[-1].title)]
    DOCS[-1].title = "Reseller and Licence Agreement – licence audit"
    # misfiled: a Greenfield (M10) note among Vantage's papers (same partner, JW)
    simple(m, "", "Attendance note Greenfield call.txt", "file_note",
           "Attendance Note – call with Rachel Owens (Greenfield) on 9 September 2024", "en", date(2024, 9, 9),
           ["greenfield", "bavaria"], "2024/0305-JW", "txt",
           ["Our ref: 2024/0305-JW", "Attendees: Rachel Owens (Greenfield), JW", "RO confirmed that the short deliveries "
            "under order PO-2024-0456 and PO-2024-0471 total 14 pallets. Bavaria Feinkost has not responded to the "
            "letter before action. Instructions: issue proceedings if no reply by 20 September.", "Time: 0.5h"],
           matter="M10", category="misfiled")
    phantom("order_number", "PO-2024-0456")
    phantom("order_number", "PO-2024-0471")


def m07():
    m = MATTERS["M07"]
    pk = ["albrecht", "albers"]
    gf = simple(m, "", "GF-Dienstvertrag Albers 2019.pdf", "managing_director_agreement", "Geschäftsführerdienstvertrag",
                "de", date(2019, 9, 1), pk, None, "pdf",
                [("p", party_intro_de("albrecht", "Gesellschaft")), "und", ("p", party_intro_de("albers", "Geschäftsführerin")),
                 ("h", "§ 1 Aufgaben"), "(1) Frau Dr. Albers wird zur Geschäftsführerin der Gesellschaft bestellt.",
                 ("h", "§ 4 Bezüge"), "(1) Die Geschäftsführerin erhält ein Jahresfestgehalt von EUR 240.000,00 brutto.",
                 ("h", "§ 9 Laufzeit"), "(1) Der Vertrag ist bis zum 31. August 2025 befristet."],
                tail=[("sig", [("", "für Albrecht Medizintechnik GmbH\nProf. Dr. Werner Albrecht"), ("", "Dr. Katrin Albers")])])
    av1 = simple(m, "", "Aufhebungsvertrag Entwurf Gesellschaft.docx", "termination_agreement", "Aufhebungsvertrag", "de",
                 date(2024, 9, 16), pk, None, "docx",
                 [("p", party_intro_de("albrecht", "Gesellschaft")), "und", ("p", party_intro_de("albers", "Geschäftsführerin")),
                  ("h", "§ 1 Beendigung"), "(1) Die Parteien sind sich einig, dass der Geschäftsführerdienstvertrag vom "
                  "1. September 2019 mit Ablauf des 31. Dezember 2024 endet.",
                  ("h", "§ 2 Abfindung"), "(1) Die Geschäftsführerin erhält eine Abfindung von EUR 180.000,00 brutto.",
                  ("h", "§ 3 Freistellung"), "(1) Die Geschäftsführerin wird unwiderruflich freigestellt."],
                 head=["Entwurf Albrecht Medizintechnik 16.09.2024"], rel={"references": [gf.path]}, author="KW")
    av2 = simple(m, "", "Aufhebungsvertrag final unterschrieben.pdf", "termination_agreement", "Aufhebungsvertrag", "de",
                 date(2024, 10, 21), pk, None, "pdf",
                 [("p", party_intro_de("albrecht", "Gesellschaft")), "und", ("p", party_intro_de("albers", "Geschäftsführerin")),
                  ("h", "§ 1 Beendigung"), "(1) Die Parteien sind sich einig, dass der Geschäftsführerdienstvertrag vom "
                  "1. September 2019 mit Ablauf des 31. Dezember 2024 endet.",
                  ("h", "§ 2 Abfindung"), "(1) Die Geschäftsführerin erhält eine Abfindung von EUR 235.000,00 brutto.",
                  ("h", "§ 3 Freistellung"), "(1) Die Geschäftsführerin wird unwiderruflich unter Anrechnung von Urlaub "
                  "freigestellt."], rel={"references": [gf.path]},
                 tail=[("right", "Nürnberg, 21.10.2024"), ("sig", [("", "Prof. Dr. Werner Albrecht"), ("", "Dr. Katrin Albers")])])
    av1.rel["chain"] = av2.rel["chain"] = [av1.path, av2.path]
    simple(m, "", "Aktenvermerk Erstgespräch Dr. Albers.docx", "file_note",
           "Aktenvermerk – Erstgespräch mit Frau Dr. Albers am 10. September 2024", "de", date(2024, 9, 10), ["albers"],
           None, "docx", ["Mandantin: Dr. Katrin Albers, Geschäftsführerin der Albrecht Medizintechnik GmbH",
                          "Die Gesellschaft strebt eine Trennung zum Jahresende an. Mandantin ist grundsätzlich "
                          "einverstanden, erwartet aber eine Abfindung in Höhe eines Jahresgehalts.",
                          "Nächste Schritte: Prüfung § 9 GF-Vertrag (Befristung), Entwurf Gegenvorschlag."],
           head=["Vertraulich – Mandatsgeheimnis"], author="KW")
    simple(m, "", "Schreiben an Albrecht Medizintechnik Gegenvorschlag.docx", "letter",
           "Dr. Katrin Albers – Ihr Entwurf eines Aufhebungsvertrags vom 16. September 2024", "de", date(2024, 9, 24),
           ["albers", "albrecht"], None, "docx",
           letter_blocks(m, "de", date(2024, 9, 24), addr("albrecht", "z. Hd. Herrn Prof. Dr. Werner Albrecht"),
                         "Dr. Katrin Albers – Ihr Entwurf eines Aufhebungsvertrags vom 16. September 2024",
                         ["wir zeigen an, dass wir Frau Dr. Albers vertreten. Eine Vollmacht liegt bei.",
                          "Den Entwurf vom 16. September 2024 kann unsere Mandantin nicht annehmen. Angesichts der "
                          "Restlaufzeit bis 31. August 2025 halten wir eine Abfindung von EUR 260.000,00 für angemessen."],
                         salutation="Sehr geehrter Herr Prof. Dr. Albrecht,")[0:0] + letter_blocks(
               m, "de", date(2024, 9, 24), addr("albrecht", "z. Hd. Herrn Prof. Dr. Werner Albrecht"),
               "Dr. Katrin Albers – Ihr Entwurf eines Aufhebungsvertrags vom 16. September 2024",
               ["wir zeigen an, dass wir Frau Dr. Albers vertreten. Eine Vollmacht liegt bei.",
                "Den Entwurf vom 16. September 2024 kann unsere Mandantin nicht annehmen. Angesichts der Restlaufzeit "
                "bis 31. August 2025 halten wir eine Abfindung von EUR 260.000,00 für angemessen."],
               salutation="Sehr geehrter Herr Prof. Dr. Albrecht,"), rel={"responds_to": [av1.path]}, author="KW")
    DOCS[-1].blocks = [b for b in DOCS[-1].blocks if b[0] != "title"]
    thread(m, m.folder, "Aufhebungsvertrag - Stand der Verhandlungen", [
        dict(frm="KW", to=["albers"], when=datetime(2024, 10, 14, 12, 2), file="Mail an Mandantin Stand Verhandlungen.eml",
             body="Liebe Frau Dr. Albers,\n\ndie Gesellschaft bietet nunmehr EUR 235.000,00 und die Freistellung unter "
                  "Anrechnung von Urlaub. Ich empfehle, das Angebot anzunehmen.\n\nHerzliche Grüße\nKatharina Weiß"),
        dict(frm="albers", to=["KW"], when=datetime(2024, 10, 14, 20, 47), prefix="AW: ", file="AW Stand Verhandlungen.eml",
             body="Liebe Frau Weiß,\n\neinverstanden. Bitte finalisieren Sie den Vertrag.\n\nK. Albers", encoding="base64"),
    ], lang="de", category="in_matter_folder")
    invoice(m, "", "Rechnung 2024-1123 Albers.pdf", "2024-1123", date(2024, 10, 31), "albers",
            [("Beratung Aufhebung Geschäftsführerdienstvertrag, 9,5 Std. à EUR 380,00", 3610.0)])


def m08():
    m = MATTERS["M08"]
    G, E = "Gesellschaftsrecht", "Entwürfe"
    pk = ["solaris", "voltwerk"]
    sha = simple(m, E, "Gesellschaftervereinbarung Sonnenfeld v4.docx", "shareholders_agreement",
                 "Gesellschaftervereinbarung (Joint Venture Sonnenfeld)", "de", date(2024, 2, 26), pk + ["sonnenfeld"], None,
                 "docx", [("p", party_intro_de("solaris", "Solaris")), "und", ("p", party_intro_de("voltwerk", "Voltwerk")),
                          "sowie", ("p", party_intro_de("sonnenfeld", "Gesellschaft")),
                          ("h", "§ 1 Beteiligung"), "(1) Solaris hält 51 %, Voltwerk 49 % des Stammkapitals der Gesellschaft.",
                          ("h", "§ 4 Stimmbindung"), "(1) Die Gesellschafter stimmen bei Kapitalmaßnahmen einheitlich ab.",
                          ("h", "§ 7 Drag-along / Tag-along"), "(1) Veräußert Solaris ihre Beteiligung, kann sie Voltwerk "
                          "zur Mitveräußerung verpflichten."], head=["Entwurf v4 – 26.02.2024 – Unser Zeichen 2023/0542"],
                 author="MS")
    sat = simple(m, G, "Satzung Sonnenfeld Projekt GmbH.pdf", "articles_of_association",
                 "Gesellschaftsvertrag der Sonnenfeld Projekt GmbH", "de", date(2023, 11, 20), ["sonnenfeld"], None, "pdf",
                 [("h", "§ 1 Firma und Sitz"), "(1) Die Firma der Gesellschaft lautet Sonnenfeld Projekt GmbH.",
                  "(2) Sitz der Gesellschaft ist Regensburg.", ("h", "§ 2 Gegenstand"),
                  "Gegenstand des Unternehmens ist die Planung, Errichtung und der Betrieb von Freiflächen-Photovoltaikanlagen.",
                  ("h", "§ 3 Stammkapital"), "(1) Das Stammkapital beträgt EUR 100.000,00."])
    simple(m, G, "Gesellschafterbeschluss Kapitalerhöhung Sonnenfeld.docx", "shareholder_resolution",
           "Gesellschafterbeschluss der Sonnenfeld Projekt GmbH", "de", date(2024, 3, 15),
           ["sonnenfeld", "solaris", "voltwerk"], "2023/0542-MS", "docx",
           resolution_blocks("sonnenfeld", ["Solaris Energie GmbH", "Voltwerk Beteiligungs GmbH"], date(2024, 3, 15),
                             ["Das Stammkapital wird von EUR 100.000,00 um EUR 96.080,00 auf EUR 196.080,00 erhöht.",
                              "Zur Übernahme wird ausschließlich die Voltwerk Beteiligungs GmbH zugelassen.",
                              "§ 3 Abs. 1 des Gesellschaftsvertrags wird entsprechend geändert."], ref="2023/0542-MS",
                             place="Regensburg"), rel={"amends": [sat.path]})
    DOCS[-1].blocks = [b for i, b in enumerate(DOCS[-1].blocks) if not (b[0] == "title" and i == 0)]
    cap = simple(m, G, "Cap Table Sonnenfeld post money.xlsx", "cap_table", "Cap Table Sonnenfeld Projekt GmbH", "de",
                 date(2024, 3, 15), ["sonnenfeld"], None, "xlsx", [])
    cap.sheet = [("Cap Table", [["Cap Table Sonnenfeld Projekt GmbH"], ["Stand: nach Kapitalerhöhung vom 15.03.2024"], [],
                                ["Gesellschafter", "lfd. Nr.", "Nennbetrag (EUR)", "Anteil"],
                                ["Solaris Energie GmbH", "1", 100000, "51,00 %"],
                                ["Voltwerk Beteiligungs GmbH", "2", 96080, "49,00 %"], ["Summe", "", 196080, "100 %"]])]
    simple(m, G, "Gesellschafterliste Sonnenfeld.pdf", "shareholder_list", "Liste der Gesellschafter der Sonnenfeld Projekt GmbH",
           "de", date(2024, 3, 20), ["sonnenfeld"], None, "pdf",
           ["Amtsgericht Regensburg HRB 17788", ("table", [["Gesellschafter", "lfd. Nr.", "Nennbetrag", "%"],
                                                          ["Solaris Energie GmbH, Regensburg (HRB 15566)", "1", "100.000", "51,00"],
                                                          ["Voltwerk Beteiligungs GmbH, Berlin (HRB 209876 B)", "2", "96.080", "49,00"]]),
            "Regensburg, 20.03.2024 – Notar Dr. Alois Reiter"])
    phantom("hrb", "HRB 17788")
    simple(m, "", "Protokoll JV-Lenkungsausschuss 2024-04-09.docx", "minutes",
           "Protokoll der Sitzung des Lenkungsausschusses Joint Venture Sonnenfeld", "de", date(2024, 4, 9), pk, "2023/0542",
           "docx", ["Ort: Regensburg, Donaustaufer Straße 115 · Beginn 14:00 Uhr · Ende 16:10 Uhr",
                    "Teilnehmer: Martina Huber (Solaris), Tobias Engel (Voltwerk), Dr. Michael Seidl (HE, Protokoll)",
                    ("h", "TOP 1 Netzanschluss"), "Die Zusage des Netzbetreibers liegt vor (Vorgangsnummer 2024-0173-NA).",
                    ("h", "TOP 2 Finanzierung"), "Voltwerk stellt ein Gesellschafterdarlehen über EUR 2,5 Mio. in Aussicht."],
           head=["Unser Zeichen 2023/0542"])
    phantom("grid_case_number", "2024-0173-NA")
    simple(m, "", "JV Sonnenfeld Struktur.pptx", "presentation", "Joint Venture Sonnenfeld – Struktur und nächste Schritte",
           "de", date(2024, 1, 30), pk, None, "pptx", [])
    DOCS[-1].slides = [("Joint Venture Sonnenfeld – Struktur und nächste Schritte", "Solaris Energie GmbH / Voltwerk "
                        "Beteiligungs GmbH\nHartmann Ellerbrook · 30. Januar 2024"),
                       ("Struktur", "Sonnenfeld Projekt GmbH (HRB 17788)\nSolaris 51 % · Voltwerk 49 %\nKapitalerhöhung um EUR 96.080"),
                       ("Zeitplan", "Signing Gesellschaftervereinbarung: März 2024\nNotartermin Kapitalerhöhung: 15.03.2024")]
    invoice(None, "", "Rechnung 2024-0871.pdf", "2024-0871", date(2024, 4, 30), "solaris",
            [("Beratung Joint Venture Sonnenfeld, März/April 2024", 21480.0)], matter="M08", category="top_level")
    DOCS[-1].ref = "2023/0542"
    DOCS[-1].blocks.insert(3, ("p", "Unser Zeichen: 2023/0542 · Joint Venture Sonnenfeld"))
    return sha


def m09():
    m = MATTERS["M09"]
    DD, T, K = "Due Diligence", "Transaktionsdokumente", "Korrespondenz"
    nda = simple(m, T, "NDA Projekt Falke (unterzeichnet).pdf", "nda", "Vertraulichkeitsvereinbarung", "de", date(2024, 5, 6),
                 ["bergmann", "weber"], None, "pdf",
                 [("p", party_intro_de("bergmann", "Interessentin")), "und", ("p", party_intro_de("weber", "Gesellschaft")),
                  ("h", "§ 1 Vertrauliche Informationen"), "(1) Vertrauliche Informationen sind alle Informationen über die "
                  "Gesellschaft, die der Interessentin im Rahmen des Projekts Falke zugänglich gemacht werden.",
                  ("h", "§ 5 Vertragsstrafe"), "(1) Für jeden Fall der Zuwiderhandlung ist eine Vertragsstrafe von "
                  "EUR 50.000,00 verwirkt.", ("h", "§ 8 Schiedsgericht"),
                  "(1) Streitigkeiten werden nach der Schiedsgerichtsordnung der Deutschen Institution für "
                  "Schiedsgerichtsbarkeit e.V. (DIS) endgültig entschieden."],
                 tail=[("sig", [("", "Bergmann Holding GmbH & Co. KG"), ("", "Weber Kunststofftechnik GmbH")])])
    loi = simple(m, T, "LOI Bergmann an Familie Weber.docx", "letter_of_intent", "Absichtserklärung (Letter of Intent)", "de",
                 date(2024, 5, 21), ["bergmann", "hp_weber", "g_weber"], "AZ 219/24 TH", "docx",
                 ["Bergmann Holding GmbH & Co. KG an Herrn Hans-Peter Weber und Frau Gisela Weber",
                  "Wir bestätigen unser Interesse am Erwerb von 100 % der Geschäftsanteile an der Weber Kunststofftechnik "
                  "GmbH (HRB 765432, Amtsgericht Stuttgart) zu einem indikativen Kaufpreis von EUR 31 Mio. (cash-free/debt-free).",
                  "Diese Absichtserklärung ist mit Ausnahme der Abschnitte Exklusivität und Vertraulichkeit nicht bindend.",
                  "Exklusivität: bis 31. August 2024."], head=[f"Entwurf {FIRM} – AZ 219/24 TH"], rel={"references": [nda.path]})
    phantom("hrb", "HRB 765432")
    ts = simple(m, T, "Term Sheet Projekt Falke.docx", "term_sheet", "Term Sheet – Projekt Falke", "de", date(2024, 6, 10),
                ["bergmann", "hp_weber", "g_weber"], None, "docx",
                [("table", [["Punkt", "Regelung"], ["Käuferin", "Bergmann Holding GmbH & Co. KG"],
                            ["Verkäufer", "Hans-Peter Weber, Gisela Weber"],
                            ["Zielgesellschaft", "Weber Kunststofftechnik GmbH"],
                            ["Kaufpreis", "EUR 29,5 Mio. zzgl. Locked-Box-Verzinsung"],
                            ["Garantien", "übliche Garantien; W&I-Versicherung"], ["Rückbeteiligung", "10 % Hans-Peter Weber"]])],
                rel={"references": [loi.path]})
    rl = simple(m, DD, "DD Anforderungsliste Falke.xlsx", "due_diligence_request_list",
                "Due-Diligence-Anforderungsliste Projekt Falke", "de", date(2024, 5, 24), ["bergmann", "weber"], "AZ 219/24",
                "xlsx", [])
    rl.sheet = [("Anforderungsliste", [["Due-Diligence-Anforderungsliste Projekt Falke"], ["AZ 219/24 – Stand 24.05.2024"], [],
                                       ["Nr.", "Bereich", "Anforderung", "Priorität", "Status"],
                                       ["1.1", "Gesellschaftsrecht", "Aktueller Handelsregisterauszug, Gesellschafterliste", "A", "offen"],
                                       ["1.2", "Gesellschaftsrecht", "Satzung in aktueller Fassung", "A", "erledigt"],
                                       ["2.1", "Verträge", "Alle Kundenverträge mit Umsatz > EUR 250.000 p.a.", "A", "offen"],
                                       ["3.1", "Arbeitsrecht", "Betriebsvereinbarungen, Tarifbindung", "B", "offen"],
                                       ["4.1", "Immobilien", "Mietverträge Ludwigsburg und Bietigheim", "B", "Teil"]])]
    dd = simple(m, DD, "DD-Bericht Weber Kunststofftechnik (Entwurf).docx", "due_diligence_report",
                "Legal Due Diligence Bericht – Weber Kunststofftechnik GmbH", "de", date(2024, 7, 1), ["bergmann", "weber"],
                "AZ 219/24", "docx",
                ["Für: Bergmann Holding GmbH & Co. KG · AZ 219/24 · Entwurf vom 1. Juli 2024",
                 ("h", "A. Executive Summary"), "Die Zielgesellschaft ist rechtlich solide aufgestellt. Ein wesentliches "
                 "Risiko besteht in der Change-of-Control-Klausel des Liefervertrags mit der Stuttgarter Automotive AG.",
                 ("h", "B. Gesellschaftsrecht"), "Die Gesellschafterliste vom 12. März 2019 weist Hans-Peter Weber (60 %) "
                 "und Gisela Weber (40 %) aus.", ("h", "C. Wesentliche Verträge"),
                 "Bewertung der 18 Kundenverträge: siehe Anlage C.1."], rel={"references": [rl.path]})
    simple(m, DD, "HR-Auszug Weber Kunststofftechnik.pdf", "register_extract",
           "Handelsregister B des Amtsgerichts Stuttgart – Chronologischer Ausdruck", "de", date(2024, 5, 27), ["weber"], None,
           "pdf", ["Nummer der Firma: HRB 765432", "a) Firma: Weber Kunststofftechnik GmbH\nb) Sitz: Ludwigsburg",
                   "Geschäftsführer: Weber, Hans-Peter, Ludwigsburg, *03.07.1958, einzelvertretungsberechtigt",
                   "Prokura: Einzelprokura: Schäfer, Monika, Kornwestheim"], heading_styles=False)
    simple(m, "", "Projekt Falke Kick-off.pptx", "presentation", "Projekt Falke – Kick-off Due Diligence", "de",
           date(2024, 5, 23), ["bergmann"], "AZ 219/24", "pptx", [])
    DOCS[-1].slides = [("Projekt Falke – Kick-off Due Diligence", "Bergmann Holding GmbH & Co. KG\nAZ 219/24 · 23. Mai 2024"),
                       ("Team", "Tanja Hoffmann (Lead)\nOliver Franke (Arbeitsrecht)\nLena Brückner (Immobilien)"),
                       ("Zeitplan", "Datenraum-Öffnung 27.05.\nRed Flag Report 21.06.\nSigning Ende Juli")]
    simple(m, K, "Schreiben an Weber Exklusivität.docx", "letter", "Projekt Falke – Verlängerung der Exklusivität", "de",
           date(2024, 8, 22), ["bergmann", "hp_weber", "g_weber"], "AZ 219/24 TH", "docx",
           letter_blocks(m, "de", date(2024, 8, 22), ["Herrn Hans-Peter Weber", "Frau Gisela Weber", "Am Favoritepark 3",
                                                     "71640 Ludwigsburg"],
                         "Projekt Falke – Verlängerung der Exklusivität",
                         ["unsere Mandantin, die Bergmann Holding GmbH & Co. KG, bittet um Verlängerung der in der "
                          "Absichtserklärung vom 21. Mai 2024 vereinbarten Exklusivität bis zum 30. September 2024."],
                         salutation="Sehr geehrte Frau Weber, sehr geehrter Herr Weber,"), rel={"references": [loi.path]})
    DOCS[-1].blocks = [b for b in DOCS[-1].blocks if b[0] != "title"]
    simple(m, "", "Leistungsnachweis Projekt Falke Juni 2024.xlsx", "time_sheet", "Leistungsnachweis Juni 2024",
           "de", date(2024, 6, 30), ["bergmann", FIRM_KEY], "AZ 219/24", "xlsx", [])
    DOCS[-1].sheet = [("Juni 2024", [["Leistungsnachweis Juni 2024"], ["Mandat AZ 219/24 Projekt Falke"], [],
                                     ["Datum", "RA", "Tätigkeit", "Std."], ["03.06.2024", "TH", "DD Gesellschaftsrecht", 4.5],
                                     ["04.06.2024", "OF", "DD Arbeitsrecht", 6.0], ["10.06.2024", "TH", "Term Sheet", 3.0]])]
    return dd


def m10():
    m = MATTERS["M10"]
    pk = ["greenfield", "bavaria"]
    sup = simple(m, "", "Supply Agreement Bavaria Feinkost 2022.pdf", "supply_agreement", "Supply Agreement", "en",
                 date(2022, 1, 10), pk, None, "pdf",
                 ["between Greenfield Retail Ltd (company number 04455667) as Buyer and Bavaria Feinkost GmbH "
                  "(HRB 9876, Amtsgericht Traunstein) as Supplier", ("h", "1. Supply"),
                  "1.1 The Supplier shall supply the Products listed in Schedule 1 in accordance with Orders placed by the Buyer.",
                  ("h", "6. Delivery"), "6.1 Delivery shall be made DDP Manchester within 10 Business Days of an Order.",
                  ("h", "12. Governing law"), "12.1 This Agreement is governed by the laws of England and Wales."])
    phantom("hrb", "HRB 9876")
    lba = simple(m, "", "Letter before action Bavaria Feinkost.docx", "warning_letter", "Letter before Action", "en",
                 date(2024, 8, 19), pk, "2024/0305-JW", "docx",
                 letter_blocks(m, "en", date(2024, 8, 19), addr("bavaria", "For the attention of Mr Georg Stadler"),
                               "Letter before Action – short deliveries under the Supply Agreement dated 10 January 2022",
                               ["We act for Greenfield Retail Ltd. Under orders PO-2024-0456 and PO-2024-0471 your company "
                                "failed to deliver 14 pallets, in breach of clause 6.1 of the Supply Agreement.",
                                "Unless we receive payment of GBP 86,400 within 14 days, our client will issue proceedings "
                                "without further notice."], salutation="Dear Sirs,"), rel={"references": [sup.path]})
    lba.blocks = [b for b in lba.blocks if b[0] != "title"]
    lba.title = "Letter before Action – short deliveries under the Supply Agreement dated 10 January 2022"
    ans = simple(m, "", "Antwort Bavaria Feinkost 2024-09-23.pdf", "letter",
                 "Ihr Schreiben vom 19. August 2024 – Lieferungen an Greenfield Retail Ltd", "de", date(2024, 9, 23),
                 ["bavaria", "greenfield"], "2024/0305-JW", "pdf",
                 letter_blocks(m, "de", date(2024, 9, 23), [FIRM_EN, "Mr James Whitcombe", "1 Finsbury Avenue",
                                                            "London EC2M 2PF"],
                               "Ihr Schreiben vom 19. August 2024 – Lieferungen an Greenfield Retail Ltd",
                               ["die Fehlmengen beruhen auf einem Streik im Logistikzentrum Freilassing und sind nach "
                                "Ziff. 14 (Höhere Gewalt) des Liefervertrags entschuldigt.",
                                "Eine Zahlung lehnen wir ab."], ihr="2024/0305-JW", ref="GS/ra", firm=False, sender="bavaria"),
                 rel={"responds_to": [lba.path]})
    ans.blocks = [b for b in ans.blocks if b[0] != "title"]
    simple(m, "", "Particulars of Claim (draft).docx", "statement_of_claim", "Particulars of Claim", "en",
           date(2024, 10, 7), pk, None, "docx",
           ["IN THE HIGH COURT OF JUSTICE\nBUSINESS AND PROPERTY COURTS IN MANCHESTER\nCIRCUIT COMMERCIAL COURT (KBD)",
            "Claim No. [●]", "BETWEEN\nGREENFIELD RETAIL LIMITED\nClaimant\n-and-\nBAVARIA FEINKOST GMBH\nDefendant",
            "1. The Claimant is a retailer of delicatessen products. The Defendant is a German food manufacturer.",
            "2. By a written supply agreement dated 10 January 2022 the Defendant agreed to supply the Products.",
            "3. In breach of clause 6.1 the Defendant failed to deliver 14 pallets ordered under PO-2024-0456 and PO-2024-0471.",
            "STATEMENT OF TRUTH\nThe Claimant believes that the facts stated in these Particulars of Claim are true."],
           head=["DRAFT – 7 October 2024 – privileged"], rel={"references": [sup.path]})
    simple(m, "", "Engagement letter Greenfield.pdf", "engagement_letter", "Terms of Engagement", "en",
           date(2024, 8, 12), ["greenfield", FIRM_KEY], "2024/0305", "pdf",
           ["Greenfield Retail Ltd – dispute with Bavaria Feinkost GmbH – matter 2024/0305",
            ("h", "1. Scope"), "We will advise you on your claims against Bavaria Feinkost GmbH arising from short "
            "deliveries under the supply agreement dated 10 January 2022, including pre-action correspondence and proceedings.",
            ("h", "2. Fees"), "Our fees are charged on hourly rates: partner GBP 650, senior associate GBP 480.",
            ("h", "3. Complaints"), "If you are unhappy with our service you may contact the Legal Ombudsman."],
           head=[FIRM_EN, "Our ref: 2024/0305"])
    thread(m, m.folder, "Bavaria Feinkost - response to LBA", [
        dict(frm="JW", to=["greenfield"], when=datetime(2024, 9, 24, 10, 15), file="Bavaria response to LBA.eml",
             body="Rachel,\n\nBavaria Feinkost has replied (attached, in German). They rely on the force majeure clause "
                  "(clause 14). A strike at their own logistics centre is unlikely to qualify.\n\nJames",
             attachments=[(ans, "Antwort Bavaria Feinkost 2024-09-23.pdf")]),
        dict(frm="greenfield", to=["JW"], when=datetime(2024, 9, 24, 14, 40), prefix="RE: ", file="RE Bavaria response to LBA.eml",
             body="James, agreed. Please prepare the particulars of claim.\nRachel", html="only"),
    ], lang="en", category="in_matter_folder")
    ans.rel.setdefault("attachment_of", []).append(f"{m.folder}/Bavaria response to LBA.eml")
    simple(m, "", "Schedule of short deliveries.xlsx", "spreadsheet", "Schedule of Short Deliveries", "en",
           date(2024, 9, 30), ["greenfield", "bavaria"], None, "xlsx", [])
    DOCS[-1].sheet = [("Short deliveries", [["Schedule of Short Deliveries"], [],
                                            ["Order", "Date", "Product", "Pallets ordered", "Pallets delivered", "Loss (GBP)"],
                                            ["PO-2024-0456", "2024-05-06", "Bergkäse 200g", 20, 12, 49400],
                                            ["PO-2024-0471", "2024-05-21", "Weißwurst 6er", 16, 10, 37000]])]


def m11():
    m = MATTERS["M11"]
    simple(m, "", "HR-Auszug Müller GmbH Hamburg.pdf", "register_extract",
           "Handelsregister B des Amtsgerichts Hamburg – Aktueller Ausdruck", "de", date(2024, 8, 28), ["mueller_ham"], None,
           "pdf", ["Nummer der Firma: HRB 67890", "a) Firma: Müller GmbH\nb) Sitz: Hamburg\nc) Gegenstand: Verwaltung "
                   "eigenen Grundbesitzes", "Geschäftsführer: Albertsen, Knut, Hamburg, *11.05.1971; Kahl, Birgit, Hamburg, "
                   "*02.09.1975, jeweils einzelvertretungsberechtigt"], heading_styles=False)
    phantom("hrb", "HRB 67890")
    simple(m, "", "Handelsregisteranmeldung Abberufung Albertsen.pdf", "notarial_deed",
           "Anmeldung zum Handelsregister", "de", date(2024, 9, 5), ["mueller_ham"], None, "pdf",
           ["UR-Nr. 2210/2024 H", "An das Amtsgericht Hamburg – Registergericht – HRB 67890",
            "Zur Eintragung in das Handelsregister wird angemeldet: Herr Knut Albertsen ist nicht mehr Geschäftsführer.",
            "Hamburg, 5. September 2024 – Beglaubigt: Dr. Henrike Lassen, Notarin"])
    phantom("deed_number", "UR-Nr. 2210/2024 H")
    simple(m, "", "Schreiben an Herrn Albertsen Abberufung.docx", "letter", "Abberufung als Geschäftsführer der Müller GmbH",
           "de", date(2024, 9, 4), ["mueller_ham", "albertsen"], "0412/24 LB", "docx",
           letter_blocks(m, "de", date(2024, 9, 4), ["Herrn Knut Albertsen", "Elbchaussee 301", "22609 Hamburg"],
                         "Abberufung als Geschäftsführer der Müller GmbH",
                         ["wir vertreten die Müller GmbH, Hamburg. Die Gesellschafterin hat Sie mit Beschluss vom 3. "
                          "September 2024 als Geschäftsführer abberufen. Den Beschluss fügen wir in Kopie bei.",
                          "Wir fordern Sie auf, sämtliche Unterlagen und Schlüssel bis zum 13. September 2024 herauszugeben."],
                         salutation="Sehr geehrter Herr Albertsen,"),
           rel={"references": ["Mandanten/Nordlicht Logistik AG/HB-2024-0211 Mietvertrag Billbrook/Gesellschafterbeschluss Müller GmbH Abberufung.docx"]})
    DOCS[-1].blocks = [b for b in DOCS[-1].blocks if b[0] != "title"]
    simple(m, "", "GF-Vertrag Kahl Entwurf.docx", "managing_director_agreement", "Geschäftsführer-Anstellungsvertrag", "de",
           date(2024, 9, 10), ["mueller_ham", "kahl"], "0412/24", "docx",
           ["zwischen der Müller GmbH, Wendenstraße 200, 20537 Hamburg (HRB 67890) – Gesellschaft – und Frau Birgit Kahl, "
            "Hamburg – Geschäftsführerin –", ("h", "§ 1 Bestellung"), "(1) Frau Kahl ist zur alleinigen Geschäftsführerin bestellt.",
            ("h", "§ 3 Vergütung"), "(1) Frau Kahl erhält ein Jahresgehalt von EUR 165.000,00 brutto."],
           head=["Entwurf 10.09.2024 – Az. 0412/24"])
    thread(m, m.folder, "Müller GmbH - Abberufung Albertsen - Vollzug", [
        dict(frm="LB", to=["mueller_ham"], when=datetime(2024, 9, 12, 9, 30), file="Mail Vollzug Abberufung.eml",
             body="Sehr geehrte Frau Kahl,\n\ndie Abberufung von Herrn Albertsen ist heute im Handelsregister eingetragen "
                  "worden (HRB 67890).\n\nMit freundlichen Grüßen\nLena Brückner", html="only")],
           lang="de", category="in_matter_folder")
    invoice(m, "", "Rechnung RE-2024-1307.pdf", "RE-2024-1307", date(2024, 9, 30), "mueller_ham",
            [("Beratung Abberufung Geschäftsführer, Entwurf Anstellungsvertrag", 4940.0)])


COS["albertsen"] = Co("albertsen", "Knut Albertsen", None, None, "Elbchaussee 301, 22609 Hamburg", "Knut Albertsen", "",
                      "t-online.de", ("Herr Knut Albertsen", "Herrn Albertsen"), natural=True)
COS["kahl"] = Co("kahl", "Birgit Kahl", None, None, "Hamburg", "Birgit Kahl", "", "mueller-hamburg.de",
                 ("Frau Birgit Kahl", "Frau Kahl"), natural=True)


def loose(k, ke, ld, sha, v1_sfa):
    """Inbox, scans and top-level files: the matter comes from content or there is none."""
    M = MATTERS
    # Eingang (inbox)
    simple(None, "Eingang", "Scan Schreiben Rheintal Anwälte.pdf", "letter",
           "Schwarzwald Feinmechanik GmbH ./. Rheintal Maschinenbau AG – Vergleichsbereitschaft", "de", date(2024, 9, 12),
           ["rheintal", "schwarzwald"], "0388/23 KW", "pdf",
           ["Kunz Reinhardt Rechtsanwälte · Q 7, 23 · 68161 Mannheim", "Hartmann Ellerbrook Rechtsanwälte PartG mbB\n"
            "Frau Rechtsanwältin Katharina Weiß\nMaximilianstraße 35\n80539 München",
            "Ihr Zeichen: 0388/23 KW · Unser Zeichen: K/2024-117 · LG Stuttgart 3 O 123/24", "Sehr geehrte Frau Kollegin Weiß,",
            "unsere Mandantin ist zu Vergleichsgesprächen bereit und schlägt einen Termin in der 39. KW vor."],
           matter="M05", category="inbox")
    DOCS[-1].blocks.insert(2, ("p", "12.09.2024"))
    phantom("counterparty_ref", "K/2024-117")
    thread(M["M02"], "Eingang", "Billbrook - 1. Nachtrag unterschriftsreif", [
        dict(frm="mueller_ham", to=["LB"], when=datetime(2024, 9, 2, 8, 55), file="AW Billbrook Nachtrag unterschriftsreif.eml",
             prefix="AW: ", body="Sehr geehrte Frau Brückner,\n\nwir sind mit Ihren Anmerkungen zum 1. Nachtrag einverstanden "
             "(Miete EUR 5.200,00). Bitte senden Sie uns die Ausfertigungen.\n\nMit freundlichen Grüßen\nBirgit Kahl\n"
             "Müller GmbH · Wendenstraße 200 · 20537 Hamburg · Tel. 040 2519 8830", encoding="qp", html=True)],
           lang="de", category="inbox", parties=["mueller_ham", "nordlicht"])
    phantom("phone", "040 2519 8830")
    simple(None, "Eingang", "Telefonnotiz Brandl.txt", "file_note", "Telefonnotiz Dr. Brandl (Alpentec)", "de",
           date(2024, 4, 10), ["alpentec"], None, "txt",
           ["Anruf Dr. Florian Brandl, Geschäftsführer Alpentec Sensorik GmbH, 10.04. 15:20",
            "Frage nach Übergang der Arbeitsverhältnisse nach dem Verkauf an Isarwerk; bittet um Rückruf durch Dr. Seidl."],
           matter="M01", category="inbox")
    simple(None, "Eingang", "Einladung Sommerfest 2024.pdf", "letter", "Einladung zum Sommerfest 2024", "de",
           date(2024, 6, 3), [], None, "pdf",
           ["Liebe Kolleginnen und Kollegen,", "am Freitag, 19. Juli 2024, ab 18:00 Uhr feiern wir auf der Dachterrasse "
            "der Maximilianstraße 35. Anmeldung bis 5. Juli an empfang@hartmann-ellerbrook.de."],
           matter=None, category="inbox")
    thread(None, "Eingang", "Webinar: Neues zum Transparenzregister", [
        dict(frm="MS", to=["TH"], when=datetime(2024, 3, 2, 7, 0), file="Webinar Transparenzregister.eml",
             body="Hallo Tanja,\n\nzur Info das Webinar der Bundesanzeiger Verlag GmbH am 14.03. – lohnt sich vielleicht für "
                  "das Team.\n\nMichael", html="only")], lang="de", category="inbox", doc_matter=None, parties=[])
    simple(None, "Eingang", "Lieferrahmen Greenfield Fehlmengen Notiz.md", "file_note",
           "Notiz: Greenfield ./. Bavaria Feinkost – Fehlmengen Mai 2024", "en", date(2024, 9, 2), ["greenfield", "bavaria"],
           None, "md", ["Greenfield Retail says Bavaria Feinkost short-delivered 14 pallets in May 2024 under the Supply "
                        "Agreement of 10 January 2022. Check the force majeure clause before the call with Rachel Owens."],
           matter="M10", category="inbox")
    # Scans: image-only (no text layer) and OCR'd PDFs
    scan1 = simple(None, "Scans", "Scan_20240404_101533.pdf", "share_purchase_agreement", "Geschäftsanteilskaufvertrag",
                   "de", date(2024, 4, 2), ["mueller_muc", "isarwerk"], None, "scanpdf",
                   [("p", "UR-Nr. 1187/2024"), ("p", "zwischen Müller GmbH (HRB 12345) – Verkäuferin – und Isarwerk "
                    "Industrieholding GmbH – Käuferin –"), "§ 1 Verkauf und Abtretung ...", "Unterschriften: Thomas Müller, "
                    "Stefan Gruber, Dr. Johannes Brenner, Notar"], matter="M01", category="scan")
    simple(None, "Scans", "Scan_20240606_084410.png", "summons", "Ladung", "de", date(2024, 6, 3),
           ["schwarzwald", "rheintal"], None, "png",
           ["Landgericht Stuttgart", "Geschäftsnummer: 3 O 123/24",
            "In dem Rechtsstreit Schwarzwald Feinmechanik GmbH ./. Rheintal Maschinenbau AG werden Sie zum Termin zur "
            "mündlichen Verhandlung geladen auf Mittwoch, 10. Juli 2024, 09:30 Uhr, Saal 117."],
           matter="M05", category="scan", rel={"near_duplicate_of": [ld.path]})
    simple(None, "Scans", "Scan_20240502_1612.pdf", "invoice", "Rechnung Nr. 88123", "de", date(2024, 4, 30),
           ["bavaria", "greenfield"], None, "scanpdf",
           ["Bavaria Feinkost GmbH · Salinenstraße 4 · 83435 Bad Reichenhall", "Greenfield Retail Ltd, Manchester",
            "Rechnung Nr. 88123 · Bestellung PO-2024-0456", "Bergkäse 200g, 12 Paletten, EUR 41.280,00"],
           matter="M10", category="scan")
    phantom("invoice_number", "88123")
    simple(None, "Scans", "Scan_20240311_0907.pdf", "letter", "Kündigung Parkplatz Tiefgarage", "de", date(2024, 3, 8), [],
           None, "scanpdf", ["Hausverwaltung Isarblick GmbH", "Hiermit kündigen wir den Stellplatzmietvertrag Nr. 17 "
                             "zum 30.06.2024."], matter=None, category="scan")
    DOCS[-1].parties = ["isarblick_hv", FIRM_KEY]
    simple(None, "Scans", "Scan_20240527_OCR.pdf", "register_extract",
           "Handelsregister B des Amtsgerichts Mannheim – Aktueller Ausdruck", "de", date(2024, 5, 27), ["rheintal"], None,
           "pdf", ["(OCR) Nummer der Firma: HRB 334455", "a) Firma: Rheintal Maschinenbau AG b) Sitz: Mannheim",
                   "Vorstand: Dr. Vogt, Petra, Heidelberg"], matter="M05", category="scan", heading_styles=False)
    phantom("hrb", "HRB 334455")
    simple(None, "Scans", "Scan_20240429_1702.pdf", "guarantee", "Guarantee", "en", date(2024, 4, 26),
           ["feldmann", "harbour"], "12345.001", "pdf",
           ["(signature pages, OCR) Guarantee dated 26 April 2024 between Feldmann Verpackung GmbH as Guarantor and "
            "Harbour Point Capital LLP as Lender – Our ref 12345.001", "Signed: Ulrike Feldmann / Sarah Middleton"],
           matter="M03", category="scan")
    # top level
    simple(None, "", "Mandanteninformation 2024-03 Transparenzregister.pdf", "client_alert",
           "Mandanteninformation März 2024: Das Transparenzregister nach dem Wachstumschancengesetz", "de",
           date(2024, 3, 12), [], None, "pdf",
           [("h", "1. Hintergrund"), "Seit dem Transparenzregister- und Finanzinformationsgesetz ist das Transparenzregister "
            "ein Vollregister. Mitteilungspflichtig sind alle Gesellschaften (§ 20 GwG).", ("h", "2. Handlungsbedarf"),
            "Prüfen Sie, ob Ihre Eintragungen aktuell sind. Bußgelder bis EUR 150.000 sind möglich.",
            "Ihre Ansprechpartner: Dr. Michael Seidl, Tanja Hoffmann · München · Tel. +49 89 2154 3300"],
           head=[FIRM], matter=None, category="top_level")
    simple(None, "", "Client Alert - UK Economic Crime Act.docx", "client_alert",
           "Client Alert: Failure to Prevent Fraud under the Economic Crime and Corporate Transparency Act 2023", "en",
           date(2024, 11, 6), [], None, "docx",
           ["The new corporate offence of failure to prevent fraud comes into force on 1 September 2025.",
            ("h", "What should companies do?"), "Review fraud risk assessments and prevention procedures now."],
           head=[FIRM_EN], matter=None, category="top_level")
    simple(None, "Vorlagen", "Muster Vertraulichkeitsvereinbarung (de).docx", "nda", "Vertraulichkeitsvereinbarung", "de",
           date(2023, 1, 15), [], None, "docx",
           ["zwischen [●] – nachfolgend „Offenlegende Partei“ – und [●] – nachfolgend „Empfangende Partei“ –",
            ("h", "§ 1 Vertrauliche Informationen"), "(1) [Definition]", ("h", "§ 2 Pflichten"), "(1) [●]"],
           matter=None, category="top_level")
    fr = simple(None, "", "Fristenkalender KW 38.xlsx", "spreadsheet", "Fristenkalender KW 38", "de", date(2024, 9, 16),
                [], None, "xlsx", [], matter=None, category="top_level")
    fr.sheet = [("Fristen", [["Fristenkalender KW 38"], [], ["Akte", "Mandant", "Frist", "Gegenstand", "RA"],
                             ["0388/23", "Schwarzwald Feinmechanik", "18.09.2024", "Stellungnahme Gutachten", "KW"],
                             ["2024/0305", "Greenfield Retail", "20.09.2024", "Klage einreichen (Entscheidung)", "JW"],
                             ["0412/24", "Müller GmbH, Hamburg", "13.09.2024", "Herausgabe Unterlagen", "LB"],
                             ["AZ 219/24", "Bergmann Holding", "30.09.2024", "Ende Exklusivität", "TH"]])]
    simple(None, "", "Kanzleipräsentation 2024.pptx", "presentation", "Hartmann Ellerbrook – Wir über uns", "de",
           date(2024, 1, 10), [], None, "pptx", [], matter=None, category="top_level")
    DOCS[-1].slides = [("Hartmann Ellerbrook – Wir über uns", "München · Hamburg · London"),
                       ("Praxisgruppen", "Corporate/M&A · Finance · Litigation · Employment · Real Estate"),
                       ("Kontakt", "Maximilianstraße 35, 80539 München\nTel. +49 89 2154 3300")]
    # top-level: a copy of the Kestrel SFA draft 1 someone saved to the root: an exact duplicate of the matter file
    cp = add(Doc("Kestrel SFA (HE draft 1) - Kopie.docx", "M03", "top_level", "facility_agreement",
                 "Senior Facility Agreement", "en", v1_sfa.date, v1_sfa.parties, None, "copy",
                 rel={"duplicate_of": [v1_sfa.path]}, notes="byte-identical copy"))
    cp.convert_from = v1_sfa.path
    # a near-duplicate: the SHA with one changed sentence, saved as "Kopie" in the Eingang
    nd = add(Doc("Eingang/Gesellschaftervereinbarung Sonnenfeld v4 (Voltwerk Anmerkung).docx", "M08", "inbox",
                 "shareholders_agreement", sha.title, "de", date(2024, 2, 28), sha.parties, "2023/0542", "docx",
                 [b if b != ("p", "(1) Die Gesellschafter stimmen bei Kapitalmaßnahmen einheitlich ab.") else
                  ("p", "(1) Die Gesellschafter stimmen bei Kapitalmaßnahmen und Ausschüttungen einheitlich ab.")
                  for b in sha.blocks], rel={"near_duplicate_of": [sha.path]}))
    assert nd.blocks != sha.blocks
    # matter named only by parties/title in the inbox (no marker): Albers
    simple(None, "Eingang", "Nachricht Frau Dr. Albers Zeugnis.txt", "file_note",
           "Rückrufbitte Frau Dr. Albers – Arbeitszeugnis", "de", date(2024, 11, 4), ["albers", "albrecht"], None, "txt",
           ["Frau Dr. Katrin Albers bittet um Rückruf (Frau Weiß) wegen des Zeugnisses nach dem Aufhebungsvertrag mit "
            "der Albrecht Medizintechnik GmbH. Tel. 0911 4471 220."], matter="M07", category="inbox")
    phantom("phone", "0911 4471 220")


COS["isarblick_hv"] = Co("isarblick_hv", "Hausverwaltung Isarblick GmbH", None, None, "München", "", "", "isarblick.de")


def build() -> list[Doc]:
    DOCS.clear()
    PHANTOMS.clear()
    m01()
    m02()
    v1_sfa, sfa_exec = m03()
    m04(sfa_exec)
    k, ke, l1, ld = m05()
    m06()
    m07()
    sha = m08()
    m09()
    m10()
    m11()
    loose(k, ke, ld, sha, v1_sfa)
    return DOCS


# ------------------------------------------------------------------------------- writing

def write_sheet(path: Path, doc: Doc) -> None:
    from openpyxl import Workbook
    from openpyxl.styles import Font

    wb = Workbook()
    wb.remove(wb.active)
    for name, rows in doc.sheet:
        ws = wb.create_sheet(name)
        for r in rows:
            ws.append(r)
        ws["A1"].font = Font(bold=True, size=14)
        ws.column_dimensions["A"].width = 28
        ws.column_dimensions["C"].width = 40
    wb.properties.creator = LAWYERS.get(doc.author, ("", ""))[0]
    wb.properties.created = datetime(doc.date.year, doc.date.month, doc.date.day, 9)
    wb.properties.modified = datetime(doc.date.year, doc.date.month, doc.date.day, 17)
    wb.properties.title = doc.title
    path.parent.mkdir(parents=True, exist_ok=True)
    wb.save(str(path))
    render._fixed_zip(path, doc.date)


def write_slides(path: Path, doc: Doc) -> None:
    from pptx import Presentation

    prs = Presentation()
    for i, (t, body) in enumerate(doc.slides):
        s = prs.slides.add_slide(prs.slide_layouts[0 if i == 0 else 1])
        s.shapes.title.text = t
        s.placeholders[1].text = body
    prs.core_properties.author = LAWYERS.get(doc.author, ("", ""))[0]
    prs.core_properties.created = datetime(doc.date.year, doc.date.month, doc.date.day, 9)
    prs.core_properties.modified = datetime(doc.date.year, doc.date.month, doc.date.day, 17)
    prs.core_properties.title = doc.title
    path.parent.mkdir(parents=True, exist_ok=True)
    prs.save(str(path))
    render._fixed_zip(path, doc.date)


def write(out: Path) -> dict:
    docs = build()
    files = out / "files"
    if files.exists():
        import shutil

        shutil.rmtree(files)
    files.mkdir(parents=True)
    by_path = {d.path: d for d in docs}
    later = []
    for d in docs:
        p = files / d.path
        author = LAWYERS.get(d.author, (d.author,))[0]
        if d.fmt == "docx":
            render.write_docx(p, d.blocks, when=d.date, author=author, heading_styles=d.heading_styles,
                              redline_author=d.redline_author, title_prop="")
        elif d.fmt == "pdf":
            if d.convert_from and render.soffice_convert(files / d.convert_from, p, "pdf"):
                continue
            render.write_pdf(p, d.blocks, when=d.date, author=author, title_prop=d.title if R.random() < 0.5 else "")
        elif d.fmt in ("scanpdf", "png"):
            render.write_scan(p, d.blocks, R)
        elif d.fmt == "txt":
            p.parent.mkdir(parents=True, exist_ok=True)
            p.write_text(render.to_text(d.blocks), encoding="utf-8" if R.random() < 0.7 else "cp1252")
        elif d.fmt == "md":
            p.parent.mkdir(parents=True, exist_ok=True)
            p.write_text(render.to_text(d.blocks, markdown=True), encoding="utf-8")
        elif d.fmt == "xlsx":
            write_sheet(p, d)
        elif d.fmt == "pptx":
            write_slides(p, d)
        elif d.fmt in ("eml", "copy"):
            later.append(d)
        else:
            raise ValueError(d.fmt)
    for d in later:
        p = files / d.path
        p.parent.mkdir(parents=True, exist_ok=True)
        if d.fmt == "copy":
            p.write_bytes((files / d.convert_from).read_bytes())
            continue
        spec = dict(d.eml)
        spec["attachments"] = []
        for att, fname in spec.pop("attach_docs"):
            data = (files / att.path).read_bytes()
            sub = {"docx": "vnd.openxmlformats-officedocument.wordprocessingml.document", "pdf": "pdf"}[
                Path(att.path).suffix[1:]]
            spec["attachments"].append((fname, data, sub))
        p.write_bytes(make_eml(spec))
    answers = answer_key(docs)
    (out / "answers.json").write_text(json.dumps(answers, ensure_ascii=False, indent=1, default=str) + "\n",
                                      encoding="utf-8")
    return answers


def _party(key: str) -> dict:
    c = COS[key]
    return {"name": c.name, "register": c.register, "company": key, "natural_person": c.natural,
            "aliases": list(c.aliases)}


def answer_key(docs: list[Doc]) -> dict:
    files = {}
    for d in docs:
        rel = {k: v for k, v in d.rel.items() if k not in ("chain", "thread")}
        files[d.path] = {
            "matter": d.matter, "matter_reference_as_written": d.ref, "category": d.category, "doc_type": d.doc_type,
            "title": d.title, "parties": [_party(k) for k in d.parties], "language": d.lang, "date": d.date.isoformat(),
            "format": Path(d.path).suffix[1:].lower(), "text_layer": d.fmt not in ("scanpdf", "png"),
            "relations": rel, "decisions": d.decisions, "notes": d.notes or None,
        }
    chains, threads = [], []
    for d in docs:
        if "chain" in d.rel and d.rel["chain"] not in chains:
            chains.append(d.rel["chain"])
        if "thread" in d.rel and len(d.rel["thread"]) > 1 and d.rel["thread"] not in threads:
            threads.append(d.rel["thread"])
    for ch in chains + threads:
        for p in ch:
            assert p in files, p
    for f in files.values():
        for tgts in f["relations"].values():
            for t in tgts:
                assert t in files, t
    matters = {k: {"reference": m.reference, "title": m.title, "client": m.client, "reference_forms": m.forms,
                   "title_forms": [m.title] + m.titles, "folder": m.folder} for k, m in MATTERS.items()}
    return {"estate": "A", "seed": SEED, "firm": {"name": FIRM, "aliases": [FIRM_EN, "Hartmann Ellerbrook"],
                                                  "company": FIRM_KEY},
            "matters": matters, "companies": {k: _party(k) for k in COS}, "homonyms": HOMONYMS,
            "phantom_numbers": PHANTOMS, "chains": chains, "threads": threads, "files": files}


def main(argv: list[str]) -> None:
    out = Path(argv[1]) if len(argv) > 1 else DEFAULT_OUT
    answers = write(out)
    n = len(answers["files"])
    print(f"wrote {n} files and answers.json to {out}")


if __name__ == "__main__":
    main(sys.argv)
