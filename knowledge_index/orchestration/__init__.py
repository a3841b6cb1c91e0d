"""The bridge between the domain and Dagster that is not a definition.

The driver behind `ki sync`/`ki run`, range planning, the product's instance and its pooled
storage, backfill creation and in-process daemon passes, and the one shim module for Dagster's
private modules (`dagster_internals`). `knowledge_index.defs` imports this package; nothing here
imports `defs`: the driver loads the code location by module name, as Dagster does.
"""

from knowledge_index.orchestration.dagster_internals import enable_event_batching

# Set before Dagster logs the first event of a run, in every process that runs one (the CLI,
# the code server, a run worker): all of them import this package first.
enable_event_batching()
