"""The LLM judge (judge.py) and its plumbing, kept apart from it: the JSON schemas of its
replies (schemas.py), tolerant parsing of them (parse.py) and what its calls cost (usage.py).
The prompts themselves are versioned files in ragmeter/prompts/. The judge is imported on
first use, so that reading usage figures does not load the judge and its call runner."""

from typing import Any

__all__ = ["LLMJudge"]


def __getattr__(name: str) -> Any:
    if name == "LLMJudge":
        from .judge import LLMJudge

        return LLMJudge
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
