"""All where the passage says only some (judges/local/checks/only.py)."""

import pytest

from ragmeter.judges.local.checks.only import all_said_of_some, only_some
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


def test_all_of_what_the_passage_names_only_as_some():
    passage = premise_sentences("At Corvane Systems, all new hires must complete the security training within their "
                                "first 30 days. Some contractors, depending on their system access level, may also "
                                "be asked to take the security training.")
    assert all_said_of_some("All new hires and all contractors are required to complete it.", passage)
    assert not all_said_of_some("Every new hire must finish it within their first 30 days.", passage)
    # a passage that also names them without "some" may mean all of them
    more = passage + ["Contractors must sign the confidentiality agreement."]
    assert not all_said_of_some("All contractors are required to complete it.", more)
