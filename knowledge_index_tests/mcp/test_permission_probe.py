"""A randomized permission probe against the real server, over stdio and HTTP (issue 16).

A corpus with walled folders, mails with attachments and archives inside mails (eml > zip >
eml > txt) changes between rounds: grants are revoked and granted, files moved into walled
folders and deleted, and the source re-synced after each change. After each sync (before the
pipeline catches up) and again after it has, every identity calls all ten tools with seeded
random queries and ids, and no answer may carry an id, a count, a name or a word of a document
that identity may not read. The oracle is the estate on disk (folder grants, what exists), not
the server's own tables.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import anyio
import pytest
from fastmcp import Client
from fastmcp.client.transports import StdioTransport
from fastmcp.exceptions import ToolError
from sqlalchemy import text

from knowledge_index.retrieval.acl import Grants, compile_acl, visible
from knowledge_index_tests.conftest import _db_url, create_test_database
from knowledge_index_tests.mcp.conftest import server_env, start_http_server
from knowledge_index_tests.mcp.helpers import http_client
from knowledge_index_tests.support.nested import make_mail, nested_mail

SEED = 16_2024
MIN_PROBES = 10_000
ISSUER, AUDIENCE = "https://idp.firm.example", "knowledge-index"
# (sub, groups) over HTTP; the stdio server is configured with STDIO's principals.
IDENTITIES = [
    ("alice", []),
    ("bob", ["deal"]),
    ("carol", []),
    ("dave", ["lit"]),
    ("intern", ["deal", "lit"]),
    ("erin", ["deal", "lit"]),
    ("zoe", ["wall"]),
]
STDIO = ["user:carol", "group:deal"]
STDIO_LANES = 3
GENERIC_QUERIES = ["agreement", "escrow schedule", "purchase price", "archive entry", "mail"]


def _tag(rng: random.Random) -> str:
    # Distinctive tokens: a leak of a document's words, name or path is a substring match.
    return "zq" + "".join(rng.choice("bcdfghjklmnpqrstvwx") for _ in range(6))


@dataclass
class Estate:
    root: Path
    tags: dict[str, str] = field(default_factory=dict)  # top-level path -> its tag

    def write_acl(self, folder: str, acl: dict[str, Any] | None) -> None:
        path = self.root / folder / ".ki-acl.json"
        if acl is None:
            path.unlink(missing_ok=True)
        else:
            path.write_text(json.dumps(acl), encoding="utf-8")

    def add(self, rel: str, data: bytes, tag: str) -> None:
        path = self.root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
        self.tags[rel] = tag

    def move(self, rel: str, to: str) -> None:
        (self.root / rel).rename(self.root / to)
        self.tags[to] = self.tags.pop(rel)

    def delete(self, rel: str) -> None:
        (self.root / rel).unlink()
        del self.tags[rel]

    def grants(self, rel: str) -> tuple[list[str], list[str]]:
        """The top-level file's grants, folded from the source default down its folders."""
        levels = []
        folder = self.root
        for part in Path(rel).parts[:-1]:
            folder = folder / part
            acl = folder / ".ki-acl.json"
            if acl.is_file():
                levels.append(Grants.model_validate_json(acl.read_text(encoding="utf-8")))
        compiled = compile_acl(Grants(allow=["*"]), levels)
        return compiled.allowed, compiled.denied


def _build_estate(root: Path, rng: random.Random) -> Estate:
    estate = Estate(root)
    for folder in ("Open", "Deal", "Wall", "Lit"):
        for i in range(2):
            tag = _tag(rng)
            body = (
                f"Note {tag}: {tag.capitalize()} Holding GmbH agreed the purchase price and"
                f" the escrow schedule ({folder} file {i})."
            )
            estate.add(f"{folder}/note-{tag}.txt", body.encode(), tag)
    for folder in ("Open", "Deal", "Lit"):
        tag = _tag(rng)
        estate.add(f"{folder}/mail-{tag}.eml", nested_mail(tag), tag)
    tag = _tag(rng)
    estate.add(
        f"Wall/plain-{tag}.eml",
        make_mail(
            f"Wall {tag}",
            f"Walled mail {tag} about {tag.capitalize()} Holding GmbH.",
            {f"annex-{tag}.txt": f"Walled annex {tag}.".encode()},
            msg_id=f"wall-{tag}",
        ),
        tag,
    )
    estate.write_acl("Deal", {"allow": ["group:deal"], "deny": ["user:intern"], "inherit": False})
    estate.write_acl("Wall", {"allow": ["user:carol", "group:wall"], "inherit": False})
    estate.write_acl("Lit", {"allow": ["group:lit"], "deny": ["group:deal"], "inherit": False})
    return estate


