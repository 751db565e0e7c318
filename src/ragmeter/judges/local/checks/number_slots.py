"""A number put next to the words of one fact where the passage puts another there.

"Withdrawals before age 55 are generally subject to income tax plus a 20% early withdrawal
penalty." against "You generally pay income tax plus a 10% penalty": the claim rewords the
sentence, so quantities.number_swap, which needs a premise sentence that holds nearly all of the
claim's other words, reads nothing, and the changed-slot check finds no copy. Here a number is
read with its neighbours: the content words just before and after it, up to a mark or another
number. A claim number that no premise states (even rounded, or written in pieces), next to a
word that a premise number of the same measure (a percentage, a sum of money, a count) and kind
(a year for a year) also has next to it, is another value in the same place.

Not read as values: numbers glued to letters ("9th", "1990s"), the ends of a range ("6-7"),
identifiers after a name ("Rule 19", "Season 7") and bounds ("more than 100": the claim's 120 may
meet it); neighbours that only say what is counted or how exactly ("years", "million", "about")
name no fact. `python benchmarks/slot_check.py --check number_slot` counts its flags by label.
"""

from __future__ import annotations

import re
from decimal import Decimal
from typing import Iterable

from ....text.segments import content_set, memo_short, numbers
from .quantities import rounds_to, split_numbers_of, value_kind

# a number's neighbours: the content words just before it and just after it, up to a mark or
# another number; words that only say what is counted or measured, or how exactly, name no fact
NEIGHBOURS_BEFORE, NEIGHBOURS_AFTER = 2, 3
PIECE = re.compile(r"(?<![\d.])\d[\d,]*(?:\.\d+)?(?!\w|\.\d)|[^\W\d_][\w'’-]*|[^\w\s]")  # not "9th", ".99", "4.1KW"
DIGITS = re.compile(r"\d[\d,]*(?:\.\d+)?")
_SPLIT_THOUSANDS = re.compile(r"(?<=\d) ?, ?(?=\d{3}\b)")  # "23 , 768" as tokenised text writes 23,768
_SCALES = frozenset(("thousand", "million", "billion", "trillion"))
BOUNDS = frozenset(("over", "under", "above", "below", "than", "least", "most", "to", "up", "nearly", "almost",
                     "after", "before", "since", "until", "between"))
MONTHS = frozenset("january february march april may june july august september october november december".split())
# what a number measures, by the word after it: a number of years is no number of awards
_MEASURES = {stem: word for word in ("year", "month", "week", "day", "hour", "minute", "second", "mg", "milligram",
                                     "kg", "kilogram", "km", "kilometre", "mile", "metre", "meter", "percent")
             for stem in content_set(f"{word} {word}s")}
_UNITS = content_set("percent per cent times time year years month months week weeks day days hour hours minute "
                     "minutes second seconds mg ml kg km mile miles metre metres meter meters dollar dollars euro "
                     "euros pound pounds people person age aged old ago about around nearly almost over under least "
                     "most more less than up plus and or with only just exactly approximately roughly some another "
                     "additional extra total first last top thousand million billion trillion")


Slot = tuple[str, str, frozenset[str]]  # what a number measures, its value, its neighbours' stems


def _slot(pieces: list[str], k: int) -> Slot | None:
    """The number at pieces[k] (scaled: "80 million" is 80000000) as a Slot; None
    where it is no value of a fact: glued to letters ("9th", "1990s"), one end of a range
    ("6-7"), an identifier after a name ("Rule 19", "Season 7"), or a bound ("more than 100")."""
    after = pieces[k + 1] if k + 1 < len(pieces) else ""
    before = pieces[k - 1] if k else ""
    if "-" in (before, after) or "–" in (before, after) or before.lower() in BOUNDS:
        return None
    if (k > 1 and pieces[k - 2].lower() == "between") or after.lower() in MONTHS or before.lower() in MONTHS:
        return None  # "between 1998 and 2002"; a date ("16 October", "May 5")
    if before[:1].isupper() and content_set(before) and not content_set(before) <= _UNITS:
        return None
    near: list[str] = []
    for step, reach in ((-1, NEIGHBOURS_BEFORE), (1, NEIGHBOURS_AFTER)):
        j, taken = k + step, 0
        while 0 <= j < len(pieces) and taken < reach and (pieces[j][:1].isalpha() or pieces[j] in "%$€£"):
            near.append(pieces[j])
            taken += pieces[j][:1].isalpha()
            j += step
    value = next(iter(numbers(f"{pieces[k]} {after}" if after.lower() in _SCALES else pieces[k])), None)
    unit = next(iter(content_set(after)), "") if after[:1].isalpha() else ""
    measure = ("percent" if after == "%" else "money" if before in ("$", "€", "£")
               else _MEASURES.get(unit, "count"))
    return (measure, value, content_set(" ".join(near)) - _UNITS) if value is not None else None


@memo_short
def _numbered_slots(text: str) -> tuple[Slot, ...]:
    """Each number written in digits in the text: what it measures (a percentage, a sum of money,
    years, kilograms..., or a count), its value and its neighbours' stems."""
    pieces = PIECE.findall(_SPLIT_THOUSANDS.sub("", text))
    slots = (_slot(pieces, k) for k, piece in enumerate(pieces) if DIGITS.fullmatch(piece))
    return tuple(slot for slot in slots if slot is not None)


