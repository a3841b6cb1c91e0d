# ruff: noqa: E501  (document templates read better unwrapped)
"""A generated legal estate with known answers for classify_matter and extract_metadata.

Client folders hold matters named `<reference> <title>`; a few files are misfiled in another
matter's folder (their own letterhead names the right reference) and some sit in an Inbox with
the matter only in the text or e-mail subject. German and English documents of many types; one
company is written several ways across matters; two companies share a name and differ only by
their HRB number. Shared by the tests and benchmarks/bench_model_stages.py.
"""

from __future__ import annotations

import datetime as dt
import os
import random
from dataclasses import dataclass, field
from email.message import EmailMessage
from email.utils import format_datetime
from pathlib import Path

FIRM = "Weber & Partner Rechtsanwälte PartG mbB"
FIRM_ALIASES = ["Weber & Partner"]

# key -> (spellings, register kind, number, court)
COMPANIES: dict[str, tuple[list[str], str, str, str]] = {
    "acme": (["Acme GmbH", "ACME GmbH", "Acme G.m.b.H."], "hrb", "12345", "München"),
    "mueller": (["Müller Bau GmbH", "Mueller Bau GmbH", "MÜLLER BAU GmbH"], "hrb", "98765", "Köln"),
    "northwind": (["Northwind Ltd", "Northwind Limited"], "uk_company_number", "01234567", ""),
    "brightwater": (["Brightwater Holdings Ltd"], "uk_company_number", "07654321", ""),
    "nordlicht": (["Nordlicht Energie AG"], "hrb", "55555", "Hamburg"),
    "schmidt_hh": (["Schmidt Logistik GmbH"], "hrb", "11111", "Hamburg"),
    "schmidt_k": (["Schmidt Logistik GmbH"], "hrb", "22222", "Köln"),
}
DE_MONTHS = [
    "Januar",
    "Februar",
    "März",
    "April",
    "Mai",
    "Juni",
    "Juli",
    "August",
    "September",
    "Oktober",
    "November",
    "Dezember",
]
EN_MONTHS = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
]


@dataclass
class MatterSpec:
    reference: str
    title: str
    folder: str
    client: str
    counterparty: str
    language: str


@dataclass
class Expected:
    path: str
    matter: str  # reference key, or the UNASSIGNED- placeholder
    doc_type: str | None
    language: str
    date: dt.date
    date_source: str
    parties: dict[str, str] = field(default_factory=dict)  # company key or "firm" -> role


BASE_MATTERS = [
    MatterSpec("2024-0173", "Liefervertrag", "Mandanten/Acme GmbH", "acme", "mueller", "de"),
    MatterSpec("2024-0211", "Umstrukturierung", "Mandanten/Acme GmbH", "acme", "schmidt_hh", "de"),
    MatterSpec(
        "2025-0042", "Share Purchase", "Clients/Northwind Ltd", "northwind", "brightwater", "en"
    ),
    MatterSpec(
        "2024-0305", "Klage Schmidt", "Mandanten/Müller Bau GmbH", "mueller", "schmidt_k", "de"
    ),
    MatterSpec(
        "2025-0110",
        "Logistikvertrag",
        "Mandanten/Nordlicht Energie AG",
        "nordlicht",
        "schmidt_hh",
        "de",
    ),
    MatterSpec(
        "2025-0150",
        "Office Lease",
        "Clients/Brightwater Holdings Ltd",
        "brightwater",
        "northwind",
        "en",
    ),
]


def _name(key: str, i: int) -> str:
    spellings = COMPANIES[key][0]
    return spellings[i % len(spellings)]


def _reg(key: str) -> str:
    _, kind, number, court = COMPANIES[key]
    if kind == "hrb":
        return f"(Amtsgericht {court}, HRB {number})"
    return f"(registered in England and Wales under company number {number})"


def _de_date(d: dt.date, i: int) -> str:
    return f"{d.day}. {DE_MONTHS[d.month - 1]} {d.year}" if i % 2 else d.strftime("%d.%m.%Y")


