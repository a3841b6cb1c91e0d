"""extract_decisions: negotiation decisions from tracked changes and comments."""

from knowledge_index.stages.stage import Stage

STAGE = Stage(
    name="extract_decisions",
    # ki-3: "Punkt 4" / "Chiffre 3.1" loci; topics version 3 (price adjustment, reserved
    # matters, costs, settlement amount, subletting, early repayment, tax gross-up, ...).
    # ki-4: company names written in capitals are pseudonymized too ("KESTREL BIDCO GMBH").
    # ki-5: "our client" in a comment the other side's counsel wrote is their client (the
    # author's side from the matter's e-mail addresses, decisions/sides.py); a mail filed
    # later that places an author has the matter's redlines read again.
    # ki-6: topics version 4 (the cue next to the change, the longest cue, broader topics);
    # a deleted paragraph's own clause reference; one clause's adjacent changes are one locus.
    # ki-7: a cross-reference changed inside a clause ("gemäß § 5" -> "gemäß § 4") is a change
    # of substance, not numbering; a to-do note for a colleague gives no rationale.
    # ki-8: a clause heading numbered without a dot ("9 Limitations of Liability") is the
    # clause's heading; topics version 5 (costs: "Kosten", "costs", notarial fees), rationales
    # version 4 ("instruction", "unverbindlich", "not binding").
    code_version="ki-8",
    description="Negotiation decisions from a redline's tracked changes and comments: one "
    "structured call, topic (what) and rationale category (why) checked against their "
    "taxonomies, change type and the document's clause reference from the tracked changes, "
    "names replaced by placeholders; skipped with a reason where there is no revision or "
    "decision evidence.",
    handler=f"{__name__}.handler:extract_decisions_handler",
    model_stage=True,
    # A redline's decisions are its own: other documents never change them.
    parallel_runs=True,
    offline_policy=f"{__name__}.offline:ExtractDecisionsPolicy",
)
