"""Byte-identical files answer a document search once, as a caller would want them."""

from __future__ import annotations

from pathlib import Path

import numpy as np

from knowledge_index.retrieval.records import ChunkRecord, make_chunk_id
from knowledge_index.retrieval.search import DocumentSearchRequest, HybridSearcher
from knowledge_index.retrieval.search_index import SearchIndex
from knowledge_index_tests.retrieval.conftest import DIMS


def _record(doc: str, content: str, path: str, text: str, allowed: list[str]) -> ChunkRecord:
    vector = np.random.default_rng(abs(hash(text)) % 2**32).standard_normal(DIMS)
    version = f"{doc}@{content}"
    return ChunkRecord(
        chunk_id=make_chunk_id(version, 0),
        document_id=doc,
        version_id=version,
        matter_id="M1",
        status="draft",
        allowed_principals=allowed,
        path=path,
        title=path.rsplit("/", 1)[-1],
        text=text,
        vector=(vector / np.linalg.norm(vector)).astype(np.float32),
    )


SAME, OTHER = "a" * 16, "b" * 16
LEASE = "Mietvertrag Hafenstraße: offener Urlaub von 14 Tagen wird abgegolten. Kaution drei Monate."


def test_copies_are_one_result_named_by_the_filed_copy_and_hidden_copies_stay_hidden(
    tmp_path: Path,
) -> None:
    records = [
        # The same bytes mailed (an attachment) and filed; a third copy the caller may not see.
        _record("att", SAME, "M1/Mail.eml!/Mietvertrag.docx", LEASE, ["*"]),
        _record("filed", SAME, "M1/Verträge/Mietvertrag.docx", LEASE, ["*"]),
        _record("walled", SAME, "Vorstand/Mietvertrag.docx", LEASE, ["group:board"]),
        _record("other", OTHER, "M1/Notiz.docx", "Notiz: Urlaub und Kaution besprechen.", ["*"]),
    ]
    index = SearchIndex(tmp_path / "index")
    index.rebuild(records, watermark=1)
    searcher = HybridSearcher(index, None)
    request = DocumentSearchRequest(query="offener Urlaub Kaution", limit=10)
    page = searcher.search_documents(request, ["user:alice"], records[0].vector)
    assert [d.source_object_id for d in page.hits] == ["filed", "other"]
    assert page.hits[0].copies == ["M1/Mail.eml!/Mietvertrag.docx"]
    assert page.total == 2
    board = searcher.search_documents(request, ["group:board"], records[0].vector)
    # A caller who may see the walled copy gets it listed too, and only then.
    assert board.hits[0].copies == ["M1/Mail.eml!/Mietvertrag.docx", "Vorstand/Mietvertrag.docx"]
    assert board.hits[0].source_object_id == "filed"
