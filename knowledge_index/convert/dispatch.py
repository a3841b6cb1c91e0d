"""Which path a Docling-family document takes: docling-serve, the PDF/OCR paths, or Docling here.

Kept apart from the backends so each backend imports only the shared Docling helpers it uses,
never the dispatcher that imports it back.
"""

from __future__ import annotations

import time

from knowledge_index.convert.docling_backend import build_document, prepare_input, run_docling
from knowledge_index.convert.model import DocumentFormat, StructuredDocument
from knowledge_index.convert.options import ConvertOptions


def convert_with_docling(
    data: bytes, fmt: DocumentFormat, filename: str, options: ConvertOptions
) -> StructuredDocument:
    started = time.perf_counter()
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
