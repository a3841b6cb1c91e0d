"""`ki`: init, sources, sync, run, status, quarantine, retry, rerun, config, dev."""

from __future__ import annotations

import contextlib
import json
import os
import subprocess
import sys
from pathlib import Path

import typer
from rich.table import Table

from knowledge_index.cli.common import (
    EXIT_ATTENTION,
    EXIT_SKIPPED,
    console,
    driver,
    err_console,
    handle_errors,
    open_db,
    quiet_libraries,
)
from knowledge_index.cli.tables import print_fitted

app = typer.Typer(
    help="Knowledge Index: a law firm's documents as a Dagster asset graph.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
)
source_app = typer.Typer(help="Manage sources.", no_args_is_help=True)
config_app = typer.Typer(help="Show or edit the saved configuration.", no_args_is_help=True)
db_app = typer.Typer(help="Database maintenance.", no_args_is_help=True)


@app.callback()
def _private_files() -> None:
    # Every file a command writes (config, blobs, index, logs) is private to the owner.
    os.umask(0o077)
    # The embedded server's platformdirs warns about a headless host on every command: noise.
    import warnings

    warnings.filterwarnings("ignore", message=".*XDG_RUNTIME_DIR.*")


VERBOSE_HELP = (
    "Show Dagster's own log lines here too (they always go to the run's event log and to"
    " KI_HOME/logs/ki.log)."
)


app.add_typer(source_app, name="source")
app.add_typer(config_app, name="config")
app.add_typer(db_app, name="db")


@app.command()
@handle_errors
def init() -> None:
    """Create KI_HOME, start the database (embedded unless KI_DATABASE_URL), apply migrations."""
    from knowledge_index.orchestration.instance import dagster_home

    settings, engine = open_db()
    home = dagster_home(settings)
    console.print(
        f"home: {settings.home}\ndatabase: {engine.url.render_as_string()}\n"
        f"dagster instance: {home}"
    )


@db_app.command("migrate")
@handle_errors
def db_migrate() -> None:
    """Apply pending migrations (idempotent)."""
    from knowledge_index.db import get_engine
    from knowledge_index.migrations import migrate
    from knowledge_index.settings import load_settings

    applied = migrate(get_engine(load_settings()))
    console.print("applied: " + ", ".join(applied) if applied else "schema is up to date")


SKIPPED_SHOWN = 20


@source_app.command("add")
@handle_errors
def source_add(
    name: str,
    path: Path,
    interval: int = typer.Option(300, help="Seconds between scheduled syncs."),
    allow: list[str] = typer.Option(
        [], help="Principals allowed by default (repeatable), e.g. group:litigation."
    ),
    public: bool = typer.Option(False, "--public", help="Everyone may read it (allow '*')."),
    deny: list[str] = typer.Option([], help="Default principals denied (repeatable)."),
    follow_symlinks: bool = typer.Option(
        False, help="Follow symbolic links to files inside the folder (never outside it)."
    ),
) -> None:
    """Register a folder as a source (say who may read it: --allow ... or --public)."""
    from knowledge_index.errors import ConfigError
    from knowledge_index.sources.base import AccessGrants
    from knowledge_index.sources.registry import add_source

    if not allow and not public:
        # A silent default of "everyone" would publish a walled folder by forgetting a flag.
        raise ConfigError(
            "say who may read this source: --allow PRINCIPAL (repeatable) or --public"
        )
    if public:
        allow = [*allow, "*"]

    _, engine = open_db()
    with engine.begin() as conn:
        row = add_source(
            conn,
            name,
            path,
            interval_seconds=interval,
            default_acl=AccessGrants(allow=allow, deny=deny),
            follow_symlinks=follow_symlinks,
        )
    console.print(f"source [bold]{row.id}[/bold] -> {row.root} (every {interval}s)")


