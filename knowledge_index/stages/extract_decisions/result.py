"""What extract_decisions' model submits: decisions checked against the shipped taxonomy."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field, field_validator

from knowledge_index.decisions.taxonomy import load_taxonomy
from knowledge_index.stages.extract_decisions.prompt import MAX_LOCI


class DecisionRecord(BaseModel):
    """One negotiation decision read from the redline."""

    locus: str = Field(min_length=1, max_length=500, description="Clause or paragraph.")
    change_summary: str = Field(min_length=1, max_length=2_000)
    rationale_category: str = Field(description="A category id from the taxonomy.")
    rationale_text: str = Field("", max_length=4_000)
    generalizability: Literal["deal_specific", "matter", "firm_practice", "market_standard"]
    locus_ids: list[str] = Field(
        default_factory=list, description="The evidence locus_id(s) this decision rests on."
    )

    @field_validator("rationale_category")
    @classmethod
    def _in_taxonomy(cls, value: str) -> str:
        taxonomy = load_taxonomy()
        corrected = taxonomy.correct(value)
        if corrected is None:
            valid = ", ".join(sorted(taxonomy.ids))
            raise ValueError(f"{value!r} is not a rationale category; use one of: {valid}")
        return corrected


class DecisionExtraction(BaseModel):
    """The decisions in this redline (empty when none is substantive)."""

    decisions: list[DecisionRecord] = Field(default_factory=list, max_length=MAX_LOCI)
