"""Documents cited by their name alone: "I have read the Defence", "§ 5 Abs. 3 des
Mietvertrags", "for the purposes of the Facility Agreement", "ihre Klageerwiderung".

Where a matter holds one document of a kind, lawyers name it without a date: the kind's name
made definite by an article (in English a capitalised defined term, in German any noun after
its article) is then a citation. An indefinite or lower-case English name ("a share purchase
agreement") is a kind, not a document, and is no citation. Which document the name stands for
is decided against the matter (`candidates`): only one document of that kind, or one titled
exactly so, and none written after the citing one.
"""

from __future__ import annotations

import re
from typing import Final, NamedTuple

from knowledge_index.relations import cues

# The article (either case), an ordinal ("dem 1. Nachtrag", "the First Amendment"), and up to
# four capitalised words, "of"/"to"/"for" between them.
_ORDINALS: Final = {
    "first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5,
    "erste": 1, "zweite": 2, "dritte": 3, "vierte": 4, "fünfte": 5,
}  # fmt: skip
_DEFINITE: Final = re.compile(
    r"(?<![\w])(?i:the|des|dem|den|der|die|das|zum|zur|im|unsere[mnrs]?|ihre[mnrs]?)\s+"
    r"(?:(?P<ordinal>\d{1,2}\.|(?i:first|second|third|fourth|fifth)"
    r"|(?i:erste|zweite|dritte|vierte|fünfte)[nmrs]?)\s+)?"
    r"(?P<name>[A-ZÄÖÜ][\w\-]*(?:\s+(?:of|to|for|[A-ZÄÖÜ][\w\-]*)){0,3})"
)
# "Nachtrag Nr. 1", "Amendment No. 2", "SOW No. 1": the number after the name.
_NUMBER_WORD: Final = r"(?i:Nr|No|Nummer|number)\.?\s*(\d{1,2})(?!\d)"
_NUMBER_AFTER: Final = re.compile(r"\s*" + _NUMBER_WORD)
_NUMBER_ANYWHERE: Final = re.compile(r"\b" + _NUMBER_WORD)
_JOINERS: Final = frozenset({"of", "to", "for"})
# Names that in running text mean the proceeding or the act, not a paper: "die Klage im
# Verfahren 3 O 123/24" (the action), "am Tag der Beurkundung" (the notarisation), "wenn die
# Garantie zutreffend gewesen wäre" (a warranty of the contract).
_ACTS: Final = frozenset({"klage", "berufung", "revision", "beurkundung", "garantie", "einspruch"})
# A name with a period or a date after it is a particular one ("im Jahresabschluss zum 31.
# Dezember 2024", "the Accounts for 2023"), not the name alone: the dated mention reads it.
_PARTICULAR: Final = re.compile(
    r"\s*(?:\(?(?:zum|per|vom|am|für|stand|as at|as of|for|of|on|dated|from)\s+)?"
    r"(?:\d{1,2}\.?\s*\w+\s+)?\d{4}\b"
)
# "der Entwurf des 1. Nachtrags zum Mietvertrag", "Schedule 3 to the Agreement": the name ends
# a dependent document's name, which is what is cited.
_DEPENDENT_BEFORE: Final = re.compile(
    r"(?i:(?:nachtrag|amendment|addendum|anlage|annex|schedule|exhibit|appendix|beilage)"
    r"\w*\s+(?:[\w.]+\s+)?)$"
)
_MAX_TERMS: Final = 12
AMENDMENT: Final = "contract.amendment"
SIDE_LETTER: Final = "contract.side_letter"


class NamedDocument(NamedTuple):
    name: str  # as written ("Mietvertrags", "Facility Agreement")
    kind: str  # the ontology kind it names
    quote: str
    # Which one of several of the kind ("dem 1. Nachtrag", "Amendment No. 2"), when it says.
    number: int | None = None


def _ordinal(word: str | None) -> int | None:
    if not word:
        return None
    if word[0].isdigit():
        return int(word.rstrip("."))
    return _ORDINALS.get(re.sub(r"(?<=e)[nmrs]$", "", word.lower()))


def number_in(text: str) -> int | None:
    """The number a title gives its document among others of its kind ("1. Nachtrag zum
    Mietvertrag", "Nachtrag Nr. 2", "First Amendment", "Amendment No 1"), if it gives one."""
    m = re.search(
        r"(?i:(?<![\w.])(\d{1,2}\.|first|second|third|fourth|fifth|erste[nmrs]?|zweite[nmrs]?"
        r"|dritte[nmrs]?|vierte[nmrs]?|fünfte[nmrs]?)\s+[A-Za-zÄÖÜäöü])",
        text,
    )
    if m:
        return _ordinal(m.group(1))
    after = _NUMBER_ANYWHERE.search(text)
    return int(after.group(1)) if after else None


def _kind_of(name: str) -> str | None:
    """The kind a whole name stands for, also declined ("Liefervertrags" -> supply agreement):
    the name must be one of the kind's terms, not merely contain one ("the Buyer's Agreement")."""
    for form in (name, re.sub(r"(?<=\w{4})(?:es|s|n)$", "", name)):
        kind = cues.kind_named_exactly(form)
        if kind is not None:
            return kind
    return None


def named_documents(text: str, own_kind: str | None) -> list[NamedDocument]:
    """The documents `text` cites by name alone, each kind once, in order of first mention;
    never its own kind (an agreement calling itself "the Agreement")."""
    out: list[NamedDocument] = []
    seen: set[tuple[str, int | None]] = set()
    for m in _DEFINITE.finditer(text):
        if _DEPENDENT_BEFORE.search(text, max(0, m.start() - 40), m.start()):
            continue
        words = m["name"].split()
        # The longest run of the name that is a kind's name: "the Facility Agreement between".
        for size in range(len(words), 0, -1):
            if words[size - 1] in _JOINERS:
                continue
            name = " ".join(words[:size])
            after = _NUMBER_AFTER.match(text, m.start("name") + len(name))
            number = _ordinal(m["ordinal"]) or (int(after.group(1)) if after else None)
            kind = _kind_of(name)
            if kind is None and number is not None and cues.AMENDMENT_NOUN.fullmatch(name):
                # "Nachtrag" alone could be part of any amendment's name; "der 1. Nachtrag",
                # "Amendment No. 2" is one amendment of the matter.
                kind = AMENDMENT
            if kind is None and cues.dependent_kind_named_exactly(name) == SIDE_LETTER:
                # A side letter stands beside its agreement: "Den Side Letter ... haben Sie
                # unterzeichnet" is the matter's one side letter.
                kind = SIDE_LETTER
            if kind is None:
                continue
            if name.lower() in _ACTS or _PARTICULAR.match(text, m.start("name") + len(name)):
                break
            if (kind != own_kind or number is not None) and (kind, number) not in seen:
                seen.add((kind, number))
                line_start = text.rfind("\n", 0, m.start()) + 1
                quote = text[max(line_start, m.start() - 80) : m.end() + 40].strip()
                out.append(NamedDocument(name, kind, " ".join(quote.split())[:300], number))
            break
        if len(out) >= _MAX_TERMS:
            break
    return out
