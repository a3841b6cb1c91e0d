"""Outlook's MAPI properties, as both .msg files and PST mailboxes store them.

A message, its recipients and its attachments are property bags: a 16-bit property id and a
16-bit type per value. The .msg reader (OLE streams) and the PST reader (libpff's record
entries) both fill `MapiProps` with the raw bytes of each value, so one set of accessors and
one RFC 822 builder (`mapi_mail`) serve both. Ids are from [MS-OXPROPS]; the names are the
canonical PidTag* names without the prefix.
"""

from __future__ import annotations

import codecs
import struct
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Final

# Property types ([MS-OXCDATA] 2.11.1).
PT_SHORT: Final = 0x0002
PT_LONG: Final = 0x0003
PT_BOOLEAN: Final = 0x000B
PT_OBJECT: Final = 0x000D
PT_STRING8: Final = 0x001E
PT_UNICODE: Final = 0x001F
PT_SYSTIME: Final = 0x0040
PT_BINARY: Final = 0x0102

# Message ([MS-OXPROPS], [MS-OXOMSG], [MS-OXCMSG]).
MESSAGE_CLASS: Final = 0x001A
SUBJECT: Final = 0x0037
CLIENT_SUBMIT_TIME: Final = 0x0039
SENT_REPRESENTING_NAME: Final = 0x0042
SENT_REPRESENTING_ADDRTYPE: Final = 0x0064
SENT_REPRESENTING_EMAIL: Final = 0x0065
TRANSPORT_MESSAGE_HEADERS: Final = 0x007D
SENDER_NAME: Final = 0x0C1A
SENDER_ADDRTYPE: Final = 0x0C1E
SENDER_EMAIL: Final = 0x0C1F
MESSAGE_DELIVERY_TIME: Final = 0x0E06
BODY: Final = 0x1000
RTF_COMPRESSED: Final = 0x1009
HTML: Final = 0x1013
INTERNET_MESSAGE_ID: Final = 0x1035
INTERNET_REFERENCES: Final = 0x1039
IN_REPLY_TO_ID: Final = 0x1042
CREATION_TIME: Final = 0x3007
INTERNET_CODEPAGE: Final = 0x3FDE
MESSAGE_LOCALE_ID: Final = 0x3FF1
MESSAGE_CODEPAGE: Final = 0x3FFD
SENDER_SMTP_ADDRESS: Final = 0x5D01
SENT_REPRESENTING_SMTP_ADDRESS: Final = 0x5D02
# Message store: the CRC-32 of a PST's password, non-zero when it has one.
PST_PASSWORD: Final = 0x67FF

# Recipient.
RECIPIENT_TYPE: Final = 0x0C15  # 1 To, 2 Cc, 3 Bcc ([MS-OXOMSG] 2.2.3.1)
DISPLAY_NAME: Final = 0x3001
ADDRTYPE: Final = 0x3002
EMAIL_ADDRESS: Final = 0x3003
SMTP_ADDRESS: Final = 0x39FE

# Attachment.
ATTACH_DATA: Final = 0x3701
ATTACH_FILENAME: Final = 0x3704
ATTACH_METHOD: Final = 0x3705  # 1 by value, 5 embedded message, 6 OLE ([MS-OXCMSG] 2.2.2.9)
ATTACH_LONG_FILENAME: Final = 0x3707
ATTACH_MIME_TAG: Final = 0x370E
ATTACH_CONTENT_ID: Final = 0x3712
ATTACHMENT_HIDDEN: Final = 0x7FFE
ATTACH_EMBEDDED_MSG: Final = 5

_FILETIME_EPOCH = datetime(1601, 1, 1, tzinfo=UTC)
# Windows code pages Python names differently from "cp<n>".
_CODEPAGES = {
    65001: "utf-8",
    20127: "ascii",
    28591: "latin-1",
    28605: "iso8859-15",
    1200: "utf-16le",
}


