"""The claim verifier's opt-in declaratives (training/declaratives.py): a SQuAD question and its
answer said as one statement, in the question writer's words rather than the passage's."""

from __future__ import annotations

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "training"))

import contrasts  # noqa: E402
from contrasts import paragraph_pairs  # noqa: E402
from declaratives import declarative  # noqa: E402


def test_question_shapes_that_become_statements():
    cases = {
        ("When was the Treaty of Westphalia signed?", "1648"): "The Treaty of Westphalia was signed in 1648.",
        ("When was the Declaration adopted?", "July 4, 1776"): "The Declaration was adopted on July 4, 1776.",
        ("What is the largest city in California?", "Los Angeles"): "The largest city in California is Los Angeles.",
        ("What are cestida called?", "belt animals"): "Cestida are called belt animals.",
        ("Who founded the company?", "Larry Page"): "Larry Page founded the company.",
        ("Who was the first emperor?", "Augustus"): "Augustus was the first emperor.",
        ("Where is the Congress Hall located?", "in the Palace of Culture"):
            "The Congress Hall is located in the Palace of Culture.",
        ("Where is D'Olier Street?", "Dublin"): "D'Olier Street is in Dublin.",
        ("How many seats are in the debating chamber?", "131"): "131 seats are in the debating chamber.",
        ("How many schools of medicine were recognized?", "four"): "Four schools of medicine were recognized.",
        ("What is often misunderstood as the cause of rigidity?", "repulsion"):
            "Repulsion is often misunderstood as the cause of rigidity.",
    }
    for (question, answer), statement in cases.items():
        assert declarative(question, answer) == statement, question


def test_shapes_that_need_a_verb_form_or_hide_an_object_give_none():
    for question, answer in [("When did the Normans conquer England?", "1066"),
                             ("What are MPs unable to vote upon?", "domestic legislation"),
                             ("What is St. John's Cathedral an example of, stylistically?", "Masovian gothic"),
                             ("Why did the war end?", "exhaustion"),
                             ("Who was the treaty signed by?", "Ferdinand"),
                             ("What is the capital of France", "Paris"),  # not a question
                             ("How many species are there?", "150 species")]:
        assert declarative(question, answer) is None, question


def test_the_paragraph_gives_a_stated_statement_and_one_with_another_answer(monkeypatch):
    paragraph = {"context": ("The Treaty of Westphalia was concluded in Osnabrück and Münster in 1648. "
                             "It ended the Thirty Years' War, which had begun in 1618."),
                 "qas": [{"question": "When was the Treaty of Westphalia concluded?", "is_impossible": False,
                          "answers": [{"text": "1648"}]},
                         {"question": "When did the war begin?", "is_impossible": False,
                          "answers": [{"text": "1618"}]}]}
    assert not any(kind.startswith("declarative") for *_, kind in paragraph_pairs(paragraph, [], random.Random(0)))
    monkeypatch.setattr(contrasts, "DECLARATIVES", True)
    made = {kind: (evidence, claim, label) for evidence, claim, label, kind in
            paragraph_pairs(paragraph, [], random.Random(0))}
    assert made["declarative"][1:] == ("The Treaty of Westphalia was concluded in 1648.", 1)
    evidence, claim, label = made["declarative_other_answer"]
    assert (claim, label) == ("The Treaty of Westphalia was concluded in 1618.", 0)
    assert "1618" in evidence and "1648" in evidence  # the rival answer is in the evidence too
