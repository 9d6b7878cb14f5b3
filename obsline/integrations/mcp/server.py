"""The gateway as an MCP server (stdio by default, or streamable HTTP) and its CLI.

    obsline mcp serve --upstream git='mcp-server-git --repository .' [--upstream fs=http://host:port/mcp]
                      [--http 127.0.0.1:PORT [--auth-token-file F] [--allow-host H] [--allow-origin O]]
                      [--kafka BOOTSTRAP --fleet-timeout S] [--artifacts DIR] [--trust-task-claims]
    obsline mcp task-token TASK --artifacts DIR      # the capability a client passes as _meta obsline/task
    obsline mcp intercept < {request, response}.json
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import os
import shutil
import sys
import tempfile
from pathlib import Path
from typing import Any

from mcp.server.lowlevel import NotificationOptions, Server
from mcp.server.subscriptions import ListenHandler

from obsline.integrations.mcp.gateway import Gateway
from obsline.integrations.mcp.oauth import from_args
from obsline.integrations.mcp.security import HttpSecurity, read_tokens
from obsline.integrations.mcp.upstream import (
    DEFAULT_CALL_TIMEOUT,
    DEFAULT_MAX_CALL_SECONDS,
    UpstreamConfig,
    UpstreamError,
)
from obsline.sinks.observe import ADVICE_LEGEND, unchanged_line

GATEWAY_NAME = "obsline"
INSTRUCTIONS = ("Tool results come back as obsline observations: compact text (`#N` numbers a result "
                f"shown in full), `{unchanged_line('N')}` for repeats, stable error codes. A result's full raw stays readable "
                "with obsline_read_artifact. `KEY: ditto`: the value of the nearest `KEY: ...` line above. An error says `error CODE retryable=yes|no`; a `next:` line follows "
                f"only when its advice is not the code's own: {ADVICE_LEGEND}.")


def build_server(gateway: Gateway) -> Server[Any]:
    from obsline import __version__

    return Server(GATEWAY_NAME, version=__version__, instructions=INSTRUCTIONS,
                  on_list_tools=gateway.list_tools, on_call_tool=gateway.call_tool,
                  on_list_resources=gateway.proxied.list_resources, on_read_resource=gateway.proxied.read_resource,
                  on_list_resource_templates=gateway.proxied.list_templates,
                  on_subscribe_resource=gateway.proxied.subscribe, on_unsubscribe_resource=gateway.proxied.unsubscribe,
                  on_list_prompts=gateway.proxied.list_prompts, on_get_prompt=gateway.proxied.get_prompt,
                  on_subscriptions_listen=ListenHandler(gateway.sessions.bus))


# The gateway passes its upstreams' list changes on (gateway.changed).
CHANGES = NotificationOptions(prompts_changed=True, resources_changed=True, tools_changed=True)


async def serve(gateway: Gateway, http: str | None, security: HttpSecurity | None = None) -> None:
    await gateway.start()
    server = build_server(gateway)
    try:
        if http is None:
            from mcp.server.stdio import stdio_server

            async with stdio_server() as (read, write):
                await server.run(read, write, server.create_initialization_options(CHANGES))
        else:
            import uvicorn

            host, _, port = http.rpartition(":")
            host = host or "127.0.0.1"
            security = security or HttpSecurity()
            security.warn(host, int(port))
            app = server.streamable_http_app(**security.app_options(host, int(port)))  # type: ignore[arg-type]
            config = uvicorn.Config(app, host=host.strip("[]"), port=int(port), log_level="warning",
                                    lifespan="on")
            await uvicorn.Server(config).serve()
    finally:
        await gateway.close()


def cmd_serve(args: argparse.Namespace) -> int:
    logging.basicConfig(level=logging.WARNING, stream=sys.stderr, format="obsline mcp: %(message)s")
    upstreams = [UpstreamConfig.parse(u) for u in args.upstream]
    try:
        security = _security_of(args)
    except (OSError, ValueError) as exc:
        print(f"error INVALID_ARGUMENT: auth tokens: {exc}", file=sys.stderr)
        return 2
    own_dir = args.artifacts is None
    artifacts = Path(tempfile.mkdtemp(prefix="obsline-mcp-")) if own_dir else Path(args.artifacts)
    gateway = _gateway_of(args, upstreams, artifacts)
    try:
        asyncio.run(serve(gateway, args.http, security))
    except KeyboardInterrupt:
        pass
    except UpstreamError as exc:
        print(f"error UPSTREAM_FAILURE: {exc}", file=sys.stderr)
        return 2
    finally:
        if own_dir:
            shutil.rmtree(artifacts, ignore_errors=True)
    return 0


def _security_of(args: argparse.Namespace) -> HttpSecurity:
    """``--http``'s checks from the flags: bearer tokens, hosts, origins, OAuth (``OSError`` or
    ``ValueError`` when a token file or an OAuth flag is wrong)."""
    tokens = read_tokens(args.auth_token_file)
    oauth = from_args(args.oauth_issuer, args.oauth_introspect, args.oauth_scope, args.public_url, bool(tokens))
    return HttpSecurity(tokens, args.allow_host or [], args.allow_origin or [], oauth)


def _gateway_of(args: argparse.Namespace, upstreams: list[UpstreamConfig], artifacts: Path) -> Gateway:
    from obsline.integrations.mcp.fleet import Fleet

    fleet = Fleet(args.kafka, args.fleet_timeout, args.topic_prefix) if args.kafka else None
    return Gateway(upstreams, artifacts, contracts_dirs=[Path(c) for c in args.contracts or []] or None,
                   call_timeout=args.call_timeout, max_call_seconds=args.call_max, fleet=fleet,
                   template=args.template, process_task=args.task,
                   write_contracts=Path(args.write_contracts) if args.write_contracts else None,
                   trust_task_claims=args.trust_task_claims, stale_writes=args.stale_writes)


def cmd_task_token(args: argparse.Namespace) -> int:
    """The operator mints the capability for a task id of their own (an agent runtime's)."""
    from obsline.integrations.mcp.tasks import TaskIds
    from obsline.stores.artifacts import ArtifactStore

    print(TaskIds(key=ArtifactStore(args.artifacts).key).capability(args.task))
    return 0


def cmd_intercept(args: argparse.Namespace) -> int:
    from obsline.integrations.mcp.intercept import intercept

    sys.stdout.buffer.write(intercept(sys.stdin.buffer.read(), template=args.template))
    return 0


def add_commands(sub: Any) -> None:
    mcp = sub.add_parser("mcp", help="MCP gateway: answer tool calls with observations")
    msub = mcp.add_subparsers(dest="mcp_command", required=True)
    serve_p = msub.add_parser("serve", help="an MCP server in front of MCP servers (stdio, or --http)")
    serve_p.add_argument("--upstream", action="append", required=True, metavar="NAME=CMD|URL",
                         help="an upstream MCP server: NAME='command args' (stdio) or NAME=http://host:port/mcp; "
                              "repeat for several (tools are then prefixed NAME_)")
    serve_p.add_argument("--http", metavar="HOST:PORT", help="serve streamable HTTP at http://HOST:PORT/mcp "
                                                             "instead of stdio")
    serve_p.add_argument("--artifacts", help="artifact store directory (default: a temporary one, removed on exit)")
    serve_p.add_argument("--contracts", action="append", help="YAML contracts that override the derived ones")
    serve_p.add_argument("--call-timeout", type=float, default=DEFAULT_CALL_TIMEOUT,
                         help="seconds an upstream call may go without a result or a progress notification "
                              "before it is cancelled and answered as TIMEOUT")
    serve_p.add_argument("--stale-writes", choices=("flag", "block"), default="flag",
                         help="a write whose version argument is older than the last one the task observed: "
                              "flag it in _meta (default) or block it (a CONFLICT error, nothing sent)")
    serve_p.add_argument("--call-max", type=float, default=DEFAULT_MAX_CALL_SECONDS,
                         help="seconds an upstream call may take however much progress it reports")
    serve_p.add_argument("--kafka", metavar="BOOTSTRAP", help="fleet mode: observations from the Kafka workers")
    serve_p.add_argument("--fleet-timeout", type=float, default=10.0,
                         help="seconds to wait for the workers before answering with the in-process observation")
    serve_p.add_argument("--topic-prefix", default=os.environ.get("OBSLINE_TOPIC_PREFIX", "obsline."),
                         help="fleet mode: the workers' topic prefix (default $OBSLINE_TOPIC_PREFIX or obsline.)")
    serve_p.add_argument("--write-contracts", metavar="DIR",
                         help="write the contracts derived from the upstreams' tools as YAML into DIR "
                              "(fleet mode: the workers' OBSLINE_CONTRACTS_DIR, so they fold alike)")
    serve_p.add_argument("--task", help="task id of a stdio gateway (default: mcp/<random>)")
    serve_p.add_argument("--auth-token-file", metavar="FILE",
                         help="--http: bearer tokens, one a line ('NAME TOKEN' or 'TOKEN'); also $OBSLINE_MCP_TOKEN")
    serve_p.add_argument("--allow-host", action="append", metavar="HOST[:PORT|:*]",
                         help="--http: a Host header to accept besides loopback's (repeat)")
    serve_p.add_argument("--allow-origin", action="append", metavar="ORIGIN",
                         help="--http: an Origin to accept besides loopback's, e.g. https://app.example (repeat)")
    serve_p.add_argument("--oauth-issuer", metavar="URL",
                         help="--http: the OAuth authorization server issuing tokens for this gateway; served as "
                              "RFC 9728 metadata at /.well-known/oauth-protected-resource/mcp (see oauth.py)")
    serve_p.add_argument("--oauth-introspect", metavar="URL",
                         help="--http: its RFC 7662 introspection endpoint, asked about each bearer token that is "
                              "no static token ($OBSLINE_MCP_INTROSPECT_CLIENT/_SECRET: the gateway's credentials)")
    serve_p.add_argument("--oauth-scope", action="append", metavar="SCOPE", help="--http: a scope a token must hold")
    serve_p.add_argument("--public-url", metavar="URL",
                         help="--http: this gateway's URL as clients reach it (the OAuth resource; "
                              "default http://HOST:PORT/mcp)")
    serve_p.add_argument("--trust-task-claims", action="store_true",
                         help="accept a bare task id in _meta obsline/task (every client trusted); by default "
                              "only a task capability the gateway issued is honoured")
    serve_p.add_argument("--template", choices=("concise", "verbose", "debug"), default="concise")
    serve_p.set_defaults(func=cmd_serve)
    tok = msub.add_parser("task-token", help="print the capability for TASK (a client passes it as _meta "
                                             "obsline/task); needs the gateway's artifact store (its key)")
    tok.add_argument("task")
    tok.add_argument("--artifacts", required=True, help="the gateway's --artifacts directory")
    tok.set_defaults(func=cmd_task_token)
    icp = msub.add_parser("intercept", help="transform one {request, response} JSON from stdin (Docker MCP Gateway "
                                            "after:exec interceptor)")
    icp.add_argument("--template", choices=("concise", "verbose", "debug"), default="concise")
    icp.set_defaults(func=cmd_intercept)
