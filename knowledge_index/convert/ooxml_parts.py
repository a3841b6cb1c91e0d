"""What an Office package shows a reader besides its body, read from the raw OOXML.

Docling reads the body of a DOCX, the slides of a PPTX and the cells of an XLSX, and drops
the rest: headers, footers, footnotes and endnotes, comments (cell comments, threaded
comments, slide comments old and modern), speaker notes, and the data of charts (only a
chart's title survives). Each kind becomes one block of lines here; `append_blocks` adds the
lines the converted text does not already have, under a heading of their own, so search finds
a footnote's wording or a chart's figures and nothing is said twice.
"""

from __future__ import annotations

import io
import posixpath
import re
import zipfile
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime

from lxml import etree

from knowledge_index.convert.model import Comment, DocumentFormat, Section, StructuredDocument

W = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"
A = "http://schemas.openxmlformats.org/drawingml/2006/main"
C = "http://schemas.openxmlformats.org/drawingml/2006/chart"
P = "http://schemas.openxmlformats.org/presentationml/2006/main"
P188 = "http://schemas.microsoft.com/office/powerpoint/2018/8/main"
S = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
TC = "http://schemas.microsoft.com/office/spreadsheetml/2018/threadedcomments"
R = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
REL = "http://schemas.openxmlformats.org/package/2006/relationships"
MC = "http://schemas.openxmlformats.org/markup-compatibility/2006"
_PARSER = etree.XMLParser(resolve_entities=False, no_network=True, huge_tree=False)
_CHART = re.compile(r"^(?:word|ppt|xl)/charts/chart\d+\.xml$")
_SPACE = re.compile(r"\s+")
_KEEP = re.compile(r"[\W_]+")


@dataclass
class Block:
    title: str
    lines: list[str] = field(default_factory=list)


@dataclass
class Extras:
    blocks: list[Block] = field(default_factory=list)
    # Comments of formats whose converter fills no comment list of its own (XLSX, PPTX).
    comments: list[Comment] = field(default_factory=list)


class _Package:
    def __init__(self, data: bytes) -> None:
        self._zip = zipfile.ZipFile(io.BytesIO(data))
        self.names = self._zip.namelist()

    def xml(self, name: str) -> etree._Element | None:
        if name not in self.names:
            return None
        try:
            return etree.fromstring(self._zip.read(name), _PARSER)
        except etree.XMLSyntaxError:
            return None  # a spoilt side part costs its own text, never the document

    def rels(self, part: str) -> dict[str, tuple[str, str]]:
        """Relationship id -> (type's last segment, target part name) of one part."""
        folder, name = posixpath.split(part)
        root = self.xml(posixpath.join(folder, "_rels", f"{name}.rels"))
        found: dict[str, tuple[str, str]] = {}
        if root is None:
            return found
        for rel in root.iter(f"{{{REL}}}Relationship"):
            target = rel.get("Target") or ""
            if rel.get("TargetMode") == "External":
                continue
            path = (
                target.lstrip("/")
                if target.startswith("/")
                else posixpath.normpath(posixpath.join(folder, target))
            )
            kind = (rel.get("Type") or "").rsplit("/", 1)[-1]
            found[rel.get("Id") or ""] = (kind, path)
        return found

    def close(self) -> None:
        self._zip.close()


def _date(value: str | None) -> datetime | None:
    try:
        # LibreOffice writes nine fraction digits; Python reads up to six.
        return datetime.fromisoformat(re.sub(r"(\.\d{6})\d+", r"\1", value or ""))
    except ValueError:
        return None


def _clean(text: str) -> str:
    return _SPACE.sub(" ", text).strip()


def _texts(element: etree._Element, tag: str) -> str:
    return _clean("".join(t.text or "" for t in element.iter(tag)))


def _paragraphs(root: etree._Element) -> list[str]:
    """Accepted text of each w:p of a story part (deleted runs and VML fallbacks left out)."""
    lines = []
    for paragraph in root.iter(f"{{{W}}}p"):
        parts = []
        for node in paragraph.iter(f"{{{W}}}t", f"{{{W}}}tab"):
            if any(
                a.tag in (f"{{{W}}}del", f"{{{W}}}moveFrom", f"{{{MC}}}Fallback")
                for a in node.iterancestors()
            ):
                continue
            # Nested paragraphs (a text box in a header) are lines of their own.
            if next(node.iterancestors(f"{{{W}}}p")) is not paragraph:
                continue
            parts.append(node.text or "" if node.tag == f"{{{W}}}t" else " ")
        if line := _clean("".join(parts)):
            lines.append(line)
    return lines


