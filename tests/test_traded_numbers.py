"""Two numbers of one passage sentence told each with the other's words
(judges/local/checks/traded_numbers.py, version 57)."""

from ragmeter import evaluate
from ragmeter.judges.local.checks.traded_numbers import numbers_traded, told_numbers
from ragmeter.judges.local.features import CONTRADICTION_CHECKS
from ragmeter.text.segments import premise_sentences

PASSAGE = ("The council approved the budget on 3 March, and the new rates take effect on 1 April for all "
           "households. The levy was first charged in 1998 and abolished in 2011.")


def sentences(text: str = PASSAGE) -> list[str]:
    return premise_sentences(text)


def test_two_dates_traded_within_a_sentence_are_flagged():
    assert numbers_traded("The council approved the budget on 1 April, and the new rates take effect on "
                          "3 March.", sentences()) == 1.0
    assert numbers_traded("The levy was first charged in 2011 and abolished in 1998.", sentences()) == 1.0


def test_the_numbers_in_their_own_places_are_not_flagged():
    assert numbers_traded("The council approved the budget on 3 March; new rates apply from 1 April.",
                          sentences()) == 0.0
    assert numbers_traded("It was abolished in 2011, having been first charged in 1998.", sentences()) == 0.0
    # a number told with too few words to place it is not read
    assert numbers_traded("It ended in 1998.", sentences()) == 0.0


def test_a_date_is_told_with_the_words_before_its_day():
    told = dict((value, words) for _, value, words in told_numbers("Troops stormed the fort on 9 May 1871."))
    assert list(told) == ["9 may 1871"] and {"storm", "fort"} <= told["9 may 1871"]


def test_a_number_in_a_list_is_told_with_the_words_of_the_first():
    passage = sentences("Release 6 drops support for Ruby 2.6 and 2.7; it requires Ruby 3.0 or newer.")
    assert numbers_traded("Release 6 still supports Ruby 2.7.", passage) == 0.0
    # a comparison: the second number is not told with the first one's words
    passage = sentences("Index trackers charge 0.1% a year against 0.9% for managed funds.")
    assert numbers_traded("Trackers charge about 0.1% a year versus 0.9% for managed funds.", passage) == 0.0


def test_dates_of_one_year_are_not_one_value():
    passage = sentences("On 4 May 1921 the mill was sold to a cooperative. A month later, on 4 June 1921, it "
                        "reopened. The owners closed the mill on 2 March and sold the looms on 9 March 1922.")
    assert numbers_traded("After the mill was sold on 4 May 1921, it reopened on 4 June 1921.", passage) == 0.0


def test_the_judge_holds_a_traded_pair_low():
    assert "numbers_traded" in CONTRADICTION_CHECKS
    rows = [{"question": "When do the new rates take effect?", "contexts": [PASSAGE],
             "answer": "The new rates take effect on 3 March for all households, once the council approved the "
                       "budget on 1 April."},
            {"question": "When do the new rates take effect?", "contexts": [PASSAGE],
             "answer": "The budget was approved on 3 March, and the new rates take effect on 1 April."}]
    result = evaluate(rows, metrics=["faithfulness"], judge="local-fast")
    worse, better = (r["faithfulness"] for r in result.metric_results)
    assert worse.score < 0.3 < better.score
    # the clauses are told in another order, so the exchanged-slots check does not read it
    assert any("numbers_traded" in (c.get("decided_by") or "") for c in worse.evidence["claims"])


def test_a_change_told_the_other_way_is_no_trade():
    passage = sentences("Patients took 10 mg daily at first and then 20 mg daily.")
    assert numbers_traded("Patients took 20 mg daily, up from 10 mg daily.", passage) == 0.0
