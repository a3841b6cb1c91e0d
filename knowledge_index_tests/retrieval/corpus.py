"""A small generated legal estate (German and English) with known answers.

Each matter has a firm reference number (2024/0173-MS style) and a client with a register
number (HRB 12345). Each document is one topic for one matter; the query for it paraphrases the
topic and names the client, so the relevant document is known. Shared by the tests and
benchmarks/bench_retrieval.py.
"""

from __future__ import annotations

import datetime as dt
import random
from dataclasses import dataclass

CLIENTS = [
    ("Müller Bau GmbH", "München", "Schillerstraße 12"),
    ("Schäfer & Söhne KG", "Köln", "Domplatz 3"),
    ("Nordlicht Energie AG", "Hamburg", "Hafenstraße 88"),
    ("Brightwater Holdings Ltd", "Frankfurt", "Mainzer Landstraße 50"),
    ("Weißenfels Logistik GmbH", "Leipzig", "Güterbahnhofstraße 7"),
]

# (key, doc_type, language, title, paragraphs, query); {client}, {city}, {street}, {ref}, {hrb}
TOPICS = [
    (
        "miete",
        "Vertrag",
        "de",
        "Gewerbemietvertrag {client}",
        [
            "Der Vermieter überlässt der {client} die Büroräume in der {street}, {city}, zur "
            "gewerblichen Nutzung. Die monatliche Miete beträgt 8.400 Euro zuzüglich "
            "Nebenkosten und Umsatzsteuer.",
            "Das Mietverhältnis beginnt am 1. März und läuft fest für zehn Jahre. Der Vertrag "
            "verlängert sich danach um jeweils fünf Jahre. Die Mieterin leistet eine "
            "Mietsicherheit in Höhe von drei Monatsmieten.",
        ],
        "Miete für die Büroflächen der {client}",
    ),
    (
        "kuendigung",
        "Schreiben",
        "de",
        "Kündigung Arbeitsverhältnis {client}",
        [
            "Hiermit kündigt die {client} das Arbeitsverhältnis mit Herrn Becker ordentlich "
            "zum nächstmöglichen Termin. Die Kündigungsfrist ergibt sich aus § 622 BGB.",
            "Der Betriebsrat wurde vor Ausspruch der Kündigung ordnungsgemäß angehört.",
        ],
        "Entlassung eines Mitarbeiters bei {client}",
    ),
    (
        "kaufvertrag",
        "Vertrag",
        "de",
        "Unternehmenskaufvertrag {client}",
        [
            "Die Verkäuferin verkauft sämtliche Geschäftsanteile an der Zielgesellschaft an die "
            "{client}. Der Kaufpreis beträgt 12 Millionen Euro und ist am Vollzugstag fällig.",
            "Die Verkäuferin übernimmt Garantien zu Jahresabschlüssen, Steuern und Verträgen; "
            "die Haftung ist auf zehn Prozent des Kaufpreises begrenzt.",
        ],
        "Erwerb der Geschäftsanteile durch {client} und Preis",
    ),
    (
        "klage",
        "Schriftsatz",
        "de",
        "Klageschrift {client} wegen Werklohn",
        [
            "Namens und in Vollmacht der {client} erheben wir Klage vor dem Landgericht "
            "{city} und beantragen, die Beklagte zur Zahlung des ausstehenden Werklohns zu "
            "verurteilen.",
            "Die Klägerin hat die Bauleistungen vertragsgemäß erbracht; die Abnahme erfolgte "
            "ohne Vorbehalt.",
        ],
        "Gerichtsverfahren der {client} um unbezahlte Bauleistungen",
    ),
    (
        "datenschutz",
        "Gutachten",
        "de",
        "Datenschutzprüfung {client}",
        [
            "Die Verarbeitung personenbezogener Daten der Kunden der {client} stützt sich auf "
            "Art. 6 Abs. 1 lit. b DSGVO. Ein Verzeichnis der Verarbeitungstätigkeiten fehlt.",
            "Wir empfehlen, Auftragsverarbeitungsverträge mit allen Cloud-Dienstleistern "
            "abzuschließen und Löschfristen festzulegen.",
        ],
        "DSGVO Compliance der {client}",
    ),
    (
        "register",
        "Registerauszug",
        "de",
        "Handelsregisterauszug {hrb} {client}",
        [
            "Amtsgericht {city}, {hrb}. Firma: {client}. Sitz: {city}. Gegenstand des "
            "Unternehmens ist der Betrieb von Handelsgeschäften aller Art.",
            "Geschäftsführer: Dr. Anna Schröder, einzelvertretungsberechtigt. "
            "Stammkapital: 25.000 Euro.",
        ],
        "wer vertritt die {client} laut Register",
    ),
    (
        "engagement",
        "Letter",
        "en",
        "Engagement letter {ref} {client}",
        [
            "We are pleased to confirm our engagement by {client} under file reference {ref}. "
            "Our fees are charged at hourly rates and invoiced monthly.",
            "Our liability is limited to EUR 5 million per claim; this letter is governed by "
            "German law.",
        ],
        "fee arrangement and liability cap agreed with {client}",
    ),
    (
        "nda",
        "Contract",
        "en",
        "Non-disclosure agreement {client}",
        [
            "{client} and the recipient agree to keep all confidential information strictly "
            "secret and to use it only for evaluating the proposed transaction.",
            "The confidentiality obligations survive termination for five years.",
        ],
        "confidentiality undertaking signed by {client}",
    ),
    (
        "loan",
        "Contract",
        "en",
        "Facility agreement {client}",
        [
            "The lender makes available to {client} a term loan facility of EUR 20 million. "
            "Interest accrues at EURIBOR plus a margin of 2.5 percent per annum.",
            "The borrower shall maintain a leverage ratio not exceeding 3.0 to 1.",
        ],
        "bank financing and interest margin for {client}",
    ),
    (
        "employment",
        "Memo",
        "en",
        "Memo on remote work policy {client}",
        [
            "Employees of {client} may work from home up to three days per week. Equipment is "
            "provided by the employer and remains its property.",
            "Working time must be recorded electronically in line with the Federal Labour "
            "Court decision.",
        ],
        "home office rules for staff at {client}",
    ),
]

