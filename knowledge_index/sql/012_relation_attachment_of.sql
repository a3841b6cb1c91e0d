-- attachment_of: a loose file that is byte-identical to an e-mail's attachment -> that e-mail
-- (the mail it was sent with), beside its duplicate_of edge to the attachment itself.
ALTER TABLE relations DROP CONSTRAINT relations_relation_check;
ALTER TABLE relations ADD CONSTRAINT relations_relation_check CHECK (relation IN (
    'supersedes', 'duplicate_of', 'near_duplicate_of', 'redline_against', 'annex_of',
    'responds_to', 'references', 'amends', 'in_thread_with', 'attachment_of'));
