"""Offline policy for classify_matter: a careful clerk with the same tools a model gets.

It reads the stage's typed evidence (never the prompt's prose): the candidates the file gives,
strongest origin first (a marker reference, the matter folder, another folder that begins with
a reference, a known matter's reference bare in the text, a known matter the content names by
title or parties), and walks them: a candidate found by `search_matters` is submitted; one that
is real evidence of a matter (`may_create`) and not found is created and submitted; anything
else is passed over. A bare reference counts only when it is the only known one in the file
(a deadline list naming four matters belongs to none), a content mention only when it is
strong and leads the next by a distinctive word or twice its score. With nothing left, a
title search must match the folder name, else it submits null and the stage falls back.
Deterministic: same request, same answer.
"""

from __future__ import annotations

from typing import ClassVar, Final

from knowledge_index.gateway.offline.context import Call, Decision, PolicyContext
from knowledge_index.gateway.offline.generic import GenericPolicy
from knowledge_index.gateway.offline.policy import Policy
from knowledge_index.stages.classify_matter.prompt import (
    STRONG_ORIGINS,
    ClassifyEvidence,
    ReferenceCandidate,
)

TITLE_MATCH_SCORE: Final = 20.0
CONTENT_MIN_SCORE: Final = 1.5  # e.g. one distinctive title word and one filed-document word
# The best content mention must lead the next by one distinctive title word's worth: two
# matters of one client share the client's words, and only what sets one apart decides.
CONTENT_MARGIN: Final = 1.0
# ... or be at least this many times the next: words of a matter's filed documents weigh by
# their share, so a clear leader can lead by less than one whole title word.
CONTENT_RATIO: Final = 2.0
LIST_MIN: Final = 3  # known matters named by reference that make a file a list of matters


def usable(refs: list[ReferenceCandidate]) -> list[ReferenceCandidate]:
    """The candidates worth acting on, in evidence order."""
    bare = [r for r in refs if r.origin in ("subject", "text") and r.known]
    content = [r for r in refs if r.origin == "content"]
    named = {r.key for r in refs if r.origin in ("marker", "subject", "text") and r.known}
    if len(named) >= LIST_MIN:
        # A deadline list or a status report names many matters and belongs to none of them.
        return [r for r in refs if r.origin in STRONG_ORIGINS - {"marker"}]
    out: list[ReferenceCandidate] = []
    for r in refs:
        if r.origin in STRONG_ORIGINS:
            out.append(r)
        elif r.origin in ("subject", "text"):
            if r.known and len(bare) == 1:
                out.append(r)
        elif r.origin == "content" and r is content[0] and len({b.key for b in bare}) < 2:
            # (A file that names two known matters by reference, a conflict check listing
            # both namesakes, is about both: what its content resembles picks neither.)
            runner_up = content[1].score if len(content) > 1 else 0.0
            leads = r.score - runner_up >= CONTENT_MARGIN or r.score >= CONTENT_RATIO * runner_up
            if r.score >= CONTENT_MIN_SCORE and leads:
                out.append(r)
    return out


class ClassifyMatterPolicy(Policy):
    name: ClassVar[str] = "classify_matter"
    signature_tools: ClassVar[frozenset[str]] = frozenset({"search_matters", "create_matter"})

    def decide(self, ctx: PolicyContext) -> Decision:
        evidence = ctx.evidence(ClassifyEvidence)
        if evidence is None or not ctx.speaks(self.signature_tools, "matter_id"):
            # Another caller under this stage name (e.g. a test's own schema): stay generic.
            return GenericPolicy().decide(ctx)
        refs = usable(
            [
                r
                for r in evidence.reference_candidates
                # A template resembles the matters it was made for: its content is no evidence.
                if not (evidence.template and r.origin == "content")
            ]
        )
        if ctx.rejected_answers():
            # The validator said no: the honest answer is "no matter", the stage falls back.
            return self._submit(None, "submission rejected; leaving it to the fallback")
        searched = {str(e.arguments.get("query")): e for e in ctx.calls_to("search_matters")}
        created = {
            str(e.arguments.get("reference_number")): e for e in ctx.calls_to("create_matter")
        }
        for ref in refs:
            exchange = searched.get(ref.reference)
            if exchange is None:
                return Decision(calls=(Call("search_matters", {"query": ref.reference}),))
            exact = [h for h in exchange.hits if h.get("reference_key") == ref.key]
            if exact:
                return self._submit(exact[0]["matter_id"], f"{ref.reference} ({ref.origin})")
            if not ref.may_create:
                continue  # a bare number or a mention of a matter nobody filed: not evidence
            made = created.get(ref.reference)
            if made is None:
                args = {"reference_number": ref.reference, "title": ref.folder_title}
                return Decision(calls=(Call("create_matter", args),))
            if not made.failed and isinstance(made.result, dict):
                return self._submit(made.result.get("matter_id"), f"created for {ref.origin}")
            # The strongest evidence could not be filed: do not refile under a weaker one.
            return self._submit(None, f"could not create {ref.reference}")
        return self._by_title(ctx, evidence.parent_folder_title)

    def _by_title(self, ctx: PolicyContext, query: str) -> Decision:
        if not query:
            return self._submit(None, "no reference and no folder to go by")
        done = [e for e in ctx.calls_to("search_matters") if e.arguments.get("query") == query]
        if not done:
            return Decision(calls=(Call("search_matters", {"query": query}),))
        hits = [h for h in done[0].hits if "title" in (h.get("matched_on") or [])]
        if hits and float(hits[0].get("score", 0)) >= TITLE_MATCH_SCORE:
            return self._submit(hits[0]["matter_id"], f"folder name matches title {query!r}")
        return self._submit(None, "no reference; no matter title matches the folder")

    @staticmethod
    def _submit(matter_id: str | None, why: str) -> Decision:
        return Decision(calls=(Call("submit_result", {"matter_id": matter_id, "rationale": why}),))
