"""Shared by the order and fault tests: fresh homes, forced orders, comparable exports."""

from __future__ import annotations

import os
import random
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import Engine, text

from knowledge_index.db import dispose_engines, get_engine
from knowledge_index.export import export_rows
from knowledge_index.pipeline import stage_order
from knowledge_index.runner import run_stage
from knowledge_index.settings import Settings, load_settings
from knowledge_index.sources.registry import add_source
from knowledge_index.sources.sync import sync_source
from knowledge_index_tests.conftest import _db_url, create_test_database

Order = Callable[[list[str]], list[str]]


def fresh_home(
    pg_server: str, monkeypatch: pytest.MonkeyPatch, home: Path
) -> tuple[Settings, Engine]:
    """A new KI_HOME and product database (the estate's results never mix between runs)."""
    db = create_test_database(pg_server)
    dagster_db = create_test_database(pg_server, prefix="dg", template=None)
    monkeypatch.setenv("KI_HOME", str(home))
    monkeypatch.setenv("KI_DATABASE_URL", _db_url(pg_server, db, "psycopg"))
    monkeypatch.setenv("KI_DAGSTER_DATABASE_URL", _db_url(pg_server, dagster_db, "psycopg2"))
    settings = load_settings()
    return settings, get_engine(settings)


def synced(engine: Engine, settings: Settings, root: Path, source: str = "estate") -> None:
    with engine.begin() as conn:
        add_source(conn, source, root)
    sync_source(engine, settings, source)


def _paths(engine: Engine) -> list[tuple[str, str]]:
    with engine.connect() as conn:
        return [
            (r[0], r[1])
            for r in conn.execute(text("SELECT id, path FROM source_objects ORDER BY path"))
        ]


def owed(engine: Engine) -> int:
    with engine.connect() as conn:
        return conn.execute(
            text(
                "SELECT count(*) FROM processing_state WHERE status = 'pending'"
                " OR (status = 'failed' AND (next_retry_at IS NULL OR next_retry_at <= now()))"
            )
        ).scalar_one()


def depth_first(settings: Settings, engine: Engine, order: Order, rounds: int = 6) -> None:
    """Every document through every stage before the next one, in `order` of their paths.

    The most order-sensitive schedule there is: a document is related while the next one has
    not even been fetched. Children found by conversion join the next round, in the same order.
    """
    for _ in range(rounds):
        if not owed(engine):
            return
        by_path = dict((p, i) for i, p in _paths(engine))
        for path in order(sorted(by_path)):
            for stage in stage_order():
                run_stage(settings, stage, source_object_ids=[by_path[path]], engine=engine)
    assert not owed(engine), "rows still owed after the forced order"


def stage_by_stage(settings: Settings, engine: Engine, workers: int = 1) -> None:
    """What `ki run` does (each stage for every document), by `workers` competing processes.

    Processes, not threads: that is how two `ki run`s or two daemon runs compete, and a hung
    thread could hold the whole test run where a process is killed at its deadline.
    """
    if workers == 1:
        for _ in range(6):
            for stage in stage_order():
                run_stage(settings, stage, engine=engine)
            if not owed(engine):
                break
    else:
        env = {**os.environ, "PYTHONPATH": os.getcwd()}
        cmd = [sys.executable, "-m", "knowledge_index_tests.faults.worker"]
        procs = [subprocess.Popen(cmd, env=env) for _ in range(workers)]
        try:
            codes = [p.wait(300) for p in procs]
        finally:
            for p in procs:
                if p.poll() is None:
                    p.kill()
        assert codes == [0] * workers, codes
    assert not owed(engine), "rows still owed after the workers finished"


def in_both_orders(
    pg_server: str, monkeypatch: pytest.MonkeyPatch, tmp_path: Path, root: Path
) -> Iterator[tuple[str, Engine]]:
    """The estate at `root` synced into a fresh home and run document by document, once in
    path order and once in reverse: ("path" | "reverse", its engine), disposed after use."""
    for name, order in {"path": in_path_order, "reverse": reversed_order}.items():
        settings, engine = fresh_home(pg_server, monkeypatch, tmp_path / f"home-{name}")
        synced(engine, settings, root)
        depth_first(settings, engine, order)
        yield name, engine
        dispose_engines()


def in_path_order(paths: list[str]) -> list[str]:
    return paths


def reversed_order(paths: list[str]) -> list[str]:
    return paths[::-1]


def shuffled(seed: int) -> Order:
    def order(paths: list[str]) -> list[str]:
        out = list(paths)
        random.Random(seed).shuffle(out)
        return out

    return order


# Truly volatile: minted with uuid4 when relate first creates the family or the thread
# (relations/store.py, relations/threading.py), so two databases never share them. The family
# and the thread are still compared, by their members (`version.chain`, `threads[].members`).
VOLATILE_IDS = ("logical_document_id", "thread_id")


def _stable(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _stable(v) for k, v in value.items() if k not in VOLATILE_IDS}
    if isinstance(value, list):
        return [_stable(v) for v in value]
    return value


def export(engine: Engine) -> dict[str, dict[str, Any]]:
    """The export keyed by path, JSON-shaped (what `ki export` writes), volatile ids removed.

    `source_object_id` stays: it is derived from the source and the relative path, so the same
    estate under the same source name has the same ids in every database.
    """
    return {r.path: _stable(r.model_dump(mode="json")) for r in export_rows(engine)}


def _edge(e: dict[str, Any]) -> str:
    return f"{e.get('direction')} {e.get('relation')} {e.get('path')} [{e.get('method')}]"


def differences(
    reference: dict[str, dict[str, Any]], other: dict[str, dict[str, Any]]
) -> list[str]:
    """Field-by-field differences, one line each: `path: field: reference != other`."""
    out: list[str] = []
    for path in sorted(set(reference) | set(other)):
        a, b = reference.get(path), other.get(path)
        if a is None or b is None:
            out.append(f"{path}: only in {'other' if a is None else 'reference'}")
            continue
        for key in sorted(set(a) | set(b)):
            x, y = a.get(key), b.get(key)
            if x == y:
                continue
            if key == "relations":
                ex, ey = {_edge(e) for e in x or []}, {_edge(e) for e in y or []}
                out.append(f"{path}: relations: lost {sorted(ex - ey)} gained {sorted(ey - ex)}")
            elif isinstance(x, dict) and isinstance(y, dict):
                for sub in sorted(set(x) | set(y)):
                    if x.get(sub) != y.get(sub):
                        out.append(f"{path}: {key}.{sub}: {x.get(sub)!r} != {y.get(sub)!r}")
            else:
                out.append(f"{path}: {key}: {x!r} != {y!r}")
    return out
