"""`ki db backup` / `ki db restore`: one archive holding everything the index cannot re-derive.

An archive is a folder, or a tar file when PATH ends in .tar, .tar.gz or .tgz, holding:

- `ledger.dump`, `dagster.dump`: pg_dump (custom format) of the product and Dagster databases,
  made with the pg_dump shipped in the embedded Postgres package;
- `blobs/` (and `artifacts/` when present): the content-addressed blob store, file by file;
- `home/`: the saved configuration and the MCP audit key (fingerprints stay joinable);
- `manifest.json`, written last: versions, the migration level, time, counts and a sha256 of
  every dump, file and folder, so a restore verifies the whole archive before it touches a
  database.

The search index (LanceDB + Tantivy) is not archived: restore rebuilds it from the chunks in
Postgres, the index's truth, so a restored index cannot disagree with its restored ledger.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import io
import os
import shutil
import subprocess
import tarfile
import tempfile
from collections.abc import Callable, Iterator
from importlib import metadata
from pathlib import Path
from typing import IO, Literal, Protocol

from pydantic import BaseModel, ValidationError

from knowledge_index import db
from knowledge_index.dbadmin import DbAdminError
from knowledge_index.dbadmin.server import (
    connect,
    dagster_libpq_url,
    ledger_url,
    mask,
    pg_tool,
    tool_version,
)
from knowledge_index.mcp.config import AUDIT_KEY_FILENAME
from knowledge_index.settings import CONFIG_FILENAME, Settings

FORMAT: Literal["knowledge-index-backup"] = "knowledge-index-backup"
FORMAT_VERSION = 1
MANIFEST = "manifest.json"
DUMPS = {"ledger": "ledger.dump", "dagster": "dagster.dump"}
# Folders under KI_HOME archived file by file. The search index, pgdata and the Dagster
# instance folders are not: they are rebuilt, re-created or regenerated.
TREES = ("blobs", "artifacts")
HOME_FILES = (CONFIG_FILENAME, AUDIT_KEY_FILENAME)
TAR_SUFFIXES = (".tar", ".tar.gz", ".tgz")
# The migration that grants the MCP server's read-only role; re-applied after a restore because
# archives are restored without their grants (the role may not exist on the target server).
READER_GRANTS_SUFFIX = "_reader_role.sql"
_CHUNK = 1 << 20

Say = Callable[[str], None]


class DumpEntry(BaseModel):
    file: str
    database: str
    bytes: int
    sha256: str


class TreeEntry(BaseModel):
    folder: str
    files: int
    bytes: int
    # sha256 over "relative path, size, sha256" lines of every file, in sorted order.
    sha256: str


class FileEntry(BaseModel):
    file: str
    bytes: int
    sha256: str


class Manifest(BaseModel):
    format: Literal["knowledge-index-backup"] = FORMAT
    format_version: int = FORMAT_VERSION
    created_at: dt.datetime
    versions: dict[str, str]
    migrations: list[str]
    migration_level: int
    documents: int
    chunks: int
    databases: dict[str, DumpEntry]
    trees: list[TreeEntry]
    files: list[FileEntry]
    search_index: str = "not archived: rebuilt from the chunks in Postgres on restore"


class RestoreReport(BaseModel):
    backup_created_at: dt.datetime
    documents: int
    chunks: int
    index_chunks: int
    migrations_applied: list[str]
    replaced_files: list[str]


# -- hashing helpers ----------------------------------------------------------------------------


def _sha256_file(path: Path) -> tuple[int, str]:
    digest = hashlib.sha256()
    size = 0
    with path.open("rb") as handle:
        while chunk := handle.read(_CHUNK):
            size += len(chunk)
            digest.update(chunk)
    return size, digest.hexdigest()


def _walk(root: Path) -> Iterator[tuple[str, Path]]:
    """Files below `root` as (posix relative path, path), sorted; dotfiles are in-flight temp
    files of the blob store (`.incoming-*`) and are skipped."""
    for folder, dirs, files in os.walk(root):
        dirs[:] = sorted(d for d in dirs if not d.startswith("."))
        for name in sorted(files):
            if name.startswith("."):
                continue
            path = Path(folder) / name
            if path.is_symlink() or not path.is_file():
                continue
            yield path.relative_to(root).as_posix(), path


class _TreeDigest:
    def __init__(self, folder: str) -> None:
        self.folder = folder
        self.files = 0
        self.bytes = 0
        self._digest = hashlib.sha256()

    def add(self, rel: str, size: int, sha: str) -> None:
        self.files += 1
        self.bytes += size
        self._digest.update(f"{rel}\t{size}\t{sha}\n".encode())

    def entry(self) -> TreeEntry:
        return TreeEntry(
            folder=self.folder, files=self.files, bytes=self.bytes, sha256=self._digest.hexdigest()
        )


class _HashingReader(io.RawIOBase):
    def __init__(self, handle: IO[bytes]) -> None:
        self._handle = handle
        self.digest = hashlib.sha256()
        self.size = 0

    def readable(self) -> bool:
        return True

    def read(self, n: int = -1) -> bytes:
        data = self._handle.read(n)
        self.digest.update(data)
        self.size += len(data)
        return data


# -- archive writers ----------------------------------------------------------------------------


class _Sink(Protocol):
    def scratch(self, arcname: str) -> Path: ...
    def add_file(self, arcname: str, source: Path) -> tuple[int, str]: ...
    def add_scratch(self, arcname: str) -> tuple[int, str]: ...
    def add_bytes(self, arcname: str, data: bytes) -> None: ...
    def commit(self) -> None: ...
    def abort(self) -> None: ...


class _DirSink:
    """Writes into `<target>.partial/`, renamed to the target once the manifest is in."""

    def __init__(self, target: Path) -> None:
        self.target = target
        self.root = target.with_name(target.name + ".partial")
        shutil.rmtree(self.root, ignore_errors=True)
        self.root.mkdir(parents=True)

    def scratch(self, arcname: str) -> Path:
        return self.root / arcname

    def add_file(self, arcname: str, source: Path) -> tuple[int, str]:
        dest = self.root / arcname
        dest.parent.mkdir(parents=True, exist_ok=True)
        digest = hashlib.sha256()
        size = 0
        with source.open("rb") as src, dest.open("wb") as out:
            while chunk := src.read(_CHUNK):
                size += len(chunk)
                digest.update(chunk)
                out.write(chunk)
        return size, digest.hexdigest()

    def add_scratch(self, arcname: str) -> tuple[int, str]:
        return _sha256_file(self.root / arcname)

    def add_bytes(self, arcname: str, data: bytes) -> None:
        (self.root / arcname).write_bytes(data)

    def commit(self) -> None:
        os.replace(self.root, self.target)

    def abort(self) -> None:
        shutil.rmtree(self.root, ignore_errors=True)


class _TarSink:
    """Streams into `<target>.partial` (blobs are read once, never copied twice); dumps are
    written to a scratch folder beside it first because pg_dump needs a seekable file."""

    def __init__(self, target: Path) -> None:
        self.target = target
        self.partial = target.with_name(target.name + ".partial")
        mode: Literal["w", "w:gz"] = "w" if target.name.endswith(".tar") else "w:gz"
        # Closed by commit or abort, whichever ends the backup.
        self.tar = tarfile.open(self.partial, mode)  # noqa: SIM115
        self.scratch_dir = Path(tempfile.mkdtemp(dir=target.parent, prefix=f".{target.name}-"))

    def scratch(self, arcname: str) -> Path:
        return self.scratch_dir / arcname

    def add_file(self, arcname: str, source: Path) -> tuple[int, str]:
        info = self.tar.gettarinfo(str(source), arcname=arcname)
        info.uid = info.gid = 0
        info.uname = info.gname = ""
        with source.open("rb") as handle:
            reader = _HashingReader(handle)
            self.tar.addfile(info, reader)  # type: ignore[arg-type]
        return reader.size, reader.digest.hexdigest()

    def add_scratch(self, arcname: str) -> tuple[int, str]:
        path = self.scratch_dir / arcname
        result = self.add_file(arcname, path)
        path.unlink()
        return result

    def add_bytes(self, arcname: str, data: bytes) -> None:
        info = tarfile.TarInfo(arcname)
        info.size = len(data)
        info.mode = 0o600
        info.mtime = int(dt.datetime.now(dt.UTC).timestamp())
        self.tar.addfile(info, io.BytesIO(data))

    def commit(self) -> None:
        self.tar.close()
        shutil.rmtree(self.scratch_dir, ignore_errors=True)
        os.replace(self.partial, self.target)

    def abort(self) -> None:
        self.tar.close()
        shutil.rmtree(self.scratch_dir, ignore_errors=True)
        self.partial.unlink(missing_ok=True)


def is_tar(path: Path) -> bool:
    return path.name.endswith(TAR_SUFFIXES)


# -- the Postgres tools -------------------------------------------------------------------------


def _tool_args(url: str) -> tuple[str, dict[str, str]]:
    """A conninfo without the password, and an environment carrying it: a password on the
    command line would be visible to every user in the process list."""
    from psycopg.conninfo import conninfo_to_dict, make_conninfo

    params = {k: str(v) for k, v in conninfo_to_dict(url).items() if v is not None}
    env = {**os.environ, "PGCONNECT_TIMEOUT": "10"}
    password = params.pop("password", None)
    if password:
        env["PGPASSWORD"] = password
    return make_conninfo(**params), env


def _run_tool(name: str, args: list[str], url: str, what: str) -> None:
    conninfo, env = _tool_args(url)
    cmd = [str(pg_tool(name)), "--no-password", f"--dbname={conninfo}", *args]
    done = subprocess.run(cmd, capture_output=True, text=True, env=env, check=False)
    if done.returncode != 0:
        lines = [line for line in done.stderr.strip().splitlines() if line.strip()]
        reason = lines[0] if lines else f"exit {done.returncode}"
        raise DbAdminError(f"{name} of the {what} database ({mask(url)}) failed: {reason}")


# -- backup -------------------------------------------------------------------------------------


class _LedgerFacts(BaseModel):
    migrations: list[str]
    level: int
    documents: int
    chunks: int
    server_version: str


def _ledger_facts(url: str) -> _LedgerFacts:
    import psycopg

    def one(conn: psycopg.Connection, query: str) -> str:
        row = conn.execute(query).fetchone()  # type: ignore[arg-type]
        return str(row[0]) if row else ""

    with connect(url, "ledger") as conn:
        try:
            rows = conn.execute(
                "SELECT version, name FROM ki_schema_migrations ORDER BY version"
            ).fetchall()
        except psycopg.errors.UndefinedTable:
            raise DbAdminError(
                f"the ledger database ({mask(url)}) has no knowledge-index schema; "
                "nothing to back up (run `ki init` first)"
            ) from None
        return _LedgerFacts(
            migrations=[str(r[1]) for r in rows],
            level=int(rows[-1][0]) if rows else 0,
            documents=int(one(conn, "SELECT count(*) FROM source_objects")),
            chunks=int(one(conn, "SELECT count(*) FROM chunks")),
            server_version=one(conn, "SHOW server_version"),
        )


def _versions(server_version: str) -> dict[str, str]:
    versions = {"postgres_server": server_version, "pg_dump": tool_version("pg_dump")}
    for package in ("knowledge-index", "dagster", "lancedb", "tantivy"):
        try:
            versions[package] = metadata.version(package)
        except metadata.PackageNotFoundError:
            versions[package] = "not installed"
    return versions


def backup(settings: Settings, target: Path, *, say: Say = lambda _m: None) -> Manifest:
    target = target.expanduser().absolute()
    if target.exists() or target.is_symlink():
        raise DbAdminError(f"{target} already exists; back up to a new path")
    if not target.parent.is_dir():
        raise DbAdminError(f"{target.parent} is not a folder")
    ledger, dagster = ledger_url(settings), dagster_libpq_url(settings)
    facts = _ledger_facts(ledger)
    sink: _Sink = _TarSink(target) if is_tar(target) else _DirSink(target)
    try:
        databases: dict[str, DumpEntry] = {}
        # The ledger first, the blobs after both dumps: blobs are only ever added, so the copy
        # holds every blob the dumped ledger refers to even while a sync writes new ones.
        for role, url in (("ledger", ledger), ("dagster", dagster)):
            say(f"dumping the {role} database")
            arcname = DUMPS[role]
            path = sink.scratch(arcname)
            path.parent.mkdir(parents=True, exist_ok=True)
            _run_tool("pg_dump", ["--format=custom", f"--file={path}"], url, role)
            size, sha = sink.add_scratch(arcname)
            databases[role] = DumpEntry(file=arcname, database=_dbname(url), bytes=size, sha256=sha)
        trees = []
        for folder in TREES:
            root = settings.home / folder
            if not root.is_dir():
                continue
            say(f"copying {folder}/")
            tree = _TreeDigest(folder)
            for rel, path in _walk(root):
                size, sha = sink.add_file(f"{folder}/{rel}", path)
                tree.add(rel, size, sha)
            trees.append(tree.entry())
        files = []
        for name in HOME_FILES:
            path = settings.home / name
            if path.is_file():
                size, sha = sink.add_file(f"home/{name}", path)
                files.append(FileEntry(file=name, bytes=size, sha256=sha))
        manifest = Manifest(
            created_at=dt.datetime.now(dt.UTC),
            versions=_versions(facts.server_version),
            migrations=facts.migrations,
            migration_level=facts.level,
            documents=facts.documents,
            chunks=facts.chunks,
            databases=databases,
            trees=trees,
            files=files,
        )
        sink.add_bytes(MANIFEST, manifest.model_dump_json(indent=2).encode())
        sink.commit()
    except BaseException:
        sink.abort()
        raise
    return manifest


def _dbname(url: str) -> str:
    from psycopg.conninfo import conninfo_to_dict

    return str(conninfo_to_dict(url).get("dbname") or "")


# -- restore ------------------------------------------------------------------------------------


def _read_manifest(root: Path) -> Manifest:
    path = root / MANIFEST
    if not path.is_file():
        raise DbAdminError(f"{root} holds no {MANIFEST}: not a complete knowledge-index backup")
    try:
        manifest = Manifest.model_validate_json(path.read_bytes())
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"])
        raise DbAdminError(
            f"{path} is not a knowledge-index manifest ({where}: {first['msg']})"
        ) from None
    if manifest.format_version > FORMAT_VERSION:
        raise DbAdminError(
            f"backup format {manifest.format_version} is newer than this release reads "
            f"({FORMAT_VERSION}); restore it with the knowledge-index that wrote it"
        )
    return manifest


def _extract(archive: Path, staging: Path) -> Path:
    root = staging / "archive"
    root.mkdir()
    try:
        with tarfile.open(archive) as tar:
            # "data": no absolute paths, no links out of the folder, no device files.
            tar.extractall(root, filter="data")
    except (tarfile.TarError, OSError, EOFError) as exc:
        raise DbAdminError(f"{archive} cannot be read as a tar archive: {exc}") from exc
    return root


def _verify(manifest: Manifest, root: Path) -> None:
    """Every dump, file and folder against the manifest, before anything is written."""
    for role in ("ledger", "dagster"):
        entry = manifest.databases.get(role)
        if entry is None:
            raise DbAdminError(f"the manifest lists no {role} dump")
        path = root / entry.file
        if not path.is_file():
            raise DbAdminError(f"{entry.file} is missing from the backup")
        if _sha256_file(path) != (entry.bytes, entry.sha256):
            raise DbAdminError(f"{entry.file} does not match its checksum: the backup is damaged")
    for tree in manifest.trees:
        digest = _TreeDigest(tree.folder)
        for rel, path in _walk(root / tree.folder):
            digest.add(rel, *_sha256_file(path))
        if digest.entry() != tree:
            raise DbAdminError(
                f"{tree.folder}/ does not match its checksum ({digest.files} of {tree.files} "
                "files): the backup is damaged"
            )
    for item in manifest.files:
        path = root / "home" / item.file
        if not path.is_file() or _sha256_file(path) != (item.bytes, item.sha256):
            raise DbAdminError(f"home/{item.file} does not match its checksum")


def _check_level(manifest: Manifest) -> None:
    from knowledge_index.migrations import discover

    known = {m.name for m in discover()}
    unknown = [name for name in manifest.migrations if name not in known]
    if unknown:
        raise DbAdminError(
            f"the backup's schema is newer than this release (migration {unknown[0]} is unknown); "
            "restore it with knowledge-index "
            + manifest.versions.get("knowledge-index", "of the version that wrote it")
        )


def _occupied(url: str, what: str) -> str:
    """What already lives in a database, or "" when it is empty."""
    with connect(url, what) as conn:
        row = conn.execute(
            "SELECT count(*) FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace"
            " WHERE c.relkind IN ('r', 'p', 'v', 'm') AND n.nspname NOT LIKE 'pg\\_%'"
            " AND n.nspname <> 'information_schema'"
        ).fetchone()
    tables = int(row[0]) if row else 0
    return f"the {what} database {_dbname(url)} has {tables} tables" if tables else ""


def _wipe(url: str, what: str) -> None:
    """Drop every user schema (with what is in it) and recreate `public`: pg_restore into an
    empty database is the only restore that cannot leave a mix of old and restored rows."""
    import psycopg
    from psycopg import sql

    with connect(url, what) as conn:
        # A connected daemon or webserver holds locks; say so rather than wait forever.
        conn.execute("SET lock_timeout = '15s'")
        schemas = [
            str(r[0])
            for r in conn.execute(
                "SELECT nspname FROM pg_namespace WHERE nspname NOT LIKE 'pg\\_%'"
                " AND nspname <> 'information_schema'"
            ).fetchall()
        ]
        try:
            with conn.transaction():
                for schema in schemas:
                    conn.execute(sql.SQL("DROP SCHEMA {} CASCADE").format(sql.Identifier(schema)))
                conn.execute("CREATE SCHEMA public")
        except psycopg.Error as exc:
            reason = (str(exc).strip().splitlines() or [type(exc).__name__])[0]
            raise DbAdminError(
                f"could not clear the {what} database ({reason}); stop what is connected to it "
                "(`ki dev`, a Dagster daemon, an MCP server) and retry"
            ) from None


def _place_tree(src: Path, dest: Path, staging: Path, *, move: bool) -> None:
    if dest.exists():
        # Only reached with --force: the old tree goes aside and is deleted with the staging.
        os.replace(dest, staging / f"old-{dest.name}")
    if move:
        os.replace(src, dest)
    else:
        tmp = staging / f"new-{dest.name}"
        shutil.copytree(src, tmp)
        os.replace(tmp, dest)


def restore(
    settings: Settings, source: Path, *, force: bool = False, say: Say = lambda _m: None
) -> RestoreReport:
    source = source.expanduser().absolute()
    if not source.exists():
        raise DbAdminError(f"{source}: no such backup")
    home = settings.home.resolve()
    home.mkdir(parents=True, exist_ok=True)

    # Refuse before reading a possibly large archive: the cheap check first.
    ledger, dagster = ledger_url(settings), dagster_libpq_url(settings)
    db.ensure_databases(settings)
    occupied = [o for o in (_occupied(ledger, "ledger"), _occupied(dagster, "dagster")) if o]
    blobs = settings.home / "blobs"
    if blobs.is_dir() and any(True for _ in _walk(blobs)):
        occupied.append("blobs/ is not empty")
    if occupied and not force:
        raise DbAdminError(
            f"{home} already holds data ({'; '.join(occupied)}); restore into a fresh KI_HOME, "
            "or pass --force to replace it"
        )

    staging = Path(tempfile.mkdtemp(dir=home, prefix=".restore-"))
    try:
        if source.is_dir():
            root, extracted = source, False
        else:
            say(f"reading {source.name}")
            root, extracted = _extract(source, staging), True
        manifest = _read_manifest(root)
        _check_level(manifest)
        say("verifying checksums")
        _verify(manifest, root)

        try:
            if occupied:
                say("replacing the existing databases (--force)")
                _wipe(ledger, "ledger")
                _wipe(dagster, "dagster")
            for role, url in (("ledger", ledger), ("dagster", dagster)):
                say(f"restoring the {role} database")
                # Without owners and grants: the target's roles need not exist; the reader
                # role's grants are re-applied below.
                args = ["--no-owner", "--no-acl", "--exit-on-error", "--single-transaction"]
                dump = str(root / manifest.databases[role].file)
                _run_tool("pg_restore", [*args, dump], url, role)
        except DbAdminError as exc:
            # Each database restores in one transaction, but not both together.
            raise DbAdminError(
                f"{exc}; {home} may be partly restored: fix that, then restore again with --force"
            ) from None

        for tree in manifest.trees:
            say(f"restoring {tree.folder}/")
            _place_tree(root / tree.folder, home / tree.folder, staging, move=extracted)
        replaced = []
        for entry in manifest.files:
            dest = home / entry.file
            if dest.is_file() and _sha256_file(dest)[1] != entry.sha256:
                # Never silently lose a key or configuration the fresh home already had.
                os.replace(dest, dest.with_name(dest.name + ".before-restore"))
                replaced.append(entry.file)
            shutil.copy2(root / "home" / entry.file, dest)
            dest.chmod(0o600)

        applied, documents, chunks = _finish_ledger(settings)
        say("rebuilding the search index from Postgres")
        from knowledge_index.retrieval.sync import rebuild_index

        index = rebuild_index(db.get_engine(settings), settings)
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    return RestoreReport(
        backup_created_at=manifest.created_at,
        documents=documents,
        chunks=chunks,
        index_chunks=index.index_chunks,
        migrations_applied=applied,
        replaced_files=replaced,
    )


def _finish_ledger(settings: Settings) -> tuple[list[str], int, int]:
    """Bring an older archive's schema up to date, re-grant the reader role and point the blob
    rows at this home's store."""
    from sqlalchemy import text

    from knowledge_index.blobstore import BlobStore
    from knowledge_index.migrations import discover, migrate

    engine = db.get_engine(settings)
    applied = migrate(engine)
    with engine.begin() as conn:
        for migration in discover():
            if migration.name.endswith(READER_GRANTS_SUFFIX) and migration.name not in applied:
                conn.exec_driver_sql(migration.sql)
        root = str(BlobStore(settings.blob_dir.resolve()).root)
        conn.execute(
            text(
                "UPDATE blobs SET storage_path = :root || '/' || substr(content_hash, 1, 2)"
                " || '/' || substr(content_hash, 3, 2) || '/' || content_hash"
            ),
            {"root": root},
        )
        documents = conn.execute(text("SELECT count(*) FROM source_objects")).scalar_one()
        chunks = conn.execute(text("SELECT count(*) FROM chunks")).scalar_one()
    return applied, int(documents), int(chunks)
