"""The words that tell a party apart from a namesake, as the document itself writes them.

Two companies may share a name ("Berghof Immobilien GmbH" in Linz and in Innsbruck); people
then ask for "Berghof Immobilien GmbH Linz" or "Meridian Tools Ltd 11873409". A document says
which one it means right after the name: a register number, a seat, an address
("Berghof Immobilien GmbH, FN 354871 d, Landstraße 21, 4020 Linz, als Vermieterin"; "Meridian
Tools Ltd (Birmingham, company number 04512345)"; or an address block under the name in a
letter). Those words go into the party field with the name, so the distinguishing word of a
query scores where the name does.

Only the document's own text is read: what it says about its parties does not depend on
which other documents were indexed first.
"""

from __future__ import annotations

import re

# A name usually stands first in a party block and is followed by short segments.
_SEGMENT_SPLIT = re.compile(r"[,|;()\[\]]")
# Where a party block turns into prose: its role, a defined term, the next party.
_STOP_WORDS = frozenset(
    [
        "als",
        "as",
        "und",
        "and",
        "hereinafter",
        "nachfolgend",
        "im",
        "vertreten",
        "represented",
        "acting",
        "handelnd",
        "between",
        "zwischen",
        "with",
        "mit",
        "dated",
        "vom",
    ]
)
_TOKEN = re.compile(r"[\w.\-/]+")
_MAX_OCCURRENCES = 5
_WINDOW_CHARS = 200
_ADDRESS_LINES = 4
_MAX_SEGMENT_TOKENS = 4
_MAX_WORDS = 40
_PROSE_TOKENS = 8
# A letter's date line or reference line comes after the address block.
_BLOCK_END = re.compile(
    r":|\b\d{1,2}\.?\s+[^\W\d]+\.?\s+(?:19|20)\d{2}\b|\b\d{1,2}\.\d{1,2}\.\d{2,4}\b"
)


def _identity_segment(tokens: list[str]) -> bool:
    """A register number, a street, a postcode and town, a seat: short, and either carrying a
    number or made of capitalised words only."""
    if not tokens or len(tokens) > _MAX_SEGMENT_TOKENS:
        return False
    if any(t.lower() in _STOP_WORDS for t in tokens):
        return False
    if any(any(ch.isdigit() for ch in t) for t in tokens):
        return True
    return all(t[:1].isupper() for t in tokens)


def _segments(tail: str) -> list[list[str]]:
    return [_TOKEN.findall(part) for part in _SEGMENT_SPLIT.split(tail)]


def _after(text: str, end: int) -> list[str]:
    window = text[end : end + _WINDOW_CHARS]
    rest_of_line, _, below = window.partition("\n")
    words: list[str] = []
    if rest_of_line.strip():
        for tokens in _segments(rest_of_line):
            if not tokens:
                continue
            if not _identity_segment(tokens):
                break
            words.extend(tokens)
        return words
    # The name alone on its line: a letter's address block. An attention line ("z.H. Herrn
    # Mag. Dietmar Aigner") is passed over; prose ends the block.
    for line in [line for line in below.splitlines() if line.strip()][:_ADDRESS_LINES]:
        segments = [tokens for tokens in _segments(line) if tokens]
        if sum(len(tokens) for tokens in segments) > _PROSE_TOKENS or _BLOCK_END.search(line):
            break
        for tokens in segments:
            if _identity_segment(tokens):
                words.extend(tokens)
    return words


def identity_words(text: str, mention: str) -> list[str]:
    """The words that follow `mention` in `text` and say which party it is, in order, once
    each (empty when the text never writes more than the name)."""
    if len(mention) < 2:
        return []
    pattern = re.compile(re.escape(mention), re.IGNORECASE)
    words: dict[str, None] = {}
    for count, match in enumerate(pattern.finditer(text)):
        if count >= _MAX_OCCURRENCES:
            break
        for word in _after(text, match.end()):
            words.setdefault(word, None)
    return list(words)[:_MAX_WORDS]
