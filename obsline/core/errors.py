"""Errors and the stable error taxonomy.

    ObslineError               root of everything obsline raises
    ├── ContractError          a tool contract is invalid (names file, field, problem)
    ├── EnvelopeError          a raw-result envelope failed validation (code MALFORMED)
    └── ArtifactError          an artifact is missing, expired or not readable by the caller

``ErrorCode`` is the closed set of codes an observation's ``error.code`` can take;
``RETRYABLE`` says which of them are worth retrying unchanged. ``error_line`` writes the one
line a model reads for an error, wherever it comes from (a tool's error, a rejected envelope,
a store outage, the MCP gateway's own errors).
"""

from __future__ import annotations

from enum import StrEnum


class ErrorCode(StrEnum):
    TIMEOUT = "TIMEOUT"
    RATE_LIMITED = "RATE_LIMITED"
    AUTH_FAILED = "AUTH_FAILED"
    PERMISSION_DENIED = "PERMISSION_DENIED"
    INVALID_ARGUMENT = "INVALID_ARGUMENT"
    NOT_FOUND = "NOT_FOUND"
    CONFLICT = "CONFLICT"
    UPSTREAM_FAILURE = "UPSTREAM_FAILURE"
    TOO_LARGE = "TOO_LARGE"
    MALFORMED = "MALFORMED"
    COMMAND_FAILED = "COMMAND_FAILED"  # a command or program exited non-zero (or crashed): not worth re-running unchanged
    UNKNOWN = "UNKNOWN"


RETRYABLE: frozenset[ErrorCode] = frozenset(
    {ErrorCode.TIMEOUT, ErrorCode.RATE_LIMITED, ErrorCode.UPSTREAM_FAILURE}
)


def error_line(code: ErrorCode | str, retryable: bool, message: str | None = None, *, tool: str = "",
               retry_after: str = "") -> str:
    """The model-facing error line: ``error CODE[ (tool: X)] retryable=yes|no[ retry_after=T][: message]``.
    Every path writes it here (sinks/observe.py, ``Stages.rejected``, the MCP gateway), so the
    same failure reads the same everywhere; ``tool`` is the tool's own code, ``retry_after`` the
    wait as text. ``message`` None: the head alone (a caller that fences the message below it)."""
    value = code.value if isinstance(code, ErrorCode) else code
    head = (f"error {value}{f' (tool: {tool})' if tool else ''} retryable={'yes' if retryable else 'no'}"
            f"{f' retry_after={retry_after}' if retry_after else ''}")
    return head if message is None else f"{head}: {message}"


class ObslineError(Exception):
    """Root of every error obsline raises."""

    code: ErrorCode = ErrorCode.UNKNOWN

    @property
    def retryable(self) -> bool:
        return self.code in RETRYABLE


class ContractError(ObslineError):
    """A tool contract is invalid; the message names the file, the field and the problem."""

    code = ErrorCode.INVALID_ARGUMENT

    def __init__(self, source: str, field: str, problem: str) -> None:
        self.source, self.field, self.problem = source, field, problem
        super().__init__(f"{source}: {field}: {problem}")


class EnvelopeError(ObslineError):
    """A raw-result envelope failed validation."""

    code = ErrorCode.MALFORMED

    def __init__(self, problems: list[str]) -> None:
        self.problems = problems
        super().__init__("; ".join(problems))


class ArtifactError(ObslineError):
    """An artifact cannot be returned to this caller."""

    def __init__(self, code: ErrorCode, message: str) -> None:
        self.code = code
        super().__init__(message)
