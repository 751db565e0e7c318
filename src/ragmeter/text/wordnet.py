"""What WordNet says of two words: one sense, one a kind of the other, two kinds of one thing,
or opposites.

A reader who sees "granite peaks" where the passage says "limestone peaks", "the police" for
"the armed forces" or "a warm, dry place" for "a cool, dry place" knows the claim says something
else, and a reader who sees "quotations" for "citations" knows it does not. Word vectors cannot
tell these apart (granite and limestone sit as close as two synonyms); WordNet can. The table
is built from Princeton WordNet 3.0 by training/wordnet_table.py and shipped in
models/assets/wordnet/ with WordNet's licence.

relation(x, y) answers, for words or short phrases as written (plurals, tenses and comparatives
are read as their lemma):

- SAME: a sense in common, or adjectives of one cluster ("used", "utilized");
- KIND: one is a kind or an instance of the other, in any of their noun senses ("dog",
  "animal"; "reasons", "motivations");
- OPPOSITE: antonyms in the first two senses of one part of speech ("warm", "cool"; "rose",
  "fell"; "higher", "lower"), adjectives through their cluster's head;
- SIBLING: both commonly nouns, and in their first two noun senses both within three steps
  below one class of at most 100 synsets, or two steps below one of at most 400 ("granite",
  "limestone"; "Austria", "Germany"; "coffee", "grapefruit juice");
- OTHER: all of these were asked and none holds;
- None: WordNet does not know one of them.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import numpy as np

TABLE = Path(__file__).resolve().parents[1] / "models" / "assets" / "wordnet" / "relations.npz"
SAME, KIND, OPPOSITE, SIBLING, OTHER = "same", "kind", "opposite", "sibling", "other"
NOUN, VERB, ADJECTIVE, ADVERB = 0, 1, 2, 3
TOP_SENSES = 2  # the senses read for siblings and opposites: the commonest two
KIND_DEPTH = 4  # hypernym steps read for one word being a kind of the other
# (steps below the shared class, at most so many synsets below it)
SIBLING_CLASSES = ((3, 100), (2, 400))
# inflections read back to a lemma of one part of speech (WordNet's own "morphy" rules, and
# doubled consonants: "bigger", "stopped"); a stem of fewer than 3 letters is none ("br" of "bring")
_SUFFIXES = {NOUN: (("ies", "y"), ("ses", "s"), ("xes", "x"), ("zes", "z"), ("ches", "ch"), ("shes", "sh"),
                    ("men", "man"), ("s", "")),
             VERB: (("ies", "y"), ("ied", "y"), ("es", "e"), ("es", ""), ("s", ""), ("ed", "e"), ("ed", ""),
                    ("ing", "e"), ("ing", "")),
             ADJECTIVE: (("ier", "y"), ("iest", "y"), ("er", ""), ("est", ""), ("er", "e"), ("est", "e"))}
_DOUBLED = {VERB: ("ed", "ing"), ADJECTIVE: ("er", "est")}
Form = tuple[int, "int | None"]  # a lemma, and the part of speech it is read in (None: any)


class WordRelations:
    """The shipped table, read once: lemmas with their senses, synsets with their pointers."""

    def __init__(self, path: Path = TABLE):
        with np.load(path) as data:
            arrays = {name: data[name] for name in data.files}
        names = bytes(arrays.pop("lemmas")).decode().split("\n")
        self.lemma_index = {w: k for k, w in enumerate(names)}
        exceptions = bytes(arrays.pop("exceptions")).decode().split("\n")
        self.exceptions = dict(line.split(" ", 1) for line in exceptions if " " in line)
        self.lemma_pos = arrays["lemma_pos"]
        self.synset_pos = arrays["synset_pos"]
        self.below = arrays["synset_below"]
        self._arrays = arrays
        # bounded memos of this table's own answers (one table per process: word_relations())
        self.ancestors = lru_cache(maxsize=65536)(self._ancestors)
        self.relation = lru_cache(maxsize=65536)(self._relation)

    def _row(self, kind: str, k: int) -> np.ndarray:
        starts = self._arrays[f"{kind}_starts"]
        return self._arrays[kind][starts[k]:starts[k + 1]]

    def forms(self, word: str) -> list[Form]:
        """The lemmas a word or phrase may be written for, each with the part of speech its
        inflection allows ("armed forces" -> armed_forces; "fell" -> fell, fall; "higher" ->
        higher, high as an adjective; "bring" -> bring only)."""
        w = word.lower().strip().replace(" ", "_")
        found: list[tuple[str, int | None]] = [(w, None), (self.exceptions.get(w, w), None)]
        for pos, rules in _SUFFIXES.items():
            found += [(w[:-len(suffix)] + put, pos) for suffix, put in rules
                      if w.endswith(suffix) and len(w) - len(suffix) + len(put) >= 3]
        for pos, suffixes in _DOUBLED.items():
            found += [(w[:-len(suffix) - 1], pos) for suffix in suffixes
                      if w.endswith(suffix) and len(w) - len(suffix) > 3 and w[-len(suffix) - 1] == w[-len(suffix) - 2]]
        out: dict[Form, None] = {}
        for form, read_as in found:
            k = self.lemma_index.get(form)
            if k is not None and (read_as is None or any(self.synset_pos[x] == read_as for x in self._row("senses", k))):
                out.setdefault((k, read_as), None)
        return list(out)

    def senses(self, form: Form, pos: int | None = None, top: int | None = None) -> list[int]:
        """A form's senses in WordNet's order (commonest first), of one part of speech if asked,
        the first `top` of them if asked."""
        lemma, allowed = form
        if allowed is not None and pos is not None and pos != allowed:
            return []
        pos = allowed if pos is None else pos
        found = [int(x) for x in self._row("senses", lemma) if pos is None or self.synset_pos[x] == pos]
        return found[:top] if top else found

    def _ancestors(self, synset: int, depth: int) -> dict[int, int]:
        """Each hypernym within depth steps, with its nearest distance."""
        out: dict[int, int] = {}
        frontier = {synset}
        for step in range(1, depth + 1):
            frontier = {int(h) for f in frontier for h in self._row("hyper", f)}
            for h in frontier:
                out.setdefault(h, step)
        return out

    def _cluster(self, synset: int) -> set[int]:
        """An adjective synset with the heads it is similar to."""
        return {synset, *map(int, self._row("similar", synset))} if self.synset_pos[synset] == ADJECTIVE else {synset}

    def _opposed(self, xs: set[int], ys: set[int]) -> bool:
        return any(int(a) in ys for x in xs for a in self._row("anto", x))

    def _relation(self, x: str, y: str) -> str | None:
        lx, ly = self.forms(x), self.forms(y)
        if not lx or not ly:
            return None
        sx = {s for form in lx for s in self.senses(form)}
        sy = {s for form in ly for s in self.senses(form)}
        if sx & sy:
            return SAME
        cx = {c for s in sx if self.synset_pos[s] == ADJECTIVE for c in self._cluster(s)}
        cy = {c for s in sy if self.synset_pos[s] == ADJECTIVE for c in self._cluster(s)}
        if cx & cy and not self._opposed(cx, cy):
            return SAME
        nx = [s for s in sx if self.synset_pos[s] == NOUN]
        ny = [s for s in sy if self.synset_pos[s] == NOUN]
        if any(b in self.ancestors(a, KIND_DEPTH) or a in self.ancestors(b, KIND_DEPTH) for a in nx for b in ny):
            return KIND
        for pos in (ADJECTIVE, VERB, ADVERB):
            ox = {c for form in lx for s in self.senses(form, pos, TOP_SENSES) for c in self._cluster(s)}
            oy = {c for form in ly for s in self.senses(form, pos, TOP_SENSES) for c in self._cluster(s)}
            if self._opposed(ox, oy):
                return OPPOSITE
        if self._siblings([f for f in lx if self.lemma_pos[f[0]] == NOUN and f[1] in (None, NOUN)],
                          [f for f in ly if self.lemma_pos[f[0]] == NOUN and f[1] in (None, NOUN)]):
            return SIBLING
        return OTHER

    def _siblings(self, lx: list[Form], ly: list[Form]) -> bool:
        depth = max(d for d, _ in SIBLING_CLASSES)
        for a in (s for form in lx for s in self.senses(form, NOUN, TOP_SENSES)):
            above_a = self.ancestors(a, depth)
            for b in (s for form in ly for s in self.senses(form, NOUN, TOP_SENSES)):
                above_b = self.ancestors(b, depth)
                for h in above_a.keys() & above_b.keys():
                    steps = max(above_a[h], above_b[h])
                    if any(steps <= d and self.below[h] <= n for d, n in SIBLING_CLASSES):
                        return True
        return False


@lru_cache(maxsize=1)
def word_relations() -> WordRelations:
    """The shipped table, loaded on first use (about 0.15 s, 22 MB)."""
    return WordRelations()


def relation(x: str, y: str) -> str | None:
    """What WordNet says of two words or short phrases (the module's docstring)."""
    return word_relations().relation(x, y)


@lru_cache(maxsize=65536)
def commonest_part_of_speech(word: str) -> int | None:
    """The part of speech (NOUN, VERB, ADJECTIVE, ADVERB) a word is most often read in: its first
    lemma's ("photosynthesis" NOUN, "global" ADJECTIVE), or the one its inflection allows where
    the word is no lemma of its own or ends in -ed or -ing and may be a verb's ("stored",
    "shipped" VERB); None when WordNet does not know it."""
    table = word_relations()
    forms = table.forms(word)
    if not forms:
        return None
    inflected = [pos for _, pos in forms if pos is not None]
    w = word.lower()
    if VERB in inflected and (w.endswith(("ed", "ing")) or w not in table.lemma_index):
        return VERB
    if w not in table.lemma_index and inflected:
        return inflected[0]
    return int(table.lemma_pos[forms[0][0]])


def names_more_broadly(x: str, y: str) -> bool:
    """Is x a broader name for what y names, in their commonest two noun senses within
    KIND_DEPTH steps ("season" for "autumn", "colour" for "green", "country" for "Iceland"),
    or one name for it ("colour" for "color", "fall" for "autumn")? Not the other way round:
    "dog" for "animal" names something more narrowly, and says more."""
    table = word_relations()
    xs = {s for form in table.forms(x) for s in table.senses(form, NOUN, TOP_SENSES)}
    ys = {s for form in table.forms(y) for s in table.senses(form, NOUN, TOP_SENSES)}
    return bool(xs & ys) or any(a in table.ancestors(b, KIND_DEPTH) for a in xs for b in ys)


@lru_cache(maxsize=65536)
def can_be(word: str, pos: int) -> bool:
    """Has the word, or a form it is an inflection of, a sense of this part of speech ("cash"
    VERB, "subject" ADJECTIVE)?"""
    table = word_relations()
    return any(table.senses(form, pos, 1) for form in table.forms(word))
