"""Which known matter a file's content names, when it names no reference: titles and parties.

A known matter is a matter folder discovery found or a matter already in the ledger. Its
vocabulary is the words of its title, its client folder and (weaker) the file names filed in it.
A word counts in proportion to how few matters share it (IDF-like), so a client with three
matters or a generic word in every folder says little, and a counterparty named in one matter's
title says a lot. The stage hands the ranked scores to the model; the policy decides.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Final

# Words that name no particular matter: legal forms, honorifics, filing and document words.
STOPWORDS: Final = frozenset(
    [
        "gmbh",
        "ag",
        "kg",
        "kgaa",
        "co",
        "ohg",
        "gbr",
        "ug",
        "se",
        "sa",
        "llp",
        "ltd",
        "limited",
        "llc",
        "inc",
        "plc",
        "partg",
        "mbb",
        "mbh",
        "bv",
        "nv",
        "dr",
        "prof",
        "herr",
        "frau",
        "mr",
        "mrs",
        "ms",
        "und",
        "and",
        "the",
        "der",
        "die",
        "das",
        "des",
        "dem",
        "den",
        "ein",
        "eine",
        "einer",
        "for",
        "fuer",
        "von",
        "vom",
        "zur",
        "zum",
        "mit",
        "with",
        "gegen",
        "against",
        "of",
        "to",
        "in",
        "im",
        "an",
        "am",
        "auf",
        "bei",
        "per",
        "via",
        "entwurf",
        "draft",
        "final",
        "version",
        "fassung",
        "kopie",
        "copy",
        "scan",
        "notiz",
        "note",
        "vermerk",
        "brief",
        "letter",
        "mail",
        "email",
        "anlage",
        "annex",
        "schedule",
        "vertrag",
        "agreement",
        "contract",
        "projekt",
        "project",
        "matter",
        "mandat",
        "korrespondenz",
        "correspondence",
        "executed",
        "signed",
        "unterschrieben",
        "entwuerfe",
        "drafts",
    ]
)
TITLE_WEIGHT: Final = 1.0
FILE_WEIGHT: Final = 0.5
# A word at the head of the documents filed in the matter counts by the share of them it heads,
# up to this: the parties, the property or the project a matter's papers all name.
PROFILE_WEIGHT: Final = 0.5
# A register number the matter's filed documents carry names one company exactly: as much as a
# content mention needs on its own, shared like a word among the matters that carry it.
REGISTER_WEIGHT: Final = 1.5
PROFILE_MIN_DOCS: Final = (
    2  # a word at the head of one document is that document's, not the matter's
)
MIN_WORD: Final = 4


@functools.cache
def _combining_marks() -> dict[int, None]:
    # Every mark with a combining class below U+20000 (none above it has one): str.translate
    # drops them at C speed, where a per-character test cost a third of classify's own time.
    return {cp: None for cp in range(0x20000) if unicodedata.combining(chr(cp))}


def fold(value: str) -> str:
    value = value.casefold()
    for a, b in (("ä", "ae"), ("ö", "oe"), ("ü", "ue"), ("ß", "ss")):
        value = value.replace(a, b)
    if value.isascii():
        return value
    return unicodedata.normalize("NFKD", value).translate(_combining_marks())


def words(value: str) -> set[str]:
    return {
        w
        for w in re.findall(r"[a-z][a-z0-9]+", fold(value))
        if len(w) >= MIN_WORD and w not in STOPWORDS
    }


@functools.lru_cache(maxsize=16_384)
def _name_words(value: str) -> frozenset[str]:
    # Every file classified reads the words of every known matter's title and file names:
    # the same short strings each time.
    return frozenset(words(value))


@dataclass
class KnownMatter:
    key: str
    reference: str
    title: str
    client: str = ""
    folder: str = ""
    file_names: list[str] = field(default_factory=list)
    # The converted heads of its filed documents (classify_matter/profiles.py), if asked.
    heads: list[str] = field(default_factory=list)
    # The company register numbers its filed documents carry (classify_matter/profiles.py).
    register_numbers: set[str] = field(default_factory=set)


@dataclass(frozen=True)
class Mention:
    key: str
    score: float
    terms: tuple[str, ...]


def _profile(heads: list[str]) -> dict[str, float]:
    return _profile_of(tuple(heads))


@functools.lru_cache(maxsize=1024)
def _profile_of(heads: tuple[str, ...]) -> dict[str, float]:
    """Word -> the share of the heads it occurs in, for words in at least PROFILE_MIN_DOCS.

    Every loose file of a source is matched against the same matters' heads: worked out once.
    The result is only read."""
    if len(heads) < PROFILE_MIN_DOCS:
        return {}
    counts: dict[str, int] = defaultdict(int)
    for head in heads:
        for w in words(head):
            counts[w] += 1
    return {w: n / len(heads) for w, n in counts.items() if n >= PROFILE_MIN_DOCS}


def rank_mentions(
    known: Iterable[KnownMatter], content: str, numbers: Iterable[str] = ()
) -> list[Mention]:
    """Known matters the content names by title, client or filed-document words, or by a
    register number of `numbers` (the content's) that their filed documents carry, best first."""
    vocab: dict[str, dict[str, float]] = {}
    for m in known:
        v: dict[str, float] = defaultdict(float)
        for w in _name_words(f"{m.title} {m.client}"):
            v[w] = TITLE_WEIGHT
        for name in m.file_names:
            for w in _name_words(name.rsplit(".", 1)[0]):
                v[w] = max(v[w], FILE_WEIGHT)
        for w, share in _profile(m.heads).items():
            v[w] = max(v[w], PROFILE_WEIGHT * share)
        for number in m.register_numbers:
            v[f"#{number}"] = REGISTER_WEIGHT
        vocab[m.key] = dict(v)
    sharing: dict[str, int] = defaultdict(int)
    for v in vocab.values():
        for w in v:
            sharing[w] += 1
    present = words(content) | {f"#{n}" for n in numbers}
    out: list[Mention] = []
    for key, v in vocab.items():
        hit = sorted(w for w in v if w in present)
        score = sum(v[w] / sharing[w] for w in hit)
        if score > 0:
            out.append(Mention(key, round(score, 3), tuple(hit)))
    out.sort(key=lambda m: (-m.score, m.key))
    return out
