"""A comparison the passage makes the other way round (judges/local/checks/compared_sides.py)."""

import pytest

from ragmeter.judges.local.checks.compared_sides import compared_sides, comparisons
from ragmeter.text.segments import premise_sentences, stem

SUPPORT = ["Live chat usually gets you a reply much faster than email support; an email reply can take up to one "
           "business day."]
PRESIDENTS = ["Ronald Reagan was considerably older than John F. Kennedy when he took office."]
PLANS = ["The Gold plan has higher fees than the Silver plan, and Gold members get priority boarding."]


@pytest.mark.parametrize("claim,premise", [
    ("Email support is faster than live chat.", SUPPORT),  # the sides turned round
    ("Live chat is slower than email support.", SUPPORT),  # the opposite comparative
    ("Kennedy was older than Reagan when he took office.", PRESIDENTS),
    ("The Silver plan has higher fees than the Gold plan.", PLANS),
])
def test_a_comparison_turned_round_is_flagged(claim, premise):
    assert compared_sides(claim, premise) == 1.0


@pytest.mark.parametrize("claim,premise", [
    ("Email support is slower than live chat.", SUPPORT),
    ("Live chat is faster than email support.", SUPPORT),
    ("Kennedy was younger than Reagan when he took office.", PRESIDENTS),
    ("The Silver plan has lower fees than the Gold plan.", PLANS),
    # another measure, another comparison: higher returns are not higher fees
    ("The Silver plan has higher returns than the Gold plan.", PLANS),
    # a negated comparison is the negation checks'
    ("Email support is not faster than live chat.", SUPPORT),
    # a passage that says it both ways decides nothing
    ("Email support is faster than live chat.", SUPPORT + ["For billing questions, email support is faster than live "
                                                           "chat."]),
])
def test_a_comparison_the_passage_makes_alike_or_not_at_all_is_not_flagged(claim, premise):
    assert compared_sides(claim, premise) == 0.0


def test_what_a_comparison_measures():
    (a, b, group, way, what), = comparisons("The Silver plan is more expensive than the Gold plan.")
    assert (a, b, way, what) == ({"silver"}, {"gold"}, 1, "")
    assert comparisons("The Silver plan is cheaper than the Gold plan.")[0][2] == group  # one measure, the other way
    assert comparisons("Aspirin is more effective than placebo.")[0][3:] == (1, stem("effective"))


RICE = ["Per 100 g, cooked brown rice contains about 1.8 g of fibre, compared with 0.4 g in cooked white rice.",
        "White rice has a slightly higher glycaemic index."]


def test_a_side_named_among_words_the_passage_lacks():
    """Version 44: "Brown rice sits a little higher" names its side by "brown", the one word of
    "brown", "sits", "little" the passage has; the comparative it says of white rice alone decides."""
    assert compared_sides("Brown rice sits a little higher on the glycaemic index than white rice.", RICE) == 1.0
    assert compared_sides("Brown rice sits a little lower on the glycaemic index than white rice.", RICE) == 0.0
    # a side of many words the passage lacks is not named by the one it has
    assert compared_sides("Brown rice eaten by hungry athletes after long morning runs is higher than white rice.",
                          RICE) == 0.0
    # "more than a year" bounds a quantity: no second side
    assert compared_sides("White rice has been sold for more than a year.", RICE) == 0.0


def test_a_comparative_said_of_one_side_alone_reads_a_claim_that_turns_it_round():
    passage = premise_sentences("Small claims court in the state handles disputes up to $10,000, while the county "
                                "civil court hears claims above that amount. Filing fees in small claims court are "
                                "lower, and parties usually represent themselves.")
    assert compared_sides("Filing fees are lower in the county civil court than in small claims court.", passage)
    assert not compared_sides("Filing fees are lower in small claims court than in the county civil court.", passage)
    # a clause with both ways of one measure says neither side is the more
    both = ["It is common for gravel from an older formation to be ripped up and included in a newer layer."]
    assert not compared_sides("The gravel is younger than the formation that holds it.", both)


def test_greater_and_less_measure_one_thing():
    bonds = premise_sentences("These bonds offer higher yields but carry greater risk of default than "
                              "investment-grade bonds.")
    assert compared_sides("These bonds carry less risk of default than investment-grade bonds.", bonds) == 1.0
    assert compared_sides("Investment-grade bonds carry less risk of default than these bonds.", bonds) == 0.0
    assert compared_sides("These bonds carry greater risk of default than investment-grade bonds.", bonds) == 0.0
    # "greater risk" is more risk; "bigger" alone is size, no measure of power or banks
    size = premise_sentences("The Model X is bigger than the Model S.")
    assert compared_sides("The Model X uses less power than the Model S.", size) == 0.0
    assert compared_sides("The Model X is smaller than the Model S.", size) == 1.0


def test_more_or_less_before_an_adverb_is_the_comparative_it_says():
    """Version 57: "more slowly" compares as "slower", "less quickly" as "slower" too."""
    (found,) = comparisons("Diesel buses accelerate more slowly than electric buses.")
    (plain,) = comparisons("Diesel buses accelerate slower than electric buses.")
    assert found[2:] == plain[2:]
    (fewer,) = comparisons("Diesel buses accelerate less quickly than electric buses.")
    assert fewer[2:] == plain[2:]
    premise = premise_sentences("The Vela bus accelerates more slowly than the Orion bus on steep routes.")
    assert compared_sides("The Orion bus accelerates slower than the Vela bus.", premise) == 1.0
    assert compared_sides("The Vela bus accelerates faster than the Orion bus.", premise) == 1.0
    assert compared_sides("The Vela bus accelerates slower than the Orion bus.", premise) == 0.0
