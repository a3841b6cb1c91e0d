"""Permission projection carried on every chunk, and the pre-filters that enforce it.

A chunk carries `allowed_principals` and `denied_principals`. A caller sees a chunk when one of
its principals is allowed and none is denied: deny always wins. `*` stands for everyone, so a
caller implicitly holds it; `*` in the denied list therefore hides a chunk from everybody.
An empty allowed list hides the chunk from everybody too (fail closed).

The same rule is expressed three times (Python, LanceDB SQL, Tantivy query) and the tests check
that the three agree; the index sides are filtered *before* ranking, never post hoc.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

import tantivy
from pydantic import BaseModel, ConfigDict, Field, field_validator

EVERYONE = "*"
ALLOWED_FIELD = "allowed_principals"
DENIED_FIELD = "denied_principals"

# Principals end up inside SQL string literals; a strict alphabet makes injection impossible
# even before quoting, and a readable error beats a silently unmatched filter.
_PRINCIPAL = re.compile(r"^(?:\*|[a-z][a-z0-9_-]{0,31}:[^'\"\\\x00-\x1f]{1,256})$")


class AclError(ValueError):
    """A principal or grant that cannot be enforced safely."""


def normalize_principal(principal: str) -> str:
    """Canonical form: kinds and names compare case-insensitively (directory ids do)."""
    value = principal.strip().lower()
    if not _PRINCIPAL.match(value):
        raise AclError(f"invalid principal {principal!r}: expected '*' or 'kind:name'")
    return value


def normalize_principals(principals: Iterable[str]) -> list[str]:
    return sorted({normalize_principal(p) for p in principals})


class Grants(BaseModel):
    """Grants declared at one level (source default, a folder, a document).

    `inherit=False` drops the allows inherited from above but never the denies: an ethical wall
    declared higher up cannot be lifted by a more specific grant.
    """

    model_config = ConfigDict(extra="forbid", frozen=True)

    allow: list[str] = Field(default_factory=list)
    deny: list[str] = Field(default_factory=list)
    inherit: bool = True

    @field_validator("allow", "deny")
    @classmethod
    def _normalize(cls, value: list[str]) -> list[str]:
        return normalize_principals(value)


class CompiledAcl(BaseModel):
    model_config = ConfigDict(frozen=True)

    allowed: list[str]
    denied: list[str]


def compile_acl(
    source_default: Grants | None,
    folder_grants: Sequence[Grants] = (),
    document_grants: Grants | None = None,
) -> CompiledAcl:
    """Fold grants from the most general level to the most specific one.

    `folder_grants` is ordered from the outermost folder inwards.
    """
    allowed: set[str] = set()
    denied: set[str] = set()
    levels = [source_default, *folder_grants, document_grants]
    for level in levels:
        if level is None:
            continue
        if not level.inherit:
            allowed = set()
        allowed |= set(level.allow)
        denied |= set(level.deny)
    return CompiledAcl(allowed=sorted(allowed), denied=sorted(denied))


def effective_principals(caller_principals: Iterable[str]) -> list[str]:
    return sorted({*normalize_principals(caller_principals), EVERYONE})


def visible(
    allowed: Iterable[str], denied: Iterable[str], caller_principals: Iterable[str]
) -> bool:
    caller = set(effective_principals(caller_principals))
    return not caller.isdisjoint(allowed) and caller.isdisjoint(denied)


def _sql_list(values: Sequence[str]) -> str:
    # normalize_principal already rejects quotes; doubling them is defence in depth.
    return "[" + ", ".join("'" + v.replace("'", "''") + "'" for v in values) + "]"


def lance_acl_filter(caller_principals: Iterable[str]) -> str:
    """LanceDB (DataFusion) where clause; both list columns carry a LABEL_LIST index."""
    caller = _sql_list(effective_principals(caller_principals))
    return (
        f"array_has_any({ALLOWED_FIELD}, {caller}) AND NOT array_has_any({DENIED_FIELD}, {caller})"
    )


def tantivy_acl_clauses(
    schema: tantivy.Schema, caller_principals: Iterable[str]
) -> list[tuple[tantivy.Occur, tantivy.Query]]:
    """Boolean clauses over the raw principal fields, scored zero so they never shift BM25."""
    caller = effective_principals(caller_principals)
    allow = tantivy.Query.term_set_query(schema, ALLOWED_FIELD, caller)
    deny = tantivy.Query.term_set_query(schema, DENIED_FIELD, caller)
    return [
        (tantivy.Occur.Must, tantivy.Query.const_score_query(allow, 0.0)),
        (tantivy.Occur.MustNot, deny),
    ]
