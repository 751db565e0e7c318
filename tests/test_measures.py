"""Durations and shares said in other units are read as the premises say them, and numbers said in
several words are one number (text/measures.py, text/segments.py)."""

import asyncio

import pytest

from ragmeter.text.measures import in_premise_units, measures
from ragmeter.text.segments import negated, numbers
from ragmeter.text.spelled import spelled_as_digits


def test_numbers_said_in_several_words_are_one_number():
    assert numbers("six hundred calls") == {"600"} and numbers("twenty-five dollars") == {"25"}
    assert numbers("two hundred and fifty people") == {"250"} and numbers("a hundred years") == {"100"}
    assert numbers("one or two") == {"1", "2"}  # two numbers, not one
    assert spelled_as_digits("It has ninety-nine rooms.") == "It has 99 rooms."


def test_durations_and_shares_are_read_with_their_values():
    found = {(m.text, m.kind, round(m.value, 4)) for m in measures("two thirds of the votes in 3 months and a week")}
    assert found == {("two thirds", "share", 0.6667), ("3 months", "days", 91.3125), ("a week", "days", 7.0)}
    # no duration of its own: a range's end, a rate, a half
    assert not measures("It takes 2-3 weeks.") and not measures("Take it twice a day.")
    assert not measures("It takes half an hour.") and not measures("It takes an hour and a half.")


@pytest.mark.parametrize("claim, premises, worded", [
    ("The default retention is two weeks.", "The default retention is 14 days.", "The default retention is 14 days."),
    ("The battery lasts two days.", "The battery lasts 48 hours.", "The battery lasts 48 hours."),
    ("About a quarter of adults are affected.", "About 25% of adults are affected.",
     "About 25% of adults are affected."),
    ("One in four adults is affected.", "25% of adults are affected.", "25% of adults is affected."),
    ("The one-year Fixed Saver pays 4%.", "The 12-month Fixed Saver pays 4%.", "The 12-month Fixed Saver pays 4%."),
    # other values, or the same unit, stay as the claim has them
    ("The retention is three weeks.", "The retention is 14 days.", "The retention is three weeks."),
    ("The course takes ten minutes.", "The course takes 10 minutes.", "The course takes ten minutes."),
    # a value of another sentence, about something else, is not the claim's
    ("There is no annual fee in the first two years.",
     "There is no annual fee in the first year. Points expire 24 months after they are earned.",
     "There is no annual fee in the first two years."),
])
def test_a_claim_is_worded_in_the_premises_units(claim, premises, worded):
    assert in_premise_units(claim, premises) == worded


def test_a_bound_is_no_negation():
    assert not negated("Cancel no later than 7 days ahead of the billing date.")
    assert not negated("It costs not more than $5.")
    assert negated("There is no fee.") and negated("It is not later.")


def test_the_local_judge_reads_a_duration_in_other_units_as_stated():
    pytest.importorskip("onnxruntime")
    from ragmeter.judges.base import SupportItem
    from ragmeter.judges.local.judge import LocalJudge

    premise = ("Orders can be returned within 14 days of delivery. Refunds are paid to the original card "
               "within 5 working days.")
    claims = ("You can return an order within two weeks of delivery.", "You can return an order within three "
              "weeks of delivery.")
    (verdicts,) = asyncio.run(LocalJudge().support([SupportItem((premise,), claims)]))
    assert verdicts[0].probability > 0.8 > 0.2 > verdicts[1].probability
    assert verdicts[0].text == claims[0]  # the verdict names the claim as written


def test_a_run_of_number_words_is_one_number_only_where_english_reads_it_so():
    assert spelled_as_digits("one thousand two hundred dollars") == "1200 dollars"
    assert spelled_as_digits("two hundred thousand people, a hundred years") == "200000 people, 100 years"
    for text in ("one or two", "seven eight nine", "nineteen ninety-nine", "It has six rooms.", "an hour"):
        assert spelled_as_digits(text) == text
