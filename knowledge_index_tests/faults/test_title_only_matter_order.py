"""A matter folder named by title only is one matter whichever of its files is read first.

`Mandanten/300517 Montafoner Quellen/GF Abberufung` names its matter by title; one of its files
says "Unser Akt: 300517-0001". Read first, that file names the matter; read last, it gives the
matter its files already share its reference. Either way every file of the folder ends up in
one matter with that reference and the same id, and the others' later stages are redone when
the reference arrives after them.
"""

from __future__ import annotations

import pytest
from sqlalchemy import text

from knowledge_index_tests.faults.support import export, in_both_orders
from knowledge_index_tests.model_stages.support import small_estate

FOLDER = "Mandanten/300517 Montafoner Quellen/GF Abberufung"
FILES = {
    # Read first in path order: no marker.
    f"{FOLDER}/A Umlaufbeschluss.txt": "Umlaufbeschluss der Gesellschafter über die Abberufung.",
    f"{FOLDER}/B Aufhebungsvereinbarung.txt": "Aufhebungsvereinbarung mit dem Geschäftsführer.",
    # Read last in path order, first in reverse.
    f"{FOLDER}/Z Schreiben an RA Fink.txt": (
        "Sehr geehrter Herr Kollege,\nUnser Akt: 300517-0001\nwir vertreten die Gesellschaft."
    ),
    "Mandanten/Kranich Werke GmbH/2024-0173 Lieferstreit/Klage.txt": "Klageentwurf.",
    "Mandanten/Lindqvist AB/2024-0201 Vertrieb/Vertrag.txt": "Vertriebsvertrag.",
}


@pytest.mark.timeout(300)
def test_title_only_folder_gets_one_matter_in_any_order(pg_server, firm_env, tmp_path, monkeypatch):
    monkeypatch.setenv("KI_PIPELINE__STAGES__INDEX__ENABLED", "false")
    root = small_estate(tmp_path / "estate", FILES)
    seen = {}
    for name, engine in in_both_orders(pg_server, monkeypatch, tmp_path, root):
        rows = export(engine)
        with engine.connect() as conn:
            ids = {
                p: m
                for p, m in conn.execute(
                    text(
                        "SELECT o.path, a.matter_id FROM matter_assignments a"
                        " JOIN source_objects o ON o.id = a.source_object_id"
                        " WHERE o.path LIKE 'Mandanten/300517%'"
                    )
                )
            }
        seen[name] = ({p: r["matter_reference"] for p, r in rows.items()}, ids)
    for refs, ids in seen.values():
        folder = {p: r for p, r in refs.items() if p.startswith(FOLDER)}
        assert set(folder.values()) == {"300517-0001"}, folder
        assert len(set(ids.values())) == 1
    assert seen["path"] == seen["reverse"]
