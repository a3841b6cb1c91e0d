"""Which path a Docling-family document takes: docling-serve, the PDF/OCR paths, or Docling here.

Kept apart from the backends so each backend imports only the shared Docling helpers it uses,
never the dispatcher that imports it back.
"""

from __future__ import annotations

import time

from knowledge_index.convert import ooxml
from knowledge_index.convert.docling_backend import build_document, prepare_input, run_docling
from knowledge_index.convert.model import DocumentFormat, StructuredDocument
from knowledge_index.convert.options import ConvertOptions
from knowledge_index.errors import UnsupportedDocument


def convert_with_docling(
    data: bytes, fmt: DocumentFormat, filename: str, options: ConvertOptions
) -> StructuredDocument:
    started = time.perf_counter()
    if fmt == "docx":
        return _convert_docx(data, filename, options, started)
    if options.docling_url:
        from knowledge_index.convert.remote import convert_remote

        return convert_remote(data, fmt, filename, options)
    if fmt == "pdf":
        from knowledge_index.convert.pdf import convert_pdf

        return convert_pdf(data, filename, options)
    if fmt == "image" and options.docling_artifacts_path is None:
        from knowledge_index.convert.pdf import convert_image_with_ocr

        return convert_image_with_ocr(data, filename, options)
    doc = run_docling(prepare_input(data, fmt, filename), fmt, filename, options)
    return build_document(doc, fmt, data, filename, started, pipeline="docling-standard")


def _convert_docx(
    data: bytes, filename: str, options: ConvertOptions, started: float
) -> StructuredDocument:
    """Docling first; a package it refuses but whose document.xml reads is rebuilt from that.

    Not a zip, no document.xml or malformed XML fail in prepare_input or the fallback's own
    reading and stay UnsupportedDocument.
    """
    prepared = prepare_input(data, "docx", filename)
    try:
        if options.docling_url:
            from knowledge_index.convert.remote import convert_remote

            return convert_remote(data, "docx", filename, options)
        doc = run_docling(prepared, "docx", filename, options)
    except UnsupportedDocument as exc:
        if ooxml.read_part(prepared, "word/document.xml") is None:
            raise
        from knowledge_index.convert.ooxml_fallback import convert_docx_fallback

        return convert_docx_fallback(data, prepared, filename, str(exc), started)
    return build_document(doc, "docx", data, filename, started, pipeline="docling-standard")