def _en_date(d: dt.date, i: int) -> str:
    return (
        f"{d.day} {EN_MONTHS[d.month - 1]} {d.year}"
        if i % 2
        else f"{EN_MONTHS[d.month - 1]} {d.day}, {d.year}"
    )


FILLER_DE = (
    "Die Parteien verpflichten sich, die Bestimmungen dieses Dokuments in gutem Glauben"
    " umzusetzen und einander rechtzeitig über wesentliche Änderungen zu informieren."
)
FILLER_EN = (
    "The parties shall perform their obligations under this document in good faith and"
    " inform each other without undue delay of any material change."
)


# (doc_type, filename stem, builder) per language; builders return the text.
def _de_templates():
    def supply(m, c, x, d, i, ref):
        return (
            f"Liefervertrag\n\nDatum: {_de_date(d, i)}\n\nzwischen der {c} {_reg(m.client)}\n"
            f"und der {x} {_reg(m.counterparty)}\n\n§ 1 Liefergegenstand\n{FILLER_DE}\n\n"
            f"§ 2 Gewährleistung\n{FILLER_DE}\n\n§ 3 Rechtswahl\nEs gilt deutsches Recht."
        )

    def amendment(m, c, x, d, i, ref):
        return (
            f"Nachtrag Nr. 1 zum Liefervertrag\n\nvom {_de_date(d, i)}\n\nzwischen {c} "
            f"{_reg(m.client)} und {x} {_reg(m.counterparty)}\n\n{FILLER_DE}"
        )

    def nda(m, c, x, d, i, ref):
        return (
            f"Geheimhaltungsvereinbarung\n\nDatum: {_de_date(d, i)}\n\nzwischen der {c} "
            f"{_reg(m.client)} und der {x} {_reg(m.counterparty)}\n\n§ 1 Vertraulichkeit\n{FILLER_DE}"
        )

    def letter(m, c, x, d, i, ref):
        return (
            f"{FIRM}\nMaximilianstraße 1, 80539 München\n\nAn die {x}\n\nUnser Zeichen: {ref}\n"
            f"München, den {_de_date(d, 1)}\n\nSehr geehrte Damen und Herren,\n\nnamens und in "
            f"Vollmacht unserer Mandantin, der {c}, nehmen wir Bezug auf Ihr Schreiben. {FILLER_DE}"
            f"\n\nMit freundlichen Grüßen\nWeber & Partner"
        )

    def file_note(m, c, x, d, i, ref):
        return (
            f"Aktennotiz\n\nAz. {ref}\nDatum: {_de_date(d, i)}\n\nTelefonat mit der Geschäftsführung der "
            f"{c} über den Stand der Verhandlungen. {FILLER_DE}"
        )

    def resolution(m, c, x, d, i, ref):
        return (
            f"Gesellschafterbeschluss der {c} {_reg(m.client)}\n\nDatum: {_de_date(d, i)}\n\n"
            f"Die Gesellschafterversammlung beschließt einstimmig: {FILLER_DE}"
        )

    def register(m, c, x, d, i, ref):
        return (
            f"Handelsregisterauszug\n\nAbruf vom {_de_date(d, i)}\n\nFirma: {c} {_reg(m.client)}\n"
            f"Sitz: München\nGegenstand des Unternehmens: Maschinenbau."
        )

    def invoice(m, c, x, d, i, ref):
        return (
            f"Rechnung\n\nRechnungsnummer: RE-{d.year}-{100 + i}\nDatum: {_de_date(d, i)}\n\n"
            f"{x} an {c}\nPosition 1: Lieferung Fräsmaschinen, 48.000 EUR netto."
        )

    def fee(m, c, x, d, i, ref):
        return (
            f"Kostennote\n\nAz. {ref}\nDatum: {_de_date(d, i)}\n\n{FIRM} an {c}\n"
            f"Beratung im Zeitraum Januar bis März: 12,5 Stunden."
        )

    def pleading(m, c, x, d, i, ref):
        return (
            f"Klageschrift\n\nLandgericht Köln\nDatum: {_de_date(d, i)}\n\nIn Sachen der {c} "
            f"{_reg(m.client)} – Klägerin – gegen die {x} {_reg(m.counterparty)} – Beklagte –\n\n"
            f"erheben wir namens der Klägerin Klage. {FILLER_DE}"
        )

    def judgment(m, c, x, d, i, ref):
        return (
            f"Urteil\n\nIm Namen des Volkes\nLandgericht Köln, 2 O 123/24\nverkündet am {_de_date(d, 0)}"
            f"\n\nIn dem Rechtsstreit der {c} {_reg(m.client)} gegen die {x} {_reg(m.counterparty)}"
            f" hat die Kammer für Recht erkannt: {FILLER_DE}"
        )

    def order(m, c, x, d, i, ref):
        return (
            f"Beschluss\n\nLandgericht Köln, 2 O 123/24\nDatum: {_de_date(d, i)}\n\nIn dem Rechtsstreit "
            f"{c} {_reg(m.client)} gegen {x} {_reg(m.counterparty)} beschließt das Gericht: "
            f"Der Termin wird verlegt."
        )

    return [
        ("contract.supply_agreement", "Liefervertrag", supply),
        ("contract.amendment", "Nachtrag 1", amendment),
        ("contract.nda", "NDA", nda),
        ("correspondence.letter", "Schreiben Gegenseite", letter),
        ("correspondence.file_note", "Telefonnotiz", file_note),
        ("corporate.resolution", "Beschluss Gesellschafter", resolution),
        ("corporate.register_extract", "HR Auszug", register),
        ("finance.invoice", "Rechnung", invoice),
        ("finance.fee_note", "Kostennote", fee),
        ("court.pleading", "Klage", pleading),
        ("court.judgment", "Urteil LG", judgment),
        ("court.order", "Terminsverlegung", order),
    ]


