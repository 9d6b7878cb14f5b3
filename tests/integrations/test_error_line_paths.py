"""One model-facing error line (``core.errors.error_line``) on every path: a store that refuses
the vault's write reads the same in-process, through the LangChain middleware and through the
MCP gateway (and on both Kafka engines: tests/streams/test_store_unavailable_kafka.py asserts
the same ``STORE_LINE``); the gateway's own errors are written by the same function. Before, a
store outage was ``MALFORMED retryable=no: stage_exception: observe: StoreError('put secrets/...
to /tmp/...')`` in-process and on the gateway, and the raw passed through unobserved in the
middleware."""

from __future__ import annotations

import os
from pathlib import Path

import orjson
import pytest

from obsline.core.errors import ErrorCode, error_line
from obsline.integrations.mcp.intercept import intercept
from obsline.pipeline import Runner, Stages, Stores
from obsline.stores.artifacts import ArtifactStore
from obsline.stores.objects import Objects
from obsline.stores.vault import SecretVault
from tests.streams.test_store_unavailable import STORE_LINE, break_folder

TOKEN = "ghp_" + "a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8"


def first(text: str) -> str:
    return text.split("\n")[0]


def test_the_error_line_function_writes_every_form() -> None:
    assert error_line(ErrorCode.MALFORMED, False, "bad") == "error MALFORMED retryable=no: bad"
    assert error_line("NOT_FOUND", False) == "error NOT_FOUND retryable=no"
    assert (error_line(ErrorCode.RATE_LIMITED, True, "slow down", tool="429", retry_after="30s")
            == "error RATE_LIMITED (tool: 429) retryable=yes retry_after=30s: slow down")


def test_in_process_store_outage_line(tmp_path: Path) -> None:
    objects = Objects.open(tmp_path / "a")
    stages = Stages.default(artifact_key=b"k" * 32)
    runner = Runner(stages, stores=Stores(ArtifactStore(objects, key=stages.artifact_key), SecretVault.beside(objects)))
    break_folder(tmp_path / "a" / "secrets")
    line = orjson.dumps({"task_id": "t", "step_id": 0, "action_id": "a", "tool": "whoami",
                         "raw": {"user": "u", "token": TOKEN}})
    assert first(runner.process(line).observation.text) == STORE_LINE


def test_the_middleware_gives_the_store_outage_line_not_the_raw(tmp_path: Path) -> None:
    if os.environ.get("CI") != "true":
        pytest.importorskip("langchain", reason="the langchain extra is not installed")
    from langchain.agents import create_agent
    from langchain_core.messages import ToolMessage
    from langchain_core.tools import tool

    from obsline.integrations.langchain import ObslineMiddleware
    from tests.integrations.test_langchain_middleware import call, script

    @tool
    def whoami() -> str:
        """Who the caller is, and their token."""
        return orjson.dumps({"user": "u", "token": TOKEN}).decode()

    store = ArtifactStore(tmp_path / "a")
    middleware = ObslineMiddleware(artifacts=store)
    break_folder(tmp_path / "a" / "secrets")
    agent = create_agent(script([call("c1", "whoami")]), [whoami], middleware=[middleware])
    messages = agent.invoke({"messages": [("user", "go")]}, {"configurable": {"thread_id": "t"}})["messages"]
    (shown,) = [m for m in messages if isinstance(m, ToolMessage)]
    assert first(shown.content) == STORE_LINE and TOKEN not in shown.content


async def test_the_gateway_gives_the_store_outage_line(tmp_path: Path) -> None:
    from mcp import Client
    from mcp.client.stdio import StdioServerParameters

    from tests.integrations.mcp.reference import PYTHON, REPO, gateway_argv

    server = f"{PYTHON} {Path(__file__).parent / 'mcp' / 'secrets_server.py'}"
    (tmp_path / "a").mkdir()
    break_folder(tmp_path / "a" / "secrets")
    params = StdioServerParameters(command=PYTHON, cwd=str(REPO), args=gateway_argv(
        f"sec={server}", extra=("--artifacts", str(tmp_path / "a"))))
    async with Client(params) as client:
        result = await client.call_tool("whoami", {})
    text = result.content[0].text
    assert first(text) == STORE_LINE and TOKEN not in text
    assert result.meta["obsline"]["retryable"] is True


def test_the_interceptors_not_json_line_is_the_functions() -> None:
    out = orjson.loads(intercept(b"{not json"))
    assert out["content"][0]["text"].startswith(error_line(ErrorCode.MALFORMED, False, "interceptor input is not JSON"))
