"""What extract_decisions' model submits: decisions checked against both taxonomies in force.

`topic` and `rationale_category` are validated against the topic and rationale taxonomies
(shipped, or as the firm extended them): a near miss (case, spaces, hyphens, a label) is
corrected to its id, anything else is a validation error listing the valid ids, which the
gateway sends back for correction. `extraction_model` binds a schema to the taxonomies in
force, so the JSON schema the model sees lists exactly the ids it may use.
"""

from __future__ import annotations

from functools import cache
from typing import Any, ClassVar, Literal

from pydantic import BaseModel, Field, create_model, field_validator

from knowledge_index.decisions.evidence import ChangeType
from knowledge_index.decisions.taxonomy import DecisionTaxonomies, Taxonomy, active_taxonomies
from knowledge_index.stages.extract_decisions.prompt import MAX_LOCI


def _checked(taxonomy: Taxonomy, value: str, what: str) -> str:
    corrected = taxonomy.correct(value)
    if corrected is None:
        valid = ", ".join(sorted(taxonomy.ids))
        raise ValueError(f"{value!r} is not a {what}; use one of: {valid}")
    return corrected


_TOPIC = "What the change is about: a topic id."
_WHY = "Why it was changed, as a comment says: a rationale id ('unstated' if none gives one)."


class DecisionRecord(BaseModel):
    """One negotiation decision read from the redline."""

    TAXONOMIES: ClassVar[DecisionTaxonomies] = active_taxonomies()

    locus: str = Field(
        min_length=1,
        max_length=500,
        description="The document's own clause reference, e.g. '§ 5 Abs. 1' or 'Clause 6.1'.",
    )
    change_summary: str = Field(min_length=1, max_length=2_000)
    topic: str = Field(description=_TOPIC)
    rationale_category: str = Field(description=_WHY)
    change_type: ChangeType = Field(
        "modified", description="inserted, deleted, modified (words in and out) or moved."
    )
    rationale_text: str = Field("", max_length=4_000)
    generalizability: Literal["deal_specific", "matter", "firm_practice", "market_standard"]
    locus_ids: list[str] = Field(
        default_factory=list, description="The evidence locus_id(s) this decision rests on."
    )

    @field_validator("topic")
    @classmethod
    def _topic_in_taxonomy(cls, value: str) -> str:
        return _checked(cls.TAXONOMIES.topic, value, "topic")

    @field_validator("rationale_category")
    @classmethod
    def _rationale_in_taxonomy(cls, value: str) -> str:
        return _checked(cls.TAXONOMIES.rationale, value, "rationale category")


class DecisionExtraction(BaseModel):
    """The decisions in this redline (empty when none is substantive)."""

    decisions: list[DecisionRecord] = Field(default_factory=list, max_length=MAX_LOCI)


def _enum(ids: frozenset[str]) -> dict[str, Any]:
    return {"enum": sorted(ids)}


@cache
def extraction_model(taxonomies: DecisionTaxonomies) -> type[DecisionExtraction]:
    """DecisionExtraction whose records check (and whose schema lists) these taxonomies' ids."""
    if taxonomies == DecisionRecord.TAXONOMIES:
        base: type[DecisionRecord] = DecisionRecord
    else:
        base = type("DecisionRecord", (DecisionRecord,), {"TAXONOMIES": taxonomies})
    record = create_model(
        "DecisionRecord",
        __base__=base,
        topic=(str, Field(description=_TOPIC, json_schema_extra=_enum(taxonomies.topic.ids))),
        rationale_category=(
            str,
            Field(description=_WHY, json_schema_extra=_enum(taxonomies.rationale.ids)),
        ),
    )
    return create_model(
        "DecisionExtraction",
        __base__=DecisionExtraction,
        __doc__=DecisionExtraction.__doc__,
        decisions=(list[record], Field(default_factory=list, max_length=MAX_LOCI)),  # type: ignore[valid-type]
    )
