"""PDFs and scans: Docling when its models are provisioned, else text layer plus our own OCR."""

from __future__ import annotations

import io
import time
from importlib.metadata import version

from knowledge_index.convert import ocr
from knowledge_index.convert.docling_backend import (
    DEGRADED_PDF_REASON,
    build_document,
    run_docling,
)
from knowledge_index.convert.model import Page, Provenance, StructuredDocument
from knowledge_index.convert.options import ConvertOptions
from knowledge_index.errors import UnsupportedDocument

_OCR_SCALE = 2.0  # 144 dpi: small print stays legible without quadrupling OCR time
_EOF_WINDOW = 8192


def open_pdf(data: bytes, filename: str):
    import pypdfium2 as pdfium

    # A PDF cut off mid-transfer is often "repaired" by the parsers into fewer pages;
    # that is half a document, so a missing end marker is refused up front.
    if b"%%EOF" not in data[-_EOF_WINDOW:]:
        raise UnsupportedDocument(f"pdf {filename!r} is truncated (no %%EOF end marker)")
    try:
        document = pdfium.PdfDocument(data)
    except pdfium.PdfiumError as exc:
        if "password" in str(exc).lower():
            raise UnsupportedDocument(
                f"pdf {filename!r} is encrypted (password-protected) and cannot be read"
            ) from exc
        raise UnsupportedDocument(f"pdf {filename!r} is corrupt or truncated ({exc})") from exc
    if len(document) == 0:
        raise UnsupportedDocument(f"pdf {filename!r} has no pages")
    return document


def _pages_without_text(document) -> list[int]:
    empty = []
    for index in range(len(document)):
        textpage = document[index].get_textpage()
        if not textpage.get_text_range().strip():
            empty.append(index + 1)
    return empty


def _rotation(rotated: dict[str, int]) -> dict[str, dict[str, int]]:
    """Pages scanned sideways or upside down, and the turn (degrees counter-clockwise) OCR used."""
    return {"ocr_rotated_pages": rotated} if rotated else {}


def no_text_error(kind: str, filename: str) -> UnsupportedDocument:
    return UnsupportedDocument(
        f"{kind} {filename!r} has no extractable text (no text layer, OCR found nothing); "
        f"if it is a scan, {ocr.INSTALL_HINT}"
    )


def convert_pdf(data: bytes, filename: str, options: ConvertOptions) -> StructuredDocument:
    started = time.perf_counter()
    document = open_pdf(data, filename)
    try:
        blank = _pages_without_text(document)
        if options.docling_artifacts_path is not None:
            doc = run_docling(data, "pdf", filename, options)
            full_engine, full_used, _ = ocr.engine_for(options.ocr_languages)
            result = build_document(
                doc, "pdf", data, filename, started, pipeline="docling-standard",
                provenance={"ocr_engine": full_engine if blank else None,
                            "ocr_languages": full_used if blank else [], "ocr_pages": blank},
            )  # fmt: skip
            if not result.text.strip():
                raise no_text_error("pdf", filename)
            return result
        native = run_docling(data, "pdf", filename, options)
        result = build_document(
            native, "pdf", data, filename, started, pipeline="docling-native-text-layer"
        )
        reason = DEGRADED_PDF_REASON
        ocr_pages: dict[int, str] = {}
        rotated: dict[str, int] = {}
        engine: str | None = None
        used: list[str] = []
        if blank:
            for number in blank:
                image = document[number - 1].render(scale=_OCR_SCALE).to_pil()
                found = ocr.ocr_image(image, options.ocr_languages)
                engine, used = found.engine, found.languages
                reason = f"{reason}; {found.note}" if found.note else reason
                ocr_pages[number] = found.text
                if found.rotated:
                    rotated[str(number)] = found.rotated
        pages = {page.number: page.text for page in result.pages}
        pages.update(ocr_pages)
        ordered = [Page(number=n, text=t) for n, t in sorted(pages.items()) if t.strip()]
        if not ordered:
            raise no_text_error("pdf", filename)
        text = "\n\n".join(page.text for page in ordered)
        return result.model_copy(
            update={
                "text": text,
                "markdown": text if ocr_pages else result.markdown,
                "pages": ordered,
                "metadata": {**result.metadata, **_rotation(rotated)},
                "provenance": result.provenance.model_copy(
                    update={
                        "degraded": True,
                        "degraded_reason": reason,
                        "ocr_engine": engine,
                        "ocr_languages": used,
                        "ocr_pages": sorted(ocr_pages),
                        "timings": {"total": time.perf_counter() - started},
                    }
                ),
            }
        )
    finally:
        document.close()


def convert_image_with_ocr(
    data: bytes, filename: str, options: ConvertOptions
) -> StructuredDocument:
    """A scan without Docling's layout model: every frame OCR'd as one page."""
    from PIL import Image, ImageSequence, UnidentifiedImageError

    started = time.perf_counter()
    try:
        image = Image.open(io.BytesIO(data))
        frames = [frame.copy() for frame in ImageSequence.Iterator(image)]
    except (UnidentifiedImageError, OSError, Image.DecompressionBombError) as exc:
        raise UnsupportedDocument(f"image {filename!r} cannot be decoded ({exc})") from exc
    pages: list[Page] = []
    rotated: dict[str, int] = {}
    found = None
    for number, frame in enumerate(frames, start=1):
        found = ocr.ocr_image(frame, options.ocr_languages)
        if found.text.strip():
            pages.append(Page(number=number, text=found.text))
        if found.rotated:
            rotated[str(number)] = found.rotated
    if not pages or found is None:
        raise no_text_error("image", filename)
    text = "\n\n".join(page.text for page in pages)
    reason = "image OCR'd without Docling's layout model (docling_artifacts_path unset)"
    return StructuredDocument(
        format="image",
        text=text,
        markdown=text,
        pages=pages,
        metadata={"width": frames[0].width, "height": frames[0].height, **_rotation(rotated)},
        provenance=Provenance(
            converter=found.engine,
            converter_version=version(found.engine),
            pipeline=f"ocr-{found.engine}",
            degraded=True,
            degraded_reason=f"{reason}; {found.note}" if found.note else reason,
            ocr_engine=found.engine,
            ocr_languages=found.languages,
            ocr_pages=[page.number for page in pages],
            timings={"total": time.perf_counter() - started},
        ),
    )
