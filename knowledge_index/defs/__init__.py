"""The Dagster layer: a thin shell over the domain. Nothing here decides what a document needs."""

import os

# Events of a run are written in batches (one multi-row INSERT per batch of per-document
# events); without it every document's event is its own statement. Set before Dagster logs.
os.environ.setdefault("DAGSTER_EVENT_BATCH_SIZE", "100")