QUERY_DOC_TYPES = sorted({t[1] for t in TOPICS})


@dataclass(frozen=True)
class Doc:
    source_object_id: str
    matter_id: str
    ref: str
    hrb: str
    client: str
    topic: str
    doc_type: str
    language: str
    title: str
    path: str
    text: str
    doc_date: dt.date
    query: str


def matter_ref(i: int) -> str:
    return f"2024/{173 + i * 41:04d}-{['MS', 'KR', 'AB', 'TL', 'WE'][i % 5]}"


def build_corpus(seed: int = 7) -> list[Doc]:
    rng = random.Random(seed)
    docs = []
    for m, (client, city, street) in enumerate(CLIENTS):
        ref = matter_ref(m)
        hrb = f"HRB {12345 + m * 1111}"
        matter_id = f"M{m:03d}"
        for t, (key, doc_type, language, title, paragraphs, query) in enumerate(TOPICS):
            fill = {"client": client, "city": city, "street": street, "ref": ref, "hrb": hrb}
            body = [p.format(**fill) for p in paragraphs]
            # Every document mentions the matter reference and the client's register number in
            # its body, so the identifier path must prefer the document *named* by them.
            body.append(f"Akte {ref}. Mandant: {client} ({hrb}).")
            docs.append(
                Doc(
                    source_object_id=f"D{m:02d}{t:02d}",
                    matter_id=matter_id,
                    ref=ref,
                    hrb=hrb,
                    client=client,
                    topic=key,
                    doc_type=doc_type,
                    language=language,
                    title=title.format(**fill),
                    path=f"/akten/{ref.replace('/', '-')}/{key}_{m:02d}{t:02d}.docx",
                    text="\n\n".join(body),
                    doc_date=dt.date(2023, 1, 1) + dt.timedelta(days=rng.randrange(700)),
                    query=query.format(**fill),
                )
            )
    return docs


_FILLER_DE = [
    "Vertrag",
    "Kündigung",
    "Frist",
    "Zahlung",
    "Haftung",
    "Gewährleistung",
    "Gesellschaft",
    "Geschäftsführer",
    "Verhandlung",
    "Vergleich",
    "Schadensersatz",
    "Anspruch",
    "Mandant",
    "Gericht",
    "Urteil",
    "Berufung",
    "Zustellung",
    "Vollmacht",
    "Gutachten",
    "Prüfung",
    "Steuer",
    "Bilanz",
    "Übernahme",
    "Einigung",
    "Räumung",
    "Nebenkosten",
]
_FILLER_EN = [
    "agreement",
    "termination",
    "notice",
    "payment",
    "liability",
    "warranty",
    "company",
    "director",
    "negotiation",
    "settlement",
    "damages",
    "claim",
    "client",
    "court",
    "judgment",
    "appeal",
    "service",
    "power",
    "opinion",
    "review",
    "tax",
    "balance",
    "acquisition",
    "consent",
    "eviction",
    "costs",
]


def synthetic_text(rng: random.Random, words: int = 120) -> str:
    vocabulary = _FILLER_DE if rng.random() < 0.6 else _FILLER_EN
    return " ".join(rng.choice(vocabulary) for _ in range(words)) + "."
