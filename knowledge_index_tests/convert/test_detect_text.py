"""Type detection by content and charset-aware text decoding."""

from __future__ import annotations

import pytest

from knowledge_index.convert import ConvertOptions, convert_bytes, detect_format
from knowledge_index.convert.text import decode_text
from knowledge_index.errors import UnsupportedDocument
from knowledge_index_tests.convert import samples

GERMAN = "Müller Straße Gebühr"


@pytest.mark.parametrize("encoding", ["cp1252", "latin-1", "utf-8", "utf-16"])
def test_german_text_keeps_umlauts_in_every_common_encoding(encoding: str) -> None:
    text, _ = decode_text(GERMAN.encode(encoding), "brief.txt")
    assert text == GERMAN


def test_cp1252_specials_survive() -> None:
    original = "Die Gebühr beträgt 100 € – „zahlbar“ an Müller."
    text, used = decode_text(original.encode("cp1252"), "brief.txt")
    assert text == original and used == "cp1252"


def test_text_document_through_convert_bytes() -> None:
    result = convert_bytes(GERMAN.encode("cp1252"), "brief.txt", ConvertOptions())
    assert result.document.format == "text"
    assert result.document.text == GERMAN
    assert result.document.provenance.pipeline == "text"


@pytest.mark.parametrize(
    ("maker", "wrong_name", "expected"),
    [
        (samples.make_docx, "contract.pdf", "docx"),
        (samples.make_pptx, "deck.docx", "pptx"),
        (samples.make_xlsx, "sheet.txt", "xlsx"),
        (lambda: samples.make_text_pdf([["x"]]), "scan.docx", "pdf"),
        (lambda: samples.make_png(["x"]), "photo.pdf", "image"),
        (samples.make_eml, "mail.txt", "email"),
        (lambda: samples.make_zip({"a.txt": b"a"}), "archive.docx", "zip"),
        (lambda: b"<!DOCTYPE html><html><body><p>Hallo</p></body></html>", "x.txt", "html"),
        (lambda: b"# Title\n\nSome text\n", "notes.txt.bak", "markdown"),
        (lambda: "Name;Betrag\nMüller;12\nSchulz;13\n".encode(), "export.dat", "csv"),
        (lambda: b"just a plain note\nwith two lines\n", "note.md.old", "text"),
    ],
)
def test_content_wins_over_extension(maker, wrong_name: str, expected: str) -> None:
    assert detect_format(maker(), wrong_name) == expected


@pytest.mark.parametrize(
    ("data", "name", "cause"),
    [
        (b"", "empty.docx", "empty"),
        (b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"\0" * 600, "old.doc", "OLE2"),
        (b"MZ\x90\x00\x03" + bytes(range(256)) * 4, "setup.pdf", "executable"),
        (bytes(range(256)) * 16, "blob.bin", "binary"),
        (b"PK\x03\x04 this is not really a zip", "contract.docx", "zip"),
    ],
)
def test_unsupported_inputs_name_the_cause(data: bytes, name: str, cause: str) -> None:
    with pytest.raises(UnsupportedDocument, match=cause):
        convert_bytes(data, name, ConvertOptions())
