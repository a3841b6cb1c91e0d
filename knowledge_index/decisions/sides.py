"""Whose side a redline comment's author is on, from the addresses the matter's mail shows.

"Our client needs minority protection" means the firm's client when the firm's lawyer wrote
it, and the other side when the other side's counsel did, which is how mark-ups come back.
The author's name is looked up among the display names on the matter's e-mails: an address at
one of the firm's domains puts them on the firm's side, only other domains on the other side,
no match (or both) leaves it unknown. The firm's domains are discovered from the same
addresses: a domain whose name carries the firm's initials ("awt-law.at" for Aichinger Wyss
Thornton) or one of its name's words ("hartmann-ellerbrook.de"), so no list is configured.
"""

from __future__ import annotations

import hashlib
import itertools
import re
from collections.abc import Iterable
from email.utils import parseaddr
from typing import Final, Literal

from knowledge_index.entities.names import PROFESSION_WORDS, core_tokens, firm_initials, fold

Side = Literal["firm", "other"]
# Titles and forms of address, not part of whom a name identifies.
TITLES: Final = frozenset(
    {
        "dr",
        "mag",
        "me",
        "prof",
        "mr",
        "mrs",
        "ms",
        "herr",
        "herrn",
        "frau",
        "ra",
        "rain",
        "dipl",
        "ing",
        "llm",
        "mba",
        "jur",
        "med",
        "di",
        "dkfm",
        "lic",
        "iur",
        "sir",
        "maitre",
    }
)
MIN_INITIALS: Final = 3
MIN_WORD: Final = 4


def person_key(name: str) -> frozenset[str]:
    """The words that identify a person: "Huber, Katharina" and "Mag. Katharina Huber" agree."""
    name = re.sub(r"\([^)]*\)", " ", name)  # "Laura Beck (Noerr-Kanzlei für Sponsor)"
    words = re.findall(r"[a-z]+", fold(name))
    return frozenset(w for w in words if w not in TITLES and len(w) > 1)


def firm_domains(addresses: Iterable[str], firm_names: Iterable[str]) -> set[str]:
    marks: set[str] = set()
    for firm in firm_names:
        tokens = core_tokens(firm)
        initials = firm_initials(tokens)
        if len(initials) >= MIN_INITIALS:
            marks.add(initials)
        marks.update(t for t in tokens if len(t) >= MIN_WORD and t not in PROFESSION_WORDS)
    out = set()
    for address in addresses:
        domain = parseaddr(address)[1].rpartition("@")[2].lower()
        labels = set(re.split(r"[.\-]", domain.rsplit(".", 1)[0]))
        if domain and labels & marks:
            out.add(domain)
    return out


def author_sides(
    authors: Iterable[str], addresses: list[str], firm_names: Iterable[str]
) -> dict[str, Side]:
    """author -> side, for the authors the addresses place on one side only."""
    firm = firm_domains(addresses, firm_names)
    seen: list[tuple[frozenset[str], bool]] = []
    for address in addresses:
        display, addr = parseaddr(address)
        key = person_key(display)
        domain = addr.rpartition("@")[2].lower()
        if len(key) >= 2 and domain:
            seen.append((key, domain in firm))
    out: dict[str, Side] = {}
    for author in sorted(set(authors)):
        key = person_key(author)
        if len(key) < 2:
            continue
        at_firm = {is_firm for other, is_firm in seen if key <= other or other <= key}
        if at_firm == {True}:
            out[author] = "firm"
        elif at_firm == {False}:
            out[author] = "other"
    return out


def person_token(name: str) -> str | None:
    """A stable, name-free token for a person (decisions store no names): which redlines an
    e-mail arriving later may place an author of."""
    key = person_key(name)
    return _digest(key) if len(key) >= 2 else None


def address_tokens(addresses: Iterable[str]) -> list[str]:
    """The person tokens an e-mail's display names can place: each whole name and each pair of
    its words (a display name "Dr. Hans Peter Müller" places an author "Hans Müller")."""
    out: set[str] = set()
    for address in addresses:
        key = sorted(person_key(parseaddr(address)[0]))
        if len(key) < 2:
            continue
        out.add(_digest(key))
        out.update(_digest(pair) for pair in itertools.combinations(key, 2))
    return sorted(out)


def _digest(words: Iterable[str]) -> str:
    return hashlib.sha256(" ".join(sorted(words)).encode()).hexdigest()[:16]
