"""An answer's yes or no to a yes/no question, read where a check reads the statement it makes
(judges/local/verdicts.py), and the changed-slot readings of "Sydney is the capital"."""

import asyncio

import pytest
from extras import need_local

from ragmeter.judges.base import VERDICT_CLAIM, ClaimsSupportItem, SupportItem, Verdict
from ragmeter.judges.lexical import split_into_claims
from ragmeter.judges.local.checks.another_kind import another_kind
from ragmeter.judges.local.checks.substitution import slot_substitution
from ragmeter.judges.local.judge import NEGATION_CAP, LocalJudge
from ragmeter.text.segments import premise_sentences

need_local()

PASSAGE = "Canberra is the capital of Australia. Sydney is its largest city."
QUESTION = "Is Sydney the capital of Australia?"


@pytest.fixture(scope="module")
def judge():
    return LocalJudge()


def _read(judge, answer, question=QUESTION, passage=PASSAGE):
    (verdicts,) = asyncio.run(judge.claims_support([ClaimsSupportItem((passage,), answer, question)]))
    return verdicts


@pytest.mark.slow
def test_a_yes_the_passage_contradicts_is_a_claim_held_to_the_cap(judge):
    (verdict,) = _read(judge, "Yes.")
    assert verdict.text == "Sydney is the capital of Australia." and verdict.probability <= NEGATION_CAP
    assert verdict.decided_by == f"check:changed_slot{VERDICT_CLAIM}" and verdict.from_verdict


@pytest.mark.slow
def test_a_no_to_a_contradicted_statement_is_a_supported_claim(judge):
    # before version 49 a bare "No." made no claim at all, and faithfulness skipped the answer
    (verdict,) = _read(judge, "No.")
    assert verdict.text == "Sydney is not the capital of Australia." and verdict.probability >= 1 - NEGATION_CAP
    first, second = _read(judge, "No. Canberra is the capital of Australia.")
    assert first.from_verdict and first.yes and second.yes and not second.from_verdict


@pytest.mark.slow
def test_a_verdict_no_check_reads_leaves_the_claims_as_they_were(judge):
    passage = "Experiments have shown that some tardigrades survive exposure to the vacuum of space."
    question = "Can tardigrades survive exposure to the vacuum of space?"
    answer = "No. Tardigrades last for years in a dehydrated state."
    read = _read(judge, answer, question, passage)
    (plain,) = asyncio.run(judge.support([SupportItem((passage,), tuple(split_into_claims(answer)))]))
    assert [v.probability for v in read] == pytest.approx([v.probability for v in plain])
    assert not any(v.from_verdict for v in read)
    # and without a question, as any text
    assert [v.text for v in _read(judge, "Yes.", None)] == ["Yes."]


def test_a_verdict_claim_is_known_by_what_decided_it():
    assert Verdict(0.9, "x", None, f"check:negation{VERDICT_CLAIM}").from_verdict
    assert not Verdict(0.9, "x", None, "check:negation").from_verdict and not Verdict(0.9).from_verdict


def test_a_short_claim_with_another_name_of_the_passage_is_a_changed_slot():
    sentences = premise_sentences(PASSAGE)
    assert slot_substitution("Sydney is the capital.", sentences)  # 0.98 supported before version 49
    assert not slot_substitution("Canberra is the capital.", sentences)
    assert not slot_substitution("Sydney is the largest city.", sentences)


def test_a_denial_said_of_another_name_is_no_changed_slot_nor_another_kind():
    for passage in (PASSAGE, "Canberra is the capital of Australia. Sydney is the largest city in Australia."):
        sentences = premise_sentences(passage)
        assert not slot_substitution("Sydney is not the capital of Australia.", sentences)
        assert not another_kind("Sydney is not the capital of Australia.", sentences)
        assert slot_substitution("Canberra is not the capital of Australia.", sentences)


def test_a_question_in_a_claim_states_nothing_to_change():
    sentences = premise_sentences("The atmospheric engine was invented by Thomas Newcomen. "
                                  "It improved on Savery's steam pump.")
    assert not slot_substitution("What was invented by Savery? steam pump.", sentences)


def test_a_name_the_passage_says_is_the_same_thing_is_no_changed_slot():
    linked = premise_sentences("The Danube flows through Vienna. Vienna is the capital of Austria.")
    assert not slot_substitution("The Danube flows through Austria's capital.", linked)
    near = premise_sentences("The ferry to the outer islands leaves from Skerry. Skerry is 9 miles from West Bangor.")
    assert slot_substitution("The ferry to the outer islands leaves from West Bangor.", near)


@pytest.mark.slow
def test_a_verdict_the_answer_states_itself_is_not_counted_twice(judge):
    verdicts = _read(judge, "No, Sydney is not the capital of Australia.")
    assert [v.text for v in verdicts] == ["Sydney is not the capital of Australia."]
    assert not verdicts[0].from_verdict


def test_a_negation_flag_counts_for_a_verdict_only_beside_a_denied_verb_with_or_without_nli():
    from ragmeter.judges.local.verdicts import _checked

    premises = ("Savings accounts allow up to six withdrawals a month without charge.",)
    statement = "There is a fee for a seventh withdrawal from savings accounts."
    for decided in ("check:negation", "check:negation+nli"):
        assert not _checked(Verdict(0.1, statement, None, decided), premises)
    denied = ("Savings accounts do not charge for withdrawals.",)
    assert _checked(Verdict(0.1, "Savings accounts charge for withdrawals.", None, "check:negation+nli"), denied)
