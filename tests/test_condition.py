"""A clause joined by a condition and said the other way (judges/local/checks/condition.py): the
claim's part and the passage's part read apart from the condition that joins them."""

import pytest

from ragmeter.judges.local.checks.condition import condition_flip
from ragmeter.judges.local.features import CONTRADICTION_CHECKS
from ragmeter.text.segments import premise_sentences

RETURNS = ("If your charger arrives damaged, contact us within 14 days. We will ship a replacement at no cost. "
           "You do not need to return the damaged unit.")
SHIPPING = "Shipping charges are not refunded unless the item arrived damaged or was the wrong title."
VIADUCT = "Passenger service started in 1873. The viaduct was widened for a second track in 1904."
DAMAGED = ("Once the claim is approved, we ship a replacement at no cost; you do not need to return the damaged "
           "item unless we ask you to.")


def flags(claim: str, context: str) -> bool:
    return condition_flip(claim, premise_sentences(context)) == 1.0


@pytest.mark.parametrize("claim,context", [
    ("We will ship a replacement at no cost once you return the damaged unit.", RETURNS),
    ("Once you return the damaged unit, we will ship a replacement at no cost.", RETURNS),  # the clause opens with it
    ("Shipping charges are refunded unless the item arrived damaged or was the wrong title.", SHIPPING),
])
def test_a_part_said_the_other_way_is_flagged(claim, context):
    assert flags(claim, context)


@pytest.mark.parametrize("claim,context", [
    ("We will ship a replacement at no cost, and you do not need to return the damaged unit.", RETURNS),
    ("Shipping charges are not refunded unless the item arrived damaged.", SHIPPING),
    # "not ... until" says when it happened
    ("Passenger service started in 1873, and the viaduct was not widened for a second track until 1904.", VIADUCT),
    # "only ... if" is "not ... unless"
    ("A free replacement is sent, and you only need to return the damaged item if asked.", DAMAGED),
    ("Do I need to return the damaged unit if the charger arrives damaged?", RETURNS),  # a question
    # the passage's own "not ... until" says when
    ("The viaduct was widened for a second track when passenger traffic grew in 1904.",
     "The viaduct was not widened for a second track until passenger traffic grew in 1904."),
    # "provided" as a verb joins nothing
    ("Free meals are provided to staff who work on the night shift.",
     "Free meals are provided to all staff. Staff who work on the night shift are not paid overtime."),
])
def test_the_same_said_in_other_words_is_not_flagged(claim, context):
    assert not flags(claim, context)


def test_a_longer_premise_part_whose_not_is_another_clauses_is_not_read():
    context = ("Accepting a citation is not an admission of guilt and you will have the opportunity to contest "
               "the citation in court after the fact.")
    assert not flags("You can contest the citation in court after the fact if you wish.", context)


def test_the_check_is_one_of_the_judges():
    assert "condition" in CONTRADICTION_CHECKS

