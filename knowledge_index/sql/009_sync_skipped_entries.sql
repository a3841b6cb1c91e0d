-- Entries a scan could not take (undecodable names, links, FIFOs, unreadable entries) are
-- recorded with their cause, and the rest of the source syncs. Symbolic links are followed
-- only when the source says so, and then only inside its root.
ALTER TABLE sources ADD COLUMN follow_symlinks boolean NOT NULL DEFAULT false;
ALTER TABLE sync_runs ADD COLUMN skipped integer NOT NULL DEFAULT 0;
ALTER TABLE sync_runs ADD COLUMN skipped_entries jsonb NOT NULL DEFAULT '[]'::jsonb;
