"""The product's own MiniLM forward pass gives sentence-transformers' vectors, and refuses
model directories it would encode wrongly."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import numpy as np
import pytest

from knowledge_index.retrieval.bert_encoder import BertSentenceEncoder, UnsupportedModel
from knowledge_index.retrieval.embeddings import encode_local
from knowledge_index.retrieval.tokens import minilm_model_dir

TEXTS = [
    "Der Geschäftsführervertrag wird mit Wirkung zum 31. März gekündigt.",
    "Share purchase agreement, signing version",
    "Miete",
    # Longer than the 256-word-piece window: truncation must match too.
    " ".join(["Die Gesellschaft haftet nicht für mittelbare Schäden."] * 60),
    "",
]


def test_vectors_equal_sentence_transformers() -> None:
    from sentence_transformers import SentenceTransformer

    reference = SentenceTransformer(str(minilm_model_dir()), device="cpu", local_files_only=True)
    expected = reference.encode(
        TEXTS, batch_size=2, normalize_embeddings=True, convert_to_numpy=True
    )
    ours = encode_local("all-MiniLM-L6-v2", TEXTS, batch_size=2)
    assert ours.shape == (len(TEXTS), 384) and ours.dtype == np.float32
    assert np.abs(ours - expected).max() < 1e-5
    # Batch composition (padding) does not change a text's vector.
    alone = encode_local("all-MiniLM-L6-v2", TEXTS[:1], batch_size=1)
    assert np.abs(alone[0] - ours[0]).max() < 1e-5


def _copy_model(tmp_path: Path) -> Path:
    target = tmp_path / "model"
    shutil.copytree(minilm_model_dir(), target, ignore=shutil.ignore_patterns("*.safetensors"))
    (target / "model.safetensors").symlink_to(minilm_model_dir() / "model.safetensors")
    return target


def test_a_model_of_another_shape_is_refused(tmp_path: Path) -> None:
    model_dir = _copy_model(tmp_path)
    assert BertSentenceEncoder(model_dir).window == 256
    pooling = model_dir / "1_Pooling" / "config.json"
    config = json.loads(pooling.read_text())
    config.update(pooling_mode_mean_tokens=False, pooling_mode_cls_token=True)
    pooling.write_text(json.dumps(config))
    with pytest.raises(UnsupportedModel, match="pooling"):
        BertSentenceEncoder(model_dir)


def test_int8_model_is_close_and_independent_of_its_batch() -> None:
    float_model = BertSentenceEncoder(minilm_model_dir())
    int8_model = BertSentenceEncoder(minilm_model_dir(), int8=True)
    exact = float_model.encode(TEXTS)
    quantized = int8_model.encode(TEXTS)
    assert quantized.shape == exact.shape
    assert ((exact * quantized).sum(axis=1) > 0.97).all()
    # A text's vector must not depend on what else is indexed with it (processing order).
    for i, text in enumerate(TEXTS):
        assert np.array_equal(int8_model.encode([text])[0], quantized[i])
