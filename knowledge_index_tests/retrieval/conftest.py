"""Retrieval fixtures: the generated estate is embedded once per session (MiniLM, 2 CPU cores)."""

from __future__ import annotations

import os

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")

import datetime as dt
import random
from pathlib import Path

import numpy as np
import pytest

from knowledge_index.retrieval.acl import CompiledAcl
from knowledge_index.retrieval.chunk_records import DocumentVersion, build_chunk_records
from knowledge_index.retrieval.chunking import ChunkingInput
from knowledge_index.retrieval.embeddings import DEFAULT_EMBEDDING_MODEL, Embedder, local_dimensions
from knowledge_index.retrieval.records import ChunkRecord, make_chunk_id
from knowledge_index.retrieval.search_index import SearchIndex
from knowledge_index_tests.retrieval.corpus import Doc, build_corpus, synthetic_text

EVERYONE = CompiledAcl(allowed=["*"], denied=[])
# The default model's vector size: an index opened with the defaults expects it.
DIMS = local_dimensions(DEFAULT_EMBEDDING_MODEL)


@pytest.fixture(scope="session")
def embedder() -> Embedder:
    return Embedder(batch_size=32)


@pytest.fixture(scope="session")
def corpus() -> list[Doc]:
    return build_corpus()


def doc_version(doc: Doc, acl: CompiledAcl = EVERYONE) -> DocumentVersion:
    return DocumentVersion(
        source_object_id=doc.source_object_id,
        version_id=f"{doc.source_object_id}v1",
        matter_id=doc.matter_id,
        doc_type=doc.doc_type,
        status="final",
        language=doc.language,
        doc_date=doc.doc_date,
        path=doc.path,
        title=doc.title,
        content=ChunkingInput(text=doc.text),
        acl=acl,
    )


@pytest.fixture(scope="session")
def corpus_records(corpus: list[Doc], embedder: Embedder) -> list[ChunkRecord]:
    return build_chunk_records([doc_version(doc) for doc in corpus], embedder)


@pytest.fixture(scope="session")
def query_vectors(corpus: list[Doc], embedder: Embedder) -> dict[str, np.ndarray]:
    queries = [d.query for d in corpus]
    return dict(zip(queries, embedder.embed(queries), strict=True))


@pytest.fixture(scope="session")
def corpus_index(
    tmp_path_factory: pytest.TempPathFactory, corpus_records: list[ChunkRecord]
) -> SearchIndex:
    index = SearchIndex(tmp_path_factory.mktemp("corpus-index"))
    index.upsert(corpus_records, watermark=1)
    index.optimize()
    return index


PRINCIPALS = [f"user:u{i}" for i in range(6)] + [f"group:g{i}" for i in range(4)] + ["*"]
MATTERS = ["M-A", "M-B", "M-C"]
DOC_TYPES = ["Vertrag", "Schriftsatz", "Memo"]


def random_records(
    n_docs: int, chunks_per_doc: int, seed: int, dims: int = DIMS
) -> list[ChunkRecord]:
    """Chunks with random unit vectors and random ACLs: permission/filter checks need no model."""
    rng = random.Random(seed)
    np_rng = np.random.default_rng(seed)
    records = []
    for d in range(n_docs):
        allowed = rng.sample(PRINCIPALS, rng.randint(0, 3))
        denied = rng.sample(PRINCIPALS, rng.choice([0, 0, 0, 1, 2]))
        matter = rng.choice(MATTERS)
        doc_type = rng.choice(DOC_TYPES)
        language = rng.choice(["de", "en"])
        date = None if rng.random() < 0.1 else dt.date(2020, 1, 1)
        if date is not None:
            date = date.fromordinal(date.toordinal() + rng.randrange(1500))
        for o in range(chunks_per_doc):
            vector = np_rng.standard_normal(dims).astype(np.float32)
            records.append(
                ChunkRecord(
                    chunk_id=make_chunk_id(f"R{d:04d}v1", o),
                    document_id=f"R{d:04d}",
                    version_id=f"R{d:04d}v1",
                    matter_id=matter,
                    doc_type=doc_type,
                    status="final",
                    language=language,
                    doc_date=date,
                    allowed_principals=allowed,
                    denied_principals=denied,
                    path=f"/akten/{matter}/doc_{d}.docx",
                    title=f"Dokument {d}",
                    # "Akte" in every chunk: a BM25 query for it must return the whole visible set.
                    text="Akte " + synthetic_text(rng, 40),
                    ordinal=o,
                    vector=vector / np.linalg.norm(vector),
                )
            )
    return records


@pytest.fixture(scope="session")
def random_index(tmp_path_factory: pytest.TempPathFactory) -> tuple[SearchIndex, list[ChunkRecord]]:
    records = random_records(n_docs=120, chunks_per_doc=3, seed=11)
    index = SearchIndex(Path(tmp_path_factory.mktemp("random-index")))
    index.rebuild(records, watermark=5)
    return index, records