def _en_templates():
    def spa(m, c, x, d, i, ref):
        return (
            f"Share Purchase Agreement\n\ndated {_en_date(d, i)}\n\nbetween {x} {_reg(m.counterparty)}"
            f" as Seller and {c} {_reg(m.client)} as Buyer\n\n1. Sale and purchase\n{FILLER_EN}\n\n"
            f"2. Warranties\n{FILLER_EN}\n\n3. Governing law\nThis agreement is governed by English law."
        )

    def nda(m, c, x, d, i, ref):
        return (
            f"Non-Disclosure Agreement\n\nDate: {_en_date(d, i)}\n\nbetween {c} {_reg(m.client)} and "
            f"{x} {_reg(m.counterparty)}\n\n1. Confidentiality\n{FILLER_EN}"
        )

    def letter(m, c, x, d, i, ref):
        return (
            f"{FIRM}\nLondon Office\n\nTo: {x}\n\nOur ref: {ref}\nDate: {_en_date(d, i)}\n\nDear Sirs,\n\n"
            f"We act for our client {c} in this matter. {FILLER_EN}\n\nYours faithfully\nWeber & Partner"
        )

    def memo(m, c, x, d, i, ref):
        return (
            f"Memorandum\n\nMatter: {ref}\nDate: {_en_date(d, i)}\n\nRe: position of {c} towards {x}\n\n"
            f"{FILLER_EN}"
        )

    def invoice(m, c, x, d, i, ref):
        return (
            f"Invoice\n\nInvoice No: INV-{d.year}-{200 + i}\nDate: {_en_date(d, i)}\n\nFrom {x} to {c}\n"
            f"Consulting services, GBP 12,000."
        )

    def resolution(m, c, x, d, i, ref):
        return (
            f"Written Resolution of the Board of {c} {_reg(m.client)}\n\nDate: {_en_date(d, i)}\n\n"
            f"The directors resolve as follows: {FILLER_EN}"
        )

    def lease(m, c, x, d, i, ref):
        return (
            f"Lease Agreement\n\ndated {_en_date(d, i)}\n\nbetween {x} {_reg(m.counterparty)} as Landlord"
            f" and {c} {_reg(m.client)} as Tenant\n\n1. Term and termination\n{FILLER_EN}"
        )

    def fee(m, c, x, d, i, ref):
        return (
            f"Fee Note\n\nOur ref: {ref}\nDate: {_en_date(d, i)}\n\n{FIRM} to {c}\n"
            f"Professional fees for advice, GBP 8,400."
        )

    return [
        ("contract.share_purchase_agreement", "SPA draft", spa),
        ("contract.nda", "NDA", nda),
        ("correspondence.letter", "Letter to other side", letter),
        ("correspondence.memo", "Memo", memo),
        ("finance.invoice", "Invoice", invoice),
        ("corporate.resolution", "Board resolution", resolution),
        ("contract.lease", "Lease", lease),
        ("finance.fee_note", "Fee note", fee),
    ]


