"""What a file name says about versions: the family stem, a version number, a label, a date.

`family_key` strips every version signal from the stem, so "SPA v2 redline.docx",
"SPA_final.pdf" and "SPA - Kopie (2).docx" share the key "spa".
"""

from __future__ import annotations

import datetime as dt
import functools
import re
from typing import Final, Literal

from pydantic import BaseModel, ConfigDict

from knowledge_index.ontology.facts import MONTHS

Label = Literal["draft", "redline", "counterparty_redline", "final", "executed"]
LABEL_RANK: Final[dict[str, int]] = {
    "draft": 0,
    "redline": 1,
    "counterparty_redline": 2,
    "final": 3,
    "executed": 4,
}

# Order matters: the first label whose words occur wins ("counterparty redline" is not a redline).
_LABEL_WORDS: Final[tuple[tuple[Label, tuple[str, ...]], ...]] = (
    # Austrian "unterfertigt", Swiss/French "signé", Italian "firmato".
    (
        "executed",
        (
            "executed",
            "signed",
            "unterzeichnet",
            "unterschrieben",
            "gezeichnet",
            "unterfertigt",
            "signiert",
            "signé",
            "firmato",
        ),
    ),
    (
        "counterparty_redline",
        (
            "counterparty",
            "gegenentwurf",
            "gegenseite",
            "comments",
            "kommentare",
            "anmerkungen",
            "anm",
        ),
    ),
    (
        "redline",
        (
            "redline",
            "änderungen",
            "aenderungen",
            "markup",
            "marked",
            "tracked",
            "vergleichsversion",
            "änderungsmodus",
        ),
    ),
    (
        "final",
        (
            "final",
            "endgültig",
            "endgueltig",
            "endfassung",
            "clean",
            "reinschrift",
            "définitif",
            # The version put before the signatories ("SFA execution version 2025-05-05").
            "execution",
            "unterschriftsfassung",
        ),
    ),
    ("draft", ("draft", "entwurf", "vorentwurf", "projet")),
)
_VERSION = re.compile(
    r"(?:^|[\s_\-.(])(?:v|ver|version|fassung)[\s_.-]?(\d{1,3})(?=$|[\s_\-.)])", re.I
)
_DATE_ISO = re.compile(r"(20\d\d)[-_.]?(0[1-9]|1[0-2])[-_.]?(0[1-9]|[12]\d|3[01])")
_DATE_DE = re.compile(r"(0?[1-9]|[12]\d|3[01])[.\-_](0?[1-9]|1[0-2])[.\-_](20\d\d)")
# "6 Nov 2023", "14 December 2023", "3. Mai 2024" in a name.
_MONTH_NAMES: Final = {
    **MONTHS,
    # What file names also write: the Austrian "Jaenner" and "Mär" (French months are in MONTHS).
    "jaenner": 1,
    "mär": 3,
}
_DATE_WORDS = re.compile(r"\b(0?[1-9]|[12]\d|3[01])\.?\s+([a-zäöüéû]{3,9})\.?\s+(20\d\d)\b", re.I)
_COPY = re.compile(r"\s*(\(\d+\)|\bkopie von\b|\bkopie\b|\bcopy of\b|\bcopy\b|- kopie)\s*", re.I)
# A document management system's export names a file by its document number and version:
# "00041231_2", "1234567.3", "1234567v2" (iManage, NetDocuments, DMS exports).
_DMS_NUMBER = re.compile(r"(\d{5,})(?:[_.\-]v?|v)(\d{1,3})", re.I)
_NOISE = re.compile(r"[\s_\-.,()\[\]]+")
_EXTENSION = re.compile(r"\.[A-Za-z0-9]{1,5}$")


class FilenameSignals(BaseModel):
    model_config = ConfigDict(frozen=True)  # shared from the cache below
    stem: str
    family_key: str
    version: int | None = None
    label: Label | None = None
    label_word: str | None = None
    date: dt.date | None = None
    copy_marker: bool = False


def _date(stem: str) -> dt.date | None:
    worded = _DATE_WORDS.search(stem)
    if worded and worded.group(2).lower() in _MONTH_NAMES:
        try:
            month = _MONTH_NAMES[worded.group(2).lower()]
            return dt.date(int(worded.group(3)), month, int(worded.group(1)))
        except ValueError:
            pass
    for pattern, order in ((_DATE_ISO, (0, 1, 2)), (_DATE_DE, (2, 1, 0))):
        m = pattern.search(stem)
        if m:
            parts = [int(m.group(i + 1)) for i in range(3)]
            try:
                return dt.date(parts[order[0]], parts[order[1]], parts[order[2]])
            except ValueError:
                continue
    return None


@functools.lru_cache(maxsize=65_536)
def signals(path: str) -> FilenameSignals:
    """Pure in the path; relate asks for every file of the matter for each file it relates."""
    name = path.rsplit("/", 1)[-1]
    if "!/" in path:  # a child: its own name inside the container
        name = path.rsplit("!/", 1)[-1].rsplit("/", 1)[-1]
    stem = _EXTENSION.sub("", name)
    lowered = stem.lower()
    label: Label | None = None
    label_word = None
    # "mark-up" is a markup; "Entwurf-Endfassung" two words.
    words = set(re.findall(r"[a-zäöüßéèû]+", lowered)) | set(
        re.findall(r"[a-zäöüßéèû]+", lowered.replace("-", ""))
    )
    for candidate, vocabulary in _LABEL_WORDS:
        hit = next((w for w in vocabulary if w in words), None)
        if hit:
            label, label_word = candidate, hit
            break
    version_match = _VERSION.search(stem)
    copy_marker = bool(_COPY.search(stem))
    # Parenthesized notes are annotations, not the document's name: "(2)", "(WP comments)".
    key = re.sub(r"\([^)]*\)", " ", lowered)
    key = _DATE_ISO.sub(" ", key)
    key = _DATE_DE.sub(" ", key)
    key = _DATE_WORDS.sub(lambda m: " " if m.group(2).lower() in _MONTH_NAMES else m.group(0), key)
    key = _VERSION.sub(" ", key)
    key = _COPY.sub(" ", key)
    for _, vocabulary in _LABEL_WORDS:
        for w in vocabulary:
            key = re.sub(rf"(?<![a-zäöüß]){re.escape(w)}(?![a-zäöüß])", " ", key)
    key = re.sub(r"(?<![a-zäöüß])mark-up(?![a-zäöüß])", " ", key)
    key = re.sub(r"(?<![a-zäöüß])(von|vs|by|der|mit|with|und|and)(?![a-zäöüß])\s*$", " ", key)
    key = _NOISE.sub(" ", key).strip()
    version = int(version_match.group(1)) if version_match else None
    dms = _DMS_NUMBER.fullmatch(_COPY.sub("", stem).strip())
    if dms:
        key, version = dms.group(1), int(dms.group(2))
    return FilenameSignals(
        stem=stem,
        family_key=key,
        version=version,
        label=label,
        label_word=label_word,
        date=_date(stem),
        copy_marker=copy_marker,
    )


def extension(path: str) -> str:
    """The file's extension, lower case; a container member's own ("mail.eml!/a.pdf": pdf)."""
    name = path.split("!/")[-1].rsplit("/", 1)[-1]
    return name.rsplit(".", 1)[-1].lower() if "." in name else ""


def has_version_signal(s: FilenameSignals) -> bool:
    return s.version is not None or s.label is not None or s.date is not None
