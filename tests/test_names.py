"""A name that opens a claim's sentence ("Google acquired LinkedIn") is read as a name when the
evidence lacks it and the evidence word nearest to it is a name."""

import asyncio

import pytest
from extras import need_local

from ragmeter.judges.base import SupportItem
from ragmeter.judges.local.judge import LocalJudge
from ragmeter.judges.local.names import opening_names, opening_words
from ragmeter.judges.local.premises import premise_view
from ragmeter.text.segments import premise_windows

EVIDENCE = ("In 2016, Microsoft acquired LinkedIn for $26.2 billion. "
            "LinkedIn continues to operate as an independent brand, and its revenue grew every year.")


@pytest.fixture(scope="module")
def judge():
    need_local()
    return LocalJudge(contextual=False)


def test_opening_words_are_capitalised_content_words():
    assert opening_words("Google acquired LinkedIn. The deal closed. Today it runs on Azure.") == ["google", "today"]
    assert opening_words("it was sold. Ox") == []  # lower-case, or too short


def test_an_opening_word_is_a_name_when_its_nearest_evidence_word_is_one(judge):
    view = premise_view((EVIDENCE,), judge.vectors(premise_windows((EVIDENCE,))), judge.static, judge.token_ids)
    assert opening_names("Google acquired LinkedIn in 2016.", view, judge.static) == {"google"}
    assert opening_names("Microsoft acquired LinkedIn in 2016.", view, judge.static) == frozenset()
    # an opening word that is no name lies nearer a common word of the evidence
    assert opening_names("Annual revenue grew every year.", view, judge.static) == frozenset()


def test_the_judge_doubts_a_claim_opening_with_a_name_the_evidence_lacks(judge):
    claims = ("Microsoft acquired LinkedIn in 2016.", "Google acquired LinkedIn in 2016.")
    (verdicts,) = asyncio.run(judge.support([SupportItem((EVIDENCE,), claims)]))
    assert verdicts[0].probability > 0.9
    assert verdicts[1].probability < verdicts[0].probability - 0.2  # 0.88 before names.py
