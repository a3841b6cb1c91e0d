"""What extract_metadata tells the model (prose) and hands it (typed evidence).

Everything a decision rests on is in `MetadataEvidence`: the matter and its known parties, the
firm's names, the title candidates, and the party mentions found by rule (name, register
numbers, whether a client marker such as 'unsere Mandantin' precedes it). The offline policy
reads the same evidence; rewording `SYSTEM_PROMPT` or `INSTRUCTIONS` changes nothing offline.
"""

from __future__ import annotations

import re
from typing import Any, ClassVar, Final

from pydantic import BaseModel, Field
from sqlalchemy import text

from knowledge_index.entities.names import unique_mentions
from knowledge_index.gateway.evidence import Evidence, evidence_message
from knowledge_index.matters.store import assignment_of
from knowledge_index.stages.base import StageContext

TEXT_LIMIT: Final = 8_000
HEAD_CHARS: Final = 600
MAX_MENTIONS: Final = 6
CLIENT_MARKER: Final = re.compile(
    r"(?:unsere[rn]?\s+mandant(?:in|en)?|our\s+client|for\s+and\s+on\s+behalf\s+of|namens\s+und\s+in"
    r"\s+vollmacht\s+(?:der|unserer)(?:\s+mandantin)?)\W*$",
    re.I,
)

SYSTEM_PROMPT: Final = (
    "You type one document of a law firm against the document-type ontology and name its"
    " parties. Walk the ontology with its tools; submit the most specific node that fits, or"
    " null when none does (an honest 'untyped' beats a guess). doc_type must be a node id a tool"
    " returned. For each party give the name as written, any register number (HRB/HRA/company"
    " number) and its role: client (whom the firm acts for), counterparty, advisor, other. Look"
    " parties up with search_entities and give entity_id only for a result that is the same"
    " company. Finish with submit_result."
)
INSTRUCTIONS: Final = (
    "Type the document and name its parties from the evidence message that follows (JSON with"
    " its schema). party_mentions are company names with a legal form found in the text."
)


class KnownParty(BaseModel):
    name: str
    role: str


class MatterContext(BaseModel):
    matter_id: str
    reference_number: str
    title: str
    folders: list[str]
    known_parties: list[KnownParty] = Field(description="Parties already on this matter.")


class FirmNames(BaseModel):
    name: str = ""
    aliases: list[str] = Field(default_factory=list)


class MentionEvidence(BaseModel):
    name: str
    normalized: str
    identifiers: dict[str, str]
    client_marker_before: bool = Field(
        description="A phrase such as 'unsere Mandantin' / 'our client' stands just before it."
    )


class MetadataEvidence(Evidence):
    KIND: ClassVar[str] = "extract_metadata.evidence/1"

    path: str
    filename: str
    file_stem: str = Field(description="The file name without extension, separators as spaces.")
    email_subject: str | None = None
    is_email: bool
    matter: MatterContext | None
    firm: FirmNames
    first_line: str = Field(description="The first non-empty line of the text.")
    opening_passage: str = Field(description=f"The first {HEAD_CHARS} characters, one line.")
    party_mentions: list[MentionEvidence]
    text_excerpt: str = Field(description=f"The first {TEXT_LIMIT} characters of the text.")


def matter_context(ctx: StageContext) -> MatterContext | None:
    with ctx.engine.connect() as conn:
        assigned = assignment_of(conn, ctx.source_object.id)
        if assigned is None:
            return None
        folders = conn.execute(
            text("SELECT folders FROM matters WHERE id = :m"), {"m": assigned["matter_id"]}
        ).scalar_one()
        parties = [
            KnownParty(name=name, role=role)
            for name, role in conn.execute(
                text(
                    "SELECT DISTINCT e.name, p.role FROM document_parties p"
                    " JOIN matter_assignments a ON a.source_object_id = p.source_object_id"
                    " JOIN entities e ON e.id = p.entity_id WHERE a.matter_id = :m"
                    " ORDER BY 1, 2 LIMIT 20"
                ),
                {"m": assigned["matter_id"]},
            )
        ]
    return MatterContext(
        matter_id=assigned["matter_id"],
        reference_number=assigned["reference_number"],
        title=assigned["title"],
        folders=list(folders or []),
        known_parties=parties,
    )


def build_evidence(
    ctx: StageContext, body: dict[str, Any], matter: MatterContext | None
) -> MetadataEvidence:
    obj = ctx.source_object
    excerpt = body.get("text", "")[:TEXT_LIMIT]
    email = body.get("email") or {}
    filename = obj.path.rsplit("/", 1)[-1]
    stem = re.sub(r"[_\-]+", " ", filename.rsplit(".", 1)[0]).strip()
    firm = ctx.settings.firm
    return MetadataEvidence(
        path=obj.path,
        filename=filename,
        file_stem=stem,
        email_subject=(email.get("subject") or "") if email else None,
        is_email=bool(email),
        matter=matter,
        firm=FirmNames(name=firm.name, aliases=list(firm.aliases)),
        first_line=next((line.strip() for line in excerpt.splitlines() if line.strip()), ""),
        opening_passage=" ".join(excerpt[:HEAD_CHARS].split()),
        party_mentions=[
            MentionEvidence(
                name=m.name,
                normalized=m.normalized,
                identifiers=dict(m.identifiers),
                client_marker_before=bool(
                    CLIENT_MARKER.search(excerpt[max(0, m.start - 60) : m.start])
                ),
            )
            for m in unique_mentions(excerpt)[:MAX_MENTIONS]
        ],
        text_excerpt=excerpt,
    )


def messages(evidence: MetadataEvidence) -> list[dict[str, str]]:
    return [
        {"role": "system", "content": SYSTEM_PROMPT},
        {"role": "user", "content": INSTRUCTIONS},
        evidence_message(evidence),
    ]
