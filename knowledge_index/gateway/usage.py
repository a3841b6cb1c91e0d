"""The usage ledger: one `model_usage` row per model call, and the per-stage spend read from it."""

from __future__ import annotations

import logging
from datetime import datetime
from typing import Any, Literal

from pydantic import BaseModel, Field
from sqlalchemy import Engine, text

log = logging.getLogger(__name__)

Outcome = Literal["ok", "provider_permanent", "cooldown", "infrastructure", "error", "circuit_open"]
CallKind = Literal["completion", "structured"]


class CallUsage(BaseModel):
    """Tokens, money and time of one call, or the sum over several."""

    calls: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    cost_usd: float = 0.0
    latency_ms: float = 0.0

    def __add__(self, other: CallUsage) -> CallUsage:
        return CallUsage(
            calls=self.calls + other.calls,
            prompt_tokens=self.prompt_tokens + other.prompt_tokens,
            completion_tokens=self.completion_tokens + other.completion_tokens,
            cost_usd=self.cost_usd + other.cost_usd,
            latency_ms=self.latency_ms + other.latency_ms,
        )


class UsageRecord(BaseModel):
    stage: str
    model: str
    source_object_id: str | None
    trace_id: str
    kind: CallKind
    outcome: Outcome
    error_class: str | None = None
    prompt_tokens: int = Field(0, ge=0)
    completion_tokens: int = Field(0, ge=0)
    cost_usd: float = Field(0.0, ge=0)
    latency_ms: float = Field(0.0, ge=0)
    litellm_call_id: str | None = None


# The table's column is still called doc_id (a rename needs a migration); it holds the
# source object id.
_INSERT = text(
    "INSERT INTO model_usage (stage, model, doc_id, trace_id, kind, outcome, error_class,"
    " prompt_tokens, completion_tokens, cost_usd, latency_ms, litellm_call_id)"
    " VALUES (:stage, :model, :source_object_id, :trace_id, :kind, :outcome, :error_class,"
    " :prompt_tokens, :completion_tokens, :cost_usd, :latency_ms, :litellm_call_id)"
)


def record_usage(engine: Engine, record: UsageRecord) -> None:
    """Write one row in its own short transaction.

    A failed write is logged, not raised: the call has already happened (and been paid for), so
    failing the stage would only repeat the spend without making the row appear.
    """
    try:
        # One statement: autocommit makes it its own transaction without a COMMIT round trip
        # (every model request writes one row).
        with engine.connect().execution_options(isolation_level="AUTOCOMMIT") as conn:
            conn.execute(_INSERT, record.model_dump())
    except Exception:
        log.exception("could not record model usage for trace %s", record.trace_id)


class UsageSummaryRow(BaseModel):
    stage: str
    model: str
    calls: int
    failed_calls: int
    prompt_tokens: int
    completion_tokens: int
    cost_usd: float
    mean_latency_ms: float


def usage_summary(engine: Engine, *, since: datetime | None = None) -> list[UsageSummaryRow]:
    """Calls, tokens, cost and mean latency per stage and model (what `ki costs` shows)."""
    params: dict[str, Any] = {"since": since}
    rows = []
    with engine.connect() as conn:
        for row in conn.execute(
            text(
                "SELECT stage, model, count(*) AS calls,"
                " count(*) FILTER (WHERE outcome <> 'ok') AS failed_calls,"
                " coalesce(sum(prompt_tokens), 0) AS prompt_tokens,"
                " coalesce(sum(completion_tokens), 0) AS completion_tokens,"
                " coalesce(sum(cost_usd), 0) AS cost_usd,"
                " coalesce(avg(latency_ms), 0) AS mean_latency_ms"
                " FROM model_usage"
                " WHERE CAST(:since AS timestamptz) IS NULL OR at >= CAST(:since AS timestamptz)"
                " GROUP BY stage, model ORDER BY stage, model"
            ),
            params,
        ):
            rows.append(UsageSummaryRow.model_validate(dict(row._mapping)))
    return rows
