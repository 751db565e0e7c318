"""The denial check (judges/local/checks/denied_said.py): a claim that denies a deed the passage
says plainly, read at the denied word and its object, and the readings it must leave alone (each
found as a false alarm on the grounding sets or the probes while it was written)."""

from __future__ import annotations

import pytest

from ragmeter.judges.local.checks.denied_said import denied_said
from ragmeter.text.segments import premise_sentences

TREATY = ("The Treaty of Vellmark was signed in 1612 between the kingdoms of Arsland and Touvain. It ended a "
          "decade of border warfare and established the Lessa River as the shared frontier.")


def flags(claim: str, passage: str) -> bool:
    return denied_said(claim, premise_sentences(passage))


@pytest.mark.parametrize("claim, passage", [
    # the rest of the claim in words of its own: no premise sentence holds most of its words
    ("The treaty, signed in 1612, did not end the border warfare between Arsland and Touvain, though it did "
     "set the Lessa River as their shared frontier.", TREATY),
    ("You don't have to return the damaged unit.", "Return the damaged unit within 30 days."),
    ("The owners did not raise pay.", "The owners cut shifts to ten hours and agreed to raise pay by 5%."),
    ("Staff never receive the annual bonus.", "All staff receive the annual bonus in December."),
])
def test_a_denial_of_what_the_passage_says_plainly_is_flagged(claim, passage):
    assert flags(claim, passage)


@pytest.mark.parametrize("claim, passage", [
    ("Signed in 1612, it brought ten years of border fighting to an end.", TREATY),  # no denial
    ("Children should not take aspirin.", "Adults may take aspirin for pain."),  # another subject
    ("You don't have to return the damaged unit.", "Customers may return the damaged unit within 30 days."),
    ("Ibuprofen should not be taken without food.", "Take ibuprofen with or without food."),  # a double denial
    ("If you do not renew the licence, access ends.", "Renew the licence every year."),  # a condition
    ("The vaccine does not cause autism.", "Large studies found the vaccine does not cause autism."),
    ("The firm did not raise pay.", "The owners cut shifts to ten hours but refused to raise pay."),
    ("Europe might not return to the prewar status quo.", "Europe will return to the prewar status quo."),
    ("Fit silent fans so that the HTPC does not generate too much noise.",
     "Larger fans will usually generate more noise than smaller fans."),  # a purpose
    ("As long as torque is not applied from outside the system, the momentum remains constant.",
     "Unless torque is applied from outside the system, the momentum remains constant."),
    ("Similar publications were not published until 1902.", "Similar publications were published until 1902."),
    ("Peter Guinness is not Rudyard Kipling.", "Rudyard Kipling wrote The Jungle Book."),  # a name, not a deed
    ("The hospital has still not integrated the three essential components.",
     "The hospital will integrate the three essential components."),  # what will be done is not done yet
    ("The law did not originally cover online retailers.",
     "The original 1998 law did not cover online retailers. A 2015 amendment extended it to online retailers."),
    ("It covers sudden damage from a burst pipe, but not gradual leaks, damp or neglect.",
     "The policy covers sudden damage from a burst pipe. Damage caused by gradual leaks or damp is excluded."),
    ("When failure to reimburse does not cause net pay to fall below the minimum, no claim arises.",
     "When failure to reimburse employees - including mileage - causes net pay to fall below the minimum, "
     "employers can be sued."),
    ("Does the treaty not end the border warfare?", "Is it true? The treaty ended the border warfare."),
    # written by a reviewer to trip it (each a false alarm of its first form)
    ("People with kidney disease should not take ibuprofen.",
     "Take ibuprofen with food. It is not suitable for people with kidney disease."),  # an instruction to all
    ("Pregnant women should not take the supplement.",
     "Take the supplement once a day with water. Pregnant women are advised to avoid it."),
    ("The employee does not pay the insurance premium.", "The employer, not the employee, pays the insurance premium."),
    ("The new policy does not exclude pre-existing conditions.",
     "The old policy excluded pre-existing conditions; the new policy covers them after six months."),
    ("In version 5 the CLI does not read settings from the legacy .rc file.",
     "Version 4 of the CLI reads settings from the legacy .rc file; version 5 reads them from config.toml."),
    ("Customers cannot return items after 30 days.", "Customers may return items within 30 days of delivery."),
    ("The filter does not fully remove lead from tap water.", "The filter removes lead from tap water by up to 95%."),
    ("The FDA has not yet approved the drug for children.", "The FDA is expected to approve the drug for children."),
    ("Users reported that the update did not fix the battery drain.",
     "The company claimed the update fixed the battery drain."),
    ("The tablets should not be taken with food.", "The tablets are taken without food, an hour before breakfast."),
    ("The drug did not reduce mortality but reduced hospital stays.",
     "The drug reduced hospital stays and reduced readmissions; mortality did not change."),
    ("The bridge was not completed on schedule.", "The bridge was completed two years behind schedule, in 1932."),
    ("The Nile does not flow south into Lake Victoria.",
     "The Nile flows north from Lake Victoria to the Mediterranean."),
    ("The museum does not hold the original manuscript.",
     "The museum holds an exhibition about the original manuscript, which is kept at the British Library."),
])
def test_what_it_must_leave_alone(claim, passage):
    assert not flags(claim, passage)


def test_the_judge_holds_such_a_claim_low_and_names_the_check():
    pytest.importorskip("tokenizers", reason="the local judge needs the [local] extra")
    from ragmeter import evaluate

    row = {"question": "What did the Treaty of Vellmark accomplish?", "contexts": [TREATY],
           "answer": "The treaty, signed in 1612, did not end the border warfare between Arsland and Touvain."}
    (cell,) = [r["faithfulness"] for r in evaluate([row], metrics=["faithfulness"]).metric_results]
    assert cell.score <= 0.1
    assert cell.evidence["claims"][0]["decided_by"] == "check:denied_said"
