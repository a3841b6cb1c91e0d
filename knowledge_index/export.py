"""Export what the model stages know about each document: JSON Lines or a pandas DataFrame.

One row per live document: path, matter reference, doc type, language, date, title, parties,
and what relate and extract_decisions recorded (empty lists / null until they ran):
- `version`: the logical document this file is a version or copy of (`logical_document_id`,
  `title`, `identity`, `version_number`, `version_label`, `is_final`, `is_executed`,
  `duplicate_of` (byte-identical), `near_duplicate_of`, `redline_against`, each other file as
  {source_object_id, path}) and `chain`, the
  logical document's files in version order;
- `relations`: typed edges, `direction` outgoing (this file -> other) or incoming (other -> this
  file), with `relation`, the other file's `source_object_id` and `path`, `confidence`, `method`;
  a typed relation naming a print or copy of a document is shown on its original
  (`shown_relations`, sql/022);
- `threads`: the e-mail thread this file belongs to: `thread_id`, `subject` and `members` in
  order (sent_at, then path) with `source_object_id`, `path`, `message_id`,
  `parent_source_object_id`, `sent_at`, `method`;
- `decisions`: the negotiation decisions read from this file's redline (pseudonymized text):
  `ordinal`, `locus` (the document's clause reference), `change_summary`, `topic` (what),
  `rationale_category` (why), `change_type`, `rationale_text`, `generalizability`,
  `against_source_object_id`, `against_path`, `content_hash`.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import date
from typing import IO, Any

from pydantic import BaseModel, Field
from sqlalchemy import Engine, text


class ExportParty(BaseModel):
    name: str
    role: str
    identifiers: dict[str, str] = Field(default_factory=dict)


class ExportRow(BaseModel):
    source_object_id: str
    source_id: str
    path: str
    matter_reference: str | None
    matter_title: str | None
    doc_type: str | None
    doc_type_ancestors: list[str]
    language: str | None
    doc_date: date | None
    doc_date_source: str | None
    title: str | None
    identifiers: dict[str, Any]
    parties: list[ExportParty]
    version: dict[str, Any] | None = None
    relations: list[dict[str, Any]] = Field(default_factory=list)
    threads: list[dict[str, Any]] = Field(default_factory=list)
    decisions: list[dict[str, Any]] = Field(default_factory=list)


def _doc(alias: str) -> str:
    """A referenced file as {source_object_id, path}; NULL when there is none."""
    return (
        f"CASE WHEN {alias}.id IS NULL THEN NULL"
        f" ELSE jsonb_build_object('source_object_id', {alias}.id, 'path', {alias}.path) END"
    )


_VERSION = (
    "SELECT jsonb_build_object('logical_document_id', v.logical_document_id, 'title', l.title,"
    " 'identity', v.identity, 'version_number', v.version_number,"
    " 'version_label', v.version_label, 'is_final', v.is_final, 'is_executed', v.is_executed,"
    # One stored column holds both kinds of copy; the export names which one it is.
    f" 'duplicate_of', CASE WHEN v.identity = 'duplicate' THEN {_doc('dup')} END,"
    f" 'near_duplicate_of', CASE WHEN v.identity = 'near_duplicate' THEN {_doc('dup')} END,"
    f" 'redline_against', {_doc('red')},"
    " 'chain', (SELECT jsonb_agg(jsonb_build_object('source_object_id', cv.source_object_id,"
    "   'path', co.path, 'version_number', cv.version_number,"
    "   'version_label', cv.version_label, 'identity', cv.identity)"
    "   ORDER BY cv.version_number NULLS LAST, co.path)"
    "   FROM document_versions cv JOIN source_objects co ON co.id = cv.source_object_id"
    "   WHERE cv.logical_document_id = v.logical_document_id AND co.deleted_at IS NULL))"
    " FROM document_versions v JOIN logical_documents l ON l.id = v.logical_document_id"
    " LEFT JOIN source_objects dup ON dup.id = v.duplicate_of"
    " LEFT JOIN source_objects red ON red.id = v.redline_against"
    " WHERE v.source_object_id = o.id"
)
_RELATIONS = (
    "SELECT jsonb_agg(e ORDER BY e->>'direction' DESC, e->>'relation', e->>'path') FROM ("
    " SELECT jsonb_build_object('direction', 'outgoing', 'relation', r.relation,"
    "  'source_object_id', t.id, 'path', t.path, 'confidence', r.confidence,"
    "  'method', r.method) AS e"
    "  FROM shown_relations r JOIN source_objects t ON t.id = r.target_source_object_id"
    "  WHERE r.source_object_id = o.id AND t.deleted_at IS NULL"
    " UNION ALL"
    " SELECT jsonb_build_object('direction', 'incoming', 'relation', r.relation,"
    "  'source_object_id', s.id, 'path', s.path, 'confidence', r.confidence, 'method', r.method)"
    "  FROM shown_relations r JOIN source_objects s ON s.id = r.source_object_id"
    "  WHERE r.target_source_object_id = o.id AND s.deleted_at IS NULL) edges"
)
_THREADS = (
    "SELECT jsonb_agg(jsonb_build_object('thread_id', t.id, 'subject', t.subject,"
    " 'members', (SELECT jsonb_agg(jsonb_build_object('source_object_id', mo.id, 'path', mo.path,"
    "   'message_id', mm.message_id, 'parent_source_object_id', mm.parent_source_object_id,"
    "   'sent_at', mm.sent_at, 'method', mm.method) ORDER BY mm.sent_at NULLS LAST, mo.path)"
    "   FROM thread_members mm JOIN source_objects mo ON mo.id = mm.source_object_id"
    "   WHERE mm.thread_id = t.id AND mo.deleted_at IS NULL)))"
    " FROM thread_members tm JOIN communication_threads t ON t.id = tm.thread_id"
    " WHERE tm.source_object_id = o.id"
)
_DECISIONS = (
    "SELECT jsonb_agg(jsonb_build_object('ordinal', d.ordinal, 'locus', d.locus,"
    " 'change_summary', d.change_summary, 'topic', d.topic,"
    " 'rationale_category', d.rationale_category, 'change_type', d.change_type,"
    " 'rationale_text', d.rationale_text, 'generalizability', d.generalizability,"
    " 'against_source_object_id', d.against_source_object_id, 'against_path', a.path,"
    " 'content_hash', d.content_hash) ORDER BY d.ordinal)"
    " FROM decisions d LEFT JOIN source_objects a ON a.id = d.against_source_object_id"
    " WHERE d.source_object_id = o.id AND d.content_hash = o.content_hash"
)

_QUERY = text(
    "SELECT o.id, o.source_id, o.path, m.reference_number, m.title AS matter_title, d.doc_type,"
    " COALESCE(d.doc_type_ancestors, '{}') AS ancestors, d.language, d.doc_date,"
    " d.doc_date_source, d.title, COALESCE(d.identifiers, '{}'::jsonb) AS identifiers,"
    " COALESCE((SELECT jsonb_agg(jsonb_build_object('name', e.name, 'role', p.role,"
    "   'identifiers', e.identifiers) ORDER BY p.role, e.name)"
    "   FROM document_parties p JOIN entities e ON e.id = p.entity_id"
    "   WHERE p.source_object_id = o.id), '[]'::jsonb) AS parties,"
    f" ({_VERSION}) AS version,"
    f" COALESCE(({_RELATIONS}), '[]'::jsonb) AS relations,"
    f" COALESCE(({_THREADS}), '[]'::jsonb) AS threads,"
    f" COALESCE(({_DECISIONS}), '[]'::jsonb) AS decisions"
    " FROM source_objects o"
    " LEFT JOIN matter_assignments a ON a.source_object_id = o.id"
    " LEFT JOIN matters m ON m.id = a.matter_id"
    " LEFT JOIN document_metadata d ON d.source_object_id = o.id"
    " WHERE o.deleted_at IS NULL AND (CAST(:source AS text) IS NULL OR o.source_id = :source)"
    " ORDER BY o.seq"
)


def export_rows(engine: Engine, *, source: str | None = None) -> Iterator[ExportRow]:
    with engine.connect() as conn:
        for r in conn.execute(_QUERY, {"source": source}).mappings():
            yield ExportRow(
                source_object_id=r["id"],
                source_id=r["source_id"],
                path=r["path"],
                matter_reference=r["reference_number"],
                matter_title=r["matter_title"],
                doc_type=r["doc_type"],
                doc_type_ancestors=list(r["ancestors"]),
                language=r["language"],
                doc_date=r["doc_date"],
                doc_date_source=r["doc_date_source"],
                title=r["title"],
                identifiers=r["identifiers"],
                parties=[ExportParty.model_validate(p) for p in r["parties"]],
                version=r["version"],
                relations=r["relations"],
                threads=r["threads"],
                decisions=r["decisions"],
            )


def write_jsonl(engine: Engine, out: IO[str], *, source: str | None = None) -> int:
    n = 0
    for row in export_rows(engine, source=source):
        out.write(json.dumps(row.model_dump(mode="json"), ensure_ascii=False) + "\n")
        n += 1
    return n


def to_dataframe(engine: Engine, *, source: str | None = None):  # -> pandas.DataFrame
    """The export as a DataFrame (parties as a list column; pandas imported on use)."""
    import pandas as pd

    columns = list(ExportRow.model_fields)
    rows = [row.model_dump(mode="python") for row in export_rows(engine, source=source)]
    frame = pd.DataFrame(rows, columns=columns)
    frame["doc_date"] = pd.to_datetime(frame["doc_date"])
    return frame
