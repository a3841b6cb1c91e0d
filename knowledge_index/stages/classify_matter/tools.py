"""classify_matter's tools: search, peek and create matters, and the file's folder neighbourhood.

Each tool opens its own short connection: a model turn can take minutes.
"""

from __future__ import annotations

from typing import Any, Final

from pydantic import BaseModel, ConfigDict, Field
from sqlalchemy import Connection

from knowledge_index.gateway import Tool
from knowledge_index.ledger.store import reopen_stage
from knowledge_index.matters.folders import neighbourhood
from knowledge_index.matters.references import scheme_for
from knowledge_index.matters.search import QueryEmbedder, peek_matter, search_matters
from knowledge_index.matters.store import Matter, assigned_documents, get_or_create_matter
from knowledge_index.pipeline import next_stage
from knowledge_index.stages.base import StageContext
from knowledge_index.stages.classify_matter.prompt import ClassifyEvidence, ReferenceCandidate

STAGE: Final = "classify_matter"


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
    reference_number: str = Field(
        description="A reference_candidates entry whose may_create is true, as written."
    )
    title: str = Field("", description="Short matter title, e.g. the matter folder's name.")


def _query_embedder(ctx: StageContext) -> QueryEmbedder | None:
    """The index's embedding model, when the index stage runs (else chunks never exist)."""
    if not ctx.settings.stage("index").enabled:
        return None
    from knowledge_index.retrieval.embeddings import embedder_for

    return embedder_for(ctx.settings.retrieval.embedding_model)


def _renamed(conn: Connection, matter: Matter, current: str) -> None:
    """A title-only matter just learned its reference: what its other documents derived from
    the matter after classification (relations, metadata, the index's matter field) is owed."""
    ids = [i for i in assigned_documents(conn, matter.id) if i != current]
    following = next_stage(STAGE)
    if ids and following is not None:
        reopen_stage(conn, ids, following)


def matter_tools(ctx: StageContext, evidence: ClassifyEvidence | None = None) -> list[Tool]:
    """The tools; with `evidence`, create_matter accepts only what it offers as creatable."""
    engine, obj = ctx.engine, ctx.source_object
    scheme = scheme_for(ctx.settings)
    # The strongest candidate per reference (candidates come strongest first; a content
    # mention of the folder's matter must not stand in for the folder itself).
    creatable: dict[str, ReferenceCandidate] = {}
    for c in evidence.reference_candidates if evidence else []:
        if c.may_create:
            creatable.setdefault(c.reference, c)

    def search(args: SearchMattersArgs) -> dict[str, Any]:
        with engine.connect() as conn:
            return search_matters(
                conn,
                args.query,
                args.limit,
                args.offset,
                embedder=_query_embedder(ctx),
                scheme=scheme,
            ).model_dump()

    def peek(args: PeekMatterArgs) -> dict[str, Any]:
        with engine.connect() as conn:
            return peek_matter(conn, args.matter_id).model_dump()

    def list_folder(_: ListFolderArgs) -> dict[str, Any]:
        with engine.connect() as conn:
            return {"neighbourhood": neighbourhood(conn, obj.source_id, obj.path, ctx.batch_cache)}

    def create(args: CreateMatterArgs) -> dict[str, Any]:
        # A matter is created only from real evidence: never from a bare or excluded number.
        candidate = creatable.get(args.reference_number)
        if candidate is None:
            raise ValueError(
                f"{args.reference_number!r} is not offered as creatable evidence"
                f" (may_create: {sorted(creatable) or 'none'}); search_matters, or submit null"
            )
        # Only the matter the folder names records the folder (a misfiled file's does not).
        folder = candidate.filed_in or None
        if candidate.origin == "path":
            folder = obj.path.rsplit("/", 1)[0] if "/" in obj.path else None
        # The matter of a folder named by title only is that folder, whatever its files say.
        filed_as = (
            f"{obj.source_id}/{candidate.filed_in}"
            if candidate.named_by_folder and candidate.filed_in
            else None
        )
        matter, created = get_or_create_matter(
            engine,
            args.reference_number,
            args.title,
            created_by="model",
            folder=folder,
            provenance={"created_for": obj.id, "stage": STAGE, "origin": candidate.origin},
            scheme=scheme,
            filed_as=filed_as,
            on_named=lambda conn, m: _renamed(conn, m, obj.id),
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
