"""A natural person as the client: a client folder named "Albers, Dr. Katrin", a contract that
introduces her by where she lives, a letter and a bill that name her by surname or not at all.
"""

from __future__ import annotations

import pytest

from knowledge_index.db import dispose_engines
from knowledge_index_tests.faults.support import export, fresh_home, stage_by_stage, synced
from knowledge_index_tests.model_stages.support import small_estate

MATTER = "Mandanten/Albers, Dr. Katrin/2024-0311 Aufhebung GF-Dienstvertrag"
FILES = {
    f"{MATTER}/Aufhebungsvertrag Entwurf.txt": (
        "Aufhebungsvertrag\n\nAlbrecht Medizintechnik GmbH, mit Sitz in Nürnberg, vertreten durch "
        "Prof. Dr. Werner Albrecht\n– nachfolgend „Gesellschaft“ –\n\nund\n\n"
        "Dr. Katrin Albers, wohnhaft Sonnenstraße 12, 90403 Nürnberg\n"
        "– nachfolgend „Geschäftsführerin“ –\n\n§ 1 Beendigung\n"
        "(1) Der Geschäftsführerdienstvertrag endet mit Ablauf des 31. Dezember 2024."
    ),
    f"{MATTER}/Schreiben an Albrecht Gegenvorschlag.txt": (
        "Albrecht Medizintechnik GmbH\nFrankenstraße 150\n90461 Nürnberg\n\n"
        "Betreff: Aufhebung des Dienstverhältnisses\n\nSehr geehrter Herr Prof. Dr. Albrecht,\n"
        "namens von Frau Dr. Albers unterbreiten wir folgenden Gegenvorschlag.\n\n"
        "Mit freundlichen Grüßen"
    ),
    f"{MATTER}/Rechnung 2024-1123.txt": (
        "Rechnung Nr. 2024-1123\n\nFür unsere Tätigkeit in der Angelegenheit Aufhebung "
        "Geschäftsführerdienstvertrag berechnen wir:\nHonorar EUR 4.200,00 zzgl. USt."
    ),
    # Other clients' matters: the estate's matter-folder convention is discovered from them.
    "Mandanten/Kranich Werke GmbH/2024-0188 Lieferstreit/Klage.txt": "Klageentwurf.",
    "Mandanten/Lindqvist AB/2024-0201 Vertrieb/Vertrag.txt": "Vertriebsvertrag.",
}


def _parties(row: dict) -> dict[str, str]:
    return {p["name"]: p["role"] for p in row["parties"]}


@pytest.mark.timeout(300)
def test_a_person_client_is_a_party_where_her_matter_names_or_bills_her(
    pg_server, firm_env, tmp_path, monkeypatch
):
    root = small_estate(tmp_path / "estate", FILES)
    settings, engine = fresh_home(pg_server, monkeypatch, tmp_path / "home")
    synced(engine, settings, root)
    stage_by_stage(settings, engine)
    rows = export(engine)
    dispose_engines()
    contract = _parties(rows[f"{MATTER}/Aufhebungsvertrag Entwurf.txt"])
    assert set(contract) == {"Albrecht Medizintechnik GmbH", "Dr. Katrin Albers"}, contract
    letter = _parties(rows[f"{MATTER}/Schreiben an Albrecht Gegenvorschlag.txt"])
    assert "Dr. Katrin Albers" in letter, letter
    bill = rows[f"{MATTER}/Rechnung 2024-1123.txt"]
    assert bill["doc_type"] == "finance.invoice", bill["doc_type"]
    assert _parties(bill).get("Dr. Katrin Albers") == "client", bill["parties"]
