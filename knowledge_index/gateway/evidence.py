"""A model stage's deterministic signals, handed to the model as typed data.

The stage computes what code can compute (reference candidates, folder conventions, candidate
relations, redline loci) and sends it as one user message that is a JSON document: the evidence
kind, its JSON Schema and the data. A real model reads it like any JSON; the offline model reads
exactly the same message through `PolicyContext.evidence`, never the stage's prose. So rewording
a prompt cannot change what the offline model decides.
"""

from __future__ import annotations

import json
from functools import cache
from typing import Any, ClassVar

from pydantic import BaseModel

KIND_KEY = "evidence"


class Evidence(BaseModel):
    """Base of every stage's evidence model; `KIND` names it (and its version) on the wire."""

    KIND: ClassVar[str] = ""


@cache
def _schema(cls: type[BaseModel]) -> dict[str, Any]:
    return cls.model_json_schema()


def evidence_message(evidence: Evidence) -> dict[str, str]:
    """The user message that carries `evidence`: `{"evidence", "schema", "data"}` as JSON."""
    cls = type(evidence)
    payload = {
        KIND_KEY: cls.KIND,
        "schema": _schema(cls),
        "data": evidence.model_dump(mode="json"),
    }
    return {"role": "user", "content": json.dumps(payload, ensure_ascii=False, sort_keys=True)}


def read_evidence(contents: list[str], cls: type[Evidence]) -> Any:
    """The evidence of type `cls` among message contents, validated; None if absent or invalid."""
    kind = cls.KIND
    for content in contents:
        if not content.startswith("{"):
            continue
        try:
            payload = json.loads(content)
        except json.JSONDecodeError:
            continue
        if isinstance(payload, dict) and payload.get(KIND_KEY) == kind:
            try:
                return cls.model_validate(payload.get("data") or {})
            except ValueError:
                return None
    return None
