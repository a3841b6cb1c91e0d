"""The sync engine: scan a source, diff against the ledger, confirm deletions, hand off.

Content hashes decide change; size and mtime are only a hint that lets an unchanged file skip
hashing. Work is committed in batches so a killed sync resumes by re-walking cheaply: rows
already written are found unchanged by their recorded size and mtime.
"""

from __future__ import annotations

import hashlib
import json
import time
from collections.abc import Callable

from pydantic import BaseModel
from sqlalchemy import Connection, Engine, text
from sqlalchemy.exc import IntegrityError

from knowledge_index.ledger.store import (
    request_access_only_reindex,
    restart_document,
    seed_objects,
)
from knowledge_index.objects import store as objects
from knowledge_index.objects.store import ScanState
from knowledge_index.settings import Settings
from knowledge_index.sources.base import (
    AccessGrants,
    Observation,
    SkippedEntry,
    SyncSource,
    stable_object_id,
)
from knowledge_index.sources.registry import (
    get_source,
    matter_convention,
    open_source,
    set_matter_convention,
    set_source_status,
)

BATCH = 500
# Below this many objects a fraction says little (2 of 3 files missing is not a mass event).
MIN_OBJECTS_FOR_FRACTION_GUARD = 10
HASH_CHUNK = 1 << 20


class SyncInFlight(Exception):
    """A sync of this source is already unfinished; this request is refused, nothing is lost."""


class SyncReport(BaseModel):
    sync_run_id: int
    source_id: str
    trigger: str
    observed: int = 0
    created: int = 0
    changed: int = 0
    unchanged: int = 0
    restored: int = 0
    tombstoned: int = 0
    # Of the tombstoned: files whose bytes reappeared at another path in the same scan.
    moved: int = 0
    access_changed: int = 0
    unreadable: int = 0
    # Entries the scan could not take (odd names, links, FIFOs, unlistable folders), with causes.
    skipped: int = 0
    skipped_entries: list[dict[str, str]] = []
    pending_deletions: int = 0
    deletion_confirmations: str | None = None
    mass_deletion: bool = False
    empty_scan_ignored: bool = False
    handed_off: bool = False
    new_source_object_ids: list[str] = []
    seconds: float = 0.0

    @property
    def brought_change(self) -> bool:
        return bool(
            self.created + self.changed + self.restored + self.tombstoned + self.access_changed
        )


RegisterPartitions = Callable[[list[str]], None]


def hash_stream(source: SyncSource, external_id: str) -> str:
    digest = hashlib.sha256()
    with source.fetch(external_id) as fh:
        while chunk := fh.read(HASH_CHUNK):
            digest.update(chunk)
    return digest.hexdigest()


def sync_in_flight(conn: Connection, source_id: str, stale_after: int) -> bool:
    """An unfinished sync of this source that is still heart-beating owns it."""
    return (
        conn.execute(
            text(
                "SELECT 1 FROM sync_runs WHERE source_id = :s AND status IN"
                " ('queued', 'running') AND updated_at > now() - make_interval(secs => :n)"
            ),
            {"s": source_id, "n": stale_after},
        ).first()
        is not None
    )


def reserve_sync_run(
    conn: Connection, source_id: str, trigger: str, dagster_run_id: str | None, stale_after: int
) -> int:
    """One unfinished sync per source, enforced by a partial unique index."""
    params = {"s": source_id, "t": trigger, "r": dagster_run_id}
    insert = text(
        "INSERT INTO sync_runs (source_id, status, trigger, dagster_run_id)"
        " VALUES (:s, 'running', :t, :r) RETURNING id"
    )
    try:
        with conn.begin_nested():
            return conn.execute(insert, params).scalar_one()
    except IntegrityError:
        pass
    # A run that stopped heart-beating was killed; fail it with the cause rather than let it
    # block the source forever.
    abandoned = conn.execute(
        text(
            "UPDATE sync_runs SET status = 'failed', finished_at = now(), updated_at = now(),"
            " error = 'abandoned: no progress for ' || :n || ' s (the sync process died)'"
            " WHERE source_id = :s AND status IN ('queued', 'running')"
            " AND updated_at < now() - make_interval(secs => :n) RETURNING id"
        ),
        {"s": source_id, "n": stale_after},
    ).all()
    if not abandoned:
        raise SyncInFlight(f"a sync of source {source_id!r} is already in flight; skipped")
    with conn.begin_nested():
        return conn.execute(insert, params).scalar_one()


