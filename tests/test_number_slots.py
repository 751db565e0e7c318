"""A number put next to the words of one fact where the passage puts another there
(judges/local/checks/number_slots.py)."""

from ragmeter.judges.local.checks.number_slots import number_slot_swap
from ragmeter.text.segments import numbers, premise_sentences


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


def test_a_number_told_with_the_words_of_another_fact_is_flagged():
    from ragmeter.judges.local.checks.number_slots import number_moved

    passage = premise_sentences("The city of Port Anselm was founded as a fishing village in 1384. It received a "
                                "royal charter in 1452, which allowed it to hold a weekly market. The harbor walls "
                                "were completed in 1510, and the cathedral was consecrated in 1547.")
    assert number_moved("The harbor walls came first, completed in 1452, and the royal charter followed in 1510.",
                        passage) == 1.0
    assert number_moved("In 1452 the harbor walls were completed.", passage) == 1.0
    assert number_moved("The royal charter came first, in 1452; the harbor walls weren't finished until 1510.",
                        passage) == 0.0
    assert number_moved("The harbor walls were completed in 1510.", passage) == 0.0
    # the words before a number that belong to the number before it tell it nothing
    deal = premise_sentences("In May, Halverson Foods agreed to acquire Pinecrest Dairy for $1.2 billion in cash. "
                             "Pinecrest shareholders will receive $34 per share, a 22% premium.")
    assert number_moved("Halverson Foods is acquiring Pinecrest Dairy for $1.2 billion in cash, or $34 a share.",
                        deal) == 0.0
