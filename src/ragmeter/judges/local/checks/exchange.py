"""Two things of a premise sentence that trade places in the claim.

"2.1 bar for the front tyres and 2.3 bar for the rear" where the passage says 2.3 front and 2.1
rear; "access tokens expire after 14 days, while refresh tokens stay valid for 60 minutes" where
it says 60 minutes and 14 days; "from the Tyne in the west to the Solway in the east" where the
Tyne is in the east. Every word of the claim is in the sentence, so overlap, sentence vectors
and the small verifier call it supported; the changed-slot check (substitution.py) reads one
slot at a time and finds each of the two values stated in the sentence.

The claim is aligned word by word (difflib) to the premise sentence it copies most of, and
flagged where two changed slots, and only two, exchange values: the first says what the premise
says in the second, and the second what it says in the first. Not flagged:

- items of one list in another order: nothing but small words between the two slots
  ("between 18 and 75"), or the slots in two items of a list ("and", "or", a comma between)
  that read alike but for the slot ("New Jersey and New York", "the red car and the blue car",
  "Kibo, Mawenzi and Shira"); items that read otherwise keep their values ("2.3 bar for the
  front tyres and 2.1 bar for the rear" is no list of bars);
- a value that keeps the words beside it, a phrase moved whole ("15 g of sugar and 150 ml of
  cream" for "150 ml of cream with 15 g of sugar");
- what reads the same both ways ("drew with", "shares a border with", "as tall as");
- the same fact told from the other side: a converse word changed besides ("A is older than
  B" as "B is younger than A", "bought from" as "sold to"), a comparative turned ("hotter",
  "colder"), or the voice changed ("A defeated B" as "B was defeated by A").
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from difflib import SequenceMatcher
from functools import lru_cache

from ....text.segments import split_clauses
from .copies import Copies
from .substitution import MAX_SLOT, MIN_MATCHED, MIN_SHARE
from .word_forms import word_tuple, words

# words whose exchange with their counterpart tells the same fact from the other side
_CONVERSE = frozenset(words(
    "older younger elder before after earlier later above below over under higher lower larger smaller "
    "bigger greater less fewer more taller shorter longer heavier lighter faster slower behind front ahead "
    "bought sold buy sell gave received give receive lent borrowed lend borrow taught learned teach learn "
    "precede precedes preceded follow follows followed parent child inside outside exceed exceeds exceeded "
    "beat beaten lost defeat defeated win won preceding following by from to"))
_VOICE = frozenset(words("by from to"))  # changed anywhere: a passive, a transfer told from the other side
_BETWEEN = frozenset(words("and or nor both either neither between with versus vs plus respectively"))
_SEPARATORS = frozenset({",", "and", "or", "nor"})
# relations that read the same both ways: "A drew with B" is "B drew with A", "A is as tall as B"
_SYMMETRIC = frozenset(words("as same equal similar drew draw tied tie married met border shares share "
                             "collaborated partnered merged competed played"))
_SYMMETRIC_LINK = frozenset(words("with as and versus vs"))  # the word before the second slot
_STOP_WORDS = frozenset(words(
    "a an the of in on at for to is are was were be been it its this that these those which who while whereas"))
BAG_SHARE = 0.85  # or the share of the claim's words a sentence holds in any order
_COMMA = re.compile(r",(?!\d{3}\b)")  # a comma between words, not inside "20,000"


def _things(span: Sequence[str]) -> set[str]:
    """The span's words that can trade places: not its small words."""
    return {w for w in span if (w not in _STOP_WORDS and w not in _BETWEEN and w != "," and len(w) > 1) or w.isdigit()}


def _comparatives(a: Sequence[str], b: Sequence[str]) -> bool:
    """Both sides of a changed slot say a comparative ("hotter" / "colder")."""
    return any(x.endswith("er") for x in a) and any(y.endswith("er") for y in b)


@lru_cache(maxsize=16384)
def tokens_with_commas(text: str) -> tuple[str, ...]:
    """substitution.words() of the text, with its commas between words kept as "," tokens."""
    out: list[str] = []
    for k, piece in enumerate(_COMMA.split(text)):
        out += ([","] if k else []) + list(word_tuple(piece))  # a clause's pieces recur in the runs of _spans
    return tuple(out)


def _moved(claim: Sequence[str], premise: Sequence[str], i: int, j: int, slot: tuple[int, int],
           own: tuple[int, int]) -> bool:
    """Whether the value at claim[i] (premise[j]) keeps the words beside it, on one side or the
    other, as in the premise, where the premise's words beside the slot it took are others: a
    phrase moved whole, not a value put in another's place. own: the premise's slot that holds
    the value; two of the words beside it must lie beyond that slot (a name of three words keeps
    its own words, "the Regional Housing Tribunal" moved or not)."""
    k1, k2 = slot
    for start, ours, theirs, replaced in (
            (j + 1, claim[i + 1:i + 4], premise[j + 1:j + 4], premise[k2:k2 + 3]),
            (max(0, j - 3), claim[max(0, i - 3):i], premise[max(0, j - 3):j], premise[max(0, k1 - 3):k1])):
        beyond = sum(not own[0] <= start + n < own[1] for n in range(len(ours)))
        if len(ours) >= 2 and beyond >= 2 and ours == theirs and ours != replaced:
            return True
    return False


def _any_moved(values: set[str], claim: Sequence[str], premise: Sequence[str], here: tuple, there: tuple) -> bool:
    """_moved for the values the claim's slot here takes from the premise's slot there."""
    _, i1, i2, j1, j2 = here
    _, _, _, l1, l2 = there
    return any(_moved(claim, premise, claim.index(w, i1, i2), premise.index(w, l1, l2), (j1, j2), (l1, l2))
               for w in values if w in claim[i1:i2] and w in premise[l1:l2])


