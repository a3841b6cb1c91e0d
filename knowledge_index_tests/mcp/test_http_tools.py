"""The MCP server over streamable HTTP with JWT identities: every tool, paging, permissions, errors,
audit. One indexed estate and one server process for the whole module."""

from __future__ import annotations

import json
import random
import time

import httpx
import pytest
from sqlalchemy import text

from knowledge_index.retrieval.acl import visible
from knowledge_index.retrieval.search import SearchConfig
from knowledge_index_tests.mcp.conftest import ESTATE, PRINCIPAL_POOL
from knowledge_index_tests.mcp.helpers import (
    assert_clean_error,
    call,
    call_many,
    http_client,
    run,
)

TOOLS = {
    "search_semantic",
    "search_documents",
    "search_filter",
    "get_document",
    "traverse",
    "list_matters",
    "search_decisions",
    "resolve_entity",
    "preview_search_scope",
    "list_taxonomies",
}
QUERIES = [
    "supply agreement",
    "Gewährleistungsfrist",
    "escrow",
    "merger Zeta",
    "Klage Müller",
    "2024/0173-MS",
    "holidays",
    "purchase price",
]


def _who(sub: str, groups: list[str]) -> list[str]:
    return [f"user:{sub}", *(f"group:{g}" for g in groups)]


def _expected(mcp_corpus, principals: list[str]) -> set[str]:
    return {
        doc
        for doc, (allow, deny) in mcp_corpus.acls().items()
        if visible([a.lower() for a in allow], [d.lower() for d in deny], principals)
    }


def _client(http_server, sub: str, groups: list[str] | None = None):
    return http_client(http_server.url, http_server.token(sub, groups or []))


def test_tools_are_listed_read_only_with_schemas(http_server):
    async def listing():
        async with _client(http_server, "alice") as c:
            return await c.list_tools()

    tools = {t.name: t for t in run(listing)}
    assert set(tools) == TOOLS
    for tool in tools.values():
        assert tool.annotations.read_only_hint is True
        assert tool.output_schema and tool.output_schema["type"] == "object"
        assert tool.input_schema.get("additionalProperties") is False


