"""The Dagster layer: a thin shell over the domain. Nothing here decides what a document needs."""
