"""The code location: `dagster dev -m knowledge_index.defs.definitions`."""

from knowledge_index.defs.build import build_definitions

defs = build_definitions()
