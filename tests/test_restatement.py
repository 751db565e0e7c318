"""An answer that only says the question back (text.restatement) and what the local judge makes of it."""

import asyncio

import pytest

from ragmeter.text.restatement import (
    fills_slot_vaguely,
    gives_itself_as_reason,
    is_empty_word,
    restates_question,
    withholds_answer,
)

RESTATEMENTS = [
    ("What is the return window for the Aria headphones?",
     "The return window for the Aria headphones is the window in which you can return the headphones."),
    ("How do I renew my parking permit?", "To renew your parking permit, you need to go through the renewal process."),
    ("Why do leaves change colour in autumn?",
     "Leaves change colour in autumn because of the reasons that make leaves change colour."),
    ("Who approves changes to the production database schema?",
     "Changes to the production database schema are approved by the people who approve such changes."),
    ("What are the symptoms of iron deficiency?",
     "Iron deficiency has certain symptoms, which are the symptoms people with iron deficiency usually experience."),
    # a yes/no question held open in an embedded question, or asked back
    ("Is the museum open on Mondays?", "Whether the museum is open on Mondays is a common question."),
    ("Can I carry over unused leave?", "Many people ask if they can carry over unused leave."),
    ("Is the museum open on Mondays?", "Is the museum open on Mondays?"),
]

ANSWERS = [  # each answers its question, though it takes up the question's words
    ("What is the return window for the Aria headphones?", "The return window for the Aria headphones is 30 days."),
    ("How do I renew my parking permit?", "Renew your parking permit online at the council's permits page."),
    ("Why do leaves change colour in autumn?", "Chlorophyll breaks down, revealing the yellow and red pigments."),
    ("Who approves changes to the production database schema?",
     "Changes to the production database schema are approved by the Platform team."),
    ("What are the symptoms of iron deficiency?", "Fatigue, pale skin and shortness of breath."),
    # a verdict on a yes/no question repeats its words
    ("Is the museum open on Mondays?", "The museum is open on Mondays."),
    # an embedded question with a word of its own says on what the verdict turns
    ("Is the museum open on Mondays?", "Whether the museum is open on Mondays depends on the season."),
    # a choice: naming one option is the answer
    ("Which is longer, the Nile or the Amazon?", "The Nile is longer than the Amazon."),
    # a negation or a quantifier the question lacks
    ("Which employees get the relocation bonus?", "No employees get the relocation bonus."),
    ("How many of the tests passed?", "All of the tests passed."),
    # a quoted term
    ("What is the name of the setting that controls the timeout?", 'The setting that controls the timeout is "idle".'),
    # a bare answer is read by the relevance model, not here
    ("What is the capital of Australia?", "The capital."),
]


@pytest.mark.parametrize("question, answer", RESTATEMENTS)
def test_a_restatement_is_found(question, answer):
    assert restates_question(question, answer)


@pytest.mark.parametrize("question, answer", ANSWERS)
def test_an_answer_is_not_a_restatement(question, answer):
    assert not restates_question(question, answer)


def test_empty_words_and_their_ing_forms():
    assert is_empty_word("thing") and is_empty_word("taking") and is_empty_word("getting")
    assert not is_empty_word("apple") and not is_empty_word("vinegar") and not is_empty_word("sing")


def test_the_local_judge_gives_a_restatement_a_tenth_of_its_relevance():
    from extras import need_local

    need_local()
    from ragmeter.judges.base import AnswerRelevanceItem
    from ragmeter.judges.local.judge import RESTATEMENT_SCALE, LocalJudge

    question, echo = RESTATEMENTS[0]
    _, answer = ANSWERS[0]
    judged_echo, judged_answer = asyncio.run(LocalJudge().answer_relevance(
        [AnswerRelevanceItem(question, echo), AnswerRelevanceItem(question, answer)]))
    assert judged_echo.detail.get("restates_question") is True and "restates_question" not in judged_answer.detail
    assert judged_echo.score <= RESTATEMENT_SCALE < 0.8 <= judged_answer.score


WITHHELD = [  # the whole question taken up, none of the number, time or name it asks for given
    ("What is the late fee for the Orbit gym membership?",
     "The late fee for the Orbit gym membership is the fee charged when a payment arrives after its due date."),
    ("When does online enrolment open at Halden College?",
     "Online enrolment at Halden College opens when the college has scheduled it to open."),
    ("Who signs off expense reports above the travel limit?",
     "Expense reports above the travel limit are signed off by whoever is responsible for approving them."),
]


@pytest.mark.parametrize("question, answer", WITHHELD)
def test_an_answer_that_withholds_what_is_asked_is_found(question, answer):
    assert withholds_answer(question, answer)