def test_each_tool_end_to_end_with_citations(http_server, mcp_corpus):
    ids = mcp_corpus.ids
    client = _client(http_server, "bob", ["beta", "litigation"])
    listing = call(client, "search_filter", {"limit": 50})
    memo_matter = next(
        d["citation"]["matter_id"]
        for d in listing["documents"]
        if d["citation"]["source_object_id"] == ids["Beta/memo.md"]
    )
    (search, by_matter, doc, mail, walk, matters, scope, decisions, entity, tax) = call_many(
        client,
        [
            # Only the memo holds all three words (the SPA mentions the escrow too, and its
            # type's labels may say "escrow agreement"): the memo is the one asked for.
            ("search_semantic", {"query": "escrow eighteen months", "limit": 5}),
            ("search_filter", {"filters": {"matter_ids": [memo_matter]}}),
            ("get_document", {"source_object_id": ids["Beta/memo.md"]}),
            ("get_document", {"source_object_id": ids["Acme/Mail/antwort.eml"]}),
            ("traverse", {"source_object_id": ids["Acme/Mail/antwort.eml"], "depth": 2}),
            ("list_matters", {}),
            ("preview_search_scope", {"filters": {"languages": ["de"]}}),
            ("search_decisions", {"query": "Gewährleistung"}),
            ("resolve_entity", {"name": "Acme"}),
            ("list_taxonomies", {}),
        ],
    )
    top = search["passages"][0]
    assert top["citation"]["path"] == "Beta/memo.md"
    cite = top["citation"]
    assert cite["source_object_id"] == ids["Beta/memo.md"]
    assert cite["connector"] == "folder" and cite["source_id"] == "estate"
    assert cite["chunk_id"].startswith(cite["version_id"])

    # Expected metadata comes from the unfiltered listing (stages may or may not have run).
    everything = {d["citation"]["source_object_id"]: d for d in listing["documents"]}
    assert set(everything) == _expected(mcp_corpus, _who("bob", ["beta", "litigation"]))
    memo_matter = everything[ids["Beta/memo.md"]]["citation"]["matter_id"]
    assert memo_matter
    assert {d["citation"]["source_object_id"] for d in by_matter["documents"]} == {
        k for k, d in everything.items() if d["citation"]["matter_id"] == memo_matter
    }
    assert by_matter["total"] == len(by_matter["documents"])

    assert "escrow" in doc["content"]["text"]
    assert doc["document"]["citation"]["version_id"].startswith(ids["Beta/memo.md"] + "@")
    assert not any("not built" in note for note in doc["notes"])

    # The e-mail's attachment is a document of its own, linked by containment.
    attachment = ids["Acme/Mail/antwort.eml!/maengelliste.txt"]
    assert mail["content"]["email"]["subject"] == "Antwort zum Liefervertrag"
    assert [(e["from_source_object_id"], e["kind"]) for e in mail["relations"]] == [
        (attachment, "attachment_of")
    ]
    assert {n["citation"]["source_object_id"] for n in walk["nodes"]} == {attachment}
    assert walk["notes"] == []

    # bob (beta + litigation): Acme and Open are for everyone, Beta via group, Lit is denied
    # to group:beta (deny wins), Wall is carol's alone.
    counts: dict[str, int] = {}
    for d in everything.values():
        if d["citation"]["matter_id"]:
            counts[d["citation"]["matter_id"]] = counts.get(d["citation"]["matter_id"], 0) + 1
    assert {m["matter_id"]: m["document_count"] for m in matters["matters"]} == counts
    german = {k for k, d in everything.items() if d["language"] == "de"}
    assert german and scope["document_count"] == len(german)
    assert set(scope["source_object_ids"]) == german
    assert scope["matter_ids"] == sorted(
        {everything[k]["citation"]["matter_id"] for k in german} - {None}
    )
    # The table exists (no "not built" note); this corpus has no tracked changes, so no
    # decision. A redline's decisions, cited and withheld by ACL: knowledge_index_tests/decisions.
    assert decisions["decisions"] == [] and decisions["notes"] == []
    # Entities appear once extract_metadata writes them; either way only with visible evidence.
    assert entity["entities"] or entity["notes"]
    for found in entity["entities"]:
        assert found["evidence"]
        assert {e["citation"]["source_object_id"] for e in found["evidence"]} <= set(everything)
    doc_types = {n["id"]: n for n in tax["taxonomies"][0]["nodes"]}
    named = {t["name"]: {n["id"] for n in t["nodes"]} for t in tax["taxonomies"]}
    assert "liability_cap" in named["decision_topic"]
    assert "unstated" in named["decision_rationale_category"]
    assert doc_types["contract.supply_agreement"]["parent_id"] == "contract"


def test_cursor_paging_returns_every_hit_once(http_server, mcp_corpus):
    def collect(tool: str, args: dict, key: str, ident) -> list:
        seen, cursor = [], None
        client = _client(http_server, "carol", ["beta", "litigation"])
        for _ in range(50):
            page = call(client, tool, {**args, **({"cursor": cursor} if cursor else {})})
            seen.extend(ident(row) for row in page[key])
            cursor = page["next_cursor"]
            if cursor is None:
                return seen
        raise AssertionError("paging did not end")

    args = {"query": "agreement supply purchase", "limit": 3}
    paged = collect("search_semantic", args, "passages", lambda p: p["citation"]["chunk_id"])
    whole = call(
        _client(http_server, "carol", ["beta", "litigation"]),
        "search_semantic",
        {**args, "limit": 50},
    )
    assert len(paged) == len(set(paged)) == whole["total"] > 3
    assert paged == [p["citation"]["chunk_id"] for p in whole["passages"]]

    docs = collect(
        "search_filter", {"limit": 2}, "documents", lambda d: d["citation"]["source_object_id"]
    )
    assert len(docs) == len(set(docs))
    assert set(docs) == _expected(mcp_corpus, _who("carol", ["beta", "litigation"]))


def _grouped(passages: list[dict]) -> dict[str, list[str]]:
    """Passage hits -> source_object_id -> chunk ids, both in ranking order."""
    out: dict[str, list[str]] = {}
    for p in passages:
        out.setdefault(p["citation"]["source_object_id"], []).append(p["citation"]["chunk_id"])
    return out