def _round_changes(estate: Estate, rng: random.Random, n: int) -> str:
    def pick(prefix: str, suffix: str) -> str:
        found = sorted(p for p in estate.tags if p.startswith(prefix) and p.endswith(suffix))
        return rng.choice(found)

    if n == 1:
        estate.write_acl("Open", {"allow": ["group:lit"], "inherit": False})
        estate.write_acl(
            "Deal",
            {"allow": ["group:deal", "user:dave"], "deny": ["user:intern"], "inherit": False},
        )
        return "Open walled off to litigation; Deal granted to dave"
    if n == 2:
        mail = pick("Deal/", ".eml")
        estate.move(mail, "Wall/" + Path(mail).name)
        note = pick("Lit/", ".txt")
        estate.move(note, "Open/" + Path(note).name)
        estate.delete(pick("Lit/", ".eml"))
        return "a deal mail moved into the wall, a litigation note out, a litigation mail deleted"
    estate.write_acl("Wall", {"allow": ["group:wall"], "deny": ["user:carol"], "inherit": False})
    estate.write_acl("Open", None)
    estate.delete(pick("Open/", ".txt"))
    return "carol denied the wall, Open reopened, an open note deleted"


@dataclass
class Oracle:
    """Who may read what right now, from the disk; ids and words from the server's tables only
    to know what to ask about."""

    estate: Estate
    engine: Any

    def objects(self) -> list[tuple[str, str, bool]]:
        with self.engine.connect() as conn:
            return [
                (r[0], r[1], r[2])
                for r in conn.execute(
                    text("SELECT id, path, deleted_at IS NOT NULL FROM source_objects")
                )
            ]

    def readable(self, principals: list[str]) -> set[str]:
        out = set()
        for doc_id, path, deleted in self.objects():
            top = path.split("!/", 1)[0]
            if deleted or top not in self.estate.tags:
                continue
            allowed, denied = self.estate.grants(top)
            if visible(allowed, denied, principals):
                out.add(doc_id)
        return out

    def secrets(self, principals: list[str]) -> tuple[set[str], set[str]]:
        """(ids, words) that must never reach this identity: every known id it may not read,
        and the tags (in text, titles, paths and company names) of no file it may read."""
        readable = self.readable(principals)
        ids = {doc_id for doc_id, _, _ in self.objects()} - readable
        open_tags = {
            tag
            for path, tag in self.estate.tags.items()
            if visible(*self.estate.grants(path), principals)
        }
        return ids, set(ALL_TAGS) - open_tags


ALL_TAGS: list[str] = []


@dataclass
class Probe:
    name: str
    principals: list[str]
    client: Client
    calls: int = 0

    async def call(self, tool: str, args: dict[str, Any]) -> dict[str, Any] | str:
        self.calls += 1
        try:
            return (await self.client.call_tool(tool, args)).structured_content or {}
        except ToolError as exc:
            return str(exc)


