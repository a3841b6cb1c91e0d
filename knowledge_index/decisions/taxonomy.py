"""The two decision taxonomies: `topic` (what a change is about) and `rationale_category` (why).

Both ship as data files (`knowledge_index/data/decision_topics.json`,
`decision_rationales.json`): stable snake_case ids, German and English labels and descriptions,
and cues (word stems, phrases or `re:` regular expressions) that signal the category in a
redline's text or comments. A firm extends either one with a file of the same shape
(`firm.topic_taxonomy_path`, `firm.rationale_taxonomy_path`): a category with a known id
replaces the labels it gives and adds its cues, a new id is appended; `"mode": "replace"` uses
the firm's file alone. Files are validated at load (pydantic): a malformed file is an error
naming the file, never a silently smaller taxonomy.
"""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass
from functools import cache, cached_property
from importlib import resources
from pathlib import Path
from typing import Annotated, Final, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

Kind = Literal["topic", "rationale_category"]
TOPIC_FILE: Final = "decision_topics.json"
RATIONALE_FILE: Final = "decision_rationales.json"
FILES: Final[dict[str, str]] = {"topic": TOPIC_FILE, "rationale_category": RATIONALE_FILE}
GENERALIZABILITY: Final[tuple[str, ...]] = (
    "deal_specific",
    "matter",
    "firm_practice",
    "market_standard",
)
_ID: Final = r"^[a-z][a-z0-9_]*$"


class Bilingual(BaseModel):
    model_config = ConfigDict(extra="forbid")
    de: str = Field(min_length=1)
    en: str = Field(min_length=1)


class CategoryEntry(BaseModel):
    """One category as a file writes it; a firm file may give only the fields it changes."""

    model_config = ConfigDict(extra="forbid")
    id: str = Field(pattern=_ID)
    label: Bilingual | None = None
    description: Bilingual | None = None
    cues: list[str] = Field(default_factory=list)
    # The broader categories this one sits in (notice_period in termination), see cues.py.
    broader: list[Annotated[str, Field(pattern=_ID)]] = Field(default_factory=list)

    @model_validator(mode="after")
    def _cues_compile(self) -> CategoryEntry:
        for cue in self.cues:
            cue_pattern(cue)  # raises ValueError naming the cue
        return self


class TaxonomyFile(BaseModel):
    model_config = ConfigDict(extra="forbid")
    id: str
    version: str
    description: str = ""
    mode: Literal["extend", "replace"] = "extend"
    fallback: str | None = Field(None, pattern=_ID)
    generalizability: dict[str, dict[str, str]] | None = None
    categories: list[CategoryEntry]

    @model_validator(mode="after")
    def _unique(self) -> TaxonomyFile:
        ids = [c.id for c in self.categories]
        if dupes := sorted({i for i in ids if ids.count(i) > 1}):
            raise ValueError(f"duplicate category ids: {dupes}")
        if self.generalizability is not None and set(self.generalizability) != set(
            GENERALIZABILITY
        ):
            raise ValueError(f"generalizability must be {GENERALIZABILITY}")
        return self


def cue_pattern(cue: str) -> re.Pattern[str]:
    """A cue as a pattern: `re:` a regex, else a phrase at a word start (a stem unless `$`)."""
    if not cue.strip():
        raise ValueError("empty cue")
    if cue.startswith("re:"):
        try:
            return re.compile(cue[3:], re.I)
        except re.error as exc:
            raise ValueError(f"cue {cue!r} is not a valid regular expression: {exc}") from exc
    whole = cue.endswith("$")
    words = [re.escape(w) for w in cue.rstrip("$").lower().split()]
    tail = r"(?![\w])" if whole else ""
    return re.compile(r"(?<![\w])" + r"\s+".join(words) + tail, re.I)


def cue_weight(cue: str) -> int:
    """A longer phrase is more specific: it weighs its number of words (a regex, precise by
    construction, weighs 3)."""
    return 3 if cue.startswith("re:") else max(1, len(cue.rstrip("$").split()))


@dataclass(frozen=True)
class Category:
    id: str
    label_de: str
    label_en: str
    description_de: str
    description_en: str
    cues: tuple[str, ...] = ()
    broader: tuple[str, ...] = ()

    @property
    def patterns(self) -> tuple[tuple[str, re.Pattern[str]], ...]:
        return _patterns(self.cues)


@cache
def _patterns(cues: tuple[str, ...]) -> tuple[tuple[str, re.Pattern[str]], ...]:
    return tuple((cue, cue_pattern(cue)) for cue in cues)


