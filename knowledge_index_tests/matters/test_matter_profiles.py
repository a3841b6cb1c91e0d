"""A loose file goes to the matter whose filed documents it resembles, when the matter folders
say nothing but numbers (a DMS export), and ends the same whichever arrived first.

Two matters of one DMS workspace both name a "Berghof Immobilien GmbH": one company in Linz
(a lease), a namesake in Innsbruck (a loan). A scan in the inbox names the Linz company, its
address and the leased property; nothing in any folder or file name does.
"""

from __future__ import annotations

import pytest

from knowledge_index.export import export_rows
from knowledge_index.settings import load_settings
from knowledge_index_tests.model_stages.support import small_estate
from knowledge_index_tests.support.pipeline import process_folder

LEASE = "DMS/Workspace_104233/Matter_0009/Documents"
LOAN = "DMS/Workspace_104871/Matter_0002/Documents"
FILED = {
    f"{LEASE}/00041402_1.txt": (
        "MIETVERTRAG\nzwischen Berghof Immobilien GmbH, Landstraße 21, 4020 Linz, als"
        " Vermieterin, und Alpenbau Holding AG als Mieterin\nMietgegenstand: Hafenstraße 47, Linz"
    ),
    f"{LEASE}/00041431_1.txt": (
        "Alpenbau Holding AG\nBetreff: Mietvertrag Hafenstraße 47, Linz – Übergabe der Flächen"
        "\nSehr geehrte Damen und Herren, die Berghof Immobilien GmbH bittet um einen Termin."
    ),
    f"{LEASE}/00041440_1.txt": (
        "Berghof Immobilien GmbH, Landstraße 21, 4020 Linz\nBetriebskosten Hafenstraße 47"
        "\nAlpenbau Holding AG, Mieterin, erhält die Vorauszahlungen."
    ),
    f"{LOAN}/00050001_1.txt": (
        "DARLEHENSVERTRAG\nzwischen Grünwald Privatstiftung, Salzburg, und Berghof Immobilien"
        " GmbH, Museumstraße 9, 6020 Innsbruck, als Darlehensnehmerin"
    ),
    f"{LOAN}/00050002_1.txt": (
        "Grünwald Privatstiftung\nBetreff: Darlehen an Berghof Immobilien GmbH, Innsbruck"
        "\nPfandbestellung Museumstraße 9, Innsbruck"
    ),
}
SCAN = "Scans/20240514_0003.txt"
LOOSE = {
    SCAN: (
        "Übergabeprotokoll\nVermieterin: Berghof Immobilien GmbH, Landstraße 21, 4020 Linz"
        "\nMieterin: Alpenbau Holding AG\nObjekt: Hafenstraße 47, 4020 Linz"
    ),
    "Scans/20240601_0001.txt": "Einladung zum Sommerfest der Kanzlei.",
}


@pytest.fixture
def settings(ki_env, monkeypatch):
    monkeypatch.setenv("KI_PIPELINE__STAGES__INDEX__ENABLED", "false")
    monkeypatch.setenv("KI_PIPELINE__RETRY_BASE_SECONDS", "0")
    return load_settings()


def _matters(engine) -> dict[str, str]:
    return {r.path: r.matter_reference for r in export_rows(engine)}


def test_a_loose_scan_goes_to_the_matter_its_filed_documents_resemble(engine, settings, tmp_path):
    root = small_estate(tmp_path / "estate", {**FILED, **LOOSE})
    process_folder(engine, settings, root)
    refs = _matters(engine)
    lease = refs[f"{LEASE}/00041402_1.txt"]
    assert lease != refs[f"{LOAN}/00050001_1.txt"]
    assert refs[SCAN] == lease
    assert refs["Scans/20240601_0001.txt"].startswith("UNASSIGNED-")


