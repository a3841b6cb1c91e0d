"""Outlook .msg files ([MS-OXMSG]) read with olefile into MAPI properties, then read as mail.

A .msg is an OLE2 compound file: each variable-size property is a stream
`__substg1.0_<ID><TYPE>`, the fixed-size ones sit in `__properties_version1.0`, recipients
and attachments are storages `__recip_version1.0_#N` / `__attach_version1.0_#N` of the same
shape, and an attached message is a whole message again inside the attachment's
`__substg1.0_3701000D` storage. Our own reader (olefile is BSD) rather than extract-msg, which
is GPL-3.0 and would bind every image a firm builds.
"""

from __future__ import annotations

import io
import struct
import time
from typing import Any

from knowledge_index.convert.containers import ContainerBudget, ContainerLimits
from knowledge_index.convert.mapi import (
    ATTACH_DATA,
    ATTACH_METHOD,
    MESSAGE_CODEPAGE,
    MESSAGE_LOCALE_ID,
    PT_OBJECT,
    MapiAttachment,
    MapiMessage,
    MapiProps,
    string_codec,
)
from knowledge_index.convert.model import ChildDocument, StructuredDocument
from knowledge_index.errors import UnsupportedDocument

_SUBSTG = "__substg1.0_"
_PROPS = "__properties_version1.0"
_RECIP = "__recip_version1.0_"
_ATTACH = "__attach_version1.0_"
_EMBEDDED = "__substg1.0_3701000D"
# Bytes before the first entry of a property stream ([MS-OXMSG] 2.4.1): the top-level
# message, a message embedded in an attachment, a recipient or attachment.
_TOP_HEADER, _EMBEDDED_HEADER, _CHILD_HEADER = 32, 24, 8
_ENTRY = struct.Struct("<IIQ")  # property tag (type | id << 16), flags, value or size


class _Reader:
    def __init__(self, ole: Any, budget: ContainerBudget) -> None:
        self.ole = ole
        self.budget = budget
        listed = ole.listdir(streams=True, storages=True)
        self.entries = [tuple(e) for e in listed]
        self.known = set(self.entries)

    def _stream(self, path: tuple[str, ...]) -> bytes:
        return bytes(self.ole.openstream(list(path)).read())

    def props(self, at: tuple[str, ...], header: int, codec: str | None = None) -> MapiProps:
        bag = MapiProps()
        for entry in self.entries:
            if len(entry) != len(at) + 1 or entry[: len(at)] != at:
                continue
            leaf = entry[-1]
            if leaf.startswith(_SUBSTG) and len(leaf) == len(_SUBSTG) + 8:
                try:
                    pid, ptype = int(leaf[-8:-4], 16), int(leaf[-4:], 16)
                except ValueError:
                    continue
                if ptype == PT_OBJECT or ptype & 0x1000:
                    continue  # an embedded storage, or a multi-valued property: not read
                if self.ole.get_type(list(entry)) == 2:  # STGTY_STREAM: not a storage
                    bag.values[pid] = (ptype, self._stream(entry))
        if (*at, _PROPS) in self.known:
            fixed = self._stream((*at, _PROPS))
            for offset in range(header, len(fixed) - _ENTRY.size + 1, _ENTRY.size):
                tag, _flags, value = _ENTRY.unpack_from(fixed, offset)
                pid, ptype = tag >> 16, tag & 0xFFFF
                if pid not in bag.values and ptype in (0x0002, 0x0003, 0x000B, 0x0040, 0x0014):
                    bag.values[pid] = (ptype, struct.pack("<Q", value))
        # Recipients and attachments write strings in their message's code page.
        bag.codec = codec or string_codec(bag.int32(MESSAGE_CODEPAGE), bag.int32(MESSAGE_LOCALE_ID))
        return bag

    def message(self, at: tuple[str, ...], header: int) -> MapiMessage:
        props = self.props(at, header)
        found = MapiMessage(props=props)
        subs = sorted({e[len(at)] for e in self.entries if len(e) > len(at) and e[: len(at)] == at})
        for sub in subs:
            here = (*at, sub)
            if sub.startswith(_RECIP):
                found.recipients.append(self.props(here, _CHILD_HEADER, props.codec))
            elif sub.startswith(_ATTACH):
                found.attachments.append(self.attachment(here, props.codec))
        return found

    def attachment(self, at: tuple[str, ...], codec: str) -> MapiAttachment:
        props = self.props(at, _CHILD_HEADER, codec)
        inner = (*at, _EMBEDDED)
        if props.int32(ATTACH_METHOD) == 5 and inner in self.known:
            # Each embedded message is a level of the one container tree: a .msg nesting
            # messages a hundred deep is refused like a zip doing so.
            with self.budget.level("e-mail", at[-1]):
                return MapiAttachment(props=props, message=self.message(inner, _EMBEDDED_HEADER))
        return MapiAttachment(props=props, data=props.raw(ATTACH_DATA))


def read_msg(data: bytes, name: str, budget: ContainerBudget) -> MapiMessage:
    """The .msg's message, recipients and attachments; UnsupportedDocument when unreadable."""
    import olefile

    try:
        # DEFECT_INCORRECT: a truncated or damaged file is refused, not read as far as it goes.
        with olefile.OleFileIO(io.BytesIO(data), raise_defects=olefile.DEFECT_INCORRECT) as ole:
            return _Reader(ole, budget).message((), _TOP_HEADER)
    except UnsupportedDocument:
        raise
    except Exception as exc:  # olefile raises OSError, ValueError, struct errors on bad input
        raise UnsupportedDocument(f"Outlook message {name!r} is corrupt ({exc})") from exc


def convert_msg(
    data: bytes, filename: str, limits: ContainerLimits | None = None, *, depth: int = 0
) -> tuple[StructuredDocument, list[ChildDocument]]:
    """The .msg as an e-mail document, its attachments as children (as for a .eml).

    The message becomes RFC 822 first, so headers, threading ids, attachment roles and the
    container budget are exactly those of a .eml; the children of an embedded message are
    that message as a .eml of its own.
    """
    from knowledge_index.convert.email import convert_email
    from knowledge_index.convert.mapi_mail import to_rfc822

    started = time.perf_counter()
    limits = limits or ContainerLimits()
    budget = ContainerBudget(limits, filename, depth=depth)
    message = read_msg(data, filename, budget)
    eml, body_kind = to_rfc822(message, filename, budget)
    document, children = convert_email(eml, filename, limits, depth=depth)
    document.metadata["body"] = body_kind
    document.metadata["message_class"] = message.message_class
    document.provenance.converter = "outlook-msg"
    document.provenance.converted_from = "msg"
    document.provenance.timings = {"total": time.perf_counter() - started}
    return document, children
