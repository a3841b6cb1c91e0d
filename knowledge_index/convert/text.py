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
# charset-normalizer often names some DOS or Central-European code page for short German text
# (cp857, cp1250, mac_iceland...), where cp1252 is what was really written. Only scripts that
# are genuinely not Latin, and multi-byte encodings, keep the detector's answer.
_TRUSTED_PREFIXES = (
    "utf", "big5", "gb", "hz", "euc", "shift_jis", "cp932", "cp949", "cp950", "iso2022",
    "johab", "koi8", "cp1251", "cp1253", "cp1255", "cp1256", "cp866", "cp855", "cp737",
    "cp869", "cp864", "cp862", "iso8859_5", "iso8859_6", "iso8859_7", "iso8859_8",
    "mac_cyrillic", "mac_greek", "tis_620", "cp874", "ptcp154", "kz1048",
)  # fmt: skip


def _control_ratio(text: str) -> float:
    bad = sum(1 for char in text if ord(char) < 32 and char not in "\r\n\t\f")
    return bad / max(len(text), 1)


def decode_text(data: bytes, filename: str, *, partial: bool = False) -> tuple[str, str]:
    """(text, encoding). `partial` means `data` is a prefix that may end mid-character."""
    text, encoding = _decode(data, filename, partial=partial)
    # Control bytes decode as valid UTF-8 too; text that is mostly controls is binary.
    if _control_ratio(text[:65536]) > 0.05:
        raise UnsupportedDocument(f"{filename!r} is binary data of an unsupported type")
    return text, encoding


def _decode(data: bytes, filename: str, *, partial: bool) -> tuple[str, str]:
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
    if not encoding.startswith(_TRUSTED_PREFIXES):
        try:
            return data.decode("cp1252"), "cp1252"
        except UnicodeDecodeError:
            pass  # bytes cp1252 leaves undefined (0x81, 0x8d, ...): trust the detector
    return str(best), encoding


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
