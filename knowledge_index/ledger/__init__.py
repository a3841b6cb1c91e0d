"""The processing_state ledger: the durable authority on what ran, failed and is owed."""
