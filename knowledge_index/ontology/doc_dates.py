"""A document's own date, told apart from the other dates it mentions.

A legal text is full of dates that are not its own: the agreement it amends ("dated 10 January
2022", "vom 3. März 2022"), a deadline ("bis 31. August 2024"), an effective date ("with effect
from"), a party's birth date ("*03.07.1958"), a court decision it cites ("Urt. v. 21.03.2017").
Its own date is where writers put it: a date line at the head ("München, den 12. März 2024",
"Datum: ...", "Stand: ...", "Entwurf 08.10.2024"), the place and date above the signatures, the
file name firms date their files with ("2024-03-04 LG Stuttgart Verfügung.pdf"), and the
properties the authoring tool wrote (OOXML/ODF `created`). Strongest first; an unmarked date
in the head that is not one of the others' kind comes last, before nothing.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Iterator, Mapping
from typing import Any, Final

from knowledge_index.ontology.facts import DATE_PATTERNS, parse_date_match

HEAD_CHARS: Final = 3_000
TAIL_CHARS: Final = 600
# Words right before a date that make it the document's own: a date line's label, a draft's
# or version's stamp, or "<place>, (den)" as in a letterhead or above the signatures.
OWN_MARKER: Final = re.compile(
    r"(?:\b(?:datum|date|dated as of|stand|entwurf|draft|fassung|version)\s*:?"
    r"|^[^\W\d][\w .\-/]{1,40},\s*(?:(?:den|am|the|le)\s+)?)\s*$",
    re.I | re.M,
)
# Words right before a date that make it another thing's date.
FOREIGN_MARKER: Final = re.compile(
    r"\b(?:vom|v\.|dated|of|from|bis|until|till|seit|since|ab|zum|zu|by|before|vor|nach|after"
    r"|geb\.|geboren|born|wirkung|effect|frist|deadline|termin|hearing|urteil|urt\.|beschluss"
    r"|ablauf|ending|expires?|spätestens|latest|between|zwischen|und|and|to|bis zum)\s*$"
    r"|\*\s*$",
    re.I,
)
# A weekday before it or a time after it: an appointment ("Mittwoch, 10. Juli 2024, 09:30
# Uhr"), which a summons or an invitation is about but was not written on.
WEEKDAY_BEFORE: Final = re.compile(
    r"\b(?:montag|dienstag|mittwoch|donnerstag|freitag|samstag|sonntag|monday|tuesday"
    r"|wednesday|thursday|friday|saturday|sunday),?\s*(?:(?:den|the)\s+)?$",
    re.I,
)
TIME_AFTER: Final = re.compile(r"^\s*[,;]?\s*(?:um|at|ab|from|,)?\s*\d{1,2}[:.]\d{2}\b", re.I)
CONTEXT_CHARS: Final = 40
# "20240311", "2024-03-04", "2024_03_04" in a file name.
# One separator throughout, so an invoice number "2024-1123" is not 23 November.
NAME_DATE: Final = re.compile(r"(?<!\d)((?:19|20)\d{2})([-_.]?)(\d{2})\2(\d{2})(?!\d)")
METADATA_KEYS: Final = ("created",)


def _dates(text: str) -> Iterator[tuple[int, int, dt.date]]:
    for kind, pattern in DATE_PATTERNS:
        for m in pattern.finditer(text):
            value = parse_date_match(kind, m)
            if value is not None:
                yield m.start(), m.end(), value


def _before(text: str, start: int) -> str:
    return text[max(0, start - CONTEXT_CHARS) : start]


# A cover page's date line: "Mietvertrag" / "vom 12. März 2024" on a line of its own is the
# contract's date, where "Nachtrag zum Mietvertrag vom ..." on one line is the lease's.
LINE_LEAD: Final = re.compile(r"^\s*(?:(?:vom|dated|of|den|the)\s+)?$", re.I)


def _alone_on_line(text: str, start: int, end: int) -> bool:
    line_start = text.rfind("\n", 0, start) + 1
    line_end = text.find("\n", end)
    rest = text[end : len(text) if line_end < 0 else line_end]
    return bool(LINE_LEAD.match(text[line_start:start])) and len(rest.strip(" .,;")) == 0


def _appointment(text: str, start: int, end: int) -> bool:
    return bool(
        WEEKDAY_BEFORE.search(_before(text, start)) or TIME_AFTER.match(text[end : end + 16])
    )


def _own(text: str) -> dt.date | None:
    for start, end, value in sorted(_dates(text)):
        if _appointment(text, start, end):
            continue
        before = _before(text, start)
        if OWN_MARKER.search(before) or _alone_on_line(text, start, end):
            return value
    return None


def _from_name(name: str) -> dt.date | None:
    found = [(m.start(), m.group(1), m.group(3), m.group(4)) for m in NAME_DATE.finditer(name)]
    for start, year, month, day in found:
        # "Ladung Termin 2024-07-10": the hearing's date, not the summons'.
        if FOREIGN_MARKER.search(_before(name, start)):
            continue
        try:
            return dt.date(int(year), int(month), int(day))
        except ValueError:
            continue
    for start, _, value in sorted(_dates(name)):
        if not FOREIGN_MARKER.search(_before(name, start)):
            return value
    return None


def _from_metadata(metadata: Mapping[str, Any]) -> dt.date | None:
    for key in METADATA_KEYS:
        raw = str(metadata.get(key) or "")[:10]
        try:
            return dt.date.fromisoformat(raw)
        except ValueError:
            continue
    return None


def _unmarked(head: str) -> dt.date | None:
    for start, end, value in sorted(_dates(head)):
        if not FOREIGN_MARKER.search(_before(head, start)) and not _appointment(head, start, end):
            return value
    return None


def document_date(
    text: str, file_name: str = "", metadata: Mapping[str, Any] | None = None
) -> tuple[dt.date | None, str | None]:
    """The document's own date and where it was read (`head`, `signature`, `file_name`,
    `properties`, `text`), or (None, None)."""
    head = text[:HEAD_CHARS]
    if (found := _own(head)) is not None:
        return found, "head"
    if len(text) > HEAD_CHARS and (found := _own(text[-TAIL_CHARS:])) is not None:
        return found, "signature"
    if (found := _from_name(file_name)) is not None:
        return found, "file_name"
    if metadata and (found := _from_metadata(metadata)) is not None:
        return found, "properties"
    if (found := _unmarked(head)) is not None:
        return found, "text"
    return None, None
