"""OAuth protected-resource metadata (RFC 9728), as the MCP authorization spec asks of a server.

FastMCP's RemoteAuthProvider does the work: it verifies tokens with our KiJWTVerifier, serves the
metadata document (resource, authorization_servers, bearer_methods_supported) and makes every
401 carry `WWW-Authenticate: Bearer resource_metadata="..."`. Only two things are ours: the
authorization server is the configured issuer (the one whose tokens are accepted), and the
document is served at the root well-known path too, where clients look when the path-suffixed
one (`/.well-known/oauth-protected-resource/mcp`) is not what they try first.
"""

from __future__ import annotations

from fastmcp.server.auth import RemoteAuthProvider
from pydantic import AnyHttpUrl, ValidationError
from starlette.routing import Route

from knowledge_index.errors import ConfigError
from knowledge_index.mcp.config import McpSettings
from knowledge_index.mcp.identity import build_verifier

WELL_KNOWN = "/.well-known/oauth-protected-resource"


class ProtectedResource(RemoteAuthProvider):
    def get_routes(self, mcp_path: str | None = None) -> list[Route]:
        routes = super().get_routes(mcp_path)
        extra = [
            Route(WELL_KNOWN, endpoint=r.endpoint, methods=["GET", "OPTIONS"])
            for r in routes
            if r.path.startswith(WELL_KNOWN + "/")
        ]
        return routes + extra[:1]


def build_auth(mcp: McpSettings, base_url: str | None) -> ProtectedResource:
    """`base_url` is where clients reach this server (KI_MCP__PUBLIC_URL behind a proxy)."""
    verifier = build_verifier(mcp)
    issuer = mcp.authorization_server or mcp.jwt_issuer
    try:
        server = AnyHttpUrl(str(issuer))
        public = AnyHttpUrl(str(mcp.public_url or base_url))
    except ValidationError:
        raise ConfigError(
            "OAuth resource metadata names the authorization server and this server by URL:"
            " set KI_MCP__AUTHORIZATION_SERVER when the issuer is not an https URL, and"
            " KI_MCP__PUBLIC_URL to this server's URL"
        ) from None
    return ProtectedResource(
        token_verifier=verifier,
        authorization_servers=[server],
        base_url=public,
        resource_name="Knowledge Index",
    )
