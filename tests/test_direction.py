"""A claim that says the other way than its evidence ("fell" where the evidence says "up") is
not supported, though it shares every other word."""

from ragmeter.judges.local.checks.direction import direction, direction_flip


def test_direction_of_a_statement():
    assert direction("Revenue rose by 3%.") == 1 and direction("Revenue declined.") == -1
    assert direction("Sales rose while profits fell.") == 0  # both ways: no direction
    assert direction("The city is up north.") == 0  # "up" counts only before an amount
    assert direction("Shares were down 4% on Monday.") == -1


def test_flip_is_read_in_the_sentence_that_covers_the_claim():
    sentences = ["The drug lowers blood pressure.", "It increases the heart rate slightly."]
    assert direction_flip("The drug increases blood pressure.", sentences) == 1.0
    assert direction_flip("The drug lowers blood pressure.", sentences) == 0.0
    assert direction_flip("The heart rate increases slightly.", sentences) == 0.0
    # a negation on either side is the negation check's to judge
    assert direction_flip("The drug does not increase blood pressure.", sentences) == 0.0
    # a sentence that says both ways decides nothing
    assert direction_flip("Profits fell.", ["Sales rose while profits fell."]) == 0.0
    # the claim's words must be in the sentence: a direction elsewhere is no flip
    assert direction_flip("Rainfall increased in Spain.", ["Unemployment fell in Portugal."]) == 0.0
