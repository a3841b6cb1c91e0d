"""index: chunks with embeddings and their permission projection into Postgres.

Embedding dominates the cost, so the handler embeds a whole claim chunk's documents in full
batches. Deleted documents lose their chunks; an ACL-only change rewrites permission fields only.
"""

from __future__ import annotations

import time
from collections.abc import Iterator, Sequence
from pathlib import PurePosixPath

import numpy as np
from sqlalchemy import Engine, text

from knowledge_index.artifacts import get_artifact
from knowledge_index.ledger.states import SOURCE_OBJECT_DELETED
from knowledge_index.objects import store as objects
from knowledge_index.retrieval.acl import CompiledAcl, Grants, compile_acl
from knowledge_index.retrieval.chunk_records import DocumentVersion, embed_chunk_records
from knowledge_index.retrieval.chunk_store import (
    delete_document_chunks,
    document_chunk_count,
    replace_document_chunks,
    stored_vectors,
    update_document_acl,
)
from knowledge_index.retrieval.chunking import ChunkingConfig, ChunkingInput, PageMark, Section
from knowledge_index.retrieval.derived import (
    FINAL_STATUSES,
    DerivedChunk,
    clause_chunks,
    drop_sibling_profiles,
    profile_chunk,
    version_facts,
)
from knowledge_index.retrieval.embeddings import embedder_for
from knowledge_index.retrieval.records import ChunkRecord
from knowledge_index.settings import Settings
from knowledge_index.stages.base import StageContext, StageOutcome

NO_TEXT = "no_converted_text"
Result = tuple[StageContext, StageOutcome | BaseException, float]


def document_acl(acl: dict) -> CompiledAcl:
    """Source default and folder grants were merged by the sync; compile them for queries."""
    return compile_acl(Grants(allow=acl.get("allow", []), deny=acl.get("deny", [])))


def governing_acl(conn, obj: objects.SourceObject) -> CompiledAcl:
    """A child's projection comes from its top-level ancestor's grants as they are now, not
    from the copy taken when the child was created."""
    return document_acl(objects.inherited_acl(conn, obj.id) or obj.acl)


def version_id(source_object_id: str, content_hash: str) -> str:
    return f"{source_object_id}@{content_hash[:16]}"


class IndexHandler:
    def __call__(self, ctx: StageContext) -> StageOutcome:
        for _, outcome, _ in self.run_batch([ctx]):
            if isinstance(outcome, BaseException):
                raise outcome
            return outcome
        raise RuntimeError("index produced no outcome")

    def run_batch(self, contexts: list[StageContext]) -> Iterator[Result]:
        to_embed: list[tuple[StageContext, DocumentVersion, float]] = []
        for ctx in contexts:
            t0 = time.monotonic()
            try:
                quick = self._quick_path(ctx)
                if quick is not None:
                    yield ctx, quick, time.monotonic() - t0
                    continue
                doc = self._document_version(ctx)
                if doc is None:
                    yield ctx, StageOutcome("skipped", NO_TEXT), time.monotonic() - t0
                    continue
                to_embed.append((ctx, doc, time.monotonic() - t0))
            except Exception as exc:
                yield ctx, exc, time.monotonic() - t0
        if not to_embed:
            return
        settings = contexts[0].settings
        t0 = time.monotonic()
        try:
            records = _build_records(settings, contexts[0].engine, [doc for _, doc, _ in to_embed])
        except Exception as exc:
            for ctx, _, prep in to_embed:
                yield ctx, exc, prep
            return
        per_doc = (time.monotonic() - t0) / len(to_embed)
        by_doc: dict[str, list] = {}
        for record, digest in records:
            by_doc.setdefault(record.document_id, []).append((record, digest))
        for ctx, doc, prep in to_embed:
            t1 = time.monotonic()
            try:
                mine = by_doc.get(doc.source_object_id, [])
                with ctx.engine.begin() as conn:
                    removed = replace_document_chunks(
                        conn,
                        doc.source_object_id,
                        ctx.source_object.content_hash or "",
                        [record for record, _ in mine],
                        settings.retrieval.embedding_model,
                        [digest for _, digest in mine],
                    )
                    if doc.logical_document_id:
                        drop_sibling_profiles(conn, doc.source_object_id, doc.logical_document_id)
                outcome = StageOutcome(
                    "done",
                    metadata={
                        "chunks": len(mine),
                        "derived_rows": len(doc.derived),
                        "version_status": doc.status,
                        "replaced_rows_removed": removed,
                        "embedding_model": settings.retrieval.embedding_model,
                    },
                )
                yield ctx, outcome, prep + per_doc + time.monotonic() - t1
            except Exception as exc:
                yield ctx, exc, prep + per_doc

    def _quick_path(self, ctx: StageContext) -> StageOutcome | None:
        obj = ctx.source_object
        if obj.deleted:
            with ctx.engine.begin() as conn:
                removed = delete_document_chunks(conn, obj.id)
            return StageOutcome("skipped", SOURCE_OBJECT_DELETED, {"chunks_removed": removed})
        if ctx.access_only_reindex:
            with ctx.engine.begin() as conn:
                if document_chunk_count(conn, obj.id):
                    acl = governing_acl(conn, obj)
                    n = update_document_acl(conn, obj.id, acl.allowed, acl.denied)
                    return StageOutcome("done", metadata={"access_only": True, "chunks": n})
        return None

    def _document_version(self, ctx: StageContext) -> DocumentVersion | None:
        obj = ctx.source_object
        if not obj.content_hash:
            return None
        with ctx.engine.connect() as conn:
            artifact = get_artifact(conn, "structured_json", obj.content_hash)
            seq = objects.seq_of(conn, obj.id)
            meta = _model_metadata(conn, obj.id)
            facts = version_facts(conn, obj.id)
            acl = governing_acl(conn, obj)
        if artifact is None or not artifact.body.get("text", "").strip():
            return None
        body = artifact.body
        title = (body.get("metadata") or {}).get("title") or PurePosixPath(obj.path).name
        if body.get("email"):
            title = body["email"].get("subject") or title
        title = str(meta.get("title") or title)
        derived: list[DerivedChunk] = []
        if facts.status in FINAL_STATUSES:
            derived += clause_chunks(body["text"], meta.get("notable_clauses") or [])
        if facts.latest_final:
            derived.append(
                profile_chunk(
                    title=title,
                    doc_type=meta.get("doc_type"),
                    matter=meta.get("reference_number"),
                    parties=meta.get("parties") or [],
                    doc_date=meta.get("doc_date"),
                    body_text=body["text"],
                )
            )
        return DocumentVersion(
            source_object_id=obj.id,
            version_id=version_id(obj.id, obj.content_hash),
            matter_id=meta.get("matter_id"),
            doc_type=meta.get("doc_type"),
            language=meta.get("language"),
            doc_date=meta.get("doc_date"),
            path=obj.path,
            title=title,
            status=facts.status,
            logical_document_id=facts.logical_document_id if facts.latest_final else None,
            derived=derived,
            content=_searchable(body),
            acl=acl,
            updated_seq=seq,
        )


