-- Containment at any depth: every child (zip entry, e-mail attachment, a mail in an archive in a
-- mail ...) lists its ancestors, outermost first. Visibility checks every ancestor's current
-- grants and deletion state through this column (a primary-key lookup per level instead of a
-- recursive walk per row), and the sync finds a whole subtree with one GIN index scan.
ALTER TABLE source_objects ADD COLUMN ancestor_ids text[] NOT NULL DEFAULT '{}';

WITH RECURSIVE chain AS (
    SELECT id, ARRAY[]::text[] AS ancestors FROM source_objects WHERE parent_id IS NULL
    UNION ALL
    SELECT c.id, chain.ancestors || c.parent_id
    FROM source_objects c JOIN chain ON c.parent_id = chain.id
)
UPDATE source_objects o SET ancestor_ids = chain.ancestors
FROM chain WHERE chain.id = o.id AND cardinality(chain.ancestors) > 0;

CREATE INDEX source_objects_ancestors_idx ON source_objects USING gin (ancestor_ids)
    WHERE parent_id IS NOT NULL;

-- Children used to copy their parent's grants once, at creation: bring every descendant to its
-- top-level ancestor's current grants and owe the index a permission rewrite for each one.
WITH stale AS (
    UPDATE source_objects c SET acl = r.acl, acl_hash = r.acl_hash, updated_at = now()
    FROM source_objects r
    WHERE c.parent_id IS NOT NULL AND r.id = c.ancestor_ids[1] AND c.acl_hash <> r.acl_hash
    RETURNING c.id
)
UPDATE processing_state p SET access_only_reindex = true,
    status = CASE WHEN p.status = 'done' THEN 'pending' ELSE p.status END, updated_at = now()
FROM stale WHERE p.source_object_id = stale.id AND p.stage = 'index';

-- Only one level used to be tombstoned: deleted containers' deeper descendants are deleted too,
-- and their index rows owed (a deleted object's index run drops its chunks).
WITH orphaned AS (
    UPDATE source_objects c SET deleted_at = now(), pending_deletion = false, updated_at = now()
    WHERE c.parent_id IS NOT NULL AND c.deleted_at IS NULL AND EXISTS (
        SELECT 1 FROM source_objects a
        WHERE a.id = ANY(c.ancestor_ids) AND a.deleted_at IS NOT NULL)
    RETURNING c.id
)
UPDATE processing_state p SET status = 'pending', reason = NULL, attempts = 0,
    next_retry_at = NULL, claimed_at = NULL, claimed_by = NULL, updated_at = now()
FROM orphaned WHERE p.source_object_id = orphaned.id AND p.stage = 'index';
