"""One JSON request over HTTP, as the API clients (OpenAI-compatible, Anthropic) send it: the
reply is read in chunks up to a size cap (a huge or endless reply is cut off with an error, in
bounded memory), connecting is given at most 10 s (an unreachable host fails fast), and each
failure is classified for the call runner (retry or not; counted by the circuit breaker or not).
Text taken from a reply into an error message is scrubbed of secrets."""

from __future__ import annotations

import datetime as dt
import email.utils
import json
import ssl
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Mapping

import httpx

from ..redaction import scrub
from .base import PermanentError, TransientError

MAX_REPLY_BYTES = 10_000_000
CONNECT_TIMEOUT_S = 10.0


class ReplyTooLarge(PermanentError):
    """The reply passed the size cap; it was cut off unread (asking again would do the same)."""


def client_timeout(timeout: float) -> httpx.Timeout:
    """``timeout`` per read or write, and at most 10 s to connect."""
    return httpx.Timeout(timeout, connect=min(timeout, CONNECT_TIMEOUT_S))


@lru_cache(maxsize=1)
def tls_context() -> ssl.SSLContext:
    """One TLS context for every client of the process, made as httpx makes its default (certifi's
    certificates, or SSL_CERT_FILE / SSL_CERT_DIR when set, as the process started with them):
    building one costs about 30 ms, and a client is made per event loop (each synchronous
    ``evaluate`` runs its own)."""
    return httpx.create_ssl_context()


def async_client(base_url: str, headers: Mapping[str, str], timeout: float) -> httpx.AsyncClient:
    """An API client: its base URL and headers, ``client_timeout(timeout)``, the shared TLS context."""
    return httpx.AsyncClient(base_url=base_url, headers=dict(headers), timeout=client_timeout(timeout),
                             verify=tls_context())


def retry_after(headers: Mapping[str, str]) -> float | None:
    """Retry-After in seconds: a number, or an HTTP date; None when absent or unreadable."""
    value = headers.get("retry-after")
    if value is None:
        return None
    try:
        return max(0.0, float(value))
    except ValueError:
        pass
    try:
        when = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    if when.tzinfo is None:
        when = when.replace(tzinfo=dt.timezone.utc)
    return max(0.0, (when - dt.datetime.now(dt.timezone.utc)).total_seconds())


def rate_limit_headers(headers: Mapping[str, str]) -> dict[str, str]:
    """The rate-limit headers of a reply (x-ratelimit-*, anthropic-ratelimit-*), lower-cased."""
    return {k.lower(): v for k, v in headers.items() if "ratelimit" in k.lower()}


@dataclass
class Reply:
    status: int
    headers: httpx.Headers
    body: bytes

    def text(self) -> str:
        return self.body.decode("utf-8", errors="replace")

    def json(self) -> Any:
        try:
            return json.loads(self.body)
        except (ValueError, UnicodeDecodeError):
            raise TransientError("the server's reply was not JSON", kind="reply") from None


async def post(client: httpx.AsyncClient, path: str, payload: dict[str, Any], where: str,
               max_bytes: int = MAX_REPLY_BYTES) -> Reply:
    """POST ``payload`` as JSON and read the reply, at most ``max_bytes`` of it."""
    try:
        async with client.stream("POST", path, json=payload) as response:
            declared = response.headers.get("content-length", "")
            if declared.isdigit() and int(declared) > max_bytes:
                raise _too_large(where, f"it announced {int(declared):,} bytes", max_bytes)
            body = bytearray()
            async for chunk in response.aiter_bytes():
                body += chunk
                if len(body) > max_bytes:
                    raise _too_large(where, "it went on", max_bytes)
            return Reply(response.status_code, response.headers, bytes(body))
    except httpx.TimeoutException as exc:
        raise TransientError(f"timed out ({type(exc).__name__}) at {where}", kind="timeout") from None
    except httpx.TransportError as exc:
        raise TransientError(f"connection failed: {type(exc).__name__} at {where}", kind="connection") from None


def _too_large(where: str, how: str, max_bytes: int) -> ReplyTooLarge:
    return ReplyTooLarge(f"the reply from {where} was cut off at {max_bytes / 1e6:g} MB ({how}); "
                         "a judge's reply is a few kilobytes: check the server")


