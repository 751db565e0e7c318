"""The claim verifier's opt-in role trades (training/contrasts.trade_spans): two phrases of one
sentence exchanged, so that the same words in other roles are no longer stated."""

from __future__ import annotations

import os
import random
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "training"))

import contrasts  # noqa: E402
from contrasts import paragraph_pairs, trade_spans  # noqa: E402

PHOTOSYNTHESIS = ("Using light energy, the plant converts carbon dioxide and water into glucose, releasing oxygen "
                  "as a by-product.")


def test_two_phrases_with_a_relation_between_them_are_traded():
    phrases = ["carbon dioxide", "water", "glucose", "oxygen"]
    traded = trade_spans(PHOTOSYNTHESIS, phrases)
    assert traded == ("Using light energy, the plant converts carbon dioxide and glucose into water, releasing "
                      "oxygen as a by-product.")
    assert trade_spans("Tesla worked for Edison in New York.", ["Tesla", "Edison"]) == "Edison worked for Tesla in New York."


def test_a_list_or_a_clause_break_between_them_is_no_trade():
    assert trade_spans("Paris and London are large cities.", ["Paris", "London"]) is None
    assert trade_spans("Tesla arrived in 1884; Edison hired him.", ["Tesla", "Edison"]) is None
    assert trade_spans("Tesla worked for Edison.", ["Tesla"]) is None  # one phrase only
    assert trade_spans("Tesla worked for Edison.", ["", "Tesla", "tesla"]) is None  # the same phrase twice


def test_the_trades_are_made_only_when_asked_for(monkeypatch):
    paragraph = {"context": f"{PHOTOSYNTHESIS} The process takes place in the chloroplasts of leaf cells.",
                 "qas": [{"question": "What does the plant make?", "is_impossible": False,
                          "answers": [{"text": "glucose"}]},
                         {"question": "What else does it use?", "is_impossible": False,
                          "answers": [{"text": "water"}]}]}

    def kinds():
        return {kind for *_, kind in paragraph_pairs(paragraph, [], random.Random(0))}

    assert "spans_traded" not in kinds()  # the shipped model's rows
    monkeypatch.setattr(contrasts, "TRADED_SPANS", True)
    pairs = [p for p in paragraph_pairs(paragraph, [], random.Random(0)) if p[3] == "spans_traded"]
    assert [(claim, label) for _, claim, label, _ in pairs] == [(PHOTOSYNTHESIS.replace(
        "water into glucose", "glucose into water"), 0)]


def test_the_trade_does_not_depend_on_the_hash_seed():
    """Two phrases of one length that overlap in the sentence: which one is traded is fixed
    (longest first, then alphabetical), not left to a set's order, which changes with
    PYTHONHASHSEED from run to run."""
    code = ("import sys; sys.path.insert(0, sys.argv[1]); from contrasts import trade_spans; "
            "print(trade_spans('Old Oak Elm trees grow beside Hexham.', ['Old Oak', 'Oak Elm', 'Hexham']))")
    training = str(Path(__file__).resolve().parents[1] / "training")
    seen = {subprocess.run([sys.executable, "-c", code, training], capture_output=True, text=True, check=True,
                           env={**os.environ, "PYTHONHASHSEED": str(seed)}).stdout for seed in range(6)}
    assert seen == {"Old Hexham trees grow beside Oak Elm.\n"}
