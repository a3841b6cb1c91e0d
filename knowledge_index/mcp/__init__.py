"""MCP surface of the knowledge index: read-only tools over Postgres and the search index.

`ki mcp` serves over stdio (identity from KI_MCP__PRINCIPALS); `ki mcp --http HOST:PORT` serves
streamable HTTP with bearer JWTs verified against locally configured keys.
"""

from knowledge_index.mcp.serve import serve

__all__ = ["serve"]