DOC_QUERY = "supply agreement escrow purchase price"


def test_search_documents_groups_the_passage_ranking_by_document(http_server, mcp_corpus):
    client = _client(http_server, "bob", ["beta", "litigation"])
    whole, docs = call_many(
        client,
        [
            ("search_semantic", {"query": DOC_QUERY, "limit": 50}),
            ("search_documents", {"query": DOC_QUERY, "limit": 50, "passages_per_document": 2}),
        ],
    )
    # The small estate fits in both candidate depths, so both rank the same passages.
    assert whole["next_cursor"] is None and whole["total"] == len(whole["passages"])
    grouped = _grouped(whole["passages"])
    assert docs["candidate_depth"] >= whole["total"]
    # The same documents; their order is their passages' scores weighed by query-word coverage.
    assert sorted(d["citation"]["source_object_id"] for d in docs["documents"]) == sorted(grouped)
    assert docs["total"] == docs["returned"] == len(grouped) > 2
    assert docs["next_cursor"] is None
    scores = [d["score"] for d in docs["documents"]]
    assert scores == sorted(scores, reverse=True)
    by_chunk = {p["citation"]["chunk_id"]: p for p in whole["passages"]}
    for rank, doc in enumerate(docs["documents"], start=1):
        cite = doc["citation"]
        chunks = [p["citation"]["chunk_id"] for p in doc["passages"]]
        assert doc["rank"] == rank
        assert chunks == grouped[cite["source_object_id"]][:2]
        best = by_chunk[chunks[0]]
        # The document cites what its passages cite, minus the chunk.
        assert cite == {**best["citation"], "chunk_id": None, "page": None}
        assert doc["match"]["best_passage_score"] == best["score"]
        # A current (final or executed) version's document score is raised above its
        # passage's, and so is a type the query names; a document writing only some of the
        # query's words is lowered.
        lift = (1 + SearchConfig().current_bonus) * (1 + SearchConfig().type_bonus)
        assert 0 < doc["score"] <= best["score"] * lift + 1e-12
        assert doc["title"] == best["title"]
        assert doc["match"]["candidate_passages"] == len(grouped[cite["source_object_id"]])
        assert doc["match"]["components"] and doc["match"]["matched_by"] in (
            "lexical",
            "vector",
            "both",
        )
    spa = next(
        d for d in docs["documents"] if d["citation"]["path"] == "Beta/spa.txt"
    )  # "Share purchase agreement: the purchase price ... subject to the escrow."
    assert spa["match"]["matched_by"] == "both"
    assert {"agreement", "escrow", "purchase", "price"} <= set(spa["match"]["matched_terms"])


def test_search_documents_pages_by_document(http_server, mcp_corpus):
    client = _client(http_server, "carol", ["beta", "litigation"])
    seen: list[str] = []
    cursor, totals = None, set()
    for _ in range(50):
        args = {"query": DOC_QUERY, "limit": 2, **({"cursor": cursor} if cursor else {})}
        page = call(client, "search_documents", args)
        assert page["returned"] == len(page["documents"]) <= 2
        seen.extend(d["citation"]["source_object_id"] for d in page["documents"])
        totals.add(page["total"])
        if page["next_cursor"] is None:
            break
        last_cursor = cursor = page["next_cursor"]
    whole = call(client, "search_documents", {"query": DOC_QUERY, "limit": 50})
    assert len(seen) == len(set(seen)) == whole["total"] > 2 and totals == {whole["total"]}
    assert set(seen) <= _expected(mcp_corpus, _who("carol", ["beta", "litigation"]))
    # Candidate depth follows the page size: a cursor is refused with another page size, and
    # a search_semantic cursor is refused here.
    passages = call(client, "search_semantic", {"query": DOC_QUERY, "limit": 2})
    resized, foreign = call_many(
        client,
        [
            ("search_documents", {"query": DOC_QUERY, "limit": 3, "cursor": last_cursor}),
            (
                "search_documents",
                {"query": DOC_QUERY, "limit": 2, "cursor": passages["next_cursor"]},
            ),
        ],
    )
    assert_clean_error(resized, "invalid cursor")
    assert_clean_error(foreign, "invalid cursor")


