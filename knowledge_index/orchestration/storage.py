"""dagster-postgres with pooled connections.

dagster-postgres opens a new connection for every storage operation (NullPool); at one event per
document per stage that connection setup is most of the orchestration tax. These subclasses keep
a small pool per storage and are selected in dagster.yaml through `storage: custom:` (module
`knowledge_index.orchestration.storage`). They lean on dagster-postgres's private attributes
(`_engine`, `_connect`, `_store_asset_event`) and on Dagster's event-log table through
`dagster_internals`; the pooled-storage test there fails first when either moves.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import sqlalchemy as db
from dagster import DagsterEventType, EventLogEntry
from dagster_postgres.event_log import PostgresEventLogStorage
from dagster_postgres.run_storage import PostgresRunStorage
from dagster_postgres.schedule_storage import PostgresScheduleStorage
from dagster_postgres.storage import DagsterPostgresStorage

from knowledge_index.orchestration.dagster_internals import EVENT_LOG_TABLE, ConfigurableClassData

_MODULE = __name__


def _pooled(engine: db.Engine) -> db.Engine:
    # pre_ping recovers from a restarted server; recycle keeps long-lived daemons healthy.
    return db.create_engine(
        engine.url,
        isolation_level="AUTOCOMMIT",
        pool_size=2,
        max_overflow=8,
        pool_recycle=900,
        pool_pre_ping=True,
    )


class PooledPostgresEventLogStorage(PostgresEventLogStorage):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._engine = _pooled(self._engine)

    def store_event_batch(self, events: Sequence[EventLogEntry]) -> None:
        """Planned events of a ranged run in one INSERT.

        dagster-postgres writes a batch of materializations with one multi-row INSERT but falls
        back to one statement per event for ASSET_MATERIALIZATION_PLANNED, which a ranged run
        emits once per partition. Those per-partition planned events are what marks exactly the
        failed documents' partitions failed, so they are kept, only written together.
        """
        kinds = {e.get_dagster_event().event_type for e in events if e.is_dagster_event}
        if (
            not events
            or kinds != {DagsterEventType.ASSET_MATERIALIZATION_PLANNED}
            or any(not e.is_dagster_event for e in events)
        ):
            super().store_event_batch(events)
            return
        statement = self.prepare_insert_event_batch(events)
        with self._connect() as conn:
            ids = [r[0] for r in conn.execute(statement.returning(EVENT_LOG_TABLE.c.id))]
        # The asset-level record only needs the newest planned event of the batch.
        with self.index_transaction() as conn:
            self._store_asset_event(conn, events[-1], ids[-1])


class PooledPostgresRunStorage(PostgresRunStorage):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._engine = _pooled(self._engine)


class PooledPostgresScheduleStorage(PostgresScheduleStorage):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._engine = _pooled(self._engine)


class PooledPostgresStorage(DagsterPostgresStorage):
    def __init__(
        self,
        postgres_url: str,
        should_autocreate_tables: bool = True,
        inst_data: ConfigurableClassData | None = None,
        token_provider: Any = None,
    ) -> None:
        super().__init__(postgres_url, should_autocreate_tables, inst_data, token_provider)
        self._run_storage = PooledPostgresRunStorage(
            postgres_url, should_autocreate_tables, token_provider=token_provider
        )
        self._event_log_storage = PooledPostgresEventLogStorage(
            postgres_url, should_autocreate_tables, token_provider=token_provider
        )
        self._schedule_storage = PooledPostgresScheduleStorage(
            postgres_url, should_autocreate_tables, token_provider=token_provider
        )

    @classmethod
    def from_config_value(cls, inst_data: Any, config_value: Any) -> PooledPostgresStorage:
        from dagster_postgres.utils import pg_url_from_config

        return cls(
            inst_data=inst_data,
            postgres_url=pg_url_from_config(config_value),
            should_autocreate_tables=config_value.get("should_autocreate_tables", True),
        )

    def _data(self, cls_name: str) -> ConfigurableClassData | None:
        if self.inst_data is None:
            return None
        return ConfigurableClassData(_MODULE, cls_name, self.inst_data.config_yaml)

    @property
    def event_storage_data(self) -> ConfigurableClassData | None:
        return self._data("PooledPostgresEventLogStorage")

    @property
    def run_storage_data(self) -> ConfigurableClassData | None:
        return self._data("PooledPostgresRunStorage")

    @property
    def schedule_storage_data(self) -> ConfigurableClassData | None:
        return self._data("PooledPostgresScheduleStorage")
