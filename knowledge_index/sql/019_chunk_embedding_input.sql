-- The digest of the exact text a chunk's vector was computed from (context header included):
-- a re-index whose input is unchanged, or a duplicate passage, takes the stored vector instead
-- of a model call. NULL on rows written before; those are embedded again once.
ALTER TABLE chunks ADD COLUMN embedding_input_sha text;
CREATE INDEX chunks_embedding_input_idx ON chunks (embedding_input_sha, embedding_model)
    WHERE embedding_input_sha IS NOT NULL;
