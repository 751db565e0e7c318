"""Secrets never stored: every API key a client uses, and every key-like environment variable, is
replaced by ``[redacted]`` (in any letter case) in text that leaves a model client and in every
file ragmeter writes (result.json, scores.csv, run.sqlite, the answer cache).

Clients ``register`` the keys they send; ``scrub`` is applied where outside text enters
(the call runner: replies and error messages) and again where text is written (defence in
depth: a key echoed by a server in a form nobody anticipated must still not reach a file).
"""

from __future__ import annotations

import json
import os
import re
import threading

MARK = "[redacted]"
#: shorter values are not treated as secrets: replacing them would mangle ordinary text
MIN_SECRET_LENGTH = 6
#: a key-like environment variable counts when its value looks like a key: long, one word
MIN_ENV_SECRET_LENGTH = 16
_KEY_NAMES = re.compile(r"(API_?KEY|_TOKEN|_SECRET|ACCESS_KEY)$", re.IGNORECASE)

_lock = threading.Lock()
_registered: set[str] = set()
_cache: tuple[frozenset[str], re.Pattern[str] | None] = (frozenset(), None)


def register(secret: str | None) -> None:
    """Remember a secret for the life of the process (an API key a client sends)."""
    if secret and len(secret) >= MIN_SECRET_LENGTH:
        with _lock:
            _registered.add(secret)


def secrets_known() -> frozenset[str]:
    """The registered secrets and the values of key-like environment variables (OPENAI_API_KEY, ...)."""
    from_env = {v for k, v in os.environ.items()
                if _KEY_NAMES.search(k) and len(v) >= MIN_ENV_SECRET_LENGTH and v.split() == [v]}
    with _lock:
        return frozenset(_registered | from_env)


def _pattern() -> re.Pattern[str] | None:
    global _cache
    known = secrets_known()
    if known != _cache[0]:
        forms = {form for s in known for form in (s, json.dumps(s)[1:-1])}  # as is, and as escaped in JSON
        pattern = re.compile("|".join(re.escape(f) for f in sorted(forms, key=len, reverse=True)),
                             re.IGNORECASE) if forms else None
        _cache = (known, pattern)
    return _cache[1]


def scrub(text: str) -> str:
    """``text`` with every known secret, in any letter case, replaced by ``[redacted]``."""
    if not text:
        return text
    pattern = _pattern()
    return pattern.sub(MARK, text) if pattern is not None else text


def scrub_error(exc: BaseException) -> BaseException:
    """The same exception with its message scrubbed (its type and attributes kept)."""
    message = str(exc)
    clean = scrub(message)
    if clean != message:
        exc.args = (clean, *exc.args[1:])
    return exc
