"""A yes/no question said as the statement a "yes" or a "no" to it makes.

"Can tardigrades survive exposure to the vacuum of space?" answered "No." says "Tardigrades
cannot survive exposure to the vacuum of space."; answered "Yes." it says "Tardigrades can
survive ...". A reader checks the verdict of a yes/no answer as that statement. The question is
turned around without a parser: the auxiliary it opens with ("can", "is", "does") goes after the
subject, whose end is read from the words' commonest part of speech in WordNet (a verb after a
modal or "do", a determiner, adverb, preposition or adjective after "be"). A question whose
subject cannot be found that way gives no statement (None), and the verdict is then not read.
"""

from __future__ import annotations

import re
from functools import lru_cache

from .answer_type import last_sentence
from .wordnet import ADJECTIVE, ADVERB, NOUN, VERB, can_be, commonest_part_of_speech

_BE = frozenset("is are was were am".split())
_MODALS = frozenset("can could will would should shall may might must".split())
_DO = frozenset("do does did".split())
_HAVE = frozenset("has have had".split())
_AUXILIARY = "|".join(sorted(_BE | _MODALS | _DO | _HAVE))
# the question proper, after a clause that sets its case ("If I resign in February, do I ...")
_ASKED = re.compile(rf"^(?P<case>[^?]*?,\s+)?(?P<aux>{_AUXILIARY})\s+(?P<rest>[^?]+?)\s*\?*\s*$", re.I)
_PRONOUNS = frozenset("i you we they he she it there this that these those someone anyone everyone anybody "
                      "somebody everybody anything something everything".split())
_DETERMINERS = frozenset("the a an any some no every each all my your our their his her its".split())
_PREPOSITIONS = frozenset("in on at for with from to by under over into onto than as about after before during "
                          "without within between through across against around near beyond per via beneath below above inside outside "
                          "toward towards along among behind upon throughout beside".split())
_ADVERBS = frozenset("still ever already also only really actually always usually normally generally "
                     "legally even just often sometimes never currently now yet".split())
_PARTICLES = frozenset("out up down off over back away".split())  # "cash out", "carry over"
# "must not" forbids; a "no" to "Must employees wear badges?" says they need not
_NEGATED = {"can": "cannot", "will": "will not", "shall": "shall not", "must": "need not"}
# questions whose "yes" is not their words said as a statement: a denial asked ("Is the museum
# not open on Mondays?", "Doesn't it ...?") and a choice ("..., or is it Canberra?", "Did Hamburg
# or Lübeck receive its privileges earlier?")
_NOT_READ = re.compile(r"\b(?:not|never)\b|n't\b|\bor\s+(?:is|are|was|were|do|does|did|can|will|should|would|"
                       r"\w+(?:er|ier)\b|after|before|less|more)\b", re.IGNORECASE)
_VOWELS = frozenset("aeiou")


def _bare(word: str) -> str:
    return re.sub(r"^\W+|\W+$", "", word).lower()


def _name(word: str) -> bool:
    return word[:1].isupper() or word[:1].isdigit()


def _head(word: str) -> bool:
    """Can the word end a noun phrase: a name, a number, a noun or a word WordNet does not know?"""
    bare = _bare(word)
    if _name(word) or bare.endswith("'s"):
        return True
    if not bare or bare in _DETERMINERS or bare in _PREPOSITIONS or bare in _PRONOUNS or bare in ("of", "and", "or"):
        return False
    kind = commonest_part_of_speech(bare)
    return kind in (None, NOUN) or kind != ADJECTIVE and can_be(bare, NOUN)


def _after_be(words: list[str]) -> int:
    """Where the predicate of "is/are/was/were SUBJECT PREDICATE" begins: at a determiner,
    adverb, participle or adjective after a noun ("Is Mount Orvel | the highest peak", "Are
    employees in Northland | entitled to ..."), else at the first preposition ("Is strict mode
    | on by default"), else at the last word ("Is the blender jar | dishwasher-safe")."""
    first_preposition = None
    for k in range(1, len(words)):
        word, after_head = _bare(words[k]), _head(words[k - 1])
        if not word or word == "of" or _name(words[k]) or word.endswith("'s") or _bare(words[k - 1]) == "to":
            continue
        if word in _PREPOSITIONS:
            first_preposition = first_preposition or k
            continue
        if not after_head:
            continue
        kind = commonest_part_of_speech(word)
        if (word in _DETERMINERS or word in _ADVERBS or kind == ADVERB or kind == ADJECTIVE
                or kind == VERB and word.endswith(("ed", "en", "ing"))
                or _name(words[k - 1]) and can_be(word, ADJECTIVE)):
            return k
    return first_preposition or len(words) - 1


