"""Who did it to whom, told the other way round.

"Pinecrest Credit bought Tellmark Holdings in March 2021." where the passage says "In March
2021, Tellmark Holdings acquired the regional lender Pinecrest Credit": both names, the month
and the price are the passage's, and "bought" is "acquired" in other words, so overlap, vectors
and the small verifier call it supported. The claim is no near copy (substitution.py,
exchange.py): the passage tells it in another order and with another verb.

A deed here is a verb of one of the groups below, each group one deed said in several words
("bought", "acquired", "purchased"), with a name before it and one after it in the same clause:
the doer and the one it is done to ("A acquired B"; "B was acquired by A" read the same way).
Names are runs of capitalised words; two names are one where the words of one are all among the
other's ("Tellmark", "Tellmark Holdings"). The claim is flagged where a premise sentence gives
its deed of the same group to its second name, done to its first, and no premise sentence gives
it the claim's way. Only groups whose verbs are not said the other way round by the same verb
(not "merged with", "met", "married", "played against").
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache

from ....text.segments import negated, split_clauses
from .substitution import CALENDAR

# one deed per line, the forms of its verbs
_DEEDS = """
acquired acquires acquire acquiring bought buys buy buying purchased purchases purchase purchasing absorbed annexed annexes annex annexing
sued sues sue suing
defeated defeats defeat defeating beat beats beating
hired hires hire hiring employed employs employ recruited recruits recruit appointed appoints appoint
funded funds fund funding financed finances finance financing
invaded invades invade invading attacked attacks attack attacking
replaced replaces replace replacing succeeded succeeds succeed
"""
DEED = {form: k for k, line in enumerate(_DEEDS.strip().splitlines()) for form in line.split()}
_TOKEN = re.compile(r"[A-Za-z][\w'’&.-]*|\d[\d,.]*")
# capitalised words that name no one: a sentence's opening word of this kind, months, days
_NOT_NAMES = frozenset("""the a an in on at by for from of to after before during since until when while this that
these those it its their his her our your my we they he she you i may""".split()) | CALENDAR
_LINKS = frozenset({"&", "of", "and"})  # inside a name: "Moreau & Lindqvist", "Bank of Avon"
NEAR = 6  # a name is the verb's doer or object within this many words
# before a deed's word, these make it a noun ("raised funds from", "suffered an attack by")
_NOUN_BEFORE = frozenset("""a an the of from with its their his her our your this that new further major big hostile
raised received secured suffered launched made""".split())
# before the name after the verb, these make it no object ("bought from", "replaced with", "sued in")
_NOT_OBJECT = frozenset("from with to for in on at into over about under".split())
_PRONOUNS = frozenset("he him she her it they them who which".split())


def _names(words: list[str]) -> list[tuple[int, int, frozenset[str]]]:
    """(start, end, lower-cased words) of each run of capitalised words (and numbers within or
    after one: "Version 2")."""
    out, k = [], 0
    while k < len(words):
        if words[k][:1].isupper() and words[k].lower() not in _NOT_NAMES:
            start = k
            while k + 1 < len(words) and (words[k + 1][:1].isupper() or words[k + 1][:1].isdigit() or (
                    words[k + 1] in _LINKS and k + 2 < len(words) and words[k + 2][:1].isupper())):
                k += 1
            out.append((start, k + 1, frozenset(w.lower().rstrip(".") for w in words[start:k + 1]
                                                if w not in _LINKS)))
        k += 1
    return out


def _of_another(start: int, lower: list[str], names: list[tuple[int, int, frozenset[str]]]) -> bool:
    """Whether the name at start follows "of" or "of the" right after another name ("Version 2
    of the API"; not "the town of Marlow Bay")."""
    at = start - 1 - (start >= 2 and lower[start - 1] == "the")
    return at >= 1 and lower[at] == "of" and any(end == at for _, end, _ in names)


@lru_cache(maxsize=8192)
def deeds(text: str) -> tuple[tuple[int, frozenset[str], frozenset[str]], ...]:
    """(deed group, doer's name, name of the one it is done to) of each deed a clause of the
    text tells with a name on either side of the verb; an empty name for a side told with a
    pronoun ("Nadal beat him")."""
    out = []
    for clause in split_clauses(text):
        if negated(clause):
            continue
        words = _TOKEN.findall(clause)
        lower = [w.lower() for w in words]
        names = _names(words)
        for k, word in enumerate(lower):
            group = DEED.get(word)
            if group is None or words[k][:1].isupper() or (k and lower[k - 1] in _NOUN_BEFORE):
                continue
            before = [n for n in names if n[1] <= k and k - n[1] < NEAR]
            after = [n for n in names if n[0] > k and n[0] - k <= NEAR]
            # "was (later) acquired by the larger conglomerate Ardent Holdings": the doer after "by"
            passive = bool(after) and "by" in lower[k + 1:after[0][0]]
            if after and not passive and {lower[after[0][0] - 1], lower[k + 1]} & _NOT_OBJECT:
                continue  # "bought from Ardent", "replaced with the Atlas engine"
            if before and _of_another(before[-1][0], lower, names):
                continue  # "Version 2 of the API replaces ...": the subject is the name before "of"
            first = before[-1][2] if before else (frozenset() if _PRONOUNS & set(lower[max(0, k - 2):k]) else None)
            second = after[0][2] if after else (frozenset() if _PRONOUNS & set(lower[k + 1:k + 3]) else None)
            if first is None or second is None or not (first or second):
                continue
            out.append((group, second, first) if passive else (group, first, second))
    return tuple(out)


def _same(a: frozenset[str], b: frozenset[str]) -> bool:
    return bool(a and b) and (a <= b or b <= a)


def roles_swapped(claim: str, sentences: Iterable[str]) -> float:
    """1.0 when a premise sentence tells a deed of the claim with its doer and its object the
    other way round, and none tells it the claim's way (module docstring)."""
    told = [d for d in deeds(claim) if d[1] and d[2]]
    if not told:
        return 0.0
    given = [d for sentence in sentences for d in deeds(sentence)]
    for group, doer, done_to in told:
        if _same(doer, done_to) or any(g == group and _same(d, done_to) and _same(o, doer) for g, d, o in told):
            continue  # the claim tells it both ways ("Samsung sued Apple weeks after Apple sued Samsung")
        other_way = any(g == group and _same(d, done_to) and _same(o, doer) for g, d, o in given)
        # a premise that tells the deed with a pronoun for one side ("Nadal beat him") may tell it our way
        our_way = any(g == group and (_same(d, doer) or not d) and (_same(o, done_to) or not o) for g, d, o in given)
        if other_way and not our_way:
            return 1.0
    return 0.0
