"""A comparison that the passage's numbers contradict (checks/compared_values.py): the claim's
two sides are found by the words only one of them has, each premise number belongs to the side
named just before it, and only numbers of one kind, in the comparative's dimension, are compared."""

import pytest

from ragmeter.judges.local.checks.compared_values import compared_otherwise

PLANS = ["Home 200 offers 200 Mbps download for $45 per month.",
         "Home 500 offers 500 Mbps download for $60 per month with no contract."]
LAKES = ["Lake Pallow (2,300 km²) is about twice the size of Lake Sennar (1,150 km²)."]
DISHWASHER = ["On the Eco program, the dishwasher uses 9.5 liters of water and runs for 3 hours 40 minutes.",
              "The Quick program uses 12 liters and finishes in 59 minutes."]

DEDUCTIONS = ["The standard deduction for single filers is $14,600, while married couples filing jointly may deduct "
              "$29,200.", "Heads of household fall in between at $21,900."]
JETS = ["The Skylane 400 regional jet cruises at 450 knots and seats up to 76 passengers.",
        "Its predecessor, the Skylane 300, seated 70 but cruised at 470 knots."]


@pytest.mark.parametrize("claim, premises, flagged", [
    ("Home 500 is cheaper than Home 200.", PLANS, True),
    # people counted in other words; a relative clause's side is the clause before it
    ("Tarrow was larger than Belmund.",
     ["Belmund had about 30,000 inhabitants in 1500.", "Tarrow was smaller, with roughly 12,000 residents."], True),
    ("Belmund covers about 1,900 hectares, which is smaller than Tarrow.",
     ["Belmund covers about 1,900 hectares.", "Tarrow covers about 1,400 hectares."], True),
    ("Belmund covers about 1,900 hectares, which is larger than Tarrow.",
     ["Belmund covers about 1,900 hectares.", "Tarrow covers about 1,400 hectares."], False),
    # sides named by one hyphenated word each
    ("TX-4 has a higher boiling point than TX-2.",
     ["Solvent TX-2 boils at 96 °C, while solvent TX-4 boils at 81 °C."], True),
    ("TX-2 has a higher boiling point than TX-4.",
     ["Solvent TX-2 boils at 96 °C, while solvent TX-4 boils at 81 °C."], False),
    ("Home 200 is cheaper than Home 500.", PLANS, False),
    # the side is the subject, not what it does: "deduct" names no side (version 44)
    ("A head of household can deduct less than a single filer.", DEDUCTIONS, True),
    ("A head of household can deduct more than a single filer.", DEDUCTIONS, False),
    # "faster" and "slower" of speeds, read past a count between the name and the speed (version 44)
    ("The Skylane 400 is faster than the Skylane 300.", JETS, True),
    ("The newer 400 is slightly slower in the cruise than the 300 it replaced.", JETS, False),
    ("The Quick program is faster than the Eco program.", DISHWASHER, False),  # a time is no speed
    ("Home 500 is more expensive than Home 200.", PLANS, False),
    ("Sennar is about twice as large as Lake Pallow.", LAKES, True),
    ("Pallow is about twice as large as Lake Sennar.", LAKES, False),
    ("Lake Sennar is smaller than Lake Pallow.", LAKES, False),
    # "takes longer" is about time, not the litres: the one time of each side is not both read
    ("The Eco program takes longer to finish than the Quick program.", DISHWASHER, False),
    ("The Eco program uses less water than the Quick program.", DISHWASHER, False),
    ("The Eco program uses more water than the Quick program.", DISHWASHER, True),
    # a bound is no value of its side
    ("Longboards are longer than skateboards.", ["Longboards come in sizes as small as 28 inches, while the "
                                                 "typical skateboard is around 36 inches."], False),
    # a negated comparison is the negation check's
    ("Home 500 is not cheaper than Home 200.", PLANS, False),
])
def test_compared_otherwise(claim, premises, flagged):
    assert compared_otherwise(claim, premises) == float(flagged)


PEAKS = ["Mount Kilimanjaro in Tanzania rises to 5,895 metres, making it the highest mountain in Africa.",
         "Mount Kenya, roughly 300 kilometres to the north, is the continent's second-highest peak at 5,199 metres."]
SUMMITS = ["Mount Tarsen, at 4,102 m, is the highest summit of the Orvane Range.",
           "Its neighbour Pic Lavour reaches 3,870 m but is considered the more technical climb."]


@pytest.mark.parametrize("claim, premises, flagged", [
    ("Mount Kenya is the higher of the two.", PEAKS, True),
    ("Mount Kenya is the lower of the two, which makes it Africa's second-highest peak.", PEAKS, False),
    ("Pic Lavour is the taller of the two by a couple of hundred metres.", SUMMITS, True),
    ("Pic Lavour is the lower of the two.", SUMMITS, False),
    ("Mount Tarsen is the lower of the two.", SUMMITS, True),
])
def test_the_higher_of_the_two_against_the_passages_two_values(claim, premises, flagged):
    """The other side of "the lower of the two" is what else the passage names; "Mount", said
    before both names, names neither."""
    assert compared_otherwise(claim, premises) == float(flagged)


def test_of_the_two_reads_no_bound_as_a_value():
    plans = ["Plan A costs $45 a month.", "Plan B costs more than $40 a month."]
    assert compared_otherwise("Plan B is the more expensive of the two.", plans) == 0.0


def test_amounts_of_two_periods_are_not_compared():
    # version 49: "$144 a year" against "$15 a month" read the true claim as contradicted
    billing = ["Paying annually is cheaper: $144 a year comes to $12 a month, compared with $15 a month on "
               "monthly billing."]
    assert compared_otherwise("The annual Pro plan is cheaper than paying monthly.", billing) == 0.0
    # one period said once still reads both amounts
    allowance = ["Employees in the London office receive an allowance of £3,000 per year, while those in the "
                 "Manchester office receive £1,200."]
    assert compared_otherwise("Staff in Manchester receive a larger allowance than London staff.", allowance) == 1.0
    assert compared_otherwise("Staff in Manchester receive a smaller allowance than London staff.", allowance) == 0.0
