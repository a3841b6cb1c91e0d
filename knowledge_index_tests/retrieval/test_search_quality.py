"""The search-quality scorer on hand-made rankings, where the right numbers are known by hand."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

from knowledge_index_tests.retrieval.search_quality import (
    LabelledQuery,
    load_queries,
    ndcg_at,
    recall_at,
    score_runs,
    table,
)

LABELS = {"a.pdf": 3, "b.pdf": 2, "c.pdf": 1}
ESTATE_A_QUERIES = Path(__file__).resolve().parents[1] / "evaluation" / "estate_a" / "queries.json"


def test_perfect_ranking_scores_one() -> None:
    assert recall_at(["a.pdf", "b.pdf", "c.pdf"], LABELS) == 1.0
    assert ndcg_at(["a.pdf", "b.pdf", "c.pdf"], LABELS) == pytest.approx(1.0)


def test_nothing_relevant_scores_zero() -> None:
    assert recall_at(["x.pdf", "y.pdf"], LABELS) == 0.0
    assert ndcg_at(["x.pdf", "y.pdf"], LABELS) == 0.0
    assert recall_at([], LABELS) == 0.0


def test_order_matters_for_ndcg_not_recall() -> None:
    reversed_ = ["c.pdf", "b.pdf", "a.pdf"]
    assert recall_at(reversed_, LABELS) == 1.0
    ideal = 3 + 2 / math.log2(3) + 1 / 2
    got = 1 + 2 / math.log2(3) + 3 / 2
    assert ndcg_at(reversed_, LABELS) == pytest.approx(got / ideal)
    assert ndcg_at(reversed_, LABELS) < 1.0


def test_only_the_top_k_count() -> None:
    ranking = [f"noise{i}.pdf" for i in range(10)] + ["a.pdf"]
    assert recall_at(ranking, LABELS, k=10) == 0.0
    assert ndcg_at(ranking, LABELS, k=10) == 0.0
    assert recall_at(ranking, LABELS, k=11) == pytest.approx(1 / 3)


def test_recall_is_capped_at_k_relevant() -> None:
    many = {f"d{i}.pdf": 2 for i in range(20)}
    assert recall_at([f"d{i}.pdf" for i in range(10)], many, k=10) == 1.0
    assert recall_at([f"d{i}.pdf" for i in range(5)], many, k=10) == 0.5


def test_duplicates_are_one_answer() -> None:
    # The same document twice must not fill two places (nor count twice).
    assert recall_at(["a.pdf", "a.pdf"], LABELS, k=2) == pytest.approx(1 / 2)
    assert ndcg_at(["a.pdf"] * 5 + ["b.pdf"], LABELS, k=2) == pytest.approx(
        (3 + 2 / math.log2(3)) / (3 + 2 / math.log2(3))
    )


def test_unlabelled_query_is_an_error() -> None:
    with pytest.raises(ValueError):
        recall_at(["a.pdf"], {"a.pdf": 0})
    with pytest.raises(ValueError):
        ndcg_at(["a.pdf"], {})


def test_groups_and_missing_rankings() -> None:
    queries = [
        LabelledQuery(id="Q1", text="x", language="de", style="phrase", relevant={"a.pdf": 3}),
        LabelledQuery(id="Q2", text="y", language="en", style="phrase", relevant={"b.pdf": 2}),
    ]
    scores = score_runs(queries, {"Q1": ["a.pdf"]})  # Q2 failed: scores 0, not skipped
    assert scores["all"].n == 2
    assert scores["all"].recall == 0.5
    assert scores["lang:de"].ndcg == 1.0
    assert scores["lang:en"].ndcg == 0.0
    assert scores["style:phrase"].recall == 0.5
    rendered = table({"run": scores})
    assert rendered.splitlines()[2].startswith("| all | 2 | 0.50 / 0.50")


def test_estate_a_query_set_is_well_formed() -> None:
    """The frozen set loads in the shared schema and labels only files that exist."""
    query_set = load_queries(ESTATE_A_QUERIES)
    files = ESTATE_A_QUERIES.parent / "files"
    assert len(query_set.queries) >= 60
    assert len({q.id for q in query_set.queries}) == len(query_set.queries)
    for q in query_set.queries:
        assert q.relevant and max(q.relevant.values()) >= 2, q.id
        assert set(q.relevant.values()) <= {1, 2, 3}, q.id
        for path in q.relevant:
            assert (files / path).is_file(), (q.id, path)
    raw = json.loads(ESTATE_A_QUERIES.read_text(encoding="utf-8"))
    assert raw["version"] == 1
