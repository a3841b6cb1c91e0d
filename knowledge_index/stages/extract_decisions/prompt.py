"""What extract_decisions tells the model (prose) and hands it (typed, pseudonymized evidence).

The redline's substantive loci (paragraph, insertions, deletions, moves, comments) and the
document's other comments go to the model as `RedlineEvidence`, names already replaced by
placeholders. The offline policy reads the same evidence; rewording the prose changes nothing.
"""

from __future__ import annotations

from typing import ClassVar, Final

from pydantic import BaseModel

from knowledge_index.decisions.evidence import DecisionEvidence, Locus
from knowledge_index.decisions.pseudonymize import Pseudonymizer
from knowledge_index.gateway.evidence import Evidence, evidence_message
from knowledge_index.stages.base import StageContext

MAX_LOCI: Final = 60
MAX_TEXT: Final = 1_500

SYSTEM_PROMPT: Final = (
    "You read the tracked changes and comments of one redlined legal document and record the"
    " negotiation decisions in it. A decision is a substantive change of a clause: what changed"
    " (change_summary), where (locus: the clause or paragraph, e.g. 'Haftung, Abs. 2'), why"
    " (rationale_category from the taxonomy below, and rationale_text: the reason the comments"
    " give, or an honest 'no reason given'), and how far it generalizes: deal_specific (this"
    " deal only), matter (this mandate), firm_practice (our standard position), market_standard"
    " (what the market accepts). One decision per locus at most; leave out purely editorial"
    " changes. Names are already replaced by placeholders such as [PARTY_A] or [PERSON_1]: keep"
    " them, never guess a name. Cite the locus_id(s) each decision rests on.\n"
    "Rationale categories (use the id):\n"
)
INSTRUCTIONS: Final = (
    "Record the decisions of the redline described by the evidence message that follows (JSON"
    " with its schema)."
)


class CommentView(BaseModel):
    author: str
    text: str


class LocusView(BaseModel):
    locus_id: str
    paragraph: str
    inserted: list[str]
    deleted: list[str]
    moved: list[str]
    comments: list[CommentView]


class RedlineEvidence(Evidence):
    KIND: ClassVar[str] = "extract_decisions.evidence/1"

    filename: str
    loci: list[LocusView]
    other_comments: list[CommentView]


def _clip(value: str) -> str:
    return value if len(value) <= MAX_TEXT else value[:MAX_TEXT] + " …"


def _locus_view(locus: Locus, pseudo: Pseudonymizer) -> LocusView:
    p = pseudo.apply
    return LocusView(
        locus_id=locus.locus_id,
        paragraph=p(_clip(locus.paragraph)),
        inserted=[p(_clip(t)) for t in locus.inserted],
        deleted=[p(_clip(t)) for t in locus.deleted],
        moved=[p(_clip(t)) for t in locus.moved],
        comments=[
            CommentView(author=p(c.author or ""), text=p(_clip(c.text))) for c in locus.comments
        ],
    )


def redline_evidence(
    ctx: StageContext, evidence: DecisionEvidence, pseudo: Pseudonymizer
) -> RedlineEvidence:
    filename = ctx.source_object.path.rsplit("/", 1)[-1]
    return RedlineEvidence(
        filename=pseudo.apply(filename),
        loci=[_locus_view(locus, pseudo) for locus in evidence.substantive[:MAX_LOCI]],
        other_comments=[
            CommentView(author=pseudo.apply(c.author or ""), text=pseudo.apply(_clip(c.text)))
            for c in evidence.document_comments
        ],
    )


def messages(taxonomy_lines: list[str], evidence: RedlineEvidence) -> list[dict[str, str]]:
    return [
        {"role": "system", "content": SYSTEM_PROMPT + "\n".join(taxonomy_lines)},
        {"role": "user", "content": INSTRUCTIONS},
        evidence_message(evidence),
    ]
