"""What relate's model submits, and the validator that holds every ref to an opened file."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from knowledge_index.gateway import Transcript
from knowledge_index.relations.filenames import Label


class RelatedLink(BaseModel):
    relation: Literal[
        "annex_of", "amends", "responds_to", "references", "attachment_of", "near_duplicate_of"
    ]
    target_ref: str = Field(description="ref of the target, from an open_file result.")
    confidence: float = Field(0.9, ge=0.0, le=1.0)
    evidence: str = Field("", max_length=500, description="The words that name the target.")


class RelateResult(BaseModel):
    identity: Literal["new_document", "new_version", "duplicate", "near_duplicate"]
    same_as_ref: str | None = Field(
        None, description="For new_version/duplicate/near_duplicate: ref of that other file."
    )
    redline_against_ref: str | None = Field(
        None, description="ref of the version this file's tracked changes were made against."
    )
    follows_refs: list[str] = Field(
        default_factory=list, description="refs of versions whose tracked changes this accepts."
    )
    version_label: Label | None = None
    relations: list[RelatedLink] = Field(default_factory=list)
    rationale: str = Field("", max_length=2_000)


def _refs(result: RelateResult) -> list[str]:
    refs = [result.same_as_ref, result.redline_against_ref, *result.follows_refs]
    return [r for r in refs + [x.target_ref for x in result.relations] if r]


def make_validator(own_id: str):
    def validate(result: RelateResult, transcript: Transcript) -> None:
        for ref in _refs(result):
            if ref == own_id:
                raise ValueError("a file cannot relate to itself; submit another file's ref")
            if not transcript.seen(ref, tool="open_file", key="ref"):
                raise ValueError(
                    f"ref {ref!r} was not returned by open_file; open the file first and use"
                    " the ref it returns"
                )
        if result.identity != "new_document" and not result.same_as_ref:
            raise ValueError(f"identity {result.identity} needs same_as_ref")

    return validate
