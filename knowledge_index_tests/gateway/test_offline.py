"""The offline model: a deterministic policy that speaks the tool-calling protocol via litellm."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any, ClassVar, Literal

import pytest
from pydantic import BaseModel, Field

from knowledge_index.gateway import AgentLoop, Gateway, ProviderCooldown, Tool
from knowledge_index.gateway._litellm import litellm
from knowledge_index.gateway.agent import Transcript, submit_spec
from knowledge_index.gateway.offline import (
    DEFAULT_MODEL,
    OFFLINE_MODEL,
    POLICIES,
    Call,
    Decision,
    GenericPolicy,
    PolicyContext,
    register_offline_provider,
    register_policy,
)
from knowledge_index.settings import Settings

MATTERS = [
    {"matter_id": "m-17", "reference_number": "2024/0173-MS", "title": "Acme Liefervertrag"},
    {"matter_id": "m-22", "reference_number": "2023/0042-KL", "title": "Beta Arbeitsrecht"},
    {"matter_id": "m-31", "reference_number": "2022/0007-AB", "title": "Acme Markenstreit"},
]
PROMPT = (
    "Path: Clients/Acme/2024-0173 Supply/contract.docx\n"
    "Title: Liefervertrag Acme Müller\n"
    "Text: Liefervertrag, unser Zeichen 2024/0173-MS, Kunde m-99 (not an id we may use)"
)


class SearchArgs(BaseModel):
    query: str
    limit: int = 8


class PeekArgs(BaseModel):
    matter_id: str


class Assignment(BaseModel):
    decision: Literal["existing", "none"]
    matter_id: str | None
    reason: str


def _norm(text: str) -> str:
    return text.lower().replace("/", "").replace("-", "").replace(" ", "")


def search_matters(args: SearchArgs) -> dict[str, Any]:
    words = args.query.lower().split()
    hits = [
        m
        for m in MATTERS
        if _norm(args.query) in _norm(m["reference_number"])
        or any(w in m["title"].lower() for w in words)
    ]
    return {"results": hits[: args.limit], "page": {"total": len(hits)}}


def peek_matter(args: PeekArgs) -> dict[str, Any]:
    matter = next(m for m in MATTERS if m["matter_id"] == args.matter_id)
    return {**matter, "document_count": 12, "document_titles": ["Vertrag.docx"]}


def seen_only(result: Assignment, transcript: Transcript) -> None:
    if result.matter_id is not None and not transcript.seen(result.matter_id, key="matter_id"):
        raise ValueError(f"matter_id {result.matter_id!r} was not returned by any tool")


TOOLS = [
    Tool("search_matters", "Rank existing matters", SearchArgs, search_matters),
    Tool("peek_matter", "One matter's details", PeekArgs, peek_matter),
]


@pytest.fixture
def gateway(offline_settings: Settings, cooldown: ProviderCooldown) -> Gateway:
    assert offline_settings.stage_model("classify_matter") == DEFAULT_MODEL
    return Gateway(offline_settings, cooldown=cooldown)


def _messages(prompt: str = PROMPT) -> list[dict[str, Any]]:
    return [{"role": "system", "content": "Assign the file."}, {"role": "user", "content": prompt}]


def _complete(messages: list[dict[str, Any]], tools: list[dict[str, Any]]) -> Any:
    return litellm.completion(
        model=DEFAULT_MODEL, messages=messages, tools=tools, metadata={"stage": "test"}
    )


def test_raw_litellm_protocol_search_peek_submit(gateway: Gateway) -> None:
    tools = [t.spec() for t in TOOLS] + [submit_spec(Assignment)]
    messages = _messages()
    transcript: list[str] = []
    for _ in range(5):
        response = _complete(messages, tools)
        message = response.choices[0].message
        assert response.choices[0].finish_reason == "tool_calls"
        assert response.usage.prompt_tokens > 100 and response.usage.completion_tokens > 0
        (call,) = message.tool_calls
        transcript.append(call.function.name)
        args = json.loads(call.function.arguments)
        if call.function.name == "submit_result":
            break
        messages.append(message.model_dump(exclude_none=True))
        tool = next(t for t in TOOLS if t.name == call.function.name)
        result = tool.fn(tool.args_model.model_validate(args))
        messages.append({"role": "tool", "tool_call_id": call.id, "content": json.dumps(result)})
        if call.function.name == "search_matters":
            assert args == {"query": "2024/0173-MS"}  # the identifier beats title words
    assert transcript == ["search_matters", "peek_matter", "submit_result"]
    assert args["decision"] == "existing" and args["matter_id"] == "m-17"
    assert "m-17" in args["reason"]


def test_same_request_same_answer(gateway: Gateway) -> None:
    tools = [t.spec() for t in TOOLS] + [submit_spec(Assignment)]
    first, second = _complete(_messages(), tools), _complete(_messages(), tools)
    assert first.id == second.id
    assert first.choices[0].message.tool_calls == second.choices[0].message.tool_calls


def test_agent_loop_end_to_end_submits_only_ids_seen_in_tools(gateway: Gateway) -> None:
    loop = AgentLoop(gateway, "classify_matter", TOOLS, Assignment, seen_only)
    outcome = loop.run(_messages(), source_object_id="doc-1")
    assert outcome.result.matter_id == "m-17" and outcome.result.decision == "existing"
    assert [c.name for c in outcome.tool_calls] == ["search_matters", "peek_matter"]
    assert outcome.corrections == 0 and outcome.turns == 3
    assert outcome.usage.prompt_tokens > 0 and outcome.model == DEFAULT_MODEL


def test_nothing_fits_submits_the_none_option(gateway: Gateway) -> None:
    loop = AgentLoop(gateway, "classify_matter", TOOLS, Assignment, seen_only)
    outcome = loop.run(
        _messages("Title: Gesellschafterversammlung Zeta\nAz. 1999/0001-ZZ"), source_object_id="d"
    )
    assert outcome.result.decision == "none" and outcome.result.matter_id is None
    # One query per search tool, plus one retry with the title words after an empty answer.
    assert [c.arguments["query"] for c in outcome.tool_calls] == [
        "1999/0001-ZZ",
        "Gesellschafterversammlung Zeta",
    ]


def test_a_rejected_candidate_moves_on_to_the_next(gateway: Gateway) -> None:
    def not_m17(result: Assignment, transcript: Transcript) -> None:
        seen_only(result, transcript)
        if result.matter_id == "m-17":
            raise ValueError("m-17 is closed; choose another matter or none")

    loop = AgentLoop(gateway, "classify_matter", TOOLS, Assignment, not_m17)
    outcome = loop.run(_messages("Title: Acme Liefervertrag Markenstreit"), source_object_id="d")
    assert outcome.corrections == 1
    assert outcome.result.matter_id == "m-31"


def test_registered_stage_policy_is_used(gateway: Gateway) -> None:
    shipped = POLICIES.get("extract_decisions")

    @register_policy("extract_decisions")
    class Stubborn(GenericPolicy):
        name: ClassVar[str] = "stubborn"

        def decide(self, ctx: PolicyContext) -> Decision:
            return Decision(
                calls=(
                    Call(
                        "submit_result",
                        {
                            "decision": "none",
                            "matter_id": None,
                            "reason": f"policy for {ctx.stage}",
                        },
                    ),
                )
            )

    try:
        loop = AgentLoop(gateway, "extract_decisions", TOOLS, Assignment)
        outcome = loop.run(_messages(), source_object_id="d")
        assert outcome.result.reason == "policy for extract_decisions"
        assert outcome.tool_calls == []
        # Other stages still get the generic policy.
        generic = AgentLoop(gateway, "classify_matter", TOOLS, Assignment).run(
            _messages(), source_object_id="d"
        )
        assert generic.result.matter_id == "m-17"
    finally:
        POLICIES.pop("extract_decisions")
        if shipped is not None:
            POLICIES["extract_decisions"] = shipped


def test_stage_policy_found_by_its_tools_without_a_stage_name(gateway: Gateway) -> None:
    class ByTools(GenericPolicy):
        signature_tools: ClassVar[frozenset[str]] = frozenset({"search_matters", "peek_matter"})

        def decide(self, ctx: PolicyContext) -> Decision:
            return Decision(content="recognised by tools")

    POLICIES["some_stage"] = ByTools
    try:
        tools = [t.spec() for t in TOOLS] + [submit_spec(Assignment)]
        response = litellm.completion(model=DEFAULT_MODEL, messages=_messages(), tools=tools)
        assert response.choices[0].message.content == "recognised by tools"
    finally:
        POLICIES.pop("some_stage")


def test_registration_is_idempotent() -> None:
    for _ in range(3):
        assert register_offline_provider() is OFFLINE_MODEL
    entries = [e for e in litellm.custom_provider_map if e["provider"] == "ki-offline"]
    assert len(entries) == 1 and entries[0]["custom_handler"] is OFFLINE_MODEL


class DocumentFacts(BaseModel):
    reference_number: str | None = Field(description="The firm's file reference, if stated")
    title: str
    language: Literal["de", "en", "unknown"]
    pages: int | None = None


def test_instructor_structured_call_through_the_offline_model(gateway: Gateway) -> None:
    facts = gateway.structured(
        "extract_metadata",
        [
            {"role": "system", "content": "Extract the document's facts."},
            {
                "role": "user",
                "content": "Title: Liefervertrag Acme\nLanguage: de\nAz. 2024/0173-MS",
            },
        ],
        DocumentFacts,
        source_object_id="doc-1",
        trace_id="trace-s",
    )
    assert isinstance(facts, DocumentFacts)
    # instructor attaches the raw response as a private attribute, so compare the fields.
    assert facts.model_dump() == {
        "reference_number": "2024/0173-MS",
        "title": "Liefervertrag Acme",
        "language": "de",
        "pages": None,
    }


def test_instructor_validation_failure_becomes_model_output_invalid(gateway: Gateway) -> None:
    from knowledge_index.errors import ModelOutputInvalid

    class Strict(BaseModel):
        title: str = Field(min_length=500)

    with pytest.raises(ModelOutputInvalid, match=r"no valid Strict after 2 attempt"):
        gateway.structured(
            "extract_metadata",
            [{"role": "user", "content": "Title: short"}],
            Strict,
            source_object_id="d",
            trace_id="t",
            max_retries=1,
        )


@pytest.fixture(autouse=True)
def _no_leaked_policies() -> Iterator[None]:
    from knowledge_index.gateway.offline import register_offline_provider

    register_offline_provider()  # the stage policies belong to the product, not to a test
    before = dict(POLICIES)
    yield
    assert dict(POLICIES) == before
