"""A small estate with known relations, run through fetch, convert and classify."""

from __future__ import annotations

from pathlib import Path

from sqlalchemy import text

from knowledge_index.runner import run_stage
from knowledge_index.settings import load_settings
from knowledge_index_tests.model_stages.support import (
    run_until_settled,
    small_estate,
    synced_and_converted,
)

MATTER = "Mandanten/Acme GmbH/2024-0173 Liefervertrag"
CLAUSES = (
    "Der Verkäufer liefert die Waren gemäß der Spezifikation in Anlage 1 an den Käufer. "
    "Die Lieferung erfolgt frei Haus an den vom Käufer benannten Standort in Berlin. "
    "Der Kaufpreis ist innerhalb von dreißig Tagen nach Rechnungsstellung zur Zahlung fällig. "
    "Die Gewährleistungsfrist beträgt vierundzwanzig Monate ab Gefahrübergang beim Käufer. "
    "Die Haftung des Verkäufers ist auf den Auftragswert des jeweiligen Abrufs begrenzt. "
    "Dieser Vertrag unterliegt deutschem Recht; Gerichtsstand ist München. "
)
V1 = "Liefervertrag\n\nzwischen Acme GmbH und Müller AG\n\n" + CLAUSES
V2 = V1.replace("dreißig Tagen", "vierzehn Tagen").replace("vierundzwanzig", "zwölf")


def eml(mid: str, subject: str, frm: str, to: str, date: str, body: str, **extra: str) -> str:
    head = [
        f"Message-ID: <{mid}>",
        f"Subject: {subject}",
        f"From: {frm}",
        f"To: {to}",
        f"Date: {date}",
    ]
    head += [f"{k.replace('_', '-')}: {v}" for k, v in extra.items()]
    return "\n".join(head) + "\nContent-Type: text/plain; charset=utf-8\n\n" + body + "\n"


FILES = {
    f"{MATTER}/Liefervertrag v1 Entwurf.txt": V1,
    f"{MATTER}/Liefervertrag v2.txt": V2,
    f"{MATTER}/Kopie/Liefervertrag v1 Entwurf.txt": V1,
    f"{MATTER}/Anlage 1 zum Liefervertrag.txt": (
        "Anlage 1 zum Liefervertrag vom 1. März 2024\n\nSpezifikation der Waren: Schrauben M8."
    ),
    f"{MATTER}/Nachtrag 1.txt": (
        "Erster Nachtrag zum Liefervertrag vom 1. März 2024\n\n"
        "Die Parteien vereinbaren eine Verlängerung der Lieferfrist um vier Wochen."
    ),
    f"{MATTER}/Korrespondenz/Schreiben Müller.txt": (
        "Müller AG\nBerlin, 2. April 2024\n\nSehr geehrte Damen und Herren,\n"
        "wir rügen die verspätete Lieferung der Schrauben."
    ),
    f"{MATTER}/Korrespondenz/Antwort Acme.txt": (
        "Acme GmbH\nMünchen, 10. April 2024\n\nSehr geehrte Damen und Herren,\n"
        "Bezug nehmend auf Ihr Schreiben vom 2. April 2024 weisen wir die Rüge zurück."
    ),
    f"{MATTER}/Mails/a.eml": eml(
        "a@acme.de",
        "Lieferung 2024-0173",
        "anna@acme.de",
        "max@mueller.de",
        "Mon, 06 May 2024 10:00:00 +0200",
        "Wann liefern Sie?",
    ),
    f"{MATTER}/Mails/b.eml": eml(
        "b@mueller.de",
        "AW: Lieferung 2024-0173",
        "max@mueller.de",
        "anna@acme.de",
        "Mon, 06 May 2024 12:00:00 +0200",
        "Morgen.",
        In_Reply_To="<a@acme.de>",
        References="<a@acme.de>",
    ),
    # No In-Reply-To and a rewritten subject: References alone place it under b.
    f"{MATTER}/Mails/c.eml": eml(
        "c@acme.de",
        "Neuer Liefertermin 2024-0173",
        "anna@acme.de",
        "max@mueller.de",
        "Tue, 07 May 2024 09:00:00 +0200",
        "Danke.",
        References="<a@acme.de> <b@mueller.de>",
    ),
    # Same subject as a.eml, other people, months later: a different conversation.
    f"{MATTER}/Mails/d.eml": eml(
        "d@other.de",
        "Lieferung 2024-0173",
        "eva@other.de",
        "tom@other.de",
        "Mon, 02 Sep 2024 10:00:00 +0200",
        "Andere Lieferung.",
    ),
}


def classified_estate(engine, root: Path, files: dict[str, str] | None = None):
    small_estate(root, files or FILES)
    settings, ids = synced_and_converted(engine, root)
    run_until_settled(settings, engine, "classify_matter")
    return settings, ids


def relate_all(engine, rounds: int = 10) -> None:
    run_until_settled(load_settings(), engine, "relate", rounds=rounds)


def rel_id(ids: dict[str, str], name: str) -> str:
    return ids[f"{MATTER}/{name}"]


def relations(engine) -> set[tuple[str, str, str]]:
    with engine.connect() as conn:
        return {
            (r[0], r[1], r[2])
            for r in conn.execute(
                text(
                    "SELECT s.path, t.path, r.relation FROM relations r"
                    " JOIN source_objects s ON s.id = r.source_object_id"
                    " JOIN source_objects t ON t.id = r.target_source_object_id"
                )
            )
        }


def run_relate(settings, engine, ids: list[str]):
    return run_stage(settings, "relate", source_object_ids=ids, engine=engine)
