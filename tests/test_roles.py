"""A deed whose doer and object the passage tells the other way round (judges/local/checks/roles.py):
"Pinecrest Credit bought Tellmark Holdings" where the passage says Tellmark acquired Pinecrest."""

import pytest

from ragmeter.judges.local.checks.roles import deeds, roles_swapped
from ragmeter.text.segments import premise_sentences

DEAL = ("In March 2021, Tellmark Holdings acquired the regional lender Pinecrest Credit for $340 million in cash. "
        "Pinecrest's branches were rebranded under the Tellmark name the following year.")
PASSIVE = "In March 2021, Kestrel Foods was acquired by the larger conglomerate Ardent Holdings for $2.3 billion."
TOWNS = "In 1962 the town of Marlow Bay annexed the neighbouring village of Setterby."


def flags(claim: str, context: str) -> bool:
    return roles_swapped(claim, premise_sentences(context)) == 1.0


def test_a_deed_is_read_as_doer_and_object_in_either_voice():
    assert deeds("Tellmark Holdings acquired the regional lender Pinecrest Credit.") == (
        (0, frozenset({"tellmark", "holdings"}), frozenset({"pinecrest", "credit"})),)
    assert deeds(PASSIVE)[0][1:] == (frozenset({"ardent", "holdings"}), frozenset({"kestrel", "foods"}))
    assert deeds("Tellmark did not acquire Pinecrest.") == ()  # a negated clause tells no deed


@pytest.mark.parametrize("claim,context", [
    ("Pinecrest Credit bought Tellmark Holdings in March 2021, paying $340 million in cash.", DEAL),
    ("Tellmark Holdings was purchased by Pinecrest Credit.", DEAL),
    ("Kestrel Foods bought Ardent Holdings in March 2021, paying $2.3 billion.", PASSIVE),
    ("The village of Setterby annexed the neighbouring town of Marlow Bay in 1962.", TOWNS),
])
def test_the_deed_told_the_other_way_round_is_flagged(claim, context):
    assert flags(claim, context)


@pytest.mark.parametrize("claim,context", [
    ("Tellmark bought Pinecrest Credit in March 2021.", DEAL),  # a shorter name is the same name
    ("Pinecrest Credit was bought by Tellmark.", DEAL),
    ("Ardent Holdings bought Kestrel Foods in March 2021, paying $2.3 billion.", PASSIVE),
    ("Pinecrest Credit sold itself to Tellmark Holdings.", DEAL),  # no verb of the deed's group
    ("Marlow Bay and Setterby merged in 1962.", TOWNS),
])
def test_the_deed_told_the_passages_way_or_in_other_words_is_not_flagged(claim, context):
    assert not flags(claim, context)
