"""What ``obsline mcp serve --http`` checks before a request reaches the gateway.

- **Bearer tokens**: ``OBSLINE_MCP_TOKEN`` (one token) and/or ``--auth-token-file FILE`` (one
  token a line, ``NAME TOKEN`` or ``TOKEN``; ``#`` comments). The SDK's bearer middleware
  (``token_verifier`` + ``AuthSettings``) answers 401 without a valid one; the token's name is
  the principal (``AccessToken.client_id``), so a stateless client's task is its principal's.
- **Host and Origin** on every bind address, through the SDK's ``TransportSecuritySettings``
  (the SDK turns them on by itself only for a 127.0.0.1/localhost bind): loopback names and
  origins always, plus ``--allow-host`` / ``--allow-origin``; a wildcard bind (0.0.0.0, ::)
  also allows this machine's host name. Anything else: 421 (Host) or 403 (Origin).
- A non-loopback bind without a token: a loud warning on stderr (the gateway hands out raw
  tool results and sends calls upstream on behalf of whoever connects).
"""

from __future__ import annotations

import hashlib
import hmac
import ipaddress
import os
import socket
import sys
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from mcp.server.auth.provider import AccessToken
from mcp.server.auth.settings import AuthSettings
from mcp.server.transport_security import TransportSecuritySettings

from obsline.integrations.mcp.oauth import OAuthResource, oauth_verifier

TOKEN_ENV = "OBSLINE_MCP_TOKEN"
LOOPBACK_HOSTS = ["127.0.0.1:*", "localhost:*", "[::1]:*", "127.0.0.1", "localhost", "[::1]"]
LOOPBACK_ORIGINS = ["http://127.0.0.1:*", "http://localhost:*", "http://[::1]:*",
                    "http://127.0.0.1", "http://localhost", "http://[::1]"]


def read_tokens(path: str | None, env: Mapping[str, str] | None = None) -> dict[str, str]:
    """token -> principal name, from the env variable and the token file."""
    env = os.environ if env is None else env
    tokens: dict[str, str] = {}
    if env.get(TOKEN_ENV, "").strip():
        tokens[env[TOKEN_ENV].strip()] = "env"
    if path:
        tokens.update(_file_tokens(Path(path)))
    if any(len(t) < 16 for t in tokens):
        raise ValueError("bearer tokens must have at least 16 characters")
    return tokens


def _file_tokens(path: Path) -> dict[str, str]:
    """A token file's tokens: ``NAME TOKEN`` or ``TOKEN`` a line (named ``line-N``), ``#`` comments."""
    tokens: dict[str, str] = {}
    for n, line in enumerate(path.read_text().splitlines(), 1):
        line = line.split("#", 1)[0].strip()
        if line:
            name, _, token = line.rpartition(" ")
            tokens[token] = name.strip() or f"line-{n}"
    return tokens


class StaticTokens:
    """The SDK's ``TokenVerifier`` over a fixed set of tokens (compared in constant time)."""

    def __init__(self, tokens: dict[str, str]) -> None:
        self._tokens = {hashlib.sha256(t.encode()).digest(): name for t, name in tokens.items()}

    async def verify_token(self, token: str) -> AccessToken | None:
        digest = hashlib.sha256(token.encode()).digest()
        for known, name in self._tokens.items():
            if hmac.compare_digest(known, digest):
                return AccessToken(token=token, client_id=name, scopes=[])
        return None


def is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def is_wildcard(host: str) -> bool:
    return host.strip("[]") in ("0.0.0.0", "::", "")


@dataclass(slots=True)
class HttpSecurity:
    tokens: dict[str, str] = field(default_factory=dict)
    allow_hosts: list[str] = field(default_factory=list)
    allow_origins: list[str] = field(default_factory=list)
    oauth: OAuthResource | None = None  # (oauth.py: RFC 9728 metadata, RFC 7662 introspection)

    def transport(self, host: str) -> TransportSecuritySettings:
        hosts = [*LOOPBACK_HOSTS, *self.allow_hosts]
        if not is_loopback(host) and not is_wildcard(host):
            hosts += [host, f"{host}:*"]
        if is_wildcard(host):
            name = socket.gethostname()
            hosts += [name, f"{name}:*"]
        return TransportSecuritySettings(enable_dns_rebinding_protection=True, allowed_hosts=hosts,
                                         allowed_origins=[*LOOPBACK_ORIGINS, *self.allow_origins])

    def app_options(self, host: str, port: int) -> dict[str, object]:
        """Keyword arguments of the SDK's ``streamable_http_app``."""
        options: dict[str, object] = {"host": host, "transport_security": self.transport(host)}
        url = f"http://{'127.0.0.1' if is_wildcard(host) else host}:{port}"
        if self.oauth is not None:
            self.oauth.resource = self.oauth.resource or f"{url}/mcp"
            options["auth"] = self.oauth.settings()
            options["token_verifier"] = oauth_verifier(self.oauth, StaticTokens(self.tokens) if self.tokens else None)
        elif self.tokens:
            options["auth"] = AuthSettings(issuer_url=url, resource_server_url=None)  # type: ignore[arg-type]
            options["token_verifier"] = StaticTokens(self.tokens)
        return options

    def warn(self, host: str, port: int) -> None:
        if self.tokens or self.oauth is not None or is_loopback(host):
            return
        bar = "!" * 78
        print(f"{bar}\nobsline mcp: WARNING: serving http://{host}:{port}/mcp on a non-loopback address "
              f"WITHOUT AUTHENTICATION.\nAnyone who reaches it can call the upstream tools and read results. "
              f"Set {TOKEN_ENV} or --auth-token-file.\n{bar}", file=sys.stderr, flush=True)
