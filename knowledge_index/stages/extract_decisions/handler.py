"""extract_decisions: negotiation decisions read from a redline's tracked changes and comments.

Evidence: the structured_json revisions grouped by paragraph with the comments anchored there
(`knowledge_index.decisions.evidence`). No revisions -> skipped `no_revision_evidence`; only
editorial changes (whitespace, punctuation, numbering, typo-level, moves) without an explaining
comment -> skipped `no_decision_evidence`. Otherwise one structured call (`Gateway.structured`)
returns DecisionRecords: locus, change summary, a topic (what) and a rationale category (why)
from the two taxonomies in force (shipped, extended by the firm's files; near misses are
corrected, anything else is rejected and re-asked; still invalid -> ModelOutputInvalid),
change type, rationale text and generalizability. What the tracked changes say is not left to
the model: a decision citing loci is stored with their clause reference (when the document
numbers its clauses) and the change type their changes make, and with `unstated` as its
rationale when none of them carries a comment.

Names never reach the model or the table: the evidence is pseudonymized before the call (firm,
the document's parties, revision/comment authors, titled persons -> [FIRM], [PARTY_A],
[PERSON_1]) and the answer is passed through the same pseudonymizer again before it is stored.

Version pair: `against_source_object_id` is the `document_versions.redline_against` relate
recorded for this file (NULL, and said so in provenance, when relate recorded none); the current
side is this file's content hash. Idempotent: when records for this file's content hash and the
current producer version exist, the stage is a no-op without a model call; a new producer version
(another model, a rerun token) replaces them. Records of the file's earlier content are removed
when it is processed again: a decision cites the bytes the file holds now.
"""

from __future__ import annotations

import json
import time
import uuid
from email.utils import parseaddr
from typing import Any, Final

from sqlalchemy import Connection, text

from knowledge_index.decisions.evidence import (
    NO_DECISION_EVIDENCE,
    DecisionEvidence,
    Locus,
    collect,
    people,
)
from knowledge_index.decisions.pseudonymize import Pseudonymizer
from knowledge_index.decisions.sides import address_tokens, author_sides, person_token
from knowledge_index.decisions.taxonomy import active_taxonomies
from knowledge_index.ledger.store import reopen_stage
from knowledge_index.stages.base import StageContext, StageOutcome, converted_document
from knowledge_index.stages.extract_decisions.prompt import messages, redline_evidence
from knowledge_index.stages.extract_decisions.result import DecisionRecord, extraction_model
from knowledge_index.stages.model import batch_gateway

STAGE: Final = "extract_decisions"
ROLE_ORDER: Final = {"client": 0, "counterparty": 1, "other": 2, "advisor": 3}


# -- inputs -----------------------------------------------------------------------------------


def _existing(conn: Connection, source_object_id: str, content_hash: str) -> dict[str, Any]:
    """The file's decisions of this content (count, versions) and of any content (`any`)."""
    row = conn.execute(
        text(
            "SELECT count(*) FILTER (WHERE content_hash = :h) AS n,"
            " array_agg(DISTINCT producer_version) FILTER (WHERE content_hash = :h) AS versions,"
            " count(*) AS total FROM decisions WHERE source_object_id = :o"
        ),
        {"o": source_object_id, "h": content_hash},
    ).one()
    return {
        "n": int(row.n),
        "versions": [v for v in (row.versions or []) if v is not None],
        "any": int(row.total) > 0,
    }


def redline_against(conn: Connection, source_object_id: str) -> str | None:
    return conn.execute(
        text("SELECT redline_against FROM document_versions WHERE source_object_id = :o"),
        {"o": source_object_id},
    ).scalar()


