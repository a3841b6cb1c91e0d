"""Hybrid search: vectors (LanceDB) + BM25 (Tantivy) + exact identifiers, fused by weighted RRF.

Every list is produced with the caller's permissions and the metadata filters applied inside the
engine before ranking, so a filtered query still fills its page when matching chunks exist beyond
the unfiltered top-k, and a chunk the caller may not see never takes a rank. The fused candidate
set has a fixed depth and a total order, so `offset` walks one ranking and `total` is exact for
that set.
"""

from __future__ import annotations

import functools
import logging
import re
from collections.abc import Callable, Sequence
from concurrent.futures import Future, ThreadPoolExecutor

from pydantic import BaseModel, ConfigDict, Field

from knowledge_index.retrieval.acl import effective_principals, visible
from knowledge_index.retrieval.derived import FINAL_STATUSES
from knowledge_index.retrieval.document_terms import type_labels
from knowledge_index.retrieval.embeddings import Embedder
from knowledge_index.retrieval.filters import SearchFilters
from knowledge_index.retrieval.fusion import Contribution, Fused, reciprocal_rank_fusion
from knowledge_index.retrieval.identifiers import (
    extract_identifiers,
    names_only_identifiers,
    path_identifiers,
    query_identifier_terms,
    query_identifiers,
)
from knowledge_index.retrieval.lexical import FIELD_TIE_BREAKER, analyzer
from knowledge_index.retrieval.lexical import QUOTED as _QUOTED
from knowledge_index.retrieval.query_intent import asks_why
from knowledge_index.retrieval.records import ChunkPayload, content_key
from knowledge_index.retrieval.rerank import Reranker, RerankError, load_reranker, rerank_head
from knowledge_index.retrieval.search_index import SearchIndex
from knowledge_index.retrieval.type_intent import named_types

log = logging.getLogger(__name__)

# Given the documents behind the fused candidates, the subset the caller may see right now.
Admit = Callable[[list[str]], set[str]]
# Given candidate documents, the ones each is related to among them (relate's relations).
Related = Callable[[list[str]], dict[str, set[str]]]

VECTOR, BM25, IDENT = "vector", "bm25", "ident"
# The deepest any ranked list (and so the fused candidate set) is read.
MAX_DEPTH = 1_000
# One thread: query embeddings of concurrent requests queue behind each other either way (the
# model already uses every core), but each overlaps with its own request's lexical search.
_EMBED_POOL = ThreadPoolExecutor(max_workers=1, thread_name_prefix="ki-query-embed")


class SearchWeights(BaseModel):
    """Chosen on estate A's labelled queries (benchmarks/bench_search_quality.py --grid): with
    the English MiniLM embeddings the vector list helps a few paraphrases and hurts keyword,
    party and German questions at equal weight, so it counts a quarter of BM25."""

    model_config = ConfigDict(extra="forbid")

    vector: float = Field(0.25, ge=0)
    bm25: float = Field(1.0, ge=0)
    # Hybrid RRF loses identifier queries to BM25 unless exact matches carry more weight.
    ident: float = Field(2.0, ge=0)