def test_search_documents_never_shows_or_counts_a_hidden_document(http_server, mcp_corpus):
    secret = mcp_corpus.ids["Wall/secret.txt"]
    for sub, groups in [("alice", []), ("bob", ["beta"]), ("intern", ["litigation"])]:
        allowed = _expected(mcp_corpus, _who(sub, groups))
        results = call_many(
            _client(http_server, sub, groups),
            [("search_documents", {"query": q, "limit": 50}) for q in QUERIES],
        )
        for query, result in zip(QUERIES, results, strict=True):
            found = {d["citation"]["source_object_id"] for d in result["documents"]}
            passages = {
                p["citation"]["source_object_id"]
                for d in result["documents"]
                for p in d["passages"]
            }
            assert found <= allowed and passages == found, (sub, query)
            assert result["total"] == len(found), (sub, query)
            assert secret not in json.dumps(result) and "Zeta" not in json.dumps(result)
    carol = call(_client(http_server, "carol"), "search_documents", {"query": "merger Zeta"})
    assert carol["documents"][0]["citation"]["source_object_id"] == secret


def test_random_principals_never_see_what_they_may_not(http_server, mcp_corpus):
    rng = random.Random(20240517)
    all_ids = sorted(mcp_corpus.acls())
    for _ in range(8):
        pool = rng.sample(PRINCIPAL_POOL, rng.randint(1, 3))
        users = [p.split(":", 1)[1] for p in pool if p.startswith("user:")] or ["zoe"]
        groups = [p.split(":", 1)[1] for p in pool if p.startswith("group:")]
        principals = _who(users[0], groups)
        allowed = _expected(mcp_corpus, principals)
        probes = rng.sample(all_ids, 4)
        calls = [("search_semantic", {"query": q, "limit": 50}) for q in rng.sample(QUERIES, 3)]
        calls += [
            ("search_filter", {"limit": 50}),
            ("preview_search_scope", {}),
            ("list_matters", {}),
        ]
        calls += [("get_document", {"source_object_id": d}) for d in probes]
        calls += [("traverse", {"source_object_id": d, "depth": 3}) for d in probes]
        results = call_many(_client(http_server, users[0], groups), calls)
        searches, listing, scope, matters = results[:3], results[3], results[4], results[5]
        gets, walks = results[6:10], results[10:14]
        for result in searches:
            assert {p["citation"]["source_object_id"] for p in result["passages"]} <= allowed
        assert {d["citation"]["source_object_id"] for d in listing["documents"]} == allowed
        assert set(scope["source_object_ids"]) == allowed and scope["document_count"] == len(
            allowed
        )
        assert sum(m["document_count"] for m in matters["matters"]) <= len(allowed)
        for source_object_id, got, walked in zip(probes, gets, walks, strict=True):
            if source_object_id in allowed:
                assert got["document"]["citation"]["source_object_id"] == source_object_id
                reached = {n["citation"]["source_object_id"] for n in walked["nodes"]}
                assert reached <= allowed
            else:
                # Hidden and unknown ids are indistinguishable.
                assert_clean_error(got, "document not found")
                assert_clean_error(walked, "document not found")


