"""The bounded tool-calling loop the agentic stages run (classify, relate, extract metadata).

The model gathers evidence with the stage's tools and finishes by calling a synthetic
`submit_result` tool whose parameters are the stage's result schema. A submission is checked by
pydantic, then by the stage's validator, which sees the transcript of tool results (so rules
like "the matter id must have appeared in a tool result" are checkable). A rejected submission
is fed back for correction; a loop that does not converge raises ModelOutputInvalid and the
ledger retries the stage as a whole, under a fresh trace id.
"""

from __future__ import annotations

import functools
import json
import uuid
from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from knowledge_index.errors import InfrastructureError, ModelOutputInvalid
from knowledge_index.gateway.client import Completion, Gateway, Message, ToolCall
from knowledge_index.gateway.usage import CallUsage

R = TypeVar("R", bound=BaseModel)

SUBMIT_TOOL = "submit_result"
DEFAULT_MAX_TURNS = 12
DEFAULT_MAX_CORRECTIONS = 3
# Tool results are fed back whole up to this size; a real model's context is finite.
TOOL_RESULT_LIMIT = 24_000


@functools.cache
def _schema_text(model: type[BaseModel]) -> str:
    # Building a model's JSON Schema takes pydantic ~1 ms, and every document's loop offers
    # the same tools and result model: build it once per model and hand out fresh copies.
    return json.dumps(model.model_json_schema())


def parameters_schema(model: type[BaseModel]) -> dict[str, Any]:
    """The model's JSON Schema, a fresh copy the caller may change."""
    return dict(json.loads(_schema_text(model)))


@dataclass(frozen=True)
class Tool:
    """An evidence tool offered to the model: `fn` gets the validated arguments model."""

    name: str
    description: str
    args_model: type[BaseModel]
    fn: Callable[[Any], Any]

    def spec(self) -> dict[str, Any]:
        return {
            "type": "function",
            "function": {
                "name": self.name,
                "description": self.description,
                "parameters": parameters_schema(self.args_model),
            },
        }


def submit_spec(result_model: type[BaseModel], description: str | None = None) -> dict[str, Any]:
    return {
        "type": "function",
        "function": {
            "name": SUBMIT_TOOL,
            "description": description
            or "Submit the final result. Call this exactly once, when the evidence is complete.",
            "parameters": parameters_schema(result_model),
        },
    }


class ToolRecord(BaseModel):
    """One executed tool call: what was asked and what came back (or the error)."""

    name: str
    arguments: dict[str, Any]
    result: Any = None
    error: str | None = None


@dataclass
class Transcript:
    """The tool results of one attempt, for validators that must check against evidence."""

    records: list[ToolRecord] = field(default_factory=list)

    def results(self, name: str | None = None) -> Iterator[Any]:
        for r in self.records:
            if r.error is None and (name is None or r.name == name):
                yield r.result

    def seen(self, value: object, *, tool: str | None = None, key: str | None = None) -> bool:
        """Whether `value` is a scalar in a successful tool result (optionally under `key`)."""
        return any(_contains(result, value, key) for result in self.results(tool))


def _contains(node: Any, value: object, key: str | None, under: str | None = None) -> bool:
    if isinstance(node, Mapping):
        return any(_contains(v, value, key, str(k)) for k, v in node.items())
    if isinstance(node, (list, tuple)):
        return any(_contains(v, value, key, under) for v in node)
    if key is not None and under != key:
        return False
    return node == value or (isinstance(node, (int, float)) and str(node) == str(value))


Validator = Callable[[R, Transcript], None]


class AgentResult(BaseModel, Generic[R]):
    """What a stage stores as provenance next to its result."""

    model_config = ConfigDict(arbitrary_types_allowed=True)

    result: R
    trace_id: str
    model: str
    turns: int
    corrections: int
    tool_calls: list[ToolRecord] = Field(default_factory=list)
    usage: CallUsage = Field(default_factory=CallUsage)

    def provenance(self, producer_version: str) -> dict[str, Any]:
        """The record a stage keeps of the model call behind its result."""
        return {
            "trace_id": self.trace_id,
            "model": self.model,
            "turns": self.turns,
            "corrections": self.corrections,
            "tool_calls": [r.name for r in self.tool_calls],
            "rationale": getattr(self.result, "rationale", ""),
            "producer_version": producer_version,
        }


