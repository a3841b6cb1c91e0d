"""Numbered plain-SQL migrations from `knowledge_index/sql/`, each applied once and recorded."""

from __future__ import annotations

import hashlib
import os
import re
from dataclasses import dataclass
from pathlib import Path

from sqlalchemy import Engine, text

_NAME = re.compile(r"^(\d{3,})_[a-z0-9_]+\.sql$")
# Any constant works; it serialises concurrent `ki db migrate` calls across processes.
_MIGRATION_LOCK = 0x4B49_0001


@dataclass(frozen=True)
class Migration:
    version: int
    name: str
    sql: str

    @property
    def checksum(self) -> str:
        return hashlib.sha256(self.sql.encode()).hexdigest()


def sql_dir() -> Path:
    override = os.environ.get("KI_SQL_DIR")
    if override:
        return Path(override)
    # Package data, so a built wheel migrates too; no fallback to a source checkout, which
    # would hide a wheel that ships without its migrations.
    return Path(__file__).resolve().parent / "sql"


def discover(directory: Path | None = None) -> list[Migration]:
    directory = directory or sql_dir()
    found: list[Migration] = []
    for path in sorted(directory.glob("*.sql")):
        match = _NAME.match(path.name)
        if not match:
            raise ValueError(f"migration file {path.name} must be named NNN_description.sql")
        found.append(Migration(int(match.group(1)), path.name, path.read_text(encoding="utf-8")))
    versions = [m.version for m in found]
    if len(set(versions)) != len(versions):
        raise ValueError(f"duplicate migration numbers in {directory}")
    return found


def migrate(engine: Engine, directory: Path | None = None) -> list[str]:
    """Apply pending migrations in order; returns the names applied (empty when up to date)."""
    applied_now: list[str] = []
    with engine.begin() as conn:
        conn.execute(text("SELECT pg_advisory_xact_lock(:k)"), {"k": _MIGRATION_LOCK})
        conn.execute(
            text(
                "CREATE TABLE IF NOT EXISTS ki_schema_migrations ("
                " version integer PRIMARY KEY, name text NOT NULL, checksum text NOT NULL,"
                " applied_at timestamptz NOT NULL DEFAULT now())"
            )
        )
        done = {
            row.version: row.checksum
            for row in conn.execute(text("SELECT version, checksum FROM ki_schema_migrations"))
        }
        for migration in discover(directory):
            if migration.version in done:
                if done[migration.version] != migration.checksum:
                    raise RuntimeError(
                        f"migration {migration.name} changed after it was applied; "
                        "add a new numbered migration instead of editing an old one"
                    )
                continue
            conn.exec_driver_sql(migration.sql)
            conn.execute(
                text(
                    "INSERT INTO ki_schema_migrations (version, name, checksum) VALUES (:v, :n, :c)"
                ),
                {"v": migration.version, "n": migration.name, "c": migration.checksum},
            )
            applied_now.append(migration.name)
    return applied_now


def pending(engine: Engine, directory: Path | None = None) -> list[str]:
    """Migrations not yet recorded, read without writing anything: a read-only role (the MCP
    server's ki_reader) can ask, where `migrate` would need CREATE on the schema."""
    from sqlalchemy.exc import ProgrammingError

    try:
        with engine.connect() as conn:
            done = {r[0] for r in conn.execute(text("SELECT name FROM ki_schema_migrations"))}
    except ProgrammingError:  # no ki_schema_migrations table yet: everything is pending
        done = set()
    return [m.name for m in discover(directory) if m.name not in done]
