"""extract_metadata: document type by an ontology walk, parties by agent search and rule.

The agent navigates the active document-type ontology (`ontology_roots`, `ontology_children`,
`ontology_node`, `ontology_search`) and may only submit a node id a tool showed it that is inside
the active scope; untyped is a valid, honest answer (doc_type NULL plus the scope's fingerprint,
so a richer ontology re-types exactly those documents). It proposes parties after looking them
up with `search_entities`; the rules in `entities.resolve` decide which entity each one is.
Language, date, identifiers and notable clauses are read by rule (`ontology.facts`).
"""

from __future__ import annotations

import datetime as dt
import json
import time
from typing import Any, Final

from pydantic import BaseModel, ConfigDict, Field
from sqlalchemy import text

from knowledge_index.artifacts import Artifact, put_artifact
from knowledge_index.entities.resolve import PartyMention, Resolver, client_matters
from knowledge_index.entities.store import replace_parties, search_entities
from knowledge_index.gateway import AgentLoop, AgentResult, Tool, Transcript
from knowledge_index.matters.store import assignment_of
from knowledge_index.ontology import Ontology, facts, load_ontology
from knowledge_index.stages.base import StageContext, StageOutcome, converted_document
from knowledge_index.stages.model import batch_gateway

STAGE: Final = "extract_metadata"
TEXT_LIMIT: Final = 8_000
NOTABLE_CLAUSES: Final = "notable_clauses"

SYSTEM_PROMPT: Final = (
    "You type one document of a law firm against the document-type ontology and name its"
    " parties. Walk the ontology with its tools; submit the most specific node that fits, or"
    " null when none does (an honest 'untyped' beats a guess). doc_type must be a node id a tool"
    " returned. For each party give the name as written, any register number (HRB/HRA/company"
    " number) and its role: client (whom the firm acts for), counterparty, advisor, other. Look"
    " parties up with search_entities and give entity_id only for a result that is the same"
    " company. Finish with submit_result."
)


class NoArgs(BaseModel):
    model_config = ConfigDict(extra="forbid")


class NodeArgs(BaseModel):
    model_config = ConfigDict(extra="forbid")
    node_id: str


class QueryArgs(BaseModel):
    model_config = ConfigDict(extra="forbid")
    query: str = Field(min_length=1)
    limit: int = Field(8, ge=1, le=50)
    offset: int = Field(0, ge=0)


class MetadataResult(BaseModel):
    doc_type: str | None = Field(None, description="An ontology node id, or null (untyped).")
    title: str | None = Field(None, max_length=500)
    parties: list[PartyMention] = Field(default_factory=list, max_length=30)
    rationale: str = Field("", max_length=2_000)


def _validator(ontology: Ontology):
    def validate(result: MetadataResult, transcript: Transcript) -> None:
        if result.doc_type is not None:
            if not ontology.in_scope(result.doc_type):
                raise ValueError(f"doc_type {result.doc_type!r} is not an in-scope ontology node")
            if not transcript.seen(result.doc_type, key="id"):
                raise ValueError(
                    f"doc_type {result.doc_type!r} was not shown by an ontology tool; visit it"
                    " (ontology_search / ontology_children / ontology_node) first"
                )
        for party in result.parties:
            if party.entity_id and not transcript.seen(party.entity_id, key="entity_id"):
                raise ValueError(
                    f"entity_id {party.entity_id!r} for {party.name!r} did not come from"
                    " search_entities; leave it null or search first"
                )

    return validate


def _page(items: list[Any], limit: int, offset: int) -> dict[str, Any]:
    window = items[offset : offset + limit]
    return {
        "results": [i.model_dump() for i in window],
        "page": {
            "offset": offset,
            "limit": limit,
            "returned": len(window),
            "total": len(items),
            "has_more": offset + len(window) < len(items),
        },
    }


