"""The LLM judge (judge.py) and its plumbing, kept apart from it: the JSON schemas of its
replies (schemas.py), tolerant parsing of them (parse.py) and what its calls cost (usage.py).
The prompts themselves are versioned files in ragmeter/prompts/."""

from .judge import LLMJudge

__all__ = ["LLMJudge"]
