"""Two things of a premise sentence that trade places in the claim.

"2.1 bar for the front tyres and 2.3 bar for the rear" where the passage says 2.3 front and 2.1
rear; "access tokens expire after 14 days, while refresh tokens stay valid for 60 minutes" where
it says 60 minutes and 14 days; "from the Tyne in the west to the Solway in the east" where the
Tyne is in the east. Every word of the claim is in the sentence, so overlap, sentence vectors
and the small verifier call it supported; the changed-slot check (substitution.py) reads one
slot at a time and finds each of the two values stated in the sentence.

The claim is aligned word by word (difflib) to the premise sentence or clause it copies most
of, and flagged where two changed slots exchange values: the first says what the premise says
in the second, and the second what it says in the first. Not flagged:

- items of one list or pair ("Kibo, Mawenzi and Shira" in another order, "between 18 and 75"):
  nothing but "and", "or" and such words stands between the two slots;
- the same fact told from the other side: a converse word changed besides ("A is older than
  B" as "B is younger than A", "bought from" as "sold to"), a comparative turned ("hotter",
  "colder"), or the voice changed ("A defeated B" as "B was defeated by A").
"""

from __future__ import annotations

from collections.abc import Sequence
from difflib import SequenceMatcher
from functools import lru_cache

from .substitution import MAX_SLOT, MIN_MATCHED, MIN_SHARE, premises_of, words

# words whose exchange with their counterpart tells the same fact from the other side
_CONVERSE = frozenset(words(
    "older younger elder before after earlier later above below over under higher lower larger smaller "
    "bigger greater less fewer more taller shorter longer heavier lighter faster slower behind front ahead "
    "bought sold buy sell gave received give receive lent borrowed lend borrow taught learned teach learn "
    "precede precedes preceded follow follows followed parent child inside outside exceed exceeds exceeded "
    "beat beaten lost defeat defeated win won preceding following by from to"))
_BETWEEN = frozenset(words("and or nor both either neither between with versus vs plus respectively"))
_STOP_WORDS = frozenset(words(
    "a an the of in on at for to is are was were be been it its this that these those which who while whereas"))


def _things(span: Sequence[str]) -> set[str]:
    """The span's words that can trade places: not its small words."""
    return {w for w in span if w not in _STOP_WORDS and w not in _BETWEEN and len(w) > 1 or w.isdigit()}


def _comparatives(a: Sequence[str], b: Sequence[str]) -> bool:
    return any(x.endswith("er") for x in a) and any(y.endswith("er") for y in b)


def _moved(claim: Sequence[str], premise: Sequence[str], i: int, j: int, slot: tuple[int, int]) -> bool:
    """Whether the value at claim[i] (premise[j]) keeps the words beside it, on one side or the
    other, as in the premise, where the premise's words beside the slot it took are others: a
    phrase moved whole ("50 ml of descaling solution and 500 ml of water" for "500 ml of water
    with 50 ml of descaling solution"), not a value put in another's place."""
    k1, k2 = slot
    for ours, theirs, replaced in ((claim[i + 1:i + 4], premise[j + 1:j + 4], premise[k2:k2 + 3]),
                                   (claim[max(0, i - 3):i], premise[max(0, j - 3):j], premise[max(0, k1 - 3):k1])):
        if len(ours) >= 2 and ours == theirs and ours != replaced:
            return True
    return False


def _any_moved(values: set[str], claim: Sequence[str], premise: Sequence[str], here: tuple, there: tuple) -> bool:
    """_moved for the values the claim's slot here takes from the premise's slot there."""
    _, i1, i2, j1, j2 = here
    _, _, _, l1, l2 = there
    return any(_moved(claim, premise, claim.index(w, i1, i2), premise.index(w, l1, l2), (j1, j2))
               for w in values if w in claim[i1:i2] and w in premise[l1:l2])


def traded(claim: Sequence[str], premise: Sequence[str]) -> bool:
    """Whether two changed slots of the claim's alignment to the premise, and only two, exchange
    values (more: a list of pairs in another order, "Brisbane of Queensland, ... Sydney of New
    South Wales")."""
    ops = SequenceMatcher(None, claim, premise, autojunk=False).get_opcodes()
    changed = [op for op in ops if op[0] != "equal"]
    if any(w in _CONVERSE for _, i1, i2, j1, j2 in changed for w in (*claim[i1:i2], *premise[j1:j2])
           if w in ("by", "from", "to")):
        return False  # the voice or the direction of a transfer is told otherwise
    slots = [op for op in changed if op[0] == "replace" and op[2] - op[1] <= MAX_SLOT and op[4] - op[3] <= MAX_SLOT + 1]
    found = 0
    for a, first in enumerate(slots):
        for second in slots[a + 1:]:
            said1, given1 = _things(claim[first[1]:first[2]]), _things(premise[first[3]:first[4]])
            said2, given2 = _things(claim[second[1]:second[2]]), _things(premise[second[3]:second[4]])
            there, back = (said1 - given1) & (given2 - said2), (given1 - said1) & (said2 - given2)
            if not (there and back) or _any_moved(there, claim, premise, first, second) \
                    or _any_moved(back, claim, premise, second, first):
                continue
            if not _things(claim[first[2]:second[1]]):
                continue  # "A and B" for "B and A"
            others = [op for op in changed if op is not first and op is not second]
            if any(w in _CONVERSE for _, i1, i2, j1, j2 in others for w in (*claim[i1:i2], *premise[j1:j2])):
                continue
            if any(_comparatives(claim[i1:i2], premise[j1:j2]) for _, i1, i2, j1, j2 in others):
                continue
            found += 1
    return found == 1


def exchanged(claim: str, sentences: Sequence[str]) -> float:
    """1.0 when the claim copies a premise sentence (or clause) with two of its slots exchanged
    (see the module's docstring), else 0.0. sentences: the premises' sentences."""
    return _exchanged(claim, tuple(sentences))


@lru_cache(maxsize=32768)
def _exchanged(claim: str, sentences: tuple[str, ...]) -> float:
    said = words(claim)
    if len(said) < 2 * MIN_MATCHED:
        return 0.0
    matched, closest = premises_of(sentences).closest(said)
    if matched < MIN_MATCHED or matched < MIN_SHARE * len(said):
        return 0.0
    return float(any(traded(said, premise) for premise, _ in closest))