def _tools(ctx: StageContext, ontology: Ontology) -> list[Tool]:
    def roots(_: NoArgs) -> dict[str, Any]:
        return {"roots": [n.model_dump() for n in ontology.roots()], "scope": ontology.fingerprint}

    def children(args: NodeArgs) -> dict[str, Any]:
        return {
            "node_id": args.node_id,
            "children": [n.model_dump() for n in ontology.children(args.node_id)],
        }

    def node(args: NodeArgs) -> dict[str, Any]:
        if not ontology.in_scope(args.node_id):
            raise KeyError(f"{args.node_id!r} is not an in-scope ontology node")
        return ontology.view(args.node_id).model_dump()

    def search(args: QueryArgs) -> dict[str, Any]:
        return _page(ontology.search(args.query), args.limit, args.offset)

    def entities(args: QueryArgs) -> dict[str, Any]:
        with ctx.engine.connect() as conn:
            return search_entities(conn, args.query, args.limit, args.offset).model_dump()

    return [
        Tool("ontology_roots", "The top-level document types of the active scope.", NoArgs, roots),
        Tool("ontology_children", "The sub-types of one node.", NodeArgs, children),
        Tool("ontology_node", "One node with its ancestors.", NodeArgs, node),
        Tool(
            "ontology_search",
            "Document types whose labels or terms occur in the query (German or English),"
            " best first; {results, page} with an exact page.total.",
            QueryArgs,
            search,
        ),
        Tool(
            "search_entities",
            "Known parties (companies) by name or register number, with the matters they"
            " appear on; {results, page} with an exact page.total.",
            QueryArgs,
            entities,
        ),
    ]


def user_prompt(ctx: StageContext, body: dict[str, Any], matter: dict[str, Any] | None) -> str:
    obj = ctx.source_object
    lines = [f"Path: {obj.path}", f"Filename: {obj.path.rsplit('/', 1)[-1]}"]
    if matter:
        lines.append(f"Matter: {matter['reference_number']} | {matter['title']}")
        lines.append("Matter folders: " + "; ".join(matter.get("folders") or []))
        if matter.get("parties"):
            lines.append("Known parties on this matter: " + "; ".join(matter["parties"]))
    firm = ctx.settings.firm
    if firm.name:
        lines.append(
            f"Our firm: {firm.name}"
            + (f" (also: {', '.join(firm.aliases)})" if firm.aliases else "")
        )
    email = body.get("email") or {}
    if email:
        lines.append(f"E-mail subject: {email.get('subject') or ''}")
    lines += [f"Document text (first {TEXT_LIMIT} characters):", body.get("text", "")[:TEXT_LIMIT]]
    return "\n".join(lines)


def _matter_context(ctx: StageContext) -> dict[str, Any] | None:
    with ctx.engine.connect() as conn:
        assigned = assignment_of(conn, ctx.source_object.id)
        if assigned is None:
            return None
        folders = conn.execute(
            text("SELECT folders FROM matters WHERE id = :m"), {"m": assigned["matter_id"]}
        ).scalar_one()
        parties = [
            f"{name} ({role})"
            for name, role in conn.execute(
                text(
                    "SELECT DISTINCT e.name, p.role FROM document_parties p"
                    " JOIN matter_assignments a ON a.source_object_id = p.source_object_id"
                    " JOIN entities e ON e.id = p.entity_id WHERE a.matter_id = :m"
                    " ORDER BY 1 LIMIT 20"
                ),
                {"m": assigned["matter_id"]},
            )
        ]
    return {**assigned, "folders": list(folders or []), "parties": parties}


def _date(ctx: StageContext, body: dict[str, Any]) -> tuple[dt.date | None, str | None]:
    email = body.get("email") or {}
    if email.get("date"):
        return dt.datetime.fromisoformat(str(email["date"])).date(), "email_header"
    found = facts.content_date(body.get("text", ""))
    if found is not None:
        return found, "content"
    with ctx.engine.connect() as conn:
        mtime_ns = conn.execute(
            text("SELECT mtime_ns FROM source_objects WHERE id = :id"), {"id": ctx.source_object.id}
        ).scalar()
    if mtime_ns:
        return dt.datetime.fromtimestamp(mtime_ns / 1e9, dt.UTC).date(), "mtime"
    return None, None


