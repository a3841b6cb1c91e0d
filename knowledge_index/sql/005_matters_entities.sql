-- Matters, the documents' assignment to them, per-document metadata, entities and parties.
-- Written by classify_matter and extract_metadata; read by index, export and (later) relate.

-- One project is one firm's matter numbering; folder sources default to 'default' so matters
-- span every source of the firm.
CREATE TABLE matters (
    id               text PRIMARY KEY,
    project          text NOT NULL DEFAULT 'default',
    reference_number text NOT NULL,
    -- The reference without separators or case (2024/0173 == 2024-0173): the identity.
    reference_key    text NOT NULL,
    title            text NOT NULL DEFAULT '',
    practice_area    text,
    kind             text,
    folders          text[] NOT NULL DEFAULT '{}',
    created_by       text NOT NULL CHECK (created_by IN ('model', 'fallback', 'import')),
    provenance       jsonb NOT NULL DEFAULT '{}'::jsonb,
    created_at       timestamptz NOT NULL DEFAULT now(),
    updated_at       timestamptz NOT NULL DEFAULT now(),
    UNIQUE (project, reference_key)
);

CREATE TABLE matter_assignments (
    source_object_id text PRIMARY KEY REFERENCES source_objects(id) ON DELETE CASCADE,
    matter_id        text NOT NULL REFERENCES matters(id) ON DELETE CASCADE,
    content_hash     text,
    method           text NOT NULL CHECK (method IN ('model', 'fallback', 'import')),
    -- trace id, model, turns, corrections, rationale: links the row to its gateway calls.
    provenance       jsonb NOT NULL DEFAULT '{}'::jsonb,
    assigned_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX matter_assignments_matter_idx ON matter_assignments (matter_id);

CREATE TABLE document_metadata (
    source_object_id    text PRIMARY KEY REFERENCES source_objects(id) ON DELETE CASCADE,
    content_hash        text,
    -- NULL is an honest "untyped": the fingerprint says which ontology scope judged it.
    doc_type            text,
    doc_type_ancestors  text[] NOT NULL DEFAULT '{}',
    ontology_fingerprint text NOT NULL,
    language            text,
    doc_date            date,
    doc_date_source     text CHECK (doc_date_source IN ('content', 'email_header', 'mtime')),
    title               text,
    identifiers         jsonb NOT NULL DEFAULT '{}'::jsonb,
    notable_clauses     jsonb NOT NULL DEFAULT '[]'::jsonb,
    provenance          jsonb NOT NULL DEFAULT '{}'::jsonb,
    updated_at          timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX document_metadata_doc_type_idx ON document_metadata (doc_type);

-- identity_key is `reg:<kind>:<number>` when a register identifier is known, else
-- `name:<normalized name>`. Two companies sharing a name are two rows only through a
-- contradicting register identifier, which is exactly what this constraint admits.
CREATE TABLE entities (
    id              text PRIMARY KEY,
    project         text NOT NULL DEFAULT 'default',
    name            text NOT NULL,
    normalized_name text NOT NULL,
    kind            text NOT NULL DEFAULT 'company'
        CHECK (kind IN ('company', 'person', 'court', 'authority', 'other')),
    identifiers     jsonb NOT NULL DEFAULT '{}'::jsonb,
    identity_key    text NOT NULL,
    aliases         text[] NOT NULL DEFAULT '{}',
    provenance      jsonb NOT NULL DEFAULT '{}'::jsonb,
    created_at      timestamptz NOT NULL DEFAULT now(),
    updated_at      timestamptz NOT NULL DEFAULT now(),
    UNIQUE (project, identity_key)
);
CREATE INDEX entities_normalized_name_idx ON entities (project, normalized_name);

CREATE TABLE document_parties (
    source_object_id text NOT NULL REFERENCES source_objects(id) ON DELETE CASCADE,
    entity_id        text NOT NULL REFERENCES entities(id) ON DELETE CASCADE,
    role             text NOT NULL CHECK (role IN ('client', 'counterparty', 'advisor', 'other')),
    mention          text NOT NULL DEFAULT '',
    provenance       jsonb NOT NULL DEFAULT '{}'::jsonb,
    PRIMARY KEY (source_object_id, entity_id)
);
CREATE INDEX document_parties_entity_idx ON document_parties (entity_id);

-- A relation decided against a file that has no matter yet: parked here, replayed by
-- classify_matter when that file is assigned.
CREATE TABLE relation_intents (
    id                      bigserial PRIMARY KEY,
    source_object_id        text NOT NULL REFERENCES source_objects(id) ON DELETE CASCADE,
    target_source_object_id text NOT NULL REFERENCES source_objects(id) ON DELETE CASCADE,
    relation                text NOT NULL,
    payload                 jsonb NOT NULL DEFAULT '{}'::jsonb,
    status                  text NOT NULL DEFAULT 'parked' CHECK (status IN ('parked', 'replayed')),
    replayed_matter_id      text REFERENCES matters(id) ON DELETE SET NULL,
    created_at              timestamptz NOT NULL DEFAULT now(),
    replayed_at             timestamptz
);
CREATE INDEX relation_intents_parked_idx ON relation_intents (target_source_object_id)
    WHERE status = 'parked';

-- The folder neighbourhood classify shows the model is a prefix scan of paths.
CREATE INDEX source_objects_path_prefix_idx ON source_objects (source_id, path text_pattern_ops);
