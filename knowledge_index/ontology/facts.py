"""Facts read from a document by rule: language, date, identifiers, notable clauses.

These need no judgement, so no model call: py3langid for the language; German and English date
forms, with French month names, by regular expression (numeric `04.03.2024`, ISO, `4. März
2024`, `4 March 2024`, `March 4, 2024`), preferring a date introduced by "Datum"/"dated"/"den"
or a place ("München, den ..."); typed identifiers; clause headings matched against the
ontology's clause types.
"""

from __future__ import annotations

import datetime as dt
import re
from typing import Any, Final

from knowledge_index.matters.references import REFERENCE
from knowledge_index.ontology import Ontology

MONTHS: Final[dict[str, int]] = {
    **{
        m: i
        for i, m in enumerate(
            [
                "januar",
                "februar",
                "märz",
                "april",
                "mai",
                "juni",
                "juli",
                "august",
                "september",
                "oktober",
                "november",
                "dezember",
            ],
            start=1,
        )
    },
    **{
        m: i
        for i, m in enumerate(
            [
                "january",
                "february",
                "march",
                "april",
                "may",
                "june",
                "july",
                "august",
                "september",
                "october",
                "november",
                "december",
            ],
            start=1,
        )
    },
    # French: Swiss and Austrian estates hold letters from Geneva and Lausanne.
    **{
        m: i
        for i, m in enumerate(
            [
                "janvier",
                "février",
                "mars",
                "avril",
                "mai",
                "juin",
                "juillet",
                "août",
                "septembre",
                "octobre",
                "novembre",
                "décembre",
            ],
            start=1,
        )
    },
    "fevrier": 2,
    "aout": 8,
    "decembre": 12,
    "maerz": 3,
    "jänner": 1,
    "jan": 1,
    "feb": 2,
    "mar": 3,
    "apr": 4,
    "jun": 6,
    "jul": 7,
    "aug": 8,
    "sep": 9,
    "sept": 9,
    "oct": 10,
    "okt": 10,
    "nov": 11,
    "dec": 12,
    "dez": 12,
}
_MONTH_ALT: Final = "|".join(sorted(MONTHS, key=len, reverse=True))
DATE_PATTERNS: Final = (
    ("dmy_num", re.compile(r"\b(\d{1,2})\.\s?(\d{1,2})\.\s?((?:19|20)\d{2})\b")),
    ("iso", re.compile(r"\b((?:19|20)\d{2})-(\d{2})-(\d{2})\b")),
    ("dmy_name", re.compile(rf"\b(\d{{1,2}})\.?\s+({_MONTH_ALT})\.?\s+((?:19|20)\d{{2}})\b", re.I)),
    ("mdy_name", re.compile(rf"\b({_MONTH_ALT})\.?\s+(\d{{1,2}}),?\s+((?:19|20)\d{{2}})\b", re.I)),
)
CASE_NUMBER: Final = re.compile(
    r"\b(?:\d{1,3}\s)?(?:[IVX]{1,5}\s)?(?:O|U|S|W|T|ZR|ZB|HK\s?O|KLs|Ca|Sa|C|AR|AZR)\s\d{1,5}/\d{2}\b"
    r"|\b(?:Claim|Case)\s+No\.?\s*:?\s*([A-Z]{1,3}-?\d{4}-?\d{3,6})\b"
)
INVOICE_NUMBER: Final = re.compile(
    r"(?:Rechnungs-?(?:nummer|nr\.?)|Invoice\s+(?:No\.?|Number))\s*:?\s*([A-Z0-9][A-Z0-9\-/]{2,20})",
    re.I,
)
HR_NUMBER: Final = re.compile(r"\b(HRB|HRA)\s*(\d{2,7})(\s?[A-Z])?\b")
UK_COMPANY: Final = re.compile(
    r"(?:company|registered)\s+(?:number|no\.?)\s*:?\s*([A-Z]{2}\d{6}|\d{6,8})\b", re.I
)


# The estate's languages, most likely first; py3langid's full set mistakes short German for
# Luxembourgish and the like.
LANGUAGES: Final = ("de", "en", "fr", "it", "es", "nl", "pl", "cs", "da", "sv", "pt")


def language(text_: str) -> str | None:
    import py3langid

    sample = text_[:4_000].strip()
    if len(sample) < 20:
        return None
    for code, _ in py3langid.rank(sample):
        if code in LANGUAGES:
            return code
    return None


def parse_date_match(kind: str, m: re.Match[str]) -> dt.date | None:
    """The date a match of `DATE_PATTERNS[kind]` spells, or None for an impossible one."""
    try:
        if kind == "dmy_num":
            return dt.date(int(m.group(3)), int(m.group(2)), int(m.group(1)))
        if kind == "iso":
            return dt.date(int(m.group(1)), int(m.group(2)), int(m.group(3)))
        if kind == "dmy_name":
            return dt.date(int(m.group(3)), MONTHS[m.group(2).lower()], int(m.group(1)))
        return dt.date(int(m.group(3)), MONTHS[m.group(1).lower()], int(m.group(2)))
    except (ValueError, KeyError):
        return None


def identifiers(text_: str) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}

    def add(kind: str, value: str) -> None:
        value = re.sub(r"\s+", " ", value.strip())
        if value and value not in out.setdefault(kind, []):
            out[kind].append(value)

    for m in REFERENCE.finditer(text_):
        add("reference", m.group(0))
    for m in HR_NUMBER.finditer(text_):
        add(m.group(1).lower(), f"{m.group(1)} {m.group(2)}{(m.group(3) or '').strip()}")
    for m in UK_COMPANY.finditer(text_):
        add("uk_company_number", m.group(1).upper())
    for m in CASE_NUMBER.finditer(text_):
        add("case_number", m.group(1) or m.group(0))
    for m in INVOICE_NUMBER.finditer(text_):
        add("invoice_number", m.group(1))
    return {k: v for k, v in out.items() if v}


def notable_clauses(
    ontology: Ontology, sections: list[dict[str, Any]], text_: str
) -> list[dict[str, Any]]:
    """Clause types whose terms head a section (or a numbered paragraph line)."""
    headings = [(s.get("title") or "", s.get("start")) for s in sections]
    for m in re.finditer(
        r"^\s*(?:§\s*\d+|\d+\.|Art\.\s*\d+|Clause\s+\d+)\s*(.{3,80})$", text_, re.M
    ):
        headings.append((m.group(0).strip(), m.start()))
    out: list[dict[str, Any]] = []
    for clause in ontology.clause_types():
        terms = [clause.label_en, clause.label_de, *clause.terms]
        for heading, start in headings:
            low = heading.lower()
            if any(t.lower() in low for t in terms):
                out.append({"clause_type": clause.id, "heading": heading[:200], "start": start})
                break
    return out
