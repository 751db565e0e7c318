"""Two numbers set against each other, each given to the other's side (judges/local/checks/set_against.py)."""

import pytest

from ragmeter.judges.local.checks.set_against import values_exchanged
from ragmeter.text.segments import premise_sentences

PLANS = "The Bronze plan has a $3,000 deductible. The Platinum plan's deductible is lower: $250 instead of Bronze's $3,000."
TRIAL = "Drug X lowered blood pressure by 12 mmHg, compared with 7 mmHg for Drug Y."
LIMITS = ("The limitation period for a claim for breach of a written contract is six years. For oral contracts, "
          "the period is shorter, at three years.")
LEAVE = "Primary caregivers receive twenty weeks of fully paid leave. Secondary caregivers receive six weeks."
FINES = "The code sets a maximum fine of $500 for a first offence and $2,000 for a repeat offence."


def flags(claim: str, context: str) -> bool:
    return values_exchanged(claim, premise_sentences(context)) == 1.0


@pytest.mark.parametrize("claim,context", [
    ("Platinum's deductible is higher, $3,000 compared with $250 for Bronze.", PLANS),
    ("Drug Y did better, cutting it by 12 mmHg against 7 mmHg for Drug X.", TRIAL),
    # counts in words; "contract", said of both sides in the passage, names neither
    ("You have more time with an oral contract: six years, against three for a written one.", LIMITS),
    # the other side named, in lower case, before its number
    ("Secondary caregivers get a much longer paid break, twenty weeks compared with the primary caregiver's six.",
     LEAVE),
    # both sides in one sentence, each in a clause of its own; "for those given <side>"
    ("Argenta came out higher: 5 percent versus 2 percent for gauze.",
     "Patients given the Argenta dressing had an infection rate of 2 percent, compared with 5 percent for those "
     "given standard gauze."),
])
def test_numbers_given_to_each_others_side_are_flagged(claim, context):
    assert flags(claim, context)


@pytest.mark.parametrize("claim,context", [
    ("Platinum's deductible is lower, $250 compared with $3,000 for Bronze.", PLANS),
    ("Drug X did better, cutting it by 12 mmHg against 7 mmHg for Drug Y.", TRIAL),
    # the side named after its number in the passage: "$500 for a first offence"
    ("The repeat-offence maximum is higher: $2,000, compared with $500 for a first offence.", FINES),
    ("You have less time with an oral contract: three years, against six for a written one.", LIMITS),
    ("Secondary caregivers get a much shorter break, six weeks compared with the primary caregiver's twenty.", LEAVE),
])

def test_numbers_on_their_own_side_are_not_flagged(claim, context):
    assert not flags(claim, context)


def test_counts_in_one_word_are_read_as_digits():
    from ragmeter.text.spelled import counts_as_digits

    assert counts_as_digits("six years, against three hundred and two") == "6 years, against 302"
    # "one" is most often a pronoun, "the two" names both sides
    assert counts_as_digits("a written one, the larger of the two") == "a written one, the larger of the two"