def _before_verb(words: list[str], aux: str) -> int | None:
    """Where the predicate of "can/will/does/has SUBJECT VERB ..." begins: at "be" ("Can a $9,000
    claim | be brought"), else at an adverb or a verb in its base form after a noun ("Can cars |
    still drive", "Does Grisby's free tier | include ..."), a verb by its commonest sense before
    one by any sense ("Can Ardent Media employees | cash out ...")."""
    bare = [_bare(w) for w in words]
    if aux not in _DO and ("be" in bare[1:] or "been" in bare[1:]):
        return next(k for k in range(1, len(bare)) if bare[k] in ("be", "been"))
    for commonest in (True, False):
        found = [k for k in range(1, len(words)) if _may_be_verb(words, bare, k, commonest)]
        for k in found:
            # "Does the Free plan include ...": a verb-like noun just before the verb
            if k + 1 not in found or _adverb(bare[k + 1]) or _adverb(bare[k]):
                return k
        if found:
            return found[0]
    return None


def _adverb(word: str) -> bool:
    return word in _ADVERBS or commonest_part_of_speech(word) == ADVERB


def _may_be_verb(words: list[str], bare: list[str], k: int, commonest: bool) -> bool:
    """Can words[k] begin the predicate after a modal or "do": an adverb or a verb in its base
    form, after a word that can end the subject (by its commonest sense, or any sense)?"""
    word = bare[k]
    if (not word or word in _PREPOSITIONS or word in _DETERMINERS or word in _PARTICLES or _name(words[k])
            or word.endswith("'s") or bare[k - 1] == "to" or not _head(words[k - 1])):
        return False
    if _adverb(word):
        return commonest
    kind = commonest_part_of_speech(word)
    # a verb after a modal or "do" is in its base form: not "leaves", "fishing", "joined"
    base_form = not (word.endswith("s") and not word.endswith("ss") or word.endswith("ing") and len(word) > 5
                     or word.endswith("ed") and kind == VERB and commonest_part_of_speech(word[:-2]) == VERB)
    return base_form and (kind == VERB if commonest else can_be(word, VERB))


def _subject_length(words: list[str], aux: str) -> int | None:
    """How many of the words after the auxiliary are its subject; None where no end is found."""
    if _bare(words[0]) in _PRONOUNS:
        return 1
    return _after_be(words) if aux in _BE else _before_verb(words, aux)


def _third_person(verb: str) -> str:
    if verb == "have":
        return "has"
    if verb.endswith(("s", "sh", "ch", "x", "z", "o")):
        return verb + "es"
    if verb.endswith("y") and len(verb) > 1 and verb[-2] not in _VOWELS:
        return verb[:-1] + "ies"
    return verb + "s"


def _said(aux: str, yes: bool, predicate: list[str]) -> str:
    """The auxiliary and predicate of the statement ("cannot survive", "includes CI minutes",
    "currently has a coastline")."""
    if yes and aux in ("do", "does"):
        k = 1 if len(predicate) > 1 and _adverb(_bare(predicate[0])) else 0
        verb = predicate[k]
        if _bare(verb) == verb:
            return " ".join([*predicate[:k], verb if aux == "do" else _third_person(verb), *predicate[k + 1:]])
    if not yes:
        aux = _NEGATED.get(aux, f"{aux} not")
    return " ".join([aux, *predicate])


@lru_cache(maxsize=4096)
def statement(question: str, yes: bool) -> str | None:
    """The statement a "yes" (yes=True) or a "no" to a yes/no question makes: "Is Mount Orvel the
    highest peak?" -> "Mount Orvel is the highest peak." / "Mount Orvel is not the highest
    peak."; None when the question is no yes/no question or its subject cannot be found."""
    sentence = last_sentence(question)
    asked = _ASKED.match(sentence)
    if asked is None or sentence.isupper() or _NOT_READ.search(sentence):
        return None
    words = asked["rest"].split()
    aux = asked["aux"].lower()
    k = _subject_length(words, aux) if words else None
    if not k or k >= len(words) or any(w.endswith(",") for w in words[:k]):  # "Is Sydney, its largest city, ..."
        return None
    subject = " ".join(words[:k])
    text = f"{asked['case'] or ''}{subject} {_said(aux, yes, words[k:])}".rstrip(" ,;:") + "."
    return text[:1].upper() + text[1:]
