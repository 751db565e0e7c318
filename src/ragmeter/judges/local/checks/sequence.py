"""Two steps told in the other order.

"Use the beclometasone preventer first, then the salbutamol reliever" where the passage says
to take the reliever first and the preventer after; "run make deploy before make migrate" where
it says migrate first. Every word of the claim is in the passage, often in one sentence, so
overlap and sentence vectors call it supported, and the claim rewords the sentence too much for
the exchanged-slots check (exchange.py), which reads copies word by word.

Each text is read for ordered pairs of steps, (earlier, later), marked by words that say which
comes first: "A first, then B", "first A, then B", "A before B", "before B, A", "B after A",
"after A, B", "A, followed by B". A step is the clause around its marker; of each pair only
the words the two steps do not share count (what tells the steps apart). The claim is flagged
where a premise pair holds the claim's earlier step in its later one and the claim's later step
in its earlier one (all but at most one word of each, all of a step of one or two words, and
the same particles: "turn the phone off" is another step than "turning on the phone"), and no
premise pair has them in the claim's order (a passage may warn "running deploy before migrate
makes the code fail": the claim may take its order from there).
A claim or premise sentence with a negation is not read ("may not really process the numbers
after the dollar amount"): the negation check reads it. Nor is a premise pair whose later step
says the earlier one took hold ("changes to the config file take effect after the service
restarts"), nor "first" as an ordinal ("from the first day").
"""

from __future__ import annotations

import re

from ....text.segments import content_set, memo_short, negated, split_sentences, tokens

# a step ends at a comma, semicolon, colon or the end of the sentence
_STEP_END = r"(?=[,;:]|\.(?:\s|$)|$)"
_NOT_BACK = r"(?!\s+(?:that|this|which)\b)"  # not "after it updates": a step
_PATTERNS = (  # each with the earlier step as group "a", the later as "b"
    # "first" as an adverb, not an ordinal ("the first day")
    re.compile(rf"(?:^|[,;:]\s*)(?P<a>[^,;:]*?(?<!\bthe\s)(?<!\ba\s)(?<!\bits\s)(?<!\btheir\s)\bfirst\b[^,;:]*?)"
               rf"(?:[,;:][^.;]{{0,120}}?\s|\s+(?:and\s+)?)then\b(?P<b>[^,;:]*){_STEP_END}", re.I),
    re.compile(rf"(?:^|[,;:]\s*)(?P<a>[^,;:]*?)\s\bbefore\b(?P<b>[^,;:]*){_STEP_END}", re.I),
    re.compile(rf"(?:^|[,;:]\s*)before\b(?P<b>[^,;:]*),(?P<a>[^,;:]*){_STEP_END}", re.I),
    # not "after that", "after this", "after which": what they point back to is the step before, as "then"
    re.compile(rf"(?:^|[,;:]\s*)(?P<b>[^,;:]*?)\s\bafter\b{_NOT_BACK}(?P<a>[^,;:]*){_STEP_END}", re.I),
    re.compile(rf"(?:^|[,;:]\s*)after\b{_NOT_BACK}(?P<a>[^,;:]*),(?P<b>[^,;:]*){_STEP_END}", re.I),
    re.compile(rf"(?:^|[,;:]\s*)(?P<a>[^,;:]*?),?\s+followed\s+by\b(?P<b>[^,;:]*){_STEP_END}", re.I),
)
_MARKERS = content_set("first followed finally")
# a list of steps whose last is told with "then" ("get approval, have Finance pay, and then upload
# the receipts"): every step of the run comes before it; a clause that opens with one of these
# words is a condition or a reason, no step
_THEN = re.compile(r"^(?:and\s+)?(?:only\s+)?(?:then|finally|after\s+(?:that|this))\b\s*", re.I)  # "and only after that"
_NOT_A_STEP = re.compile(r"^(?:if|when|whenever|unless|once|since|because|as|while|where|which|who)\b", re.I)
_ANY_MARKER = re.compile(r"\b(?:first|then|before|after|followed by)\b", re.I)
# words that make two steps different ones though their other words agree: "turn the phone off"
# is not "turning on the phone", "close the valve" not "open the valve"
_PARTICLES = frozenset("on off in out up down open close closed opened plug unplug lock unlock enable disable "
                       "connect disconnect install uninstall start stop".split())
