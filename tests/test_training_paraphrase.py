"""The rewrites that give the claim verifier positives in other words (training/paraphrase.py):
they must keep what the sentence states, and the slot-changed negatives must change it."""

from __future__ import annotations

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "training"))

import contrasts  # noqa: E402
from contrasts import paragraph_pairs  # noqa: E402
from paraphrase import paraphrase, respell_numbers, swap_words  # noqa: E402


def test_swapped_words_keep_the_numbers_names_and_negation():
    sentence = "Employees may not work remotely more than two days per week without their manager's approval."
    seen = {swap_words(sentence, random.Random(seed)) for seed in range(30)}
    assert len(seen) > 3  # several different rewrites
    for out in seen:
        assert out != sentence and "two" in out and "not" in out


def test_a_capitalised_word_is_swapped_only_where_it_opens_the_sentence():
    # "May" the month, "Main Street" the name: left alone
    for seed in range(20):
        out = swap_words("The fair opens in May on Main Street and usually lasts three days.", random.Random(seed))
        assert "May" in out and "Main Street" in out


def test_an_article_follows_the_word_swapped_in():
    outs = {swap_words("It is a huge dam.", random.Random(seed)) for seed in range(10)}
    assert "It is a very large dam." in outs


def test_numbers_are_respelled_not_changed():
    assert respell_numbers("The cache keeps each response for 10 minutes.", random.Random(0)) == \
        "The cache keeps each response for ten minutes."
    assert respell_numbers("About 45% of the claims were paid.", random.Random(0)) == \
        "About 45 percent of the claims were paid."
    assert respell_numbers("It holds 23,615 cubic kilometres.", random.Random(0)) == "It holds 23615 cubic kilometres."
    assert respell_numbers("The Seven Years' War ended in 1763.", random.Random(0)) is None  # a name, and a year


def test_paraphrase_is_none_when_nothing_applies():
    assert paraphrase("Xylophones chime.", random.Random(0)) is None


PARAGRAPH = {"context": "The cache stores each response for 10 minutes. Entries are usually evicted earlier when "
                        "memory use passes 80% of the limit. Administrators can turn caching off entirely.",
             "qas": []}


def _pairs_by_kind() -> dict[str, list[tuple[str, int]]]:
    kinds: dict[str, list[tuple[str, int]]] = {}
    for seed in range(10):
        for _, claim, label, kind in paragraph_pairs(PARAGRAPH, [], random.Random(seed)):
            kinds.setdefault(kind, []).append((claim, label))
    return kinds


def test_as_shipped_the_training_pairs_hold_no_reworded_claims():
    # version 18's verifier was trained without them (the try with them was not kept)
    assert contrasts.PARAPHRASED == 0
    assert not {"stated_paraphrase", "paraphrase_edited"} & set(_pairs_by_kind())


def test_training_pairs_hold_reworded_positives_and_their_near_misses(monkeypatch):
    monkeypatch.setattr(contrasts, "PARAPHRASED", 0.7)
    kinds = _pairs_by_kind()
    assert {label for _, label in kinds["stated_paraphrase"]} == {1}
    assert {label for _, label in kinds["paraphrase_edited"]} == {0}
    stated = {claim for claim, _ in kinds["stated"]}
    assert not stated & {claim for claim, _ in kinds["stated_paraphrase"]}
