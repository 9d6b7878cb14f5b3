"""OAuth for ``obsline mcp serve --http``: the gateway as an OAuth 2.0 resource server.

- **Protected resource metadata (RFC 9728)**: with ``--oauth-issuer URL`` the gateway serves
  ``/.well-known/oauth-protected-resource/mcp`` naming that authorization server, and a 401 says
  where that document is (``WWW-Authenticate: Bearer resource_metadata="..."``), so an MCP client
  can find where to get a token (the MCP authorization spec's discovery). Both come from the
  official SDK (``AuthSettings.resource_server_url``): we only configure them.
- **Token introspection (RFC 7662)**: with ``--oauth-introspect URL`` a bearer token that is no
  static token (security.py) is accepted when the authorization server answers ``active: true``
  for it, unexpired, issued for this resource when it names an audience, and with the scopes
  ``--oauth-scope`` requires. The gateway authenticates to the endpoint with
  ``$OBSLINE_MCP_INTROSPECT_CLIENT`` / ``$OBSLINE_MCP_INTROSPECT_SECRET`` (HTTP Basic) when set.
"""

from __future__ import annotations

import os
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import httpx2
from mcp.server.auth.provider import AccessToken
from mcp.server.auth.settings import AuthSettings

CLIENT_ENV, SECRET_ENV = "OBSLINE_MCP_INTROSPECT_CLIENT", "OBSLINE_MCP_INTROSPECT_SECRET"


@dataclass(slots=True)
class OAuthResource:
    """This gateway as a resource server of ``issuer``; ``resource``: its URL as clients reach it."""

    issuer: str
    resource: str
    introspect: str | None = None
    scopes: list[str] = field(default_factory=list)

    def settings(self) -> AuthSettings:
        return AuthSettings(issuer_url=self.issuer, resource_server_url=self.resource,  # type: ignore[arg-type]
                            required_scopes=self.scopes or None)


class Introspection:
    """The SDK's ``TokenVerifier`` asking an RFC 7662 endpoint about each token."""

    def __init__(self, url: str, resource: str, env: Mapping[str, str] | None = None, timeout: float = 5.0) -> None:
        env = os.environ if env is None else env
        self.url, self.resource, self.timeout = url, resource, timeout
        client, secret = env.get(CLIENT_ENV), env.get(SECRET_ENV)
        # HTTP Basic with the resource server's own credentials, when it has them (RFC 7662 2.1)
        self.auth = httpx2.BasicAuth(client, secret or "") if client else None

    async def verify_token(self, token: str) -> AccessToken | None:
        try:
            async with httpx2.AsyncClient(timeout=self.timeout, auth=self.auth) as http:
                response = await http.post(self.url, data={"token": token, "token_type_hint": "access_token"})
            claims = response.json() if response.status_code == 200 else {}
        except (httpx2.HTTPError, ValueError):
            return None  # (the endpoint unreachable or not JSON: no token is taken on trust)
        return token_of(token, claims, self.resource) if isinstance(claims, dict) else None


def token_of(token: str, claims: dict[str, Any], resource: str) -> AccessToken | None:
    """The access token an introspection answer describes, or None when it is not one for us."""
    if not _valid_for(claims, resource):
        return None
    exp = claims.get("exp")
    scope = claims.get("scope")
    return AccessToken(token=token, client_id=str(claims.get("client_id") or claims.get("sub") or "oauth"),
                       scopes=scope.split() if isinstance(scope, str) else [],
                       expires_at=int(exp) if isinstance(exp, int | float) else None, resource=resource)


def _valid_for(claims: dict[str, Any], resource: str) -> bool:
    """Whether the introspected token is active, not expired, and issued for ``resource`` (an
    audience, when it names any: RFC 8707)."""
    if claims.get("active") is not True:
        return False
    exp = claims.get("exp")
    if isinstance(exp, int | float) and exp <= time.time():
        return False
    audience = claims.get("aud")
    audiences = [audience] if isinstance(audience, str) else audience if isinstance(audience, list) else []
    return not audiences or any(_same_resource(a, resource) for a in audiences)


def _same_resource(a: object, b: str) -> bool:
    return isinstance(a, str) and a.rstrip("/") == b.rstrip("/")


class Verifiers:
    """The first verifier that knows a token (the static tokens, then introspection)."""

    def __init__(self, *verifiers: Any) -> None:
        self.verifiers = verifiers

    async def verify_token(self, token: str) -> AccessToken | None:
        for verifier in self.verifiers:
            found: AccessToken | None = await verifier.verify_token(token)
            if found is not None:
                return found
        return None


def oauth_verifier(oauth: OAuthResource, static: Any | None) -> Verifiers:
    """The static tokens (if any), then the authorization server's introspection (if configured)."""
    verifiers = [v for v in (static, Introspection(oauth.introspect, oauth.resource) if oauth.introspect else None) if v]
    return Verifiers(*verifiers)


def from_args(issuer: str | None, introspect: str | None, scopes: list[str] | None, public_url: str | None,
              has_tokens: bool) -> OAuthResource | None:
    """``--oauth-*`` options as an OAuthResource; ValueError when a token could never be verified."""
    if issuer is None:
        if introspect or public_url:
            raise ValueError("--oauth-introspect and --public-url need --oauth-issuer")
        return None
    if not introspect and not has_tokens:
        raise ValueError("--oauth-issuer needs --oauth-introspect (or static tokens) to verify the tokens it issues")
    return OAuthResource(issuer, public_url or "", introspect, list(scopes or []))
