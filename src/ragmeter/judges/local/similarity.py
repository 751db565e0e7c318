"""How close in meaning two answers are, for answer similarity and answer correctness.

On the SAS dev sets, answer-level human judgements follow the lexical embedding best (an exact
zero for answers sharing nothing keeps unrelated answers apart); dense vectors add credit only
above a cosine of DENSE_FLOOR, for paraphrases. The result is scaled by the agreement of the
numbers the two texts state (text.segments.number_agreement).
"""

from __future__ import annotations

from ...text.segments import number_agreement

DENSE_FLOOR = 0.8


def lifted_similarity(lexical: float, dense: float, a: str, b: str) -> float:
    """The lexical cosine of texts a and b raised toward 1 by how far their dense cosine lies
    above DENSE_FLOOR, times the agreement of their numbers."""
    lex = max(0.0, lexical)
    lift = min(1.0, max(0.0, (dense - DENSE_FLOOR) / (1 - DENSE_FLOOR)))
    return (lex + (1.0 - lex) * lift) * number_agreement(a, b)
