"""What relate tells the model (prose) and hands it (typed evidence).

The computed signals (hash and MinHash neighbours, filename family, tracked-changes lineage,
text cues with their candidate targets) are evidence, not answers: the model opens candidates
before it names them. The offline policy reads the same `RelateEvidence`; rewording the prose
changes nothing offline.
"""

from __future__ import annotations

import json
from typing import Any, ClassVar, Final

from pydantic import Field

from knowledge_index.gateway.evidence import Evidence, evidence_message
from knowledge_index.relations import lineage
from knowledge_index.relations.candidates import Signals
from knowledge_index.stages.base import StageContext
from knowledge_index.stages.relate import tools

TEXT_LIMIT: Final = 30_000
EMAIL_HEADERS: Final = (
    "message_id",
    "in_reply_to",
    "references",
    "subject",
    "date",
    "participants",
)

SYSTEM_PROMPT: Final = (
    "You relate one file of a law firm's document estate to the files around it. Decide its"
    " identity (new_document; new_version of an agreement or letter; duplicate = byte-identical"
    " copy; near_duplicate = same text apart from formatting or a sentence, or a scan or photo"
    " of some of its pages: a scan_of candidate holds nearly all of this scan's words), the"
    " version it was redlined against (for files with tracked changes), its version label"
    " (draft, redline, counterparty_redline, final, executed) and typed relations: annex_of"
    " (an Anlage/Annex/"
    "Schedule/Exhibit -> its main agreement), amends (Nachtrag/Amendment -> the agreement),"
    " responds_to (a letter -> the letter it answers), references (a document citing another"
    " by title and date), attachment_of (a file that is byte-identical to an attachment of an"
    " e-mail -> that e-mail). The candidate signals are computed evidence, not answers: open a"
    " candidate with open_file before you name it. Every ref you submit must come from an"
    " open_file result. Finish with submit_result."
)
INSTRUCTIONS: Final = (
    "Relate the file described by the evidence message that follows (JSON with its schema)."
)


class RelateEvidence(Evidence):
    KIND: ClassVar[str] = "relate.evidence/1"

    matter: str = Field(description="The file's matter: reference and title.")
    path: str
    format: str | None
    email_headers: dict[str, Any] | None = None
    tracked_changes: dict[str, Any] | None = Field(
        None, description="A digest of the file's tracked changes and comments."
    )
    folder_listing: list[str]
    signals: Signals = Field(description="Computed candidates and cues; open before naming.")
    text_length: int
    text_excerpt: str = Field(description=f"The first {TEXT_LIMIT} characters of the text.")


def _folder_listing(ctx: StageContext) -> list[str]:
    """The own folder in full, one level above (names) and one level below (files)."""
    path = ctx.source_object.path.split("!/")[0]
    own = path.rsplit("/", 1)[0] if "/" in path else ""
    parent = own.rsplit("/", 1)[0] if "/" in own else ""
    engine, source, cache = ctx.engine, ctx.source_object.source_id, ctx.batch_cache
    lines = []
    if own:
        up = tools.list_folder(engine, source, parent, cache)
        lines.append(
            f"{up['path']}/ (one level up): "
            + ", ".join([f"{f['name']}/ ({f['files']})" for f in up["folders"]] + up["files"])
        )
    here = tools.list_folder(engine, source, own, cache)
    lines.append(f"{here['path']}/ (this file's folder):")
    lines += [f"  {f}" for f in here["files"]]
    for sub in here["folders"][:20]:
        sub_path = f"{own}/{sub['name']}" if own else sub["name"]
        below = tools.list_folder(engine, source, sub_path, cache)
        lines.append(f"  {sub['name']}/: " + ", ".join(below["files"][:30]))
    return lines


def build_evidence(
    ctx: StageContext, body: dict[str, Any], assignment: dict[str, Any], signals: Signals
) -> RelateEvidence:
    full = body.get("text") or ""
    email = body.get("email") if isinstance(body.get("email"), dict) else None
    digest = None
    if body.get("revisions") or body.get("comments"):
        digest = lineage.digest(body.get("revisions") or [], body.get("comments") or [])
    return RelateEvidence(
        matter=f"{assignment['reference_number']} {assignment.get('title') or ''}".rstrip(),
        path=ctx.source_object.path,
        format=body.get("format"),
        email_headers=(
            json.loads(json.dumps({k: email.get(k) for k in EMAIL_HEADERS}, default=str))
            if email
            else None
        ),
        tracked_changes=json.loads(json.dumps(digest, default=str)) if digest else None,
        folder_listing=_folder_listing(ctx),
        # The MinHash signature is for the store, not for reading.
        signals=signals.model_copy(update={"signature": None}),
        text_length=len(full),
        text_excerpt=full[:TEXT_LIMIT],
    )


def messages(evidence: RelateEvidence) -> list[dict[str, str]]:
    return [
        {"role": "system", "content": SYSTEM_PROMPT},
        {"role": "user", "content": INSTRUCTIONS},
        evidence_message(evidence),
    ]
