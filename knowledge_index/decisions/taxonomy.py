"""The shipped rationale taxonomy: why a negotiated change was made.

`knowledge_index/data/decision_taxonomy.json` lists the categories (stable ids, German and
English labels, descriptions) and the four generalizability levels the `decisions` table allows.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any, Final

TAXONOMY_FILE: Final = "decision_taxonomy.json"
GENERALIZABILITY: Final[tuple[str, ...]] = (
    "deal_specific",
    "matter",
    "firm_practice",
    "market_standard",
)


@dataclass(frozen=True)
class Category:
    id: str
    label_de: str
    label_en: str
    description_de: str
    description_en: str


@dataclass(frozen=True)
class Taxonomy:
    id: str
    version: str
    categories: tuple[Category, ...]

    @property
    def ids(self) -> frozenset[str]:
        return frozenset(c.id for c in self.categories)

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
            labels = {c.label_en.lower(), c.label_de.lower()}
            if value.strip().lower() in labels:
                return c.id
        return None


def _parse(raw: dict[str, Any]) -> Taxonomy:
    categories = tuple(
        Category(
            id=c["id"],
            label_de=c["label"]["de"],
            label_en=c["label"]["en"],
            description_de=c["description"]["de"],
            description_en=c["description"]["en"],
        )
        for c in raw["categories"]
    )
    ids = [c.id for c in categories]
    if len(set(ids)) != len(ids):
        raise ValueError(f"duplicate category ids in {TAXONOMY_FILE}")
    if set(raw.get("generalizability") or {}) != set(GENERALIZABILITY):
        raise ValueError(f"{TAXONOMY_FILE}: generalizability must be {GENERALIZABILITY}")
    return Taxonomy(id=raw["id"], version=str(raw["version"]), categories=categories)


@cache
def load_taxonomy() -> Taxonomy:
    text = resources.files("knowledge_index").joinpath("data", TAXONOMY_FILE).read_text("utf-8")
    return _parse(json.loads(text))


def taxonomy_document() -> dict[str, Any]:
    """The raw file, e.g. for list_taxonomies or an export consumer."""
    text = resources.files("knowledge_index").joinpath("data", TAXONOMY_FILE).read_text("utf-8")
    return json.loads(text)
