"""Versioned prompt files. Each file: a ``version:`` line, the system text, a line
``=== user ===`` and the user text, in which ``{data}`` stands for the JSON data block.

A prompt's version is part of every cache key: change the text, bump the version.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

FOLDER = Path(__file__).parent


@dataclass(frozen=True)
class Prompt:
    name: str
    version: str
    system: str
    user: str

    @property
    def id(self) -> str:
        return f"{self.name}@{self.version}"


@lru_cache(maxsize=None)
def load_prompt(name: str) -> Prompt:
    text = (FOLDER / f"{name}.txt").read_text(encoding="utf-8")
    head, _, rest = text.partition("\n")
    if not head.startswith("version:"):
        raise ValueError(f"prompt {name}: the first line must be 'version: N'")
    system, marker, user = rest.partition("=== user ===")
    if not marker or "{data}" not in user:
        raise ValueError(f"prompt {name}: needs a '=== user ===' line and a {{data}} placeholder")
    return Prompt(name, head.split(":", 1)[1].strip(), system.strip(), user.strip())


def prompt_versions() -> dict[str, str]:
    return {p.stem: load_prompt(p.stem).version for p in sorted(FOLDER.glob("*.txt"))}
