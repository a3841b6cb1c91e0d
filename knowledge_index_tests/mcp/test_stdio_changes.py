"""The MCP server over stdio (identity from KI_MCP__PRINCIPALS) while the estate changes:
revocations, grants through the access-only re-index, and deletions at the source."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from fastmcp import Client
from fastmcp.client.transports import StdioTransport
from fastmcp.exceptions import ToolError
from sqlalchemy import text

from knowledge_index_tests.mcp.conftest import Corpus, server_env
from knowledge_index_tests.mcp.helpers import assert_clean_error, run


def _embeddings(corpus: Corpus, prefix: str) -> dict[str, str]:
    with corpus.engine.connect() as conn:
        return dict(
            conn.execute(
                text("SELECT chunk_id, embedding::text FROM chunks WHERE left(path, :n) = :p"),
                {"n": len(prefix), "p": prefix},
            ).all()
        )


class Probe:
    """What one identity can reach through every document-returning tool."""

    def __init__(self, client: Client) -> None:
        self.client = client

    async def tool(self, name: str, args: dict) -> dict | str:
        try:
            return (await self.client.call_tool(name, args)).structured_content
        except ToolError as exc:
            return str(exc)

    async def reachable(self, query: str, source_object_id: str) -> dict[str, bool]:
        search = await self.tool("search_semantic", {"query": query, "limit": 50})
        docs = await self.tool("search_documents", {"query": query, "limit": 50})
        listing = await self.tool("search_filter", {"limit": 50})
        scope = await self.tool("preview_search_scope", {})
        got = await self.tool("get_document", {"source_object_id": source_object_id})
        walked = await self.tool("traverse", {"source_object_id": source_object_id})
        if isinstance(got, str):
            assert_clean_error(got, "document not found")
            assert_clean_error(walked, "document not found")
        return {
            "search": source_object_id
            in {p["citation"]["source_object_id"] for p in search["passages"]},
            "documents": source_object_id
            in {d["citation"]["source_object_id"] for d in docs["documents"]},
            "filter": source_object_id
            in {d["citation"]["source_object_id"] for d in listing["documents"]},
            "scope": source_object_id in scope["source_object_ids"],
            "get": not isinstance(got, str),
            "traverse": not isinstance(walked, str),
        }


def test_acl_changes_and_deletions_reach_every_tool(mcp_corpus: Corpus, tmp_path: Path):
    # Runs after the read-only modules: it changes the shared estate.
    corpus, ids = mcp_corpus, mcp_corpus.ids
    env = server_env(corpus.env, KI_MCP__PRINCIPALS='["user:carol", "group:beta"]')
    transport = StdioTransport(
        sys.executable, ["-m", "knowledge_index.mcp"], env=env, log_file=tmp_path / "stdio.log"
    )
    memo, klage, letter = ids["Beta/memo.md"], ids["Lit/klage.txt"], ids["Acme/letter.txt"]
    everywhere = dict.fromkeys(("search", "documents", "filter", "scope", "get", "traverse"), True)
    nowhere = dict.fromkeys(everywhere, False)

    def write_acl(folder: str, acl: dict) -> None:
        (corpus.root / folder / ".ki-acl.json").write_text(json.dumps(acl), encoding="utf-8")

    async def scenario() -> None:
        async with Client(transport, timeout=120) as client:
            probe = Probe(client)
            assert await probe.reachable("escrow", memo) == everywhere
            # Lit is not granted to carol and denies group:beta.
            assert await probe.reachable("Klageschrift Mängel", klage) == nowhere

            assert await probe.reachable("milling machines", letter) == everywhere

            # One sync reads three changes: Beta revoked from group:beta, Lit granted to carol,
            # Acme/letter.txt deleted at the source (one confirmation is configured).
            beta_vectors, lit_vectors = _embeddings(corpus, "Beta/"), _embeddings(corpus, "Lit/")
            write_acl("Beta", {"allow": ["user:dave"], "inherit": False})
            write_acl("Lit", {"allow": ["group:litigation", "user:carol"], "inherit": False})
            (corpus.root / "Acme" / "letter.txt").unlink()
            report = corpus.driver.sync("estate")
            assert report.access_changed == 4 and report.tombstoned == 1
            # Revocation and deletion hide at once, before any re-index; the grant waits for it.
            assert await probe.reachable("escrow", memo) == nowhere
            assert await probe.reachable("milling machines", letter) == nowhere
            assert await probe.reachable("Klageschrift Mängel", klage) == nowhere

            corpus.driver.run_until_idle()
            assert await probe.reachable("escrow", memo) == nowhere
            assert await probe.reachable("milling machines", letter) == nowhere
            assert await probe.reachable("Klageschrift Mängel", klage) == everywhere
            # The access-only re-index rewrote permissions, not vectors.
            assert _embeddings(corpus, "Beta/") == beta_vectors
            assert _embeddings(corpus, "Lit/") == lit_vectors
            with corpus.engine.connect() as conn:
                assert not conn.execute(
                    text("SELECT count(*) FROM chunks WHERE source_object_id = :d"), {"d": letter}
                ).scalar_one()
            matters = await probe.tool("list_matters", {})
            total = sum(m["document_count"] for m in matters["matters"])
            listing = await probe.tool("search_filter", {"limit": 50})
            assert total <= listing["total"]

    run(scenario)
    with corpus.engine.connect() as conn:
        stdio_calls = conn.execute(
            text(
                "SELECT count(*) FROM mcp_audit WHERE transport = 'stdio'"
                " AND principals = ARRAY['group:beta', 'user:carol']"
            )
        ).scalar_one()
    assert stdio_calls >= 30  # every probe call, each tool, audited under the configured identity


def test_a_server_configured_for_another_model_says_so(mcp_corpus: Corpus, tmp_path: Path):
    # An operator switched the embedding model but has not rebuilt the index: the agent is told
    # why search cannot answer, not "internal error".
    env = server_env(
        mcp_corpus.env,
        KI_MCP__PRINCIPALS='["user:carol", "group:beta"]',
        KI_RETRIEVAL__EMBEDDING_MODEL="ki-local/all-MiniLM-L6-v2-int8",
    )
    transport = StdioTransport(
        sys.executable, ["-m", "knowledge_index.mcp"], env=env, log_file=tmp_path / "stdio.log"
    )

    async def scenario() -> None:
        async with Client(transport, timeout=120) as client:
            probe = Probe(client)
            answer = await probe.tool("search_documents", {"query": "escrow"})
            assert_clean_error(answer, "search index cannot answer", "all-MiniLM-L6-v2-int8")
            assert "rebuild: true" in str(answer)

    run(scenario)
