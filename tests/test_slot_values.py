"""Fillers of one copied slot that cannot both be true (judges/local/checks/slot_values.py), read
through the changed-slot check: another unit after the same number, another ordinal, a bound
turned round, "off" for "on"; a unit spelled otherwise or a bound said otherwise the same way
is not flagged."""

import pytest

from ragmeter.judges.local.checks.slot_values import incompatible
from ragmeter.judges.local.checks.substitution import slot_substitution, words
from ragmeter.text.segments import premise_sentences

FERRY = ("The crossing to the island takes between 2 and 3 hours. Ferries leave from the north pier. "
         "Tickets for the first sailing of the day are half price.")
LOAN = ("Members can borrow up to 12 books at a time. Loans last 21 days and can be renewed online. "
        "A third renewal needs a librarian's approval.")
HEATER = "Before cleaning the heater, make sure it is switched off and has cooled for 30 minutes."
GRANT = "Projects costing at least £5,000 must submit a full budget with the application."


def flags(claim: str, context: str) -> bool:
    return slot_substitution(claim, premise_sentences(context)) == 1.0


@pytest.mark.parametrize("claim,context", [
    ("The crossing to the island takes between 2 and 3 days.", FERRY),
    ("A fourth renewal needs a librarian's approval.", LOAN),
    ("Before cleaning the heater, make sure it is switched on and has cooled for 30 minutes.", HEATER),
    ("Projects costing up to £5,000 must submit a full budget with the application.", GRANT),
    ("Members can borrow at least 12 books at a time.", LOAN),
    ("Members can borrow more than 12 books at a time.", LOAN),  # "more" for "up to": "than" outside the slot
    ("Each key may send 600 requests per hour.", "Each key may send 600 requests per minute."),  # a rate
    ("The filters are replaced once a month.", "The filters are replaced once a week."),
])
def test_a_filler_that_cannot_be_true_beside_the_premise_is_flagged(claim, context):
    assert flags(claim, context)


@pytest.mark.parametrize("claim,context", [
    ("The crossing to the island takes between 2 and 3 hrs.", FERRY),  # the same unit, abbreviated
    ("A third renewal needs the approval of a librarian.", LOAN),
    ("Before cleaning the heater, make sure it is turned off and has cooled for 30 minutes.", HEATER),
    ("Projects costing no less than £5,000 must submit a full budget with the application.", GRANT),
    ("Members can borrow no more than 12 books at a time.", LOAN),
    ("Members can borrow not more than 12 books at a time.", LOAN),
    ("The heater is based on a 2019 design and is switched off for cleaning.",
     "The heater is based on a 2019 design. It is switched off for cleaning."),
])
def test_the_same_filler_said_otherwise_is_not_flagged(claim, context):
    assert not flags(claim, context)


def test_fillers_are_read_as_words_has_them():
    assert incompatible(words("metres"), words("kilometres"), ["5"], [])
    assert not incompatible(words("metres"), words("meters"), ["5"], [])  # one unit, two spellings
    assert not incompatible(words("hrs"), words("hours"), ["5"], [])
    assert incompatible(words("hrs"), words("days"), ["5"], [])
    assert not incompatible(words("days"), words("hours"), ["several"], [])  # no number: not a unit slot
    assert incompatible(words("2nd"), words("third"), ["the"], [])
    assert incompatible(words("21st"), words("22nd"), ["the"], [])


@pytest.mark.parametrize("ours,theirs,same", [
    ("not more than", "up to", True), ("no fewer than", "at least", True), ("not less than", "at least", True),
    ("no more than", "at least", False), ("at most", "at least", False), ("less than", "more than", False),
    ("no less than", "up to", False),
])
def test_bounds_are_read_with_their_negations(ours, theirs, same):
    said, given = words(f"a {ours} 12 b"), words(f"a {theirs} 12 b")
    assert incompatible(said[1:-2], given[1:-2], ["a"], ["12", "b"]) is not same


TOWN = "Mount Ilvar stands 3,412 metres above sea level. The nearest town, Sorvik, lies 18 kilometres to the west."
CANAL = "It was built by the engineer Walter Gage at a cost of £48,000, nearly double the original estimate."
GRINDER = "Grind coarseness is controlled by the dial on top of the grinder; the hopper holds 250 g of beans."
CACHE = "Test results are stored in the remote cache on the shared server, so every machine can skip them."