def _docx(package: _Package, extras: Extras) -> None:
    stories = (("Header", "word/header"), ("Footer", "word/footer"))
    for title, prefix in stories:
        lines: list[str] = []
        for name in sorted(n for n in package.names if n.startswith(prefix) and n.endswith(".xml")):
            root = package.xml(name)
            lines += _paragraphs(root) if root is not None else []
        extras.blocks.append(Block(title, lines))
    for title, name, tag in (("Footnotes", "word/footnotes.xml", "footnote"),
                             ("Endnotes", "word/endnotes.xml", "endnote")):  # fmt: skip
        root = package.xml(name)
        lines = []
        for note in root.iter(f"{{{W}}}{tag}") if root is not None else []:
            if note.get(f"{{{W}}}type") in ("separator", "continuationSeparator",
                                            "continuationNotice"):  # fmt: skip
                continue
            if text := " ".join(_paragraphs(note)):
                lines.append(text)
        extras.blocks.append(Block(title, lines))
    body = package.xml("word/document.xml")
    if body is not None:
        lines = []
        for box in body.iter(f"{{{W}}}txbxContent"):
            if not any(a.tag == f"{{{MC}}}Fallback" for a in box.iterancestors()):
                lines += _paragraphs(box)
        extras.blocks.append(Block("Text boxes", lines))


def _pptx_authors(package: _Package) -> dict[str, str]:
    authors: dict[str, str] = {}
    legacy = package.xml("ppt/commentAuthors.xml")
    for author in legacy.iter(f"{{{P}}}cmAuthor") if legacy is not None else []:
        authors[author.get("id") or ""] = author.get("name") or ""
    modern = package.xml("ppt/authors.xml")
    for author in modern.iter(f"{{{P188}}}author") if modern is not None else []:
        authors[author.get("id") or ""] = author.get("name") or ""
    return authors


def _slides(package: _Package) -> list[str]:
    """Slide part names in presentation order."""
    presentation = package.xml("ppt/presentation.xml")
    if presentation is None:
        return []
    rels = package.rels("ppt/presentation.xml")
    return [
        rels[sid.get(f"{{{R}}}id") or ""][1]
        for sid in presentation.iter(f"{{{P}}}sldId")
        if sid.get(f"{{{R}}}id") in rels
    ]


def _pptx(package: _Package, extras: Extras) -> None:
    authors = _pptx_authors(package)
    comments: list[str] = []
    notes: list[str] = []
    for number, slide in enumerate(_slides(package), start=1):
        for kind, target in package.rels(slide).values():
            root = package.xml(target)
            if root is None:
                continue
            if kind == "notesSlide":
                for shape in root.iter(f"{{{P}}}sp"):
                    placeholder = shape.find(f".//{{{P}}}ph")
                    is_body = placeholder is not None and placeholder.get("type") == "body"
                    if is_body and (text := _texts(shape, f"{{{A}}}t")):
                        notes.append(f"Slide {number}: {text}")
            elif kind == "comments":
                for cm in root.iter(f"{{{P}}}cm", f"{{{P188}}}cm", f"{{{P188}}}reply"):
                    if cm.tag == f"{{{P}}}cm":
                        text = _texts(cm, f"{{{P}}}text")
                    else:
                        body = cm.find(f"{{{P188}}}txBody")
                        text = _texts(body, f"{{{A}}}t") if body is not None else ""
                    if not text:
                        continue
                    author = authors.get(cm.get("authorId") or "") or None
                    comments.append(f"Slide {number}, {author or 'unknown'}: {text}")
                    extras.comments.append(
                        Comment(
                            id=cm.get("id") or cm.get("idx") or str(len(extras.comments)),
                            author=author,
                            date=_date(cm.get("dt") or cm.get("created")),
                            text=text,
                            anchored_text=f"Slide {number}",
                        )
                    )
    extras.blocks += [Block("Speaker notes", notes), Block("Comments", comments)]


def _sheets(package: _Package) -> list[tuple[str, str]]:
    workbook = package.xml("xl/workbook.xml")
    if workbook is None:
        return []
    rels = package.rels("xl/workbook.xml")
    return [
        (sheet.get("name") or "", rels[sheet.get(f"{{{R}}}id") or ""][1])
        for sheet in workbook.iter(f"{{{S}}}sheet")
        if sheet.get(f"{{{R}}}id") in rels
    ]