@source_app.command("list")
@handle_errors
def source_list() -> None:
    from knowledge_index.sources.registry import list_sources

    _, engine = open_db()
    with engine.connect() as conn:
        rows = list_sources(conn)
    table = Table("source", "kind", "root", "interval", "status")
    for r in rows:
        table.add_row(
            r.id,
            r.kind,
            r.root or "",
            f"{r.sync_interval_seconds}s",
            r.status + (f" ({r.last_error})" if r.last_error else ""),
        )
    console.print(table)


@source_app.command("show")
@handle_errors
def source_show(
    name: str,
    as_json: bool = typer.Option(False, "--json", help="Print the record as JSON."),
) -> None:
    """One source: its settings and the matter-folder convention discovered in its tree."""
    from knowledge_index.matters.discovery import MatterConvention
    from knowledge_index.sources.registry import get_source, matter_convention

    _, engine = open_db()
    with engine.connect() as conn:
        row = get_source(conn, name)
        stored = matter_convention(conn, name)
    if as_json:
        console.print_json(json.dumps({"source": row.model_dump(), "matter_convention": stored}))
        return
    console.print(
        f"source: {row.id} ({row.kind})\nroot: {row.root or ''}\n"
        f"interval: {row.sync_interval_seconds}s\nstatus: {row.status}"
        + (f" ({row.last_error})" if row.last_error else "")
    )
    if stored is None:
        console.print("matter folders: not discovered yet (run `ki sync`)")
        return
    found = MatterConvention.model_validate(stored)
    if found.depth is None:
        console.print("matter folders: no matter-folder level found in the tree")
        return
    levels = found.levels or {c: found.depth for c in found.containers}
    console.print(
        "matter folders: "
        + "; ".join(
            f"level {depth} under {container or '(source root)'}"
            for container, depth in sorted(levels.items())
        )
        + "\nstyles: "
        + ", ".join(f"{k} {v}" for k, v in found.styles.items())
    )
    table = Table("matter folder", "reference", "key", "title", "style")
    for m in found.matter_folders:
        table.add_row(m.path, m.reference or "", m.key or "", m.title, m.style or "title only")
    console.print(table)


SYNC_HEADERS = (
    "source",
    "observed",
    "created",
    "changed",
    "unchanged",
    "restored",
    "tombstoned",
    "acl only",
    "unreadable",
    "skipped",
    "pending deletion",
    "seconds",
)


