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
    # the passive with words between ("was later acquired by"), and after another verb
    ("Tellmark Holdings acquired Pinecrest Credit for $340 million.",
     "Pinecrest Credit was later acquired by Tellmark Holdings for $340 million."),
    ("Tellmark Holdings acquired Pinecrest Credit in 2021.",
     "Pinecrest Credit was founded in 1990 and acquired by Tellmark Holdings in 2021."),
    # a deed's word as a noun, or with no object after it
    ("Ardent Capital funded Kestrel Foods in 2022.", "Kestrel Foods raised funds from Ardent Capital in 2022."),
    ("The Atlas engine replaced the Orion engine in 2024.", "The Orion engine was replaced with the Atlas engine in 2024."),
    # one side told with a pronoun; a claim that tells the deed both ways
    ("Nadal beat Federer at Wimbledon in 2008.", "Federer beat Nadal in the 2007 final; Nadal beat him in 2008."),
    ("Samsung sued Apple weeks after Apple sued Samsung.", "Apple sued Samsung in 2011; Samsung sued Apple weeks later."),
])
def test_the_deed_told_the_passages_way_or_in_other_words_is_not_flagged(claim, context):
    assert not flags(claim, context)
