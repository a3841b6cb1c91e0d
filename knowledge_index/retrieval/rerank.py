"""The reranker stage: a second, slower model re-scores the head of the fused ranking.

None is configured by default (`KI_RETRIEVAL__RERANKER` unset). Two kinds are built in:

- a cross-encoder behind a rerank endpoint, through `litellm.rerank`: any model string litellm
  routes (`infinity/BAAI/bge-reranker-v2-m3`, `hosted_vllm/...`, `cohere/rerank-v3.5`,
  `jina_ai/...`), with `KI_RETRIEVAL__RERANKER_API_BASE` for an on-prem server (Infinity,
  text-embeddings-inference and vLLM all answer the Cohere-style `/rerank`);
- a local embedding model as a second opinion (`ki-local/multilingual-e5-small`): the question
  and each candidate passage embedded by that model, scored by cosine. No cross-encoder ships
  its weights inside a Python package we could find, so this is the reranker that runs with
  no network; benchmarks/README.md says what it gains and costs.

The reranker's order is fused with the candidates' own order by reciprocal rank
(`SearchConfig.rerank_weight`), not put in its place: the head is what BM25, identifiers and
vectors agreed on, and a passage-level model cannot see the document fields (matter, parties,
type) that placed many of them. The head keeps its scores as a set, handed out in the new
order, so it stays above everything below it.
"""

from __future__ import annotations

import logging
import threading
from collections import OrderedDict
from collections.abc import Callable, Sequence
from typing import Any, Protocol

import numpy as np

from knowledge_index.retrieval.embeddings import LOCAL_PROVIDER
from knowledge_index.retrieval.fusion import Fused
from knowledge_index.retrieval.records import ChunkPayload

log = logging.getLogger(__name__)

LOCAL_PREFIX = f"{LOCAL_PROVIDER}/"


class Reranker(Protocol):
    def rerank(self, query: str, candidates: Sequence[ChunkPayload]) -> list[float]:
        """One relevance score per candidate, higher is better, same order as given."""


class RerankError(RuntimeError):
    pass


def rerank_text(payload: ChunkPayload) -> str:
    # The title says what the passage belongs to ("Bankgarantie", "Side Letter").
    return f"{payload.title}\n{payload.text}" if payload.title else payload.text


class EmbeddingReranker:
    """A second embedding model's cosine between the question and each passage.

    Passage vectors are kept (least recently used out): the heads of an agent's follow-up
    questions and pages share most of their passages, and embedding one costs ~60 ms."""

    def __init__(self, model: str, cache_size: int = 8_192) -> None:
        from knowledge_index.retrieval.embeddings import embedder_for

        self.model = model
        self._embedder = embedder_for(model)
        self._cache: OrderedDict[str, np.ndarray] = OrderedDict()
        self._cache_size = cache_size
        self._lock = threading.Lock()

    def rerank(self, query: str, candidates: Sequence[ChunkPayload]) -> list[float]:
        if not candidates:
            return []
        question = self._embedder.embed_query(query)
        texts = [rerank_text(c) for c in candidates]
        with self._lock:
            known = {t: v for t in texts if (v := self._cache.get(t)) is not None}
        new = [t for t in dict.fromkeys(texts) if t not in known]
        if new:
            known.update(zip(new, self._embedder.embed(new), strict=True))
            with self._lock:
                for t in new:
                    self._cache[t] = known[t]
                for t in texts:
                    if t in self._cache:
                        self._cache.move_to_end(t)
                while len(self._cache) > self._cache_size:
                    self._cache.popitem(last=False)
        return [float(known[t] @ question) for t in texts]


class EndpointReranker:
    """A cross-encoder served elsewhere, called through `litellm.rerank` (one request, no hidden
    retries: a search waits for it)."""

    def __init__(self, model: str, api_base: str | None = None, timeout: float = 10.0) -> None:
        self.model = model
        self.api_base = api_base
        self.timeout = timeout

    def rerank(self, query: str, candidates: Sequence[ChunkPayload]) -> list[float]:
        if not candidates:
            return []
        import litellm

        response = litellm.rerank(
            model=self.model,
            query=query,
            documents=[rerank_text(c) for c in candidates],
            return_documents=False,
            api_base=self.api_base,
            timeout=self.timeout,
            num_retries=0,
        )
        scores: list[float | None] = [None] * len(candidates)
        for result in response.results or []:
            index, score = _field(result, "index"), _field(result, "relevance_score")
            if isinstance(index, int) and 0 <= index < len(candidates) and score is not None:
                scores[index] = float(score)
        missing = sum(s is None for s in scores)
        if missing:
            raise RerankError(f"{self.model} scored {len(candidates) - missing} of {len(scores)}")
        return [s for s in scores if s is not None]


def _field(item: Any, name: str) -> Any:
    # Unlike embeddings.field_of, a row without the field counts as unscored (RerankError).
    return item.get(name) if isinstance(item, dict) else getattr(item, name, None)


_FACTORIES: dict[str, Callable[[], Reranker]] = {}
_LOADED: dict[tuple[str, str | None, float], Reranker] = {}


def register_reranker(name: str, factory: Callable[[], Reranker]) -> None:
    _FACTORIES[name] = factory


def load_reranker(
    name: str | None, api_base: str | None = None, timeout: float = 10.0
) -> Reranker | None:
    """The configured reranker, loaded once per process (a local model loads its weights)."""
    if not name:
        return None
    key = (name, api_base, timeout)
    if key not in _LOADED:
        if name in _FACTORIES:
            _LOADED[key] = _FACTORIES[name]()
        elif name.startswith(LOCAL_PREFIX):
            _LOADED[key] = EmbeddingReranker(name)  # an unknown local model fails here
        else:
            _LOADED[key] = EndpointReranker(name, api_base, timeout)
    return _LOADED[key]


def rerank_head(
    head: Sequence[Fused], scores: Sequence[float], weight: float, k: int
) -> list[Fused]:
    """The head in the order of its fused rank and the reranker's rank combined by RRF
    (reranker counted `weight` times), ties kept in fused order; the head's scores are
    handed out again in that order, highest first."""
    by_score = sorted(range(len(head)), key=lambda i: (-scores[i], i))
    rerank_rank = {i: rank for rank, i in enumerate(by_score, start=1)}
    combined = {i: 1 / (k + i + 1) + weight / (k + rerank_rank[i]) for i in range(len(head))}
    order = sorted(range(len(head)), key=lambda i: (-combined[i], i))
    values = sorted((f.score for f in head), reverse=True)
    return [head[i].model_copy(update={"score": v}) for i, v in zip(order, values, strict=True)]
