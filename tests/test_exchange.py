"""The exchanged-slots check (judges/local/checks/exchange.py): a premise sentence copied with two
of its values, names or words trading places is flagged; a list in another order, a converse
wording, a passive, or a faithful copy is not."""

import pytest

from ragmeter.judges.local.checks.exchange import exchanged
from ragmeter.text.segments import premise_sentences


def flags(claim: str, context: str) -> bool:
    return exchanged(claim, premise_sentences(context)) == 1.0


PLANS = "The standard plan costs $10 a month and the premium plan costs $25 a month. Both can be cancelled anytime."
SLEEP = "Cats sleep about 15 hours a day, while adult dogs sleep about 12 hours."
HORMONES = "Insulin lowers blood sugar, while glucagon raises it."
RIVERS = "The Danube flows into the Black Sea, and the Rhine flows into the North Sea."


@pytest.mark.parametrize("claim,context", [
    ("The standard plan costs $25 a month and the premium plan costs $10 a month.", PLANS),
    ("Cats sleep about 12 hours a day, while adult dogs sleep about 15 hours.", SLEEP),
    ("Glucagon lowers blood sugar, while insulin raises it.", HORMONES),
    ("The Rhine flows into the Black Sea, and the Danube flows into the North Sea.", RIVERS),
    ("In June 1950, South Korean forces crossed the border into North Korea.",
     "In June 1950, North Korean forces crossed the border into South Korea."),
    ("Anna is older than Tom.", "Tom is older than Anna."),  # a short claim
    # two long names exchanged, with a few words told otherwise: fewer than 60% of its words in order
    ("Such cases are decided by the county board rather than the Federal Maritime Commission.",
     "Cases about harbour fees are decided by the Federal Maritime Commission rather than the county board."),
    ("The basic tier costs $8 a month and the family tier costs $15 a month.",
     "The basic tier costs $15 a month and the family tier costs $8 a month."),  # items that read otherwise
])
def test_two_slots_trading_places_are_flagged(claim, context):
    assert flags(claim, context)


@pytest.mark.parametrize("claim,context", [
    ("The standard plan costs $10 a month and the premium plan costs $25 a month.", PLANS),
    ("Insulin brings blood sugar down, and glucagon raises it.", HORMONES),
    ("The primary colours of light are green, red and blue.", "The primary colours of light are red, green and blue."),
    ("Anna Berg and Tom Hale founded the company in 2009.", "Tom Hale and Anna Berg founded the company in 2009."),
    ("In the final, the Netherlands were beaten by Spain 1-0.", "In the final, Spain beat the Netherlands 1-0."),
    ("K2 is lower than Mount Everest, the highest mountain.", "Mount Everest, the highest mountain, is higher than K2."),
    # false, but told otherwise (another verb, another order): not a copy, so not this check's to read
    ("Prices rose from $4 to $5 last year.", "Prices fell to $4 from $5 last year."),
    # items of one list that read alike but for the slot
    ("Flooding closed roads in New Jersey and New York.", "Flooding closed roads in New York and New Jersey."),
    ("The green bike and the grey bike were both stolen.", "The grey bike and the green bike were both stolen."),
    ("The park's lakes are Elm, Birch and Cedar.", "The park's lakes are Cedar, Birch and Elm."),
    # what reads the same both ways
    ("Chile drew 2-2 with Peru in Lima.", "Peru drew 2-2 with Chile in Lima."),
    ("Maria is as fast as Jonas over 400 m.", "Jonas is as fast as Maria over 400 m."),
    ("For the glaze, whisk a blend of 15 g of sugar and 150 ml of cream into the bowl.",
     "For the glaze, whisk 150 ml of cream with 15 g of sugar and pour the blend into the bowl."),  # amounts keep their nouns
])
def test_lists_converses_and_faithful_copies_are_not_flagged(claim, context):
    assert not flags(claim, context)
