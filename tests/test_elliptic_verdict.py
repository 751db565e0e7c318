"""A verdict said with the question's subject and auxiliary (text/answer_type.py, version 58):
"It can't; ...", "Unfortunately not -", "You will;" are the answer's yes or no, as "No." is, and
no claim of their own."""

import pytest

from ragmeter.judges.lexical import split_into_claims
from ragmeter.text.answer_type import elliptic_verdict, verdict_given, without_elliptic_verdict
from ragmeter.text.segments import split_sentences


@pytest.mark.parametrize("opening, verdict", [
    ("It can't; the canal only takes vessels up to 5.5 metres.", False),
    ("Unfortunately not; unused holidays aren't paid out.", False),
    ("I'm afraid not.", False),
    ("They aren't.", False),
    ("Absolutely not.", False),
    ("You will; unused days are paid out.", True),
    ("It does, as long as you are on Windows 10.", True),
    ("It was signed in 1718.", None),  # a statement, not a verdict
    ("It can be used on Windows.", None),
    ("Unfortunately, the canal is closed.", None),
    ("Yes, it can.", None),  # opens_with_verdict reads those
    ("It's not.", False),
    ("They're not.", False),
    # a hedge is no yes (a review of version 58)
    ("It may, depending on your income.", None),
    ("You might; it depends.", None),
    ("It could.", None),
])
def test_elliptic_verdicts(opening, verdict):
    assert elliptic_verdict(opening) is verdict


def test_the_verdict_is_read_for_a_yes_no_question_only():
    assert verdict_given("Can a ship with a 7-metre draught reach Marsh Ferry?", "It can't; the canal is too shallow.") \
        is False
    assert verdict_given("Will I be paid for unused holidays?", "You will; they are paid out.") is True
    assert verdict_given("Who can reach Marsh Ferry?", "It can't; the canal is too shallow.") is None


def test_the_verdict_is_no_claim():
    assert split_into_claims("It can't; the canal only takes vessels drawing up to 5.5 metres.") == [
        "the canal only takes vessels drawing up to 5.5 metres."]
    assert split_into_claims("Unfortunately not - Saver fares can only be changed up to 48 hours before departure.") \
        == ["Saver fares can only be changed up to 48 hours before departure."]
    assert split_into_claims("Yes, you can - Saver fares include one free date change.") == [
        "Saver fares include one free date change."]
    assert split_into_claims("I'm afraid not.") == []
    # set apart by a comma, or before a dependent clause or an aside: kept whole
    assert without_elliptic_verdict("It does, as long as you use Windows 10.") == \
        "It does, as long as you use Windows 10."
    assert without_elliptic_verdict("It isn't - unless you pay the £20 supplement.") == \
        "It isn't - unless you pay the £20 supplement."
    assert without_elliptic_verdict("They did not - as some reports claim - abandon the project.") == \
        "They did not - as some reports claim - abandon the project."


def test_times_of_day_end_no_sentence():
    assert split_sentences("On Saturdays you can call between 9 a.m. and 1 p.m. Central.") == [
        "On Saturdays you can call between 9 a.m. and 1 p.m. Central."]
    assert split_sentences("Call us from 8 a.m. to 8 p.m. Monday to Friday.") == [
        "Call us from 8 a.m. to 8 p.m. Monday to Friday."]
    assert split_sentences("The store opens at 9 a.m. Staff arrive earlier.") == [
        "The store opens at 9 a.m.", "Staff arrive earlier."]
    # a new line, a capitalised word that is no zone or day, or a number starts a sentence (a review)
    assert split_sentences("Weekdays: 9 a.m. to 5 p.m.\nSaturday: 10 a.m. to 2 p.m.") == [
        "Weekdays: 9 a.m. to 5 p.m.", "Saturday: 10 a.m. to 2 p.m."]
    assert split_sentences("Open until 6 p.m. Sunscreen is sold at the kiosk.") == [
        "Open until 6 p.m.", "Sunscreen is sold at the kiosk."]
    assert split_sentences("It closes at 5 p.m. 2024 was a record year.") == ["It closes at 5 p.m.", "2024 was a record year."]
    assert split_sentences("Hours are 8 a.m. to 6 p.m. Eastern Time.") == ["Hours are 8 a.m. to 6 p.m. Eastern Time."]
