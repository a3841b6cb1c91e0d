"""Offline policy for classify_matter: a careful clerk with the same tools a model gets.

It reads the stage's typed evidence (never the prompt's prose): the matter references the file
gives, strongest first (a reference the document names explicitly, then the matter folder, then
a bare number in the text), and searches for them.
An exact reference hit is submitted; otherwise the strongest reference is created (get-or-create)
and submitted; with no reference at all, a title search must match the folder name, else it
submits null and the stage falls back. Deterministic: same request, same answer.
"""

from __future__ import annotations

from typing import Any, ClassVar, Final

from knowledge_index.gateway.offline.context import Call, Decision, PolicyContext, ToolExchange
from knowledge_index.gateway.offline.generic import GenericPolicy
from knowledge_index.gateway.offline.policy import Policy
from knowledge_index.matters.references import reference_key
from knowledge_index.stages.classify_matter.prompt import ClassifyEvidence, ReferenceCandidate

TITLE_MATCH_SCORE: Final = 20.0


def _hits(exchange: ToolExchange) -> list[dict[str, Any]]:
    if exchange.failed or not isinstance(exchange.result, dict):
        return []
    return [h for h in exchange.result.get("results") or [] if isinstance(h, dict)]


class ClassifyMatterPolicy(Policy):
    name: ClassVar[str] = "classify_matter"
    signature_tools: ClassVar[frozenset[str]] = frozenset({"search_matters", "create_matter"})

    def decide(self, ctx: PolicyContext) -> Decision:
        evidence = ctx.evidence(ClassifyEvidence)
        if evidence is None or not _speaks_our_protocol(ctx, self.signature_tools, "matter_id"):
            # Another caller under this stage name (e.g. a test's own schema): stay generic.
            return GenericPolicy().decide(ctx)
        refs = evidence.reference_candidates
        if ctx.rejected_answers():
            # The validator said no: the honest answer is "no matter", the stage falls back.
            return self._submit(None, "submission rejected; leaving it to the fallback")
        searched = {str(e.arguments.get("query")): e for e in ctx.calls_to("search_matters")}
        if refs:
            # The strongest reference decides: found, it is submitted; missing, it is created.
            # Falling back to a weaker one (the folder) would refile a misfiled document.
            best = refs[0]
            exchange = searched.get(best.reference)
            if exchange is None:
                return Decision(calls=(Call("search_matters", {"query": best.reference}),))
            exact = [h for h in _hits(exchange) if _same_reference(h, best)]
            if exact:
                return self._submit(
                    exact[0]["matter_id"], f"reference {best.reference} ({best.origin})"
                )
            created = [e for e in ctx.calls_to("create_matter") if not e.failed]
            if created and isinstance(created[-1].result, dict):
                return self._submit(
                    created[-1].result.get("matter_id"), "created for its reference"
                )
            if not ctx.calls_to("create_matter"):
                args = {"reference_number": best.reference, "title": best.folder_title}
                return Decision(calls=(Call("create_matter", args),))
        return self._by_title(ctx, evidence.parent_folder_title)

    def _by_title(self, ctx: PolicyContext, query: str) -> Decision:
        if not query:
            return self._submit(None, "no reference and no folder to go by")
        done = [e for e in ctx.calls_to("search_matters") if e.arguments.get("query") == query]
        if not done:
            return Decision(calls=(Call("search_matters", {"query": query}),))
        hits = [h for h in _hits(done[0]) if "title" in (h.get("matched_on") or [])]
        if hits and float(hits[0].get("score", 0)) >= TITLE_MATCH_SCORE:
            return self._submit(hits[0]["matter_id"], f"folder name matches title {query!r}")
        return self._submit(None, "no reference; no matter title matches the folder")

    @staticmethod
    def _submit(matter_id: str | None, why: str) -> Decision:
        return Decision(calls=(Call("submit_result", {"matter_id": matter_id, "rationale": why}),))


def _same_reference(hit: dict[str, Any], ref: ReferenceCandidate) -> bool:
    return reference_key(str(hit.get("reference_number", ""))) == ref.key


def _speaks_our_protocol(ctx: PolicyContext, tools: frozenset[str], field: str) -> bool:
    submit = ctx.tool("submit_result")
    offered = {t.name for t in ctx.tools}
    return submit is not None and field in submit.properties and tools <= offered
