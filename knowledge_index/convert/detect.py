"""Decide what a file is from its bytes; the name's extension only breaks ties between texts."""

from __future__ import annotations

import csv
import io
import re
import zipfile
from pathlib import PurePath

from knowledge_index.convert.model import DocumentFormat
from knowledge_index.errors import UnsupportedDocument

_SNIFF = 64 * 1024
_OLE2 = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"
# An Outlook data file's header magic ([MS-PST] 2.2.2.6): PST and OST alike.
_PST = b"!BDN"
_HEADER_RE = re.compile(rb"^([A-Za-z][A-Za-z0-9-]{1,60}):[ \t]?.*$")
_MAIL_HEADERS = {b"from", b"to", b"subject", b"date", b"message-id", b"received", b"mime-version"}
_HTML_RE = re.compile(
    rb"<!doctype html|<html[\s>]|<body[\s>]|<head[\s>]|<(p|div|table|br)[\s/>]", re.I
)
_MD_RE = re.compile(r"^(#{1,6} \S|[-*+] \S|\d+\. \S|> \S|```|\|.*\|\s*$)", re.M)

# Known binary signatures we do not convert, named so the quarantine reason is useful.
_FOREIGN = {
    b"Rar!": "RAR archive",
    b"7z\xbc\xaf\x27\x1c": "7-Zip archive",
    b"\x1f\x8b": "gzip archive",
    b"MZ": "Windows executable",
    b"\x7fELF": "ELF executable",
    b"GIF8": "GIF image",
    b"ID3": "MP3 audio",
}


_OOXML_MAIN = (
    ("word/", "word/document.xml", "DOCX"),
    ("ppt/", "ppt/presentation.xml", "PPTX"),
    ("xl/", "xl/workbook.xml", "XLSX"),
)


def _zip_kind(data: bytes) -> DocumentFormat:
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            names = set(archive.namelist())
    except (zipfile.BadZipFile, OSError) as exc:
        raise UnsupportedDocument(f"zip container is corrupt or truncated ({exc})") from exc
    if "[Content_Types].xml" in names:
        if "word/document.xml" in names:
            return "docx"
        if "ppt/presentation.xml" in names:
            return "pptx"
        if "xl/workbook.xml" in names:
            return "xlsx"
        # An Office package that lost its main part is a broken document, not an archive
        # to list (its parts would be indexed as a zip's entries).
        for folder, main, kind in _OOXML_MAIN:
            if any(name.startswith(folder) for name in names):
                raise UnsupportedDocument(f"{kind} package has no {main} part (broken package)")
    if "mimetype" in names:
        # Only its first bytes: detection runs in the stage's own process, outside the worker
        # fence, and a `mimetype` entry can be a bomb of its own.
        try:
            with zipfile.ZipFile(io.BytesIO(data)) as archive, archive.open("mimetype") as entry:
                head = entry.read(100)
        except (zipfile.BadZipFile, OSError, RuntimeError, NotImplementedError, EOFError) as exc:
            raise UnsupportedDocument(f"zip container's mimetype is unreadable ({exc})") from exc
        mimetype = head.decode("ascii", "replace").strip()
        if mimetype in _ODF:
            return _ODF[mimetype]
        raise UnsupportedDocument(f"{mimetype or 'OpenDocument/EPUB'} container is not supported")
    return "zip"


_ODF: dict[str, DocumentFormat] = {
    "application/vnd.oasis.opendocument.text": "odt",
    "application/vnd.oasis.opendocument.spreadsheet": "ods",
    "application/vnd.oasis.opendocument.presentation": "odp",
}


