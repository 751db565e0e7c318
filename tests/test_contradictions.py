"""A claim that shares every word with its evidence but the one that matters (a direction, a
number, an opposite, a frequency) is held to the negation cap by both local judges, while the
claim the evidence states stays supported. The checks themselves are tested on small examples
in test_direction.py, test_quantities.py, test_opposites.py and test_frequency.py."""

import asyncio

import pytest
from extras import need_local

from ragmeter.judges.base import SupportItem
from ragmeter.judges.local.judge import NEGATION_CAP, LocalJudge

need_local()

CASES = {  # evidence, a claim it states and how well supported at least, claims it contradicts
    # (each scored 0.87 to 0.985 before its check)
    "direction": ("The company reported revenue of $1,200 million in 2023, up 15% from 2022.",
                  "Revenue grew 15 percent in 2023.", 0.7, ["Revenue fell 15% in 2023."]),
    "number": ("Apollo 11 landed on the Moon on July 20, 1969.",
               "Apollo 11 landed on the Moon on July 20, 1969.", 0.9,
               ["Apollo 11 landed on the Moon on July 21, 1969."]),
    "opposite": ("Python 3.12 removed the distutils module, which had been deprecated since Python 3.10. "
                 "The drug is approved for adults with moderate to severe plaque psoriasis.",
                 "Python 3.12 removed distutils.", 0.9,
                 ["Python 3.12 added the distutils module.", "The drug is approved for children with plaque psoriasis."]),
    "frequency": ("INR should be checked every 4 weeks once stable. Take warfarin once daily in the evening.",
                  "INR should be checked every four weeks.", 0.8, ["INR should be checked weekly."]),
}


@pytest.fixture(scope="module", params=[True, False], ids=["local", "local-fast"])
def judge(request):
    return LocalJudge(contextual=request.param)


@pytest.mark.slow
@pytest.mark.parametrize("case", list(CASES))
def test_a_contradicted_claim_is_held_to_the_cap(judge, case):
    evidence, stated, floor, contradicted = CASES[case]
    (verdicts,) = asyncio.run(judge.support([SupportItem((evidence,), (stated, *contradicted))]))
    assert verdicts[0].probability > floor
    assert all(v.probability <= NEGATION_CAP for v in verdicts[1:]), [v.probability for v in verdicts[1:]]


CHECK_OF_CASE = {"direction": "direction", "number": "numbers", "opposite": "opposites", "frequency": "frequency"}


@pytest.mark.slow
@pytest.mark.parametrize("case", list(CASES))
def test_each_verdict_names_the_model_or_check_that_decided_it(judge, case):
    """A capped claim's verdict names the check that capped it; a supported claim's names the
    fitted model (with the verifier's logit in the default judge), and both show in to_dict."""
    evidence, stated, _, contradicted = CASES[case]
    (verdicts,) = asyncio.run(judge.support([SupportItem((evidence,), (stated, *contradicted))]))
    assert verdicts[0].decided_by == f"model:{judge.support_model}"
    assert {v.decided_by for v in verdicts[1:]} <= {f"check:{CHECK_OF_CASE[case]}", "check:changed_slot"}
    assert verdicts[1].to_dict()["decided_by"].startswith("check:")


@pytest.mark.slow
def test_sydney_is_decided_by_the_changed_slot_check():
    judge = LocalJudge()
    premises = ("Canberra is the capital of Australia. Sydney is its largest city.",)
    (verdicts,) = asyncio.run(judge.support([SupportItem(premises, ("The capital of Australia is Sydney.",
                                                                    "Canberra is the capital of Australia."))]))
    assert verdicts[0].decided_by == "check:changed_slot" and verdicts[0].probability <= NEGATION_CAP
    assert verdicts[1].decided_by == "model:support_verified" and verdicts[1].probability > 0.5


@pytest.mark.slow
def test_a_chunk_useful_by_its_share_of_the_reference_is_not_read_by_the_models():
    """Its usefulness is 1.0 whatever the models say, so they are not run on it; the other
    chunk is read (the verifier sees only its windows) and named by what decided it."""
    from ragmeter.judges.base import UsefulnessItem

    judge = LocalJudge()
    read: list[tuple[str, str]] = []
    logits = judge.verifier.logits
    judge.verifier.logits = lambda pairs: (read.extend(pairs), logits(pairs))[1]
    holds = "Canberra is the capital of Australia, chosen in 1908 as a compromise between Sydney and Melbourne."
    other = "Sydney is the largest city in the country and home to the Opera House."
    (verdicts,) = asyncio.run(judge.usefulness([UsefulnessItem(
        "What is the capital of Australia?", "The capital of Australia is Canberra.", (holds, other))]))
    assert verdicts[0].probability == 1.0 and verdicts[0].decided_by == "rule:target_word_share"
    assert "holds 100% of the target's content words" == verdicts[0].evidence
    assert read and all(window == other for _, window in read)
    assert verdicts[1].decided_by.startswith(("model:", "check:")) and verdicts[1].probability < 0.5


