"""What classify_matter tells the model (prose) and hands it (typed evidence).

The prose explains the task; everything the decision rests on is in `ClassifyEvidence`, which the
offline policy reads too. Rewording `SYSTEM_PROMPT` or `INSTRUCTIONS` changes nothing offline.
"""

from __future__ import annotations

from typing import Any, ClassVar, Final, Literal

from pydantic import BaseModel, Field

from knowledge_index.gateway.evidence import Evidence, evidence_message
from knowledge_index.matters.folders import known_titles, neighbourhood
from knowledge_index.matters.references import folder_title, ranked_references, reference_key
from knowledge_index.stages.base import StageContext

TEXT_LIMIT: Final = 8_000

SYSTEM_PROMPT: Final = (
    "You assign one file of a law firm's document estate to its matter. Evidence, strongest"
    " first: a matter reference the document itself names (letterhead 'Unser Zeichen', 'Our"
    " ref', the e-mail subject), the matter folder the file sits in, then titles and parties."
    " A file can be misfiled: when its own text names another matter's reference, that matter"
    " wins. Search before you create: create_matter only for a reference no existing matter"
    " carries. Finish with submit_result; matter_id must be an id a tool returned, or null when"
    " nothing fits."
)
INSTRUCTIONS: Final = (
    "Classify the file described by the evidence message that follows (JSON with its schema)."
    " reference_candidates lists every matter reference the file gives, strongest first."
)


class ReferenceCandidate(BaseModel):
    reference: str = Field(description="The reference as written.")
    key: str = Field(description="Its canonical form: the same matter has the same key.")
    origin: Literal["marker", "subject", "path", "text"] = Field(
        description="Where it was found: after a marker such as 'Unser Zeichen', in the e-mail"
        " subject, in a folder name, or bare in the text (weakest)."
    )
    folder_title: str = Field("", description="The folder's name without the reference.")


class ClassifyEvidence(Evidence):
    KIND: ClassVar[str] = "classify_matter.evidence/1"

    path: str
    filename: str
    parent_folder: str
    parent_folder_title: str = Field(description="The parent folder's name without a reference.")
    email_subject: str | None = None
    folder_neighbourhood: str
    known_documents_nearby: list[str]
    text_excerpt: str = Field(description=f"The first {TEXT_LIMIT} characters of the text.")
    reference_candidates: list[ReferenceCandidate]


def _folder_titles(path: str) -> dict[str, str]:
    """Reference key -> title of the folder that carries it (deepest folder wins)."""
    titles: dict[str, str] = {}
    for folder in path.split("/")[:-1]:
        titles[reference_key(folder)] = folder_title(folder)
    return titles


def build_evidence(ctx: StageContext, body: dict[str, Any]) -> ClassifyEvidence:
    obj = ctx.source_object
    parent = obj.path.rsplit("/", 1)[0] if "/" in obj.path else ""
    subject = (body.get("email") or {}).get("subject") or None
    excerpt = body.get("text", "")[:TEXT_LIMIT]
    with ctx.engine.connect() as conn:
        hood = neighbourhood(conn, obj.source_id, obj.path, ctx.batch_cache)
        titles = known_titles(conn, obj.source_id, obj.path)
    by_folder = _folder_titles(obj.path)
    return ClassifyEvidence(
        path=obj.path,
        filename=obj.path.rsplit("/", 1)[-1],
        parent_folder=parent,
        parent_folder_title=folder_title(parent.rsplit("/", 1)[-1]) if parent else "",
        email_subject=subject,
        folder_neighbourhood=hood,
        known_documents_nearby=titles,
        text_excerpt=excerpt,
        reference_candidates=[
            ReferenceCandidate(
                reference=f.reference,
                key=f.key,
                origin=f.origin,
                folder_title=by_folder.get(f.key, ""),
            )
            for f in ranked_references(obj.path, excerpt, subject)
        ],
    )


def messages(evidence: ClassifyEvidence) -> list[dict[str, str]]:
    return [
        {"role": "system", "content": SYSTEM_PROMPT},
        {"role": "user", "content": INSTRUCTIONS},
        evidence_message(evidence),
    ]
