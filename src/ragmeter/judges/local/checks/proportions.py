"""A share the passage gives otherwise.

"Most of the 34 islands are permanently inhabited" where the passage says "34 islands, of which
only 5 are permanently inhabited"; "Nearly all of Iceland's residents live in the capital region"
where it says "about two-thirds"; "A few of the ponds above 600 metres contained the snail" where
"None of the ponds above 600 metres contained" it; "Only some of the bulbs can be dimmed" where
"Every bulb can be dimmed". Every word but the quantifier is the passage's, and word overlap,
sentence vectors and the small verifier read the two as one.

Each clause of the claim and of the premises is read for a quantifier before a noun ("most of
the islands", "a few ponds", "none of the plugins", "two-thirds of the residents", "8 of the 23
properties", "34 islands, of which only 5"; number words as digits), read as the share it allows:
all, every and each all of them; nearly or almost all at least 0.8; most and the majority more
than half; a few, few, a minority, a small fraction, only some, a handful less than half and more
than none; some, several and many more than none; none, no and not one none; a fraction, a
percentage or k of M that share, give or take 0.1 where it is "about". A clause with a negation
besides its quantifier is read as the share of the rest ("most did not": less than half did).

A claim clause is matched to the premise clauses that quantify its group (its first two content
words after the quantifier, one of them in common) and hold at least half of its other content
words, none of them set the other way ("above 600 metres" is not "below 600 metres"); of those,
the ones that share the most words with it. Two counts or percentages are the number checks' to
compare; a superlative ("the most famous"), a time ("every second", "all the way") or a bound
("at most") is no share. The claim is flagged where every such premise clause allows no share the claim
allows. "Several permanent settlements lie in the interior" against "all of the permanent
settlements lie on the coast" is not read: several of all is a share all allows (the predicate
differs, which this check does not read).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from fractions import Fraction

from ....text.segments import content_set, memo_short, split_clauses
from ....text.spelled import spelled_as_digits

MIN_SHARED = 0.5  # of the claim clause's content words (but its quantifier's), in the premise clause
APPROX = 0.1  # how far "about two-thirds" may be from two-thirds
Share = tuple[float, float]  # the least and the most share a quantifier allows, ends included
EPS = 1e-6

_FRACTIONS = {"half": Fraction(1, 2), "one-half": Fraction(1, 2), "a third": Fraction(1, 3),
              "one-third": Fraction(1, 3), "one third": Fraction(1, 3), "two-thirds": Fraction(2, 3),
              "two thirds": Fraction(2, 3), "a quarter": Fraction(1, 4), "one-quarter": Fraction(1, 4),
              "one quarter": Fraction(1, 4), "three-quarters": Fraction(3, 4), "three quarters": Fraction(3, 4),
              "a fifth": Fraction(1, 5), "one-fifth": Fraction(1, 5), "one fifth": Fraction(1, 5)}
_WORDS: dict[str, Share] = {
    "all": (1, 1), "every": (1, 1), "each": (1, 1), "all of": (1, 1),
    "nearly all": (0.8, 1), "almost all": (0.8, 1), "virtually all": (0.8, 1), "nearly every": (0.8, 1),
    "almost every": (0.8, 1), "most": (0.5 + EPS, 1), "the majority of": (0.5 + EPS, 1),
    "a majority of": (0.5 + EPS, 1), "the bulk of": (0.5 + EPS, 1),
    "a few": (EPS, 0.5 - EPS), "few": (EPS, 0.5 - EPS), "only a few": (EPS, 0.5 - EPS),
    "only some": (EPS, 0.5 - EPS), "only a minority of": (EPS, 0.5 - EPS), "a minority of": (EPS, 0.5 - EPS),
    "a small fraction of": (EPS, 0.5 - EPS), "a small number of": (EPS, 0.5 - EPS), "a handful of": (EPS, 0.5 - EPS),
    "only a handful of": (EPS, 0.5 - EPS),
    "some": (EPS, 1), "several": (EPS, 1), "many": (EPS, 1),
    "not all": (0, 1 - EPS), "not every": (0, 1 - EPS),
    "none": (0, 0), "none of": (0, 0), "no": (0, 0), "not one": (0, 0), "not one of": (0, 0),
    "not a single": (0, 0), "not a single one of": (0, 0),
}
_APPROX = r"(?:about|around|roughly|nearly|almost|approximately|some|just\s+over|just\s+under|over|under)"
_QUANT = re.compile(
    rf"(?<![\w-])(?:(?P<approx>{_APPROX})\s+)?"
    r"(?:(?:only\s+|just\s+)?(?P<k>\d+)\s+(?:out\s+)?of\s+(?:the\s+|its\s+|their\s+)?(?P<m>\d+)"
    r"|(?:only\s+)?(?P<pct>\d+(?:\.\d+)?)\s*(?:%|percent|per\s+cent)\s+of"
    r"|(?:only\s+)?(?P<frac>" + "|".join(sorted(map(re.escape, _FRACTIONS), key=len, reverse=True)) + r")\s+of"
    r"|(?P<word>" + "|".join(sorted((re.escape(w).replace(r"\ ", r"\s+") for w in _WORDS), key=len, reverse=True))
    + r"))\s+(?:of\s+)?(?:the\s+|its\s+|their\s+|these\s+|those\s+|(?P<owner>[A-Z][\w'’-]*['’]s)\s+)?"
    r"(?:(?:about|around|roughly)\s+)?(?P<rest>[\w'’-]+(?:\s+[\w'’,.-]+)*)", re.I)
# a count said in one word ("Of the twelve delegates ..., nine signed")
_SMALL_NUMBERS = ("one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen "
                  "seventeen eighteen nineteen twenty").split()
# a whole word, not a fraction's or a rate's first word ("two thirds", "one in four", "one out of")
_COUNT = (r"(?<![\w-])(?:\d+|" + "|".join(_SMALL_NUMBERS) + r")\b(?![\s-]+(?:in|out|or|to|and|half|halves|thirds?"
          r"|quarters?|fifths?|tenths?|hundreds?|thousands?|millions?)\b)")
# "34 islands, of which only 5 are inhabited"; "Of the 48 varieties tested, none showed ..."
_OF_WHICH = re.compile(rf"(?P<m>{_COUNT})\s+(?P<noun>[a-z][\w-]*(?:\s+[a-z][\w-]*)?),\s+of\s+(?:which|whom)\s+"
                       rf"(?:only\s+)?(?P<k>{_COUNT}|none|all|most|a\s+few|few)\s+(?P<rest>.+)", re.I)
_OF_THE = re.compile(rf"^\W*of\s+the\s+(?P<m>{_COUNT})\s+(?P<noun>[^,]+),\s+(?:only\s+)?"
                     rf"(?P<k>{_COUNT}|none|all|most|a\s+few|few)\s+(?P<rest>.+)", re.I)
_NUMBER_STEMS = content_set(" ".join(_SMALL_NUMBERS))  # a count is no word of the group or of what is said of it
# "five of the 34 islands": a number said in one word, before "of" and a number
_SMALL = re.compile(rf"\b({'|'.join(_SMALL_NUMBERS)})(?=\s+(?:out\s+)?of\s+(?:the\s+|its\s+|their\s+)?\d)", re.I)
# no share of a group: a superlative ("the most famous"), a time ("every second", "all the way"),
# a bound ("at most"), an adverb ("most likely")
_NOT_A_SHARE = re.compile(r"(?:(?:all|every|each)\s+(?:the\s+|other\s+)?(?:way|time|times|same|while|second|minute|hour|day|"
                          r"week|month|year|morning|night|evening)s?\b|most\s+(?:likely|often|commonly|recently|famous|"
                          r"important|popular|common|widely|notably|probably)\b)", re.I)
# "absent from every pond": a share of the rest
_LACKING_BEFORE = re.compile(r"\b(?:absent\s+(?:from|in)|free\s+(?:of|from)|lacks?|lacking|missing\s+from|"
                             r"not\s+found\s+in)\s*$", re.I)
# "the most seats", "at most", "after all": the word before tells; "75% all of" is a number's
_AFTER_NUMBER = re.compile(r"(?:\d\s*%?|\b(?:the|at|after|above|a))\s*$", re.I)
_NEGATION = re.compile(r"\b(?:not|never|n['’]t|cannot)\b", re.I)
# a predicate that says the opposite of having: "absent from every pond" is in none of them
_LACKING = re.compile(r"\b(?:absent|free\s+(?:of|from)|lacks?|lacking|missing)\b", re.I)
_QUANT_WORDS = content_set(" ".join(_WORDS) + " only just half third thirds quarter quarters fifth percent out "
                           "about around roughly nearly almost approximately majority minority fraction handful bulk")
# words that set a group the other way: "ponds above 600 metres" are not "ponds below 600 metres"
_OPPOSED = (("above", "below"), ("over", "under"), ("before", "after"), ("north", "south"), ("east", "west"),
            ("inside", "outside"), ("upper", "lower"), ("older", "younger"), ("higher", "lower"))
_SIDE_WORDS = frozenset(w for pair in _OPPOSED for w in pair)
NOUN_WORDS = 2  # content words after the quantifier that name its group

# share, the group's words, the clause's other content words, its words that set a group one way,
# whether the share is a count or a percentage
Quantified = tuple[Share, frozenset[str], frozenset[str], frozenset[str], bool]


def _share(m: re.Match) -> Share | None:
    if m["k"]:
        k, total = int(m["k"]), int(m["m"])
        if not total or k > total:
            return None
        value = Fraction(k, total)
    elif m["pct"]:
        value = Fraction(m["pct"]) / 100
    elif m["frac"]:
        value = _FRACTIONS[re.sub(r"\s+", " ", m["frac"].lower())]
    else:
        low, high = _WORDS[re.sub(r"\s+", " ", m["word"].lower())]
        return float(low), float(high)
    slack = APPROX if m["approx"] else 0.0
    return max(0.0, float(value) - slack), min(1.0, float(value) + slack)


def _count(word: str) -> int:
    return int(word) if word.isdigit() else _SMALL_NUMBERS.index(word.lower()) + 1


def _named(k: str, total: int) -> Share | None:
    word = k.lower()
    if word in _SMALL_NUMBERS:
        word = str(_count(word))
    if word.isdigit():
        return (int(word) / total,) * 2 if total and int(word) <= total else None
    return _WORDS.get(re.sub(r"\s+", " ", word))


def _group(text: str) -> frozenset[str]:
    """The first NOUN_WORDS content words of what follows a quantifier (not numbers)."""
    out: list[str] = []
    for word in re.findall(r"[\w'’-]+", text):
        if not word[0].isdigit():
            out += sorted(content_set(word) - _QUANT_WORDS - _NUMBER_STEMS)
        if len(out) >= NOUN_WORDS:
            break
    return frozenset(out[:NOUN_WORDS])


def _turned(share: Share, rest: str) -> Share:
    """The share of the rest where what follows the quantifier negates or says "absent" ("most
    did not": less than half did; "absent from every pond": in none)."""
    if _NEGATION.search(rest) or _LACKING.search(rest):
        return 1 - share[1], 1 - share[0]
    return share


def _entry(share: Share, group: frozenset[str], text: str, exact: bool) -> Quantified:
    sides = frozenset(w.lower() for w in re.findall(r"[A-Za-z]+", text)) & _SIDE_WORDS
    return share, group, content_set(text) - _QUANT_WORDS - _NUMBER_STEMS - group, sides, exact


@memo_short
def quantified(text: str) -> tuple[Quantified, ...]:
    """(share, group words, other content words, side words) of each quantified clause of the text."""
    text = _SMALL.sub(lambda m: str(_SMALL_NUMBERS.index(m.group(1).lower()) + 1), spelled_as_digits(text))
    out: list[Quantified] = []
    for pattern in (_OF_WHICH, _OF_THE):  # these span a comma: read in the whole sentence
        m = pattern.search(text)
        if m and (share := _named(m["k"], _count(m["m"]))) is not None and (group := _group(m["noun"])):
            rest = re.split(r"[,;]\s", m["rest"])[0]
            exact = m["k"].isdigit() or m["k"].lower() in _SMALL_NUMBERS
            out.append(_entry(_turned(share, rest), group, f"{m['noun']} {rest}", exact))
    if out:
        return tuple(out)
    for clause in split_clauses(text):
        for m in _QUANT.finditer(clause):
            if _NOT_A_SHARE.match(clause, m.start()) or _AFTER_NUMBER.search(clause[:m.start()]):
                continue
            share = _share(m)
            group = _group(m["owner"] or m["rest"]) if share is not None else frozenset()
            if share is not None and group:
                if _LACKING_BEFORE.search(clause[:m.start()]):  # "absent from every pond": in none of them
                    share = 1 - share[1], 1 - share[0]
                out.append(_entry(_turned(share, m["rest"]), group, clause, bool(m["k"] or m["pct"])))
                break  # the clause's first quantifier: "all of the few ..." is one
    return tuple(out)


def _against(mine: frozenset[str], theirs: frozenset[str]) -> bool:
    return any((a in mine and b in theirs and a not in theirs) or (b in mine and a in theirs and b not in theirs)
               for a, b in _OPPOSED)


def proportion_otherwise(claim: str, sentences: Iterable[str]) -> float:
    """1.0 when a quantified clause of the claim allows no share that the premise clauses about
    the same group allow (module docstring), else 0.0."""
    claimed = quantified(claim)
    if not claimed:
        return 0.0
    given = [q for sentence in sentences for q in quantified(sentence)]
    for (low, high), group, words, sides, exact in claimed:
        matches = []
        for (p_low, p_high), p_group, p_words, p_sides, p_exact in given:
            shared = len(words & (p_words | p_group))
            # two counts or percentages are the number checks' ("4% of patients" of one drug, "9%" of the other)
            if exact and p_exact:
                continue
            # none and all agree where one side says the other's complement ("Every bond it holds is
            # investment grade" where "None of the bonds are rated below investment grade")
            extremes = {(low, high), (p_low, p_high)} == {(0, 0), (1, 1)}
            if extremes and sides ^ p_sides:
                continue
            if group & p_group and shared >= MIN_SHARED * len(words) and not _against(sides, p_sides):
                matches.append((shared, p_low <= high + 1e-9 and low <= p_high + 1e-9))
        if matches:
            most = max(shared for shared, _ in matches)
            if not any(fits for shared, fits in matches if shared == most):
                return 1.0
    return 0.0
