"""Pseudonymization of decision text: parties, the firm and persons become stable placeholders.

Stable within one document: the same name always maps to the same placeholder, and the order
is deterministic (known parties by role then name, then companies found in the text, then
persons by first appearance). Replaced:
- the firm (settings.firm name and aliases) -> [FIRM];
- the document's parties (document_parties/entities names and aliases, with and without the
  legal form) and any other company with a legal form in the text -> [PARTY_A], [PARTY_B], ...;
- revision and comment authors, and names after a title or salutation ("Dr. Müller",
  "Herr Schmidt", "Frau Dr. Weber", "Mr Smith", "Ms. Jones", "RA Meier") -> [PERSON_1], ...;
  the salutation itself stays ("Herr [PERSON_1]"); a surname, once known, is replaced alone too;
- e-mail addresses -> [EMAIL].
The mapping itself is never stored; `counts()` says how many of each kind were replaced.
"""

from __future__ import annotations

import re
import string
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Final

from knowledge_index.entities.names import find_mentions, split_legal_form

EMAIL: Final = re.compile(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+")
_NAME_WORD: Final = r"[A-ZÄÖÜ][\w'’-]*[a-zäöüß][\w'’-]*"
TITLED: Final = re.compile(
    r"(?P<title>\b(?:Herrn?|Frau|Fr\.|Hr\.|Mr\.?|Mrs\.?|Ms\.?|Miss|Dr\.|Prof\.|RA|RAin|"
    r"Rechtsanwalt|Rechtsanwältin|Notar|Notarin|Sir|Madam)"
    r"(?:\s+(?:Dr\.|Prof\.|med\.|jur\.))*\s+)"
    rf"(?P<name>{_NAME_WORD}(?:\s+{_NAME_WORD})?)"
)
# Signatures and sign-offs name people without a title ("Signed by James Carter", "gez. Weber").
SIGNED: Final = re.compile(
    r"\b(?:[Ss]igned by|[Ss]igned:|gez\.|Unterschrift:|per pro\.?|i\.\s?A\.|i\.\s?V\.)\s+"
    rf"(?P<name>{_NAME_WORD}(?:\s+{_NAME_WORD})?)"
)
# Words that follow a title but are not names ("Herr des Verfahrens", "Dr. jur.").
_NOT_NAMES: Final = frozenset(
    {"Der", "Die", "Das", "Des", "Den", "Dem", "The", "And", "Und", "Kollege", "Kollegin"}
)
_TITLE_WORDS: Final = frozenset({"dr", "prof", "med", "jur", "ra", "rain", "ll.m", "llm", "mba"})
# Placeholder authors office suites write when no user name is set: not persons.
GENERIC_AUTHORS: Final = frozenset(
    {"author", "autor", "unknown", "admin", "administrator", "user", "microsoft office user"}
)


def _letters(n: int) -> str:
    """A, B, ..., Z, AA, AB, ..."""
    out = ""
    n += 1
    while n:
        n, rem = divmod(n - 1, 26)
        out = string.ascii_uppercase[rem] + out
    return out


def _pattern(surface: str) -> re.Pattern[str]:
    words = [re.escape(w) for w in surface.split()]
    return re.compile(r"(?<![\w-])" + r"[\s\u00a0]+".join(words) + r"(?![\w-])", re.I)


@dataclass
class Pseudonymizer:
    firm_names: list[str] = field(default_factory=list)
    # (name, aliases) in the order their placeholders are assigned.
    parties: list[tuple[str, list[str]]] = field(default_factory=list)
    persons: list[str] = field(default_factory=list)
    _surfaces: list[tuple[str, str]] = field(default_factory=list, init=False)
    _party_keys: dict[str, str] = field(default_factory=dict, init=False)
    _person_keys: dict[str, str] = field(default_factory=dict, init=False)
    _hits: dict[str, int] = field(default_factory=dict, init=False)

    def __post_init__(self) -> None:
        for name in self.firm_names:
            self._add_surfaces("[FIRM]", name, [])
        for name, aliases in self.parties:
            self.add_party(name, aliases)
        for person in self.persons:
            self.add_person(person)

    # -- registration ---------------------------------------------------------------------------

    def add_party(self, name: str, aliases: Iterable[str] = ()) -> str:
        key = _key(split_legal_form(name)[0]) or _key(name)
        if key in self._party_keys:
            placeholder = self._party_keys[key]
        else:
            placeholder = f"[PARTY_{_letters(len(self._party_keys))}]"
            self._party_keys[key] = placeholder
        self._add_surfaces(placeholder, name, list(aliases))
        return placeholder

    def party_placeholder(self, name: str) -> str | None:
        """The placeholder a registered party got, e.g. to tell the client's from the others'."""
        return self._party_keys.get(_key(split_legal_form(name)[0]) or _key(name))

    def add_person(self, name: str) -> str:
        if name.strip().lower() in GENERIC_AUTHORS:
            return ""
        words = [
            w for w in re.split(r"\s+", name.strip()) if w.strip(".").lower() not in _TITLE_WORDS
        ]
        if not words:
            return ""
        key = _key(words[-1])
        if key in self._person_keys:
            placeholder = self._person_keys[key]
        else:
            placeholder = f"[PERSON_{len(self._person_keys) + 1}]"
            self._person_keys[key] = placeholder
        surfaces = [" ".join(words)]
        # The surname alone (and a first name alone when it is a real word) is the same person.
        surfaces += [w for w in words if len(w.strip(".")) >= 3 and not w.endswith(".")]
        for surface in surfaces:
            self._register(placeholder, surface)
        return placeholder

    def _add_surfaces(self, placeholder: str, name: str, aliases: list[str]) -> None:
        for surface in [name, *aliases]:
            if not surface or not surface.strip():
                continue
            self._register(placeholder, surface.strip())
            core, form = split_legal_form(surface)
            if form and len(core) >= 3:
                self._register(placeholder, core)
            # People shorten "Brightwater Holdings Ltd" to "Brightwater": over-redacting a word
            # is the safe side of this trade.
            first = core.split()[0] if core.split() else ""
            if placeholder != "[FIRM]" and len(core.split()) > 1 and len(first) >= 4:
                self._register(placeholder, first)

    def _register(self, placeholder: str, surface: str) -> None:
        if len(surface.strip()) < 2:
            return
        if all(s.lower() != surface.lower() for s, _ in self._surfaces):
            self._surfaces.append((surface, placeholder))

    # -- application ----------------------------------------------------------------------------

    def learn(self, texts: Iterable[str]) -> None:
        """Register companies and titled persons found in `texts` (call before `apply`)."""
        for text in texts:
            for mention in find_mentions(text):
                if not any(_key(mention.name) == _key(s) for s, _ in self._surfaces):
                    self.add_party(mention.name)
            for match in [*TITLED.finditer(text), *SIGNED.finditer(text)]:
                name = match.group("name")
                first = name.split()[0]
                if first in _NOT_NAMES:
                    continue
                if not any(name.lower() == s.lower() for s, _ in self._surfaces):
                    self.add_person(name)

    def apply(self, text: str) -> str:
        if not text:
            return text
        out, n = EMAIL.subn("[EMAIL]", text)
        self._count("[EMAIL]", n)
        # Longest surface first, so "Müller Bau GmbH" wins over "Müller".
        for surface, placeholder in sorted(self._surfaces, key=lambda s: -len(s[0])):
            out, n = _pattern(surface).subn(placeholder, out)
            self._count(placeholder, n)
        return out

    def _count(self, placeholder: str, n: int) -> None:
        if n:
            self._hits[placeholder] = self._hits.get(placeholder, 0) + n

    def counts(self) -> dict[str, int]:
        """How many distinct names of each kind were replaced; no names, no mapping."""
        kinds = {"firm": 0, "parties": 0, "persons": 0, "emails": 0}
        for placeholder in self._hits:
            if placeholder == "[FIRM]":
                kinds["firm"] += 1
            elif placeholder == "[EMAIL]":
                kinds["emails"] += self._hits[placeholder]
            elif placeholder.startswith("[PARTY_"):
                kinds["parties"] += 1
            else:
                kinds["persons"] += 1
        return kinds


def _key(value: str) -> str:
    return re.sub(r"\W+", " ", value).strip().lower()
