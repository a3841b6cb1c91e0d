"""Which optional tables exist right now.

Tables written by stages that are not built yet (relations, decisions, matters, entities, ...)
are looked up at call time with to_regclass, so a tool starts answering from them the moment a
migration creates them, without a server restart or a code change here.
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import Connection, text

OPTIONAL_TABLES = (
    "matters",
    "matter_assignments",
    "document_metadata",
    "relations",
    "decisions",
    "entities",
    "document_parties",
    "doc_types",
)


@dataclass(frozen=True)
class Catalog:
    tables: frozenset[str]

    def has(self, *names: str) -> bool:
        return all(n in self.tables for n in names)


def load_catalog(conn: Connection) -> Catalog:
    rows = conn.execute(
        text(
            "SELECT name FROM unnest(CAST(:names AS text[])) AS name"
            " WHERE to_regclass(name) IS NOT NULL"
        ),
        {"names": list(OPTIONAL_TABLES)},
    ).scalars()
    return Catalog(frozenset(rows))


def columns(conn: Connection, table: str) -> set[str]:
    rows = conn.execute(
        text(
            "SELECT attname FROM pg_attribute WHERE attrelid = to_regclass(:t)"
            " AND attnum > 0 AND NOT attisdropped"
        ),
        {"t": table},
    ).scalars()
    return set(rows)
