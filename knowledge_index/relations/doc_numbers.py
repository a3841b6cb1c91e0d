"""Documents cited by their own number: a notarial deed by its roll number ("recorded under
UR-Nr. 233/2025"), an invoice by its number ("goods delivered under invoices INV-22871 and
INV-22904", "unsere Rechnung Nr. 2024-0871").

Such a number names one document of the whole estate, whatever matter it is filed in: the
deed of a share purchase is cited from the financing's pledge, in another matter. A document
owns a number it is named by (its file name) or headed with (one of its first lines begins
with it); the number is compared without its separators' spelling ("233/2025" in the text,
"233-2025" in a file name).
"""

from __future__ import annotations

import re
from typing import Final

# The words that say the next number is a document's own: a notarial roll number and an
# invoice number, in German and English. A court's file number names a proceeding, not a
# paper; a register number names a company.
_PREFIX: Final = (
    r"(?:UR-?\s?Nr\.?|URNr\.?|Urkundenrollen?-?\s?(?:Nr\.?|Nummer)|Rechnungs-?\s?(?:Nr\.?|nummer)"
    r"|Rechnung\s+Nr\.?|Rechnungen|Rechnung|invoice\s+(?:No\.?|Number)|invoices?)"
)
_NUMBER: Final = r"(?:[A-Z]{1,4}-?)?\d[\d/\-.]{1,14}\d(?:\s[A-Z]\b)?"
_CITED: Final = re.compile(
    rf"(?<![\w])(?i:{_PREFIX})\s*:?\s*(?P<list>{_NUMBER}(?:\s*(?:,|and|und|&)\s*{_NUMBER})*)"
)
_ONE: Final = re.compile(_NUMBER)
_HEAD_LINES: Final = 3


def key(number: str) -> str:
    """The number without its separators' spelling: "233/2025" and "233-2025" are one."""
    core = re.sub(r"\s[A-Z]$", "", number.strip())
    return re.sub(r"[\s/\-._]+", "-", core.upper()).strip("-")


def cited(text: str) -> list[str]:
    """The document numbers `text` cites, in order of first mention."""
    out: list[str] = []
    for m in _CITED.finditer(text):
        for n in _ONE.findall(m["list"]):
            # Four digits alone are a year ("Rechnung 2024"), not a document's number.
            if sum(ch.isdigit() for ch in n) >= 4 and not re.fullmatch(r"\d{4}", n):
                k = key(n)
                if k not in out:
                    out.append(k)
    return out


def owned(path: str, lead: str) -> set[str]:
    """The numbers a document is named or headed by."""
    name = path.rsplit("/", 1)[-1]
    lines = [x.strip() for x in lead.splitlines() if x.strip()][:_HEAD_LINES]
    heads = [x for x in lines if _CITED.match(x)]
    return set(cited(name.replace("_", " "))) | {k for x in heads for k in cited(x)}


def pattern(number_key: str) -> str:
    """A POSIX regular expression finding the number in a path or a text, however separated."""
    parts = [re.escape(p) for p in number_key.split("-") if p]
    return r"(^|[^0-9A-Za-z])" + r"[\s/._-]*".join(parts) + r"([^0-9]|$)"
