"""The code location, loaded by module name the way Dagster's own tools load it.

The driver and the in-process daemons need the job and asset definitions; they get them from the
module a workspace names (`dagster dev -m`, `dg`, compose's code server), never by importing
`knowledge_index.defs`, so the definitions stay a leaf that only Dagster's loader reads.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from dagster import DagsterInstance, Definitions

from knowledge_index.orchestration.dagster_internals import in_process_workspace

CODE_LOCATION_MODULE = "knowledge_index.definitions"
LOCATION_NAME = "knowledge_index"
# The attribute of the module that holds the Definitions (or a @definitions function).
DEFINITIONS_ATTRIBUTE = "defs"


def load_definitions(module: str = CODE_LOCATION_MODULE) -> Definitions:
    """A fresh build of the code location's Definitions (settings are read again).

    The module is a `@dg.definitions` function, so each call builds anew: a stage's code version
    or batch size changed in the saved configuration shows up without a new process.
    """
    target = getattr(importlib.import_module(module), DEFINITIONS_ATTRIBUTE)
    defs = target if isinstance(target, Definitions) else target()
    if not isinstance(defs, Definitions):
        raise TypeError(f"{module}.{DEFINITIONS_ATTRIBUTE} is not a Dagster Definitions")
    return defs


@contextmanager
def daemon_workspace(instance: DagsterInstance) -> Iterator[Any]:
    """The code location loaded in this process, as the backfill and sensor daemons see it."""
    with in_process_workspace(instance, CODE_LOCATION_MODULE, LOCATION_NAME) as workspace:
        yield workspace
