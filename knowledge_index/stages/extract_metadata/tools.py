"""extract_metadata's tools: walk the document-type ontology and look parties up."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from knowledge_index.entities.store import search_entities
from knowledge_index.gateway import Tool
from knowledge_index.ontology import Ontology
from knowledge_index.stages.base import StageContext


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


def metadata_tools(ctx: StageContext, ontology: Ontology) -> list[Tool]:
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
