"""Offline policy for extract_decisions: one decision per substantive locus, from its signals.

The stage sends its redline evidence as JSON (`Redline evidence (JSON):` then loci with the
paragraph, inserted/deleted/moved text, comments and the deterministic signals) in one
structured call whose answer tool is forced. For each locus the policy takes the top topic
signal (cues of the topic taxonomy in the changed words, around them, in the clause heading
and the paragraph; none -> `other`) and the top rationale signal (cues of the rationale
taxonomy in the locus's comments; a comment decides the rationale, and without one, or with
one that names no reason, it is `unstated`), the clause reference and change type as the
evidence gives them, the rationale text from the comments (else says none was given), and
reads generalizability from cues: "nur für diesen Deal"/"for this deal only" -> deal_specific,
"unser Standard"/"our standard" -> firm_practice, "marktüblich"/"market standard" ->
market_standard, "für das gesamte Mandat"/"for this matter" -> matter; no cue ->
deal_specific. Deterministic.
"""

from __future__ import annotations

from typing import Any, ClassVar, Final

from knowledge_index.gateway.offline.context import Call, Decision, PolicyContext
from knowledge_index.gateway.offline.generic import GenericPolicy
from knowledge_index.gateway.offline.policy import Policy
from knowledge_index.stages.extract_decisions.prompt import RedlineEvidence

ANSWER_FIELD: Final = "decisions"

# Generalizability cues, checked in this order (an explicit "this deal only" wins).
_CUE_TEXT: Final[tuple[tuple[str, str], ...]] = (
    (
        "deal_specific",
        "nur für diesen deal|nur in diesem fall|ausnahmsweise|einmalig|for this deal only|"
        "only for this deal|this deal only|one-off|exceptionally|as an exception",
    ),
    (
        "firm_practice",
        "unser standard|unseren standard|unserem standard|kanzleistandard|standardposition|"
        "unsere vorlage|unser muster|wie immer|our standard|house position|our template|"
        "our playbook|as we always",
    ),
    (
        "market_standard",
        "marktüblich|marktstandard|branchenüblich|market standard|market practice|customary|"
        "usual in the market",
    ),
    (
        "matter",
        "für das gesamte mandat|für dieses mandat|in allen verträgen|for this matter|"
        "across the matter|for all agreements|throughout the matter",
    ),
)
CUES: Final[tuple[tuple[str, tuple[str, ...]], ...]] = tuple(
    (level, tuple(cues.split("|"))) for level, cues in _CUE_TEXT
)


def evidence_of(ctx: PolicyContext) -> dict[str, Any] | None:
    evidence = ctx.evidence(RedlineEvidence)
    return evidence.model_dump(mode="json") if evidence is not None else None


def _top(signals: Any, fallback: str) -> str:
    for signal in signals or []:
        if isinstance(signal, dict) and signal.get("id"):
            return str(signal["id"])
    return fallback


def generalizability(comments: str) -> str:
    for level, cues in CUES:
        if any(cue in comments for cue in cues):
            return level
    return "deal_specific"


def _quote(values: list[str]) -> str:
    return " / ".join(f"„{' '.join(v.split())}“" for v in values if v.strip())


def summary(locus: dict[str, Any]) -> str:
    inserted, deleted = list(locus.get("inserted") or []), list(locus.get("deleted") or [])
    moved = list(locus.get("moved") or [])
    if inserted and deleted:
        return f"{_quote(deleted)} replaced by {_quote(inserted)}"
    if inserted:
        return f"Inserted {_quote(inserted)}"
    if deleted:
        return f"Deleted {_quote(deleted)}"
    if moved:
        return f"Moved {_quote(moved)}"
    return "Commented without a change of wording"


def locus_label(locus: dict[str, Any]) -> str:
    """The clause reference; a document without numbering keeps the paragraph label."""
    if clause := str(locus.get("clause_ref") or "").strip():
        return clause
    paragraph = " ".join(str(locus.get("paragraph") or "").split())
    if not paragraph:
        deleted = " ".join(" ".join(locus.get("deleted") or []).split())
        paragraph = f"(deleted) {deleted}" if deleted else ""
    head = paragraph[:80] + ("…" if len(paragraph) > 80 else "")
    index = str(locus.get("locus_id", "p?"))[1:]
    return f"Paragraph {int(index) + 1 if index.isdigit() else index}: {head}".strip()


def decisions(payload: dict[str, Any]) -> list[dict[str, Any]]:
    topic_fallback = str(payload.get("topic_fallback") or "other")
    why_fallback = str(payload.get("rationale_fallback") or "unstated")
    out = []
    for locus in payload.get("loci") or []:
        if not isinstance(locus, dict):
            continue
        notes = [str(c.get("text") or "") for c in locus.get("comments") or []]
        comments = " ".join(notes).lower()
        out.append(
            {
                "locus": locus_label(locus),
                "change_summary": summary(locus),
                "topic": _top(locus.get("topic_signals"), topic_fallback),
                "rationale_category": _top(locus.get("rationale_signals"), why_fallback),
                "change_type": str(locus.get("change_type") or "modified"),
                "rationale_text": " ".join(n.strip() for n in notes if n.strip())
                or "No reason given in the redline.",
                "generalizability": generalizability(comments),
                "locus_ids": [str(locus.get("locus_id"))],
            }
        )
    return out


class ExtractDecisionsPolicy(Policy):
    name: ClassVar[str] = "extract_decisions"

    def decide(self, ctx: PolicyContext) -> Decision:
        answer = ctx.answer_tool()
        payload = evidence_of(ctx)
        if answer is None or payload is None or ANSWER_FIELD not in answer.properties:
            # Another caller under this stage name (e.g. a test's own schema): stay generic.
            return GenericPolicy().decide(ctx)
        return Decision(calls=(Call(answer.name, {ANSWER_FIELD: decisions(payload)}),))
