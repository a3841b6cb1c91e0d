"""The usage ledger in the real Postgres: one row per call, tagged, summed per stage and model."""

from __future__ import annotations

import pytest
from pydantic import BaseModel
from sqlalchemy import Engine, text

from knowledge_index.errors import InfrastructureError, ProviderPermanentError
from knowledge_index.gateway import AgentLoop, Gateway, ProviderCooldown, usage_summary
from knowledge_index.gateway.offline import DEFAULT_MODEL
from knowledge_index.settings import Settings
from knowledge_index_tests.gateway import fake_provider as fp


class Verdict(BaseModel):
    matter_id: str | None


def _rows(engine: Engine) -> list[dict[str, object]]:
    with engine.connect() as conn:
        result = conn.execute(text("SELECT * FROM model_usage ORDER BY id"))
        return [dict(r._mapping) for r in result]


def test_agent_attempts_write_tagged_rows_with_distinct_traces(
    engine: Engine, settings: Settings, fake: fp.FakeProvider
) -> None:
    gateway = Gateway(
        settings.model_copy(update={"llm_model": fp.MODEL}), engine, cooldown=ProviderCooldown()
    )
    loop = AgentLoop(gateway, "relate", [], Verdict)
    fake.load([fp.submit(matter_id=7), fp.submit(matter_id="m-1"), fp.submit(matter_id=None)])
    first = loop.run([{"role": "user", "content": "x"}], source_object_id="doc-1")
    second = loop.run([{"role": "user", "content": "x"}], source_object_id="doc-2")
    assert first.trace_id != second.trace_id

    rows = _rows(engine)
    assert [(r["doc_id"], r["trace_id"]) for r in rows] == [
        ("doc-1", first.trace_id),
        ("doc-1", first.trace_id),
        ("doc-2", second.trace_id),
    ]
    for row in rows:
        assert row["stage"] == "relate" and row["model"] == fp.MODEL
        assert row["kind"] == "completion" and row["outcome"] == "ok"
        assert (row["prompt_tokens"], row["completion_tokens"]) == (11, 7)
        assert row["latency_ms"] > 0 and float(row["cost_usd"]) == 0.0
        assert row["litellm_call_id"]


def test_failures_are_recorded_with_their_outcome(
    engine: Engine, settings: Settings, fake: fp.FakeProvider
) -> None:
    gateway = Gateway(
        settings.model_copy(update={"llm_model": fp.MODEL}), engine, cooldown=ProviderCooldown()
    )
    fake.load([fp.unavailable(), fp.auth_error()])
    messages = [{"role": "user", "content": "x"}]
    with pytest.raises(InfrastructureError):
        gateway.complete("relate", messages, source_object_id="d", trace_id="t1")
    with pytest.raises(ProviderPermanentError):
        gateway.complete("relate", messages, source_object_id="d", trace_id="t2")
    with pytest.raises(ProviderPermanentError):
        gateway.complete("relate", messages, source_object_id="d", trace_id="t3")
    assert len(fake.calls) == 2
    assert [(r["trace_id"], r["outcome"], r["error_class"]) for r in _rows(engine)] == [
        ("t1", "infrastructure", "InfrastructureError"),
        ("t2", "provider_permanent", "ProviderFault"),
        ("t3", "cooldown", "ProviderFault"),
    ]


def test_offline_model_usage_and_summary(engine: Engine, settings: Settings) -> None:
    gateway = Gateway(settings, engine, cooldown=ProviderCooldown())
    gateway.structured(
        "extract_metadata",
        [{"role": "user", "content": "Title: Liefervertrag"}],
        Verdict,
        source_object_id="doc-9",
        trace_id="trace-9",
    )
    loop = AgentLoop(gateway, "classify_matter", [], Verdict)
    loop.run([{"role": "user", "content": "Title: Liefervertrag"}], source_object_id="doc-9")

    (structured,) = [r for r in _rows(engine) if r["kind"] == "structured"]
    assert structured["trace_id"] == "trace-9" and structured["model"] == DEFAULT_MODEL
    assert structured["prompt_tokens"] > 0 and structured["completion_tokens"] > 0

    summary = {(s.stage, s.model): s for s in usage_summary(engine)}
    assert set(summary) == {("classify_matter", DEFAULT_MODEL), ("extract_metadata", DEFAULT_MODEL)}
    classify = summary[("classify_matter", DEFAULT_MODEL)]
    assert classify.calls == 1 and classify.failed_calls == 0
    assert classify.prompt_tokens > 0 and classify.cost_usd == 0.0
    assert classify.mean_latency_ms > 0
    assert gateway.usage_summary() == usage_summary(engine)
