"""Textual cues of typed relations: annexes, amendments, letters answering letters, citations.

Each cue names what the target looks like (a title phrase, a date); the stage searches for it
and the model confirms by opening the candidate.
"""

from __future__ import annotations

import datetime as dt
import re
from typing import Final, Literal

from pydantic import BaseModel

from knowledge_index.ontology.facts import MONTHS
from knowledge_index.relations.lineage import norm

CueKind = Literal["annex_of", "amends", "responds_to", "references"]
_MONTH = "|".join(sorted(MONTHS, key=len, reverse=True))
DATE_PATTERN: Final = (
    rf"(?i:\d{{1,2}}\.\s?(?:{_MONTH})\s+\d{{4}}|\d{{1,2}}\s+(?:{_MONTH})\s+\d{{4}}"
    rf"|(?:{_MONTH})\s+\d{{1,2}},\s*\d{{4}}|\d{{1,2}}\.\d{{1,2}}\.\d{{4}}|\d{{4}}-\d{{2}}-\d{{2}})"
)
_DATE = re.compile(DATE_PATTERN, re.I)
_ANNEX_WORD = r"(?:Anlage|Annex|Anhang|Schedule|Exhibit|Appendix)"
_ANNEX = re.compile(
    rf"^\s*{_ANNEX_WORD}\s*[\w.]*\s*(?:\([^)]*\))?\s*[:\-–]?\s*(?:zum|zur|zu|to the|to)\s+"
    rf"(?P<target>[^\n]+?)(?:\s+(?:vom|dated|of)\s+(?P<date>{DATE_PATTERN}))?\s*$",
    re.I | re.M,
)
_ANNEX_HEAD = re.compile(rf"^\s*{_ANNEX_WORD}\b", re.I)
_AMEND = re.compile(
    rf"(?:(?:\d+\.\s*)?Nachtrag|Änderungsvereinbarung|Ergänzungsvereinbarung|Amendment"
    rf"|Addendum|Side Letter)(?:\s+(?:No\.?|Nr\.?)\s*\d+)?\s+(?:zum|zur|zu|to the|to)\s+"
    rf"(?P<target>[^\n]+?)(?:\s+(?:vom|dated|of)\s+(?P<date>{DATE_PATTERN}))?\s*(?:$|[.,;])",
    re.I | re.M,
)
_RESPONSE = re.compile(
    rf"(?:Ihr(?:em)?\s+Schreiben\s+vom|Ihre[rm]?\s+(?:E-Mail|Email|Brief)\s+vom"
    rf"|Bezug nehmend auf Ihr Schreiben vom|your letter (?:of|dated)|your e-?mail (?:of|dated)"
    rf"|in reply to your letter (?:of|dated)|we refer to your letter (?:of|dated))"
    rf"\s+(?P<date>{DATE_PATTERN})",
    re.I,
)
_RE_LINE = re.compile(r"^\s*(?:Re|Betreff|Betr\.|Subject)\s*:\s*(?P<subject>.+)$", re.I | re.M)
# Starts only at a word start and words are bounded: unbounded runs made this quadratic, and a
# 1 MB file without spaces took minutes per relate.
_CITATION = re.compile(
    rf"(?P<title>(?<![\w\-])(?:[A-ZÄÖÜ][\w\-]{{1,40}}\s+){{0,4}}[A-ZÄÖÜ]?[\w\-]{{0,40}}?"
    rf"(?:Vertrag|vertrag|Agreement|Vereinbarung|vereinbarung|Memorandum|Gutachten|Letter)"
    rf"(?:es|s)?)"
    rf"\s+(?:vom|dated|of)\s+(?P<date>{DATE_PATTERN})",
)


class Cue(BaseModel):
    kind: CueKind
    phrase: str = ""
    date: dt.date | None = None
    quote: str = ""


def parse_date(text: str) -> dt.date | None:
    t = text.strip().lower().replace(",", "")
    try:
        if re.fullmatch(r"\d{4}-\d{2}-\d{2}", t):
            return dt.date.fromisoformat(t)
        m = re.fullmatch(r"(\d{1,2})\.(\d{1,2})\.(\d{4})", t)
        if m:
            return dt.date(int(m[3]), int(m[2]), int(m[1]))
        m = re.fullmatch(r"(\d{1,2})\.?\s*([a-zäöü]+)\s+(\d{4})", t)
        if m and m[2] in MONTHS:
            return dt.date(int(m[3]), MONTHS[m[2]], int(m[1]))
        m = re.fullmatch(r"([a-zäöü]+)\s+(\d{1,2})\s+(\d{4})", t)
        if m and m[1] in MONTHS:
            return dt.date(int(m[3]), MONTHS[m[1]], int(m[2]))
    except ValueError:
        return None
    return None


def dates(text: str) -> list[dt.date]:
    out = []
    for m in _DATE.finditer(text):
        d = parse_date(m.group(0))
        if d is not None:
            out.append(d)
    return out


def heading(text: str) -> str:
    """The document's first meaningful line: how lawyers title agreements and letters."""
    for line in text.splitlines():
        line = line.strip().strip("#").strip()
        if len(line) >= 3:
            return line[:200]
    return ""


def letter_date(text: str) -> dt.date | None:
    """The date a letter carries near its top (the first date in the letterhead area)."""
    head = text[:800]
    found = dates(head)
    return found[0] if found else None


def _clean_phrase(phrase: str) -> str:
    phrase = re.sub(r"^(?:dem|der|den|die|das|the)\s+", "", phrase.strip(), flags=re.I)
    return phrase.strip(" .,:;\"'„“”")


def find_cues(text: str, filename: str = "") -> list[Cue]:
    head = text[:3_000]
    cues: list[Cue] = []
    annex = _ANNEX.search(head)
    if annex:
        cues.append(
            Cue(
                kind="annex_of",
                phrase=_clean_phrase(annex["target"]),
                date=parse_date(annex["date"]) if annex["date"] else None,
                quote=annex.group(0).strip()[:300],
            )
        )
    elif _ANNEX_HEAD.match(filename) or _ANNEX_HEAD.match(heading(text)):
        cues.append(Cue(kind="annex_of", quote=heading(text)))
    amend = _AMEND.search(head)
    if amend:
        cues.append(
            Cue(
                kind="amends",
                phrase=_clean_phrase(amend["target"]),
                date=parse_date(amend["date"]) if amend["date"] else None,
                quote=amend.group(0).strip()[:300],
            )
        )
    for m in _RESPONSE.finditer(text[:6_000]):
        cues.append(
            Cue(kind="responds_to", date=parse_date(m["date"]), quote=m.group(0).strip()[:300])
        )
    re_line = _RE_LINE.search(head)
    if re_line and not any(c.kind == "responds_to" for c in cues):
        subject = re_line["subject"].strip()
        cues.append(Cue(kind="responds_to", phrase=subject, quote=re_line.group(0).strip()))
    for m in _CITATION.finditer(text):
        cues.append(
            Cue(
                kind="references",
                phrase=_clean_phrase(m["title"]),
                date=parse_date(m["date"]),
                quote=m.group(0).strip()[:300],
            )
        )
    return cues


def phrase_matches(phrase: str, title: str) -> bool:
    """Whether a cue's title phrase names a document with this heading (either way round)."""
    p, t = norm(phrase), norm(title)
    if len(p) < 4 or len(t) < 4:
        return False
    return p in t or t in p
