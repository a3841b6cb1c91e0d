"""A small DOCX writer for negotiated drafts: tracked changes (w:ins/w:del) and comments.

Raw OOXML through zipfile, like knowledge_index_tests/convert/samples.py, but parametrized:
a paragraph is a list of plain strings and `Change`s; a change deletes `old`, inserts `new`
(either may be empty), carries Word's author and date, and may be anchored to a comment that
explains it. `redline()` turns a clean text plus a list of edits into the redline paragraphs
and the accepted text, so a series of versions stays consistent by construction.
"""

from __future__ import annotations

import datetime as dt
import io
import zipfile
from dataclasses import dataclass
from xml.sax.saxutils import escape

from knowledge_index_tests.convert.samples import _DOCUMENT_RELS
from knowledge_index_tests.convert.samples import _DOCX_RELS as _RELS

W_NS = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"

_CONTENT_TYPES = """<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">
<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>
<Default Extension="xml" ContentType="application/xml"/>
<Override PartName="/word/document.xml"
 ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>
{comments}<Override PartName="/docProps/core.xml"
 ContentType="application/vnd.openxmlformats-package.core-properties+xml"/>
</Types>"""
_COMMENTS_TYPE = (
    '<Override PartName="/word/comments.xml"\n'
    ' ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.comments+xml"/>\n'
)
_CORE = """<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<cp:coreProperties
 xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties"
 xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/"
 xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
<dc:title>{title}</dc:title><dc:creator>{creator}</dc:creator>
<cp:lastModifiedBy>{modified_by}</cp:lastModifiedBy>
<dcterms:created xsi:type="dcterms:W3CDTF">{created}</dcterms:created>
<dcterms:modified xsi:type="dcterms:W3CDTF">{modified}</dcterms:modified>
</cp:coreProperties>"""
# Fixed zip timestamps: the same content gives the same bytes (byte-identical copies stay so).
_ZIP_TIME = (2024, 1, 1, 0, 0, 0)


@dataclass(frozen=True)
class Change:
    old: str
    new: str
    author: str
    date: dt.datetime
    comment: str | None = None
    comment_author: str | None = None


Paragraph = list["str | Change"]


@dataclass(frozen=True)
class Edit:
    """Replace `old` (a substring of paragraph `index`) with `new` as a tracked change."""

    index: int
    old: str
    new: str
    comment: str | None = None
    category: frozenset[str] = frozenset()  # acceptable rationale categories; empty: no decision


def redline(
    paragraphs: list[str], edits: list[Edit], author: str, date: dt.datetime
) -> tuple[list[Paragraph], list[str]]:
    """(redline paragraphs, accepted text) for `edits` made by `author` on `paragraphs`."""
    by_index = {e.index: e for e in edits}
    if len(by_index) != len(edits):
        raise ValueError("one edit per paragraph")
    marked: list[Paragraph] = []
    accepted: list[str] = []
    for i, para in enumerate(paragraphs):
        edit = by_index.get(i)
        if edit is None:
            marked.append([para])
            accepted.append(para)
            continue
        if edit.old and edit.old not in para:
            raise ValueError(f"{edit.old!r} is not in paragraph {i}: {para!r}")
        before, after = para.split(edit.old, 1) if edit.old else (para + " ", "")
        change = Change(edit.old, edit.new, author, date, edit.comment, author)
        marked.append([s for s in (before, change, after) if s != ""])
        accepted.append(before + edit.new + after)
    return marked, accepted


def _iso(value: dt.datetime) -> str:
    return value.astimezone(dt.UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def _run(text: str, tag: str = "w:t") -> str:
    return f'<w:r><{tag} xml:space="preserve">{escape(text)}</{tag}></w:r>'


def docx_bytes(
    paragraphs: list[Paragraph] | list[str],
    *,
    title: str,
    creator: str,
    created: dt.datetime,
    modified: dt.datetime | None = None,
    modified_by: str | None = None,
) -> bytes:
    """A DOCX whose body is `paragraphs`; strings are plain paragraphs."""
    revision_id = 100
    comments: list[str] = []
    body: list[str] = []
    for para in paragraphs:
        parts = [para] if isinstance(para, str) else para
        xml: list[str] = []
        for part in parts:
            if isinstance(part, str):
                xml.append(_run(part))
                continue
            attrs = f'w:author="{escape(part.author)}" w:date="{_iso(part.date)}"'
            cid = None
            if part.comment:
                cid = len(comments)
                xml.append(f'<w:commentRangeStart w:id="{cid}"/>')
                who = escape(part.comment_author or part.author)
                comments.append(
                    f'<w:comment w:id="{cid}" w:author="{who}"'
                    f' w:date="{_iso(part.date)}" w:initials="{_initials(part.author)}">'
                    f"<w:p>{_run(part.comment)}</w:p></w:comment>"
                )
            if part.old:
                revision_id += 1
                xml.append(
                    f'<w:del w:id="{revision_id}" {attrs}>{_run(part.old, "w:delText")}</w:del>'
                )
            if part.new:
                revision_id += 1
                xml.append(f'<w:ins w:id="{revision_id}" {attrs}>{_run(part.new)}</w:ins>')
            if cid is not None:
                xml.append(f'<w:commentRangeEnd w:id="{cid}"/>')
                xml.append(f'<w:r><w:commentReference w:id="{cid}"/></w:r>')
        body.append(f"<w:p>{''.join(xml)}</w:p>")
    document = (
        f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<w:document xmlns:w="{W_NS}">'
        f"<w:body>{''.join(body)}</w:body></w:document>"
    )
    core = _CORE.format(
        title=escape(title),
        creator=escape(creator),
        modified_by=escape(modified_by or creator),
        created=_iso(created),
        modified=_iso(modified or created),
    )
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as archive:

        def put(name: str, data: str) -> None:
            info = zipfile.ZipInfo(name, _ZIP_TIME)
            info.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(info, data)

        put(
            "[Content_Types].xml",
            _CONTENT_TYPES.format(comments=_COMMENTS_TYPE if comments else ""),
        )
        put("_rels/.rels", _RELS)
        put("word/document.xml", document)
        if comments:
            put("word/_rels/document.xml.rels", _DOCUMENT_RELS)
            put(
                "word/comments.xml",
                f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
                f'<w:comments xmlns:w="{W_NS}">{"".join(comments)}</w:comments>',
            )
        put("docProps/core.xml", core)
    return buf.getvalue()


def _initials(name: str) -> str:
    return "".join(w[0] for w in name.replace(".", " ").split() if w[:1].isupper())[:3]