@dataclass(frozen=True)
class Taxonomy:
    kind: str
    id: str
    version: str
    fallback: str
    categories: tuple[Category, ...]

    @property
    def ids(self) -> frozenset[str]:
        return frozenset(c.id for c in self.categories)

    @cached_property
    def broader(self) -> dict[str, tuple[str, ...]]:
        # Read for every pair of cue matches (cues._matches): built once, not hashed per read.
        return {c.id: c.broader for c in self.categories if c.broader}

    @property
    def fingerprint(self) -> str:
        payload = json.dumps([c.__dict__ for c in self.categories], sort_keys=True, default=list)
        return f"{self.id}@{self.version}:{hashlib.sha256(payload.encode()).hexdigest()[:12]}"

    def get(self, category_id: str) -> Category | None:
        return next((c for c in self.categories if c.id == category_id), None)

    def prompt_lines(self) -> list[str]:
        return [
            f"- {c.id}: {c.label_en} / {c.label_de}. {c.description_en}" for c in self.categories
        ]

    def correct(self, value: str) -> str | None:
        """A near miss read as the id it means (case, spaces, hyphens, a label); else None."""
        key = value.strip().lower().replace("-", "_").replace(" ", "_")
        if key in self.ids:
            return key
        for c in self.categories:
            if value.strip().lower() in {c.label_en.lower(), c.label_de.lower()}:
                return c.id
        return None


def _read(text: str, where: str) -> TaxonomyFile:
    try:
        return TaxonomyFile.model_validate_json(text)
    except ValidationError as exc:
        raise ValueError(f"decision taxonomy {where} is invalid: {exc}") from exc


def _category(entry: CategoryEntry, where: str) -> Category:
    if entry.label is None or entry.description is None:
        raise ValueError(
            f"decision taxonomy {where}: new category {entry.id!r} needs label and"
            " description (de and en)"
        )
    return Category(
        entry.id,
        entry.label.de,
        entry.label.en,
        entry.description.de,
        entry.description.en,
        tuple(entry.cues),
        tuple(entry.broader),
    )


def _merge(base: list[Category], firm: TaxonomyFile, where: str) -> list[Category]:
    if firm.mode == "replace":
        return [_category(e, where) for e in firm.categories]
    out = list(base)
    index = {c.id: i for i, c in enumerate(out)}
    for entry in firm.categories:
        if entry.id not in index:
            out.append(_category(entry, where))
            continue
        old = out[index[entry.id]]
        label = entry.label or Bilingual(de=old.label_de, en=old.label_en)
        desc = entry.description or Bilingual(de=old.description_de, en=old.description_en)
        cues = old.cues + tuple(c for c in entry.cues if c not in old.cues)
        broader = tuple(entry.broader) or old.broader
        out[index[entry.id]] = Category(
            entry.id, label.de, label.en, desc.de, desc.en, cues, broader
        )
    return out


@cache
def load_taxonomy(kind: Kind = "topic", firm_path: str = "") -> Taxonomy:
    """The shipped taxonomy of `kind`, extended (or replaced) by the firm's file if one is set."""
    name = FILES[kind]
    shipped = _read(
        resources.files("knowledge_index").joinpath("data", name).read_text("utf-8"), name
    )
    categories = [_category(e, name) for e in shipped.categories]
    fallback = shipped.fallback or categories[-1].id
    version = shipped.version
    if firm_path:
        path = Path(firm_path).expanduser()
        firm = _read(path.read_text(encoding="utf-8"), str(path))
        categories = _merge(categories, firm, str(path))
        fallback = firm.fallback or fallback
        version = f"{version}+{firm.id}@{firm.version}"
    ids = {c.id for c in categories}
    if fallback not in ids:
        raise ValueError(f"decision taxonomy {name}: fallback {fallback!r} is not a category")
    for c in categories:
        if unknown := [b for b in c.broader if b not in ids or b == c.id]:
            raise ValueError(
                f"decision taxonomy {firm_path or name}: {c.id!r} names an unknown broader"
                f" category {unknown}"
            )
    return Taxonomy(kind, shipped.id, version, fallback, tuple(categories))


@dataclass(frozen=True)
class DecisionTaxonomies:
    topic: Taxonomy
    rationale: Taxonomy


def active_taxonomies(topic_path: str = "", rationale_path: str = "") -> DecisionTaxonomies:
    """Both taxonomies in force (pass `settings.firm.topic_taxonomy_path` and `..._rationale_`)."""
    return DecisionTaxonomies(
        load_taxonomy("topic", topic_path), load_taxonomy("rationale_category", rationale_path)
    )