def _ole2_kind(data: bytes, filename: str) -> DocumentFormat:
    """Which legacy Office file an OLE2 compound file is, from its stream names."""
    import olefile

    try:
        with olefile.OleFileIO(io.BytesIO(data)) as ole:
            streams = {"/".join(entry) for entry in ole.listdir(streams=True, storages=True)}
    except Exception as exc:  # olefile raises OSError, ValueError, struct errors on bad input
        raise UnsupportedDocument(f"{filename!r} is a corrupt OLE2 compound file ({exc})") from exc
    if "EncryptedPackage" in streams or "EncryptionInfo" in streams:
        raise UnsupportedDocument(f"{filename!r} is password-protected (encrypted Office file)")
    if "WordDocument" in streams:
        return "doc"
    if "Workbook" in streams or "Book" in streams:
        return "xls"
    if "PowerPoint Document" in streams:
        return "ppt"
    if any(name.startswith("__substg1.0_") for name in streams):
        return "msg"
    raise UnsupportedDocument(f"{filename!r} is an OLE2 compound file of an unknown kind")


def looks_like_email(head: bytes) -> bool:
    """A mail is a header block (any length, folded lines allowed) ended by a blank line.

    Real transport headers run to dozens of Received and DKIM lines before From or Subject, so
    the whole block is read, not its first lines. Every line must be a header (or a fold); an
    mbox envelope line ("From sender date") may come first.
    """
    lines = head.splitlines()
    if lines and lines[0].startswith(b"From ") and not lines[0].startswith(b"From: "):
        lines = lines[1:]
    seen: set[bytes] = set()
    ended = False
    for line in lines:
        if not line.strip():
            ended = True
            break
        if line[:1] in (b" ", b"\t"):
            if not seen:
                return False
            continue  # folded header continuation
        match = _HEADER_RE.match(line)
        if not match:
            return False
        seen.add(match.group(1).lower())
    # A block cut off by the sniff window still counts when it already shows a mail's headers.
    if not ended and len(head) < _SNIFF:
        return False
    return len(seen & _MAIL_HEADERS) >= 2 and bool(seen & {b"from", b"message-id", b"received"})


def _looks_like_csv(text: str) -> bool:
    lines = [line for line in text.splitlines()[:50] if line.strip()]
    if len(lines) < 2:
        return False
    try:
        dialect = csv.Sniffer().sniff("\n".join(lines[:20]), delimiters=",;\t")
    except csv.Error:
        return False
    widths = {len(row) for row in csv.reader(lines, dialect)}
    return len(widths) == 1 and widths.pop() >= 2


def detect_format(data: bytes, filename: str) -> DocumentFormat:
    """The document's real format, or UnsupportedDocument saying what it is instead."""
    if not data:
        raise UnsupportedDocument(f"{filename!r} is empty (0 bytes)")
    head = data[:_SNIFF]
    if head.startswith(b"PK\x03\x04") or head.startswith(b"PK\x05\x06"):
        return _zip_kind(data)
    if b"%PDF-" in head[:1024]:
        return "pdf"
    if head.startswith((b"\x89PNG\r\n\x1a\n", b"\xff\xd8\xff", b"II*\x00", b"MM\x00*", b"BM")):
        return "image"
    if head.startswith(_OLE2):
        return _ole2_kind(data, filename)
    if head.startswith(_PST):
        return "pst"
    if head.startswith(b"{\\rtf"):
        return "rtf"
    for magic, name in _FOREIGN.items():
        if head.startswith(magic):
            raise UnsupportedDocument(f"{filename!r} is a {name}, which is not supported")

    from knowledge_index.convert.text import decode_text

    # Everything left must be text; decode_text raises with a binary-data reason otherwise.
    text, _encoding = decode_text(head, filename, partial=len(data) > len(head))
    ext = PurePath(filename).suffix.lower()
    stripped = text.lstrip("\ufeff \r\n\t").encode("utf-8", "replace")
    if looks_like_email(stripped[:_SNIFF]):
        return "email"
    if _HTML_RE.search(stripped[:4096]):
        return "html"
    if ext in {".md", ".markdown"} or (ext not in {".txt", ".csv"} and _MD_RE.search(text)):
        return "markdown"
    if ext in {".csv", ".tsv"} or (ext != ".txt" and _looks_like_csv(text)):
        return "csv" if _looks_like_csv(text) or ext == ".csv" else "text"
    return "text"
