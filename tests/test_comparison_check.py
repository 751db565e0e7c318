"""The self-contradicting comparison check (judges/local/checks/comparison.py)."""

import pytest

from ragmeter.judges.local.checks.comparison import comparison_flip

CONTRADICTED = [
    "The Basic plan is the more expensive one: $8 a month, against $11 for Plus.",
    "Lisinopril caused fewer coughs than enalapril, 9% vs 4% of patients.",
    "The east wing is larger, 1,200 square metres compared with 1,450 square metres for the west wing.",
    "Leave is shorter in the first year, 25 days, and longer after that, 20 days.",
]
CONSISTENT = [
    "The Basic plan is the cheaper one: $8 a month, against $11 for Plus.",
    "Lisinopril caused more coughs than enalapril, 9% vs 4% of patients.",
    "Leave is shorter in the first year, 20 days, and longer after that, 25 days.",
    # bounds, names and ranges are not comparisons of the two numbers
    "The firm now has more than 10 offices, compared with 50 a decade ago.",
    "Higher education spending fell to 4%, against 5% in 2010.",
    "Greater London grew by 2%, against 3% for the country as a whole.",
    "Deaths fell less sharply in the north, by 15-69%, compared with 2% in the south.",
    # numbers of different kinds, or a comparative far from them
    "The larger tank holds 40 litres, against 12 kg for the smaller one.",
    "Prices are lower in winter when most hotels close early for the season and many of the guides are away, "
    "with 30 rooms open against 80 in summer.",
]


@pytest.mark.parametrize("claim", CONTRADICTED)
def test_a_comparative_against_its_own_numbers_is_flagged(claim):
    assert comparison_flip(claim) == 1.0


@pytest.mark.parametrize("claim", CONSISTENT)
def test_comparisons_that_agree_with_their_numbers_are_not(claim):
    assert comparison_flip(claim) == 0.0
