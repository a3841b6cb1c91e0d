-- The parties each document names, as extract_metadata read them (name, register numbers, the
-- role the agent gave), and which entity the settlement assigned each one. Entities and
-- document_parties are derived from these rows by `entities/settle.py`, recomputed for a whole
-- group of related names whenever one of its documents changes, so which entity a mention
-- belongs to does not depend on the order documents were read in.
CREATE TABLE party_mentions (
    source_object_id text NOT NULL REFERENCES source_objects(id) ON DELETE CASCADE,
    position         integer NOT NULL,
    name             text NOT NULL,
    normalized       text NOT NULL,
    -- The name's core tokens (legal form and "&" left out): containment candidates.
    tokens           text[] NOT NULL DEFAULT '{}',
    -- `kind:number` for each register identifier the mention carries.
    register_keys    text[] NOT NULL DEFAULT '{}',
    identifiers      jsonb NOT NULL DEFAULT '{}'::jsonb,
    agent_role       text NOT NULL,
    agent_entity_id  text,
    entity_id        text,
    role             text,
    rule             text,
    -- Canonical JSON text (sorted keys), compared as written to tell what a settlement changed.
    resolution       text NOT NULL DEFAULT '{}',
    PRIMARY KEY (source_object_id, position)
);
CREATE INDEX party_mentions_normalized_idx ON party_mentions (normalized);
CREATE INDEX party_mentions_tokens_idx ON party_mentions USING gin (tokens);
CREATE INDEX party_mentions_register_idx ON party_mentions USING gin (register_keys);
CREATE INDEX party_mentions_entity_idx ON party_mentions (entity_id);
