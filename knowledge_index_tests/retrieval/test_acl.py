"""Permission projection: compile, decide, and agree with both index sides (deny wins)."""

from __future__ import annotations

import random

import numpy as np
import pytest

from knowledge_index.retrieval.acl import (
    AclError,
    Grants,
    compile_acl,
    lance_acl_filter,
    normalize_principal,
    visible,
)
from knowledge_index.retrieval.filters import SearchFilters
from knowledge_index.retrieval.records import ChunkRecord
from knowledge_index.retrieval.search_index import SearchIndex
from knowledge_index_tests.retrieval.conftest import DOC_TYPES, MATTERS, PRINCIPALS


def test_compile_acl_folds_levels_and_keeps_denies() -> None:
    source = Grants(allow=["group:Firm"])
    folders = [
        Grants(allow=["group:litigation"], deny=["user:mallory"]),
        Grants(allow=["user:bob"]),
    ]
    acl = compile_acl(source, folders, Grants(allow=["user:carol"]))
    assert acl.allowed == ["group:firm", "group:litigation", "user:bob", "user:carol"]
    assert acl.denied == ["user:mallory"]
    # A document that breaks inheritance drops inherited allows, never inherited denies.
    walled = compile_acl(source, folders, Grants(allow=["user:dave"], inherit=False))
    assert walled.allowed == ["user:dave"]
    assert walled.denied == ["user:mallory"]
    assert compile_acl(None).allowed == []


def test_visible_deny_wins_and_everyone() -> None:
    assert visible(["group:lit"], [], ["user:a", "group:lit"])
    assert not visible(["group:lit"], ["user:a"], ["user:a", "group:lit"])
    assert visible(["*"], [], [])
    assert not visible(["*"], ["*"], ["user:a"])
    assert not visible([], [], ["user:a"])
    assert visible(["user:a"], [], ["USER:A"])


@pytest.mark.parametrize("bad", ["alice", "user:", "user:o'brien", "x" * 40 + ":a", "user:a\\b"])
def test_malformed_principals_are_refused(bad: str) -> None:
    with pytest.raises(AclError):
        normalize_principal(bad)
    with pytest.raises(AclError):
        lance_acl_filter([bad])


def _expected(
    records: list[ChunkRecord], caller: list[str], filters: SearchFilters | None
) -> set[str]:
    out = set()
    for r in records:
        if not visible(r.allowed_principals, r.denied_principals, caller):
            continue
        if filters is not None:
            if filters.matter_ids is not None and r.matter_id not in filters.matter_ids:
                continue
            if filters.doc_types is not None and r.doc_type not in filters.doc_types:
                continue
            if filters.languages is not None and r.language not in filters.languages:
                continue
            if filters.date_from or filters.date_to:
                if r.doc_date is None:
                    continue
                if filters.date_from and r.doc_date < filters.date_from:
                    continue
                if filters.date_to and r.doc_date > filters.date_to:
                    continue
        out.add(r.chunk_id)
    return out


def _random_filters(rng: random.Random) -> SearchFilters | None:
    if rng.random() < 0.3:
        return None
    kwargs: dict = {}
    if rng.random() < 0.5:
        kwargs["matter_ids"] = rng.sample(MATTERS, rng.randint(0, 2))
    if rng.random() < 0.4:
        kwargs["doc_types"] = rng.sample(DOC_TYPES, rng.randint(1, 2))
    if rng.random() < 0.3:
        kwargs["languages"] = [rng.choice(["de", "en"])]
    if rng.random() < 0.4:
        start = np.datetime64("2020-01-01") + np.timedelta64(rng.randrange(1200), "D")
        kwargs["date_from"] = start.astype(object)
        kwargs["date_to"] = (start + np.timedelta64(rng.randrange(60, 400), "D")).astype(object)
        # Open-ended ranges too: either bound may be missing.
        kwargs.pop(rng.choice(["date_from", "date_to", "neither"]), None)
    return SearchFilters(**kwargs)


def test_index_sides_return_exactly_the_visible_filtered_set(
    random_index: tuple[SearchIndex, list[ChunkRecord]],
) -> None:
    """Randomized callers and filters; both sides must equal the Python rule, chunk for chunk."""
    index, records = random_index
    rng = random.Random(2024)
    everything = len(records) + 10
    text_query = index.lexical.text_query("Akte")
    assert text_query is not None
    checks = 0
    for _ in range(150):
        caller = rng.sample([p for p in PRINCIPALS if p != "*"], rng.randint(0, 3))
        filters = _random_filters(rng)
        expected = _expected(records, caller, filters)
        lexical = {cid for cid, _ in index.lexical.search(text_query, caller, filters, everything)}
        assert lexical == expected, (caller, filters)
        vector = records[rng.randrange(len(records))].vector
        vectors = {cid for cid, _ in index.vectors.search(vector, caller, filters, everything)}
        assert vectors == expected, (caller, filters)
        # And every chunk any side returns is visible under the Python rule.
        for cid in lexical | vectors:
            r = next(r for r in records if r.chunk_id == cid)
            assert visible(r.allowed_principals, r.denied_principals, caller)
        checks += 2
    assert checks == 300