TEMPLATES = {"de": _de_templates(), "en": _en_templates()}
# Which roles a template's text gives each party it names (client c, counterparty x, firm).
FIRM_TYPES = {"correspondence.letter", "finance.fee_note"}
NO_COUNTERPARTY = {
    "correspondence.file_note",
    "corporate.resolution",
    "corporate.register_extract",
    "finance.fee_note",
}


def _expected_parties(m: MatterSpec, doc_type: str) -> dict[str, str]:
    parties = {m.client: "client"}
    if doc_type not in NO_COUNTERPARTY and doc_type != "correspondence.memo":
        parties[m.counterparty] = "counterparty"
    if doc_type == "correspondence.memo":
        parties[m.counterparty] = "counterparty"
    if doc_type in FIRM_TYPES:
        parties["firm"] = "advisor"
    return parties


def _eml(m: MatterSpec, c: str, x: str, d: dt.date, ref: str, subject_ref: bool) -> bytes:
    msg = EmailMessage()
    msg["From"] = "anna.weber@weber-partner.example"
    msg["To"] = "legal@client.example"
    subject = f"[{ref}] Comments on the draft" if subject_ref else "Comments on the draft"
    msg["Subject"] = subject
    msg["Date"] = format_datetime(dt.datetime(d.year, d.month, d.day, 10, 30, tzinfo=dt.UTC))
    msg["Message-ID"] = f"<{ref}-{d.isoformat()}@weber-partner.example>"
    msg.set_content(
        f"Dear colleagues,\n\nplease find our comments for {c} on the position of {x}."
        f"\n\n{FILLER_EN}\n\nBest regards\nAnna Weber"
    )
    return msg.as_bytes()


