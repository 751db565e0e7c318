"""A SQuAD question and its answer said as one statement, for claims in other words than the evidence.

The stated claims of contrasts.py are the evidence's own sentence, cut or reordered: a verifier
trained on them reads shared words as support, and a faithful answer in other words as not
stated. SQuAD's questions were written by crowd workers in their own words, so a question with
its answer, said as a statement, is a stated claim worded unlike its evidence: "When was the
Treaty of Westphalia signed?" with "1648" -> "The Treaty of Westphalia was signed in 1648." The
same statement with another answer of the paragraph is not stated. Only question shapes that
turn into a statement without knowing a verb's forms are used (a form of "be" after the question
word, "who" and a verb, "how many" and "be" or "have"); the others give None. Pure functions.
"""

from __future__ import annotations

import re

BE = "is|was|are|were"
AUX = frozenset("is was are were did does do has have had can could will would shall should may might must "
                "be been".split())
PREPOSITIONS = frozenset("for of as by in on with to from at into about than upon over under after before".split())
# "what is <adverb or participle> ...": the question word is the subject ("What is often misunderstood as ...")
SUBJECT_OPENERS = frozenset("often usually commonly also typically mainly generally sometimes primarily mostly "
                            "frequently traditionally widely still now".split())
NAMING = frozenset("called named termed nicknamed".split())
# past participles that end a "what is X <participle> (prep)?" question
PARTICIPLES = frozenset("called named known used made based located considered described defined measured given "
                        "found held built founded formed caused composed designed intended required produced "
                        "created written awarded elected established divided replaced associated derived "
                        "introduced situated buried born".split())
_YEARISH = re.compile(r"^(?:(?:the\s+)?(?:early|late|mid)?[\s-]*\d{3,4}s?|\d{1,2}(?:st|nd|rd|th)\s+century|"
                      r"(?:January|February|March|April|May|June|July|August|September|October|November|"
                      r"December)\s+\d{4})$", re.I)
_DAY = re.compile(r"\b\d{1,2}\b.*\b\d{4}\b|\b(?:January|February|March|April|May|June|July|August|September|"
                  r"October|November|December)\s+\d{1,2}\b", re.I)
_HAS_PREPOSITION = re.compile(r"^(?:in|on|at|during|by|around|about|before|after|from|since|between|until)\b", re.I)


def _sentence(text: str) -> str:
    text = text.strip().rstrip("?.!").strip()
    return text[0].upper() + text[1:] + "."


def _time(answer: str) -> str:
    """The answer as a phrase of time: "in 1648", "on 4 July 1776", as given when it has its own preposition."""
    if _HAS_PREPOSITION.match(answer):
        return answer
    if _DAY.search(answer) and not _YEARISH.match(answer):
        return f"on {answer}"
    return f"in {answer}"


def _place(answer: str) -> str:
    return answer if _HAS_PREPOSITION.match(answer) else f"in {answer}"


def _participle(word: str) -> bool:
    word = word.lower()
    return word in PARTICIPLES or (len(word) > 4 and word.endswith("ed"))


def _split_participle(words: list[str]) -> tuple[list[str], list[str]] | None:
    """(subject, participle and what follows) where one of the last three words is a participle
    followed by prepositions only."""
    for k in range(len(words) - 1, max(0, len(words) - 4), -1):
        if _participle(words[k]) and all(w.lower() in PREPOSITIONS for w in words[k + 1:]):
            return words[:k], words[k:]
    return None


def declarative(question: str, answer: str) -> str | None:
    """The question with its answer as one statement, or None for a shape not handled."""
    q = " ".join(question.strip().split())
    answer = answer.strip().rstrip(".")
    if not q.endswith("?") or not answer or len(answer.split()) > 8:
        return None
    q = q[:-1].rstrip()
    if "," in q:
        return None
    m = re.match(rf"^(?:What|Which)\s+({BE})\s+(.+)$", q)
    if m:
        be, words = m.group(1), m.group(2).split()
        if any(w.lower() in AUX for w in words) or re.search(r"\bto \w+(?: \w+)?$", m.group(2)):
            return None  # "What are MPs unable to vote on": the question word is an object
        if words[0].lower() in SUBJECT_OPENERS or _participle(words[0]) or words[0].lower().endswith("ing"):
            return _sentence(f"{answer} {be} {m.group(2)}")
        split = _split_participle(words)
        if split:
            subject, tail = split
            if subject and (tail[0].lower() in NAMING or len(tail) > 1):
                return _sentence(f"{' '.join(subject)} {be} {' '.join(tail)} {answer}")
            return None
        if words[-1].lower() in PREPOSITIONS:
            return None
        return _sentence(f"{' '.join(words)} {be} {answer}")
    m = re.match(rf"^Who\s+({BE})\s+(.+)$", q)
    if m:
        words = m.group(2).split()
        if words[-1].lower() in PREPOSITIONS or any(w.lower() in AUX for w in words):
            return None
        return _sentence(f"{answer} {m.group(1)} {m.group(2)}")
    m = re.match(r"^Who\s+([a-z]+)\s+(.+)$", q)
    if m and m.group(1) not in AUX and (m.group(1).endswith(("ed", "s")) or m.group(1) in {
            "led", "won", "wrote", "made", "built", "took", "gave", "became", "began", "founded", "sent", "held"}):
        return _sentence(f"{answer} {m.group(1)} {m.group(2)}")
    m = re.match(rf"^(?:When|In\s+what\s+year|In\s+which\s+year)\s+({BE})\s+(.+)$", q)
    if m:
        words = m.group(2).split()
        split = _split_participle(words)
        if split and split[0] and len(split[1]) == 1:
            return _sentence(f"{' '.join(split[0])} {m.group(1)} {split[1][0]} {_time(answer)}")
        return None
    m = re.match(rf"^(?:Where|In\s+what\s+(?:city|country|region))\s+({BE})\s+(.+)$", q)
    if m:
        words = m.group(2).split()
        if any(w.lower() in AUX for w in words):
            return None
        split = _split_participle(words)
        if split and split[0] and len(split[1]) == 1:
            return _sentence(f"{' '.join(split[0])} {m.group(1)} {split[1][0]} {_place(answer)}")
        if split or words[-1].lower() in PREPOSITIONS or any(_participle(w) for w in words):
            return None
        return _sentence(f"{' '.join(words)} {m.group(1)} {_place(answer)}")
    m = re.match(r"^How\s+(many|much)\s+(.+?)\s+(is|are|was|were|have|has|had)\s+(.+)$", q)
    if m and not any(w.lower() in AUX for w in m.group(4).split()):
        things = m.group(2)
        named = any(len(w) > 3 and w.lower() in answer.lower() for w in things.split())
        amount = answer if named or m.group(1) == "much" else f"{answer} {things}"
        if m.group(4).lower() == "there":
            return None if named or m.group(1) == "much" else _sentence(f"there {m.group(3)} {amount}")
        return _sentence(f"{amount} {m.group(3)} {m.group(4)}")
    return None
