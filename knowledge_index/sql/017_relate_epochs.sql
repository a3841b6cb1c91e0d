-- One counter per matter, advanced by every relate that writes into it (under the matter's
-- advisory lock). A relate remembers the counter before it reads its neighbours; when the
-- counter moved by the time it writes, a neighbour decided meanwhile without seeing it, and it
-- decides again (first writer wins), so concurrent relates end as some sequential order does.
-- Owned by knowledge_index/relations/epochs.py. scope = the matter id, '' for unassigned files.
CREATE TABLE relate_epochs (
    scope      text PRIMARY KEY,
    epoch      bigint NOT NULL DEFAULT 0,
    updated_at timestamptz NOT NULL DEFAULT now()
);
