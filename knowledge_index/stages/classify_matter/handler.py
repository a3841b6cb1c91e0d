"""classify_matter: assign each file to a matter through the gateway's agent loop.

The model gets the file's typed evidence (path, folder neighbourhood, nearby titles, the first
8,000 characters and every matter reference the file gives, ranked) and uses `search_matters`,
`peek_matter`, `list_folder` and `create_matter`. A submitted matter id must have appeared in a
tool result (never invented); a null or dangling id falls back to the ranked references, then to
`UNASSIGNED-<top folder>`. The assignment, the classification artifact and the replay of parked
relation intents commit together.
"""

from __future__ import annotations

import time
from typing import Final

from sqlalchemy import text

from knowledge_index.artifacts import Artifact, put_artifact
from knowledge_index.gateway import AgentLoop, AgentResult
from knowledge_index.matters.intents import replay_intents
from knowledge_index.matters.references import folder_title, placeholder_reference, scheme_for
from knowledge_index.matters.store import (
    DEFAULT_PROJECT,
    Matter,
    assign,
    find_by_reference,
    get_matter,
    get_or_create_matter,
)
from knowledge_index.stages.base import StageContext, StageOutcome, converted_document
from knowledge_index.stages.classify_matter.offline import usable
from knowledge_index.stages.classify_matter.profiles import reopen_blind_loose
from knowledge_index.stages.classify_matter.prompt import (
    STRONG_ORIGINS,
    ClassifyEvidence,
    build_evidence,
    convention_of,
    messages,
)
from knowledge_index.stages.classify_matter.result import ClassifyResult, validate_result
from knowledge_index.stages.classify_matter.tools import matter_tools
from knowledge_index.stages.extract_metadata.matter_parties import reopen_blind_naming
from knowledge_index.stages.model import batch_gateway

STAGE: Final = "classify_matter"
CLASSIFICATION: Final = "classification"


def _fallback(ctx: StageContext, evidence: ClassifyEvidence) -> Matter:
    """Strong evidence only (marker, matter folder, folder name), each checked under its lock;
    then the placeholder. A bare number or a content mention the model passed over stays so."""
    obj = ctx.source_object
    for ref in usable(evidence.reference_candidates):
        if ref.origin not in STRONG_ORIGINS:
            continue
        with ctx.engine.begin() as conn:
            conn.execute(
                text("SELECT pg_advisory_xact_lock(hashtextextended(:k, 0))"),
                {"k": f"ki:matter:{DEFAULT_PROJECT}:{ref.key}"},
            )
            found = find_by_reference(conn, ref.reference, scheme=scheme_for(ctx.settings))
        if found is not None:
            return found
    top = obj.path.split("/")[0] if "/" in obj.path else ""
    matter, _ = get_or_create_matter(
        ctx.engine,
        placeholder_reference(obj.path),
        f"Unassigned ({folder_title(top) or 'source root'})",
        created_by="fallback",
        provenance={"created_for": obj.id, "stage": STAGE},
    )
    return matter


def _filed_folder(evidence: ClassifyEvidence, matter: Matter) -> str | None:
    """The folder this assignment shows the matter is filed in, if it shows one.

    A misfiled file (its own reference beats the folder) says nothing about where its matter
    is filed, so only a folder that names the assigned matter is recorded.
    """
    for ref in evidence.reference_candidates:
        if ref.key != matter.reference_key:
            continue
        if ref.filed_in:
            return ref.filed_in
        if ref.origin == "path" and "/" in evidence.path:
            return evidence.path.rsplit("/", 1)[0]
    return None


def classify(ctx: StageContext) -> StageOutcome:
    obj = ctx.source_object
    body = converted_document(ctx)
    started = time.monotonic()
    evidence = build_evidence(ctx, body)
    tools = matter_tools(ctx, evidence)
    loop = AgentLoop(batch_gateway(ctx), STAGE, tools, ClassifyResult, validate_result)
    agent: AgentResult[ClassifyResult] = loop.run(messages(evidence), source_object_id=obj.id)
    model_seconds = time.monotonic() - started
    matter: Matter | None = None
    if agent.result.matter_id is not None:
        with ctx.engine.connect() as conn:
            matter = get_matter(conn, agent.result.matter_id)
    method = "model"
    if matter is None:  # null, or dangling (deleted since the tool showed it)
        matter, method = _fallback(ctx, evidence), "fallback"
    provenance = agent.provenance(ctx.settings.producer_version(STAGE))
    provenance["submitted_matter_id"] = agent.result.matter_id
    folder = _filed_folder(evidence, matter) if method == "model" else None
    with ctx.engine.begin() as conn:
        assign(
            conn,
            obj.id,
            matter.id,
            content_hash=obj.content_hash,
            method=method,  # type: ignore[arg-type]
            provenance=provenance,
            folder=folder,
        )
        replayed = replay_intents(conn, obj.id, matter.id)
        reopened: list[str] = []
        renamed: list[str] = []
        if evidence.matter_folder is not None:
            convention = convention_of(conn, obj.source_id, ctx.batch_cache)
            reopened = reopen_blind_loose(conn, obj.source_id, convention, obj.id)
            renamed = reopen_blind_naming(conn, matter.id, obj.id)
        put_artifact(
            conn,
            Artifact(
                kind=CLASSIFICATION,
                content_hash=obj.content_hash or "",
                producer=ctx.settings.producer_version(STAGE),
                degraded=None,
                body={
                    "source_object_id": obj.id,
                    "path": obj.path,
                    "matter_id": matter.id,
                    "reference_number": matter.reference_number,
                    "method": method,
                    **provenance,
                },
            ),
        )
    return StageOutcome(
        "done",
        metadata={
            "matter_id": matter.id,
            "reference_number": matter.reference_number,
            "method": method,
            "trace_id": agent.trace_id,
            "turns": agent.turns,
            "corrections": agent.corrections,
            "replayed_intents": replayed,
            "reopened_loose_files": len(reopened),
            "reopened_correspondence": len(renamed),
            "model_seconds": round(model_seconds, 4),
        },
    )


def classify_matter_handler(ctx: StageContext) -> StageOutcome:
    return classify(ctx)
