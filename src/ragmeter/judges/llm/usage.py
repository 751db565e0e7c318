"""What an LLM judge's calls cost, by prompt and by metric.

The call runner counts each prompt's calls, cache hits, repairs, tokens and cost exactly
(``provenance["judge"]["usage"]["by_prompt"]``). A call can serve several metrics (one
claims-and-support call checks the answer for faithfulness and the reference for context
recall), so a metric's share is an attribution: each prompt's figures are split evenly between
the metrics of the run that ask it (``usage_by_metric``).
"""

from __future__ import annotations

from typing import Any, Iterable, Mapping

#: which metrics ask each prompt of the LLM judge ("embeddings": remote embedding calls)
PROMPT_USERS: dict[str, tuple[str, ...]] = {
    "claims_support": ("faithfulness", "context_recall", "answer_correctness"),
    "claims": ("faithfulness", "answer_correctness"),
    "support": ("answer_correctness",),
    "usefulness": ("context_precision",),
    "relevant_sentences": ("context_relevancy",),
    "answer_relevance": ("answer_relevancy",),
    "embeddings": ("answer_relevancy", "answer_similarity", "answer_correctness"),
}

FIGURES = ("calls", "cache_hits", "repairs", "prompt_tokens", "completion_tokens", "cost_usd")


def by_prompt(usage_by_prompt: Mapping[str, Mapping[str, Any]]) -> dict[str, dict[str, Any]]:
    """The runner's per-prompt figures, each with the metrics that ask that prompt."""
    return {name: {**figures, "used_by": list(PROMPT_USERS.get(name, ()))}
            for name, figures in sorted(usage_by_prompt.items())}


def usage_by_metric(prompts: Mapping[str, Mapping[str, Any]], metrics: Iterable[str]) -> dict[str, dict[str, Any]]:
    """Each metric's share of the calls, tokens and cost of the prompts it asks: a prompt's
    figures split evenly between the run's ``metrics`` that ask it."""
    run = list(metrics)
    out: dict[str, dict[str, Any]] = {m: {k: 0.0 for k in FIGURES} | {"prompts": []} for m in run}
    for name, figures in prompts.items():
        users = [m for m in PROMPT_USERS.get(name, ()) if m in out]
        for metric in users:
            share = out[metric]
            share["prompts"].append(name)
            for key in FIGURES:
                value = figures.get(key, 0)
                share[key] = None if value is None or share[key] is None else share[key] + value / len(users)
    for share in out.values():
        for key in FIGURES:
            if share[key] is not None:
                share[key] = round(share[key], 10 if key == "cost_usd" else 2)
    return out


def usage_by_metric_of(provenance: Mapping[str, Any]) -> dict[str, dict[str, Any]]:
    """``usage_by_metric`` of a Result's provenance (empty for a judge that makes no calls)."""
    prompts = ((provenance.get("judge") or {}).get("usage") or {}).get("by_prompt")
    if not prompts:
        return {}
    return usage_by_metric(prompts, (provenance.get("metrics") or {}).keys())


def add_usage_by_metric(provenance: dict[str, Any]) -> dict[str, Any]:
    """Put ``usage_by_metric_of(provenance)`` in ``provenance["judge"]["usage"]["by_metric"]``
    (nothing for a judge that makes no calls); returns ``provenance``."""
    split = usage_by_metric_of(provenance)
    if split:
        provenance["judge"]["usage"]["by_metric"] = split
    return provenance
