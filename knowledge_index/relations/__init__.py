"""What relate computes without a model: duplicates, version families, typed-relation cues, threads.

Plain Python over converted documents (no Dagster); the relate stage turns these signals into
evidence for the model and materializes the decisions under per-file locks.
"""