class SearchConfig(BaseModel):
    model_config = ConfigDict(extra="forbid")

    weights: SearchWeights = Field(default_factory=SearchWeights)
    # A small k lets the top of each list decide (k=60 flattens a clear BM25 winner into the
    # vector list's noise); chosen on the same grid.
    rrf_k: int = Field(10, ge=1)
    # Depth of every ranked list and of the fused set that pages are cut from.
    candidates: int = Field(100, ge=1, le=MAX_DEPTH)
    # Document search reads limit * passages_per_document * this many passages (bounded), so a
    # page of documents fills even when the best documents own several top passages each.
    document_depth_factor: int = Field(4, ge=1, le=50)
    # A document scores its best passage plus its next passages, each worth `passage_decay`
    # times the one before (0: best passage only): a question whose words are spread over a
    # document's clauses finds the document, not one lucky passage of another.
    passage_decay: float = Field(0.0, ge=0, lt=1)
    # The current (final or executed) version of a document ranks this much (relative) above
    # its drafts and redlines, unless the caller filters by status.
    current_bonus: float = Field(0.15, ge=0, le=1)
    # A document of a type the query names (type_intent.named_types: "Klagebeantwortung
    # Seehotel") ranks this much (relative) higher, unless the caller filters by type. Chosen
    # on estates A and C (bench_search_quality --grid types): nDCG@10 rises to 1.0 on both
    # (A 0.895 -> 0.905, C 0.857 -> 0.877), flat to 2, and falls at 4 (thread questions).
    type_bonus: float = Field(1.0, ge=0, le=4)
    exact_queries_without_vectors: bool = True
    # Per-field BM25 boosts over lexical.TEXT_FIELDS' defaults (field name -> boost, 0 drops
    # the field), and the boost of a quoted phrase; query-time only.
    field_boosts: dict[str, float] = Field(default_factory=dict)
    phrase_boost: float = Field(4.0, ge=0)
    # How much a query word's other matching fields add to its best one (1: the sum). Chosen
    # on estates A and C (bench_search_quality --grid tie): 0.2 against the sum, nDCG@10
    # A 0.863 -> 0.857, C 0.781 -> 0.802 (C's party questions -0.106 -> -0.046 against BM25).
    field_tie_breaker: float = Field(FIELD_TIE_BREAKER, ge=0, le=1)
    # A document's score is multiplied by the share of the query's words its candidate
    # passages write, to this power (0: off). Only words some candidate writes count: a word
    # matched through a party alias or nowhere says nothing about which document is meant.
    coverage_power: float = Field(1.0, ge=0, le=8)
    # A candidate document related to one of the `related_from_top` best (an annex, the mail
    # it came with, the letter it answers, an earlier version) gains this share of that
    # document's score: "the Side Letter" also brings the agreement it amends. Not for exact
    # queries (a quoted phrase, an identifier alone): those want the documents that write it.
    # Chosen on estates A and C (bench_search_quality --grid related).
    related_lift: float = Field(0.25, ge=0, le=2)
    related_from_top: int = Field(5, ge=1, le=50)
    # The reranker stage (retrieval/rerank.py): a model name, where an endpoint serves it, how
    # many fused passages it re-scores and how much its order counts against the fused one.
    reranker: str | None = None
    reranker_api_base: str | None = None
    rerank_timeout_s: float = Field(10.0, gt=0)
    rerank_depth: int = Field(30, ge=1)
    rerank_weight: float = Field(1.0, ge=0)
    snippet_chars: int = Field(240, ge=40)


class SearchRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")

    query: str = Field(min_length=1, max_length=4_000)
    filters: SearchFilters | None = None
    limit: int = Field(10, ge=1, le=100)
    offset: int = Field(0, ge=0)


class SearchHit(BaseModel):
    rank: int
    chunk_id: str
    source_object_id: str
    score: float
    contributions: dict[str, Contribution]
    rerank_score: float | None = None
    snippet: str
    payload: ChunkPayload


class DocumentSearchRequest(SearchRequest):
    passages_per_document: int = Field(3, ge=1, le=10)


class DocumentHit(BaseModel):
    rank: int
    source_object_id: str
    score: float = Field(
        description="The document's score: its best passage's fused score plus its next "
        "passages' (decaying), raised for a current (final or executed) version and for a "
        "type the query names, times the share of the query's words it writes, plus a share "
        "of the score of a best result it is related to (SearchConfig.related_lift)."
    )
    # Which ranked lists (vector, bm25, ident) placed any of its candidate passages.
    components: list[str]
    candidate_passages: int = Field(description="Its passages among the candidates.")
    matched_terms: list[str]
    passages: list[SearchHit]
    copies: list[str] = Field(
        default_factory=list,
        description="Paths of byte-identical copies among the candidates (a mail's attachment, "
        "a second folder): one result stands for them.",
    )


class DocumentPage(BaseModel):
    hits: list[DocumentHit]
    offset: int
    limit: int
    total: int
    has_more: bool
    depth: int = Field(description="Fused candidate passages the documents were grouped from.")
    index_version: str


class SearchPage(BaseModel):
    hits: list[SearchHit]
    offset: int
    limit: int
    total: int
    has_more: bool
    index_version: str