def test_a_claim_a_premise_sentence_says_word_for_word_is_read_as_contradicted_by_no_check(judge):
    # compared_otherwise alone flags it (it reads the 30% against the cycle times that follow)
    from ragmeter.judges.local.checks.compared_values import compared_otherwise
    from ragmeter.judges.local.features import said_word_for_word
    from ragmeter.text.segments import premise_sentences

    passage = ("Eco mode on the Nimbus 7 dishwasher uses about 30% less water and energy than the Normal cycle. "
               "To achieve this, it heats water to a lower temperature and lengthens the wash, so an Eco cycle "
               "lasts about 3 hours 20 minutes compared with 2 hours for Normal.")
    claim = "Eco mode on the Nimbus 7 dishwasher uses about 30% less water and energy than the Normal cycle."
    assert compared_otherwise(claim, premise_sentences(passage))
    assert said_word_for_word(claim, premise_sentences(passage))
    assert not said_word_for_word("Eco mode on the Nimbus 7 dishwasher uses about 30% more water and energy "
                                  "than the Normal cycle.", premise_sentences(passage))
    verdict = asyncio.run(judge.support([SupportItem((passage,), (claim,))]))[0][0]
    assert not verdict.decided_by.startswith("check:") and verdict.probability > 0.5


def test_a_changed_slot_before_a_phrase_moved_to_the_end():
    """Version 58: "... under the arbitration clause" closes the claim, where the passage opens with
    it; the bound turned round ("below" for "exceeding") is still read."""
    from ragmeter.judges.local.checks.substitution import slot_substitution
    passage = ["The arbitration clause in the Greyfield Supply Agreement requires disputes exceeding $250,000 to be "
               "resolved by a three-member panel seated in Harlow.", "Disputes below that threshold are heard by a "
               "single arbitrator."]
    assert slot_substitution("Disputes below $250,000 are resolved by a three-member panel seated in Harlow under the "
                             "arbitration clause.", passage) == 1.0
    assert slot_substitution("Disputes exceeding $250,000 are resolved by a three-member panel seated in Harlow under "
                             "the arbitration clause.", passage) == 0.0
    # a closing condition that another sentence gives is no moved phrase (a review of version 58)
    assert slot_substitution("The standard room costs $180 per night in the high season.",
                             ["The standard room costs $120 per night.", "In the high season the price rises to $180."]) \
        == 0.0


def test_a_difference_of_two_numbers_and_the_pronoun_one():
    """Version 58: "roughly 240 meters above Orsa" is 4,112 less 3,870, no number of its own;
    "the louder one" is no number 1 put in place of "52 decibels"."""
    from ragmeter.judges.local.checks.number_slots import number_slot_swap
    from ragmeter.judges.local.checks.substitution import slot_substitution
    peaks = ["Mount Teller, at 4,112 meters, is the highest peak in the Calden Range.",
             "Its neighbor Mount Orsa reaches 3,870 meters but is considered the more difficult climb."]
    stated = frozenset({"4112", "3870"})
    assert number_slot_swap("Teller is the taller of the two, standing roughly 240 meters above Orsa.", peaks,
                            stated) == 0.0
    assert number_slot_swap("Mount Orsa reaches 3,970 meters.", peaks, stated) == 1.0
    fans = ["On the Low setting it runs at 24 decibels, quieter than a whisper.",
            "The High setting cleans rooms up to 40 square meters but is louder, at 52 decibels."]
    assert slot_substitution("High is the louder one, at 52 dB compared with only 24 dB on Low.", fans) == 0.0
    assert slot_substitution("The High setting cleans rooms up to 40 square meters but is louder, at 62 decibels.",
                             fans) == 1.0
    # "one" as a count stays a number; a difference must be told as one; years are no operands
    assert slot_substitution("Participants in the trial received one dose of the vaccine.",
                             ["Participants in the trial received two doses of the vaccine."]) == 1.0
    assert number_slot_swap("The firm had 25 employees in 2023.", ["Founded in 1998, the firm had 40 employees in 2023."],
                            frozenset({"1998", "40", "2023"})) == 1.0
    assert number_slot_swap("The ticket costs $25.", ["The standard ticket costs $45, and the VIP ticket costs $70."],
                            frozenset({"45", "70"})) == 1.0


def test_hold_off_denies_as_refrain_does():
    """Version 58: "Hold off on driving until ..." says what "should not drive until ..." says."""
    from ragmeter.judges.local.checks.negation import claim_negation_flip
    from ragmeter.text.segments import content_and_negation, split_clauses
    clauses = split_clauses("Patients should not drive until their surgeon confirms their vision meets the legal standard.")
    read = [content_and_negation(c) for c in clauses]
    assert claim_negation_flip("Hold off on driving until your surgeon confirms your eyesight meets the legal standard.",
                               read, clauses) == 0.0
    assert claim_negation_flip("Patients should drive until their surgeon confirms their vision meets the legal "
                               "standard.", read, clauses) == 1.0
    # "held off a rally" is resisted it, no denial
    clauses = ["Arsenal could not hold off a late Chelsea rally."]
    assert claim_negation_flip("Arsenal held off a late Chelsea rally.", [content_and_negation(c) for c in clauses],
                               clauses) == 1.0
