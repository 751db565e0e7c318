"""The answer-relevance model's circular negatives (training/relevance_circular.py): the question
said back as a statement with nothing in its slot, and the twin that puts the answer there."""

from __future__ import annotations

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "training"))

from relevance_circular import FILLERS, answered, circular, echo, parts, statement  # noqa: E402


def test_the_auxiliary_moves_behind_the_subject():
    assert statement("When was the Treaty of Versailles signed?", "at a certain time") == \
        "The Treaty of Versailles was signed at a certain time."
    assert statement("How long does the kettle take to boil?", "as long as it takes") == \
        "The kettle does take to boil as long as it takes."
    assert statement("What is the boiling point of ethanol?", "something") == "The boiling point of ethanol is something."


def test_a_wh_subject_keeps_its_place_and_a_participle_inside_the_subject_is_not_read_as_the_verb():
    assert statement("Who painted the Night Watch?", "a certain person") == "A certain person painted the Night Watch."
    assert statement("What was the idealized value of empire?", "something") == "The idealized value of empire was something."
    assert statement("How many patients were enrolled in the trial?", "as many as needed") == \
        "A certain number of patients were enrolled in the trial."


def test_the_askers_pronouns_become_the_answerers():
    assert statement("How can I change my password?", "in a certain way") == "You can change your password in a certain way."


def test_unread_forms_give_none_rather_than_a_broken_sentence():
    assert parts("Is the treaty still in force?") is None  # a polar question has no slot
    assert statement("Rendang was created where?", "somewhere") is None
    assert circular("Tell me about the treaty.", random.Random(0)) is None


def test_every_circular_answer_keeps_the_questions_words_and_adds_no_answer():
    question = "When was the Peace of Westphalia signed?"
    seen = {circular(question, random.Random(seed)) for seed in range(40)}
    assert len(seen) > 10
    for said in seen:
        assert said and "Peace of Westphalia" in said and not any(ch.isdigit() for ch in said)
    echoes = {echo(question, random.Random(seed)) for seed in range(20)}
    assert any("when it was signed" in e or "when the Peace of Westphalia was signed" in e for e in echoes if e)


def test_the_twin_puts_the_answer_where_the_circular_answer_puts_a_filler():
    rng = random.Random(0)
    twin = answered("When was the Peace of Westphalia signed?", "1648", rng)
    assert twin.startswith("The Peace of Westphalia was signed in 1648.")
    assert answered("Who painted the Night Watch?", "Rembrandt", rng).startswith("Rembrandt painted the Night Watch.")
    assert answered("How many patients were enrolled?", "312", rng).startswith("312 patients were enrolled.")
    assert answered("Where was the Peace of Westphalia signed?", "in Osnabrück and Münster", rng).startswith(
        "The Peace of Westphalia was signed in Osnabrück and Münster.")


def test_fillers_name_a_kind_and_no_value():
    for phrases in FILLERS.values():
        for phrase in phrases:
            assert not any(ch.isdigit() for ch in phrase) and phrase == phrase.lower()
