"""A word put in place of its opposite: "won" where the evidence says "lost", "adults" where it
says "children", "removed" where it says "added".

"Python 3.12 added the distutils module." against "Python 3.12 removed the distutils module"
shares every word but the one that matters; coverage and vectors called it supported (0.97).
As with a change of direction (direction.py), the opposite is read in the premise sentence
that best covers the claim's other words, and counts only where that sentence says one side
of a pair and the claim the other, neither negated (that is the negation check's to judge),
and neither saying both sides ("born in 1920, died in 1980" decides nothing about "died").

The pairs are words whose opposite is not a paraphrase in factual text. Left out: words with
a second everyday sense ("left", "light", "late", "new"), and converse pairs, which say the
same with the two sides swapped ("A bought it from B" is "B sold it to A"; so are before and
after, older and younger, above and below, north and south of, imports and exports). One pair
is read one way: "all patients" where the premise says "some patients" claims more than it is
given, "some" where the premise says "all" does not.

On the support dev sets the check fires on no claim: WiCE and Factcheck-GPT have few such
swaps (with "stronger"/"weaker" in the table, it fired once, on a Factcheck-GPT claim not
supported). Its place among the contradictions rests on the logic, not on a fit; its probes
are in tests/test_opposites.py and tests/test_contradictions.py.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Iterable

from ....text.segments import best_covering, content_set, coverage, memo_short, negated, split_clauses, tokens
from ....text.words import STOPWORDS, TOKEN, stem
from .direction import NOT_ASSERTED

# one pair per line: the forms of one side, "/", the forms of the other; ">" marks a pair read one
# way only: a claim that says all where the premise says some claims more than it gives, while
# a claim of some where the premise says all is supported
_TABLE = """
all every always everyone everybody > some sometimes occasionally several many most few often usually rarely
won win wins winning / lost lose loses losing
added add adds adding / removed remove removes removing
approved approve approves approval / rejected reject rejects rejection denied
accepted accept accepts acceptance / rejected reject rejects declined
allowed allows permitted permits legal legalized legalised / banned bans prohibited prohibits illegal forbidden
opened opens / closed closes
first / last
earliest / latest
maximum / minimum
largest biggest / smallest
highest / lowest
oldest / youngest
northern / southern
eastern / western
male / female
men man / women woman
boys boy / girls girl
born / died
hired / fired
included include includes / excluded exclude excludes
enabled enable enables / disabled disable disables
true / false
public / private
positive / negative
success successful succeeded / failure failed unsuccessful
supported supports favoured favored / opposed opposes
inside / outside
adults adult / children child
domestic / foreign
urban / rural
minority / majority
mandatory compulsory required / optional voluntary
ancient / modern
maternal / paternal
mother / father
son sons / daughter daughters
brother brothers / sister sisters
king / queen
republican republicans / democrat democrats democratic
conservative conservatives / liberal liberals
permanent permanently / temporary temporarily
winter / summer
acute / chronic
benign / malignant
arrival arrived arrives / departure departed departs
started began begins starts start beginning / ended ends finished end
safe safely / unsafe contraindicated dangerous hazardous harmful
recommended encouraged / contraindicated discouraged
effective / ineffective
wet rainy humid / dry arid parched
hot / cold
warm warms / cool cools
synchronous / asynchronous
symmetric / asymmetric
typical / atypical
reasonable / unreasonable excessive
high / low
compatible / incompatible
possible / impossible
available / unavailable
eligible / ineligible
valid / invalid
able / unable
likely / unlikely
reversible / irreversible
correct / incorrect
accurate / inaccurate
sufficient / insufficient
stable / unstable
paid / unpaid
encrypted / unencrypted
profit profits profitable / loss losses unprofitable
surplus / deficit
guilty / innocent
convicted / acquitted
upheld / overturned
plaintiff plaintiffs / defendant defendants
landlord landlords / tenant tenants
employer employers / employee employees
lender lenders / borrower borrowers
buyer buyers / seller sellers
strengthened strengthens / weakened weakens
activated activate activates / deactivated deactivate deactivates
locked / unlocked
extends extend extended lengthens lengthen lengthened prolongs prolong prolonged / shortens shorten shortened
indoor indoors / outdoor outdoors
"""


def _pairs() -> tuple[dict[str, set[tuple[int, int]]], frozenset[int]]:
    sides: dict[str, set[tuple[int, int]]] = {}
    one_way = set()
    for pair, line in enumerate(row for row in _TABLE.strip().splitlines() if row.strip()):
        if ">" in line:
            one_way.add(pair)
        for side, forms in enumerate(line.replace(">", "/").split("/")):
            for word in forms.split():
                sides.setdefault(word, set()).add((pair, side))
    return sides, frozenset(one_way)


SIDES, ONE_WAY = _pairs()
MIN_COVERAGE = 0.7  # of the claim's other content words, in the premise sentence


@memo_short
def said(text: str) -> frozenset[tuple[int, int]]:
    """(pair, side) for each side of an opposite pair that the text's words say; not "all" of a
    share ("30% of all therapeutic change", "first of all": a share of the whole, not a claim of
    all; "blood tests of all patients" is one)."""
    words = tokens(text)
    return frozenset(side for k, word in enumerate(words) for side in SIDES.get(word, ())
                     if not (word == "all" and _SHARE_OF_ALL.search(" ".join(words[max(0, k - 3):k + 1]))))


# "30% of all therapeutic change", "a third of all cases", "first of all": a share of the whole
_SHARE_OF_ALL = re.compile(r"(?:\d\S*|percent|half|third|quarter|fifth|tenth|thirds|quarters|majority|minority|most|"
                           r"some|many|few|first|best|worst|largest|biggest|smallest|highest|lowest|one)\s+of\s+all$")


@memo_short
def _other_words(text: str) -> frozenset[str]:
    """The text's content words but those of the opposite pairs."""
    return content_set(" ".join(word for word in tokens(text) if word not in SIDES))


