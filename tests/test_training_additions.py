"""The claim verifier's opt-in additions (training/additions.py): a sentence of the evidence with a
phrase added that the evidence does not state (not stated), and two neighbouring sentences
joined into one claim (stated)."""

from __future__ import annotations

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "training"))

import contrasts  # noqa: E402
from additions import added_phrase, addition_pairs, extend, join  # noqa: E402
from contrasts import paragraph_pairs  # noqa: E402

TUN = "In this state they curl into a ball known as a tun."
DONOR = "The eggs of some species can survive for thousands of years in dry sediment."


def test_a_phrase_with_new_content_is_added_to_the_end():
    extended = extend(TUN, DONOR, random.Random(0))
    assert extended is not None and extended.startswith("In this state they curl into a ball known as a tun ")
    added = extended[len(TUN) - 1:].rstrip(".")
    assert added.split()[0] in {"for", "in"} and len(added.split()) >= 3
    assert extended.endswith(".") and extended.count(".") == 1


def test_a_phrase_that_brings_nothing_new_is_not_used():
    # every content word of the donor's phrases is in the target already
    assert added_phrase("They curl into a tun in this state.", "In this state they curl into a ball known as a tun.",
                        random.Random(0)) is None
    assert extend("A sentence without its full stop", DONOR, random.Random(0)) is None


def test_a_which_clause_is_attached_with_a_comma():
    extended = extend("Marie Curie studied radioactivity.",
                      "She moved to Paris in 1891, which later became her permanent home city.", random.Random(0))
    # "in 1891" brings one content word only: the clause is the one phrase usable
    assert extended == "Marie Curie studied radioactivity, which later became her permanent home city."


def test_two_sentences_are_joined_only_where_the_second_may_open_in_lower_case():
    assert join("The dam was finished in 1936.", "It supplies water to three states.") == \
        "The dam was finished in 1936, and it supplies water to three states."
    assert join("The dam was finished in 1936.", "Nevada receives a share of its power.") is None


def test_pairs_are_labelled_and_made_only_when_asked_for(monkeypatch):
    paragraph = {"context": ("Tardigrades can survive extreme dehydration by entering cryptobiosis. "
                             "In this state they curl into a ball known as a tun. "
                             "Their metabolism then drops to less than 0.01% of its normal rate. "
                             "They recover within hours when water returns."),
                 "qas": []}
    others = [DONOR, "Researchers in Japan revived animals from moss that had been frozen for three decades."]
    plain = list(paragraph_pairs(paragraph, others, random.Random(3)))
    assert not any(kind in {"stated_joined", "extended_inside", "extended_outside"} for *_, kind in plain)
    monkeypatch.setattr(contrasts, "ADDITIONS", True)
    made = list(paragraph_pairs(paragraph, others, random.Random(3)))
    assert made == list(paragraph_pairs(paragraph, others, random.Random(3)))  # the seed decides
    by_kind = {kind: (evidence, claim, label) for evidence, claim, label, kind in made}
    assert by_kind["stated_joined"][2] == 1
    evidence, claim, _ = by_kind["stated_joined"]
    first, _, second = claim.partition(", and ")
    assert first + "." in evidence and second[0].upper() + second[1:] in evidence
    extended = [(e, c, y) for e, c, y, kind in made if kind.startswith("extended")]
    assert extended and all(y == 0 for _, _, y in extended)
    assert all(c not in e for e, c, _ in extended)  # the claim as written is not in its evidence


def test_each_sentence_gets_at_most_one_of_each():
    sents = ["The plant opened in 1921.", "It made engines for trucks.", "Workers went on strike in 1936 over pay.",
             "The company later moved production to Ohio."]
    for seed in range(20):
        out = addition_pairs(sents, 0, ["Sales rose sharply during the war across Europe."], random.Random(seed))
        kinds = [kind for *_, kind in out]
        assert kinds.count("stated_joined") <= 1 and sum(k.startswith("extended") for k in kinds) <= 1
