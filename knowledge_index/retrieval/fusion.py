"""Weighted reciprocal rank fusion.

RRF uses ranks only, so BM25 scores, cosine similarities and identifier matches, which live on
unrelated scales, combine without calibration; the weights say how much each list is trusted.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from pydantic import BaseModel


class Contribution(BaseModel):
    rank: int  # 1-based position in that list
    score: float  # the list's own score (BM25, cosine similarity, ...)
    rrf: float  # weight / (k + rank)


class Fused(BaseModel):
    chunk_id: str
    score: float
    contributions: dict[str, Contribution]


def reciprocal_rank_fusion(
    ranked: Mapping[str, Sequence[tuple[str, float]]],
    weights: Mapping[str, float],
    k: int = 60,
) -> list[Fused]:
    """Lists of (id, score) best first -> fused list, ties broken by id so pages are stable."""
    fused: dict[str, Fused] = {}
    for name, hits in ranked.items():
        weight = weights.get(name, 1.0)
        if weight <= 0:
            continue
        for rank, (chunk_id, score) in enumerate(hits, start=1):
            entry = fused.get(chunk_id) or Fused(chunk_id=chunk_id, score=0.0, contributions={})
            fused[chunk_id] = entry
            if name in entry.contributions:
                continue
            contribution = Contribution(rank=rank, score=score, rrf=weight / (k + rank))
            entry.contributions[name] = contribution
            entry.score += contribution.rrf
    return sorted(fused.values(), key=lambda f: (-f.score, f.chunk_id))
