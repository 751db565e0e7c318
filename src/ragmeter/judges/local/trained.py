"""How the local judge asks its trained pair models: ragmeter's own cross-encoders (claim
verifier, answer relevance) and an optional outside NLI cross-encoder.

Each returns, per claim, the best reading over the claim's closest premise windows (MiniCheck's
recipe for long contexts, Tang et al. 2024: judge the claim against each chunk, keep the best).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable, Sequence

import numpy as np

NO_WINDOW_LOGIT = -10.0  # a claim with no premise window: nothing states it


def cross_encoder(kind: str, spec: bool | str | Path) -> Any:
    """One of ragmeter's trained cross-encoders (models/cross_encoder.py): the shipped one for
    True, a file for a path, none for False."""
    if spec is False:
        return None
    from ...models.cross_encoder import OnnxCrossEncoder

    return OnnxCrossEncoder(kind if spec is True else spec)


def best_verified(verifier: Any, closest: Sequence[tuple[str, list[str]]], memo: dict | None = None,
                  limit: int = 50_000) -> list[tuple[float, str | None]]:
    """The verifier's highest logit for each (claim, its closest windows) over those windows, and
    the window that gave it (NO_WINDOW_LOGIT and None where there is no window). Each distinct
    (claim, window) is read once: within the call, and across calls through ``memo`` (a judge's
    own, at most ``limit`` pairs), as context recall and precision ask of the same pairs. A
    pair's logit does not depend on what it is read with, so remembering it changes no score."""
    memo = {} if memo is None else memo
    wanted = list(dict.fromkeys((text, window) for text, windows in closest for window in windows))
    if len(memo) + len(wanted) > limit:
        memo.clear()
    new = [pair for pair in wanted if pair not in memo]
    if new:
        memo.update(zip(new, (float(x) for x in verifier.logits(new))))
    out: list[tuple[float, str | None]] = []
    for text, windows in closest:
        found = [(memo[(text, w)], w) for w in windows]
        out.append(max(found) if found else (NO_WINDOW_LOGIT, None))
    return out


def best_entailment(nli: Any, claims: Sequence[tuple[Sequence[str], str]], vectors: Callable, top: int) -> np.ndarray:
    """An outside NLI model's highest entailment probability of each (premise windows, claim)
    over the `top` windows closest to the claim (by the judge's sentence vectors)."""
    queries: list[tuple[str, str]] = []
    spans: list[tuple[int, int]] = []
    for windows, claim in claims:
        if not windows:
            spans.append((len(queries), len(queries)))
            continue
        vecs = vectors(list(windows) + [claim])
        sims = np.array([vecs[w] @ vecs[claim] for w in windows])
        chosen = [windows[k] for k in np.argsort(-sims)[:top]]
        spans.append((len(queries), len(queries) + len(chosen)))
        queries.extend((w, claim) for w in chosen)
    probs = nli.entailment(queries)
    return np.array([probs[a:b].max() if b > a else 0.0 for a, b in spans])