@app.command()
@handle_errors
def sync(
    name: str | None = typer.Argument(None, help="Source to sync; all sources when omitted."),
    run: bool = typer.Option(
        True,
        help="Hand off to `ki run` when the sync found changes "
        "(and pipeline.auto_insert_after_sync is on).",
    ),
    verbose: bool = typer.Option(False, "--verbose", "-v", help=VERBOSE_HELP),
) -> None:
    """Run the sync of one or every source as a Dagster run, then hand off.

    Exit 0 in sync (nothing owed), 1 needs attention (owed work, quarantine, an open circuit,
    a failed source), 2 skipped with nothing lost (another sync of the source is in flight).
    """
    from rich.markup import escape

    from knowledge_index.orchestration.driver import SyncFailed
    from knowledge_index.sources.registry import get_source, list_sources
    from knowledge_index.sources.sync import SyncInFlight

    settings, engine = open_db()
    with engine.connect() as conn:
        names = [get_source(conn, name).id] if name else [s.id for s in list_sources(conn)]
    if not names:
        err_console.print("no sources; add one with `ki source add NAME PATH`")
        raise typer.Exit(EXIT_ATTENTION)
    d = driver(settings, verbose=verbose)
    skipped = failed = 0
    handed_off = False
    rows: list[list[str]] = []
    skipped_lines: list[str] = []
    for source_id in names:
        # One source's failure is its own: the others still sync (and the exit code says 1).
        try:
            r = d.sync(source_id)
        except SyncInFlight as exc:
            err_console.print(f"[yellow]skipped:[/yellow] {escape(str(exc))}", highlight=False)
            skipped += 1
            continue
        except SyncFailed as exc:
            err_console.print(f"[red]error:[/red] {escape(str(exc))}", highlight=False)
            failed += 1
            continue
        handed_off |= r.handed_off
        pend = f"{r.pending_deletions} ({r.deletion_confirmations})" if r.pending_deletions else "0"
        counts = (
            r.observed,
            r.created,
            r.changed,
            r.unchanged,
            r.restored,
            r.tombstoned,
            r.access_changed,
            r.unreadable,
            r.skipped,
        )
        rows.append([source_id, *(str(v) for v in counts), pend, f"{r.seconds:.1f}"])
        skipped_lines += [f"{source_id}: {e['path']}: {e['cause']}" for e in r.skipped_entries]
    if rows:
        print_fitted(console, SYNC_HEADERS, rows)
    for line in skipped_lines[:SKIPPED_SHOWN]:
        console.print(f"[yellow]skipped[/yellow] {escape(line)}", highlight=False)
    if len(skipped_lines) > SKIPPED_SHOWN:
        console.print(f"... and {len(skipped_lines) - SKIPPED_SHOWN} more skipped entries")
    if handed_off and run:
        _run_pipeline(d)
    if failed:
        raise typer.Exit(EXIT_ATTENTION)
    if skipped and not rows:
        # Nothing was synced here and nothing is lost: the sync in flight does the work and
        # reports the ledger's verdict itself.
        raise typer.Exit(EXIT_SKIPPED)
    # 0 only when nothing is owed and nothing needs attention (the ledger says, not the sync):
    # a sync that leaves rows owed or quarantined is not "in sync". A skipped source is 2 when
    # everything else is in order.
    code = _status_exit(settings)
    raise typer.Exit(EXIT_SKIPPED if skipped and code == 0 else code)


def _run_pipeline(d, *, plain_interval: float = 30.0):
    """Run until idle with the ledger's progress on screen, then one summary table."""
    from rich.markup import escape

    from knowledge_index.cli.progress import LedgerProgress, circuit_line, duration, summary_rows
    from knowledge_index.ledger.report import status as ledger_status
    from knowledge_index.orchestration.logfile import log_path

    def read():
        with d.engine.connect() as conn:
            return ledger_status(conn)

    with LedgerProgress(console, read, plain_interval=plain_interval) as progress:

        def tick(stage: str, n: int) -> None:
            progress.say(f"{stage}: ran a batch of {n} document(s)")

        def waiting(seconds: float) -> None:
            progress.say(
                f"waiting {duration(seconds)} for retries that fall due (backoff or a circuit's"
                " cooldown)"
            )

        summary = d.run_until_idle(progress=tick, waiting=waiting)
    headers, rows = summary_rows(progress.rows(), summary.seconds_by_stage)
    print_fitted(
        console,
        headers,
        rows,
        title=f"{summary.runs} Dagster run(s) in {summary.seconds:.1f}s",
    )
    if summary.parallel is not None and summary.parallel.processes > 1:
        plan = summary.parallel
        console.print(
            f"model stages ran in {plan.processes} processes ({plan.reason};"
            f" {plan.usable_cpus} usable CPUs; KI_PIPELINE__PARALLEL_RUNS)",
            highlight=False,
        )
    for c in progress.latest.open_circuits:
        console.print(f"[yellow]{escape(circuit_line(c))}[/yellow]", highlight=False)
    if summary.failed_runs:
        console.print(
            f"{summary.failed_runs} run(s) had failed documents (`ki quarantine`, `ki status`);"
            f" Dagster's log lines: {log_path(d.settings)} (--verbose shows them here)",
            highlight=False,
        )
    return summary


