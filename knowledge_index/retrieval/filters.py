"""Typed metadata filters, rendered as a LanceDB where clause and as Tantivy clauses.

`None` means unrestricted; an empty list means "none of these", which matches nothing. Both
renderings are pre-filters: each side ranks only rows that already pass them.
"""

from __future__ import annotations

import datetime as dt

import tantivy
from pydantic import BaseModel, ConfigDict, model_validator

# Payload column -> filter attribute; the column names are the same on both sides (the index
# stores the source object id as `document_id`, see records.ChunkPayload).
KEYWORD_FILTERS = {
    "matter_id": "matter_ids",
    "doc_type": "doc_types",
    "status": "statuses",
    "language": "languages",
    "document_id": "source_object_ids",
}
DATE_FIELD = "doc_date"
# Tantivy keeps the date as a day number: integer ranges are exact and need no time zone.
DAY_FIELD = "doc_day"


class SearchFilters(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    matter_ids: list[str] | None = None
    doc_types: list[str] | None = None
    statuses: list[str] | None = None
    languages: list[str] | None = None
    source_object_ids: list[str] | None = None
    date_from: dt.date | None = None
    date_to: dt.date | None = None

    @model_validator(mode="after")
    def _ordered_dates(self) -> SearchFilters:
        if self.date_from and self.date_to and self.date_from > self.date_to:
            raise ValueError("date_from is after date_to")
        return self


def _quote(value: str) -> str:
    return "'" + value.replace("'", "''") + "'"


def lance_filter(filters: SearchFilters | None) -> str | None:
    if filters is None:
        return None
    clauses = []
    for column, attribute in KEYWORD_FILTERS.items():
        values = getattr(filters, attribute)
        if values is None:
            continue
        if not values:
            clauses.append("FALSE")
        else:
            clauses.append(f"{column} IN ({', '.join(_quote(v) for v in sorted(set(values)))})")
    if filters.date_from:
        clauses.append(f"{DATE_FIELD} >= date '{filters.date_from.isoformat()}'")
    if filters.date_to:
        clauses.append(f"{DATE_FIELD} <= date '{filters.date_to.isoformat()}'")
    return " AND ".join(clauses) if clauses else None


def tantivy_filter_clauses(
    schema: tantivy.Schema, filters: SearchFilters | None
) -> list[tuple[tantivy.Occur, tantivy.Query]]:
    if filters is None:
        return []
    clauses = []
    for column, attribute in KEYWORD_FILTERS.items():
        values = getattr(filters, attribute)
        if values is None:
            continue
        query = (
            tantivy.Query.term_set_query(schema, column, sorted(set(values)))
            if values
            else tantivy.Query.empty_query()
        )
        clauses.append((tantivy.Occur.Must, tantivy.Query.const_score_query(query, 0.0)))
    if filters.date_from or filters.date_to:
        query = tantivy.Query.range_query(
            schema,
            DAY_FIELD,
            tantivy.FieldType.Integer,
            filters.date_from.toordinal() if filters.date_from else None,
            filters.date_to.toordinal() if filters.date_to else None,
        )
        clauses.append((tantivy.Occur.Must, tantivy.Query.const_score_query(query, 0.0)))
    return clauses
