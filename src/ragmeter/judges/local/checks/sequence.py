"""Two steps told in the other order.

"Use the beclometasone preventer first, then the salbutamol reliever" where the passage says
to take the reliever first and the preventer after; "run make deploy before make migrate" where
it says migrate first. Every word of the claim is in the passage, often in one sentence, so
overlap and sentence vectors call it supported, and the claim rewords the sentence too much for
the exchanged-slots check (exchange.py), which reads copies word by word.

Each text is read for ordered pairs of steps, (earlier, later), marked by words that say which
comes first: "A first, then B", "first A, then B", "A before B", "before B, A", "B after A",
"after A, B", "A, followed by B". A step is the clause around its marker; of each pair only
the words the two steps do not share count (what tells the steps apart). The claim is flagged
where a premise pair holds the claim's earlier step in its later one and the claim's later step
in its earlier one (at least half of each step's words), and no premise pair has them in the
claim's order (a passage may warn
"running deploy before migrate makes the code fail": the claim may take its order from there).
A claim or premise sentence with a negation is not read ("may not really process the numbers
after the dollar amount"): the negation check reads it.
"""

from __future__ import annotations

import re

from ....text.segments import content_set, memo_short, negated

# a step ends at a comma, semicolon, colon or the end of the sentence; not at a comma inside a number
_STEP_END = r"(?=[,;:]|\.(?:\s|$)|$)"
_PATTERNS = (  # (pattern, whether group "a" is the earlier step)
    (re.compile(rf"(?:^|[,;:]\s*)(?P<a>[^,;:]*?\bfirst\b[^,;:]*?)(?:[,;:][^.;]*?\s|\s+(?:and\s+)?)then\b"
                rf"(?P<b>[^,;:]*){_STEP_END}", re.I), True),
    (re.compile(rf"(?:^|[,;:]\s*)(?P<a>[^,;:]*?)\s\bbefore\b(?P<b>[^,;:]*){_STEP_END}", re.I), True),
    (re.compile(rf"(?:^|[,;:]\s*)before\b(?P<b>[^,;:]*),(?P<a>[^,;:]*){_STEP_END}", re.I), True),
    (re.compile(rf"(?:^|[,;:]\s*)(?P<b>[^,;:]*?)\s\bafter\b(?P<a>[^,;:]*){_STEP_END}", re.I), True),
    (re.compile(rf"(?:^|[,;:]\s*)after\b(?P<a>[^,;:]*),(?P<b>[^,;:]*){_STEP_END}", re.I), True),
    (re.compile(rf"(?:^|[,;:]\s*)(?P<a>[^,;:]*?),?\s+followed\s+by\b(?P<b>[^,;:]*){_STEP_END}", re.I), True),
)
_MARKERS = content_set("first then before after followed by next later earlier")
_ANY_MARKER = re.compile(r"\b(?:first|then|before|after|followed by)\b", re.I)

Steps = tuple[tuple[frozenset[str], frozenset[str]], ...]


@memo_short
def ordered_steps(text: str) -> Steps:
    """(earlier, later) pairs of the text: each step's content words that the other step lacks;
    pairs whose steps differ in no word are left out."""
    if not _ANY_MARKER.search(text):
        return ()
    out = []
    for sentence in re.split(r"(?<=[.!?])\s+", text):
        for pattern, _ in _PATTERNS:
            for m in pattern.finditer(sentence):
                a, b = content_set(m.group("a")) - _MARKERS, content_set(m.group("b")) - _MARKERS
                earlier, later = a - b, b - a
                if earlier and later:
                    out.append((earlier, later))
    return tuple(out)


def _order(claim: tuple[frozenset[str], frozenset[str]], premise: tuple[frozenset[str], frozenset[str]]) -> int:
    """+1 where the premise pair has the claim's steps in its order, -1 in the other order
    (each of the claim's steps found, at least half of its words, in the premise's other step),
    0 where it is not about both steps."""
    (first, then), (p_first, p_then) = claim, premise
    same = len(first & p_first) + len(then & p_then)
    crossed = len(first & p_then) + len(then & p_first)
    if crossed > same and 2 * len(first & p_then) >= len(first) and 2 * len(then & p_first) >= len(then):
        return -1
    if same > crossed and first & p_first and then & p_then:
        return 1
    return 0


def sequence_swap(claim: str, sentences) -> float:
    """1.0 when a premise sentence tells two of the claim's steps in the other order and none
    in the claim's (see the module's docstring), else 0.0."""
    pairs = ordered_steps(claim)
    if not pairs or negated(claim):  # "not before" may well be "after": left to the negation check
        return 0.0
    theirs = [p for s in sentences if not negated(s) for p in ordered_steps(s)]
    for pair in pairs:
        orders = {_order(pair, p) for p in theirs}
        if -1 in orders and 1 not in orders:
            return 1.0
    return 0.0