def sync_source(
    engine: Engine,
    settings: Settings,
    source_id: str,
    *,
    trigger: str = "cli",
    dagster_run_id: str | None = None,
    register_partitions: RegisterPartitions | None = None,
    source: SyncSource | None = None,
) -> SyncReport:
    """Sync one source. `source` overrides the connector built from the source's row."""
    started = time.monotonic()
    with engine.begin() as conn:
        row = get_source(conn, source_id)
        run_id = reserve_sync_run(
            conn, source_id, trigger, dagster_run_id, settings.pipeline.claim_timeout_seconds
        )
    report = SyncReport(sync_run_id=run_id, source_id=source_id, trigger=trigger)
    try:
        source = source or open_source(row)
        _scan(engine, settings, row.id, source, row.allow_empty_scan, report, register_partitions)
        rediscover_matter_convention(engine, settings, row.id)
        report.handed_off = settings.pipeline.auto_insert_after_sync and report.brought_change
        report.seconds = round(time.monotonic() - started, 3)
        with engine.begin() as conn:
            _write_counters(conn, report, status="completed")
            set_source_status(conn, source_id, "idle", None)
    except BaseException as exc:
        with engine.begin() as conn:
            _write_counters(conn, report, status="failed", error=f"{type(exc).__name__}: {exc}")
            set_source_status(conn, source_id, "error", f"{type(exc).__name__}: {exc}")
        raise
    return report


def rediscover_matter_convention(engine: Engine, settings: Settings, source_id: str) -> bool:
    """Re-derive the source's matter-folder convention when its folder tree changed.

    Cheap: one query for the live paths and a pure function over them; the stored signature
    of the folder set says whether anything needs writing. True when it was (re)written.
    """
    from knowledge_index.matters.discovery import discover, folders_of, signature
    from knowledge_index.matters.references import scheme_for

    with engine.connect() as conn:
        paths = objects.live_paths(conn, source_id)
        stored = matter_convention(conn, source_id) or {}
    # The configured styles are part of what the convention was computed from.
    if stored.get("signature") == signature(folders_of(paths)) and stored.get(
        "patterns"
    ) == _patterns_fingerprint(settings):
        return False
    found = discover(paths, scheme_for(settings)).model_dump()
    found["patterns"] = _patterns_fingerprint(settings)
    with engine.begin() as conn:
        set_matter_convention(conn, source_id, found)
    return True


def _patterns_fingerprint(settings: Settings) -> str:
    firm = settings.firm
    blob = repr(
        (
            [p.model_dump() for p in firm.matter_reference_patterns],
            firm.matter_reference_markers,
            firm.matter_reference_exclusions,
            firm.matter_reference_reply_markers,
        )
    )
    return hashlib.sha256(blob.encode()).hexdigest()[:16]


def _scan(
    engine: Engine,
    settings: Settings,
    source_id: str,
    source: SyncSource,
    allow_empty_scan: bool,
    report: SyncReport,
    register_partitions: RegisterPartitions | None,
) -> None:
    with engine.connect() as conn:
        known = objects.scan_state(conn, source_id)
    seen: set[str] = set()
    # Content hashes that appeared at a new path (or came back) in this scan: what moved.
    arrived: set[str] = set()
    unlisted: list[str] = []
    pending: list[tuple[Observation, ScanState | None]] = []
    for obs in source.full_scan():
        if isinstance(obs, SkippedEntry):
            _record_skipped(report, obs)
            if obs.subtree:
                unlisted.append(obs.path.rstrip("/") + "/")
            continue
        seen.add(obs.external_id)
        report.observed += 1
        pending.append((obs, known.get(obs.external_id)))
        if len(pending) >= BATCH:
            _apply_batch(engine, source_id, source, pending, report, register_partitions, arrived)
            pending = []
    if pending:
        _apply_batch(engine, source_id, source, pending, report, register_partitions, arrived)
    # What sits below a folder that could not be listed is not missing: it was not looked at.
    missing = sorted(
        k.id
        for ext, k in known.items()
        if not k.deleted and ext not in seen and not ext.startswith(tuple(unlisted))
    )
    with engine.begin() as conn:
        missing = _tombstone_moved(conn, known, missing, arrived, report)
        _confirm_deletions(
            conn, settings, source_id, source, allow_empty_scan, known, missing, report
        )


MAX_SKIPPED_LISTED = 200


def _record_skipped(report: SyncReport, entry: SkippedEntry) -> None:
    report.skipped += 1
    if len(report.skipped_entries) < MAX_SKIPPED_LISTED:
        report.skipped_entries.append({"path": entry.path, "cause": entry.cause})


