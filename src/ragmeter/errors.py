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


class RagmeterWarning(UserWarning):
    """Something in the input was repaired or skipped; the run goes on."""
