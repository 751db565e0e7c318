"""The negation check (judges/local/checks/negation.py, claim_negation_flip): a claim negated where the
premise clause that covers it is not, or the other way round."""

from ragmeter.judges.local.checks.negation import claim_negation_flip
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


def test_a_negation_said_of_a_pronoun_beside_the_clause_is_the_claims():
    """A claim's words beyond the clause that covers it, all in a negated clause next to it:
    "they" in the second clause names the first one's subject."""
    premise = clauses("Contributions to a Roth IRA are made with after-tax dollars, so they are not "
                      "tax-deductible. Qualified withdrawals in retirement, however, are tax-free.")
    assert claim_negation_flip("Roth IRA contributions are not tax-deductible.", premise) == 0.0
    assert claim_negation_flip("Contributions to a Roth IRA are not made with after-tax dollars.", premise) == 1.0
    # a clause without "not" beside a negated one is often a phrase: a claim without "not" is still read
    premise = clauses("In other states, lines at gasoline stations were not common.")
    assert claim_negation_flip("In other states, lines at gasoline stations were common.", premise) == 1.0
    # a claim that joins clauses: the part that flips is still found
    premise = clauses("All of these processes do necessarily occur in a single environment, and do not "
                      "necessarily occur in a single order.")
    assert claim_negation_flip("All of these processes do not necessarily occur in a single environment, "
                               "and do not necessarily occur in a single order.", premise) == 1.0


def test_without_denies_only_what_it_governs():
    premise = clauses("The free tier of the Nimbus Maps API allows 25,000 map loads per month.")
    assert claim_negation_flip("You can make up to 25,000 map loads each month without paying.", premise) == 0.0
    premise = clauses("You can make up to three withdrawals per calendar year without penalty.")
    assert claim_negation_flip("You can make up to three withdrawals per calendar year.", premise) == 0.0
    assert claim_negation_flip("You can make up to three withdrawals per calendar year with a penalty.",
                               premise) == 1.0
    premise = clauses("There are cruises to nowhere where the ship makes round trips without any ports of call.")
    assert claim_negation_flip("There are cruises to nowhere whose ship makes round trips that don't have "
                               "ports of call.", premise) == 0.0
    premise = clauses("Students who miss the final exam without an excuse fail the course.")
    assert claim_negation_flip("Students who miss the final exam without a valid excuse fail the course.",
                               premise) == 0.0


def test_a_denial_in_other_words_says_the_not():
    premise = clauses("The US Senate did not ratify the Treaty of Versailles.")
    assert claim_negation_flip("The US Senate refused to ratify the Treaty of Versailles.", premise) == 0.0
    assert claim_negation_flip("The US Senate ratified the Treaty of Versailles.", premise) == 1.0
    assert claim_negation_flip("Cats are unable to taste sweetness.", clauses("Cats cannot taste sweetness.")) == 0.0
    assert claim_negation_flip("Admission to the city museum is free on Sundays.",
                               clauses("The city museum does not charge admission on Sundays.")) == 0.0
    # the other way round: the passage says it in other words, the claim with "not"
    assert claim_negation_flip("The witness could not recall the plate number.",
                               clauses("The witness was unable to recall the plate number.")) == 0.0
    # the same word on both sides is no paraphrase: "did not fail" against "failed" (stems of one family)
    assert claim_negation_flip("The company failed the audit.", clauses("The company did not fail the audit.")) == 1.0
    assert claim_negation_flip("The spokesman denied that the Leeds factory would close next year.",
                               clauses("The spokesman did not deny that the Leeds factory would close next year.")) == 1.0