def opposite_flip(claim: str, sentences: Iterable[str], min_coverage: float = MIN_COVERAGE) -> float:
    """1.0 when the claim says one side of an opposite pair of the table (table_flip) or a word
    with or without a negating prefix (prefix_flip) where the passage says the other."""
    sentences = list(sentences)
    if table_flip(claim, sentences, min_coverage) or prefix_flip(claim, sentences, min_coverage):
        return 1.0
    # a claim that joins clauses, read clause by clause with more of its words in the sentence: "The
    # Act permits deductions for normal wear and tear as well as for damage beyond ordinary use,
    # provided the landlord supplies an itemized statement." where "Deductions for normal wear and
    # tear are prohibited; only damage beyond ordinary use may be charged."
    # (not a part whose side of a pair the passage says anywhere: "which have all generated millions
    # of album sales" where one sentence says "all" and another "some")
    parts = split_clauses(claim)
    if len(parts) < 2 or NOT_ASSERTED.search(claim):  # not a condition, "neither ... nor", a question
        return 0.0
    anywhere = frozenset().union(*(said(sentence) for sentence in sentences))
    return float(any(len(_other_words(part)) >= PART_WORDS and not said(part) & anywhere
                     and table_flip(part, sentences, max(min_coverage, PART_COVERAGE)) for part in parts))


PART_WORDS = 3  # content words besides its side of the pair, in a clause read alone
PART_COVERAGE = 0.8  # of them, in the premise sentence


def table_flip(claim: str, sentences: Iterable[str], min_coverage: float = MIN_COVERAGE) -> float:
    """1.0 when the premise sentence that best covers the claim's other words (at least
    ``min_coverage`` of them) says the opposite side of a pair of which the claim says one
    side only (the first side, for a pair read one way), and not the claim's side; neither side
    negated."""
    sentences = list(sentences)
    claimed = said(claim)
    one_sided = {(pair, side) for pair, side in claimed
                 if (pair, 1 - side) not in claimed and not (pair in ONE_WAY and side == 1)}
    if not one_sided or negated(claim):
        return 0.0
    best, best_cov = best_covering(_other_words(claim), sentences, _other_words)
    if best is None or best_cov < min_coverage or negated(best):
        return 0.0
    theirs = said(best)
    flipped = [(pair, side) for pair, side in one_sided if (pair, 1 - side) in theirs and (pair, side) not in theirs]
    # a quantifier ("all" where "some") is read whatever else the passage says of all
    return float(any(pair in ONE_WAY or not _said_elsewhere(claim, best, sentences, pair, side)
                     for pair, side in flipped))


JOINED = 1  # claim words besides its side of the pair that another sentence adds to the best one


def _said_elsewhere(claim: str, best: str, sentences: Iterable[str], pair: int, side: int) -> bool:
    """Does another premise sentence say the claim's side, with words of the claim the best
    covering sentence lacks: the claim joins two sentences ("Dr. Okonkwo ran the pediatric arm,
    which enrolled 142 children." from "Dr. Okonkwo led the pediatric arm ..., while Dr. Feld
    oversaw adult enrollment." and "The pediatric arm enrolled 142 children.")?"""
    rest = _other_words(claim) - _other_words(best)
    return any(s != best and (pair, side) in said(s) and not negated(s) and len(rest & _other_words(s)) >= JOINED
               for s in sentences)


# a word and the same word with a prefix that negates it: "non-refundable", "nonrefundable",
# "unlimited" (words of four letters or more after the prefix). Not a prefix standing alone ("UN
# peacekeepers", "Kim Jong Un") or before a capital ("non-English": a class named by what it is
# not), nor words whose "un" reverses a deed or is no prefix ("uncover", "unlike", "unless")
_PREFIXES = ("non", "un")
_HYPHENED = re.compile(r"\b([Nn]on|[Uu]n)-(?=[a-z])")
_NOT_PREFIXED = frozenset("""unless unison united unite unites uniting unlike unlikely uncover uncovers uncovered
uncovering unveil unveils unveiled unearth unearthed unfold unfolds unfolded unplug unplugs unplugged unpack unpacks
unpacked unload unloads unloaded unwrap unwrapped undo undoes undone untold unravel unravelled unraveled""".split())
_PASSIVE = frozenset("be been being is are was were get gets got".split())


