-- ki_reader: the MCP server's database role (compose.yaml's `mcp` service connects as it). It
-- reads every product table and appends its own audit rows; it can change nothing else, so a
-- faulty or abused tool cannot touch the ledger. A deployment creates it with LOGIN and a
-- password before this runs (compose.yaml's postgres init); elsewhere (the embedded server,
-- the tests) it is created NOLOGIN so the grants exist and nobody can log in as it.
-- Roles belong to the server, not the database: another database's migration may create it at
-- the same moment, and a migrating user without CREATEROLE leaves it to the operator (grant
-- then by re-running this file's statements, or `ki db restore`, which re-applies them).
DO $$
BEGIN
    IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'ki_reader') THEN
        BEGIN
            CREATE ROLE ki_reader NOLOGIN;
        EXCEPTION
            WHEN duplicate_object OR unique_violation THEN NULL;
            WHEN insufficient_privilege THEN
                RAISE NOTICE 'ki_reader not created (no CREATEROLE); create it, then grant';
                RETURN;
        END;
    END IF;
    GRANT USAGE ON SCHEMA public TO ki_reader;
    GRANT SELECT ON ALL TABLES IN SCHEMA public TO ki_reader;
    -- Tables later migrations create (as the same migrating user) are readable too.
    ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT ON TABLES TO ki_reader;
    GRANT INSERT ON mcp_audit TO ki_reader;
    GRANT USAGE ON SEQUENCE mcp_audit_id_seq TO ki_reader;
END
$$;
