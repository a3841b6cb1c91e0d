"""A letter that names a party by short name gets its full name whichever file is read first.

"Kingsmere / Donautal" in a letter's subject is Donautal Handels GmbH only because the matter's
agreement says so in its party clause. Read in path order, the letter's metadata is extracted
before the agreement is even fetched; the agreement's classification then reopens the letter
(`reopen_blind_naming`), and the answer equals the one reached when the agreement came first.

In a matter of two files relate's own reopening (`reopen_blind_neighbours`: the agreement's
relate sees the letter as a candidate) would redo the letter too, and hide a missing naming
reopen; in a real matter relate's candidates are a few neighbours, so it is switched off here.
"""

from __future__ import annotations

import pytest

from knowledge_index_tests.faults.support import export, in_both_orders
from knowledge_index_tests.model_stages.support import small_estate

FOLDER = "Mandanten/Kingsmere Components Ltd/2024-0173 Vertrieb Österreich"
LETTER = f"{FOLDER}/A Schreiben Lieferverzug.txt"
FILES = {
    LETTER: (
        "Kingsmere Components Ltd\n4 Mill Lane, Leeds LS1 4AB\n\n"
        "Betreff: Kingsmere / Donautal – Lieferverzug März\n\n"
        "Sehr geehrte Damen und Herren,\nDonautal meldet seit drei Wochen fehlende Lieferungen "
        "und bittet um einen Termin.\n\nMit freundlichen Grüßen"
    ),
    f"{FOLDER}/B Vertriebsvertrag.txt": (
        "VERTRIEBSVERTRAG\n\nzwischen\n\nKingsmere Components Ltd, 4 Mill Lane, Leeds\n"
        "- Hersteller -\n\nund\n\nDonautal Handels GmbH, Hafenstraße 2, 4020 Linz\n"
        "- Vertriebspartner -\n\n§ 1 Vertragsgegenstand\nDer Hersteller liefert Komponenten."
    ),
    # Other clients' matters: the estate's matter-folder convention is discovered from them.
    "Mandanten/Kranich Werke GmbH/2024-0188 Lieferstreit/Klage.txt": "Klageentwurf.",
    "Mandanten/Lindqvist AB/2024-0201 Vertrieb/Vertrag.txt": "Vertriebsvertrag.",
}


@pytest.mark.timeout(300)
def test_short_name_party_does_not_depend_on_order(pg_server, firm_env, tmp_path, monkeypatch):
    from knowledge_index.stages.relate import handler as relate

    monkeypatch.setattr(relate, "reopen_blind_neighbours", lambda *args: [])
    root = small_estate(tmp_path / "estate", FILES)
    seen = {
        name: export(engine)
        for name, engine in in_both_orders(pg_server, monkeypatch, tmp_path, root)
    }
    for rows in seen.values():
        parties = {p["name"] for p in rows[LETTER]["parties"]}
        assert "Donautal Handels GmbH" in parties, rows[LETTER]
    assert seen["path"] == seen["reverse"]
