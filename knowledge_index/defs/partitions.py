"""One dynamic partition per document, keyed by its stable source-object id."""

from __future__ import annotations

from dagster import DynamicPartitionsDefinition

DOCUMENTS = "documents"
documents = DynamicPartitionsDefinition(name=DOCUMENTS)
