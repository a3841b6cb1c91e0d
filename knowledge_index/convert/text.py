"""Plain text: decoded with charset detection, because the estate has decades of cp1252 files."""

from __future__ import annotations

import codecs
import time
from importlib.metadata import version

from charset_normalizer import from_bytes

from knowledge_index.convert.model import Provenance, StructuredDocument
from knowledge_index.errors import UnsupportedDocument

_BOMS = (
    (codecs.BOM_UTF32_LE, "utf-32"),
    (codecs.BOM_UTF32_BE, "utf-32"),
    (codecs.BOM_UTF8, "utf-8-sig"),
    (codecs.BOM_UTF16_LE, "utf-16"),
    (codecs.BOM_UTF16_BE, "utf-16"),
)
# Single-byte encodings that agree with cp1252 on the German letters; charset-normalizer
# often names one of these for short German text, where cp1252 is what was really written.
_WESTERN_LOOKALIKES = {
    "cp1250", "cp1252", "latin_1", "iso8859_15", "iso8859_2", "iso8859_10", "iso8859_13",
    "iso8859_14", "iso8859_16", "iso8859_3", "iso8859_4", "iso8859_9", "mac_iceland",
    "mac_latin2", "mac_roman", "mac_turkish", "cp775", "cp850", "cp852", "cp858", "cp437",
    "cp1254", "cp1257",
}  # fmt: skip


def _control_ratio(text: str) -> float:
    bad = sum(1 for char in text if ord(char) < 32 and char not in "\r\n\t\f")
    return bad / max(len(text), 1)


def decode_text(data: bytes, filename: str, *, partial: bool = False) -> tuple[str, str]:
    """(text, encoding). `partial` means `data` is a prefix that may end mid-character."""
    for bom, encoding in _BOMS:
        if data.startswith(bom):
            return data.decode(encoding, errors="replace" if partial else "strict"), encoding
    try:
        return data.decode("utf-8"), "utf-8"
    except UnicodeDecodeError as exc:
        if partial and exc.start >= len(data) - 3:
            return data[: exc.start].decode("utf-8"), "utf-8"
    if b"\x00" in data[:4096]:
        raise UnsupportedDocument(f"{filename!r} is binary data of an unsupported type")
    best = from_bytes(data).best()
    if best is None:
        raise UnsupportedDocument(
            f"{filename!r} is neither a known document format nor decodable text"
        )
    encoding = best.encoding
    if encoding in _WESTERN_LOOKALIKES:
        try:
            return data.decode("cp1252"), "cp1252"
        except UnicodeDecodeError:
            pass  # bytes cp1252 leaves undefined (0x81, 0x8d, ...): trust the detector
    text = str(best)
    if _control_ratio(text) > 0.05:
        raise UnsupportedDocument(f"{filename!r} is binary data of an unsupported type")
    return text, encoding


def convert_text(data: bytes, filename: str) -> StructuredDocument:
    started = time.perf_counter()
    text, encoding = decode_text(data, filename)
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    if not text.strip():
        raise UnsupportedDocument(f"text file {filename!r} contains only whitespace")
    return StructuredDocument(
        format="text",
        text=text,
        markdown=text,
        metadata={"encoding": encoding},
        provenance=Provenance(
            converter="charset-normalizer",
            converter_version=version("charset-normalizer"),
            pipeline="text",
            timings={"total": time.perf_counter() - started},
        ),
    )
