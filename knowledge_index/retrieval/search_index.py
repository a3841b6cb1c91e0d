"""`SearchIndex`: one LanceDB table and one Tantivy index kept in step, plus a watermark.

Layout under `path`:
    state.json           generation, watermark, embedding model (written atomically, last)
    gen-000001/vectors   LanceDB (vectors + payload: the side the lexical one can be rebuilt from)
    gen-000001/lexical   Tantivy

The two stores cannot commit together. Every write therefore commits both sides first and moves
the watermark in `state.json` only afterwards: after a crash the updater replays the changes feed
from the old watermark, and because every operation is idempotent (upsert by chunk_id, replace
and delete by source object id) the replay converges. `rebuild` writes a new generation beside the
serving one and switches by rewriting `state.json`, so searches never see a half-built index.
"""

from __future__ import annotations

import datetime as dt
import itertools
import json
import os
import shutil
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path
from typing import TypeVar

from knowledge_index.retrieval.acl import CompiledAcl
from knowledge_index.retrieval.document_terms import TermsProvider
from knowledge_index.retrieval.embeddings import DEFAULT_EMBEDDING_MODEL, local_dimensions
from knowledge_index.retrieval.index_state import (
    SCHEMA_VERSION,
    STATE_FILE,
    IndexState,
    read_state,
)
from knowledge_index.retrieval.lexical import LexicalIndex
from knowledge_index.retrieval.records import ChunkRecord
from knowledge_index.retrieval.vectors import VectorIndex

T = TypeVar("T")


class IndexMismatchError(RuntimeError):
    """The stored index was built for another model or schema: it needs a rebuild."""


def _batches(items: Iterable[T], size: int) -> Iterator[list[T]]:
    iterator = iter(items)
    while batch := list(itertools.islice(iterator, size)):
        yield batch


