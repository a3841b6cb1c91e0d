"""A source whose matter folders use a style nobody configured still gets its matters.

Through the real pipeline (`process_folder`): sync discovers the matter-folder convention, the
source shows it, classify_matter files each document under its folder's matter, a loose file
goes to the matter its content names, and invoice or court numbers never become matters.
"""

from __future__ import annotations

import pytest
from sqlalchemy import text

from knowledge_index.export import export_rows
from knowledge_index.settings import load_settings
from knowledge_index.sources.registry import matter_convention
from knowledge_index_tests.model_stages.support import small_estate
from knowledge_index_tests.support.pipeline import process_folder

FILES = {
    "Akten/Kranich Werke GmbH/7731a Lieferstreit Bodensee/Klageentwurf.txt": (
        "Klageentwurf in Sachen Kranich Werke GmbH gegen Bodensee Hydraulik AG.\n"
        "Landgericht Konstanz, Az. 3 O 123/24. Rechnung Nr. 2024-0871 ist offen."
    ),
    "Akten/Kranich Werke GmbH/7731a Lieferstreit Bodensee/Vermerk.txt": "Telefonat mit Mandantin.",
    "Akten/Kranich Werke GmbH/7732a Markenanmeldung Kranich/Anmeldung.txt": "Markenanmeldung.",
    "Akten/Lindqvist AB/7740b Distribution Nordics/Draft DA.txt": "Distribution Agreement draft.",
    "Akten/Lindqvist AB/Allgemeine Beratung/Memo.txt": "Memo on general questions.",
    "Eingang/Schreiben Bodensee.txt": (
        "Bodensee Hydraulik AG an Kranich Werke GmbH: zum Lieferstreit nehmen wir wie folgt"
        " Stellung. Invoice no. 2024/0871."
    ),
    "Eingang/Sommerfest.txt": "Einladung zum Sommerfest der Kanzlei.",
}


@pytest.fixture
def processed(engine, ki_env, monkeypatch, tmp_path):
    monkeypatch.setenv("KI_PIPELINE__STAGES__INDEX__ENABLED", "false")
    monkeypatch.setenv("KI_PIPELINE__RETRY_BASE_SECONDS", "0")
    root = small_estate(tmp_path / "estate", FILES)
    process_folder(engine, load_settings(), root)
    return {r.path: r for r in export_rows(engine)}


def test_unknown_folder_style_yields_matters_from_discovery(engine, processed):
    with engine.connect() as conn:
        found = matter_convention(conn, "estate")
        matters = conn.execute(text("SELECT reference_number, title FROM matters")).all()
    assert found["depth"] == 2 and found["styles"]["unconfigured"] == 3
    refs = {p: (r.matter_reference, r.matter_title) for p, r in processed.items()}
    streit = "Akten/Kranich Werke GmbH/7731a Lieferstreit Bodensee"
    assert refs[f"{streit}/Klageentwurf.txt"] == ("7731a", "Lieferstreit Bodensee")
    assert refs[f"{streit}/Vermerk.txt"] == ("7731a", "Lieferstreit Bodensee")
    assert refs["Akten/Lindqvist AB/7740b Distribution Nordics/Draft DA.txt"][0] == "7740b"
    # A folder that names its matter by title only, at the matter level, is a matter too.
    assert refs["Akten/Lindqvist AB/Allgemeine Beratung/Memo.txt"] == (
        "Lindqvist AB / Allgemeine Beratung",
        "Allgemeine Beratung",
    )
    # A loose file goes to the matter its content names; one that names none stays unassigned.
    assert refs["Eingang/Schreiben Bodensee.txt"][0] == "7731a"
    assert refs["Eingang/Sommerfest.txt"][0].startswith("UNASSIGNED-")
    # Invoice and court numbers never became matters.
    written = {m[0] for m in matters}
    assert not written & {"2024-0871", "2024/0871", "123/24", "3 O 123/24"}


def test_source_show_prints_the_discovered_convention(engine, processed):
    from typer.testing import CliRunner

    from knowledge_index.cli.app import app

    shown = CliRunner().invoke(app, ["source", "show", "estate"], catch_exceptions=False)
    assert shown.exit_code == 0, shown.output
    assert "matter folders: level 2" in shown.output
    assert "unconfigured 3" in shown.output and "title only 1" in shown.output
    as_json = CliRunner().invoke(app, ["source", "show", "estate", "--json"])
    assert '"depth": 2' in as_json.output
