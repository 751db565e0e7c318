"""Which words of a claim are names, for the name checks of claim support.

A capitalised word inside a sentence is taken for a name (text.segments.capitalised). A word that
opens a sentence is capitalised whatever it is, so it was never read as one, and "Google
acquired LinkedIn in 2016." against "In 2016, Microsoft acquired LinkedIn ..." scored 0.88: the
evidence lacks one word of five. An opening word counts as a name here when the evidence lacks
it and the evidence word nearest to it (static MiniLM vectors) is one of the evidence's names:
"google" lies nearest "microsoft", while "annual", opening "Annual revenue grew every year.",
lies nearest a common word of the same evidence (tests/test_names.py). On
the support dev sets such an opening word is a strong sign: of the 162 Factcheck-GPT
claim-evidence pairs where it is found, 8 are supported (21% of all pairs are); of 9 WiCE
pairs, 3 (73% of all pairs are). Added in judge version 11: cross-validated AUROC on
Factcheck-GPT 0.8067 -> 0.8072 (local-fast 0.7933 -> 0.7943), on WiCE 0.9838 -> 0.9833 (0.9827
-> 0.9821): the other features had mostly seen these claims already.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

import numpy as np

from ...text.segments import STOPWORDS, capitalised, split_sentences

if TYPE_CHECKING:
    from .premises import PremiseView

_WORD = re.compile(r"[^\W_]+")


def opening_words(text: str) -> list[str]:
    """The lower-cased first word of each sentence, where it is capitalised, of three letters or
    more, and not a stopword."""
    out = []
    for sentence in split_sentences(text):
        first = _WORD.search(sentence)
        word = first.group() if first else ""
        if word[:1].isupper() and len(word) > 2 and word.lower() not in STOPWORDS:
            out.append(word.lower())
    return out


def opening_names(claim: str, view: PremiseView, static: Any) -> frozenset[str]:
    """The claim's opening words that the premises lack and whose nearest premise word is one
    of the premises' names; static: the static embedder, for word vectors. The premises' words
    and names are read only for a claim that opens with a word they lack."""
    missing = [word for word in opening_words(claim) if word not in view.raw_words]
    words = static.one_token_words(sorted(view.raw_words)) if missing else []
    if not words:
        return frozenset()
    vectors = static.word_vectors(words)
    names = frozenset().union(*(capitalised(sentence) for sentence in view.sentences))
    found = set()
    for word in missing:
        vector = static.word_vectors([word])
        if vector.shape[0] and words[int(np.argmax(vectors @ vector[0]))] in names:
            found.add(word)
    return frozenset(found)
