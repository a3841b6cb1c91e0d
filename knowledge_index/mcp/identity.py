"""Who is calling: configured principals over stdio, a verified bearer JWT over HTTP.

The transport decides the identity source when the server is built, never per request: an HTTP
server without a verifier refuses to start instead of falling back to configured principals.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from fastmcp.server.auth import AccessToken
from fastmcp.server.auth.providers.jwt import JWTVerifier
from fastmcp.server.dependencies import get_access_token
from pydantic import BaseModel

from knowledge_index.errors import ConfigError
from knowledge_index.mcp.config import McpSettings
from knowledge_index.retrieval.acl import AclError, normalize_principal, normalize_principals


class Caller(BaseModel):
    principal: str
    principals: list[str]
    transport: str


class NotAuthenticated(Exception):
    """No verified identity for this request (never expected behind the HTTP auth middleware)."""


def principals_from_claims(claims: dict[str, Any], groups_claim: str) -> list[str]:
    """sub -> user:<sub>, each entry of the groups claim -> group:<g>; invalid values raise."""
    sub = claims.get("sub")
    if not isinstance(sub, str) or not sub.strip():
        raise AclError("token has no subject")
    principals = [normalize_principal(f"user:{sub.strip()}")]
    groups = claims.get(groups_claim, [])
    if isinstance(groups, str):
        groups = groups.split()
    if not isinstance(groups, list):
        raise AclError(f"token claim {groups_claim!r} is not a list")
    for group in groups:
        if not isinstance(group, str):
            raise AclError(f"token claim {groups_claim!r} holds a non-string")
        principals.append(normalize_principal(f"group:{group.strip()}"))
    return normalize_principals(principals)


class KiJWTVerifier(JWTVerifier):
    """JWTVerifier with locally held keys and stricter claims.

    A JWKS *file* replaces the JWKS URL (air-gapped installs have no identity provider endpoint
    to fetch from); tokens must carry `exp` and `sub`, and claims that do not map to valid
    principals reject the token (401) rather than authenticating a caller who can see nothing.
    """

    def __init__(
        self,
        *,
        jwks_file: Path | None,
        groups_claim: str,
        max_age_seconds: int,
        **kwargs: Any,
    ) -> None:
        if jwks_file is not None:
            kwargs["jwks_uri"] = jwks_file.resolve().as_uri()
        super().__init__(**kwargs)
        self._jwks_file = jwks_file
        self._groups_claim = groups_claim
        self._max_age = max_age_seconds

    async def _fetch_jwks(self) -> dict[str, Any]:
        if self._jwks_file is None:
            raise ValueError("no JWKS file configured")
        return json.loads(self._jwks_file.read_text(encoding="utf-8"))

    async def load_access_token(self, token: str) -> AccessToken | None:
        access = await super().load_access_token(token)
        if access is None or "exp" not in access.claims or not self._fresh(access.claims):
            return None
        try:
            principals_from_claims(access.claims, self._groups_claim)
        except AclError:
            return None
        return access

    def _fresh(self, claims: dict[str, Any]) -> bool:
        """Issued (`iat`), not from the future, and neither minted for nor held longer than the
        maximum age."""
        import time

        issued, expires = claims.get("iat"), claims.get("exp")
        if not isinstance(issued, int | float) or not isinstance(expires, int | float):
            return False
        now = time.time()
        return (
            issued <= now + CLOCK_SKEW_SECONDS
            and expires - issued <= self._max_age
            and now - issued <= self._max_age
        )


CLOCK_SKEW_SECONDS = 60


def _public_key(value: str) -> str:
    # Accept the PEM itself or a path to a PEM file (multi-line env values are awkward).
    if "-----BEGIN" in value:
        return value
    path = Path(value).expanduser()
    if path.is_file():
        return path.read_text(encoding="utf-8")
    raise ConfigError("KI_MCP__JWT_PUBLIC_KEY must be a PEM public key or a path to one")


def build_verifier(mcp: McpSettings) -> KiJWTVerifier:
    if mcp.jwt_public_key and mcp.jwks_file:
        raise ConfigError("set KI_MCP__JWT_PUBLIC_KEY or KI_MCP__JWKS_FILE, not both")
    if not mcp.jwt_configured:
        raise ConfigError(
            "the HTTP transport needs token verification: set KI_MCP__JWT_PUBLIC_KEY"
            " (PEM or path) or KI_MCP__JWKS_FILE"
        )
    if mcp.jwks_file and not mcp.jwks_file.is_file():
        raise ConfigError(f"KI_MCP__JWKS_FILE {mcp.jwks_file} is not a file")
    if not (mcp.jwt_issuer and mcp.jwt_audience):
        # Without both, any token the key signed is accepted, including ones minted for
        # another application by the same identity provider.
        raise ConfigError(
            "the HTTP transport needs the expected token issuer and audience: set"
            " KI_MCP__JWT_ISSUER and KI_MCP__JWT_AUDIENCE"
        )
    return KiJWTVerifier(
        public_key=_public_key(mcp.jwt_public_key) if mcp.jwt_public_key else None,
        jwks_file=mcp.jwks_file,
        groups_claim=mcp.groups_claim,
        issuer=mcp.jwt_issuer,
        audience=mcp.jwt_audience,
        algorithm=mcp.jwt_algorithm,
        max_age_seconds=mcp.jwt_max_age_seconds,
    )


class IdentityResolver:
    def __init__(self, mcp: McpSettings, transport: str) -> None:
        self.transport = transport
        self._groups_claim = mcp.groups_claim
        self._configured = mcp.principals
        if transport != "http" and not self._configured:
            raise ConfigError(
                'set KI_MCP__PRINCIPALS (e.g. \'["user:alice","group:litigation"]\'):'
                " over stdio the caller's identity is configuration"
            )

    def current(self) -> Caller:
        if self.transport == "http":
            access = get_access_token()
            if access is None:
                raise NotAuthenticated()
            principals = principals_from_claims(access.claims, self._groups_claim)
        else:
            principals = self._configured
        users = [p for p in principals if p.startswith("user:")]
        return Caller(
            principal=users[0] if users else principals[0],
            principals=principals,
            transport=self.transport,
        )
