"""Deny-wins visibility of a document, as SQL, applied inside every Postgres-backed query.

A document is visible when it is live (not deleted, nor inside a deleted container at any depth),
has content, and the caller passes BOTH permission records: the ACL the last sync read from the
source (`source_objects.acl`, its own and every containing document's, so an attachment is never
readable where its mail is not) and the projection on its chunks (what the search index
enforces). Taking both means a revocation at the source hides the document at once, while a new
grant shows it only once the access-only re-index has projected it; search and listing can never
disagree in the caller's favour. '*' is everyone: callers implicitly hold it, so a '*' deny
hides from all.

The caller's principals are bound as `:principals` (already normalized, '*' included).
"""

from __future__ import annotations

from collections.abc import Iterable

from knowledge_index.retrieval.acl import effective_principals


def caller_principals(principals: Iterable[str]) -> list[str]:
    return effective_principals(principals)


def _acl_list(alias: str, key: str) -> str:
    # A malformed ACL (not an array) counts as empty: no allow (hidden), no deny.
    return (
        f"jsonb_array_elements_text(CASE WHEN jsonb_typeof({alias}.acl->'{key}') = 'array'"
        f" THEN {alias}.acl->'{key}' ELSE '[]'::jsonb END)"
    )


def _passes(alias: str, p: str) -> str:
    return f"""(EXISTS (SELECT 1 FROM {_acl_list(alias, "allow")} vis_a(p)
                    WHERE lower(btrim(vis_a.p)) = ANY({p}))
        AND NOT EXISTS (SELECT 1 FROM {_acl_list(alias, "deny")} vis_d(p)
                        WHERE lower(btrim(vis_d.p)) = ANY({p})))"""


def visible_sql(alias: str = "o") -> str:
    p = "CAST(:principals AS text[])"
    # Ancestors by primary key (sql/011's ancestor_ids), so a child costs one index probe per
    # level and a top-level file none: this runs for every row of every query.
    return f"""(
        {alias}.deleted_at IS NULL
        AND {alias}.content_hash IS NOT NULL
        AND {_passes(alias, p)}
        AND (cardinality({alias}.ancestor_ids) = 0
             OR NOT EXISTS (SELECT 1 FROM source_objects vis_up
                            WHERE vis_up.id = ANY({alias}.ancestor_ids)
                              AND (vis_up.deleted_at IS NOT NULL
                                   OR NOT {_passes("vis_up", p)})))
        AND NOT EXISTS (SELECT 1 FROM chunks vis_c
                        WHERE vis_c.source_object_id = {alias}.id
                          AND NOT (vis_c.allowed_principals && {p}
                                   AND NOT vis_c.denied_principals && {p}))
    )"""
