"""Tracked changes and comments read from the raw OOXML.

The converted text is the accepted view, so deleted and moved-away wording exists nowhere else;
the decisions stage needs it with author and date. Docling also drops w:moveTo text, so the
DOCX handed to Docling is first rewritten to the accepted view here (`accept_all_changes`), with
every table given the column grid Docling needs to read its cells.
"""

from __future__ import annotations

import functools
import io
import zipfile
from datetime import datetime

from lxml import etree

from knowledge_index.convert import numbering
from knowledge_index.convert.model import Comment, Revision, RevisionKind
from knowledge_index.errors import UnsupportedDocument

W = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"
MC = "http://schemas.openxmlformats.org/markup-compatibility/2006"
_CORE_NS = {
    "cp": "http://schemas.openxmlformats.org/package/2006/metadata/core-properties",
    "dc": "http://purl.org/dc/elements/1.1/",
    "dcterms": "http://purl.org/dc/terms/",
}
# Entity expansion and network access off: the XML comes from untrusted documents.
_PARSER = etree.XMLParser(resolve_entities=False, no_network=True, huge_tree=False)
_CHANGE_KINDS: dict[str, RevisionKind] = {
    f"{{{W}}}ins": "insert",
    f"{{{W}}}del": "delete",
    f"{{{W}}}moveFrom": "move_from",
    f"{{{W}}}moveTo": "move_to",
}
_P, _PPR, _RPR, _T, _DELTEXT = (f"{{{W}}}{n}" for n in ("p", "pPr", "rPr", "t", "delText"))
_TAB, _BR, _CR = (f"{{{W}}}{n}" for n in ("tab", "br", "cr"))


def _attr(element: etree._Element, name: str) -> str | None:
    return element.get(f"{{{W}}}{name}")


def _date(value: str | None) -> datetime | None:
    if not value:
        return None
    try:
        return datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError:
        return None


def read_part(docx: bytes, name: str) -> etree._Element | None:
    try:
        with zipfile.ZipFile(io.BytesIO(docx)) as archive:
            if name not in archive.namelist():
                return None
            raw = archive.read(name)
    except (zipfile.BadZipFile, OSError) as exc:
        raise UnsupportedDocument(f"DOCX container is corrupt ({exc})") from exc
    try:
        return etree.fromstring(raw, _PARSER)
    except etree.XMLSyntaxError as exc:
        raise UnsupportedDocument(f"DOCX part {name} is not well-formed XML ({exc})") from exc


@functools.lru_cache(maxsize=2)
def read_numbering(docx: bytes) -> numbering.Numbering:
    # One DOCX's conversion reads it twice, accepting the changes and extracting the
    # revisions, from the same bytes: parsing numbering.xml and styles.xml is about half of
    # each (~10 ms a file on estate A). Nothing changes a Numbering after it is parsed.
    return numbering.Numbering.parse(
        read_part(docx, "word/numbering.xml"), read_part(docx, "word/styles.xml")
    )


def _text_of(element: etree._Element, *, deleted: bool) -> str:
    """Visible text under `element`; with `deleted`, w:delText counts as text too."""
    parts = []
    for node in element.iter(_T, _DELTEXT, _TAB, _BR, _CR):
        if node.tag == _T or (deleted and node.tag == _DELTEXT):
            parts.append(node.text or "")
        elif node.tag == _TAB:
            parts.append("\t")
        elif node.tag in (_BR, _CR):
            parts.append("\n")
    return "".join(parts)


def _accepted_paragraph_text(paragraph: etree._Element) -> str:
    parts = []
    for node in paragraph.iter(_T, _TAB, _BR, _CR):
        if any(a.tag in (f"{{{W}}}del", f"{{{W}}}moveFrom") for a in node.iterancestors()):
            continue
        parts.append(node.text or "" if node.tag == _T else ("\t" if node.tag == _TAB else "\n"))
    return "".join(parts)


def _version_text(paragraph: etree._Element, *, before: bool) -> str:
    """The paragraph's wording before (deletions in, insertions out) or after its changes."""
    left_out = {f"{{{W}}}moveFrom", f"{{{W}}}moveTo", f"{{{W}}}ins" if before else f"{{{W}}}del"}
    parts = []
    for node in paragraph.iter(_T, _DELTEXT, _TAB, _BR, _CR):
        if node.tag == _DELTEXT and not before:
            continue
        if any(a.tag in left_out for a in node.iterancestors()):
            continue
        parts.append(node.text or "" if node.tag in (_T, _DELTEXT) else " ")
    return "".join(parts)


def _enclosing_change(element: etree._Element, stop: etree._Element) -> str | None:
    for ancestor in element.iterancestors():
        if ancestor is stop:
            return None
        if ancestor.tag in _CHANGE_KINDS:
            return _attr(ancestor, "id")
    return None


