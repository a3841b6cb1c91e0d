"""Scans: no text layer, read by the OCR engine whose weights ship in an installed wheel."""

from __future__ import annotations

import pytest

from knowledge_index.convert import ConvertOptions, convert_bytes
from knowledge_index.convert import ocr as ocr_module
from knowledge_index.errors import UnsupportedDocument
from knowledge_index_tests.convert import samples

pytestmark = pytest.mark.skipif(
    not (ocr_module.easyocr_available() or ocr_module.rapidocr_available()),
    reason="no offline OCR engine installed",
)


def test_scanned_pdf_page_is_ocrd_and_marked_degraded() -> None:
    data = samples.make_scanned_pdf(["Invoice number 4711"])
    doc = convert_bytes(data, "scan.pdf", ConvertOptions()).document
    assert "4711" in doc.text and "Invoice" in doc.text
    assert doc.provenance.ocr_pages == [1]
    assert doc.provenance.degraded
    assert doc.provenance.ocr_engine in {"easyocr", "rapidocr"}
    if doc.provenance.ocr_engine == "easyocr":
        # German was asked for; the shipped weights read English only, and that is recorded.
        assert doc.provenance.ocr_languages == ["en"]
        assert "English only" in doc.provenance.degraded_reason


def test_png_scan(tmp_path) -> None:
    doc = convert_bytes(samples.make_png(["Invoice number 4711"]), "a.jpg", ConvertOptions())
    assert doc.document.format == "image"
    assert "4711" in doc.document.text


def test_blank_scan_says_what_to_install() -> None:
    data = samples.make_scanned_pdf([""])
    with pytest.raises(UnsupportedDocument, match=r"no extractable text.*onnxruntime"):
        convert_bytes(data, "blank.pdf", ConvertOptions())


def test_german_scan_is_read_with_umlauts_by_the_shipped_rapidocr_models() -> None:
    # onnxruntime is a declared dependency, so RapidOCR (German-capable) must be the engine.
    assert ocr_module.rapidocr_available()
    data = samples.make_scanned_pdf(["Müller Straße Gebühr"])
    doc = convert_bytes(data, "scan.pdf", ConvertOptions()).document
    assert "Müller Straße Gebühr" in doc.text
    assert doc.provenance.ocr_engine == "rapidocr"
    assert "de" in doc.provenance.ocr_languages