def _plan(rng: random.Random, ids: list[str], tags: list[str]) -> list[tuple[str, dict]]:
    queries = [*GENERIC_QUERIES, *rng.sample(tags, min(len(tags), 12))]
    names = ["Holding", *(t.capitalize() for t in rng.sample(tags, min(len(tags), 11)))]
    prefixes = ["Open/", "Deal/", "Wall/", "Lit/", ""]
    calls: list[tuple[str, dict]] = []
    for i, q in enumerate(queries):
        # The two search tools take turns over the queries, so adding search_documents kept
        # the number of calls (and the test's runtime) what it was.
        search = ("search_semantic", "search_documents")[i % 2]
        calls.append((search, {"query": q, "limit": 50}))
        calls.append(("search_decisions", {"query": q}))
    calls += [("resolve_entity", {"name": n}) for n in names]
    for p in prefixes:
        calls.append(("search_filter", {"limit": 50, **({"path_prefix": p} if p else {})}))
        calls.append(("preview_search_scope", {"path_prefix": p} if p else {}))
    calls += [("list_matters", {}), ("list_taxonomies", {})]
    for doc_id in ids:
        calls.append(("get_document", {"source_object_id": doc_id}))
        calls.append(("traverse", {"source_object_id": doc_id, "depth": 3}))
        calls.append(("traverse", {"source_object_id": doc_id, "depth": 1, "limit": 5}))
    rng.shuffle(calls)
    return calls


def _check(
    probe: Probe,
    tool: str,
    args: dict,
    answer: dict[str, Any] | str,
    readable: set[str],
    secret_ids: set[str],
    secret_tags: set[str],
    caught_up: bool,
) -> None:
    blob = (answer if isinstance(answer, str) else json.dumps(answer)).lower()
    where = f"{probe.name} {tool} {args}"
    leaked = [s for s in secret_ids if s.lower() in blob] + [t for t in secret_tags if t in blob]
    assert not leaked, f"{where} leaked {leaked}: {blob[:400]}"
    if isinstance(answer, str):
        assert tool in ("get_document", "traverse") and "document not found" in answer, where
        if caught_up:
            assert args["source_object_id"] not in readable, f"{where}: readable but refused"
        return
    assert tool not in ("get_document", "traverse") or args["source_object_id"] in readable, where
    if tool == "search_filter":
        found = {d["citation"]["source_object_id"] for d in answer["documents"]}
        assert found <= readable and answer["total"] == len(found), where
        if caught_up and not args.get("path_prefix"):
            assert found == readable, f"{where}: {sorted(readable - found)} missing"
    elif tool == "preview_search_scope":
        assert set(answer["source_object_ids"]) <= readable, where
        assert answer["document_count"] == len(answer["source_object_ids"]), where
    elif tool == "list_matters":
        assert sum(m["document_count"] for m in answer["matters"]) <= len(readable), where
    elif tool == "search_semantic":
        found = {p["citation"]["source_object_id"] for p in answer["passages"]}
        assert found <= readable and answer["total"] == len(answer["passages"]), where
    elif tool == "search_documents":
        found = {d["citation"]["source_object_id"] for d in answer["documents"]}
        cited = {
            p["citation"]["source_object_id"] for d in answer["documents"] for p in d["passages"]
        }
        assert found <= readable and cited == found, where
        assert answer["total"] == len(answer["documents"]) == len(found), where


@dataclass
class World:
    estate: Estate
    oracle: Oracle
    driver: Any
    env: dict[str, str]


