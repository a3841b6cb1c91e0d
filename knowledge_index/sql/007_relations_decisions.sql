-- What relate and extract_decisions know: document identity and versions, typed relations,
-- e-mail threads, near-duplicate signatures and negotiation decisions.
-- A source object is one file; a logical document is the agreement/letter/memo it is a version
-- (or copy) of. Traversal (MCP traverse, ki export) reads these tables.

CREATE TABLE logical_documents (
    id          text PRIMARY KEY,
    matter_id   text REFERENCES matters(id) ON DELETE SET NULL,
    title       text NOT NULL DEFAULT '',
    -- Stable grouping key the version detector derived (normalized filename stem, e.g. "spa").
    family_key  text NOT NULL DEFAULT '',
    created_at  timestamptz NOT NULL DEFAULT now(),
    updated_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX logical_documents_matter_idx ON logical_documents (matter_id, family_key);

-- One row per related file. version_number orders a logical document's versions (1 = oldest);
-- a duplicate shares its original's version number and names it in duplicate_of.
CREATE TABLE document_versions (
    source_object_id    text PRIMARY KEY REFERENCES source_objects(id) ON DELETE CASCADE,
    logical_document_id text NOT NULL REFERENCES logical_documents(id) ON DELETE CASCADE,
    matter_id           text REFERENCES matters(id) ON DELETE SET NULL,
    content_hash        text,
    identity            text NOT NULL
        CHECK (identity IN ('new_document', 'new_version', 'duplicate', 'near_duplicate')),
    version_number      integer,
    -- draft | redline | counterparty_redline | final | executed, from filename and content.
    version_label       text,
    is_final            boolean NOT NULL DEFAULT false,
    is_executed         boolean NOT NULL DEFAULT false,
    duplicate_of        text REFERENCES source_objects(id) ON DELETE SET NULL,
    redline_against     text REFERENCES source_objects(id) ON DELETE SET NULL,
    provenance          jsonb NOT NULL DEFAULT '{}'::jsonb,
    producer_version    text NOT NULL DEFAULT '',
    updated_at          timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX document_versions_logical_idx ON document_versions (logical_document_id, version_number);
CREATE INDEX document_versions_hash_idx ON document_versions (content_hash);

-- Directed, typed edges between files: source_object_id --relation--> target_source_object_id.
--   supersedes (newer -> older version), duplicate_of, near_duplicate_of, redline_against,
--   annex_of (annex -> main), responds_to (reply -> letter), references, amends (amendment ->
--   agreement), in_thread_with (reply -> parent message).
CREATE TABLE relations (
    id                      bigserial PRIMARY KEY,
    source_object_id        text NOT NULL REFERENCES source_objects(id) ON DELETE CASCADE,
    target_source_object_id text NOT NULL REFERENCES source_objects(id) ON DELETE CASCADE,
    relation                text NOT NULL CHECK (relation IN (
        'supersedes', 'duplicate_of', 'near_duplicate_of', 'redline_against', 'annex_of',
        'responds_to', 'references', 'amends', 'in_thread_with')),
    confidence              real NOT NULL DEFAULT 1.0,
    -- which signal decided it (hash, minhash, filename, tracked_changes, headers, model, intent)
    method                  text NOT NULL DEFAULT 'model',
    evidence                jsonb NOT NULL DEFAULT '{}'::jsonb,
    producer_version        text NOT NULL DEFAULT '',
    created_at              timestamptz NOT NULL DEFAULT now(),
    UNIQUE (source_object_id, target_source_object_id, relation),
    CHECK (source_object_id <> target_source_object_id)
);
CREATE INDEX relations_target_idx ON relations (target_source_object_id, relation);

CREATE TABLE communication_threads (
    id          text PRIMARY KEY,
    matter_id   text REFERENCES matters(id) ON DELETE SET NULL,
    subject     text NOT NULL DEFAULT '',
    root_message_id text,
    created_at  timestamptz NOT NULL DEFAULT now(),
    updated_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE thread_members (
    source_object_id        text PRIMARY KEY REFERENCES source_objects(id) ON DELETE CASCADE,
    thread_id               text NOT NULL REFERENCES communication_threads(id) ON DELETE CASCADE,
    message_id              text,
    parent_source_object_id text REFERENCES source_objects(id) ON DELETE SET NULL,
    sent_at                 timestamptz,
    -- how the parent was found: in_reply_to | references | subject | root
    method                  text NOT NULL DEFAULT 'root',
    updated_at              timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX thread_members_thread_idx ON thread_members (thread_id, sent_at);
CREATE INDEX thread_members_message_idx ON thread_members (message_id);

-- MinHash signatures for near-duplicate detection; LSH band keys make the candidate lookup an
-- index scan instead of a comparison against every file.
CREATE TABLE near_duplicate_signatures (
    source_object_id text PRIMARY KEY REFERENCES source_objects(id) ON DELETE CASCADE,
    content_hash     text NOT NULL,
    signature        bigint[] NOT NULL,
    band_keys        text[] NOT NULL,
    updated_at       timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX near_duplicate_bands_idx ON near_duplicate_signatures USING gin (band_keys);

-- One negotiation decision read from a redline's tracked changes and comments. Names of persons
-- and parties are replaced by placeholders ([PARTY_A], [PERSON_1]) in the stored text.
CREATE TABLE decisions (
    id                  bigserial PRIMARY KEY,
    source_object_id    text NOT NULL REFERENCES source_objects(id) ON DELETE CASCADE,
    -- the version pair: the file it was redlined against -> this file's content
    against_source_object_id text REFERENCES source_objects(id) ON DELETE SET NULL,
    content_hash        text NOT NULL,
    ordinal             integer NOT NULL DEFAULT 0,
    locus               text NOT NULL,
    change_summary      text NOT NULL,
    rationale_category  text NOT NULL,
    rationale_text      text NOT NULL DEFAULT '',
    generalizability    text NOT NULL CHECK (generalizability IN ('deal_specific', 'matter', 'firm_practice', 'market_standard')),
    evidence            jsonb NOT NULL DEFAULT '{}'::jsonb,
    provenance          jsonb NOT NULL DEFAULT '{}'::jsonb,
    producer_version    text NOT NULL DEFAULT '',
    created_at          timestamptz NOT NULL DEFAULT now(),
    UNIQUE (source_object_id, content_hash, ordinal)
);
CREATE INDEX decisions_category_idx ON decisions (rationale_category);
