"""A negation added or dropped in one part of a claim that joins several.

"The HEPA filter should be rinsed with water, tapped gently to remove dust, and replaced every
three months" where the passage says "the HEPA filter must not be rinsed with water. Tap the
filter gently to remove dust and replace it every three months". The negation check reads a
claim whole, and here no premise clause covers the whole of it; every part but one is stated,
so word overlap and the verifier call it supported (0.935).

The claim is cut into parts at commas, semicolons, colons, brackets, contrast words
(segments.split_clauses) and at "and" or "so" between them; each premise sentence likewise
(a question is no statement and is left out). A part of at least 3 content words, not opening
with a preposition (a phrase, not a statement), is read against the premise part that covers
most of its content words: at least 85% of them, with that premise part no more than 2.5 times
as long and 60% of its own words in the claim's part (the same statement, not a longer one that
holds it). It is flagged where one of the two says "not", "never", "cannot" or "n't" and the
other does not. "Not only", "not just", "or not", "if not" and "whether or not" are no negation,
and a part with "unless" or "only" on either side is not read ("you need not return it unless
asked" says what "you only need to return it if asked" says).

Two denials in one part say it ("It is not true that the drug does not work"); a part that
another premise part says the claim's way is not flagged, nor an order restated about the doing
(negation_scope.prohibition_restated; version 49).

Only claims of two parts or more are read: a claim of one part is the negation check's.
Measured with ``python benchmarks/slot_check.py --check part_negation`` (version 38).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache
from typing import NamedTuple

from ....text.segments import content_set, coverage, split_clauses
from .negation_scope import ELSEWHERE_COVERAGE, denied_subject, has_pronoun, prohibition_restated

MIN_WORDS = 3  # content words of a claim part read
MIN_COVERAGE = 0.85  # of the claim part's content words, in the premise part read against it
MAX_LENGTH_RATIO = 2.5  # the premise part at most this many times the claim part's content words
MIN_BACK_COVERAGE = 0.6  # of the premise part's content words, in the claim part

_JOINS = re.compile(r"(?:^|,?\s+)(?:and|so)\s+", re.IGNORECASE)  # "and" opening a clause goes too
_NEGATION = re.compile(r"\b(?:not|never|cannot)\b|n't\b", re.IGNORECASE)
_NO_NEGATION = re.compile(r"\bnot\s+(?:only|just|merely|simply|least)\b|\b(?:or|if|whether)\s+not\b", re.IGNORECASE)
# "need not return it unless asked" says "return it only if asked": a condition, read by neither side
_CONDITION = re.compile(r"\b(?:unless|only)\b", re.IGNORECASE)
_DENIAL_DENIED = re.compile(r"\bnot\s+(?:true|the\s+case|correct)\s+that\b.*(?:\b(?:not|never|cannot)\b|n't\b)", re.IGNORECASE)
_PREPOSITIONS = frozenset("of to in on at for with by from as into about over under between through during "
                          "before after".split())



class Part(NamedTuple):
    words: frozenset[str]  # content words
    negated: bool
    condition: bool  # "unless", "only"
    subject: frozenset[str]  # what a denial in it is said of ("the console" of "the console did not play ...")
    pronoun: bool  # it names something with a pronoun ("allowed it to play DVD movies")


def parts(text: str) -> list[str]:
    """The text's clauses (split_clauses), each cut again at "and" or "so"."""
    return [p for clause in split_clauses(text) for p in _JOINS.split(clause) if p.strip()]


def _read(part: str) -> Part:
    text = _NO_NEGATION.sub(" ", part.replace("’", "'"))
    # "It is not true that the drug does not work": the two denials say it
    negated = bool(_NEGATION.search(text)) and not _DENIAL_DENIED.search(text)
    return Part(content_set(part), negated, bool(_CONDITION.search(part)), denied_subject(part), has_pronoun(part))


@lru_cache(maxsize=16384)  # a premise sentence is read for each claim beside it
def _sentence_parts(sentence: str) -> tuple[Part, ...]:
    if sentence.rstrip().endswith("?"):
        return ()
    return tuple(_read(p) for p in parts(sentence))


def _closest(words: frozenset[str], premise_parts: Sequence[Part]) -> tuple[Part | None, float]:
    """The premise part that covers most of the words (the shorter on a tie), and that coverage."""
    best: Part | None = None
    best_cov = 0.0
    for part in premise_parts:
        cov = coverage(words, part.words)
        if cov > best_cov or (cov == best_cov and best is not None and len(part.words) < len(best.words)):
            best, best_cov = part, cov
    return best, best_cov


def negation_in_part(claim: str, sentences: Sequence[str]) -> float:
    """1.0 when a part of a claim of two parts or more says "not" where the premise part that
    states it does not, or the other way round (the module's docstring), else 0.0."""
    claim_parts = parts(claim)
    if len(claim_parts) < 2:
        return 0.0
    premise_parts = [p for s in sentences for p in _sentence_parts(s)]
    for text in claim_parts:
        words, negated, condition, _, _ = _read(text)
        if len(words) < MIN_WORDS or text.split()[0].lower() in _PREPOSITIONS:
            continue
        best, cov = _closest(words, premise_parts)
        if (best is not None and cov >= MIN_COVERAGE and best.negated != negated and not (condition or best.condition)
                and len(best.words) <= MAX_LENGTH_RATIO * len(words)
                and coverage(best.words, words) >= MIN_BACK_COVERAGE
                and not any(_said_elsewhere(words, negated, best, p) for p in premise_parts)
                and not any(prohibition_restated(claim, s, sentences) for s in sentences)):
            return 1.0
    return 0.0


def _said_elsewhere(words: frozenset[str], negated: bool, best: Part, part: Part) -> bool:
    """Does this other part say it as the claim does ("Before 1920, women could not vote ...
    women have voted in national elections ever since")? Not where the claim's words it lacks are
    the denying part's ("Aspirin is safe" where "Aspirin is not safe ..., paracetamol is safe"),
    unless it names the denied subject with a pronoun ("allowed it to play DVD movies")."""
    lacking = words - part.words
    return (part.negated == negated and coverage(words, part.words) >= ELSEWHERE_COVERAGE
            and not lacking & best.words - (best.subject if part.pronoun else frozenset()))
