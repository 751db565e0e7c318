"""A thing the passage says there is none of, said to be there.

"There's a monthly maintenance fee" where the passage says "The Flex account has no monthly
maintenance fee". The negation check does not read "no" (it negates a noun, which a true claim
often says in another frame: "no fee" and "free"), and the claim is too short a copy of the
sentence for the changed-slot check; word overlap and the verifier call it supported.

Each clause of the claim (of at least 2 content words) is read against the premise sentence
that covers most of its content words (at least 75%). The claim is flagged where that sentence
says "no <X>" (up to three words), the clause says every content word of X, the first of them
after "a", "an", "some", "any", "the", "one", a count ("two", "several", "a couple of") or a verb
of having ("has", "charges", "requires", "includes"), the clause has no negation of its own
(segments.negated: not, no, never, none, without, "n't", ...), and no premise sentence says there
is X too. "No X or Y" says there is neither. Not read: "no longer", "no more than", "no later
than" (bounds and times, not absence).

A clause that joins the premise's "no X" to what other sentences say (version 59: "Corrowen
relies on a couple of permanent rivers along with seasonal streams" where "The island of
Corrowen has no permanent rivers; freshwater comes mainly from seasonal streams ...") is read
against each premise clause with "no X" of at least CLAUSE_WORDS content words, three quarters of
them and every capitalised name of it in the claim clause (so too on the first reading, where
another clause of the sentence names another: "... Corrowen has no permanent rivers; the
neighbouring island of Tarsa has several" is no denial of Tarsa's rivers).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ....text.segments import best_covering, content_set, coverage, negated, split_clauses
from ....text.words import STOPWORDS, tokens

MIN_COVERAGE = 0.75  # of the clause's content words, in the premise sentence read against it
_NONE_OF = re.compile(r"\bno\s+(?!longer\b|more\b|later\b|earlier\b|less\b|fewer\b|sooner\b)((?:[\w-]+\s+){0,2}[\w-]+)",
                      re.I)
_SAID_BEFORE = frozenset("a an some any the one has have had charges requires includes several many multiple "
                         "numerous various two three four five few".split())
# "a couple of permanent rivers", "a number of exemptions": a count of X, said through "of"
_COUNT_OF = frozenset("couple handful number pair lot lots dozen dozens".split())


def _says_some(clause: list[str], words: list[str]) -> bool:
    """Whether the clause says every one of the words, the first (at any of its places) after an
    article, a count or a verb of having."""
    if not words or not all(w in clause for w in words):
        return False
    return any(at > 0 and (clause[at - 1] in _SAID_BEFORE or (clause[at - 1] == "of" and at > 1 and clause[at - 2] in _COUNT_OF))
               for at, w in enumerate(clause) if w == words[0])


CLAUSE_WORDS = 3  # content words of a premise clause with "no X" read against a claim clause that says most of them
_NAME = re.compile(r"(?<=\s)(?-i:[A-Z])[\w'’-]+")  # a capitalised word inside a clause


def _names_said(premise_clause: str, clause: list[str]) -> bool:
    """Does the claim clause say every name of the premise clause ("... Corrowen has no permanent
    rivers; the neighbouring island of Tarsa has several": a claim about Tarsa is not read against
    the first clause)?"""
    return all(name.lower() in clause for name in _NAME.findall(premise_clause.strip()))


def none_said_some(claim: str, sentences: Sequence[str]) -> float:
    """1.0 when a clause of the claim says there is what its premise sentence says there is none
    of (the module's docstring), else 0.0."""
    sentences = list(sentences)
    for part in split_clauses(claim) or [claim]:
        words = content_set(part)
        if len(words) < 2:
            continue
        if negated(part):
            continue
        clause = tokens(part)
        best, share = best_covering(words, sentences, content_set)
        if best is not None and share >= MIN_COVERAGE:
            parts_of = split_clauses(best)
            named = [frozenset(_NAME.findall(p.strip())) for p in parts_of]
            if any(_denied_here(part_of, clause, [best]) for part_of, names in zip(parts_of, named)
                   if not any(other - names for other in named) or _names_said(part_of, clause)):
                return 1.0
        # a clause that joins the premise's "no X" to what other sentences say ("Corrowen relies on
        # a couple of permanent rivers along with seasonal streams" where "The island of Corrowen
        # has no permanent rivers; freshwater comes mainly from seasonal streams"): read against
        # each premise clause with "no X" of which it says nearly every content word and every name
        if any(_denied_here(part_of, clause, sentences) for sentence in sentences if _NONE_OF.search(sentence)
               for part_of in split_clauses(sentence)
               if len(said := content_set(part_of)) >= CLAUSE_WORDS and coverage(said, words) >= MIN_COVERAGE
               and _names_said(part_of, clause)):
            return 1.0
    return 0.0


def _denied_here(premise: str, clause: list[str], sentences: Sequence[str]) -> bool:
    """Does the premise text say "no X" of an X the clause says there is, where none of the
    sentences says there is X too ("Two witnesses must sign, except that a holographic will ...
    needs no witnesses"; "The Premier account charges a monthly maintenance fee of $12")?"""
    return any(_says_some(clause, named) and not any(_says_some(tokens(s), named) for s in sentences)
               for found in _NONE_OF.finditer(premise) for named in _named(found.group(1)))


def _named(phrase: str) -> list[list[str]]:
    """The content words of X in "no X", each of "X or Y" apart ("No bridge or tunnel crosses":
    neither)."""
    words = [w for w in tokens(phrase) if w not in STOPWORDS or w == "or"]
    out: list[list[str]] = []
    current: list[str] = []
    for w in words:
        if w == "or":
            out.append(current)
            current = []
        else:
            current.append(w)
    return [named for named in [*out, current] if named]
