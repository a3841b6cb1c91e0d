"""What classify_matter's model submits, and the validator that holds it to the transcript."""

from __future__ import annotations

from pydantic import BaseModel, Field

from knowledge_index.gateway import Transcript


class ClassifyResult(BaseModel):
    matter_id: str | None = Field(
        None, description="Id of the matter from a tool result; null when no matter fits."
    )
    rationale: str = Field("", max_length=2_000)


def validate_result(result: ClassifyResult, transcript: Transcript) -> None:
    if result.matter_id is not None and not transcript.seen(result.matter_id, key="matter_id"):
        raise ValueError(
            f"matter_id {result.matter_id!r} did not appear in any tool result; use an id"
            " returned by search_matters, peek_matter or create_matter, or submit null"
        )
