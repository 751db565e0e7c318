"""The order-of-steps check (judges/local/checks/sequence.py): two steps told in the other order."""

from ragmeter.judges.local.checks.sequence import ordered_steps, sequence_swap

INHALERS = ["When both inhalers are needed, take the blue reliever first, wait five minutes, then take "
            "the brown preventer.", "Rinse your mouth after using the preventer."]
CAKE = ["Cream the butter and sugar before adding the eggs.", "Fold in the flour last."]
DEPLOY = ["First run the database migrations, then roll out the new containers.",
          "Rolling out the containers before the migrations makes the new code fail."]


def test_steps_in_the_other_order_are_flagged():
    assert sequence_swap("Take the brown preventer first, then the blue reliever.", INHALERS)
    assert sequence_swap("Add the eggs before you cream the butter and sugar.", CAKE)
    assert sequence_swap("After adding the eggs, cream the butter and sugar.", CAKE)


def test_steps_in_the_passage_order_are_not():
    assert not sequence_swap("Take the blue reliever first, then the brown preventer.", INHALERS)
    assert not sequence_swap("Cream the butter and sugar, followed by the eggs.", CAKE)
    assert not sequence_swap("Add the eggs after creaming the butter and sugar.", CAKE)


def test_a_passage_that_tells_both_orders_decides_nothing():
    # the second sentence warns against the claim's order, but states it: not read as a swap
    assert not sequence_swap("Roll out the new containers first, then run the migrations.", DEPLOY)


def test_negations_and_unrelated_steps_are_left_alone():
    assert not sequence_swap("Do not add the eggs before you cream the butter and sugar.", CAKE)
    assert not sequence_swap("Preheat the oven before you start.", CAKE)
    assert not sequence_swap("The boat was named after a cigarette lighter.", CAKE)


def test_steps_are_the_words_that_tell_them_apart():
    ((earlier, later),) = ordered_steps("Take the blue reliever first, then take the brown preventer.")
    assert "reliev" in " ".join(earlier) and "prevent" in " ".join(later)
    assert not earlier & later
    assert ordered_steps("The sky is blue.") == ()
