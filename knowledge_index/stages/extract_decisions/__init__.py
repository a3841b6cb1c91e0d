"""extract_decisions: negotiation decisions from tracked changes and comments."""

from knowledge_index.stages.stage import Stage

STAGE = Stage(
    name="extract_decisions",
    code_version="ki-2",
    description="Negotiation decisions from a redline's tracked changes and comments: one "
    "structured call, topic (what) and rationale category (why) checked against their "
    "taxonomies, change type and the document's clause reference from the tracked changes, "
    "names replaced by placeholders; skipped with a reason where there is no revision or "
    "decision evidence.",
    handler=f"{__name__}.handler:extract_decisions_handler",
    model_stage=True,
    offline_policy=f"{__name__}.offline:ExtractDecisionsPolicy",
)
