"""A DOCX whose markup Docling rejects is read anyway; only a broken package is refused.

The packages are python-docx's and LibreOffice's output, edited the way real exports spoil
them: XML comments a DMS writes into the parts, a relationship to a part left out of the zip.
"""

from __future__ import annotations

import io
import re
import zipfile

import pytest

from knowledge_index.convert import ConversionResult, ConvertOptions, convert_bytes
from knowledge_index.convert.model import StructuredDocument
from knowledge_index.errors import UnsupportedDocument
from knowledge_index.stages.convert.handler import OOXML_FALLBACK, degradation_of
from knowledge_index_tests.convert import samples
from knowledge_index_tests.convert.samples import (
    NUMBERED,
    edit_package,
    missing_part,
    with_xml_comments,
)


def _convert(data: bytes) -> ConversionResult:
    return convert_bytes(data, "akte.docx", ConvertOptions())


def test_xml_comments_in_the_body_do_not_stop_docling() -> None:
    data = edit_package(samples.make_docx(), {"word/document.xml": with_xml_comments})
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        assert b"<!-- run -->" in archive.read("word/document.xml")
    doc = _convert(data).document
    assert doc.provenance.pipeline == "docling-standard"
    assert "Die Gebühr für die Straße beträgt 100 EUR." in doc.text
    assert [s.title for s in doc.sections] == ["Vertrag Müller", "Haftung"]
    assert doc.tables[0].rows == [["Name", "Betrag"], ["Müller", "4711"]]


def test_xml_comments_in_styles_do_not_stop_docling() -> None:
    def commented(xml: str) -> str:
        return re.sub(r"(<w:style )", r"<!-- house style -->\1", xml)

    doc = _convert(edit_package(samples.make_docx(), {"word/styles.xml": commented})).document
    assert doc.provenance.pipeline == "docling-standard"
    assert "Die Haftung ist beschränkt." in doc.text


@pytest.fixture(scope="module")
def fallback() -> StructuredDocument:
    lost = edit_package(
        samples.make_docx(),
        {"word/_rels/document.xml.rels": missing_part, "word/document.xml": with_xml_comments},
    )
    return _convert(lost).document


def test_docling_failure_falls_back_to_the_raw_ooxml(fallback: StructuredDocument) -> None:
    prov = fallback.provenance
    assert prov.pipeline == OOXML_FALLBACK and prov.degraded
    assert "Docling" in (prov.degraded_reason or "")
    assert fallback.text.split("\n\n") == [
        "Vertrag Müller",
        "Die Gebühr für die Straße beträgt 100 EUR.",
        "Name | Betrag\nMüller | 4711",
        "Haftung",
        "Die Haftung ist beschränkt.",
    ]
    assert [(s.level, s.title) for s in fallback.sections] == [
        (1, "Vertrag Müller"),
        (2, "Haftung"),
    ]
    assert fallback.tables[0].rows == [["Name", "Betrag"], ["Müller", "4711"]]
    assert "# Vertrag Müller" in fallback.markdown and "| Müller | 4711 |" in fallback.markdown
    assert fallback.metadata["title"] == "Mandatsvereinbarung"


def test_fallback_keeps_numbering_revisions_and_comments() -> None:
    lost = edit_package(
        (NUMBERED / "vertrag.docx").read_bytes(), {"word/_rels/document.xml.rels": missing_part}
    )
    result = _convert(lost)
    doc = result.document
    assert doc.provenance.pipeline == OOXML_FALLBACK
    assert degradation_of(result) == OOXML_FALLBACK
    assert "§ 2 Haftung\n\n(1) Die Haftung der Verkäuferin ist auf EUR 75.000 begrenzt." in doc.text
    assert {(r.kind, r.author, r.text) for r in doc.revisions} == {
        ("delete", "Bob Berater", "50.000"),
        ("insert", "Alice Anwalt", "75.000"),
    }
    assert [c.author for c in doc.comments] == ["Carla Counsel"]
    assert "50.000" not in doc.text


def test_a_package_without_its_document_part_is_still_refused() -> None:
    lost = edit_package(
        samples.make_docx(),
        {"word/document.xml": None, "word/_rels/document.xml.rels": missing_part},
    )
    with pytest.raises(UnsupportedDocument):
        _convert(lost)


def test_malformed_document_xml_is_still_refused() -> None:
    def broken(xml: str) -> str:
        return xml.replace("</w:body>", "")

    with pytest.raises(UnsupportedDocument, match=r"not a valid DOCX|well-formed"):
        _convert(edit_package(samples.make_docx(), {"word/document.xml": broken}))
