-- A child's external id was `<parent external id>!/<index>/<name>`, which is also a relative
-- path a folder source can list: a real folder named `mail.eml!/0` took the attachment's id, so
-- the entry was dropped or every later sync failed on UNIQUE (source_id, external_id). Children
-- now live in their own namespace, `//<parent id>/<index>/<name>` (no relative path starts with
-- "/"; see stages/convert/children.py). Their ids do not change: ledger rows, chunks, relations
-- and Dagster partitions are keyed by them. The join reads the parents' old external ids (the
-- statement's snapshot), so grandchildren are rewritten in the same pass.
UPDATE source_objects AS c
SET external_id = '//' || c.parent_id || '/' || substr(c.external_id, length(p.external_id) + 3)
FROM source_objects AS p
WHERE c.parent_id = p.id
  AND left(c.external_id, length(p.external_id) + 2) = p.external_id || '!/';
