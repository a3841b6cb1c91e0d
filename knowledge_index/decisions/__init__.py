"""Negotiation decisions read from a redline: taxonomy, evidence, pseudonymization."""

from __future__ import annotations

from knowledge_index.decisions.taxonomy import GENERALIZABILITY, Category, Taxonomy, load_taxonomy

__all__ = ["GENERALIZABILITY", "Category", "Taxonomy", "load_taxonomy"]