def extract_revisions(docx: bytes) -> list[Revision]:
    root = read_part(docx, "word/document.xml")
    if root is None:
        raise UnsupportedDocument("DOCX has no word/document.xml part")
    revisions: list[Revision] = []
    # The context is the paragraph as Word shows it, with its generated clause number.
    labels = numbering.paragraph_labels(root, read_numbering(docx))
    for index, paragraph in enumerate(root.iter(_P)):
        context = _accepted_paragraph_text(paragraph)
        if paragraph in labels:
            context = f"{labels[paragraph]} {context}"
        changed = next(paragraph.iter(*_CHANGE_KINDS), None) is not None
        versions = {
            "paragraph_before": _version_text(paragraph, before=True) if changed else "",
            "paragraph_after": _version_text(paragraph, before=False) if changed else "",
        }
        ppr = paragraph.find(_PPR)
        mark = ppr.find(_RPR) if ppr is not None else None
        if mark is not None:
            for change in mark:
                kind = {"ins": "paragraph_insert", "del": "paragraph_delete"}.get(
                    etree.QName(change).localname
                )
                if kind:
                    revisions.append(
                        Revision(
                            kind=kind,
                            author=_attr(change, "author"),
                            date=_date(_attr(change, "date")),
                            text=_text_of(paragraph, deleted=kind == "paragraph_delete"),
                            paragraph_index=index,
                            context=context,
                            revision_id=_attr(change, "id"),
                            **versions,
                        )
                    )
        for change in paragraph.iter(*_CHANGE_KINDS):
            if change.getparent() is not None and change.getparent().tag == _RPR:
                continue  # a paragraph-mark or formatting marker, handled above
            # Nested paragraphs (text boxes) are visited as paragraphs of their own.
            owner = next(change.iterancestors(_P), None)
            if owner is not paragraph:
                continue
            kind = _CHANGE_KINDS[change.tag]
            revisions.append(
                Revision(
                    kind=kind,
                    author=_attr(change, "author"),
                    date=_date(_attr(change, "date")),
                    text=_text_of(change, deleted=True),
                    paragraph_index=index,
                    context=context,
                    revision_id=_attr(change, "id"),
                    nested_in=_enclosing_change(change, paragraph),
                    **versions,
                )
            )
    return revisions


def extract_comments(docx: bytes) -> list[Comment]:
    comments_root = read_part(docx, "word/comments.xml")
    if comments_root is None:
        return []
    document = read_part(docx, "word/document.xml")
    anchors: dict[str, list[str]] = {}
    # Paragraphs counted as extract_revisions counts them (every w:p in document order).
    starts: dict[str, int] = {}
    ends: dict[str, int] = {}
    if document is not None:
        open_ids: list[str] = []
        paragraph = -1
        for event, node in etree.iterwalk(document, events=("start", "end")):
            tag = node.tag
            if event == "start" and tag == _P:
                paragraph += 1
            elif event == "start" and tag == f"{{{W}}}commentRangeStart":
                open_ids.append(_attr(node, "id") or "")
                anchors.setdefault(open_ids[-1], [])
                starts.setdefault(open_ids[-1], max(paragraph, 0))
            elif event == "start" and tag in (
                f"{{{W}}}commentRangeEnd",
                f"{{{W}}}commentReference",
            ):
                comment_id = _attr(node, "id") or ""
                starts.setdefault(comment_id, max(paragraph, 0))
                ends.setdefault(comment_id, max(paragraph, 0))
                if tag == f"{{{W}}}commentRangeEnd" and comment_id in open_ids:
                    open_ids.remove(comment_id)
            elif event == "start" and tag == _T:
                for comment_id in open_ids:
                    anchors[comment_id].append(node.text or "")
            elif event == "end" and tag == _P:
                for comment_id in open_ids:
                    anchors[comment_id].append("\n")
    comments = []
    for element in comments_root.iter(f"{{{W}}}comment"):
        comment_id = _attr(element, "id") or ""
        paragraphs = [_text_of(p, deleted=False) for p in element.iter(_P)]
        comments.append(
            Comment(
                id=comment_id,
                author=_attr(element, "author"),
                initials=_attr(element, "initials"),
                date=_date(_attr(element, "date")),
                text="\n".join(paragraphs).strip(),
                anchored_text="".join(anchors.get(comment_id, [])).strip(),
                paragraph_index=starts.get(comment_id),
                end_paragraph_index=ends.get(comment_id, starts.get(comment_id)),
            )
        )
    return comments


def core_properties(package: bytes) -> dict[str, str]:
    """Title, author and dates from docProps/core.xml of any OOXML package."""
    root = read_part(package, "docProps/core.xml")
    if root is None:
        return {}
    fields = {
        "title": "dc:title",
        "subject": "dc:subject",
        "author": "dc:creator",
        "last_modified_by": "cp:lastModifiedBy",
        "keywords": "cp:keywords",
        "language": "dc:language",
        "created": "dcterms:created",
        "modified": "dcterms:modified",
    }
    found = {}
    for key, path in fields.items():
        node = root.find(path, _CORE_NS)
        if node is not None and node.text and node.text.strip():
            found[key] = node.text.strip()
    return found


