"""A sentence-transformers BERT model (mean pooling, normalized) run with torch alone.

sentence-transformers is a general library: importing it pulls in transformers, sklearn and
their plugin scans, about 7 s of a fresh process on this 2-core host before the first vector,
paid by every `ki sync` that indexes and every cold search. The model the product ships is one
fixed shape (BertModel, mean pooling, a Normalize module), so its forward pass is written here
over the same safetensors weights and tokenizer.json: torch imports in about 2 s, and the vectors
equal sentence-transformers' within 1e-6 (a test compares them). Any directory of another shape
is refused with the reason rather than encoded wrongly.
"""

from __future__ import annotations

import functools
import json
import warnings
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

SUPPORTED_MODULES = [
    "sentence_transformers.models.Transformer",
    "sentence_transformers.models.Pooling",
    "sentence_transformers.models.Normalize",
]


class UnsupportedModel(ValueError):
    """The directory is not a mean-pooled, normalized BERT sentence-transformers model."""


def _read_json(path: Path) -> Any:
    return json.loads(path.read_text(encoding="utf-8"))


def check_shape(model_dir: Path) -> tuple[int, dict[str, Any]]:
    """The model's window in word pieces and its config.json; raises UnsupportedModel for any
    other layout."""
    modules = [m["type"] for m in _read_json(model_dir / "modules.json")]
    if modules != SUPPORTED_MODULES:
        raise UnsupportedModel(f"{model_dir}: modules {modules}, expected {SUPPORTED_MODULES}")
    config = _read_json(model_dir / "config.json")
    if config.get("model_type") != "bert" or config.get("hidden_act") != "gelu":
        raise UnsupportedModel(f"{model_dir}: not a BERT model with exact GELU")
    if config.get("position_embedding_type", "absolute") != "absolute":
        raise UnsupportedModel(f"{model_dir}: position embeddings are not absolute")
    pooling = _read_json(model_dir / "1_Pooling" / "config.json")
    modes = {k for k, v in pooling.items() if k.startswith("pooling_mode") and v}
    if modes != {"pooling_mode_mean_tokens"}:
        raise UnsupportedModel(f"{model_dir}: pooling {sorted(modes)}, expected mean tokens")
    window = int(_read_json(model_dir / "sentence_bert_config.json")["max_seq_length"])
    return min(window, int(config["max_position_embeddings"])), config


