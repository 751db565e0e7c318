"""Errors and warnings a user can cause, each with what went wrong, where, and how to fix it."""

from __future__ import annotations


class RagmeterError(Exception):
    """Base class of every error ragmeter raises on purpose."""


class DatasetError(RagmeterError, ValueError):
    """The evaluation data cannot be used as given (missing column, unreadable file, ...)."""


class ConfigError(RagmeterError, ValueError):
    """An argument or setting is wrong (unknown metric, unknown judge, bad weight, ...)."""


class MissingExtraError(RagmeterError, ImportError):
    """An optional dependency is not installed; the message names the extra that brings it."""

    def __init__(self, package: str, extra: str, purpose: str):
        self.package = package
        self.extra = extra
        super().__init__(
            f"{purpose} needs the '{package}' package, which is not installed. "
            f"Install it with: pip install 'ragmeter[{extra}]'"
        )


class JudgeError(RagmeterError):
    """A judge could not answer. Every error a judge raises on purpose is one of these; the
    engine makes it the metric's ``error`` result, with ``reason()`` as its reason.

    ``stopped_by`` names what stopped the run's calls to the judge ("budget", "endpoint",
    "deadline"; None when one item failed), so that the gate and the exit code can tell a stop
    from a failure; ``raw`` is the judge's reply when it could not be used ("" otherwise)."""

    stopped_by: str | None = None
    raw: str = ""

    def reason(self) -> str:
        return f"{type(self).__name__}: {self}"


class JudgeOutputError(JudgeError):
    """The judge's reply could not be used; ``raw`` is what it said."""

    def __init__(self, message: str, raw: str = ""):
        super().__init__(message)
        self.raw = raw

    def reason(self) -> str:
        return f"the judge's reply could not be used: {self}"


class DryRunCall(JudgeError):
    """Raised instead of calling the model in a dry run when no stand-in reply can be made."""


class BudgetExceeded(JudgeError):
    """The budget would be passed by the next call; finished samples are kept."""

    stopped_by = "budget"


class EndpointDown(JudgeError):
    """The circuit breaker tripped: the run stopped calling the model."""

    stopped_by = "endpoint"


class DeadlineExceeded(JudgeError):
    """The run's deadline passed, or would pass while waiting."""

    stopped_by = "deadline"


class RagmeterWarning(UserWarning):
    """Something in the input was repaired or skipped; the run goes on."""
