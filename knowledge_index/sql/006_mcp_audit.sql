-- One row per MCP tool call: who, which tool, how it ended, how many rows it returned.
-- The query itself is never stored, only an HMAC-SHA256 fingerprint keyed by a server secret,
-- so repeated queries can be correlated without the text being recoverable from the table.
CREATE TABLE mcp_audit (
    id                bigserial PRIMARY KEY,
    at                timestamptz NOT NULL DEFAULT now(),
    principal         text NOT NULL,
    principals        text[] NOT NULL DEFAULT '{}',
    transport         text NOT NULL CHECK (transport IN ('stdio', 'http', 'memory')),
    tool              text NOT NULL,
    ok                boolean NOT NULL,
    -- Set when ok is false: invalid_arguments, not_found, bad_cursor, query_too_long,
    -- or the class name of an unexpected failure.
    error_class       text,
    result_count      integer,
    query_fingerprint text CHECK (query_fingerprint ~ '^[0-9a-f]{64}$'),
    duration_ms       double precision NOT NULL
);
CREATE INDEX mcp_audit_at_idx ON mcp_audit (at);
CREATE INDEX mcp_audit_principal_idx ON mcp_audit (principal, at);
