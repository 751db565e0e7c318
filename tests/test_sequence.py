"""The order-of-steps check (judges/local/checks/sequence.py): two steps told in the other order."""

import pytest

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
    assert "reliev" in " ".join(earlier[0]) and "prevent" in " ".join(later[0])
    assert not earlier[0] & later[0]
    assert ordered_steps("The sky is blue.") == ()


@pytest.mark.parametrize("claim, premises", [
    # another step though the other words agree: a particle or an opposite verb
    ("Insert the SIM card before turning on the phone.", ["Turn the phone off before inserting the SIM card."]),
    ("Switch the breaker on after replacing the fuse.", ["Switch the breaker off before replacing the fuse."]),
    ("Open the valve after the pump is started.", ["Close the valve before the pump is started."]),
    # a later step that says the earlier one took hold
    ("Restart the service after changing the config file.",
     ["Changes to the config file take effect after the service restarts."]),
    # one shared topic word is not the same step
    ("Store insulin at room temperature after opening it.",
     ["Before opening, store insulin in the fridge.", "Once opened, it can be kept at room temperature."]),
    # "first" as an ordinal
    ("Vacation accrues from the first day, then can be used after 90 days.",
     ["Employees can use vacation after 90 days, but it accrues from the first day."]),
])
def test_true_claims_a_reader_would_not_call_reordered(claim, premises):
    assert not sequence_swap(claim, premises)


RECEIPTS = ["First upload receipts to the expense portal, then get manager approval; Finance reimburses approved "
            "claims within 10 business days."]
FILTERS = ["Soak the cartridge in cold water for 15 minutes, then insert it into the reservoir, and discard the first "
           "two pitchers of filtered water."]


@pytest.mark.parametrize("claim, premises, flagged", [
    ("Get your manager's approval, have Finance reimburse you within 10 business days, and then upload your "
     "receipts to the portal.", RECEIPTS, True),
    ("Upload your receipts to the portal, get your manager's approval, and Finance then pays you back within 10 "
     "business days.", RECEIPTS, False),
    ("Insert the cartridge into the reservoir first, then soak it in cold water for 15 minutes and discard the first "
     "two pitchers.", FILTERS, True),
    ("Soak it in cold water for 15 minutes, push it into the reservoir, then pour away the first two pitchers you "
     "filter.", FILTERS, False),
])
def test_a_list_of_steps_told_with_then(claim, premises, flagged):
    assert sequence_swap(claim, premises) == float(flagged)


def test_a_condition_is_no_step():
    # "if A, then B" tells no order
    assert ordered_steps("If the light is red, then restart the router.") == ()


UPGRADE = ["To upgrade a Corvid cluster, first drain the worker nodes one at a time, then upgrade the control "
           "plane, and only after that upgrade the workers themselves.",
           "Upgrading workers before the control plane is unsupported and can leave pods unschedulable."]


def test_after_that_is_a_then_not_a_step_of_its_own():
    # a blind contrast pair (fresh_mixed_23): "only after that" had read as "<and only> after <that ...>",
    # so the passage's third step was lost and the claim's right order looked reversed
    pairs = ordered_steps("First drain the nodes, then upgrade the control plane, and only after that upgrade "
                          "the workers.")
    assert any("control" in earlier[2] and "worker" in later[2] for earlier, later in pairs)
    assert not sequence_swap("Drain the worker nodes one by one, upgrade the control plane, and then upgrade "
                             "the workers.", UPGRADE)
    assert sequence_swap("Upgrade the workers first, then drain the worker nodes.", UPGRADE[:1])
