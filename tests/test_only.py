"""All where the passage says only some (judges/local/checks/only.py)."""

import pytest

from ragmeter.judges.local.checks.only import only_some
from ragmeter.text.segments import premise_sentences

LAMPS = "The Lumo range has four lamps. Only the Lumo Max lamp can be dimmed from the phone app."
FERRIES = ("Ferries leave the harbour every hour. Only the morning ferries stop at Ansel Island; the others "
           "sail straight to the mainland.")


def flags(claim: str, context: str) -> bool:
    return only_some(claim, premise_sentences(context)) == 1.0


@pytest.mark.parametrize("claim,context", [
    ("All four Lumo lamps can be dimmed from the phone app.", LAMPS),
    ("Every Lumo lamp can be dimmed from the phone app.", LAMPS),
    ("Most ferries stop at Ansel Island.", FERRIES),
])
def test_all_or_most_where_the_passage_says_only_some_is_flagged(claim, context):
    assert flags(claim, context)


@pytest.mark.parametrize("claim,context", [
    ("Only the Lumo Max lamp can be dimmed from the phone app.", LAMPS),
    ("The Lumo Max lamp can be dimmed from the phone app.", LAMPS),
    ("Not all Lumo lamps can be dimmed from the phone app.", LAMPS),  # a negation is another check's
    # "only if" restricts when, not which lamps
    ("All Lumo lamps can be dimmed from the phone app.", "Lumo lamps can be dimmed from the phone app only if a hub is paired."),
    ("All ferries leave from the harbour.", FERRIES),  # the statement it copies restricts nothing
])
def test_some_said_as_some_or_an_unrestricted_statement_is_not_flagged(claim, context):
    assert not flags(claim, context)
