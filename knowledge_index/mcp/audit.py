"""Audit trail: one mcp_audit row per tool call; the query is kept only as a keyed fingerprint.

HMAC rather than a plain hash: a plain SHA-256 of a short query ("Müller insolvency") can be
reversed by guessing, a keyed one only by someone holding the server's secret.
"""

from __future__ import annotations

import hashlib
import hmac
import json
from typing import Any

from sqlalchemy import Engine, text


def canonical(arguments: dict[str, Any]) -> bytes:
    return json.dumps(arguments, sort_keys=True, separators=(",", ":"), default=str).encode()


def fingerprint(key: bytes, arguments: dict[str, Any]) -> str:
    return hmac.new(key, canonical(arguments), hashlib.sha256).hexdigest()


def write_audit(
    engine: Engine,
    *,
    principal: str,
    principals: list[str],
    transport: str,
    tool: str,
    ok: bool,
    error_class: str | None,
    result_count: int | None,
    query_fingerprint: str | None,
    duration_ms: float,
) -> None:
    with engine.begin() as conn:
        conn.execute(
            text(
                "INSERT INTO mcp_audit (principal, principals, transport, tool, ok, error_class,"
                " result_count, query_fingerprint, duration_ms) VALUES (:p, :ps, :tr, :tool, :ok,"
                " :err, :n, :fp, :ms)"
            ),
            {
                "p": principal,
                "ps": principals,
                "tr": transport,
                "tool": tool,
                "ok": ok,
                "err": error_class,
                "n": result_count,
                "fp": query_fingerprint,
                "ms": duration_ms,
            },
        )
