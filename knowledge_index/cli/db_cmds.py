"""`ki db status | stop | backup PATH | restore PATH`: the database as an operator runs it.

Registered on the `db` sub-app that app.py declares (beside `ki db migrate`); the logic lives in
knowledge_index.dbadmin, this module only prints.
"""

from __future__ import annotations

import json
from pathlib import Path

import typer

from knowledge_index.cli.common import EXIT_ATTENTION, console, err_console, handle_errors


def register(db_app: typer.Typer) -> None:
    db_app.command("status")(db_status)
    db_app.command("stop")(db_stop)
    db_app.command("backup")(db_backup)
    db_app.command("restore")(db_restore)


def _size(n: int | None) -> str:
    if n is None:
        return "?"
    value = float(n)
    for unit in ("B", "KiB", "MiB", "GiB"):
        if value < 1024 or unit == "GiB":
            return f"{value:.0f} {unit}" if unit == "B" else f"{value:.1f} {unit}"
        value /= 1024
    return f"{n} B"


def _settings():
    from knowledge_index.cli.common import private_home
    from knowledge_index.settings import load_settings

    settings = load_settings()
    private_home(settings.home)
    return settings


@handle_errors
def db_status(
    as_json: bool = typer.Option(False, "--json", help="Machine-readable output."),
) -> None:
    """Whether the database runs: the embedded server (pid, port, data folder, size, databases)
    or the configured external URL. Never starts the embedded server."""
    from knowledge_index.dbadmin.server import status

    report = status(_settings())
    code = EXIT_ATTENTION if report.mode == "external" and not report.running else 0
    if as_json:
        print(json.dumps(report.model_dump(), indent=2))
        raise typer.Exit(code)
    if report.mode == "external":
        state = "reachable" if report.running else "not reachable"
        console.print(f"external server (KI_DATABASE_URL): {state}\nurl: {report.url}")
        if report.error:
            err_console.print(f"[red]error:[/red] {report.error}")
    else:
        state = f"running, pid {report.pid}" if report.running else "not running"
        size = "not created yet" if report.data_bytes is None else _size(report.data_bytes)
        console.print(f"embedded server: {state}\ndata: {report.data_dir} ({size})")
        if report.running:
            where = f"port {report.port}" + (
                f", socket in {report.socket_dir}" if report.socket_dir else ""
            )
            console.print(f"listening: {where}\nurl: {report.url}")
    if report.server_version:
        console.print(f"server version: {report.server_version}")
    if report.connections is not None:
        console.print(f"other client connections: {report.connections}")
    for d in report.databases:
        label = {"ledger": " (ledger)", "dagster": " (Dagster)"}.get(d.role, "")
        console.print(f"  {d.name}{label}: {_size(d.bytes)}")
    raise typer.Exit(code)


@handle_errors
def db_stop() -> None:
    """Stop the embedded server cleanly (fast shutdown: clients are disconnected, a checkpoint
    is written). The next `ki` command starts it again."""
    from knowledge_index.dbadmin.server import stop

    report = stop(_settings())
    extra = (
        f"; {report.disconnected} other client connection(s) were closed"
        if report.disconnected
        else ""
    )
    console.print(report.message + extra)


@handle_errors
def db_backup(
    path: Path = typer.Argument(
        ..., help="A new folder, or a tar file (.tar, .tar.gz, .tgz) to write."
    ),
) -> None:
    """Back up the ledger and Dagster databases (pg_dump), the blob store and the saved
    configuration into one archive with a manifest of versions and checksums."""
    from knowledge_index.dbadmin.backup import backup

    manifest = backup(_settings(), path, say=_say)
    files = sum(t.files for t in manifest.trees)
    size = sum(t.bytes for t in manifest.trees) + sum(d.bytes for d in manifest.databases.values())
    console.print(
        f"backed up {manifest.documents} documents, {manifest.chunks} chunks, {files} blob "
        f"file(s), migration level {manifest.migration_level} to {path} ({_size(size)})"
    )


@handle_errors
def db_restore(
    path: Path = typer.Argument(..., help="A folder or tar file written by `ki db backup`."),
    force: bool = typer.Option(
        False, "--force", help="Replace the databases and blobs this KI_HOME already holds."
    ),
) -> None:
    """Restore a backup into this KI_HOME (a fresh one unless --force), then rebuild the search
    index from the restored chunks."""
    from knowledge_index.dbadmin.backup import restore

    report = restore(_settings(), path, force=force, say=_say)
    console.print(
        f"restored {report.documents} documents and {report.chunks} chunks from the backup of "
        f"{report.backup_created_at:%Y-%m-%d %H:%M} UTC; search index rebuilt "
        f"({report.index_chunks} chunks)"
    )
    if report.migrations_applied:
        console.print("migrated: " + ", ".join(report.migrations_applied))
    for name in report.replaced_files:
        console.print(f"replaced {name} (the previous one is {name}.before-restore)")


def _say(message: str) -> None:
    err_console.print(f"[dim]{message} ...[/dim]")