def codec_of(codepage: int | None, default: str = "cp1252") -> str:
    if not codepage:
        return default
    name = _CODEPAGES.get(codepage, f"cp{codepage}")
    try:
        return codecs.lookup(name).name
    except LookupError:
        return default


# Primary language of a Windows LCID -> its ANSI code page, for 8-bit strings of a message
# that names no code page of its own (PidTagMessageLocaleId is then the writer's locale).
_LCID_CODEPAGE = {
    **dict.fromkeys((0x05, 0x0E, 0x15, 0x18, 0x1A, 0x1B, 0x1C, 0x24), 1250),
    **dict.fromkeys((0x02, 0x19, 0x22, 0x23, 0x2F), 1251),
    0x08: 1253, 0x1F: 1254, 0x0D: 1255, 0x01: 1256, 0x25: 1257, 0x26: 1257, 0x27: 1257,
    0x2A: 1258, 0x11: 932, 0x12: 949, 0x1E: 874,
}  # fmt: skip


def string_codec(codepage: int | None, locale_id: int | None) -> str:
    """The code page of a message's 8-bit (PT_STRING8) values.

    Not PidTagInternetCodepage: that names the body's code page, and Outlook writes UTF-8
    there for messages whose 8-bit strings are in the locale's ANSI code page.
    """
    if codepage:
        return codec_of(codepage)
    if locale_id:
        if locale_id & 0x3FF == 0x04:  # Chinese: Traditional (zh-TW, zh-HK) or Simplified
            return codec_of(950 if locale_id in (0x0404, 0x0C04, 0x1404) else 936)
        return codec_of(_LCID_CODEPAGE.get(locale_id & 0x3FF, 1252))
    return "cp1252"


@dataclass
class MapiProps:
    """One property bag: id -> (type, raw bytes); 8-bit strings decode in `codec`."""

    values: dict[int, tuple[int, bytes]] = field(default_factory=dict)
    codec: str = "cp1252"

    def __contains__(self, pid: int) -> bool:
        return pid in self.values

    def raw(self, pid: int) -> bytes | None:
        found = self.values.get(pid)
        return found[1] if found else None

    def text(self, pid: int) -> str | None:
        found = self.values.get(pid)
        if found is None:
            return None
        ptype, raw = found
        if ptype == PT_UNICODE:
            value = raw.decode("utf-16-le", "replace")
        elif ptype in (PT_STRING8, PT_BINARY):
            value = raw.decode(self.codec, "replace")
        else:
            return None
        # Writers pad strings with NULs; a PST subject starts with a SOH + prefix-length marker.
        value = value.split("\x00", 1)[0]
        if pid == SUBJECT and value.startswith("\x01") and len(value) >= 2:
            value = value[2:]
        return value

    def int32(self, pid: int) -> int | None:
        raw = self.raw(pid)
        if raw is None or len(raw) < 4:
            return None
        return int(struct.unpack_from("<I", raw)[0])

    def flag(self, pid: int) -> bool:
        raw = self.raw(pid)
        return bool(raw and raw[0])

    def time(self, pid: int) -> datetime | None:
        raw = self.raw(pid)
        if raw is None or len(raw) < 8:
            return None
        ticks = struct.unpack_from("<Q", raw)[0]
        if not ticks:
            return None
        try:
            return _FILETIME_EPOCH + timedelta(microseconds=ticks // 10)
        except OverflowError:
            return None


@dataclass
class MapiAttachment:
    props: MapiProps
    data: bytes | None = None
    message: MapiMessage | None = None  # an embedded message (attach method 5)


@dataclass
class MapiMessage:
    props: MapiProps
    recipients: list[MapiProps] = field(default_factory=list)
    attachments: list[MapiAttachment] = field(default_factory=list)

    @property
    def message_class(self) -> str:
        return (self.props.text(MESSAGE_CLASS) or "IPM.Note").strip()
