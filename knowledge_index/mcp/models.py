"""Input and output models of the MCP tools: the published schemas are generated from these.

Inputs forbid unknown fields so a misspelt filter is an error, not a silently wider query.
Every row that names a document carries a `Citation` (the same model `ki search` cites with).
"""

from __future__ import annotations

import datetime as dt
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StringConstraints, model_validator

from knowledge_index.convert.model import StructuredDocument
from knowledge_index.retrieval.filters import SearchFilters
from knowledge_index.retrieval.service import Citation

# Identifiers and filter values: short, printable, no control characters.
Ident = Annotated[str, StringConstraints(min_length=1, max_length=512, pattern=r"^[^\x00-\x1f]+$")]
Value = Annotated[str, StringConstraints(min_length=1, max_length=200, pattern=r"^[^\x00-\x1f]+$")]
Cursor = Annotated[str, StringConstraints(min_length=1, max_length=1_000)]
# The configured limit (KI_MCP__MAX_QUERY_CHARS) is enforced by the tool with a clear message;
# this bound only stops absurd payloads at the schema.
QueryText = Annotated[str, StringConstraints(min_length=1, max_length=100_000)]


class _Input(BaseModel):
    model_config = ConfigDict(extra="forbid", str_strip_whitespace=True)


class Filters(_Input):
    """The typed MVP filters, shared by the two searches, search_filter and preview_search_scope.

    Omitted means unrestricted; an empty list matches nothing.
    """

    matter_ids: list[Value] | None = Field(None, max_length=100)
    doc_types: list[Value] | None = Field(None, max_length=100)
    statuses: list[Value] | None = Field(None, max_length=100)
    languages: list[Value] | None = Field(None, max_length=100)
    date_from: dt.date | None = None
    date_to: dt.date | None = None

    @model_validator(mode="after")
    def _ordered(self) -> Filters:
        if self.date_from and self.date_to and self.date_from > self.date_to:
            raise ValueError("date_from is after date_to")
        return self

    def to_search_filters(self) -> SearchFilters:
        return SearchFilters(**self.model_dump())


class Paged(_Input):
    limit: int = Field(10, ge=1, le=100, description="Page size (capped by the server).")
    cursor: Cursor | None = Field(None, description="next_cursor of the previous page, opaque.")


class PageInfo(BaseModel):
    total: int = Field(description="Hits for this query and caller across all pages.")
    returned: int
    next_cursor: str | None = Field(None, description="Pass back to get the next page.")


class Note(BaseModel):
    """Why a result is empty or partial when that is a property of the system, not the query."""

    notes: list[str] = Field(default_factory=list)


# -- search_semantic ----------------------------------------------------------------------------


class SearchSemanticInput(Paged):
    query: QueryText
    filters: Filters | None = None


class PassageOut(BaseModel):
    rank: int
    score: float
    snippet: str
    title: str
    citation: Citation


class SearchSemanticOutput(PageInfo):
    passages: list[PassageOut]


# -- search_documents ---------------------------------------------------------------------------


class SearchDocumentsInput(Paged):
    query: QueryText
    filters: Filters | None = None
    passages_per_document: int = Field(
        3, ge=1, le=10, description="Best passages returned with each document."
    )


Component = Literal["vector", "bm25", "ident"]


class MatchOut(BaseModel):
    """Why a document matched, from the candidate passages it was ranked by."""

    matched_by: Literal["lexical", "vector", "both"] = Field(
        description="lexical: BM25 or exact identifier; vector: embedding similarity."
    )
    components: list[Component] = Field(
        description="The ranked lists that placed any of its candidate passages."
    )
    matched_terms: list[str] = Field(
        description="Query words (stemmed match) and identifiers found in the passages returned."
    )
    best_passage_score: float
    candidate_passages: int = Field(description="Its passages among the candidates.")


class DocumentHitOut(BaseModel):
    rank: int
    score: float = Field(
        description="Its best passage's fused score, weighed by the current-version bonus, the"
        " bonus for a document type the query names and the share of the query's words it"
        " writes, plus a share of the score of a best result it is related to; documents"
        " rank by it."
    )
    title: str
    citation: Citation = Field(description="The document (no chunk_id); passages cite chunks.")
    match: MatchOut
    passages: list[PassageOut] = Field(description="Its best passages, best first.")
    copies: list[str] = Field(
        default_factory=list,
        description="Paths of byte-identical copies you may also see (a mail's attachment, a "
        "second folder): this one result stands for them, named by the filed copy.",
    )


class SearchDocumentsOutput(PageInfo):
    total: int = Field(
        description="Distinct documents you may see among the candidate passages (all pages)."
    )
    candidate_depth: int = Field(
        description="How many fused passages the documents were grouped from."
    )
    documents: list[DocumentHitOut]


# -- documents -----------------------------------------------------------------------------------


class DocumentRow(BaseModel):
    """A listing row: the document's metadata and ids, never its content."""

    citation: Citation
    title: str
    doc_type: str | None = None
    status: str | None = None
    language: str | None = None
    doc_date: dt.date | None = None
    size_bytes: int | None = None
    chunk_count: int = 0
    parent_source_object_id: str | None = None
    child_relation: str | None = None


class SearchFilterInput(Paged):
    filters: Filters | None = None
    path_prefix: Value | None = Field(None, description="Only documents under this path.")