def generate(
    root: Path, *, docs_per_matter: int = 7, extra_matters: int = 0, seed: int = 7
) -> list[Expected]:
    """Write the estate under `root`; return the expected answers per relative path."""
    rng = random.Random(seed)
    matters = list(BASE_MATTERS)
    for k in range(extra_matters):
        base = BASE_MATTERS[k % len(BASE_MATTERS)]
        matters.append(
            MatterSpec(
                f"{2023 - k // 900}-{1000 + k % 900:04d}",
                f"{base.title} {k + 2}",
                base.folder,
                base.client,
                base.counterparty,
                base.language,
            )
        )
    out: list[Expected] = []

    def write(rel: str, data: bytes | str, exp: Expected, mtime: dt.date | None = None) -> None:
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(data, str):
            path.write_text(data, encoding="utf-8")
        else:
            path.write_bytes(data)
        stamp = dt.datetime.combine(mtime or dt.date(2025, 6, 1), dt.time(12), dt.UTC).timestamp()
        os.utime(path, (stamp, stamp))
        out.append(exp)

    for mi, m in enumerate(matters):
        folder = f"{m.folder}/{m.reference} {m.title}"
        templates = TEMPLATES[m.language]
        for j in range(docs_per_matter):
            doc_type, stem, build = templates[(mi * 3 + j) % len(templates)]
            d = dt.date(2024, 1 + (mi + j) % 12, 1 + (7 * j + mi) % 27)
            c, x = _name(m.client, j + mi), _name(m.counterparty, j)
            text = build(m, c, x, d, j, m.reference)
            rel = f"{folder}/{stem} {j + 1:02d}.txt"
            write(
                rel,
                text,
                Expected(
                    rel,
                    m.reference,
                    doc_type,
                    m.language,
                    d,
                    "content",
                    _expected_parties(m, doc_type),
                ),
            )
        # An e-mail in every matter; the subject names the matter.
        d = dt.date(2024, 2 + mi % 10, 10)
        rel = f"{folder}/Korrespondenz/mail {mi:03d}.eml"
        write(
            rel,
            _eml(m, _name(m.client, mi), _name(m.counterparty, 0), d, m.reference, True),
            Expected(
                rel,
                m.reference,
                "correspondence.email",
                "en",
                d,
                "email_header",
                {m.client: "client", m.counterparty: "counterparty"},
            ),
        )
        if rng.random() < 0.6 or mi < 6:
            # A note without a date in its text: the file's mtime is the honest fallback.
            mtime = dt.date(2023, 11, 1 + mi % 27)
            rel = f"{folder}/Notiz {mi:03d}.txt"
            text = (
                f"Aktennotiz\n\nAz. {m.reference}\n\nBesprechung mit {_name(m.client, 0)}. {FILLER_DE}"
                if m.language == "de"
                else f"Memorandum\n\nMatter: {m.reference}\n\nCall with {_name(m.client, 0)}. {FILLER_EN}"
            )
            dtype = "correspondence.file_note" if m.language == "de" else "correspondence.memo"
            write(
                rel,
                text,
                Expected(rel, m.reference, dtype, m.language, mtime, "mtime", {m.client: "client"}),
                mtime=mtime,
            )
    # Misfiled: a letter of one matter sitting in another matter's folder.
    for k in range(min(3, len(matters) - 1)):
        right, wrong = matters[k + 1], matters[k]
        d = dt.date(2024, 9, 3 + k)
        rel = f"{wrong.folder}/{wrong.reference} {wrong.title}/Schreiben falsch abgelegt {k}.txt"
        doc_type, _, build = next(
            t for t in TEMPLATES[right.language] if t[0] == "correspondence.letter"
        )
        text = build(
            right, _name(right.client, 0), _name(right.counterparty, 0), d, 1, right.reference
        )
        write(
            rel,
            text,
            Expected(
                rel,
                right.reference,
                doc_type,
                right.language,
                d,
                "content",
                _expected_parties(right, doc_type),
            ),
        )
    # Inbox: the matter shows only in the text or the e-mail subject.
    for k in range(4):
        m = matters[(k * 2 + 1) % len(matters)]
        d = dt.date(2025, 1, 10 + k)
        if k % 2:
            rel = f"Inbox/scan {k}.eml"
            write(
                rel,
                _eml(m, _name(m.client, 0), _name(m.counterparty, 0), d, m.reference, True),
                Expected(
                    rel,
                    m.reference,
                    "correspondence.email",
                    "en",
                    d,
                    "email_header",
                    {m.client: "client", m.counterparty: "counterparty"},
                ),
            )
        else:
            doc_type, _, build = next(
                t for t in TEMPLATES[m.language] if t[0] == "correspondence.letter"
            )
            rel = f"Inbox/eingang {k}.txt"
            write(
                rel,
                build(m, _name(m.client, 1), _name(m.counterparty, 0), d, 1, m.reference),
                Expected(
                    rel,
                    m.reference,
                    doc_type,
                    m.language,
                    d,
                    "content",
                    _expected_parties(m, doc_type),
                ),
            )
    # An Inbox file nothing identifies: the honest answer is the placeholder matter.
    rel = "Inbox/unbekannt.txt"
    write(
        rel,
        f"Bitte zurückrufen wegen des Termins.\nDatum: {_de_date(dt.date(2025, 2, 3), 0)}",
        Expected(rel, "UNASSIGNED-INBOX", None, "de", dt.date(2025, 2, 3), "content", {}),
    )
    return out
