"""Said of all what the passage says only of some (checks/restricted.py)."""

from ragmeter.judges.local.checks.restricted import all_of_restricted
from ragmeter.text.segments import premise_sentences

TRAINING = ("All new staff at Hollin & Carr must finish the fire-safety course in their first week. Some roles, such "
            "as those in the lab, also need a chemical-handling certificate.")
PLANS = ("Tessel offers Lite, Plus and Max plans. All plans include cloud backup for 30 days. Offline maps are "
         "available only on the Max plan.")


def flags(claim: str, context: str) -> bool:
    return all_of_restricted(claim, premise_sentences(context)) == 1.0


def test_what_the_passage_says_of_some_said_of_all_is_flagged():
    assert flags("All new staff must get a chemical-handling certificate in their first week.", TRAINING)
    assert flags("Every plan comes with offline maps and cloud backup.", PLANS)


def test_what_the_passage_says_of_all_or_a_claim_of_some_is_not_flagged():
    assert not flags("All new staff must finish the fire-safety course in their first week.", TRAINING)
    assert not flags("All plans include cloud backup for 30 days.", PLANS)
    # the claim itself keeps the restriction, or denies it
    assert not flags("Some lab roles also need a chemical-handling certificate.", TRAINING)
    assert not flags("Not all plans come with offline maps.", PLANS)
    # the passage's sentence says "all" itself
    assert not flags("The sieve would eliminate all multiples of 1 and output only the number 1.",
                     "A sieve that counts 1 as prime would eliminate all multiples of 1 and output only the number 1.")


def test_only_of_an_amount_or_not_only_restricts_no_group():
    assert not flags("The library is open to all members of the public.",
                     "The library is open not only to students but also to members of the public.")
    assert not flags("All guests receive a free breakfast.",
                     "Guests receive a free breakfast, which takes only a few minutes to prepare.")
    assert not flags("All users can install the update in a few minutes.",
                     "Users can install the update in only a few minutes.")


def test_only_of_what_the_claim_says_too_restricts_no_group():
    assert not flags("All plans store data in EU data centres.", "Data is stored only in EU data centres.")
    assert not flags("Every member can book the sauna.", "The sauna can be booked only by members.")
    assert not flags("The council closed the bridge to all traffic.",
                     "Certain that the bridge was unsafe, the council closed it to traffic.")
