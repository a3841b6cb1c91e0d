"""What a policy sees (the request, read like a model reads it) and what it answers."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    from pydantic import BaseModel

E = TypeVar("E", bound="BaseModel")

ANSWER_PREFIXES = ("submit", "answer", "final", "respond")


def _get(obj: Any, key: str, default: Any = None) -> Any:
    if isinstance(obj, Mapping):
        return obj.get(key, default)
    return getattr(obj, key, default)


def _text(content: Any) -> str:
    if content is None:
        return ""
    if isinstance(content, str):
        return content
    if isinstance(content, list):  # multi-part content: keep the text parts
        return "\n".join(str(_get(p, "text", "")) for p in content if _get(p, "type") == "text")
    return str(content)


def _parse(text: str) -> Any:
    try:
        return json.loads(text)
    except (json.JSONDecodeError, TypeError):
        return text


@dataclass(frozen=True)
class OfferedTool:
    name: str
    description: str
    parameters: dict[str, Any]

    @property
    def properties(self) -> dict[str, Any]:
        return dict(self.parameters.get("properties") or {})

    @property
    def required(self) -> list[str]:
        return list(self.parameters.get("required") or [])


@dataclass(frozen=True)
class ToolExchange:
    """A tool call the model made earlier in the conversation, with the reply it got."""

    call_id: str
    name: str
    arguments: dict[str, Any]
    result: Any  # parsed JSON when the reply was JSON, else the raw text
    reply: str

    @property
    def failed(self) -> bool:
        return self.reply.startswith(("error:", "rejected:"))

    @property
    def hits(self) -> list[dict[str, Any]]:
        """The `results` list of a successful search-like reply (empty otherwise)."""
        if self.failed or not isinstance(self.result, dict):
            return []
        return [h for h in self.result.get("results") or [] if isinstance(h, dict)]


@dataclass(frozen=True)
class Call:
    name: str
    arguments: dict[str, Any]


@dataclass(frozen=True)
class Decision:
    """The next step: tool calls, or plain text when no tool fits."""

    calls: tuple[Call, ...] = ()
    content: str | None = None


@dataclass
class PolicyContext:
    stage: str | None
    messages: list[Any]
    tools: list[OfferedTool]
    forced_tool: str | None = None
    exchanges: list[ToolExchange] = field(default_factory=list)
    # Evidence read from this request, by type: a policy may ask for it more than once, and
    # parsing and validating the message (its JSON Schema included) is the costly part.
    _evidence: dict[type, Any] = field(default_factory=dict, repr=False, compare=False)

    @classmethod
    def from_request(
        cls,
        messages: Sequence[Any],
        optional_params: Mapping[str, Any],
        metadata: Mapping[str, Any] | None,
    ) -> PolicyContext:
        tools = []
        for spec in optional_params.get("tools") or []:
            fn = _get(spec, "function") or {}
            tools.append(
                OfferedTool(
                    name=str(_get(fn, "name", "")),
                    description=str(_get(fn, "description", "") or ""),
                    parameters=dict(_get(fn, "parameters") or {}),
                )
            )
        choice = optional_params.get("tool_choice")
        forced = _get(_get(choice, "function") or {}, "name") if isinstance(choice, dict) else None
        stage = (metadata or {}).get("stage")
        ctx = cls(stage=stage, messages=list(messages), tools=tools, forced_tool=forced)
        ctx.exchanges = ctx._collect_exchanges()
        return ctx

    def _collect_exchanges(self) -> list[ToolExchange]:
        pending: dict[str, tuple[str, dict[str, Any]]] = {}
        out: list[ToolExchange] = []
        for message in self.messages:
            role = _get(message, "role")
            if role == "assistant":
                for call in _get(message, "tool_calls") or []:
                    fn = _get(call, "function") or {}
                    args = _parse(_get(fn, "arguments") or "{}")
                    pending[str(_get(call, "id"))] = (
                        str(_get(fn, "name")),
                        args if isinstance(args, dict) else {},
                    )
            elif role == "tool":
                call_id = str(_get(message, "tool_call_id"))
                name, args = pending.pop(call_id, (str(_get(message, "name", "")), {}))
                reply = _text(_get(message, "content"))
                out.append(ToolExchange(call_id, name, args, _parse(reply), reply))
        return out

    def texts(self, role: str) -> list[str]:
        return [_text(_get(m, "content")) for m in self.messages if _get(m, "role") == role]

    def evidence(self, cls: type[E]) -> E | None:
        """The stage's typed evidence message (see `gateway.evidence`), validated."""
        from knowledge_index.gateway.evidence import read_evidence

        if cls not in self._evidence:
            self._evidence[cls] = read_evidence(self.texts("user"), cls)
        found: E | None = self._evidence[cls]
        return found

    @property
    def user_text(self) -> str:
        return "\n".join(self.texts("user"))

    @property
    def system_text(self) -> str:
        return "\n".join(self.texts("system"))

    @property
    def turn(self) -> int:
        return sum(1 for m in self.messages if _get(m, "role") == "assistant")

    def tool(self, name: str) -> OfferedTool | None:
        return next((t for t in self.tools if t.name == name), None)

    def answer_tool(self) -> OfferedTool | None:
        """The tool that ends the conversation: the forced one, else a submit-like tool."""
        if self.forced_tool:
            return self.tool(self.forced_tool)
        return next((t for t in self.tools if t.name.lower().startswith(ANSWER_PREFIXES)), None)

    def speaks(self, tools: frozenset[str], answer_field: str) -> bool:
        """Whether this request is the stage's own protocol: its tools are offered and
        `submit_result` has `answer_field` (another caller under the stage name is not)."""
        submit = self.tool("submit_result")
        offered = {t.name for t in self.tools}
        return submit is not None and answer_field in submit.properties and tools <= offered

    def calls_to(self, name: str) -> list[ToolExchange]:
        return [e for e in self.exchanges if e.name == name]

    def rejected_answers(self) -> int:
        """How many answers were sent back; an accepted one would have ended the conversation."""
        answer = self.answer_tool()
        if answer is None:
            return 0
        replied = len(self.calls_to(answer.name))
        # instructor re-asks with a user message instead of a tool reply.
        reasks = sum(
            1
            for m in self.messages
            if _get(m, "role") == "assistant"
            and any(
                _get(_get(c, "function") or {}, "name") == answer.name
                for c in _get(m, "tool_calls") or []
            )
        )
        return max(replied, reasks)
