"""The `gateway_circuits` table: the breaker's circuits, shared by every process running stages.

Only this module reads or writes the table. A change is a read-modify-write under the row's
lock, so two processes failing at once count both failures and exactly one of them wins a
half-open probe.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from sqlalchemy import Connection, Engine, text

from knowledge_index.gateway.breaker import Circuit, CircuitBreaker, MemoryCircuitStore
from knowledge_index.settings import Settings

_COLUMNS = "model, state, failures, reopened, opened_at, retry_at, last_error"


def _circuit(row: Any) -> Circuit:
    return Circuit(
        model=row.model,
        state=row.state,
        failures=row.failures,
        reopened=row.reopened,
        opened_at=row.opened_at,
        retry_at=row.retry_at,
        last_error=row.last_error,
    )


class PostgresCircuitStore:
    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def get(self, model: str) -> Circuit | None:
        # Read before and after every model request: in autocommit a lone SELECT needs no
        # transaction to end, one round trip fewer each time (a single-row read is consistent).
        with self.engine.connect().execution_options(isolation_level="AUTOCOMMIT") as conn:
            row = conn.execute(
                text(f"SELECT {_COLUMNS} FROM gateway_circuits WHERE model = :m"), {"m": model}
            ).first()
        return _circuit(row) if row is not None else None

    def change(self, model: str, fn: Callable[[Circuit], Circuit | None]) -> Circuit:
        with self.engine.begin() as conn:
            conn.execute(
                text("INSERT INTO gateway_circuits (model) VALUES (:m) ON CONFLICT DO NOTHING"),
                {"m": model},
            )
            row = conn.execute(
                text(f"SELECT {_COLUMNS} FROM gateway_circuits WHERE model = :m FOR UPDATE"),
                {"m": model},
            ).one()
            current = _circuit(row)
            new = fn(current)
            if new is None:
                return current
            conn.execute(
                text(
                    "UPDATE gateway_circuits SET state = :state, failures = :failures,"
                    " reopened = :reopened, opened_at = :opened_at, retry_at = :retry_at,"
                    " last_error = :last_error, updated_at = now() WHERE model = :model"
                ),
                {
                    "model": model,
                    "state": new.state,
                    "failures": new.failures,
                    "reopened": new.reopened,
                    "opened_at": new.opened_at,
                    "retry_at": new.retry_at,
                    "last_error": (new.last_error or "")[:500] or None,
                },
            )
            return new


def open_circuits(conn: Connection) -> list[Circuit]:
    """Circuits that are not closed (open or probing), for `ki status` and the exit code."""
    rows = conn.execute(
        text(f"SELECT {_COLUMNS} FROM gateway_circuits WHERE state <> 'closed' ORDER BY model")
    ).all()
    return [_circuit(r) for r in rows]


def breaker_for(
    settings: Settings, engine: Engine | None, *, probe_lease_seconds: float = 120.0
) -> CircuitBreaker:
    """The breaker of this installation (its database); without one, a private memory store."""
    store = PostgresCircuitStore(engine) if engine is not None else MemoryCircuitStore()
    return CircuitBreaker(store, settings.gateway.breaker, probe_lease_seconds=probe_lease_seconds)


__all__ = ["PostgresCircuitStore", "breaker_for", "open_circuits"]
