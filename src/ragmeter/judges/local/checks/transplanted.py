"""A near copy of one passage sentence whose part is taken from another sentence.

"Code 403 means the server understood the request but cannot find the requested resource."
where the passage says "Code 403 means the server understood the request but refuses to
authorize it." and, of code 404, "the server cannot find the requested resource": each word is
the passage's and most are in one sentence's order, so overlap and vectors call it supported. A
reader sees the 404 meaning put in place of the 403 one.

The claim is aligned, word by word (word_forms.words), with each premise sentence it copies most
of (COPIED_SHARE). It is flagged where the alignment puts, after a copied run of at least COPIED
words and before another (or at the end of both), a run of at least PART_WORDS words, two of
them content words, that another premise sentence has as written, in place of a part of this
sentence whose content words the claim never says (a claim that joins two sentences and keeps
both parts is not flagged), the other sentence says it of something the claim does not name (a
word before it the claim lacks: not "It also lowers the risk ...", said of the claim's own
subject), and it holds fewer of the claim's other words (two
sentences that share a long frame, "Code 401 means the server understood the request but ...",
"Code 403 means the server understood the request but ...": a copy of either is no mix of
the two). The part it replaces is no longer than twice the new one.
"""

from __future__ import annotations

from ....text.segments import NEGATIONS
from ....text.words import STOPWORDS
from .word_forms import align, word_tuple

COPIED = 3
COPIED_SHARE = 0.6
PART_WORDS = 3
MIN_WORDS = 7


def _content(words: tuple[str, ...] | list[str]) -> list[str]:
    return [w for w in words if w.isalpha() and len(w) > 2 and w not in STOPWORDS and w not in NEGATIONS]


def _taken_from_another(said: tuple[str, ...], sentences: list[tuple[str, ...]], at: int) -> bool:
    """Does the claim copy sentence `at` with a part of it replaced by another sentence's words?"""
    own = sentences[at]
    aligned = align(said, own)
    if aligned.copied < max(5, COPIED_SHARE * len(said)):
        return False
    claimed = set(said)
    for tag, i1, i2, j1, j2 in aligned.opcodes:
        if tag != "replace" or aligned.ends.get(i1, 0) < COPIED:
            continue
        new, old = said[i1:i2], own[j1:j2]
        at_end = i2 == len(said) and j2 == len(own)
        if not at_end and aligned.starts.get(i2, 0) < 2:
            continue
        if len(new) < PART_WORDS or len(old) > 2 * len(new) or len(_content(new)) < 2:
            continue
        if len(_content([w for w in old if w not in claimed])) < 2:
            continue
        frame = said[:i1] + said[i2:]
        copied = align(frame, own).copied
        if any(_of_another(other, new, frame) and align(frame, other).copied < copied
               for k, other in enumerate(sentences) if k != at):
            return True
    return False


def _of_another(sentence: tuple[str, ...], part: tuple[str, ...], frame: tuple[str, ...]) -> bool:
    """Does the sentence hold the part, said of something the claim does not name: a content
    word before the part that the claim's other words lack ("404" in "HTTP status code 404
    indicates that the server cannot find ..."; not "It also lowers the risk of ...", said of
    the same subject)?"""
    n = len(part)
    for k in range(len(sentence) - n + 1):
        if sentence[k:k + n] == part and set(_content(sentence[:k])) - set(frame):
            return True
    return False


def transplanted(claim: str, sentences: list[str]) -> bool:
    """Does the claim copy a premise sentence with a part of it replaced by another premise
    sentence's words (the module's docstring)?"""
    said = word_tuple(claim)
    if len(said) < MIN_WORDS or len(sentences) < 2:
        return False
    read = [word_tuple(s) for s in sentences]
    shared = set(said)
    # read first: a sentence the claim could copy most of shares most of its distinct words
    return any(len(shared & set(words)) >= COPIED_SHARE * len(shared) and _taken_from_another(said, read, k)
               for k, words in enumerate(read))
