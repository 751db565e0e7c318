"""Steps of a procedure told in another order, in other words.

"1) File the request in the HR portal; 2) tell your manager at least 30 days ahead" where the
passage says "Employees first notify their manager at least 30 days before the leave starts,
then submit the leave request in the HR portal". The order-of-steps check (sequence.py) reads a
step as nearly all of its words; a reworded step ("tell" for "notify", "file" for "submit") is
not one to it, and a numbered list has no "then".

Read only where the claim tells a later step (then, next, finally, afterwards, followed by, a
numbered list; not "if ... then") and the premise sentences a sequence (those markers, "first"
or "in turn", a numbered item "1. ..."), or a sentence is the step the next one follows ("Fill
the tank with descaling solution. Then rinse ..."; "Deforestation reduces transpiration. This
reduction in turn leads to lower rainfall.": version 34). The claim's steps are its parts
between those markers, semicolons and commas, in the order it tells them; the premises' steps
are the clauses of those sentences, in the passage's order (a sentence that tells its order
with "before", "after", "once" or "when" in the order of its events, below; since version 36 not
"30 days before" nor "until", which tells how long a step lasts), leaving out any negated
clause ("for an adult who is not breathing, first call ..."). A sentence that neither tells a sequence nor opens one (a heading, a
definition) gives no step, and "next month", "next year" or "next to" tell no step. Each claim
step is matched to the premise step that shares the most of its own words (those the claim's
other steps lack, at least MIN_SHARED, and more than any other premise step shares). The claim
is flagged where two steps it tells in one order match premise steps told in the other (since
version 36 also where more of its pairs of steps keep the passage's order: one step moved in a
list of three).

Version 44: a premise sentence that tells its order with one "after", "once", "when" or "before"
gives its steps in the order of their events ("a bill becomes law after it passes the Assembly, is
reviewed by the Council, and is then signed by the Regent": the Assembly, the Council, the
Regent, the law; "Only after all controllers report healthy should you upgrade the workers"),
and such a sentence tells a sequence by itself; "after a brief interval", "before meals" and
"once" meaning one time tell no order. Claims are still read only with "then" and the like:
read the same way, 16 dev and train claims were flagged, 7 of them supported.

Version 46: a claim's steps are read up to its first before / after / once / when, which tells
the last step's own time ("You connect a bank account, then pass the ID check, and you can trade
once your first deposit has cleared": before, such a claim was not read), and "after that" /
"after this" is a later step's marker, as "then" is.
Version 60: a premise sentence whose clauses, joined by ", and" or ";", each tell their order
with one such word is read clause by clause ("They link a bank account once identity is
verified, and trading opens once the deposit settles"; since version 61 not where the first
clause opens with its time, "Before you paint the wall, fill the cracks, and sand ...", which may
cover the clauses after it); "once" counts only
where it opens a clause ("once identity is verified", not "press once while breathing in"); and
a claim that lists at least three orders ("Link your bank account, verify your identity, make the
first deposit, ...") tells steps without "then". On the dev and train sets the flags stay the same
(2, none supported).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ....text.segments import content_set, memo_short, negated
from ....text.wordnet import VERB, can_be

MIN_SHARED = 2  # of a claim step's own words, in the premise step it is matched to
TIED_SHARED = 3  # of them, for a claim step matched to several premise steps that share as many in a
TIED_STEPS = 10  # passage of more steps than this (a long text repeats its words in many steps)
# "next" as a step, not "next month", "next year" or "next to"
_NEXT = (r"next(?!\s+(?:to|month|year|week|day|time|season|morning|evening|night|quarter|decade|spring|summer|autumn"
         r"|fall|winter)s?\b)")
# a later step's marker: "first" alone is often an ordinal ("finished first", "first recorded")
# "after that" standing for a step told before, not "after that update is installed"
_AFTER_THAT_WORDS = (r"(?:only\s+)?after\s+(?:that|this)\b"
                     r"(?!\s+[\w-]+\s+(?:is|are|was|were|has|have|had|gets|got|becomes)\b)")
_LATER_WORDS = rf"then|{_NEXT}|finally|afterwards|followed\s+by|{_AFTER_THAT_WORDS}"
_LATER = re.compile(rf"\b(?:{_LATER_WORDS})\b|(?:^|\s)\(?2\)", re.I)
# a sentence that a later step follows ("Then ...", "... in turn ...")
_FOLLOWS = re.compile(rf"\b(?:{_LATER_WORDS}|in\s+turn)\b", re.I)
# a sentence that tells a sequence: those, "first", "lastly", a step numbered "1)" or "1. "
_SEQUENCE = re.compile(rf"\b(?:first|firstly|lastly|{_LATER_WORDS}|in\s+turn)\b|(?:^|\s)\(?\d\)|^\W*\(?\d{{1,2}}[.)]\s",
                       re.I)
# a sentence that says the ones after it tell a sequence: "The cell passes through several phases
# in sequence." (version 41); the steps are then the clauses of the sentences that follow
_ANNOUNCES = re.compile(r"\b(?:in\s+(?:sequence|succession|this\s+order|the\s+following\s+order)|one\s+after\s+"
                        r"(?:another|the\s+other))\b", re.I)
_CONDITION = re.compile(r"\bif\b[^.]*\bthen\b", re.I)  # "if ..., then": no steps
_CLAIM_BREAK = re.compile(rf"\b(?:and\s+)?(?:{_LATER_WORDS}|lastly)\b|[,;:]|"
                          r"(?:^|\s)\(?\d\)\s*", re.I)
_CLAUSE_BREAK = re.compile(rf"\b(?:and\s+)?(?:then|{_NEXT}|finally|afterwards|lastly)\b|[,;:]", re.I)
# order told against the words' order ("submit it after you notify ..."); not a time set off by
# a number ("notify them 30 days before the leave starts, then ..."), and not "until", which
# tells how long one step lasts ("hold the button until the light flashes, then ...")
_TOLD_OTHERWISE = re.compile(r"\b(?:before|after|once|when|whenever|prior\s+to)\b", re.I)
_TIME_OFFSET = re.compile(r"\b(?:days?|weeks?|hours?|months?|years?|minutes?|seconds?)\s+(?:before|after)\b"
                          # "after 35 km", "after about 2 hours": a distance or a time gone by, no event (in digits)
                          r"|\b(?:before|after)\s+(?:about\s+|roughly\s+|around\s+|some\s+|another\s+)?[\d.,]+\s*"
                          r"(?:km|kilomet(?:re|er)s?|miles?|met(?:re|er)s?|m|hours?|minutes?|days?|weeks?|months?|years?"
                          r"|seconds?)\b", re.I)


# nor a time that is no event of the procedure ("removed after a brief interval", "before meals")
_TIME_SPAN = re.compile(r"\b(?:before|after)\s+(?:an?\s+|the\s+)?(?:[\w-]+,?\s+){0,2}(?:interval|period|while|moment|delay|pause|"
                        r"use|meals?|eating)\b", re.I)


# "after that", "after this": a later step, as "then" is
_AFTER_THAT = re.compile(rf"\b{_AFTER_THAT_WORDS}", re.I)


def _without_times(text: str) -> str:
    return _TIME_SPAN.sub(" ", _TIME_OFFSET.sub(" ", _AFTER_THAT.sub(" then ", text)))


def _told_otherwise(text: str) -> bool:
    return bool(_TOLD_OTHERWISE.search(_without_times(text)))


# "once" that opens a clause ("once the check is approved"), not "once a day" nor "return it once"
_ONCE = (r"once(?=\s+(?:the|you|they|it|he|she|we|all|each|every|your|their|its|this|that|these|those|(?-i:[A-Z])\w*)\b"
         r"|\s+(?!(?:daily|weekly|monthly|yearly|annually|again|more|only|a|per)\b)[a-z][\w-]*\s+"
         r"(?:is|are|was|were|has|have|had)\b)")  # and "once identity is verified", not "once daily is"
_MARK = rf"(?:only\s+)?(?P<mark>after|{_ONCE}|when|whenever|before|prior\s+to)"
# a step told with its own time: as _TOLD_OTHERWISE, but "once" only where it opens a clause
# ("press once while inhaling" is one press)
_TIMED_STEP = re.compile(rf"\b(?:before|after|{_ONCE}|when|whenever|prior\s+to)\b", re.I)
# "After X, Y"; "Only after X should you Y" (no comma: the verb comes before its subject)
_LEADING = re.compile(rf"^\W*{_MARK}\s+(?P<x>.+?)(?:,\s*|\s+(?=(?:should|can|may|must|will|do|does|is|are)\s+"
                      r"(?:you|they|we|he|she|it|the|an?|all|each|your|their)\b))(?P<y>.+)$", re.I)
_INSIDE = re.compile(rf"^(?P<y>.+?)\s*,?\s+{_MARK}\s+(?P<x>.+)$", re.I)


# a clause that opens with its own time ("Before you paint the wall, ...", "Once identity is
# verified, ...") may cover the clauses joined after it
_OPENS_TIMED = re.compile(r"^\W*(?:only\s+)?(?:before|after|once|when|whenever|prior\s+to)\b", re.I)
# clauses of one sentence told one after another: ", and ...", "; ..."
_JOINED_CLAUSES = re.compile(r",\s+and\s+|;\s*", re.I)


def in_time_order(sentence: str) -> list[str] | None:
    """The sentence's parts in the order of their events (version 44): the sentence itself when it
    tells no order against its words; "After X, Y" and "Y after X" as X, Y ("once", "when" too);
    "Before X, Y" and "Y before X" as Y, X; clauses joined by ", and" or ";", each read so, one
    after another. None when a clause has more than one such word, or the part it would give is
    empty: its order is not read."""
    text = _without_times(sentence)
    if len(_TIMED_STEP.findall(text)) > 1:
        # clauses joined by "and" or a semicolon, each with one such word, in the order told
        # ("Once identity is verified, they link a bank account, and only after the first deposit
        # clears can they place trades"; version 60)
        joined = [part for part in _JOINED_CLAUSES.split(sentence) if part.strip()]
        if len(joined) < 2 or _OPENS_TIMED.match(joined[0]):
            return None  # "Before you paint the wall, fill the cracks, and sand ...": it covers both
        steps: list[str] = []
        for part in joined:
            read = in_time_order(part)
            if read is None:
                return None
            steps += read
        return steps
    if not _TIMED_STEP.search(text):
        return [sentence]
    m = _LEADING.match(text) or _INSIDE.match(text)
    if not m or not m["x"].strip() or not m["y"].strip():
        return None
    before = m["mark"].lower().startswith(("before", "prior"))
    return [m["y"], m["x"]] if before else [m["x"], m["y"]]


_MARKERS = content_set("first firstly then next finally afterwards followed lastly step steps")
_DIGITS = re.compile(r"(?<![\w.,])\d+(?:[.,]\d+)?(?![\w.,]*[A-Za-z])")  # not "2FA", "B5", "v2.1b"


def _step_words(part: str) -> frozenset[str]:
    """A step's content words and numbers ("hold the power button for 2 seconds": the 2 tells it
    from "hold both volume buttons for 5 seconds"; content words leave out one-digit numbers)."""
    return (content_set(part) | frozenset(_DIGITS.findall(part))) - _MARKERS


# the parts of a list of orders: "Verify your identity, link your bank account, make the first deposit"
_LIST_BREAK = re.compile(r"\s*,\s*(?:and\s+)?|\s*;\s*|\s+and\s+(?=[a-z]+\s+(?:your|the|a|an|it|them|its|their)\b)", re.I)
IMPERATIVES = 3  # orders in a list, at least, for the list to tell steps without "then"


# a passage's order told in words, not by numbers alone
_WORDED = re.compile(rf"\b(?:first|firstly|lastly|{_LATER_WORDS}|in\s+turn|before|after|{_ONCE}|prior\s+to)\b", re.I)


def _imperatives(text: str) -> bool:
    """Is the text a list of at least IMPERATIVES orders, its first part one and every part but one
    an order: opening with a word WordNet has as a verb, followed by "your", "the", "a", "it" ...
    (version 60: a list of orders tells their order as "then" does)?"""
    parts = [p.strip() for p in _LIST_BREAK.split(text) if p and p.strip()]
    orders = [p for p in parts if re.match(r"^[A-Za-z]+\s+(?:your|the|a|an|it|them|its|their|both|all|out|off|up|on)\b", p)
              and can_be(p.split()[0].lower(), VERB)]
    return len(orders) >= IMPERATIVES and len(orders) >= len(parts) - 1 and parts[0] == orders[0]


@memo_short
def _claim_steps(claim: str) -> tuple[frozenset[str], ...]:
    """The steps the claim tells in order: its parts between later-step markers, commas and
    semicolons, up to a before / after / once / when, which tells the last step's own time
    ("..., and you can trade once your first deposit has cleared")."""
    told = _without_times(claim)
    timed = _TIMED_STEP.search(told)
    if timed:
        told = told[:timed.start()]
    if not (_LATER.search(told) or _imperatives(told)) or _CONDITION.search(claim) or negated(claim):
        return ()
    steps = [_step_words(part) for part in _CLAIM_BREAK.split(told) if part and part.strip()]
    return tuple(s for s in steps if s)


def _premise_steps(sentences: Sequence[str]) -> list[frozenset[str]]:
    steps = []
    announced = False
    for k, sentence in enumerate(sentences):
        told = (announced or _SEQUENCE.search(sentence)
                or (k + 1 < len(sentences) and _FOLLOWS.search(sentences[k + 1])))
        announced = announced or bool(_ANNOUNCES.search(sentence))
        parts = in_time_order(sentence)
        # a sentence that tells two events in order ("Only after all controllers report healthy
        # should you upgrade the workers") is a sequence of its own
        if not parts or not (told or len(parts) > 1):
            continue
        # a negated clause is no step ("for an adult who is not breathing, first call ..."): the
        # sentence's other clauses are
        steps += [_step_words(part) for text in parts for part in _CLAUSE_BREAK.split(text)
                  if part and part.strip() and not negated(part)]
    return steps


def _matched(step: frozenset[str], steps: list[frozenset[str]]) -> frozenset[int]:
    """The premise steps that share the most of the step's words, if at least MIN_SHARED (a step
    of one word: that word, "anaphase" of "prophase, anaphase, metaphase"); more than one where
    they share as many (a claim step that tells two premise steps in one: "scan the QR code and
    type in the 6-digit code"), in a passage of more than TIED_STEPS steps only if they share at
    least TIED_SHARED; empty when none shares enough."""
    shared = [len(step & s) for s in steps]
    least = 1 if len(step) == 1 else MIN_SHARED
    best = max(shared, default=0)
    tied = frozenset(k for k, n in enumerate(shared) if n == best)
    if best < least or (len(tied) > 1 and len(steps) > TIED_STEPS and best < TIED_SHARED):
        return frozenset()
    return tied


def steps_reordered(claim: str, sentences: Sequence[str]) -> float:
    """1.0 when the claim tells steps of the premises' procedure in another order (module
    docstring), else 0.0."""
    told = _claim_steps(claim)
    if len(told) < 2:
        return 0.0
    if not _LATER.search(_without_times(claim)) and not any(_WORDED.search(s) for s in sentences):
        return 0.0  # a list of orders read against a passage that tells no order in words (a checklist)
    steps = _premise_steps(sentences)
    shared_by_all = frozenset.intersection(*told)
    found = [p for step in told if (p := _matched(step - shared_by_all, steps))]
    single = [p for p in found if len(p) == 1]
    if len(set(single)) < len(single):
        return 0.0  # two claim steps read as one premise step: the matching is not to be trusted
    # a step matched to several premise steps, one of which another claim step is: left out
    found = [p for p in found if len(p) == 1 or not any(q <= p for q in single)]
    return float(any(min(a) > max(b) for i, a in enumerate(found) for b in found[i + 1:]))