def test_the_answer_does_not_depend_on_which_file_came_first(engine, settings, tmp_path):
    # The scan and the loan arrive first; the lease's documents a sync later.
    early = {**{k: v for k, v in FILED.items() if k.startswith(LOAN)}, **LOOSE}
    root = small_estate(tmp_path / "estate", early)
    driver = process_folder(engine, settings, root)
    assert not _matters(engine)[SCAN].endswith("0009")
    small_estate(root, {k: v for k, v in FILED.items() if k.startswith(LEASE)})
    driver.sync("estate")
    driver.run_until_idle()
    refs = _matters(engine)
    assert refs[SCAN] == refs[f"{LEASE}/00041402_1.txt"]


TEMPLATES = {
    # Resembles the lease's documents by design, in the inbox and in the firm's template folder.
    "Scans/20240602_0001.txt": (
        "[Briefkopf]\n[Datum]\nBetriebskosten [Objekt]\nVermieterin: Berghof Immobilien GmbH,"
        " Landstraße 21, 4020 Linz\nMieterin: [Mieterin]\nVorauszahlungen: EUR [Betrag]"
    ),
    "Vorlagen/Übergabeprotokoll Hafenstraße.txt": (
        "Übergabeprotokoll\nVermieterin: Berghof Immobilien GmbH, Landstraße 21, 4020 Linz"
        "\nMieterin: Alpenbau Holding AG\nObjekt: Hafenstraße 47, 4020 Linz"
    ),
    # Case law in the know-how folder, and the firm's client alert about the lease's subject.
    "Wissen/Rechtsprechung/OGH 5 Ob 17-24.txt": (
        "Urteil\nBetriebskosten im Mietvertrag Hafenstraße: Vermieterin Berghof Immobilien GmbH,"
        " Landstraße 21, 4020 Linz, gegen Mieterin Alpenbau Holding AG"
    ),
    "Mandanteninformation 2-2024.txt": (
        "Mandanteninformation 2/2024\nBetriebskosten: was Vermieter wie die Berghof Immobilien"
        " GmbH, Landstraße 21, 4020 Linz, von Mietern wie der Alpenbau Holding AG fordern dürfen"
    ),
}


def test_a_template_is_no_matters_document_however_alike(engine, settings, tmp_path):
    root = small_estate(tmp_path / "estate", {**FILED, **LOOSE, **TEMPLATES})
    process_folder(engine, settings, root)
    refs = _matters(engine)
    assert refs[SCAN] == refs[f"{LEASE}/00041402_1.txt"]
    for path in TEMPLATES:
        assert refs[path].startswith("UNASSIGNED-"), path


def test_a_register_number_the_matters_documents_carry_names_the_matter(engine, settings, tmp_path):
    # The share deal names its target after the parties, past the head the profile reads; the
    # court's register decision names nothing else the filed documents share.
    deal = "DMS/Workspace_104233/Matter_0007/Documents"
    filler = " Die Parteien vereinbaren Folgendes." * 30
    files = {
        **FILED,
        f"{deal}/00041231_1.txt": (
            "ABTRETUNGSVERTRAG\nzwischen Brenner Beteiligungs GmbH und Alpenbau Holding AG"
            f"{filler}\nDie Verkäuferin ist Gesellschafterin der Tiroler Fertigteilwerk GmbH,"
            " FN 76543 h."
        ),
        f"{deal}/00041240_1.txt": "Closing-Agenda\nBrenner Beteiligungs GmbH\nAlpenbau Holding AG",
        "Eingang_Huber/Firmenbuch Beschluss.txt": (
            "Landesgericht Innsbruck als Firmenbuchgericht\nFN 76543 h, 34 Fr 2211/24 p\nBeschluss"
            "\nIm Firmenbuch wird eingetragen: Geschäftsführerin DI Johanna Steindl."
        ),
    }
    root = small_estate(tmp_path / "estate", files)
    process_folder(engine, settings, root)
    refs = _matters(engine)
    assert refs["Eingang_Huber/Firmenbuch Beschluss.txt"] == refs[f"{deal}/00041231_1.txt"]
