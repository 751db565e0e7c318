"""A refusal is no claim, and a leading yes or no is the answer's word, not part of its claim."""

import pytest
from extras import need_local

from ragmeter import evaluate
from ragmeter.judges.lexical import split_into_claims
from ragmeter.text.noncommittal import is_refusal


@pytest.mark.parametrize("sentence", [
    "I'm sorry, the documents do not say.",
    "The context does not mention his date of birth.",
    "Unfortunately, there is no information about the price in the provided context.",
    "I don't know.",
    "The records do not mention his birth date.",
])
def test_refusals_are_not_claims(sentence):
    assert is_refusal(sentence)
    assert split_into_claims(sentence) == []


@pytest.mark.parametrize("sentence", [
    "Warfarin does not contain vitamin K.",  # a negation about the world is a claim
    "The drug is not available in Canada.",
    "The documents do not mention monitoring, but the target INR is 2.0-3.0.",  # answers beside its hedge
    # "recorded" is no record (a source), "surveys did not find it" no speaker's failure to find
    "It has only been recorded in cloud forest above 1,800 metres, and surveys of the lowland forest did not find it.",
])
def test_statements_about_the_world_stay_claims(sentence):
    assert not is_refusal(sentence)
    assert split_into_claims(sentence)


def test_yes_or_no_opening_is_left_out_of_the_claim():
    assert split_into_claims("No. Warfarin is contraindicated in pregnancy.") == ["Warfarin is contraindicated in pregnancy."]
    assert split_into_claims("Yes, warfarin is safe during pregnancy.") == ["Warfarin is safe during pregnancy."]
    assert split_into_claims("No. 5 is the best-selling perfume.") == ["No. 5 is the best-selling perfume."]


def test_a_no_answer_whose_reason_reads_like_a_hedge_still_makes_its_claim():
    # a blind contrast pair (fresh_mixed_23) whose right answer was skipped as making no claim
    answer = ("No. It has only been recorded in cloud forest above 1,800 metres, and surveys of the region's "
              "lowland forest did not find it.")
    assert split_into_claims(answer) == [answer[4:]]


@pytest.mark.slow
def test_a_correct_refusal_is_skipped_by_faithfulness_and_the_rest_still_scored():
    need_local()
    rows = [{"question": "When was the bridge repainted?", "answer": "I'm sorry, the documents do not say.",
             "contexts": ["The bridge opened in 1932. It carries eight lanes of traffic."]},
            {"question": "When did the bridge open?", "answer": "The bridge opened in 1932.",
             "contexts": ["The bridge opened in 1932. It carries eight lanes of traffic."]}]
    result = evaluate(rows, metrics=["faithfulness"], judge="local-fast", show_progress=False)
    first, second = result.metric_results[0]["faithfulness"], result.metric_results[1]["faithfulness"]
    assert first.status == "skipped" and "no claim" in first.reason
    assert second.status == "ok" and second.score > 0.8
