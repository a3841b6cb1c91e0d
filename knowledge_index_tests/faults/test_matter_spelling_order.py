"""A matter keeps its folder's spelling whichever of its files is read first.

The folder writes `2023_0542`; a letter misfiled in another matter's folder cites "Unser
Zeichen: 2023/0542". Both are the same matter (one key). Read first, the letter used to create
the matter with its own spelling, so the reference every document showed (and search, export
and MCP returned) depended on processing order.
"""

from __future__ import annotations

import pytest

from knowledge_index_tests.faults.support import export, in_both_orders
from knowledge_index_tests.model_stages.support import small_estate

FOLDER = "Mandanten/Solaris Energie GmbH/2023_0542 JV Sonnenfeld"
LETTER = "Mandanten/Kranich Werke GmbH/2024-0173 Lieferstreit/Schreiben Voltwerk Stimmbindung.txt"
FILES = {
    # Read first in path order (K before S): the misfiled letter with the other spelling.
    LETTER: (
        "Voltwerk AG\nUnser Zeichen: 2023/0542\n\nStimmbindung im Joint Venture Sonnenfeld"
        "\n\nSehr geehrte Damen und Herren,\nwir nehmen Bezug auf die Gesellschaftervereinbarung."
    ),
    "Mandanten/Kranich Werke GmbH/2024-0173 Lieferstreit/Klage.txt": "Klageentwurf Lieferstreit.",
    f"{FOLDER}/Protokoll Lenkungsausschuss.txt": "Protokoll der Sitzung des Lenkungsausschusses.",
    f"{FOLDER}/Satzung Sonnenfeld Projekt GmbH.txt": "Gesellschaftsvertrag der Sonnenfeld GmbH.",
    "Mandanten/Lindqvist AB/2024-0201 Vertrieb/Vertrag.txt": "Vertriebsvertrag.",
}


@pytest.mark.timeout(300)
def test_matter_reference_is_spelled_as_its_folder_in_any_order(
    pg_server, firm_env, tmp_path, monkeypatch
):
    monkeypatch.setenv("KI_PIPELINE__STAGES__INDEX__ENABLED", "false")
    root = small_estate(tmp_path / "estate", FILES)
    seen = {
        name: {p: r["matter_reference"] for p, r in export(engine).items()}
        for name, engine in in_both_orders(pg_server, monkeypatch, tmp_path, root)
    }
    for refs in seen.values():
        sonnenfeld = {p: r for p, r in refs.items() if p.startswith(FOLDER) or p == LETTER}
        assert set(sonnenfeld.values()) == {"2023_0542"}, sonnenfeld
    assert seen["path"] == seen["reverse"]
