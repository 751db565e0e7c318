"""A near copy of the passage with words put in that the passage never uses.

"Mitochondria ... generate most of the cell's supply of adenosine triphosphate (ATP) through
photosynthesis, which is used as a source of chemical energy." where the passage says the same
without "through photosynthesis": every other word is the passage's, in its order, so overlap,
vectors and the small verifier call it supported (0.98). A reader sees that the writer copied the
passage and put a detail of their own into it.

The claim is aligned, word by word (word_forms.words), with the premise sentences that share
its words, read as one text in their order (a claim may join two sentences). It is flagged where
the alignment puts in, between two copied runs of at least COPIED words each, a word the passage
has none of that is a noun as WordNet most often reads it, or a lower-case word WordNet does not
know. The claim must copy most of its words (COPIED_SHARE): a paraphrase has words of its own
everywhere, and this reading is not for it. Not read as a detail of its own (a review's probes
of faithful near copies found each): an adjective or adverb ("older", "still"), which people
label supported as often as not; a capitalised name, which may be the question's; a hedge or link
built on a noun ("as a rule", "in other words") or an empty word (text.restatement); a unit said
for the passage's symbol ("50 dollars" for "$50"); a gloss in brackets or after "or" ("500 mg
(milligrams)", "the tenant, or renter,"); a run that opens a list the passage gives ("traditions
like"); a noun beside a name or code, or naming a word beside it more broadly ("the city of Rome",
"the Netgear router": its kind). Not caught, by design: a detail added at the end of the claim,
where faithful claims often add a few words of the question's.
"""

from __future__ import annotations

import re
from functools import lru_cache

from ....text.restatement import is_empty_word
from ....text.segments import NEGATIONS
from ....text.wordnet import NOUN, commonest_part_of_speech, names_more_broadly
from ....text.words import STOPWORDS
from .word_forms import align, word_form, word_tuple, words

COPIED = 3  # words on each side of the put-in run, copied as the passage has them
COPIED_SHARE = 0.6  # of the claim's words, copied in the passage's order
MIN_WORDS = 8
GLOSS = 4  # words at most of a gloss put in: "the tenant, or renter, ...", "a new bike lane, or cycle path"
NEAR = 2  # words either side: a broader name of one of them is its kind ("the city of Rome")
# words that add no detail of their own: hedges and links built on nouns ("as a rule", "in other
# words"), words that open a list the passage gives, and units said for a symbol the passage
# uses ("50 dollars" for "$50", "4 percent" for "4%")
_NO_DETAIL = frozenset("""while whether means meaning namely called known example instance order such other like
including also well rule words contrast addition general summary short sum total calendar business
percent percentage dollar dollars euro euros pound pounds cent cents yen rupee rupees franc francs
gram grams milligram milligrams kilogram kilograms litre litres liter liters millilitre millilitres metre metres
meter meters kilometre kilometres kilometer kilometers mile miles foot feet inch inches degree degrees celsius
fahrenheit second seconds minute minutes hour hours day days week weeks month months year years""".split())
_LIST_OPENERS = frozenset({"like", "such", "including"})
_GLOSS_OPENERS = frozenset({"or", "i.e", "ie", "roughly", "about", "approximately", "around"})
_BRACKETS = re.compile(r"\(([^()]*)\)")
_POSSESSIVE = re.compile(r"['’]s?$")
_CODE = re.compile(r"[^\w'’-]|\d")  # a digit or a symbol: "fastjson.loads", "pip3"; not "company's", "self-hosted"
_WORD = re.compile(r"[^\W\d_][\w'’.-]*|\S")


@lru_cache(maxsize=65536)
def _word_set(sentence: str) -> frozenset[str]:
    return frozenset(word_tuple(sentence))


