"""Docling for the office formats, HTML, Markdown, CSV, PDF and images.

Docling reports a half-converted document as PARTIAL_SUCCESS without raising, so every result's
status is checked here and anything but SUCCESS is refused: half a document is never stored.
"""

from __future__ import annotations

import functools
import io
import re
import time
from importlib.metadata import version
from pathlib import Path
from typing import Any

from knowledge_index.convert import ocr, ooxml, ooxml_parts
from knowledge_index.convert.model import (
    DocumentFormat,
    Page,
    Provenance,
    Section,
    StructuredDocument,
    Table,
)
from knowledge_index.convert.options import ConvertOptions
from knowledge_index.convert.text import decode_text
from knowledge_index.errors import ConversionTimeout, InfrastructureError, UnsupportedDocument

DEGRADED_PDF_REASON = (
    "Docling layout/table models not provisioned (docling_artifacts_path unset): PDF read from "
    "its text layer only, without reading order, headings or table structure"
)
SUFFIX = {"docx": ".docx", "pptx": ".pptx", "xlsx": ".xlsx", "html": ".html",
           "markdown": ".md", "csv": ".csv", "pdf": ".pdf", "image": ".png"}  # fmt: skip
_META_CHARSET = re.compile(rb"<meta[^>]+charset[^>]*>", re.I)


def docling_version() -> str:
    return version("docling")


def _ocr_options(languages: list[str], threads: int) -> Any:
    from docling.datamodel.pipeline_options import EasyOcrOptions, RapidOcrOptions

    engine, used, _note = ocr.engine_for(languages)
    if engine == "rapidocr":
        # PP-OCRv6 is one multilingual model; German covers English's alphabet too.
        return RapidOcrOptions(lang=["de" if "de" in used else used[0]])
    return EasyOcrOptions(
        lang=used, model_storage_directory=ocr.easyocr_model_dir(), download_enabled=False
    )


@functools.cache
def _converter(artifacts_path: str | None, languages: tuple[str, ...], threads: int) -> Any:
    from docling.datamodel.accelerator_options import AcceleratorOptions
    from docling.datamodel.base_models import InputFormat
    from docling.datamodel.pipeline_options import (
        NativePdfPipelineOptions,
        PdfPipelineOptions,
        TableFormerMode,
    )
    from docling.document_converter import (
        DocumentConverter,
        ImageFormatOption,
        NativePdfFormatOption,
        PdfFormatOption,
    )

    formats = [InputFormat.DOCX, InputFormat.PPTX, InputFormat.XLSX, InputFormat.HTML,
               InputFormat.MD, InputFormat.CSV, InputFormat.PDF]  # fmt: skip
    if artifacts_path is None:
        from docling.backend.pypdfium2_backend import PyPdfiumDocumentBackend

        # PDFium reads the text layer as written; docling-parse turns typographic dashes and
        # quotes into ASCII ("Project Enzian – Sigmatech" became "Project Enzian - Sigmatech",
        # so no title matched what the page shows), and is no faster here (1.05 s against
        # 1.21 s for the 129 PDFs of the evaluation estates).
        pdf_option: Any = NativePdfFormatOption(
            pipeline_options=NativePdfPipelineOptions(
                parser_threads=threads, generate_page_images=False, generate_picture_images=False
            ),
            backend=PyPdfiumDocumentBackend,
        )
        return DocumentConverter(
            allowed_formats=formats, format_options={InputFormat.PDF: pdf_option}
        )
    pipeline = PdfPipelineOptions(
        artifacts_path=artifacts_path,
        do_ocr=True,
        ocr_options=_ocr_options(list(languages), threads),
        do_table_structure=True,
        accelerator_options=AcceleratorOptions(num_threads=threads, device="cpu"),
    )
    # Docling types the field as the base options class; the default instance has `mode`.
    pipeline.table_structure_options.mode = TableFormerMode.ACCURATE  # type: ignore[attr-defined]
    return DocumentConverter(
        allowed_formats=[*formats, InputFormat.IMAGE],
        format_options={
            InputFormat.PDF: PdfFormatOption(pipeline_options=pipeline),
            InputFormat.IMAGE: ImageFormatOption(pipeline_options=pipeline),
        },
    )


