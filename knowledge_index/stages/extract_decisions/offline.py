"""Offline policy for extract_decisions: one decision per substantive locus, by keyword evidence.

The stage sends its redline evidence as JSON (`Redline evidence (JSON):` then loci with the
paragraph, inserted/deleted/moved text and comments) in one structured call whose answer tool
is forced. For each locus the policy picks the rationale category whose German or English
keywords occur most in the changed text and comments (the paragraph itself counts less), takes
the rationale text from the comments (else says none was given), and reads generalizability
from cues: "nur für diesen Deal"/"for this deal only" -> deal_specific, "unser Standard"/"our
standard" -> firm_practice, "marktüblich"/"market standard" -> market_standard, "für das
gesamte Mandat"/"for this matter" -> matter; no cue -> deal_specific. Deterministic.
"""

from __future__ import annotations

import re
from typing import Any, ClassVar, Final

from knowledge_index.gateway.offline.context import Call, Decision, PolicyContext
from knowledge_index.gateway.offline.generic import GenericPolicy
from knowledge_index.gateway.offline.policy import Policy
from knowledge_index.stages.extract_decisions.prompt import RedlineEvidence

ANSWER_FIELD: Final = "decisions"

# Category id -> keyword stems (lower case, "|"-separated, each matched at a word start).
_KEYWORD_TEXT: Final[dict[str, str]] = {
    "liability_cap": "haftung|haftet|haften|haftungshöchst|höchstbetrag|liability|liable|cap |"
    "capped|begrenzt|beschränkt|limited to|grobe fahrlässigkeit|gross negligence|vorsatz|"
    "consequential|folgeschäden|"
    "entgangenen gewinn|lost profit",
    "indemnity": "freistell|schadlos|indemn|hold harmless",
    "warranty": "gewährleist|garantie|garantiert|mängel|mangel|warrant|guarantee|defect|"
    "nacherfüllung",
    "payment_terms": "zahlungsziel|zahlung|zahlbar|fällig|verzugszins|skonto|rechnung|payment|"
    "payable|invoice|days net|due date|abschlag",
    "price": "kaufpreis|preis|vergütung|honorar|entgelt|price|fee|fees",
    "termination": "kündig|gekündig|kündbar|rücktritt|außerordentlich|terminat|rescind|rescission",
    "term_duration": "laufzeit|verlänger|mindestlaufzeit|duration|renew|initial term",
    "governing_law": "anwendbares recht|deutschem recht|recht der bundesrepublik|rechtswahl|"
    "governing law|governed by|laws of",
    "jurisdiction": "gerichtsstand|schieds|landgericht|zuständig|jurisdiction|arbitration|"
    "courts of|court of|venue",
    "confidentiality": "vertraulich|geheimhalt|confidential|non-disclosure|nda",
    "non_compete": "wettbewerbsverbot|abwerb|non-compet|non-solicit|compete",
    "ip_rights": "urheber|nutzungsrecht|lizenz|schutzrecht|patent|marke|intellectual property|"
    "licen|copyright|trademark",
    "data_protection": "datenschutz|dsgvo|personenbezogen|auftragsverarbeitung|gdpr|"
    "personal data|data protection",
    "delivery": "liefer|leistungsumfang|delivery|deliver|shipment",
    "acceptance": "abnahme|acceptance",
    "penalty": "vertragsstrafe|pauschalierter schadensersatz|penalty|penalties|liquidated damages",
    "force_majeure": "höhere gewalt|force majeure",
    "assignment": "abtret|übertrag|change of control|kontrollwechsel|assign|transfer",
    "formal_editorial": "definition|begriff|verweis|cross-reference|wording|klarstell|clarif|"
    "redaktionell|editorial",
}
KEYWORDS: Final[dict[str, tuple[str, ...]]] = {
    cat: tuple(stems.split("|")) for cat, stems in _KEYWORD_TEXT.items()
}
CHANGE_WEIGHT: Final = 3
COMMENT_WEIGHT: Final = 2
PARAGRAPH_WEIGHT: Final = 1

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


def _hits(text: str, stem: str) -> int:
    return len(re.findall(r"(?<![\w])" + re.escape(stem), text))


def category(changed: str, comments: str, paragraph: str) -> str:
    best, best_score = "other", 0
    for cat, stems in KEYWORDS.items():
        score = sum(
            CHANGE_WEIGHT * _hits(changed, s)
            + COMMENT_WEIGHT * _hits(comments, s)
            + PARAGRAPH_WEIGHT * _hits(paragraph, s)
            for s in stems
        )
        if score > best_score:
            best, best_score = cat, score
    return best


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
    paragraph = " ".join(str(locus.get("paragraph") or "").split())
    if not paragraph:
        deleted = " ".join(" ".join(locus.get("deleted") or []).split())
        paragraph = f"(deleted) {deleted}" if deleted else ""
    head = paragraph[:80] + ("…" if len(paragraph) > 80 else "")
    index = str(locus.get("locus_id", "p?"))[1:]
    return f"Paragraph {int(index) + 1 if index.isdigit() else index}: {head}".strip()


def decisions(payload: dict[str, Any]) -> list[dict[str, Any]]:
    out = []
    for locus in payload.get("loci") or []:
        if not isinstance(locus, dict):
            continue
        parts = [*(locus.get("inserted") or []), *(locus.get("deleted") or [])]
        changed = " ".join([*parts, *(locus.get("moved") or [])]).lower()
        notes = [str(c.get("text") or "") for c in locus.get("comments") or []]
        comments = " ".join(notes).lower()
        paragraph = str(locus.get("paragraph") or "").lower()
        out.append(
            {
                "locus": locus_label(locus),
                "change_summary": summary(locus),
                "rationale_category": category(changed, comments, paragraph),
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