def _parties(conn: Connection, source_object_id: str) -> list[tuple[str, list[str]]]:
    rows = conn.execute(
        text(
            "SELECT e.name, e.aliases, p.role, p.mention FROM document_parties p"
            " JOIN entities e ON e.id = p.entity_id WHERE p.source_object_id = :o"
        ),
        {"o": source_object_id},
    ).all()
    rows = sorted(rows, key=lambda r: (ROLE_ORDER.get(r.role, 9), r.name))
    return [(r.name, [*(r.aliases or []), *([r.mention] if r.mention else [])]) for r in rows]


def _client_names(conn: Connection, source_object_id: str) -> list[str]:
    return list(
        conn.execute(
            text(
                "SELECT e.name FROM document_parties p JOIN entities e ON e.id = p.entity_id"
                " WHERE p.source_object_id = :o AND p.role = 'client'"
            ),
            {"o": source_object_id},
        ).scalars()
    )


def display_names(addresses: list[str]) -> list[str]:
    """The people on the matter's e-mails by name: whom a redline's comments talk about."""
    names = []
    for addr in addresses:
        name = parseaddr(addr)[0].strip().strip('"')
        if name and "@" not in name and len(name.split()) >= 2:
            names.append(name)
    return sorted(set(names))


def matter_addresses(conn: Connection, source_object_id: str) -> list[str]:
    """Every sender and recipient on the matter's e-mails, as written ("Name <address>")."""
    rows = conn.execute(
        text(
            "SELECT DISTINCT x.addr FROM matter_assignments mine"
            " JOIN matter_assignments a ON a.matter_id = mine.matter_id"
            " JOIN source_objects o ON o.id = a.source_object_id AND o.deleted_at IS NULL"
            " JOIN artifacts art ON art.kind = 'structured_json'"
            "  AND art.content_hash = o.content_hash AND art.body ? 'email'"
            " CROSS JOIN LATERAL jsonb_array_elements_text("
            "  COALESCE(art.body->'email'->'from_', art.body->'email'->'from', '[]')"
            "  || COALESCE(art.body->'email'->'to', '[]')"
            "  || COALESCE(art.body->'email'->'cc', '[]')) AS x(addr)"
            " WHERE mine.source_object_id = :o"
        ),
        {"o": source_object_id},
    ).scalars()
    return sorted(set(rows))


def pseudonymizer_for(
    ctx: StageContext, evidence: DecisionEvidence, addresses: list[str]
) -> Pseudonymizer:
    """`addresses`: the matter's e-mail addresses (`matter_addresses`)."""
    firm = ctx.settings.firm
    with ctx.engine.connect() as conn:
        parties = _parties(conn, ctx.source_object.id)
    pseudo = Pseudonymizer(
        firm_names=[n for n in [firm.name, *firm.aliases] if n],
        parties=parties,
        persons=[*people(evidence), *display_names(addresses)],
    )
    texts: list[str] = []
    for locus in evidence.loci:
        texts += [locus.paragraph, *locus.inserted, *locus.deleted, *locus.moved]
        texts += [c.text for c in locus.comments]
    texts += [c.text for c in evidence.document_comments]
    pseudo.learn(texts)
    return pseudo


# -- the stage --------------------------------------------------------------------------------


