"""The product's own MiniLM forward passes (ONNX Runtime, the default; torch, under the int8
model) give sentence-transformers' vectors, and refuse model directories they would encode
wrongly."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from knowledge_index.retrieval.bert_encoder import BertSentenceEncoder, UnsupportedModel
from knowledge_index.retrieval.embeddings import encode_local
from knowledge_index.retrieval.onnx_encoder import OnnxSentenceEncoder
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


def test_torch_and_onnx_forward_passes_agree() -> None:
    torch_vectors = BertSentenceEncoder(minilm_model_dir()).encode(TEXTS)
    onnx_vectors = OnnxSentenceEncoder(minilm_model_dir()).encode(TEXTS)
    assert np.abs(torch_vectors - onnx_vectors).max() < 1e-5


def test_embedding_a_query_does_not_import_torch() -> None:
    """A cold search or the MCP server embeds its queries without torch's import time."""
    code = (
        "import sys; from knowledge_index.retrieval.embeddings import encode_local;"
        " v = encode_local('all-MiniLM-L6-v2', ['Kündigung des Mietvertrags']);"
        " print(v.shape, 'torch' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["(1,", "384)", "False"]


def _copy_model(tmp_path: Path) -> Path:
    target = tmp_path / "model"
    shutil.copytree(minilm_model_dir(), target, ignore=shutil.ignore_patterns("*.safetensors"))
    (target / "model.safetensors").symlink_to(minilm_model_dir() / "model.safetensors")
    return target


def test_a_model_of_another_shape_is_refused(tmp_path: Path) -> None:
    model_dir = _copy_model(tmp_path)
    assert BertSentenceEncoder(model_dir).window == 256
    assert OnnxSentenceEncoder(model_dir).window == 256
    pooling = model_dir / "1_Pooling" / "config.json"
    config = json.loads(pooling.read_text())
    config.update(pooling_mode_mean_tokens=False, pooling_mode_cls_token=True)
    pooling.write_text(json.dumps(config))
    with pytest.raises(UnsupportedModel, match="pooling"):
        BertSentenceEncoder(model_dir)
    with pytest.raises(UnsupportedModel, match="pooling"):
        OnnxSentenceEncoder(model_dir)


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
