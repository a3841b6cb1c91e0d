"""Export what the model stages know about each document: JSON Lines or a pandas DataFrame.

One row per live document: path, matter reference, doc type, language, date, title, parties.
`relations`, `threads` and `decisions` are present and empty until relate and extract_decisions
exist, so consumers can be written against the final shape now.
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
    document_id: str
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
    relations: list[dict[str, Any]] = Field(default_factory=list)
    threads: list[dict[str, Any]] = Field(default_factory=list)
    decisions: list[dict[str, Any]] = Field(default_factory=list)


_QUERY = text(
    "SELECT o.id, o.source_id, o.path, m.reference_number, m.title AS matter_title, d.doc_type,"
    " COALESCE(d.doc_type_ancestors, '{}') AS ancestors, d.language, d.doc_date,"
    " d.doc_date_source, d.title, COALESCE(d.identifiers, '{}'::jsonb) AS identifiers,"
    " COALESCE((SELECT jsonb_agg(jsonb_build_object('name', e.name, 'role', p.role,"
    "   'identifiers', e.identifiers) ORDER BY p.role, e.name)"
    "   FROM document_parties p JOIN entities e ON e.id = p.entity_id"
    "   WHERE p.source_object_id = o.id), '[]'::jsonb) AS parties"
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
                document_id=r["id"],
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
