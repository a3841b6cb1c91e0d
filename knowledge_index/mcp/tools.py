"""The tool bodies: plain synchronous functions from a validated input model to an output model.

Each runs in a worker thread with the caller's principals already resolved; permission filtering
happens inside the queries (and inside the search index) before anything is ranked or listed.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any, cast

from pydantic import BaseModel
from sqlalchemy import Engine

from knowledge_index.artifacts import get_artifact
from knowledge_index.convert.model import StructuredDocument
from knowledge_index.mcp import decisions, documents, evidence
from knowledge_index.mcp.config import McpSettings
from knowledge_index.mcp.cursor import CursorCodec, CursorError
from knowledge_index.mcp.graph import walk
from knowledge_index.mcp.models import (
    Component,
    DocumentHitOut,
    GetDocumentInput,
    GetDocumentOutput,
    ListMattersInput,
    ListMattersOutput,
    ListTaxonomiesInput,
    ListTaxonomiesOutput,
    MatchOut,
    MatterRow,
    PassageOut,
    PreviewScopeInput,
    PreviewScopeOutput,
    ResolveEntityInput,
    ResolveEntityOutput,
    ScopeCount,
    SearchDecisionsInput,
    SearchDecisionsOutput,
    SearchDocumentsInput,
    SearchDocumentsOutput,
    SearchFilterInput,
    SearchFilterOutput,
    SearchSemanticInput,
    SearchSemanticOutput,
    TraverseInput,
    TraverseOutput,
)
from knowledge_index.retrieval.service import Passage
from knowledge_index.settings import Settings

# A get_document answer stays a usable MCP message; longer texts are cut and flagged.
MAX_CONTENT_CHARS = 400_000
NOT_FOUND = "document not found"


class ToolFailure(Exception):
    """An expected failure, reported to the caller verbatim and audited under `code`."""

    code = "tool_error"


class NotFound(ToolFailure):
    code = "not_found"


class BadRequest(ToolFailure):
    code = "invalid_arguments"


class BadCursor(ToolFailure):
    code = "bad_cursor"


class QueryTooLong(ToolFailure):
    code = "query_too_long"


@dataclass
class ToolContext:
    engine: Engine
    settings: Settings
    mcp: McpSettings
    principals: list[str]  # effective: normalized, '*' included
    codec: CursorCodec
    cursor_fingerprint: str
    tool: str

    def offset(self, cursor: str | None) -> int:
        if cursor is None:
            return 0
        try:
            return self.codec.decode(cursor, self.tool, self.cursor_fingerprint)
        except CursorError as exc:
            raise BadCursor(f"invalid cursor: {exc}") from None

    def next_cursor(self, offset: int, returned_upto: int, total: int) -> str | None:
        if returned_upto >= total:
            return None
        return self.codec.encode(self.tool, self.cursor_fingerprint, returned_upto)

    def page_size(self, limit: int) -> int:
        return min(limit, self.mcp.max_page_size)

    def check_query(self, query: str) -> None:
        if len(query) > self.mcp.max_query_chars:
            raise QueryTooLong(
                f"query is too long: {len(query)} characters; the limit is "
                f"{self.mcp.max_query_chars}"
            )


def _live(ctx: ToolContext) -> Callable[[list[str]], set[str]]:
    def live(ids: list[str]) -> set[str]:
        # The index ranked only chunks the caller may see as last projected; this drops
        # documents deleted or revoked at the source since, before anything is counted.
        with ctx.engine.connect() as conn:
            return documents.visible_ids(conn, ctx.principals, ids)

    return live


def _passage_out(p: Passage) -> PassageOut:
    return PassageOut(
        rank=p.rank, score=p.score, snippet=p.snippet, title=p.title, citation=p.citation
    )


def search_semantic(ctx: ToolContext, inp: SearchSemanticInput) -> SearchSemanticOutput:
    from knowledge_index.retrieval.service import search

    ctx.check_query(inp.query)
    offset, limit = ctx.offset(inp.cursor), ctx.page_size(inp.limit)
    filters = inp.filters.to_search_filters() if inp.filters else None
    result = search(
        ctx.engine,
        ctx.settings,
        inp.query,
        ctx.principals,
        filters=filters,
        limit=limit,
        offset=offset,
        admit=_live(ctx),
    )
    passages = [_passage_out(p) for p in result.passages]
    return SearchSemanticOutput(
        passages=passages,
        total=result.total,
        returned=len(passages),
        next_cursor=ctx.next_cursor(offset, offset + limit, result.total),
    )


_LEXICAL = {"bm25", "ident"}


def search_documents(ctx: ToolContext, inp: SearchDocumentsInput) -> SearchDocumentsOutput:
    from knowledge_index.retrieval.service import search_documents as search

    ctx.check_query(inp.query)
    limit = ctx.page_size(inp.limit)
    # The candidate depth follows the page size, so a cursor is only valid for the page size
    # it was issued with: another size would cut its pages from a different ranking.
    ctx = replace(ctx, cursor_fingerprint=f"{ctx.cursor_fingerprint}:{limit}")
    offset = ctx.offset(inp.cursor)
    filters = inp.filters.to_search_filters() if inp.filters else None
    result = search(
        ctx.engine,
        ctx.settings,
        inp.query,
        ctx.principals,
        filters=filters,
        limit=limit,
        offset=offset,
        passages_per_document=inp.passages_per_document,
        admit=_live(ctx),
    )
    found = []
    for d in result.documents:
        components = set(d.components)
        lexical, vector = bool(components & _LEXICAL), "vector" in components
        found.append(
            DocumentHitOut(
                rank=d.rank,
                score=d.score,
                title=d.title,
                citation=d.citation,
                match=MatchOut(
                    matched_by="both" if lexical and vector else "lexical" if lexical else "vector",
                    # The model validates the names; the cast only tells mypy so.
                    components=cast(list[Component], sorted(components)),
                    matched_terms=d.matched_terms,
                    best_passage_score=d.passages[0].score,
                    candidate_passages=d.candidate_passages,
                ),
                passages=[_passage_out(p) for p in d.passages],
                copies=d.copies,
            )
        )
    return SearchDocumentsOutput(
        documents=found,
        total=result.total,
        returned=len(found),
        candidate_depth=result.depth,
        next_cursor=ctx.next_cursor(offset, offset + limit, result.total),
    )


def search_filter(ctx: ToolContext, inp: SearchFilterInput) -> SearchFilterOutput:
    offset, limit = ctx.offset(inp.cursor), ctx.page_size(inp.limit)
    with ctx.engine.connect() as conn:
        rows, total = documents.list_documents(
            conn, ctx.principals, inp.filters, inp.path_prefix, limit, offset
        )
    return SearchFilterOutput(
        documents=rows,
        total=total,
        returned=len(rows),
        next_cursor=ctx.next_cursor(offset, offset + limit, total),
    )


def _content(body: dict[str, Any]) -> tuple[StructuredDocument, bool]:
    truncated = False
    if len(body.get("text", "")) > MAX_CONTENT_CHARS or len(body.get("markdown", "")) > (
        MAX_CONTENT_CHARS
    ):
        body = {
            **body,
            "text": body.get("text", "")[:MAX_CONTENT_CHARS],
            "markdown": body.get("markdown", "")[:MAX_CONTENT_CHARS],
            "pages": [],
        }
        truncated = True
    return StructuredDocument.model_validate(body), truncated


def get_document(ctx: ToolContext, inp: GetDocumentInput) -> GetDocumentOutput:
    with ctx.engine.connect() as conn:
        # Unknown, deleted and forbidden ids take the same path and the same message.
        row = documents.visible_documents(conn, ctx.principals, [inp.source_object_id]).get(
            inp.source_object_id
        )
        if row is None or (inp.version_id and inp.version_id != row.citation.version_id):
            raise NotFound(NOT_FOUND)
        content, truncated, notes = None, False, []
        content_hash = documents.document_content_hash(conn, inp.source_object_id)
        artifact = get_artifact(conn, "structured_json", content_hash) if content_hash else None
        if artifact is None:
            notes.append("this version has not been converted yet")
        else:
            content, truncated = _content(artifact.body)
        graph = walk(conn, ctx.principals, row, depth=1, limit=100)
        found = decisions.decisions_of(conn, ctx.principals, [inp.source_object_id])
    return GetDocumentOutput(
        document=row,
        content=content,
        content_truncated=truncated,
        relations=graph.edges,
        related_documents=list(graph.nodes.values()),
        decisions=found,
        notes=notes + graph.notes,
    )


def traverse(ctx: ToolContext, inp: TraverseInput) -> TraverseOutput:
    with ctx.engine.connect() as conn:
        root = documents.visible_documents(conn, ctx.principals, [inp.source_object_id]).get(
            inp.source_object_id
        )
        if root is None:
            raise NotFound(NOT_FOUND)
        graph = walk(conn, ctx.principals, root, depth=inp.depth, limit=inp.limit, kinds=inp.kinds)
        found = decisions.decisions_of(conn, ctx.principals, [inp.source_object_id, *graph.nodes])
    return TraverseOutput(
        root=root,
        nodes=list(graph.nodes.values()),
        edges=graph.edges,
        decisions=found,
        truncated=graph.truncated,
        notes=graph.notes,
    )


def list_matters(ctx: ToolContext, inp: ListMattersInput) -> ListMattersOutput:
    offset, limit = ctx.offset(inp.cursor), ctx.page_size(inp.limit)
    with ctx.engine.connect() as conn:
        rows, total = documents.matters(conn, ctx.principals, limit, offset)
    return ListMattersOutput(
        matters=[
            MatterRow(
                matter_id=r["matter_id"],
                title=r["title"],
                reference_number=r["reference_number"],
                practice_area=r["practice_area"],
                document_count=r["n"],
            )
            for r in rows
        ],
        total=total,
        returned=len(rows),
        next_cursor=ctx.next_cursor(offset, offset + limit, total),
        notes=[],
    )


def preview_search_scope(ctx: ToolContext, inp: PreviewScopeInput) -> PreviewScopeOutput:
    with ctx.engine.connect() as conn:
        s = documents.scope(conn, ctx.principals, inp.filters, inp.path_prefix, inp.max_ids)
    return PreviewScopeOutput(
        document_count=s.document_count,
        chunk_count=s.chunk_count,
        matter_ids=sorted(m for m, _ in s.by_matter if m is not None),
        by_matter=[ScopeCount(matter_id=m, documents=n) for m, n in s.by_matter],
        source_object_ids=s.source_object_ids,
        source_object_ids_truncated=len(s.source_object_ids) < s.document_count,
    )


def search_decisions(ctx: ToolContext, inp: SearchDecisionsInput) -> SearchDecisionsOutput:
    if inp.query is not None:
        ctx.check_query(inp.query)
    offset, limit = ctx.offset(inp.cursor), ctx.page_size(inp.limit)
    with ctx.engine.connect() as conn:
        rows, total, notes = decisions.search_decisions(
            conn,
            ctx.principals,
            inp.query,
            inp.matter_ids,
            limit,
            offset,
            topic=inp.topic,
            rationale_category=inp.rationale_category,
        )
    return SearchDecisionsOutput(
        decisions=rows,
        total=total,
        returned=len(rows),
        next_cursor=ctx.next_cursor(offset, offset + limit, total),
        notes=notes,
    )


def resolve_entity(ctx: ToolContext, inp: ResolveEntityInput) -> ResolveEntityOutput:
    ctx.check_query(inp.name)
    with ctx.engine.connect() as conn:
        rows, notes = evidence.resolve_entity(conn, ctx.principals, inp.name, inp.kind, inp.limit)
    return ResolveEntityOutput(entities=rows, notes=notes)


def list_taxonomies(ctx: ToolContext, inp: ListTaxonomiesInput) -> ListTaxonomiesOutput:
    found, notes = evidence.taxonomies(ctx.mcp.taxonomy_path)
    firm = ctx.settings.firm
    found += decisions.decision_taxonomies(firm.topic_taxonomy_path, firm.rationale_taxonomy_path)
    return ListTaxonomiesOutput(taxonomies=found, notes=notes)


@dataclass(frozen=True)
class ToolSpec:
    name: str
    description: str
    input_model: type[BaseModel]
    output_model: type[BaseModel]
    handler: Callable[[ToolContext, Any], BaseModel]
    # How many result rows to record in the audit trail.
    count: Callable[[Any], int]


TOOLS: tuple[ToolSpec, ...] = (
    ToolSpec(
        "search_semantic",
        "Hybrid (vector + BM25 + exact identifier) search over the chunks you may see, with "
        "typed pre-filters. Returns passages with citations; page with next_cursor.",
        SearchSemanticInput,
        SearchSemanticOutput,
        search_semantic,
        lambda o: len(o.passages),
    ),
    ToolSpec(
        "search_documents",
        "The same hybrid search as search_semantic, answered with documents: each hit is one "
        "source object with its best passages (passages_per_document, default 3), a "
        "document-level citation and why it matched (lexical, vector or both; matched terms). "
        "Documents rank by their best passage's fused score, raised for a current (final or "
        "executed) version unless you filter by status, and for a document of a type your query "
        'names ("Klagebeantwortung Seehotel") unless you filter by type, times the share of '
        "your query's words the document writes. The passages are the top "
        "candidate_depth fused passages you may see (page size x passages_per_document x 4, "
        "at least 100, at most 1000), so total counts the distinct documents among them, not "
        "every document that mentions the query. Page with next_cursor (same limit).",
        SearchDocumentsInput,
        SearchDocumentsOutput,
        search_documents,
        lambda o: len(o.documents),
    ),
    ToolSpec(
        "search_filter",
        "List documents by typed metadata filters (matter, doc_type, status, language, date "
        "range, path prefix). No embeddings; rows carry metadata and citations, not content.",
        SearchFilterInput,
        SearchFilterOutput,
        search_filter,
        lambda o: len(o.documents),
    ),
    ToolSpec(
        "get_document",
        "The full structured content of a source object's current version, with metadata and "
        "relations. Unknown and inaccessible source_object_ids are both 'not found'.",
        GetDocumentInput,
        GetDocumentOutput,
        get_document,
        lambda o: 1,
    ),
    ToolSpec(
        "traverse",
        "Walk relations from a source object: containment (attachments, zip entries) and the "
        "relate stage's version chains, threads and references.",
        TraverseInput,
        TraverseOutput,
        traverse,
        lambda o: len(o.edges),
    ),
    ToolSpec(
        "list_matters",
        "Matters with at least one document you may see, with your visible document count.",
        ListMattersInput,
        ListMattersOutput,
        list_matters,
        lambda o: len(o.matters),
    ),
    ToolSpec(
        "search_decisions",
        "Search decision records (anonymized layer) by text, topic (what) or rationale_category"
        " (why; ids from list_taxonomies); each cites an authorized source document.",
        SearchDecisionsInput,
        SearchDecisionsOutput,
        search_decisions,
        lambda o: len(o.decisions),
    ),
    ToolSpec(
        "resolve_entity",
        "Resolve a client or party name to entities backed by documents you may see.",
        ResolveEntityInput,
        ResolveEntityOutput,
        resolve_entity,
        lambda o: len(o.entities),
    ),
    ToolSpec(
        "preview_search_scope",
        "Exactly which documents (ids and counts, per matter) a filter would cover for you.",
        PreviewScopeInput,
        PreviewScopeOutput,
        preview_search_scope,
        lambda o: o.document_count,
    ),
    ToolSpec(
        "list_taxonomies",
        "The document-type ontology and other taxonomies, when configured.",
        ListTaxonomiesInput,
        ListTaxonomiesOutput,
        list_taxonomies,
        lambda o: len(o.taxonomies),
    ),
)
