-- Sources, the objects they hold, and the per-document, per-stage ledger.

CREATE TABLE sources (
    id                    text PRIMARY KEY CHECK (id ~ '^[a-z0-9][a-z0-9_-]{0,62}$'),
    kind                  text NOT NULL,
    root                  text,
    config                jsonb NOT NULL DEFAULT '{}'::jsonb,
    default_acl           jsonb NOT NULL DEFAULT '{"allow": [], "deny": []}'::jsonb,
    sync_interval_seconds integer NOT NULL DEFAULT 300 CHECK (sync_interval_seconds >= 10),
    allow_empty_scan      boolean NOT NULL DEFAULT false,
    paused                boolean NOT NULL DEFAULT false,
    status                text NOT NULL DEFAULT 'idle' CHECK (status IN ('idle', 'error')),
    last_error            text,
    cursor                text,
    created_at            timestamptz NOT NULL DEFAULT now(),
    updated_at            timestamptz NOT NULL DEFAULT now()
);

-- seq is the insertion order, which is also the Dagster dynamic-partition order: ranged runs
-- over consecutive seq values cover consecutive partitions.
CREATE TABLE source_objects (
    id               text PRIMARY KEY,
    seq              bigserial UNIQUE,
    source_id        text NOT NULL REFERENCES sources(id) ON DELETE CASCADE,
    external_id      text NOT NULL,
    path             text NOT NULL,
    parent_id        text REFERENCES source_objects(id) ON DELETE CASCADE,
    size_bytes       bigint,
    mtime_ns         bigint,
    observed_hash    text,
    content_hash     text,
    acl              jsonb NOT NULL DEFAULT '{"allow": [], "deny": []}'::jsonb,
    acl_hash         text NOT NULL DEFAULT '',
    deleted_at       timestamptz,
    pending_deletion boolean NOT NULL DEFAULT false,
    -- Flipped once the Dagster partition exists, so a crash between the ledger write and the
    -- partition add is repaired by the next run instead of leaving an invisible document.
    partition_registered boolean NOT NULL DEFAULT false,
    created_at       timestamptz NOT NULL DEFAULT now(),
    updated_at       timestamptz NOT NULL DEFAULT now(),
    UNIQUE (source_id, external_id)
);
CREATE INDEX source_objects_unregistered_idx ON source_objects (seq)
    WHERE NOT partition_registered;
CREATE INDEX source_objects_parent_idx ON source_objects (parent_id) WHERE parent_id IS NOT NULL;

CREATE TABLE processing_state (
    source_object_id    text NOT NULL REFERENCES source_objects(id) ON DELETE CASCADE,
    stage               text NOT NULL,
    status              text NOT NULL CHECK (status IN
                            ('pending', 'running', 'done', 'failed', 'quarantined', 'skipped')),
    -- Why a row is skipped: waiting_for_previous_stage, disabled_by_configuration, or the
    -- handler's own reason. Buckets are derived from (status, reason).
    reason              text,
    attempts            integer NOT NULL DEFAULT 0,
    next_retry_at       timestamptz,
    claimed_at          timestamptz,
    claimed_by          text,
    producer_version    text,
    last_error          jsonb,
    access_only_reindex boolean NOT NULL DEFAULT false,
    created_at          timestamptz NOT NULL DEFAULT now(),
    updated_at          timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (source_object_id, stage)
);
CREATE INDEX processing_state_claim_idx ON processing_state (stage, status, updated_at);

CREATE TABLE blobs (
    content_hash text PRIMARY KEY,
    size_bytes   bigint NOT NULL,
    storage_path text NOT NULL,
    created_at   timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE sync_runs (
    id                bigserial PRIMARY KEY,
    source_id         text NOT NULL REFERENCES sources(id) ON DELETE CASCADE,
    status            text NOT NULL CHECK (status IN ('queued', 'running', 'completed', 'failed')),
    trigger           text NOT NULL,
    mode              text NOT NULL DEFAULT 'full_scan',
    dagster_run_id    text,
    observed          integer NOT NULL DEFAULT 0,
    created           integer NOT NULL DEFAULT 0,
    changed           integer NOT NULL DEFAULT 0,
    unchanged         integer NOT NULL DEFAULT 0,
    restored          integer NOT NULL DEFAULT 0,
    tombstoned        integer NOT NULL DEFAULT 0,
    access_changed    integer NOT NULL DEFAULT 0,
    unreadable        integer NOT NULL DEFAULT 0,
    pending_deletions integer NOT NULL DEFAULT 0,
    handed_off        boolean NOT NULL DEFAULT false,
    checkpoint        jsonb,
    error             text,
    started_at        timestamptz NOT NULL DEFAULT now(),
    finished_at       timestamptz,
    updated_at        timestamptz NOT NULL DEFAULT now()
);
-- One unfinished sync per source: a second request is refused, never run twice.
CREATE UNIQUE INDEX uq_sync_runs_active ON sync_runs (source_id)
    WHERE status IN ('queued', 'running');

-- A mass deletion waits until N consecutive scans report the identical missing set.
CREATE TABLE source_deletion_watches (
    source_id     text PRIMARY KEY REFERENCES sources(id) ON DELETE CASCADE,
    fingerprint   text NOT NULL,
    missing_ids   jsonb NOT NULL,
    confirmations integer NOT NULL,
    first_seen_at timestamptz NOT NULL DEFAULT now(),
    updated_at    timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE audit_log (
    id      bigserial PRIMARY KEY,
    at      timestamptz NOT NULL DEFAULT now(),
    actor   text NOT NULL,
    action  text NOT NULL,
    subject text,
    detail  jsonb NOT NULL DEFAULT '{}'::jsonb
);
