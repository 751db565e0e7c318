"""What the passage says there is none of, said to be there (judges/local/checks/existence.py)."""

import pytest

from ragmeter.judges.local.checks.existence import none_said_some
from ragmeter.text.segments import premise_sentences

FLEX = ("Ardent Savings' Flex account has no monthly maintenance fee. However, withdrawals beyond six per "
        "statement cycle incur a $3 charge each.")
VISA = "Citizens of the member states need no visa for stays of up to 90 days. Longer stays require a permit."


def flags(claim: str, context: str) -> bool:
    return none_said_some(claim, premise_sentences(context)) == 1.0


@pytest.mark.parametrize("claim,context", [
    ("There's a monthly maintenance fee, and each withdrawal after the sixth costs $3.", FLEX),
    ("The Flex account charges a monthly maintenance fee.", FLEX),
    ("Citizens of the member states need a visa for stays of up to 90 days.", VISA),
])
def test_what_the_passage_says_there_is_none_of_is_flagged(claim, context):
    assert flags(claim, context)


@pytest.mark.parametrize("claim,context", [
    ("There's no monthly maintenance fee, but each withdrawal after the sixth costs $3.", FLEX),
    ("The Flex account doesn't charge a monthly maintenance fee.", FLEX),
    ("Withdrawals beyond six per statement cycle incur a $3 charge each.", FLEX),
    ("Stays longer than 90 days require a permit.", VISA),
    # "no longer", "no more than": a time or a bound, not an absence
    ("The offer is available for a longer period.", "The offer is no longer available after May."),
])
def test_the_absence_said_otherwise_or_not_at_all_is_not_flagged(claim, context):
    assert not flags(claim, context)
