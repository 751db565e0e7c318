"""The negation check (judges/local/features.py, claim_negation_flip): a claim negated where the
premise clause that covers it is not, or the other way round."""

from ragmeter.judges.local.features import claim_negation_flip
from ragmeter.text.segments import content_and_negation, negated, split_clauses


def clauses(text: str):
    return [content_and_negation(c) for c in split_clauses(text)]


def test_a_negation_added_or_dropped_is_flagged():
    premise = clauses("Warfarin is not safe during pregnancy.")
    assert claim_negation_flip("Warfarin is safe during pregnancy.", premise) == 1.0
    assert claim_negation_flip("Warfarin is not safe during pregnancy.", premise) == 0.0


def test_a_copy_whose_negation_sits_in_a_short_clause_is_not_flagged():
    """Read whole, the claim is negated, and the sentence's first clause (not negated) covers most
    of its words; its clauses each say what the premise's do."""
    text = "Since the company was in bad enough shape to declare bankruptcy, this isn't especially likely."
    assert claim_negation_flip(text, clauses(text)) == 0.0
    text = "The task might still be running at 79 percent, not even close to completion."
    assert claim_negation_flip(text, clauses(text)) == 0.0


def test_a_curly_apostrophe_negates():
    assert negated("a part of the video that hasn’t loaded yet") and negated("it doesn’t")
    premise = clauses("If you skip ahead to a part of the video that hasn’t loaded yet, the video stalls.")
    assert claim_negation_flip("If you skip ahead to a part of the video that hasn't loaded yet, the video "
                               "stalls.", premise) == 0.0
