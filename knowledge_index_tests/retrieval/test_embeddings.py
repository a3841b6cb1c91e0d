"""The gateway path returns the local model's vectors: normalized float32 of its dimensions."""

from __future__ import annotations

import litellm
import numpy as np
import pytest

from knowledge_index.retrieval.embeddings import (
    LOCAL_PROVIDER,
    Embedder,
    EmbeddingError,
    encode_local,
    register_local_provider,
)


@pytest.mark.parametrize(
    ("model", "dims"),
    [("use-multilingual-v3", 512), ("all-MiniLM-L6-v2", 384), ("multilingual-e5-small", 384)],
)
def test_local_model_through_litellm_matches_raw_encode(model: str, dims: int) -> None:
    texts = ["The contract was cancelled.", "The agreement was terminated.", "Miete"] * 3
    small_batches = Embedder(f"{LOCAL_PROVIDER}/{model}", batch_size=2)
    vectors = small_batches.embed(texts)
    assert vectors.shape == (9, dims)
    assert vectors.dtype == np.float32
    assert np.allclose(np.linalg.norm(vectors, axis=1), 1.0, atol=1e-5)
    raw = encode_local(model, texts)
    assert np.allclose(vectors, raw, atol=1e-5)
    assert Embedder(f"{LOCAL_PROVIDER}/{model}").dimensions == dims
    # Semantics survive: the two paraphrases are closer to each other than to "Miete".
    assert vectors[0] @ vectors[1] > vectors[1] @ vectors[2]


def test_registration_is_idempotent_and_keeps_other_providers() -> None:
    sentinel = {"provider": "someone-else", "custom_handler": object()}
    litellm.custom_provider_map = [*litellm.custom_provider_map, sentinel]
    try:
        register_local_provider()
        register_local_provider()
        providers = [p["provider"] for p in litellm.custom_provider_map]
        assert providers.count(LOCAL_PROVIDER) == 1
        assert "someone-else" in providers
    finally:
        litellm.custom_provider_map = [p for p in litellm.custom_provider_map if p is not sentinel]


def test_unknown_local_model_and_empty_input() -> None:
    with pytest.raises(EmbeddingError):
        Embedder("ki-local/no-such-model")
    assert Embedder().embed([]).shape == (0, 512)


def test_async_gateway_path() -> None:
    import asyncio

    register_local_provider()
    response = asyncio.run(
        litellm.aembedding(model="ki-local/use-multilingual-v3", input=["Vertrag", "contract"])
    )
    assert len(response.data) == 2
    assert len(response.data[0]["embedding"]) == 512


def test_a_repeated_text_is_embedded_once(monkeypatch: pytest.MonkeyPatch) -> None:
    embedder = Embedder(batch_size=2)
    sent: list[list[str]] = []
    real = embedder._call

    def counting(batch: list[str], *, query: bool = False) -> np.ndarray:
        sent.append(list(batch))
        return real(batch, query=query)

    monkeypatch.setattr(embedder, "_call", counting)
    texts = ["Miete", "The contract was cancelled.", "Miete", "Pacht", "Miete"]
    vectors = embedder.embed(texts)
    assert sorted(t for batch in sent for t in batch) == sorted(set(texts))
    assert vectors.shape == (5, 512)
    assert np.array_equal(vectors[0], vectors[2]) and np.array_equal(vectors[0], vectors[4])
    assert np.allclose(vectors, encode_local("use-multilingual-v3", texts), atol=1e-5)