def _accept(root: etree._Element) -> None:
    for marker in list(root.iter(f"{{{W}}}rPrChange", f"{{{W}}}pPrChange")):
        marker.getparent().remove(marker)
    for row in list(root.iter(f"{{{W}}}tr")):
        props = row.find(f"{{{W}}}trPr")
        if props is not None and props.find(f"{{{W}}}del") is not None:
            row.getparent().remove(row)
    # A deleted paragraph mark joins the paragraph's remaining content onto the next one.
    for paragraph in list(root.iter(_P)):
        ppr = paragraph.find(_PPR)
        mark = ppr.find(_RPR) if ppr is not None else None
        if mark is None or mark.find(f"{{{W}}}del") is None:
            continue
        following = paragraph.getnext()
        if following is None or following.tag != _P:
            continue
        content = [child for child in paragraph if child.tag != _PPR]
        anchor = following.find(_PPR)
        position = following.index(anchor) + 1 if anchor is not None else 0
        for offset, child in enumerate(content):
            following.insert(position + offset, child)
        paragraph.getparent().remove(paragraph)
    for element in list(root.iter(*_CHANGE_KINDS, "{*}moveFromRangeStart", "{*}moveFromRangeEnd",
                                  "{*}moveToRangeStart", "{*}moveToRangeEnd")):  # fmt: skip
        parent = element.getparent()
        if parent is None:
            continue
        if element.tag in (f"{{{W}}}del", f"{{{W}}}moveFrom") or parent.tag == _RPR:
            parent.remove(element)
        elif element.tag in (f"{{{W}}}ins", f"{{{W}}}moveTo"):
            position = parent.index(element)
            for offset, child in enumerate(list(element)):
                parent.insert(position + offset, child)
            parent.remove(element)
        else:
            parent.remove(element)


def _strip_comments(root: etree._Element) -> None:
    """XML comments and processing instructions carry no content, and python-docx (under
    Docling) fails on them ("Invalid input tag of type <cython function>"); DMS exports add
    them. The text around one is kept."""
    for node in list(root.iter(etree.Comment, etree.PI)):
        parent = node.getparent()
        if parent is None:
            continue
        if node.tail:
            previous = node.getprevious()
            if previous is not None:
                previous.tail = (previous.tail or "") + node.tail
            else:
                parent.text = (parent.text or "") + node.tail
        parent.remove(node)


def _complete_table_grids(root: etree._Element) -> None:
    """Give a table without its column grid one (as many columns as its widest row).

    The schema requires `w:tblGrid` and Word and LibreOffice always write it, but a hand-made
    or generated package may not; Docling sizes a table by its grid and silently dropped every
    cell of a table without one (a bilingual contract set in a two-column table lost its text).
    """
    for table in root.iter(f"{{{W}}}tbl"):
        if table.find(f"{{{W}}}tblGrid") is not None:
            continue
        widest = 0
        for row in table.iterfind(f"{{{W}}}tr"):
            span = 0
            for cell in row.iterfind(f"{{{W}}}tc"):
                grid_span = cell.find(f"{{{W}}}tcPr/{{{W}}}gridSpan")
                value = _attr(grid_span, "val") if grid_span is not None else None
                span += int(value) if value and value.isdigit() else 1
            widest = max(widest, span)
        grid = etree.Element(f"{{{W}}}tblGrid")
        for _ in range(widest):
            etree.SubElement(grid, f"{{{W}}}gridCol")
        properties = table.find(f"{{{W}}}tblPr")
        table.insert(table.index(properties) + 1 if properties is not None else 0, grid)


def _has_comments(data: bytes) -> bool:
    return b"<!--" in data or data.count(b"<?") > 1


def accept_all_changes(docx: bytes) -> bytes:
    """The package as Word shows it: every tracked change accepted, and the body's generated
    list and clause numbers written into it as text (see numbering.py)."""
    parts = ("word/document.xml", "word/footnotes.xml", "word/endnotes.xml")
    numbers = read_numbering(docx)
    source = zipfile.ZipFile(io.BytesIO(docx))
    out = io.BytesIO()
    with source, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as target:
        for info in source.infolist():
            data = source.read(info)
            story = info.filename in parts or info.filename.startswith(
                ("word/header", "word/footer")
            )
            if not story and info.filename.endswith((".xml", ".rels")) and _has_comments(data):
                root = etree.fromstring(data, _PARSER)
                _strip_comments(root)
                data = etree.tostring(root, xml_declaration=True, encoding="UTF-8", standalone=True)
            elif story:
                root = etree.fromstring(data, _PARSER)
                _strip_comments(root)
                _accept(root)
                _complete_table_grids(root)
                if info.filename == "word/document.xml":
                    numbering.write_labels(root, numbering.paragraph_labels(root, numbers))
                data = etree.tostring(root, xml_declaration=True, encoding="UTF-8", standalone=True)
            # Stored, not deflated again: the package is read once, in memory, and compressing
            # every part anew was a fifth of this function's time.
            info.compress_type = zipfile.ZIP_STORED
            target.writestr(info, data)
    return out.getvalue()