def test_bad_input_is_a_clear_error_and_leaks_nothing(http_server, mcp_corpus):
    secret_id = mcp_corpus.ids["Wall/secret.txt"]
    first = call(
        _client(http_server, "alice"), "search_semantic", {"query": "agreement", "limit": 1}
    )
    cursor = first["next_cursor"]
    tampered = cursor[:-2] + ("AA" if not cursor.endswith("AA") else "BB")
    results = call_many(
        _client(http_server, "alice"),
        [
            ("search_semantic", {"query": "x" * 2_001}),
            ("search_semantic", {"query": "agreement", "limit": "many"}),
            ("search_semantic", {"query": "agreement", "filterz": {}}),
            ("search_semantic", {}),
            ("search_filter", {"filters": {"date_from": "2025-01-01", "date_to": "2024-01-01"}}),
            ("get_document", {"source_object_id": "no-such-document"}),
            ("get_document", {"source_object_id": secret_id}),
            ("get_document", {"source_object_id": "../../etc/passwd"}),
            (
                "get_document",
                {"source_object_id": mcp_corpus.ids["Acme/letter.txt"], "version_id": "x"},
            ),
            ("traverse", {"source_object_id": "/etc/passwd"}),
            ("search_semantic", {"query": "agreement", "cursor": "not-a-cursor"}),
            ("search_semantic", {"query": "agreement", "cursor": tampered}),
            ("search_semantic", {"query": "something else", "cursor": cursor}),
            ("search_filter", {"cursor": cursor}),
            ("search_filter", {"path_prefix": "../../etc"}),
        ],
    )
    assert_clean_error(results[0], "query is too long", "2000")
    assert_clean_error(results[1], "invalid arguments", "limit")
    assert_clean_error(results[2], "invalid arguments", "filterz", "unknown argument")
    assert_clean_error(results[3], "invalid arguments", "query")
    assert_clean_error(results[4], "invalid arguments", "date_from is after date_to")
    for message in results[5:10]:
        assert_clean_error(message, "document not found")
    assert secret_id not in results[6]
    for message in results[10:14]:
        assert_clean_error(message, "invalid cursor")
    assert results[14]["documents"] == [] and results[14]["total"] == 0
    # The same cursor is refused for another identity too.
    other = call(
        _client(http_server, "bob"),
        "search_semantic",
        {"query": "agreement", "limit": 1, "cursor": cursor},
    )
    assert_clean_error(other, "invalid cursor")


def _unsigned_token(server) -> str:
    """`alg: none` with the right claims: a verifier that honours the header would accept it."""
    import base64
    import json as _json

    def part(value: dict) -> str:
        return base64.urlsafe_b64encode(_json.dumps(value).encode()).rstrip(b"=").decode()

    now = int(time.time())
    claims = {
        "sub": "alice",
        "iss": server.issuer,
        "aud": server.audience,
        "iat": now,
        "exp": now + 600,
        "groups": [],
    }
    return f"{part({'alg': 'none', 'typ': 'JWT'})}.{part(claims)}."


def test_missing_forged_or_expired_tokens_get_401(http_server):
    from fastmcp.server.auth.providers.jwt import RSAKeyPair

    forged = RSAKeyPair.generate().create_token(
        subject="alice", issuer=http_server.issuer, audience=http_server.audience
    )
    expired = http_server.token("alice", expires_in_seconds=-60)
    wrong_audience = http_server.keys.create_token(
        subject="alice", issuer=http_server.issuer, audience="someone-else"
    )
    bad_group = http_server.token("alice", ["x' OR '1'='1"])
    wrong_issuer = http_server.keys.create_token(
        subject="alice", issuer="https://other-idp.example", audience=http_server.audience
    )
    too_long = http_server.token("alice", expires_in_seconds=30 * 24 * 3600)
    unsigned = _unsigned_token(http_server)
    body = {"jsonrpc": "2.0", "id": 1, "method": "tools/list", "params": {}}
    headers = {"Accept": "application/json, text/event-stream"}
    good = http_server.token("alice")
    ok = httpx.post(
        http_server.url,
        json=body,
        headers={**headers, "Authorization": f"Bearer {good}"},
        timeout=10,
    )
    # Past authentication (the session handshake is the next hurdle): the refusals below are
    # about the tokens, not the request.
    assert ok.status_code != 401, ok.text
    for token in (
        None,
        "garbage",
        forged,
        expired,
        wrong_audience,
        bad_group,
        wrong_issuer,
        too_long,
        unsigned,
    ):
        auth = {"Authorization": f"Bearer {token}"} if token else {}
        response = httpx.post(http_server.url, json=body, headers={**headers, **auth}, timeout=10)
        assert response.status_code == 401, (token, response.status_code)
        assert "tools" not in response.text
        # RFC 9728 §5.1: the challenge tells the client where the resource metadata lives.
        challenge = response.headers["www-authenticate"]
        assert challenge.startswith("Bearer ") and (
            f'resource_metadata="{_metadata_url(http_server)}"' in challenge
        ), challenge
    # And through the real client: the session is refused, no tool answers.
    with pytest.raises(Exception, match="error"):
        call(http_client(http_server.url, forged), "list_matters", {})


