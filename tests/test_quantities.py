"""A claim that puts another number or month where its evidence states one is contradicted."""

from ragmeter.judges.local.checks.quantities import counted_numbers, number_swap, rounds_to, value_kind
from ragmeter.text.segments import numbers

EVIDENCE = "Apollo 11 landed on the Moon on July 20, 1969."


def swap(claim: str, evidence: str = EVIDENCE) -> float:
    return number_swap(claim, [evidence], numbers(evidence))


def test_short_year_spans_and_numbers_in_digits():
    assert numbers("the 2018–19 academic year") == {"2018", "2019"}
    assert numbers("pages 12-19") == {"12", "19"}  # not years
    assert counted_numbers("ACL is one of the 2 largest") == {"2"}  # "one of" is no count
    assert counted_numbers("Arsenal won six FA Cups, three of them at Wembley.") == {"6", "3"}
    assert [value_kind(v) for v in ("1969", "july", "26.2", "12")] == ["year", "month", "number", "number"]


def test_another_number_or_month_in_the_same_place():
    assert swap("Apollo 11 landed on the Moon on July 21, 1969.") == 1.0
    assert swap("Apollo 11 landed on the Moon on June 20, 1969.") == 1.0
    assert swap("Apollo 11 landed on the Moon in 1972.") == 1.0
    assert swap("Apollo 11 landed on the Moon on 20 July 1969.") == 0.0  # same date
    assert swap("Apollo 11 landed on the Moon in the summer of 1969.") == 0.0  # states no new value
    # a number the evidence lacks, where the matching sentence states none: unsupported, not contradicted
    assert swap("The tower cost 7.8 million francs.", "The tower was expensive to build.") == 0.0
    # the claim's other words must be in the sentence
    assert swap("Voyager 1 was launched in 1977.") == 0.0
    # a rounded number is the same number; a year is exact
    assert swap("About 50% of patients responded.", "Overall, 49.6% of patients responded.") == 0.0
    assert swap("About 40% of patients responded.", "Overall, 49.6% of patients responded.") == 1.0
    assert swap("Apollo 11 landed on the Moon in 1970.") == 1.0
    # a count in words; a value of another kind (a year where the claim counts) contradicts nothing
    assert swap("Take 500 mg three times daily.", "Take 500 mg twice daily with meals.") == 1.0
    assert swap("Arsenal won six FA Cups.", "Arsenal won five FA Cups between 1989 and 2005.") == 1.0
    assert swap("Marie Curie won two Nobel Prizes.", "Marie Curie won Nobel Prizes in 1903 and 1911.") == 0.0
    # "may" is a verb unless a day or a year follows
    assert swap("Apollo 11 may have landed on the Moon on July 20, 1969.") == 0.0


def test_rounding():
    assert rounds_to("50", "49.6") and rounds_to("8000000", "8100000") and rounds_to("3.1", "3.14")
    assert not rounds_to("21", "20") and not rounds_to("1970", "1969") and not rounds_to("3.2", "3.14")
    # a rounding is less precise than the number it rounds, and near it: "ten" is not five, nor 14
    assert rounds_to("2000000", "1800000") and rounds_to("100", "95") and rounds_to("10", "9.6")
    assert not rounds_to("10", "5") and not rounds_to("10", "14") and not rounds_to("1000", "1400")
    assert swap("Up to ten unused days may be carried over into the next calendar year.",
                "Up to five unused days may be carried over into the next calendar year.") == 1.0
