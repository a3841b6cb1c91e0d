"""Dates as documents cite each other: "14. Mai 2024", "14 May 2024", "May 14, 2024",
"14.05.2024", "2024-05-14", and without a year ("of 6 November") relative to the citing
document's own date. German, English and French month names (Swiss and Austrian estates write
all three). A PDF's text layer or OCR may lose the space between month and year ("3 March2023").
"""

from __future__ import annotations

import datetime as dt
import re
from typing import Final

from knowledge_index.ontology.facts import MONTHS

_MONTH: Final = "|".join(sorted(MONTHS, key=len, reverse=True))
DATE_PATTERN: Final = (
    rf"(?i:\d{{1,2}}\.\s?(?:{_MONTH})\s*\d{{4}}|\d{{1,2}}\s+(?:{_MONTH})\s*\d{{4}}"
    rf"|(?:{_MONTH})\s+\d{{1,2}},\s*\d{{4}}|\d{{1,2}}\.\d{{1,2}}\.\d{{4}}|\d{{4}}-\d{{2}}-\d{{2}})"
)
# "6 November", "6. November", "November 6", not followed by a year.
YEARLESS_PATTERN: Final = (
    rf"(?i:\d{{1,2}}\.?\s?(?:{_MONTH})\b(?!\.?\s*\d)|(?:{_MONTH})\s+\d{{1,2}}\b(?!,?\s*\d))"
)
_DATE: Final = re.compile(DATE_PATTERN, re.I)


def parse_date(text: str) -> dt.date | None:
    t = text.strip().lower().replace(",", "")
    try:
        if re.fullmatch(r"\d{4}-\d{2}-\d{2}", t):
            return dt.date.fromisoformat(t)
        m = re.fullmatch(r"(\d{1,2})\.(\d{1,2})\.(\d{4})", t)
        if m:
            return dt.date(int(m[3]), int(m[2]), int(m[1]))
        m = re.fullmatch(r"(\d{1,2})\.?\s*([a-zäöüéû]+)\s*(\d{4})", t)
        if m and m[2] in MONTHS:
            return dt.date(int(m[3]), MONTHS[m[2]], int(m[1]))
        m = re.fullmatch(r"([a-zäöüéû]+)\s+(\d{1,2})\s+(\d{4})", t)
        if m and m[1] in MONTHS:
            return dt.date(int(m[3]), MONTHS[m[1]], int(m[2]))
    except ValueError:
        return None
    return None


def parse_yearless(text: str, as_of: dt.date | None) -> dt.date | None:
    """A day and month without a year: the last such day on or before `as_of`."""
    if as_of is None:
        return None
    t = " ".join(text.strip().lower().replace(".", " ").split())
    m = re.fullmatch(r"(\d{1,2}) ?([a-zäöüéû]+)", t) or re.fullmatch(r"([a-zäöüéû]+) (\d{1,2})", t)
    if m is None:
        return None
    day, month = (m[1], m[2]) if m[1].isdigit() else (m[2], m[1])
    if month not in MONTHS:
        return None
    for year in (as_of.year, as_of.year - 1):
        try:
            found = dt.date(year, MONTHS[month], int(day))
        except ValueError:
            return None
        if found <= as_of:
            return found
    return None


def dates(text: str) -> list[dt.date]:
    out = []
    for m in _DATE.finditer(text):
        d = parse_date(m.group(0))
        if d is not None:
            out.append(d)
    return out
