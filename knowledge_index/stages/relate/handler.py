"""relate: document identity, version order, typed relations and e-mail threads.

Deterministic signals (exact hash, MinHash neighbours, filename family, tracked-changes lineage,
textual cues) are computed first and handed to the model as evidence; the model opens the
candidates with `open_file` and submits a decision naming only refs it opened. No transaction
or lock is open during model calls; `relations.materialize` then locks, re-validates and writes.
"""

from __future__ import annotations

import time
from typing import Any, Final

from knowledge_index.errors import RetryableStageError
from knowledge_index.gateway import AgentLoop, AgentResult, Tool
from knowledge_index.ledger.store import reopen_stage, revoke_claims
from knowledge_index.matters.store import assignment_of
from knowledge_index.relations import candidates, corpus, epochs
from knowledge_index.relations.candidates import Signals
from knowledge_index.relations.materialize import (
    Decision,
    Expected,
    Link,
    materialize,
    revalidate,
)
from knowledge_index.relations.store import sign_unsigned_matter_files
from knowledge_index.stages.base import StageContext, StageOutcome, converted_document
from knowledge_index.stages.model import batch_gateway
from knowledge_index.stages.relate import tools
from knowledge_index.stages.relate.prompt import build_evidence, messages
from knowledge_index.stages.relate.result import RelateResult, make_validator

STAGE: Final = "relate"


def _tools(ctx: StageContext) -> list[Tool]:
    engine, source, readiness = ctx.engine, ctx.source_object.source_id, ctx.readiness
    if readiness is None:
        raise RuntimeError("relate opens neighbours: its stage context needs a readiness service")
    return [
        Tool(
            "list_folder",
            "List a folder: subfolders with file counts and files. / is the source root.",
            tools.ListFolderArgs,
            lambda a: tools.list_folder(engine, source, a.path, ctx.batch_cache),
        ),
        Tool(
            "search_documents",
            "Search converted documents by title, filename and text. Returns {results, page};"
            " page.total is exact and offset walks the same ranking.",
            tools.SearchDocumentsArgs,
            lambda a: tools.search_documents(engine, source, a.query, a.limit, a.offset),
        ),
        Tool(
            "open_file",
            "Read a file's converted text (pageable: has_more/next_offset) with its tracked-"
            "changes digest and e-mail headers. Returns the ref to submit. A file not converted"
            " yet is converted first within a time budget; otherwise status says why not"
            " (busy, in_progress, pending, quarantined, no_text, not_found).",
            tools.OpenFileArgs,
            lambda a: tools.open_file(
                engine, readiness, source, a.path, a.offset, a.max_chars, ctx.batch_cache
            ),
        ),
    ]


def decide(
    ctx: StageContext, body: dict[str, Any], assignment: dict[str, Any], signals: Signals
) -> AgentResult[RelateResult]:
    """The model call: no transaction or lock is open while this runs."""
    loop = AgentLoop(
        batch_gateway(ctx),
        STAGE,
        _tools(ctx),
        RelateResult,
        make_validator(ctx.source_object.id),
        max_turns=16,
    )
    evidence = build_evidence(ctx, body, assignment, signals)
    return loop.run(messages(evidence), source_object_id=ctx.source_object.id)


def _opened_paths(agent: AgentResult[RelateResult]) -> dict[str, str]:
    out = {}
    for record in agent.tool_calls:
        if (
            record.name == "open_file"
            and isinstance(record.result, dict)
            and record.result.get("ref")
        ):
            out[str(record.result["ref"])] = str(record.result.get("path"))
    return out


def to_decision(agent: AgentResult[RelateResult], signals: Signals) -> Decision:
    result = agent.result
    paths = _opened_paths(agent)

    def kinds(ref: str | None) -> list[str]:
        c = signals.candidate(paths.get(ref or "", "")) if ref else None
        return c.kinds if c else []

    same_kinds = kinds(result.same_as_ref)
    if result.identity == "duplicate" and "exact_duplicate" in same_kinds:
        method = "hash"
    elif result.identity == "near_duplicate" and "near_duplicate" in same_kinds:
        method = "minhash"
    elif result.redline_against_ref and result.redline_against_ref == result.same_as_ref:
        method = "tracked_changes"
    elif "same_family" in same_kinds:
        method = "filename"
    else:
        method = "model"
    if result.version_label:
        label, source = result.version_label, "model"
    elif signals.filename_label:
        label, source = signals.filename_label, "filename"
    else:
        label, source = signals.content_label, "content" if signals.content_label else None
    return Decision(
        identity=result.identity,
        same_as=result.same_as_ref,
        redline_against=result.redline_against_ref,
        label=label,
        label_source=source,
        follows=list(result.follows_refs),
        identity_method=method,
        links=[
            Link(
                relation=x.relation,
                target_id=x.target_ref,
                confidence=x.confidence,
                method="model",
                evidence={"quote": x.evidence, "kinds": kinds(x.target_ref)},
            )
            for x in result.relations
        ],
    )


