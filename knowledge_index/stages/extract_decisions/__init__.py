"""extract_decisions: negotiation decisions from tracked changes and comments."""

from knowledge_index.stages.stage import Stage

STAGE = Stage(
    name="extract_decisions",
    code_version="ki-1",
    description="Negotiation decisions from a redline's tracked changes and comments: one "
    "structured call, categories checked against the shipped taxonomy, names replaced by "
    "placeholders; skipped with a reason where there is no revision or decision evidence.",
    handler=f"{__name__}.handler:extract_decisions_handler",
    model_stage=True,
    offline_policy=f"{__name__}.offline:ExtractDecisionsPolicy",
)
