"""Judges answer the primitive questions; pick one by name or pass an instance."""

from __future__ import annotations

import sys
from typing import Any

from ..errors import ConfigError, MissingExtraError
from .base import Judge
from .lexical import LexicalJudge

JUDGE_NAMES = ("local", "local-fast", "lexical", "local:<sentence-transformers model or folder>")


def _local_available(extra: bool = False) -> bool:
    """Can the local judge run: it reads its static table with tokenizers and numpy. With
    ``extra``, is the [local] extra installed (onnxruntime too, for its MiniLM and trained
    models): tokenizers alone also comes with transformers, and without onnxruntime the judge
    runs without its models."""
    import importlib.util

    needed = ("tokenizers", "onnxruntime") if extra else ("tokenizers",)
    return all(importlib.util.find_spec(name) is not None for name in needed)


def default_judge(notice=None) -> Judge:
    """The local-model judge when ``[local]`` is installed, else the lexical judge with a notice."""
    if _local_available(extra=True):
        from .local.judge import LocalJudge

        return LocalJudge()
    message = ("ragmeter: the [local] extra is not installed, so the lexical judge is used. "
               "For the stronger offline judge: pip install 'ragmeter[local]'")
    (notice or (lambda m: print(m, file=sys.stderr)))(message)
    return LexicalJudge()


LLM_OPTIONS = ("cache", "budget", "dry_run", "max_concurrency", "rpm", "tpm", "timeout", "prices", "max_retries",
               "rate_limiter")


def llm_judge(llm: Any, embeddings: Any = None, cache: Any = True, budget: float | None = None, dry_run: bool = False,
              max_concurrency: int = 64, rpm: int | None = None, tpm: int | None = None, timeout: float = 60.0,
              prices: dict | None = None, max_retries: int = 6, rate_limiter: Any = None) -> Judge:
    from ..cache import Cache
    from ..models.resolve import resolve_embeddings, resolve_llm
    from ..runner import RunnerSettings
    from .llm.judge import LLMJudge

    if isinstance(cache, (str, bytes)) or hasattr(cache, "__fspath__"):
        cache = Cache(cache)
    settings = RunnerSettings(timeout=timeout, max_retries=max_retries, max_concurrency=max_concurrency, rpm=rpm, tpm=tpm,
                              budget_usd=budget, prices=dict(prices or {}), dry_run=dry_run, rate_limiter=rate_limiter)
    return LLMJudge(resolve_llm(llm), resolve_embeddings(embeddings), cache=cache, settings=settings)


def resolve_judge(judge: Any = None, llm: Any = None, embeddings: Any = None, **llm_options: Any) -> Judge:
    unknown = set(llm_options) - set(LLM_OPTIONS)
    if unknown:
        raise ConfigError(f"unknown option(s) {sorted(unknown)}; LLM judge options are {', '.join(LLM_OPTIONS)}.")
    if isinstance(judge, Judge):
        return judge
    if llm is not None:
        return llm_judge(llm, embeddings, **llm_options)
    if embeddings is not None:
        raise ConfigError("embeddings= goes with an LLM judge (llm=...); for the offline judge pass "
                          "judge=LocalJudge(embedder=...) or judge='local:MODEL_FOLDER'.")
    if judge is None:
        return default_judge()
    if isinstance(judge, str):
        name = judge.strip().lower()
        if name == "lexical":
            return LexicalJudge()
        if name in ("local", "local-fast", "local-contextual") or name.startswith("local:"):
            if not _local_available():
                raise MissingExtraError("tokenizers", "local", "The local judge")
            from .local.judge import LocalJudge

            # "local-contextual" is what "local" was called before token states became its default
            embedder = judge.strip()[len("local:"):] if ":" in name else None
            return LocalJudge(embedder=embedder or None, contextual=False if name == "local-fast" else None)
        raise ConfigError(f"unknown judge '{judge}'. Known judges: {', '.join(JUDGE_NAMES)}.")
    raise ConfigError(f"cannot use {judge!r} as a judge; pass 'local', 'lexical' or a Judge instance.")


__all__ = ["Judge", "LexicalJudge", "resolve_judge", "default_judge", "JUDGE_NAMES"]
