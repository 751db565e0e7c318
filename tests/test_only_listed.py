"""The "only" of part of a list check (judges/local/checks/only_listed.py, version 58)."""

import pytest

from ragmeter.judges.local.checks.only_listed import listed_items, only_part_listed
from ragmeter.text.segments import premise_sentences, stem

LUMEN = ("Lumen CLI 4.0 runs on Linux, macOS and Windows 10 or later. Support for 32-bit systems was dropped in "
         "this release.")
WATCH = ("The Aquila X7 smartwatch is rated water resistant to 50 metres. It can be worn while swimming in a pool or "
         "the sea, but should not be used for scuba diving.")
ALERTS = ("Stackwell Monitor's free tier includes up to 10 monitors, 5-minute check intervals and email alerts. SMS "
          "and phone-call alerts are available only on the Pro and Team plans.")


def flags(claim: str, context: str) -> bool:
    return only_part_listed(claim, premise_sentences(context)) == 1.0


@pytest.mark.parametrize("claim, context", [
    ("Version 4 only runs on Linux and macOS, so Windows users have to stay on version 3.", LUMEN),
    ("Its 50-metre water resistance only covers pool swimming, so it shouldn't be worn in salt water.", WATCH),
    ("Only children get free entry.", "Entry is free for children, students and seniors."),
    # an item ends at a verb: "basket and tray are dishwasher-safe"
    ("Only the tray can go in the dishwasher.", "The Pyra G4 air fryer basket and tray are dishwasher-safe."),
])
def test_only_part_of_a_list_is_caught(claim, context):
    assert flags(claim, context)


@pytest.mark.parametrize("claim, context", [
    # the whole list, or no "only"
    ("Entry is only free for children, students and seniors.", "Entry is free for children, students and seniors."),
    ("Version 4 runs on Linux and macOS.", LUMEN),
    # the passage restricts it itself, in another sentence
    ("The free tier only sends email alerts; for SMS you need the Pro or Team plan.", ALERTS),
    ("New staff can only choose the Basic plan in their first month.",
     "Staff can choose between the Basic, Plus and Premium plans. During the first month new staff are limited to "
     "Basic."),
    # "only" of a time, an addition or an idiom restricts no list
    ("A pi bond forms only in addition to a sigma bond.", "Pi bonds and sigma bonds form between atoms."),
    ("It is the one and only option.", "Options are red, blue and green."),
    # a new clause after ", and" is no item; an item that is only a number is not read
    ("The drug is only approved for adults.", "The drug is approved for adults, and children must use the syrup."),
    ("The drug is only approved for adults.", "The drug is approved for adults, and older children must use the syrup."),
    # "only" of an amount, and of what comes before a modal or within its first words (a review of version 58)
    ("The hotel is only ten minutes from the beach.", "The hotel is close to the beach, the marina and the old town."),
    ("The course only costs $200 for members and students.", "The course costs $200 for members, students and seniors."),
    ("Only members can book the sauna and the pool.", "The gym, sauna and pool are open daily from 6 a.m."),
    ("Kids only pay half price for the zoo.", "Adults pay full price for the zoo, aquarium and museum."),
    ("Native American women only gained the vote from 1924.",
     "They could not vote until the Citizenship Act of 1924 and later state-level changes."),
])
def test_a_whole_list_a_restriction_of_the_passage_or_no_list_is_not_flagged(claim, context):
    assert not flags(claim, context)


def test_list_items():
    lists = listed_items("Lumen CLI 4.0 runs on Linux, macOS and Windows 10 or later.")
    assert (frozenset({stem("linux")}), frozenset({stem("macos")}), frozenset({stem("windows"), "10"})) in lists
    assert listed_items("The drug is approved for adults, and children must use the syrup.") == ()