# Decisions lost to a concurrent neighbour's write before the attempt fails (and is retried
# later like any retryable failure): a matter has few writers at once, so this is rare.
STALE_DECISIONS_PER_ATTEMPT: Final = 4


def relate(ctx: StageContext) -> StageOutcome:
    obj = ctx.source_object
    body = converted_document(ctx)
    with ctx.engine.connect() as conn:
        assignment = assignment_of(conn, obj.id)
    if assignment is None:
        raise RetryableStageError("no matter assignment yet: classify_matter has not run")
    with ctx.engine.begin() as conn:
        sign_unsigned_matter_files(conn, assignment["matter_id"])
    for redo in range(STALE_DECISIONS_PER_ATTEMPT):
        try:
            return _relate_once(ctx, body, assignment, redo)
        except epochs.StaleDecision:
            if redo == STALE_DECISIONS_PER_ATTEMPT - 1:
                raise
    raise AssertionError("unreachable")


def _relate_once(
    ctx: StageContext, body: dict[str, Any], assignment: dict[str, Any], redo: int
) -> StageOutcome:
    obj = ctx.source_object
    expected = Expected(
        source_object_id=obj.id,
        path=obj.path,
        content_hash=obj.content_hash,
        matter_id=assignment["matter_id"],
        attempts=ctx.attempt,
    )
    with ctx.engine.connect() as conn:
        # A claim taken back since (a neighbour joined the matter after it was claimed, see
        # reopen_blind_neighbours) is given up here, not after a model call nobody may write.
        revalidate(conn, expected)
        # Before any neighbour is read: a write into the matter after this point makes the
        # decision below stale (relations/epochs.py).
        expected.epoch = epochs.current(conn, assignment["matter_id"])
        signals = candidates.compute(
            conn,
            source_object_id=obj.id,
            source_id=obj.source_id,
            path=obj.path,
            content_hash=obj.content_hash,
            matter_id=assignment["matter_id"],
            body=body,
            cache=ctx.batch_cache if redo == 0 else None,
        )
    started = time.monotonic()
    agent = decide(ctx, body, assignment, signals)
    model_seconds = time.monotonic() - started
    decision = to_decision(agent, signals)
    version = ctx.settings.producer_version(STAGE)
    provenance = {**agent.provenance(version), "cues": len(signals.cues)}
    stats = materialize(
        ctx.engine,
        expected,
        decision,
        body=body,
        signature=signals.signature,
        provenance=provenance,
        producer_version=version,
    )
    reopened = reopen_blind_neighbours(ctx, assignment["matter_id"], signals)
    return StageOutcome(
        "done",
        metadata={
            **stats,
            "reopened": len(reopened),
            "redecided": redo,
            "identity": decision.identity,
            "trace_id": agent.trace_id,
            "turns": agent.turns,
            "model_seconds": round(model_seconds, 4),
        },
    )


def reopen_blind_neighbours(ctx: StageContext, matter_id: str, signals: Signals) -> list[str]:
    """Files that related before this one existed in the matter decide again now that it does.

    Which copy is the original, which version a redline was made against, which letter a
    reply answers: each is decided by the file that sees both. Without this, a file related
    early (conversion runs in parallel) keeps a decision made without its neighbour, and the
    answer depends on the order files happened to arrive in. That includes files whose relate
    is still running but was claimed before this one joined the matter: their claim is
    revoked, since a running row is not reopened and would settle on what it read.
    """
    obj = ctx.source_object
    with ctx.engine.connect() as conn:
        paths = {c.path for c in signals.candidates}
        ids = [
            d.id for d in corpus.documents_at(conn, obj.source_id, sorted(paths)) if d.id != obj.id
        ]
    with ctx.engine.begin() as conn:
        visible = corpus.visible_since(conn, obj.id)
        if visible is None:
            return []
        blind = corpus.related_before_visible(conn, obj.id, matter_id, ids, visible)
        # Running first: a row that settles in between is then reopened as done. A running
        # row is not reopened (its settle would keep what it read without this file).
        revoked = revoke_claims(conn, blind, STAGE, claimed_before=visible)
        return sorted(revoked + reopen_stage(conn, blind, STAGE))


def relate_handler(ctx: StageContext) -> StageOutcome:
    return relate(ctx)
