"""Scoring document rankings against a labelled query set (graded relevance), by style and language.

The query sets (knowledge_index_tests/evaluation/estate_a/queries.json and the held-out one) share
one schema: `{"version": 1, "queries": [{"id", "text", "language", "style", "filters",
"relevant": {path: grade}}]}` with grades 3 (the document asked for), 2 (clearly relevant) and 1
(related). A ranking is a list of paths, best first; paths not labelled count as grade 0.

Recall@k is capped: found relevant documents in the top k over min(k, number relevant), so a
matter-wide question with twenty relevant documents can still reach 1.0 with ten good answers.
nDCG@k uses linear gains (the grade) and log2 discounts, against the ideal order of the labels.
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field


class QueryFilters(BaseModel):
    """Filters in the answer key's own terms; the benchmark maps them onto the MCP filter."""

    model_config = ConfigDict(extra="forbid")

    matter_reference: str | None = None
    doc_type: str | None = None
    language: str | None = None
    date_from: str | None = None
    date_to: str | None = None


class LabelledQuery(BaseModel):
    model_config = ConfigDict(extra="forbid")

    id: str
    text: str = Field(min_length=1)
    language: Literal["de", "en"]
    style: str
    filters: QueryFilters = Field(default_factory=QueryFilters)
    relevant: dict[str, int]


class QuerySet(BaseModel):
    model_config = ConfigDict(extra="forbid")

    version: Literal[1]
    queries: list[LabelledQuery]


def load_queries(path: Path) -> QuerySet:
    return QuerySet.model_validate(json.loads(path.read_text(encoding="utf-8")))


def dedupe(ranking: Sequence[str]) -> list[str]:
    """First occurrence wins: a document reached twice (say, as a file and as an e-mail's
    attachment mapped back to the e-mail) is one answer, not two."""
    return list(dict.fromkeys(ranking))


def recall_at(ranking: Sequence[str], relevant: Mapping[str, int], k: int = 10) -> float:
    wanted = {p for p, grade in relevant.items() if grade > 0}
    if not wanted:
        raise ValueError("a labelled query needs at least one relevant document")
    found = len(wanted.intersection(dedupe(ranking)[:k]))
    return found / min(k, len(wanted))


def ndcg_at(ranking: Sequence[str], relevant: Mapping[str, int], k: int = 10) -> float:
    gains = [relevant.get(p, 0) for p in dedupe(ranking)[:k]]
    ideal = sorted((g for g in relevant.values() if g > 0), reverse=True)[:k]
    if not ideal:
        raise ValueError("a labelled query needs at least one relevant document")
    return _dcg(gains) / _dcg(ideal)


def _dcg(gains: Sequence[int]) -> float:
    return sum(g / math.log2(i + 2) for i, g in enumerate(gains))


class Score(BaseModel):
    n: int
    recall: float
    ndcg: float


def score_runs(
    queries: Sequence[LabelledQuery], rankings: Mapping[str, Sequence[str]], k: int = 10
) -> dict[str, Score]:
    """Mean R@k and nDCG@k overall (`all`), per style (`style:<s>`) and per language
    (`lang:<l>`). A query without a ranking scores 0 (a failed call is a miss, not a skip)."""
    groups: dict[str, list[tuple[float, float]]] = {}
    for q in queries:
        ranking = rankings.get(q.id, [])
        pair = (recall_at(ranking, q.relevant, k), ndcg_at(ranking, q.relevant, k))
        for key in ("all", f"style:{q.style}", f"lang:{q.language}"):
            groups.setdefault(key, []).append(pair)
    return {
        key: Score(
            n=len(pairs),
            recall=sum(r for r, _ in pairs) / len(pairs),
            ndcg=sum(n for _, n in pairs) / len(pairs),
        )
        for key, pairs in groups.items()
    }


def table(runs: Mapping[str, Mapping[str, Score]]) -> str:
    """A markdown table: one row per group, one `R@10 / nDCG@10` column per run."""
    names = list(runs)
    keys: list[str] = []
    for scores in runs.values():
        keys += [k for k in scores if k not in keys]
    order = sorted(keys, key=lambda k: (k != "all", not k.startswith("lang:"), k))
    lines = [
        "| group | n | " + " | ".join(names) + " |",
        "|---|---|" + "---|" * len(names),
    ]
    for key in order:
        n = next(s[key].n for s in runs.values() if key in s)
        cells = [
            f"{runs[name][key].recall:.2f} / {runs[name][key].ndcg:.2f}"
            if key in runs[name]
            else "-"
            for name in names
        ]
        lines.append(f"| {key} | {n} | " + " | ".join(cells) + " |")
    return "\n".join(lines)
