"""A claim that copies a premise clause with a word put in place of another of its kind, or of
its opposite.

"Wild populations are found only on two granite peaks" where the passage says "two limestone
peaks"; "accepted only for members of the police" for "members of the armed forces"; "Store the
watch in a warm, dry place" for "a cool, dry place"; "Sydney is the capital of Australia" where
it names only Canberra. The changed-slot check (substitution.py) reads such a claim as a
rewording when the new word is nowhere in the passage, and the verifier, which reads mostly
overlap, calls it supported. A reader knows granite is not limestone.

Each clause of the claim is aligned word by word to the premise clause or sentence it copies
most of (at least 3 words and 60% of its own, as substitution.py; a premise turned round at its
copula too). The claim is flagged when every slot the alignment changes is at most 3 words on
either side, none of the claim's words in it is elsewhere in that premise clause, and WordNet
(text/wordnet.py) reads each slot with content words on both sides as the same (SAME), another
of one kind (SIBLING) or the opposite (OPPOSITE), at least one not the same and beside a word
that agrees. A slot is read with that agreeing word where both make a name WordNet knows ("North
Sea" for "Black Sea"), else whole, else by its content words, else by its last content words.
Words the claim leaves out are no change ("two granite peaks" for "two limestone peaks in
central Borneo"), nor a name for a pronoun ("The Danube flows" for "It flows"); content words
it adds are (another statement, read elsewhere).

Not flagged: a slot WordNet does not know ("empagliflozin"), a kind for its class ("reasons"
for "motivations"), two words it relates otherwise; a slot with a number (number checks), a
negation ("not allowed" for "forbidden": the same), or a particle ("comes out" for "is left":
phrasal verbs are not their verb); a word the premise clause has elsewhere (a reordering:
exchange.py). Measured on the dev, train and validate-only claims with
benchmarks/slot_check.py --check another_kind: see docs/judges.md.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from difflib import SequenceMatcher
from functools import lru_cache

from ....text.segments import NEGATIONS, split_clauses
from ....text.wordnet import OPPOSITE, SAME, SIBLING, relation
from ....text.words import NUMBER_WORDS, STOPWORDS, TOKEN, tokens
from .copies import Copies
from .substitution import COPULA, MIN_MATCHED, MIN_SHARE

MAX_SLOT = 3  # words on either side of a changed slot
PARTICLES = frozenset({"out", "up", "down", "off", "away", "back", "over", "in", "on"})


def _content(words: Sequence[str]) -> list[str]:
    return [w for w in words if w not in STOPWORDS]


@lru_cache(maxsize=256)  # a context is read for each of its claims
def _units(sentences: tuple[str, ...]) -> Copies:
    """The premise sentences and their clauses as word lists, each once, with their word counts;
    each also turned round at its copula ("Canberra is the capital" as "the capital is Canberra")."""
    texts = [u for s in sentences for u in (s, *split_clauses(s))]
    turned = [f"{m.group('b')} {m.group('v')} {m.group('a')}" for u in texts
              if (m := COPULA.match(u.strip())) and len(m.group("b").split()) <= 8]
    seen = dict.fromkeys(tuple(tokens(u)) for u in texts + turned)
    return Copies(list(u) for u in seen if u)


def slot_relation(said: Sequence[str], given: Sequence[str], before: str = "", after: str = "") -> str | None:
    """WordNet's reading of one changed slot: the phrases with the agreeing word after or
    before them, where both make a name WordNet knows ("North Sea" for "Black Sea"), else the
    whole phrases, else their content words ("coffee because it" for "grapefruit juice, which"),
    else their last content words."""
    a, b = _content(said), _content(given)
    phrases = []
    if after:
        phrases.append((" ".join([*said, after]), " ".join([*given, after])))
    if before:
        phrases.append((" ".join([before, *said]), " ".join([before, *given])))
    phrases.append((" ".join(said), " ".join(given)))
    if a and b:
        phrases += [(" ".join(a), " ".join(b)), (a[-1], b[-1])]
    for x, y in phrases:
        found = relation(x, y)
        if found is not None:
            return found
    return None


def _name_swapped(ops: list, claim: Sequence[str], premise: Sequence[str], named: frozenset[str]) -> bool:
    """Does the alignment put a name of the claim where the premise has another word?"""
    return any(tag == "replace" and set(claim[i1:i2]) & named for tag, i1, i2, _, _ in ops)


def _another_kind(claim: Sequence[str], premise: Sequence[str], named: frozenset[str] = frozenset()) -> bool:
    """Whether the alignment of a claim clause to a premise clause changes only slots WordNet
    reads as the same, another of one kind or the opposite, at least one of them not the same."""
    ops = SequenceMatcher(None, claim, premise, autojunk=False).get_opcodes()
    flagged = False
    for k, (tag, i1, i2, j1, j2) in enumerate(ops):
        if tag == "delete" and set(claim[i1:i2]) & NEGATIONS and _name_swapped(ops, claim, premise, named):
            return False  # a "not" put in beside another name: "Sydney is not the capital" denies it of another
        if tag in ("equal", "insert"):  # "insert": premise words the claim leaves out
            continue
        said, given = claim[i1:i2], premise[j1:j2]
        if tag == "delete" and _content(said):
            return False  # words the claim adds: read elsewhere
        if not _content(said) or not _content(given):
            continue  # "because it" for "which"; "the Danube" for "it"
        words = set(said) | set(given)
        if (len(said) > MAX_SLOT or len(given) > MAX_SLOT or words & NEGATIONS or words & PARTICLES
                or any(w.endswith("n't") or w[0].isdigit() or w in NUMBER_WORDS for w in words)
                or set(_content(said)) & set(premise)):
            return False
        before = claim[i1 - 1] if k and ops[k - 1][0] == "equal" else ""
        after = claim[i2] if k + 1 < len(ops) and ops[k + 1][0] == "equal" else ""
        found = slot_relation(said, given, before, after)
        if found == SAME:
            continue
        if found not in (SIBLING, OPPOSITE):
            return False
        flagged = flagged or bool(before or after)  # between words that agree
    return flagged


def another_kind(claim: str, sentences: Sequence[str]) -> float:
    """1.0 when a clause of the claim copies a premise clause with a word of another kind or
    the opposite put in (see the module's docstring), else 0.0."""
    return _another_kind_claim(claim, tuple(sentences))


@lru_cache(maxsize=32768)  # a claim is read against the same premises by several metrics
def _another_kind_claim(claim: str, sentences: tuple[str, ...]) -> float:
    units = _units(sentences)
    if not units:
        return 0.0
    texts = split_clauses(claim)
    if len(texts) > 1:  # and the whole claim, where its clauses are too short to be read as copies
        texts = [*texts, claim]
    lower = {t for sentence in sentences for t in TOKEN.findall(sentence) if t.islower()}
    for text in texts:
        said = tokens(text)
        if len(_content(said)) < 3:
            continue
        floor = max(MIN_MATCHED, math.ceil(MIN_SHARE * len(said)))
        matched, best = units.closest(said, floor)
        # names: capitalised words, the first one too where the premises never write it in lower case
        found = TOKEN.findall(text)
        named = frozenset(t.lower() for k, t in enumerate(found) if t[:1].isupper() and (k or t.lower() not in lower))
        if matched >= MIN_MATCHED and best and all(_another_kind(said, units.items[k], named) for k in best):
            return 1.0
    return 0.0
