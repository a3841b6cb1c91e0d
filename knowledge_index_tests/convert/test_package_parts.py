"""What a reader sees besides the body is in the converted text: headers, footers, notes,
comments of every Office format, speaker notes and chart data, each said once."""

from __future__ import annotations

import pytest

from knowledge_index.convert import ConvertOptions, convert_bytes
from knowledge_index.convert.model import StructuredDocument
from knowledge_index_tests.convert import samples


def _convert(data: bytes, name: str) -> StructuredDocument:
    return convert_bytes(data, name, ConvertOptions()).document


def _block(doc: StructuredDocument, title: str) -> list[str]:
    """The paragraphs under one appended heading."""
    paragraphs = doc.text.split("\n\n")
    start = paragraphs.index(title) + 1
    titles = {s.title for s in doc.sections}
    end = next((i for i in range(start, len(paragraphs)) if paragraphs[i] in titles), None)
    return paragraphs[start:end]


@pytest.fixture(scope="module")
def parts() -> StructuredDocument:
    return _convert((samples.OFFICE / "parts.docx").read_bytes(), "parts.docx")


def test_docx_header_footer_footnote_endnote(parts: StructuredDocument) -> None:
    assert _block(parts, "Header") == ["Vertraulich Kanzlei Quast Rechtsanwälte"]
    assert _block(parts, "Footer") == ["Aktenzeichen 4711/24 Seitenfuß"]
    assert _block(parts, "Footnotes") == ["Fälligkeit jeweils zum dritten Werktag."]
    assert _block(parts, "Endnotes") == ["Barkaution oder Bürgschaft einer Großbank."]
    assert {s.title for s in parts.sections} >= {"Header", "Footer", "Footnotes", "Endnotes"}
    assert "## Footnotes" in parts.markdown


def test_text_box_docling_kept_is_not_repeated(parts: StructuredDocument) -> None:
    assert parts.text.count("Hinweis im Textfeld Schönheitsreparaturen") == 1
    assert "Text boxes" not in parts.text


def test_docx_comments_stay_in_the_comment_list() -> None:
    # Parties and document type are read from the text; a reviewer's note is not the contract.
    doc = _convert((samples.NUMBERED / "vertrag.docx").read_bytes(), "vertrag.docx")
    assert "höchstens" not in doc.text and "Comments" not in doc.text
    assert [c.text for c in doc.comments] == ["Mandant akzeptiert höchstens 75.000."]


def test_docx_fallback_keeps_the_extra_parts() -> None:
    lost = samples.edit_package(
        (samples.OFFICE / "parts.docx").read_bytes(),
        {"word/_rels/document.xml.rels": samples.missing_part},
    )
    doc = _convert(lost, "parts.docx")
    assert doc.provenance.pipeline == "ooxml-fallback"
    assert _block(doc, "Footnotes") == ["Fälligkeit jeweils zum dritten Werktag."]
    assert doc.text.count("Hinweis im Textfeld Schönheitsreparaturen") == 1


def test_pptx_chart_data_and_speaker_notes() -> None:
    doc = _convert(samples.make_chart_pptx(), "deck.pptx")
    assert _block(doc, "Charts") == [
        "Umsatz Mio EUR: Geschäftsjahr 2022 12.5; Geschäftsjahr 2023 17.25",
        "EBITDA Mio EUR: Geschäftsjahr 2022 3.1; Geschäftsjahr 2023 4.4",
    ]
    assert doc.text.count("Kennzahlen Wachstum") == 1  # the title Docling kept
    assert _block(doc, "Speaker notes") == ["Slide 1: Sprechernotiz: Kaufpreisanpassung erwähnen"]


def test_pptx_legacy_comment_written_by_libreoffice() -> None:
    doc = _convert((samples.OFFICE / "talk.pptx").read_bytes(), "talk.pptx")
    assert _block(doc, "Comments") == ["Slide 1, Erik Associate: Zahlen mit Datenraum abgleichen"]
    (comment,) = doc.comments
    assert (comment.author, comment.anchored_text) == ("Erik Associate", "Slide 1")
    assert comment.date is not None and comment.date.year == 2024


def test_pptx_modern_comment_with_reply() -> None:
    doc = _convert(samples.with_modern_comment(samples.make_chart_pptx()), "deck.pptx")
    assert _block(doc, "Comments") == [
        "Slide 1, Greta Gutachterin: Quelle der Umsatzzahlen angeben",
        "Slide 1, Hans Mandant: Aus dem testierten Abschluss",
    ]
    assert [c.author for c in doc.comments] == ["Greta Gutachterin", "Hans Mandant"]


def test_xlsx_cell_comment() -> None:
    doc = _convert(samples.make_commented_xlsx(), "honorare.xlsx")
    assert "Größe AG | 1234" in doc.text
    assert _block(doc, "Comments") == [
        "Honorare!B2, Dora Partnerin: Rabatt mit Partnerin abgestimmt"
    ]
    assert doc.comments[0].anchored_text == "Honorare!B2"


def test_xlsx_threaded_comments_and_replies() -> None:
    doc = _convert(samples.make_commented_xlsx(threaded=True), "honorare.xlsx")
    assert _block(doc, "Comments") == [
        "Honorare!A3, Ina Buchhaltung: Klein KG zahlt in Raten",
        "Honorare!A3, Jan Partner: Ratenplan liegt in der Akte",
        "Honorare!B2, Dora Partnerin: Rabatt mit Partnerin abgestimmt",
    ]