@dataclass
class _Attempt:
    messages: list[dict[str, Any]]
    transcript: Transcript = field(default_factory=Transcript)
    usage: CallUsage = field(default_factory=CallUsage)
    corrections: int = 0
    last_error: str = ""


def _dump(value: Any) -> str:
    text = json.dumps(value, default=str, ensure_ascii=False)
    if len(text) > TOOL_RESULT_LIMIT:
        return text[:TOOL_RESULT_LIMIT] + " ...[truncated]"
    return text


def _error_text(exc: BaseException) -> str:
    if isinstance(exc, ValidationError):
        parts = [
            f"{'.'.join(str(p) for p in e['loc']) or '(root)'}: {e['msg']}" for e in exc.errors()
        ]
        return "; ".join(parts)
    return str(exc) or type(exc).__name__


class AgentLoop(Generic[R]):
    """One stage's agent: tools, result schema and validator; `run` is one attempt."""

    def __init__(
        self,
        gateway: Gateway,
        stage: str,
        tools: Sequence[Tool],
        result_model: type[R],
        validator: Validator[R] | None = None,
        *,
        max_turns: int = DEFAULT_MAX_TURNS,
        max_corrections: int = DEFAULT_MAX_CORRECTIONS,
        submit_description: str | None = None,
        # Tool faults of these classes end the attempt instead of being shown to the model:
        # deciding on partial evidence because the database blinked would corrupt the corpus.
        fatal_tool_errors: tuple[type[BaseException], ...] = (InfrastructureError,),
    ) -> None:
        names = [t.name for t in tools]
        if SUBMIT_TOOL in names or len(set(names)) != len(names):
            raise ValueError(f"tool names must be unique and not {SUBMIT_TOOL!r}: {names}")
        self.gateway = gateway
        self.stage = stage
        self.tools = {t.name: t for t in tools}
        self.result_model = result_model
        self.validator = validator
        self.max_turns = max_turns
        self.max_corrections = max_corrections
        self.fatal_tool_errors = fatal_tool_errors
        self._specs = [t.spec() for t in tools] + [submit_spec(result_model, submit_description)]

    def run(
        self,
        messages: Sequence[Message],
        *,
        source_object_id: str | None,
        trace_id: str | None = None,
    ) -> AgentResult[R]:
        """Run one attempt under a fresh trace id (unless one is given)."""
        trace_id = trace_id or uuid.uuid4().hex
        attempt = _Attempt(messages=[dict(m) for m in messages])
        for turn in range(1, self.max_turns + 1):
            completion = self.gateway.complete(
                self.stage,
                attempt.messages,
                self._specs,
                source_object_id=source_object_id,
                trace_id=trace_id,
            )
            attempt.usage = attempt.usage + completion.usage
            result = self._handle(completion, attempt)
            if result is not None:
                return AgentResult[R](
                    result=result,
                    trace_id=trace_id,
                    model=completion.model,
                    turns=turn,
                    corrections=attempt.corrections,
                    tool_calls=list(attempt.transcript.records),
                    usage=attempt.usage,
                )
            if attempt.corrections > self.max_corrections:
                self._give_up(
                    attempt, source_object_id, trace_id, turn, "too many rejected submissions"
                )
        self._give_up(attempt, source_object_id, trace_id, self.max_turns, "turn budget spent")
        raise AssertionError("unreachable")  # pragma: no cover

    def _handle(self, completion: Completion, attempt: _Attempt) -> R | None:
        attempt.messages.append(completion.assistant_message())
        if not completion.tool_calls:
            attempt.corrections += 1
            attempt.last_error = "answered in text instead of calling a tool"
            attempt.messages.append(
                {
                    "role": "user",
                    "content": f"Continue with the tools; finish by calling {SUBMIT_TOOL}.",
                }
            )
            return None
        outcome: R | None = None
        for call in completion.tool_calls:
            if outcome is not None:
                # The protocol wants an answer to every call id, even after we are done.
                self._reply(attempt, call, "ignored: a result was already accepted")
            elif call.name == SUBMIT_TOOL:
                outcome = self._submit(call, attempt)
            else:
                self._execute(call, attempt)
        return outcome

    def _submit(self, call: ToolCall, attempt: _Attempt) -> R | None:
        try:
            result = self.result_model.model_validate_json(call.arguments or "{}")
            if self.validator is not None:
                self.validator(result, attempt.transcript)
        except (ValidationError, ValueError) as exc:
            attempt.corrections += 1
            attempt.last_error = _error_text(exc)
            self._reply(
                attempt,
                call,
                f"rejected: {attempt.last_error}. Correct the result and call {SUBMIT_TOOL} again.",
            )
            return None
        self._reply(attempt, call, "accepted")
        return result

    def _execute(self, call: ToolCall, attempt: _Attempt) -> None:
        tool = self.tools.get(call.name)
        try:
            raw_args = json.loads(call.arguments or "{}")
        except json.JSONDecodeError as exc:
            raw_args = {"_unparsed": call.arguments}
            self._fail(attempt, call, raw_args, f"arguments are not valid JSON: {exc}")
            return
        if not isinstance(raw_args, dict):
            self._fail(attempt, call, {"_unparsed": raw_args}, "arguments must be a JSON object")
            return
        if tool is None:
            known = ", ".join([*self.tools, SUBMIT_TOOL])
            self._fail(attempt, call, raw_args, f"unknown tool {call.name!r}; tools: {known}")
            return
        try:
            args = tool.args_model.model_validate(raw_args)
            value = tool.fn(args)
        except self.fatal_tool_errors:
            raise
        except Exception as exc:
            self._fail(attempt, call, raw_args, f"{type(exc).__name__}: {_error_text(exc)}")
            return
        attempt.transcript.records.append(
            ToolRecord(name=call.name, arguments=raw_args, result=value)
        )
        self._reply(attempt, call, _dump(value))

    def _fail(self, attempt: _Attempt, call: ToolCall, args: dict[str, Any], error: str) -> None:
        attempt.transcript.records.append(ToolRecord(name=call.name, arguments=args, error=error))
        self._reply(attempt, call, f"error: {error}")

    @staticmethod
    def _reply(attempt: _Attempt, call: ToolCall, content: str) -> None:
        attempt.messages.append(
            {"role": "tool", "tool_call_id": call.id, "name": call.name, "content": content}
        )

    def _give_up(
        self, attempt: _Attempt, source_object_id: str | None, trace_id: str, turns: int, why: str
    ) -> None:
        used = Counter(r.name for r in attempt.transcript.records)
        tools = ", ".join(f"{n} x{c}" for n, c in used.items()) or "none"
        raise ModelOutputInvalid(
            f"stage {self.stage}, source object {source_object_id}, trace {trace_id}: no valid"
            f" {SUBMIT_TOOL} after"
            f" {turns} turn(s) ({why}; {attempt.corrections} correction(s)); tools called:"
            f" {tools}; last problem: {attempt.last_error or 'none'}"
        )


def run_agent(
    gateway: Gateway,
    stage: str,
    messages: Sequence[Message],
    tools: Sequence[Tool],
    result_model: type[R],
    validator: Validator[R] | None = None,
    *,
    source_object_id: str | None,
    max_turns: int = DEFAULT_MAX_TURNS,
    max_corrections: int = DEFAULT_MAX_CORRECTIONS,
) -> AgentResult[R]:
    """Convenience wrapper: build an AgentLoop and run one attempt."""
    loop = AgentLoop(
        gateway,
        stage,
        tools,
        result_model,
        validator,
        max_turns=max_turns,
        max_corrections=max_corrections,
    )
    return loop.run(messages, source_object_id=source_object_id)