@app.command("run")
@handle_errors
def run_cmd(verbose: bool = typer.Option(False, "--verbose", "-v", help=VERBOSE_HELP)) -> None:
    """Run every owed stage for every document through Dagster, batched, until idle.

    Exit 0 when nothing is owed, 1 when work is owed or needs attention (quarantine, retries
    waiting out an outage, an open circuit).
    """
    settings, _ = open_db()
    _run_pipeline(driver(settings, verbose=verbose))
    raise typer.Exit(_status_exit(settings))


def _status_exit(settings) -> int:
    from knowledge_index.db import get_engine
    from knowledge_index.ledger.report import status as ledger_status

    with get_engine(settings).connect() as conn:
        return ledger_status(conn).exit_code()


def _quick_status():
    """The status report over one psycopg2 connection, without SQLAlchemy or migrations.

    Only when the schema is current (every migration file recorded); otherwise None and the
    caller takes the ordinary path, which migrates first. SQLAlchemy's import alone is ~0.4 s
    and psycopg (3) ~0.3 s on a loaded host; psycopg2 (Dagster's driver) ~0.06 s.
    """
    import psycopg2

    from knowledge_index.db import product_libpq_url
    from knowledge_index.ledger.report import status_dbapi
    from knowledge_index.settings import load_settings

    settings = load_settings()
    try:
        conn = psycopg2.connect(product_libpq_url(settings), connect_timeout=5)
    except psycopg2.Error:
        return None
    try:
        with conn.cursor() as cur:
            cur.execute("SELECT name FROM ki_schema_migrations")
            recorded = {r[0] for r in cur.fetchall()}
        if not set(_migration_names()) <= recorded:
            return None
        return status_dbapi(conn)
    except psycopg2.Error:
        return None
    finally:
        conn.close()


def _migration_names() -> list[str]:
    # knowledge_index.migrations.sql_dir without importing SQLAlchemy along with it.
    override = os.environ.get("KI_SQL_DIR")
    package = Path(__file__).resolve().parents[1]
    for folder in (Path(override) if override else None, package / "sql"):
        if folder is not None and folder.is_dir():
            return sorted(p.name for p in folder.glob("*.sql"))
    return ["<no migrations found>"]


@app.command()
@handle_errors
def status(as_json: bool = typer.Option(False, "--json", help="Machine-readable output.")) -> None:
    """Per-stage bucket counts. Exit 0 in sync, 1 needs attention, 2 a sync is in flight."""
    from knowledge_index.ledger.states import BUCKETS

    report = _quick_status()
    if report is None:
        from knowledge_index.ledger.report import status as ledger_status

        _, engine = open_db()
        with engine.connect() as conn:
            report = ledger_status(conn)
    if as_json:
        body = report.model_dump(mode="json")
        body["exit_code"] = report.exit_code()
        print(json.dumps(body, indent=2))
    else:
        from rich.markup import escape

        from knowledge_index.cli.progress import circuit_line

        print_fitted(
            console,
            ["stage", *BUCKETS],
            [[s.stage, *(str(s.buckets[b]) for b in BUCKETS)] for s in report.stages],
            title=f"{report.documents} documents "
            f"({report.deleted_documents} deleted, {report.pending_deletions} "
            "pending deletion)",
        )
        _print_degraded(report.degraded)
        for c in report.open_circuits:
            console.print(f"[yellow]{escape(circuit_line(c))}[/yellow]", highlight=False)
    raise typer.Exit(report.exit_code())


def _print_degraded(degraded) -> None:
    for d in degraded:
        console.print(
            f"[yellow]degraded[/yellow] {d.stage}: {d.documents} document(s) without"
            f" {d.capability}" + (f" - {d.hint}" if d.hint else ""),
            highlight=False,
        )


