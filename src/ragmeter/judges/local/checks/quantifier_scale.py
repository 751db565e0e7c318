"""A claim that says of more, or of fewer, than the passage: "Most of the participants had mild
nausea" where "Some participants experienced mild nausea"; "All customers in Eastgate were cut
off" where "some ... customers in the Eastgate area lost service"; "A few of its bonds are rated
below investment grade" where "None of the bonds ... are rated below investment grade". Every
word but the quantifier is the passage's, so word overlap and the small verifier read the two as
one.

Quantifiers on a scale: none (none, no, nobody, not one), some (some, a few, several, certain, a
minority, a portion, "three of the 14"), most (most, the majority) and all (all, every, each,
everyone). Each clause of the claim with a quantifier is read against the premise clause that
best covers its other content words (at least MIN_COVERAGE of them) and has a quantifier of the
same thing: the same word within a few words after it, or "of them" on either side. The claim is
contradicted where it says all and the passage less, most where the passage says some or none,
some where it says none, or none where it says some or more. Since version 58 "some" or "most"
where the passage says all of the same group is contradicted too: a reader takes it to mean not
all ("Some new hires have to finish it" where "All new hires must complete it"); not where the
claim counts ("three of the 14"), says "at least some" or "some or all", or names a larger group
than the passage's all ("Some rooms have a balcony" where "All rooms on the top floor ...").
"Almost all" counts most. A negated clause is left alone ("not all" is the negation checks');
"only some" (or "only ... selected", "certain", "particular") says not all, and is read against
all and none, and "not all" counts some (version 57). Versions 43's `only_some` and
`all_said_of_some` read "only" and "all X" where X is only ever "some X"; this reads the
quantifier beside the passage's own.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from ....text.segments import NUMBER_WORDS, best_covering, content_set, memo_short, negated, split_clauses, stem, tokens
from .negation import IMPLICIT_DENIALS

NONE, SOME, MOST, ALL = range(4)
ONLY_SOME = 4  # "only some", "only in selected stores": some and not all
_WORDS = {"none": NONE, "nobody": NONE, "no": NONE, "some": SOME, "several": SOME, "few": SOME, "certain": SOME,
          "minority": SOME, "portion": SOME, "most": MOST, "majority": MOST, "all": ALL, "every": ALL, "each": ALL,
          "everyone": ALL, "everybody": ALL}
MIN_COVERAGE = 0.6  # of the claim clause's content words but its quantifier, in the premise clause
HEAD_WINDOW = 4  # words after a quantifier in which the thing it counts is named
GROUP_WORDS = 5  # words after "all" read as the group the passage says all of
# after a quantifier, not a count of a thing: "each month", "every 4 weeks", "some 200 people", "no later"
_NOT_COUNTED = frozenset("day days week weeks month months year years time times hour hours minute minutes night "
                         "nights morning evening longer later earlier more less fewer matter doubt charge cost "
                         "other such way".split())
_SKIPPED = frozenset("of the a an its their his her our your my these those this that new existing".split())
_PRONOUNS = frozenset("them these those us you it".split())
_NEARLY = frozenset("almost nearly virtually practically".split())
_PEOPLE = frozenset("everyone everybody nobody".split())
_SELECTED = frozenset("selected select specific particular certain".split())  # some, after "only"
_VERBS = frozenset("have has had is are was were can could will would must should may might do does did".split())
_QUANTIFIER_WORDS = frozenset(stem(w) for w in _WORDS) | {"one", "minor", "major", "portion", "few"} | {
    stem(w) for w in _SELECTED}
_N_OF_M = re.compile(r"\b(?:only\s+)?(\d+|" + "|".join(NUMBER_WORDS) + r")\s+of\s+(?:the\s+|its\s+|their\s+)?"
                     r"(\d+|" + "|".join(NUMBER_WORDS) + r"|them|these|those)\b", re.I)


def _number(word: str) -> float | None:
    word = word.lower().replace(",", "")
    if word in NUMBER_WORDS:
        return float(NUMBER_WORDS[word])
    try:
        return float(word)
    except ValueError:
        return None


@memo_short
def quantified(clause: str) -> tuple[tuple[int, str | None, bool], ...]:
    """(level, stem of the thing counted or None for "of them", whether it is a count such as
    "three of the 14") of each quantifier of a clause."""
    words = tokens(clause)
    found: list[tuple[int, str | None, bool]] = []
    for k, word in enumerate(words):
        level = _WORDS.get(word)
        before = words[k - 1] if k else ""
        after = words[k + 1] if k + 1 < len(words) else ""
        if level == ALL and before == "not":  # "but not all": some
            found.append((SOME, _head(words[k + 1:k + 1 + HEAD_WINDOW]), False))
            continue
        if level == ALL and before in _NEARLY:  # "almost all": most
            found.append((MOST, _head(words[k + 1:k + 1 + HEAD_WINDOW]), False))
            continue
        if word == "some" and (before == "least" or words[k + 1:k + 3] == ["or", "all"]):
            continue  # "at least some", "some or all": no count that excludes all
        if "only" in words[max(0, k - 3):k] and (level == SOME or (level is None and word in _SELECTED)):
            found.append((ONLY_SOME, _head(words[k + 1:k + 1 + HEAD_WINDOW]), False))
            continue
        if level is None or after in _NOT_COUNTED:
            continue
        if word in ("minority", "portion", "majority"):
            if before not in ("a", "the"):
                continue
        elif before in ("at", "after", "the", "if", "in", "for") and not (before in ("at", "in") and after == "of"):
            continue  # "at all", "in all" (altogether); "in all of our stores" counts
        if word == "few" and before != "a" and before not in ("very", ""):
            continue
        if word == "no" and after == "one":  # "no one"
            found.append((NONE, None, False))
            continue
        if word == "no" and (not after or after in _SKIPPED or _number(after) is not None):
            continue
        if word == "some" and _number(after) is not None:
            continue  # "some 200 people": about
        if word in _PEOPLE:  # "everyone", "nobody": people, whatever the next word
            found.append((level, None, False))
        elif after in _VERBS or (word in ("all", "each") and k >= 2 and after not in _SKIPPED
                                 and words[k - 2] in ("the", "its", "their", "these", "those", "our")):
            # floating: "The wheels each have ...", "The employees all received ...": named before
            found.append((level, _head(words[max(0, k - HEAD_WINDOW):k][::-1]), False))
        else:
            found.append((level, _head(words[k + 1:k + 1 + HEAD_WINDOW]), False))
    for match in _N_OF_M.finditer(clause):
        if _EVERY_BEFORE.search(clause[:match.start()]):
            continue  # "every one of them", "each one of the plots": all
        part, whole = _number(match.group(1)), _number(match.group(2))
        if part == 0:
            found.append((NONE, None, True))  # "0 of the 20 mice"
        elif part is not None and (whole is None or part < whole):
            found.append((MOST if whole is not None and part > whole / 2 else SOME, None, True))
    return tuple(found)


_EVERY_BEFORE = re.compile(r"\b(?:every|each|any)\s+$", re.I)


def universal_at(words: list[str]) -> int | None:
    """The index of the first of the words that says all of a group that follows it ("all",
    "every", "each"): not a count of a time ("each year"), "at all", "in all", "not all" or "almost
    all", nor one floating after its group before a verb ("The plans all include ..."); None if
    none. Narrower than quantified, which also reads the floating ones."""
    for k, word in enumerate(words):
        after = words[k + 1] if k + 1 < len(words) else ""
        before = words[k - 1] if k else ""
        if _WORDS.get(word) == ALL and after not in _NOT_COUNTED and after not in _VERBS \
                and before not in ("at", "in", "not") and before not in _NEARLY:
            return k
    return None


def _head(after: list[str]) -> str | None:
    for word in after:
        if word in _PRONOUNS:
            return None
        if _number(word) is not None:  # "none of the 20 mice": the mice are counted, not 20
            continue
        if word not in _SKIPPED and not content_set(word) <= _QUANTIFIER_WORDS and content_set(word):
            return stem(word)
    return None


# "None of the bonds are rated below investment grade" says "Every bond is investment grade": all
# and none agree where one side says the other's complement
# (or denies in other words, "absent from every pond" where "none of the ponds contained it")
_COMPLEMENTS = frozenset("below under above over beyond outside except non without less more fewer".split())


def _conflict(claimed: int, said: int, complement: bool = False, implied: bool = True) -> bool:
    if ONLY_SOME in (claimed, said):  # some and not all, against all or none
        return not complement and {claimed, said} & {ALL, NONE} != set()
    if {claimed, said} == {ALL, NONE} and complement:
        return False
    return (claimed == ALL and said < ALL) or (claimed == MOST and said <= SOME) or \
        (claimed == SOME and said == NONE) or (claimed == NONE and said >= SOME) or \
        (implied and claimed in (SOME, MOST) and said == ALL)


def _group(text: str) -> frozenset[str]:
    """The content words of the group a clause says "all", "every" or "each" of: up to GROUP_WORDS
    words after the quantifier, before a verb ("All rooms on the top floor have ...": rooms, top,
    floor)."""
    words = tokens(text)
    at = next((k for k, w in enumerate(words) if _WORDS.get(w) == ALL), None)
    if at is None:
        return frozenset()
    named: list[str] = []
    for word in words[at + 1:at + 1 + GROUP_WORDS]:
        if word in _VERBS:
            break
        named.append(word)
    return content_set(" ".join(named)) - _QUANTIFIER_WORDS


@memo_short
def _other_words(text: str) -> frozenset[str]:
    return content_set(text) - _QUANTIFIER_WORDS


_NONE_WORDS = re.compile(r"\b(?:none|nobody|no)\b", re.I)


def _denied(text: str) -> bool:
    """Negated otherwise than by a quantifier of none ("None of them can." is a count, not a denial)."""
    return negated(_NONE_WORDS.sub(" ", text))


def quantifier_otherwise(claim: str, sentences: Iterable[str]) -> float:
    """1.0 when a clause of the claim counts a thing on another step of the scale than the
    premise clause that says the rest of it (module docstring), else 0.0."""
    counted = [(part, mine) for part in split_clauses(claim) if (mine := quantified(part))
               and not _denied(part) and len(_other_words(part)) >= 2]
    if not counted:  # most claims count nothing: the premises are not split
        return 0.0
    clauses = [(c, s) for s in sentences for c in split_clauses(s)]
    for part, mine in counted:
        best, cover = best_covering(_other_words(part), [c for c, _ in clauses], _other_words)
        if best is None or cover < MIN_COVERAGE or _denied(best):
            continue
        # a quantifier cut off from its clause by a comma ("A minority, about 15%, reported ..."):
        # the sentence's, where the clause has none
        theirs = quantified(best) or quantified(next(s for c, s in clauses if c == best))
        # all against none only where the clause says the claim's very words, not others ("Every
        # patient attended" where "No patient missed"): those may be the complement
        complement = bool((set(tokens(best)) ^ set(tokens(part))) & _COMPLEMENTS
                          or {w for w in _other_words(best) ^ _other_words(part) if w in IMPLICIT_DENIALS}
                          or not _other_words(part) <= _other_words(best))
        for level, head, count in mine:
            same = [said for said, h, _ in theirs if head is None or h is None or h == head]
            # "some" read as "not all" only of the group the passage says all of, not of a larger one
            # ("Some rooms have a balcony" where "All rooms on the top floor have a balcony")
            implied = not count and (head is None or _group(best) <= _other_words(part))
            if same and all(_conflict(level, said, complement, implied) for said in same):
                return 1.0
    return 0.0
