"""Stage handlers that tests install in place of a stage's own (by swapping its declaration in
`pipeline.STAGES`). They record every call in a table so tests can count executions across
processes.
"""

from __future__ import annotations

import time

from sqlalchemy import text

from knowledge_index import pipeline
from knowledge_index.stages.base import StageContext, StageOutcome

CALLS_DDL = (
    "CREATE TABLE IF NOT EXISTS test_handler_calls ("
    " id bigserial PRIMARY KEY, stage text, source_object_id text, pid integer,"
    " at timestamptz DEFAULT now())"
)


def register_handler(stage: str, handler) -> None:
    """Run `handler` for `stage` in this process (the autouse fixture restores the pipeline)."""
    pipeline.STAGES = pipeline.replace_stage(stage, handler=handler)


def record_call(ctx: StageContext) -> None:
    import os

    with ctx.engine.begin() as conn:
        conn.execute(text(CALLS_DDL))
        conn.execute(
            text(
                "INSERT INTO test_handler_calls (stage, source_object_id, pid) VALUES (:s, :o, :p)"
            ),
            {"s": ctx.stage, "o": ctx.source_object.id, "p": os.getpid()},
        )


def counting_handler(ctx: StageContext) -> StageOutcome:
    record_call(ctx)
    return StageOutcome("done", metadata={"counted": True})


def make_raising_handler(exc: BaseException):
    def _handler(ctx: StageContext) -> StageOutcome:
        record_call(ctx)
        raise exc

    return _handler


def slow_handler(ctx: StageContext) -> StageOutcome:
    """Hangs long enough to be killed mid-stage."""
    record_call(ctx)
    time.sleep(120)
    return StageOutcome("done")


def call_counts(engine, stage: str) -> dict[str, int]:
    with engine.begin() as conn:
        conn.execute(text(CALLS_DDL))
        rows = conn.execute(
            text(
                "SELECT source_object_id, count(*) FROM test_handler_calls WHERE stage = :s"
                " GROUP BY source_object_id"
            ),
            {"s": stage},
        ).all()
    return {r[0]: r[1] for r in rows}