@app.command()
@handle_errors
def quarantine(
    stage: str | None = typer.Option(None, help="Only this stage."),
    as_json: bool = typer.Option(False, "--json"),
) -> None:
    """Quarantined documents with error class, message and attempts."""
    from knowledge_index.ledger.report import quarantine as list_quarantine
    from knowledge_index.ledger.report import status as ledger_status

    _, engine = open_db()
    with engine.connect() as conn:
        entries = list_quarantine(conn, stage=stage)
        degraded = [d for d in ledger_status(conn).degraded if stage in (None, d.stage)]
    if as_json:
        print(json.dumps([e.model_dump(mode="json") for e in entries], indent=2))
    else:
        table = Table("document", "path", "stage", "attempts", "error", "message")
        for e in entries:
            table.add_row(
                e.source_object_id,
                e.path,
                e.stage,
                str(e.attempts),
                e.error_class or "",
                (e.message or "")[:160],
            )
        console.print(table)
        if entries:
            _print_groups(entries)
            console.print(
                "release one with: ki retry DOCUMENT [--stage STAGE]; in bulk: ki retry"
                " --class CLASS | --stage STAGE | --infrastructure | --all [--yes]"
            )
        # Not quarantined, but not whole either: what the installation lacks, and the cure.
        _print_degraded(degraded)
    raise typer.Exit(EXIT_ATTENTION if entries else 0)


@app.command()
@handle_errors
def retry(
    document: str | None = typer.Argument(None, help="One source object id to release."),
    stage: str | None = typer.Option(
        None,
        help="Stage to release (the earliest quarantined stage is released if it comes first);"
        " with no DOCUMENT: every document quarantined in this stage.",
    ),
    error_class: str | None = typer.Option(
        None, "--class", help="Every document quarantined with this error class."
    ),
    infrastructure: bool = typer.Option(
        False, "--infrastructure", help="Every casualty of an outage (gateway, converter)."
    ),
    every: bool = typer.Option(False, "--all", help="Every quarantined document."),
    yes: bool = typer.Option(False, "--yes", help="Release them (without it: a dry-run count)."),
    run: bool = typer.Option(True, help="Start one run right away."),
) -> None:
    """Release quarantined documents: one by id, or in bulk by stage, class or outage."""
    from knowledge_index.errors import ConfigError
    from knowledge_index.ledger.maintenance import quarantined_rows, retry_many, retry_quarantined

    settings, engine = open_db()
    if document is None:
        if not (stage or error_class or infrastructure or every):
            raise ConfigError(
                "name a DOCUMENT, or select with --stage, --class, --infrastructure or --all"
            )
        with engine.begin() as conn:
            rows = quarantined_rows(
                conn, stage=stage, error_class=error_class, infrastructure=infrastructure
            )
            _print_groups(rows)
            if not yes:
                documents = len({r.source_object_id for r in rows})
                console.print(f"dry run: {documents} document(s) would be released; add --yes")
                raise typer.Exit(EXIT_ATTENTION if rows else 0)
            reports = retry_many(conn, settings, rows)
        console.print(f"released {len(reports)} document(s); one run follows")
        if run and reports:
            _run_pipeline(driver(settings))
        raise typer.Exit(_status_exit(settings))
    with engine.begin() as conn:
        r = retry_quarantined(conn, settings, document, stage=stage)
    console.print(
        f"released [bold]{r.released_stage}[/bold] of {document} "
        f"(max_attempts {r.max_attempts}); back to waiting: "
        f"{', '.join(r.invalidated_stages) or 'none'}"
    )
    if r.requested_stage and r.requested_stage != r.released_stage:
        console.print(
            f"note: {r.requested_stage} was asked for, but {r.released_stage} is "
            "quarantined earlier and must run first"
        )
    if r.previous_error:
        console.print(
            f"previous error: {r.previous_error.get('class')}: "
            f"{str(r.previous_error.get('message'))[:300]}"
        )
    if r.deterministic:
        console.print(
            "[yellow]that failure was deterministic: it will quarantine again unless "
            "the file or the configuration changed[/yellow]"
        )
    if run:
        _run_pipeline(driver(settings))