def _xlsx(package: _Package, extras: Extras) -> None:
    persons: dict[str, str] = {}
    for name in (n for n in package.names if n.startswith("xl/persons/")):
        root = package.xml(name)
        for person in root.iter(f"{{{TC}}}person") if root is not None else []:
            persons[person.get("id") or ""] = person.get("displayName") or ""
    lines: list[str] = []
    for sheet, part in _sheets(package):
        found: dict[str, list[tuple[str | None, str, str | None]]] = {}
        threaded: set[str] = set()
        targets = package.rels(part).values()
        for kind, target in sorted(targets, key=lambda t: t[0] != "threadedComment"):
            root = package.xml(target)
            if root is None:
                continue
            if kind == "threadedComment":
                for tc in root.iter(f"{{{TC}}}threadedComment"):
                    ref = tc.get("ref") or ""
                    threaded.add(ref)
                    text = _texts(tc, f"{{{TC}}}text")
                    found.setdefault(ref, []).append(
                        (persons.get(tc.get("personId") or ""), text, tc.get("dT"))
                    )
            elif kind == "comments":
                names = [_clean(a.text or "") for a in root.iter(f"{{{S}}}author")]
                for cm in root.iter(f"{{{S}}}comment"):
                    ref = cm.get("ref") or ""
                    if ref in threaded:
                        continue  # Excel's legacy copy of a threaded comment, said once
                    index = int(cm.get("authorId") or 0)
                    author = names[index] if 0 <= index < len(names) else None
                    found.setdefault(ref, []).append((author, _texts(cm, f"{{{S}}}t"), None))
        for ref, entries in found.items():
            for author, text, when in entries:
                if not text:
                    continue
                lines.append(f"{sheet}!{ref}, {author or 'unknown'}: {text}")
                extras.comments.append(
                    Comment(
                        id=str(len(extras.comments)),
                        author=author or None,
                        date=_date(when),
                        text=text,
                        anchored_text=f"{sheet}!{ref}",
                    )
                )
    extras.blocks.append(Block("Comments", lines))


def _cache(element: etree._Element | None) -> list[str]:
    if element is None:
        return []
    points = sorted(
        ((int(pt.get("idx") or 0), _texts(pt, f"{{{C}}}v")) for pt in element.iter(f"{{{C}}}pt")),
    )
    return [value for _, value in points]


def chart_lines(chart: etree._Element) -> list[str]:
    """A chart's title and each series as "name: category value; ..." from the cached data."""
    lines = []
    title = chart.find(f".//{{{C}}}title")
    if title is not None and (text := _texts(title, f"{{{A}}}t")):
        lines.append(text)
    for series in chart.iter(f"{{{C}}}ser"):
        name = _cache(series.find(f"{{{C}}}tx"))
        categories = _cache(series.find(f"{{{C}}}cat")) or _cache(series.find(f"{{{C}}}xVal"))
        values = _cache(series.find(f"{{{C}}}val")) or _cache(series.find(f"{{{C}}}yVal"))
        if not values:
            continue
        labels = categories if len(categories) == len(values) else [""] * len(values)
        points = "; ".join(_clean(f"{c} {v}") for c, v in zip(labels, values, strict=True))
        lines.append(f"{' '.join(name) or 'Series'}: {points}")
    return lines


def _charts(package: _Package, extras: Extras) -> None:
    lines: list[str] = []
    for name in sorted(n for n in package.names if _CHART.match(n)):
        root = package.xml(name)
        if root is not None:
            lines += chart_lines(root)
    extras.blocks.append(Block("Charts", lines))


_READERS: dict[str, Callable[[_Package, Extras], None]] = {
    "docx": _docx,
    "pptx": _pptx,
    "xlsx": _xlsx,
}


def read_extras(data: bytes, fmt: DocumentFormat) -> Extras:
    extras = Extras()
    reader = _READERS.get(fmt)
    if reader is None:
        return extras
    try:
        package = _Package(data)
    except (zipfile.BadZipFile, OSError):
        return extras
    try:
        reader(package, extras)
        _charts(package, extras)
    finally:
        package.close()
    return extras


def _squash(value: str) -> str:
    return _KEEP.sub("", value).lower()


def append_blocks(
    text: str, markdown: str, sections: list[Section], blocks: list[Block]
) -> tuple[str, str, list[Section]]:
    """The text with each block's lines the text does not contain yet, under its title."""
    seen = _squash(text)
    sections = list(sections)
    for block in blocks:
        lines: list[str] = []
        for line in block.lines:
            squashed = _squash(line)
            if squashed and squashed not in seen:
                lines.append(line)
                seen += squashed
        if not lines:
            continue
        start = len(text) + 2 if text else 0
        piece = "\n\n".join([block.title, *lines])
        text = f"{text}\n\n{piece}" if text else piece
        markdown = f"{markdown}\n\n## {block.title}\n\n" + "\n\n".join(lines)
        sections.append(Section(level=1, title=block.title, start=start))
    return text, markdown, sections


def with_package_extras(document: StructuredDocument, data: bytes) -> StructuredDocument:
    """The converted document completed with what its package shows beyond the body.

    A DOCX's comments stay in its comment list only, as before: the stages that read the
    text for parties and document type would take "Herr X von der Y GmbH" in a reviewer's
    note for the contract's own wording.
    """
    extras = read_extras(data, document.format)
    comments = document.comments or extras.comments
    text, markdown, sections = append_blocks(
        document.text, document.markdown, document.sections, extras.blocks
    )
    return document.model_copy(
        update={"text": text, "markdown": markdown, "sections": sections, "comments": comments}
    )
