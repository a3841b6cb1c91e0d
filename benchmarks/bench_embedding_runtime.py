"""Embedding runtimes side by side: sentence-transformers (the baseline) against the product's
own forward passes: ONNX Runtime (`retrieval/onnx_encoder.py`, the default), torch
(`retrieval/bert_encoder.py`) in float32 and int8. Prints a table.

    .venv/bin/python benchmarks/bench_embedding_runtime.py [--rounds 3] [--limit 400]

Inputs: passages of estate A's text files (`.txt`, `.md`, `.eml`), split by the product's
chunker with its default sizes, longest first in batches of 32 as the index stage sends them.
Each round runs every runtime once over the same passages, in rotating order (medians are
reported). Also measured: a fresh process's time to its first vector (import + load + one
encode, each runtime in its own subprocess), and the CPU milliseconds of one short query on
one thread for torch (ONNX Runtime's session keeps its own threads; CPU time counts them all),
what an MCP search pays, and each runtime's vectors against the baseline's (minimum and mean
cosine).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")
ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

ESTATE = ROOT / "knowledge_index_tests" / "evaluation" / "estate_a" / "files"
QUERIES = ["Kündigung des Mietvertrags", "why was the liability cap changed", "Wettbewerbsverbot"]
# The runtime alone in a fresh process: the product's own encoder without the litellm gateway
# around it (the index stage has litellm loaded by then; a cold `ki search` pays it too).
_OWN = (
    "from knowledge_index.retrieval.bert_encoder import BertSentenceEncoder\n"
    "from knowledge_index.retrieval.tokens import minilm_model_dir\n"
    "BertSentenceEncoder(minilm_model_dir(), int8={int8}).encode(['x'])"
)
_ONNX = (
    "from knowledge_index.retrieval.onnx_encoder import OnnxSentenceEncoder\n"
    "from knowledge_index.retrieval.tokens import minilm_model_dir\n"
    "OnnxSentenceEncoder(minilm_model_dir()).encode(['x'])"
)
FIRST_VECTOR = {
    "sentence-transformers": (
        "from sentence_transformers import SentenceTransformer\n"
        "from knowledge_index.retrieval.tokens import minilm_model_dir\n"
        "SentenceTransformer(str(minilm_model_dir()), device='cpu').encode(['x'])"
    ),
    "product ONNX Runtime float32 (default)": _ONNX,
    "product torch float32": _OWN.format(int8=False),
    "product torch int8": _OWN.format(int8=True),
}


def passages(limit: int) -> list[str]:
    from knowledge_index.retrieval.chunking import ChunkingConfig, ChunkingInput, chunk_document

    out: list[str] = []
    for path in sorted(ESTATE.rglob("*")):
        if path.suffix.lower() not in (".txt", ".md", ".eml") or not path.is_file():
            continue
        text = path.read_text(encoding="utf-8", errors="replace")
        chunks = chunk_document(ChunkingInput(text=text), ChunkingConfig())
        out.extend(c.text for c in chunks)
    return sorted(out, key=len, reverse=True)[:limit]


def runtimes() -> dict[str, Callable[[list[str]], np.ndarray]]:
    from sentence_transformers import SentenceTransformer

    from knowledge_index.retrieval.bert_encoder import BertSentenceEncoder
    from knowledge_index.retrieval.embeddings import by_length, encode_local
    from knowledge_index.retrieval.tokens import minilm_model_dir

    reference = SentenceTransformer(str(minilm_model_dir()), device="cpu")
    torch_float = BertSentenceEncoder(minilm_model_dir())

    def baseline(texts: list[str]) -> np.ndarray:
        return np.asarray(
            reference.encode(texts, batch_size=32, normalize_embeddings=True), dtype=np.float32
        )

    return {
        "sentence-transformers": baseline,
        "product ONNX Runtime float32 (default)": lambda t: encode_local(
            "all-MiniLM-L6-v2", t, batch_size=32
        ),
        "product torch float32": lambda t: by_length(t, 32, torch_float.encode),
        "product torch int8": lambda t: encode_local("all-MiniLM-L6-v2-int8", t, batch_size=32),
    }


def first_vector_seconds(code: str) -> float:
    started = time.perf_counter()
    subprocess.run([sys.executable, "-c", code], check=True, cwd=ROOT, capture_output=True)
    return time.perf_counter() - started


def query_cpu_ms(encode: Callable[[list[str]], np.ndarray]) -> float:
    import torch

    threads = torch.get_num_threads()
    torch.set_num_threads(1)
    try:
        encode(QUERIES[:1])
        spent = []
        for _ in range(20):
            for q in QUERIES:
                t0 = time.process_time()
                encode([q])
                spent.append((time.process_time() - t0) * 1000)
        return statistics.median(spent)
    finally:
        torch.set_num_threads(threads)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--limit", type=int, default=400, help="passages (longest first)")
    args = parser.parse_args()
    texts = passages(args.limit)
    words = sum(len(t.split()) for t in texts)
    print(f"{len(texts)} passages, {words} words, {os.cpu_count()} CPUs")
    encoders = runtimes()
    names = list(encoders)
    seconds: dict[str, list[float]] = {n: [] for n in names}
    firsts: dict[str, list[float]] = {n: [] for n in names}
    vectors: dict[str, np.ndarray] = {}
    for r in range(args.rounds):
        order = names[r % len(names) :] + names[: r % len(names)]
        for name in order:
            t0 = time.perf_counter()
            vectors[name] = encoders[name](texts)
            seconds[name].append(time.perf_counter() - t0)
            firsts[name].append(first_vector_seconds(FIRST_VECTOR[name]))
    base = statistics.median(seconds[names[0]])
    print()
    print(
        "| runtime | passages/s | time vs baseline | first vector, fresh process (s) |"
        " query CPU ms (1 thread) | cosine to baseline min / mean |"
    )
    print("|---|---:|---:|---:|---:|---:|")
    for name in names:
        s = statistics.median(seconds[name])
        cos = (vectors[name] * vectors[names[0]]).sum(axis=1)
        print(
            f"| {name} | {len(texts) / s:.1f} | {s / base:.2f}x | "
            f"{statistics.median(firsts[name]):.1f} | {query_cpu_ms(encoders[name]):.1f} | "
            f"{cos.min():.4f} / {cos.mean():.4f} |"
        )


if __name__ == "__main__":
    main()
