"""The gateway's retry advice comes from the record path's typed fields: a call to a tool that
is not idempotent which the upstream never answered (a timeout, a failure, a store outage after
it ran) is ``retryable=no`` with its ``next:`` line in the stages' own error line
(``adapters.error_codes.not_idempotent``, ``core.errors.error_line``), and the observation's
``error`` says so too, so the retry signal, ``_meta`` and a fleet worker's observation agree.
Before, the gateway rewrote ``retryable=`` in the rendered text with a regex
(``mapping.with_advice``) and the observation kept ``retryable=True`` (and its ``retry 1: wait``
line beside ``retryable=no``)."""

from __future__ import annotations

from pathlib import Path

import orjson

from obsline.adapters.error_codes import NOT_IDEMPOTENT_ADVICE
from obsline.core.models import Observation
from obsline.integrations.mcp import mapping
from obsline.integrations.mcp.tasks import CallIds
from obsline.pipeline import Runner, Stages, Stores
from obsline.stores.artifacts import ArtifactStore
from obsline.stores.vault import SecretVault
from tests.streams.test_store_unavailable import break_folder

NOTE = NOT_IDEMPOTENT_ADVICE
NEXT = f"next: {NOTE}"


def _observe(raw: object, *, idempotent: bool, runner: Runner | None = None, step: int = 0) -> Observation:
    runner = runner or Runner(Stages.default())
    line = mapping.encode(mapping.envelope(CallIds("t", step, f"a{step}", "session"), "charge", {"amount": 5}, raw,
                                           error=True, upstream="pay", idempotent=idempotent))
    return runner.process(line).observation


def test_an_unanswered_call_to_a_tool_that_is_not_idempotent_is_not_retryable_in_the_stages() -> None:
    obs = _observe(mapping.failure_raw("no answer within 1s", "TIMEOUT", "a0"), idempotent=False)
    assert obs.error is not None and obs.error.retryable is False and obs.error.suggested_actions == [NOTE]
    lines = obs.text.split("\n")
    assert lines[0].startswith("error TIMEOUT") and "retryable=no: no answer within 1s" in lines[0]
    assert lines[1] == NEXT
    assert not any(line.startswith("retry ") for line in lines)  # the signal agrees: no "retry 1: wait"


def test_an_idempotent_tool_keeps_the_codes_own_advice() -> None:
    obs = _observe(mapping.failure_raw("no answer within 1s", "TIMEOUT", "a0"), idempotent=True)
    assert obs.error is not None and obs.error.retryable is True
    assert "retryable=yes: no answer within 1s" in obs.text.split("\n")[0] and NEXT not in obs.text


def test_the_upstreams_own_timeout_and_other_errors_of_such_a_tool() -> None:
    timeout = {"isError": True, "content": [{"type": "text", "text": "upstream timed out after 30 seconds"}]}
    read = _observe(timeout, idempotent=False)
    assert read.error is not None and read.error.code.value == "TIMEOUT" and not read.error.retryable
    assert NEXT in read.text.split("\n")
    refused = _observe({"error": {"code": "NOT_FOUND", "message": "no such card"}}, idempotent=False)
    assert refused.error is not None and refused.error.suggested_actions != [NOTE] and NEXT not in refused.text


def test_a_store_outage_after_the_call_ran_says_it_may_have_taken_effect(tmp_path: Path) -> None:
    stages = Stages.default(artifact_key=b"k" * 32)
    store = ArtifactStore(tmp_path / "a", key=stages.artifact_key)
    runner = Runner(stages, stores=Stores(store, SecretVault.beside(store.objects)))
    break_folder(tmp_path / "a" / "secrets")
    raw = {"charged": True, "token": "ghp_" + "a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8"}
    obs = _observe(orjson.loads(orjson.dumps(raw)), idempotent=False, runner=runner)
    assert obs.metadata["rejected"] == "store_unavailable"
    assert obs.text.split("\n")[0].startswith("error UPSTREAM_FAILURE retryable=no: store_unavailable")
    assert obs.text.split("\n")[1] == NEXT
