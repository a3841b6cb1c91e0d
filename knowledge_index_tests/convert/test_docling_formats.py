"""Office formats, HTML, Markdown, CSV and text-layer PDFs through Docling (no model files)."""

from __future__ import annotations

import pytest

from knowledge_index.convert import ConvertOptions, convert_bytes, converter_fingerprint
from knowledge_index.convert.model import StructuredDocument
from knowledge_index.errors import UnsupportedDocument
from knowledge_index_tests.convert import samples


@pytest.fixture(scope="module")
def options() -> ConvertOptions:
    return ConvertOptions()


def _convert(data: bytes, name: str, options: ConvertOptions) -> StructuredDocument:
    return convert_bytes(data, name, options).document


def test_docx_text_headings_table_metadata(options: ConvertOptions) -> None:
    doc = _convert(samples.make_docx(), "vertrag.docx", options)
    assert doc.format == "docx"
    assert "Die Gebühr für die Straße beträgt 100 EUR." in doc.text
    assert [(s.level, s.title) for s in doc.sections] == [(1, "Vertrag Müller"), (2, "Haftung")]
    assert doc.text[doc.sections[1].start :].startswith("Haftung")
    assert doc.tables[0].rows == [["Name", "Betrag"], ["Müller", "4711"]]
    assert doc.metadata["title"] == "Mandatsvereinbarung"
    assert doc.metadata["author"] == "Kanzlei Müller"
    assert doc.provenance.converter == "docling" and not doc.provenance.degraded
    assert "| Müller" in doc.markdown


def test_pptx_and_xlsx(options: ConvertOptions) -> None:
    deck = _convert(samples.make_pptx(), "deck.pptx", options)
    assert "Mandantenpräsentation" in deck.text and "Übernahme der Schäfer KG" in deck.text
    sheet = _convert(samples.make_xlsx(), "honorare.xlsx", options)
    assert sheet.tables[0].rows[1] == ["Größe AG", "1234"]


def test_html_in_cp1252_with_its_meta_charset(options: ConvertOptions) -> None:
    html = (
        "<html><head><meta charset='windows-1252'><title>T</title></head><body>"
        "<h1>Schriftsatz</h1><p>Gebühr für Müller</p>"
        "<table><tr><th>Posten</th><th>Betrag</th></tr><tr><td>Straße</td><td>4711</td></tr>"
        "</table></body></html>"
    ).encode("cp1252")
    doc = _convert(html, "seite.htm", options)
    assert doc.format == "html"
    assert "Gebühr für Müller" in doc.text
    assert doc.tables[0].rows == [["Posten", "Betrag"], ["Straße", "4711"]]


def test_markdown_and_csv(options: ConvertOptions) -> None:
    md = "# Überschrift\n\nText mit **Fett**.\n\n| a | b |\n|---|---|\n| 1 | 4711 |\n"
    doc = _convert(md.encode(), "notiz.md", options)
    assert doc.sections[0].title == "Überschrift"
    assert "Text mit Fett." in doc.text
    assert doc.tables[0].rows[1] == ["1", "4711"]
    csv = _convert("Name;Betrag\nMüller;4711\n".encode("cp1252"), "export.csv", options)
    assert csv.format == "csv" and csv.tables[0].rows[1] == ["Müller", "4711"]


def test_text_layer_pdf_is_degraded_without_models(options: ConvertOptions) -> None:
    data = samples.make_text_pdf([["Müller Straße Gebühr", "Seite eins"], ["Seite zwei 4711"]])
    doc = _convert(data, "schriftsatz.pdf", options)
    assert doc.format == "pdf"
    assert [p.number for p in doc.pages] == [1, 2]
    assert "Müller Straße Gebühr" in doc.pages[0].text
    assert "4711" in doc.pages[1].text
    assert doc.provenance.pipeline == "docling-native-text-layer"
    assert doc.provenance.degraded and "not provisioned" in doc.provenance.degraded_reason
    assert doc.provenance.ocr_pages == []


def test_fingerprint_tells_degraded_from_full(tmp_path) -> None:
    degraded = converter_fingerprint(ConvertOptions())
    full = converter_fingerprint(ConvertOptions(docling_artifacts_path=tmp_path))
    assert degraded != full and "pdf-text-layer" in degraded and "pdf-full" in full


@pytest.mark.parametrize(
    ("make", "name", "cause"),
    [
        (lambda: samples.make_text_pdf([["abc"]])[:300], "cut.pdf", "pdf 'cut.pdf' is truncated"),
        (samples.make_encrypted_pdf, "locked.pdf", "encrypted"),
        (lambda: b"%PDF-1.4\n garbage garbage\n%%EOF\n", "broken.pdf", "corrupt"),
        (lambda: b"\x00\x01\x02\x03" * 100, "contract.docx", "binary"),
    ],
)
def test_broken_documents_are_unsupported(make, name: str, cause: str, options) -> None:
    with pytest.raises(UnsupportedDocument, match=cause):
        convert_bytes(make(), name, options)


def test_missing_models_are_an_infrastructure_fault(tmp_path) -> None:
    from knowledge_index.errors import InfrastructureError

    options = ConvertOptions(docling_artifacts_path=tmp_path / "no-models-here")
    with pytest.raises(InfrastructureError) as caught:
        convert_bytes(samples.make_text_pdf([["x"]]), "a.pdf", options)
    assert caught.value.reason == "docling_models_missing"
