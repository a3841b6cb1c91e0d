-- relate threads e-mails by Message-ID: finding the parent a reply names, and the replies that
-- name a message arriving late, are lookups into converted headers, not scans of every artifact.
CREATE INDEX artifacts_email_message_id_idx ON artifacts ((body->'email'->>'message_id'))
    WHERE kind = 'structured_json';
CREATE INDEX artifacts_email_in_reply_to_idx ON artifacts ((body->'email'->>'in_reply_to'))
    WHERE kind = 'structured_json';
CREATE INDEX artifacts_email_references_idx ON artifacts USING gin ((body->'email'->'references'))
    WHERE kind = 'structured_json';
