"""Driving the real server with a real fastmcp.Client (sync wrappers over anyio)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

import anyio
import jsonschema
from fastmcp import Client
from fastmcp.client.transports import StreamableHttpTransport
from fastmcp.exceptions import ToolError

# Anything that would mean internals reached the caller.
LEAK_MARKERS = ("Traceback", "SELECT ", "psycopg", "sqlalchemy", 'File "', "/work/", "jsonb")


def run(fn: Callable[..., Awaitable[Any]], *args: Any) -> Any:
    return anyio.run(fn, *args)


def http_client(url: str, token: str | None) -> Client:
    return Client(StreamableHttpTransport(url, auth=token), timeout=60)


async def _call_many(client: Client, calls: list[tuple[str, dict]]) -> list[Any]:
    """Each (tool, args) -> structured content dict, or the ToolError's text (str)."""
    out: list[Any] = []
    async with client:
        schemas = {t.name: t.output_schema for t in await client.list_tools()}
        for tool, args in calls:
            try:
                result = await client.call_tool(tool, args)
            except ToolError as exc:
                out.append(str(exc))
                continue
            # The structured answer must satisfy the schema the server published.
            jsonschema.validate(result.structured_content, schemas[tool])
            out.append(result.structured_content)
    return out


def call_many(client: Client, calls: list[tuple[str, dict]]) -> list[Any]:
    return run(_call_many, client, calls)


def call(client: Client, tool: str, args: dict) -> Any:
    return call_many(client, [(tool, args)])[0]


def assert_clean_error(message: Any, *expected: str) -> None:
    assert isinstance(message, str), f"expected a tool error, got {message!r}"
    for marker in LEAK_MARKERS:
        assert marker not in message, f"leak {marker!r} in {message!r}"
    for part in expected:
        assert part in message, f"{part!r} not in {message!r}"