class BertSentenceEncoder:
    """Encodes texts as sentence-transformers would: truncate, pad per batch, mean, normalize."""

    def __init__(self, model_dir: Path, *, int8: bool = False) -> None:
        import torch
        from safetensors.torch import load_file
        from tokenizers import Tokenizer

        self.window, config = check_shape(model_dir)
        self.int8 = int8
        self._heads = int(config["num_attention_heads"])
        self._hidden = int(config["hidden_size"])
        self._eps = float(config["layer_norm_eps"])
        weights = load_file(str(model_dir / "model.safetensors"))
        # Checkpoints are saved with and without the "bert." prefix.
        weights = {k.removeprefix("bert."): v for k, v in weights.items()}
        self._embed: dict[str, Any] = {
            "word": weights["embeddings.word_embeddings.weight"],
            "position": weights["embeddings.position_embeddings.weight"],
            # Single-segment input: every token has type 0.
            "type": weights["embeddings.token_type_embeddings.weight"][0],
            "norm": (weights["embeddings.LayerNorm.weight"], weights["embeddings.LayerNorm.bias"]),
        }
        self._layers = [
            _layer(weights, f"encoder.layer.{i}.", torch, int8)
            for i in range(int(config["num_hidden_layers"]))
        ]
        tokenizer = Tokenizer.from_file(str(model_dir / "tokenizer.json"))
        tokenizer.enable_truncation(max_length=self.window)
        tokenizer.enable_padding(pad_id=int(config.get("pad_token_id", 0)), pad_token="[PAD]")
        self._tokenizer = tokenizer
        self._torch = torch

    def encode(self, texts: list[str]) -> np.ndarray:
        """Float32 unit vectors for `texts`, in input order (one batch, or one text at a time
        for int8, whose activation scale is per call and so must not depend on the batch)."""
        if self.int8 and len(texts) > 1:
            return np.vstack([self._forward([text]) for text in texts])
        return self._forward(texts)

    def _forward(self, texts: list[str]) -> np.ndarray:
        torch = self._torch
        functional = torch.nn.functional
        encodings = self._tokenizer.encode_batch(texts)
        ids = torch.tensor([e.ids for e in encodings])
        mask = torch.tensor([e.attention_mask for e in encodings], dtype=torch.bool)
        batch, length = ids.shape
        heads, width = self._heads, self._hidden
        with torch.inference_mode():
            e = self._embed
            x = functional.embedding(ids, e["word"]) + e["position"][:length] + e["type"]
            x = functional.layer_norm(x, (width,), *e["norm"], self._eps)
            keys_mask = mask[:, None, None, :]
            for layer in self._layers:
                qkv = layer["qkv"](x)
                q, k, v = qkv.view(batch, length, 3, heads, width // heads).permute(2, 0, 3, 1, 4)
                attended = functional.scaled_dot_product_attention(q, k, v, attn_mask=keys_mask)
                attended = attended.transpose(1, 2).reshape(batch, length, width)
                x = functional.layer_norm(
                    layer["out"](attended) + x, (width,), *layer["attention_norm"], self._eps
                )
                inner = functional.gelu(layer["up"](x))
                x = functional.layer_norm(
                    layer["down"](inner) + x, (width,), *layer["output_norm"], self._eps
                )
            weights = mask[..., None].to(x.dtype)
            pooled = (x * weights).sum(1) / weights.sum(1).clamp(min=1e-9)
            return functional.normalize(pooled, dim=1).numpy().astype(np.float32, copy=False)


Linear = Callable[[Any], Any]


def _layer(weights: dict[str, Any], prefix: str, torch: Any, int8: bool) -> dict[str, Any]:
    def w(name: str) -> Any:
        return weights[prefix + name]

    def linear(weight: Any, bias: Any) -> Linear:
        if not int8:
            return functools.partial(torch.nn.functional.linear, weight=weight, bias=bias)
        # Symmetric per-output-channel int8 weights; activations are quantized per call.
        scales = (weight.abs().amax(dim=1) / 127).clamp(min=1e-8).double()
        zeros = torch.zeros(weight.shape[0], dtype=torch.long)
        with warnings.catch_warnings():
            # torch 2.14 deprecates quantized tensors for a successor API not yet released;
            # the int8 model is opt-in and its test fails the day this stops working.
            warnings.simplefilter("ignore", UserWarning)
            qweight = torch.quantize_per_channel(weight, scales, zeros, 0, torch.qint8)
        packed = torch.ops.quantized.linear_prepack(qweight, bias)
        return functools.partial(torch.ops.quantized.linear_dynamic, W_prepack=packed)

    attention = "attention.self."
    # Query, key and value as one matrix: one matmul instead of three.
    qkv = torch.cat([w(f"{attention}{p}.weight") for p in ("query", "key", "value")])
    qkv_bias = torch.cat([w(f"{attention}{p}.bias") for p in ("query", "key", "value")])
    return {
        "qkv": linear(qkv, qkv_bias),
        "out": linear(w("attention.output.dense.weight"), w("attention.output.dense.bias")),
        "attention_norm": (
            w("attention.output.LayerNorm.weight"),
            w("attention.output.LayerNorm.bias"),
        ),
        "up": linear(w("intermediate.dense.weight"), w("intermediate.dense.bias")),
        "down": linear(w("output.dense.weight"), w("output.dense.bias")),
        "output_norm": (w("output.LayerNorm.weight"), w("output.LayerNorm.bias")),
    }
