"""A comparison that the passage makes the other way round.

"Email support is faster than live chat." where the passage says "Live chat usually gets you a
reply much faster than email support"; "Kennedy was older than Reagan when he took office." where
it says "Reagan was considerably older than Kennedy". Every word of the claim is in the passage,
and the comparative too: only the order of the two sides tells them apart, which word overlap,
sentence vectors and the small verifier do not read.

The claim and each premise sentence are read for "<A> ... <comparative> ... than <B>" (one
clause, no negation). Two comparisons are of one thing when their comparatives measure the same
(faster and slower, older and younger, "more effective" and "less effective"; "higher fees" and
"lower fees", not "higher returns") and their sides are the same two: each side of the claim
shares words with one side of the premise's and none with the other (capitalised words and
numbers where both sides have some of their own, else all content words). The claim is flagged
where it turns the sides round with the same comparative or keeps them with the opposite one,
and no other premise sentence makes the comparison the claim's way. "Email support is slower
than live chat." agrees with the passage above.

Version 42: two places are the sides of "Filing fees are lower in the county civil court than
in small claims court" (the same preposition before each); and a comparative the passage says
of one side alone ("Filing fees in small claims court are lower"), where it names the other
side too, makes the comparison: the claim above turns it round. A clause with both ways of one
measure ("gravel from an older formation ... in a newer layer") says it of neither side.
`python benchmarks/slot_check.py --check compared_sides`: the same 11 dev and train claims
flagged (none supported), 1 validate-only claim more (ANLI, unsupported).
"""

from __future__ import annotations

import re
from typing import Iterable

from ....text.segments import STOPWORDS, content_set, memo_short, negated, split_sentences, stem
from .compared_values import clauses, sides

# comparatives that measure the same thing, one way and the other
_OPPOSED = (("faster quicker", "slower"), ("older", "younger newer"), ("larger bigger greater", "smaller"),
            ("higher", "lower"), ("longer taller", "shorter"), ("heavier", "lighter"), ("deeper", "shallower"),
            ("wider broader", "narrower"), ("earlier sooner", "later"), ("better", "worse"),
            ("stronger", "weaker"), ("warmer hotter", "colder cooler"), ("costlier pricier", "cheaper"),
            ("safer", "riskier"), ("richer wealthier", "poorer"), ("easier simpler", "harder"),
            ("louder", "quieter"), ("more", "less fewer lesser"))
_WAY = {word: (group, way) for group, pair in enumerate(_OPPOSED)
        for way, words in ((1, pair[0]), (-1, pair[1])) for word in words.split()}
# "greater" measures size ("greater than Belgium": larger) and amount ("greater risk": more risk);
# it is set against either (version 46), while "bigger" and "less power" stay two measures
GREATER = -1
_WAY["greater"] = (GREATER, 1)
_EITHER = frozenset({_WAY["larger"][0], _WAY["more"][0]})


# "more" or "less" before the word a comparative says in one (version 57): "grew 30 percent more
# slowly than the wild type" compares as "slower"
_ADVERBS = {"slowly": "slower", "quickly": "faster", "rapidly": "faster", "fast": "faster", "cheaply": "cheaper",
            "easily": "easier", "safely": "safer", "strongly": "stronger", "loudly": "louder", "quietly": "quieter",
            "early": "earlier", "heavily": "heavier", "widely": "wider", "deeply": "deeper"}


def _one_measure(group: int, other: int) -> bool:
    return group == other or (GREATER in (group, other) and (group if other == GREATER else other) in _EITHER)


_THAN = re.compile(r"\b(?P<comp>" + "|".join(sorted(_WAY, key=len, reverse=True)) + r")\b(?:\s+(?P<what>\w+))?"
                   r"(?P<between>[^,;.]{0,40}?)\bthan\s+(?P<b>[^,;:]+)", re.I)
# "lower in the county court than in small claims court": the sides are the two places
_PLACE = re.compile(r"^\s*(?P<prep>in|at|for|with|on|among|under|from|by)\s", re.I)
# a comparative said of one side alone ("Filing fees in small claims court are lower"): the other
# side is whatever the passage sets beside it (version 41)
_ALONE = re.compile(r"\b(?P<comp>" + "|".join(sorted(_WAY, key=len, reverse=True)) + r")\b(?!\s+than\b)", re.I)

_QUANTITY = re.compile(r"\bthan\s+(?:about\s+|around\s+|nearly\s+|almost\s+)?(?:an?\s+(?:year|month|week|day|hour|minute|"
                       r"decade|century|third|quarter|half|dozen|hundred|thousand|million|billion|few|couple|lot)\b|"
                       r"\d|(?:one|two|three|four|five|six|seven|eight|nine|ten|half|twice|double)\b)", re.I)
