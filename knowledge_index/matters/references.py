"""Matter reference numbers: how a firm writes them, how they compare, where a document names them.

The styles are configuration (`firm.matter_reference_patterns`, shipped defaults in
`settings.py`): each pattern is a regex with named groups and a canonical template, so
`2024/0173-MS`, `2024-0173` and `2024_0173` are one key, `2024-0173`. A `ReferenceScheme` is the
compiled configuration; everything that compares references takes one (the module-level helpers
use the shipped defaults).

Where a number stands decides what it is evidence of:
- after a marker ("Unser Zeichen", "Our ref", "Mandat", "Az.") it is the firm's own reference
  (`origin="marker"`) and may create a matter;
- after any other label (an invoice or order number, a register, a court's file number, a
  phone number) it is excluded: never evidence of a matter;
- embedded in a longer identifier (`4410-2024-0211`, `K/2024-117`) it is part of that identifier;
- bare in the text it only points at a matter that is already known.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Final, Literal

from knowledge_index.settings import (
    DEFAULT_MATTER_REFERENCE_EXCLUSIONS,
    DEFAULT_MATTER_REFERENCE_MARKERS,
    DEFAULT_MATTER_REFERENCE_PATTERNS,
    DEFAULT_MATTER_REFERENCE_REPLY_MARKERS,
    FirmSettings,
    MatterReferencePattern,
    Settings,
)

PLACEHOLDER_PREFIX: Final = "UNASSIGNED-"
# Trailing initials of the handling lawyer: `-MS`, ` KW`, `/JW`, ` RKe`, with their assistant's
# after a slash (`20417.003 MK/sb`, `31152.004 KO/ts`). Never identity.
INITIALS: Final = r"(?:[-/ ](?P<_initials>[A-Z]{2,3}[a-z]?)(?:/[A-Za-z]{2,3})?(?![\w]))?"
# How far before a number a marker or an excluding label may stand (same line only).
CONTEXT_CHARS: Final = 48
# A year with a month or a second year (`2024-03`, `2024/25`): a date or a period, never a
# matter, whatever pattern it happens to fit.
_DATE: Final = re.compile(r"^(?:19|20)\d{2}[-/._](?:\d{2})$")
# Characters that glue a number into a longer identifier when they touch it.
_GLUE: Final = "/-._·"
_WORD_UNDERSCORE: Final = re.compile(r"_(?=[^\W\d_])")

Origin = Literal["marker", "subject", "path", "text"]

# Kept for callers that only need the shipped year/number shape (the ontology's fact cues).
REFERENCE: Final = re.compile(
    r"(?<![\w/.-])((?:19|20)\d{2})\s?[-/]\s?(\d{3,5})(?:-([A-Za-z]{1,4}))?(?![\w/])"
)


@dataclass(frozen=True)
class FoundReference:
    reference: str  # as written (initials included)
    key: str  # canonical identity
    origin: Origin
    position: int
    pattern: str = ""


@dataclass(frozen=True)
class _Match:
    start: int
    end: int
    written: str
    key: str
    pattern: str
    core_end: int  # before the initials
    spaced_initials: bool  # `0388/23 KW`: in a folder name the "initials" may be a title word


def _normalize_group(value: str | None) -> str:
    if value is None:
        return ""
    value = value.strip()
    return str(int(value)) if value.isdigit() else value.upper()


class ReferenceScheme:
    """The compiled `firm.matter_reference_*` configuration."""

    def __init__(
        self,
        patterns: Sequence[MatterReferencePattern],
        markers: Sequence[str],
        exclusions: Sequence[str],
        reply_markers: Sequence[str] = (),
    ) -> None:
        self.patterns = [(p, re.compile(f"(?:{p.regex}){INITIALS}")) for p in patterns]
        # A marker may carry its own number word: "Our ref. no.", "Unser Zeichen Nr.".
        self.marker = re.compile(
            r"(?<!\w)(?:" + "|".join(markers) + r")\.?(?:\s*(?:nr|no|nummer|number)\.?)?[\s:#.]*$",
            re.I,
        )
        self.exclusion = re.compile(r"(?<!\w)(?:" + "|".join(exclusions) + r")[\s:#.]*$", re.I)
        self.reply_marker = (
            re.compile(r"(?<!\w)(?:" + "|".join(reply_markers) + r")\.?[\s:#.]*$", re.I)
            if reply_markers
            else None
        )

    # --- identity ------------------------------------------------------------------------------

    def _matches(self, text: str) -> list[_Match]:
        """Every pattern match not glued into a longer token; overlaps keep the longest."""
        found: list[_Match] = []
        for pattern, regex in self.patterns:
            for m in regex.finditer(text):
                start, end = m.span()
                if start == end or not _free(text, start, end) or _DATE.match(m.group(0)):
                    continue
                groups = {
                    k: _normalize_group(v)
                    for k, v in m.groupdict().items()
                    if not k.startswith("_")
                }
                try:
                    key = pattern.canonical.format(**groups)
                except (KeyError, IndexError, ValueError):
                    continue
                initials = m.start("_initials") if m.group("_initials") else -1
                found.append(
                    _Match(
                        start,
                        end,
                        m.group(0).strip(),
                        key,
                        pattern.name,
                        initials - 1 if initials > 0 else end,
                        initials > 0 and text[initials - 1] == " ",
                    )
                )
        found.sort(key=lambda f: (f.start, -(f.end - f.start)))
        out: list[_Match] = []
        for f in found:
            if out and f.start < out[-1].end:
                if f.end - f.start > out[-1].end - out[-1].start:
                    out[-1] = f
                continue
            out.append(f)
        return out

    def key(self, value: str) -> str:
        """The canonical key of the first reference in `value`; anything else normalized as is."""
        matches = self._matches(value)
        if not matches:
            return re.sub(r"\s+", " ", value.strip()).upper()
        return matches[0].key

    def is_reference(self, value: str) -> bool:
        return bool(self._matches(value))

    def leading(self, name: str) -> _Match | None:
        """The reference a folder name starts with (`2024-0173 Verkauf`), if any.

        Folder names often write spaces as underscores (`40388-002_Traunsee_Lizenz`): an
        underscore before a letter separates words there, it glues nothing (the one inside
        `2024_0173` stays)."""
        matches = self._matches(_WORD_UNDERSCORE.sub(" ", name))
        if matches and not name[: matches[0].start].strip(" -_"):
            return matches[0]
        return None

    # --- where a document names one -------------------------------------------------------------

    def find_in_text(
        self, text: str, origin_default: Origin = "text", received: bool = False
    ) -> list[FoundReference]:
        """References the text names. In a letter the firm `received`, "Ihr Zeichen" / "Your
        ref" (the reply markers) name the firm's matter as its own markers do."""
        found: list[FoundReference] = []
        for m in self._matches(text):
            line_start = text.rfind("\n", 0, m.start) + 1
            before = text[max(line_start, m.start - CONTEXT_CHARS) : m.start]
            # A lead the pattern itself matches ("AZ 219/24", "Az. ...") can be the marker.
            lead = re.match(r"\D*", m.written)
            if self.marker.search(before) or (
                lead and lead.group(0) and self.marker.search(before + lead.group(0))
            ):
                origin: Origin = "marker"
            elif received and self.reply_marker is not None and self.reply_marker.search(before):
                origin = "marker"
            elif self.exclusion.search(before):
                continue  # an invoice, register, court or phone number: not a matter
            else:
                origin = origin_default
            found.append(FoundReference(m.written, m.key, origin, m.start, m.pattern))
        return found

    def find_in_path(self, path: str) -> list[FoundReference]:
        """References folder names start with, deepest folder first (the file is no folder)."""
        folders = path.split("/")[:-1]
        found: list[FoundReference] = []
        for depth in range(len(folders) - 1, -1, -1):
            m = self.leading(folders[depth])
            if m is not None:
                found.append(FoundReference(m.written, m.key, "path", depth, m.pattern))
        return found

    def ranked(
        self, path: str, text: str, subject: str | None = None, received: bool = False
    ) -> list[FoundReference]:
        """Every reference the file gives, strongest evidence first, one per matter.

        A marker in the text or subject beats the folder (how a misfiled document is
        recognised); the folder beats a bare number, which only points at known matters.
        """
        candidates = [
            *(self.find_in_text(subject, "subject") if subject else []),
            *self.find_in_text(text, received=received),
            *self.find_in_path(path),
        ]
        candidates.sort(
            key=lambda f: (ORIGIN_ORDER[f.origin], f.position if f.origin != "path" else 0)
        )
        seen: set[str] = set()
        out: list[FoundReference] = []
        for f in candidates:
            if f.key not in seen:
                seen.add(f.key)
                out.append(f)
        return out

    def title_of(self, folder: str) -> str:
        """`2024-0173 Verkauf Alpentec` -> `Verkauf Alpentec`."""
        m = self.leading(folder)
        if m is None:
            return folder
        rest = _WORD_UNDERSCORE.sub(" ", folder[m.end :]).strip(" -_·")
        if m.spaced_initials and rest:
            # `2023_0542 JV Sonnenfeld`: a capitalised word followed by more is title, not initials
            rest = _WORD_UNDERSCORE.sub(" ", folder[m.core_end :]).strip(" -_·")
        return rest or folder


