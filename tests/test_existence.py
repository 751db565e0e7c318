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


CORROWEN = ("The island of Corrowen has no permanent rivers; freshwater comes mainly from seasonal streams and a "
            "desalination plant built in 2009.")
STRAIT = ("The Tarrow Strait separates the island of Gelmira from the mainland. At its narrowest point it is 14 km "
          "wide. No bridge or tunnel crosses the strait; travel is by ferry or by air.")


def test_a_claim_joining_the_absence_to_other_statements_is_read_against_its_clause():
    # a count of X ("a couple of"), and a clause that says most of the premise's "no X" clause
    assert flags("Corrowen relies on a couple of permanent rivers along with seasonal streams.", CORROWEN)
    # "no bridge or tunnel" says there is neither
    assert flags("A bridge crosses the Tarrow Strait at its narrowest point, about 14 km.", STRAIT)
    assert not flags("Corrowen relies on seasonal streams and a desalination plant.", CORROWEN)
    assert not flags("No bridge crosses the Tarrow Strait, so people take the ferry.", STRAIT)
    assert flags("A tunnel crosses the Tarrow Strait.", STRAIT)
    # the premise clause's names must be the claim's; X said to be there elsewhere decides for the claim
    assert not flags("The neighbouring island of Tarsa has several permanent rivers.",
                     "The island of Corrowen has no permanent rivers; the neighbouring island of Tarsa has several.")
    assert not flags("The Premier account has a monthly maintenance fee of $12.",
                     "The Flex account has no monthly maintenance fee. The Premier account charges a monthly "
                     "maintenance fee of $12.")


def test_no_x_where_the_same_sentence_also_says_x_is_not_flagged():
    will = ("Two witnesses must sign, except that a holographic will, written entirely in the testator's "
            "handwriting and signed by them, needs no witnesses.")
    assert not flags("Normally two witnesses have to sign, but a handwritten will needs none.", will)
    assert not flags("A typed will needs two witnesses.",
                     "A holographic will needs no witnesses, though a typed will needs two witnesses.")
