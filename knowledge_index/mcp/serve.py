"""Starting the server for a transport: settings, migrations, warm-up, then serve."""

from __future__ import annotations

import logging
import os

from knowledge_index.errors import ConfigError


def parse_http(value: str) -> tuple[str, int]:
    host, sep, port = value.rpartition(":")
    if not sep or not host or not port.isdigit() or not 0 < int(port) < 65536:
        raise ConfigError(f"--http expects HOST:PORT, got {value!r}")
    return host.strip("[]"), int(port)


def serve(http: str | None = None, *, warm_up: bool = True) -> None:
    """Serve until the transport closes. Raises ConfigError before serving when misconfigured."""
    # Offline by construction: no model hub, no litellm price-map download.
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")
    os.environ.setdefault("FASTMCP_SHOW_SERVER_BANNER", "false")
    from knowledge_index.db import get_engine
    from knowledge_index.mcp.config import McpSettings
    from knowledge_index.mcp.server import build_server
    from knowledge_index.migrations import migrate, pending
    from knowledge_index.settings import load_settings

    address = parse_http(http) if http else None
    settings = load_settings()
    mcp_settings = McpSettings()
    transport = "http" if address else "stdio"
    engine = get_engine(settings)
    # The audit table must exist before the first call. Migrate only when something is
    # pending: the deployed server connects as the read-only ki_reader, which cannot.
    missing = pending(engine)
    if missing:
        from sqlalchemy.exc import ProgrammingError

        try:
            migrate(engine)
        except ProgrammingError as exc:  # permission denied for schema public
            raise ConfigError(
                f"the database schema lacks {len(missing)} migration(s) ({missing[0]}, ...) and "
                f"this role cannot apply them ({type(exc).__name__}); run `ki db migrate` as "
                "the database owner"
            ) from exc
    base_url = f"http://{_url_host(address[0])}:{address[1]}" if address else None
    server = build_server(engine, settings, mcp_settings, transport, base_url)
    if warm_up:
        _warm_up(settings)
    if address:
        host, port = address
        server.run(transport="http", host=host, port=port, show_banner=False)
    else:
        server.run(transport="stdio", show_banner=False)


def _url_host(host: str) -> str:
    return f"[{host}]" if ":" in host else host


def _warm_up(settings) -> None:
    """Load the embedding model and open the index before the first caller pays for it."""
    from knowledge_index.retrieval.embeddings import embedder_for
    from knowledge_index.retrieval.sync import open_index

    try:
        embedder_for(settings.retrieval.embedding_model).embed_query("warm up")
        open_index(settings)
    except Exception:
        logging.getLogger("knowledge_index.mcp").warning("warm-up failed", exc_info=True)
