"""Token usage and its price. Prices are USD per million tokens (input, output); pass your
own with ``prices={"openai:my-model": (0.5, 1.5)}`` or RAGMETER_PRICES=path/to/prices.json.
The defaults are list prices noted on 2026-11-01; check your provider's page."""

from __future__ import annotations

import json
import os
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Mapping

DEFAULT_PRICES: dict[str, tuple[float, float]] = {
    "openai:gpt-4o-mini": (0.15, 0.60),
    "openai:gpt-4o": (2.50, 10.00),
    "openai:gpt-4.1-mini": (0.40, 1.60),
    "openai:gpt-4.1": (2.00, 8.00),
    "openai:gpt-3.5-turbo": (0.50, 1.50),
    "anthropic:claude-haiku-4-5": (1.00, 5.00),
    "anthropic:claude-sonnet-4-6": (3.00, 15.00),
    "openai-embeddings:text-embedding-3-small": (0.02, 0.0),
    "openai-embeddings:text-embedding-3-large": (0.13, 0.0),
    "openai-embeddings:text-embedding-ada-002": (0.10, 0.0),
}


def load_prices(overrides: Mapping[str, tuple[float, float]] | None = None) -> dict[str, tuple[float, float]]:
    prices = dict(DEFAULT_PRICES)
    path = os.environ.get("RAGMETER_PRICES")
    if path:
        prices.update({k: tuple(v) for k, v in json.loads(Path(path).read_text()).items()})
    prices.update(overrides or {})
    return prices


def cost_of(price: tuple[float, float] | None, prompt_tokens: int, completion_tokens: int) -> float | None:
    """USD for these tokens at ``price`` (USD per million input and output tokens); None if unpriced."""
    if price is None:
        return None
    return (prompt_tokens * price[0] + completion_tokens * price[1]) / 1e6


@dataclass
class Usage:
    """What the calls of one session used. ``flagged``: replies whose reported token counts were
    unreadable or impossible (more than the request allows) and were counted at the bound."""

    calls: int = 0
    cache_hits: int = 0
    retries: int = 0
    failures: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    cost_usd: float | None = 0.0
    embedding_calls: int = 0
    embedding_tokens: int = 0
    flagged: int = 0

    def add(self, prompt_tokens: int, completion_tokens: int, price: tuple[float, float] | None) -> None:
        self.calls += 1
        self.prompt_tokens += prompt_tokens
        self.completion_tokens += completion_tokens
        self._charge(cost_of(price, prompt_tokens, completion_tokens))

    def add_embedding(self, tokens: int, price: tuple[float, float] | None) -> None:
        self.embedding_calls += 1
        self.embedding_tokens += tokens
        self._charge(cost_of(price, tokens, 0))

    def _charge(self, cost: float | None) -> None:
        if cost is None:
            self.cost_usd = None
        elif self.cost_usd is not None:
            self.cost_usd += cost

    def to_dict(self) -> dict:
        return asdict(self)


def price_of(model_id: str, prices: Mapping[str, tuple[float, float]]) -> tuple[float, float] | None:
    if model_id in prices:
        return prices[model_id]
    # "openai:gpt-4o-mini-2024-07-18" is priced as "openai:gpt-4o-mini"
    matches = [k for k in prices if model_id.startswith(k)]
    return prices[max(matches, key=len)] if matches else None
