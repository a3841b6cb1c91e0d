"""Retrieval core (pure domain: no Dagster, no database access).

chunking -> embeddings -> records -> index (LanceDB vectors + Tantivy BM25) -> search (hybrid).
"""
