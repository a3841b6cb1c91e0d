"""MCP server settings (env prefix KI_MCP__), kept apart from the product's Settings on purpose.

The server's identity sources and secrets are deployment concerns of this one process; nothing
else in the product reads them.
"""

from __future__ import annotations

import json
import os
import secrets
from pathlib import Path

from pydantic import Field, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

from knowledge_index.retrieval.acl import normalize_principals

AUDIT_KEY_FILENAME = "mcp_audit.key"


class McpSettings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="KI_MCP__", extra="ignore")

    # stdio: the caller is whoever runs the process, so its principals are configuration.
    principals: list[str] = Field(default_factory=list)
    # HTTP: bearer JWTs verified locally; exactly one of the key sources is required.
    jwt_public_key: str | None = None
    jwks_file: Path | None = None
    jwt_issuer: str | None = None
    jwt_audience: str | None = None
    jwt_algorithm: str = "RS256"
    # Published in the OAuth protected-resource metadata (RFC 9728): where tokens come from
    # (default: the issuer) and the URL clients reach this server at (default: the bind address).
    authorization_server: str | None = None
    public_url: str | None = None
    # A token whose lifetime (exp - iat) or age exceeds this is refused: a stolen long-lived
    # token must not open the index for days.
    jwt_max_age_seconds: int = Field(8 * 3600, ge=60, le=30 * 24 * 3600)
    groups_claim: str = "groups"
    # HMAC key for audit fingerprints (and, derived from it, cursor signatures).
    audit_key: str | None = None
    max_query_chars: int = Field(2_000, ge=1, le=100_000)
    max_page_size: int = Field(50, ge=1, le=100)
    # Optional document-type ontology (JSON) when no ontology table exists yet.
    taxonomy_path: Path | None = None

    @field_validator("principals", mode="before")
    @classmethod
    def _parse_principals(cls, value: object) -> object:
        # Accept a JSON list (the documented form) or a comma-separated string.
        if isinstance(value, str):
            value = value.strip()
            if value.startswith("["):
                return json.loads(value)
            return [p for p in (s.strip() for s in value.split(",")) if p]
        return value

    @field_validator("principals")
    @classmethod
    def _normalize(cls, value: list[str]) -> list[str]:
        return normalize_principals(value)

    @property
    def jwt_configured(self) -> bool:
        return bool(self.jwt_public_key or self.jwks_file)


def audit_key(mcp: McpSettings, home: Path) -> bytes:
    """The configured key, else one generated once and kept (0600) under KI_HOME.

    A persisted key keeps fingerprints comparable across restarts; a random per-process key would
    make the audit trail unjoinable.
    """
    if mcp.audit_key:
        return mcp.audit_key.encode()
    path = home / AUDIT_KEY_FILENAME
    if not path.exists():
        home.mkdir(parents=True, exist_ok=True)
        # Write a private temp file, then link it into place: a concurrent server either wins
        # the link or reads the winner's complete key, never a half-written one.
        tmp = home / f".{AUDIT_KEY_FILENAME}.{os.getpid()}"
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w") as handle:
            handle.write(secrets.token_hex(32))
        try:
            os.link(tmp, path)
        except FileExistsError:
            pass
        finally:
            tmp.unlink()
    return path.read_text(encoding="utf-8").strip().encode()