def _print_groups(rows) -> None:
    """Quarantined rows (anything with `stage` and `error_class`) counted by stage and class."""
    from collections import Counter

    counts = Counter((r.stage, r.error_class or "?") for r in rows)
    table = Table("stage", "error class", "documents")
    for (stage_name, cls), n in sorted(counts.items()):
        table.add_row(stage_name, cls, str(n))
    console.print(table)


@app.command()
@handle_errors
def rerun(
    stage: str,
    yes: bool = typer.Option(False, "--yes", "-y", help="Do not ask for confirmation."),
    run: bool = typer.Option(
        True,
        help="Drive the backfill to completion in this process (then downstream stages); "
        "--no-run leaves it to the Dagster daemon (`ki dev`).",
    ),
    bump: bool = typer.Option(
        True,
        help="Bump the stage's rerun token. --no-bump back-fills what the ledger already owes "
        "the stage, e.g. after a release changed the stage's code version.",
    ),
) -> None:
    """Re-run one stage for every document that ran it, as a Dagster backfill of its asset."""
    from knowledge_index.ledger.report import rerun_preview
    from knowledge_index.pipeline import check_stage

    check_stage(stage)
    settings, engine = open_db()
    with engine.connect() as conn:
        preview = rerun_preview(conn, stage)
    owed = f" (plus {preview.already_owed} already owed)" if preview.already_owed else ""
    console.print(
        f"{preview.documents} document(s) will re-run {stage}{owed}; downstream stages that "
        f"follow: {', '.join(preview.downstream_stages) or 'none'}"
    )
    if not yes and not typer.confirm("continue?"):
        raise typer.Exit(EXIT_SKIPPED)
    quiet_libraries()
    from knowledge_index.orchestration.backfill import drive_backfill, rerun_stage_backfill
    from knowledge_index.orchestration.instance import get_instance, inline_instance

    instance = inline_instance(settings) if run else get_instance(settings)
    result = rerun_stage_backfill(settings, instance, stage, bump=bump)
    console.print(f"{stage} producer_version is now {result.producer_version}")
    if result.backfill is None:
        console.print(f"nothing owed for {stage}: no backfill created")
        return
    bf = result.backfill
    console.print(
        f"backfill [bold]{bf.backfill_id}[/bold]: {bf.partitions} partition(s) of {stage}, "
        f"batched by its backfill policy (pipeline.batch_size {settings.pipeline.batch_size} "
        f"per run)\nDagster UI: {bf.ui_path}"
    )
    if run:
        status = drive_backfill(instance, bf.backfill_id)
        console.print(f"backfill {bf.backfill_id}: {status.value}")
        from knowledge_index.settings import load_settings

        _run_pipeline(driver(load_settings()))
    else:
        console.print("the Dagster daemon runs it (`ki dev`); downstream stages follow")