def run_docling(data: bytes, fmt: DocumentFormat, filename: str, options: ConvertOptions) -> Any:
    from docling.datamodel.base_models import ConversionStatus, DocumentStream, FailureCategory

    artifacts = str(options.docling_artifacts_path) if options.docling_artifacts_path else None
    stem = Path(filename).stem or "document"
    try:
        converter = _converter(artifacts, tuple(options.ocr_languages), options.threads_per_worker)
        result = converter.convert(
            DocumentStream(name=stem + SUFFIX[fmt], stream=io.BytesIO(data)),
            raises_on_error=False,
        )
    except Exception as exc:
        if artifacts is not None and (
            isinstance(exc, OSError) or "artifacts_path" in str(exc) or "model" in str(exc).lower()
        ):
            # The models are the installation's fault, not the document's: retry, not quarantine.
            raise InfrastructureError(
                f"Docling models missing or unreadable under {artifacts}: {exc}",
                reason="docling_models_missing",
            ) from exc
        raise UnsupportedDocument(f"{fmt} {filename!r}: Docling failed ({exc})") from exc
    errors = [f"{e.error_message}" for e in result.errors]
    if any(e.category == FailureCategory.TIMEOUT for e in result.errors):
        raise ConversionTimeout(f"{fmt} {filename!r}: Docling timed out ({'; '.join(errors)})")
    if result.status != ConversionStatus.SUCCESS or result.errors:
        detail = "; ".join(errors) or "no error detail"
        raise UnsupportedDocument(
            f"{fmt} {filename!r}: Docling returned {result.status.value} ({detail})"
        )
    return result.document


def _structure(doc: Any) -> tuple[str, list[Section], list[Table], list[Page]]:
    from docling_core.types.doc import (
        GroupItem,
        InlineGroup,
        PictureItem,
        SectionHeaderItem,
        TableItem,
        TitleItem,
    )

    chunks: list[str] = []
    offset = 0
    sections: list[Section] = []
    tables: list[Table] = []
    page_parts: dict[int, list[str]] = {}
    inline_parts: set[str] = set()
    for item, _level in doc.iterate_items(with_groups=True):
        if isinstance(item, PictureItem) or item.self_ref in inline_parts:
            continue
        if isinstance(item, InlineGroup):
            # "Text with **bold**." is one paragraph, not three.
            parts = [ref.resolve(doc) for ref in item.children]
            inline_parts.update(part.self_ref for part in parts)
            piece = " ".join((getattr(p, "text", "") or "").strip() for p in parts).strip()
            piece = re.sub(r" ([.,;:!?])", r"\1", piece)
            item = next((p for p in parts if getattr(p, "prov", None)), item)
        elif isinstance(item, GroupItem):
            continue
        elif isinstance(item, TableItem):
            rows = [[cell.text for cell in row] for row in item.data.grid]
            caption = item.caption_text(doc) or None
            tables.append(Table(caption=caption, rows=rows))
            piece = "\n".join(" | ".join(row) for row in rows)
        else:
            piece = (getattr(item, "text", "") or "").strip()
        if not piece:
            continue
        if isinstance(item, (SectionHeaderItem, TitleItem)):
            level = getattr(item, "level", 0) if isinstance(item, SectionHeaderItem) else 0
            sections.append(Section(level=level, title=piece, start=offset))
        chunks.append(piece)
        offset += len(piece) + 2
        for prov in getattr(item, "prov", [])[:1]:
            page_parts.setdefault(prov.page_no, []).append(piece)
    pages = [Page(number=n, text="\n".join(parts)) for n, parts in sorted(page_parts.items())]
    return "\n\n".join(chunks), sections, tables, pages


def prepare_input(data: bytes, fmt: DocumentFormat, filename: str) -> bytes:
    if fmt == "docx":
        try:
            return ooxml.accept_all_changes(data)
        except Exception as exc:
            raise UnsupportedDocument(f"docx {filename!r} is not a valid DOCX ({exc})") from exc
    if fmt in ("html", "markdown", "csv"):
        # Our own charset detection (cp1252 umlauts) wins; a BOM makes the parsers agree.
        text, _encoding = decode_text(data, filename)
        encoded = text.encode("utf-8")
        if fmt == "html":
            return b"\xef\xbb\xbf" + _META_CHARSET.sub(b"", encoded)
        return encoded
    return data


def build_document(
    doc: Any,
    fmt: DocumentFormat,
    data: bytes,
    filename: str,
    started: float,
    *,
    pipeline: str,
    provenance: dict[str, Any] | None = None,
) -> StructuredDocument:
    for item in doc.texts:
        # PDFium marks a hyphen the layout broke a word at with U+0002 ("De\x02" / "minimis").
        if "\x02" in item.text:
            item.text = item.text.replace("\x02", "-")
    text, sections, tables, pages = _structure(doc)
    metadata: dict[str, Any] = {}
    revisions, comments = [], []
    if fmt in ("docx", "pptx", "xlsx"):
        metadata.update(ooxml.core_properties(data))
    if fmt == "docx":
        revisions = ooxml.extract_revisions(data)
        comments = ooxml.extract_comments(data)
    if "title" not in metadata and sections:
        metadata["title"] = sections[0].title
    document = StructuredDocument(
        format=fmt,
        text=text,
        markdown=doc.export_to_markdown(),
        pages=pages,
        sections=sections,
        tables=tables,
        metadata=metadata,
        revisions=revisions,
        comments=comments,
        provenance=Provenance(
            converter="docling",
            converter_version=docling_version(),
            pipeline=pipeline,
            timings={"total": time.perf_counter() - started},
            **(provenance or {}),
        ),
    )
    if fmt in ("docx", "pptx", "xlsx"):
        document = ooxml_parts.with_package_extras(document, data)
    return document