def _apply_batch(
    engine: Engine,
    source_id: str,
    source: SyncSource,
    batch: list[tuple[Observation, ScanState | None]],
    report: SyncReport,
    register_partitions: RegisterPartitions | None,
    arrived: set[str],
) -> None:
    new_ids: list[str] = []
    with engine.begin() as conn:
        for obs, prior in batch:
            acl = obs.acl or AccessGrants()
            acl_hash = acl.fingerprint()
            if prior is not None and not prior.deleted and _same_stat(obs, prior):
                report.unchanged += 1
                if prior.pending_deletion:
                    objects.clear_pending_deletion(conn, prior.id)
                if acl_hash != prior.acl_hash:
                    _access_changed(conn, prior.id, acl, acl_hash)
                    report.access_changed += 1
                continue
            try:
                content_hash: str | None = hash_stream(source, obs.external_id)
            except FileNotFoundError:
                report.observed -= 1  # vanished mid-scan: treated as absent this time
                continue
            except OSError:
                # Unreadable now: the row is still recorded, and fetch quarantines it with
                # the reason instead of the file silently disappearing from the corpus.
                report.unreadable += 1
                content_hash = None
            seen = _observed(obs, content_hash, acl, acl_hash)
            if content_hash is not None and (prior is None or prior.deleted):
                arrived.add(content_hash)
            if prior is None:
                source_object_id = stable_object_id(source_id, obs.external_id)
                if "!/" in obs.external_id and objects.exists(conn, source_object_id):
                    # A child created before migration 011 kept the id its old external id
                    # (this very path) hashed to; the file takes an id of its own instead.
                    source_object_id = stable_object_id(source_id, f"\0file\0{obs.external_id}")
                objects.insert_observed(conn, source_object_id, source_id, obs.external_id, seen)
                new_ids.append(source_object_id)
                report.created += 1
            elif prior.deleted:
                objects.update_observed(conn, prior.id, seen, undelete=True)
                restart_document(conn, [prior.id])
                _inherit_acl(conn, prior.id, acl, acl_hash)
                report.restored += 1
            elif content_hash is not None and content_hash == prior.observed_hash:
                objects.update_observed(conn, prior.id, seen)
                report.unchanged += 1
                if acl_hash != prior.acl_hash:
                    _access_changed(conn, prior.id, acl, acl_hash)
                    report.access_changed += 1
            else:
                objects.update_observed(conn, prior.id, seen)
                restart_document(conn, [prior.id])
                # Its children keep their bytes until it re-converts, but not its old grants.
                _inherit_acl(conn, prior.id, acl, acl_hash)
                report.changed += 1
        seed_objects(conn, new_ids)
        _write_counters(conn, report, status="running")
    if new_ids:
        report.new_source_object_ids.extend(new_ids)
        if register_partitions is not None:
            register_partitions(new_ids)
            with engine.begin() as conn:
                objects.mark_partitions_registered(conn, new_ids)


def _same_stat(obs: Observation, prior: ScanState) -> bool:
    return (
        prior.observed_hash is not None
        and obs.size_bytes == prior.size_bytes
        and obs.mtime_ns == prior.mtime_ns
    )


def _observed(
    obs: Observation, content_hash: str | None, acl: AccessGrants, acl_hash: str
) -> objects.Observed:
    return objects.Observed(
        path=obs.path,
        size_bytes=obs.size_bytes,
        mtime_ns=obs.mtime_ns,
        observed_hash=content_hash,
        acl=acl.model_dump(mode="json"),
        acl_hash=acl_hash,
    )


def _access_changed(
    conn: Connection, source_object_id: str, acl: AccessGrants, acl_hash: str
) -> None:
    """Only the permission projection is owed: the index stage re-writes ACL fields only."""
    objects.set_acl(conn, source_object_id, acl.model_dump(mode="json"), acl_hash)
    request_access_only_reindex(conn, [source_object_id])
    _inherit_acl(conn, source_object_id, acl, acl_hash)


def _inherit_acl(conn: Connection, source_object_id: str, acl: AccessGrants, acl_hash: str) -> None:
    """The file's grants reach every attachment and archive entry inside it, at any depth, in
    this sync's transaction; each one owes the index a permission rewrite."""
    changed = objects.set_subtree_acl(conn, source_object_id, acl.model_dump(mode="json"), acl_hash)
    request_access_only_reindex(conn, changed)


