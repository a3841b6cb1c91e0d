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
from knowledge_index.relations.cues import without_exhibit_sheet

TitleSource = Literal["email_subject", "heading", "bold_line", "title_line", "first_line"]
MAX_TITLE: Final = 200
SCAN_LINES: Final = 25
HEAD_LINES: Final = 14  # a letter's head: letterhead, address, place and date
ADDRESS_LINE_MAX: Final = 70  # longer lines in a head are prose, not an address

REPLY_PREFIX: Final = re.compile(
    r"^\s*(?:(?:re|aw|wg|fwd?|fw|antw|tr|sv|vs)\s*(?:\[\d+\])?\s*:\s*)+", re.I
)
FRONT_MATTER: Final = re.compile(r"\A---\s*\n.*?\n---\s*\n", re.S)
BOLD: Final = re.compile(r"^\s*\*\*(.+?)\*\*\s*$", re.M)
# Lines that frame a document rather than name it.
BANNER: Final = re.compile(
    r"^(?:entwurf|draft|vertraulich|streng vertraulich|confidential|privileged|strictly"
    r" private|subject to contract|ohne präjudiz|without prejudice|seite \d|page \d"
    # A version stamp: `Execution version`, `Stand: 20.06.2025`, `KH Draft 1 – 4 March 2025`.
    r"|execution (?:version|copy)|agreed form|stand\s*:?\s*\d+|[a-zäöü]{1,4}[-\s](?:draft|entwurf)"
    # An exhibit stamp: `Beilage ./B`, `Anlage K 3`, `Exhibit C-12`.
    r"|(?:beilage|anlage|exhibit)\s*\.?/?\s*[A-Z]{0,4}[-\s]?\d{0,3}$"
    # The front sheet English practice puts on an exhibit ("This is the exhibit marked ...").
    r"|this is the exhibit marked"
    # The formula above a German or Austrian judgment's heading.
    r"|im namen des volkes|im namen der republik)\b"
    # A signature: "gez. O. Lorenzen", "signed: ...".
    r"|^(?:gez\.|signed:|/s/)",
    re.I,
)
# A court exhibit's label, a party's letter or a witness's initials and a number (`Anlage K 1`,
# `Exhibit KLS-2`, `Beilage ./B`): evidence, which is whatever the document is; a contract's
# `Exhibit A` or `Anlage 3` is its annex.
COURT_EXHIBIT: Final = re.compile(
    r"\b(?:beilage|anlage|exhibit)\s*(?:\./\s*[A-Z]{1,3}\b|[A-Z]{1,4}[-\s]?\d{1,3}\b)\s*[-–:]?\s*",
    re.I,
)
# The stamp in front of an exhibit's own heading: `Beilage ./A WERKVERTRAG`.
EXHIBIT_STAMP: Final = re.compile(r"^(?:beilage|anlage|exhibit)\s*\.?/\s*[A-Z0-9]{1,3}\s+", re.I)
REFERENCE_LINE: Final = re.compile(
    r"^(?:unser zeichen|ihr zeichen|our ref|your ref|az\.|aktenzeichen|geschäftsnummer|ur-nr"
    r"|urkundenrolle|akte|matter no|file no|claim no|invoice no|datum|date|gz|geschäftszahl"
    r"|fn \d|firmenbuchnummer|company no|company number|no\.\s*\d|nr\.\s*\d|uid|vat"
    r"|unser akt|ihr akt|unsere gz|ihre gz|unser dossier|votre référence|notre référence"
    r"|n/réf|v/réf|klagende partei|beklagte partei|kläger(?:in)?:|beklagte[rn]?:"
    r"|claimant:|defendant:|vertreten durch|represented by)(?!\w)",
    re.I,
)
# A numbered label of a bill or order (`Rechnungs-Nr. 25-10577`, `Ihre Kunden-Nr. 40173`,
# `Bestellnummer: 4711`); "Zwischenrechnung Nr. 25-10441" names the document and stays.
NUMBER_LABEL: Final = re.compile(
    r"^(?:ihre?|unsere?|your|our)?\s*[^\W\d_]+(?:-nr\.?|nummer|-no\.?)\s*:?\s*[\w/.-]*\d", re.I
)
# A court file number alone (`23 Cg 117/24k`, `3 O 123/24`, `34 Fr 2211/24 p`).
CASE_NUMBER: Final = re.compile(r"^\d{1,3}\s+[A-Z][A-Za-z]{0,3}\s+\d+/\d{2,4}\s*[a-z]?\b")
SALUTATION: Final = re.compile(
    r"^(?:sehr geehrte|liebe[rs]?\b|dear\b|hallo\b|hello\b|guten tag)", re.I
)
ADDRESSEE: Final = re.compile(
    r"^(?:an das|an den|an die|to the|for the attention|z\.\s?hd?\.|zu händen"
    r"|per (?:e-mail|fax|bote|einschreiben)|einschreiben|eingeschrieben|recommandé"
    r"|par (?:courrier|e-mail|porteur)"
    r"|by (?:e-mail|email|courier|hand)|vorab)\b"
    # Who receives a copy: "Kopie: AWT Legal LLP", "cc: ...".
    r"|^(?:kopie|abschrift|cc|bcc|copy to|copies to)\s*:",
    re.I,
)
DATE_LINE: Final = re.compile(
    r"^(?:[A-ZÄÖÜ][\wäöüß.\- ]{0,30},\s*(?:den\s+)?)?"
    r"\d{1,2}\.?\s*(?:\d{1,2}\.|[A-Za-zäöü]+)\s*\d{2,4}$"
)
POSTCODE: Final = re.compile(
    r"\b(?:D-)?\d{5}\s+[A-ZÄÖÜ]|\b[A-Z]{1,2}\d[A-Z\d]?\s*\d[A-Z]{2}\b"
    # Austrian and Swiss four-digit codes where an address puts them: at the start of the
    # line or after a separator (`Hafenstraße 3 | 3500 Krems`, `Rue du Rhône 80 - 1204 Genève`).
    r"|(?:^|[|,–-]\s*)(?:[A-Z]{1,2}-)?(?!(?:19|20)\d\d\s)\d{4}\s+[A-ZÄÖÜÉ][a-zäöüéèà]"
)
# Also the forms that put the house number first (`4 Riverside Way`, `12 Rue du Rhône`).
STREET_FIRST: Final = re.compile(
    r"^\d+[a-z]?,?\s+(?:[A-Z][\w'’-]*\s){0,3}(?:way|road|street|lane|avenue|close|drive|place"
    r"|square|gardens|row|terrace|crescent|hill|park|walk|rue|avenue|chemin|quai|boulevard)\b",
    re.I,
)
# "z.H. Frau Dr. Huber" inside a line that starts with the addressee's company.
ATTENTION: Final = re.compile(r"\b(?:z\.\s?hd?\.|zu händen|attn\.?|attention:)\s", re.I)
STREET: Final = re.compile(
    r"(?:stra(?:ß|ss)e|str\.|weg|platz|allee|gasse|ring|damm|deich|avenue|road|street|lane)"
    r"\s*\d+\s*[a-z]?$",
    re.I,
)
CONTACT: Final = re.compile(r"(?:\btel(?:efon)?\b\.?|\bfax\b|\+\d{2}\s?\d|@|www\.|https?://)", re.I)
# A wrapped line ends in a word that cannot end a title.
COURT_HEAD: Final = re.compile(
    r"^(?:\w*gericht|high court|court of|county court|\w*amt\b|the \w+ court|tribunal"
    # An English caption names the court, its list and division on lines of their own: "IN
    # THE HIGH COURT OF JUSTICE", "BUSINESS AND PROPERTY COURTS OF ENGLAND AND WALES",
    # "CIRCUIT COMMERCIAL COURT (KBD)", "KING'S BENCH DIVISION".
    r"|(?:in the\s+)?(?:[\w&'’]+\s+){0,4}(?:courts?|division|list)(?:\s+of\b.*|\s*\([^)]*\))?$)",
    re.I,
)
# A caption's parties: "BETWEEN:", "- and -", "Claimant", "(Defendant)", "X v Y".
CAPTION_PARTY: Final = re.compile(
    r"^(?:between\b|-?\s*and\s*-?$|v\.?$)|\b(?:claimants?|defendants?|applicants?"
    r"|respondents?|appellants?|kläger(?:in)?|beklagte[rn]?)\)?\s*$",
    re.I,
)
CAPTION_LINES: Final = 16
STATE_HEAD: Final = re.compile(
    r"^(?:republik österreich|schweizerische eidgenossenschaft|confédération suisse"
    r"|bundesrepublik deutschland|freistaat \w+|kanton \w+|canton de \w+)\s*[-–|,]?\s*",
    re.I,
)
CUT_DATE: Final = re.compile(r"(?<![\d.])\d{1,2}\.?$")
MONTH_YEAR: Final = re.compile(
    r"(?i:(?:januar|jänner|january|februar|february|märz|march|april|mai|may|juni|june|juli"
    r"|july|august|september|oktober|october|november|dezember|december)\s+(?:19|20)\d{2})"
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
    line = EXHIBIT_STAMP.sub("", " ".join(line.split()))
    return line.strip(" |")


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
    if NUMBER_LABEL.match(text):
        return True
    if SALUTATION.match(text) or DATE_LINE.match(text):
        return True
    if "·" in text or POSTCODE.search(text) or CONTACT.search(text) or STREET.search(text):
        return True
    if STREET_FIRST.match(text) or ATTENTION.search(text) or CASE_NUMBER.match(text):
        return True
    if sum(c.isalpha() for c in text) < 3:  # initials, numbering, stray marks
        return True
    # A court's or authority's name alone heads its documents ("Landgericht Stuttgart",
    # "REPUBLIK ÖSTERREICH - Landesgericht Klagenfurt").
    head = STATE_HEAD.sub("", text)
    if not head:
        return True
    return bool(COURT_HEAD.match(head)) and len(head.split()) <= 8


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
    if not nxt or re.match(r"^(?:\d+\.|§|[IVX]+\.|\(|[a-z]\))", nxt) or SALUTATION.match(nxt):
        return title
    if DANGLING.search(title) or (
        len(title) >= 40 and len(nxt.split()) <= 2 and not re.search(r"\d", nxt)
    ):
        return f"{title} {nxt}"
    # A date broken after its day ("... vom 16." / "September 2019").
    month = MONTH_YEAR.match(nxt)
    if CUT_DATE.search(title) and month:
        return f"{title} {month.group(0)}"
    return title


def _text_lines(text: str) -> list[str]:
    # An exhibit's front sheet is no title: the exhibit's own follows it.
    lines = (_plain(line) for line in without_exhibit_sheet(text).splitlines())
    return [line for line in lines if line][:SCAN_LINES]


def _subject_line(lines: list[str], firm_names: list[str]) -> str | None:
    """A letter's subject: the line right before its salutation (the layout every letter
    standard prescribes), even when it names an address (`Mietvertrag Hafenstraße 47`)."""
    for i, line in enumerate(lines[:SCAN_LINES]):
        if not SALUTATION.match(line):
            continue
        if i == 0:
            return None
        text = re.sub(
            r"^(?:betreff|betrifft|subject|re|objet|concerne)\s*:\s*", "", lines[i - 1], flags=re.I
        )
        folded = fold(text)
        framing = (
            BANNER.match(text)
            or REFERENCE_LINE.match(text)
            or ADDRESSEE.match(text)
            or DATE_LINE.match(text)
            or CONTACT.search(text)
            or ATTENTION.search(text)
            or any(name and fold(name) in folded for name in firm_names)
        )
        return None if framing or sum(c.isalpha() for c in text) < 3 else text
    return None


def _after_letter_head(lines: list[str]) -> int:
    """Where a letter-shaped document's own text begins: after the place and date that follow
    its addressee's address (a bill, an order, a brief to a court, an opinion letter). The
    addressee's name is no title; the first line after the date is. 0 when there is no head:
    prose before the date makes it a signature's place and date (a power of attorney's)."""
    for i, line in enumerate(lines[:HEAD_LINES]):
        if DATE_LINE.match(line):
            above = lines[1:i]  # the first line may be a long letterhead
            address = any(
                POSTCODE.search(x) or COURT_HEAD.match(STATE_HEAD.sub("", x)) for x in lines[:i]
            )
            prose = any(len(x) > ADDRESS_LINE_MAX and "·" not in x for x in above)
            return i + 1 if address and not prose else 0
    return 0


def _caption_title(lines: list[str], firm_names: list[str]) -> str | None:
    """A court document's own name under its caption (court, claim number, parties): the
    first line in capitals that is none of these ("DEFENCE", "NOTICE OF HEARING")."""
    if not any(COURT_HEAD.match(STATE_HEAD.sub("", x)) for x in lines[:4]):
        return None
    for i, line in enumerate(lines[1:CAPTION_LINES], start=1):  # after the court's own line
        if SALUTATION.match(line):
            return None
        words = re.findall(r"[^\W\d_]{2,}", line)
        if (
            not words
            or line != line.upper()
            or len(words) > 14
            or not any(len(w) >= 4 for w in words)
            or is_frame_line(line, firm_names)
            or CAPTION_PARTY.search(line)
            or COMPANY.search(line)
        ):
            continue
        return _join_wrapped(lines, i)
    return None


def _first_title_line(lines: list[str], start: int, firm_names: list[str]) -> str | None:
    """The first title-like line from `start` on, before any salutation."""
    for i in range(start, len(lines)):
        line = lines[i]
        if SALUTATION.match(line):
            return None
        if is_frame_line(line, firm_names) or _is_sender(lines, i, firm_names) or len(line) > 160:
            continue
        return _join_wrapped(lines, i)
    return None


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
    # A court's caption may end in a judge's "Before ..., 12 June 2025", no letter's date.
    captioned = _caption_title(lines, firm_names)
    if captioned:
        add(captioned, "title_line")
    after_head = _after_letter_head(lines)
    if after_head:
        headed = _first_title_line(lines, after_head, firm_names)
        if headed:
            add(headed, "title_line")
    subject = _subject_line(lines, firm_names)
    if subject:
        add(subject, "title_line")
    first = _first_title_line(lines, 0, firm_names)
    if first:
        add(first, "title_line")
    if lines:
        add(lines[0], "first_line")
    return out


def best_title(candidates: list[TitleCandidate]) -> str | None:
    """The strongest signal wins: subject, heading, bold line, title-like line, first line."""
    order: list[str] = ["email_subject", "heading", "bold_line", "title_line", "first_line"]
    ranked = sorted(candidates, key=lambda c: order.index(c.source))
    return ranked[0].text if ranked else None
