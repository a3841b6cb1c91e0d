"""Index maintenance: idempotent upserts, deletes on both sides, rebuild == incremental."""

from __future__ import annotations

from pathlib import Path

import pytest

from knowledge_index.retrieval.acl import CompiledAcl
from knowledge_index.retrieval.records import ChunkRecord
from knowledge_index.retrieval.search import HybridSearcher, SearchRequest
from knowledge_index.retrieval.search_index import IndexMismatchError, SearchIndex
from knowledge_index_tests.retrieval.conftest import random_records

CALLER = ["user:u1", "group:g2"]
QUERIES = ["Akte Vertrag", "Kündigung Frist", "liability claim", "Gesellschaft Geschäftsführer"]


def _results(index: SearchIndex, records: list[ChunkRecord]) -> list[list[tuple[str, float]]]:
    searcher = HybridSearcher(index, embedder=None)
    out = []
    for i, query in enumerate(QUERIES):
        page = searcher.search(
            SearchRequest(query=query, limit=20), CALLER, query_vector=records[i * 7].vector
        )
        out.append([(h.chunk_id, round(h.score, 9)) for h in page.hits])
    return out


def test_upsert_is_idempotent_and_watermark_persists(tmp_path: Path) -> None:
    records = random_records(n_docs=20, chunks_per_doc=2, seed=1)
    index = SearchIndex(tmp_path)
    index.upsert(records[:25], watermark=10)
    index.upsert(records[20:], watermark=12)
    index.upsert(records, watermark=11)  # replayed batch: no duplicates, watermark never goes back
    assert index.counts() == {"vectors": 40, "lexical": 40}
    assert index.watermark == 12
    reopened = SearchIndex(tmp_path)
    assert reopened.watermark == 12
    assert reopened.count() == 40
    with pytest.raises(IndexMismatchError):
        SearchIndex(tmp_path, embedding_model="openai/text-embedding-3-small", dims=1536)


def test_delete_and_replace_documents_on_both_sides(tmp_path: Path) -> None:
    records = random_records(n_docs=10, chunks_per_doc=3, seed=2)
    index = SearchIndex(tmp_path)
    index.upsert(records)
    index.delete_documents(["R0001", "R0002"], watermark=3)
    assert index.counts() == {"vectors": 24, "lexical": 24}
    gone = {r.chunk_id for r in records if r.document_id in {"R0001", "R0002"}}
    query = index.lexical.text_query("Akte")
    assert query is not None
    everyone = ["user:u0", "user:u1", "user:u2", "user:u3", "user:u4", "user:u5"]
    everyone += ["group:g0", "group:g1", "group:g2", "group:g3"]
    lexical_ids = {cid for cid, _ in index.lexical.search(query, everyone, None, 100)}
    assert not lexical_ids & gone
    vector_ids = {cid for cid, _ in index.vectors.search(records[0].vector, everyone, None, 100)}
    assert not vector_ids & gone
    # Re-indexing R0003 with one chunk replaces its three: nothing orphaned.
    shorter = [r for r in records if r.document_id == "R0003"][:1]
    index.replace_documents(["R0003"], shorter)
    assert index.counts() == {"vectors": 22, "lexical": 22}


def test_access_only_update_changes_visibility_without_reembedding(tmp_path: Path) -> None:
    records = random_records(n_docs=4, chunks_per_doc=2, seed=3)
    index = SearchIndex(tmp_path)
    index.upsert(records)
    index.update_acl(["R0000"], CompiledAcl(allowed=["user:zed"], denied=[]))
    query = index.lexical.text_query("Akte")
    assert query is not None
    ids = {cid for cid, _ in index.lexical.search(query, ["user:zed"], None, 100)}
    assert {c for c in ids if c.startswith("R0000")} == {"R0000v1#0", "R0000v1#1"}
    vector_ids = {cid for cid, _ in index.vectors.search(records[0].vector, ["user:zed"], None, 50)}
    assert {"R0000v1#0", "R0000v1#1"} <= vector_ids
    assert index.counts() == {"vectors": 8, "lexical": 8}


def test_rebuild_gives_the_same_results_as_incremental_upserts(tmp_path: Path) -> None:
    records = random_records(n_docs=60, chunks_per_doc=2, seed=4)
    incremental = SearchIndex(tmp_path / "incremental")
    for start in range(0, len(records), 17):
        incremental.upsert(records[start : start + 17])
    incremental.delete_documents(["R0005"])
    incremental.upsert([r for r in records if r.document_id == "R0005"])

    rebuilt = SearchIndex(tmp_path / "rebuilt")
    rebuilt.upsert(records[:10])  # stale content that the rebuild must drop
    rebuilt.rebuild(reversed(records), watermark=99, batch_size=25)
    assert rebuilt.state.generation == 2
    assert rebuilt.watermark == 99
    assert rebuilt.counts() == incremental.counts() == {"vectors": 120, "lexical": 120}
    assert _results(rebuilt, records) == _results(incremental, records)
    # A second handle on the same path follows the switch to the new generation.
    reader = SearchIndex(tmp_path / "rebuilt")
    assert reader.state.generation == 2
    assert _results(reader, records) == _results(incremental, records)


def test_an_index_filled_by_updates_gets_the_indexes_a_rebuild_builds(tmp_path: Path) -> None:
    """The index stage's updates write a fragment per batch and build no index; maintenance
    after an update compacts them and builds the vector and filter indexes once the table has
    drifted that far, and the answers stay the same."""
    records = random_records(n_docs=100, chunks_per_doc=3, seed=5)
    index = SearchIndex(tmp_path, ann_min_rows=200)
    for start in range(0, len(records), 12):
        index.upsert(records[start : start + 12])
    table = index.vectors.table
    assert table.stats()["fragment_stats"]["num_fragments"] == 25
    assert list(table.list_indices()) == []
    before = _results(index, records)
    assert index.maintain() is True
    columns = {tuple(i.columns) for i in table.list_indices()}
    assert ("vector",) in columns and ("allowed_principals",) in columns
    assert table.stats()["fragment_stats"]["num_fragments"] == 1
    index.vectors.nprobes = 64  # every partition: the approximate search is then exact
    assert _results(index, records) == before
    # Nothing drifted since: no work. One more small batch is searched as fresh rows.
    assert index.maintain() is False
    extra = random_records(n_docs=104, chunks_per_doc=3, seed=6)[300:]
    index.upsert(extra)
    assert index.maintain() is False
    assert index.count() == 312
