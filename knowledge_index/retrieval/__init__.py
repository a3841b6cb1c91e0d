"""Retrieval: from converted text to permission-filtered hybrid search (no Dagster).

chunking -> embeddings -> chunk_records -> search_index (LanceDB vectors + Tantivy BM25) ->
search (hybrid). The core modules are pure (no database); `chunk_store` (chunk rows and the
change feed in Postgres), `sync` (applying that feed to the search index) and `service`
(answering a caller's search with citations) are the glue to Postgres.
"""