def number_slot_swap(claim: str, sentences: Iterable[str], premise_numbers: frozenset[str]) -> float:
    """1.0 when the claim puts, next to a word that names a fact, a number no premise states,
    and a premise sentence puts another number of the same kind next to the same word ("a 20%
    early withdrawal penalty" where the passage says "a 10% penalty"). Where the claim rewords
    the rest of the sentence, number_swap finds no premise sentence that covers it."""
    slots = [slot for slot in _numbered_slots(claim) if slot[2]]
    if not slots:  # most claims: no number beside a word (the premises are not read)
        return 0.0
    sentences = tuple(sentences)
    stated = premise_numbers | split_numbers_of(sentences)
    new = [(measure, value_kind(value), near) for measure, value, near in slots
           if value not in stated and not any(rounds_to(value, y) for y in stated) and not _difference(value, stated, claim)]
    return float(bool(new) and any(
        near & words and measure == said and value_kind(value) == kind
        for sentence in sentences for measure, value, near in _numbered_slots(sentence) for said, kind, words in new))


DIFFERENCES_OF = 12  # premise numbers at most, whose differences are read
DIFFERENCE_AT_LEAST = 20  # and a claim number read as one, each of the two premise numbers larger
# a difference told as one: "240 meters above Orsa", "30 minutes longer", "15 years apart"
_AS_DIFFERENCE = re.compile(r"\s*(?:[^\W\d_][\w'’-]*\s+){0,2}(?:above|below|more|less|fewer|higher|lower|longer|"
                            r"shorter|taller|older|younger|earlier|later|apart|ahead|behind|than|further|farther|"
                            r"bigger|larger|smaller|deeper|heavier|lighter)\b", re.I)


def _difference(value: str, stated: frozenset[str], claim: str) -> bool:
    """Is the claim's number told as a difference ("standing roughly 240 meters above Orsa") and
    the difference of two premise numbers, or that rounded (Teller 4,112 meters, Orsa 3,870)?
    Years are no operands, and the numbers are read only where the premises give few."""
    if not _DECIMAL.fullmatch(value) or Decimal(value) < DIFFERENCE_AT_LEAST:
        return False  # small differences are too easily met by chance
    told = [m for m in DIGITS.finditer(claim) if m.group().replace(",", "") == value]
    if not any(_AS_DIFFERENCE.match(claim, m.end()) for m in told):
        return False
    given = sorted({Decimal(y) for y in stated if _DECIMAL.fullmatch(y) and not 1000 <= Decimal(y) <= 2100})
    if len(given) > DIFFERENCES_OF:
        return False
    return any(rounds_to(value, str(b - a)) for i, a in enumerate(given) for b in given[i + 1:] if a > Decimal(value))


_DECIMAL = re.compile(r"\d+(?:\.\d+)?")
_SCALE_AFTER = re.compile(r"\s+(?:thousand|million|billion|trillion)\b", re.I)
_BREAK = re.compile(r"[,;:]")


def _context(claim: str, value: str) -> frozenset[str]:
    """The words the claim tells a number with: those of its clause before it, or, where they
    are fewer than two, all since the number before it (less that number's own neighbours and
    scale: "$1.2 billion in cash, or $34 a share" tells 34 with none), or, where those are fewer
    than two, those of its clause after it."""
    spans = []
    for m in DIGITS.finditer(claim):
        scale = _SCALE_AFTER.match(claim, m.end())
        spans.append((m.start(), scale.end() if scale else m.end(), numbers(claim[m.start():scale.end() if scale else m.end()])))
    for k, (start, end, said) in enumerate(spans):
        if value not in said:
            continue
        since = claim[spans[k - 1][1] if k else 0:start]
        clause = content_set(_BREAK.split(since)[-1])
        if len(clause) >= 2:
            return clause
        before = content_set(since) - _SCALES - (_previous_neighbours(claim, spans[k - 1][2]) if k else frozenset())
        if len(before) >= 2:
            return before
        return content_set(_BREAK.split(claim[end:spans[k + 1][0] if k + 1 < len(spans) else len(claim)])[0])
    return frozenset()


def _previous_neighbours(claim: str, said: frozenset[str]) -> frozenset[str]:
    return frozenset().union(*(near for _, value, near in _numbered_slots(claim) if value in said))


def number_moved(claim: str, sentences: Iterable[str]) -> float:
    """1.0 when the claim tells a number the passage states with the words of another of its
    facts: "The harbor walls came first, completed in 1452" where the passage has "It received a
    royal charter in 1452" and "The harbor walls were completed in 1510" (version 41). Read where
    no premise sentence that states the number shares a word with what the claim tells it with
    (the words since the number before it), and one that states another number of the same kind
    shares two of them, one beside that number. `python benchmarks/slot_check.py --check
    number_moved`: 4 of 15,721 dev and train claims flagged, none supported."""
    slots = [slot for slot in _numbered_slots(claim) if slot[2]]
    if not slots:
        return 0.0
    read = [(content_set(sentence), _numbered_slots(sentence), numbers(sentence)) for sentence in sentences]
    for measure, value, _ in slots:
        told = _context(claim, value)
        # the passage gives the number to a fact of its own (beside words of its own, not as a
        # date or a range's end), and says it nowhere with the claim's words
        holding = [(words, any(said == value and beside for _, said, beside in found))
                   for words, found, stated in read if value in stated]
        if len(told) < 2 or not any(own for _, own in holding) or any(words & told for words, _ in holding):
            continue
        if any(len(words & told) >= 2 and any(said != value and kind == measure and value_kind(said) == value_kind(value)
                                               and beside & told for kind, said, beside in found)
               for words, found, _ in read):
            return 1.0
    return 0.0
