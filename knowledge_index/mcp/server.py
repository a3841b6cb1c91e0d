"""The FastMCP server: tools from pydantic models, identity, audit, error masking.

Tools are `ModelTool`s rather than decorated functions so the published input schema is exactly
the input model (flat arguments, unknown fields rejected) and validation errors are worded here,
without echoing input values back. Every call is audited, failed ones included; if the audit row
cannot be written the call fails, because an unaudited answer is worse than none.
"""

from __future__ import annotations

import hashlib
import hmac
import logging
import secrets
import time
from typing import Any

import anyio
from fastmcp import FastMCP
from fastmcp.exceptions import ToolError
from fastmcp.tools.base import Tool, ToolResult
from fastmcp.utilities.json_schema import compress_schema
from mcp_types import ToolAnnotations
from pydantic import PrivateAttr, ValidationError
from sqlalchemy import Engine

from knowledge_index.mcp.audit import fingerprint, write_audit
from knowledge_index.mcp.config import McpSettings, audit_key
from knowledge_index.mcp.cursor import CursorCodec
from knowledge_index.mcp.identity import IdentityResolver, NotAuthenticated
from knowledge_index.mcp.resource import build_auth
from knowledge_index.mcp.tools import TOOLS, ToolContext, ToolFailure, ToolSpec
from knowledge_index.mcp.visibility import caller_principals
from knowledge_index.retrieval.search_index import IndexMismatchError
from knowledge_index.settings import Settings

log = logging.getLogger("knowledge_index.mcp")

INSTRUCTIONS = (
    "Knowledge Index: a law firm's documents. Compose the tools: preview_search_scope and "
    "search_filter for metadata, search_semantic for passages, search_documents for documents "
    "with their best passages, get_document for one document, "
    "traverse for relations. Everything you receive is limited to what the caller may see, and "
    "every row cites matter, document, version, source object, connector and path."
)


def describe_validation(exc: ValidationError) -> str:
    """`field: problem` per error, never the offending value (it may be a pasted secret)."""
    parts = []
    for err in exc.errors(include_url=False, include_context=False, include_input=False):
        loc = ".".join(str(p) for p in err["loc"]) or "arguments"
        msg = err["msg"]
        if err["type"] == "extra_forbidden":
            msg = "unknown argument"
        parts.append(f"{loc}: {msg}")
    return "invalid arguments: " + "; ".join(parts)


class Runtime:
    """What every call needs: database, settings, identity, keys."""

    def __init__(
        self, engine: Engine, settings: Settings, mcp: McpSettings, identity: IdentityResolver
    ) -> None:
        self.engine = engine
        self.settings = settings
        self.mcp = mcp
        self.identity = identity
        self.audit_key = audit_key(mcp, settings.home)
        # Derived, so one secret serves both purposes yet a cursor tag is not a fingerprint.
        cursor_key = hmac.new(self.audit_key, b"ki-mcp-cursor-v1", hashlib.sha256).digest()
        self.codec = CursorCodec(cursor_key)

    async def call(self, spec: ToolSpec, arguments: dict[str, Any]) -> ToolResult:
        started = time.perf_counter()
        try:
            caller = self.identity.current()
        except NotAuthenticated:
            raise ToolError("not authenticated") from None
        # The query's fingerprint ignores paging so every page of one query correlates.
        query_args = {k: v for k, v in arguments.items() if k not in ("cursor", "limit")}
        query_fp = fingerprint(self.audit_key, query_args)
        output = None
        error: str | None = None
        message = ""
        try:
            try:
                inp = spec.input_model.model_validate(arguments)
            except ValidationError as exc:
                raise _InvalidArguments(describe_validation(exc)) from None
            query_args = inp.model_dump(mode="json", exclude={"cursor", "limit"})
            query_fp = fingerprint(self.audit_key, query_args)
            principals = caller_principals(caller.principals)
            ctx = ToolContext(
                engine=self.engine,
                settings=self.settings,
                mcp=self.mcp,
                principals=principals,
                codec=self.codec,
                # Cursors are bound to the query and the identity: replaying one elsewhere fails.
                cursor_fingerprint=fingerprint(
                    self.audit_key, {"q": query_args, "who": principals}
                )[:32],
                tool=spec.name,
            )
            output = await anyio.to_thread.run_sync(spec.handler, ctx, inp)
        except ToolFailure as exc:
            error, message = exc.code, str(exc)
        except IndexMismatchError as exc:
            # An operator's state (a changed model, an index mid-migration), not a bug: the
            # caller gets the reason, as `ki search` does.
            error, message = "index_unavailable", f"the search index cannot answer: {exc}"
        except Exception as exc:
            ref = secrets.token_hex(4)
            log.exception("tool %s failed (ref %s)", spec.name, ref)
            error, message = type(exc).__name__, f"internal error (ref {ref}); see the server log"
        try:
            await anyio.to_thread.run_sync(
                lambda: write_audit(
                    self.engine,
                    principal=caller.principal,
                    principals=caller.principals,
                    transport=caller.transport,
                    tool=spec.name,
                    ok=error is None,
                    error_class=error,
                    result_count=spec.count(output) if output is not None else None,
                    query_fingerprint=query_fp,
                    duration_ms=(time.perf_counter() - started) * 1000,
                )
            )
        except Exception:
            log.exception("audit write failed for %s", spec.name)
            raise ToolError("the audit log is unavailable; the call was refused") from None
        if error is not None:
            raise ToolError(message)
        assert output is not None
        return ToolResult(structured_content=output.model_dump(mode="json", by_alias=True))


class _InvalidArguments(ToolFailure):
    code = "invalid_arguments"


class ModelTool(Tool):
    """A tool whose schemas are its pydantic models and whose body goes through the Runtime."""

    _spec: ToolSpec = PrivateAttr()
    _runtime: Runtime = PrivateAttr()

    @classmethod
    def create(cls, spec: ToolSpec, runtime: Runtime) -> ModelTool:
        tool = cls(
            name=spec.name,
            description=spec.description,
            parameters=compress_schema(spec.input_model.model_json_schema(), prune_titles=True),
            output_schema=compress_schema(
                spec.output_model.model_json_schema(mode="serialization", by_alias=True),
                prune_titles=True,
            ),
            annotations=ToolAnnotations(
                read_only_hint=True,
                destructive_hint=False,
                idempotent_hint=True,
                open_world_hint=False,
            ),
        )
        tool._spec = spec
        tool._runtime = runtime
        return tool

    async def run(self, arguments: dict[str, Any]) -> ToolResult:
        return await self._runtime.call(self._spec, arguments)


def build_server(
    engine: Engine,
    settings: Settings,
    mcp: McpSettings,
    transport: str,
    base_url: str | None = None,
) -> FastMCP:
    """`transport` is 'stdio', 'http' or 'memory' (in-process clients, configured principals);
    over HTTP, `base_url` is this server's address for the OAuth resource metadata."""
    identity = IdentityResolver(mcp, "http" if transport == "http" else transport)
    auth = build_auth(mcp, base_url) if transport == "http" else None
    server = FastMCP(
        "knowledge-index",
        instructions=INSTRUCTIONS,
        auth=auth,
        mask_error_details=True,
    )
    runtime = Runtime(engine, settings, mcp, identity)
    for spec in TOOLS:
        server.add_tool(ModelTool.create(spec, runtime))
    return server