class SearchFilterOutput(PageInfo):
    documents: list[DocumentRow]


_SOURCE_OBJECT_ID = "A source_object_id from a citation (a file, or a document inside one)."


class GetDocumentInput(_Input):
    source_object_id: Ident = Field(description=_SOURCE_OBJECT_ID)
    version_id: Ident | None = Field(None, description="Must be the current version if given.")


class Edge(BaseModel):
    from_source_object_id: str
    to_source_object_id: str
    kind: str = Field(
        description="e.g. attachment_of, zip_entry_of, message_in_mailbox, or a relate-stage"
        " relation"
    )
    origin: str = Field(description="containment (from the source) or relations (relate stage)")


class DecisionView(BaseModel):
    """One negotiation decision of a document: where, what, why, and what the change did."""

    decision_id: str
    source_object_id: str
    ordinal: int
    locus: str = Field(description="The document's own clause reference, e.g. '§ 5 Abs. 1'.")
    topic: str | None = Field(description="What the change is about (topic taxonomy id).")
    rationale_category: str = Field(description="Why (rationale taxonomy id; 'unstated').")
    change_type: str | None = Field(description="inserted, deleted, modified or moved.")
    change_summary: str
    rationale_text: str
    generalizability: str
    against_source_object_id: str | None = Field(
        None, description="The version it was redlined against, when the caller may see it."
    )


class GetDocumentOutput(BaseModel):
    document: DocumentRow
    content: StructuredDocument | None = Field(
        None, description="The converted document; null when it has not been converted."
    )
    content_truncated: bool = False
    relations: list[Edge]
    related_documents: list[DocumentRow]
    decisions: list[DecisionView] = Field(
        default_factory=list, description="Negotiation decisions read from this redline."
    )
    notes: list[str] = Field(default_factory=list)


# -- traverse ------------------------------------------------------------------------------------


class TraverseInput(_Input):
    source_object_id: Ident = Field(description=_SOURCE_OBJECT_ID)
    kinds: list[Value] | None = Field(None, max_length=20, description="Only these edge kinds.")
    depth: int = Field(1, ge=1, le=3)
    limit: int = Field(50, ge=1, le=200)


class TraverseOutput(BaseModel):
    root: DocumentRow
    nodes: list[DocumentRow]
    edges: list[Edge]
    decisions: list[DecisionView] = Field(
        default_factory=list, description="Decisions of the root and the nodes reached."
    )
    truncated: bool = False
    notes: list[str] = Field(default_factory=list)


# -- matters, scope ------------------------------------------------------------------------------


class ListMattersInput(Paged):
    limit: int = Field(50, ge=1, le=100)


class MatterRow(BaseModel):
    matter_id: str
    title: str | None = None
    reference_number: str | None = None
    practice_area: str | None = None
    document_count: int


class ListMattersOutput(PageInfo):
    matters: list[MatterRow]
    notes: list[str] = Field(default_factory=list)


class PreviewScopeInput(_Input):
    filters: Filters | None = None
    path_prefix: Value | None = None
    max_ids: int = Field(1_000, ge=0, le=10_000)


class ScopeCount(BaseModel):
    matter_id: str | None
    documents: int


class PreviewScopeOutput(BaseModel):
    document_count: int
    chunk_count: int
    matter_ids: list[str]
    by_matter: list[ScopeCount]
    source_object_ids: list[str]
    source_object_ids_truncated: bool


# -- decisions, entities, taxonomies -------------------------------------------------------------


class SearchDecisionsInput(Paged):
    query: QueryText | None = Field(None, description="Text anywhere in the decision record.")
    matter_ids: list[Value] | None = Field(None, max_length=100)
    topic: Value | None = Field(None, description="What: a topic id, e.g. liability_cap.")
    rationale_category: Value | None = Field(
        None, description="Why: a rationale id, e.g. counterparty_request or unstated."
    )

    @model_validator(mode="after")
    def _something(self) -> SearchDecisionsInput:
        if self.query is None and self.topic is None and self.rationale_category is None:
            raise ValueError("give a query, a topic or a rationale_category")
        return self


class DecisionRow(BaseModel):
    decision_id: str
    fields: dict[str, Any]
    citation: Citation


class SearchDecisionsOutput(PageInfo):
    decisions: list[DecisionRow]
    notes: list[str] = Field(default_factory=list)


class ResolveEntityInput(_Input):
    name: QueryText
    kind: Value | None = None
    limit: int = Field(10, ge=1, le=50)


class EntityEvidence(BaseModel):
    role: str
    mention: str
    citation: Citation


class EntityRow(BaseModel):
    entity_id: str
    name: str
    kind: str
    aliases: list[str]
    identifiers: dict[str, Any]
    evidence: list[EntityEvidence]


class ResolveEntityOutput(BaseModel):
    entities: list[EntityRow]
    notes: list[str] = Field(default_factory=list)


class ListTaxonomiesInput(_Input):
    pass


class TaxonomyNode(BaseModel):
    id: str
    label: str
    parent_id: str | None = None


class Taxonomy(BaseModel):
    name: str
    source: str
    nodes: list[TaxonomyNode]


class ListTaxonomiesOutput(BaseModel):
    taxonomies: list[Taxonomy]
    notes: list[str] = Field(default_factory=list)
