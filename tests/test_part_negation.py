"""The negation of one part of a claim that joins several (checks/part_negation.py), and the
near-miss rows calibration reads against whole paragraphs (training/contrasts.squad_pairs):
a negated sentence is stated by the paragraph that negates it, not by the paragraph itself."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from ragmeter.judges.local.checks.part_negation import negation_in_part, parts
from ragmeter.text.segments import premise_sentences

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "training"))

import contrasts  # noqa: E402

POLICY = ("Employees in their first 90 days are not eligible for tuition support. Once probation ends, "
          "they can claim up to $4,000 a year for approved courses.")
FUND = "The fund does not charge an entry fee. It charges an annual management fee of 0.85%."


def flagged(claim: str, premise: str) -> float:
    return negation_in_part(claim, premise_sentences(premise))


def test_a_part_that_drops_the_passage_s_negation_is_flagged():
    assert flagged("Employees in their first 90 days are eligible for tuition support, and they can claim up to "
                   "$4,000 a year.", POLICY) == 1.0
    assert flagged("The fund does charge an entry fee, and it charges an annual management fee of 0.85%.", FUND) == 1.0


def test_a_part_that_adds_a_negation_is_flagged():
    assert flagged("Swap the filter once a year, and the filter cannot be washed with water.",
                   "Swap the filter once a year. The filter can be washed with water.") == 1.0


@pytest.mark.parametrize("claim, premise", [
    # the same negation on both sides
    ("Employees in their first 90 days are not eligible for tuition support, and they can claim $4,000 later.", POLICY),
    # "not only" is no negation
    ("Balance is important for health, and it improves productivity.",
     "Balance is not only important for health, it also improves productivity."),
    # a question in the passage states nothing
    ("TV chefs wash their hands before filming, and the scenes are edited out.",
     "Why don't TV chefs wash their hands? They do: the scenes are edited out."),
    # "need not ... unless" and "only ... if" say the same
    ("Once the claim is approved, a free replacement is sent, and you only need to return the damaged item if asked.",
     "Once the claim is approved, we ship a replacement at no cost; you do not need to return the damaged item "
     "unless we ask you to."),
    # a claim of one part is the whole-claim negation check's
    ("Employees in their first 90 days are eligible for tuition support.", POLICY),
    # the negation belongs to another statement of the sentence
    ("Tenants pay rent monthly, and repairs are handled by the landlord.",
     "Tenants pay rent monthly. Repairs that are not caused by tenant negligence and that are reported within "
     "a week are handled by the landlord at no cost."),
])
def test_no_flag(claim, premise):
    assert flagged(claim, premise) == 0.0


def test_parts_cut_at_commas_and_joins():
    assert parts("It can't be enforced, and the contract must be in writing so both sign it.") == [
        "It can't be enforced", "the contract must be in writing", "both sign it."]


PARAGRAPH = {"context": ("The committee can approve the budget in March. Its members are elected every four years. "
                         "The chair will publish the minutes within a week. Meetings are held in the town hall."),
             "qas": []}


def test_near_misses_against_whole_paragraphs_keep_the_negated_evidence(monkeypatch):
    monkeypatch.setattr(contrasts, "NEGATED_EVIDENCE", 1.0)
    pairs = contrasts.squad_pairs([{**PARAGRAPH, "title": "t"}], seed=0, whole_paragraph=True)
    flipped = [(e, c, y) for e, c, y, k in pairs if k in contrasts.FLIPPED_EVIDENCE]
    assert flipped, "the paragraph has sentences with an auxiliary to negate"
    for evidence, claim, label in flipped:
        assert evidence != PARAGRAPH["context"]
        if label == 1:  # the negated sentence, stated by the paragraph that negates it
            assert claim in evidence and " not " in claim
        else:  # the sentence as it was, which that paragraph contradicts
            assert claim not in evidence
    others = [e for e, _, _, k in pairs if k not in contrasts.FLIPPED_EVIDENCE]
    assert others and all(e == PARAGRAPH["context"] for e in others)


@pytest.mark.slow
def test_the_judge_holds_the_part_that_drops_the_negation_to_the_cap():
    import asyncio

    from ragmeter.judges.base import SupportItem
    from ragmeter.judges.local.judge import NEGATION_CAP, LocalJudge

    passage = ("The Corvi 3 robot vacuum's dustbin is washable, but the HEPA filter must not be rinsed with water. "
               "Tap the filter gently to remove dust and replace it every three months.")
    (verdicts,) = asyncio.run(LocalJudge().support([SupportItem((passage,), (
        "The HEPA filter should be rinsed with water, tapped gently to remove dust, and replaced every three months.",
        "Tap the HEPA filter gently to remove dust, and replace it every three months."))]))
    # since version 57 the clause-level negation check, which comes first, reads the part alone too
    assert verdicts[0].decided_by in ("check:negation", "check:part_negation")
    assert verdicts[0].probability <= NEGATION_CAP
    from ragmeter.judges.local.checks.part_negation import negation_in_part
    from ragmeter.text.segments import premise_sentences

    assert negation_in_part("The HEPA filter should be rinsed with water, tapped gently to remove dust, and "
                            "replaced every three months.", premise_sentences(passage))  # still reads it
    assert verdicts[1].decided_by.startswith("model:") and verdicts[1].probability > 0.5


def test_two_denials_say_it_and_a_later_part_may_say_it_the_claims_way():
    # version 49: each flagged by version 48
    double = ["It is not true that the backup script does not work on Windows.", "It was last updated in March."]
    assert not negation_in_part("The backup script works on Windows, and it was last updated in March.", double)
    assert negation_in_part("The backup script does not work on Windows, and it was last updated in March.", double)
    later = ["Before 1920, women could not vote in national elections.",
             "The 19th Amendment changed this, and women have voted in national elections ever since."]
    assert not negation_in_part("The 19th Amendment changed this, and since 1920 women have voted in national elections.",
                                later)
    order = ["Do not leave the iron unattended while it is switched on.", "It is a fire hazard."]
    assert not negation_in_part("Leaving the iron unattended while it is switched on is unsafe, and it is a fire "
                                "hazard.", order)


def test_a_part_that_names_the_subject_with_a_pronoun_says_it_the_claims_way():
    console = ["At launch, the console did not play DVD movies.", "A 2008 firmware update allowed it to play DVD movies."]
    assert not negation_in_part("After a 2008 firmware update, the console could play DVD movies.", console)
    other = ["At launch, the console did not play DVD movies.", "A 2008 firmware update allowed the tablet to play DVD movies."]
    assert negation_in_part("After a 2008 firmware update, the console could play DVD movies.", other)
