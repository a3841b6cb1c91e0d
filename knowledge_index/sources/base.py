"""The SyncSource protocol: connectors are read-only and dumb; the engine holds the logic."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Annotated, BinaryIO, Protocol, runtime_checkable

from pydantic import BaseModel, ConfigDict, Field

Principal = Annotated[str, Field(min_length=1, max_length=256, pattern=r"^(\*|[a-z]+:.+)$")]


class AccessGrants(BaseModel):
    """Principals such as `user:alice`, `group:litigation`, or `*` for everyone.

    `inherit=False` on a folder's grants breaks inheritance of allows (an ethical wall around a
    matter); inherited denies always stay. Unknown keys are an error: a misspelled `"denied"`
    must not silently grant what it meant to withhold.
    """

    model_config = ConfigDict(extra="forbid")

    allow: list[Principal] = Field(default_factory=list, max_length=10_000)
    deny: list[Principal] = Field(default_factory=list, max_length=10_000)
    inherit: bool = True

    def merged(self, child: AccessGrants) -> AccessGrants:
        allow = set(child.allow) | (set(self.allow) if child.inherit else set())
        return AccessGrants(allow=sorted(allow), deny=sorted(set(self.deny) | set(child.deny)))

    def fingerprint(self) -> str:
        body = json.dumps(
            {"allow": sorted(set(self.allow)), "deny": sorted(set(self.deny))}, sort_keys=True
        )  # inherit is already applied to the effective lists
        return hashlib.sha256(body.encode()).hexdigest()[:16]


@dataclass(frozen=True)
class SourceCapabilities:
    delta: bool = False
    webhooks: bool = False
    acl: bool = False
    versions: bool = False
    stable_ids: bool = False
    # A listing that comes back empty is proof the estate is empty (not a failed mount).
    verifiable_emptiness: bool = False


@dataclass(frozen=True)
class Observation:
    external_id: str
    path: str
    size_bytes: int
    mtime_ns: int
    acl: AccessGrants | None = None


@dataclass(frozen=True)
class SkippedEntry:
    """An entry the scan could not take, with its cause; the rest of the source still syncs.

    `path` is relative to the source root, with bytes that are not UTF-8 kept as `\\xNN`
    escapes. `subtree`: a folder that could not be listed, so objects known below it are not
    missing (they must never be tombstoned because a folder became unreadable).
    """

    path: str
    cause: str
    subtree: bool = False


@dataclass
class ChangeBatch:
    observations: list[Observation] = field(default_factory=list)
    deletions: list[str] = field(default_factory=list)
    next_cursor: str | None = None


class Unsupported(Exception):
    """The source has no native change feed; the engine falls back to full-scan diffing."""


@runtime_checkable
class SyncSource(Protocol):
    kind: str
    capabilities: SourceCapabilities

    def full_scan(self) -> Iterator[Observation | SkippedEntry]:
        """Everything, in a stable order; objects that vanish mid-scan are simply not yielded,
        entries that cannot be taken are yielded as `SkippedEntry` with their cause."""
        ...

    def changes(self, cursor: str | None) -> ChangeBatch: ...

    def fetch(self, external_id: str) -> BinaryIO:
        """A stream of the object's bytes; safe to call repeatedly."""
        ...

    def acl(self, external_id: str) -> AccessGrants | None:
        """None: the source has no readable ACLs and the engine applies the source default."""
        ...


def stable_object_id(source_id: str, external_id: str) -> str:
    """Short and never reused for another object: the Dagster partition key of a document."""
    digest = hashlib.sha256(f"{source_id}\0{external_id}".encode()).hexdigest()
    return f"{source_id[:12]}-{digest[:16]}"