def extract(ctx: StageContext) -> StageOutcome:
    obj = ctx.source_object
    version = ctx.settings.producer_version(STAGE)
    body = converted_document(ctx)  # raises retryable without content hash or artifact
    content_hash = obj.content_hash or ""
    with ctx.engine.connect() as conn:
        existing = _existing(conn, obj.id, content_hash)
    if existing["n"] and existing["versions"] == [version]:
        # The decisions stand; the version they were made against is relate's, and relate may
        # have learnt it since (the base arrived after the redline): no model call for that.
        with ctx.engine.begin() as conn:
            against = redline_against(conn, obj.id)
            conn.execute(
                text(
                    "UPDATE decisions SET against_source_object_id = :a"
                    " WHERE source_object_id = :o AND content_hash = :h"
                    " AND against_source_object_id IS DISTINCT FROM :a"
                ),
                {"a": against, "o": obj.id, "h": content_hash},
            )
        return StageOutcome(
            "done",
            metadata={"decisions": existing["n"], "already_extracted": True, "model_calls": 0},
        )
    if body.get("email"):
        with ctx.engine.begin() as conn:
            reopen_unplaced(conn, obj.id, body["email"])
    evidence = collect(body)
    reason = evidence.skip_reason
    if reason is not None:
        if existing["any"]:  # most files never had a decision: nothing to delete, no commit
            _clear(ctx)
        return StageOutcome("skipped", reason=reason, metadata=evidence.summary())
    with ctx.engine.connect() as conn:
        addresses = matter_addresses(conn, obj.id)
    pseudo = pseudonymizer_for(ctx, evidence, addresses)
    firm = ctx.settings.firm
    taxonomies = active_taxonomies(firm.topic_taxonomy_path, firm.rationale_taxonomy_path)
    sides = author_sides(people(evidence), addresses, [firm.name, *firm.aliases])
    with ctx.engine.connect() as conn:
        placeholders = (pseudo.party_placeholder(n) for n in _client_names(conn, obj.id))
        clients = frozenset(p for p in placeholders if p is not None)
    gateway = batch_gateway(ctx)
    trace_id = uuid.uuid4().hex
    started = time.monotonic()
    answer = gateway.structured(
        STAGE,
        messages(
            taxonomies,
            redline_evidence(ctx, evidence, pseudo, taxonomies, clients, sides),
        ),
        extraction_model(taxonomies),
        source_object_id=obj.id,
        trace_id=trace_id,
    )
    model_seconds = time.monotonic() - started
    if not answer.decisions:
        _clear(ctx)
        return StageOutcome(
            "skipped",
            reason=NO_DECISION_EVIDENCE,
            metadata={**evidence.summary(), "model_found_none": True, "trace_id": trace_id},
        )
    loci = {locus.locus_id: locus for locus in evidence.substantive}
    with ctx.engine.connect() as conn:
        against = redline_against(conn, obj.id)
    provenance = {
        "trace_id": trace_id,
        "model": gateway.model_for(STAGE),
        "producer_version": version,
        "taxonomies": {
            "topic": taxonomies.topic.fingerprint,
            "rationale_category": taxonomies.rationale.fingerprint,
        },
        "redline_against": "relate" if against else "not_recorded_by_relate",
        "pseudonymized": pseudo.counts(),
        "evidence": evidence.summary(),
        # Authors the matter's mail did not place, as name-free tokens: a later e-mail naming
        # one of them re-reads this redline (reopen_unplaced).
        "unplaced_authors": sorted(
            {t for a in people(evidence) if a not in sides and (t := person_token(a))}
        ),
    }
    rows = []
    for ordinal, d in enumerate(answer.decisions):
        cited = [i for i in d.locus_ids if i in loci]
        axes = _grounded(d, [loci[i] for i in cited], taxonomies.rationale.fallback)
        rows.append(
            {
                "o": obj.id,
                "a": against,
                "h": content_hash,
                "n": ordinal,
                "locus": pseudo.apply(axes["locus"]),
                "summary": pseudo.apply(d.change_summary),
                "topic": d.topic,
                "cat": axes["rationale_category"],
                "change": axes["change_type"],
                "why": pseudo.apply(d.rationale_text),
                "gen": d.generalizability,
                "ev": json.dumps(
                    {
                        "locus_ids": cited,
                        "paragraph_indexes": [loci[i].paragraph_index for i in cited],
                        "revision_ids": [r for i in cited for r in loci[i].revision_ids],
                        "comment_ids": [c.id for i in cited for c in loci[i].comments],
                        "uncited_locus_ids": [i for i in d.locus_ids if i not in loci],
                    }
                ),
                "prov": json.dumps(provenance),
                "v": version,
            }
        )
    # Provenance counts are recomputed after the answer passed the pseudonymizer too.
    final_counts = json.dumps(pseudo.counts())
    with ctx.engine.begin() as conn:
        conn.execute(text("DELETE FROM decisions WHERE source_object_id = :o"), {"o": obj.id})
        conn.execute(
            text(
                "INSERT INTO decisions (source_object_id, against_source_object_id, content_hash,"
                " ordinal, locus, change_summary, topic, rationale_category, change_type,"
                " rationale_text, generalizability, evidence, provenance, producer_version)"
                " VALUES (:o, :a, :h, :n, :locus, :summary, :topic, :cat, :change, :why, :gen,"
                " CAST(:ev AS jsonb),"
                " jsonb_set(CAST(:prov AS jsonb), '{pseudonymized}', CAST(:counts AS jsonb)), :v)"
                " ON CONFLICT (source_object_id, content_hash, ordinal) DO NOTHING"
            ),
            [{**r, "counts": final_counts} for r in rows],
        )
    return StageOutcome(
        "done",
        metadata={
            "decisions": len(rows),
            "topics": sorted({r["topic"] for r in rows}),
            "rationale_categories": sorted({r["cat"] for r in rows}),
            "redline_against": against,
            "trace_id": trace_id,
            "model_seconds": round(model_seconds, 4),
            "substantive_loci": len(evidence.substantive),
        },
    )


