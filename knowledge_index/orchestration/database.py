"""The product database as a run or the driver needs it: migrated once per process."""

from __future__ import annotations

import threading

from sqlalchemy import Engine

from knowledge_index.db import get_engine
from knowledge_index.migrations import migrate
from knowledge_index.settings import Settings

_migrated: set[str] = set()
_lock = threading.Lock()


def ready_engine(settings: Settings) -> Engine:
    """The pooled engine, with the schema applied the first time this process meets it.

    Loading the definitions no longer touches the database, so whoever first connects (a run,
    a sensor tick, the driver) applies pending migrations; later calls cost a set lookup.
    """
    engine = get_engine(settings)
    key = engine.url.render_as_string(hide_password=True)
    with _lock:
        if key not in _migrated:
            migrate(engine)
            _migrated.add(key)
    return engine
