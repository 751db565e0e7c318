"""The quantifier check (judges/local/checks/quantifier_scale.py): a claim that counts a thing on
another step of none / some / most / all than the passage clause that says the rest of it."""

import pytest

from ragmeter.judges.local.checks.quantifier_scale import ALL, MOST, NONE, SOME, quantified, quantifier_otherwise
from ragmeter.text.segments import premise_sentences, stem


def flagged(claim: str, passage: str) -> float:
    return quantifier_otherwise(claim, premise_sentences(passage))


@pytest.mark.parametrize("claim, passage", [
    ("Most of the participants had mild nausea in the first week.",
     "In the trial, 412 patients were enrolled. Some participants experienced mild nausea during the first week."),
    ("Certain Tessaro pans can be used in a microwave.",
     "All Tessaro cookware is oven-safe up to 260°C. None of the Tessaro pans are suitable for microwave use."),
    ("All of the post-2018 conversions on Queen's Terrace are excluded from the scheme.",
     "Eight of the 23 properties on Queen's Terrace converted after 2018 are excluded from the scheme."),
    ("A few of its bonds are rated below investment grade.",
     "None of the bonds in the fund are rated below investment grade."),
    ("None of the noble gases form compounds with fluorine.",
     "A few noble gases, notably xenon and krypton, form compounds with fluorine."),
    # "some" or "most" where the passage says all: a reader takes it to mean not all (version 58)
    ("Some of the bars contain oats.", "All of the bars contain oats."),
    ("Some new hires have to finish it within those first 10 working days.",
     "All new hires must complete the information security training within their first 10 working days."),
    ("Most of them cleared up after the drug was discontinued.",
     "A few cases appeared after one month. All rashes resolved after the drug was discontinued."),
])
def test_another_step_of_the_scale_is_caught(claim, passage):
    assert flagged(claim, passage) == 1.0


@pytest.mark.parametrize("claim, passage", [
    # the same step, said in other words
    ("Every employee gets 25 days of annual leave.", "All employees receive 25 days of annual leave."),
    ("No Tessaro pan is meant for the microwave.", "None of the Tessaro pans are suitable for microwave use."),
    # "every one of them" is all; a count of a whole ("eight of the 500 mg tablets") is the
    # passage's number, not "some" of them
    ("Every one of them cleared up after the drug was discontinued.",
     "A few cases appeared after one month. All rashes resolved after the drug was discontinued."),
    ("Only three of the 14 are open for bathing.",
     "Caldera contains 14 hot springs. All of them are fed by one aquifer, but only three are open to bathing."),
    # "some" of a larger group than the passage's all, "almost all", "at least some", "some or all"
    # (a review of version 58)
    ("Some rooms have a balcony.", "All rooms on the top floor have a balcony."),
    ("Some employees must complete the training.", "All new employees must complete the training."),
    ("Most patients recovered within a week.", "Almost all patients recovered within a week."),
    ("At least some of the bars contain oats.", "All of the bars contain oats."),
    ("Some or all of the bars contain oats.", "All of the bars contain oats."),
    # each quantifier read with its own clause and thing
    ("Most participants reported fewer night-time symptoms.",
     "Most participants reported fewer night-time symptoms, and none experienced serious side effects."),
    # all and none agree where one side says the other's complement
    ("Every bond it holds is investment grade.", "None of the bonds in the fund are rated below investment grade."),
    ("The snail was absent from every pond above 600 metres.",
     "None of the ponds above 600 metres elevation contained the snail."),
    # not counts of a thing: "each month", "at most", "the most", "some 200"
    ("A fee is charged each month for the plan.", "No fee is charged for the plan in the first month."),
    ("Customers may request at most three refunds a year.", "Customers may request up to three refunds a year."),
    ("The Pro plan is the most popular plan.", "Some customers choose the Pro plan, the most popular plan."),
    # a negated clause is the negation checks' ("not all")
    ("Not all of the participants had nausea.", "Some participants had nausea."),
    # a floating quantifier counts the thing before it
    ("A stationary bike has no angular momentum.", "The wheels of the bike each have their own angular momentum."),
])
def test_the_same_count_or_no_count_is_not_flagged(claim, passage):
    assert flagged(claim, passage) == 0.0


def test_levels_and_what_is_counted():
    assert quantified("Most of the participants had nausea") == ((MOST, stem("participants"), False),)
    assert quantified("None of them were removed") == ((NONE, None, False),)
    assert quantified("Every covered landlord must return it") == ((ALL, stem("covered"), False),)
    assert (SOME, None, True) in quantified("Only three of the 14 islands are inhabited")
    assert quantified("Every one of them cleared up") == ((ALL, None, False),)


def test_only_some_says_not_all():
    """Version 57: "only some", "only in selected ..." count some and not all."""
    passage = "Season passes are accepted at all of our mountain resorts and on every shuttle bus."
    assert flagged("Season passes are accepted only at selected mountain resorts.", passage) == 1.0
    assert flagged("Only some of our mountain resorts accept season passes.", passage) == 1.0
    # version 58: plain "some" where the passage says all is read as not all too
    assert flagged("Season passes are accepted at some of the mountain resorts.", passage) == 1.0
    # "in all of our stores" counts; "in all" alone is "altogether"
    assert quantified("It can be redeemed online and in all of our UK stores.")
    assert not quantified("In all, forty people attended.")
    passage = "Only the Alpine and Glacier resorts accept season passes; the others sell day tickets."
    assert flagged("Season passes are accepted only at selected resorts, the Alpine and Glacier ones.",
                   passage) == 0.0


def test_not_all_counts_some():
    assert flagged("Only some branches offer the service.",
                   "The service is offered at some branches but not all.") == 0.0