@memo_short
def prefixed_forms(text: str) -> tuple[frozenset[str], frozenset[str]]:
    """(words the text says bare, words it says behind a negating prefix, as the word without it)."""
    words = TOKEN.findall(_HYPHENED.sub(r"\1", text).lower())
    # not a verb in the passive: "unused days" are not read against "they must be used"
    # ("are inhabited reserves": an adjective before its noun, not a passive)
    bare = {word for k, word in enumerate(words)
            if not (word.endswith("ed") and k and words[k - 1] in _PASSIVE
                    and (k + 1 == len(words) or words[k + 1] in STOPWORDS or words[k + 1].endswith("ly")))} - STOPWORDS
    prefixed = {word[len(p):] for word in words if word[:2] in ("un", "no") and word not in _NOT_PREFIXED
                for p in _PREFIXES if word.startswith(p) and len(word) - len(p) >= 4} - STOPWORDS
    return frozenset(bare), frozenset(prefixed)


def prefix_flip(claim: str, sentences: Iterable[str], min_coverage: float = MIN_COVERAGE) -> float:
    """1.0 when the premise sentence that best covers a claim clause's other content words (at
    least ``min_coverage`` of them) says a word of the clause only behind a negating prefix, or
    only bare where the clause has the prefix ("Economy Classic fares are refundable" where the
    passage says "non-refundable"; "the plan has limited data" where it says "unlimited"), in the
    clause of it that best covers them, neither negated (version 47). Each clause of a claim that
    joins several is read alone, with at least two other content words ("The Classic fare is
    refundable, and you can also claim back the airport taxes"). A sentence as close to the claim
    that says the word the claim's way decides for the claim."""
    sentences = list(sentences)
    bare, prefixed = prefixed_forms(claim)
    theirs, theirs_prefixed = _passage_forms(tuple(sentences))
    if not (bare & theirs_prefixed or prefixed & theirs):
        return 0.0  # no word of the claim the passage says the other way anywhere
    # a word the claim says both ways ("the lower, deformed units and the upper, undeformed ones")
    # sets two things apart: it decides nothing
    both = bare & prefixed
    clauses = split_clauses(claim)
    parts = [(part, 2) for part in clauses] if len(clauses) > 1 else [(claim, 1)]
    return float(any(_prefix_flip(part, sentences, min_coverage, min_words, both) for part, min_words in parts))


@lru_cache(maxsize=256)
def _passage_forms(sentences: tuple[str, ...]) -> tuple[frozenset[str], frozenset[str]]:
    """prefixed_forms of all the sentences at once (a passage is read for each of its claims)."""
    forms = [prefixed_forms(sentence) for sentence in sentences]
    return frozenset().union(*(b for b, _ in forms)), frozenset().union(*(p for _, p in forms))


def _flipped(ours: tuple[frozenset[str], frozenset[str]], text: str, both: frozenset[str]) -> frozenset[str]:
    """The words the claim part says one way (ours: prefixed_forms) and the text only the other."""
    theirs, theirs_prefixed = prefixed_forms(text)
    flipped = ((((ours[0] & theirs_prefixed) - theirs) | ((ours[1] & theirs) - ours[0]))
               - both - (theirs & theirs_prefixed))
    # a pair of the table ("successful" / "unsuccessful") is table_flip's to read
    return frozenset(w for w in flipped if w not in SIDES and not any(f"{p}{w}" in SIDES for p in _PREFIXES))


def _says_it_our_way(ours: tuple[frozenset[str], frozenset[str]], text: str, words: frozenset[str]) -> bool:
    theirs, theirs_prefixed = prefixed_forms(text)
    return bool(words & ((ours[0] & theirs) | (ours[1] & theirs_prefixed)))


def _prefix_flip(part: str, sentences: list[str], min_coverage: float, min_words: int, both: frozenset[str]) -> bool:
    if negated(part):
        return False
    ours = prefixed_forms(part)
    anywhere = frozenset().union(*(_flipped(ours, sentence, both) for sentence in sentences))
    if not anywhere:
        return False
    rest = content_set(part) - {stem(f"{p}{w}") for w in anywhere for p in ("", *_PREFIXES)} - set(_PREFIXES)
    if len(rest) < min_words:
        return False
    covered = [coverage(rest, content_set(sentence)) for sentence in sentences]
    best = max(covered)
    tied = [sentence for sentence, c in zip(sentences, covered) if c == best]
    if best < min_coverage or any(_says_it_our_way(ours, sentence, anywhere) for sentence in tied):
        return False
    for sentence in tied:
        # the clause of the sentence that best covers the claim part ("Flex fares are refundable,
        # but Classic fares are not": "Classic fares are non-refundable" is read against the second),
        # not negated ("... are non-refundable, although taxes are reclaimed if you do not fly")
        clauses = split_clauses(sentence)
        near = [coverage(rest, content_set(clause)) for clause in clauses]
        if any(c == max(near, default=0.0) and not negated(clause) and _flipped(ours, clause, both)
               for clause, c in zip(clauses, near)):
            return True
    return False