def _detail_word(raw: str, passage: frozenset[str]) -> bool:
    """A word a reader takes as a detail the passage lacks: not a stopword, an empty word or a
    unit, not the passage's, a noun or unknown to WordNet."""
    if (not raw.isalpha() or len(raw) < 3 or raw in STOPWORDS or raw in NEGATIONS or raw in _NO_DETAIL
            or is_empty_word(raw) or word_form(raw) in passage):
        return False
    part = commonest_part_of_speech(raw)
    return part == NOUN or (part is None and len(raw) > 3 and not raw.endswith("ly"))


def _plain_words(claim: str) -> list[tuple[str, bool]]:
    """The claim's words as written, in order, each with whether it is inside brackets (a gloss:
    "500 mg (milligrams)", "GDPR (General Data Protection Regulation)")."""
    inside = {m.start() + k for m in _BRACKETS.finditer(claim) for k in range(len(m.group()))}
    return [(m.group(), m.start() in inside) for m in _WORD.finditer(claim) if m.group()[:1].isalnum()]


def _owners(plain: list[str], said: tuple[str, ...]) -> list[int | None]:
    """For each aligned word of the claim (word_forms.words), the written word it comes from:
    each written word read as words() reads it, in order; where the two readings part (a number
    written with commas, a contraction), the first written word of that form (None: none)."""
    read = [(k, w) for k, written in enumerate(plain) for w in words(written)]
    if [w for _, w in read] == list(said):
        return [k for k, _ in read]
    first: dict[str, int] = {}
    for k, w in read:
        first.setdefault(w, k)
    return [first.get(w) for w in said]


def _says_its_kind(k: int, written: list[str]) -> bool:
    """Is the word at k a name of the kind of a word beside it ("the city of Rome", "Mayor Linda
    Park", "the command pip install", "the Netgear router"): a capitalised word or code next to
    it, or a word it names more broadly (WordNet) within NEAR words?"""
    beside = [written[j] for j in (k - 1, k + 1) if 0 <= j < len(written)]
    if any(w[:1].isupper() or _CODE.search(w) for w in beside):
        return True
    near = written[max(0, k - NEAR):k] + written[k + 1:k + 1 + NEAR]
    return any(names_more_broadly(written[k].lower(), w.lower()) for w in near if w.isalpha())


def added_words(claim: str, sentences: list[str]) -> bool:
    """Does the claim copy the passage with a detail put in that the passage never gives (the
    module's docstring)?"""
    said = word_tuple(claim)
    if len(said) < MIN_WORDS:
        return False
    shared = set(said)
    vocabulary = frozenset().union(*map(_word_set, sentences))
    copied = sum(w in vocabulary for w in said)
    if copied < COPIED_SHARE * len(said) or copied == len(said):  # no copy, or no word of its own
        return False
    written = _plain_words(claim)
    plain = [w for w, _ in written]
    glossed = {w.lower() for w, bracketed in written if bracketed}
    details = {k for k, w in enumerate(plain) if not w[:1].isupper() and w.lower() not in glossed
               and _detail_word(_POSSESSIVE.sub("", w.lower()), vocabulary)}
    if not details:  # read first: most claims have no word that could be a detail of their own
        return False
    passage = [w for s in sentences if len(shared & _word_set(s)) >= 2 for w in word_tuple(s)]
    aligned = align(said, passage)
    if aligned.copied < max(6, COPIED_SHARE * len(said)):
        return False
    owner = _owners(plain, said)
    for tag, i1, i2, _, _ in aligned.opcodes:
        if tag != "delete" or aligned.ends.get(i1, 0) < COPIED or aligned.starts.get(i2, 0) < COPIED:
            continue
        at = sorted({k for k in owner[i1:i2] if k is not None})
        run = [plain[k].lower() for k in at]
        if not run or (run[0] in _GLOSS_OPENERS and len(run) <= GLOSS) or any(w in _LIST_OPENERS for w in run):
            continue
        if any(k in details and not _says_its_kind(k, plain) for k in at):
            return True
    return False
