"""A DOCX Docling refuses because of its markup, rebuilt from the raw OOXML instead of lost.

python-docx (under Docling) gives up on packages Word opens fine: a relationship to a part
the export left out, markup it has no class for. Such a file is still a readable
word/document.xml, so its accepted text is read here in body order, with headings (from the
paragraph styles' names and outline levels), tables, and the revisions and comments
ooxml.py reads anyway. Layout Docling would add (reading order across columns, pictures) is
what is lost; the document is marked degraded with the reason.
"""

from __future__ import annotations

import re
import time
from importlib.metadata import version
from typing import Any

from lxml import etree

from knowledge_index.convert import ooxml, ooxml_parts
from knowledge_index.convert.model import Provenance, Section, StructuredDocument, Table

PIPELINE = "ooxml-fallback"
W = ooxml.W
_P, _TBL, _SDT, _TR, _TC = (f"{{{W}}}{n}" for n in ("p", "tbl", "sdt", "tr", "tc"))
_HEADING_NAME = re.compile(r"^(?:heading|überschrift)\s*(\d)$", re.I)


def _val(element: etree._Element | None, path: str) -> str | None:
    if element is None:
        return None
    child = element.find(path, {"w": W})
    return child.get(f"{{{W}}}val") if child is not None else None


def _heading_levels(styles: etree._Element | None) -> dict[str, int]:
    """Paragraph style id -> heading level (0 for the title), by name or outline level."""
    levels: dict[str, int] = {}
    if styles is None:
        return levels
    for style in styles.iter(f"{{{W}}}style"):
        style_id = style.get(f"{{{W}}}styleId") or ""
        name = (_val(style, "w:name") or "").strip()
        outline = _val(style, "w:pPr/w:outlineLvl")
        match = _HEADING_NAME.match(name)
        if name.lower() == "title":
            levels[style_id] = 0
        elif match:
            levels[style_id] = int(match.group(1))
        elif outline is not None and outline.isdigit() and int(outline) < 9:
            levels[style_id] = int(outline) + 1
    return levels


def _paragraph_text(paragraph: etree._Element) -> str:
    parts = []
    for node in paragraph.iter(f"{{{W}}}t", f"{{{W}}}tab", f"{{{W}}}br", f"{{{W}}}cr"):
        # A text box is stored twice (DrawingML and its VML fallback): read it once.
        if any(a.tag == f"{{{ooxml.MC}}}Fallback" for a in node.iterancestors()):
            continue
        if node.tag == f"{{{W}}}t":
            parts.append(node.text or "")
        else:
            parts.append(" " if node.tag == f"{{{W}}}tab" else "\n")
    return re.sub(r"[ \t]+", " ", "".join(parts)).strip()


def _cell_text(cell: etree._Element) -> str:
    return " ".join(t for p in cell.iter(_P) if (t := _paragraph_text(p)))


def _blocks(container: etree._Element) -> list[etree._Element]:
    """Body-level paragraphs and tables in order; content controls are unwrapped."""
    out: list[etree._Element] = []
    for child in container:
        if child.tag in (_P, _TBL):
            out.append(child)
        elif child.tag == _SDT:
            content = child.find(f"{{{W}}}sdtContent")
            if content is not None:
                out.extend(_blocks(content))
    return out


def _markdown_table(rows: list[list[str]]) -> str:
    width = max(len(row) for row in rows)
    padded = [row + [""] * (width - len(row)) for row in rows]
    lines = ["| " + " | ".join(cell.replace("|", "\\|") for cell in row) + " |" for row in padded]
    lines.insert(1, "|" + " --- |" * width)
    return "\n".join(lines)


def convert_docx_fallback(
    data: bytes, prepared: bytes, filename: str, failure: str, started: float
) -> StructuredDocument:
    """`prepared` is the accepted, numbered package (prepare_input); `data` the original."""
    document = ooxml.read_part(prepared, "word/document.xml")
    assert document is not None  # checked by the caller
    headings = _heading_levels(ooxml.read_part(prepared, "word/styles.xml"))
    body = document.find(f"{{{W}}}body")
    chunks: list[str] = []
    markdown: list[str] = []
    sections: list[Section] = []
    tables: list[Table] = []
    offset = 0
    for block in _blocks(body if body is not None else document):
        if block.tag == _TBL:
            rows = [[_cell_text(c) for c in row.iter(_TC)] for row in block.iter(_TR)]
            rows = [row for row in rows if any(row)]
            if not rows:
                continue
            tables.append(Table(rows=rows))
            piece = "\n".join(" | ".join(row) for row in rows)
            markdown.append(_markdown_table(rows))
        else:
            piece = _paragraph_text(block)
            if not piece:
                continue
            level = headings.get(_val(block, "w:pPr/w:pStyle") or "")
            outline = _val(block, "w:pPr/w:outlineLvl")
            if level is None and outline is not None and outline.isdigit() and int(outline) < 9:
                level = int(outline) + 1
            if level is not None:
                sections.append(Section(level=level, title=piece, start=offset))
                markdown.append("#" * max(level, 1) + " " + piece)
            else:
                markdown.append(piece)
        chunks.append(piece)
        offset += len(piece) + 2
    metadata: dict[str, Any] = dict(ooxml.core_properties(data))
    if "title" not in metadata and sections:
        metadata["title"] = sections[0].title
    document = StructuredDocument(
        format="docx",
        text="\n\n".join(chunks),
        markdown="\n\n".join(markdown),
        sections=sections,
        tables=tables,
        metadata=metadata,
        revisions=ooxml.extract_revisions(data),
        comments=ooxml.extract_comments(data),
        provenance=Provenance(
            converter="ooxml",
            converter_version=f"lxml{version('lxml')}",
            pipeline=PIPELINE,
            degraded=True,
            degraded_reason=(
                f"Docling could not read the DOCX ({failure}); text, headings, tables, "
                "revisions and comments rebuilt from the raw OOXML, without Docling's layout"
            ),
            timings={"total": time.perf_counter() - started},
        ),
    )
    return ooxml_parts.with_package_extras(document, data)
