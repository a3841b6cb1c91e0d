"""classify_matter: assign each file to a matter through the gateway's agent loop.

The model sees the file's path, its folder neighbourhood, titles of nearby documents and the
first 8,000 characters of text, and uses `search_matters`, `peek_matter`, `list_folder` and
`create_matter`. A submitted matter id must have appeared in a tool result (never invented); a
null or dangling id falls back to a reference-number scan, then to `UNASSIGNED-<top folder>`.
The assignment, the classification artifact and the replay of parked relation intents commit
together.
"""

from __future__ import annotations

import time
from typing import Any, Final

from pydantic import BaseModel, ConfigDict, Field
from sqlalchemy import text

from knowledge_index.artifacts import Artifact, put_artifact
from knowledge_index.gateway import AgentLoop, AgentResult, Tool, Transcript
from knowledge_index.matters.folders import known_titles, neighbourhood
from knowledge_index.matters.intents import replay_intents
from knowledge_index.matters.references import (
    REFERENCE,
    folder_title,
    placeholder_reference,
    ranked_references,
)
from knowledge_index.matters.search import QueryEmbedder, peek_matter, search_matters
from knowledge_index.matters.store import (
    DEFAULT_PROJECT,
    Matter,
    assign,
    find_by_reference,
    get_matter,
    get_or_create_matter,
)
from knowledge_index.stages.base import StageContext, StageOutcome, converted_document
from knowledge_index.stages.model import batch_gateway

STAGE: Final = "classify_matter"
TEXT_LIMIT: Final = 8_000
CLASSIFICATION: Final = "classification"

SYSTEM_PROMPT: Final = (
    "You assign one file of a law firm's document estate to its matter. Evidence, strongest"
    " first: a matter reference the document itself names (letterhead 'Unser Zeichen', 'Our"
    " ref', the e-mail subject), the matter folder the file sits in, then titles and parties."
    " A file can be misfiled: when its own text names another matter's reference, that matter"
    " wins. Search before you create: create_matter only for a reference no existing matter"
    " carries. Finish with submit_result; matter_id must be an id a tool returned, or null when"
    " nothing fits."
)


class SearchMattersArgs(BaseModel):
    model_config = ConfigDict(extra="forbid")
    query: str = Field(min_length=1, description="Reference number, title words or party names.")
    limit: int = Field(8, ge=1, le=50)
    offset: int = Field(0, ge=0)


class PeekMatterArgs(BaseModel):
    model_config = ConfigDict(extra="forbid")
    matter_id: str


class ListFolderArgs(BaseModel):
    model_config = ConfigDict(extra="forbid")


class CreateMatterArgs(BaseModel):
    model_config = ConfigDict(extra="forbid")
    reference_number: str = Field(description="The firm's matter number, e.g. 2024-0173.")
    title: str = Field("", description="Short matter title, e.g. the matter folder's name.")


class ClassifyResult(BaseModel):
    matter_id: str | None = Field(
        None, description="Id of the matter from a tool result; null when no matter fits."
    )
    rationale: str = Field("", max_length=2_000)


def validate_result(result: ClassifyResult, transcript: Transcript) -> None:
    if result.matter_id is not None and not transcript.seen(result.matter_id, key="matter_id"):
        raise ValueError(
            f"matter_id {result.matter_id!r} did not appear in any tool result; use an id"
            " returned by search_matters, peek_matter or create_matter, or submit null"
        )


def _query_embedder(ctx: StageContext) -> QueryEmbedder | None:
    """The index's embedding model, when the index stage runs (else chunks never exist)."""
    if not ctx.settings.stage("index").enabled:
        return None
    from knowledge_index.retrieval.embeddings import embedder_for

    return embedder_for(ctx.settings.retrieval.embedding_model)