def _searchable(body: dict) -> ChunkingInput:
    """The converted text as search reads it: with the reviewers' comments at the end.

    A DOCX's comments are not in the converted text (extract_metadata would read a reviewer's
    "Herr X von der Y GmbH" as the contract's own wording) but a reader sees them, and a
    lawyer searches for what was said in one; formats whose comments are already in the text
    add nothing twice.
    """
    text = body["text"]
    sections = [
        Section(level=max(1, s.get("level", 1)), title=s.get("title", ""), start=s.get("start", 0))
        for s in body.get("sections", [])
        if s.get("start") is not None
    ]
    lines = []
    for c in body.get("comments") or []:
        said = " ".join(str(c.get("text") or "").split())
        if said and said not in text:
            lines.append(f"{c['author']}: {said}" if c.get("author") else said)
    if lines:
        start = len(text) + 2
        text = f"{text}\n\n{COMMENTS_HEADING}\n\n" + "\n\n".join(lines)
        sections.append(Section(level=1, title=COMMENTS_HEADING, start=start))
    return ChunkingInput(text=text, sections=sections, pages=_pages(body))


COMMENTS_HEADING = "Comments"


def _model_metadata(conn, source_object_id: str) -> dict:
    """What classify_matter and extract_metadata recorded, when those stages have run."""
    row = (
        conn.execute(
            text(
                "SELECT a.matter_id, m.reference_number, d.doc_type, d.language, d.doc_date,"
                " d.title, d.notable_clauses,"
                " ARRAY(SELECT e.name FROM document_parties p JOIN entities e"
                "   ON e.id = p.entity_id WHERE p.source_object_id = o.id"
                "   ORDER BY p.role, e.name) AS parties"
                " FROM source_objects o"
                " LEFT JOIN matter_assignments a ON a.source_object_id = o.id"
                " LEFT JOIN matters m ON m.id = a.matter_id"
                " LEFT JOIN document_metadata d ON d.source_object_id = o.id"
                " WHERE o.id = :id"
            ),
            {"id": source_object_id},
        )
        .mappings()
        .first()
    )
    return {k: v for k, v in dict(row or {}).items() if v is not None}


def _pages(body: dict) -> list[PageMark]:
    marks: list[PageMark] = []
    offset = 0
    text_ = body.get("text", "")
    for page in body.get("pages", []):
        page_text = page.get("text", "")
        found = text_.find(page_text[:80], offset) if page_text else -1
        if found >= 0:
            marks.append(PageMark(page=page.get("number", len(marks) + 1), start=found))
            offset = found
    return marks


def _build_records(
    settings: Settings, engine: Engine, docs: list[DocumentVersion]
) -> list[tuple[ChunkRecord, str]]:
    model = settings.retrieval.embedding_model
    embedder = embedder_for(model)
    config = ChunkingConfig(
        chunk_chars=settings.retrieval.chunk_chars,
        chunk_overlap_chars=settings.retrieval.chunk_overlap_chars,
        model_max_tokens=embedder.max_tokens,
    )

    def known(digests: Sequence[str]) -> dict[str, np.ndarray]:
        # A document indexed again after relate or extract_metadata revisited it mostly has the
        # same embedding inputs as before; a duplicate file has another file's.
        with engine.connect() as conn:
            return stored_vectors(conn, model, digests)

    def build() -> list[tuple[ChunkRecord, str]]:
        return embed_chunk_records(docs, embedder, config, known=known)

    remote = settings.retrieval.remote_embedding_model
    if remote is None:
        return build()
    # An embedding endpoint is guarded like a model stage's model: an outage opens its
    # circuit and the runner parks the stage's rows instead of spending requests on each.
    from knowledge_index.gateway.circuits import breaker_for
    from knowledge_index.gateway.guard import guarded

    return guarded(
        breaker_for(settings, engine),
        remote,
        "index",
        build,
    )