class HybridSearcher:
    def __init__(
        self,
        index: SearchIndex,
        embedder: Embedder | None,
        config: SearchConfig | None = None,
        reranker: Reranker | None = None,
    ) -> None:
        self.index = index
        self.embedder = embedder
        self.config = config or SearchConfig()
        self.reranker = reranker or load_reranker(
            self.config.reranker, self.config.reranker_api_base, self.config.rerank_timeout_s
        )

    def query_weights(self, query: str) -> dict[str, float]:
        """The fusion weights for this query. A quoted phrase or a bare identifier asks for
        that exact string: the vector list (whose nearest chunks always exist) only adds
        look-alikes there, so it sits out when `exact_queries_without_vectors` says so."""
        weights = self.config.weights.model_dump()
        if self.config.exact_queries_without_vectors and exact_query(query):
            weights[VECTOR] = 0.0
        return weights

    def ranked_lists(
        self,
        query: str,
        caller_principals: Sequence[str],
        filters: SearchFilters | None = None,
        query_vector: object | None = None,
        depth: int | None = None,
    ) -> dict[str, list[tuple[str, float]]]:
        """Each enabled list, already permission- and filter-restricted, best first."""
        depth = depth or self.config.candidates
        weights = self.config.weights
        lists: dict[str, list[tuple[str, float]]] = {}
        lexical = self.index.lexical
        pending_vector: Future[object] | None = None
        if weights.vector > 0 and query_vector is None and self.embedder is not None:
            # The query embedding is the slowest step; the model and Tantivy both release the
            # GIL, so the lexical lists are ranked while the query is being embedded.
            pending_vector = _EMBED_POOL.submit(self.embedder.embed_query, query)
        if (
            weights.bm25 > 0
            and (
                text_query := lexical.text_query(
                    query,
                    self.config.field_boosts,
                    self.config.phrase_boost,
                    self.config.field_tie_breaker,
                )
            )
            is not None
        ):
            lists[BM25] = lexical.search(text_query, caller_principals, filters, depth)
        identifiers = query_identifier_terms(query)
        if weights.ident > 0 and (ident_query := lexical.ident_query(identifiers)) is not None:
            lists[IDENT] = lexical.search(ident_query, caller_principals, filters, depth)
        if weights.vector > 0 and (query_vector is not None or self.embedder is not None):
            if query_vector is None:
                assert pending_vector is not None
                query_vector = pending_vector.result()
            lists[VECTOR] = self.index.vectors.search(
                query_vector,  # type: ignore[arg-type]
                caller_principals,
                filters,
                depth,
            )
        return lists

    def _candidates(
        self,
        query: str,
        filters: SearchFilters | None,
        caller_principals: Sequence[str],
        depth: int,
        query_vector: object | None,
        admit: Admit | None,
        need_payloads: bool,
    ) -> tuple[list[Fused], dict[str, ChunkPayload] | None, dict[str, float]]:
        """The fused, reranked and live-admitted candidate ranking, `depth` deep, with the
        payloads of all of it when they were needed (for `admit` or `need_payloads`)."""
        # Validates principals up front: a malformed identity fails loudly, never widens access.
        effective_principals(caller_principals)
        self.index.refresh()
        lists = self.ranked_lists(
            query, caller_principals, filters, query_vector=query_vector, depth=depth
        )
        fused = reciprocal_rank_fusion(lists, self.query_weights(query), k=self.config.rrf_k)[
            :depth
        ]
        rerank_scores: dict[str, float] = {}
        if self.reranker is not None and fused:
            try:
                fused, rerank_scores = self._rerank(query, fused)
            except Exception as exc:  # an endpoint down must not take search down with it
                log.warning("reranker %s failed, fused order kept: %s", self.config.reranker, exc)
        payloads: dict[str, ChunkPayload] | None = None
        if (admit is not None or need_payloads) and fused:
            payloads = self.index.lexical.payloads([f.chunk_id for f in fused])
            fused = [f for f in fused if f.chunk_id in payloads]
        if admit is not None and fused:
            assert payloads is not None
            admitted = admit(sorted({p.document_id for p in payloads.values()}))
            fused = [f for f in fused if payloads[f.chunk_id].document_id in admitted]
        return fused, payloads, rerank_scores

    def _hit(
        self,
        position: int,
        entry: Fused,
        payload: ChunkPayload,
        query: str,
        caller_principals: Sequence[str],
        rerank_scores: dict[str, float],
    ) -> SearchHit | None:
        allowed, denied = payload.allowed_principals, payload.denied_principals
        if not visible(allowed, denied, caller_principals):
            # The pre-filters make this unreachable; if it ever fires, fail closed and say so.
            log.error("ACL pre-filter let %s through; dropped", entry.chunk_id)
            return None
        return SearchHit(
            rank=position,
            chunk_id=entry.chunk_id,
            source_object_id=payload.document_id,
            score=entry.score,
            contributions=entry.contributions,
            rerank_score=rerank_scores.get(entry.chunk_id),
            snippet=snippet(payload.text, query, self.config.snippet_chars),
            payload=payload,
        )

    def search(
        self,
        request: SearchRequest,
        caller_principals: Sequence[str],
        query_vector: object | None = None,
        admit: Admit | None = None,
    ) -> SearchPage:
        """One page of the fused ranking. `admit` is the live permission check (the source's
        current grants): it runs over the whole candidate set before paging, so totals, ranks
        and cursors count only what the caller may see, not what the index last projected."""
        fused, payloads, rerank_scores = self._candidates(
            request.query,
            request.filters,
            caller_principals,
            self.config.candidates,
            query_vector,
            admit,
            need_payloads=False,
        )
        page = fused[request.offset : request.offset + request.limit]
        if payloads is None:
            # Without a live check only the page needs its payloads read.
            payloads = self.index.lexical.payloads([f.chunk_id for f in page])
        hits = []
        for position, entry in enumerate(page, start=request.offset + 1):
            payload = payloads.get(entry.chunk_id)
            if payload is None:
                continue  # deleted between ranking and fetch
            hit = self._hit(
                position, entry, payload, request.query, caller_principals, rerank_scores
            )
            if hit is not None:
                hits.append(hit)
        return SearchPage(
            hits=hits,
            offset=request.offset,
            limit=request.limit,
            total=len(fused),
            has_more=request.offset + request.limit < len(fused),
            index_version=self.index.version,
        )

    def document_depth(self, limit: int, passages_per_document: int) -> int:
        """How many fused passages a document page is cut from: enough for `limit` documents
        with their passages even when the best documents own several of the top passages,
        never shallower than a passage search, never deeper than MAX_DEPTH."""
        wanted = limit * passages_per_document * self.config.document_depth_factor
        return min(MAX_DEPTH, max(self.config.candidates, wanted))

    def search_documents(
        self,
        request: DocumentSearchRequest,
        caller_principals: Sequence[str],
        query_vector: object | None = None,
        admit: Admit | None = None,
        related: Related | None = None,
    ) -> DocumentPage:
        """One page of documents: the candidate passages (permission-filtered and live-admitted
        exactly as for `search`) grouped by source object, each document ranked by its best
        passage's score, weighed by the current bonus and query-word coverage, then lifted by
        the best documents it is `related` to (ties keep the passage order). `total` is the
        number of distinct documents among the candidates."""
        depth = self.document_depth(request.limit, request.passages_per_document)
        fused, payloads, rerank_scores = self._candidates(
            request.query,
            request.filters,
            caller_principals,
            depth,
            query_vector,
            admit,
            need_payloads=True,
        )
        # Grouping keeps the candidate order, so a document's first passage is its best.
        groups: dict[str, list[tuple[int, Fused]]] = {}
        for position, entry in enumerate(fused, start=1):
            assert payloads is not None
            groups.setdefault(payloads[entry.chunk_id].document_id, []).append((position, entry))
        payloads = payloads or {}  # None only when there were no candidates at all
        # A caller filtering by status, or asking why a text changed, wants the versions
        # as they are, not the current one first.
        by_status = (
            request.filters is not None and request.filters.statuses is not None
        ) or asks_why(request.query)
        scores = {
            document_id: self._document_score(members, payloads, by_status)
            for document_id, members in groups.items()
        }
        if self.config.type_bonus > 0 and not (request.filters and request.filters.doc_types):
            _lift_named_types(request.query, groups, payloads, scores, self.config.type_bonus)
        if self.config.coverage_power > 0 and payloads:
            _weigh_by_coverage(request.query, groups, payloads, scores, self.config.coverage_power)
        # Ties keep the best passage's order, so paging stays stable.
        ordered = sorted(groups.items(), key=lambda item: (-scores[item[0]], item[1][0][0]))
        ordered, copies = _one_per_content(ordered, payloads, scores)
        if related is not None and self.config.related_lift > 0 and not exact_query(request.query):
            ordered = _lift_related(
                ordered, scores, related, self.config.related_lift, self.config.related_from_top
            )
        page = ordered[request.offset : request.offset + request.limit]
        hits = []
        for rank, (document_id, members) in enumerate(page, start=request.offset + 1):
            assert payloads is not None
            passages = [
                hit
                for position, entry in members[: request.passages_per_document]
                if (
                    hit := self._hit(
                        position,
                        entry,
                        payloads[entry.chunk_id],
                        request.query,
                        caller_principals,
                        rerank_scores,
                    )
                )
                is not None
            ]
            if not passages:
                continue  # only when the fail-closed check above dropped every passage
            components = sorted({name for _, entry in members for name in entry.contributions})
            hits.append(
                DocumentHit(
                    rank=rank,
                    source_object_id=document_id,
                    score=scores[document_id],
                    components=components,
                    candidate_passages=len(members),
                    matched_terms=matched_terms(request.query, [p.payload for p in passages]),
                    passages=passages,
                    copies=copies.get(document_id, []),
                )
            )
        return DocumentPage(
            hits=hits,
            offset=request.offset,
            limit=request.limit,
            total=len(ordered),
            has_more=request.offset + request.limit < len(ordered),
            depth=depth,
            index_version=self.index.version,
        )

    def _document_score(
        self, members: list[tuple[int, Fused]], payloads: dict[str, ChunkPayload], by_status: bool
    ) -> float:
        decay = self.config.passage_decay
        score = sum(entry.score * decay**i for i, (_, entry) in enumerate(members[:8]))
        status = payloads[members[0][1].chunk_id].status
        if not by_status and status in FINAL_STATUSES:
            score *= 1 + self.config.current_bonus
        return score

    def _rerank(self, query: str, fused: list[Fused]) -> tuple[list[Fused], dict[str, float]]:
        assert self.reranker is not None
        head = fused[: self.config.rerank_depth]
        payloads = self.index.lexical.payloads([f.chunk_id for f in head])
        head = [f for f in head if f.chunk_id in payloads]
        scores = self.reranker.rerank(query, [payloads[f.chunk_id] for f in head])
        if len(scores) != len(head):
            raise RerankError(f"{len(scores)} scores for {len(head)} passages")
        by_id = {f.chunk_id: s for f, s in zip(head, scores, strict=True)}
        reordered = rerank_head(head, scores, self.config.rerank_weight, self.config.rrf_k)
        return reordered + fused[self.config.rerank_depth :], by_id


