"""Stored statuses, skip reasons and the buckets an operator sees."""

from __future__ import annotations

from enum import StrEnum
from typing import Final


class Status(StrEnum):
    PENDING = "pending"
    RUNNING = "running"
    DONE = "done"
    FAILED = "failed"
    QUARANTINED = "quarantined"
    SKIPPED = "skipped"


WAITING: Final = "waiting_for_previous_stage"
DISABLED: Final = "disabled_by_configuration"
SOURCE_OBJECT_DELETED: Final = "source_object_deleted"

# Bucket names in display order. `waiting` and `disabled` are stored as skipped so the claim
# query cannot hand them to a worker; reporting them as skipped would read as a decision the
# handler never made.
BUCKETS: Final[tuple[str, ...]] = (
    "pending",
    "running",
    "done",
    "failed",
    "waiting",
    "disabled",
    "skipped",
    "quarantined",
)

# Rows that recorded a producer version: these are what a re-run re-runs.
VERSIONED_BUCKETS: Final[frozenset[str]] = frozenset({"done", "skipped", "disabled"})


def bucket(status: str, reason: str | None) -> str:
    if status == Status.SKIPPED and reason == WAITING:
        return "waiting"
    if status == Status.SKIPPED and reason == DISABLED:
        return "disabled"
    return status


# The same function as SQL, for counting without pulling rows.
BUCKET_SQL: Final[str] = (
    "CASE WHEN status = 'skipped' AND reason = '" + WAITING + "' THEN 'waiting' "
    "WHEN status = 'skipped' AND reason = '" + DISABLED + "' THEN 'disabled' "
    "ELSE status END"
)
