"""A claim that says "only" of part of a list the passage gives.

"Version 4 only runs on Linux and macOS." where the passage says "Lumen CLI 4.0 runs on Linux,
macOS and Windows 10 or later."; "Its water resistance only covers pool swimming." where "It can
be worn while swimming in a pool or the sea". Every word of the claim is the passage's, and the
"only" that makes it false is one word the small verifier hardly reads.

A clause of the claim restricts with "only" (not "not only", "if only", "only if", "the only",
"only just", "only after/before/when/until/once", which restrict a time or a condition, nor
"only" of an amount: "only ten minutes from the beach", "only costs $200"); its scope is the
content words of up to SCOPE words after it, up to a mark, a new clause or a verb of being or a
modal ("Only members can book the sauna and the pool" restricts members), and the list item it
names must start within its first SCOPE_CONTENT content words. A premise
sentence without "only" names a list of two or more items joined by commas, "and" or "or"; at
least one item's words are all in the scope; at least one other item shares no word with the
claim's clause; and the sentence shares a word of the claim's clause besides the matched item's.
Where the passage restricts something itself ("only", "solely", "limited to", "reserved for") in
a sentence that shares a word with the claim's scope, the claim's "only" may be the passage's,
and nothing is flagged; nor for a list item that is only a number.
Items are at most ITEM words, read outward from each "and" or "or", each ending at a verb of
being, a modal or an auxiliary; a part after ", and" or ", or" that such a verb follows within
three words is a new clause ("adults, and older children must use the syrup"), not an item.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from ....text.segments import NUMBER_WORDS, content_set, content_tokens, memo_short

SCOPE = 6  # words after "only" read as what it restricts
SCOPE_CONTENT = 3  # of them, the first content words
ITEM = 3  # words of a list item at most
_WORD = re.compile(r"[\w'’.%°-]+|[,;:()]")
_NOT_RESTRICTING = re.compile(r"\b(?:not|if)\s+only\b|\bonly\s+(?:if|just|after|before|when|whenever|until|once|"
                              r"then|now|recently|slightly|partly|partially|in\s+addition)\b|\b(?:the|and)\s+only\b"
                              # "only" of an amount: "only ten minutes from the beach", "only costs $200"
                              r"|\bonly\s+(?:\w+\s+)?(?:[$£€\d]|a\s+(?:few|little|couple|handful|fraction)\b|(?:"
                              + "|".join(NUMBER_WORDS) + r")\b)", re.I)
_RESTRICTS = re.compile(r"\b(?:only|solely|exclusively|limited\s+to|restricted\s+to|reserved\s+for)\b", re.I)
_SCOPE_END = frozenset(",;:()") | frozenset("so because but although though while whereas which who that when if "
                                            "unless since".split())
_JOINS = frozenset(("and", "or"))
_ITEM_END = frozenset(",;:()") | frozenset("and or but in on at for to from with by of as than into under over "
                                           "between during within".split())
_CLAUSE_VERBS = frozenset("is are was were be been has have had do does did can could will would shall should may "
                          "might must need".split())
_DETERMINERS = frozenset("a an the its their his her our your this that these those".split())


def _words(text: str) -> list[str]:
    return [word.rstrip(".") or word for word in _WORD.findall(text.lower())]


def _scopes(claim: str) -> list[tuple[frozenset[str], frozenset[str], frozenset[str]]]:
    """(scope words, its first SCOPE_CONTENT, clause words) of each restricting "only" of the claim."""
    found = []
    for clause in re.split(r"[;:]|,\s+(?:so|and|but|because|which|while)\b", claim):
        if not re.search(r"\bonly\b", clause, re.I) or _NOT_RESTRICTING.search(clause):
            continue
        words = _words(clause)
        if "only" not in words:  # "only-child", quoted
            continue
        at = words.index("only")
        scope: list[str] = []
        for word in words[at + 1:at + 1 + SCOPE]:
            if word in _SCOPE_END or word in _CLAUSE_VERBS:  # "Only members can book ...": members
                break
            scope.append(word)
        # what "only" restricts starts within its first few content words ("Kids only pay half
        # price for the zoo" restricts the price, not the zoo)
        stems = content_tokens(" ".join(scope))
        if stems:
            found.append((frozenset(stems), frozenset(stems[:SCOPE_CONTENT]), content_set(clause) - {"only"}))
    return found


def _item(words: list[str], start: int, step: int) -> list[str]:
    item: list[str] = []
    k = start
    while 0 <= k < len(words) and len(item) < ITEM and words[k] not in _ITEM_END and words[k] not in _CLAUSE_VERBS:
        item.append(words[k])
        k += step
    return item if step > 0 else item[::-1]


@memo_short
def listed_items(sentence: str) -> tuple[tuple[frozenset[str], ...], ...]:
    """The content words of each item of each list a sentence gives ("Linux, macOS and Windows
    10 or later": (linux, macos, windows 10), (windows 10, later))."""
    words = _words(sentence)
    lists: list[tuple[frozenset[str], ...]] = []
    for k, word in enumerate(words):
        if word not in _JOINS or k == 0:
            continue
        right = _item(words, k + 1, 1)
        after = k + 1 + len(right)  # the word the item ends at: a verb there makes the part a new clause
        if words[k - 1] == "," and len(right) < 3 and after < len(words) and words[after] in _CLAUSE_VERBS:
            continue  # ", and older children must use ...": a new clause
        left_end = k - 2 if words[k - 1] == "," else k - 1
        group = [_item(words, left_end, -1), right]
        j = left_end - len(group[0])
        while j > 0 and words[j] == ",":  # "Linux, macOS and ...": the items before, comma by comma
            before = _item(words, j - 1, -1)
            if not before:
                break
            group.insert(0, before)
            j -= len(before) + 1
        items = tuple(stems for part in group if (stems := content_set(" ".join(w for w in part if w not in _DETERMINERS))))
        if len(items) >= 2:
            lists.append(items)
    return tuple(lists)


def only_part_listed(claim: str, sentences: Iterable[str]) -> float:
    """1.0 when the claim restricts with "only" to part of a list that a premise sentence gives
    whole (module docstring), else 0.0."""
    scopes = _scopes(claim)
    if not scopes:
        return 0.0
    sentences = list(sentences)
    # the passage restricts the same thing itself ("SMS alerts are available only on the Pro
    # plan"): the claim's "only" may be its
    restricted = frozenset().union(*(content_set(s) for s in sentences if _RESTRICTS.search(s)))
    for sentence in sentences:
        if _RESTRICTS.search(sentence):
            continue
        lists = listed_items(sentence)
        if not lists:
            continue
        said = content_set(sentence)
        for scope, head, clause in scopes:
            if scope & restricted:
                continue
            for items in lists:
                matched = [item for item in items
                           if item <= scope and item & head and not all(w[:1].isdigit() for w in item)]
                others = [item for item in items if not item & clause]
                if matched and others and (clause & said) - frozenset().union(*matched):
                    return 1.0
    return 0.0
