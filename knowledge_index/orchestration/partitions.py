"""One dynamic partition per document, keyed by its stable source-object id.

It lives here, not in `defs/`, because the range planner and the sync run's partition adds
need the same definition and this package may not import `defs`.
"""

from __future__ import annotations

from dagster import DynamicPartitionsDefinition

DOCUMENTS = "documents"
documents = DynamicPartitionsDefinition(name=DOCUMENTS)
