""""Including" what the passage leaves out (judges/local/checks/included.py)."""

import pytest

from ragmeter.judges.local.checks.included import included_exception
from ragmeter.text.segments import premise_sentences

PARKING = ("Staff may park in any campus car park between 7 am and 7 pm. The visitor car park by the main gate "
           "is excluded and is kept for patients.")
GYM = "Members can book classes up to seven days ahead. Spin classes cannot be booked more than two days ahead."


def flags(claim: str, context: str) -> bool:
    return included_exception(claim, premise_sentences(context)) == 1.0


@pytest.mark.parametrize("claim,context", [
    ("Staff may park in any campus car park, including the visitor car park by the main gate.", PARKING),
    ("Members can book any class up to seven days ahead, including spin classes.", GYM),
    ("Members can book every class up to seven days ahead, spin classes included.", GYM),
])
def test_including_what_the_passage_leaves_out_is_flagged(claim, context):
    assert flags(claim, context)


@pytest.mark.parametrize("claim,context", [
    ("Staff may park in any campus car park except the visitor car park by the main gate.", PARKING),
    ("Members can book classes up to seven days ahead, including yoga.", GYM),  # nothing left out
    ("Staff may park in campus car parks, including the north car park.",
     "Staff may park in any campus car park, including the north car park, from 7 am."),
])
def test_an_exception_kept_or_an_included_case_the_passage_allows_is_not_flagged(claim, context):
    assert not flags(claim, context)
