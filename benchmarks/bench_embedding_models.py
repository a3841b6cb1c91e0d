"""The local embedding models side by side: speed, and where each puts "unrelated".

    .venv/bin/python benchmarks/bench_embedding_models.py --home DIR [--limit 300]

DIR is a home built by `bench_search_quality.py --home DIR` (estate A by default). Its chunk
rows are the inputs: every model embeds the same passages (their text as the index stage
sends it), so the figures compare models, not chunkers. Printed per model:

- passages/s over `--limit` distinct passages (one call, as the index stage makes it) and the
  milliseconds of one question (what a search pays), medians of `--rounds`;
- the similarity of a document's head (its profile row or first chunk, asked as a question by
  its first 60 characters) to the heads of *other* documents: the median and the 90th
  percentile, the level the product calls unrelated (`LocalModel.unrelated_similarity`);
- how many of the cross-lingual checks in test_multilingual_embeddings.py it gets right.

Retrieval quality is bench_search_quality.py's job (`--embedding-model`); this is the cost side
and the calibration.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

import numpy as np

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")
ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

MODELS = (
    "ki-local/all-MiniLM-L6-v2",
    "ki-local/use-multilingual-v3",
    "ki-local/multilingual-e5-small",
)


def _chunks(home: Path) -> list[tuple[str, int, str]]:
    os.environ["KI_HOME"] = str(home)
    from sqlalchemy import text

    from knowledge_index.db import get_engine
    from knowledge_index.settings import load_settings

    with get_engine(load_settings()).connect() as conn:
        rows = conn.execute(
            text("SELECT source_object_id, ordinal, text FROM chunks ORDER BY 1, 2")
        ).all()
    return [(r[0], r[1], r[2]) for r in rows]


def _speed(model: str, passages: list[str], rounds: int) -> tuple[float, float]:
    from knowledge_index.retrieval.embeddings import encode_local

    name = model.partition("/")[2]
    encode_local(name, ["warm up"])
    encode_local(name, ["warm up"], query=True)
    rates, query_ms = [], []
    for _ in range(rounds):
        t0 = time.perf_counter()
        encode_local(name, passages)
        rates.append(len(passages) / (time.perf_counter() - t0))
        t0 = time.perf_counter()
        for i in range(20):
            encode_local(name, [f"Kündigung des Mietvertrags {i}"], query=True)
        query_ms.append((time.perf_counter() - t0) / 20 * 1000)
    return statistics.median(rates), statistics.median(query_ms)


def _unrelated(model: str, heads: list[tuple[str, str]]) -> tuple[float, float]:
    from knowledge_index.retrieval.embeddings import Embedder

    embedder = Embedder(model)
    passages = embedder.embed([h for _, h in heads])
    questions = np.vstack([embedder.embed_query(h[:60]) for _, h in heads])
    ids = np.array([d for d, _ in heads])
    other = ids[:, None] != ids[None, :]
    sims = (questions @ passages.T)[other]
    return float(np.median(sims)), float(np.percentile(sims, 90))


def _cross_lingual(model: str) -> str:
    from knowledge_index.retrieval.embeddings import Embedder
    from knowledge_index_tests.retrieval.test_multilingual_embeddings import CROSS_LINGUAL

    embedder = Embedder(model)
    wins = 0
    for question, answer, other in CROSS_LINGUAL:
        q = embedder.embed_query(question)
        p = embedder.embed([answer, other])
        wins += int(q @ p[0] > q @ p[1])
    return f"{wins}/{len(CROSS_LINGUAL)}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--home", type=Path, required=True)
    parser.add_argument("--limit", type=int, default=300)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--models", default=",".join(MODELS))
    args = parser.parse_args()
    chunks = _chunks(args.home)
    passages = sorted({t for _, o, t in chunks if o >= 0})[: args.limit]
    heads: dict[str, str] = {}
    for document, ordinal, text_ in chunks:
        if ordinal in (-1, 0):
            heads.setdefault(document, text_)
    mean_chars = statistics.mean(len(p) for p in passages)
    print(
        f"{len(passages)} passages (mean {mean_chars:.0f} chars), {len(heads)} document heads, "
        f"{os.cpu_count()} CPUs\n"
    )
    print(
        "| model | passages/s | question ms | unrelated median | unrelated p90 "
        "| cross-lingual |\n|---|---|---|---|---|---|"
    )
    for model in args.models.split(","):
        rate, query_ms = _speed(model, passages, args.rounds)
        median, p90 = _unrelated(model, sorted(heads.items()))
        print(
            f"| {model} | {rate:.1f} | {query_ms:.1f} | {median:.3f} | {p90:.3f} "
            f"| {_cross_lingual(model)} |"
        )


if __name__ == "__main__":
    main()
