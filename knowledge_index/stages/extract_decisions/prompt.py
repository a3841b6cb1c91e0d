"""What extract_decisions tells the model (prose) and hands it (typed, pseudonymized evidence).

The redline's substantive loci (paragraph, insertions, deletions, moves, comments) and the
document's other comments go to the model as `RedlineEvidence`, names already replaced by
placeholders. Each locus carries deterministic signals: the document's own clause reference
and heading, the change type its tracked changes make, and the topics and rationale
categories whose taxonomy cues occur (topics in the changed text, heading and paragraph;
rationales in the comments only). The offline policy reads the same evidence; rewording the
prose changes nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar, Final, Literal

from pydantic import BaseModel

from knowledge_index.decisions.cues import (
    NEAR_WORDS,
    WINDOW_WORDS,
    CueSignal,
    TopicText,
    around,
    changed_core,
    changed_span,
    rationale_signals,
    topic_signals,
    window,
)
from knowledge_index.decisions.evidence import ChangeType, DecisionEvidence, Locus, has_words
from knowledge_index.decisions.pseudonymize import Pseudonymizer
from knowledge_index.decisions.sides import Side
from knowledge_index.decisions.taxonomy import DecisionTaxonomies
from knowledge_index.gateway.evidence import Evidence, evidence_message
from knowledge_index.stages.base import StageContext

MAX_LOCI: Final = 60
WHOLE_SHARE: Final = 0.8
MAX_TEXT: Final = 1_500

SYSTEM_PROMPT: Final = (
    "You read the tracked changes and comments of one redlined legal document and record the"
    " negotiation decisions in it. A decision is a substantive change of a clause, on two axes:"
    " its topic (what the clause is about: a topic id below) and its rationale_category (why it"
    " was changed: a rationale id below). The rationale comes from the comments that explain the"
    " change: a counterparty's demand, our client's instruction, a compromise, a legal"
    " requirement, risk, clarity or tax. When no comment gives a reason, the rationale is"
    " 'unstated'; never infer a reason from the clause text. Also record what changed"
    " (change_summary), change_type (inserted, deleted, modified = words in and out, moved),"
    " where (locus: the document's own clause reference, e.g. '§ 5 Abs. 1' or 'Clause 6.1', as"
    " given in the evidence's clause_ref), rationale_text (the reason the comments give, or an"
    " honest 'no reason given') and how far it generalizes: deal_specific (this deal only),"
    " matter (this mandate), firm_practice (our standard position), market_standard (what the"
    " market accepts). The evidence's topic_signals and rationale_signals list the categories"
    " whose cue words occur; they are hints, not answers. One decision per locus at most; leave"
    " out purely editorial changes. Names are already replaced by placeholders such as"
    " [PARTY_A] or [PERSON_1]: keep them, never guess a name. Cite the locus_id(s) each"
    " decision rests on.\n"
)
INSTRUCTIONS: Final = (
    "Record the decisions of the redline described by the evidence message that follows (JSON"
    " with its schema)."
)


class CommentView(BaseModel):
    author: str
    text: str
    # Whose side the author is on, when the matter's e-mail addresses tell (decisions/sides.py):
    # "our client" in the other side's comment is their client.
    author_side: Literal["firm", "other"] | None = None


class LocusView(BaseModel):
    locus_id: str
    clause_ref: str
    clause_heading: str
    paragraph: str
    inserted: list[str]
    deleted: list[str]
    moved: list[str]
    change_type: ChangeType
    comments: list[CommentView]
    topic_signals: list[CueSignal]
    rationale_signals: list[CueSignal]


class RedlineEvidence(Evidence):
    KIND: ClassVar[str] = "extract_decisions.evidence/3"

    filename: str
    loci: list[LocusView]
    other_comments: list[CommentView]
    # The ids that mean "no topic fits" / "no comment gives a reason" in the taxonomies in force.
    topic_fallback: str = "other"
    rationale_fallback: str = "unstated"


def _clip(value: str) -> str:
    return value if len(value) <= MAX_TEXT else value[:MAX_TEXT] + " …"


def _topic_text(
    locus: Locus,
    p: Callable[[str], str],
    paragraph: str,
    inserted: list[str],
    deleted: list[str],
    moved: list[str],
) -> TopicText:
    """Where the topic cues are looked for: the changed words, next to them, around them."""
    core = changed_core(inserted, deleted) or " ".join(moved)
    # A deletion sits in the paragraph as it read before: its words around the deleted ones.
    context, changed = (paragraph, inserted or moved)
    if not changed and deleted:
        context, changed = p(_clip(locus.before)) or " ".join(deleted), deleted
    # A change that is the whole paragraph has no words around it: the core is all of it.
    whole = len(" ".join(changed).split()) >= len(context.split()) * WHOLE_SHARE
    span = None
    if not whole and not moved and (locus.before or locus.after):
        span = changed_span(p(locus.before), p(locus.after))

    def around_change(words: int) -> str:
        if whole:
            return ""
        return (around(*span, words) if span else window(context, changed, words)).lower()

    return TopicText(
        core=core.lower(),
        window=around_change(WINDOW_WORDS),
        near=around_change(NEAR_WORDS),
        heading=p(locus.heading).lower(),
        paragraph=(context if has_words(context) else " ".join(deleted)).lower(),
    )


def _locus_view(
    locus: Locus,
    pseudo: Pseudonymizer,
    taxonomies: DecisionTaxonomies,
    clients: frozenset[str],
    sides: dict[str, Side],
) -> LocusView:
    p = pseudo.apply
    paragraph = p(_clip(locus.paragraph))
    inserted = [p(_clip(t)) for t in locus.inserted]
    deleted = [p(_clip(t)) for t in locus.deleted]
    moved = [p(_clip(t)) for t in locus.moved]
    comments = [
        CommentView(
            author=p(c.author or ""), text=p(_clip(c.text)), author_side=sides.get(c.author or "")
        )
        for c in locus.comments
    ]
    return LocusView(
        locus_id=locus.locus_id,
        clause_ref=locus.clause,
        clause_heading=p(locus.heading),
        paragraph=paragraph,
        inserted=inserted,
        deleted=deleted,
        moved=moved,
        change_type=locus.change_type,
        comments=comments,
        topic_signals=topic_signals(
            taxonomies.topic, _topic_text(locus, p, paragraph, inserted, deleted, moved)
        ),
        rationale_signals=rationale_signals(
            taxonomies.rationale,
            [c.text for c in comments],
            clients,
            [c.author_side == "other" for c in comments],
        ),
    )


def redline_evidence(
    ctx: StageContext,
    evidence: DecisionEvidence,
    pseudo: Pseudonymizer,
    taxonomies: DecisionTaxonomies,
    clients: frozenset[str] = frozenset(),
    sides: dict[str, Side] | None = None,
) -> RedlineEvidence:
    """`clients`: the placeholders of the matter's client (its comments' "we" and "Mandant");
    `sides`: comment author -> whose side they are on, where known."""
    sides = sides or {}
    filename = ctx.source_object.path.rsplit("/", 1)[-1]
    return RedlineEvidence(
        filename=pseudo.apply(filename),
        loci=[
            _locus_view(locus, pseudo, taxonomies, clients, sides)
            for locus in evidence.substantive[:MAX_LOCI]
        ],
        other_comments=[
            CommentView(
                author=pseudo.apply(c.author or ""),
                text=pseudo.apply(_clip(c.text)),
                author_side=sides.get(c.author or ""),
            )
            for c in evidence.document_comments
        ],
        topic_fallback=taxonomies.topic.fallback,
        rationale_fallback=taxonomies.rationale.fallback,
    )


def messages(taxonomies: DecisionTaxonomies, evidence: RedlineEvidence) -> list[dict[str, str]]:
    system = (
        SYSTEM_PROMPT
        + "Topics (use the id):\n"
        + "\n".join(taxonomies.topic.prompt_lines())
        + "\nRationale categories (use the id):\n"
        + "\n".join(taxonomies.rationale.prompt_lines())
    )
    return [
        {"role": "system", "content": system},
        {"role": "user", "content": INSTRUCTIONS},
        evidence_message(evidence),
    ]
