"""convert: the fetched blob becomes one structured_json artifact per content hash."""

from knowledge_index.stages.stage import Stage

STAGE = Stage(
    name="convert",
    # ki-3: PDFs without Docling's models read their text layer through PDFium, which keeps
    # typographic dashes and quotes (docling-parse made them ASCII).
    # ki-4: a DOCX table without its column grid (w:tblGrid) gets one before Docling reads it;
    # Docling dropped every cell of such a table.
    code_version="ki-4",
    description="One structured_json artifact per content hash (text, sections, tables, "
    "tracked changes, comments, e-mail headers); containers become child documents.",
    handler=f"{__name__}.handler:ConvertHandler",
    unavoidable_degradations=f"{__name__}.handler:unavoidable_degradations",
    warm_up=f"{__name__}.handler:warm_up",
    degradation_hints={
        "pdf-text-layer": "PDFs read from their text layer only: provision Docling's layout"
        " models and set KI_CONVERT__DOCLING_ARTIFACTS_PATH",
        "ocr-without-german": "scans OCR'd without German: install an OCR engine with German",
        "ooxml-fallback": "DOCX files Docling could not read (markup python-docx rejects):"
        " text, headings, tables, revisions and comments rebuilt from the raw OOXML, without"
        " Docling's layout; the reason is in each artifact's provenance",
        "no-libreoffice": "legacy Office/OpenDocument/RTF files not converted: install"
        " LibreOffice (apt-get install libreoffice-writer-nogui libreoffice-calc-nogui"
        " libreoffice-impress-nogui)",
        "no-libpff": "Outlook .pst/.ost mailboxes not unpacked: pip install"
        " 'knowledge-index[pst]' (libpff-python)",
    },
)