@pytest.mark.parametrize("question, answer", [
    ("What is the late fee for the Orbit gym membership?", "The late fee for the Orbit gym membership is $15."),
    ("When does online enrolment open at Halden College?", "Online enrolment at Halden College opens on 12 January."),
    ("Who signs off expense reports above the travel limit?", "Expense reports above the travel limit are signed off by the CFO."),
    ("What is the late fee for the Orbit gym membership?", "$15."),  # bare: read by the relevance model
    ("What is the late fee?", "It depends on your plan."),  # takes up too little of the question
])
def test_an_answer_giving_what_is_asked_does_not_withhold_it(question, answer):
    assert not withholds_answer(question, answer)


@pytest.mark.parametrize("question, answer", [
    # a broader name of the question's words explains why: the reading of such words as the
    # question's own (tried for version 48) called these restatements, and was not kept
    ("Why is vinegar sour?", "Vinegar is sour because it is an acid."),
    ("Why do whales breathe air?", "Whales breathe air because they are mammals."),
    ("How are diamonds formed?", "Diamonds are formed from carbon."),
])
def test_a_broader_name_that_explains_is_an_answer(question, answer):
    assert not restates_question(question, answer)


@pytest.mark.parametrize("question, answer", [
    ("How long does the landlord have to return the deposit?",
     "The landlord has to return the deposit within a certain time."),
    ("What documents do I need to open a business account?",
     "You need to bring certain documents when you open a business account."),
    ("What is the main drawback of a variable-rate mortgage?",
     "A variable-rate mortgage comes with its own particular drawback for borrowers."),
    ("What fine do drivers pay for parking in a disabled bay?",
     "Drivers who park in a disabled bay pay the fine that applies to parking there."),
    ("How should the vaccine be stored?", "The vaccine should be stored in the manner that is recommended."),
])
def test_a_vague_filler_in_the_answer_s_place_is_a_restatement(question, answer):
    assert fills_slot_vaguely(question, answer) and restates_question(question, answer)


@pytest.mark.parametrize("question, answer", [
    # the filler is a hedge; the answer is said beside it
    ("Where does the river freeze?", "Under certain conditions the river freezes at its mouth near Halden."),
    # the question asks of some things: "certain" is its own word back
    ("Which antibiotics interact with warfarin?", "Certain antibiotics such as ciprofloxacin and metronidazole interact with warfarin."),
    # a vague word, but the answer says what is asked in many words of its own
    ("What documents do I need to open a business account?",
     "You need certain documents: a passport, proof of address and the company's registration certificate."),
    # a number is an answer
    ("How long does the landlord have to return the deposit?", "Within a set period of 14 days."),
])
def test_an_answer_with_a_vague_word_is_not_a_restatement(question, answer):
    assert not fills_slot_vaguely(question, answer) and not restates_question(question, answer)


@pytest.mark.parametrize("question, answer", [
    ("Why did the mill close in 1921?", "The mill closed in 1921 because of the reasons that led it to close that year."),
    ("Why do cats purr?", "Cats purr because purring is something cats do."),
    ("What caused the flooding in Harwick?", "The flooding in Harwick was due to the conditions that caused the flooding."),
])
def test_the_question_given_back_as_its_own_reason_is_a_restatement(question, answer):
    assert gives_itself_as_reason(question, answer) and restates_question(question, answer)


@pytest.mark.parametrize("question, answer", [
    ("Why did the mill close in 1921?", "The mill closed in 1921 because cheap imported cloth undercut its prices."),
    ("Why do cats purr?", "Cats purr because the muscles of the larynx twitch as they breathe."),
    # a reason that takes up one of the question's words and says more of its own
    ("Why is the river brown after rain?", "The river turns brown because rain washes clay from the banks into it."),
])
def test_a_reason_in_words_of_its_own_is_an_answer(question, answer):
    assert not gives_itself_as_reason(question, answer) and not restates_question(question, answer)


@pytest.mark.parametrize("question, answer", [
    # a reason of the answer's own, though it names the subject again
    ("Why does ice float on water?", "Ice floats on water because ice is less dense than water."),
    ("Why is the sky blue?", "The sky is blue because the sky scatters blue light."),
    ("Why did the Roman Empire fall?", "The Roman Empire fell because the empire became too large."),
    ("Why does ice float on water?", "Ice floats on water because of the fact that it is lighter than water."),
    ("Why do plants need sunlight?", "Plants need sunlight because they use sunlight in the process of photosynthesis."),
    # "relevant" and "set" in a real answer
    ("How do I apply for a passport?", "You apply for a passport by filling in the relevant form at a post office."),
    ("How do parents limit screen time?", "Parents limit screen time by using an app to set time limits."),
    ("What does the warranty cover?", "The warranty covers manufacturing defects, except in certain cases of misuse."),
])
def test_real_answers_with_the_question_s_words_are_not_restatements(question, answer):
    assert not restates_question(question, answer)
