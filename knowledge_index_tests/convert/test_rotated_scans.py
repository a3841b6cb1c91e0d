"""A page scanned sideways (90 or 270 degrees) or upside down is OCR'd upright, in order.

The page is LibreOffice's PDF of office/scan.fodt rendered by pdfium, then turned: what a
scanner fed the wrong way round delivers. Without turning it, RapidOCR still reads most lines
but out of order and some as garbage.
"""

from __future__ import annotations

import io

import pytest

from knowledge_index.convert import ConvertOptions, convert_bytes, ocr
from knowledge_index_tests.convert import samples

pytestmark = pytest.mark.skipif(not ocr.rapidocr_available(), reason="RapidOCR not installed")

LINES = [
    "Mietvertrag über Gewerberäume",
    "zwischen der Nordlicht Immobilien GmbH als Vermieterin",
    "und der Bäckerei Sommer KG als Mieterin.",
]


def _page(turn: int):
    import pypdfium2 as pdfium

    document = pdfium.PdfDocument((samples.OFFICE / "scan.pdf").read_bytes())
    try:
        image = document[0].render(scale=2.0).to_pil().convert("L")
    finally:
        document.close()
    return image.rotate(turn, expand=True) if turn else image


def _squash(text: str) -> str:
    return "".join(text.split()).lower()


@pytest.mark.parametrize("turn", [90, 270])
def test_sideways_png_scan_reads_in_order(turn: int) -> None:
    buf = io.BytesIO()
    _page(turn).save(buf, format="PNG")
    doc = convert_bytes(buf.getvalue(), "scan.png", ConvertOptions()).document
    lines = [_squash(line) for line in doc.text.splitlines()]
    assert lines[:3] == [_squash(line) for line in LINES], doc.text
    assert "2.400" in doc.text and "dreiMonatsmieten" in doc.text.replace(" ", "")
    assert doc.metadata["ocr_rotated_pages"] == {"1": 360 - turn}


def test_upside_down_page_in_a_scanned_pdf() -> None:
    doc = convert_bytes(samples.image_pdf(_page(180)), "scan.pdf", ConvertOptions()).document
    assert [_squash(line) for line in doc.text.splitlines()][:3] == [_squash(x) for x in LINES]
    assert doc.metadata["ocr_rotated_pages"] == {"1": 180}


def test_upright_page_is_left_as_it_is() -> None:
    buf = io.BytesIO()
    _page(0).save(buf, format="PNG")
    doc = convert_bytes(buf.getvalue(), "scan.png", ConvertOptions()).document
    assert _squash(doc.text.splitlines()[0]) == _squash(LINES[0])
    assert "ocr_rotated_pages" not in doc.metadata