def _free(text: str, start: int, end: int) -> bool:
    """False when the match is glued into a longer identifier on either side."""
    before = text[start - 1] if start else ""
    if before.isalnum() or (before in _GLUE and start >= 2 and text[start - 2].isalnum()):
        return False
    after = text[end : end + 2]
    if after[:1].isalnum():
        return False
    return not (after[:1] in _GLUE and after[1:2].isalnum())


ORIGIN_ORDER: Final[dict[str, int]] = {"marker": 0, "subject": 1, "path": 1, "text": 2}


@lru_cache(maxsize=16)
def _cached(
    patterns: tuple[tuple[str, str, str], ...],
    markers: tuple[str, ...],
    excl: tuple[str, ...],
    replies: tuple[str, ...],
) -> ReferenceScheme:
    return ReferenceScheme(
        [MatterReferencePattern(name=n, regex=r, canonical=c) for n, r, c in patterns],
        markers,
        excl,
        replies,
    )


def scheme_for(firm: FirmSettings | Settings | None = None) -> ReferenceScheme:
    """The scheme a firm configured (cached per configuration); the shipped one without."""
    if isinstance(firm, Settings):
        firm = firm.firm
    if firm is None:
        return _cached(
            tuple(
                (p["name"], p["regex"], p["canonical"]) for p in DEFAULT_MATTER_REFERENCE_PATTERNS
            ),
            DEFAULT_MATTER_REFERENCE_MARKERS,
            DEFAULT_MATTER_REFERENCE_EXCLUSIONS,
            DEFAULT_MATTER_REFERENCE_REPLY_MARKERS,
        )
    return _cached(
        tuple((p.name, p.regex, p.canonical) for p in firm.matter_reference_patterns),
        tuple(firm.matter_reference_markers),
        tuple(firm.matter_reference_exclusions),
        tuple(firm.matter_reference_reply_markers),
    )


