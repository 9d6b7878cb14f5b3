"""#18 item 6, OAuth: ``obsline mcp serve --http`` as an OAuth resource server, on the real thing:
the gateway subprocess with server-filesystem behind it, the official SDK client in front, and an
authorization server's RFC 7662 introspection endpoint served over real HTTP beside them."""

from __future__ import annotations

import json
import os
import subprocess
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import parse_qs

import httpx2

from bench.common import free_port
from obsline.integrations.mcp.oauth import token_of
from tests.integrations.mcp.reference import PYTHON, REPO, filesystem_server, gateway_argv
from tests.integrations.mcp.test_gateway_http_security import HEADERS, INIT, TOKEN_A, Gateway, client

ISSUER = "https://auth.example.com"
GOOD, ELSEWHERE, EXPIRED = "at-good-" + "g" * 24, "at-aud-" + "a" * 24, "at-old-" + "o" * 24


class OAuthGateway(Gateway):
    """The gateway on a port chosen first: the authorization server must know the resource URL."""

    def __init__(self, root: Path, *extra: str, port: int, env: dict[str, str] | None = None) -> None:
        self.port = port
        self.url = f"http://127.0.0.1:{port}/mcp"
        argv = gateway_argv(f"fs={filesystem_server(root)}", extra=("--http", f"127.0.0.1:{port}", *extra))
        self.proc = subprocess.Popen([PYTHON, *argv], cwd=REPO, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                                     env={**os.environ, **(env or {})})


@contextmanager
def authorization_server(resource: str) -> Iterator[str]:
    """An introspection endpoint (RFC 7662) that knows three tokens; yields its URL."""
    answers = {GOOD: {"active": True, "client_id": "alice", "scope": "mcp:tools", "aud": resource,
                      "exp": time.time() + 3600},
               ELSEWHERE: {"active": True, "client_id": "bob", "aud": "https://other.example/mcp"},
               EXPIRED: {"active": True, "client_id": "carol", "exp": time.time() - 5}}

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:  # noqa: N802 (http.server's name)
            form = parse_qs(self.rfile.read(int(self.headers["Content-Length"])).decode())
            body = json.dumps(answers.get(form.get("token", [""])[0], {"active": False})).encode()
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args: object) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/introspect"
    finally:
        server.shutdown()
        server.server_close()


async def test_the_gateway_publishes_rfc9728_metadata_and_accepts_only_tokens_the_issuer_vouches_for(tmp_path: Path) -> None:
    (tmp_path / "a.txt").write_text("hello\n")
    port = free_port()
    resource = f"http://127.0.0.1:{port}/mcp"
    with authorization_server(resource) as introspect:
        gw = OAuthGateway(tmp_path, "--oauth-issuer", ISSUER, "--oauth-introspect", introspect, port=port)
        with gw:
            with httpx2.Client(timeout=30) as http:
                meta = http.get(f"http://127.0.0.1:{port}/.well-known/oauth-protected-resource/mcp")
                bare = http.post(gw.url, json=INIT, headers=HEADERS)
                codes = {name: http.post(gw.url, json=INIT, headers={**HEADERS, "Authorization": f"Bearer {t}"}).status_code
                         for name, t in (("good", GOOD), ("other audience", ELSEWHERE), ("expired", EXPIRED),
                                         ("unknown", "at-unknown-" + "u" * 20))}
            async with client(gw.url, GOOD) as sdk:
                listed = await sdk.list_tools()
    assert meta.status_code == 200
    document = meta.json()
    assert document["resource"] == resource and document["authorization_servers"] == [ISSUER]
    assert bare.status_code == 401
    assert f'resource_metadata="http://127.0.0.1:{port}/.well-known/oauth-protected-resource/mcp"' in \
        bare.headers["www-authenticate"]
    assert codes == {"good": 200, "other audience": 401, "expired": 401, "unknown": 401}
    assert any(t.name == "read_text_file" for t in listed.tools)


async def test_static_tokens_still_work_beside_the_issuer_and_a_bare_issuer_is_refused(tmp_path: Path) -> None:
    port = free_port()
    with OAuthGateway(tmp_path, "--oauth-issuer", ISSUER, port=port, env={"OBSLINE_MCP_TOKEN": TOKEN_A}) as gw:
        with httpx2.Client(timeout=30) as http:
            ok = http.post(gw.url, json=INIT, headers={**HEADERS, "Authorization": f"Bearer {TOKEN_A}"}).status_code
    assert ok == 200
    lone = OAuthGateway(tmp_path, "--oauth-issuer", ISSUER, port=free_port())
    assert lone.proc.wait(60) == 2
    assert "--oauth-introspect" in lone.stderr()


def test_an_introspection_answer_is_a_token_only_when_active_unexpired_and_for_this_resource() -> None:
    here = "http://gw.example/mcp"
    assert token_of("t", {"active": True, "sub": "u", "aud": [here + "/"], "scope": "a b"}, here).scopes == ["a", "b"]
    for claims in ({"active": False}, {}, {"active": "true"}, {"active": True, "exp": 1},
                   {"active": True, "aud": "http://evil.example/mcp"}):
        assert token_of("t", claims, here) is None, claims
