"""What extract_metadata's model submits, and the validator that holds it to the transcript."""

from __future__ import annotations

from pydantic import BaseModel, Field

from knowledge_index.entities.resolve import PartyMention
from knowledge_index.gateway import Transcript
from knowledge_index.ontology import Ontology


class MetadataResult(BaseModel):
    doc_type: str | None = Field(None, description="An ontology node id, or null (untyped).")
    title: str | None = Field(None, max_length=500)
    parties: list[PartyMention] = Field(default_factory=list, max_length=30)
    rationale: str = Field("", max_length=2_000)


def make_validator(ontology: Ontology):
    def validate(result: MetadataResult, transcript: Transcript) -> None:
        if result.doc_type is not None:
            if not ontology.in_scope(result.doc_type):
                raise ValueError(f"doc_type {result.doc_type!r} is not an in-scope ontology node")
            if not transcript.seen(result.doc_type, key="id"):
                raise ValueError(
                    f"doc_type {result.doc_type!r} was not shown by an ontology tool; visit it"
                    " (ontology_search / ontology_children / ontology_node) first"
                )
        for party in result.parties:
            if party.entity_id and not transcript.seen(party.entity_id, key="entity_id"):
                raise ValueError(
                    f"entity_id {party.entity_id!r} for {party.name!r} did not come from"
                    " search_entities; leave it null or search first"
                )

    return validate
