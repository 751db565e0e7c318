"""Claims that say more than the evidence, and claims that join two stated sentences.

The near misses of contrasts.py change one slot of a sentence and keep its length. A common
hallucination keeps every word of the evidence and adds to it: "Gutenberg's press used movable
metal type" becomes "... and was the first machine ever able to produce books in large numbers";
"curl into a tun" becomes "curl into a tun in which they can live for thousands of years". Judged
by the share of its words found in the evidence, such a claim looks stated. Here a sentence of
the evidence gets a phrase of another sentence added to its end (a prepositional phrase, a
"which / who" clause or an "and / but" clause): not stated. The phrase comes from another
paragraph of the article (words the evidence does not hold) or from another sentence of the
same evidence (words it holds, attached where it does not say them). So that length or a second
clause is no sign of a false claim, two neighbouring sentences of the evidence joined into one
are stated. Pure functions of their inputs and a seeded random generator.
"""

from __future__ import annotations

import random
import re

_PHRASE = re.compile(r"\b(?:in|for|with|by|during|after|before|at|from|through|under|without|since|until|"
                     r"across|against|among|over|near|despite)\s+[^,;:.()\"]{3,70}")
_CLAUSE = re.compile(r",\s+((?:which|who|where|and|but)\s+[^,;:.()\"]{10,90})")
_WORD = re.compile(r"[A-Za-z0-9]+")
# words that may open a sentence in lower case when it is joined to the sentence before it
_LOWER_OPENERS = frozenset("The A An It Its This That These Those They Their There He She His Her In On At By "
                           "During After Before Since From However Some Many Most All Each".split())


def _content(text: str) -> set[str]:
    return {w.lower() for w in _WORD.findall(text) if len(w) > 3}


def added_phrase(donor: str, target: str, rng: random.Random) -> tuple[str, str] | None:
    """A phrase of `donor` to add to `target`, with how to attach it ("pp" or "clause"): one of at
    most 12 words that brings at least two content words `target` does not hold."""
    held = _content(target)
    found = [("pp", m.group(0)) for m in _PHRASE.finditer(donor)]
    found += [("clause", m.group(1)) for m in _CLAUSE.finditer(donor)]
    usable = []
    for how, phrase in found:
        words = phrase.split()[:12]
        while words and words[-1].lower() in {"the", "a", "an", "of", "and", "or", "to", "in", "its", "their"}:
            words.pop()
        phrase = " ".join(words)
        if len(words) >= 3 and len(_content(phrase) - held) >= 2:
            usable.append((how, phrase))
    return rng.choice(usable) if usable else None


def extend(sentence: str, donor: str, rng: random.Random) -> str | None:
    """The sentence with a phrase of `donor` added to its end; None where `donor` has no usable phrase."""
    picked = added_phrase(donor, sentence, rng)
    if not picked or not sentence.endswith("."):
        return None
    how, phrase = picked
    body = sentence[:-1].rstrip()
    if how == "pp":
        return f"{body} {phrase}."
    return f"{body}, {phrase}."


def join(first: str, second: str) -> str | None:
    """Two sentences as one claim ("A; the B ..."), where the second opens with a word that can
    be written in lower case; None otherwise."""
    opener = second.split(" ", 1)[0]
    if not first.endswith(".") or opener not in _LOWER_OPENERS:
        return None
    return f"{first[:-1].rstrip()}, and {second[0].lower()}{second[1:]}"


def addition_pairs(sents: list[str], i: int, others: list[str], rng: random.Random):
    """(evidence sentence indexes, claim, label, kind) for sentence i: one joined with its next
    sentence (stated) and one extended by a phrase of another paragraph or of another sentence
    of the evidence (not stated), each where it can be made."""
    out = []
    if i + 1 < len(sents):
        joined = join(sents[i], sents[i + 1])
        if joined:
            out.append((i + 1, joined, 1, "stated_joined"))
    inside = [j for j in range(len(sents)) if abs(j - i) > 1]
    if inside and rng.random() < 0.5:
        where = rng.choice(inside)
        extended = extend(sents[i], sents[where], rng)
        if extended:
            out.append((where, extended, 0, "extended_inside"))
    elif others:
        extended = extend(sents[i], rng.choice(others), rng)
        if extended:
            out.append((None, extended, 0, "extended_outside"))
    return out
