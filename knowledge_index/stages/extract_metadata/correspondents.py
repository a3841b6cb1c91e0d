"""The companies an e-mail is exchanged with, read from its addresses.

A mail between the firm and its client often never writes the client's name: "Dear Georg,
attached our mark-up" from k.huber@awt-law.at to g.reisinger@alpenbau.at is a mail with
Alpenbau Holding AG. The address says so: a company's mail domain is its name, shortened
("alpenbau.at", "harbourpointcap.com", "meridian-tools-leeds.co.uk", "mueller-muenchen.de").
A company the document or its matter names is a correspondent when a From/To/Cc address's
domain is its name; nothing is guessed from a domain alone (no name is made up from
"poelzl-law.at"). Free-mail domains name no company.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Final

from knowledge_index.entities.names import core_tokens

# Second-level labels under a country code ("co.uk", "gv.at"): the company's label is the one
# before them.
_SECOND_LEVEL: Final = frozenset({"co", "com", "org", "net", "ac", "gv", "or", "ltd", "plc"})
FREE_MAIL: Final = frozenset(
    {
        "gmail",
        "googlemail",
        "gmx",
        "web",
        "outlook",
        "hotmail",
        "live",
        "yahoo",
        "icloud",
        "me",
        "aol",
        "t-online",
        "aon",
        "bluewin",
        "proton",
        "protonmail",
        "posteo",
        "freenet",
        "mail",
    }
)
# A name's first word must be this long to be read in a domain ("abc" is too many things).
MIN_TOKEN: Final = 4
_ADDRESS: Final = re.compile(r"[\w.+'-]+@([\w-]+(?:\.[\w-]+)+)")


def domain_label(address: str) -> str | None:
    """The label of a mail address's domain that names its owner, lower case: "alpenbau" for
    g.reisinger@alpenbau.at, "kingsmere" for tom@mail.kingsmere.co.uk; None for free mail."""
    match = _ADDRESS.search(address)
    if match is None:
        return None
    parts = match.group(1).lower().split(".")
    while len(parts) > 2 and parts[-2] in _SECOND_LEVEL:
        parts = parts[:-1]
    label = parts[-2] if len(parts) >= 2 else parts[0]
    return None if label in FREE_MAIL else label


def names_domain(name: str, label: str) -> bool:
    """Whether a company's name is written in a domain label: its first word as one of the
    label's hyphenated pieces ("berghof-linz"), or its first words run together at the start
    ("harbourpointcap" for Harbour Point Capital LLP)."""
    tokens = [t for t in core_tokens(name) if t != "&"]
    if not tokens or len(tokens[0]) < MIN_TOKEN:
        return False
    flat = label.replace("-", "")
    if tokens[0] in label.split("-"):
        return True
    return flat.startswith("".join(tokens[:2])) and (len(tokens) >= 2 or flat == tokens[0])


def correspondents(addresses: Iterable[str], candidates: Sequence[str]) -> list[str]:
    """The candidate company names (as given, in their order) whose domain is on the mail."""
    labels = {label for a in addresses if (label := domain_label(a))}
    return [name for name in candidates if any(names_domain(name, label) for label in labels)]
