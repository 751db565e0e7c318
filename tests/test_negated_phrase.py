"""A phrase the passage says after "not", said in the claim with no "not"
(judges/local/checks/negated_phrase.py)."""

import pytest

from ragmeter.judges.local.checks.negated_phrase import negated_phrase
from ragmeter.text.segments import premise_sentences

DOSE = "Skip the missed dose and take the next one at the usual time; do not take a double dose."
TAX = ("Investment growth within the plan is not subject to capital gains tax, and withdrawals after age 60 are "
       "tax-free.")
RELOCATION = ("If the employee resigns within 12 months of the relocation date, the full allowance must be repaid. "
              "Employees dismissed for redundancy within that period do not have to repay.")


def flags(claim: str, passage: str) -> bool:
    return negated_phrase(claim, premise_sentences(passage))


@pytest.mark.parametrize("claim,passage", [
    ("Take a double dose at the usual time to make up for the missed one.", DOSE),
    ("You should take a double dose to catch up.", DOSE),
    ("Investment growth within the plan is subject to capital gains tax.", TAX),
])
def test_the_denied_phrase_said_outright_is_flagged(claim, passage):
    assert flags(claim, passage)


@pytest.mark.parametrize("claim,passage", [
    ("Do not take a double dose.", DOSE),
    ("Never take a double dose to catch up.", DOSE),
    ("Avoid taking a double dose.", DOSE),  # denied in other words
    ("Skip the missed dose and take the next one at the usual time.", DOSE),
    # "have to repay": one content word that is not an empty word; and the claim's case is the other one
    ("If you resign within 12 months you have to repay the full allowance.", RELOCATION),
    ("Growth in the plan is tax-free.", TAX),
])
def test_a_claim_that_denies_it_or_says_something_else_is_not_flagged(claim, passage):
    assert not flags(claim, passage)


def test_a_question_denies_nothing_and_a_phrase_with_a_condition_is_not_read():
    assert not flags("TV chefs wash their hands before cooking.", "Why don't TV chefs wash their hands?")
    assert not flags("Return the unit to the store.", "You do not return the unit unless asked to by support.")


@pytest.mark.parametrize("claim,passage", [
    # the premises say it too, of another subject or time
    ("Light can travel through a vacuum.", "Sound cannot travel through a vacuum. Light can travel through a vacuum."),
    ("Since 2010 same-sex couples can marry in Portugal.",
     "Until 2010, same-sex couples could not marry in Portugal. Same-sex couples can marry in Portugal since 2010."),
    # said of another subject than the denial's
    ("Adults may take aspirin for fever.", "Children under 12 must not take aspirin for fever."),
    # the phrase as the subject of what the claim says, a denial in a relative clause, "not just"
    ("Mixing bleach with ammonia releases toxic gas.", "Never mix bleach with ammonia. The fumes are toxic."),
    ("Tenants who struggle to pay the rent on time should tell the landlord.",
     "Tenants who cannot pay the rent on time should tell the landlord early."),
    ("The update does more than fix the login bug.", "The update does not just fix the login bug, it also improves battery life."),
])
def test_what_the_premises_also_say_or_deny_of_another_is_not_flagged(claim, passage):
    assert not flags(claim, passage)


@pytest.mark.parametrize("claim,passage", [
    ("You should take the tablet with food.", "If you do not take the tablet with food, you may feel sick."),
    ("Your doctor may tell you to take more than two tablets a day.",
     "Unless your doctor says so, do not take more than two tablets a day."),
])
def test_a_denial_under_a_condition_denies_only_a_case(claim, passage):
    assert not flags(claim, passage)
