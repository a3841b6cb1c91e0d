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

from sqlalchemy import text

from knowledge_index.artifacts import Artifact, put_artifact
from knowledge_index.entities.resolve import resolve_parties
from knowledge_index.gateway import AgentLoop, AgentResult
from knowledge_index.ledger.states import SOURCE_OBJECT_DELETED
from knowledge_index.objects import store as objects
from knowledge_index.ontology import active_ontology, facts
from knowledge_index.ontology.doc_dates import document_date
from knowledge_index.stages.base import StageContext, StageOutcome, converted_document
from knowledge_index.stages.extract_metadata.prompt import build_evidence, matter_context, messages
from knowledge_index.stages.extract_metadata.result import MetadataResult, make_validator
from knowledge_index.stages.extract_metadata.tools import metadata_tools
from knowledge_index.stages.model import batch_gateway

STAGE: Final = "extract_metadata"
NOTABLE_CLAUSES: Final = "notable_clauses"


def _date(ctx: StageContext, body: dict[str, Any]) -> tuple[dt.date | None, str | None]:
    email = body.get("email") or {}
    if email.get("date"):
        return dt.datetime.fromisoformat(str(email["date"])).date(), "email_header"
    found, where = document_date(
        body.get("text", ""), ctx.source_object.path.rsplit("/", 1)[-1], body.get("metadata") or {}
    )
    if found is not None:
        return found, where
    with ctx.engine.connect() as conn:
        mtime_ns = objects.mtime_ns_of(conn, ctx.source_object.id)
    if mtime_ns:
        return dt.datetime.fromtimestamp(mtime_ns / 1e9, dt.UTC).date(), "mtime"
    return None, None


def withdraw(ctx: StageContext) -> StageOutcome:
    """A deleted document's parties leave the settlement: the entities its mentions shaped are
    settled again without them (names, numbers and roles other documents give)."""
    with ctx.engine.begin() as conn:
        resolution = resolve_parties(conn, ctx.settings, ctx.source_object.id, [])
    return StageOutcome(
        "skipped",
        SOURCE_OBJECT_DELETED,
        metadata={"parties_reopened": len(resolution.reopened)},
    )


def extract(ctx: StageContext) -> StageOutcome:
    obj = ctx.source_object
    if obj.deleted:
        return withdraw(ctx)
    body = converted_document(ctx)
    ontology = active_ontology(ctx.settings.firm.ontology_path)
    matter = matter_context(ctx)
    evidence = build_evidence(ctx, body, matter, ontology)
    started = time.monotonic()
    loop = AgentLoop(
        batch_gateway(ctx),
        STAGE,
        metadata_tools(ctx, ontology),
        MetadataResult,
        make_validator(ontology),
    )
    agent: AgentResult[MetadataResult] = loop.run(messages(evidence), source_object_id=obj.id)
    model_seconds = time.monotonic() - started
    result = agent.result
    text_ = body.get("text", "")
    doc_date, date_source = _date(ctx, body)
    clauses = facts.notable_clauses(ontology, body.get("sections") or [], text_)
    provenance = agent.provenance(ctx.settings.producer_version(STAGE))
    with ctx.engine.begin() as conn:
        resolution = resolve_parties(conn, ctx.settings, obj.id, result.parties)
        parties = resolution.parties
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
            "parties_reopened": len(resolution.reopened),
            "trace_id": agent.trace_id,
            "turns": agent.turns,
            "model_seconds": round(model_seconds, 4),
        },
    )


def extract_metadata_handler(ctx: StageContext) -> StageOutcome:
    return extract(ctx)
