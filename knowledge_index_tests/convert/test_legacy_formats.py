"""Legacy Office, OpenDocument and RTF through LibreOffice, and honestly degraded without it.

The files in `legacy/` were written by LibreOffice 7.4 (`soffice --convert-to doc|xls|ppt|odt|
ods|odp|rtf`) from the OOXML samples, so they are what the real tool writes; `redline.doc`
carries the tracked changes and the comment of `samples.make_tracked_docx()`.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlalchemy import text

from knowledge_index.convert import ConvertOptions, convert_bytes, detect_format, libreoffice
from knowledge_index.errors import UnsupportedDocument
from knowledge_index.ledger.maintenance import prepare
from knowledge_index.ledger.report import status
from knowledge_index.orchestration.driver import Driver
from knowledge_index.settings import load_settings
from knowledge_index_tests.support.pipeline import process_folder

LEGACY = Path(__file__).parent / "legacy"
needs_libreoffice = pytest.mark.skipif(
    libreoffice.soffice() is None,
    reason="LibreOffice is not installed here (apt-get install libreoffice-writer-nogui"
    " libreoffice-calc-nogui libreoffice-impress-nogui); .ci/run installs it where it can",
)
EXPECTED = {
    "vertrag.doc": ("doc", "docx", "Die Gebühr für die Straße beträgt 100 EUR."),
    "vertrag.odt": ("odt", "docx", "Die Gebühr für die Straße beträgt 100 EUR."),
    "vertrag.rtf": ("rtf", "docx", "Die Gebühr für die Straße beträgt 100 EUR."),
    "honorare.xls": ("xls", "xlsx", "Größe AG | 1234"),
    "honorare.ods": ("ods", "xlsx", "Größe AG | 1234"),
    "praesentation.ppt": ("ppt", "pptx", "Übernahme der Schäfer KG"),
    "praesentation.odp": ("odp", "pptx", "Übernahme der Schäfer KG"),
}


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_detected_from_content_whatever_the_name(name: str) -> None:
    assert detect_format((LEGACY / name).read_bytes(), "upload.bin") == EXPECTED[name][0]


@needs_libreoffice
@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_converted_through_ooxml_with_their_text(name: str) -> None:
    source, target, phrase = EXPECTED[name]
    doc = convert_bytes((LEGACY / name).read_bytes(), name, ConvertOptions()).document
    assert (doc.format, doc.provenance.converted_from) == (target, source)
    assert phrase in doc.text
    assert not doc.provenance.degraded


@needs_libreoffice
def test_a_doc_redline_keeps_its_tracked_changes_and_comments() -> None:
    doc = convert_bytes((LEGACY / "redline.doc").read_bytes(), "r.doc", ConvertOptions()).document
    kinds = sorted({r.kind for r in doc.revisions})
    assert "insert" in kinds and "delete" in kinds
    assert any("Müller GmbH" in r.text for r in doc.revisions if r.kind == "insert")
    assert any("Schmidt AG" in r.text for r in doc.revisions if r.kind == "delete")
    assert [c.text for c in doc.comments] == ["Please check against the term sheet."]
    # The accepted view, as Word shows it.
    assert "The buyer is Müller GmbH and pays the Gebühr." in doc.text


@needs_libreoffice
def test_a_doc_libreoffice_cannot_open_is_refused_with_a_reason() -> None:
    broken = bytearray((LEGACY / "vertrag.doc").read_bytes())
    broken[4096:] = b"\0" * (len(broken) - 4096)  # the header survives, the content does not
    with pytest.raises(UnsupportedDocument) as caught:
        convert_bytes(bytes(broken), "kaputt.doc", ConvertOptions())
    assert "kaputt.doc" in str(caught.value)


def _convert_rows(engine) -> dict[str, str]:
    with engine.connect() as conn:
        return dict(
            conn.execute(
                text(
                    "SELECT o.path, p.status || ' ' || p.producer_version FROM processing_state p"
                    " JOIN source_objects o ON o.id = p.source_object_id WHERE p.stage = 'convert'"
                )
            ).all()
        )


def test_without_libreoffice_they_are_degraded_said_so_and_reconverted_once_installed(
    engine, tmp_path, monkeypatch
):
    root = tmp_path / "estate"
    root.mkdir()
    for name in ("vertrag.doc", "honorare.xls"):
        (root / name).write_bytes((LEGACY / name).read_bytes())
    (root / "notiz.txt").write_text("Eine Notiz.", encoding="utf-8")
    monkeypatch.setenv("KI_SOFFICE", str(tmp_path / "no-libreoffice-here"))
    process_folder(engine, load_settings(), root)

    rows = _convert_rows(engine)
    assert rows["notiz.txt"].startswith("done ") and "degraded" not in rows["notiz.txt"]
    for name in ("vertrag.doc", "honorare.xls"):
        assert rows[name].startswith("done ") and rows[name].endswith(";degraded=no-libreoffice")
    with engine.connect() as conn:
        report = status(conn)
    [degraded] = report.degraded
    assert (degraded.stage, degraded.capability, degraded.documents) == (
        "convert",
        "no-libreoffice",
        2,
    )
    assert "apt-get install libreoffice" in degraded.hint

    if not _real_soffice():
        pytest.skip("LibreOffice is not installed here: the re-conversion half cannot run")
    monkeypatch.delenv("KI_SOFFICE")
    with engine.begin() as conn:
        requeued = prepare(conn, load_settings()).requeued_outdated
    assert requeued == {"convert": 2}, "exactly the degraded documents re-convert"
    Driver(load_settings()).run_until_idle()
    rows = _convert_rows(engine)
    assert all("degraded" not in v for v in rows.values()), rows
    with engine.connect() as conn:
        assert status(conn).degraded == []


def _real_soffice() -> bool:
    import os

    saved = os.environ.pop("KI_SOFFICE", None)
    try:
        return libreoffice.soffice() is not None
    finally:
        if saved is not None:
            os.environ["KI_SOFFICE"] = saved
