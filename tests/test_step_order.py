"""Steps of a procedure told in another order, in other words (judges/local/checks/step_order.py)."""

import pytest

from ragmeter.judges.local.checks.step_order import steps_reordered
from ragmeter.text.segments import premise_sentences

PRINTER = ("To clear a paper jam, first switch the printer off at the wall. Then open the rear cover and "
           "pull the jammed sheet out slowly. Finally, close the cover and switch the printer back on.")
VISA = ("Applicants first book an appointment at the consulate online. They then bring their passport and two "
        "photographs to the appointment, and the consulate next posts the visa within ten days.")


def flags(claim: str, context: str) -> bool:
    return steps_reordered(claim, premise_sentences(context)) == 1.0


@pytest.mark.parametrize("claim,context", [
    ("Open the rear cover and remove the stuck page, then turn the printer off at the wall.", PRINTER),
    ("1) Take your passport and two photos to the consulate; 2) make an online booking for an appointment.", VISA),
])
def test_steps_in_another_order_are_flagged(claim, context):
    assert flags(claim, context)


@pytest.mark.parametrize("claim,context", [
    ("Turn the printer off at the wall, then open the rear cover and remove the stuck page.", PRINTER),
    ("1) Make an online booking for an appointment; 2) take your passport and two photos to the consulate.", VISA),
    # "after" tells the order against the words' order: sequence.py reads it
    ("Then pull the jammed sheet out of the rear cover, after you switch off the printer at the wall.", PRINTER),
    ("If the page tears, then open the rear cover again.", PRINTER),  # a condition, not steps
])
def test_steps_in_the_passages_order_or_not_told_as_steps_are_not_flagged(claim, context):
    assert not flags(claim, context)