_WORD = re.compile(r"\w{3,}")


def snippet(text: str, query: str, width: int) -> str:
    """A window around the first query word found (prefix match tolerates inflection)."""
    if len(text) <= width:
        return text
    lowered = text.lower()
    positions = [
        lowered.find(word[:5].lower())
        for word in _WORD.findall(query)
        if lowered.find(word[:5].lower()) >= 0
    ]
    centre = min(positions) if positions else 0
    start = max(0, min(centre - width // 3, len(text) - width))
    start = text.rfind(" ", 0, start) + 1 if start > 0 else 0
    body = text[start : start + width].strip()
    return ("…" if start > 0 else "") + body + ("…" if start + width < len(text) else "")


def matched_terms(query: str, passages: Sequence[ChunkPayload]) -> list[str]:
    """The query's exact identifiers and words found in the passages (text, title, path), words
    stemmed as BM25 stems them: the lexical half of "why it matched", computed only for the
    returned passages, so it costs well under a millisecond, not another index query."""
    found: list[str] = []
    if wanted := query_identifiers(query):
        idents: set[str] = set()
        for p in passages:
            idents.update(extract_identifiers(p.text), extract_identifiers(p.title))
            idents.update(path_identifiers(p.path))
        found += [i for i in wanted if i in idents]
    if words := list(dict.fromkeys(w.lower() for w in _WORD.findall(query))):
        stems: set[str] = set()
        for p in passages:
            for name in _STEMMERS:
                stems.update(analyzer(name).analyze(" ".join((p.text, p.title, p.path))))
        found += [w for w in words if not stems.isdisjoint(_word_stems(w))]
    return found


_STEMMERS = ("ki_de", "ki_en")


@functools.lru_cache(maxsize=4_096)
def _word_stems(word: str) -> frozenset[str]:
    return frozenset(t for name in _STEMMERS for t in analyzer(name).analyze(word))


Group = tuple[str, list[tuple[int, Fused]]]


def _weigh_by_coverage(
    query: str,
    groups: dict[str, list[tuple[int, Fused]]],
    payloads: dict[str, ChunkPayload],
    scores: dict[str, float],
    power: float,
) -> None:
    """Scale each document's score by the share of the query's words it writes (see
    SearchConfig.coverage_power): of namesakes, the one whose documents also write "Linz"."""
    words = list(dict.fromkeys(analyzer("ki_plain", stopwords=True).analyze(query)))
    if len(words) < 2:
        return
    keys = {w: min(_word_stems(w) | {w}, key=len) for w in words}
    written: dict[str, set[str]] = {}
    for document_id, members in groups.items():
        passages = [p for _, entry in members if (p := payloads.get(entry.chunk_id)) is not None]
        # What the document is counts as written: its type's labels ("Vollmacht").
        labels = " ".join(type_labels(passages[0].doc_type)) if passages else ""
        body = " ".join([labels, *(f"{p.title} {p.path} {p.text}" for p in passages)]).lower()
        written[document_id] = {w for w, key in keys.items() if key in body}
    considered = set().union(*written.values())
    if len(considered) < 2:
        return
    for document_id, found in written.items():
        # One word's worth of credit for every document: one found only by meaning (a German
        # question, an English text) drops below those that write its words, not to zero.
        share = (len(found & considered) + 1) / (len(considered) + 1)
        scores[document_id] *= share**power


def _lift_named_types(
    query: str,
    groups: dict[str, list[tuple[int, Fused]]],
    payloads: dict[str, ChunkPayload],
    scores: dict[str, float],
    bonus: float,
) -> None:
    if not (named := named_types(query)):
        return
    for document_id, members in groups.items():
        if payloads[members[0][1].chunk_id].doc_type in named:
            scores[document_id] *= 1 + bonus


def exact_query(query: str) -> bool:
    """A quoted phrase or only identifiers: the caller wants the documents that write it."""
    return bool(_QUOTED.search(query)) or names_only_identifiers(query)


def _lift_related(
    ordered: list[Group],
    scores: dict[str, float],
    related: Related,
    lift: float,
    top: int,
) -> list[Group]:
    """Each document gains `lift` times the score of the best of the first `top` documents it
    is related to. Only candidates are read and lifted, so nothing the caller may not see is
    added, and the strong documents are fixed before any lift, so the order of reading does
    not matter."""
    ids = [document_id for document_id, _ in ordered]
    if len(ids) < 2:
        return ordered
    strong = {document_id: scores[document_id] for document_id in ids[:top]}
    neighbours = related(ids)
    lifted = {
        document_id: scores[document_id]
        + lift * max((strong[n] for n in neighbours.get(document_id, ()) if n in strong), default=0)
        for document_id in ids
    }
    scores.update(lifted)
    # A stable sort: ties keep the order before the lift.
    return sorted(ordered, key=lambda group: -scores[group[0]])


def _one_per_content(
    ordered: list[Group], payloads: dict[str, ChunkPayload], scores: dict[str, float]
) -> tuple[list[Group], dict[str, list[str]]]:
    """Byte-identical files (a mail's attachment and the same file filed in a folder) are one
    document to the caller: one result, where the best of them ranks, named by the filed copy
    (not one inside a container), then by path; the others are listed as its copies. Only
    candidates the caller may see are grouped, so a copy never reveals a hidden file."""

    def content(group: Group) -> str:
        return content_key(payloads[group[1][0][1].chunk_id].version_id) or group[0]

    def path(group: Group) -> str:
        return payloads[group[1][0][1].chunk_id].path

    by_content: dict[str, list[Group]] = {}
    for group in ordered:
        by_content.setdefault(content(group), []).append(group)
    kept: list[Group] = []
    copies: dict[str, list[str]] = {}
    for group in ordered:
        same = by_content[content(group)]
        if same[0] is not group:
            continue  # placed with the best-ranked of its copies
        lead = min(same, key=lambda g: ("!/" in path(g), path(g)))
        scores[lead[0]] = max(scores[g[0]] for g in same)
        kept.append(lead)
        others = sorted(path(g) for g in same if g is not lead)
        if others:
            copies[lead[0]] = others
    return kept, copies
