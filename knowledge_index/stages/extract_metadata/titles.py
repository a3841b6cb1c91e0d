"""Title candidates: what a reader sees as a document's title, by the signal that shows it.

In order of strength: an e-mail's subject (reply/forward prefixes removed), the first heading
section the converter found (Word heading styles, Markdown `#`, slide titles), the first bold
line (documents formatted by hand), and for text-only formats (PDF text layer, scans, plain
text) the first title-like line. Letterheads, addresses, dates, reference lines, draft and
confidentiality banners and salutations are never titles; Markdown front matter is metadata.
"""

from __future__ import annotations

import re
from typing import Any, Final, Literal

from pydantic import BaseModel

from knowledge_index.entities.names import COMPANY, fold

TitleSource = Literal["email_subject", "heading", "bold_line", "title_line", "first_line"]
MAX_TITLE: Final = 200
SCAN_LINES: Final = 25

REPLY_PREFIX: Final = re.compile(
    r"^\s*(?:(?:re|aw|wg|fwd?|fw|antw|tr|sv|vs)\s*(?:\[\d+\])?\s*:\s*)+", re.I
)
FRONT_MATTER: Final = re.compile(r"\A---\s*\n.*?\n---\s*\n", re.S)
BOLD: Final = re.compile(r"^\s*\*\*(.+?)\*\*\s*$", re.M)
# Lines that frame a document rather than name it.
BANNER: Final = re.compile(
    r"^(?:entwurf|draft|vertraulich|streng vertraulich|confidential|privileged|strictly"
    r" private|subject to contract|ohne präjudiz|without prejudice|seite \d|page \d)\b",
    re.I,
)
REFERENCE_LINE: Final = re.compile(
    r"^(?:unser zeichen|ihr zeichen|our ref|your ref|az\.|aktenzeichen|geschäftsnummer|ur-nr"
    r"|urkundenrolle|akte|matter no|file no|claim no|invoice no|datum|date)\b",
    re.I,
)
SALUTATION: Final = re.compile(
    r"^(?:sehr geehrte|liebe[rs]?\b|dear\b|hallo\b|hello\b|guten tag)", re.I
)
ADDRESSEE: Final = re.compile(
    r"^(?:an das|an den|an die|to the|for the attention|z\.\s?hd\.|zu händen"
    r"|per (?:e-mail|fax|bote)"
    r"|by (?:e-mail|email|courier|hand))\b",
    re.I,
)
DATE_LINE: Final = re.compile(
    r"^(?:[A-ZÄÖÜ][\wäöüß.\- ]{0,30},\s*(?:den\s+)?)?"
    r"\d{1,2}\.?\s*(?:\d{1,2}\.|[A-Za-zäöü]+)\s*\d{2,4}$"
)
POSTCODE: Final = re.compile(r"\b(?:D-)?\d{5}\s+[A-ZÄÖÜ]|\b[A-Z]{1,2}\d[A-Z\d]?\s*\d[A-Z]{2}\b")
STREET: Final = re.compile(
    r"(?:stra(?:ß|ss)e|str\.|weg|platz|allee|gasse|ring|damm|deich|avenue|road|street|lane)"
    r"\s*\d+\s*[a-z]?$",
    re.I,
)
CONTACT: Final = re.compile(r"(?:\btel\.?|\bfax\b|\+\d{2}\s?\d|@|www\.|https?://)", re.I)
# A wrapped line ends in a word that cannot end a title.
COURT_HEAD: Final = re.compile(
    r"^(?:\w*gericht|high court|court of|county court|\w*amt\b|the \w+ court)", re.I
)
DANGLING: Final = re.compile(
    r"(?:\s[-–:]|\b(?:der|die|das|des|dem|den|ein|eine|einer|eines|am|an|im|in|zum|zur|vom|von"
    r"|für|mit|und|oder|über|zu|nach|bei|gemäß|the|of|and|or|for|to|on|in|under|with|a|an))$",
    re.I,
)


class TitleCandidate(BaseModel):
    text: str
    source: TitleSource


