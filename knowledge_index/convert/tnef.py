"""Outlook's TNEF wrapper (`winmail.dat`, application/ms-tnef) opened inside a mail.

Outlook and Exchange sending "rich text" to the outside world put the real attachments and
often the only body into one `winmail.dat` part. Quarantined as a document of its own, the
mail would lose its attachments and, for RTF-only mails, its text. So the TNEF part is a
recorded part of the mail (role `tnef`), its attachments are the mail's attachments (each on
the mail's container budget) and its body fills a mail that has none of its own. Decoding is
`tnefparse` (LGPL-3.0); RTF bodies go through the same decoder as `.msg` bodies.
"""

from __future__ import annotations

import mimetypes
from dataclasses import dataclass, field
from email.message import Message
from typing import Any, Literal

from knowledge_index.errors import UnsupportedDocument

TNEF_TYPES = frozenset({"application/ms-tnef", "application/vnd.ms-tnef"})
SIGNATURE = b"\x78\x9f\x3e\x22"  # 0x223E9F78, little-endian
# A TNEF body is one mail's text: a larger declared RTF is not a body.
MAX_BODY_BYTES = 64 * 1024 * 1024

BodyKind = Literal["plain", "html", "rtf"]


def is_tnef(part: Message, name: str, payload: bytes) -> bool:
    named = part.get_content_type() in TNEF_TYPES or name.lower() == "winmail.dat"
    return named and payload.startswith(SIGNATURE)


@dataclass
class TnefContents:
    attachments: list[tuple[str, bytes]] = field(default_factory=list)
    # The decoded stream: its body is read only when the mail has none of its own.
    stream: Any = None

    def body(self) -> tuple[str, BodyKind | None]:
        """(text, kind) of the TNEF body; a damaged compressed RTF body is refused."""
        tnef = self.stream
        if tnef is None:
            return "", None
        if tnef.htmlbody:
            return _decoded(tnef.htmlbody), "html"
        if tnef.body and _decoded(tnef.body).strip():
            return _decoded(tnef.body), "plain"
        if tnef._rtfbody:  # compressed; tnefparse would decompress it without a size check
            from knowledge_index.convert.rtf_body import decompress, rtf_to_body

            text, kind = rtf_to_body(decompress(tnef._rtfbody, MAX_BODY_BYTES))
            return text, "html" if kind == "html" else "rtf"
        return "", None


def _decoded(value: bytes | str | None) -> str:
    if value is None:
        return ""
    if isinstance(value, str):
        return value.rstrip("\x00")
    for codec in ("utf-8", "cp1252"):
        try:
            return value.decode(codec).rstrip("\x00")
        except UnicodeDecodeError:
            continue
    return value.decode("latin-1").rstrip("\x00")


def read_tnef(data: bytes, name: str) -> TnefContents:
    """The attachments of a TNEF stream (its body on demand); a damaged one is refused."""
    try:
        from tnefparse import TNEF
    except ImportError as exc:
        raise UnsupportedDocument(
            f"TNEF part {name!r} not read: install the convert extra (tnefparse)"
        ) from exc
    try:
        tnef = TNEF(data, do_checksum=False)
    except Exception as exc:  # the decoder raises ValueError, IndexError, struct.error ...
        raise UnsupportedDocument(f"TNEF part {name!r} is corrupt ({exc})") from exc
    out = TnefContents(stream=tnef)
    for index, att in enumerate(tnef.attachments, start=1):
        filename = _decoded(att.long_filename()) or f"tnef-attachment-{index}"
        out.attachments.append((filename.replace("/", "_"), bytes(att.data or b"")))
    return out


def content_type(filename: str) -> str:
    return mimetypes.guess_type(filename)[0] or "application/octet-stream"
