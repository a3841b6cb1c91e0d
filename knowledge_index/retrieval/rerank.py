"""Optional reranker hook. None is configured by default: on two CPU cores a cross-encoder over
fifty candidates costs seconds per query, so it is an opt-in for installs with the hardware."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol

from knowledge_index.retrieval.records import ChunkPayload


class Reranker(Protocol):
    def rerank(self, query: str, candidates: Sequence[ChunkPayload]) -> list[float]:
        """One relevance score per candidate, higher is better, same order as given."""


_FACTORIES: dict[str, Callable[[], Reranker]] = {}


def register_reranker(name: str, factory: Callable[[], Reranker]) -> None:
    _FACTORIES[name] = factory


def load_reranker(name: str | None) -> Reranker | None:
    if not name:
        return None
    if name not in _FACTORIES:
        raise ValueError(f"unknown reranker {name!r}; registered: {sorted(_FACTORIES)}")
    return _FACTORIES[name]()