@app.command()
@handle_errors
def search(
    query: str,
    as_: list[str] = typer.Option(
        ..., "--as", help="Caller principal(s), e.g. user:alice, group:litigation (repeatable)."
    ),
    matter: list[str] = typer.Option([], help="Only these matters."),
    doc_type: list[str] = typer.Option([], "--doc-type", help="Only these document types."),
    language: list[str] = typer.Option([], help="Only these languages."),
    date_from: str | None = typer.Option(None, help="From date (YYYY-MM-DD)."),
    date_to: str | None = typer.Option(None, help="To date (YYYY-MM-DD)."),
    limit: int = typer.Option(10, min=1, max=100),
    as_json: bool = typer.Option(False, "--json"),
    cold: bool = typer.Option(
        False, "--cold", help="Search in this process instead of the warm search process."
    ),
) -> None:
    """Hybrid search as a caller would see it: ranked passages with citations.

    Answered by a warm search process this home keeps (started by the first search, gone after
    15 idle minutes), so only the first query pays for loading the model and the index.
    """
    import datetime as dt
    import json

    from rich.markup import escape

    from knowledge_index.retrieval.filters import SearchFilters

    settings, engine = open_db()
    filters = SearchFilters(
        matter_ids=matter or None,
        doc_types=doc_type or None,
        languages=language or None,
        date_from=dt.date.fromisoformat(date_from) if date_from else None,
        date_to=dt.date.fromisoformat(date_to) if date_to else None,
    )
    if cold:
        from knowledge_index.retrieval.service import search as run_search

        quiet_libraries()
        found = run_search(engine, settings, query, as_, filters=filters, limit=limit)
        result = found.model_dump(mode="json")
    else:
        # Only the light client here: the model and the index live in the warm process.
        from knowledge_index.retrieval.warm import warm_search

        request = {
            "query": query,
            "principals": as_,
            "filters": filters.model_dump(mode="json"),
            "limit": limit,
        }
        result = warm_search(settings, request)
    if as_json:
        print(json.dumps(result, indent=2, ensure_ascii=False))
        return
    if not result["passages"]:
        console.print("no visible passages match")
        return
    for p in result["passages"]:
        c = p["citation"]
        console.print(f"[bold]{p['rank']}. {escape(p['title'])}[/bold]  score {p['score']:.4f}")
        console.print(
            f"   {c['source_id']}:{escape(c['path'])}  source object {c['source_object_id']}"
            f"  version {c['version_id']}  chunk {c['chunk_id']}"
            + (f"  page {c['page']}" if c.get("page") else "")
        )
        console.print(f"   {escape(p['snippet'])}")


@config_app.command("show")
@handle_errors
def config_show() -> None:
    """Effective configuration with computed producer versions and environment pins."""
    from knowledge_index.config_store import effective_config
    from knowledge_index.settings import load_settings

    print(json.dumps(effective_config(load_settings()), indent=2))


@config_app.command("set")
@handle_errors
def config_set(key: str, value: str) -> None:
    """Set a pipeline.* or firm.* field, e.g. `ki config set pipeline.max_file_mb 100`."""
    from knowledge_index.config_store import set_value

    set_value(key, value)
    console.print(f"saved {key} = {value}")


@app.command()
@handle_errors
def dev(port: int = typer.Option(3000, help="Webserver port.")) -> None:
    """Dagster webserver + daemon on the product's Postgres (Dagster storage there too)."""
    from knowledge_index.orchestration.codelocation import CODE_LOCATION_MODULE
    from knowledge_index.orchestration.instance import dagster_home

    settings, _ = open_db()
    env = {**os.environ, "DAGSTER_HOME": str(dagster_home(settings))}
    cmd = [
        sys.executable,
        "-m",
        "dagster",
        "dev",
        "-m",
        CODE_LOCATION_MODULE,
        "-p",
        str(port),
        "-h",
        "127.0.0.1",
    ]
    console.print(f"Dagster UI: http://127.0.0.1:{port}  (DAGSTER_HOME={env['DAGSTER_HOME']})")
    raise typer.Exit(subprocess.call(cmd, env=env))


@app.command()
@handle_errors
def demo(
    ui: bool = typer.Option(True, help="Open the Dagster UI afterwards."),
    port: int = typer.Option(3000),
) -> None:
    """Index the bundled sample estate end to end, then open the Dagster UI."""
    from knowledge_index.sample import sample_estate_path
    from knowledge_index.sources.registry import add_source, list_sources

    quiet_libraries()
    settings, engine = open_db()
    with engine.begin() as conn:
        if "sample" not in {s.id for s in list_sources(conn)}:
            add_source(conn, "sample", sample_estate_path(), interval_seconds=60)
    d = driver(settings)
    report = d.sync("sample", trigger="demo")
    console.print(
        f"synced sample estate: {report.created} new, {report.changed} changed, "
        f"{report.unchanged} unchanged"
    )
    _run_pipeline(d)
    with contextlib.suppress(typer.Exit):
        status(as_json=False)
    if ui:
        dev(port=port)
