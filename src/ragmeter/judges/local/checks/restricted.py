"""Said of all what the passage says only of some.

"All new hires must complete the anti-bribery module in addition to data-protection training."
where the passage says "All new hires ... must complete data-protection training. Some roles,
such as those in finance and legal, also require an additional anti-bribery module."; "All three
plans come with phone support" where "Phone support is available only on the Pro tier". The
claim's "all" is the passage's own, of the same group, so the quantifier check (quantifier_scale)
finds all against all; what it says of them the passage says only under "some" or "only".

Each clause of the claim with "all", "every" or "each" (quantifier_scale.quantified), not
negated, is split into its group (up to SUBJECT_WORDS words after the quantifier, up to an
auxiliary or a word WordNet reads first as a verb) and what it says of it (its other content
words). The claim is flagged where at least RESTRICTED_WORDS of what it says are in a premise
sentence that says "all" of nothing and whose first clause counts some ("some", "several",
"certain", "a few", "only some"; not a time or an amount, nor "certain that") or that holds
"only" before a place, a group or a condition ("only on the Pro tier", "only for members"; not
"not only to ...", nor "only a few minutes"), and in no premise sentence without such a
restriction; an "only" whose words the claim says too restricts no group ("stored only in EU data
centres" for "All plans store data in EU data centres"). At least PASSAGE_COVERAGE of the
clause's content words must be the passage's (a near copy: what the claim adds is the claim
model's to read).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ....text.segments import content_set, coverage, negated, split_clauses, tokens
from ....text.wordnet import VERB, commonest_part_of_speech
from .quantifier_scale import ALL, ONLY_SOME, SOME, quantified, universal_at

SUBJECT_WORDS = 4
RESTRICTED_WORDS = 2
PASSAGE_COVERAGE = 0.8
# "only on the Pro tier", "only for members", "only some": not "not only to ..." (also), nor "only a few
# minutes" (an amount)
_ONLY = re.compile(r"(?<!\bnot\s)\bonly\s+(?:on|in|for|to|with|at|from|by|if|when|where|its|their|some|certain|"
                   r"selected|specific|particular)\b", re.I)


# a count of time or an amount restricts no group ("in only a few minutes")
_AMOUNTS = content_set("second seconds minute minutes hour hours day days week weeks month months year years time "
                       "times percent dollars euros pounds")


# "certain that" is sure, no count
_CERTAIN_THAT = re.compile(r"\bcertain\s+that\b", re.I)
ONLY_WORDS = 5
_ONLY_PHRASE = re.compile(r"(?<!\bnot\s)\bonly\s+([^,;:.!?()]+)", re.I)


def _counts_some(clause: str) -> bool:
    return any(level in (SOME, ONLY_SOME) and head not in _AMOUNTS for level, head, _ in quantified(clause))


_VERBISH = frozenset("is are was were be been has have had do does did can could will would shall should may might "
                     "must need needs get gets got".split())


def _group(words: list[str]) -> list[str]:
    """The words that name the group, up to the first auxiliary or word WordNet reads first as a
    verb ("plan" of "plan comes with offline maps"), the first word aside."""
    for k, word in enumerate(words):
        if k and (word in _VERBISH or commonest_part_of_speech(word) == VERB):
            return words[:k]
    return words


def _restricted_sentence(sentence: str) -> bool:
    """A sentence whose first clause counts some, or that says "only" of a place, a group or a
    condition ("Some roles, such as those in finance, also require ..."; "... is available only on
    the Pro tier"), and says "all" of nothing."""
    sentence = _CERTAIN_THAT.sub("sure that", sentence)
    if any(level == ALL for level, _, _ in quantified(sentence)):
        return False  # it says "all" itself: a claim with its words says what it says
    return bool(_ONLY.search(sentence)) or _counts_some((split_clauses(sentence) or [sentence])[0])


def _only_said(sentence: str) -> list[frozenset[str]]:
    """The content words of what each "only" of the sentence restricts to (up to ONLY_WORDS words,
    to a mark): "eu", "data", "centr" of "stored only in EU data centres"."""
    return [content_set(" ".join(m.group(1).split()[:ONLY_WORDS])) for m in _ONLY_PHRASE.finditer(sentence)]


def all_of_restricted(claim: str, sentences: Sequence[str]) -> float:
    """1.0 when a clause of the claim says of all what the passage says only of some (module
    docstring), else 0.0."""
    if "?" in claim:
        return 0.0
    # (the sentence's words, what its "only" restricts to where "only" is its one restriction)
    restricted: list[tuple[frozenset[str], list[frozenset[str]]]] = []
    plain: frozenset[str] = frozenset()
    for text in sentences:
        if _restricted_sentence(text):
            some = _counts_some((split_clauses(text) or [text])[0])
            restricted.append((content_set(text), [] if some else _only_said(text)))
        else:
            plain |= content_set(text)
    if not restricted:
        return 0.0
    passage = plain.union(*(words for words, _ in restricted))
    for clause in split_clauses(claim) or [claim]:
        if negated(clause) or not any(level == ALL for level, _, _ in quantified(clause)):
            continue
        words = tokens(clause)
        at = universal_at(words)
        if at is None:
            continue
        group = content_set(" ".join(_group(words[at + 1:at + 1 + SUBJECT_WORDS])))
        own = content_set(clause) - content_set(words[at])  # "every" is a content word, "all" is not
        said = own - group
        if coverage(own, passage) < PASSAGE_COVERAGE:
            continue
        for words_of, only in restricted:
            # "stored only in EU data centres" restricts the place, which the claim names too
            if only and all(phrase <= own for phrase in only):
                continue
            if len((said & words_of) - plain) >= RESTRICTED_WORDS:
                return 1.0
    return 0.0
