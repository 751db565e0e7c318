"""What the support features read of a set of premises, computed once per set."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Callable, Sequence

import numpy as np

from ...text.segments import (
    MEMO_CHARS,
    content_and_negation,
    content_set,
    numbers,
    premise_sentences,
    premise_windows,
    split_clauses,
    tokens,
)


@dataclass
class PremiseView:
    """Everything about a set of premises that the support features need, computed once."""

    windows: list[str]
    window_vectors: np.ndarray  # unit rows
    all_tokens: frozenset[str]
    all_numbers: frozenset[str]
    raw_words: frozenset[str]  # lower-cased, unstemmed words, for names (names.py)
    token_vectors: np.ndarray  # unit rows of the premises' distinct content tokens
    window_token_vectors: np.ndarray  # the content-token vectors of every window, one after another
    window_starts: np.ndarray  # where each window's rows begin (windows without tokens left out)
    clauses: list[tuple[frozenset[str], bool, frozenset[str]]]  # segments.content_and_negation of each clause
    sentences: list[str]  # the premises' sentences, for direction, opposites, quantities and frequency
    clause_texts: list[str]  # the clauses themselves, in the order of ``clauses``


@dataclass(frozen=True)
class PremiseText:
    """What the view reads of one premise's text alone."""

    numbers: frozenset[str]
    words: frozenset[str]  # lower-cased, unstemmed
    clauses: tuple[tuple[frozenset[str], bool, frozenset[str]], ...]
    sentences: tuple[str, ...]
    clause_texts: tuple[str, ...]


def _read(premise: str) -> PremiseText:
    clauses = tuple(split_clauses(premise))
    return PremiseText(numbers(premise), frozenset(tokens(premise)), tuple(content_and_negation(c) for c in clauses),
                       tuple(premise_sentences(premise)), clauses)


# a premise is read once for all the metrics that ask about it (faithfulness, context recall and
# precision read the same contexts); premises up to MEMO_CHARS long, the last 2,048 of them: with
# what the text memos keep of their sentences, 8,192 premises took 131 MB at 1,000 characters
# and 440 MB at 4,000, so 2,048 stay within about 110 MB
_read_memo = lru_cache(maxsize=2048)(_read)


def read_premise(premise: str) -> PremiseText:
    return _read_memo(premise) if len(premise) <= MEMO_CHARS else _read(premise)


def premise_view(premises: Sequence[str], vecs: dict[str, np.ndarray], static: Any,
                 token_ids: Callable[[list[str]], list[np.ndarray]]) -> PremiseView:
    """The view of these premises: vecs holds the sentence vector of each premise window,
    static is the static embedder (token and word vectors), token_ids gives content-token ids."""
    windows = premise_windows(premises)
    ids = np.unique(np.concatenate(token_ids(list(premises)) or [np.zeros(0, np.int64)]))
    window_ids = [w for w in (token_ids(windows) if windows else []) if len(w)]
    sets = [content_set(w) for w in windows]
    sizes = [len(w) for w in window_ids]
    read = [read_premise(p) for p in premises]
    return PremiseView(
        windows=windows,
        window_vectors=np.stack([vecs[w] for w in windows]) if windows else np.zeros((0, 1), np.float32),
        all_tokens=frozenset().union(*sets) if sets else frozenset(),
        all_numbers=frozenset().union(*(r.numbers for r in read)),
        raw_words=frozenset().union(*(r.words for r in read)),
        token_vectors=static.token_vectors(ids.astype(np.int64)),
        window_token_vectors=static.token_vectors(np.concatenate(window_ids).astype(np.int64)) if window_ids
        else np.zeros((0, static.dim), np.float32),
        window_starts=np.cumsum([0] + sizes[:-1], dtype=np.int64) if sizes else np.zeros(0, np.int64),
        clauses=[c for r in read for c in r.clauses],
        sentences=[s for r in read for s in r.sentences],
        clause_texts=[c for r in read for c in r.clause_texts],
    )
