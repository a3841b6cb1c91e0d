"""Exact identifiers: reference numbers, register numbers, court file numbers, file names.

Analyzed BM25 text splits "2024/0173-MS" into "2024", "0173", "ms", which every document of the
year shares, and embeddings barely see digits at all; identifiers therefore get their own exact
keyword field and their own ranked list in fusion. Extraction and normalization are shared by the
indexing and the query side so both produce the same terms.
"""

from __future__ import annotations

import re
from pathlib import PurePosixPath, PureWindowsPath

_FILE_EXTENSIONS = (
    "pdf|docx?|xlsx?|pptx?|msg|eml|txt|csv|html?|md|rtf|odt|ods|odp|xml|json|zip|tiff?|png|jpe?g"
)
_PATTERNS = (
    # Firm reference numbers: 2024/0173-MS
    re.compile(r"(?<![\w/])\d{4}/\d{2,6}(?:-[A-Za-z]{1,6})?(?![\w/])"),
    # Commercial/cooperative/partnership/association registers: HRB 12345, HRA 987 B
    re.compile(r"(?<!\w)(?:HR[AB]|GnR|PR|VR)\s*\d{1,7}(?:\s?[A-Z](?!\w))?", re.IGNORECASE),
    # Court file numbers: VIII ZR 12/23, 3 O 123/24, 2 BvR 1234/21
    re.compile(r"(?<!\w)(?:[IVX]{1,6}|\d{1,3})\s+[A-Z][A-Za-z]{0,3}\s+\d{1,5}/\d{2,4}(?!\w)"),
    # Letter-number codes: INV-2024-0042, AZ-17
    re.compile(r"(?<![\w-])[A-Z]{2,6}-\d{2,}(?:-\d+)*(?![\w-])"),
    # File names
    re.compile(rf"(?<![\w.-])[\w.-]+\.(?:{_FILE_EXTENSIONS})(?![\w])", re.IGNORECASE),
)
_LOOKS_LIKE_ID = re.compile(r"^(?=.*\d)[\w./-]{3,}$")


def normalize_identifier(value: str) -> str:
    return re.sub(r"\s+", "", value).lower()


def extract_identifiers(text: str) -> list[str]:
    found: set[str] = set()
    for pattern in _PATTERNS:
        found.update(normalize_identifier(m.group(0)) for m in pattern.finditer(text))
    return sorted(found)


def path_identifiers(path: str) -> list[str]:
    """File name and stem: users look documents up by the name they saved them under."""
    if not path:
        return []
    name = PureWindowsPath(path).name if "\\" in path else PurePosixPath(path).name
    stem = name.rsplit(".", 1)[0] if "." in name else name
    values = {normalize_identifier(name), normalize_identifier(stem)}
    values.update(extract_identifiers(path))
    return sorted(v for v in values if v)


def query_identifiers(query: str) -> list[str]:
    """Identifiers in a query; a bare token with a digit counts as one even without a pattern."""
    found = set(extract_identifiers(query))
    stripped = query.strip()
    if _LOOKS_LIKE_ID.match(stripped):
        found.add(normalize_identifier(stripped))
    return sorted(found)


# Matter references are matched on their canonical key (the matters table's reference_key), so
# "0412-24", "0412/24 LB" and "412/24" all find the matter filed as "0412/24".
MATTER_PREFIX = "matter:"
# Separator-free spellings join "12345-001" to "12345.001" and "M10482" to "M-10482".
_LOOSE = re.compile(r"[^0-9a-zß-ÿ]+")
# A query word that carries a digit and a separator or a letter: "0412-24", "M10482", "24-10877".
_QUERY_TOKEN = re.compile(r"^(?=.*\d)(?=.*[-/._a-zA-Z])[\w./-]{4,}$")


def loose_identifier(value: str) -> str:
    return _LOOSE.sub("", value.lower())


def identifier_terms(identifiers: list[str]) -> list[str]:
    """The exact forms plus their separator-free spelling, as the ident fields store them."""
    out = dict.fromkeys(identifiers)
    for ident in identifiers:
        loose = loose_identifier(ident)
        if len(loose) >= 4 and any(c.isdigit() for c in loose):
            out.setdefault(f"~{loose}")
    return list(out)


def matter_terms(text: str) -> list[str]:
    """The matter references written in a text, as canonical keys (default reference scheme)."""
    from knowledge_index.matters.references import find_in_text

    return sorted({MATTER_PREFIX + found.key for found in find_in_text(text)})


def query_identifier_terms(query: str) -> list[str]:
    """What a query's ident list asks for: its identifiers, the id-like words among its words
    (each in exact and separator-free spelling) and the matter references it names."""
    idents = set(query_identifiers(query))
    for word in query.split():
        word = word.strip("\"'„“”,;:()[]")
        if _QUERY_TOKEN.match(word):
            idents.add(normalize_identifier(word))
    return [*identifier_terms(sorted(idents)), *matter_terms(query)]


def names_only_identifiers(query: str) -> bool:
    """True when every word of the query belongs to an identifier ("HRB 67890", "3 O 123/24",
    "Scan_20240429_1702.pdf"): such a query wants that string, not what it means."""
    rest = query
    for pattern in _PATTERNS:
        rest = pattern.sub(" ", rest)
    words = [w.strip("\"'„“”,;:()[]") for w in rest.split()]
    words = [w for w in words if w and not _QUERY_TOKEN.match(w)]
    return bool(query_identifier_terms(query)) and not words
