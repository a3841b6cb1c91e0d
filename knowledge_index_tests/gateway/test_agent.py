"""The agent loop against a scripted provider: correction, convergence limits, tool faults."""

from __future__ import annotations

import json

import pytest
from pydantic import BaseModel, Field

from knowledge_index.errors import InfrastructureError, ModelOutputInvalid
from knowledge_index.gateway import SUBMIT_TOOL, AgentLoop, Gateway, ProviderCooldown, Tool
from knowledge_index.gateway.agent import Transcript
from knowledge_index.ledger.policy import classify
from knowledge_index.settings import Settings
from knowledge_index_tests.gateway import fake_provider as fp

MESSAGES = [
    {"role": "system", "content": "Assign the file to a matter."},
    {"role": "user", "content": "Path: Clients/Acme/2024-0173 Supply/contract.docx"},
]


class SearchArgs(BaseModel):
    query: str
    limit: int = Field(8, ge=1, le=50)


class Assignment(BaseModel):
    matter_id: str | None
    confidence: float = Field(ge=0, le=1)


def search(args: SearchArgs) -> dict[str, object]:
    if args.query == "explode":
        raise LookupError("index not built yet")
    return {"results": [{"matter_id": "m-17", "title": "Acme supply"}], "page": {"total": 1}}


def must_be_seen(result: Assignment, transcript: Transcript) -> None:
    if result.matter_id is not None and not transcript.seen(result.matter_id, key="matter_id"):
        raise ValueError(f"matter_id {result.matter_id!r} did not appear in any tool result")


@pytest.fixture
def loop(fake_settings: Settings, cooldown: ProviderCooldown) -> AgentLoop[Assignment]:
    return AgentLoop(
        Gateway(fake_settings, cooldown=cooldown),
        "classify_matter",
        [Tool("search_matters", "Rank matters", SearchArgs, search)],
        Assignment,
        must_be_seen,
        max_turns=6,
        max_corrections=2,
    )


def test_invalid_then_valid_submission_is_corrected(
    fake: fp.FakeProvider, loop: AgentLoop[Assignment]
) -> None:
    fake.load(
        [
            fp.call("search_matters", {"query": "2024-0173"}),
            fp.submit(matter_id="m-99", confidence=0.9),  # invented id: validator rejects
            fp.submit(matter_id="m-17", confidence=1.5),  # schema-invalid
            fp.submit(matter_id="m-17", confidence=0.9),
        ]
    )
    outcome = loop.run(MESSAGES, source_object_id="doc-1")

    assert outcome.result == Assignment(matter_id="m-17", confidence=0.9)
    assert (outcome.turns, outcome.corrections) == (4, 2)
    assert [(c.name, c.arguments) for c in outcome.tool_calls] == [
        ("search_matters", {"query": "2024-0173"})
    ]
    assert outcome.usage.calls == 4 and outcome.usage.prompt_tokens == 44
    # The model saw why each submission failed.
    tool_replies = [m["content"] for m in fake.calls[-1].messages if m["role"] == "tool"]
    assert "did not appear in any tool result" in tool_replies[1]
    assert "confidence" in tool_replies[2] and tool_replies[2].startswith("rejected:")
    # Every call is tagged with document, stage and trace.
    meta = fake.calls[0].metadata
    assert meta["source_object_id"] == "doc-1" and meta["stage"] == "classify_matter"
    assert meta["trace_id"] == outcome.trace_id
    assert f"trace:{outcome.trace_id}" in meta["tags"]
    assert fake.calls[0].tools == ["search_matters", SUBMIT_TOOL]


def test_a_loop_that_never_converges_raises_model_output_invalid(
    fake: fp.FakeProvider, loop: AgentLoop[Assignment]
) -> None:
    fake.load([fp.submit(matter_id="m-404", confidence=0.5)] * 10)
    with pytest.raises(ModelOutputInvalid) as caught:
        loop.run(MESSAGES, source_object_id="doc-1")
    message = str(caught.value)
    assert "classify_matter" in message and "doc-1" in message
    assert "too many rejected submissions" in message and "m-404" in message
    assert len(fake.calls) == 3  # max_corrections=2: the third rejection ends it
    assert classify(caught.value).kind == "model_output"


def test_turn_budget_bounds_a_model_that_only_browses(
    fake: fp.FakeProvider, loop: AgentLoop[Assignment]
) -> None:
    fake.load([fp.call("search_matters", {"query": "acme"})] * 10)
    with pytest.raises(ModelOutputInvalid, match=r"turn budget spent.*search_matters x6"):
        loop.run(MESSAGES, source_object_id="doc-1")
    assert len(fake.calls) == 6


def test_tool_errors_are_fed_back_not_raised(
    fake: fp.FakeProvider, loop: AgentLoop[Assignment]
) -> None:
    fake.load(
        [
            fp.call("search_matters", {"query": "explode"}),
            fp.call("search_matters", {"limit": 5}),  # missing query
            fp.call("no_such_tool", {}),
            fp.call("search_matters", "{not json"),
            fp.text("I think it is m-17"),
            fp.call("search_matters", {"query": "acme"}),
            fp.submit(matter_id="m-17", confidence=0.8),
        ]
    )
    loop.max_turns = 10
    loop.max_corrections = 3
    outcome = loop.run(MESSAGES, source_object_id="doc-1")
    assert outcome.result.matter_id == "m-17"
    errors = [c.error for c in outcome.tool_calls if c.error]
    assert len(errors) == 4
    assert "LookupError: index not built yet" in errors[0]
    assert "query: Field required" in errors[1]
    assert "unknown tool 'no_such_tool'" in errors[2]
    assert "not valid JSON" in errors[3]
    replies = [m for m in fake.calls[-1].messages if m["role"] == "tool"]
    assert replies[0]["content"].startswith("error: LookupError")
    assert json.loads(replies[-1]["content"])["results"][0]["matter_id"] == "m-17"


def test_infrastructure_faults_in_tools_end_the_attempt(
    fake: fp.FakeProvider, fake_settings: Settings, cooldown: ProviderCooldown
) -> None:
    def down(args: SearchArgs) -> object:
        raise InfrastructureError("database restarting", reason="transport error: OperationalError")

    loop = AgentLoop(
        Gateway(fake_settings, cooldown=cooldown),
        "classify_matter",
        [Tool("search_matters", "Rank matters", SearchArgs, down)],
        Assignment,
    )
    fake.load([fp.call("search_matters", {"query": "x"})])
    with pytest.raises(InfrastructureError):
        loop.run(MESSAGES, source_object_id="doc-1")


def test_each_attempt_gets_a_fresh_trace_id(
    fake: fp.FakeProvider, loop: AgentLoop[Assignment]
) -> None:
    fake.load([fp.submit(matter_id=None, confidence=0.1)] * 2)
    first = loop.run(MESSAGES, source_object_id="doc-1")
    second = loop.run(MESSAGES, source_object_id="doc-1")
    assert first.trace_id != second.trace_id
    assert [c.metadata["trace_id"] for c in fake.calls] == [first.trace_id, second.trace_id]


def test_tool_names_must_not_collide_with_submit(
    fake_settings: Settings, cooldown: ProviderCooldown
) -> None:
    with pytest.raises(ValueError, match="unique"):
        AgentLoop(
            Gateway(fake_settings, cooldown=cooldown),
            "relate",
            [Tool(SUBMIT_TOOL, "x", SearchArgs, search)],
            Assignment,
        )