def extract(ctx: StageContext) -> StageOutcome:
    obj = ctx.source_object
    body = converted_document(ctx)
    ontology = load_ontology()
    matter = _matter_context(ctx)
    started = time.monotonic()
    loop = AgentLoop(
        batch_gateway(ctx), STAGE, _tools(ctx, ontology), MetadataResult, _validator(ontology)
    )
    agent: AgentResult[MetadataResult] = loop.run(
        [
            {"role": "system", "content": SYSTEM_PROMPT},
            {"role": "user", "content": user_prompt(ctx, body, matter)},
        ],
        doc_id=obj.id,
    )
    model_seconds = time.monotonic() - started
    result = agent.result
    text_ = body.get("text", "")
    doc_date, date_source = _date(ctx, body)
    clauses = facts.notable_clauses(ontology, body.get("sections") or [], text_)
    matter_id = matter["matter_id"] if matter else None
    provenance = {
        "trace_id": agent.trace_id,
        "model": agent.model,
        "turns": agent.turns,
        "corrections": agent.corrections,
        "tool_calls": [r.name for r in agent.tool_calls],
        "rationale": result.rationale,
        "producer_version": ctx.settings.producer_version(STAGE),
    }
    with ctx.engine.begin() as conn:
        resolver = Resolver(conn, ctx.settings, obj.id, matter_id, client_matters(conn, matter_id))
        parties = resolver.resolve(result.parties)
        replace_parties(conn, obj.id, [p.model_dump() for p in parties])
        conn.execute(
            text(
                "INSERT INTO document_metadata (source_object_id, content_hash, doc_type,"
                " doc_type_ancestors, ontology_fingerprint, language, doc_date, doc_date_source,"
                " title, identifiers, notable_clauses, provenance)"
                " VALUES (:o, :h, :t, CAST(:anc AS text[]), :fp, :lang, :d, :ds, :title,"
                " CAST(:ids AS jsonb), CAST(:cl AS jsonb), CAST(:prov AS jsonb))"
                " ON CONFLICT (source_object_id) DO UPDATE SET"
                " content_hash = EXCLUDED.content_hash,"
                " doc_type = EXCLUDED.doc_type, doc_type_ancestors = EXCLUDED.doc_type_ancestors,"
                " ontology_fingerprint = EXCLUDED.ontology_fingerprint,"
                " language = EXCLUDED.language, doc_date = EXCLUDED.doc_date,"
                " doc_date_source = EXCLUDED.doc_date_source, title = EXCLUDED.title,"
                " identifiers = EXCLUDED.identifiers, notable_clauses = EXCLUDED.notable_clauses,"
                " provenance = EXCLUDED.provenance, updated_at = now()"
            ),
            {
                "o": obj.id,
                "h": obj.content_hash,
                "t": result.doc_type,
                "anc": ontology.ancestors(result.doc_type) if result.doc_type else [],
                "fp": ontology.fingerprint,
                "lang": facts.language(text_),
                "d": doc_date,
                "ds": date_source,
                "title": result.title,
                "ids": json.dumps(facts.identifiers(text_[:50_000])),
                "cl": json.dumps(clauses),
                "prov": json.dumps({**provenance, "parties": [p.rule for p in parties]}),
            },
        )
        put_artifact(
            conn,
            Artifact(
                kind=NOTABLE_CLAUSES,
                content_hash=obj.content_hash,
                producer=ctx.settings.producer_version(STAGE),
                degraded=None,
                body={"clauses": clauses, "ontology_fingerprint": ontology.fingerprint},
            ),
        )
    return StageOutcome(
        "done",
        metadata={
            "doc_type": result.doc_type or "untyped",
            "doc_date_source": date_source,
            "parties": len(parties),
            "trace_id": agent.trace_id,
            "turns": agent.turns,
            "model_seconds": round(model_seconds, 4),
        },
    )


def extract_metadata_handler(ctx: StageContext) -> StageOutcome:
    return extract(ctx)
