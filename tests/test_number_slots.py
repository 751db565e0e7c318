"""A number put next to the words of one fact where the passage puts another there
(judges/local/checks/number_slots.py)."""

from ragmeter.judges.local.checks.number_slots import number_slot_swap
from ragmeter.text.segments import numbers


def flags(claim: str, *sentences: str) -> bool:
    return bool(number_slot_swap(claim, sentences, frozenset().union(*map(numbers, sentences))))


def test_another_number_beside_the_same_words_is_flagged_in_a_reworded_claim():
    passage = ("What happens if I take money out of my 401(k) before age 59½?",
               "You generally pay income tax plus a 10% penalty, with exceptions such as leaving your job at 55.")
    assert flags("Withdrawals are generally subject to income tax plus a 20% early withdrawal penalty.", *passage)
    assert not flags("Withdrawals are generally subject to income tax plus a 10% early withdrawal penalty.", *passage)
    assert not flags("The battery is covered for 3 years.", "Batteries carry a warranty of 2 years.")  # no word shared
    assert flags("The fund charges a $30 annual fee.", "An annual fee of $45 is charged.")
    assert not flags("The fund charges a $30 annual fee.", "An annual fee of $29.50 is charged.")  # rounded
    assert flags("The fund charges a $30 annual fee.", "An annual fee of $25 is charged.")  # 20% off: no rounding


def test_numbers_written_otherwise_or_not_values_of_a_fact_are_not_flagged():
    assert not flags("They have sold over 80 million records worldwide.",
                     "The band has over 80 million records sold worldwide.")  # 80 million is 80000000
    assert not flags("It operates 23 , 768 locations worldwide.", "It operates 23,768 locations worldwide.")
    assert not flags("Around 40,000 years ago people made stone tools.", "around 40, 000 years ago people made tools")
    assert not flags("The school opened with 400 9th-grade students.", "It serves 426 students.")  # "9th"
    assert not flags("Ending a price in .99 makes it look cheaper.", "Prices ending in 49 look cheaper.")
    assert not flags("Rule 19 covers restricted visibility.", "Rule 5 covers the look-out.")  # identifiers
    assert not flags("The tower was being built in 1999.", "It was built between 1998 and 2002.")
    assert not flags("He will turn 42 this October.", "He was born 16 October 1977.")  # a date
    assert not flags("The award was given for 13 years.", "It was one of the original 11 awards given in 1947.")
    assert not flags("The heart rate is 120 beats per minute.", "More than 100 beats per minute scores 2.")  # a bound
