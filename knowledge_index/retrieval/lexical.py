"""The Tantivy side: field-aware BM25 in German and English, plus exact fields.

Text and title are indexed twice, once per stemmer, because the query's language is unknown and
a chunk may mix both; the scores add up. Besides the chunk's text, title and path, each chunk
carries its headings and what its document is (matter reference and title, party names and
aliases, document type labels: document_terms) in fields of their own with their own boosts, and
the tails of its German compounds (compounds). Keyword fields (raw tokenizer) carry the filters,
the ACL projection and the exact identifiers (with separator-free spellings and the canonical
keys of matter references, the document's own matter among them). The payload is stored too
(as JSON, not indexed): a page of hits reads it here in about a millisecond, where a LanceDB
lookup costs several.
Custom analyzers are not persisted by Tantivy, so every open registers them again.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path

import tantivy

from knowledge_index.retrieval.acl import ALLOWED_FIELD, DENIED_FIELD, tantivy_acl_clauses
from knowledge_index.retrieval.compounds import compound_tails
from knowledge_index.retrieval.document_terms import DocumentTerms, TermsProvider
from knowledge_index.retrieval.filters import (
    DAY_FIELD,
    KEYWORD_FILTERS,
    SearchFilters,
    tantivy_filter_clauses,
)
from knowledge_index.retrieval.identifiers import (
    MATTER_PREFIX,
    extract_identifiers,
    identifier_terms,
    matter_terms,
    path_identifiers,
)
from knowledge_index.retrieval.records import ChunkPayload

KEYWORD_FIELDS = ("chunk_id", "version_id", *KEYWORD_FILTERS, ALLOWED_FIELD, DENIED_FIELD)
IDENT_FIELD = "ident"
IDENT_META_FIELD = "ident_meta"
# (field, analyzer, boost). What the document is (its matter, parties, type) says most about
# whether it is the one asked for, its title and path about as much as its text, headings a
# little (they repeat across documents of a kind); compound tails are a fallback for a German
# word that only occurs inside a compound. Chosen on estate A's labelled queries
# (bench_search_quality --grid fields); SearchConfig.field_boosts overrides them per search.
TEXT_FIELDS = (
    ("text_de", "ki_de", 1.0),
    ("text_en", "ki_en", 1.0),
    ("title_de", "ki_de", 1.0),
    ("title_en", "ki_en", 1.0),
    ("path_text", "ki_plain", 1.5),
    ("heading_de", "ki_de", 0.25),
    ("heading_en", "ki_en", 0.25),
    ("matter_text", "ki_de", 2.0),
    ("party_text", "ki_plain", 2.0),
    ("doctype_de", "ki_de", 2.0),
    ("doctype_en", "ki_en", 2.0),
    ("tail_de", "ki_de", 0.3),
    ("decision_de", "ki_de", 0.5),
    ("decision_en", "ki_en", 0.5),
)
# Quoted words must stand together: a phrase in the text or title outranks scattered words.
PHRASE_FIELDS = (("text_de", "ki_de"), ("text_en", "ki_en"), ("title_de", "ki_de"))
PHRASE_BOOST = 4.0
FIELD_TIE_BREAKER = 0.2
QUOTED = re.compile(r'["„“”]([^"„“”]+)["„“”]')
# An identifier in the title or file name names the document; in the body it only mentions it.
IDENT_BOOSTS = ((IDENT_META_FIELD, 3.0), (IDENT_FIELD, 1.0))
_MAX_TOKEN_CHARS = 40
PAYLOAD_FIELD = "payload"
_PAYLOAD_KEYS = set(ChunkPayload.model_fields)


@functools.cache
def analyzer(name: str, stopwords: bool = False) -> tantivy.TextAnalyzer:
    """`stopwords` is for the query side only: "der", "von", "the", "was" in a question would
    otherwise score in every field of nearly every chunk and drown the words that matter."""
    builder = (
        tantivy.TextAnalyzerBuilder(tantivy.Tokenizer.simple())
        .filter(tantivy.Filter.remove_long(_MAX_TOKEN_CHARS))
        .filter(tantivy.Filter.lowercase())
    )
    if stopwords:
        builder = builder.filter(tantivy.Filter.stopword("german")).filter(
            tantivy.Filter.stopword("english")
        )
    if name == "ki_de":
        builder = builder.filter(tantivy.Filter.stemmer("german"))
    elif name == "ki_en":
        builder = builder.filter(tantivy.Filter.stemmer("english"))
    elif name != "ki_plain":
        raise ValueError(f"unknown analyzer {name}")
    return builder.build()


def _schema() -> tantivy.Schema:
    builder = tantivy.SchemaBuilder()
    for field in KEYWORD_FIELDS:
        builder.add_text_field(
            field, stored=field == "chunk_id", tokenizer_name="raw", index_option="basic"
        )
    for field in (IDENT_FIELD, IDENT_META_FIELD):
        builder.add_text_field(field, tokenizer_name="raw", index_option="freq")
    for field, analyzer_name, _ in TEXT_FIELDS:
        builder.add_text_field(field, tokenizer_name=analyzer_name, index_option="position")
    builder.add_integer_field(DAY_FIELD, indexed=True, fast=True)
    builder.add_bytes_field(PAYLOAD_FIELD, stored=True, indexed=False)
    return builder.build()


def _field_sources(chunk: ChunkPayload, terms: DocumentTerms | None) -> dict[str, str]:
    headings = " ".join(chunk.section_path)
    types = " ".join(terms.doc_type_labels) if terms else ""
    decisions = " ".join(terms.decisions) if terms else ""
    return {
        "text_de": chunk.text,
        "text_en": chunk.text,
        "title_de": chunk.title,
        "title_en": chunk.title,
        "path_text": chunk.path,
        "heading_de": headings,
        "heading_en": headings,
        "matter_text": terms.matter_text if terms else "",
        "party_text": " ".join((*terms.parties, *terms.party_identity)) if terms else "",
        "doctype_de": types,
        "doctype_en": types,
        "tail_de": compound_tails(" ".join((chunk.title, chunk.text))),
        "decision_de": decisions,
        "decision_en": decisions,
    }


def _to_document(chunk: ChunkPayload, terms: DocumentTerms | None = None) -> tantivy.Document:
    doc = tantivy.Document()
    for field in KEYWORD_FIELDS:
        value = getattr(chunk, field)
        for item in value if isinstance(value, list) else [value]:
            if item is not None:
                doc.add_text(field, item)
    for field, source in _field_sources(chunk, terms).items():
        if source:
            doc.add_text(field, source)
    body = [*identifier_terms(extract_identifiers(chunk.text)), *matter_terms(chunk.text)]
    for ident in dict.fromkeys(body):
        doc.add_text(IDENT_FIELD, ident)
    meta = identifier_terms(
        sorted({*extract_identifiers(chunk.title), *path_identifiers(chunk.path)})
    )
    # The document's own matter names it as surely as its file name does.
    if terms and terms.matter_key:
        meta.append(MATTER_PREFIX + terms.matter_key)
    meta += matter_terms(chunk.path)
    for ident in dict.fromkeys(meta):
        doc.add_text(IDENT_META_FIELD, ident)
    if chunk.doc_date is not None:
        doc.add_integer(DAY_FIELD, chunk.doc_date.toordinal())
    doc.add_bytes(PAYLOAD_FIELD, chunk.model_dump_json(include=_PAYLOAD_KEYS).encode())
    return doc


class LexicalIndex:
    def __init__(self, path: Path, document_terms: TermsProvider | None = None) -> None:
        path.mkdir(parents=True, exist_ok=True)
        # Where the document-level fields come from when chunks are written (None: no such
        # fields, e.g. in unit tests without Postgres).
        self.document_terms = document_terms
        self.path = path
        self.schema = _schema()
        self.index = tantivy.Index(self.schema, path=str(path), reuse=True)
        for name in ("ki_de", "ki_en", "ki_plain"):
            self.index.register_tokenizer(name, analyzer(name))

    def _write(
        self,
        delete_terms: Iterable[tuple[str, str]] = (),
        add: Sequence[ChunkPayload] = (),
        delete_all: bool = False,
    ) -> None:
        # One writer per batch: Tantivy allows a single writer per index, held only this long.
        writer = self.index.writer(heap_size=64_000_000, num_threads=1)
        try:
            if delete_all:
                writer.delete_all_documents()
            for field, value in delete_terms:
                writer.delete_documents_by_term(field, value)
            terms = (
                self.document_terms(sorted({c.document_id for c in add}))
                if self.document_terms is not None and add
                else {}
            )
            for chunk in add:
                writer.add_document(_to_document(chunk, terms.get(chunk.document_id)))
            writer.commit()
        except BaseException:
            writer.rollback()
            raise
        writer.wait_merging_threads()
        self.index.reload()

    def upsert(self, chunks: Sequence[ChunkPayload]) -> None:
        self._write(delete_terms=[("chunk_id", c.chunk_id) for c in chunks], add=chunks)

    def replace_documents(
        self, document_ids: Iterable[str], chunks: Sequence[ChunkPayload]
    ) -> None:
        self._write(delete_terms=[("document_id", d) for d in document_ids], add=chunks)

    def delete_documents(self, document_ids: Iterable[str]) -> None:
        self._write(delete_terms=[("document_id", d) for d in document_ids])

    def clear(self) -> None:
        self._write(delete_all=True)

    def reload(self) -> None:
        self.index.reload()

    def count(self) -> int:
        return self.index.searcher().num_docs

    def text_query(
        self,
        query: str,
        boosts: Mapping[str, float] | None = None,
        phrase_boost: float = PHRASE_BOOST,
        tie_breaker: float = FIELD_TIE_BREAKER,
    ) -> tantivy.Query | None:
        """BM25 over every text field; `boosts` overrides TEXT_FIELDS' per-field boosts (a
        search configuration choice, applied at query time: no re-index).

        Each query word scores its best field plus `tie_breaker` times its other fields (a
        disjunction-max): a name that stands in a document's path, matter title, party field
        and text must not outweigh the one word of the query that tells two namesakes apart
        ("Berghof Immobilien GmbH Linz"). 1.0 is the plain sum over fields."""
        clauses = []
        # A query of nothing but stopwords ("Die", "was") still searches for them.
        stop = bool(analyzer("ki_plain", stopwords=True).analyze(query))
        for word in dict.fromkeys(analyzer("ki_plain", stopwords=stop).analyze(query)):
            per_field = []
            for field, analyzer_name, default in TEXT_FIELDS:
                boost = (boosts or {}).get(field, default)
                if boost <= 0:
                    continue
                for term in dict.fromkeys(analyzer(analyzer_name).analyze(word)):
                    term_query = tantivy.Query.term_query(self.schema, field, term)
                    per_field.append(tantivy.Query.boost_query(term_query, boost))
            if per_field:
                clauses.append(
                    (
                        tantivy.Occur.Should,
                        tantivy.Query.disjunction_max_query(per_field, tie_breaker=tie_breaker),
                    )
                )
        for phrase in QUOTED.findall(query):
            for field, analyzer_name in PHRASE_FIELDS:
                words: list[str | tuple[int, str]] = list(analyzer(analyzer_name).analyze(phrase))
                if len(words) < 2:
                    continue
                phrase_query = tantivy.Query.phrase_query(self.schema, field, words)
                clauses.append(
                    (tantivy.Occur.Should, tantivy.Query.boost_query(phrase_query, phrase_boost))
                )
        return tantivy.Query.boolean_query(clauses) if clauses else None

    def ident_query(self, identifiers: Sequence[str]) -> tantivy.Query | None:
        term = tantivy.Query.term_query
        clauses = [
            (
                tantivy.Occur.Should,
                tantivy.Query.boost_query(term(self.schema, field, ident), boost),
            )
            for ident in identifiers
            for field, boost in IDENT_BOOSTS
        ]
        return tantivy.Query.boolean_query(clauses) if clauses else None

    def search(
        self,
        query: tantivy.Query,
        caller_principals: Sequence[str],
        filters: SearchFilters | None,
        limit: int,
    ) -> list[tuple[str, float]]:
        """(chunk_id, score) best first, ACL and filters applied inside the query."""
        full = tantivy.Query.boolean_query(
            [
                (tantivy.Occur.Must, query),
                *tantivy_acl_clauses(self.schema, caller_principals),
                *tantivy_filter_clauses(self.schema, filters),
            ]
        )
        searcher = self.index.searcher()
        result = searcher.search(full, limit, count=False)
        hits = [(searcher.doc(address)["chunk_id"][0], score) for score, address in result.hits]
        # Equal scores come back in segment order; the id makes pagination repeatable.
        hits.sort(key=lambda hit: (-hit[1], hit[0]))
        return hits

    def payloads(self, chunk_ids: Sequence[str]) -> dict[str, ChunkPayload]:
        if not chunk_ids:
            return {}
        query = tantivy.Query.term_set_query(self.schema, "chunk_id", list(chunk_ids))
        searcher = self.index.searcher()
        result = searcher.search(query, len(chunk_ids), count=False)
        out = {}
        for _, address in result.hits:
            payload = ChunkPayload.model_validate_json(searcher.doc(address)[PAYLOAD_FIELD][0])
            out[payload.chunk_id] = payload
        return out
