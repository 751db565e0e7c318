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


def read(text: str):
    parts = split_clauses(text)
    return [content_and_negation(c) for c in parts], parts


def test_a_part_that_joins_two_sentences_is_read_alone():
    """No premise clause covers the whole claim (it joins two sentences), so its parts are read one
    by one (version 57): the part that denies what its own clause says is flagged."""
    premise = read("After six months, patients on the new inhaler had markedly fewer night-time attacks than "
                   "those on placebo. The benefit was largest in smokers.")
    claim = "After six months they didn't have markedly fewer night-time attacks, even among smokers."
    assert claim_negation_flip(claim, *premise) == 1.0
    assert claim_negation_flip("After six months they had markedly fewer night-time attacks, "
                               "especially among smokers.", *premise) == 0.0
    # without the premise's texts (the old call), the part is not read
    assert claim_negation_flip(claim, premise[0]) == 0.0


def test_a_part_is_not_read_alone_where_a_reader_sees_the_same_sense():
    # a dependent part: the premise's negation belongs to its main clause
    premise = read("Do not lift anything heavier than a kettle until your physiotherapist clears you to train.")
    assert claim_negation_flip("Avoid heavy lifting until your physiotherapist clears you to train.",
                               *premise) == 0.0
    # "only if" says "not unless"
    premise = read("Late fees do not apply to payments sent before the due date, and the fee is waived unless "
                   "you miss two payments in a row.")
    assert claim_negation_flip("Nothing extra is owed, and late fees apply only if the payment arrives after "
                               "the due date.", *premise) == 0.0
    # "not ... until" says when it happened
    premise = read("The bridge was opened to rail traffic in 1911, and the station was built the same year.")
    assert claim_negation_flip("Work began in 1905, and the bridge was not opened to rail traffic until 1911.",
                               *premise) == 0.0
    # the denied word is not the claim's: the claim copies the second half of the premise clause
    premise = read("Refunds after 30 days are not issued in cash and must be credited to a gift card. Gift cards "
                   "never expire.")
    assert claim_negation_flip("Late refunds must be credited to a gift card, and that card has no expiry date.",
                               *premise) == 0.0


def test_a_denial_of_words_the_other_side_does_not_say_is_no_flip():
    """The first words a denial denies must be on the other side too (version 57): a "no" in the
    premise clause about something the claim does not mention, or a "can't" that answers the
    question and denies nothing of what follows the dash."""
    premise = read("Nearly all owls hunt at night – there are no vegetarian species.")
    assert claim_negation_flip("Nearly all owls hunt at night.", *premise) == 0.0
    assert claim_negation_flip("Nearly all owls hunt at night.", premise[0]) == 1.0  # read without the texts
    premise = read("Wash the filter by hand in cold water.")
    assert claim_negation_flip("You can't - the filter has to be washed by hand in cold water.", *premise) == 0.0
    assert claim_negation_flip("The filter must not be washed by hand in cold water.", *premise) == 1.0
    # the denial of a relative clause stops at the modal of the main one
    premise = read("Unclaimed vouchers can be exchanged for store credit within six months.")
    assert claim_negation_flip("Vouchers you haven't claimed can be exchanged for store credit within six months.",
                               *premise) == 0.0
    premise = read("Starting with release 5, the library no longer supports Windows 7.")
    assert claim_negation_flip("The library supports Windows 7 from release 5.", *premise) == 1.0


def test_a_part_is_also_read_without_a_tail_that_sets_something_beside_it():
    premise = read("Tea and coffee do not affect the absorption of Corvex and are fine to drink. Avoid milk "
                   "within two hours of a dose.")
    claim = "Coffee affects the absorption of Corvex just like milk does, so skip it."
    assert claim_negation_flip(claim, *premise) == 1.0
    assert claim_negation_flip("Coffee does not affect the absorption of Corvex, unlike milk, so it is fine.",
                               *premise) == 0.0


def test_review_cases_of_version_57():
    """A review of version 57's first form found these: no premise clause at all crashed; a phrase
    that sets its words apart lent them to the denied clause; "not just ... but" denies nothing."""
    assert claim_negation_flip("The drug is not approved.", [], []) == 0.0
    premise = read("Unlike Rust, C does not manage memory automatically. C programmers must free memory themselves.")
    assert claim_negation_flip("Rust manages memory automatically, and C programmers must free memory themselves.",
                               *premise) == 0.0
    premise = read("The levy applies not just to residents but to visitors, who pay it at their hotel.")
    assert claim_negation_flip("The levy applies to residents, and visitors must also pay it at their hotel.",
                               *premise) == 0.0