def _metadata_url(server) -> str:
    base, _, path = server.url.rpartition("/")
    return f"{base}/.well-known/oauth-protected-resource/{path}"


def test_oauth_protected_resource_metadata_is_published(http_server):
    """What the MCP authorization spec asks of a resource server: RFC 9728 metadata naming this
    server and the issuer whose tokens it accepts, readable without a token."""
    base = http_server.url.rsplit("/", 1)[0]
    for url in (_metadata_url(http_server), f"{base}/.well-known/oauth-protected-resource"):
        response = httpx.get(url, timeout=10)
        assert response.status_code == 200, (url, response.text)
        doc = response.json()
        assert doc["resource"] == http_server.url
        assert [a.rstrip("/") for a in doc["authorization_servers"]] == [http_server.issuer]
        assert doc["bearer_methods_supported"] == ["header"]


def test_every_call_is_audited_with_a_fingerprint_not_the_query(http_server, mcp_corpus):
    marker = f"unmistakable audit probe {time.time_ns()}"
    client = _client(http_server, "dave", ["beta"])
    call_many(
        client,
        [
            ("search_semantic", {"query": marker}),
            ("search_semantic", {"query": marker}),
            ("get_document", {"source_object_id": "missing"}),
        ],
    )
    with mcp_corpus.engine.connect() as conn:
        rows = conn.execute(
            text(
                "SELECT tool, ok, error_class, result_count, query_fingerprint, principals,"
                " transport FROM mcp_audit WHERE principal = 'user:dave' ORDER BY id"
            )
        ).all()
        leaked = conn.execute(
            text("SELECT count(*) FROM mcp_audit a WHERE a::text ILIKE :m"),
            {"m": "%audit probe%"},
        ).scalar_one()
    assert [(r.tool, r.ok, r.error_class) for r in rows] == [
        ("search_semantic", True, None),
        ("search_semantic", True, None),
        ("get_document", False, "not_found"),
    ]
    assert rows[0].query_fingerprint == rows[1].query_fingerprint != rows[2].query_fingerprint
    assert all(len(r.query_fingerprint) == 64 for r in rows)
    assert rows[0].principals == ["group:beta", "user:dave"] and rows[0].transport == "http"
    assert leaked == 0
    assert all(q not in ESTATE for q in (marker,))


def test_every_tool_works_as_the_read_only_deployment_role(http_server, mcp_corpus, tmp_path):
    """compose.yaml's mcp service connects as a ki_reader login: every tool answers as usual
    and the audit row lands, although the role can write nothing else."""
    import uuid

    from sqlalchemy.engine import make_url

    from knowledge_index_tests.mcp.conftest import server_env, start_http_server

    login = f"ki_mcp_{uuid.uuid4().hex[:8]}"
    with mcp_corpus.engine.begin() as conn:
        conn.execute(text(f"CREATE ROLE {login} LOGIN IN ROLE ki_reader"))
    url = make_url(mcp_corpus.env["KI_DATABASE_URL"]).set(username=login)
    env = server_env(
        {**mcp_corpus.env, "KI_DATABASE_URL": url.render_as_string(hide_password=False)},
        KI_MCP__JWT_PUBLIC_KEY=str(tmp_path / "jwt.pub"),
        KI_MCP__JWT_ISSUER=http_server.issuer,
        KI_MCP__JWT_AUDIENCE=http_server.audience,
    )
    (tmp_path / "jwt.pub").write_text(http_server.keys.public_key, encoding="utf-8")
    proc, served = start_http_server(env, tmp_path / "reader.log")
    try:
        token = http_server.token("erin", ["beta"])
        found, listing = call_many(
            http_client(served, token),
            [("search_semantic", {"query": "escrow", "limit": 3}), ("list_matters", {})],
        )
        assert found["passages"] and listing["matters"]
    finally:
        proc.terminate()
        proc.wait(timeout=15)
    with mcp_corpus.engine.begin() as conn:
        audited = conn.execute(
            text("SELECT count(*) FROM mcp_audit WHERE principal = 'user:erin'")
        ).scalar_one()
        conn.execute(text(f"DROP ROLE {login}"))
    assert audited == 2
