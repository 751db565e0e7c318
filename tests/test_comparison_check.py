"""The self-contradicting comparison check (judges/local/checks/comparison.py)."""

import pytest

from ragmeter.judges.local.checks.comparison import comparison_flip

CONTRADICTED = [
    "The Basic plan is the more expensive one: $8 a month, against $11 for Plus.",
    "Lisinopril caused fewer coughs than enalapril, 9% vs 4% of patients.",
    "The east wing is larger, 1,200 square metres compared with 1,450 square metres for the west wing.",
    # a scale's unit after the first number, the second side's owner before the second
    "Lake Orm is the larger of the two: about 1.2 million square metres against Lake Brae's 3.4 million.",
]
CONSISTENT = [
    "Lake Orm is the smaller of the two: about 1.2 million square metres against Lake Brae's 3.4 million.",
    "The Basic plan is the cheaper one: $8 a month, against $11 for Plus.",
    "Lisinopril caused more coughs than enalapril, 9% vs 4% of patients.",
    # bounds, names and ranges are not comparisons of the two numbers
    "The firm now has more than 10 offices, compared with 50 a decade ago.",
    "Higher education spending fell to 4%, against 5% in 2010.",
    "Greater London grew by 2%, against 3% for the country as a whole.",
    "Deaths fell less sharply in the north, by 15-69%, compared with 2% in the south.",
    # numbers of different kinds, or a comparative far from them
    "The larger tank holds 40 litres, against 12 kg for the smaller one.",
    "Prices are lower in winter when most hotels close early for the season and many of the guides are away, "
    "with 30 rooms open against 80 in summer.",
    # the comparative about the second number, or about something else than the two numbers
    "The dropout rate was higher in the placebo group: 8% in the treatment group versus 15% with placebo.",
    "Compared with Plan B, Plan A has lower premiums: Plan B costs $300 vs $250 for Plan A.",
    "The generic is more affordable, $12 vs $85 for the brand-name version.",
    "The Eco programme is more efficient, using 0.85 kWh against 1.1 kWh per cycle.",
    "Prices rose more slowly this year, 2% compared with 5% last year.",
    "Statins lower LDL cholesterol by 40% compared with 20% for ezetimibe.",
    "Plan A offers more data, 20 GB, for $25 against $30 for Plan B.",
    "More than half of the staff (52%) agreed, compared with 61% last year.",
    "Premiums are higher for smokers, up to $300 a month, while deductibles are lower, $500.",
    # a negation, a scale word, a negative number, a decimal comma
    "Class A shares are no more expensive than Class I, 0.55% against 0.60%.",
    "The larger grant was $1.2 million against $900,000 for the smaller one.",
    "It is lower in Oslo: −12°C vs 3°C in Rome.",
    "Inflation was lower in Germany, 3,5% vs 4,2% in Italy.",
]


@pytest.mark.parametrize("claim", CONTRADICTED)
def test_a_comparative_against_its_own_numbers_is_flagged(claim):
    assert comparison_flip(claim) == 1.0


@pytest.mark.parametrize("claim", CONSISTENT)
def test_comparisons_that_agree_with_their_numbers_are_not(claim):
    assert comparison_flip(claim) == 0.0
