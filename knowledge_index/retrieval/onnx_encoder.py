"""The same mean-pooled BERT sentence encoder, run by ONNX Runtime instead of torch.

`bert_encoder.BertSentenceEncoder` writes the forward pass in torch; here the same computation
is written once as an ONNX graph over the same safetensors weights (built in memory at load, so
there is no exported file to keep in step with the weights) and run by ONNX Runtime's CPU
kernels. On this 2-core host that is 1.7-2x torch's throughput with vectors equal to within
float rounding (a test holds it to sentence-transformers' within 1e-5), and a process
that only embeds (a cold `ki search`, the MCP server) never imports torch.

Each text is encoded alone: with no padding a text's vector cannot depend on which texts it was
batched with, and ONNX Runtime's per-call cost is small enough that unpadded single texts are
faster than length-sorted batches (benchmarks/README.md, bench_embedding_runtime.py).
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import numpy as np

from knowledge_index.processes import usable_cpus
from knowledge_index.retrieval.bert_encoder import check_shape

OPSET = 17


class OnnxSentenceEncoder:
    """Encodes texts as sentence-transformers would: truncate, mean over tokens, normalize."""

    def __init__(self, model_dir: Path, *, threads: int | None = None) -> None:
        import onnxruntime
        from tokenizers import Tokenizer

        self.window, config = check_shape(model_dir)
        model = build_graph(_weights(model_dir), config)
        options = onnxruntime.SessionOptions()
        options.graph_optimization_level = onnxruntime.GraphOptimizationLevel.ORT_ENABLE_ALL
        options.intra_op_num_threads = threads or usable_cpus()
        options.inter_op_num_threads = 1
        # Idle kernel threads sleep instead of spinning: the process runs Python stages and
        # Postgres between embedding calls, and a spinning pool would take their core.
        options.add_session_config_entry("session.intra_op.allow_spinning", "0")
        self._session = onnxruntime.InferenceSession(
            model.SerializeToString(), options, providers=["CPUExecutionProvider"]
        )
        tokenizer = Tokenizer.from_file(str(model_dir / "tokenizer.json"))
        tokenizer.enable_truncation(max_length=self.window)
        tokenizer.no_padding()  # tokenizer.json may pad to a fixed length; one text needs none
        self._tokenizer = tokenizer

    def encode(self, texts: list[str]) -> np.ndarray:
        """Float32 unit vectors for `texts`, in input order."""
        if not texts:
            return np.zeros((0, 0), dtype=np.float32)
        return np.vstack([self._one(e.ids) for e in self._tokenizer.encode_batch(texts)])

    def _one(self, ids: list[int]) -> np.ndarray:
        tokens = np.asarray([ids], dtype=np.int64)
        positions = np.arange(len(ids), dtype=np.int64)[None, :]
        return self._session.run(None, {"input_ids": tokens, "position_ids": positions})[0]


def _weights(model_dir: Path) -> dict[str, np.ndarray]:
    from safetensors.numpy import load_file

    weights = load_file(str(model_dir / "model.safetensors"))
    # Checkpoints are saved with and without the "bert." prefix.
    return {k.removeprefix("bert."): v.astype(np.float32) for k, v in weights.items()}


def build_graph(weights: dict[str, np.ndarray], config: dict[str, Any]) -> Any:
    """The ONNX model: input_ids and position_ids [1, L] -> a unit vector [1, hidden]."""
    from onnx import TensorProto, helper, numpy_helper

    g = _Graph(helper, numpy_helper)
    hidden = int(config["hidden_size"])
    heads = int(config["num_attention_heads"])
    eps = float(config["layer_norm_eps"])
    size = hidden // heads

    ids, positions = "input_ids", "position_ids"
    x = g.add(
        g.add(
            g.node("Gather", [g.weight(weights["embeddings.word_embeddings.weight"]), ids]),
            g.node(
                "Gather", [g.weight(weights["embeddings.position_embeddings.weight"]), positions]
            ),
        ),
        g.weight(weights["embeddings.token_type_embeddings.weight"][0]),
    )
    x = g.layer_norm(x, weights, "embeddings.LayerNorm", eps)
    split = g.const(np.array([0, 0, heads, size], dtype=np.int64))
    merge = g.const(np.array([0, 0, hidden], dtype=np.int64))
    scale = g.const(np.float32(1 / math.sqrt(size)))
    for i in range(int(config["num_hidden_layers"])):
        p = f"encoder.layer.{i}."
        q, k, v = (
            g.node(
                "Transpose",
                [g.node("Reshape", [g.dense(x, weights, f"{p}attention.self.{n}"), split])],
                perm=[0, 2, 1, 3],
            )
            for n in ("query", "key", "value")
        )
        scores = g.node(
            "Mul", [g.node("MatMul", [q, g.node("Transpose", [k], perm=[0, 1, 3, 2])]), scale]
        )
        attended = g.node("MatMul", [g.node("Softmax", [scores], axis=-1), v])
        attended = g.node("Reshape", [g.node("Transpose", [attended], perm=[0, 2, 1, 3]), merge])
        x = g.layer_norm(
            g.add(g.dense(attended, weights, f"{p}attention.output.dense"), x),
            weights,
            f"{p}attention.output.LayerNorm",
            eps,
        )
        up = g.dense(x, weights, f"{p}intermediate.dense")
        x = g.layer_norm(
            g.add(g.dense(g.gelu(up), weights, f"{p}output.dense"), x),
            weights,
            f"{p}output.LayerNorm",
            eps,
        )
    # One unpadded text: the mean over its tokens is sentence-transformers' masked mean.
    pooled = g.node("ReduceMean", [x], axes=[1], keepdims=0)
    norm = g.node("Max", [g.node("ReduceL2", [pooled], axes=[1], keepdims=1),
                          g.const(np.float32(1e-12))])  # fmt: skip
    g.nodes.append(helper.make_node("Div", [pooled, norm], ["vector"]))
    return helper.make_model(
        helper.make_graph(
            g.nodes,
            "sentence_encoder",
            [
                helper.make_tensor_value_info(name, TensorProto.INT64, [1, "length"])
                for name in (ids, positions)
            ],
            [helper.make_tensor_value_info("vector", TensorProto.FLOAT, [1, hidden])],
            initializer=g.initializers,
        ),
        opset_imports=[helper.make_opsetid("", OPSET)],
    )


class _Graph:
    """Names values and collects nodes and initializers while the graph is written."""

    def __init__(self, helper: Any, numpy_helper: Any) -> None:
        self._helper, self._numpy = helper, numpy_helper
        self.nodes: list[Any] = []
        self.initializers: list[Any] = []
        self._count = 0

    def _name(self) -> str:
        self._count += 1
        return f"v{self._count}"

    def node(self, op: str, inputs: list[str], **attributes: Any) -> str:
        out = self._name()
        self.nodes.append(self._helper.make_node(op, inputs, [out], **attributes))
        return out

    def weight(self, array: np.ndarray) -> str:
        name = self._name()
        self.initializers.append(self._numpy.from_array(np.ascontiguousarray(array), name))
        return name

    def const(self, value: Any) -> str:
        return self.weight(np.asarray(value))

    def add(self, a: str, b: str) -> str:
        return self.node("Add", [a, b])

    def dense(self, x: str, weights: dict[str, np.ndarray], prefix: str) -> str:
        # Stored as torch's [out, in]; MatMul wants [in, out].
        product = self.node("MatMul", [x, self.weight(weights[f"{prefix}.weight"].T)])
        return self.add(product, self.weight(weights[f"{prefix}.bias"]))

    def layer_norm(self, x: str, weights: dict[str, np.ndarray], prefix: str, eps: float) -> str:
        return self.node(
            "LayerNormalization",
            [x, self.weight(weights[f"{prefix}.weight"]), self.weight(weights[f"{prefix}.bias"])],
            axis=-1,
            epsilon=eps,
        )

    def gelu(self, x: str) -> str:
        """The exact (erf) GELU BERT uses: x/2 * (1 + erf(x / sqrt 2))."""
        erf = self.node("Erf", [self.node("Mul", [x, self.const(np.float32(1 / math.sqrt(2)))])])
        half = self.node("Mul", [x, self.const(np.float32(0.5))])
        return self.node("Mul", [half, self.add(erf, self.const(np.float32(1.0)))])
