"""An Outlook RTF body ([MS-OXRTFCP] compressed) as HTML or text.

Outlook keeps the body of many messages only as compressed RTF. When the mail was HTML, that
RTF encapsulates the HTML ([MS-OXRTFEX]): `\\fromhtml1`, the markup in `{\\*\\htmltag ...}`
groups and RTF-only renderings fenced by `\\htmlrtf ... \\htmlrtf0`. The HTML comes back and
takes the HTML path; any other RTF yields its text. A real RTF renderer is not needed for
search: fonts, colours and layout are dropped.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from knowledge_index.errors import UnsupportedDocument

RtfKind = Literal["html", "text"]

_TOKEN = re.compile(
    r"\\([a-zA-Z]{1,32})(-?\d{1,10})? ?|\\'([0-9a-fA-F]{2})|\\(.)|([{}])|[\r\n]+|([^\\{}\r\n]+)",
    re.S,
)
# Destinations whose content is never text.
_SKIP = frozenset(
    {
        "fonttbl", "colortbl", "stylesheet", "info", "pict", "object", "themedata",
        "header", "footer", "listtable", "listoverridetable", "rsidtbl", "generator",
        "xmlnstbl", "datastore", "latentstyles", "colorschememapping", "fldinst",
    }
)  # fmt: skip
_SYMBOLS = {
    "par": "\n", "line": "\n", "tab": "\t", "cell": "\t", "row": "\n", "sect": "\n",
    "page": "\n", "lquote": "\u2018", "rquote": "\u2019", "ldblquote": "\u201c",
    "rdblquote": "\u201d", "bullet": "\u2022", "endash": "\u2013", "emdash": "\u2014",
    "emspace": " ", "enspace": " ",
}  # fmt: skip


def decompress(data: bytes, max_bytes: int) -> bytes:
    """The RTF of a PR_RTF_COMPRESSED value; its declared size is checked before inflating."""
    import compressed_rtf

    if len(data) < 16:
        raise UnsupportedDocument("compressed RTF body is truncated")
    raw_size = int.from_bytes(data[4:8], "little")
    if raw_size > max_bytes:
        raise UnsupportedDocument(f"RTF body declares {raw_size} bytes (limit {max_bytes})")
    try:
        return bytes(compressed_rtf.decompress(data))
    except Exception as exc:  # the library raises bare Exception for CRC and type faults
        raise UnsupportedDocument(f"compressed RTF body is corrupt ({exc})") from exc


@dataclass
class _Group:
    skip: bool = False
    htmltag: bool = False
    suppressed: bool = False  # inside \htmlrtf: an RTF-only rendering of the HTML
    uc: int = 1


def rtf_to_body(rtf: bytes) -> tuple[str, RtfKind]:
    """The encapsulated HTML, or the RTF's text when it was not written from HTML."""
    source = rtf.decode("latin-1")
    head = source[:2048]
    from_html = "\\fromhtml" in head
    codec = _codec(head)
    out: list[str] = []
    pending = bytearray()  # \'hh bytes: a multi-byte code page spreads one character over two

    def flush() -> None:
        if pending:
            out.append(pending.decode(codec, "replace"))
            pending.clear()

    stack = [_Group()]
    skip_chars = 0
    first_in_group = False
    for match in _TOKEN.finditer(source):
        word, arg, hexbyte, symbol, brace, text = match.groups()
        group = stack[-1]
        if brace == "{":
            stack.append(_Group(group.skip, group.htmltag, group.suppressed, group.uc))
            first_in_group = True
            continue
        if brace == "}":
            flush()
            if len(stack) > 1:
                stack.pop()
            first_in_group = False
            continue
        starts = first_in_group
        first_in_group = False
        if symbol == "*" and starts:
            # An ignorable destination: skipped unless it is the encapsulated HTML markup.
            group.skip = True
            first_in_group = True  # the destination's name follows
            continue
        if word is not None:
            if starts and word in _SKIP:
                group.skip = True
            elif word == "htmltag" and starts:
                group.skip, group.htmltag = False, True
            elif word == "htmlrtf":
                group.suppressed = arg != "0"
            elif word == "uc" and arg:
                group.uc = int(arg)
            elif word == "u" and arg and _emits(group, from_html):
                flush()
                out.append(chr(int(arg) % 0x10000))
                skip_chars = group.uc
            elif word in _SYMBOLS and _emits(group, from_html):
                flush()
                out.append(_SYMBOLS[word])
            continue
        if not _emits(group, from_html):
            continue
        if hexbyte is not None:
            if skip_chars:
                skip_chars -= 1
                continue
            pending.append(int(hexbyte, 16))
        elif symbol is not None:
            flush()
            out.append({"~": "\xa0", "_": "-", "-": ""}.get(symbol, symbol))
        elif text is not None:
            if skip_chars:
                drop = min(skip_chars, len(text))
                text, skip_chars = text[drop:], skip_chars - drop
            flush()
            out.append(text.encode("latin-1").decode(codec, "replace"))
    flush()
    body = "".join(out).replace("\x00", "")  # writers pad the RTF with NULs
    return (body, "html") if from_html else (body.strip(), "text")


def _emits(group: _Group, from_html: bool) -> bool:
    if group.skip:
        return False
    if group.htmltag:
        return True
    return not group.suppressed


def _codec(head: str) -> str:
    from knowledge_index.convert.mapi import codec_of

    found = re.search(r"\\ansicpg(\d+)", head)
    return codec_of(int(found.group(1)) if found else None)
