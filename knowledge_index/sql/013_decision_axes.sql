-- Decisions on two axes: `topic` is what a change is about (liability_cap, rent, ...), and
-- `rationale_category` keeps its name and now holds why it was made (counterparty_request,
-- unstated, ...). `change_type` is what the tracked changes did. Rows written before this
-- migration carried the topic in rationale_category: it moves to `topic`, and their reason is
-- unknown until the stage re-runs (its code version changed with this migration).
ALTER TABLE decisions ADD COLUMN topic text NOT NULL DEFAULT 'other';
ALTER TABLE decisions ADD COLUMN change_type text NOT NULL DEFAULT 'modified'
    CHECK (change_type IN ('inserted', 'deleted', 'modified', 'moved'));
UPDATE decisions SET topic = rationale_category, rationale_category = 'unstated';
CREATE INDEX decisions_topic_idx ON decisions (topic);
