-- Typed relations as readers see them: a relation that names a print of a document (a signed
-- PDF relate found to be a near-duplicate of the final DOCX, a scan of a letter) is shown on
-- the document it was printed from, as a lawyer would say the schedule belongs to the
-- agreement, not to one print of it. relate decides every file on its own and in any order,
-- so the row keeps the target relate named and this view resolves the print when read. A
-- byte-identical copy is not resolved: the copy filed in the matter (of a mail's attachment,
-- say) is the one a citation names. Identity relations (duplicate_of, near_duplicate_of,
-- supersedes, redline_against), attachments and threads are shown as stored.
CREATE VIEW shown_relations AS
SELECT DISTINCT ON (r.source_object_id, shown.target, r.relation)
    r.id,
    r.source_object_id,
    shown.target AS target_source_object_id,
    r.relation,
    r.confidence,
    r.method,
    r.evidence,
    r.producer_version,
    r.created_at,
    r.target_source_object_id AS stored_target_source_object_id
FROM relations r
LEFT JOIN document_versions printed
    ON printed.source_object_id = r.target_source_object_id
    AND printed.identity = 'near_duplicate'
CROSS JOIN LATERAL (
    SELECT CASE
        WHEN r.relation IN ('annex_of', 'amends', 'references', 'responds_to')
            THEN COALESCE(printed.duplicate_of, r.target_source_object_id)
        ELSE r.target_source_object_id
    END AS target
) shown
WHERE shown.target <> r.source_object_id
ORDER BY r.source_object_id, shown.target, r.relation, r.confidence DESC, r.id;