def clean_subject(subject: str) -> str:
    """An e-mail subject without Re:/AW:/WG:/Fwd: chains, whitespace collapsed."""
    return " ".join(REPLY_PREFIX.sub("", subject or "").split())


def _plain(line: str) -> str:
    line = re.sub(r"^#{1,6}\s+", "", line.strip())
    line = re.sub(r"\*\*|__", "", line)
    return " ".join(line.split()).strip(" |")


def is_frame_line(line: str, firm_names: list[str]) -> bool:
    """Letterhead, address, date, reference, banner, salutation or addressee: not a title."""
    text = _plain(line)
    if not text or len(text) < 2:
        return True
    folded = fold(text)
    if any(name and fold(name) in folded for name in firm_names):
        return True
    if BANNER.match(text) or REFERENCE_LINE.match(text) or ADDRESSEE.match(text):
        return True
    if SALUTATION.match(text) or DATE_LINE.match(text):
        return True
    if "·" in text or POSTCODE.search(text) or CONTACT.search(text) or STREET.search(text):
        return True
    # A court's or authority's name alone heads its documents ("Landgericht Stuttgart").
    return bool(COURT_HEAD.match(text)) and len(text.split()) <= 5


def _is_sender(lines: list[str], i: int, firm_names: list[str]) -> bool:
    """A bare company name followed by its address is a letterhead (the sender)."""
    if COMPANY.fullmatch(lines[i].rstrip(",. ")) is None:
        return False
    nxt = lines[i + 1] if i + 1 < len(lines) else ""
    return not nxt or is_frame_line(nxt, firm_names)


def _join_wrapped(lines: list[str], i: int) -> str:
    """A title wrapped by the PDF's layout continues on the next line."""
    title = lines[i]
    nxt = lines[i + 1] if i + 1 < len(lines) else ""
    if not nxt or re.match(r"^(?:\d+\.|§|[IVX]+\.|\(|[a-z]\))", nxt):
        return title
    if DANGLING.search(title) or (
        len(title) >= 40 and len(nxt.split()) <= 2 and not re.search(r"\d", nxt)
    ):
        return f"{title} {nxt}"
    return title


def _text_lines(text: str) -> list[str]:
    return [_plain(line) for line in text.splitlines() if _plain(line)][:SCAN_LINES]


def title_candidates(body: dict[str, Any], firm_names: list[str]) -> list[TitleCandidate]:
    """Every title signal the converted document gives, strongest first (deduplicated)."""
    out: list[TitleCandidate] = []

    def add(value: str, source: TitleSource) -> None:
        value = " ".join(value.split()).strip(" :|")[:MAX_TITLE]
        if value and all(c.text != value for c in out):
            out.append(TitleCandidate(text=value, source=source))

    email = body.get("email") or {}
    if email and clean_subject(str(email.get("subject") or "")):
        add(clean_subject(str(email.get("subject"))), "email_subject")
    text = FRONT_MATTER.sub("", body.get("text", ""))
    markdown = FRONT_MATTER.sub("", body.get("markdown", "") or "")
    for section in body.get("sections") or []:
        title = _plain(str(section.get("title") or ""))
        if title and not is_frame_line(title, firm_names):
            add(title, "heading")
            break
    for match in BOLD.finditer(markdown[:4000]):
        if not is_frame_line(match.group(1), firm_names):
            add(_plain(match.group(1)), "bold_line")
            break
    lines = _text_lines(text)
    for i, line in enumerate(lines):
        if SALUTATION.match(line):
            break
        if is_frame_line(line, firm_names) or _is_sender(lines, i, firm_names) or len(line) > 160:
            continue
        add(_join_wrapped(lines, i), "title_line")
        break
    if lines:
        add(lines[0], "first_line")
    return out


def best_title(candidates: list[TitleCandidate]) -> str | None:
    """The strongest signal wins: subject, heading, bold line, title-like line, first line."""
    order: list[str] = ["email_subject", "heading", "bold_line", "title_line", "first_line"]
    ranked = sorted(candidates, key=lambda c: order.index(c.source))
    return ranked[0].text if ranked else None
