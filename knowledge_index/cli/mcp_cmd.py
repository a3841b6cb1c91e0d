"""`ki mcp`: serve the MCP tools over stdio, or over streamable HTTP with `--http HOST:PORT`.

Importing this module registers the command on the `ki` app (knowledge_index/cli/__init__.py
imports it once), so the MCP command lives entirely in this file.
"""

from __future__ import annotations

import typer

from knowledge_index.cli.app import app as _app
from knowledge_index.cli.common import handle_errors, quiet_libraries


def register(app: typer.Typer) -> None:
    @app.command("mcp")
    @handle_errors
    def mcp(
        http: str = typer.Option(
            None,
            "--http",
            metavar="HOST:PORT",
            help="Serve streamable HTTP at http://HOST:PORT/mcp (bearer JWT) instead of stdio.",
        ),
    ) -> None:
        """Serve the read-only MCP tools (identity: KI_MCP__PRINCIPALS on stdio, JWT on HTTP)."""
        quiet_libraries()
        from knowledge_index.mcp import serve

        serve(http)


register(_app)
