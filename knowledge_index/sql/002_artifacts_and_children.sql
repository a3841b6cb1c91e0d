-- Derived artifacts keyed by content hash: identical bytes anywhere are converted once.
CREATE TABLE artifacts (
    kind         text NOT NULL,
    content_hash text NOT NULL,
    producer     text NOT NULL,
    -- The capability a degraded artifact lacked (e.g. pdf-text-layer); NULL when complete.
    degraded     text,
    body         jsonb NOT NULL,
    created_at   timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (kind, content_hash)
);

-- Documents found inside other documents (zip entries, e-mail attachments).
ALTER TABLE source_objects ADD COLUMN child_relation text
    CHECK (child_relation IN ('zip_entry', 'email_attachment'));
