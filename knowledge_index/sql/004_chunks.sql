-- Chunks with their embeddings: the truth the search index (LanceDB + Tantivy) is rebuilt from.
CREATE EXTENSION IF NOT EXISTS vector;

CREATE TABLE chunks (
    chunk_id           text PRIMARY KEY,
    source_object_id   text NOT NULL REFERENCES source_objects(id) ON DELETE CASCADE,
    version_id         text NOT NULL,
    content_hash       text NOT NULL,
    -- -1: document profile; 0..n: text chunks; 1000+: clause embeddings.
    ordinal            integer NOT NULL,
    text               text NOT NULL,
    char_start         integer,
    char_end           integer,
    page               integer,
    section_path       text[] NOT NULL DEFAULT '{}',
    title              text NOT NULL DEFAULT '',
    path               text NOT NULL,
    matter_id          text,
    doc_type           text,
    status             text,
    language           text,
    doc_date           date,
    allowed_principals text[] NOT NULL,
    denied_principals  text[] NOT NULL,
    access_version     integer NOT NULL DEFAULT 1,
    -- Unconstrained dimension: the embedding model is configuration.
    embedding          vector NOT NULL,
    embedding_model    text NOT NULL,
    updated_at         timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX chunks_document_idx ON chunks (source_object_id, ordinal);

-- What the search index must apply, in order: the incremental feed of its updater.
CREATE TABLE chunk_changes (
    seq              bigserial PRIMARY KEY,
    source_object_id text NOT NULL,
    op               text NOT NULL CHECK (op IN ('replace', 'delete', 'acl')),
    at               timestamptz NOT NULL DEFAULT now()
);