def raise_for_status(reply: Reply, where: str) -> None:
    """429 and 5xx are worth retrying; any other 4xx is not (401/403/404: wrong key or endpoint)."""
    status = reply.status
    if status == 429:
        raise TransientError(f"rate limited (HTTP 429) at {where}", retry_after(reply.headers), rate_limited=True)
    if status >= 500:
        raise TransientError(f"server error (HTTP {status}) at {where}", retry_after(reply.headers), kind="server")
    if status >= 400:
        raise PermanentError(f"HTTP {status} from {where}: {scrub(reply.text()[:300])}", status)


# ---- exceptions of provider SDKs (openai, anthropic, httpx under LangChain and LlamaIndex) ----------
_TIMEOUT_NAMES = ("Timeout",)
_CONNECTION_NAMES = ("APIConnection", "ConnectionError", "ConnectError", "RemoteProtocol", "ReadError",
                     "WriteError", "ServiceUnavailable", "Overloaded", "InternalServer")


def status_of(exc: BaseException) -> int | None:
    """The HTTP status an SDK's exception carries (``status_code``, ``response.status_code`` or ``status``)."""
    for value in (getattr(exc, "status_code", None), getattr(getattr(exc, "response", None), "status_code", None),
                  getattr(exc, "status", None)):
        if isinstance(value, int) and not isinstance(value, bool) and 100 <= value < 600:
            return value
    return None


def _chain(exc: BaseException) -> list[BaseException]:
    seen: list[BaseException] = []
    while exc is not None and exc not in seen and len(seen) < 8:
        seen.append(exc)
        exc = exc.__cause__ or exc.__context__  # type: ignore[assignment]
    return seen


def classify(exc: BaseException) -> Exception:
    """Map any client's exception to TransientError (retried) or PermanentError (not): by HTTP
    status first (429, 408, 409 and 5xx retried; any other 4xx not), then by type, along the
    exception's causes: timeouts and connection failures are retried, anything else is not."""
    if isinstance(exc, (TransientError, PermanentError)):
        return exc
    name = type(exc).__name__
    text = f"{name}: {scrub(str(exc))[:300]}"
    status = status_of(exc)
    headers = getattr(getattr(exc, "response", None), "headers", None) or {}
    if status == 429 or (status is None and "RateLimit" in name):
        return TransientError(f"rate limited (HTTP 429): {text}", retry_after(headers), rate_limited=True)
    if status is not None and (status >= 500 or status in (408, 409)):
        return TransientError(f"HTTP {status}: {text}", retry_after(headers), kind="timeout" if status == 408 else "server")
    if status is not None and status >= 400:
        return PermanentError(f"HTTP {status}: {text}", status)
    for cause in _chain(exc):
        kind = type(cause).__name__
        if isinstance(cause, (TimeoutError, httpx.TimeoutException)) or any(t in kind for t in _TIMEOUT_NAMES):
            return TransientError(text, kind="timeout")
        if isinstance(cause, (ConnectionError, httpx.TransportError)) or any(t in kind for t in _CONNECTION_NAMES) \
                or (isinstance(cause, RuntimeError) and "event loop is closed" in str(cause).lower()):
            return TransientError(text, kind="connection")
    return PermanentError(text)


#: words of an error that refuses a structured-output feature (response_format, tools, JSON mode)
_FEATURE_WORDS = ("response_format", "json_schema", "json_object", "json mode", "schema", "tool", "function",
                  "structured", "output_config", "output_format")


def refuses_feature(exc: BaseException) -> bool:
    """Whether an error says the server (or client library) does not support the structured-output
    feature the request used: a 400/422 naming it, or a client that cannot build the request."""
    if isinstance(exc, (NotImplementedError, TypeError)):
        return True
    status = exc.status if isinstance(exc, PermanentError) else status_of(exc)
    if isinstance(exc, ValueError) and status is None:
        return True  # e.g. LangChain: "Unrecognized structured output method"
    return status in (400, 422) and any(w in str(exc).lower() for w in _FEATURE_WORDS)