def _tools(ctx: StageContext) -> list[Tool]:
    engine, obj = ctx.engine, ctx.source_object
    folder = obj.path.rsplit("/", 1)[0] if "/" in obj.path else ""

    def search(args: SearchMattersArgs) -> dict[str, Any]:
        with engine.connect() as conn:
            return search_matters(
                conn, args.query, args.limit, args.offset, embedder=_query_embedder(ctx)
            ).model_dump()

    def peek(args: PeekMatterArgs) -> dict[str, Any]:
        with engine.connect() as conn:
            return peek_matter(conn, args.matter_id).model_dump()

    def list_folder(_: ListFolderArgs) -> dict[str, Any]:
        with engine.connect() as conn:
            return {"neighbourhood": neighbourhood(conn, obj.source_id, obj.path, ctx.batch_cache)}

    def create(args: CreateMatterArgs) -> dict[str, Any]:
        if not REFERENCE.search(args.reference_number):
            raise ValueError(
                f"{args.reference_number!r} is not a matter reference (YYYY-NNNN);"
                " search_matters first, or submit null"
            )
        matter, created = get_or_create_matter(
            engine,
            args.reference_number,
            args.title,
            created_by="model",
            folder=folder or None,
            provenance={"created_for": obj.id, "stage": STAGE},
        )
        return {
            "matter_id": matter.id,
            "reference_number": matter.reference_number,
            "title": matter.title,
            "created": created,
        }

    return [
        Tool(
            "search_matters",
            "Rank existing matters by reference number, title and similarity. Returns"
            " {results, page}; page.total is exact and offset walks the same ranking. A full page"
            " with has_more is NOT grounds to create a matter: page on or refine the query.",
            SearchMattersArgs,
            search,
        ),
        Tool(
            "peek_matter",
            "One matter's reference, title, folders and a SAMPLE of document titles;"
            " document_count is the true total.",
            PeekMatterArgs,
            peek,
        ),
        Tool(
            "list_folder",
            "The file's folder neighbourhood (2 levels up and down).",
            ListFolderArgs,
            list_folder,
        ),
        Tool(
            "create_matter",
            "Get or create the matter with this reference number (committed at once). Only"
            " after search_matters found no matter with that reference.",
            CreateMatterArgs,
            create,
        ),
    ]


def user_prompt(ctx: StageContext, body: dict[str, Any]) -> str:
    obj = ctx.source_object
    parent = obj.path.rsplit("/", 1)[0] if "/" in obj.path else ""
    with ctx.engine.connect() as conn:
        hood = neighbourhood(conn, obj.source_id, obj.path, ctx.batch_cache)
        titles = known_titles(conn, obj.source_id, obj.path)
    lines = [
        f"Path: {obj.path}",
        f"Filename: {obj.path.rsplit('/', 1)[-1]}",
        f"Parent folder: {parent or '(source root)'}",
    ]
    email = body.get("email") or {}
    if email.get("subject"):
        lines.append(f"E-mail subject: {email['subject']}")
    lines += ["Folder neighbourhood:", hood, f"Known documents nearby ({len(titles)}):"]
    lines += titles or ["(none)"]
    lines += [f"Document text (first {TEXT_LIMIT} characters):", body.get("text", "")[:TEXT_LIMIT]]
    return "\n".join(lines)


def _fallback(ctx: StageContext, body: dict[str, Any]) -> Matter:
    """Reference numbers the file names, each checked under its lock; then the placeholder."""
    obj = ctx.source_object
    subject = (body.get("email") or {}).get("subject")
    for ref in ranked_references(obj.path, body.get("text", "")[:TEXT_LIMIT], subject):
        with ctx.engine.begin() as conn:
            conn.execute(
                text("SELECT pg_advisory_xact_lock(hashtextextended(:k, 0))"),
                {"k": f"ki:matter:{DEFAULT_PROJECT}:{ref.key}"},
            )
            found = find_by_reference(conn, ref.reference)
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


def classify(ctx: StageContext) -> StageOutcome:
    obj = ctx.source_object
    body = converted_document(ctx)
    started = time.monotonic()
    loop = AgentLoop(batch_gateway(ctx), STAGE, _tools(ctx), ClassifyResult, validate_result)
    messages = [
        {"role": "system", "content": SYSTEM_PROMPT},
        {"role": "user", "content": user_prompt(ctx, body)},
    ]
    agent: AgentResult[ClassifyResult] = loop.run(messages, doc_id=obj.id)
    model_seconds = time.monotonic() - started
    matter: Matter | None = None
    if agent.result.matter_id is not None:
        with ctx.engine.connect() as conn:
            matter = get_matter(conn, agent.result.matter_id)
    method = "model"
    if matter is None:  # null, or dangling (deleted since the tool showed it)
        matter, method = _fallback(ctx, body), "fallback"
    provenance = {
        "trace_id": agent.trace_id,
        "model": agent.model,
        "turns": agent.turns,
        "corrections": agent.corrections,
        "tool_calls": [r.name for r in agent.tool_calls],
        "rationale": agent.result.rationale,
        "submitted_matter_id": agent.result.matter_id,
        "producer_version": ctx.settings.producer_version(STAGE),
    }
    folder = obj.path.rsplit("/", 1)[0] if "/" in obj.path else None
    with ctx.engine.begin() as conn:
        assign(
            conn,
            obj.id,
            matter.id,
            content_hash=obj.content_hash,
            method=method,  # type: ignore[arg-type]
            provenance=provenance,
            folder=folder if method == "model" else None,
        )
        replayed = replay_intents(conn, obj.id, matter.id)
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
            "model_seconds": round(model_seconds, 4),
        },
    )


def classify_matter_handler(ctx: StageContext) -> StageOutcome:
    return classify(ctx)