def _item(claim: Sequence[str], i1: int, i2: int) -> tuple[Sequence[str], Sequence[str]]:
    """The words of the list item that holds claim[i1:i2], before and after it."""
    start = max((k + 1 for k in range(i1) if claim[k] in _SEPARATORS), default=0)
    end = next((k for k in range(i2, len(claim)) if claim[k] in _SEPARATORS), len(claim))
    return claim[start:i1], claim[i2:end]


def _listed(claim: Sequence[str], first: tuple, second: tuple) -> bool:
    """Whether the two slots sit in two items of one list that read alike but for the slot:
    the same words after each slot, as far as the shorter item goes, and before."""
    if not any(w in _SEPARATORS for w in claim[first[2]:second[1]]):
        return False
    before1, after1 = _item(claim, first[1], first[2])
    before2, after2 = _item(claim, second[1], second[2])
    # the first item's tail starts the second's, the second's lead-in ends the first's
    return (list(after1) == list(after2[:len(after1)]) and len(before2) <= len(before1)
            and list(before2) == list(before1[len(before1) - len(before2):]))


def traded(claim: Sequence[str], premise: Sequence[str]) -> bool:
    """Whether two changed slots of the claim's alignment to the premise, and only two, exchange
    values (more: a list of pairs in another order)."""
    ops = SequenceMatcher(None, claim, premise, autojunk=False).get_opcodes()
    changed = [op for op in ops if op[0] != "equal"]
    slots = [op for op in changed if op[0] == "replace" and op[2] - op[1] <= MAX_SLOT and op[4] - op[3] <= MAX_SLOT + 1]
    found = 0
    for a, first in enumerate(slots):
        for second in slots[a + 1:]:
            # the changes from the first slot to the second, the two included
            span = [op for op in changed if first[1] <= op[1] and op[2] <= second[2]]
            if any(w in _VOICE for _, i1, i2, j1, j2 in span for w in (*claim[i1:i2], *premise[j1:j2])):
                continue  # the voice or the direction of a transfer is told otherwise
            said1, given1 = _things(claim[first[1]:first[2]]), _things(premise[first[3]:first[4]])
            said2, given2 = _things(claim[second[1]:second[2]]), _things(premise[second[3]:second[4]])
            there, back = (said1 - given1) & (given2 - said2), (given1 - said1) & (said2 - given2)
            if not (there and back) or _any_moved(there, claim, premise, first, second) \
                    or _any_moved(back, claim, premise, second, first):
                continue
            between = claim[first[2]:second[1]]
            if not _things(between) or _listed(claim, first, second) or (
                    between and between[-1] in _SYMMETRIC_LINK and _SYMMETRIC & set(between)):
                continue  # "A and B" for "B and A"; "A drew with B"; two items of one list
            # a converse word changed besides, between the two ("took longer than" for "was
            # quicker than"); not one before both ("disputes over deductions")
            others = [op for op in changed if op is not first and op is not second
                      and (op[1] >= first[1] or op[3] >= first[3])]
            if any(w in _CONVERSE - _VOICE for _, i1, i2, j1, j2 in others for w in (*claim[i1:i2], *premise[j1:j2])):
                continue
            if any(_comparatives(claim[i1:i2], premise[j1:j2]) for _, i1, i2, j1, j2 in others):
                continue
            found += 1
    return found == 1


def exchanged(claim: str, sentences: Sequence[str]) -> float:
    """1.0 when the claim copies a premise sentence with two of its slots exchanged (see the
    module's docstring), else 0.0. sentences: the premises' sentences."""
    return _exchanged(claim, tuple(sentences))


@lru_cache(maxsize=32768)
def _exchanged(claim: str, sentences: tuple[str, ...]) -> float:
    said = tokens_with_commas(claim)
    size = sum(w != "," for w in said)
    if size < MIN_MATCHED + 2:
        return 0.0
    copies = _copies(sentences)
    spans = copies.items
    _, best = copies.closest(said, max(MIN_MATCHED, math.ceil(MIN_SHARE * size)))
    if not best:  # two long slots exchanged leave few words in order: "heard by the district court
        # rather than the Regional Housing Tribunal" shares 8 of its 14 words in order, all in any
        common = copies.shared(w for w in said if w != ",")
        most = max(common, default=0)
        if most >= max(MIN_MATCHED, BAG_SHARE * size):
            best = [k for k, n in enumerate(common) if n == most]
    return float(any(traded(said, spans[k]) for k in best))


@lru_cache(maxsize=256)  # a context is read for each of its claims
def _copies(sentences: tuple[str, ...]) -> Copies:
    """What a claim may copy: _spans of each sentence, once each."""
    return Copies(dict.fromkeys(span for sentence in sentences for span in _spans(sentence)))


@lru_cache(maxsize=8192)
def _spans(sentence: str) -> tuple[tuple[str, ...], ...]:
    """The sentence's words (tokens_with_commas) and those of each run of its clauses: a claim
    that copies two clauses of a longer sentence aligns to those two."""
    clauses, at = [], 0
    for clause in split_clauses(sentence):
        start = sentence.find(clause, at)
        if start < 0:
            return (tokens_with_commas(sentence),)
        clauses.append((start, start + len(clause)))
        at = start + len(clause)
    runs = {tokens_with_commas(sentence[clauses[i][0]:clauses[j][1]])
            for i in range(len(clauses)) for j in range(i, min(len(clauses), i + 4))}
    return (tokens_with_commas(sentence), *sorted(runs - {()}))
