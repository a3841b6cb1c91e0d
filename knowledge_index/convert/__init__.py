"""Bytes in, a StructuredDocument out: the domain side of the convert stage (no Dagster, no DB).

`convert_bytes` runs in the calling process and has no wall-clock fence of its own beyond
Docling's cooperative one; run it through `ConversionPool` for the hard timeout and memory cap.
"""

from __future__ import annotations

import hashlib
import time

from knowledge_index.convert.containers import (
    ContainerLimits,
    check_package,
    expand_zip,
    zip_listing,
)
from knowledge_index.convert.detect import detect_format
from knowledge_index.convert.model import (
    SCHEMA_VERSION,
    ChildDocument,
    ConversionResult,
    DocumentFormat,
    Provenance,
    StructuredDocument,
)
from knowledge_index.convert.options import ConvertOptions
from knowledge_index.errors import UnsupportedDocument
from knowledge_index.extras import require_convert

__all__ = [
    "ChildDocument",
    "ContainerLimits",
    "ConversionResult",
    "ConvertOptions",
    "StructuredDocument",
    "convert_bytes",
    "converter_fingerprint",
    "detect_format",
]


PACKAGE_FORMATS = frozenset({"docx", "pptx", "xlsx", "odt", "ods", "odp"})


def _convert_zip(data: bytes, filename: str, options: ConvertOptions) -> ConversionResult:
    started = time.perf_counter()
    children = expand_zip(data, filename, options.container_limits, depth=options.container_depth)
    listing = zip_listing(children)
    document = StructuredDocument(
        format="zip",
        text=listing,
        markdown=listing,
        metadata={"entries": len(children)},
        provenance=Provenance(
            converter="zipfile",
            converter_version="stdlib",
            pipeline="container",
            timings={"total": time.perf_counter() - started},
        ),
    )
    return ConversionResult(document=document, children=children)


def convert_bytes(data: bytes, filename: str, options: ConvertOptions) -> ConversionResult:
    """Convert one document.

    Raises UnsupportedDocument, ConversionTimeout or InfrastructureError (see errors.py).
    """
    fmt = detect_format(data, filename)
    if fmt == "zip":
        return _convert_zip(data, filename, options)
    if fmt == "email":
        require_convert("converting e-mail")  # lxml; zip and plain text need only the base
        from knowledge_index.convert.email import convert_email

        document, children = convert_email(
            data, filename, options.container_limits, depth=options.container_depth
        )
        return ConversionResult(document=document, children=children)
    if fmt == "msg":
        require_convert("converting Outlook .msg")  # lxml, as for any e-mail
        from knowledge_index.convert.outlook_msg import convert_msg

        document, children = convert_msg(
            data, filename, options.container_limits, depth=options.container_depth
        )
        return ConversionResult(document=document, children=children)
    if fmt == "pst":
        from knowledge_index.convert.pst import convert_pst

        return convert_pst(data, filename, options.container_limits, depth=options.container_depth)
    if fmt == "text":
        from knowledge_index.convert.text import convert_text

        return ConversionResult(document=convert_text(data, filename))
    if fmt in PACKAGE_FORMATS:
        # Office packages are zips: their parts (and anything embedded) pass the container
        # budget before a converter inflates them.
        check_package(data, filename, options.container_limits, depth=options.container_depth)
    require_convert(f"converting {fmt}")
    from knowledge_index.convert.dispatch import convert_with_docling
    from knowledge_index.convert.libreoffice import LEGACY_FORMATS

    if fmt in LEGACY_FORMATS:
        return _convert_legacy(data, fmt, filename, options)
    return ConversionResult(document=convert_with_docling(data, fmt, filename, options))


def _convert_legacy(
    data: bytes, fmt: DocumentFormat, filename: str, options: ConvertOptions
) -> ConversionResult:
    """LibreOffice into OOXML, then the OOXML path; without LibreOffice, degraded and said so."""
    from knowledge_index.convert import libreoffice
    from knowledge_index.convert.dispatch import convert_with_docling

    started = time.perf_counter()
    try:
        ooxml, target = libreoffice.to_ooxml(data, fmt, filename, options.timeout_seconds)
    except FileNotFoundError:
        reason = f"a .{fmt} file needs LibreOffice, which is not installed: " + (
            libreoffice.INSTALL_HINT
        )
        document = StructuredDocument(
            format=fmt,
            text="",
            metadata={"needs": "libreoffice"},
            provenance=Provenance(
                converter="none",
                converter_version="-",
                pipeline=libreoffice.NO_LIBREOFFICE,
                degraded=True,
                degraded_reason=reason,
                timings={"total": time.perf_counter() - started},
            ),
        )
        return ConversionResult(document=document)
    lo_seconds = time.perf_counter() - started
    document = convert_with_docling(ooxml, target, filename, options)
    document.provenance.converted_from = fmt
    document.provenance.timings["libreoffice"] = lo_seconds
    return ConversionResult(document=document)


def converter_fingerprint(options: ConvertOptions) -> str:
    """Identity of the converter for the producer version.

    It changes when provisioning PDF models or an OCR engine would change the output, so
    exactly the documents converted the degraded way are re-converted later.
    """
    from importlib.metadata import version

    from knowledge_index.convert import ocr

    pdf_mode = "pdf-full" if options.docling_artifacts_path else "pdf-text-layer"
    if options.docling_url:
        from knowledge_index.convert.remote import host_of

        pdf_mode = f"docling-serve@{host_of(options.docling_url)}"
    try:
        engine, languages, _ = ocr.engine_for(options.ocr_languages)
        ocr_mode = f"{engine}[{'+'.join(languages)}]"
    except UnsupportedDocument:
        ocr_mode = "no-ocr"
    parts = [
        f"schema{SCHEMA_VERSION}",
        f"docling{version('docling')}",
        pdf_mode,
        ocr_mode,
        f"zip{hashlib.sha256(options.container_limits.model_dump_json().encode()).hexdigest()[:8]}",
    ]
    return "convert:" + ":".join(parts)