def _tombstone_moved(
    conn: Connection,
    known: dict[str, ScanState],
    missing: list[str],
    arrived: set[str],
    report: SyncReport,
) -> list[str]:
    """Tombstone at once the missing files whose bytes this scan found at a new path.

    A move into a walled folder must not leave the old copy (and its attachments) readable
    under the old folder's grants while a deletion is being confirmed: the bytes are not lost,
    only relocated, which a failed mount or a half-listed tree cannot fake. Returns the rest.
    """
    if not arrived:
        return missing
    hashes = {k.id: k.observed_hash for k in known.values()}
    moved = [i for i in missing if hashes.get(i) in arrived]
    if not moved:
        return missing
    restart_document(conn, objects.tombstone(conn, moved))
    report.tombstoned += len(moved)
    report.moved += len(moved)
    gone = set(moved)
    return [i for i in missing if i not in gone]


def _confirm_deletions(
    conn: Connection,
    settings: Settings,
    source_id: str,
    source: SyncSource,
    allow_empty_scan: bool,
    known: dict[str, ScanState],
    missing: list[str],
    report: SyncReport,
) -> None:
    live = sum(1 for k in known.values() if not k.deleted)
    if not missing:
        conn.execute(
            text("DELETE FROM source_deletion_watches WHERE source_id = :s"), {"s": source_id}
        )
        objects.clear_source_pending_deletions(conn, source_id)
        return
    if report.observed == 0 and not (allow_empty_scan or source.capabilities.verifiable_emptiness):
        # An empty listing is far likelier a failed mount or revoked scope than an empty estate.
        report.empty_scan_ignored = True
        return
    fingerprint = hashlib.sha256("\n".join(missing).encode()).hexdigest()
    required = settings.pipeline.deletion_confirmations
    fraction = len(missing) / max(live, 1)
    if (
        live >= MIN_OBJECTS_FOR_FRACTION_GUARD
        and fraction > settings.pipeline.max_tombstone_fraction
    ):
        # Even an operator who asked for immediate deletes gets a second look at a mass one.
        report.mass_deletion = True
        required = max(required, 2)
    watch = (
        conn.execute(
            text(
                "SELECT fingerprint, confirmations FROM source_deletion_watches"
                " WHERE source_id = :s FOR UPDATE"
            ),
            {"s": source_id},
        )
        .mappings()
        .first()
    )
    confirmations = (
        watch["confirmations"] + 1
        if watch is not None and watch["fingerprint"] == fingerprint
        else 1
    )
    if confirmations >= required:
        # Every attachment and archive entry inside, at any depth, goes with its container.
        restart_document(conn, objects.tombstone(conn, missing))
        conn.execute(
            text("DELETE FROM source_deletion_watches WHERE source_id = :s"), {"s": source_id}
        )
        report.tombstoned += len(missing)
        report.deletion_confirmations = f"{confirmations} of {required}"
        return
    conn.execute(
        text(
            "INSERT INTO source_deletion_watches (source_id, fingerprint, missing_ids,"
            " confirmations) VALUES (:s, :f, CAST(:m AS jsonb), :c)"
            " ON CONFLICT (source_id) DO UPDATE SET fingerprint = EXCLUDED.fingerprint,"
            " missing_ids = EXCLUDED.missing_ids, confirmations = EXCLUDED.confirmations,"
            " first_seen_at = CASE WHEN source_deletion_watches.fingerprint = EXCLUDED.fingerprint"
            "  THEN source_deletion_watches.first_seen_at ELSE now() END, updated_at = now()"
        ),
        {"s": source_id, "f": fingerprint, "m": json.dumps(missing), "c": confirmations},
    )
    # Documents stay searchable while the deletion is being confirmed.
    objects.mark_pending_deletion(conn, source_id, missing)
    report.pending_deletions = len(missing)
    report.deletion_confirmations = f"{confirmations} of {required}"


def _write_counters(
    conn: Connection, report: SyncReport, *, status: str, error: str | None = None
) -> None:
    conn.execute(
        text(
            "UPDATE sync_runs SET status = :status, observed = :observed, created = :created,"
            " changed = :changed, unchanged = :unchanged, restored = :restored,"
            " tombstoned = :tombstoned, access_changed = :access_changed,"
            " unreadable = :unreadable, pending_deletions = :pending_deletions,"
            " skipped = :skipped, skipped_entries = CAST(:skipped_entries AS jsonb),"
            " handed_off = :handed_off, error = :error, updated_at = now(),"
            " finished_at = CASE WHEN :status IN ('completed', 'failed') THEN now() END"
            " WHERE id = :id"
        ),
        {
            **report.model_dump(
                include={
                    "observed",
                    "created",
                    "changed",
                    "unchanged",
                    "restored",
                    "tombstoned",
                    "access_changed",
                    "unreadable",
                    "pending_deletions",
                    "handed_off",
                }
            ),
            "skipped": report.skipped,
            "skipped_entries": json.dumps(report.skipped_entries),
            "status": status,
            "error": error,
            "id": report.sync_run_id,
        },
    )