@pytest.mark.parametrize("claim,context", [
    ("The nearest town, Sorvik, lies 18 kilometres to the east.", TOWN),
    ("It was built by the engineer Walter Gage at a cost of £48,000, nearly triple the original estimate.", CANAL),
    ("It was built by the engineer Walter Gage at a cost of £48,000, nearly three times the original estimate.", CANAL),
    ("Grind coarseness is controlled by the dial on the side of the grinder.", GRINDER),
    ("Test results are stored in the local cache on the shared server.", CACHE),
])
def test_another_value_of_a_closed_set_is_flagged(claim, context):
    assert flags(claim, context)


@pytest.mark.parametrize("claim,context", [
    ("The nearest town, Sorvik, lies 18 kilometres to the west.", TOWN),  # the same value
    ("It was built by the engineer Walter Gage at a cost of £48,000, nearly twice the original estimate.", CANAL),
    ("It was built by the engineer Walter Gage at a cost of £48,000, nearly two times the original estimate.", CANAL),
    ("It was built by the engineer Walter Gage at a cost of £48,000, almost double the original estimate.", CANAL),
    ("Test results are stored in the remote cache on the shared server.", CACHE),
])
def test_the_same_value_of_a_closed_set_said_otherwise_is_not_flagged(claim, context):
    assert not flags(claim, context)


def test_a_lone_number_is_no_multiple():
    """words() writes "twice", "two" and "2" alike, and "once", "one" and "1": a count, not a multiple."""
    assert not incompatible(words("2004"), words("doubles"), ["in"], [])
    assert not incompatible(words("twice"), words("triple"), ["nearly"], ["the"])
    assert incompatible(words("three times"), words("double"), ["nearly"], ["the"])


@pytest.mark.parametrize("claim,context", [
    # a converse: the claim's other changes move the premise clause's own words
    ("Version 1 was released two years before version 2.", "Version 2 was released two years after version 1."),
    ("In the photo, her brother stands to the right of Maria.", "In the photo, Maria stands to the left of her brother."),
    ("The hall is to the right of the kitchen.", "The kitchen is to the left of the hall."),
    ("Doses are given in the evening and in the morning.", "Doses are given in the morning and in the evening."),
    # values that overlap, and a count that is no multiple
    ("The castle stands in northern England near the border.", "The castle stands in northeast England near the border."),
    ("Bins are collected on Thursday night in the old town.", "Bins are collected on Thursday evening in the old town."),
    ("Each cabin has one bed and a private bathroom.", "Each cabin has a double bed and a private bathroom."),
    ("Non-members pay 10 euros a month for the gym.", "Most members pay 10 euros a month for the gym."),
])
def test_a_converse_an_overlap_or_a_count_is_not_flagged(claim, context):
    assert not flags(claim, context)


HUBS = "The Lumio H3 bulb works with the Lumio Bridge and with most third-party hubs that support Zigbee 3.0."


@pytest.mark.parametrize("quantifier,flagged", [
    ("all", True), ("every", True),  # claims more than "most"
    ("no", True),  # none against some
    ("most", False), ("some", False), ("many", False),  # the same or less: not flagged here
])
def test_a_quantifier_that_claims_more_than_the_premise_is_flagged(quantifier, flagged):
    claim = f"The Lumio H3 bulb works with the Lumio Bridge and with {quantifier} third-party hubs that support Zigbee 3.0."
    assert flags(claim, HUBS) is flagged


CACHE_EVICTION = ("When the Keystone cache reaches its memory limit, it evicts the least recently used entries first. "
                  "The memory limit is set with the max_memory option.")
TIDES = "Strong tidal currents make crossings by small boats dangerous except at slack water."


def test_one_end_of_a_scale_for_the_other_is_flagged():
    assert flags("When the Keystone cache reaches its memory limit, it evicts the most recently used entries first.",
                 CACHE_EVICTION)
    assert not flags("When the Keystone cache reaches its memory limit, it evicts the least recently used entries.",
                     CACHE_EVICTION)


def test_an_exception_left_out_or_put_in_alone_is_flagged():
    assert flags("Strong tidal currents make crossings by small boats dangerous at slack water.", TIDES)
    assert flags("Strong tidal currents make crossings by small boats safe except at slack water.",
                 "Strong tidal currents make crossings by small boats safe at slack water.")
    assert not flags("Strong tidal currents make crossings by small boats dangerous except at slack water.", TIDES)
    # an "except" moved, not left out
    assert not flags("The valve stays closed during all phases except start-up.",
                     "The valve stays closed except during the start-up phase.")
