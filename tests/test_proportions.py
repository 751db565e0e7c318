"""A share the passage gives otherwise (judges/local/checks/proportions.py)."""

import pytest

from ragmeter.judges.local.checks.proportions import proportion_otherwise, quantified
from ragmeter.text.segments import premise_sentences

ISLANDS = "The Selkirk Archipelago consists of 34 islands, of which only 5 are permanently inhabited."
PONDS = ("In a survey of 40 alpine ponds, the chytrid fungus was detected in a few ponds above 2,000 metres. "
         "Most ponds below that altitude tested positive. None of the ponds above 3,000 metres contained the fungus.")
BULBS = ("Most bulbs in the range support colour changes, but the Classic bulb only offers warm white. Every bulb "
         "can be dimmed from the app.")
ICELAND = "About two-thirds of Iceland's roughly 380,000 residents live in the Reykjavik capital region."
VARIETIES = ("Of the 48 tomato varieties tested at the research station, none showed resistance to the new strain "
             "of leaf mould.")
TRIAL = "Muscle pain was reported by 9% of patients taking Lovastrin and 4% of those taking Pexacor."


def flags(claim: str, context: str) -> bool:
    return proportion_otherwise(claim, premise_sentences(context)) == 1.0


@pytest.mark.parametrize("claim,context", [
    ("Most of the 34 islands are permanently inhabited.", ISLANDS),
    ("Only a few ponds below 2,000 metres tested positive.", PONDS),
    ("A few of the ponds above 3,000 metres contained the fungus.", PONDS),
    ("Only some of the bulbs in the range can be dimmed using the app.", BULBS),
    ("Nearly all of Iceland's roughly 380,000 residents live in the Reykjavik capital region.", ICELAND),
    ("A few of the 48 varieties resisted the new strain, though most of them did not.", VARIETIES),
])
def test_a_share_the_passage_gives_otherwise_is_flagged(claim, context):
    assert flags(claim, context)


@pytest.mark.parametrize("claim,context", [
    ("Just five of the 34 islands have permanent residents.", ISLANDS),
    ("The majority of the ponds below 2,000 metres came back positive.", PONDS),
    # "absent from every pond" is in none of them; "above 3,000" is not "below"
    ("The fungus was absent from every pond above 3,000 metres.", PONDS),
    ("Most of the bulbs can be dimmed from the app.", BULBS),
    ("Roughly two thirds of Iceland's residents live in the Reykjavik capital region.", ICELAND),
    ("Not a single one of the 48 varieties resisted the new strain.", VARIETIES),
    # two percentages are the number checks' to compare, not this one's
    ("Muscle pain was reported by 4% of patients taking Pexacor.", TRIAL),
    # no share of a group: a superlative, a time, a number's own "all of"
    ("The most famous bulbs in the range support colour changes.", BULBS),
    ("Every bulb can be dimmed all the way down from the app.", BULBS),
])
def test_a_share_the_passage_allows_or_does_not_give_is_not_flagged(claim, context):
    assert not flags(claim, context)


def test_shares_read():
    (share, group, _, _, exact), = quantified("Most ponds did not test positive.")
    assert share[1] < 0.5 and "pond" in group and not exact  # "most did not": fewer than half did
    assert quantified("Eight of the 23 properties are excluded.")[0][0] == (8 / 23, 8 / 23)
    assert quantified("It has been open for more than a year.") == ()


DELEGATES = ("Of the twelve delegates who attended the 1848 Harwell Convention, nine signed the final declaration. "
             "The three who refused objected to the clause abolishing tariffs on grain.")


def test_counts_said_in_words():
    assert flags("All twelve delegates signed the final declaration.", DELEGATES)
    assert flags("A few delegates signed the final declaration.", DELEGATES)
    assert not flags("Most delegates signed the final declaration.", DELEGATES)
    (share, group, _, _, exact), = quantified(DELEGATES.split(". ")[0] + ".")
    assert share == (0.75, 0.75) and "delegat" in group and exact
    # a fraction's or a rate's first word is no count, nor a number word inside another word
    assert not flags("About two thirds of the respondents surveyed said yes.",
                     "Of the 200 respondents surveyed, two thirds said yes.")
    assert not flags("A quarter of the staff at the office work remotely.",
                     "Of the 40 staff at the office, one in four works remotely.")
    assert not flags("Not all of the bone fragments were burnt.",
                     "The site yielded bone fragments, of which one was burnt.")


def test_none_and_all_agree_where_one_side_says_the_complement():
    """Version 58: "every bond is investment grade" is what "none is rated below investment
    grade" says."""
    passage = "None of the bonds in the fund are rated below investment grade."
    assert not flags("Every bond it holds is investment grade.", passage)
    assert flags("Some bonds in the fund are rated below investment grade.", passage)
