"""The live schema's columns, for the fail-closed checks that guard permissions.

Every table the tools read is created by the migrations; these checks only make sure a row whose
document columns cannot be permission-checked is withheld rather than returned.
"""

from __future__ import annotations

from sqlalchemy import Connection, text


def columns(conn: Connection, table: str) -> set[str]:
    rows = conn.execute(
        text(
            "SELECT attname FROM pg_attribute WHERE attrelid = to_regclass(:t)"
            " AND attnum > 0 AND NOT attisdropped"
        ),
        {"t": table},
    ).scalars()
    return set(rows)
