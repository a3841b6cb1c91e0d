-- extract_metadata ki-3 says where in the document its date was read (`ontology/doc_dates.py`):
-- the head's date line, the signature block, the file name, the authoring tool's properties, or
-- the first date of the head that is not another thing's. 'content' stays for rows written before.
ALTER TABLE document_metadata DROP CONSTRAINT document_metadata_doc_date_source_check;
ALTER TABLE document_metadata ADD CONSTRAINT document_metadata_doc_date_source_check
    CHECK (doc_date_source IN ('content', 'head', 'signature', 'file_name', 'properties', 'text',
                               'email_header', 'mtime'));
