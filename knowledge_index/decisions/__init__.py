"""Negotiation decisions read from a redline: taxonomies, evidence, pseudonymization."""

from __future__ import annotations

from knowledge_index.decisions.taxonomy import (
    GENERALIZABILITY,
    Category,
    DecisionTaxonomies,
    Taxonomy,
    active_taxonomies,
    load_taxonomy,
)

__all__ = [
    "GENERALIZABILITY",
    "Category",
    "DecisionTaxonomies",
    "Taxonomy",
    "active_taxonomies",
    "load_taxonomy",
]
