"""Documents a letter says it encloses: "Anlagen: Vollmacht; Entwurf Aufhebungsvertrag",
"Enclosure: revised draft settlement agreement", "we enclose a revised draft of the settlement
agreement", "übersenden wir den Entwurf eines Aufhebungsvertrags", "dem beigefügten
Leistungsnachweis".

An enclosure is named by its kind and seldom dated: it is the matter's latest document of that
kind written on or before the letter, the version that went out with it, not an earlier draft
(`candidates` decides which). A mail's enclosures are its attachments, which relate reads from
the mail itself, so only letters and notes are read here.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Final, NamedTuple

# An enclosure list under the signature, each item on the line or after a semicolon.
_LIST: Final = re.compile(
    r"(?im:^[ \t]*(?:Anlagen?|Beilagen?|Enclosures?|Encl\.|Enc\.)[ \t]*:[ \t]*(?P<items>.+)$)"
)
# A sentence that says what it sends, up to its end (a date's dots do not end it).
_SENDS: Final = re.compile(
    r"(?i:\b(?:we|I)\s+(?:enclose|attach|send\s+you)"
    r"|\b(?:enclosed|attached)\s+(?:is|are|please\s+find)"
    r"|\bplease\s+find\s+(?:enclosed|attached)"
    r"|\banbei\s+(?:erhalten\s+Sie|übersenden\s+wir(?:\s+Ihnen)?|senden\s+wir(?:\s+Ihnen)?)"
    r"|\b(?:übersenden|übermitteln)\s+wir(?:\s+Ihnen)?"
    r"|\bbeigefügt(?:e[nmrs]?)?\b)"
    r"\s+(?P<items>(?:[^.;\n]|\.(?=\d)){3,160})"
)
_ITEM_SPLIT: Final = re.compile(r"\s*;\s*")
# What an item sends is named before these: "unsere Anmerkungen zur Stimmbindung in § 4 der
# Gesellschaftervereinbarung" sends comments, not the agreement.
_ABOUT: Final = frozenset(
    {"zu", "zur", "zum", "in", "im", "für", "mit", "über", "betreffend", "bezüglich"}
    | {"on", "regarding", "re", "for", "with", "about", "to", "concerning"}
)
_MAX_ITEMS: Final = 6


class Enclosure(NamedTuple):
    kind: str  # the ontology kind the item names
    quote: str  # the item as written


def enclosed(text: str, kind_of: Callable[[str], str | None]) -> list[Enclosure]:
    """The kinds of document `text` says it encloses, each once, in order of mention."""
    out: list[Enclosure] = []
    seen: set[str] = set()
    items: list[str] = []
    for m in _SENDS.finditer(text):
        items.append(m["items"])
    for m in _LIST.finditer(text):
        items += _ITEM_SPLIT.split(m["items"])
    for item in items:
        head = []
        for word in item.split():
            if word.lower() in _ABOUT:
                break
            head.append(word)
        words = " ".join(head)[:160]
        kind = kind_of(words) if words else None
        if kind is None or kind in seen:
            continue
        seen.add(kind)
        out.append(Enclosure(kind, words))
        if len(out) >= _MAX_ITEMS:
            break
    return out