class SearchIndex:
    def __init__(
        self,
        path: Path | str,
        embedding_model: str = DEFAULT_EMBEDDING_MODEL,
        dims: int | None = None,
        ann_min_rows: int = 10_000,
        document_terms: TermsProvider | None = None,
    ) -> None:
        self.path = Path(path)
        self.path.mkdir(parents=True, exist_ok=True)
        self.ann_min_rows = ann_min_rows
        self.document_terms = document_terms
        dims = dims or local_dimensions(embedding_model)
        state = self._read_state()
        if state is None:
            state = IndexState(embedding_model=embedding_model, dims=dims)
            self._write_state(state)
        elif state.schema_version != SCHEMA_VERSION:
            raise IndexMismatchError(f"index schema {state.schema_version}, code {SCHEMA_VERSION}")
        elif (state.embedding_model, state.dims) != (embedding_model, dims):
            raise IndexMismatchError(
                f"index built with {state.embedding_model} ({state.dims} dims), "
                f"configured {embedding_model} ({dims} dims): rebuild it (materialize the "
                "search_index asset with config rebuild: true)"
            )
        self.embedding_model = embedding_model
        self.dims = dims
        self._open(state)

    # -- state -----------------------------------------------------------------------------

    @property
    def state_path(self) -> Path:
        return self.path / STATE_FILE

    def _read_state(self) -> IndexState | None:
        return read_state(self.path)

    def _write_state(self, state: IndexState) -> None:
        tmp = self.state_path.with_suffix(".tmp")
        with open(tmp, "w") as handle:
            handle.write(state.model_dump_json(indent=2))
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, self.state_path)
        self._state_mtime = self.state_path.stat().st_mtime_ns

    @staticmethod
    def outdated_schema(path: Path | str) -> bool:
        state = Path(path) / STATE_FILE
        if not state.exists():
            return False
        return IndexState.model_validate_json(state.read_text()).schema_version < SCHEMA_VERSION

    @staticmethod
    def start_over(path: Path | str, embedding_model: str, dims: int) -> None:
        """An index of an older schema is not migrated in place: a fresh, empty generation with
        no watermark replaces it, so the next update replays the whole changes feed (which is
        never pruned) into the current layout. Only the updater calls this."""
        path = Path(path)
        old = IndexState.model_validate_json((path / STATE_FILE).read_text())
        state = IndexState(
            embedding_model=embedding_model, dims=dims, generation=old.generation + 1
        )
        shutil.rmtree(path / f"gen-{state.generation:06d}", ignore_errors=True)
        tmp = (path / STATE_FILE).with_suffix(".tmp")
        tmp.write_text(state.model_dump_json(indent=2))
        os.replace(tmp, path / STATE_FILE)

    def set_document_terms(self, document_terms: TermsProvider | None) -> None:
        """Where written chunks take their document-level fields from (the updater's engine)."""
        self.document_terms = document_terms
        self.lexical.document_terms = document_terms

    def _generation_dir(self, generation: int) -> Path:
        return self.path / f"gen-{generation:06d}"

    def _open(self, state: IndexState) -> None:
        base = self._generation_dir(state.generation)
        self.state = state
        self.vectors = VectorIndex(base / "vectors", self.dims, ann_min_rows=self.ann_min_rows)
        self.lexical = LexicalIndex(base / "lexical", self.document_terms)
        self._state_mtime = self.state_path.stat().st_mtime_ns

    @property
    def watermark(self) -> int | None:
        return self.state.watermark

    @property
    def version(self) -> str:
        """Changes whenever searchable content changes; cache keys and health checks use it."""
        return f"{self.state.generation}.{self.vectors.table.version}.{self.state.watermark}"

    def _advance(self, watermark: int | None) -> None:
        state = self.state.model_copy(update={"updated_at": dt.datetime.now(dt.UTC)})
        if watermark is not None:
            state.watermark = max(watermark, state.watermark or watermark)
        self._write_state(state)
        self.state = state

    def refresh(self) -> None:
        """Pick up another process's writes or rebuild (cheap when nothing changed)."""
        mtime = self.state_path.stat().st_mtime_ns
        if mtime == self._state_mtime:
            return
        state = self._read_state()
        if state is None:
            return
        if state.generation != self.state.generation:
            self._open(state)
        else:
            self.state = state
            self._state_mtime = mtime
            self.vectors.table.checkout_latest()
            self.lexical.reload()

    # -- writes ------------------------------------------------------------------------------

    def upsert(self, chunks: Iterable[ChunkRecord], watermark: int | None = None) -> int:
        """Insert or replace chunks by chunk_id; applying the same batch twice is a no-op."""
        chunks = self._dedupe(chunks)
        self.vectors.upsert(chunks)
        self.lexical.upsert(chunks)
        self._advance(watermark)
        return len(chunks)

    def replace_documents(
        self,
        source_object_ids: Sequence[str],
        chunks: Iterable[ChunkRecord],
        watermark: int | None = None,
    ) -> int:
        """A re-indexed document's chunks replace all of its old ones (none are orphaned)."""
        chunks = self._dedupe(chunks)
        ids = sorted({*source_object_ids, *(c.document_id for c in chunks)})
        self.vectors.replace_documents(ids, chunks)
        self.lexical.replace_documents(ids, chunks)
        self._advance(watermark)
        return len(chunks)

    def delete_documents(
        self, source_object_ids: Sequence[str], watermark: int | None = None
    ) -> None:
        self.vectors.delete_documents(source_object_ids)
        self.lexical.delete_documents(source_object_ids)
        self._advance(watermark)

    def update_acl(
        self, source_object_ids: Sequence[str], acl: CompiledAcl, watermark: int | None = None
    ) -> None:
        """Access-only change: no re-chunking, no re-embedding; lexical rows re-derived."""
        if not source_object_ids:
            return
        self.vectors.update_acl(source_object_ids, acl.allowed, acl.denied)
        quoted = ", ".join("'" + d.replace("'", "''") + "'" for d in sorted(set(source_object_ids)))
        payloads = [
            p for batch in self.vectors.iter_payloads(f"document_id IN ({quoted})") for p in batch
        ]
        self.lexical.replace_documents(source_object_ids, payloads)
        self._advance(watermark)

    def rebuild(
        self,
        all_chunks: Iterable[ChunkRecord],
        watermark: int | None = None,
        batch_size: int = 2_000,
    ) -> int:
        """Build a fresh generation from scratch, then switch to it atomically."""
        generation = self.state.generation + 1
        base = self._generation_dir(generation)
        shutil.rmtree(base, ignore_errors=True)
        vectors = VectorIndex(base / "vectors", self.dims, ann_min_rows=self.ann_min_rows)
        lexical = LexicalIndex(base / "lexical", self.document_terms)
        total = 0
        seen: set[str] = set()
        for batch in _batches(all_chunks, batch_size):
            fresh = [c for c in self._dedupe(batch) if c.chunk_id not in seen]
            seen.update(c.chunk_id for c in fresh)
            if fresh:
                vectors.table.add(vectors.to_arrow(fresh))
                lexical.upsert(fresh)
                total += len(fresh)
        vectors.optimize()
        state = IndexState(
            generation=generation,
            embedding_model=self.embedding_model,
            dims=self.dims,
            watermark=watermark,
        )
        self._write_state(state)
        self.state, self.vectors, self.lexical = state, vectors, lexical
        # The previous generation stays for readers that have not refreshed yet.
        for old in self.path.glob("gen-*"):
            if old.is_dir() and int(old.name.split("-")[1]) < generation - 1:
                shutil.rmtree(old, ignore_errors=True)
        return total

    def optimize(self) -> None:
        self.vectors.optimize()

    def maintain(self) -> bool:
        """After incremental writes: optimize when the vector table has drifted from it."""
        return self.vectors.maintain()

    # -- reads -------------------------------------------------------------------------------

    def count(self) -> int:
        return self.vectors.count()

    def counts(self) -> dict[str, int]:
        return {"vectors": self.vectors.count(), "lexical": self.lexical.count()}

    @staticmethod
    def _dedupe(chunks: Iterable[ChunkRecord]) -> list[ChunkRecord]:
        # Last write wins inside a batch, as it would across batches.
        return list({c.chunk_id: c for c in chunks}.values())

    def describe(self) -> dict[str, object]:
        return {
            "path": str(self.path),
            "version": self.version,
            **json.loads(self.state.model_dump_json()),
            **self.counts(),
        }
