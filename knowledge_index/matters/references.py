"""Matter reference numbers: how they look, how they compare, where a document names them.

A firm's matter number is `YYYY-NNNN` (also written `YYYY/NNNN`, often with the handling
lawyer's initials: `2024/0173-MS`). The initials are not part of the identity: the same matter
is written with and without them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final, Literal

REFERENCE: Final = re.compile(
    r"(?<![\w/.-])((?:19|20)\d{2})\s?[-/]\s?(\d{3,5})(?:-([A-Za-z]{1,4}))?(?![\w/])"
)
# Words that introduce the firm's own reference in letters, notes and e-mail subjects.
MARKER: Final = re.compile(
    r"\b(?:betreff|subject|unser(?:e)?\s+(?:zeichen|az\.?|aktenzeichen)|aktenzeichen|az\.|akte|mandat(?:s-?nr\.?)?"
    r"|our\s+ref(?:erence)?\.?|your\s+matter|matter(?:\s+no\.?)?|ref\.?|reference)"
    r"\s*[:#]?\s*$",
    re.I,
)
PLACEHOLDER_PREFIX: Final = "UNASSIGNED-"

Origin = Literal["marker", "subject", "path", "text"]


@dataclass(frozen=True)
class FoundReference:
    reference: str  # as written
    key: str  # canonical identity
    origin: Origin
    position: int


def reference_key(value: str) -> str:
    """`2024/0173-MS` and `2024-0173` are one matter: `2024-0173`. Placeholders stay as they are."""
    match = REFERENCE.search(value)
    if match is None:
        return re.sub(r"\s+", " ", value.strip()).upper()
    return f"{match.group(1)}-{match.group(2)}"


def find_in_text(text: str, origin_default: Origin = "text") -> list[FoundReference]:
    found: list[FoundReference] = []
    for match in REFERENCE.finditer(text):
        before = text[max(0, match.start() - 30) : match.start()]
        origin: Origin = "marker" if MARKER.search(before) else origin_default
        found.append(
            FoundReference(match.group(0), reference_key(match.group(0)), origin, match.start())
        )
    return found


def find_in_path(path: str) -> list[FoundReference]:
    """References in folder names, deepest folder first (the file itself is not a folder)."""
    folders = path.split("/")[:-1]
    found: list[FoundReference] = []
    for depth in range(len(folders) - 1, -1, -1):
        for match in REFERENCE.finditer(folders[depth]):
            found.append(
                FoundReference(match.group(0), reference_key(match.group(0)), "path", depth)
            )
    return found


ORIGIN_ORDER: Final[dict[str, int]] = {"marker": 0, "subject": 0, "path": 1, "text": 2}


def ranked_references(path: str, text: str, subject: str | None = None) -> list[FoundReference]:
    """Every reference the file gives, strongest evidence first, one per matter.

    An explicit marker in the text ("Unser Zeichen: ...") or the e-mail subject beats the
    folder the file sits in: that is how a misfiled document is recognised. A bare number in
    the body is the weakest evidence.
    """
    candidates = [
        *(find_in_text(subject, "subject") if subject else []),
        *find_in_text(text),
        *find_in_path(path),
    ]
    candidates.sort(key=lambda f: (ORIGIN_ORDER[f.origin], f.position if f.origin != "path" else 0))
    seen: set[str] = set()
    out: list[FoundReference] = []
    for f in candidates:
        if f.key not in seen:
            seen.add(f.key)
            out.append(f)
    return out


def folder_title(folder: str) -> str:
    """`2024-0173 Liefervertrag` -> `Liefervertrag`."""
    return REFERENCE.sub("", folder).strip(" -_") or folder


def slug(value: str) -> str:
    cleaned = value.lower()
    for a, b in (("ä", "ae"), ("ö", "oe"), ("ü", "ue"), ("ß", "ss")):
        cleaned = cleaned.replace(a, b)
    return re.sub(r"[^a-z0-9]+", "-", cleaned).strip("-") or "root"


def placeholder_reference(path: str) -> str:
    """`UNASSIGNED-<top-folder-slug>`: stable for every unmatched file under one top folder."""
    top = path.split("/")[0] if "/" in path else ""
    return PLACEHOLDER_PREFIX + slug(top or "root").upper()