# a later step that says an earlier one has taken hold ("changes take effect after the service
# restarts") tells no order of two things to do
_RESULTS = content_set("effect effective apply applied applies complete completes completed finish finishes "
                       "finished appear appears work works")

Step = tuple[frozenset[str], frozenset[str], frozenset[str]]  # words that tell it apart, particles, all words
Steps = tuple[tuple[Step, Step], ...]


def _step(text: str, other: str) -> Step:
    words, theirs = content_set(text) - _MARKERS, content_set(other) - _MARKERS
    return words - theirs, frozenset(t for t in tokens(text) if t in _PARTICLES), words


@memo_short
def ordered_steps(text: str) -> Steps:
    """(earlier, later) pairs of the text, each step as (its content words that the other step
    lacks, its particles, all its content words); pairs whose steps differ in no word are left out."""
    if not _ANY_MARKER.search(text):
        return ()
    out = []
    for sentence in split_sentences(text) or [text]:
        found = [(m.group("a"), m.group("b")) for pattern in _PATTERNS for m in pattern.finditer(sentence)]
        for a, b in found + _listed(sentence):
            earlier, later = _step(a, b), _step(b, a)
            if earlier[0] and later[0]:
                out.append((earlier, later))
    return tuple(dict.fromkeys(out))  # a pair both a pattern and the list reading find, once


def _listed(sentence: str) -> list[tuple[str, str]]:
    """(earlier, later) for each step of a list that comes before a step told with "then" or
    "finally" ("A, B, and then C": A and B before C; "A and then B")."""
    clauses = [c.strip() for c in re.split(r"[,;:]|\s+(?=and\s+then\b)", sentence.rstrip(" .!"))]
    pairs: list[tuple[str, str]] = []
    run: list[str] = []
    for clause in clauses:
        later = _THEN.sub("", clause)
        if later != clause and run:  # the step told with "then" ends at its first "and"
            pairs.extend((earlier, re.split(r"\s+and\s+", later)[0]) for earlier in run)
            run = []
        if clause and not _NOT_A_STEP.match(later):
            run.append(later)
    return pairs


def _covers(words: frozenset[str], step: Step) -> bool:
    """The step holds all but at most one of the words (all of one or two): one topic word
    ("valve", "vacation") does not make two steps the same."""
    found = len(words & step[2])
    return found >= len(words) - (1 if len(words) > 2 else 0)


def _order(claim: tuple[Step, Step], premise: tuple[Step, Step]) -> int:
    """+1 where the premise pair has the claim's steps in its order, -1 in the other order
    (each of the claim's steps found in the premise's other step, with the same particles),
    0 where it is not about both steps."""
    (first, then), (p_first, p_then) = claim, premise
    same = len(first[0] & p_first[2]) + len(then[0] & p_then[2])
    crossed = len(first[0] & p_then[2]) + len(then[0] & p_first[2])
    if (crossed > same and _covers(first[0], p_then) and _covers(then[0], p_first)
            and first[1] == p_then[1] and then[1] == p_first[1] and not p_then[2] & _RESULTS):
        return -1
    if same > crossed and first[0] & p_first[2] and then[0] & p_then[2]:
        return 1
    return 0


def sequence_swap(claim: str, sentences) -> float:
    """1.0 when a premise sentence tells two of the claim's steps in the other order and none
    in the claim's (see the module's docstring), else 0.0."""
    pairs = ordered_steps(claim)
    if not pairs or negated(claim):  # "not before" may well be "after": left to the negation check
        return 0.0
    theirs = [p for s in sentences if not negated(s) for p in ordered_steps(s)]
    for pair in pairs:
        orders = {_order(pair, p) for p in theirs}
        if -1 in orders and 1 not in orders:
            return 1.0
    return 0.0
