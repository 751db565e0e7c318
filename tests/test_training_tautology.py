"""The answer-relevance model's tautology experiment (training/relevance_tautology.py, not in the
shipped model): the question said back with a tail of its own words, and relevant answers whose
subject is named "It" or "They"."""

from __future__ import annotations

import random
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "training"))

from relevance_tautology import FRAMES, STANDALONE, content_words, pronoun_twin, tautology, tautology_pairs  # noqa: E402


def _words(text: str) -> set[str]:
    return {w.lower() for w in re.findall(r"[A-Za-z]+", text)}


def test_a_tautology_uses_only_the_questions_words_and_generic_ones():
    question = "Why do leaves change color in autumn?"
    rng = random.Random(3)
    for _ in range(20):
        said = tautology(question, rng)
        assert said and said.endswith(".") and "?" not in said
        # every content word it names is the question's or a frame's: the tail adds nothing of its own
        generic = _words(" ".join([*STANDALONE, *(f for frames in FRAMES.values() for f in frames)]))
        assert {w.lower() for w in content_words(said)} <= {"leaves", "change", "color", "autumn"} | generic


def test_the_do_of_the_question_is_dropped_and_does_inflects_the_verb():
    rng = random.Random(0)
    made = {tautology("How long does the battery last?", rng) for _ in range(30)}
    assert any(m.startswith("The battery lasts ") for m in made)
    assert not any(" does last" in m for m in made)
    made = {tautology("Why do leaves change color in autumn?", rng) for _ in range(30)}
    assert any(m.startswith("Leaves change color in autumn ") for m in made)


def test_a_question_of_fewer_than_two_content_words_gives_none():
    assert tautology("Why?", random.Random(0)) is None
    assert tautology("What is gravity?", random.Random(0)) is None
    assert tautology("What is quantum gravity?", random.Random(0)) is not None


def test_the_pronoun_twin_names_the_subject_it_or_they():
    assert pronoun_twin("The Treaty of Versailles was signed in the Hall of Mirrors in 1919.",
                        "When was the Treaty of Versailles signed?") == "It was signed in the Hall of Mirrors in 1919."
    assert pronoun_twin("Thrust faults form in the shallow crust.", "Where do thrust faults form?") == \
        "They form in the shallow crust."
    assert pronoun_twin("Canberra is the capital.", "When was the Treaty of Versailles signed?") is None
    # the subject must end where a word ends, and something must follow it
    assert pronoun_twin("The batteryX lasts ten hours.", "How long does the battery last?") is None
    assert pronoun_twin("The battery ", "How long does the battery last?") is None


def test_pairs_label_tautologies_not_relevant_and_twins_relevant():
    rows = [("The battery lasts about ten hours.", "How long does the battery last?", 1, "squad:sentence"),
            ("Charge it overnight.", "How long does the battery last?", 0, "squad:aspect")]
    made = tautology_pairs(rows, random.Random(1))
    assert ("It lasts about ten hours.", "How long does the battery last?", 1, "squad:sentence:pronoun") in made
    assert [r[2] for r in made if r[3] == "synthetic:tautology"] == [0]
    assert _words(next(r[0] for r in made if r[3] == "synthetic:tautology")) & {"battery", "last", "lasts"}