UNNAMED = 2  # words of a side that the passage need not have, beside a comparative it says of one side
Comparison = tuple[frozenset[str], frozenset[str], int, int, str]  # A, B, group, way, what is measured


def _measured(comp: str, what: str | None) -> tuple[int, int, str]:
    """(group of the comparative, +1 or -1, the word it measures or ""): "more expensive" is
    costlier, "more effective" measures "effective", "higher fees" measures fees."""
    group, way = _WAY[comp.lower()]
    word = (what or "").lower()
    if word == "expensive" and comp.lower() in ("more", "less"):
        return _WAY["costlier"][0], way, ""
    if word in _ADVERBS and comp.lower() in ("more", "less"):  # "more slowly" is slower, "less quickly" too
        group2, way2 = _WAY[_ADVERBS[word]]
        return group2, way2 * way, ""
    if not word or word in STOPWORDS or word == "than":
        return group, way, ""
    return group, way, stem(word)


@memo_short
def comparisons(text: str) -> tuple[Comparison, ...]:
    """Each "<A> ... <comparative> ... than <B>" of the text: (A's own words, B's own words,
    group, way, what is measured)."""
    out: list[Comparison] = []
    for sentence in split_sentences(text) or [text]:
        if negated(sentence):
            continue
        for clause in clauses(sentence):
            for m in _THAN.finditer(clause):
                place = _PLACE.match(m.group("b"))
                between = f"{m.group('what') or ''}{m.group('between')}"
                parallel = re.search(rf"\b{place['prep']}\s+(?P<a>.+)$", between, re.I) if place else None
                found = sides(parallel["a"] if parallel else clause[:m.start()], m.group("b"))
                if found:
                    out.append((*found, *_measured(m.group("comp"), m.group("what"))))
    return tuple(out)


def _agrees(claimed: Comparison, given: Comparison) -> bool | None:
    """True where the premise's comparison says what the claim's does, False where it says the
    opposite, None where they are not of one thing."""
    a, b, group, way, what = claimed
    a2, b2, group2, way2, what2 = given
    if not _one_measure(group, group2) or (what and what2 and what != what2):
        return None
    if a & a2 and b & b2 and not a & b2 and not b & a2:
        return way == way2
    if a & b2 and b & a2 and not a & a2 and not b & b2:
        return way != way2
    return None


@memo_short
def one_sided(text: str) -> tuple[tuple[frozenset[str], int, int, str], ...]:
    """Each comparative of the text said without "than" ("Filing fees in small claims court are
    lower"): (the content words of its clause, group, way, what is measured)."""
    out = []
    for sentence in split_sentences(text) or [text]:
        if negated(sentence):
            continue
        for clause in clauses(sentence):
            if _THAN.search(clause):
                continue
            found = [_measured(m.group("comp"), None) for m in _ALONE.finditer(clause)]
            # "gravel from an older formation ... included in a newer layer": both ways, no side
            ways = {(group, way) for group, way, _ in found}
            out += [(content_set(clause), group, way, what) for group, way, what in found if (group, -way) not in ways]
    return tuple(out)


def _agrees_alone(claimed: Comparison, given: tuple[frozenset[str], int, int, str], said: frozenset[str]) -> bool | None:
    """A comparison of the claim against a comparative the premise says of one of its sides alone,
    where the passage names the other side too (said: all its words): "A is lower than B" against
    "B is lower" is the other way round, against "A is lower" the claim's way."""
    a, b, group, way, _ = claimed
    words, group2, way2, _ = given
    # a side is named by the words the passage has of it ("brown" of "Brown rice sits a little"),
    # where it has all but a few
    if not _one_measure(group, group2) or len(a - said) > UNNAMED or len(b - said) > UNNAMED:
        return None
    a, b = a & said, b & said
    if not a or not b:
        return None
    if b & words and not a & words:
        return way != way2
    if a & words and not b & words:
        return way == way2
    return None


def compared_sides(claim: str, sentences: Iterable[str]) -> float:
    """1.0 when a comparison of the claim is one the premise sentences make the other way round
    and none makes it the claim's way (module docstring), else 0.0."""
    claimed = comparisons(claim)
    if not claimed:
        return 0.0
    sentences = list(sentences)
    given = [c for sentence in sentences if "than" in sentence.lower() for c in comparisons(sentence)]
    # "missing for more than a year" bounds a quantity: no side to set against another
    alone = [] if _QUANTITY.search(claim) else [c for sentence in sentences for c in one_sided(sentence)]
    said = frozenset().union(*(content_set(sentence) for sentence in sentences)) if alone else frozenset()
    for comparison in claimed:
        verdicts = ({_agrees(comparison, other) for other in given}
                    | {_agrees_alone(comparison, other, said) for other in alone}) - {None}
        if verdicts == {False}:
            return 1.0
    return 0.0