def _grounded(d: DecisionRecord, cited: list[Locus], unstated: str) -> dict[str, str]:
    """Locus, change type and (for an uncommented change) rationale from the tracked changes.

    These are facts of the redline, not judgements: the clause reference the document writes,
    what the cited changes did, and that nobody gave a reason where no comment sits.
    """
    refs = list(dict.fromkeys(locus.clause for locus in cited if locus.clause))
    kinds = {locus.change_type for locus in cited}
    if not cited:
        change = d.change_type
    elif len(kinds) == 1:
        change = kinds.pop()
    else:
        change = "moved" if kinds == {"moved"} else "modified"
    commented = any(locus.comments for locus in cited)
    return {
        "locus": ", ".join(refs) if refs else d.locus,
        "change_type": change,
        "rationale_category": d.rationale_category if commented or not cited else unstated,
    }


def reopen_unplaced(conn: Connection, source_object_id: str, email: dict[str, Any]) -> list[str]:
    """An e-mail filed in a matter may place a comment author the matter's redlines were read
    without: those redlines are read again (their decisions dropped, so the stage does not
    take them as already extracted), and the answer is the one a run with the mail from the
    start gives."""
    # `from_` as the converter stores it, `from` as matter_addresses also accepts.
    senders = email.get("from_") or email.get("from") or []
    tokens = address_tokens([*senders, *email.get("to", []), *email.get("cc", [])])
    if not tokens:
        return []
    ids = [
        r[0]
        for r in conn.execute(
            text(
                "SELECT DISTINCT d.source_object_id FROM decisions d"
                " JOIN matter_assignments a ON a.source_object_id = d.source_object_id"
                " JOIN matter_assignments mine ON mine.matter_id = a.matter_id"
                " WHERE mine.source_object_id = :o AND d.source_object_id <> :o"
                " AND d.provenance->'unplaced_authors' ?| CAST(:t AS text[])"
            ),
            {"o": source_object_id, "t": tokens},
        )
    ]
    if not ids:
        return []
    reopened = reopen_stage(conn, sorted(ids), STAGE)
    conn.execute(
        text("DELETE FROM decisions WHERE source_object_id = ANY(CAST(:ids AS text[]))"),
        {"ids": reopened},
    )
    return reopened


def _clear(ctx: StageContext) -> None:
    """A skip leaves no decision of this file behind (its content no longer carries one)."""
    with ctx.engine.begin() as conn:
        conn.execute(
            text("DELETE FROM decisions WHERE source_object_id = :o"), {"o": ctx.source_object.id}
        )


def extract_decisions_handler(ctx: StageContext) -> StageOutcome:
    return extract(ctx)