# --- module-level helpers over the shipped defaults (and an explicit scheme where given) ---------


def reference_key(value: str, scheme: ReferenceScheme | None = None) -> str:
    """`2024/0173-MS` and `2024-0173` are one matter: `2024-0173`. Placeholders stay as they are."""
    return (scheme or scheme_for()).key(value)


def find_in_text(text: str, origin_default: Origin = "text") -> list[FoundReference]:
    return scheme_for().find_in_text(text, origin_default)


def find_in_path(path: str) -> list[FoundReference]:
    return scheme_for().find_in_path(path)


def ranked_references(
    path: str, text: str, subject: str | None = None, scheme: ReferenceScheme | None = None
) -> list[FoundReference]:
    return (scheme or scheme_for()).ranked(path, text, subject)


def folder_title(folder: str, scheme: ReferenceScheme | None = None) -> str:
    return (scheme or scheme_for()).title_of(folder)


def literal_mentions(text: str, references: Iterable[str]) -> set[str]:
    """Which of `references` (as written, any style, configured or not) occur in `text`.

    Separators and case are loose (`KX·2024·17` matches `kx 2024 17`), but the reference must
    stand free: not inside a longer number.
    """
    folded = _loose(text)
    hits: set[str] = set()
    for ref in references:
        needle = _loose(ref)
        if len(needle.replace(" ", "")) < 4:
            continue
        if re.search(rf"(?<![\w]){re.escape(needle)}(?![\w])", folded):
            hits.add(ref)
    return hits


def _loose(value: str) -> str:
    return re.sub(r"[\s/\-._·]+", " ", value.casefold()).strip()


def slug(value: str) -> str:
    cleaned = value.lower()
    for a, b in (("ä", "ae"), ("ö", "oe"), ("ü", "ue"), ("ß", "ss")):
        cleaned = cleaned.replace(a, b)
    return re.sub(r"[^a-z0-9]+", "-", cleaned).strip("-") or "root"


def placeholder_reference(path: str) -> str:
    """`UNASSIGNED-<top-folder-slug>`: stable for every unmatched file under one top folder."""
    top = path.split("/")[0] if "/" in path else ""
    return PLACEHOLDER_PREFIX + slug(top or "root").upper()