@pytest.fixture(scope="module")
def world(pg_server: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[World]:
    import os

    from knowledge_index.db import dispose_engines, get_engine
    from knowledge_index.settings import load_settings
    from knowledge_index_tests.support.pipeline import process_folder

    base = tmp_path_factory.mktemp("probe")
    rng = random.Random(SEED)
    with pytest.MonkeyPatch.context() as mp:
        for key in list(os.environ):
            if key.startswith("KI_"):
                mp.delenv(key)
        env = {
            "KI_HOME": str(base / "home"),
            "KI_DATABASE_URL": _db_url(pg_server, create_test_database(pg_server), "psycopg"),
            "KI_DAGSTER_DATABASE_URL": _db_url(
                pg_server, create_test_database(pg_server, prefix="dg", template=None), "psycopg2"
            ),
            "KI_PIPELINE__DELETION_CONFIRMATIONS": "1",
        }
        for key, value in env.items():
            mp.setenv(key, value)
        estate = _build_estate(base / "estate", rng)
        ALL_TAGS[:] = sorted(estate.tags.values())
        settings = load_settings()
        engine = get_engine(settings)
        driver = process_folder(engine, settings, estate.root)
        driver.update_search_index(rebuild=True)
        yield World(estate, Oracle(estate, engine), driver, env)
        dispose_engines()


def test_no_identity_reads_what_it_may_not_while_the_estate_changes(world: World, tmp_path):
    from fastmcp.server.auth.providers.jwt import RSAKeyPair

    keys = RSAKeyPair.generate()
    pem = tmp_path / "jwt.pub"
    pem.write_text(keys.public_key, encoding="utf-8")
    env = server_env(
        world.env,
        KI_MCP__JWT_PUBLIC_KEY=str(pem),
        KI_MCP__JWT_ISSUER=ISSUER,
        KI_MCP__JWT_AUDIENCE=AUDIENCE,
        KI_MCP__PRINCIPALS=json.dumps(STDIO),
    )
    rng = random.Random(SEED + 1)
    procs: list[subprocess.Popen] = []

    def token(sub: str, groups: list[str]) -> str:
        return keys.create_token(
            subject=sub, issuer=ISSUER, audience=AUDIENCE, additional_claims={"groups": groups}
        )

    async def scenario() -> int:
        stdio = Probe(
            "stdio",
            STDIO,
            Client(
                StdioTransport(
                    sys.executable,
                    ["-m", "knowledge_index.mcp"],
                    env=env,
                    log_file=tmp_path / "stdio.log",
                ),
                timeout=120,
            ),
        )
        urls: list[str] = []

        def start_http() -> None:
            proc, url = start_http_server(env, tmp_path / "http.log")
            procs.append(proc)
            urls.append(url)

        # Both servers load the embedding model; they start side by side.
        http = threading.Thread(target=start_http)
        http.start()
        await stdio.client.__aenter__()
        await anyio.to_thread.run_sync(http.join)
        assert urls, "the HTTP server did not start"
        clients = [
            Probe(
                f"http:{sub}",
                [f"user:{sub}", *(f"group:{g}" for g in groups)],
                http_client(urls[0], token(sub, groups)),
            )
            for sub, groups in IDENTITIES
        ]
        for probe in clients:
            await probe.client.__aenter__()
        clients.append(stdio)
        try:
            for n in range(4):
                if n:
                    _round_changes(world.estate, rng, n)
                    world.driver.sync("estate")
                    # Revocations, moves and deletions hold from the sync on...
                    await _probe_all(world, clients, rng, caught_up=False)
                    world.driver.run_until_idle()
                    world.driver.update_search_index()
                # ...and once the pipeline caught up, every grant shows too.
                await _probe_all(world, clients, rng, caught_up=True)
        finally:
            for probe in clients:
                await probe.client.__aexit__(None, None, None)
        return sum(p.calls for p in clients)

    try:
        total = anyio.run(scenario)
    finally:
        for proc in procs:
            proc.terminate()
            try:
                proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                proc.kill()
    assert total >= MIN_PROBES, total


async def _probe_all(world: World, clients: list[Probe], rng: random.Random, caught_up: bool):
    known = [*sorted({doc_id for doc_id, _, _ in world.oracle.objects()}), "no-such-id"]

    async def one(probe: Probe, plan: list[tuple[str, dict]]) -> None:
        readable = world.oracle.readable(probe.principals)
        secret_ids, secret_tags = world.oracle.secrets(probe.principals)
        for tool, args in plan:
            answer = await probe.call(tool, args)
            _check(probe, tool, args, answer, readable, secret_ids, secret_tags, caught_up)

    async with anyio.create_task_group() as tg:
        for probe in clients:
            # Several calls in flight per session: the stdio server is a process of its own
            # and would idle behind one sequential caller.
            lanes = STDIO_LANES if probe.name == "stdio" else 1
            for _ in range(lanes):
                tg.start_soon(one, probe, _plan(random.Random(rng.random()), known, ALL_TAGS))
