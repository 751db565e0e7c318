"""Which premise clauses a claim clause copies: those that share the most of its words in order.

The checks that read a claim as a near copy of a premise clause (substitution.py, exchange.py,
another_kind.py) each ask it of their own word lists (sentences, clauses, runs of clauses).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from difflib import SequenceMatcher


class Copies:
    """Word lists (premise sentences, clauses, runs of clauses) and the words each one has."""

    def __init__(self, items: Iterable[Sequence[str]]):
        self.items = list(items)
        self._counts = [Counter(item) for item in self.items]

    def __len__(self) -> int:
        return len(self.items)

    def shared(self, said: Iterable[str]) -> list[int]:
        """How many words each item shares with the given words, counting repeats (the size of
        the two bags' intersection, without building it)."""
        bag = Counter(said).items()
        return [sum(min(n, counts[w]) for w, n in bag if w in counts) for counts in self._counts]

    def closest(self, said: Sequence[str], floor: int) -> tuple[int, list[int]]:
        """How many words, in order, the claim's words share with the items that share the most,
        if at least floor (else 0); and which items those are (the shortest of them)."""
        # at most as many words in order as in common: the likeliest first, the hopeless never
        shared = sorted(((n, k) for k, n in enumerate(self.shared(said)) if n >= floor), reverse=True)
        best: list[int] = []
        best_key = (floor - 1, 0)
        for common, k in shared:
            if common < best_key[0]:
                break
            matched = sum(b.size for b in SequenceMatcher(None, said, self.items[k], autojunk=False).get_matching_blocks())
            key = (matched, -len(self.items[k]))
            if key > best_key:
                best, best_key = [k], key
            elif key == best_key:
                best.append(k)
        return (best_key[0], best) if best else (0, [])
