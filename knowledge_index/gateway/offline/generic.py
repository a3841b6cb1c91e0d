"""The generic evidence policy: search, look closer, then submit only what the tools showed.

Per conversation it (a) calls every search-like tool once with the best query the prompt yields
(identifiers first, then salient title/folder words; one retry with the next query when a search
came back empty), (b) opens the top candidate with each peek/open-like tool, (c) submits the
result schema filled from the best-scoring candidate. A rejected submission moves on to the next
candidate; when none is left, or none fitted, it submits the schema's "none" option. Tools that
change state (create_*, anything not search- or peek-like) are never called by this policy.
"""

from __future__ import annotations

import json
import re
from typing import Any, ClassVar, Final

from knowledge_index.gateway.offline.context import (
    Call,
    Decision,
    OfferedTool,
    PolicyContext,
    ToolExchange,
)
from knowledge_index.gateway.offline.evidence import (
    Candidate,
    Queries,
    collect_candidates,
    fitting,
    ranked,
)
from knowledge_index.gateway.offline.policy import Policy
from knowledge_index.gateway.offline.schema_fill import Evidence, fill_object, is_id_name

SEARCH_NAMES: Final = re.compile(r"search|find|lookup|query|list|browse", re.I)
PEEK_NAMES: Final = re.compile(r"peek|open|get|read|show|inspect|fetch|view|describe", re.I)
QUERY_PARAMS: Final = re.compile(r"^(query|q|text|term|terms|keywords?|search|name|title)$", re.I)
FOLDER_PARAMS: Final = re.compile(r"^(path|folder|dir|directory)$", re.I)
PROMPT_FOLDER: Final = re.compile(r"^\s*(?:parent )?(?:folder|path)\s*:\s*(.+)$", re.I | re.M)
MAX_QUERIES_PER_TOOL: Final = 2


class GenericPolicy(Policy):
    """Subclass and override the hooks (`queries`, `search_tools`, `peek_tools`, `choose`,
    `build_result`) to make a stage policy; see the package docstring."""

    name: ClassVar[str] = "generic"

    def decide(self, ctx: PolicyContext) -> Decision:
        answer = ctx.answer_tool()
        queries = self.queries(ctx)
        if answer is not None and ctx.forced_tool:
            # Structured-output callers (instructor) force the answer tool: no browsing.
            return self._submit(ctx, answer, queries)
        for tool in self.search_tools(ctx):
            call = self._next_search(ctx, tool, queries)
            if call is not None:
                return Decision(calls=(call,))
        top = self._candidates(ctx, queries)
        if top:
            for tool in self.peek_tools(ctx):
                call = self._peek(ctx, tool, top[0])
                if call is not None:
                    return Decision(calls=(call,))
        if answer is None:
            best = top[0] if top else None
            return Decision(content=f"Best evidence: {best.fields}" if best else "No evidence.")
        return self._submit(ctx, answer, queries)

    # Hooks a stage policy overrides.

    def queries(self, ctx: PolicyContext) -> Queries:
        return Queries.from_text(ctx.user_text)

    def search_tools(self, ctx: PolicyContext) -> list[OfferedTool]:
        answer = ctx.answer_tool()
        return [t for t in ctx.tools if t is not answer and SEARCH_NAMES.search(t.name)]

    def peek_tools(self, ctx: PolicyContext) -> list[OfferedTool]:
        answer, searches = ctx.answer_tool(), self.search_tools(ctx)
        return [
            t
            for t in ctx.tools
            if t is not answer and t not in searches and PEEK_NAMES.search(t.name)
        ]

    def evidence_exchanges(self, ctx: PolicyContext) -> list[ToolExchange]:
        answer = ctx.answer_tool()
        return [e for e in ctx.exchanges if answer is None or e.name != answer.name]

    def choose(self, ctx: PolicyContext, candidates: list[Candidate]) -> Candidate | None:
        """The candidate to submit: the best fitting one not already rejected."""
        usable = fitting(candidates)
        rejected = ctx.rejected_answers()
        return usable[rejected] if rejected < len(usable) else None

    def build_result(
        self, ctx: PolicyContext, answer: OfferedTool, evidence: Evidence
    ) -> dict[str, Any]:
        return fill_object(answer.parameters, evidence, answer.parameters.get("$defs") or {})

    # Mechanics.

    def _candidates(self, ctx: PolicyContext, queries: Queries) -> list[Candidate]:
        return ranked(collect_candidates(self.evidence_exchanges(ctx)), queries)

    def _submit(self, ctx: PolicyContext, answer: OfferedTool, queries: Queries) -> Decision:
        candidates = self._candidates(ctx, queries)
        used = [str(e.arguments.get(k)) for e in ctx.exchanges for k in e.arguments]
        evidence = Evidence(
            best=self.choose(ctx, candidates),
            queries=queries,
            prompt=ctx.user_text,
            query_used=next((q for q in queries.candidates() if q in used), None),
        )
        return Decision(calls=(Call(answer.name, self.build_result(ctx, answer, evidence)),))

    def _next_search(self, ctx: PolicyContext, tool: OfferedTool, queries: Queries) -> Call | None:
        done = ctx.calls_to(tool.name)
        query_param = next((p for p in tool.properties if QUERY_PARAMS.match(p)), None)
        if query_param is None:
            return None if done else self._call(ctx, tool, {})
        options = queries.candidates()
        if len(done) >= min(MAX_QUERIES_PER_TOOL, len(options)):
            return None
        if done and _found_something(done[-1]):
            return None
        return self._call(ctx, tool, {query_param: options[len(done)]})

    def _peek(self, ctx: PolicyContext, tool: OfferedTool, top: Candidate) -> Call | None:
        args: dict[str, Any] = {}
        for param in tool.required or list(tool.properties)[:1]:
            value = top.id_value(param) if is_id_name(param) or FOLDER_PARAMS.match(param) else None
            if value is None:
                return None
            args[param] = value
        call = self._call(ctx, tool, args)
        if call is None or any(e.arguments == call.arguments for e in ctx.calls_to(tool.name)):
            return None
        return call

    def _call(self, ctx: PolicyContext, tool: OfferedTool, args: dict[str, Any]) -> Call | None:
        """Complete `args` with every other required parameter, or None when one cannot be."""
        for param in tool.required:
            if param in args:
                continue
            schema = tool.properties.get(param) or {}
            if FOLDER_PARAMS.match(param):
                args[param] = _prompt_folder(ctx.user_text)
            elif "default" in schema:
                args[param] = schema["default"]
            elif schema.get("type") == "integer":
                args[param] = 10
            else:
                return None
        return Call(tool.name, args)


def _found_something(exchange: ToolExchange) -> bool:
    if exchange.failed:
        return False
    return bool(collect_candidates([exchange]))


def _prompt_folder(text: str) -> str:
    match = PROMPT_FOLDER.search(text)
    if not match:
        return "/"
    value = match.group(1).strip()
    # A file path names its folder by everything before the last separator.
    return value.rsplit("/", 1)[0] or "/" if "." in value.rsplit("/", 1)[-1] else value


def dumps(arguments: dict[str, Any]) -> str:
    return json.dumps(arguments, ensure_ascii=False, sort_keys=True, default=str)
